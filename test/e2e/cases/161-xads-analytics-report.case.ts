/**
 * X Ads "Analytics > Run Report" in real n8n (https://docs.x.com/x-ads-api/analytics#asynchronous-analytics):
 * 45 line items over 100 days = 3 groups of IDs x (90 + 10 days) = 6 jobs, with X allowing only 2
 * processing at once (the concurrent-job limit and its headers), jobs taking 300 ms, one FAILED,
 * one SUCCESS without a URL for two checks, one whose file is gone once. The node recreates and
 * waits as needed, downloads every gzip file without credentials, and emits one row per line item
 * and day with X's numbers.
 */
import { assertMatch } from '../match';
import { bucketsOf, metricSeries } from '../../emulator/state/stats';
import { chain, locator, xAds } from '../workflows';
import { defineCase, type CaseContext } from '../types';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const IDS = Array.from({ length: 45 }, (_, i) => `r2e${i}`);

export default defineCase({
	name: 'X Ads: analytics report jobs within the concurrent-job limit, FAILED / no URL / gone handled, gzip results as rows',
	credentials: { x: { type: 'xOAuth1Api' } },
	setup: (ctx) => {
		const control = ctx.emulator!.control;
		control.setStatsJobLimit(2);
		control.setStatsJobTiming({ processingMs: 300 });
		control.injectStatsJobFaults(['FAILED', 'NO_URL', 'GONE']);
	},
	workflow: (ctx) =>
		chain(
			xAds('Report', {
				resource: 'analytics',
				operation: 'report',
				account: locator(fx(ctx).accountId),
				entity: 'LINE_ITEM',
				entityIds: IDS.join(','),
				startTime: '2026-01-01',
				endTime: '2026-04-11',
				granularity: 'DAY',
				metricGroups: ['ENGAGEMENT'],
				placement: 'ALL_ON_TWITTER',
				waitOptions: { firstPoll: 0.1, maxPoll: 0.5, maxWait: 2 },
			}),
		),
	expect: { outputs: { Report: { itemCount: 45 * 100, everyItem: { entity: 'LINE_ITEM', granularity: 'DAY' } } } },
	check: (ctx, result) => {
		const control = ctx.emulator!.control;
		const rows = result.execution!.output('Report');
		const posts = result.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/12/stats/jobs/'));
		assertMatch(posts.length, 6 + 2, 'jobs created (6, and the FAILED and the gone one again)');
		assertMatch(control.statsPeakProcessing() <= 2, true, 'never more than 2 processing');
		const files = control.statsFileRequests();
		assertMatch(files.every((f: { authorization: boolean }) => !f.authorization), true, 'result files downloaded without credentials');
		assertMatch(files.filter((f: { status: number }) => f.status === 200).length, 6, 'six files downloaded');
		const buckets = bucketsOf(Date.parse('2026-01-01T08:00:00Z'), Date.parse('2026-04-11T07:00:00Z'), 'DAY', 'America/Los_Angeles');
		for (const e of [0, 19, 20, 44]) {
			const series = metricSeries(IDS[e], 'ALL_ON_TWITTER', '', 'impressions', undefined, buckets, control.now());
			assertMatch(rows.slice(e * 100, e * 100 + 100).map((r) => r.impressions), series, `${IDS[e]} impressions`);
		}
		const polls = result.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/12/stats/jobs/'));
		if (polls.length > 30) throw new Error(`${polls.length} status checks for 6 jobs of 300 ms`);
	},
});
