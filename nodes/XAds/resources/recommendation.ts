/**
 * Campaign recommendations (closed beta; version 5 of the Ads API, as X's reference gives it):
 * https://docs.x.com/x-ads-api/campaign-management/reference#recommendations.
 */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField } from '../common/fields';

export const recommendationResource: Resource = {
	name: 'Recommendation',
	value: 'recommendation',
	description: 'X\'s suggested campaign changes (closed beta), at most one per funding instrument',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many recommendations',
			description: 'List the campaign recommendations of an account (status and message of each)',
			method: 'GET',
			path: '/accounts/{account_id}/recommendations',
			version: 5,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-recommendations',
			list: { onePage: true },
			fields: [accountField],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a recommendation',
			description: 'Get one recommendation with its changes: a tree of operations (Create, Update, Delete) on campaigns, line items, targeting criteria and promoted posts, to apply with the batch endpoints',
			method: 'GET',
			path: '/accounts/{account_id}/recommendations/{recommendation_id}',
			version: 5,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-recommendations-recommendation-id',
			fields: [accountField, { wire: 'recommendation_id', label: 'Recommendation ID', type: 'string', required: true, placeholder: 'e.g. 62ce8zza1q0w', rules: { pattern: /^[A-Za-z0-9]{1,32}$/, patternRule: 'a recommendation ID of letters and digits' } }],
		},
	],
};
