/**
 * Product Catalog → Sync: the shop's full product list in, and afterwards X's catalog holds exactly
 * that list. Reads what X holds (GET products, 100 a page) while it reads and checks the feed,
 * compares each input product with X's record on X's fields as X answers them (PRODUCT_ECHO in
 * compare.ts), upserts only the new and changed ones (PUT products, 25 a request, 4 in
 * flight) and then deletes what the input no longer has (DELETE products by product_keys). Input:
 * n8n items, or a CSV/TSV feed file in a binary property read as a stream (twice: once to plan,
 * once to send), so memory holds one compact entry per product (id, product key, two 16-byte
 * fingerprints), never the products themselves.
 * https://docs.x.com/x-ads-api/catalog-management/reference#products
 *
 * This file: the parameters and how input items become syncs. The comparison and the index are in
 * compare.ts, the feed (items or a file) in feed.ts, the sync itself in run.ts.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { BatchSummaries, CheckedItem, Endpoint } from '../../../../shared/engine/endpoints';
import { runNode } from '../../../../shared/engine/prepare';
import type { RetryPolicy } from '../../../../shared/transport/transport';
import { inputError } from '../../../../shared/engine/validation';
import { fileFeed, itemsFeed } from './feed';
import { readOptions, runSync } from './run';
import { binaryPropertyParameter, catalogField } from '../../../common/fields';

// ---- Parameters and the endpoint ---------------------------------------------------------------------

const file = { syncInput: ['file'] };

const syncProperties: INodeProperties[] = [
	{
		displayName: 'Input',
		name: 'syncInput',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Items', value: 'items', description: 'All input items together are the feed: each item\'s JSON one product, keys named as X\'s product fields (title, price, ...)' },
			{ name: 'File', value: 'file', description: 'A CSV or TSV feed in a binary property (X\'s column names), read as a stream: for catalogs of millions' },
		],
		default: 'items',
	},
	{ ...binaryPropertyParameter('the feed (from an HTTP download of the shop\'s export, Read/Write Files from Disk, ...)'), displayOptions: { show: file } },
	{
		displayName: 'File Format',
		name: 'feedFormat',
		type: 'options',
		options: [
			{ name: 'CSV', value: 'csv', description: 'Comma-separated, a header row of X\'s column names (title, price, ...)' },
			{ name: 'TSV', value: 'tsv', description: 'Tab-separated, a header row of X\'s column names' },
		],
		default: 'csv',
		displayOptions: { show: file },
	},
	{
		displayName: 'Dry Run',
		name: 'dryRun',
		type: 'boolean',
		default: false,
		description: 'Whether to only output the plan (what would be created, updated, deleted, left unchanged) without writing to X',
	},
	{
		displayName: 'Options',
		name: 'syncOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Allow Empty Feed',
				name: 'allowEmptyFeed',
				type: 'boolean',
				default: false,
				description: 'Whether a feed without any valid product may delete every product of the catalog (off: such a sync is refused)',
			},
			{
				displayName: 'Max Deletions (%)',
				name: 'maxDeletePercent',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 100 },
				default: 10,
				description: 'The sync is refused, before anything is written, when it would delete more than this share of the products X holds (a truncated feed). 100 allows any deletion.',
			},
			{
				displayName: 'Output Products',
				name: 'outputProducts',
				type: 'boolean',
				default: false,
				description: 'Whether to output one item per product created, updated, deleted or refused, after the summary',
			},
			{
				displayName: 'Requests in Flight',
				name: 'concurrency',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 16 },
				default: 4,
				description: 'How many requests of 25 products are sent at once',
			},
		],
	},
];

function fileSettings(ctx: IExecuteFunctions, itemIndex: number): { property: string; delimiter: string } {
	const property = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const binary = ctx.getInputData()[itemIndex]?.binary?.[property];
	if (!binary) {
		const present = Object.keys(ctx.getInputData()[itemIndex]?.binary ?? {});
		throw inputError(runNode(ctx), itemIndex, 'Input Binary Field (binaryPropertyName)', `names no binary property of the item (got ${JSON.stringify(property)}; the item has ${present.length ? present.join(', ') : 'no binary data'})`);
	}
	return { property, delimiter: ctx.getNodeParameter('feedFormat', itemIndex, 'csv') === 'tsv' ? '\t' : ',' };
}

async function syncBatch(ctx: IExecuteFunctions, items: CheckedItem[], policy: RetryPolicy): Promise<BatchSummaries> {
	const failed: Array<Error | undefined> = new Array(items.length);
	const summaries: BatchSummaries['summaries'] = [];
	const fromFile = ctx.getNodeParameter('syncInput', items[0].itemIndex, 'items') === 'file';
	// Items: all items are one feed into one catalog. File: every item is a feed of its own.
	const runs = fromFile ? items.map((item, n) => ({ members: [n], item })) : [{ members: items.map((_, n) => n), item: items[0] }];
	if (!fromFile) {
		const catalog = items[0].values.product_catalog_id;
		const other = items.find((item) => item.values.product_catalog_id !== catalog);
		if (other) {
			throw inputError(runNode(ctx), other.itemIndex, 'Catalog (product_catalog_id)', `must be the same for every item of a sync from items (got ${String(other.values.product_catalog_id)}, item ${items[0].itemIndex} has ${String(catalog)})`);
		}
	}
	const positionOf = new Map(items.map((item, n) => [item.itemIndex, n]));
	for (const { members, item } of runs) {
		try {
			const options = readOptions(ctx, item.itemIndex);
			const feed = fromFile ? (() => {
				const { property, delimiter } = fileSettings(ctx, item.itemIndex);
				return fileFeed(ctx, item.itemIndex, property, delimiter);
			})() : itemsFeed(ctx, items);
			const { summary, products } = await runSync(ctx, String(item.values.product_catalog_id), feed, item.itemIndex, options, policy);
			summaries.push({ json: summary, items: members });
			// From items, a product goes with the item it came from (a deleted one with the first item).
			for (const json of products) summaries.push({ json, items: fromFile || json.item === undefined ? [members[0]] : [positionOf.get(Number(json.item)) ?? 0] });
		} catch (error) {
			for (const n of members) failed[n] = error as Error;
			if (!ctx.continueOnFail()) break;
		}
	}
	// Items mode: one error for the whole feed goes out once, on the first item.
	if (!fromFile && failed[0]) failed.fill(undefined, 1);
	return { summaryMode: true, perItem: items.map(() => []), summaries, failed };
}

export const productCatalogSyncEndpoint: Endpoint = {
	operation: 'sync',
	name: 'Sync',
	action: 'Sync a product catalog with a feed',
	description: 'Make the catalog hold exactly the shop\'s product list: create and update only what changed, delete what is gone (with a safety cap), from items or a CSV/TSV file',
	method: 'PUT',
	path: '/product_catalogs/{product_catalog_id}/products',
	docs: 'https://docs.x.com/x-ads-api/catalog-management/reference#put-product_catalogs%2Fproduct_catalog_id%2Fproducts',
	send: 'json',
	fields: [catalogField],
	extraProperties: syncProperties,
	batch: syncBatch,
};
