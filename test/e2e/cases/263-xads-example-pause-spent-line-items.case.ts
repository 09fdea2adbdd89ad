/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * examples/pause-spent-line-items.json in real n8n (its Schedule Trigger started as the editor's
 * Execute workflow does; the account filled from the emulator's seed): the active line items with a
 * total budget, their spend since the earliest start, and exactly those whose spend reached their
 * budget paused at X, the other left active (its budget raised to 1,000,000.00 first); the records simplified (budget and spend in currency units).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'examples/pause-spent-line-items.json: the line items whose spend reached their total budget are paused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => exampleWorkflow('pause-spent-line-items.json', { account: fx(ctx).accountId }),
	// One active line item gets a budget its spend has not reached, so one stays active.
	setup: (ctx) => {
		(ctx.emulator!.control.state().ads.production.lineItems.get(fx(ctx).lineItems.reach) as any).total_budget_amount_local_micro = 1_000_000_000_000;
	},
	run: { triggerName: 'Every Hour' },
	timeoutMs: 120_000,
	check: (ctx, result) => {
		const ex = result.execution!;
		const lineItems = ctx.emulator!.control.state().ads.production.lineItems;
		const candidates = ex.output('Active With Budget');
		assertMatch(candidates.map((c) => c.total_budget_amount).every((b) => typeof b === 'string' && /^\d+\.\d{2,}$/.test(String(b))), true, `budgets in currency units: ${JSON.stringify(candidates.map((c) => c.total_budget_amount))}`);
		// Spend per line item from the stats rows (currency units), against the budget X holds (micros).
		const spend = new Map<string, number>();
		for (const row of ex.output('Spend Since Start')) spend.set(String(row.id), (spend.get(String(row.id)) ?? 0) + Math.round(Number(row.billed_charge_local ?? 0) * 1e6));
		const spent = candidates.filter((c) => (spend.get(String(c.id)) ?? 0) >= Number((lineItems.get(String(c.id)) as any).total_budget_amount_local_micro)).map((c) => c.id).sort();
		assertMatch(spent.length > 0 && spent.length < candidates.length, true, `some, not all, line items spent their budget: ${JSON.stringify([...spend])}`);
		const paused = ex.output('Pause Line Item');
		assertMatch(paused.map((p) => p.id).sort(), spent, 'the line items paused');
		assertMatch(ex.output('Budget Spent').every((b) => typeof b.name === 'string' && b.currency === 'USD' && /^\d+\.\d{2}$/.test(String(b.spent_amount))), true, 'Budget Spent names the line item, its currency and the spend');
		for (const c of candidates) assertMatch((lineItems.get(String(c.id)) as any).entity_status, spent.includes(c.id) ? 'PAUSED' : 'ACTIVE', `line item ${String(c.id)} at X`);
	},
});
