/**
 * Product catalogs, products, product sets and keyword insights
 * (https://docs.x.com/x-ads-api/catalog-management/reference) through the
 * engine against the emulator: every operation, the Product table's rules (refused before any
 * request), batching of upserts (25 per request, repeated ids in order), per-item statuses and
 * request-level failures.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { signedClient } from '../emulator/signedClient';
import { engineSuite, suiteHelpers } from './env';
import { validProduct as product } from '../fixtures/products';

const env = engineSuite();
const { fx, requests, q, paired, ads: ok } = suiteHelpers(env);

/** A request signed by hand, for the forms the node no longer sends. */
const signed = signedClient(() => env.emulator);
const stored = () => env.emulator.control.products(fx().productCatalogId);



const upsertAuto = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'product',
	operation: 'upsert',
	catalog: fx().productCatalogId,
	mapping: 'auto',
	...extra,
});

const productPuts = () => requests().filter((r) => r.method === 'PUT' && r.path.endsWith('/products'));

describe('Product Catalog', () => {
	it('lists, renames and deletes the catalog, then creates a new one; a second one is refused by X', async () => {
		const listed = await ok({ resource: 'productCatalog', operation: 'getAll' });
		expect(listed).toEqual([{ id: fx().productCatalogId, name: 'Acme Catalog' }]);

		const [renamed] = await ok({ resource: 'productCatalog', operation: 'update', catalog: { __rl: true, mode: 'list', value: fx().productCatalogId }, name: 'Acme Spring' });
		expect(renamed).toEqual({ id: fx().productCatalogId, name: 'Acme Spring' });
		// X's reference: name goes in the query string (https://docs.x.com/x-ads-api/catalog-management/reference#put-product_catalogs%2Fproduct_catalog_id).
		const put = requests().at(-1)!;
		expect(q(put.query).get('name')).toBe('Acme Spring');
		expect(put.body).toBe('');
		// The old form, a JSON body, is refused by the emulator as X's reference says.
		const asJson = await signed('PUT', `${env.emulator.urls.ads}/12/product_catalogs/${fx().productCatalogId}`, { json: { name: 'Json' } });
		expect(asJson.status).toBe(400);
		expect(asJson.json.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', message: expect.stringMatching(/takes no JSON body/) });

		const [deleted] = await ok({ resource: 'productCatalog', operation: 'delete', catalog: fx().productCatalogId });
		expect(deleted).toEqual({ id: fx().productCatalogId, name: 'Acme Spring' });
		expect(env.emulator.control.state().ads.production.productCatalogs.catalogs.has(fx().productCatalogId)).toBe(false);

		const [created] = await ok({ resource: 'productCatalog', operation: 'create', name: 'Acme Fresh', additionalFields: { userId: env.emulator.users[0].userId } });
		expect(created).toMatchObject({ name: 'Acme Fresh', id: expect.any(String) });
		const post = requests().at(-1)!;
		expect(Object.fromEntries(q(post.query))).toEqual({ name: 'Acme Fresh', user_id: env.emulator.users[0].userId });
		expect(post.body).toBe('');

		const second = await env.ads({ resource: 'productCatalog', operation: 'create', name: 'Another' });
		expect(second.error?.message).toMatch(/X answered 400 INVALID_PARAMETER/);
	});

	it('searches the user\'s catalogs for the resource locator', async () => {
		const found = await env.harness.listSearch('n8n-nodes-x-ads.xAds', 'searchProductCatalogs', { xOAuth1Api: { id: 'xOAuth1Api', name: 'x' } }, 'acme', undefined, {
			authentication: 'xOAuth1Api',
			resource: 'productCatalog',
			operation: 'update',
		});
		expect(found.results).toEqual([{ name: `Acme Catalog (${fx().productCatalogId})`, value: fx().productCatalogId }]);
	});

	it('sends the user id filter of the list', async () => {
		await ok({ resource: 'productCatalog', operation: 'getAll', options: { userId: env.emulator.users[0].userId } });
		expect(q(requests()[0].query).get('user_id')).toBe(env.emulator.users[0].userId);
	});
});

describe('Product: get many and delete', () => {
	it('lists the first product of each group, with Return All, Limit and the item group filter', async () => {
		const all = await ok({ resource: 'product', operation: 'getAll', catalog: fx().productCatalogId, returnAll: true });
		expect(all.map((p) => p.id)).toEqual(['sku-1', 'sku-3']);
		expect(all[1]).toMatchObject({ product_key: fx().productKeys['sku-3'], mpn: null, sale_price: '39.00 USD' });
		expect(q(requests()[0].query).get('count')).toBe('100');

		env.emulator.control.clearRequests();
		const one = await ok({ resource: 'product', operation: 'getAll', catalog: fx().productCatalogId, returnAll: false, limit: 1 });
		expect(one.map((p) => p.id)).toEqual(['sku-1']);
		expect(q(requests()[0].query).get('count')).toBe('1');

		const group = await ok({ resource: 'product', operation: 'getAll', catalog: fx().productCatalogId, returnAll: true, filters: { itemGroupKey: String(all[0].item_group_key) } });
		expect(group.map((p) => p.id)).toEqual(['sku-1']);
	});

	it('deletes by product key, 25 keys per request, one output item per key', async () => {
		const keys = [fx().productKeys['sku-1'], ...Array.from({ length: 28 }, (_, i) => `unknown${i}`), fx().productKeys['sku-3']];
		const result = await env.ads({ resource: 'product', operation: 'delete', catalog: fx().productCatalogId, productKeys: keys.join(', ') });
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out).toHaveLength(30);
		expect(out[0].json).toEqual({ product_key: fx().productKeys['sku-1'], failed_product_key: null, message: null });
		expect(out[1].json).toMatchObject({ product_key: 'unknown0', failed_product_key: 'unknown0' });
		expect(out[29].json).toMatchObject({ product_key: fx().productKeys['sku-3'], failed_product_key: null });
		expect(paired(out).every((i) => i === 0)).toBe(true);
		const deletes = requests().filter((r) => r.method === 'DELETE');
		expect(deletes.map((r) => JSON.parse(r.body).product_keys.length)).toEqual([25, 5]);
		expect(stored().map((p) => p.id)).toEqual(['sku-2']);
	});
});

