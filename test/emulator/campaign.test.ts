/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Campaign management (X Ads campaign management reference) on the emulator over raw HTTP, signed with the independent
 * `oauth-1.0a` package: strict parameters, X-shaped errors, state transitions and the fixtures.
 */
import { call, qs, expectAdsError, emulatorSuite } from './signedClient';

const { emu, signed, fx, sfx, account, sandboxAccount } = emulatorSuite();

describe('fixtures and seed', () => {
	it('keeps fixture ids across reset and serves them over the control API', async () => {
		const before = emu().control.fixtures();
		emu().control.reset();
		expect(emu().control.fixtures()).toEqual(before);
		const overHttp = await call('GET', `${emu().urls.control}/fixtures`);
		expect(overHttp.json).toEqual(before);
		const serialized = (await call('GET', `${emu().urls.control}/state`)).json.ads.production;
		expect(serialized.lineItems.find((li: { id: string }) => li.id === before.production.lineItems.reach)).toMatchObject({ account_id: before.production.accountId, objective: 'REACH' });
		expect(serialized.features[before.production.accountId]).toContain('CITY_TARGETING');
		const state = emu().control.state().ads;
		expect(state.production.accounts.get(before.production.accountId)!.account.name).toBe('Acme Shoes');
		expect(state.sandbox.accounts.get(before.sandbox.accountId)!.account.name).toBe('Acme Sandbox');
		for (const [envName, f] of [['production', before.production], ['sandbox', before.sandbox]] as const) {
			for (const [objective, id] of [['ENGAGEMENTS', f.lineItems.engagements], ['REACH', f.lineItems.reach], ['APP_INSTALLS', f.lineItems.appInstalls]]) {
				expect(state[envName].lineItems.get(id)).toMatchObject({ objective, entity_status: 'ACTIVE', currency: 'USD', deleted: false });
			}
			expect(state[envName].lineItemCuratedCategories.get(f.lineItemCuratedCategoryId)).toMatchObject({
				line_item_id: f.lineItems.engagements,
				curated_category_id: f.curatedCategoryIds[0],
			});
		}
	});

	it('lists the 3 account apps with cursor and total count, scoped to the user', async () => {
		const page1 = await signed('GET', account('/account_apps') + qs({ count: 2, with_total_count: true }));
		expect(page1.status).toBe(200);
		expect(page1.json.total_count).toBe(3);
		const page2 = await signed('GET', account('/account_apps') + qs({ count: 2, cursor: page1.json.next_cursor }));
		expect(page2.json.next_cursor).toBeNull();
		expect([...page1.json.data, ...page2.json.data].map((a: { id: string }) => a.id)).toEqual(fx().accountAppIds);
		expect(page1.json.data[0]).toEqual(
			expect.objectContaining({ app_store_identifier: expect.any(String), os_type: expect.any(String), conversion_tracking_enabled: expect.any(Boolean), deleted: false }),
		);
		const sorted = await signed('GET', account('/account_apps') + qs({ sort_by: 'created_at-desc' }));
		expect(sorted.json.data.map((a: { id: string }) => a.id)).toEqual([...fx().accountAppIds].reverse());
		expectAdsError(await signed('GET', account('/account_apps') + qs({ count: 1001 })), 400, 'INVALID_PARAMETER', 'count');
		expectAdsError(await signed('GET', account('/account_apps'), { user: emu().users[1] }), 403, 'UNAUTHORIZED_ACCESS');
	});

	it('serves business categories, a curated category and placement options', async () => {
		const categories = await signed('GET', `${emu().urls.ads}/12/advertiser_business_categories`);
		expect(categories.json.data).toHaveLength(16);
		expect(categories.json.next_cursor).toBeNull();
		expect(categories.json.data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Consumer Packaged Goods', 'Non-Profit']));
		for (const c of categories.json.data) expect(c.iab_categories.every((code: string) => /^IAB\d+(-\d+)?$/.test(code))).toBe(true);

		const curated = await signed('GET', account(`/curated_categories/${fx().curatedCategoryIds[1]}`));
		expect(curated.json.data).toMatchObject({ id: fx().curatedCategoryIds[1], country_codes: ['US', 'GB'] });
		expect(curated.json.data).toHaveProperty('videos_monetized_in_last_thirty_days');
		expectAdsError(await signed('GET', account('/curated_categories/nope1')), 404, 'NOT_FOUND');

		const all = await signed('GET', `${emu().urls.ads}/12/line_items/placements`);
		expect(all.json.data.map((p: { product_type: string }) => p.product_type)).toEqual(['MEDIA', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEETS']);
		const tweets = await signed('GET', `${emu().urls.ads}/12/line_items/placements?product_type=PROMOTED_TWEETS`);
		expect(tweets.json.data).toHaveLength(1);
		const combos: string[][] = tweets.json.data[0].placements;
		expect(combos).toContainEqual(['ALL_ON_TWITTER']);
		expect(combos).toContainEqual(['TWITTER_TIMELINE', 'PUBLISHER_NETWORK']);
		expect(combos.every((c) => Array.isArray(c) && c.length > 0)).toBe(true);
		expectAdsError(await signed('GET', `${emu().urls.ads}/12/line_items/placements?product_type=VIDEO`), 400, 'INVALID_PARAMETER', 'product_type');
	});
});

describe('account history', () => {
	const history = (params: Record<string, string | number>) =>
		signed('GET', account('/account_history') + qs({ entity_type: 'LINE_ITEM', entity_id: fx().lineItems.engagements, ...params }));

	it('refuses times that are not whole hours, naming the parameter', async () => {
		expectAdsError(await history({ start_time: '2026-01-01T10:30:00Z', end_time: '2026-01-02T00:00:00Z' }), 400, 'INVALID_PARAMETER', 'start_time');
		expectAdsError(await history({ start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-02T00:00:05Z' }), 400, 'INVALID_PARAMETER', 'end_time');
		expectAdsError(await history({ start_time: 'yesterday', end_time: '2026-01-02T00:00:00Z' }), 400, 'INVALID_PARAMETER', 'start_time');
		expectAdsError(await history({ start_time: '2026-01-02T00:00:00Z', end_time: '2026-01-01T00:00:00Z' }), 400, 'INVALID_PARAMETER', 'start_time');
		expectAdsError(await history({ end_time: '2026-01-02T00:00:00Z' }), 400, 'MISSING_PARAMETER', 'start_time');
		expectAdsError(
			await signed('GET', account('/account_history') + qs({ entity_type: 'AD_GROUP', entity_id: 'x1', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z' })),
			400,
			'INVALID_PARAMETER',
			'entity_type',
		);
	});

	it('returns the entries in [start_time, end_time), by entity and by user, with cursors', async () => {
		const day1 = await history({ start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z' });
		expect(day1.status).toBe(200);
		expect(day1.json.data.map((e: { change_time: string; change_type: string }) => [e.change_time, e.change_type])).toEqual([
			['2026-01-01T10:15:00Z', 'CREATE'],
			['2026-01-01T12:30:00Z', 'UPDATE'],
		]);
		expect(day1.json.data[0]).toMatchObject({
			change_by: { user_id: emu().users[0].userId },
			changes: {},
			entity: 'LINE_ITEM',
			entity_id: fx().lineItems.engagements,
			entity_data: { id: fx().lineItems.engagements, entity_status: 'PAUSED' },
		});
		// end_time is exclusive: the 12:30 entry is outside [10:00, 12:00).
		expect((await history({ start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T12:00:00Z' })).json.data).toHaveLength(1);
		const byOther = await history({ start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-04T00:00:00Z', user_id: '999' });
		expect(byOther.json.data.map((e: { change_time: string }) => e.change_time)).toEqual(['2026-01-03T08:00:00Z']);
		const paged = await history({ start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-04T00:00:00Z', count: 2 });
		expect(paged.json.data).toHaveLength(2);
		const rest = await history({ start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-04T00:00:00Z', count: 2, cursor: paged.json.next_cursor });
		expect(rest.json.data).toHaveLength(1);
		expect(rest.json.next_cursor).toBeNull();

		const campaignId = emu().control.state().ads.production.lineItems.get(fx().lineItems.engagements)!.campaign_id;
		const campaign = await signed(
			'GET',
			account('/account_history') + qs({ entity_type: 'CAMPAIGN', entity_id: campaignId, start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-04T00:00:00Z' }),
		);
		expect(campaign.json.data.length).toBeGreaterThan(0);
		expect(campaign.json.data.every((e: { entity: string }) => e.entity === 'CAMPAIGN')).toBe(true);
	});
});

describe('features', () => {
	it('lists and filters features; only the filter keys are accepted', async () => {
		const all = await signed('GET', account('/features'));
		expect(all.json.data).toEqual(['CITY_TARGETING', 'CONVERSATION_CARD', 'REACH_AND_FREQUENCY_ANALYTICS']);
		const filtered = await signed('GET', account('/features') + qs({ feature_keys: 'REACH_AND_FREQUENCY_ANALYTICS,REACH_FREQUENCY_CAP' }));
		expect(filtered.json.data).toEqual(['REACH_AND_FREQUENCY_ANALYTICS']);
		expectAdsError(await signed('GET', account('/features') + qs({ feature_keys: 'CITY_TARGETING' })), 400, 'INVALID_PARAMETER', 'feature_keys');
	});

	it('adds and removes features in the sandbox; the production base has no such route', async () => {
		const added = await signed('POST', sandboxAccount('/features') + qs({ feature_keys: 'AGE_TARGETING,DR_TAP' }));
		expect(added.status).toBe(200);
		expect(added.json.data).toEqual(['CONVERSATION_CARD', 'PROMOTED_MEDIA_POLLS', 'AGE_TARGETING', 'DR_TAP']);
		const listed = await signed('GET', sandboxAccount('/features'));
		expect(listed.json.data).toEqual(expect.arrayContaining(['AGE_TARGETING', 'DR_TAP']));
		const removed = await signed('DELETE', sandboxAccount('/features') + qs({ feature_keys: 'DR_TAP' }));
		expect(removed.json.data).toEqual(['CONVERSATION_CARD', 'PROMOTED_MEDIA_POLLS', 'AGE_TARGETING']);
		const byForm = await signed('POST', sandboxAccount('/features'), { form: { feature_keys: 'BRAND_TPN' } });
		expect(byForm.json.data).toContain('BRAND_TPN');

		expectAdsError(await signed('POST', sandboxAccount('/features') + qs({ feature_keys: 'CITY_TARGETING' })), 400, 'INVALID_PARAMETER', 'feature_keys');
		expectAdsError(await signed('POST', sandboxAccount('/features')), 400, 'MISSING_PARAMETER', 'feature_keys');
		expectAdsError(await signed('POST', account('/features') + qs({ feature_keys: 'AGE_TARGETING' })), 404, 'NOT_FOUND');
		expectAdsError(await signed('DELETE', account('/features') + qs({ feature_keys: 'CONVERSATION_CARD' })), 404, 'NOT_FOUND');
		expect((await signed('GET', account('/features'))).json.data).not.toContain('AGE_TARGETING');
	});
});

describe('audience estimate', () => {
	const estimate = (opts: Parameters<typeof signed>[2], query = '') => signed('POST', account('/audience_estimate') + query, opts);
	const criteria = [
		{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'shoes' },
		{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' },
	];

	it('needs a JSON body with known types and a primary criterion', async () => {
		expectAdsError(await estimate({ form: { targeting_criteria: JSON.stringify(criteria) } }), 400, 'INVALID_PARAMETER');
		expectAdsError(await estimate({ body: '{"targeting_criteria":', contentType: 'application/json' }), 400, 'INVALID_PARAMETER');
		expectAdsError(await estimate({ json: {} }), 400, 'MISSING_PARAMETER', 'targeting_criteria');
		expectAdsError(await estimate({ json: { targeting_criteria: [criteria[1]] } }), 400, 'INVALID_PARAMETER', 'targeting_criteria');
		expectAdsError(await estimate({ json: { targeting_criteria: [{ targeting_type: 'NOT_A_TYPE', targeting_value: 'x' }] } }), 400, 'INVALID_PARAMETER', 'targeting_criteria');
		expectAdsError(await estimate({ json: { targeting_criteria: [{ targeting_type: 'INTEREST' }] } }), 400, 'INVALID_PARAMETER', 'targeting_criteria');
		expectAdsError(await estimate({ json: { targeting_criteria: criteria } }, qs({ operator_type: 'GT' })), 400, 'INVALID_PARAMETER', 'operator_type');
		// X's reference puts operator_type in the query string, not in the JSON body.
		const inBody = await estimate({ json: { targeting_criteria: criteria, operator_type: 'EQ' } });
		expectAdsError(inBody, 400, 'INVALID_PARAMETER', 'operator_type');
		expect(inBody.json.errors[0].message).toMatch(/query string/);
	});

	it('answers a deterministic audience size range', async () => {
		const a = await estimate({ json: { targeting_criteria: criteria } }, qs({ operator_type: 'EQ' }));
		expect(a.status).toBe(200);
		const { min, max } = a.json.data.audience_size;
		expect(Number.isInteger(min) && Number.isInteger(max) && min > 0 && min <= max).toBe(true);
		const reordered = await estimate({ json: { targeting_criteria: [...criteria].reverse() } });
		expect(reordered.json.data.audience_size).toEqual({ min, max });
		const logged = emu().control.requests().find((r) => r.path.endsWith('/audience_estimate'))!;
		expect(logged.headers['content-type']).toBe('application/json');
		expect(JSON.parse(logged.body).targeting_criteria).toEqual(criteria);
	});
});

describe('line items', () => {
	const lineItem = (id: string) => account(`/line_items/${id}`);
	const stored = (id: string) => emu().control.state().ads.production.lineItems.get(id)!;

	it('PUT entity_status changes updated_at, also twice within one second', async () => {
		const id = fx().lineItems.engagements;
		const before = stored(id).updated_at;
		const paused = await signed('PUT', lineItem(id) + qs({ entity_status: 'PAUSED' }));
		expect(paused.status).toBe(200);
		expect(paused.json.data).toMatchObject({ id, entity_status: 'PAUSED' });
		expect(paused.json.data.updated_at).not.toBe(before);
		const active = await signed('PUT', lineItem(id), { form: { entity_status: 'ACTIVE' } });
		expect(active.json.data.entity_status).toBe('ACTIVE');
		expect(Date.parse(active.json.data.updated_at)).toBeGreaterThan(Date.parse(paused.json.data.updated_at));
		expect(stored(id)).toMatchObject({ entity_status: 'ACTIVE', updated_at: active.json.data.updated_at });
	});

	it('returns money as numbers, categories and placements as arrays', async () => {
		const id = fx().lineItems.engagements;
		const r = await signed(
			'PUT',
			lineItem(id) +
				qs({ bid_strategy: 'MAX', bid_amount_local_micro: '12340000', total_budget_amount_local_micro: '1000000000', daily_budget_amount_local_micro: '1', frequency_cap: 3, duration_in_days: '30', categories: 'IAB19,IAB19-6', start_time: '2026-03-01T00:00:00Z', end_time: '2026-04-01T00:00:00Z' }),
		);
		expect(r.status).toBe(200);
		expect(r.json.data).toMatchObject({
			bid_strategy: 'MAX',
			bid_amount_local_micro: 12340000,
			total_budget_amount_local_micro: 1000000000,
			daily_budget_amount_local_micro: 1,
			frequency_cap: 3,
			duration_in_days: 30,
			categories: ['IAB19', 'IAB19-6'],
			placements: ['ALL_ON_TWITTER'],
			currency: 'USD',
			start_time: '2026-03-01T00:00:00Z',
		});
	});

	it('refuses bad values and objective-dependent parameters with 400 naming the parameter', async () => {
		const { engagements, reach, appInstalls } = fx().lineItems;
		const cases: Array<[string, Record<string, string>, string, string?]> = [
			[engagements, { entity_status: 'DRAFT' }, 'entity_status'],
			[engagements, { bid_amount_local_micro: '0' }, 'bid_amount_local_micro'],
			[engagements, { total_budget_amount_local_micro: '1.5' }, 'total_budget_amount_local_micro'],
			[engagements, { duration_in_days: '14' }, 'duration_in_days'],
			[engagements, { start_time: '05/01/2026' }, 'start_time'],
			[engagements, { goal: 'CLICKS' }, 'goal'],
			[engagements, { audience_expansion: 'WIDE' }, 'audience_expansion'],
			[engagements, { advertiser_domain: 'https://example.com' }, 'advertiser_domain'],
			[engagements, { categories: 'IAB19,sports' }, 'categories'],
			[engagements, { bid_strategy: 'MAX' }, 'bid_amount_local_micro', 'MISSING_PARAMETER'],
			[engagements, { bid_strategy: 'TARGET', bid_amount_local_micro: '100' }, 'bid_strategy'],
			[engagements, { pay_by: 'LINK_CLICK' }, 'pay_by'],
			[appInstalls, { frequency_cap: '2' }, 'frequency_cap'],
			[appInstalls, { pay_by: 'LINK_CLICK' }, 'pay_by'], // the APP_INSTALLS goal supports APP_CLICK and IMPRESSION
			[reach, { bid_strategy: 'MAX', bid_amount_local_micro: '100' }, 'bid_strategy'],
			[reach, { end_time: '2026-01-15T00:00:00Z' }, 'end_time'], // before the stored start_time
			[reach, { daily_budget_amount_local_micro: '200000000' }, 'daily_budget_amount_local_micro'], // above the stored total
			[reach, { total_budget_amount_local_micro: '5000000' }, 'total_budget_amount_local_micro'], // below the stored daily
		];
		for (const [id, params, parameter, code] of cases) {
			const r = await signed('PUT', lineItem(id) + qs(params));
			try {
				expectAdsError(r, 400, code ?? 'INVALID_PARAMETER', parameter);
			} catch (e) {
				throw new Error(`${JSON.stringify(params)} on ${id}: ${(e as Error).message}`);
			}
		}
		// Nothing changed.
		expect(stored(reach)).toMatchObject({ bid_strategy: 'AUTO', daily_budget_amount_local_micro: 10_000_000 });
		const ok = await signed('PUT', lineItem(appInstalls) + qs({ pay_by: 'APP_CLICK' }));
		expect(ok.json.data.pay_by).toBe('APP_CLICK');
		const target = await signed('PUT', lineItem(reach) + qs({ bid_strategy: 'TARGET', bid_amount_local_micro: '3500000' }));
		expect(target.json.data).toMatchObject({ bid_strategy: 'TARGET', bid_amount_local_micro: 3500000 });
	});

	it('deletes irreversibly: a second delete and a later update answer 404', async () => {
		const id = fx().lineItems.reach;
		const first = await signed('DELETE', lineItem(id));
		expect(first.status).toBe(200);
		expect(first.json.data).toMatchObject({ id, deleted: true });
		expectAdsError(await signed('DELETE', lineItem(id)), 404, 'NOT_FOUND');
		expectAdsError(await signed('PUT', lineItem(id) + qs({ entity_status: 'ACTIVE' })), 404, 'NOT_FOUND');
		expect(stored(id).deleted).toBe(true);
		expectAdsError(await signed('DELETE', lineItem(fx().lineItems.engagements), { user: emu().users[1] }), 403, 'UNAUTHORIZED_ACCESS');
		expectAdsError(await signed('DELETE', `${emu().urls.adsSandbox}/12/accounts/${sfx().accountId}/line_items/${fx().lineItems.engagements}`), 404, 'NOT_FOUND');
	});
});

describe('line item curated categories', () => {
	const links = (path = '') => account(`/line_item_curated_categories${path}`);

	it('creates, updates, deletes; deleted ones are listed and read only with with_deleted', async () => {
		const created = await signed('POST', links() + qs({ line_item_id: fx().lineItems.reach, curated_category_id: fx().curatedCategoryIds[1] }));
		expect(created.status).toBe(200);
		expect(created.json.data).toMatchObject({ line_item_id: fx().lineItems.reach, curated_category_id: fx().curatedCategoryIds[1], deleted: false });
		const id: string = created.json.data.id;
		const updated = await signed('PUT', links(`/${id}`) + qs({ curated_category_id: fx().curatedCategoryIds[0] }));
		expect(updated.json.data.curated_category_id).toBe(fx().curatedCategoryIds[0]);

		const deleted = await signed('DELETE', links(`/${id}`));
		expect(deleted.json.data).toMatchObject({ id, deleted: true });
		expectAdsError(await signed('DELETE', links(`/${id}`)), 404, 'NOT_FOUND');
		expectAdsError(await signed('GET', links(`/${id}`)), 404, 'NOT_FOUND');
		expect((await signed('GET', links(`/${id}?with_deleted=true`))).json.data.deleted).toBe(true);

		const without = await signed('GET', links());
		expect(without.json.data.map((r: { id: string }) => r.id)).toEqual([fx().lineItemCuratedCategoryId]);
		const withDeleted = await signed('GET', links() + qs({ with_deleted: true, with_total_count: true }));
		expect(withDeleted.json.data.map((r: { id: string }) => r.id)).toEqual([fx().lineItemCuratedCategoryId, id]);
		expect(withDeleted.json.total_count).toBe(2);
	});

	it('refuses unknown line items and curated categories with 400 naming the parameter', async () => {
		expectAdsError(await signed('POST', links() + qs({ line_item_id: 'zzzz1', curated_category_id: fx().curatedCategoryIds[0] })), 400, 'INVALID_PARAMETER', 'line_item_id');
		expectAdsError(await signed('POST', links() + qs({ line_item_id: fx().lineItems.reach, curated_category_id: 'zzzz1' })), 400, 'INVALID_PARAMETER', 'curated_category_id');
		expectAdsError(await signed('POST', links() + qs({ curated_category_id: fx().curatedCategoryIds[0] })), 400, 'MISSING_PARAMETER', 'line_item_id');
		// A line item of the sandbox account is not one of this account's.
		expectAdsError(await signed('POST', links() + qs({ line_item_id: sfx().lineItems.reach, curated_category_id: fx().curatedCategoryIds[0] })), 400, 'INVALID_PARAMETER', 'line_item_id');
		expectAdsError(await signed('PUT', links(`/${fx().lineItemCuratedCategoryId}`) + qs({ line_item_id: 'zzzz1' })), 400, 'INVALID_PARAMETER', 'line_item_id');
	});
});
