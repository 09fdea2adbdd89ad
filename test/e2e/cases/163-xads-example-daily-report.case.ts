/**
 * examples/daily-performance-report.json as shipped in real n8n (the empty account filled from the
 * emulator's seed, as `npm run dev` does; the Schedule Trigger started the way the editor's
 * Execute workflow does): stats for exactly yesterday in the account's time zone (one day per line
 * item and placement, never two), then one sheet row each with the line item's name from X, spend
 * in the line item's currency rounded to its cents, and a key unique per day, line item and
 * placement (the sticky note's Append or Update key).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

/** The calendar date before today in the time zone, YYYY-MM-DD. */
function yesterdayIn(timeZone: string, now = Date.now()): string {
	const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
	const [y, m, d] = today.split('-').map(Number);
	return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export default defineCase({
	name: 'examples/daily-performance-report.json: exactly yesterday in the account time zone, names and currency amounts per line item',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => exampleWorkflow('daily-performance-report.json', { account: fx(ctx).accountId }),
	run: { triggerName: 'Every Morning' },
	check: (ctx, result) => {
		const ex = result.execution!;
		assertMatch(ex.status, 'success', 'execution status');
		const account = ctx.emulator!.control.state().ads.production.accounts.get(fx(ctx).accountId)!.account;
		const zone = String(account.timezone);
		const day = yesterdayIn(zone);
		const groups = ex.output('Active Line Items');
		const active = new Set(groups.flatMap((g) => g.entity_ids as string[]));
		for (const id of Object.values(fx(ctx).lineItems) as string[]) assertMatch(active.has(id), true, `line item ${id} active yesterday`);

		// The stats: one row per line item and placement, all of them for yesterday (${day} in ${zone}).
		const stats = ex.output("Yesterday's Stats");
		const dates = [...new Set(stats.map((r) => String(r.date)))].sort();
		assertMatch(dates, [day], `days the stats cover (yesterday in ${zone} is ${day})`);
		const expectedRows = groups.reduce((n, g) => n + (g.entity_ids as string[]).length, 0);
		assertMatch(stats.length, expectedRows, 'one stats row per line item and placement');

		// The sheet rows: names and currency from X's line items, spend rounded to the currency's cents.
		const lineItems = ctx.emulator!.control.state().ads.production.lineItems;
		const rows = ex.output('Sheet Rows');
		assertMatch(rows.length, stats.length, 'one sheet row per stats row');
		assertMatch(new Set(rows.map((r) => r.key)).size, rows.length, 'keys unique');
		for (const row of rows) {
			const li = lineItems.get(String(row.line_item_id))!;
			const stat = stats.find((s) => s.id === row.line_item_id && s.placement === row.placement)!;
			assertMatch(row, {
				key: `${day}|${row.line_item_id}|${row.placement}`,
				date: day,
				line_item_name: li.name,
				campaign_id: li.campaign_id,
				currency: li.currency,
				impressions: stat.impressions,
				spend: Math.round(Number(stat.billed_charge_local) * 100) / 100,
			}, `row of ${row.line_item_id} ${row.placement}`);
			assertMatch(typeof li.name === 'string' && li.name.length > 0, true, `line item ${row.line_item_id} has a name at X`);
		}
	},
});
