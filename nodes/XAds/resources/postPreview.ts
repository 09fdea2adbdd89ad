/** Post previews: how published, scheduled or draft posts render, as HTML iframes (https://docs.x.com/x-ads-api/creatives/reference#tweet-previews). */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField } from '../common/fields';
import { POST_ID, TWEET_TYPES } from '../common/postFields';

export const postPreviewResource: Resource = {
	name: 'Post Preview',
	value: 'postPreview',
	description: 'How posts render on X, as HTML iframes',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many post previews',
			description: 'Get a preview (an HTML iframe) of each given post of one type; one item per post X previews',
			method: 'GET',
			path: '/accounts/{account_id}/tweet_previews',
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-tweet-previews',
			list: { onePage: true },
			fields: [
				accountField,
				{ wire: 'tweet_ids', label: 'Post IDs', type: 'list', required: true, description: 'The posts to preview (comma-separated, at most 200), all of the Post Type', rules: { ...POST_ID, maxItems: 200 } },
				{ wire: 'tweet_type', label: 'Post Type', type: 'options', required: true, options: TWEET_TYPES, default: 'PUBLISHED', description: 'The type of the given posts; X previews only posts of this type' },
			],
		},
	],
};
