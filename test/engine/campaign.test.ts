/**
 * Campaign management (X Ads campaign management reference) through the engine against the emulator: every
 * operation, every input rule (refused before any request), and the emulator's state transitions.
 */

import { signedClient } from '../emulator/signedClient';
import { engineSuite, errorText, suiteHelpers } from './env';

const env = engineSuite();
const { fx, sandboxFx, requests, q, ads: ok } = suiteHelpers(env);

/** A request signed by hand, for the forms the node no longer sends. */
const signed = signedClient(() => env.emulator);


describe('Account App, Account History, Business Category, Curated Category, Placement', () => {
	it('lists account apps with Return All and Limit', async () => {
		const all = await ok({ resource: 'accountApp', operation: 'getAll', account: fx().accountId, returnAll: true });
		expect(all.map((a) => a.id).sort()).toEqual([...fx().accountAppIds].sort());
		expect(all[0]).toHaveProperty('app_store_identifier');
		env.emulator.control.clearRequests();
		const two = await ok({ resource: 'accountApp', operation: 'getAll', account: fx().accountId, returnAll: false, limit: 2, filters: { sortBy: 'created_at-desc' } });
		expect(two).toHaveLength(2);
		expect(q(requests()[0].query).get('count')).toBe('2');
		expect(requests()[0].path).toBe(`/12/accounts/${fx().accountId}/account_apps`);
	});

	it('lists account history in a window of whole hours, by entity and user', async () => {
		const entries = await ok({
			resource: 'accountHistory',
			operation: 'getAll',
			account: fx().accountId,
			returnAll: true,
			entityType: 'LINE_ITEM',
			entityId: fx().lineItems.engagements,
			startTime: '2026-01-01T00:00:00Z',
			endTime: '2026-01-02T00:00:00Z',
		});
		expect(entries).toHaveLength(2);
		expect(entries.every((e) => e.entity === 'LINE_ITEM' && e.entity_id === fx().lineItems.engagements)).toBe(true);
		const sent = q(requests()[0].query);
		expect(sent.get('start_time')).toBe('2026-01-01T00:00:00Z');
		expect(sent.get('entity_type')).toBe('LINE_ITEM');
	});

	it('lists the advertiser business categories with IAB categories', async () => {
		const categories = await ok({ resource: 'advertiserBusinessCategory', operation: 'getAll' });
		expect(categories).toHaveLength(16);
		expect(categories.map((c) => c.name)).toContain('Consumer Packaged Goods');
		expect((categories[0].iab_categories as string[]).every((c) => /^IAB\d+(-\d+)?$/.test(c))).toBe(true);
	});

	it('lists a one-page collection whole by default (as saved workflows did) and cuts it at a Limit, sending no count or cursor', async () => {
		env.emulator.control.clearRequests();
		const three = await ok({ resource: 'advertiserBusinessCategory', operation: 'getAll', returnAll: false, limit: 3 });
		expect(three).toHaveLength(3);
		const features = await ok({ resource: 'feature', operation: 'getAll', account: fx().accountId, returnAll: false, limit: 1 });
		expect(features).toHaveLength(1);
		expect(typeof features[0].feature_key).toBe('string');
		for (const r of requests()) expect([...q(r.query).keys()].filter((k) => k === 'count' || k === 'cursor')).toEqual([]);
		expect(requests()).toHaveLength(2);
	});

	it('gets a curated category', async () => {
		const [category] = await ok({ resource: 'curatedCategory', operation: 'get', account: fx().accountId, curatedCategoryId: fx().curatedCategoryIds[0] });
		expect(category).toMatchObject({ id: fx().curatedCategoryIds[0] });
		expect(Array.isArray(category.country_codes)).toBe(true);
	});

	it('lists the curated categories of the given countries, country_codes comma-joined and no count', async () => {
		const gb = await ok({ resource: 'curatedCategory', operation: 'getAll', account: fx().accountId, countryCodes: 'GB', returnAll: true });
		expect(gb.map((c) => c.id)).toEqual([fx().curatedCategoryIds[1]]);
		const both = await ok({ resource: 'curatedCategory', operation: 'getAll', account: fx().accountId, countryCodes: 'US,GB', returnAll: false, limit: 1 });
		expect(both.map((c) => c.id)).toEqual([fx().curatedCategoryIds[0]]);
		expect(both[0]).toMatchObject({ country_codes: ['US'], publisher_user_ids: expect.any(Array), total_count: 2 });
		expect(requests().map((r) => Object.fromEntries(q(r.query)))).toEqual([{ country_codes: 'GB' }, { country_codes: 'US,GB' }]);
	});

	it('lists placements with the real names, optionally for one product type', async () => {
		const all = await ok({ resource: 'placement', operation: 'getAll' });
		expect(all.map((p) => p.product_type).sort()).toEqual(['MEDIA', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEETS']);
		const one = await ok({ resource: 'placement', operation: 'getAll', options: { productType: 'PROMOTED_TWEETS' } });
		expect(one).toHaveLength(1);
		const combos = one[0].placements as string[][];
		expect(combos).toContainEqual(['ALL_ON_TWITTER']);
		expect(combos.flat()).toEqual(expect.arrayContaining(['TWITTER_TIMELINE', 'PUBLISHER_NETWORK']));
	});
});

describe('Audience Estimate', () => {
	it('posts the criteria as JSON with operator_type in the query string (X\'s reference), and returns the audience size', async () => {
		const [estimate] = await ok({
			resource: 'audienceEstimate',
			operation: 'get',
			account: fx().accountId,
			targetingCriteria: JSON.stringify([
				{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'shoes' },
				{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' },
			]),
			additionalFields: { operatorType: 'EQ' },
		});
		expect(estimate).toHaveProperty('audience_size');
		const sent = requests()[0];
		expect(sent.headers['content-type']).toMatch(/application\/json/);
		expect(JSON.parse(sent.body)).toEqual({ targeting_criteria: [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'shoes' }, { targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' }] });
		expect(new URLSearchParams(sent.query).get('operator_type')).toBe('EQ');
		// The old form, operator_type in the JSON body, is refused by the emulator as X's reference says.
		const old = await signed('POST', `${env.emulator.urls.ads}/12/accounts/${fx().accountId}/audience_estimate`, {
			json: { targeting_criteria: [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'shoes' }], operator_type: 'EQ' },
		});
		expect(old.json.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'operator_type' });
	});

	it('surfaces X\'s refusal of a criterion X judges (unknown targeting type)', async () => {
		const result = await env.ads({
			resource: 'audienceEstimate',
			operation: 'get',
			account: fx().accountId,
			targetingCriteria: '[{"targeting_type":"NOT_A_TYPE","targeting_value":"x"}]',
		});
		expect(result.error?.message).toMatch(/X answered 400 INVALID_PARAMETER/);
	});

	it('leaves "at least one primary criterion" to X (its guide names categories, not types) and shows X\'s answer', async () => {
		const result = await env.ads({
			resource: 'audienceEstimate',
			operation: 'get',
			account: fx().accountId,
			targetingCriteria: '[{"targeting_type":"LOCATION","targeting_value":"96683cc9126741d1"}]',
		});
		expect(requests()).toHaveLength(1);
		expect(result.error?.message).toMatch(/X answered 400 INVALID_PARAMETER/);
		expect(errorText(result.error)).toMatch(/primary targeting criterion/);
	});
});

describe('Feature', () => {
	it('lists features, filters them, and adds and removes them in the sandbox', async () => {
		const listed = await ok({ resource: 'feature', operation: 'getAll', account: fx().accountId });
		expect(listed.length).toBeGreaterThan(0);
		expect(listed.every((f) => typeof f.feature_key === 'string')).toBe(true);
		const filtered = await ok({ resource: 'feature', operation: 'getAll', account: fx().accountId, options: { featureKeys: ['REACH_AND_FREQUENCY_ANALYTICS'] } });
		expect(filtered.map((f) => f.feature_key)).toEqual(['REACH_AND_FREQUENCY_ANALYTICS']);

		env.useEnvironment('sandbox');
		const sandboxAccount = sandboxFx().accountId;
		const added = await ok({ resource: 'feature', operation: 'add', account: sandboxAccount, featureKeys: ['AGE_TARGETING', 'DR_TAP'] });
		expect(added.map((f) => f.feature_key)).toEqual(expect.arrayContaining(['AGE_TARGETING', 'DR_TAP']));
		const after = await ok({ resource: 'feature', operation: 'getAll', account: sandboxAccount });
		expect(after.map((f) => f.feature_key)).toEqual(expect.arrayContaining(['AGE_TARGETING', 'DR_TAP']));
		await ok({ resource: 'feature', operation: 'remove', account: sandboxAccount, featureKeys: ['DR_TAP'] });
		const removed = await ok({ resource: 'feature', operation: 'getAll', account: sandboxAccount });
		expect(removed.map((f) => f.feature_key)).not.toContain('DR_TAP');
		expect(requests().filter((r) => r.method !== 'GET').every((r) => r.base === 'adsSandbox')).toBe(true);
	});

	it('refuses to add features on production before sending', async () => {
		const result = await env.ads({ resource: 'feature', operation: 'add', account: fx().accountId, featureKeys: ['AGE_TARGETING'] });
		expect(result.error?.message).toMatch(/works only in the X Ads sandbox/);
		expect(requests()).toHaveLength(0);
	});
});

describe('Line Item', () => {
	it('updates status (updated_at changes) and money given in currency units, converted exactly', async () => {
		const id = fx().lineItems.engagements;
		const before = env.emulator.control.state().ads.production.lineItems.get(id)!.updated_at;
		const [updated] = await ok({
			resource: 'lineItem',
			operation: 'update',
			account: fx().accountId,
			lineItem: id,
			amountUnit: 'currency',
			updateFields: { entityStatus: 'PAUSED', bidStrategy: 'MAX', bidAmountLocalMicro: '12.34', totalBudgetAmountLocalMicro: '1000', dailyBudgetAmountLocalMicro: '0.000001' },
		});
		expect(updated).toMatchObject({ id, entity_status: 'PAUSED', bid_amount_local_micro: 12340000, total_budget_amount_local_micro: 1000000000, daily_budget_amount_local_micro: 1 });
		expect(updated.updated_at).not.toBe(before);
		const sent = q(requests()[0].query);
		expect(sent.get('bid_amount_local_micro')).toBe('12340000');
	});

	it('sends every parameter of the update table', async () => {
		const [updated] = await ok({
			resource: 'lineItem',
			operation: 'update',
			account: fx().accountId,
			lineItem: fx().lineItems.engagements,
			amountUnit: 'micro',
			updateFields: {
				name: 'Spring – ünïcode',
				bidStrategy: 'AUTO',
				goal: 'ENGAGEMENT',
				startTime: '2026-03-01T00:00:00Z',
				endTime: '2026-04-01T00:00:00Z',
				frequencyCap: 3,
				durationInDays: '7',
				audienceExpansion: 'BROAD',
				advertiserDomain: 'example.com',
				categories: 'IAB19, IAB19-6',
				totalBudgetAmountLocalMicro: '5000000',
			},
		});
		expect(updated).toMatchObject({ name: 'Spring – ünïcode', frequency_cap: 3, duration_in_days: 7, categories: ['IAB19', 'IAB19-6'] });
		expect(q(requests()[0].query).get('categories')).toBe('IAB19,IAB19-6');
	});

	it('lets X judge objective-dependent rules and surfaces its error (frequency cap on APP_INSTALLS)', async () => {
		const result = await env.ads({ resource: 'lineItem', operation: 'update', account: fx().accountId, lineItem: fx().lineItems.appInstalls, updateFields: { frequencyCap: 2 } });
		expect(result.error?.message).toMatch(/X answered 400 INVALID_PARAMETER/);
		expect((result.error as { description?: string }).description).toMatch(/parameter frequency_cap/);
	});

	it('deletes irreversibly: deleted=true, listed with with_deleted, and a second delete says "already deleted"', async () => {
		const id = fx().lineItems.reach;
		const [deleted] = await ok({ resource: 'lineItem', operation: 'delete', account: fx().accountId, lineItem: id });
		expect(deleted).toMatchObject({ id, deleted: true });
		const again = await env.ads({ resource: 'lineItem', operation: 'delete', account: fx().accountId, lineItem: id });
		expect(again.error?.message).toMatch(/already deleted/);
		expect((again.error as { httpCode?: string }).httpCode).toBe('404');
	});
});

describe('Line Item Curated Category', () => {
	it('creates, lists, gets, updates and deletes (deleted listed only with with_deleted)', async () => {
		const account = fx().accountId;
		const [created] = await ok({ resource: 'lineItemCuratedCategory', operation: 'create', account, lineItemId: fx().lineItems.engagements, curatedCategoryId: fx().curatedCategoryIds[0] });
		expect(created).toMatchObject({ line_item_id: fx().lineItems.engagements, curated_category_id: fx().curatedCategoryIds[0], deleted: false });
		const id = String(created.id);

		const listed = await ok({ resource: 'lineItemCuratedCategory', operation: 'getAll', account, returnAll: true });
		expect(listed.map((r) => r.id)).toContain(id);
		const [got] = await ok({ resource: 'lineItemCuratedCategory', operation: 'get', account, lineItemCuratedCategory: { __rl: true, mode: 'list', value: id } });
		expect(got.id).toBe(id);
		const [updated] = await ok({ resource: 'lineItemCuratedCategory', operation: 'update', account, lineItemCuratedCategory: id, updateFields: { curatedCategoryId: fx().curatedCategoryIds[1] } });
		expect(updated.curated_category_id).toBe(fx().curatedCategoryIds[1]);
		const [deleted] = await ok({ resource: 'lineItemCuratedCategory', operation: 'delete', account, lineItemCuratedCategory: id });
		expect(deleted).toMatchObject({ id, deleted: true });

		const without = await ok({ resource: 'lineItemCuratedCategory', operation: 'getAll', account, returnAll: true });
		expect(without.map((r) => r.id)).not.toContain(id);
		const withDeleted = await ok({ resource: 'lineItemCuratedCategory', operation: 'getAll', account, returnAll: true, filters: { withDeleted: true } });
		expect(withDeleted.map((r) => r.id)).toContain(id);
	});

	it('searches the records of the chosen account for the resource locator', async () => {
		const found = await env.harness.listSearch('n8n-nodes-x-ads.xAds', 'searchLineItemCuratedCategories', { xOAuth1Api: { id: 'xOAuth1Api', name: 'x' } }, undefined, undefined, {
			authentication: 'xOAuth1Api',
			resource: 'lineItemCuratedCategory',
			operation: 'get',
			account: { __rl: true, mode: 'id', value: fx().accountId },
		});
		expect(found.results.map((r) => r.value)).toContain(fx().lineItemCuratedCategoryId);
	});
});

describe('input rules (refused before any request)', () => {
	it('with continueOnFail the bad item becomes an error item and the others go through', async () => {
		const result = await env.ads(
			{
				resource: 'lineItem',
				operation: 'update',
				account: fx().accountId,
				lineItem: '={{ $json.id }}',
				updateFields: { entityStatus: '={{ $json.status }}' },
			},
			[
				{ id: fx().lineItems.engagements, status: 'PAUSED' },
				{ id: fx().lineItems.engagements, status: 'STOPPED' },
				{ id: fx().lineItems.reach, status: 'ACTIVE' },
			],
			{ continueOnFail: true },
		);
		const out = result.output();
		expect(out).toHaveLength(3);
		expect(out[0].json).toMatchObject({ id: fx().lineItems.engagements, entity_status: 'PAUSED' });
		expect(out[1].json.error).toMatch(/^Item 1: Status \(entity_status\) must be one of ACTIVE, PAUSED/);
		expect(out[2].json).toMatchObject({ id: fx().lineItems.reach, entity_status: 'ACTIVE' });
		expect(out.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2]);
		expect(requests().filter((r) => r.method === 'PUT')).toHaveLength(2);
	});
});
