/** Account apps: the mobile apps of an ads account. */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

export const accountAppResource: Resource = {
	name: 'Account App',
	value: 'accountApp',
	description: 'Mobile apps associated with an ads account',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many account apps',
			description: 'List the apps of an ads account',
			method: 'GET',
			path: '/accounts/{account_id}/account_apps',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-account-apps',
			list: { maxCount: 1000 },
			fields: [accountField, sortByField, withDeletedField, withTotalCountField],
		},
	],
};
