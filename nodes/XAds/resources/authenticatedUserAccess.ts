/** What the credential's user may do in an ads account (https://docs.x.com/x-ads-api/campaign-management/reference#authenticated-user-access). */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField } from '../common/fields';

export const authenticatedUserAccessResource: Resource = {
	name: 'Authenticated User Access',
	value: 'authenticatedUserAccess',
	description: 'The permissions of the credential\'s user in an ads account',
	endpoints: [
		{
			operation: 'get',
			name: 'Get',
			action: 'Get the authenticated user access',
			description: 'Get the user ID and permissions (e.g. ACCOUNT_ADMIN, CREATIVE_MANAGER, TWEET_COMPOSER for promoted-only posts) of the credential\'s user in the account',
			method: 'GET',
			path: '/accounts/{account_id}/authenticated_user_access',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-authenticated-user-access',
			fields: [accountField],
		},
	],
};
