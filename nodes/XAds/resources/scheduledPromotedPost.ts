/**
 * Scheduled promoted posts, X's scheduled_promoted_tweets
 * (https://docs.x.com/x-ads-api/campaign-management/reference#scheduled-promoted-tweets): a
 * scheduled post promoted by a line item once it goes out. List, get, create, delete (only before
 * the post's scheduled time); X has no update.
 */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, lineItemField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

const DOCS = 'https://docs.x.com/x-ads-api/campaign-management/reference';
const path = '/accounts/{account_id}/scheduled_promoted_tweets/{scheduled_promoted_tweet_id}';

export const scheduledPromotedPostResource: Resource = {
	name: 'Scheduled Promoted Post',
	value: 'scheduledPromotedPost',
	description: 'Scheduled posts a line item promotes once they go out (X calls them scheduled promoted tweets)',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many scheduled promoted posts',
			description: 'List the scheduled promoted posts of an account, optionally by line items or IDs',
			method: 'GET',
			path: '/accounts/{account_id}/scheduled_promoted_tweets',
			docs: `${DOCS}#get-accounts-account-id-scheduled-promoted-tweets`,
			list: { maxCount: 1000 },
			fields: [
				accountField,
				idListField('line_item_ids', 'Line Item IDs'),
				idListField('scheduled_promoted_tweet_ids', 'Scheduled Promoted Post IDs'),
				sortByField,
				withDeletedField,
				withTotalCountField,
			],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a scheduled promoted post',
			description: 'Get one scheduled promoted post',
			method: 'GET',
			path,
			docs: `${DOCS}#get-accounts-account-id-scheduled-promoted-tweets-scheduled-promoted-tweet-id`,
			fields: [accountField, idField('scheduled_promoted_tweet_id', 'Scheduled Promoted Post ID'), withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Promote a scheduled post in a line item',
			description: 'Promote a scheduled post in a line item from the moment it goes out',
			method: 'POST',
			path: '/accounts/{account_id}/scheduled_promoted_tweets',
			docs: `${DOCS}#post-accounts-account-id-scheduled-promoted-tweets`,
			fields: [
				accountField,
				lineItemField,
				{ wire: 'scheduled_tweet_id', label: 'Scheduled Post ID', type: 'string', required: true, placeholder: 'e.g. 870358555227860992', description: 'The numeric ID of the scheduled post', rules: { pattern: /^\d{1,19}$/, patternRule: 'a numeric scheduled post ID' } },
			],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Stop promoting a scheduled post',
			description: 'Remove a scheduled promoted post; X allows it only before the post\'s scheduled time',
			method: 'DELETE',
			path,
			docs: `${DOCS}#delete-accounts-account-id-scheduled-promoted-tweets-scheduled-promoted-tweet-id`,
			fields: [accountField, idField('scheduled_promoted_tweet_id', 'Scheduled Promoted Post ID')],
			notFoundMessage: 'The scheduled promoted post is already deleted, or does not exist',
		},
	],
};
