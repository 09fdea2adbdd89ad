/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The emulator's analytics and conversions as X states them (https://docs.x.com/x-ads-api/analytics,
 * https://docs.x.com/x-ads-api/measurement/web-conversions), by hand-signed requests: the limits it
 * refuses, the concurrent-job limit and its headers, the job lifecycle and its gzip file.
 */
import { gunzipSync } from 'node:zlib';

import { emulatorSuite, expectAdsError, qs } from './signedClient';

const { emu, signed, fx } = emulatorSuite();
const stats = (params: Record<string, string>) => `${emu().urls.ads}/12/stats/accounts/${fx().accountId}${qs(params)}`;
const jobs = (params: Record<string, string> = {}) => `${emu().urls.ads}/12/stats/jobs/accounts/${fx().accountId}${Object.keys(params).length ? qs(params) : ''}`;
const base = { entity: 'LINE_ITEM', entity_ids: 'abc1', start_time: '2026-05-01T00:00:00Z', end_time: '2026-05-02T00:00:00Z', granularity: 'HOUR', metric_groups: 'ENGAGEMENT', placement: 'ALL_ON_TWITTER' };

describe('stats: the limits X states', () => {
	it('answers HOUR stats with one value per hour', async () => {
		const r = await signed('GET', stats(base));
		expect(r.status).toBe(200);
		expect(r.json.time_series_length).toBe(24);
		expect(r.json.data[0].id).toBe('abc1');
		expect(r.json.data[0].id_data[0].metrics.impressions).toHaveLength(24);
	});

	it.each([
		[{ entity_ids: Array.from({ length: 21 }, (_, i) => `id${i}`).join(',') }, 'entity_ids'],
		[{ end_time: '2026-05-09T01:00:00Z' }, 'end_time'],
		[{ start_time: '2026-05-01T00:30:00Z' }, 'start_time'],
		[{ granularity: 'DAY' }, 'start_time'],
		[{ metric_groups: 'MOBILE_CONVERSION,ENGAGEMENT' }, 'metric_groups'],
		[{ placement: 'PUBLISHER_NETWORK' }, 'placement'],
	])('refuses %j', async (change, parameter) => {
		expectAdsError(await signed('GET', stats({ ...base, ...change })), 400, 'INVALID_PARAMETER', parameter);
	});

	it('takes DAY windows at the account\'s midnights (America/Los_Angeles)', async () => {
		const r = await signed('GET', stats({ ...base, granularity: 'DAY', start_time: '2026-05-01T07:00:00Z', end_time: '2026-05-03T07:00:00Z' }));
		expect(r.status).toBe(200);
		expect(r.json.time_series_length).toBe(2);
	});
});

