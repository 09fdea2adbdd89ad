/** Video conversation cards: a video with hashtag calls to action, each posting its text. */
import type { IDataObject } from 'n8n-workflow';

import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';
import { checkCtas, ctaFields, thankYouUrlField } from '../common/conversationCard';
import { checkMediaKind, MEDIA_KEY } from '../common/mediaFields';

const otherFields = (required: boolean): Field[] => [
	{ wire: 'name', label: 'Name', type: 'string', required, rules: { minLength: 1 } },
	{ wire: 'media_key', label: 'Media Key', type: 'string', required, description: 'A library video with aspect ratio 16:9', rules: MEDIA_KEY },
	{ wire: 'thank_you_text', label: 'Thank You Text', type: 'string', required, rules: { maxLength: 23 } },
	{ wire: 'title', label: 'Title', type: 'string', description: 'Required when there is no second CTA', rules: { maxLength: 23 } },
	{ wire: 'poster_media_key', label: 'Poster Media Key', type: 'string', description: 'Default the first frame', rules: MEDIA_KEY },
	thankYouUrlField,
	{ wire: 'unlocked_image_media_key', label: 'Unlocked Image Media Key', type: 'string', rules: MEDIA_KEY },
	{ wire: 'unlocked_video_media_key', label: 'Unlocked Video Media Key', type: 'string', rules: MEDIA_KEY },
];

/** The shared CTA rules, then the kinds of media. */
function check(values: IDataObject, fail: (field: string, rule: string) => never, creating: boolean): void {
	checkCtas(values, fail, creating);
	checkMediaKind(values, 'media_key', 'Media Key', ['VIDEO'], fail);
	checkMediaKind(values, 'poster_media_key', 'Poster Media Key', ['IMAGE'], fail);
	checkMediaKind(values, 'unlocked_image_media_key', 'Unlocked Image Media Key', ['IMAGE'], fail);
	checkMediaKind(values, 'unlocked_video_media_key', 'Unlocked Video Media Key', ['VIDEO'], fail);
}

const path = '/accounts/{account_id}/cards/video_conversation';
const cardIdField = idField('card_id', 'Card ID');

export const videoConversationCardResource: Resource = {
	name: 'Video Conversation Card',
	value: 'videoConversationCard',
	description: 'Video cards with hashtag calls to action',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many video conversation cards',
			description: 'List the video conversation cards of an account',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards-video-conversation',
			list: { maxCount: 1000 },
			fields: [accountField, idListField('card_ids', 'Card IDs'), { wire: 'q', name: 'nameStartsWith', label: 'Name Starts With', type: 'string', rules: { maxLength: 80 } }, sortByField, withDeletedField, withTotalCountField],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a video conversation card',
			description: 'Get one video conversation card',
			method: 'GET',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards-video-conversation-card-id',
			fields: [accountField, cardIdField, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a video conversation card',
			description: 'Create a video conversation card',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-cards-video-conversation',
			fields: [accountField, ...otherFields(true), ...ctaFields(true, '#shoes')],
			check: (values, { fail }) => check(values, fail, true),
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a video conversation card',
			description: 'Change a video conversation card',
			method: 'PUT',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#put-accounts-account-id-cards-video-conversation-card-id',
			fields: [accountField, cardIdField, ...otherFields(false), ...ctaFields(false, '#shoes')],
			check: (values, { fail }) => {
				if (Object.keys(values).every((k) => k === 'account_id' || k === 'card_id')) fail('Update Fields', 'needs at least one field to change');
				check(values, fail, false);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a video conversation card',
			description: 'Delete a video conversation card permanently (it cannot be retrieved afterwards)',
			method: 'DELETE',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-cards-video-conversation-card-id',
			fields: [accountField, cardIdField],
		},
	],
};
