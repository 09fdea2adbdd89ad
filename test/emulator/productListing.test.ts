/**
 * The products listing, deletion by product key and the product endpoints' rate limits on the
 * emulator, judged by X's catalog management reference: count 1..100 (default 100), next_cursor
 * until the last page (null there), a product deleted between two pages shifts nothing, an unset
 * product_type listed as "" (X's example answer), DELETE by product_keys answering per key, and the
 * Batch Products API limits (1,000 GET, 600 PUT, 150 DELETE per 15 minutes).
 * https://docs.x.com/x-ads-api/catalog-management/reference#get-product_catalogs%2Fproduct_catalog_id%2Fproducts
 */
import { expectAdsError, emulatorSuite, qs } from './signedClient';

const { emu, signed, fx } = emulatorSuite();

const catalog = (path = '') => `${emu().urls.ads}/12/product_catalogs/${fx().productCatalogId}${path}`;
const product = (id: string) => ({ id, title: `Product ${id}`, description: 'Plain', availability: 'in stock', condition: 'new', price: '10.00 USD', link: `https://shop.example.com/p/${id}`, image_link: `https://cdn.example.com/${id}.jpg`, brand: 'Acme' });

async function put(ids: string[]) {
	for (let i = 0; i < ids.length; i += 25) {
		const answer = await signed('PUT', catalog('/products'), { json: { products: ids.slice(i, i + 25).map(product) } });
		expect(answer.status).toBe(200);
	}
}

async function walk(count?: number): Promise<{ ids: string[]; pages: number }> {
	const ids: string[] = [];
	let cursor: string | null = null;
	let pages = 0;
	do {
		const query = { ...(count ? { count } : {}), ...(cursor ? { cursor } : {}) };
		const page = await signed('GET', catalog('/products') + (Object.keys(query).length ? qs(query) : ''));
		expect(page.status).toBe(200);
		pages++;
		ids.push(...page.json.data.map((p: { id: string }) => p.id));
		cursor = page.json.next_cursor;
		if (cursor !== null) expect(cursor).toMatch(/^\d+$/);
	} while (cursor && pages < 100);
	return { ids, pages };
}

describe('products listing', () => {
	it('pages 100 at a time (X\'s default and maximum) with cursors until next_cursor is null', async () => {
		await put(Array.from({ length: 250 }, (_, i) => `p${i}`));
		const { ids, pages } = await walk();
		expect(pages).toBe(3);
		expect(ids).toEqual(['sku-1', 'sku-3', ...Array.from({ length: 250 }, (_, i) => `p${i}`)]);
		expect((await walk(100)).pages).toBe(3);
		expectAdsError(await signed('GET', catalog('/products') + qs({ count: 101 })), 400, 'INVALID_PARAMETER', 'count');
		expectAdsError(await signed('GET', catalog('/products') + qs({ cursor: 'not-a-cursor' })), 400, 'INVALID_PARAMETER', 'cursor');
	});

	it('a product deleted between two pages shifts nothing; an unset product_type is listed as ""', async () => {
		await put(Array.from({ length: 10 }, (_, i) => `p${i}`));
		const first = await signed('GET', catalog('/products') + qs({ count: 4 }));
		expect(first.json.data.map((p: { id: string }) => p.id)).toEqual(['sku-1', 'sku-3', 'p0', 'p1']);
		const key = emu().control.products(fx().productCatalogId).find((p) => p.id === 'p0')!.product_key;
		const deleted = await signed('DELETE', catalog('/products'), { json: { product_keys: [key, 'unknown-key'] } });
		expect(deleted.json.data.delete_products).toEqual([
			{ product_key: key, failed_product_key: null, message: null },
			{ product_key: 'unknown-key', failed_product_key: 'unknown-key', message: 'Product with product_key unknown-key not found' },
		]);
		const second = await signed('GET', catalog('/products') + qs({ count: 4, cursor: first.json.next_cursor }));
		expect(second.json.data.map((p: { id: string }) => p.id)).toEqual(['p2', 'p3', 'p4', 'p5']);
		expect(second.json.data[0]).toMatchObject({ product_type: '', mpn: null, gtin: null });
		expect(first.json.data[0]).toMatchObject({ product_type: 'Shoes > Running' });
	});

	it('answers 429 past X\'s Batch Products API limits per 15 minutes', async () => {
		const budgets = emu().control.state().rateLimits.budgets;
		const route = '/12/product_catalogs/:product_catalog_id/products';
		expect([budgets.get(`GET ${route}`), budgets.get(`PUT ${route}`), budgets.get(`DELETE ${route}`)]).toEqual([
			{ limit: 1000, windowSeconds: 900 },
			{ limit: 600, windowSeconds: 900 },
			{ limit: 150, windowSeconds: 900 },
		]);
		emu().control.setRateLimit(`DELETE ${route}`, { limit: 1, windowSeconds: 900 });
		expect((await signed('DELETE', catalog('/products'), { json: { product_keys: ['a'] } })).status).toBe(200);
		const limited = await signed('DELETE', catalog('/products'), { json: { product_keys: ['a'] } });
		expect(limited.status).toBe(429);
		expect(limited.headers['x-rate-limit-remaining']).toBe('0');
	});
});
