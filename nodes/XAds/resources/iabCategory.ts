/** IAB categories: the Interactive Advertising Bureau's content taxonomy (https://docs.x.com/x-ads-api/campaign-management/reference#iab-categories). */
import type { Resource } from '../../shared/engine/endpoints';
import { withTotalCountField } from '../common/fields';

export const iabCategoryResource: Resource = {
	name: 'IAB Category',
	value: 'iabCategory',
	description: 'The IAB content taxonomy (IDs such as IAB1-1), as used by content categories and line items',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many IAB categories',
			description: 'List the IAB categories, each with its ID, name and parent ID (null for a top-level category); no account needed',
			method: 'GET',
			path: '/iab_categories',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-iab-categories',
			list: { maxCount: 1000 },
			fields: [withTotalCountField],
		},
	],
};
