/** Line item placements: the valid placement combinations per product type. */
import type { Resource } from '../../shared/engine/endpoints';

export const PRODUCT_TYPES = ['MEDIA', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEETS'] as const;

export const placementResource: Resource = {
	name: 'Placement',
	value: 'placement',
	description: 'Where line items can run',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many placement options',
			description: 'List the valid placement combinations of each product type',
			method: 'GET',
			list: { onePage: true },
			path: '/line_items/placements',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-line-items-placements',
			fields: [{ wire: 'product_type', label: 'Product Type', type: 'options', options: PRODUCT_TYPES, description: 'Only this product type' }],
		},
	],
};
