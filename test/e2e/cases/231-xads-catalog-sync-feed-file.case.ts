/**
 * Product Catalog → Sync from a feed file in real n8n: a Code node emits 60 products, n8n's Convert
 * to File makes a CSV of them (X's column names as headers, into the item's binary data), Sync reads
 * it as a stream. One row has a price with a comma (Convert to File quotes it): refused with its
 * line and reason, the other 59 created, the seed's sku-1 and sku-3 deleted (Max Deletions 100%),
 * X then holds exactly the 59 (and the seed's unlisted variant sku-2, which X never shows).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

function feedProducts(): Array<Record<string, unknown>> {
	return Array.from({ length: 60 }, (_, i) => ({
		id: `feed-${i + 1}`,
		title: `Feed Product ${i + 1}`,
		description: 'From the shop\'s CSV export',
		availability: 'in stock',
		condition: 'new',
		price: i === 1 ? '19,99 USD' : `${10 + i}.50 USD`,
		link: `https://shop.acme.example/p/feed-${i + 1}`,
		image_link: `https://cdn.acme.example/img/feed-${i + 1}.jpg`,
		brand: 'Acme',
		inventory: 7,
	}));
}

export default defineCase({
	name: 'X Ads: Product Catalog Sync from a CSV feed file (Convert to File), a bad row refused with its line',
	credentials: { x: { type: 'xOAuth1Api' } },
	timeoutMs: 60_000,
	workflow: (ctx) =>
		chain(
			{ name: 'Shop Export', type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode: `const feedProducts = ${feedProducts.toString()};\nreturn feedProducts().map((json) => ({ json }));` } },
			{ name: 'To CSV', type: 'n8n-nodes-base.convertToFile', typeVersion: 1.1, parameters: { operation: 'csv', options: { fileName: 'feed.csv' } } },
			xAds('Sync', { resource: 'productCatalog', operation: 'sync', catalog: locator(fixtures(ctx).productCatalogId), syncInput: 'file', binaryPropertyName: 'data', feedFormat: 'csv', syncOptions: { maxDeletePercent: 100, outputProducts: true } }),
		),
	expect: {
		executedNodes: ['Start', 'Shop Export', 'To CSV', 'Sync'],
		outputs: { Sync: { itemCount: 1 + 59 + 2 } },
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const [summary, ...products] = result.execution!.output('Sync');
		assertMatch(summary, { feed: 'feed.csv', rowsRead: 60, read: 2, toCreate: 59, created: 59, toDelete: 2, deleted: 2, refused: 1, countsConfirmed: true, requests: { list: 1, upsert: 3, delete: 1, total: 5 } }, 'the summary');
		assertMatch(summary.refusedRows, [{ line: 3, id: 'feed-2', reason: /^Price \(price\) must be a number, a space and a 3-letter currency code/ }], 'the refused row');
		assertMatch(products.filter((p) => p.action === 'created').length, 59, 'one item per product created');
		assertMatch(products.filter((p) => p.action === 'deleted').map((p) => p.product_key).sort(), [fx.productKeys['sku-1'], fx.productKeys['sku-3']].sort(), 'deleted by product key');
		const stored = ctx.emulator!.control.products(fx.productCatalogId) as Array<Record<string, unknown>>;
		const want = feedProducts().filter((p) => p.id !== 'feed-2');
		assertMatch(stored.map((p) => String(p.id)).sort(), ['sku-2', ...want.map((p) => String(p.id))].sort(), 'stored ids');
		for (const w of want) {
			const held = stored.find((p) => p.id === w.id)!;
			for (const [field, value] of Object.entries(w)) if (held[field] !== value) throw new Error(`stored ${String(w.id)}.${field} is ${JSON.stringify(held[field])}, expected ${JSON.stringify(value)}`);
		}
	},
});
