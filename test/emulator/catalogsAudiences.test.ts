/**
 * Product catalogs, keyword insights and audiences (X Ads catalog, audience and creative reference, first half) on the emulator over
 * raw HTTP, signed with the independent `oauth-1.0a` package: the rules X enforces itself (which a
 * careful client never lets through), request-level limits, ownership, and the control accessors.
 */
import { createHash } from 'node:crypto';
import { call, qs, expectAdsError, emulatorSuite } from './signedClient';

const { emu, signed, fx } = emulatorSuite();

const ads = (path: string) => `${emu().urls.ads}${path}`;
const catalog = (path = '') => ads(`/12/product_catalogs/${fx().productCatalogId}${path}`);
const sha = (v: string) => createHash('sha256').update(v).digest('hex');

const product = (id: string, extra: Record<string, unknown> = {}) => ({
	id,
	title: `Product ${id}`,
	description: 'A plain description',
	availability: 'in stock',
	condition: 'new',
	price: '10.00 USD',
	link: `https://shop.example.com/p/${id}`,
	image_link: `https://cdn.example.com/${id}.jpg`,
	brand: 'Acme',
	...extra,
});

describe('product catalogs', () => {
	it('seeds one catalog per user with 3 products, groups listed by their first product, and stable fixtures', async () => {
		const before = emu().control.fixtures();
		emu().control.reset();
		expect(emu().control.fixtures()).toEqual(before);
		const list = await signed('GET', ads('/12/product_catalogs'));
		expect(list.json.data).toEqual([{ id: fx().productCatalogId, name: 'Acme Catalog' }]);
		const stored = emu().control.products(fx().productCatalogId);
		expect(stored.map((p) => [p.id, p.product_key])).toEqual(Object.entries(fx().productKeys));
		const products = await signed('GET', catalog('/products'));
		expect(products.json.data.map((p: { id: string }) => p.id)).toEqual(['sku-1', 'sku-3']);
		expect(products.json.data[1]).toMatchObject({ mpn: null, mobile_link: null, item_group_key: null, gtin: '0012345678905' });
		const group = await signed('GET', catalog('/products') + qs({ item_group_key: stored[0].item_group_key!, count: 1 }));
		expect(group.json.data.map((p: { id: string }) => p.id)).toEqual(['sku-1']);
		expectAdsError(await signed('GET', catalog('/products') + qs({ count: 101 })), 400, 'INVALID_PARAMETER', 'count');
		const state = (await call('GET', `${emu().urls.control}/state`)).json.ads.production;
		expect(state.productCatalogs.find((c: { id: string }) => c.id === fx().productCatalogId).products).toHaveLength(3);
		expect(state.audiences.customAudiences[0]).toMatchObject({ id: fx().customAudienceId, members: { email: [] } });
		const overHttp = await call('GET', `${emu().urls.control}/product-catalogs/${fx().productCatalogId}/products`);
		expect(overHttp.json.map((p: { id: string }) => p.id)).toEqual(['sku-1', 'sku-2', 'sku-3']);
	});

	it('allows one catalog per user, query parameters only (as X\'s reference), and keeps other users out', async () => {
		expectAdsError(await signed('POST', ads('/12/product_catalogs') + qs({ name: 'Second' })), 400, 'INVALID_PARAMETER', 'user_id');
		// A JSON body is refused: X's reference takes name and user_id in the query string.
		const json = await signed('POST', ads('/12/product_catalogs'), { json: { name: 'Json' }, user: emu().users[1] });
		expectAdsError(json, 400, 'INVALID_PARAMETER');
		expect(json.json.errors[0].message).toMatch(/takes no JSON body/);
		expectAdsError(await signed('PUT', ads(`/12/product_catalogs/${fx().foreignProductCatalogId}`) + qs({ name: 'Mine' })), 403, 'UNAUTHORIZED_ACCESS');
		expectAdsError(await signed('GET', ads('/12/product_catalogs') + qs({ user_id: emu().users[1].userId })), 403, 'UNAUTHORIZED_ACCESS');
		const deleted = await signed('DELETE', catalog());
		expect(deleted.json.data).toEqual({ id: fx().productCatalogId, name: 'Acme Catalog' });
		expectAdsError(await signed('GET', catalog('/products')), 404, 'NOT_FOUND');
		const created = await signed('POST', ads('/12/product_catalogs') + qs({ name: 'Fresh', user_id: emu().users[0].userId }));
		expect(created.json.data.name).toBe('Fresh');
		expect(created.json.request.params).toEqual({ name: 'Fresh', user_id: emu().users[0].userId });
		const renamed = await signed('PUT', ads(`/12/product_catalogs/${created.json.data.id}`), { form: { name: 'Renamed' } });
		expect(renamed.json.data).toEqual({ id: created.json.data.id, name: 'Renamed' });
	});
});

