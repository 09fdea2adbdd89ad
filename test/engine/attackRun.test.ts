/**
 * Issue 24's independent attack run: variants of its breaks that the issue does not list, through
 * n8n's engine against the X emulator and hostile loopback servers. Each test here is a variant
 * that was tried; those that broke the package name the fix that holds them now.
 */
import { gzipSync } from 'node:zlib';

import type { HostileServer } from '../hostile/server';
import { startHostile } from '../hostile/server';
import { engineSuite, suiteHelpers } from './env';
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
async function reportWithFile(name: string, file: (id: string) => Buffer, how = '', requestOptions: object = { maxRetries: 0 }) {
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

describe('Attack run: conversions', () => {
	const sfx = () => control().statsFixtures();
	const conversion = (numberItems: unknown) => [{ event: sfx().eventIds[0], time: '2026-11-01T10:00:00Z', email: 'a@example.com', n: numberItems }];
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
});

