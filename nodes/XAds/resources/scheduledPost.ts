/**
 * Scheduled posts: posts X publishes on behalf of the advertiser at a set time
 * (https://docs.x.com/x-ads-api/creatives/reference#scheduled-tweets). The file is named like
 * post.ts: X's "Tweet" is "Post" here.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField } from '../common/fields';
import { asUserIdField, checkMediaKeys, POST_ID, postContentFields, USER_ID } from '../common/postFields';

const YEAR_MS = 366 * 24 * 3600 * 1000;

const scheduledIdField: Field = { wire: 'scheduled_tweet_id', label: 'Scheduled Post ID', type: 'string', required: true, rules: POST_ID, placeholder: 'e.g. 917438609065623552' };

/** X publishes scheduled posts only up to one year ahead; a time already past cannot be scheduled. */
function checkScheduledAt(values: IDataObject, fail: (field: string, rule: string) => never): void {
	if (values.scheduled_at === undefined) return;
	const at = Date.parse(String(values.scheduled_at));
	const now = Date.now();
	if (at <= now) fail('Scheduled At (scheduled_at)', `must be in the future (got ${String(values.scheduled_at)})`);
	if (at > now + YEAR_MS) fail('Scheduled At (scheduled_at)', `must be at most one year ahead (got ${String(values.scheduled_at)})`);
}

const scheduledAt = (required: boolean): Field => ({
	wire: 'scheduled_at',
	label: 'Scheduled At',
	type: 'dateTime',
	required,
	description: 'When X publishes the post: in the future, at most one year ahead; X ignores seconds',
});

const path = '/accounts/{account_id}/scheduled_tweets';

export const scheduledPostResource: Resource = {
	name: 'Scheduled Post',
	value: 'scheduledPost',
	description: 'Posts X publishes for the advertiser at a set time',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many scheduled posts',
			description: 'List the scheduled posts of an account (of its full promotable user unless a User ID is given)',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-scheduled-tweets',
			list: { maxCount: 200 },
			fields: [accountField, { wire: 'user_id', label: 'User ID', type: 'string', description: 'The user whose scheduled posts to list (numeric X user ID)', rules: USER_ID }],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a scheduled post',
			description: 'Get one scheduled post; scheduled_status tells whether X has published it (then tweet_id is the post)',
			method: 'GET',
			path: `${path}/{scheduled_tweet_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-scheduled-tweets-scheduled-tweet-id',
			fields: [accountField, scheduledIdField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a scheduled post',
			description: 'Schedule a post for the advertiser (promoted-only unless Nullcast is off), with text or library media, at most one year ahead',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-scheduled-tweets',
			fields: [accountField, asUserIdField, scheduledAt(true), ...postContentFields(true)],
			check: (values, { fail }) => {
				const keys = (values.media_keys as string[] | undefined) ?? [];
				if (values.text === undefined && keys.length === 0) fail('Text (text)', 'is required when there are no Media Keys (media_keys)');
				checkMediaKeys(values, fail);
				checkScheduledAt(values, fail);
			},
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a scheduled post',
			description: 'Change the text, media, card, name, nullcast or time of a post that X has not published yet',
			method: 'PUT',
			path: `${path}/{scheduled_tweet_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#put-accounts-account-id-scheduled-tweets-scheduled-tweet-id',
			fields: [accountField, scheduledIdField, scheduledAt(false), ...postContentFields(undefined)],
			check: (values, { fail }) => {
				if (Object.keys(values).every((k) => k === 'account_id' || k === 'scheduled_tweet_id')) fail('Update Fields', 'needs at least one field to change');
				checkMediaKeys(values, fail);
				checkScheduledAt(values, fail);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a scheduled post',
			description: 'Delete a scheduled post before X publishes it (its scheduled_status becomes DELETED)',
			method: 'DELETE',
			path: `${path}/{scheduled_tweet_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-scheduled-tweets-scheduled-tweet-id',
			fields: [accountField, scheduledIdField],
		},
	],
};
