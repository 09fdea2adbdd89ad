/**
 * Product Catalog → Sync from items in real n8n (also in the queue-mode subset): a Code node emits
 * the shop's products (X's field names), Sync makes the catalog hold exactly them, then the same
 * products again through a Dry Run, which plans nothing but what X cannot show.
 *
 * The emulator's seed catalog holds sku-1, sku-2 (a later variant of sku-1's item group: X lists
 * only the first-submitted product of a group) and sku-3. The feed: sku-1 with a new title (update),
 * sku-2 as held (not listed by X, so sent; X answers NO_CHANGE), 30 new products (create), sku-3
 * gone (delete: 1 of the 2 products X lists, allowed by Max Deletions 50%). Requests: 1 listing page,
 * ceil(32 / 25) = 2 upserts, 1 deletion; the Dry Run: 1 listing page and nothing else.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const PRODUCTS_PATH = /^\/12\/product_catalogs\/\w+\/products$/;

/** The shop's products. Self-contained: its source is the Code nodes' code. */
function shopProducts(): Array<Record<string, unknown>> {
	const common = { description: 'Lightweight shoe for trail running', availability: 'in stock', condition: 'new', link: 'https://shop.acme.example/p/trail-runner', image_link: 'https://cdn.acme.example/img/trail-runner.jpg', brand: 'Acme' };
	const fresh = Array.from({ length: 30 }, (_, i) => ({ id: `new-${i + 1}`, title: `New Shoe ${i + 1}`, description: 'A new shoe', availability: 'in stock', condition: 'new', price: `${50 + i}.00 USD`, link: `https://shop.acme.example/p/new-${i + 1}`, image_link: `https://cdn.acme.example/img/new-${i + 1}.png`, brand: 'Acme', inventory: 5 }));
	return [
		{ id: 'sku-1', title: 'Trail Runner II', ...common, price: '89.99 USD', inventory: 12, item_group_id: 'runner', color: 'Red', size: '42', product_type: 'Shoes > Running' },
		{ id: 'sku-2', title: 'Trail Runner', ...common, price: '89.99 USD', inventory: 5, item_group_id: 'runner', color: 'Blue', size: '42', product_type: 'Shoes > Running' },
		...fresh,
	];
}

const code = (name: string) => ({ name, type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode: `const shopProducts = ${shopProducts.toString()};\nreturn shopProducts().map((json) => ({ json }));` } });

export default defineCase({
	name: 'X Ads: Product Catalog Sync from items (create, update, delete, unchanged), then a Dry Run of the same feed',
	credentials: { x: { type: 'xOAuth1Api' } },
	timeoutMs: 60_000,
	workflow: (ctx) =>
		chain(
			code('Shop Products'),
			xAds('Sync', { resource: 'productCatalog', operation: 'sync', catalog: locator(fixtures(ctx).productCatalogId), syncOptions: { maxDeletePercent: 50 } }),
			code('Same Products'),
			xAds('Dry Run', { resource: 'productCatalog', operation: 'sync', catalog: locator(fixtures(ctx).productCatalogId), dryRun: true }),
		),
	expect: {
		executedNodes: ['Start', 'Shop Products', 'Sync', 'Same Products', 'Dry Run'],
		outputs: {
			Sync: { itemCount: 1, items: [{ read: 2, unchanged: 0, toCreate: 31, toUpdate: 1, toDelete: 1, created: 30, updated: 1, unchangedByX: 1, deleted: 1, refused: 0, countsConfirmed: true, requests: { list: 1, upsert: 2, delete: 1, total: 4 } }] },
			'Dry Run': { itemCount: 1, items: [{ dryRun: true, read: 31, unchanged: 31, toCreate: 1, toUpdate: 0, toDelete: 0, requests: { list: 1, upsert: 0, delete: 0, total: 1 } }] },
		},
		emulator: {
			requestCount: 5,
			requests: [
				{ method: 'GET', base: 'ads', path: PRODUCTS_PATH, query: { count: '100' }, status: 200, count: 2 },
				{ method: 'PUT', base: 'ads', path: PRODUCTS_PATH, status: 200, count: 2 },
				{ method: 'DELETE', base: 'ads', path: PRODUCTS_PATH, status: 200, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		assertMatch(ex.items('Sync')[0].pairedItem, Array.from({ length: 32 }, (_, item) => ({ item })), 'the summary is paired with every input item');
		assertMatch((ex.output('Dry Run')[0].plan as Record<string, unknown>).create, ['sku-2'], 'the variant X does not list is planned (never called unchanged)');
		// X holds exactly the feed: ids and every field given.
		const stored = ctx.emulator!.control.products(fx.productCatalogId) as Array<Record<string, unknown>>;
		const input = shopProducts();
		assertMatch(stored.map((p) => String(p.id)).sort(), input.map((p) => String(p.id)).sort(), 'stored ids');
		for (const want of input) {
			const held = stored.find((p) => p.id === want.id)!;
			for (const [field, value] of Object.entries(want)) if (held[field] !== value) throw new Error(`stored ${String(want.id)}.${field} is ${JSON.stringify(held[field])}, expected ${JSON.stringify(value)}`);
		}
		assertMatch(stored.find((p) => p.id === 'sku-1')!.product_key, fx.productKeys['sku-1'], 'an updated product keeps its key');
	},
});
