/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Analytics (https://docs.x.com/x-ads-api/analytics) through n8n's engine against the emulator:
 * stats split by 20 IDs and 7 days and merged, DAY windows in the account's time zone, report
 * jobs (the concurrent-job limit, waits, FAILED jobs, SUCCESS without URL, expired files, gzip
 * downloads without credentials), active entities, reach. Every metric that comes out is checked
 * against the emulator's model (metricSeries), not against fixed numbers.
 */
import type { IDataObject } from 'n8n-workflow';

import { qs, signedClient } from '../emulator/signedClient';
import type { HostileServer } from '../hostile/server';
import { startHostile } from '../hostile/server';
import { bucketsOf, HOUR_MS, metricSeries, metricsFor, segmentsOf } from '../emulator/state/stats';
import { inexactIds } from '../hostile/hostileX';
import { engineSuite, hostileXFor, PACKAGE_USER_AGENT, suiteHelpers, withAdsBaseUrl } from './env';

const env = engineSuite();
const { fx, requests, q, ads: ok, paired } = suiteHelpers(env);
const signed = signedClient(() => env.emulator);
const control = () => env.emulator.control;
const account = () => ({ __rl: true, mode: 'id', value: fx().accountId });
const ZONE = 'America/Los_Angeles';
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const statsRequests = () => requests().filter((r) => r.path === `/12/stats/accounts/${fx().accountId}`);
const jobRequests = (method: string) => requests().filter((r) => r.method === method && r.path === `/12/stats/jobs/accounts/${fx().accountId}`);
/** Fast waits: the emulator's jobs finish at once unless a test says otherwise. */
const FAST = { firstPoll: 0.02, maxPoll: 0.1, maxWait: 1 };

/** Every row's metrics equal the emulator's model for its entity, segment and bucket. */
function expectRowsMatchModel(rows: IDataObject[], opts: { ids: string[]; groups: string[]; buckets: Array<[number, number]>; placement?: string; segments?: Array<{ segment_value: string }> }) {
	const placement = opts.placement ?? 'ALL_ON_TWITTER';
	const segments = opts.segments ?? [{ segment_value: '' }];
	expect(rows).toHaveLength(opts.ids.length * segments.length * opts.buckets.length);
	let n = 0;
	const metrics = metricsFor('LINE_ITEM', opts.groups).filter((m) => !m.members);
	for (const id of opts.ids) {
		for (const segment of segments) {
			const model = metrics.map((m) => [m.name, metricSeries(id, placement, segment.segment_value, m.name, undefined, opts.buckets, control().now())] as const);
			opts.buckets.forEach(([start, end], b) => {
				const row = rows[n++];
				expect({ id: row.id, start: row.start_time, end: row.end_time }).toEqual({ id, start: iso(start), end: iso(end) });
				if (segment.segment_value) expect(row.segment_value).toBe(segment.segment_value);
				const got = Object.fromEntries(model.map(([name]) => [name, row[name]]));
				// A metric with no data in the whole range is null in X's answer and stays null in the row
				// (the fixture's ids are random, so now and then one has none in a short window).
				const want = Object.fromEntries(model.map(([name, series]) => [name, series ? series[b] : null]));
				expect([id, b, got]).toEqual([id, b, want]);
			});
		}
	}
}

const stats = (extra: IDataObject) => ({
	resource: 'analytics',
	operation: 'getStats',
	account: account(),
	entity: 'LINE_ITEM',
	granularity: 'HOUR',
	metricGroups: ['ENGAGEMENT', 'BILLING'],
	placement: 'ALL_ON_TWITTER',
	...extra,
});

describe('Analytics: Get Stats', () => {
	it('returns rows whose every metric is the emulator\'s, money also in currency units', async () => {
		const id = fx().lineItems.engagements;
		const rows = await ok(stats({ entityIds: id, startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-01T06:00:00Z' }));
		const buckets = bucketsOf(Date.parse('2026-05-01T00:00:00Z'), Date.parse('2026-05-01T06:00:00Z'), 'HOUR', ZONE);
		expectRowsMatchModel(rows, { ids: [id], groups: ['ENGAGEMENT', 'BILLING'], buckets });
		for (const row of rows) {
			expect(row).toMatchObject({ entity: 'LINE_ITEM', placement: 'ALL_ON_TWITTER', granularity: 'HOUR' });
			if (row.billed_charge_local_micro !== null) expect(row.billed_charge_local).toBe((row.billed_charge_local_micro as number) / 1e6);
		}
		expect(statsRequests()).toHaveLength(1);
	});

	it('splits 45 IDs and 16 days of DAY stats into 20-ID, 7-day requests (6 over the end of daylight saving time) and merges them in order', async () => {
		const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 45);
		// Oct 25 to Nov 10, 2026 in Los Angeles: Nov 1 has 25 hours, so 7 days from it are 169 hours, more than X's 168.
		const rows = await ok(stats({ entityIds: ids.join(','), startTime: '2026-10-25', endTime: '2026-11-10', granularity: 'DAY' }));
		const sent = statsRequests().map((r) => q(r.query));
		const windows = [...new Set(sent.map((s) => `${s.get('start_time')}/${s.get('end_time')}`))];
		expect(windows).toEqual(['2026-10-25T07:00:00Z/2026-11-01T07:00:00Z', '2026-11-01T07:00:00Z/2026-11-07T08:00:00Z', '2026-11-07T08:00:00Z/2026-11-10T08:00:00Z']);
		expect(sent).toHaveLength(3 * 3);
		expect(sent.map((s) => s.get('entity_ids')!.split(',').length)).toEqual([20, 20, 20, 20, 20, 20, 5, 5, 5]);
		const buckets = bucketsOf(Date.parse('2026-10-25T07:00:00Z'), Date.parse('2026-11-10T08:00:00Z'), 'DAY', ZONE);
		expect(buckets).toHaveLength(16);
		expectRowsMatchModel(rows, { ids, groups: ['ENGAGEMENT', 'BILLING'], buckets });
		expect(rows.slice(0, 16).map((r) => r.date)).toEqual(Array.from({ length: 16 }, (_, i) => (i < 7 ? `2026-10-${25 + i}` : `2026-11-${String(i - 6).padStart(2, '0')}`)));
		// One read of the account for its time zone.
		expect(requests().filter((r) => r.path === `/12/accounts/${fx().accountId}`)).toHaveLength(1);
	});

	it('without Metric Groups set, asks X for the default ENGAGEMENT and BILLING', async () => {
		const { metricGroups, ...rest } = stats({ entityIds: fx().lineItems.engagements, startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-01T02:00:00Z' });
		expect(metricGroups).toBeDefined();
		const rows = await ok(rest);
		expect(rows.length).toBeGreaterThan(0);
		expect(statsRequests().map((r) => q(r.query).get('metric_groups'))).toEqual(['ENGAGEMENT,BILLING']);
	});

	it('sums a TOTAL over more than 7 days into one row per entity', async () => {
		const id = fx().lineItems.reach;
		const [row, ...more] = await ok(stats({ entityIds: id, startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-11T00:00:00Z', granularity: 'TOTAL' }));
		expect(more).toEqual([]);
		expect(statsRequests()).toHaveLength(2);
		const whole: Array<[number, number]> = [[Date.parse('2026-03-01T00:00:00Z'), Date.parse('2026-03-11T00:00:00Z')]];
		expect(row.impressions).toBe(metricSeries(id, 'ALL_ON_TWITTER', '', 'impressions', undefined, whole, control().now())![0]);
		expect(row).toMatchObject({ start_time: '2026-03-01T00:00:00Z', end_time: '2026-03-11T00:00:00Z', granularity: 'TOTAL' });
	});

	it("gives X's nested answer, merged, as one item", async () => {
		const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 21);
		const [answer, ...more] = await ok(stats({ entityIds: ids.join(','), startTime: '2026-04-01T00:00:00Z', endTime: '2026-04-09T00:00:00Z', statsOutput: 'nested' }));
		expect(more).toEqual([]);
		expect(answer.time_series_length).toBe(8 * 24);
		const data = answer.data as Array<{ id: string; id_data: Array<{ metrics: Record<string, number[] | null> }> }>;
		expect(data.map((d) => d.id)).toEqual(ids);
		const buckets = bucketsOf(Date.parse('2026-04-01T00:00:00Z'), Date.parse('2026-04-09T00:00:00Z'), 'HOUR', ZONE);
		expect(data[20].id_data[0].metrics.impressions).toEqual(metricSeries(ids[20], 'ALL_ON_TWITTER', '', 'impressions', undefined, buckets, control().now()));
		expect(statsRequests()).toHaveLength(4);
	});

	it('refuses a DAY window that does not start at midnight in the account\'s time zone, naming the rule; nothing but the account is read', async () => {
		const result = await env.ads(stats({ entityIds: fx().lineItems.reach, startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-03T07:00:00Z', granularity: 'DAY' }));
		expect(result.error?.message).toBe(
			'Item 0: Start Time (start_time) must be midnight in the account\'s time zone (America/Los_Angeles) for DAY granularity, such as 2026-04-30T07:00:00Z for 2026-04-30, or the date alone (got "2026-05-01T00:00:00Z")',
		);
		expect(statsRequests()).toHaveLength(0);
	});

	it.each([
		[{ startTime: '2026-05-01T00:30:00Z' }, 'Item 0: Start Time (start_time) must be a whole hour, with minutes and seconds zero, such as 2026-05-01T13:00:00Z (got "2026-05-01T00:30:00Z")'],
		[{ metricGroups: ['MOBILE_CONVERSION', 'ENGAGEMENT'] }, 'Item 0: Metric Groups (metric_groups) must hold MOBILE_CONVERSION alone: X wants mobile conversions requested separately (got MOBILE_CONVERSION, ENGAGEMENT)'],
		[{ entity: 'ACCOUNT', metricGroups: ['BILLING'] }, 'Item 0: Metric Groups (metric_groups) BILLING is not available for ACCOUNT, which has ENGAGEMENT only'],
		[{ endTime: '2026-04-30T00:00:00Z' }, 'Item 0: Start Time (start_time) must be before End Time (end_time) (got 2026-05-01T00:00:00Z and 2026-04-30T00:00:00Z)'],
	])('refuses %j before any request', async (change, message) => {
		const result = await env.ads(stats({ entityIds: fx().lineItems.reach, startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-02T00:00:00Z', ...change }));
		expect(result.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});
});

const report = (extra: IDataObject) => ({
	resource: 'analytics',
	operation: 'report',
	account: account(),
	entity: 'LINE_ITEM',
	granularity: 'DAY',
	metricGroups: ['ENGAGEMENT'],
	placement: 'ALL_ON_TWITTER',
	waitOptions: FAST,
	...extra,
});

describe('Analytics: Run Report (asynchronous jobs)', () => {
	it('creates 20-ID, 90-day jobs, waits, downloads the gzip files without credentials and emits the same numbers as X\'s model', async () => {
		const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 25);
		control().setStatsJobTiming({ queuedMs: 30, processingMs: 60 });
		const result = await env.ads(report({ entityIds: ids.join(','), startTime: '2026-01-01', endTime: '2026-04-11' }));
		const rows = result.output().map((i) => i.json);
		expect(paired(result.output())).toEqual(rows.map(() => 0));
		// 100 days: 90 + 10, times 2 groups of IDs.
		expect(jobRequests('POST')).toHaveLength(4);
		expect(jobRequests('POST').map((r) => q(r.query).get('end_time'))).toEqual(['2026-04-01T07:00:00Z', '2026-04-11T07:00:00Z', '2026-04-01T07:00:00Z', '2026-04-11T07:00:00Z']);
		const files = control().statsFileRequests();
		expect(files).toHaveLength(4);
		expect(files.every((f) => !f.authorization && f.status === 200)).toBe(true);
		// The file downloads, like every request of the nodes, name the package (test/engine/userAgent).
		expect(new Set(files.map((f) => f.userAgent))).toEqual(new Set([PACKAGE_USER_AGENT]));
		// Status checks name every open job at once, and pause half the time waited so far: for jobs
		// of 90 ms checked first after 20 ms, at 20, 40, 60, 90, 135 ms at most (and a late one).
		expect(jobRequests('GET').length).toBeLessThanOrEqual(6);
		for (const r of jobRequests('GET')) expect(q(r.query).get('job_ids')!.split(',').length).toBeGreaterThan(0);
		const buckets = bucketsOf(Date.parse('2026-01-01T08:00:00Z'), Date.parse('2026-04-11T07:00:00Z'), 'DAY', ZONE);
		expect(buckets).toHaveLength(100);
		expectRowsMatchModel(rows, { ids, groups: ['ENGAGEMENT'], buckets });
	});

	it('keeps within the concurrent-job limit X reports, counting jobs of others too', async () => {
		control().setStatsJobLimit(3);
		control().setStatsJobTiming({ processingMs: 150 });
		// Someone else's job holds one of the 3 slots for a while.
		const other = await signed('POST', `${env.emulator.urls.ads}/12/stats/jobs/accounts/${fx().accountId}${qs({ entity: 'LINE_ITEM', entity_ids: fx().lineItems.reach, start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z', granularity: 'HOUR', placement: 'ALL_ON_TWITTER', metric_groups: 'ENGAGEMENT' })}`);
		expect(other.headers['x-concurrent-job-limit-remaining']).toBe('2');
		const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 100);
		const rows = await ok(report({ entityIds: ids.join(','), startTime: '2026-02-01', endTime: '2026-02-03', waitOptions: { ...FAST, maxWait: 5 } }));
		expect(rows).toHaveLength(200);
		expect(jobRequests('POST')).toHaveLength(1 + 5);
		expect(control().statsPeakProcessing()).toBeLessThanOrEqual(3);
		expect(requests().filter((r) => r.status !== 200)).toEqual([]);
	});

	it('waits for a slot when other clients hold all of them (TOO_MANY_JOBS), and creates the jobs once one is free: every row once (issue 30)', async () => {
		control().setStatsJobLimit(2);
		// Another workflow, X's UI or a connector holds both slots; X frees them after 3 refused creations.
		control().holdStatsJobSlots(fx().accountId, 2, { afterRefusals: 3 });
		const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 40);
		const rows = await ok(report({ entityIds: ids.join(','), startTime: '2026-02-01', endTime: '2026-02-02', waitOptions: { ...FAST, maxWait: 1 } }));
		expectRowsMatchModel(rows, { ids, groups: ['ENGAGEMENT'], buckets: bucketsOf(Date.parse('2026-02-01T08:00:00Z'), Date.parse('2026-02-02T08:00:00Z'), 'DAY', ZONE) });
		expect(jobRequests('POST').map((r) => r.status)).toEqual([400, 400, 400, 200, 200]);
		expect(control().statsJobs()).toHaveLength(2);
		expect(env.harness.logs.filter((l) => /no report job slot free for the account \(TOO_MANY_JOBS/.test(JSON.stringify(l)))).toHaveLength(3);
	});

	it('fails within Max Wait naming the slots and who holds them when other clients never free one; no job of ours is left (issue 30)', async () => {
		control().setStatsJobLimit(2);
		control().holdStatsJobSlots(fx().accountId, 2);
		const started = Date.now();
		const result = await env.ads(report({ entityIds: fx().lineItems.reach, startTime: '2026-02-01', endTime: '2026-02-02', waitOptions: { ...FAST, maxWait: 0.005 } }));
		expect(Date.now() - started).toBeLessThan(5000);
		expect(result.error?.message).toBe("X's report jobs did not finish within 0.3 seconds");
		expect((result.error as { description?: string }).description).toMatch(
			/1 job\(s\) were never created: X refused \d+ creation\(s\) with TOO_MANY_JOBS, every concurrent-job slot of the account taken, 0 by this report and all by other clients/,
		);
		expect(control().statsJobs()).toEqual([]);
		// The waits grow: fewer refused creations than a fixed first-poll pause would make.
		expect(jobRequests('POST').length).toBeLessThan(0.3 / FAST.firstPoll);
	});

	it('creates a FAILED job again, checks a SUCCESS without URL again, and recreates jobs whose file expired or is gone', async () => {
		control().injectStatsJobFaults(['FAILED', 'NO_URL', 'EXPIRED', 'GONE']);
		const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 80);
		const rows = await ok(report({ entityIds: ids.join(','), startTime: '2026-02-01', endTime: '2026-02-02' }));
		expectRowsMatchModel(rows, { ids, groups: ['ENGAGEMENT'], buckets: bucketsOf(Date.parse('2026-02-01T08:00:00Z'), Date.parse('2026-02-02T08:00:00Z'), 'DAY', ZONE) });
		// 4 jobs, and again the FAILED, the EXPIRED and the GONE one.
		expect(jobRequests('POST')).toHaveLength(7);
		expect(control().statsFileRequests().map((f) => f.status).sort()).toEqual([200, 200, 200, 200, 404]);
		expect(env.harness.logs.some((l) => /succeeded without a download URL/.test(JSON.stringify(l)))).toBe(true);
	});

	it('fails naming the job when it keeps FAILING', async () => {
		control().injectStatsJobFaults(['FAILED', 'FAILED', 'FAILED']);
		const result = await env.ads(report({ entityIds: fx().lineItems.reach, startTime: '2026-02-01', endTime: '2026-02-02' }));
		expect(result.error?.message).toMatch(/^X's report job \d+ FAILED, also after 3 attempts$/);
		expect(jobRequests('POST')).toHaveLength(3);
	});

	it('waits for jobs as long as they take on X\'s clock, and names the open jobs when Max Wait is over', async () => {
		control().setStatsJobTiming({ processingMs: HOUR_MS });
		const pending = ok(report({ entityIds: fx().lineItems.reach, startTime: '2026-02-01', endTime: '2026-02-02', waitOptions: { ...FAST, maxWait: 0.1 } }));
		// An hour of X's processing passes once the job exists.
		while (!control().statsJobs().length) await new Promise((r) => setImmediate(r));
		control().advanceStatsJobs(HOUR_MS);
		const rows = await pending;
		expect(rows).toHaveLength(1);

		const result = await env.ads(report({ entityIds: fx().lineItems.reach, startTime: '2026-02-01', endTime: '2026-02-02', waitOptions: { ...FAST, maxWait: 0.003 } }));
		expect(result.error?.message).toBe("X's report jobs did not finish within 0.2 seconds");
		expect((result.error as { description?: string }).description).toMatch(/^Still open: \d+ \(PROCESSING\)\. Read them later with Analytics > Get Report Jobs/);
	});

	it('creates a job again when X answers a creation with the ID of another job of the run, so every row comes once (issue 24, break 11)', async () => {
		control().injectStatsJobFaults(['SAME_ID']);
		const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 40);
		const rows = await ok(report({ entityIds: ids.join(','), startTime: '2026-02-01', endTime: '2026-02-02' }));
		// Two jobs; the second creation got the first job's ID, so it was created again.
		expect(jobRequests('POST')).toHaveLength(3);
		expect(new Set(control().statsJobs().map((j) => j.id)).size).toBe(2);
		expectRowsMatchModel(rows, { ids, groups: ['ENGAGEMENT'], buckets: bucketsOf(Date.parse('2026-02-01T08:00:00Z'), Date.parse('2026-02-02T08:00:00Z'), 'DAY', ZONE) });
		expect(env.harness.logs.some((l) => /was X's answer to two different creations/.test(JSON.stringify(l)))).toBe(true);

		// X keeps answering so: the run fails naming X's answer, after the same attempts as a FAILED job.
		control().reset();
		const again = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 40);
		control().injectStatsJobFaults(['SAME_ID', 'SAME_ID', 'SAME_ID']);
		const result = await env.ads(report({ entityIds: again.join(','), startTime: '2026-02-01', endTime: '2026-02-02' }));
		expect(result.error?.message).toMatch(/^X's report job \d+ was X's answer to two different creations \(this run already has it for entity_ids [\w,]+, 2026-02-01T08:00:00Z to 2026-02-02T08:00:00Z\), also after 3 attempts$/);
	});

	it('creates the jobs only, and reads their status and results later with Get Report Jobs', async () => {
		const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 30);
		const jobs = await ok(report({ entityIds: ids.join(','), startTime: '2026-02-01', endTime: '2026-02-04', reportMode: 'createOnly' }));
		expect(jobs).toHaveLength(2);
		expect(jobs.every((j) => typeof j.id === 'string' && j.id === j.id_str && j.status === 'PROCESSING')).toBe(true);
		expect(jobRequests('GET')).toHaveLength(0);
		const status = await ok({ resource: 'analytics', operation: 'getJobs', account: account(), options: { jobIds: jobs.map((j) => j.id).join(',') } });
		expect(status.map((j) => [j.id, j.status])).toEqual(jobs.map((j) => [j.id, 'SUCCESS']));
		const rows = await ok({ resource: 'analytics', operation: 'getJobs', account: account(), options: { jobIds: jobs.map((j) => j.id).join(',') }, jobOutput: 'rows' });
		expect(rows).toHaveLength(30 * 3);
		expect(rows.slice(0, 60).every((r) => r.job_id === jobs[0].id)).toBe(true);
		const buckets = bucketsOf(Date.parse('2026-02-01T08:00:00Z'), Date.parse('2026-02-04T08:00:00Z'), 'DAY', ZONE);
		expectRowsMatchModel(rows.map(({ job_id: _, ...r }) => r), { ids, groups: ['ENGAGEMENT'], buckets });
	});

	it('segments by AGE in 45-day jobs, and by METROS only with a country', async () => {
		const id = fx().lineItems.engagements;
		const rows = await ok(report({ entityIds: id, startTime: '2026-01-01', endTime: '2026-03-01', segmentationType: 'AGE', additionalFields: { segmentationType: 'AGE' } }));
		expect(jobRequests('POST').map((r) => q(r.query).get('segmentation_type'))).toEqual(['AGE', 'AGE']);
		const buckets = bucketsOf(Date.parse('2026-01-01T08:00:00Z'), Date.parse('2026-03-01T08:00:00Z'), 'DAY', ZONE);
		expectRowsMatchModel(rows, { ids: [id], groups: ['ENGAGEMENT'], buckets, segments: segmentsOf('AGE', []) });
		expect(rows[0]).toMatchObject({ segmentation_type: 'AGE', segment_name: '18 to 24', segment_value: 'AGE_18_TO_24' });

		control().clearRequests();
		const refused = await env.ads(report({ entityIds: id, startTime: '2026-01-01', endTime: '2026-01-02', additionalFields: { segmentationType: 'METROS' } }));
		expect(refused.error?.message).toBe('Item 0: Country (country) is required with METROS segmentation (for example 96683cc9126741d1, the United States)');
		expect(requests()).toHaveLength(0);
	});
});

describe('Analytics: Get Active Entities, Get Campaign Reach, Get Funding Instrument Reach', () => {
	const active = (extra: IDataObject) => ({ resource: 'analytics', operation: 'getActiveEntities', account: account(), entity: 'LINE_ITEM', startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-02T00:00:00Z', ...extra });

	it('lists the entities with activity, and groups them per placement with the window to request', async () => {
		const entities = await ok(active({}));
		const lineItems = control().state().ads.production.lineItems;
		expect(entities.map((e) => e.entity_id)).toEqual(expect.arrayContaining(Object.values(fx().lineItems)));
		for (const e of entities) expect(lineItems.get(String(e.entity_id))?.accountId).toBe(fx().accountId);
		for (const e of entities) expect(Date.parse(String(e.activity_start_time))).toBeGreaterThanOrEqual(Date.parse('2026-05-01T00:00:00Z'));
		const [group, ...others] = await ok(active({ activeOutput: 'grouped' }));
		expect(others.map((o) => o.placement)).not.toContain('PUBLISHER_NETWORK');
		expect(group).toMatchObject({ placement: 'ALL_ON_TWITTER', entity: 'LINE_ITEM', start_time: '2026-04-30T07:00:00Z', time_zone: ZONE });
		expect((group.entity_ids as string[]).sort()).toEqual(entities.filter((e) => (e.placements as string[]).includes('ALL_ON_TWITTER')).map((e) => e.entity_id).sort());
		expect(['2026-05-01T07:00:00Z', '2026-05-02T07:00:00Z']).toContain(group.end_time);
		const hourly = await ok(active({ activeOutput: 'grouped', groupRounding: 'hour' }));
		expect(Date.parse(String(hourly[0].start_time)) % HOUR_MS).toBe(0);
		expect(Date.parse(String(hourly[0].end_time))).toBeGreaterThan(Math.max(...entities.map((e) => Date.parse(String(e.activity_end_time)))));
	});

	it('refuses two filters at once and windows over 90 days', async () => {
		const both = await env.ads(active({ options: { campaignIds: 'abc1', lineItemIds: 'def2' } }));
		expect(both.error?.message).toBe('Item 0: Campaign IDs, Funding Instrument IDs, Line Item IDs exclude each other: give one of them (got campaign_ids and line_item_ids)');
		const long = await env.ads(active({ startTime: '2026-01-01T00:00:00Z', endTime: '2026-04-02T00:00:00Z' }));
		expect(long.error?.message).toBe("Item 0: End Time (end_time) must be at most 90 days after Start Time (start_time), X's limit (got 2184 hours)");
		expect(requests()).toHaveLength(0);
	});

	it('gets reach of 25 campaigns in two requests, in order', async () => {
		const ids = control().seedStatsEntities(fx().accountId, 'CAMPAIGN', 25);
		const records = await ok({ resource: 'analytics', operation: 'getCampaignReach', account: account(), campaignIds: ids.join(','), startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-08T00:00:00Z' });
		expect(records.map((r) => r.id)).toEqual(ids);
		expect(records.every((r) => typeof r.total_audience_reach === 'number' && typeof r.average_frequency === 'number')).toBe(true);
		const sent = requests().filter((r) => r.path.endsWith('/reach/campaigns'));
		expect(sent.map((r) => q(r.query).get('campaign_ids')!.split(',').length)).toEqual([20, 5]);
		const fi = control().statsFixtures().fundingInstrumentIds;
		const [one] = await ok({ resource: 'analytics', operation: 'getFundingInstrumentReach', account: account(), fundingInstrumentIds: fi.join(','), startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-08T00:00:00Z' });
		expect(one.id).toBe(fi[0]);
	});
});

describe("Analytics: X's numbers are typed data", () => {
	let hostile: HostileServer;
	beforeAll(async () => {
		hostile = await startHostile();
	});
	afterAll(() => hostile.close());

	it.each([
		[{ impressions: [1, '3'], clicks: [1, 2] }, 'impressions of e1 holds "3", not a number'],
		[{ impressions: [1], clicks: [1, 2] }, 'impressions of e1 has 1 values for 2 buckets'],
		[{ conversion_purchases: { metric: [1, 2], sale_amount: ['9.50', 0] } }, 'conversion_purchases.sale_amount of e1 holds "9.50", not a number'],
	])('refuses an answer whose metrics are %j, naming the value (no row with a wrong number)', async (metrics, problem) => {
		const data = [{ id: 'e1', id_data: [{ segment: null, metrics }] }];
		const result = await withAdsBaseUrl(env, `${hostile.url}/data/${encodeURIComponent(JSON.stringify(data))}`, () =>
			env.ads(stats({ entityIds: 'e1', startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-01T02:00:00Z' })),
		);
		expect(result.error?.message).toBe(`X's stats answer cannot be used: ${problem}`);
	});
});

describe('Analytics: report job ids X answers only as a JSON number beyond 2^53 (issue 36)', () => {
	const hostileX = hostileXFor(env, { routeEach: true });

	it('polls and downloads the job by its exact id, and Create Jobs Only outputs it exactly', async () => {
		const ids = control().seedStatsEntities(fx().accountId, 'LINE_ITEM', 3);
		const hostile = hostileX.x;
		hostile.set('bigIds', { dropTwins: true });
		// Max Wait 6 s: a job polled by a rounded id never finishes.
		const result = await env.ads(report({ entityIds: ids.join(','), startTime: '2026-02-01', endTime: '2026-02-04', waitOptions: { ...FAST, maxWait: 0.1 } }));
		expect(result.error?.message).toBeUndefined();
		expect(result.output()).toHaveLength(3 * 3);
		const polled = jobRequests('GET').flatMap((r) => q(r.query).get('job_ids')!.split(','));
		expect(polled.length).toBeGreaterThan(0);
		expect(polled.every((id) => hostile.issued.has(id))).toBe(true);
		expect(hostile.rounded).toEqual([]);
		const jobs = await ok(report({ entityIds: ids.join(','), startTime: '2026-02-01', endTime: '2026-02-04', reportMode: 'createOnly' }));
		expect(jobs.map((j) => typeof j.id === 'string' && hostile.issued.has(j.id))).toEqual([true]);
		expect(inexactIds(jobs, hostile.issued)).toEqual([]);
	});
});
