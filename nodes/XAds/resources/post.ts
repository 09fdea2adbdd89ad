/** Posts on behalf of an advertiser: create (promoted-only by default) and name. */
import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../../shared/engine/endpoints';
import { dataRecords } from '../../shared/engine/execute';
import { exactId } from '../../shared/transport/jsonReader';
import type { AdsEnvelope } from '../../shared/transport/transport';
import { accountField } from '../common/fields';
import { NOT_VIDEO_PREFIXES } from '../common/mediaFields';
import { asUserIdField, checkMediaKeys, POST_ID, postContentFields, TWEET_TYPES, USER_ID } from '../common/postFields';
import { simplify } from '../common/simplify';

const VIDEO_FIELDS = [
	['video_title', 'Video Title'],
	['video_description', 'Video Description'],
	['video_cta', 'Video CTA'],
] as const;

/**
 * Post and user ids are 64-bit: X sends them as JSON numbers beyond 2^53, with the exact value in
 * id_str too. The output carries the exact ids as strings (the twin first, else the reader's exact
 * digits), so that {{ $json.id }} names the right post in the next node.
 */
export function exactIds(envelope: AdsEnvelope): IDataObject[] {
	return dataRecords(envelope).map((post) => {
		const out: IDataObject = { ...post };
		const id = exactId(post);
		if (id !== undefined) out.id = id;
		const user = post.user as IDataObject | undefined;
		const userId = user && typeof user === 'object' ? exactId(user) : undefined;
		if (userId !== undefined) out.user = { ...user, id: userId };
		return out;
	});
}

export const postResource: Resource = {
	name: 'Post',
	value: 'post',
	description: 'Posts created on behalf of an advertiser',
	endpoints: [
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a post',
			description: 'Create a post for the advertiser (promoted-only unless Nullcast is off), with media or a card',
			method: 'POST',
			path: '/accounts/{account_id}/tweet',
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-tweet',
			fields: [
				accountField,
				asUserIdField,
				...postContentFields(true),
				{ wire: 'trim_user', label: 'Trim User', type: 'boolean', description: 'Whether the user object has only its ID' },
				{ wire: 'tweet_mode', label: 'Post Mode', type: 'options', options: ['compat', 'extended'] },
				{ wire: 'conversation_settings', label: 'Who Can Reply', type: 'options', options: ['EVERYONE', 'FOLLOWING', 'MENTIONED_USERS'] },
				{ wire: 'video_cta', label: 'Video CTA', type: 'options', options: ['VISIT_SITE', 'WATCH_NOW'] },
				{ wire: 'video_cta_value', label: 'Video CTA Value', type: 'string', description: 'The URL of the video call to action' },
				{ wire: 'video_title', label: 'Video Title', type: 'string', rules: { maxLength: 70 } },
				{ wire: 'video_description', label: 'Video Description', type: 'string', rules: { maxLength: 200 } },
			],
			check: (values, { fail }) => {
				const keys = (values.media_keys as string[] | undefined) ?? [];
				if (values.text === undefined && keys.length === 0) fail('Text (text)', 'is required when there are no Media Keys (media_keys)');
				checkMediaKeys(values, fail);
				if ((values.video_cta === undefined) !== (values.video_cta_value === undefined)) {
					fail('Video CTA (video_cta) and Video CTA Value (video_cta_value)', 'go together: set both or neither');
				}
				const videoField = VIDEO_FIELDS.find(([wire]) => values[wire] !== undefined);
				if (videoField && (keys.length === 0 || keys.every((k) => NOT_VIDEO_PREFIXES.some((p) => k.startsWith(p))))) {
					fail(`${videoField[1]} (${videoField[0]})`, 'needs a video in Media Keys (media_keys)');
				}
			},
			output: exactIds,
		},
		{
			operation: 'updateName',
			name: 'Update Name',
			action: 'Update the name of a post',
			description: 'Set the name a post has in X Ads',
			method: 'PUT',
			path: '/accounts/{account_id}/tweets/{tweet_id}/name',
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#put-accounts-account-id-tweets-tweet-id-name',
			fields: [
				accountField,
				{ wire: 'tweet_id', label: 'Post ID', type: 'string', required: true, rules: { pattern: /^\d{1,20}$/, patternRule: 'a numeric post ID' } },
				{ wire: 'name', label: 'Name', type: 'string', required: true, rules: { maxLength: 80 } },
			],
			output: exactIds,
		},
		{
			operation: 'getAll',
			simplify: simplify.post,
			name: 'Get Many',
			action: 'Get many posts',
			description: 'List the posts of an account of one type (published, scheduled or draft), promoted-only by default; IDs come as exact strings',
			method: 'GET',
			path: '/accounts/{account_id}/tweets',
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-tweets',
			list: { maxCount: 1000 },
			fields: [
				accountField,
				{
					wire: 'tweet_type',
					label: 'Post Type',
					type: 'options',
					required: true,
					options: TWEET_TYPES,
					default: 'PUBLISHED',
					description: 'Which posts to list; Post IDs must be of this type',
				},
				{ wire: 'tweet_ids', label: 'Post IDs', type: 'list', description: 'Only these posts (comma-separated, at most 200)', rules: { ...POST_ID, maxItems: 200 } },
				{ wire: 'name', label: 'Name Starts With', name: 'nameStartsWith', type: 'string', description: 'Posts whose name starts with this (case-insensitive)', rules: { maxLength: 80 } },
				{ wire: 'timeline_type', label: 'Timeline Type', type: 'options', options: ['ALL', 'NULLCAST', 'ORGANIC'], default: 'NULLCAST', description: 'Promoted-only posts (X\'s default), organic posts, or both' },
				{ wire: 'include_mentions_and_replies', label: 'Include Mentions and Replies', type: 'boolean' },
				{ wire: 'trim_user', label: 'Trim User', type: 'boolean', description: 'Whether the user object has only its ID' },
				{ wire: 'user_id', label: 'User ID', type: 'string', description: 'The user whose posts to list (numeric X user ID); default the account\'s full promotable user', rules: USER_ID },
			],
			output: exactIds,
		},
	],
};
