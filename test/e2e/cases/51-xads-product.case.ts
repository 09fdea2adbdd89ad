/**
 * X Ads "Product" Get Many and Delete in real n8n (X Ads catalog, audience and creative reference). Get Many lists only the first
 * product of each item group (sku-1 stands for sku-2's group "runner"), with Return All (count=100),
 * a Limit of 1 (count=1), and the item group filter taken from the first list's output. Delete
 * takes 30 product keys in one item (the keys of sku-1 and sku-3 from the list, 28 unknown keys)
 * as an array expression: exactly two DELETEs of 25 and 5 keys, one output item per key (X's
 * failed_product_key for the unknown ones), all paired with the one input item. Only sku-2 is left.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const UNKNOWN = Array.from({ length: 28 }, (_, i) => `unknown${i}`);
const PRODUCTS_PATH = /^\/12\/product_catalogs\/\w+\/products$/;

export default defineCase({
	name: 'X Ads: product get many (groups, limit, item group filter) and delete 30 keys in requests of 25',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const catalog = { __rl: true, mode: 'id', value: fixtures(ctx).productCatalogId };
		return chain(
			xAds('Get Many', { resource: 'product', operation: 'getAll', catalog, returnAll: true }),
			once(xAds('Get One', { resource: 'product', operation: 'getAll', catalog, returnAll: false, limit: 1 })),
			once(
				xAds('Get Group', {
					resource: 'product',
					operation: 'getAll',
					catalog,
					returnAll: true,
					filters: { itemGroupKey: '={{ $("Get Many").first().json.item_group_key }}' },
				}),
			),
			once(
				xAds('Delete', {
					resource: 'product',
					operation: 'delete',
					catalog,
					// sku-1's key, 28 keys X does not know, sku-3's key: an array, not a comma list.
					productKeys: `={{ [$("Get Many").all()[0].json.product_key, ...${JSON.stringify(UNKNOWN)}, $("Get Many").all()[1].json.product_key] }}`,
				}),
			),
		);
	},
	expect: {
		executedNodes: ['Start', 'Get Many', 'Get One', 'Get Group', 'Delete'],
		outputs: {
			'Get Many': { itemCount: 2, items: [{ id: 'sku-1', item_group_id: 'runner' }, { id: 'sku-3', mpn: null, sale_price: '39.00 USD' }] },
			'Get One': { itemCount: 1, items: [{ id: 'sku-1' }] },
			'Get Group': { itemCount: 1, items: [{ id: 'sku-1' }] },
			Delete: { itemCount: 30 },
		},
		emulator: {
			requestCount: 5,
			requests: [
				{ method: 'GET', base: 'ads', path: PRODUCTS_PATH, query: 'count=100', status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: PRODUCTS_PATH, query: 'count=1', status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: PRODUCTS_PATH, query: { item_group_key: /\w+/, count: '100' }, status: 200, count: 1 },
				{ method: 'DELETE', base: 'ads', path: PRODUCTS_PATH, query: '', status: 200, headers: { 'content-type': /^application\/json/ }, count: 2 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		const keys = [fx.productKeys['sku-1'], ...UNKNOWN, fx.productKeys['sku-3']];
		assertMatch(ex.output('Get Many').map((p) => p.product_key), [fx.productKeys['sku-1'], fx.productKeys['sku-3']], 'listed product keys');
		const groupKey = ex.output('Get Many')[0].item_group_key;
		assertMatch(queryOf(result.requests[2].query).get('item_group_key'), groupKey, 'item group filter');
		const deletes = result.requests.filter((r) => r.method === 'DELETE');
		assertMatch(deletes.map((r) => JSON.parse(r.body)), [{ product_keys: keys.slice(0, 25) }, { product_keys: keys.slice(25) }], 'DELETE bodies in order');
		assertMatch(
			ex.output('Delete'),
			keys.map((key, i) =>
				i === 0 || i === 29 ? { product_key: key, failed_product_key: null, message: null } : { product_key: key, failed_product_key: key, message: /not found/ },
			),
			'one output item per key',
		);
		assertMatch(ex.items('Delete').map((i) => i.pairedItem), keys.map(() => ({ item: 0 })), 'every key paired with the one input item');
		assertMatch(ctx.emulator!.control.products(fx.productCatalogId).map((p: { id: string }) => p.id), ['sku-2'], 'products left in the emulator');
	},
});
