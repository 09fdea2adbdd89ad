/**
 * Product catalogs (early access): one catalog per user, holding all of that user's products.
 * https://docs.x.com/x-ads-api/catalog-management/reference
 */
import type { Resource } from '../../../shared/engine/endpoints';
import { productCatalogSyncEndpoint } from './sync';
import { catalogField } from '../../common/fields';

export const productCatalogResource: Resource = {
	name: 'Product Catalog',
	value: 'productCatalog',
	description: 'The product catalog of the user (one per user)',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many product catalogs',
			description: 'List the product catalogs',
			method: 'GET',
			list: { onePage: true },
			path: '/product_catalogs',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#get-product_catalogs',
			fields: [{ wire: 'user_id', label: 'User ID', type: 'string', rules: { pattern: /^\d{1,20}$/, patternRule: 'a numeric X user ID' } }],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a product catalog',
			description: 'Create the user\'s product catalog (before uploading products)',
			method: 'POST',
			path: '/product_catalogs',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#post-product_catalogs',
			fields: [
				{ wire: 'name', label: 'Name', type: 'string', required: true },
				{ wire: 'user_id', label: 'User ID', type: 'string', rules: { pattern: /^\d{1,20}$/, patternRule: 'a numeric X user ID' } },
			],
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a product catalog',
			description: 'Rename a product catalog',
			method: 'PUT',
			path: '/product_catalogs/{product_catalog_id}',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#put-product_catalogs%2Fproduct_catalog_id',
			fields: [catalogField, { wire: 'name', label: 'Name', type: 'string', required: true }],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a product catalog',
			description: 'Delete a product catalog and all its products, permanently',
			method: 'DELETE',
			path: '/product_catalogs/{product_catalog_id}',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#delete-product_catalogs%2Fproduct_catalog_id',
			fields: [catalogField],
		},
		productCatalogSyncEndpoint,
	],
};
