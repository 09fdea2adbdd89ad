/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Issue 24's independent attack run: variants of its breaks that the issue does not list, through
 * n8n's engine against the X emulator and hostile loopback servers. Each test here is a variant
 * that was tried; those that broke the package name the fix that holds them now.
 */
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { HostileServer } from '../hostile/server';
import { startHostile } from '../hostile/server';
import { engineSuite, suiteHelpers, withAdsBaseUrl } from './env';
import { reportParameters } from './reportFiles.child';

const env = engineSuite();
const { fx } = suiteHelpers(env);
const control = () => env.emulator.control;
let hostile: HostileServer;

beforeAll(async () => {
	hostile = await startHostile();
});
afterAll(async () => {
	await hostile.close();
});

const MIB = 1024 * 1024;
/** X's stats answer for one entity and one bucket whose impressions series is `series`. */
const stats = (id: string, series: unknown) => JSON.stringify({ data_type: 'stats', time_series_length: 1, data: [{ id, id_data: [{ segment: null, metrics: { impressions: series } }] }] });

/** Runs a report of one line item (one job) whose result file is `file(id)`, served as `how` (see test/hostile/server.ts /file). */
async function reportWithFile(name: string, file: (id: string) => Buffer, how = '', requestOptions: INodeParameters = { maxRetries: 0 }) {
	const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 1);
	hostile.files.set(name, file(ids[0]));
	control().setStatsFileHost(`${hostile.url}/file/${name}${how ? `/${how}` : ''}`);
	return env.ads({ ...reportParameters(fx().accountId, ids), requestOptions });
}

const cannotRead = (why: string) => new RegExp(`^The result of job \\d+ cannot be read: ${why}$`);

describe('Attack run: report result files', () => {
	it('a number of 24 million digits: refused at the value bound, not kept and rescanned piece by piece', async () => {
		// Before: every piece was added to the kept digits and all of them scanned again (8 MiB: 2.6 s,
		// 256 MiB, the unpacking cap: about 45 minutes of CPU from a 250 KB file).
		const result = await reportWithFile('digits', () => gzipSync(`{"data":[1${'1'.repeat(24 * MIB)}]}`));
		expect(result.error?.message).toMatch(cannotRead('a value is longer than 65536 characters'));
	});

	it("a series that is an object of 3 MB: named in a short message, X's value not copied into it", async () => {
		const big = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'a'.repeat(60_000)]));
		const result = await reportWithFile('big-series', (id) => gzipSync(stats(id, { metric: big })));
		// Before: the whole object, 3 MB of JSON, was the error's message (and the execution's data).
		expect(result.error?.message).toMatch(/^X's stats answer cannot be used: impressions\.metric of \w+ is an object \{"k0":"a+\.\.\., not a series$/);
		expect(result.error?.message.length).toBeLessThan(1000);
	});
});

