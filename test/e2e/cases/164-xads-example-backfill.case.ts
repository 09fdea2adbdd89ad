/**
 * examples/90-day-backfill.json as shipped in real n8n: the line items active in the 90 days up to
 * yesterday in the account's time zone, then one asynchronous report (jobs of 20 line items and 90
 * days, waited for, downloaded as gzip and unpacked): one row per line item and day, exactly those
 * 90 days (no 91st from a window of UTC midnights rounded to the account's days).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

/** The calendar date `back` days before today in the time zone, YYYY-MM-DD. */
export function daysBeforeIn(timeZone: string, back: number, now = Date.now()): string {
	const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
	const [y, m, d] = today.split('-').map(Number);
	return new Date(Date.UTC(y, m - 1, d - back)).toISOString().slice(0, 10);
}

export default defineCase({
	name: 'examples/90-day-backfill.json: the 90 days up to yesterday (account time zone) of daily stats for the active line items through report jobs',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => exampleWorkflow('90-day-backfill.json', { account: fx(ctx).accountId }),
	expect: {
		executedNodes: ['Run Backfill', 'Active in 90 Days', '90-Day Report'],
		outputs: { '90-Day Report': { everyItem: { entity: 'LINE_ITEM', granularity: 'DAY', impressions: { $type: 'number' }, video_total_views: { $type: 'number' } } } },
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		const zone = String(ctx.emulator!.control.state().ads.production.accounts.get(fx(ctx).accountId)!.account.timezone);
		const group = ex.output('Active in 90 Days')[0];
		const rows = ex.output('90-Day Report').filter((r) => r.placement === 'ALL_ON_TWITTER');
		const dates = [...new Set(rows.map((r) => String(r.date)))].sort();
		assertMatch([dates.length, dates[0], dates[dates.length - 1]], [90, daysBeforeIn(zone, 90), daysBeforeIn(zone, 1)], `days of the report (${zone})`);
		assertMatch(rows.length, (group.entity_ids as string[]).length * 90, 'one row per line item and day');
		const files = ctx.emulator!.control.statsFileRequests();
		assertMatch(files.length > 0 && files.every((f: { status: number; authorization: boolean }) => f.status === 200 && !f.authorization), true, 'gzip files downloaded unsigned');
		assertMatch(ctx.emulator!.control.statsPeakProcessing() <= 100, true, 'within the concurrent-job limit');
	},
});
