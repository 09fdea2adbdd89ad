/**
 * Products of a catalog (early access). Product upsert is the heart of scheduled catalog syncs:
 * every product is checked against the Product table before anything is sent, then sent 25 per
 * request with several requests in flight.
 * https://docs.x.com/x-ads-api/catalog-management/reference#products
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { answersBy, batchDistinctKeys, groupBy, runOrdered } from '../../shared/engine/batching';
import type { CheckedItem, Resource } from '../../shared/engine/endpoints';
import { itemParameter } from '../../shared/engine/prepare';
import type { AdsEnvelope, RetryPolicy } from '../../shared/transport/transport';
import { adsRequest, xRequest } from '../../shared/transport/transport';
import { catalogField } from '../common/fields';
import { checkProduct, PRODUCT_BATCH, PRODUCT_WIRE_NAMES, productFields } from '../common/productFields';
import { simplify } from '../common/simplify';

/** "Map Automatically": the product is the input item's JSON (its Product table fields). */
function readProduct(ctx: IExecuteFunctions, itemIndex: number, readParameters: () => IDataObject): IDataObject {
	if (itemParameter(ctx, 'mapping', itemIndex) !== 'auto') return readParameters();
	const json = ctx.getInputData()[itemIndex].json;
	const values: IDataObject = {
		product_catalog_id: itemParameter(ctx, 'catalog', itemIndex, undefined, { extractValue: true }) as string,
	};
	for (const [key, value] of Object.entries(json)) {
		if (PRODUCT_WIRE_NAMES.has(key) && value !== null && value !== undefined && value !== '') values[key] = value;
	}
	return values;
}

/** Sends valid products 25 per request, `concurrency` in flight; a repeated id waits for its earlier batch. */
async function upsertProducts(ctx: IExecuteFunctions, items: CheckedItem[], policy: RetryPolicy): Promise<Array<IDataObject[] | Error>> {
	const concurrency = Number((ctx.getNodeParameter('productOptions', 0, {}) as IDataObject).concurrency ?? 4);
	const results: Array<IDataObject[] | Error> = new Array(items.length);
	const byCatalog = groupBy(items, (item) => item.request.pathParams!.product_catalog_id);
	for (const members of byCatalog.values()) {
		const batches = batchDistinctKeys(members.map((n) => String(items[n].values.id)), PRODUCT_BATCH).map((b) => b.map((k) => members[k]));
		const dependsOn = dependencies(batches, (n) => String(items[n].values.id));
		const answers = await runOrdered(batches.length, Math.max(1, concurrency), async (b) => {
			const first = items[batches[b][0]];
			const { body, repeated } = await xRequest(
				ctx,
				{ ...first.request, body: { products: batches[b].map((n) => items[n].request.body as IDataObject) } },
				policy,
			);
			const products = (((body as AdsEnvelope | undefined)?.data as IDataObject | undefined)?.products_response ?? []) as IDataObject[];
			// Sent again after an attempt whose answer was lost: X may have applied that one, and then
			// answers NO_CHANGE here. Each product says so, so that NO_CHANGE is not read as "nothing to do".
			return repeated ? products.map((product) => ({ ...product, repeated_request: true })) : products;
		}, (b) => dependsOn[b]);
		batches.forEach((batch, b) => {
			const answer = answers[b];
			// Matched by X's product id: X may list its refusals first.
			const byId = answer instanceof Error ? undefined : answersBy<IDataObject>(answer, 'id');
			for (const n of batch) {
				if (answer instanceof Error) results[n] = answer;
				else results[n] = [byId!.get(String(items[n].values.id)) ?? { id: items[n].values.id, status: 'ERROR', errors: ['X returned no result for this product'] }];
			}
		});
	}
	return results;
}

/** For each batch, the earlier batches holding one of its keys: they must be applied first. */
function dependencies(batches: number[][], keyOf: (n: number) => string): number[][] {
	const lastBatch = new Map<string, number>();
	return batches.map((batch, b) => {
		const deps = new Set<number>();
		for (const n of batch) {
			const previous = lastBatch.get(keyOf(n));
			if (previous !== undefined) deps.add(previous);
			lastBatch.set(keyOf(n), b);
		}
		return [...deps];
	});
}

/** Deletes the item's product keys in requests of at most 25 keys. */
async function deleteProducts(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const keys = item.values.product_keys as string[];
	const out: IDataObject[] = [];
	for (let start = 0; start < keys.length; start += PRODUCT_BATCH) {
		const envelope = await adsRequest(ctx, { ...item.request, body: { product_keys: keys.slice(start, start + PRODUCT_BATCH) } }, policy);
		out.push(...(((envelope.data as IDataObject)?.delete_products ?? []) as IDataObject[]));
	}
	return out;
}

const mappingProperty: INodeProperties = {
	displayName: 'Mapping',
	name: 'mapping',
	type: 'options',
	options: [
		{ name: 'Map Each Field Below', value: 'fields' },
		{ name: 'Map Automatically', value: 'auto', description: 'Each input item\'s JSON is the product: its keys named like the Product fields (ID, title, price, ...)' },
	],
	default: 'fields',
};

const productOptionsProperty: INodeProperties = {
	displayName: 'Options',
	name: 'productOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Requests in Flight',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 16 },
			default: 4,
			description: 'How many batches of 25 products are sent at once',
		},
	],
};

export const productResource: Resource = {
	name: 'Product',
	value: 'product',
	description: 'Products of a catalog',
	endpoints: [
		{
			operation: 'upsert',
			name: 'Create or Update',
			action: 'Create or update products',
			description: 'Create a new record, or update the current one if it already exists (upsert)',
			method: 'PUT',
			path: '/product_catalogs/{product_catalog_id}/products',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#put-product_catalogs%2Fproduct_catalog_id%2Fproducts',
			send: 'json',
			fields: [catalogField, ...productFields],
			extraProperties: [mappingProperty, productOptionsProperty],
			fieldsShowWhen: { mapping: ['fields'] },
			read: readProduct,
			check: (values, { fail }) => checkProduct(values, fail),
			batch: upsertProducts,
		},
		{
			operation: 'getAll',
			simplify: simplify.product,
			name: 'Get Many',
			action: 'Get many products',
			description: 'List the products of a catalog (only the first product of each item group)',
			method: 'GET',
			path: '/product_catalogs/{product_catalog_id}/products',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#get-product_catalogs%2Fproduct_catalog_id%2Fproducts',
			list: { maxCount: 100 },
			fields: [catalogField, { wire: 'item_group_key', label: 'Item Group Key', type: 'string' }],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete products',
			description: 'Delete products by product key, 25 keys per request',
			method: 'DELETE',
			path: '/product_catalogs/{product_catalog_id}/products',
			docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#delete-product_catalogs%2Fproduct_catalog_id%2Fproducts',
			send: 'json',
			fields: [catalogField, { wire: 'product_keys', label: 'Product Keys', type: 'list', required: true, description: 'Product keys (generated by X) to delete, comma-separated or an array' }],
			run: deleteProducts,
		},
	],
};
