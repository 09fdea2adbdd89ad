/**
 * Mobile measurement and A/B tests in real n8n (https://docs.x.com/x-ads-api/measurement/mobile-conversions,
 * https://docs.x.com/x-ads-api/measurement/ab-testing): the account's app event tags listed and one
 * read; a conversion event sent with its time in milliseconds and X's attribution in the output; an
 * unhashed IDFA refused before any request; an A/B test of two campaigns created and renamed; sizes
 * not adding up to 100.00 refused before any request.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const HASHED = 'lke1GZa3AseB343ZcCQq7svfHzLfuSqyYnE+Rf49MOI=';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Two campaigns of the account without app line items (an app campaign needs a five-day test). */
function campaigns(ctx: CaseContext): string[] {
	const ads = ctx.emulator!.control.state().ads.production;
	const fx = fixtures(ctx);
	const app = ads.lineItems.get(fx.lineItems.appInstalls)!.campaign_id;
	return [...ads.campaigns.values()].filter((c) => c.accountId === fx.accountId && !c.deleted && c.id !== app).map((c) => c.id).slice(0, 2);
}

export default defineCase({
	name: 'X Ads: app event tags, a mobile conversion event with its attribution, an A/B test created and updated; an unhashed IDFA and sizes off 100 refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const [a, b] = campaigns(ctx);
		const node = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput'; account?: string } = { account: fx.accountId }) => once(xAds(name, parameters, opts));
		const event = { resource: 'conversionEvent', operation: 'send', appId: 'com.example.app', osType: 'ANDROID', conversionType: 'INSTALL', conversionTime: '2026-11-01T10:00:00Z' };
		const groups = (x: string, y: string) => JSON.stringify([{ size: x, entity_ids: [a], name: 'A' }, { size: y, entity_ids: [b], name: 'B' }]);
		return chain(
			node('Tags', { resource: 'appEventTag', operation: 'getAll', returnAll: true }),
			node('Tag', { resource: 'appEventTag', operation: 'get', appEventTagId: "={{ $('Tags').first().json.id }}" }),
			node('Event', { ...event, hashedDeviceId: HASHED, additionalFields: { clickWindow: '30', viewThroughWindow: '1' } }, {}),
			node('Unhashed', { ...event, hashedDeviceId: '6D92078A-8246-4BA4-AE5B-76104861E7DC' }, { onError: 'continueRegularOutput' }),
			node('AB Create', { resource: 'abTest', operation: 'create', entityType: 'CAMPAIGN', startTime: inDays(1), endTime: inDays(8), userGroups: groups('50', '50'), additionalFields: { name: 'creative test' } }),
			node('AB Update', { resource: 'abTest', operation: 'update', abTestId: "={{ $('AB Create').first().json.id }}", entityType: 'CAMPAIGN', updateFields: { name: 'creative test, week 2' } }),
			node('AB Bad', { resource: 'abTest', operation: 'create', entityType: 'CAMPAIGN', startTime: inDays(1), endTime: inDays(8), userGroups: groups('60', '50') }, { onError: 'continueRegularOutput', account: fx.accountId }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Tags', 'Tag', 'Event', 'Unhashed', 'AB Create', 'AB Update', 'AB Bad'],
		outputs: {
			Tags: { itemCount: 2 },
			Tag: { itemCount: 1, items: [{ deleted: false }] },
			Event: { itemCount: 1, items: [{ conversion_time: '2026-11-01T10:00:00.000Z', twitter_attribution: { attribution_type: 'PROMOTED' } }] },
			Unhashed: { itemCount: 1, items: [{ error: /Hashed Device ID \(hashed_device_id\) looks like an unhashed IDFA or AdID/ }] },
			'AB Create': { itemCount: 1, items: [{ entity_type: 'CAMPAIGN', name: 'creative test', status: 'SCHEDULED' }] },
			'AB Update': { itemCount: 1, items: [{ name: 'creative test, week 2' }] },
			'AB Bad': { itemCount: 1, items: [{ error: /User Groups \(user_groups\) sizes must add up to 100\.00 \(got 110\.00\)/ }] },
		},
		emulator: { requestCount: 5 },
	},
	check: (ctx) => {
		const sent = ctx.emulator!.control.conversionEventsReceived();
		assertMatch(sent.length, 1, 'one conversion event reached the emulator');
		assertMatch(sent[0].hashed_device_id, HASHED, 'the hashed device ID sent as given');
		const tests = ctx.emulator!.control.abTests();
		assertMatch(tests.length, 1, 'one A/B test created');
		assertMatch((tests[0].user_groups as Array<{ size: string }>).map((g) => g.size).join(','), '50.0,50.0', 'both groups at 50 %');
	},
});
