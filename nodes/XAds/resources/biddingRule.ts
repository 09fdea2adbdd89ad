/** Bidding rules: the smallest and largest cost-per-engagement bids per currency (https://docs.x.com/x-ads-api/campaign-management/reference#bidding-rules). */
import type { Resource } from '../../shared/engine/endpoints';

export const biddingRuleResource: Resource = {
	name: 'Bidding Rule',
	value: 'biddingRule',
	description: 'Smallest and largest cost-per-engagement bids per currency, in micro units',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many bidding rules',
			description: 'List the bidding rules (minimum and maximum CPE bid and minimum denomination, in micros) of every currency or of one; no account needed',
			method: 'GET',
			path: '/bidding_rules',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-bidding-rules',
			list: { onePage: true },
			fields: [
				{
					wire: 'currency',
					label: 'Currency',
					type: 'string',
					placeholder: 'e.g. USD',
					description: 'Only this currency: an ISO 4217 code such as USD or EUR',
					rules: { pattern: /^[A-Z]{3}$/, patternRule: 'an ISO 4217 currency code of three capital letters, such as USD' },
				},
			],
		},
	],
};
