/**
 * Product sets (early access): MANUAL sets of given products, or FILTERED sets defined by filters.
 * https://docs.x.com/x-ads-api/catalog-management/reference#product-sets
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CheckedItem, Field, Resource } from '../../shared/engine/endpoints';
import { parsePrice } from '../../shared/values/prices';
import type { RetryPolicy } from '../../shared/transport/transport';
import { adsRequest } from '../../shared/transport/transport';
import { catalogField } from '../common/fields';

const productSetField: Field = { wire: 'product_set_id', label: 'Product Set ID', type: 'string', required: true, rules: { pattern: /^[A-Za-z0-9]{1,32}$/, patternRule: 'a product set ID (letters and digits)' } };

/** X does not allow updating FILTERED sets: read the set first and refuse before writing. */
async function updateProductSet(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const current = await adsRequest(ctx, { ...item.request, method: 'GET', body: undefined }, policy);
	if ((current.data as IDataObject)?.type === 'FILTERED') {
		throw new NodeOperationError(ctx.getNode(), `Item ${item.itemIndex}: product set ${item.request.pathParams!.product_set_id} is FILTERED, and X does not allow updating filtered sets`, {
			itemIndex: item.itemIndex,
			description: 'Nothing was changed. Create a new filtered set with the filters you want instead.',
		});
	}
	const updated = await adsRequest(ctx, item.request, policy);
	return [updated.data as IDataObject];
}

const FILTER_ATTRIBUTES = ['price', 'product_type', 'google_product_category', 'sale_price', 'inventory', ...[0, 1, 2, 3, 4].map((n) => `custom_label_${n}`)];
const FILTER_OPERATORS = ['GREATER_THAN', 'EQUAL_TO', 'LESS_THAN', 'MATCH', 'NOT_CONTAINS', 'CONTAINS'];

export const productSetResource: Resource = {
	name: 'Product Set',
	value: 'productSet',
	description: 'Sets of products for dynamic product ads',
	endpoints: [
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a product set',
			description: 'Get one product set',
			method: 'GET',
			path: '/product_catalogs/{product_catalog_id}/product_sets/{product_set_id}',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#get-product_catalogs%2Fproduct_catalog_id%2Fproduct_sets%2Fproduct_set_id',
			fields: [catalogField, productSetField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a product set',
			description: 'Create a MANUAL set of given products or a FILTERED set defined by filters',
			method: 'POST',
			path: '/product_catalogs/{product_catalog_id}/product_sets',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#post-product_catalogs%2Fproduct_catalog_id%2Fproduct_sets',
			send: 'json',
			fields: [
				catalogField,
				{ wire: 'name', label: 'Name', type: 'string', required: true },
				{ wire: 'type', label: 'Type', type: 'options', required: true, options: ['MANUAL', 'FILTERED'] },
				{ wire: 'description', label: 'Description', type: 'string' },
				{ wire: 'product_keys', label: 'Product Keys', type: 'list', description: 'MANUAL sets: the product keys, comma-separated or an array' },
				{
					wire: 'filters',
					label: 'Filters',
					type: 'json',
					description: 'FILTERED sets: a JSON array of {"attribute", "operator", "value"}',
					default: '[{ "attribute": "price", "operator": "LESS_THAN", "value": "50.00 USD" }]',
				},
			],
			check: (values, { fail }) => {
				if (values.type === 'MANUAL') {
					if (!(values.product_keys as string[] | undefined)?.length) fail('Product Keys (product_keys)', 'are required for a MANUAL set');
					if (values.filters !== undefined) fail('Filters (filters)', 'are only for FILTERED sets');
					return;
				}
				if (values.product_keys !== undefined) fail('Product Keys (product_keys)', 'are only for MANUAL sets');
				const filters = values.filters;
				if (!Array.isArray(filters) || filters.length === 0) fail('Filters (filters)', 'are required for a FILTERED set: a JSON array with at least one filter');
				(filters as IDataObject[]).forEach((f, n) => {
					if (!FILTER_ATTRIBUTES.includes(String(f?.attribute))) fail('Filters (filters)', `entry ${n}: attribute must be one of ${FILTER_ATTRIBUTES.join(', ')} (got "${String(f?.attribute)}")`);
					if (!FILTER_OPERATORS.includes(String(f?.operator))) fail('Filters (filters)', `entry ${n}: operator must be one of ${FILTER_OPERATORS.join(', ')} (got "${String(f?.operator)}")`);
					if (typeof f.value !== 'string' || !f.value) fail('Filters (filters)', `entry ${n}: value must be a non-empty string`);
					if ((f.attribute === 'price' || f.attribute === 'sale_price') && parsePrice(f.value as string).rule) {
						fail('Filters (filters)', `entry ${n}: a ${String(f.attribute)} value must use the price format, such as "50.00 USD"`);
					}
				});
			},
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a product set',
			description: 'Change the name or description of a MANUAL product set (FILTERED sets cannot be updated)',
			method: 'PUT',
			path: '/product_catalogs/{product_catalog_id}/product_sets/{product_set_id}',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#put-product_catalogs%2Fproduct_catalog_id%2Fproduct_sets%2Fproduct_set_id',
			send: 'json',
			fields: [catalogField, productSetField, { wire: 'name', label: 'Name', type: 'string' }, { wire: 'description', label: 'Description', type: 'string' }],
			check: (values, { fail }) => {
				if (values.name === undefined && values.description === undefined) fail('Update Fields', 'needs at least one field to change (Name or Description)');
			},
			run: updateProductSet,
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a product set',
			description: 'Delete a product set permanently (its products stay in the catalog)',
			method: 'DELETE',
			path: '/product_catalogs/{product_catalog_id}/product_sets/{product_set_id}',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#delete-product_catalogs%2Fproduct_catalog_id%2Fproduct_sets%2Fproduct_set_id',
			fields: [catalogField, productSetField],
		},
	],
};