describe('product upsert', () => {
	it('answers per entry in input order: create, update, no change, and ignores every entry of a repeated id', async () => {
		const reply = await signed('PUT', catalog('/products'), {
			json: { products: [product('new-1'), product('dup'), product('sku-3', { title: 'Canvas', gtin: '0012345678905' }), product('dup', { title: 'other' })] },
		});
		expect(reply.status).toBe(200);
		const r = reply.json.data.products_response;
		expect(r.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([['new-1', 'CREATE_SUCCESS'], ['dup', 'ERROR'], ['sku-3', 'UPDATE_SUCCESS'], ['dup', 'ERROR']]);
		expect(r[1].errors[0].message).toMatch(/appears 2 times/);
		expect(r[2].product_key).toBe(fx().productKeys['sku-3']);
		expect(emu().control.products(fx().productCatalogId).map((p) => p.id)).toEqual(['sku-1', 'sku-2', 'sku-3', 'new-1']);
		const again = await signed('PUT', catalog('/products'), { json: { products: [product('new-1')] } });
		expect(again.json.data.products_response[0]).toMatchObject({ status: 'NO_CHANGE', errors: [], warnings: [] });
	});

	it.each([
		['title over 150', { title: 'x'.repeat(151) }, 'title'],
		['HTML description', { description: 'Nice <b>shoe</b>' }, 'description'],
		['description over 5000', { description: 'x'.repeat(5001) }, 'description'],
		['availability not exact', { availability: 'In Stock' }, 'availability'],
		['condition unknown', { condition: 'mint' }, 'condition'],
		['price with comma', { price: '10,00 USD' }, 'price'],
		['price not ISO 4217', { price: '10.00 XYZ' }, 'price'],
		['sale price not lower', { sale_price: '10.00 USD' }, 'sale_price'],
		['sale price other currency', { sale_price: '5.00 EUR' }, 'sale_price'],
		['http link', { link: 'http://shop.example.com/p' }, 'link'],
		['image not an image format', { image_link: 'https://cdn.example.com/a.bmp' }, 'image_link'],
		['11 additional images', { additional_image_link: Array.from({ length: 11 }, (_, i) => `https://cdn.example.com/${i}.jpg`).join(',') }, 'additional_image_link'],
		['no brand, gtin or mpn', { brand: undefined }, 'brand'],
		['gtin letters', { gtin: 'ABC12345' }, 'gtin'],
		['in stock with 0 inventory', { inventory: 0 }, 'inventory'],
		['inventory as text', { inventory: '5' }, 'inventory'],
		['effective date without a time zone', { sale_price: '5.00 USD', sale_price_effective_date: '2026-05-01T00:00/2026-05-08T00:00' }, 'sale_price_effective_date'],
		['effective date reversed', { sale_price: '5.00 USD', sale_price_effective_date: '2026-05-08T00:00+00:00/2026-05-01T00:00+00:00' }, 'sale_price_effective_date'],
		['gender unknown', { gender: 'other' }, 'gender'],
		['age group unknown', { age_group: 'senior' }, 'age_group'],
		['hex color', { color: '#ff0000' }, 'color'],
		['unknown attribute', { colour: 'red' }, 'colour'],
		['missing title', { title: undefined }, 'title'],
	])('refuses %s with status ERROR (nothing applied)', async (_, extra, parameter) => {
		const reply = await signed('PUT', catalog('/products'), { json: { products: [product('bad', extra as Record<string, unknown>)] } });
		expect(reply.status).toBe(200);
		const [entry] = reply.json.data.products_response;
		expect(entry.status).toBe('ERROR');
		expect(entry.errors.map((e: { parameter: string }) => e.parameter)).toContain(parameter);
		expect(emu().control.products(fx().productCatalogId).map((p) => p.id)).not.toContain('bad');
	});

	it('takes color names made of hex letters and valid effective dates (also the form of X\'s own example)', async () => {
		const reply = await signed('PUT', catalog('/products'), {
			json: {
				products: [
					product('ok', { color: 'Beaded', sale_price: '5.00 USD', sale_price_effective_date: '2026-05-01T00:00+02:00/2026-05-08T00:00-05:00' }),
					product('ok2', { sale_price: '5.00 USD', sale_price_effective_date: '2022-10-04T17:20:31.000Z/2022-10-10T04:00:00.000Z' }),
					product('ok3', { sale_price: '5.00 USD', sale_price_effective_date: '2026-05-01T00:00Z/2026-05-08T00:00:30+01:00' }),
				],
			},
		});
		expect(reply.json.data.products_response.map((r: { status: string }) => r.status)).toEqual(['CREATE_SUCCESS', 'CREATE_SUCCESS', 'CREATE_SUCCESS']);
	});

	it('refuses a request of 26 products or without JSON as a whole', async () => {
		const many = Array.from({ length: 26 }, (_, i) => product(`p${i}`));
		expectAdsError(await signed('PUT', catalog('/products'), { json: { products: many } }), 400, 'INVALID_PARAMETER', 'products');
		expectAdsError(await signed('PUT', catalog('/products'), { body: JSON.stringify({ products: [product('x')] }), contentType: 'text/plain' }), 400, 'INVALID_PARAMETER');
		expect(emu().control.products(fx().productCatalogId)).toHaveLength(3);
	});

	it('deletes by product key and reports unknown keys', async () => {
		const reply = await signed('DELETE', catalog('/products'), { json: { product_keys: [fx().productKeys['sku-1'], 'nope'] } });
		expect(reply.json.data.delete_products).toEqual([
			{ product_key: fx().productKeys['sku-1'], failed_product_key: null, message: null },
			{ product_key: 'nope', failed_product_key: 'nope', message: expect.stringMatching(/not found/) },
		]);
		// The group's next product is listed now.
		const products = await signed('GET', catalog('/products'));
		expect(products.json.data.map((p: { id: string }) => p.id)).toEqual(['sku-2', 'sku-3']);
	});
});

describe('product sets', () => {
	it('gets the seeded sets, creates MANUAL and FILTERED sets, and refuses to update a FILTERED one', async () => {
		const manual = await signed('GET', catalog(`/product_sets/${fx().manualProductSetId}`));
		expect(manual.json.data).toMatchObject({ type: 'MANUAL', product_ids: ['sku-1', 'sku-2'], filters: [], processing_status: 'DONE' });
		const filtered = await signed('GET', catalog(`/product_sets/${fx().filteredProductSetId}`));
		expect(filtered.json.data).toMatchObject({ type: 'FILTERED', product_ids: ['sku-3'] });
		const created = await signed('POST', catalog('/product_sets'), {
			json: { name: 'Casual', type: 'FILTERED', filters: [{ attribute: 'product_type', operator: 'CONTAINS', value: 'casual' }] },
		});
		expect(created.json.data).toMatchObject({ name: 'Casual', description: null, product_ids: ['sku-3'] });
		expectAdsError(await signed('POST', catalog('/product_sets'), { json: { name: 'M', type: 'MANUAL', product_keys: ['unknown'] } }), 400, 'INVALID_PARAMETER', 'product_keys');
		expectAdsError(await signed('POST', catalog('/product_sets'), { json: { name: 'F', type: 'FILTERED', filters: [{ attribute: 'title', operator: 'MATCH', value: 'x' }] } }), 400, 'INVALID_PARAMETER', 'filters');
		expectAdsError(await signed('POST', catalog('/product_sets'), { json: { name: 'F', type: 'FILTERED' } }), 400, 'MISSING_PARAMETER', 'filters');
		expectAdsError(await signed('PUT', catalog(`/product_sets/${fx().filteredProductSetId}`), { json: { name: 'x' } }), 400, 'INVALID_PARAMETER');
		const renamed = await signed('PUT', catalog(`/product_sets/${fx().manualProductSetId}`), { json: { name: 'Runners 2', description: 'd' } });
		expect(renamed.json.data).toMatchObject({ name: 'Runners 2', description: 'd' });
	});
});

describe('keyword insights', () => {
	const search = (params: Record<string, string>) => signed('GET', ads('/12/insights/keywords/search') + qs(params));

	it('answers 30 related keywords and one volume per bucket, echoing the request', async () => {
		const reply = await search({ granularity: 'HOUR', keywords: 'shoes,sneakers', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z' });
		expect(reply.status).toBe(200);
		expect(reply.json.data.related_keywords).toHaveLength(30);
		expect(new Set(reply.json.data.related_keywords).size).toBe(30);
		expect(reply.json.data.tweet_volume).toHaveLength(24);
		expect(reply.json.data.tweet_volume.every((v: number) => Number.isInteger(v))).toBe(true);
		expect(reply.json.request.params).toMatchObject({ granularity: 'HOUR', keywords: 'shoes,sneakers', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z' });
	});

	it('refuses windows over 7 days, more than 10 keywords, and missing required parameters', async () => {
		expectAdsError(await search({ granularity: 'DAY', keywords: 'a', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-08T00:00:01Z' }), 400, 'INVALID_PARAMETER');
		const ok7 = await search({ granularity: 'DAY', keywords: 'a', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-08T00:00:00Z' });
		expect(ok7.json.data.tweet_volume).toHaveLength(7);
		expectAdsError(await search({ granularity: 'DAY', keywords: 'a,b,c,d,e,f', negative_keywords: 'g,h,i,j,k', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z' }), 400, 'INVALID_PARAMETER', 'keywords');
		expectAdsError(await search({ keywords: 'a', start_time: '2026-01-01T00:00:00Z' }), 400, 'MISSING_PARAMETER', 'granularity');
		expectAdsError(await search({ granularity: 'DAY', keywords: 'a' }), 400, 'MISSING_PARAMETER', 'start_time');
		expectAdsError(await search({ granularity: 'WEEK', keywords: 'a', start_time: '2026-01-01T00:00:00Z' }), 400, 'INVALID_PARAMETER', 'granularity');
	});
});

describe('tailored audience permissions (version 5)', () => {
	const permissions = (audience: string, suffix = '') => ads(`/5/accounts/${fx().accountId}/tailored_audiences/${audience}/permissions${suffix}`);

	it('exists only under version 5', async () => {
		const v12 = await signed('GET', ads(`/12/accounts/${fx().accountId}/tailored_audiences/${fx().tailoredAudienceId}/permissions`));
		expectAdsError(v12, 404, 'NOT_FOUND');
		const v5 = await signed('GET', permissions(fx().tailoredAudienceId));
		expect(v5.json.data.map((p: { id: string }) => p.id)).toEqual([fx().tailoredAudiencePermissionId]);
	});

	it('lets only the owner create and revoke; the grantee sees its own grant', async () => {
		const outlet = emu().control.state().ads.production.byUser.get(emu().users[0].userId)![1].account.id;
		const created = await signed('POST', permissions(fx().tailoredAudienceId) + qs({ granted_account_id: outlet, permission_level: 'READ_WRITE' }));
		expect(created.json.data).toMatchObject({ granted_account_id: outlet, permission_level: 'READ_WRITE', deleted: false });
		expectAdsError(await signed('POST', permissions(fx().tailoredAudienceId) + qs({ granted_account_id: outlet, permission_level: 'READ_ONLY' })), 400, 'INVALID_PARAMETER', 'granted_account_id');
		const listed = await signed('GET', permissions(fx().tailoredAudienceId) + qs({ granted_account_ids: outlet, with_total_count: true }));
		expect(listed.json).toMatchObject({ total_count: 1, data: [{ id: created.json.data.id }] });
		const deleted = await signed('DELETE', permissions(fx().tailoredAudienceId, `/${created.json.data.id}`));
		expect(deleted.json.data).toMatchObject({ id: created.json.data.id, deleted: true });
		expectAdsError(await signed('DELETE', permissions(fx().tailoredAudienceId, `/${created.json.data.id}`)), 404, 'NOT_FOUND');

		const foreign = fx().foreignTailoredAudienceId;
		expect((await signed('GET', permissions(foreign))).json.data).toEqual([expect.objectContaining({ granted_account_id: fx().accountId })]);
		expectAdsError(await signed('POST', permissions(foreign) + qs({ granted_account_id: outlet, permission_level: 'READ_ONLY' })), 403, 'UNAUTHORIZED_ACCESS');
		expectAdsError(await signed('DELETE', permissions(foreign, '/abc123')), 403, 'UNAUTHORIZED_ACCESS');
	});
});

describe('custom audiences and do-not-reach lists', () => {
	const users = (suffix: string) => ads(`/12/accounts/${fx().accountId}/custom_audiences/${fx().customAudienceId}${suffix}`);
	const op = (type: string, users: object[], extra: object = {}) => ({ operation_type: type, params: { users, ...extra } });

	it('lists targeting campaigns with servable line items, all with with_active=false', async () => {
		const active = await signed('GET', users('/targeted'));
		expect(active.json.data).toEqual([
			{ campaign_id: expect.any(String), campaign_name: 'Spring Sale', line_items: [{ id: fx().lineItems.engagements, name: 'Spring Engagements', servable: true }] },
			{ campaign_id: expect.any(String), campaign_name: 'App Installs', line_items: [{ id: fx().lineItems.appInstalls, name: 'Shoe App Installs', servable: true }] },
		]);
		const all = await signed('GET', users('/targeted') + qs({ with_active: false }));
		expect(all.json.data[0].line_items.map((l: { servable: boolean }) => l.servable)).toEqual([true, false]);
	});

	it('applies good operations, reports bad ones in operation_errors by index, and counts user objects', async () => {
		const a = sha('a@example.com');
		const reply = await signed('POST', users('/users'), {
			json: [op('Update', [{ email: [a], partner_user_id: ['crm-1'] }]), op('Update', [{ email: ['a@example.com'] }]), op('Update', [{ handle: [sha('x')] }], { effective_at: '2026-02-01T00:00:00Z', expires_at: '2026-01-01T00:00:00Z' })],
		});
		expect(reply.status).toBe(200);
		expect(reply.json.data).toEqual({ success_count: 1, total_count: 3 });
		expect(reply.json.operation_errors[0]).toEqual([]);
		expect(reply.json.operation_errors[1][0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'email' });
		expect(reply.json.operation_errors[2][0]).toMatchObject({ parameter: 'expires_at' });
		expect(emu().control.audienceMembers(fx().customAudienceId)).toMatchObject({ email: [a], partner_user_id: ['crm-1'], handle: [] });
		await signed('POST', users('/users'), { json: [op('Delete', [{ email: [a] }])] });
		expect(emu().control.audienceMembers(fx().customAudienceId).email).toEqual([]);
	});

	it('refuses more than 2,500 operations, bodies over 5,000,000 bytes and non-JSON as a whole', async () => {
		const one = op('Update', [{ email: [sha('x')] }]);
		expectAdsError(await signed('POST', users('/users'), { json: Array.from({ length: 2501 }, () => one) }), 400, 'INVALID_PARAMETER');
		const big = op('Update', [{ partner_user_id: ['x'.repeat(5_000_001)] }]);
		expectAdsError(await signed('POST', users('/users'), { json: [big] }), 400, 'INVALID_PARAMETER');
		expectAdsError(await signed('POST', users('/users'), { body: JSON.stringify([one]), contentType: 'text/plain' }), 400, 'INVALID_PARAMETER');
		expect(emu().control.audienceMembers(fx().customAudienceId).email).toEqual([]);
	});

	it('answers 429 beyond 1,500 requests a minute', async () => {
		emu().control.setRateLimit('POST /12/accounts/:account_id/custom_audiences/:custom_audience_id/users', { limit: 2, windowSeconds: 60 });
		const body = { json: [op('Update', [{ email: [sha('x')] }])] };
		expect((await signed('POST', users('/users'), body)).status).toBe(200);
		expect((await signed('POST', users('/users'), body)).status).toBe(200);
		const third = await signed('POST', users('/users'), body);
		expect(third.status).toBe(429);
		expect(emu().control.state().rateLimits.budgets.get('POST /12/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users')).toEqual({ limit: 1500, windowSeconds: 60 });
	});

	it('injects a count mismatch that applies nothing (also over the HTTP control API)', async () => {
		await call('POST', `${emu().urls.control}/audience-count-mismatch`, { 'content-type': 'application/json' }, JSON.stringify({ times: 1 }));
		const body = { json: [op('Update', [{ email: [sha('x')] }]), op('Update', [{ email: [sha('y')] }])] };
		expect((await signed('POST', users('/users'), body)).json.data).toEqual({ success_count: 1, total_count: 2 });
		expect(emu().control.audienceMembers(fx().customAudienceId).email).toEqual([]);
		expect((await signed('POST', users('/users'), body)).json.data).toEqual({ success_count: 2, total_count: 2 });
		const overHttp = await call('GET', `${emu().urls.control}/custom-audiences/${fx().customAudienceId}/members`);
		expect(overHttp.json.email.sort()).toEqual([sha('x'), sha('y')].sort());
	});

	it('loads do-not-reach lists (email and phone only) and deletes them', async () => {
		const list = (suffix: string) => ads(`/12/batch/accounts/${fx().accountId}/do_not_reach_lists/${fx().doNotReachListId}${suffix}`);
		const reply = await signed('POST', list('/users'), {
			json: [op('Update', [{ email: [sha('a@x.com')], phone_number: [sha('15551234567')] }], { expires_at: '2099-01-01T00:00:00Z' }), op('Update', [{ handle: [sha('h')] }])],
		});
		expect(reply.json.data).toEqual([{ success_count: 1, total_count: 1 }, { success_count: 0, total_count: 1 }]);
		expect(reply.json.request[0]).toMatchObject({ operation_type: 'Update', params: { expires_at: '2099-01-01T00:00:00Z' } });
		expect(reply.json.operation_errors[1][0]).toMatchObject({ parameter: 'handle' });
		expect(emu().control.doNotReachMembers(fx().doNotReachListId)).toEqual({ email: [sha('a@x.com')], phone_number: [sha('15551234567')] });
		const deleted = await signed('DELETE', ads(`/12/accounts/${fx().accountId}/do_not_reach_lists/${fx().doNotReachListId}`));
		expect(deleted.json.data).toMatchObject({ id: fx().doNotReachListId, deleted: true, list_size: 2 });
		expectAdsError(await signed('POST', list('/users'), { json: [op('Update', [{ email: [sha('b')] }])] }), 404, 'NOT_FOUND');
	});
});
