/** Curated categories (spec document 03): publisher content for PREROLL_VIEWS line items. */
import type { Resource } from '../../shared/endpoints';
import { accountField, idField } from '../fields';

export const curatedCategoryResource: Resource = {
	name: 'Curated Category',
	value: 'curatedCategory',
	description: 'Curated publisher content categories, available in some countries',
	endpoints: [
		{
			resource: 'curatedCategory',
			operation: 'get',
			name: 'Get',
			action: 'Get a curated category',
			description: 'Get one curated category with its countries and publishers',
			method: 'GET',
			path: '/accounts/{account_id}/curated_categories/{curated_category_id}',
			fields: [accountField, idField('curated_category_id', 'Curated Category ID')],
		},
	],
};
