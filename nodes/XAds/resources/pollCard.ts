/** Poll cards: list, get, create and (hard) delete; poll cards cannot be updated. */
import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';
import { checkMediaKind, MEDIA_KEY } from '../common/mediaFields';

const path = '/accounts/{account_id}/cards/poll';
const cardIdField = idField('card_id', 'Card ID');
const choice = (wire: string, label: string, required = false): Field => ({ wire, label, type: 'string', required, rules: { maxLength: 25 } });
const CHOICES = ['first_choice', 'second_choice', 'third_choice', 'fourth_choice'];
const LABELS: Record<string, string> = { first_choice: 'First Choice', second_choice: 'Second Choice', third_choice: 'Third Choice', fourth_choice: 'Fourth Choice' };

export const pollCardResource: Resource = {
	name: 'Poll Card',
	value: 'pollCard',
	description: 'Poll cards (2 to 4 choices, open for a set time); they cannot be updated',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many poll cards',
			description: 'List the poll cards of an account',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards-poll',
			list: { maxCount: 1000 },
			fields: [
				accountField,
				idListField('card_ids', 'Card IDs'),
				{ wire: 'q', name: 'nameStartsWith', label: 'Name Starts With', type: 'string', rules: { maxLength: 80 } },
				sortByField,
				withDeletedField,
				withTotalCountField,
			],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a poll card',
			description: 'Get one poll card',
			method: 'GET',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards-poll-card-id',
			fields: [accountField, cardIdField, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a poll card',
			description: 'Create a poll card; it closes when its duration has passed since creation',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-cards-poll',
			fields: [
				accountField,
				{ wire: 'name', label: 'Name', type: 'string', required: true, rules: { minLength: 1 } },
				{ wire: 'duration_in_minutes', label: 'Duration (Minutes)', type: 'number', required: true, default: 1440, rules: { integer: true, min: 5, max: 10080 } },
				choice('first_choice', 'First Choice', true),
				choice('second_choice', 'Second Choice', true),
				choice('third_choice', 'Third Choice'),
				choice('fourth_choice', 'Fourth Choice'),
				{ wire: 'media_key', label: 'Media Key', type: 'string', description: 'A library image (at least 800 px wide, 1.91:1) or video; needs the PROMOTED_MEDIA_POLLS feature', rules: MEDIA_KEY },
			],
			check: (values, { fail }) => {
				// A later choice needs every earlier one.
				CHOICES.forEach((wire, n) => {
					if (values[wire] === undefined) return;
					const missing = CHOICES.slice(0, n).find((earlier) => values[earlier] === undefined);
					if (missing) fail(`${LABELS[wire]} (${wire})`, `needs ${LABELS[missing]} (${missing}) to be set`);
				});
				checkMediaKind(values, 'media_key', 'Media Key', ['IMAGE', 'VIDEO'], fail);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a poll card',
			description: 'Delete a poll card permanently (it cannot be retrieved afterwards)',
			method: 'DELETE',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-cards-poll-card-id',
			fields: [accountField, cardIdField],
		},
	],
};
