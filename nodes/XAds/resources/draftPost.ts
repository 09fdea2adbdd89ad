/**
 * Draft posts: posts saved for later, which the advertiser can preview on a device
 * (https://docs.x.com/x-ads-api/creatives/reference#draft-tweets). Named like post.ts: X's "Tweet" is "Post" here.
 */
import type { AdsEnvelope } from '../../shared/transport/transport';
import { adsRequest } from '../../shared/transport/transport';
import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField } from '../common/fields';
import { asUserIdField, checkMediaKeys, POST_ID, postContentFields, USER_ID } from '../common/postFields';

const draftIdField: Field = { wire: 'draft_tweet_id', label: 'Draft Post ID', type: 'string', required: true, rules: POST_ID, placeholder: 'e.g. 994788364334325760' };
const path = '/accounts/{account_id}/draft_tweets';

export const draftPostResource: Resource = {
	name: 'Draft Post',
	value: 'draftPost',
	description: 'Posts saved as drafts for the advertiser, to edit, preview on a device, and publish later',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many draft posts',
			description: 'List the draft posts of an account (of its full promotable user unless a User ID is given)',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-draft-tweets',
			list: { maxCount: 200 },
			fields: [accountField, { wire: 'user_id', label: 'User ID', type: 'string', description: 'The user whose drafts to list (numeric X user ID)', rules: USER_ID }],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a draft post',
			description: 'Get one draft post',
			method: 'GET',
			path: `${path}/{draft_tweet_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-draft-tweets-draft-tweet-id',
			fields: [accountField, draftIdField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a draft post',
			description: 'Save a draft post for the advertiser, with text or library media (promoted-only unless Nullcast is off)',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-draft-tweets',
			fields: [accountField, asUserIdField, ...postContentFields(true)],
			check: (values, { fail }) => {
				const keys = (values.media_keys as string[] | undefined) ?? [];
				if (values.text === undefined && keys.length === 0) fail('Text (text)', 'is required when there are no Media Keys (media_keys)');
				checkMediaKeys(values, fail);
			},
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a draft post',
			description: 'Change the text, media, card, name or nullcast of a draft post',
			method: 'PUT',
			path: `${path}/{draft_tweet_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#put-accounts-account-id-draft-tweets-draft-tweet-id',
			fields: [accountField, draftIdField, ...postContentFields(undefined)],
			check: (values, { fail }) => {
				if (Object.keys(values).every((k) => k === 'account_id' || k === 'draft_tweet_id')) fail('Update Fields', 'needs at least one field to change');
				checkMediaKeys(values, fail);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a draft post',
			description: 'Delete a draft post for good',
			method: 'DELETE',
			path: `${path}/{draft_tweet_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-draft-tweets-draft-tweet-id',
			fields: [accountField, draftIdField],
		},
		{
			operation: 'preview',
			name: 'Preview',
			action: 'Preview a draft post',
			description: 'Send the draft to the X app of the advertiser\'s users as a notification, where it shows as the post would look; outputs X\'s message',
			method: 'POST',
			path: `${path}/preview/{draft_tweet_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-draft-tweets-preview-draft-tweet-id',
			fields: [accountField, draftIdField],
			// X answers a message, no data: one item with the draft's id and that message.
			run: async (ctx, item, policy) => {
				const answer = (await adsRequest(ctx, { ...item.request, answersMessage: true }, policy)) as AdsEnvelope & { message?: string };
				return [{ draft_tweet_id: String(item.values.draft_tweet_id), message: answer.message ?? '' }];
			},
		},
	],
};
