/**
 * Mobile measurement and A/B tests (https://docs.x.com/x-ads-api/measurement/mobile-conversions,
 * https://docs.x.com/x-ads-api/measurement/ab-testing) through n8n's engine against the emulator:
 * app event tags listed and read, conversion events sent with their query parameters and X's
 * attribution output, A/B tests created and updated; every rule the pages state refused before
 * anything is sent, naming the item, the field and the rule.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, ads: ok, paired } = suiteHelpers(env);
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('App Event Tag', () => {
	it('Get Many lists the tags page by page, deleted ones only when asked, with the filters X takes', async () => {
		const tags = env.emulator.control.appEventTags(fx().accountId);
		const live = await ok({ resource: 'appEventTag', operation: 'getAll', account: fx().accountId, returnAll: true, filters: { sortBy: 'created_at-asc' } });
		expect(live.map((t) => t.id).sort()).toEqual(tags.filter((t) => !t.deleted).map((t) => t.id).sort());
		const all = await ok({ resource: 'appEventTag', operation: 'getAll', account: fx().accountId, returnAll: false, limit: 1, filters: { withDeleted: true, appEventTagIds: tags.map((t) => t.id).join(',') } });
		expect(all).toHaveLength(1);
		const last = requests()[requests().length - 1];
		expect(new URLSearchParams(last.query).get('app_event_tag_ids')).toBe(tags.map((t) => t.id).join(','));
		expect(new URLSearchParams(last.query).get('with_deleted')).toBe('true');
	});

	it('Get reads one tag; a deleted one with With Deleted', async () => {
		const deleted = env.emulator.control.appEventTags(fx().accountId).find((t) => t.deleted)!;
		const [tag] = await ok({ resource: 'appEventTag', operation: 'get', account: fx().accountId, appEventTagId: deleted.id, options: { withDeleted: true } });
		expect([tag.id, tag.conversion_type, tag.deleted]).toEqual([deleted.id, 'SIGN_UP', true]);
		const result = await env.ads({ resource: 'appEventTag', operation: 'get', account: fx().accountId, appEventTagId: deleted.id });
		expect(result.error?.message).toMatch(/not found/i);
	});
});

const HASHED = 'lke1GZa3AseB343ZcCQq7svfHzLfuSqyYnE+Rf49MOI=';
const conversionEvent = (extra: INodeParameters = {}, additionalFields: INodeParameters = {}): INodeParameters => ({
	resource: 'conversionEvent',
	operation: 'send',
	appId: '={{ $json.app }}',
	osType: 'ANDROID',
	hashedDeviceId: '={{ $json.device }}',
	conversionType: 'INSTALL',
	conversionTime: '={{ $json.time }}',
	additionalFields,
	...extra,
});
const eventRequests = () => requests().filter((r) => r.path === '/12/conversion_event');

describe('Conversion Event: Send', () => {
	it("sends each item's event as X's query parameters, times with milliseconds, and outputs X's attribution", async () => {
		const input = [
			{ app: 'com.example.app', device: HASHED, time: '2026-11-01T10:00:00Z' },
			{ app: 'com.other.app', device: HASHED, time: '2026-11-01T10:00:00.250Z' },
		];
		const result = await env.ads(conversionEvent({}, { clickWindow: '30', viewThroughWindow: '7', priceMicro: 1990000, priceCurrency: 'USD' }), input);
		const out = result.output().map((i) => i.json);
		expect(paired(result.output())).toEqual([0, 1]);
		expect((out[0].twitter_attribution as IDataObject).attribution_type).toBe('PROMOTED');
		expect(out[1].twitter_attribution).toBeNull();
		const sent = env.emulator.control.conversionEventsReceived();
		expect(sent.map((e) => e.conversion_time)).toEqual(['2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.250Z']);
		expect(sent[0]).toMatchObject({ app_id: 'com.example.app', os_type: 'ANDROID', hashed_device_id: HASHED, conversion_type: 'INSTALL', click_window: '30', view_through_window: '7', price_micro: '1990000', price_currency: 'USD' });
		expect(eventRequests().every((r) => r.method === 'POST' && r.body === '')).toBe(true);
	});

	it.each([
		[{ device: '6D92078A-8246-4BA4-AE5B-76104861E7DC' }, {}, 'Hashed Device ID (hashed_device_id) looks like an unhashed IDFA or AdID (a UUID): X takes it HMAC-SHA-256 hashed, with the key of your measurement partner agreement, which X does not publish; give the hashed value'],
		[{}, { viewThroughWindow: '30' }, "Click Window (click_window) must be at least View Through Window (view_through_window), X's rule (got X's default 14 and 30 days)"],
		[{}, { clickWindow: '1', viewThroughWindow: '7' }, "Click Window (click_window) must be at least View Through Window (view_through_window), X's rule (got 1 and 7 days)"],
		[{}, { clickWindow: '3' }, 'Click Window (click_window) must be one of 1, 7, 14, 30 (got "3")'],
		[{ app: 'not an app' }, {}, 'App ID (app_id) must be an App Store ID (digits) or a package name such as com.vine.android (got "not an app")'],
		[{ time: 'yesterday' }, {}, 'Conversion Time (conversion_time) must be an ISO 8601 date-time such as 2026-05-01T13:00:00Z (got "yesterday")'],
		[{}, { nonTwitterEngagementTime: '2026-11-02T00:00:00Z' }, 'Non-X Engagement Time (non_twitter_engagement_time) must be before Conversion Time (conversion_time): X takes the last engagement prior to the conversion (got 2026-11-02T00:00:00.000Z and 2026-11-01T10:00:00.000Z)'],
		[{}, { priceCurrency: 'usd' }, 'Price Currency (price_currency) must be an ISO 4217 code in capitals such as USD or EUR (got "usd")'],
		[{}, { deviceIpAddress: 'localhost' }, 'Device IP Address (device_ip_address) must be an IPv4 address such as 192.133.78.1, or an IPv6 address (got "localhost")'],
	])('refuses %j %j before sending anything', async (change, fields, rule) => {
		const good = { app: 'com.example.app', device: HASHED, time: '2026-11-01T10:00:00Z' };
		const result = await env.ads(conversionEvent({}, fields), [good, { ...good, ...change }]);
		expect(result.error?.message).toBe(`Item ${Object.keys(change).length ? 1 : 0}: ${rule}`);
		expect(eventRequests()).toHaveLength(0);
	});

	it('with Continue On Fail, the unhashed item becomes an error item and the others are sent', async () => {
		const good = { app: 'com.example.app', device: HASHED, time: '2026-11-01T10:00:00Z' };
		const result = await env.ads(conversionEvent(), [good, { ...good, device: '6d92078a-8246-4ba4-ae5b-76104861e7dc' }, good], { continueOnFail: true });
		expect(result.output().map((i) => (i.json.error ? 'error' : 'ok'))).toEqual(['ok', 'error', 'ok']);
		expect(paired(result.output())).toEqual([0, 1, 2]);
		expect(env.emulator.control.conversionEventsReceived()).toHaveLength(2);
		expect(JSON.stringify(env.emulator.control.conversionEventsReceived())).not.toContain('6d92078a');
	});
});

/** The account's campaigns without app line items, and the two line items of the first (its only ones). */
function entities() {
	const ads = env.emulator.control.state().ads.production;
	const spring = ads.lineItems.get(fx().lineItems.engagements)!.campaign_id;
	const appCampaign = ads.lineItems.get(fx().lineItems.appInstalls)!.campaign_id;
	const campaigns = [...ads.campaigns.values()].filter((c) => c.accountId === fx().accountId && !c.deleted && c.id !== appCampaign).map((c) => c.id);
	return { campaigns, spring, appCampaign, lineItems: [fx().lineItems.engagements, fx().lineItems.reach] };
}

