/**
 * Product Catalog → Sync refuses a feed that would delete more than 10% of the catalog (a truncated
 * export), before anything is written, in real n8n: the feed holds only sku-1 of the two products X
 * lists, so sku-3 (50%) would go. The error names the counts; X's catalog is untouched.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: Product Catalog Sync refuses deleting more than 10% of the catalog, writing nothing',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) =>
		chain(
			{
				name: 'Truncated Export',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: { jsCode: "return [{ json: { id: 'sku-1', title: 'Trail Runner', description: 'Lightweight shoe for trail running', availability: 'in stock', condition: 'new', price: '89.99 USD', link: 'https://shop.acme.example/p/trail-runner', image_link: 'https://cdn.acme.example/img/trail-runner.jpg', brand: 'Acme', inventory: 12 } }];" },
			},
			xAds('Sync', { resource: 'productCatalog', operation: 'sync', catalog: locator(fixtures(ctx).productCatalogId) }),
		),
	expect: {
		error: { message: "Sync refused: it would delete 1 of X's 2 products (50.0%), more than the 10% allowed", node: 'Sync' },
		emulator: { requestCount: 1, requests: [{ method: 'GET', base: 'ads', path: /^\/12\/product_catalogs\/\w+\/products$/, status: 200, count: 1 }] },
	},
	check: (ctx) => {
		const stored = ctx.emulator!.control.products(fixtures(ctx).productCatalogId) as Array<Record<string, unknown>>;
		assertMatch(stored.map((p) => p.id), ['sku-1', 'sku-2', 'sku-3'], 'the catalog is untouched');
	},
});
