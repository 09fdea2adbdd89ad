/** Curated categories: publisher content for PREROLL_VIEWS line items. */
import type { Resource } from '../../shared/endpoints';
import { accountField, idField } from '../fields';

export const curatedCategoryResource: Resource = {
	name: 'Curated Category',
	value: 'curatedCategory',
	description: 'Curated publisher content categories, available in some countries',
	endpoints: [
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a curated category',
			description: 'Get one curated category with its countries and publishers',
			method: 'GET',
			path: '/accounts/{account_id}/curated_categories/{curated_category_id}',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-curated-categories-curated-category-id',
			fields: [accountField, idField('curated_category_id', 'Curated Category ID')],
		},
	],
};
