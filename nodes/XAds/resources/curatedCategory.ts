/** Curated categories: publisher content for PREROLL_VIEWS line items. */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, idField } from '../common/fields';

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
		// After Get: Get stays the operation of saved workflows that did not set one.
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many curated categories',
			description: 'List the curated categories available in the given countries (each record names its countries and publishers)',
			method: 'GET',
			path: '/accounts/{account_id}/curated_categories',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-curated-categories',
			// X pages this list by cursor only: it takes no count.
			list: {},
			fields: [
				accountField,
				{
					wire: 'country_codes',
					label: 'Country Codes',
					type: 'list',
					required: true,
					placeholder: 'e.g. US,GB',
					description: 'Two-letter ISO country codes, comma-separated, at most 200: only categories available there are listed',
					rules: { pattern: /^[A-Z]{2}$/, patternRule: 'a two-letter ISO 3166 country code in capitals, such as US', maxItems: 200 },
				},
			],
		},
	],
};
