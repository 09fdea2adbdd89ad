/**
 * Targeting through the engine against the emulator: targeting criteria of line items (list, get,
 * create, batch, delete), the targeting option lists and suggestions, the targeting value picker
 * (which list it searches follows the chosen targeting type), and the rules refused before sending.
 * https://docs.x.com/x-ads-api/campaign-management/reference#targeting-criteria
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, paired, ads: ok } = suiteHelpers(env);
const CREDENTIAL = { xOAuth1Api: { id: 'xOAuth1Api', name: 'x' } };

const criteria = (extra: INodeParameters): INodeParameters => ({ resource: 'targetingCriterion', account: fx().accountId, ...extra });
const pick = (method: string, filter: string | undefined, parameters: INodeParameters) =>
	env.harness.listSearch('n8n-nodes-x-ads.xAds', method, CREDENTIAL, filter, undefined, { authentication: 'xOAuth1Api', account: fx().accountId, ...parameters });

describe('Targeting Criterion', () => {
	it('lists the criteria of line items (line_item_ids required), gets, creates and deletes one', async () => {
		const listed = await ok(criteria({ operation: 'getAll', lineItemIds: fx().lineItems.engagements, returnAll: true }));
		expect(listed.map((c) => c.targeting_type)).toEqual(['LOCATION', 'BROAD_KEYWORD', 'CUSTOM_AUDIENCE']);
		expect(Object.fromEntries(q(requests()[0].query))).toEqual({ line_item_ids: fx().lineItems.engagements, count: '1000' });

		const [one] = await ok(criteria({ operation: 'get', targetingCriterionId: fx().targetingCriterionIds.language }));
		expect(one).toMatchObject({ id: fx().targetingCriterionIds.language, targeting_type: 'LANGUAGE', targeting_value: 'en', name: 'English' });

		const [created] = await ok(criteria({
			operation: 'create',
			lineItemId: fx().lineItems.reach,
			targetingType: 'LOCATION',
			targetingValue: { __rl: true, mode: 'list', value: '96683cc9126741d1' },
			operatorType: 'EQ',
		}));
		expect(created).toMatchObject({ line_item_id: fx().lineItems.reach, name: 'United States', targeting_type: 'LOCATION', deleted: false });
		const post = requests().at(-1)!;
		expect(post.method).toBe('POST');
		expect(Object.fromEntries(q(post.query))).toEqual({ line_item_id: fx().lineItems.reach, targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1', operator_type: 'EQ' });

		const [deleted] = await ok(criteria({ operation: 'delete', targetingCriterionId: String(created.id) }));
		expect(deleted).toMatchObject({ id: created.id, deleted: true });
		const after = await ok(criteria({ operation: 'getAll', lineItemIds: fx().lineItems.reach, returnAll: true }));
		expect(after.map((c) => c.id)).toEqual([fx().targetingCriterionIds.language]);
	});

	it('pages with count and cursor under a Limit', async () => {
		const got = await ok(criteria({ operation: 'getAll', lineItemIds: `${fx().lineItems.engagements},${fx().lineItems.reach}`, returnAll: false, limit: 3 }));
		expect(got).toHaveLength(3);
		expect(q(requests()[0].query).get('count')).toBe('3');
	});

	it('batches creates and deletes, 500 operations per request, one record per item in input order', async () => {
		const input = [
			...Array.from({ length: 501 }, (_, n) => ({ operation: 'Create', type: 'PHRASE_KEYWORD', value: `shoes ${n}` })),
			{ operation: 'Delete', id: fx().targetingCriterionIds.keyword },
		];
		const result = await env.ads(criteria({
			operation: 'batch',
			operationType: '={{ $json.operation }}',
			additionalFields: {
				lineItemId: `={{ $json.operation === 'Create' ? '${fx().lineItems.appInstalls}' : '' }}`,
				targetingType: '={{ $json.type ?? "" }}',
				targetingValue: '={{ $json.value ?? "" }}',
				targetingCriterionId: '={{ $json.id ?? "" }}',
			},
		}), input as IDataObject[]);
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out).toHaveLength(502);
		expect(paired(out)).toEqual(input.map((_, n) => n));
		expect(out[0].json).toMatchObject({ targeting_type: 'PHRASE_KEYWORD', targeting_value: 'shoes 0', line_item_id: fx().lineItems.appInstalls });
		expect(out[501].json).toMatchObject({ id: fx().targetingCriterionIds.keyword, deleted: true });
		const posts = requests().filter((r) => r.method === 'POST');
		expect(posts.map((r) => (JSON.parse(r.body) as unknown[]).length)).toEqual([500, 2]);
		expect(posts[0].path).toBe(`/12/batch/accounts/${fx().accountId}/targeting_criteria`);
		expect(JSON.parse(posts[1].body)[1]).toEqual({ operation_type: 'Delete', params: { targeting_criterion_id: fx().targetingCriterionIds.keyword } });
	});

	it('reports X\'s refusal of one operation on its item, and the request\'s others as not applied', async () => {
		const result = await env.ads(criteria({
			operation: 'batch',
			operationType: 'Create',
			additionalFields: { lineItemId: fx().lineItems.reach, targetingType: 'LOCATION', targetingValue: '={{ $json.value }}' },
		}), [{ value: '6416b8512febefc9' }, { value: 'ffffffffffffffff' }], { continueOnFail: true });
		const out = result.output().map((i) => String(i.json.error));
		expect(out[0]).toMatch(/Item 0: not applied, because X refused other operations of batch request 1 \(items 1\)/);
		expect(out[1]).toMatch(/Item 1: X refused this operation: INVALID_PARAMETER: ffffffffffffffff is not a LOCATION targeting value/);
		const left = await ok(criteria({ operation: 'getAll', lineItemIds: fx().lineItems.reach, returnAll: true }));
		expect(left.map((c) => c.targeting_type)).toEqual(['LANGUAGE']);
	});

	it('refuses, before any request, what X\'s reference rules out', async () => {
		const cases: Array<[INodeParameters, RegExp]> = [
			[{ operation: 'create', lineItemId: fx().lineItems.reach, targetingType: 'APP_LIST', targetingValue: 'x', operatorType: 'EQ' }, /Operator Type \(operator_type\) must be NE for targeting type APP_LIST/],
			[{ operation: 'create', lineItemId: fx().lineItems.reach, targetingType: 'LOCATION', targetingValue: 'x', operatorType: 'GTE' }, /GTE works only with targeting type NETWORK_ACTIVATION_DURATION/],
			[{ operation: 'create', lineItemId: fx().lineItems.reach, targetingType: 'GENDER', targetingValue: '3', operatorType: 'EQ' }, /Targeting Value \(targeting_value\) must be 1 \(male\) or 2 \(female\)/],
			[{ operation: 'create', lineItemId: fx().lineItems.reach, targetingType: 'FOLLOWERS_OF_USER', targetingValue: 'acme', operatorType: 'EQ' }, /must be a numeric X user ID for FOLLOWERS_OF_USER/],
			[{ operation: 'batch', operationType: 'Create', additionalFields: { lineItemId: fx().lineItems.reach } }, /Targeting Type \(targeting_type\) is required for operation type Create/],
			[{ operation: 'batch', operationType: 'Delete', additionalFields: { targetingCriterionId: 'abc', lineItemId: 'x1' } }, /line_item_id does not belong to a Delete operation/],
			[{ operation: 'getAll', lineItemIds: ' , ', returnAll: true }, /Line Item IDs \(line_item_ids\) is required/],
		];
		for (const [parameters, message] of cases) {
			const result = await env.ads(criteria(parameters));
			expect(String(result.error?.message)).toMatch(message);
		}
		expect(requests()).toEqual([]);
	});

	it('refuses a second AGE for one line item within a batch, and sends the rest', async () => {
		const result = await env.ads(criteria({
			operation: 'batch',
			operationType: 'Create',
			additionalFields: { lineItemId: fx().lineItems.reach, targetingType: '={{ $json.type }}', targetingValue: '={{ $json.value }}' },
		}), [{ type: 'AGE', value: 'AGE_18_TO_24' }, { type: 'AGE', value: 'AGE_25_TO_34' }, { type: 'LANGUAGE', value: 'fr' }], { continueOnFail: true });
		const out = result.output();
		expect(String(out[1].json.error)).toMatch(/Item 1: Targeting Type \(targeting_type\) line item .* may target only one AGE; item 0 already adds one/);
		expect(out[0].json).toMatchObject({ targeting_type: 'AGE' });
		expect(out[2].json).toMatchObject({ targeting_type: 'LANGUAGE', name: 'French' });
		expect((JSON.parse(requests()[0].body) as unknown[]).length).toBe(2);
	});

	it('X refuses a TV show on a line item without a location, and takes it after one', async () => {
		const tv = { operation: 'create', lineItemId: fx().lineItems.appInstalls, targetingType: 'TV_SHOW', targetingValue: '10027243420', operatorType: 'EQ' };
		const refused = await env.ads(criteria(tv));
		expect(String(refused.error?.message)).toMatch(/X answered 400 INVALID_PARAMETER: TV_SHOW targeting needs a LOCATION/);
		await ok(criteria({ ...tv, targetingType: 'LOCATION', targetingValue: '96683cc9126741d1' }));
		const [show] = await ok(criteria(tv));
		expect(show).toMatchObject({ targeting_type: 'TV_SHOW', name: 'NewsWatch' });
	});
});

describe('Targeting Option', () => {
	const options = (operation: string, extra: INodeParameters = {}) => ok({ resource: 'targetingOption', operation, ...extra });

	it('searches locations by name and kind, paging with count and cursor', async () => {
		const cities = await options('getLocations', { returnAll: true, filters: { q: 'los angeles', locationType: 'CITIES' } });
		expect(cities.map((l) => l.targeting_value)).toContain('3b77caf94bfc81fe');
		expect(cities.every((l) => l.location_type === 'CITIES' && String(l.name).toLowerCase().includes('los angeles'))).toBe(true);
		expect(Object.fromEntries(q(requests()[0].query))).toEqual({ q: 'los angeles', location_type: 'CITIES', count: '1000' });

		env.emulator.control.clearRequests();
		const two = await options('getLanguages', { returnAll: false, limit: 2 });
		expect(two.map((l) => l.targeting_value)).toEqual(['en', 'fr']);
		const all = await options('getLanguages', { returnAll: true });
		expect(all).toHaveLength(5);
	});

	it('lists the other catalogues with the parameters X lists for each', async () => {
		expect((await options('getInterests', { returnAll: true, filters: { q: 'books' } })).map((i) => i.targeting_value)).toEqual(['1001', '1002', '1003']);
		expect((await options('getPlatforms', { returnAll: true })).map((p) => p.name)).toContain('Android');
		expect((await options('getPlatformVersions', { returnAll: true })).length).toBeGreaterThan(1);
		expect((await options('getDevices', { returnAll: true, options: { q: 'iphone' } })).map((d) => d.targeting_value)).toEqual(['1q', '1r']);
		expect((await options('getNetworkOperators', { returnAll: true, filters: { countryCode: 'GB' } })).map((d) => d.name)).toEqual(['EE']);
		expect((await options('getAppStoreCategories', { returnAll: true, options: { osType: 'IOS', q: 'music' } })).map((d) => d.targeting_value)).toEqual(['qouq', 'qov2']);
		expect((await options('getConversations', { returnAll: true, filters: { conversationType: 'SPORTS' } })).map((d) => d.name)).toEqual(['NFL', 'NBA', 'MLB']);
		expect((await options('getEvents', { eventTypes: 'SPORTS', returnAll: true })).map((d) => d.name)).toEqual(['World Cup Final']);
		expect((await options('getTvMarkets', { returnAll: true })).map((m) => m.locale)).toContain('en-GB');
		const shows = await options('getTvShows', { locale: 'en-US', returnAll: true, filters: { q: 'news' } });
		expect(shows.map((s) => s.targeting_value)).toEqual(['10027243420', '10027243421']);
		const suggested = await options('getSuggestions', { account: fx().accountId, suggestionType: 'KEYWORD', targetingValues: 'developers', returnAll: false, limit: 2 });
		expect(suggested).toEqual([{ suggestion_type: 'KEYWORD', suggestion_value: 'devs' }, { suggestion_type: 'KEYWORD', suggestion_value: 'software' }]);
		expect(q(requests().at(-1)!.query).get('count')).toBe('2');
	});

	it('refuses bad option input before any request', async () => {
		for (const [parameters, message] of [
			[{ operation: 'getTvShows', locale: 'english', returnAll: true }, /Locale \(locale\) must be a TV market locale such as en-US/],
			[{ operation: 'getSuggestions', account: fx().accountId, suggestionType: 'USER_ID', targetingValues: '12,devs', returnAll: true }, /keywords and user IDs cannot be mixed \(got "devs"\)/],
			[{ operation: 'getEvents', eventTypes: 'HOLIDAY', returnAll: true, filters: { startTime: '2030-02-01T00:00:00Z', endTime: '2030-01-01T00:00:00Z' } }, /Start Time \(start_time\) must be before End Time/],
			[{ operation: 'getLocations', returnAll: true, filters: { countryCode: 'usa' } }, /Country Code \(country_code\) must be a two-letter ISO 3166 country code/],
		] as Array<[INodeParameters, RegExp]>) {
			const result = await env.ads({ resource: 'targetingOption', ...parameters });
			expect(String(result.error?.message)).toMatch(message);
		}
		expect(requests()).toEqual([]);
	});
});

describe('Targeting value picker', () => {
	const create = { resource: 'targetingCriterion', operation: 'create' };

	it('searches the option list of the chosen targeting type', async () => {
		const locations = await pick('searchTargetingValues', 'london', { ...create, targetingType: 'LOCATION' });
		expect(locations.results).toEqual([{ name: 'London, England, GB [CITIES, GB] (457b4814b4240d87)', value: '457b4814b4240d87' }]);
		expect(requests().at(-1)!.path).toBe('/12/targeting_criteria/locations');

		const languages = await pick('searchTargetingValues', 'fren', { ...create, targetingType: 'LANGUAGE' });
		expect(languages.results).toEqual([{ name: 'French (fr)', value: 'fr' }]);

		const audiences = await pick('searchTargetingValues', 'news', { ...create, targetingType: 'CUSTOM_AUDIENCE' });
		expect(audiences.results).toEqual([{ name: `Newsletter readers (${fx().targetableCustomAudienceId})`, value: fx().targetableCustomAudienceId }]);

		const keywords = await pick('searchTargetingValues', 'developers', { ...create, targetingType: 'BROAD_KEYWORD' });
		expect(keywords.results.map((r) => r.value)).toEqual(['developers', 'devs', 'software', 'programming', 'coding', 'api']);

		const shows = await pick('searchTargetingValues', 'en-GB news', { ...create, targetingType: 'TV_SHOW' });
		expect(shows.results.map((r) => r.value)).toEqual(['10027243423']);

		const genders = await pick('searchTargetingValues', undefined, { ...create, targetingType: 'GENDER' });
		expect(genders.results.map((r) => r.value)).toEqual(['1', '2']);
	});

	it('reads the targeting type from the Batch operation fields too', async () => {
		const found = await pick('searchTargetingValues', 'software', { resource: 'targetingCriterion', operation: 'batch', operationType: 'Create', additionalFields: { targetingType: 'INTEREST' } });
		expect(found.results).toEqual([{ name: 'Technology and computing/Software (19005)', value: '19005' }]);
		expect(q(requests().at(-1)!.query).get('q')).toBe('software');
	});
});
