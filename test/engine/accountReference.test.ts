/**
 * Account-level reference data (X Ads campaign management reference) through the engine against the emulator:
 * account apps, account history, business and curated categories, placements, audience estimates and features.
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
