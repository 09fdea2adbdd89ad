/** Advertiser business categories: for PREROLL_VIEWS line items. */
import type { Resource } from '../../shared/engine/endpoints';

export const advertiserBusinessCategoryResource: Resource = {
	name: 'Advertiser Business Category',
	value: 'advertiserBusinessCategory',
	description: 'The business categories a PREROLL_VIEWS line item needs (as their IAB categories)',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many advertiser business categories',
			description: 'List the advertiser business categories with their IAB categories',
			method: 'GET',
			list: { onePage: true },
			path: '/advertiser_business_categories',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-advertiser-business-categories',
		},
	],
};