const abCreate = (userGroups: unknown, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'abTest',
	operation: 'create',
	account: fx().accountId,
	entityType: 'CAMPAIGN',
	startTime: inDays(1),
	endTime: inDays(5),
	userGroups: JSON.stringify(userGroups),
	additionalFields: { name: 'creative test' },
	...extra,
});
const abRequests = () => requests().filter((r) => r.path.includes('/ab_tests'));

describe('A/B Test', () => {
	it('Create sends a JSON body with sizes as X asks (50.00), Update changes what is given', async () => {
		const { campaigns } = entities();
		const [test] = await ok(abCreate([{ size: 50, entity_ids: [campaigns[0]], name: 'A' }, { size: '50', entity_ids: [campaigns[1]] }]));
		expect(test).toMatchObject({ entity_type: 'CAMPAIGN', name: 'creative test', status: 'SCHEDULED' });
		const body = JSON.parse(abRequests()[0].body) as IDataObject;
		expect((body.user_groups as IDataObject[]).map((g) => g.size)).toEqual(['50.00', '50.00']);
		expect(abRequests()[0].headers['content-type']).toMatch(/application\/json/);
		const [updated] = await ok({ resource: 'abTest', operation: 'update', account: fx().accountId, abTestId: String(test.id), entityType: 'CAMPAIGN', updateFields: { name: 'renamed', userGroups: JSON.stringify([{ size: '30.5', entity_ids: [campaigns[0]] }, { size: '69.5', entity_ids: [campaigns[1]] }]) } });
		expect(updated.name).toBe('renamed');
		expect((updated.user_groups as IDataObject[]).map((g) => g.size)).toEqual(['30.5', '69.5']);
		expect(env.emulator.control.abTests()).toHaveLength(1);
	});

	it('Create on the line item level: one line item per group, an equal split', async () => {
		const { lineItems } = entities();
		const [test] = await ok(abCreate(lineItems.map((id) => ({ size: '50.00', entity_ids: [id] })), { entityType: 'LINE_ITEM' }));
		expect(test.entity_type).toBe('LINE_ITEM');
	});

	it("X refuses what the node cannot know: the app campaign's five days", async () => {
		const { campaigns, appCampaign } = entities();
		const result = await env.ads(abCreate([{ size: '50.00', entity_ids: [campaigns[0]] }, { size: '50.00', entity_ids: [appCampaign] }], { endTime: inDays(3) }));
		expect(result.error?.message).toMatch(/at least 5 days/);
	});

	const twoGroups = [{ size: '50.00', entity_ids: ['c1'] }, { size: '50.00', entity_ids: ['c2'] }];
	it.each([
		[{ startTime: '2020-12-01T01:00:00Z' }, twoGroups, 'Start Time (start_time) must be in the future: X refuses an A/B test that starts or ends before it is created (got 2020-12-01T01:00:00Z)'],
		[{ endTime: 'SHORT' }, twoGroups, "End Time (end_time) must be at least one day after Start Time (start_time), X's shortest test (five days for app campaigns)"],
		[{}, twoGroups.slice(0, 1), 'User Groups (user_groups) must hold 2 to 30 groups (got 1)'],
		[{}, Array.from({ length: 31 }, () => ({ size: '1', entity_ids: ['c1'] })), 'User Groups (user_groups) must hold 2 to 30 groups (got 31)'],
		[{}, [{ size: '60.00', entity_ids: ['c1'] }, { size: '50.00', entity_ids: ['c2'] }], 'User Groups (user_groups) sizes must add up to 100.00 (got 110.00)'],
		[{}, [{ size: '99.50', entity_ids: ['c1'] }, { size: '0.50', entity_ids: ['c2'] }], 'User Groups (user_groups) group 1: size must be a percentage from 1.00 to 99.00 with at most two decimals (got "99.50")'],
		[{}, [{ size: '50.001', entity_ids: ['c1'] }, { size: '49.999', entity_ids: ['c2'] }], 'User Groups (user_groups) group 1: size must be a percentage from 1.00 to 99.00 with at most two decimals (got "50.001")'],
		[{}, [{ size: '50', entity_ids: [] }, { size: '50', entity_ids: ['c2'] }], 'User Groups (user_groups) group 1: entity_ids must be a list of campaign IDs (letters and digits) (got a list [])'],
		[{}, [{ size: '50', entity_ids: ['c1'], weight: 1 }, { size: '50', entity_ids: ['c2'] }], 'User Groups (user_groups) group 1 has weight, which X does not take (size, entity_ids, name, description)'],
		[{ entityType: 'LINE_ITEM' }, [{ size: '50', entity_ids: ['l1', 'l2'] }, { size: '50', entity_ids: ['l3'] }], 'User Groups (user_groups) group 1: on the line item level each group holds exactly one line item (got 2)'],
		[{ entityType: 'LINE_ITEM' }, [{ size: '40', entity_ids: ['l1'] }, { size: '60', entity_ids: ['l3'] }], 'User Groups (user_groups) on the line item level X allows only an equal split: every group the same size'],
		[{ entityType: 'LINE_ITEM' }, Array.from({ length: 6 }, (_, i) => ({ size: i < 4 ? '16.66' : '16.68', entity_ids: [`l${i}`] })), 'User Groups (user_groups) must hold 2 to 5 groups on the line item level (got 6)'],
	])('refuses bad groups or times before sending anything (case %#)', async (change, groups, rule) => {
		const parameters = abCreate(groups, (change as INodeParameters).endTime === 'SHORT' ? { endTime: inDays(1.5) } : change);
		const result = await env.ads(parameters);
		expect(result.error?.message.startsWith(`Item 0: ${rule}`)).toBe(true);
		expect(abRequests()).toHaveLength(0);
	});
});
