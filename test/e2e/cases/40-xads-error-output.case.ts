/**
 * On Error "Continue (using error output)" in real n8n: X Ads gets two outputs, and n8n moves every
 * failed item to the second one. Line Item > Update takes five items: two good ones (output 0),
 * two refused before sending and one X answers 404 for (output 1). Product > Create or Update takes
 * three products: X applies two and answers status ERROR for the .bmp image one, which goes to
 * output 1 as well. On output 1 n8n adds the input item's fields to our { error, message } (the one
 * shape n8n 1.x and 2.x both route); every item is paired with its input, and the nodes behind each
 * output get exactly their items.
 */
import { assertMatch } from '../match';
import { validProduct } from '../../fixtures/products';
import { defineCase, type CaseContext } from '../types';
import { code, graph, lineItemUpdateFromInput, locator, noOp, START, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const NOTHING_SENT = /^Nothing was sent to X for this item/;
/** A valid product but for its image (X accepts .jpg and .png images, not .bmp). */
const product = (id: string, image: string) => validProduct(id, { image_link: `https://cdn.example.com/img/${image}` });

export default defineCase({
	name: 'X Ads: Continue (using error output) puts failed items on output 1 (refused input, 404, product status ERROR) and good ones on output 0',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const changes = [
			{ id: fx.lineItems.engagements, status: 'PAUSED', total: '750.5' },
			{ id: fx.lineItems.engagements, status: 'STOPPED' },
			{ id: fx.lineItems.reach, status: 'ACTIVE', total: '12,50' },
			{ id: 'zzz999', status: 'PAUSED' },
			{ id: fx.lineItems.appInstalls, status: 'PAUSED' },
		];
		const products = [product('eo-1', 'eo-1.jpg'), product('eo-2', 'eo-2.bmp'), product('eo-3', 'eo-3.png')];
		// Output 1 of Update and Sync is their error output.
		return graph(
			{
				[START]: [['Changes', 'Products']],
				Changes: ['Update'],
				Update: ['Updated', 'Update Failed'],
				Products: ['Sync'],
				Sync: ['Synced', 'Sync Failed'],
			},
			code('Changes', changes),
			lineItemUpdateFromInput('Update', fx.accountId, 'continueErrorOutput'),
			noOp('Updated'),
			noOp('Update Failed'),
			code('Products', products),
			xAds('Sync', { resource: 'product', operation: 'upsert', catalog: locator(fx.productCatalogId), mapping: 'auto' }, { onError: 'continueErrorOutput' }),
			noOp('Synced'),
			noOp('Sync Failed'),
		);
	},
	expect: {
		status: 'success',
		outputs: {
			Updated: {
				itemCount: 2,
				items: [
					{ entity_status: 'PAUSED', total_budget_amount_local_micro: 750500000, error: { $exists: false } },
					{ entity_status: 'PAUSED', objective: 'APP_INSTALLS', error: { $exists: false } },
				],
			},
			'Update Failed': {
				itemCount: 3,
				items: [
					{ status: 'STOPPED', error: /^Item 1: Status \(entity_status\) must be one of ACTIVE, PAUSED/, message: NOTHING_SENT, details: { $exists: false } },
					{ status: 'ACTIVE', total: '12,50', error: /^Item 2: Total Budget \(total_budget_amount_local_micro\)/, message: NOTHING_SENT },
					{ id: 'zzz999', error: /404|not found/i, message: /line_items\/zzz999/ },
				],
			},
			Synced: { itemCount: 2, items: [{ id: 'eo-1', status: 'CREATE_SUCCESS' }, { id: 'eo-3', status: 'CREATE_SUCCESS' }] },
			'Sync Failed': {
				itemCount: 1,
				items: [
					{
						// the input product's fields, then ours: X's record as JSON text in the message
						title: 'Product eo-2',
						error: /^Item 1: X refused it \(INVALID_PARAMETER\): image_link/,
						message: /X's record of it: \{.*"parameter":"image_link".*"id":"eo-2".*"status":"ERROR"/,
					},
				],
			},
		},
		emulator: {
			requests: [
				{ method: 'PUT', base: 'ads', path: /\/line_items\//, status: 200, count: 2 },
				{ method: 'PUT', base: 'ads', path: /\/line_items\/zzz999$/, status: 404, count: 1 },
				{ method: 'PUT', base: 'ads', path: /\/products$/, status: 200, count: 1 },
			],
			none: [{ query: { entity_status: 'STOPPED' } }, { query: { entity_status: 'ACTIVE' } }],
		},
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		const pairs = (node: string, output: number) => ex.items(node, output).map((i) => i.pairedItem);
		assertMatch(pairs('Update', 0), [{ item: 0 }, { item: 4 }], 'Update output 0 pairedItem');
		assertMatch(pairs('Update', 1), [{ item: 1 }, { item: 2 }, { item: 3 }], 'Update output 1 pairedItem');
		assertMatch(pairs('Sync', 0), [{ item: 0 }, { item: 2 }], 'Sync output 0 pairedItem');
		assertMatch(pairs('Sync', 1), [{ item: 1 }], 'Sync output 1 pairedItem');
		// The refused reach item changed nothing; the refused product was not stored.
		assertMatch(ctx.emulator!.control.state().ads.production.lineItems.get(fixtures(ctx).lineItems.reach)?.entity_status, 'ACTIVE', 'reach untouched');
		const stored = ctx.emulator!.control.products(fixtures(ctx).productCatalogId) as Array<{ id: string }>;
		assertMatch(stored.filter((p) => p.id.startsWith('eo-')).map((p) => p.id).sort(), ['eo-1', 'eo-3'], 'stored products');
	},
});
