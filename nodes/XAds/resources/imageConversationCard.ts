/** Image conversation cards: an image with hashtag calls to action, each posting its text (https://docs.x.com/x-ads-api/creatives/reference#image-conversation-cards). */
import type { IDataObject } from 'n8n-workflow';

import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';
import { checkCtas, ctaFields, thankYouUrlField } from '../common/conversationCard';
import { checkMediaKind, MEDIA_KEY } from '../common/mediaFields';

const otherFields = (creating: boolean): Field[] => [
	{ wire: 'name', label: 'Name', type: 'string', required: creating, rules: { minLength: 1 } },
	{ wire: 'media_key', label: 'Media Key', type: 'string', required: creating, description: 'A library image at least 800 px wide, 1.91:1', rules: MEDIA_KEY },
	{ wire: 'thank_you_text', label: 'Thank You Text', type: 'string', required: creating, description: 'Shown after a call to action is clicked', rules: { maxLength: 23 } },
	{ wire: 'title', label: 'Title', type: 'string', description: 'Shown below the image; required when there is no second CTA', rules: { maxLength: 23 } },
	thankYouUrlField,
	{ wire: 'unlocked_image_media_key', label: 'Unlocked Image Media Key', type: 'string', description: 'A library image at least 800 px wide, 5:2, for instant unlock', rules: MEDIA_KEY },
];

/** The shared CTA rules, then the kinds of media. */
function check(values: IDataObject, fail: (field: string, rule: string) => never, creating: boolean): void {
	checkCtas(values, fail, creating);
	checkMediaKind(values, 'media_key', 'Media Key', ['IMAGE'], fail);
	checkMediaKind(values, 'unlocked_image_media_key', 'Unlocked Image Media Key', ['IMAGE'], fail);
}

const path = '/accounts/{account_id}/cards/image_conversation';
const cardIdField = idField('card_id', 'Card ID');

export const imageConversationCardResource: Resource = {
	name: 'Image Conversation Card',
	value: 'imageConversationCard',
	description: 'Image cards with hashtag calls to action',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many image conversation cards',
			description: 'List the image conversation cards of an account',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards-image-conversation',
			list: { maxCount: 1000 },
			fields: [accountField, idListField('card_ids', 'Card IDs'), { wire: 'q', name: 'nameStartsWith', label: 'Name Starts With', type: 'string', rules: { maxLength: 80 } }, sortByField, withDeletedField, withTotalCountField],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get an image conversation card',
			description: 'Get one image conversation card',
			method: 'GET',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards-image-conversation-card-id',
			fields: [accountField, cardIdField, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create an image conversation card',
			description: 'Create an image conversation card (a library image, 2 to 4 hashtag calls to action or one with a title); its card_uri attaches it to posts',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-cards-image-conversation',
			fields: [accountField, ...otherFields(true), ...ctaFields(true, '#moon')],
			check: (values, { fail }) => check(values, fail, true),
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update an image conversation card',
			description: 'Change an image conversation card',
			method: 'PUT',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#put-accounts-account-id-cards-image-conversation-card-id',
			fields: [accountField, cardIdField, ...otherFields(false), ...ctaFields(false, '#moon')],
			check: (values, { fail }) => {
				if (Object.keys(values).every((k) => k === 'account_id' || k === 'card_id')) fail('Update Fields', 'needs at least one field to change');
				check(values, fail, false);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete an image conversation card',
			description: 'Delete an image conversation card',
			method: 'DELETE',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-cards-image-conversation-card-id',
			fields: [accountField, cardIdField],
		},
	],
};