describe('Attack run: report result files that held', () => {
	const s = (id: string) => stats(id, [5]);
	it.each<[string, (id: string) => Buffer, string, INodeParameters | undefined, RegExp]>([
		// A bomb spread over many members cannot pass the cap: the first member's end is the file's.
		['two gzip members (one file split in two)', (id) => Buffer.concat([gzipSync(s(id).slice(0, 20)), gzipSync(s(id).slice(20))]), '', undefined, cannotRead('the gzip data is damaged \\(Trailing junk found after the end of the compressed stream\\)')],
		['a gzip whose trailer claims another size', (id) => { const file = gzipSync(s(id)); file.writeUInt32LE(3, file.length - 4); return file; }, '', undefined, cannotRead('the gzip data is damaged \\(incorrect length check\\)')],
		['zlib-wrapped deflate, not gzip', (id) => deflateSync(s(id)), '', undefined, cannotRead('the file is not UTF-8 text')],
		['raw deflate', (id) => deflateRawSync(s(id)), '', undefined, cannotRead('the file is not UTF-8 text')],
		['a text one character over the 65,536 bound', (id) => gzipSync(stats(id, ['a'.repeat(65_537)])), '', undefined, cannotRead('a text is longer than 65536 characters')],
		['a Content-Length of half the file', (id) => gzipSync(s(id)), 'short', undefined, cannotRead('the gzip data ends before its end \\(the file is cut off\\)')],
		['a Content-Length of twice the file, then the connection closed', (id) => gzipSync(s(id)), 'long', undefined, /^X's answer broke off: the connection closed in the middle of the answer/],
		['half the file, then silence', (id) => gzipSync(s(id)), 'stall', { maxRetries: 0, timeout: 2 }, /^X did not answer within 2 s/],
	])('%s: a clear error', async (_, file, how, options, message) => {
		const result = await reportWithFile(`held-${how}-${Math.random()}`, file, how, options);
		expect(result.error?.message).toMatch(message);
	});

	it.each<[string, (id: string) => string]>([
		['a byte order mark before the JSON', (id) => `\uFEFF${stats(id, [5])}`],
		['"data" twice (the last one holds, as JSON.parse reads it)', (id) => stats(id, [5]).replace('{"data_type"', '{"data":[{"id":"other"}],"data_type"')],
	])('%s: read, its rows X\'s', async (_, text) => {
		const result = await reportWithFile(`held-${Math.random()}`, (id) => gzipSync(text(id)));
		expect(result.error).toBeUndefined();
		expect(result.output().map((i) => i.json.impressions)).toEqual([5]);
	});
});

describe('Attack run: conversions', () => {
	const sfx = () => control().statsFixtures();
	const conversion = (numberItems: number): IDataObject[] => [{ event: sfx().eventIds[0], time: '2026-11-01T10:00:00Z', email: 'a@example.com', n: numberItems }];
	const send = {
		resource: 'conversion',
		operation: 'send',
		eventId: '={{ $json.event }}',
		conversionTime: '={{ $json.time }}',
		additionalFields: { hashedEmail: '={{ $json.email }}', numberItems: '={{ $json.n }}' },
	};

	it.each([1e21, 2 ** 53 + 2])('a count of items beyond exact whole numbers (%d) is refused before sending, not sent with an exponent or rounded', async (n) => {
		const result = await env.ads({ ...send, pixelId: sfx().pixelId }, conversion(n), { continueOnFail: true });
		// Before: sent as OK (JSON wrote 1e+21 in X's integer field).
		expect(result.output().map((i) => i.json.error)).toEqual([`Item 0: Number of Items (number_items) must be a whole number below 9007199254740992, the largest JSON carries exactly (got ${n})`]);
		expect(control().conversionsReceived(sfx().pixelId)).toEqual([]);
	});

	it.each<[unknown, string, number | null, string]>([
		[-1, 'UNCONFIRMED', null, "X's conversions_processed is -1, not a count: 3 events sent, not confirmed"],
		[1e308, 'UNCONFIRMED', 1e308, 'X counted 1e+308 events processed of 3 sent: the counts do not add up'],
		[true, 'UNCONFIRMED', null, "X's conversions_processed is true, not a count: 3 events sent, not confirmed"],
		[[3], 'UNCONFIRMED', null, "X's conversions_processed is a list [3], not a count: 3 events sent, not confirmed"],
		[null, 'UNCONFIRMED', null, "X's conversions_processed is null, not a count: 3 events sent, not confirmed"],
	])('X counting %j events processed: %s, never coerced', async (processed, status, count, problem) => {
		const input = Array.from({ length: 3 }, (_, i) => ({ event: 'o87ne', time: '2026-11-01T10:00:00Z', email: `t${i}@example.com` }));
		const data = encodeURIComponent(JSON.stringify({ conversions_processed: processed }));
		const result = await withAdsBaseUrl(env, `${hostile.url}/data/${data}`, () => env.ads({ ...send, pixelId: 'o8z6j' }, input));
		expect(result.output().map((i) => [i.json.status, i.json.conversions_processed, i.json.count_problem])).toEqual(input.map(() => [status, count, problem]));
	});

	it('a storm of 429s: each request waits at most Max Rate Limit Wait, then every item ends as one error naming X\'s answer', async () => {
		control().injectFaults([{ kind: 'rate_limit', resetInSeconds: 1, times: 1000, match: { path: `/12/measurement/conversions/${sfx().pixelId}` } }]);
		const input = Array.from({ length: 501 }, (_, i) => ({ event: sfx().eventIds[0], time: '2026-11-01T10:00:00Z', email: `s${i}@example.com` }));
		const result = await env.ads({ ...send, pixelId: sfx().pixelId, requestOptions: { maxRateLimitWait: 0.05 } }, input, { continueOnFail: true });
		const out = result.output();
		expect(out.map((i) => i.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		expect(new Set(out.map((i) => i.json.error))).toEqual(new Set(['X answered 429 TOO_MANY_REQUESTS: Rate limit exceeded']));
		// 2 requests of 500 and 1, each tried within its 3 s: a handful of attempts, not a storm back.
		const attempts = control().requests().filter((r) => r.path.includes('/measurement/conversions/'));
		expect(attempts.length).toBeLessThanOrEqual(10);
		expect(control().conversionsReceived(sfx().pixelId)).toEqual([]);
	}, 60_000);
});


describe('Attack run: audience counts', () => {
	const add = (audienceOutput = 'items') => ({
		resource: 'customAudience',
		operation: 'addUsers',
		account: fx().accountId,
		customAudienceId: 'o4g2j',
		additionalFields: { email: '={{ $json.email }}' },
		audienceOutput,
	});
	const input = [{ email: 'a@example.com' }, { email: 'b@example.com' }];

	it.each<[string, unknown]>([
		['text', { success_count: '2', total_count: '2' }],
		['missing', {}],
		['negative and more', { success_count: -1, total_count: 3 }],
		['fractions', { success_count: 1.5, total_count: 2 }],
	])('X\'s counts as %s are not counts: the request is an error naming them, never OK', async (_, counts) => {
		const data = encodeURIComponent(JSON.stringify(counts));
		hostile.clear();
		const result = await withAdsBaseUrl(env, `${hostile.url}/data/${data}`, () => env.ads(add(), input, { continueOnFail: true }));
		const out = result.output();
		expect(out.map((i) => i.json.status)).toEqual([undefined, undefined]);
		expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// Before: text counts were read as numbers (OK), the others retried 3 times as miscounts.
		for (const item of out) expect(item.json.error).toMatch(/^X's success_count and total_count are not counts \(got .+ and .+\): 2 operations sent, not confirmed$/);
		expect(hostile.requests.filter((r) => r.method === 'POST').length).toBe(1);
	});
});

describe('catalog sync: a listing that repeats itself', () => {
	it('X naming an earlier page\'s cursor again stops the sync with that reason before anything is written', async () => {
		hostile.clear();
		const result = await withAdsBaseUrl(env, `${hostile.url}/same-cursor`, () =>
			env.ads({ resource: 'productCatalog', operation: 'sync', catalog: '1547080201384865792' }, [{ id: 'p1', title: 'T', description: 'D', availability: 'in stock', condition: 'new', price: '1.00 USD', link: 'https://example.com/p1', image_link: 'https://example.com/p1.jpg', brand: 'B' }]),
		);
		expect(result.error?.message).toBe('Sync stopped: X sent the cursor of an earlier page again (page 3)');
		expect(hostile.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
	});
});