describe('Product: create or update', () => {
	it('maps each field, sends JSON, stores the product with unset fields null, and pairs the status', async () => {
		const result = await env.ads(
			{
				resource: 'product',
				operation: 'upsert',
				catalog: fx().productCatalogId,
				mapping: 'fields',
				id: '={{ $json.sku }}',
				title: '={{ $json.name }}',
				description: 'Hand-made in Portugal',
				availability: 'in stock',
				condition: 'new',
				price: '={{ $json.price }}',
				link: '={{ "https://shop.example.com/p/" + $json.sku }}',
				imageLink: '={{ "https://cdn.example.com/" + $json.sku + ".png" }}',
				updateFields: {
					brand: 'Acme',
					inventory: 7,
					salePrice: '={{ $json.sale }}',
					salePriceEffectiveDate: '2026-05-01T00:00+02:00/2026-05-08T00:00+02:00',
					additionalImageLink: 'https://cdn.example.com/a.jpg , https://cdn.example.com/b.webp',
					gender: 'unisex',
					ageGroup: 'adult',
					color: 'Beaded',
					customLabel0: 'summer',
					vendorProductCategory: 'Apparel & Accessories > Shoes',
				},
			},
			[
				{ sku: 'boot-1', name: 'Leather Boot', price: '120.00 EUR', sale: '99.50 EUR' },
				{ sku: 'sku-3', name: 'Canvas Sneaker', price: '49.00 USD', sale: '39.00 USD' },
			],
		);
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out.map((i) => [i.json.id, i.json.status])).toEqual([['boot-1', 'CREATE_SUCCESS'], ['sku-3', 'UPDATE_SUCCESS']]);
		expect(out[1].json.product_key).toBe(fx().productKeys['sku-3']);
		expect(paired(out)).toEqual([0, 1]);
		const [put] = productPuts();
		expect(put.headers['content-type']).toMatch(/application\/json/);
		const body = JSON.parse(put.body);
		expect(body.products).toHaveLength(2);
		expect(body.products[0]).toEqual({
			id: 'boot-1',
			title: 'Leather Boot',
			description: 'Hand-made in Portugal',
			availability: 'in stock',
			condition: 'new',
			price: '120.00 EUR',
			link: 'https://shop.example.com/p/boot-1',
			image_link: 'https://cdn.example.com/boot-1.png',
			brand: 'Acme',
			inventory: 7,
			sale_price: '99.50 EUR',
			sale_price_effective_date: '2026-05-01T00:00+02:00/2026-05-08T00:00+02:00',
			additional_image_link: 'https://cdn.example.com/a.jpg,https://cdn.example.com/b.webp',
			gender: 'unisex',
			age_group: 'adult',
			color: 'Beaded',
			custom_label_0: 'summer',
			google_product_category: 'Apparel & Accessories > Shoes',
		});
		const boot = stored().find((p) => p.id === 'boot-1')!;
		expect(boot).toMatchObject({ title: 'Leather Boot', mpn: null, gtin: null, size: null, item_group_id: null, product_key: out[0].json.product_key });
	});

	it('sends google_product_category and X\'s own form of the sale window; X refuses the old name vendor_product_category', async () => {
		const sent = await ok(upsertAuto(), [
			product('cat-1', { google_product_category: 'Apparel & Accessories > Shoes', sale_price: '9.99 USD', sale_price_effective_date: '2022-10-04T17:20:31.000Z/2022-10-10T04:00:00.000Z' }),
		]);
		expect(sent[0]).toMatchObject({ id: 'cat-1', status: 'CREATE_SUCCESS' });
		expect(JSON.parse(productPuts()[0].body).products[0]).toMatchObject({ google_product_category: 'Apparel & Accessories > Shoes' });
		expect(stored().find((p) => p.id === 'cat-1')).toMatchObject({ google_product_category: 'Apparel & Accessories > Shoes' });
		const old = await signed('PUT', `${env.emulator.urls.ads}/12/product_catalogs/${fx().productCatalogId}/products`, {
			json: { products: [product('cat-2', { vendor_product_category: 'Apparel' })] },
		});
		expect(old.json.data.products_response[0]).toMatchObject({ id: 'cat-2', status: 'ERROR', errors: [expect.objectContaining({ parameter: 'vendor_product_category' })] });
	});

	it('upserts 60 products mapped automatically in exactly 3 requests of at most 25, then a second sync changes nothing', async () => {
		const input: IDataObject[] = Array.from({ length: 60 }, (_, i) => ({ ...product(`item-${i}`), unrelated: 'ignored', inventory: String(i + 1) }));
		const first = await env.ads(upsertAuto(), input);
		expect(first.error).toBeUndefined();
		const out = first.output();
		expect(out).toHaveLength(60);
		expect(out.every((i) => i.json.status === 'CREATE_SUCCESS')).toBe(true);
		expect(out.map((i) => i.json.id)).toEqual(input.map((p) => p.id));
		expect(paired(out)).toEqual(input.map((_, i) => i));
		const puts = productPuts();
		expect(puts.map((r) => JSON.parse(r.body).products.length).sort((a: number, b: number) => b - a)).toEqual([25, 25, 10]);
		expect(puts.flatMap((r) => JSON.parse(r.body).products.map((p: IDataObject) => p.id)).sort()).toEqual(input.map((p) => String(p.id)).sort());
		expect(JSON.parse(puts[0].body).products[0]).not.toHaveProperty('unrelated');
		expect(stored().find((p) => p.id === 'item-9')).toMatchObject({ inventory: 10, title: 'Product item-9' });
		expect(stored()).toHaveLength(63);

		env.emulator.control.clearRequests();
		const second = await env.ads(upsertAuto(), input);
		expect(second.output().map((i) => i.json.status)).toEqual(input.map(() => 'NO_CHANGE'));
		expect(productPuts()).toHaveLength(3);
	});

	it('keeps input order for repeated ids: [a,b,a,c,a] ends with the last a, each item with its own status', async () => {
		const input = [
			product('a', { title: 'A first' }),
			product('b'),
			product('a', { title: 'A second' }),
			product('c'),
			product('a', { title: 'A third' }),
		];
		const result = await env.ads(upsertAuto({ productOptions: { concurrency: 8 } }), input);
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out.map((i) => [i.json.id, i.json.status])).toEqual([
			['a', 'CREATE_SUCCESS'],
			['b', 'CREATE_SUCCESS'],
			['a', 'UPDATE_SUCCESS'],
			['c', 'CREATE_SUCCESS'],
			['a', 'UPDATE_SUCCESS'],
		]);
		expect(paired(out)).toEqual([0, 1, 2, 3, 4]);
		expect(stored().find((p) => p.id === 'a')!.title).toBe('A third');
		// No request held an id twice (X would ignore every entry of it), and the a's went out in order.
		const bodies = productPuts().map((r) => JSON.parse(r.body).products as IDataObject[]);
		for (const products of bodies) expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
		expect(bodies.flat().filter((p) => p.id === 'a').map((p) => p.title)).toEqual(['A first', 'A second', 'A third']);

		const again = await env.ads(upsertAuto(), [product('a', { title: 'A fourth' }), product('a', { title: 'A fourth' })]);
		expect(again.output().map((i) => i.json.status)).toEqual(['UPDATE_SUCCESS', 'NO_CHANGE']);
	});

	it('puts an ERROR status from X on its own item (X judges the image format)', async () => {
		const result = await env.ads(upsertAuto(), [product('good-1'), product('bmp', { image_link: 'https://cdn.example.com/img/bmp.bmp' }), product('good-2')]);
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out.map((i) => i.json.status)).toEqual(['CREATE_SUCCESS', 'ERROR', 'CREATE_SUCCESS']);
		expect(out[1].json).toMatchObject({ id: 'bmp', product_key: null, errors: [expect.objectContaining({ parameter: 'image_link' })] });
		expect(paired(out)).toEqual([0, 1, 2]);
		expect(stored().map((p) => p.id)).not.toContain('bmp');
	});

	it('fails only the items of a batch whose request failed (continueOnFail), and the run without it', async () => {
		const input = Array.from({ length: 60 }, (_, i) => product(`f-${i}`));
		const params = upsertAuto({ productOptions: { concurrency: 1 }, requestOptions: { maxRetries: 0 } });
		env.emulator.control.injectFaults([{ kind: 'server_error', status: 500, match: { method: 'PUT', path: '/products' } }]);
		const result = await env.ads(params, input, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out).toHaveLength(60);
		expect(paired(out)).toEqual(input.map((_, i) => i));
		expect(out.slice(0, 25).every((i) => i.json.httpCode === '500' && /X answered 500/.test(String(i.json.error)))).toBe(true);
		expect(out.slice(25).every((i) => i.json.status === 'CREATE_SUCCESS')).toBe(true);
		expect(productPuts()).toHaveLength(3);
		expect(stored().filter((p) => p.id.startsWith('f-'))).toHaveLength(35);

		env.emulator.control.injectFaults([{ kind: 'server_error', status: 500, match: { method: 'PUT', path: '/products' } }]);
		const failed = await env.ads(params, input);
		expect(failed.error?.message).toMatch(/X answered 500/);
	});

	it('retries a batch after a transient 503 (an upsert is safe to repeat)', async () => {
		env.emulator.control.injectFaults([{ kind: 'server_error', status: 503, retryAfterSeconds: 0, match: { method: 'PUT', path: '/products' } }]);
		const out = await ok(upsertAuto(), [product('r-1')]);
		expect(out[0].status).toBe('CREATE_SUCCESS');
		expect(productPuts()).toHaveLength(2);
	});

	it('with continueOnFail a bad item becomes an error item, the others are sent', async () => {
		const result = await env.ads(upsertAuto(), [product('ok-1'), product('bad', { price: '19,99 USD' }), product('ok-2')], { continueOnFail: true });
		const out = result.output();
		expect(out).toHaveLength(3);
		expect(out[0].json.status).toBe('CREATE_SUCCESS');
		expect(out[1].json.error).toMatch(/^Item 1: Price \(price\) must be a number, a space and a 3-letter currency code/);
		expect(out[2].json.status).toBe('CREATE_SUCCESS');
		expect(paired(out)).toEqual([0, 1, 2]);
		const puts = productPuts();
		expect(puts).toHaveLength(1);
		expect(JSON.parse(puts[0].body).products.map((p: IDataObject) => p.id)).toEqual(['ok-1', 'ok-2']);
	});
});