describe('jobs: the concurrent-job limit, the lifecycle and the file', () => {
	it('counts processing jobs in its headers and refuses one beyond the limit', async () => {
		emu().control.setStatsJobLimit(2);
		emu().control.setStatsJobTiming({ processingMs: 60_000 });
		const first = await signed('POST', jobs(base));
		expect(first.status).toBe(200);
		expect([first.headers['x-concurrent-job-limit'], first.headers['x-concurrent-job-limit-remaining']]).toEqual(['2', '1']);
		expect(first.json.data).toMatchObject({ status: 'PROCESSING', url: null, entity_ids: ['abc1'] });
		expect((await signed('POST', jobs(base))).headers['x-concurrent-job-limit-remaining']).toBe('0');
		expectAdsError(await signed('POST', jobs(base)), 400, 'TOO_MANY_JOBS');
		emu().control.advanceStatsJobs(60_000);
		expect((await signed('POST', jobs(base))).status).toBe(200);
	});

	it("counts another client's jobs in the account's slots, until they are freed after a time or a number of refusals", async () => {
		emu().control.setStatsJobLimit(2);
		emu().control.setStatsJobTiming({ processingMs: 10 * 60_000 });
		emu().control.holdStatsJobSlots(fx().accountId, 1, { afterMs: 60_000 });
		expect((await signed('POST', jobs(base))).headers['x-concurrent-job-limit-remaining']).toBe('0');
		expectAdsError(await signed('POST', jobs(base)), 400, 'TOO_MANY_JOBS');
		emu().control.advanceClock(60_000);
		expect((await signed('POST', jobs(base))).headers['x-concurrent-job-limit-remaining']).toBe('0');
		emu().control.advanceStatsJobs(10 * 60_000);
		emu().control.holdStatsJobSlots(fx().accountId, 2, { afterRefusals: 2 });
		expectAdsError(await signed('POST', jobs(base)), 400, 'TOO_MANY_JOBS');
		const second = await signed('POST', jobs(base));
		expectAdsError(second, 400, 'TOO_MANY_JOBS');
		expect([second.headers['x-concurrent-job-limit'], second.headers['x-concurrent-job-limit-remaining']]).toEqual(['2', '0']);
		expect((await signed('POST', jobs(base))).headers['x-concurrent-job-limit-remaining']).toBe('1');
	});

	it('shows the job SUCCESS with its URL (id a number, id_str text), and serves the gzip file without credentials', async () => {
		const created = await signed('POST', jobs(base));
		const listed = await signed('GET', jobs({ job_ids: created.json.data.id_str }));
		const [job] = listed.json.data;
		expect(job).toMatchObject({ status: 'SUCCESS', id_str: created.json.data.id_str });
		expect([typeof job.id, typeof job.id_str]).toEqual(['number', 'string']);
		expect(String(job.url)).toMatch(/\/ton\/advertiser-api-async-analytics\/stats_job_\d+\.json\.gz$/);
		const file = await fetch(job.url);
		expect(file.status).toBe(200);
		const answer = JSON.parse(gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8'));
		expect(answer).toMatchObject({ data_type: 'stats', time_series_length: 24, request: { params: { entity_ids: ['abc1'], granularity: 'HOUR' } } });
		expect(emu().control.statsFileRequests()).toEqual([{ path: new URL(job.url).pathname, authorization: false, userAgent: expect.any(String), status: 200 }]);
	});

	it('refuses METROS without a country, and more than 45 days segmented', async () => {
		expectAdsError(await signed('POST', jobs({ ...base, segmentation_type: 'METROS' })), 400, 'MISSING_PARAMETER', 'country');
		expectAdsError(await signed('POST', jobs({ ...base, segmentation_type: 'AGE', end_time: '2026-06-16T00:00:00Z' })), 400, 'INVALID_PARAMETER', 'end_time');
		expect((await signed('POST', jobs({ ...base, end_time: '2026-06-16T00:00:00Z' }))).status).toBe(200);
	});
});

describe('conversions', () => {
	const url = () => `${emu().urls.ads}/12/measurement/conversions/${emu().control.statsFixtures().pixelId}`;
	const conversion = (identifiers: unknown[]) => ({ conversion_time: '2026-11-01T10:00:00Z', event_id: emu().control.statsFixtures().eventIds[0], identifiers });

	it('takes hashed identifiers and counts what it processed', async () => {
		const r = await signed('POST', url(), { json: { conversions: [conversion([{ hashed_email: 'a'.repeat(64) }])] } });
		expect(r.status).toBe(200);
		expect(r.json.data.conversions_processed).toBe(1);
	});

	it.each([
		[[{ hashed_email: 'plain@example.com' }], 'hashed_email'],
		[[{ ip_address: '1.2.3.4' }], 'identifiers'],
		[[{ email: 'a@b.c' }], 'email'],
	])('refuses identifiers %j', async (identifiers, parameter) => {
		expectAdsError(await signed('POST', url(), { json: { conversions: [conversion(identifiers)] } }), 400, 'INVALID_PARAMETER', parameter);
	});

	it('refuses more than 500 conversions in a request', async () => {
		const many = Array.from({ length: 501 }, () => conversion([{ twclid: 'x' }]));
		expectAdsError(await signed('POST', url(), { json: { conversions: many } }), 400, 'INVALID_PARAMETER', 'conversions');
	});
});
