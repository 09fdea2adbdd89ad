/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Web conversions (https://docs.x.com/x-ads-api/measurement/web-conversions) through n8n's engine
 * against the emulator: one conversion per item, identifiers normalized and hashed (X's own
 * example hashes), 500 per request, each item's outcome, X's rules refused before sending, the
 * rate limit waited out, and the 60,000-events budget kept by the node.
 */
import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import type { Sent } from '../../nodes/XAds/resources/conversion';
import { BudgetExceeded, CONVERSION_LIMITS, EventBudget } from '../../nodes/XAds/resources/conversion';
import type { HostileServer } from '../hostile/server';
import { startHostile } from '../hostile/server';
import { engineSuite, suiteHelpers, withAdsBaseUrl, X_ADS } from './env';

const env = engineSuite();
const { requests, ads: ok, paired } = suiteHelpers(env);
const sfx = () => env.emulator.control.statsFixtures();
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const conversionRequests = () => requests().filter((r) => r.path.startsWith('/12/measurement/conversions/'));

/** Node parameters mapping each item's JSON to a conversion. */
const send = (extra: IDataObject = {}) => ({
	resource: 'conversion',
	operation: 'send',
	pixelId: sfx().pixelId,
	eventId: '={{ $json.event }}',
	conversionTime: '={{ $json.time }}',
	additionalFields: {
		twclid: '={{ $json.twclid }}',
		hashedEmail: '={{ $json.email }}',
		hashedPhoneNumber: '={{ $json.phone }}',
		ipAddress: '={{ $json.ip }}',
		userAgent: '={{ $json.ua }}',
		value: '={{ $json.value }}',
		conversionId: '={{ $json.order }}',
	},
	...extra,
});

describe('Conversion: Send', () => {
	it("sends one conversion per item with X's hashes (its example's email and phone), and reports each item's outcome", async () => {
		const [purchase, signup] = sfx().eventIds;
		const input = [
			{ event: purchase, time: '2026-11-01T10:00:00Z', email: '  Test@Twitter.com ', phone: '+1 (123) 456-7890', value: '20.00', order: 'A-1' },
			{ event: `tw-${sfx().pixelId}-${signup}`, time: '2026-11-01T11:00:00Z', twclid: '23opevjt88psuo13lu8d020qkn', order: 'A-2' },
			{ event: purchase, time: '2026-11-01T12:00:00Z', ip: '8.25.197.25', ua: 'Mozilla/5.0', value: '5', order: 'A-3' },
		];
		const result = await env.ads(send(), input);
		const out = result.output().map((i) => i.json);
		expect(paired(result.output())).toEqual([0, 1, 2]);
		expect(out.map((o) => [o.status, o.event_id, o.conversion_id, o.request, o.conversions_processed])).toEqual([
			['OK', purchase, 'A-1', 1, 3],
			['OK', `tw-${sfx().pixelId}-${signup}`, 'A-2', 1, 3],
			['OK', purchase, 'A-3', 1, 3],
		]);
		expect(conversionRequests()).toHaveLength(1);
		const received = env.emulator.control.conversionsReceived(sfx().pixelId);
		expect(received[0]).toEqual({
			conversion_time: '2026-11-01T10:00:00Z',
			event_id: purchase,
			// The hashes of X's example request (test@twitter.com, +11234567890).
			identifiers: [{ hashed_email: 'd360d510a224510f373931ce2d6215a799f5a9c1cef221b0149b6b6b50cced62' }, { hashed_phone_number: '1fa6b8d986d9b9cd01bf36951815158bbde9f520c0567c835dfe34783d0a4231' }],
			value: '20.00',
			conversion_id: 'A-1',
		});
		expect(received[1].identifiers).toEqual([{ twclid: '23opevjt88psuo13lu8d020qkn' }]);
		expect(received[2].identifiers).toEqual([{ ip_address: '8.25.197.25', user_agent: 'Mozilla/5.0' }]);
	});

	it('sends 1,200 conversions in 3 requests of at most 500, in input order', async () => {
		const input = Array.from({ length: 1200 }, (_, i) => ({ event: sfx().eventIds[0], time: '2026-11-01T10:00:00Z', email: `buyer${i}@example.com`, order: `o${i}` }));
		const out = await ok(send(), input);
		expect(conversionRequests().map((r) => (JSON.parse(r.body) as { conversions: unknown[] }).conversions.length)).toEqual([500, 500, 200]);
		expect(out.map((o) => o.request)).toEqual(input.map((_, i) => 1 + Math.floor(i / 500)));
		const received = env.emulator.control.conversionsReceived(sfx().pixelId);
		expect(received.map((c) => c.conversion_id)).toEqual(input.map((i) => i.order));
		expect(received[7].identifiers).toEqual([{ hashed_email: sha('buyer7@example.com') }]);
	});

	it.each([
		[{ email: undefined, ip: '1.2.3.4' }, 'Item 1: Identifiers need a second identifier besides IP Address: an X Click ID, Email, Phone Number or User Agent (X matches no conversion on it alone)'],
		[{ email: 'not-an-email' }, 'Item 1: Email (hashed_email) is not an email address ("not-an-email")'],
		[{ phone: '12' }, 'Item 1: Phone Number (hashed_phone_number) is not a phone number with country code, 7 to 15 digits ("12")'],
		[{ value: '1e3' }, 'Item 1: Value (value) must be an amount in decimal digits such as 20.00 (got "1e3")'],
		[{ event: 'bad event' }, 'Item 1: Event ID (event_id) must be an event ID such as o87ne or tw-o8z6j-o87ne (got "bad event", which has a space at character 4; remove it)'],
	])('refuses %j before sending anything', async (change, message) => {
		const good = { event: sfx().eventIds[0], time: '2026-11-01T10:00:00Z', email: 'a@example.com' };
		const result = await env.ads(send(), [good, { ...good, ...change }]);
		expect(result.error?.message).toBe(message);
		expect(conversionRequests()).toHaveLength(0);
	});

	it('refuses contents X does not take, naming the entry', async () => {
		const result = await env.ads(send({ additionalFields: { hashedEmail: 'a@example.com', contents: JSON.stringify([{ content_id: '1', num_items: 1 }, { content_id: '2', price: 3 }]) } }), [{ event: sfx().eventIds[0], time: '2026-11-01T10:00:00Z' }]);
		expect(result.error?.message).toBe('Item 0: Contents (contents) entry 2 has price, which X does not take (content_id, content_name, content_type, content_price, num_items, content_group_id)');
	});

	it('with Continue On Fail, a bad item becomes an error item and the others are sent', async () => {
		const good = { event: sfx().eventIds[0], time: '2026-11-01T10:00:00Z', email: 'a@example.com' };
		const result = await env.ads(send(), [good, { ...good, email: '' }, good], { continueOnFail: true });
		const out = result.output().map((i) => i.json);
		expect(out.map((o) => o.status ?? 'error')).toEqual(['OK', 'error', 'OK']);
		expect(out[1].error).toBe('Item 1: Identifiers need at least one: X Click ID (twclid), Email or Phone Number (or IP Address together with User Agent)');
		expect(env.emulator.control.conversionsReceived(sfx().pixelId)).toHaveLength(2);
	});

	it("waits out X's rate limit for events (429 with its reset) and sends the rest", async () => {
		env.emulator.control.setConversionLimit({ events: 600, windowMs: 300 });
		const input = Array.from({ length: 700 }, (_, i) => ({ event: sfx().eventIds[0], time: '2026-11-01T10:00:00Z', email: `b${i}@example.com`, order: `r${i}` }));
		const out = await ok(send(), input);
		expect(out.every((o) => o.status === 'OK')).toBe(true);
		expect(conversionRequests().map((r) => r.status)).toEqual([200, 429, 200]);
		expect(env.emulator.control.conversionsReceived(sfx().pixelId)).toHaveLength(700);
	});
});

describe("The node's event budget (X: 60,000 events per 15 minutes)", () => {
	it('is X\'s figure', () => {
		expect(CONVERSION_LIMITS).toEqual({ perRequest: 500, eventsPerWindow: 60_000, windowMs: 15 * 60_000 });
	});

	it('lets a request wait until its events fit in the window, and no longer than it may wait', async () => {
		const ledger: Sent[] = [];
		const budget = new EventBudget(1000, 300, [ledger]);
		const t0 = Date.now();
		await budget.take(600, 1000);
		await budget.take(400, 1000);
		expect(Date.now() - t0).toBeLessThan(250); // no wait: a wait would last the 300 ms window
		const waits: number[] = [];
		await budget.take(1, 1000, (ms) => waits.push(ms));
		expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
		expect(waits).toHaveLength(1);
		// A second budget over the same ledger (another execution) sees what the first sent.
		await expect(new EventBudget(1000, 300, [[], ledger]).take(1000, 10)).rejects.toThrow(BudgetExceeded);
	});

	/** 35,000 conversions, as a shop's nightly export might send. */
	const nightly = (tag: string) => Array.from({ length: 35_000 }, (_, i) => ({ email: `${tag}${i}@example.com` }));
	const lean = () => ({ resource: 'conversion', operation: 'send', authentication: 'xOAuth1ConnectApi', pixelId: sfx().pixelId, eventId: sfx().eventIds[0], conversionTime: '2026-11-01T10:00:00Z', additionalFields: { hashedEmail: '={{ $json.email }}' }, requestOptions: { maxRateLimitWait: 0.001 } });
	/**
	 * An execution of a saved workflow. Its node uses the Connect credential, which no other test of
	 * this file sends with: the budget is per credential and this process keeps it, so these two
	 * tests start from nothing (the first sends nothing).
	 */
	const execution = async (workflowId: string, input: IDataObject[]) => {
		const result = await env.harness.runNode({ name: 'X Ads', type: X_ADS, parameters: lean(), credentials: { xOAuth1ConnectApi: { id: 'xOAuth1ConnectApi', name: 'X' } } }, input, { continueOnFail: true, workflowId });
		if (result.error) throw result.error;
		return result.output().map((i) => i.json);
	};

	it('reads what other processes of the workflow sent from its static data (n8n saves it for production executions)', async () => {
		// Another n8n process (a queue-mode worker) ran this workflow a minute ago and sent 59,800.
		env.harness.setWorkflowStaticData('shop-worker', { 'node:X Ads': { conversionsSent: { 'xOAuth1ConnectApi:xOAuth1ConnectApi': [[Date.now() - 60_000, 59_800, 'elsewhere']] } } });
		const out = await execution('shop-worker', nightly('c').slice(0, 500));
		expect(out.map((o) => o.error)).toEqual(out.map(() => 'X takes at most 60000 conversion events in 15 minutes: 59800 conversion events were sent in the last 15 minutes with this X credential'));
		expect(conversionRequests()).toHaveLength(0);
		// This execution's (none) and the other's sends stay in the workflow's static data.
		expect(env.harness.workflowStaticData('shop-worker')).toEqual({ 'node:X Ads': { conversionsSent: { 'xOAuth1ConnectApi:xOAuth1ConnectApi': [[expect.any(Number), 59_800, 'elsewhere']] } } });
	});

	it('holds across two executions of one workflow: 35,000 and 35,000 back to back send 60,000, the rest fail naming the budget (issue 24, break 6)', async () => {
		const first = await execution('shop-nightly', nightly('a'));
		expect(first.filter((o) => o.status === 'OK')).toHaveLength(35_000);
		const out = await execution('shop-nightly', nightly('b'));
		expect(out.filter((o) => o.status === 'OK')).toHaveLength(25_000);
		const refused = out.filter((o) => o.error);
		expect(refused).toHaveLength(10_000);
		expect(refused[0].error).toBe('X takes at most 60000 conversion events in 15 minutes: 60000 conversion events were sent in the last 15 minutes with this X credential');
		// X received 60,000 and never had to refuse a request.
		expect(env.emulator.control.conversionsReceived(sfx().pixelId)).toHaveLength(60_000);
		expect(conversionRequests().filter((r) => r.status !== 200)).toEqual([]);
	}, 240_000);
});

describe("X's counts are typed data", () => {
	let hostile: HostileServer;
	beforeAll(async () => {
		hostile = await startHostile();
	});
	afterAll(() => hostile.close());

	it.each([
		[{ conversions_processed: '3' }, 'UNCONFIRMED', null, 'X\'s conversions_processed is text ("3"), not a count: 3 events sent, not confirmed'],
		[{}, 'UNCONFIRMED', null, "X's conversions_processed is missing, not a count: 3 events sent, not confirmed"],
		[{ conversions_processed: 4 }, 'UNCONFIRMED', 4, 'X counted 4 events processed of 3 sent: the counts do not add up'],
		[{ conversions_processed: 2.5 }, 'UNCONFIRMED', null, "X's conversions_processed is 2.5, not a count: 3 events sent, not confirmed"],
		[{ conversions_processed: 2 }, 'NOT_ALL_PROCESSED', 2, undefined],
	])('X answering %j: %s', async (data, status, processed, problem) => {
		const input = Array.from({ length: 3 }, (_, i) => ({ event: 'o87ne', time: '2026-11-01T10:00:00Z', email: `t${i}@example.com` }));
		const out = await withAdsBaseUrl(env, `${hostile.url}/data/${encodeURIComponent(JSON.stringify(data))}`, () => ok({ ...send(), pixelId: 'o8z6j' }, input));
		expect(out.map((o) => [o.status, o.conversions_processed, o.count_problem])).toEqual(input.map(() => [status, processed, problem]));
	});
});
