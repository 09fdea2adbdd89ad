/**
 * Promotable users (https://docs.x.com/x-ads-api/campaign-management/reference#promotable-users):
 * the X accounts whose posts the ads account may promote (FULL, or RETWEETS_ONLY for another
 * user's content). List and get.
 */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

const DOCS = 'https://docs.x.com/x-ads-api/campaign-management/reference';

export const promotableUserResource: Resource = {
	name: 'Promotable User',
	value: 'promotableUser',
	description: 'X accounts whose posts the ads account may promote',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many promotable users',
			description: 'List the users whose posts the account may promote, with their type (FULL or RETWEETS_ONLY)',
			method: 'GET',
			path: '/accounts/{account_id}/promotable_users',
			docs: `${DOCS}#get-accounts-account-id-promotable-users`,
			list: { maxCount: 1000 },
			fields: [accountField, idListField('promotable_user_ids', 'Promotable User IDs'), sortByField, withDeletedField, withTotalCountField],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a promotable user',
			description: 'Get one promotable user',
			method: 'GET',
			path: '/accounts/{account_id}/promotable_users/{promotable_user_id}',
			docs: `${DOCS}#get-accounts-account-id-promotable-users-promotable-user-id`,
			fields: [accountField, idField('promotable_user_id', 'Promotable User ID'), withDeletedField],
		},
	],
};
