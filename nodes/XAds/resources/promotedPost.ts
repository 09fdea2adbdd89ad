/**
 * Promoted posts, X's promoted_tweets (https://docs.x.com/x-ads-api/campaign-management/reference#promoted-tweets):
 * the posts a line item promotes. List, get, create (up to 50 posts per request), delete; X has no update.
 */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, lineItemField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';
import { simplify } from '../common/simplify';

const DOCS = 'https://docs.x.com/x-ads-api/campaign-management/reference';
const POST_ID = { pattern: /^\d{1,19}$/, patternRule: 'numeric post IDs such as 1166476031668015104' };

export const promotedPostResource: Resource = {
	name: 'Promoted Post',
	value: 'promotedPost',
	description: 'Posts promoted by a line item (X calls them promoted tweets)',
	endpoints: [
		{
			operation: 'getAll',
			simplify: simplify.promotedPost,
			name: 'Get Many',
			action: 'Get many promoted posts',
			description: 'List the promoted posts of an account, optionally by line items or IDs; those of deleted line items only with With Deleted',
			method: 'GET',
			path: '/accounts/{account_id}/promoted_tweets',
			docs: `${DOCS}#get-accounts-account-id-promoted-tweets`,
			list: { maxCount: 1000 },
			fields: [
				accountField,
				idListField('line_item_ids', 'Line Item IDs'),
				idListField('promoted_tweet_ids', 'Promoted Post IDs'),
				sortByField,
				withDeletedField,
				withTotalCountField,
			],
		},
		{
			operation: 'get',
			simplify: simplify.promotedPost,
			name: 'Get',
			action: 'Get a promoted post',
			description: 'Get one promoted post (the link of a post to a line item)',
			method: 'GET',
			path: '/accounts/{account_id}/promoted_tweets/{promoted_tweet_id}',
			docs: `${DOCS}#get-accounts-account-id-promoted-tweets-promoted-tweet-id`,
			fields: [accountField, idField('promoted_tweet_id', 'Promoted Post ID'), withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Promote posts in a line item',
			description: 'Promote up to 50 posts in a line item; outputs one item per promoted post',
			method: 'POST',
			path: '/accounts/{account_id}/promoted_tweets',
			docs: `${DOCS}#post-accounts-account-id-promoted-tweets`,
			fields: [
				accountField,
				lineItemField,
				{ wire: 'tweet_ids', label: 'Post IDs', type: 'list', required: true, description: 'Comma-separated IDs of the posts to promote, at most 50', rules: { ...POST_ID, maxItems: 50 } },
			],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Stop promoting a post',
			description: 'Remove a promoted post from its line item (by the promoted post ID, not the post ID)',
			method: 'DELETE',
			path: '/accounts/{account_id}/promoted_tweets/{promoted_tweet_id}',
			docs: `${DOCS}#delete-accounts-account-id-promoted-tweets-promoted-tweet-id`,
			fields: [accountField, idField('promoted_tweet_id', 'Promoted Post ID')],
			notFoundMessage: 'The promoted post is already deleted, or does not exist',
		},
	],
};
