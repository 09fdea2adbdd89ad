/**
 * `bench/run.ts --only report`: Analytics > Run Report in real n8n, 90 days of DAY stats for N line
 * items (1,000 full-size), against an X emulator whose jobs take a fixed processing time. Measured:
 *  - requests: jobs created, status checks (polls), file downloads, against the minimum X's limits
 *    allow (a job holds 20 entities and 90 days; one status request names up to 200 jobs; one
 *    download per job; the account read for its time zone), and the share of polls;
 *  - the node's time against X's processing time (the least any client waits);
 *  - the outcome: one row per line item and day, numbers equal to the emulator's model.
 */
import type { BenchEnv } from './n8nBench';
import { runManual } from './n8nBench';
import { bucketsOf, metricSeries } from '../test/emulator/state/stats';

export interface ReportBenchResult {
	lineItems: number;
	days: number;
	processingMs: number;
	latencyMs: number;
	jobs: number;
	polls: number;
	downloads: number;
	otherRequests: number;
	minimum: { jobs: number; polls: number; downloads: number; other: number };
	nodeMs: number;
	executionMs: number;
	rows: number;
	rowsChecked: number;
	mismatches: number;
	peakProcessing: number;
}

const START = '2026-06-01';
const END = '2026-08-30'; // 90 days, no daylight-saving change in Los Angeles

export async function benchReport(env: BenchEnv, lineItems: number, processingMs: number): Promise<ReportBenchResult> {
	const control = env.emulator.control;
	control.reset();
	const fx = control.fixtures().production;
	const ids = control.seedStatsEntities(fx.accountId, 'LINE_ITEM', lineItems);
	control.setStatsJobTiming({ processingMs });
	control.clearRequests();
	const workflow = {
		name: `bench report ${lineItems}`,
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				name: 'X Ads',
				type: 'n8n-nodes-x-ads.xAds',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					authentication: 'xOAuth1Api',
					resource: 'analytics',
					operation: 'report',
					account: { __rl: true, mode: 'id', value: fx.accountId },
					entity: 'LINE_ITEM',
					entityIds: ids.join(','),
					startTime: START,
					endTime: END,
					granularity: 'DAY',
					metricGroups: ['ENGAGEMENT', 'BILLING'],
					placement: 'ALL_ON_TWITTER',
				},
				credentials: { xOAuth1Api: { id: env.oauth1.id, name: env.oauth1.name } },
			},
		],
		connections: { Start: { main: [[{ node: 'X Ads', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1', saveDataManualExecutions: true },
	};
	const ex = await runManual(env, workflow, 30 * 60_000);
	const requests = control.requests() as Array<{ method: string; path: string }>;
	const jobsPath = (r: { path: string }) => r.path.startsWith('/12/stats/jobs/');
	const jobs = requests.filter((r) => r.method === 'POST' && jobsPath(r)).length;
	const polls = requests.filter((r) => r.method === 'GET' && jobsPath(r)).length;
	const downloads = control.statsFileRequests().length;
	const otherRequests = requests.length - jobs - polls;
	const rows = ex.output('X Ads') as Array<Record<string, unknown>>;
	// Every 50th line item's impressions and spend, day by day, against the model.
	const buckets = bucketsOf(Date.parse('2026-06-01T07:00:00Z'), Date.parse('2026-08-30T07:00:00Z'), 'DAY', 'America/Los_Angeles');
	let rowsChecked = 0;
	let mismatches = 0;
	for (let e = 0; e < ids.length; e += 50) {
		for (const metric of ['impressions', 'billed_charge_local_micro']) {
			const series = metricSeries(ids[e], 'ALL_ON_TWITTER', '', metric, undefined, buckets, control.now()) ?? buckets.map(() => 0);
			series.forEach((value, d) => {
				rowsChecked++;
				const row = rows[e * buckets.length + d];
				if (row?.id !== ids[e] || row[metric] !== value) mismatches++;
			});
		}
	}
	const run = ex.runData['X Ads'][0] as { executionTime?: number };
	const minJobs = Math.ceil(lineItems / 20);
	const result: ReportBenchResult = {
		lineItems,
		days: buckets.length,
		processingMs,
		latencyMs: env.latencyMs,
		jobs,
		polls,
		downloads,
		otherRequests,
		minimum: { jobs: minJobs, polls: Math.ceil(minJobs / 200), downloads: minJobs, other: 1 },
		nodeMs: run.executionTime ?? NaN,
		executionMs: Date.parse(ex.raw.stoppedAt) - Date.parse(ex.raw.startedAt),
		rows: rows.length,
		rowsChecked,
		mismatches,
		peakProcessing: control.statsPeakProcessing(),
	};
	control.reset();
	return result;
}

const n = (v: number, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The section of bench/RESULTS.md (replaced in place when only this step runs). */
export function renderReport(results: ReportBenchResult[]): string[] {
	const lines: string[] = [];
	const p = (...l: string[]) => lines.push(...l);
	p(`## 7. Report: 90 days of daily stats for ${results.map((r) => n(r.lineItems)).join(' and ')} line items (real n8n)`, '');
	p('`bench/run.ts --only report` (bench/report.ts): Manual Trigger → X Ads **Analytics → Run Report** (DAY, ENGAGEMENT and BILLING, 90 days, the node\'s default waiting: first check after 2 s, then half the time waited so far, at most 60 s apart). ' +
		'The X emulator adds its latency to every request and keeps each job PROCESSING for a fixed time (X\'s processing time); it allows 100 jobs processing per account and says how many are free in X-Concurrent-Job-Limit-Remaining. ' +
		'Minimum: a job holds 20 line items and 90 days, one status request names up to 200 jobs, one download per job, and one read of the account (its time zone).', '');
	p('| line items | days | X\'s processing time | jobs | status checks | downloads | other | all requests (minimum) | **polls, share of all** | most jobs processing | node time | **node time / processing time** | rows | checked against the model |', '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
	for (const r of results) {
		const all = r.jobs + r.polls + r.downloads + r.otherRequests;
		const min = r.minimum.jobs + r.minimum.polls + r.minimum.downloads + r.minimum.other;
		p(`| ${n(r.lineItems)} | ${r.days} | ${n(r.processingMs / 1000, 1)} s | ${r.jobs} (${r.minimum.jobs}) | ${r.polls} (${r.minimum.polls}) | ${r.downloads} (${r.minimum.downloads}) | ${r.otherRequests} (${r.minimum.other}) | ${all} (${min}) | **${n((100 * r.polls) / all, 1)}%** | ${r.peakProcessing} | ${n(r.nodeMs / 1000, 2)} s | **${n(r.nodeMs / r.processingMs, 2)}x** | ${n(r.rows)} | ${r.mismatches ? `${r.mismatches} of ${n(r.rowsChecked)} differ` : `${n(r.rowsChecked)} values equal`} |`);
	}
	const polls = results.every((r) => r.polls / (r.jobs + r.polls + r.downloads + r.otherRequests) <= 0.1);
	const creates = results.every((r) => r.jobs === r.minimum.jobs && r.downloads === r.minimum.downloads);
	p('', `Goals: jobs and downloads equal to the minimum (${creates ? 'held' : 'NOT held'}); polls at most 10% of all requests (${polls ? 'held' : 'NOT held'}); every row as X's model has it (${results.every((r) => !r.mismatches) ? 'held' : 'NOT held'}). ` +
		'The node time above X\'s processing time is creating the jobs and reading the files (latency per request, 4 in flight each), the wait after the last job finished (at most half the time waited), unpacking and the rows (one per line item and day).', '');
	return lines;
}