describe('Product Set', () => {
	it('gets, creates MANUAL and FILTERED sets, and updates a MANUAL one', async () => {
		const [manual] = await ok({ resource: 'productSet', operation: 'get', catalog: fx().productCatalogId, productSetId: fx().manualProductSetId });
		expect(manual).toMatchObject({ id: fx().manualProductSetId, type: 'MANUAL', product_ids: ['sku-1', 'sku-2'] });

		const [created] = await ok({
			resource: 'productSet',
			operation: 'create',
			catalog: fx().productCatalogId,
			name: 'Sneakers',
			type: 'MANUAL',
			additionalFields: { productKeys: [fx().productKeys['sku-3']], description: 'Only sneakers' },
		});
		expect(created).toMatchObject({ name: 'Sneakers', type: 'MANUAL', description: 'Only sneakers', product_ids: ['sku-3'], filters: [] });
		expect(JSON.parse(requests().at(-1)!.body)).toEqual({ name: 'Sneakers', type: 'MANUAL', description: 'Only sneakers', product_keys: [fx().productKeys['sku-3']] });

		const [filtered] = await ok({
			resource: 'productSet',
			operation: 'create',
			catalog: fx().productCatalogId,
			name: 'Premium',
			type: 'FILTERED',
			additionalFields: { filters: '[{"attribute":"price","operator":"GREATER_THAN","value":"60.00 USD"}]' },
		});
		expect(filtered).toMatchObject({ type: 'FILTERED', product_ids: ['sku-1', 'sku-2'], processing_status: 'DONE', filters: [{ attribute: 'price', operator: 'GREATER_THAN', value: '60.00 USD' }] });
		const [byCategory] = await ok({
			resource: 'productSet',
			operation: 'create',
			catalog: fx().productCatalogId,
			name: 'Shoes',
			type: 'FILTERED',
			additionalFields: { filters: '[{"attribute":"google_product_category","operator":"CONTAINS","value":"Shoes"}]' },
		});
		expect(byCategory).toMatchObject({ filters: [{ attribute: 'google_product_category', operator: 'CONTAINS', value: 'Shoes' }] });
		const oldAttribute = await signed('POST', `${env.emulator.urls.ads}/12/product_catalogs/${fx().productCatalogId}/product_sets`, {
			json: { name: 'Old', type: 'FILTERED', filters: [{ attribute: 'vendor_product_category', operator: 'CONTAINS', value: 'Shoes' }] },
		});
		expect(oldAttribute.json.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'filters' });

		const [updated] = await ok({ resource: 'productSet', operation: 'update', catalog: fx().productCatalogId, productSetId: String(created.id), updateFields: { name: 'Sneakers 2026' } });
		expect(updated).toMatchObject({ id: created.id, name: 'Sneakers 2026', description: 'Only sneakers' });
		expect(JSON.parse(requests().at(-1)!.body)).toEqual({ name: 'Sneakers 2026' });
	});

	it('deletes a set for good; its products stay in the catalog', async () => {
		const [deleted] = await ok({ resource: 'productSet', operation: 'delete', catalog: fx().productCatalogId, productSetId: fx().manualProductSetId });
		expect(deleted).toMatchObject({ id: fx().manualProductSetId, name: 'Runners', type: 'MANUAL', product_ids: ['sku-1', 'sku-2'] });
		expect(requests().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /12/product_catalogs/${fx().productCatalogId}/product_sets/${fx().manualProductSetId}`]);
		const catalog = env.emulator.control.state().ads.production.productCatalogs.catalogs.get(fx().productCatalogId)!;
		expect(catalog.sets.has(fx().manualProductSetId)).toBe(false);
		expect(catalog.products.size).toBe(3);
		const again = await env.ads({ resource: 'productSet', operation: 'get', catalog: fx().productCatalogId, productSetId: fx().manualProductSetId });
		expect(again.error?.message).toMatch(/X answered 404 NOT_FOUND/);
	});

	it('refuses to update a FILTERED set without sending a PUT', async () => {
		const result = await env.ads({ resource: 'productSet', operation: 'update', catalog: fx().productCatalogId, productSetId: fx().filteredProductSetId, updateFields: { name: 'x' } });
		expect(result.error?.message).toMatch(new RegExp(`Item 0: product set ${fx().filteredProductSetId} is FILTERED`));
		expect(requests().map((r) => r.method)).toEqual(['GET']);
		expect(env.emulator.control.state().ads.production.productCatalogs.catalogs.get(fx().productCatalogId)!.sets.get(fx().filteredProductSetId)!.name).toBe('Under 60');
	});
});

describe('Keyword Insight', () => {
	it('searches with the window, granularity and keyword lists on the query', async () => {
		const [insight] = await ok({
			resource: 'keywordInsight',
			operation: 'search',
			granularity: 'DAY',
			keywords: 'running shoes, trail',
			startTime: '2026-03-01T00:00:00Z',
			options: { endTime: '2026-03-04T00:00:00Z', negativeKeywords: 'cheap', location: '96683cc9126741d1' },
		});
		expect(insight.related_keywords).toHaveLength(30);
		expect(insight.tweet_volume).toHaveLength(3);
		const sent = q(requests()[0].query);
		expect(requests()[0].path).toBe('/12/insights/keywords/search');
		expect(Object.fromEntries(sent)).toEqual({
			granularity: 'DAY',
			keywords: 'running shoes,trail',
			start_time: '2026-03-01T00:00:00Z',
			end_time: '2026-03-04T00:00:00Z',
			negative_keywords: 'cheap',
			location: '96683cc9126741d1',
		});
	});

	it('defaults the end to now', async () => {
		const start = new Date(Date.now() - 5 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
		const [insight] = await ok({ resource: 'keywordInsight', operation: 'search', granularity: 'HOUR', keywords: 'shoes', startTime: start });
		expect((insight.tweet_volume as number[]).length).toBeGreaterThanOrEqual(5);
		expect(q(requests()[0].query).has('end_time')).toBe(false);
	});

	it('leaves out negative keywords that hold only separators', async () => {
		await ok({ resource: 'keywordInsight', operation: 'search', granularity: 'DAY', keywords: 'shoes', startTime: '2026-03-01T00:00:00Z', options: { endTime: '2026-03-02T00:00:00Z', negativeKeywords: ' , ' } });
		expect(q(requests()[0].query).has('negative_keywords')).toBe(false);
	});
});
