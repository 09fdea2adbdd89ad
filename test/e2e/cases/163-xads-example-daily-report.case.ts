/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (README, Lint). */
/**
 * examples/daily-performance-report.json as shipped in real n8n (the empty account filled from the
 * emulator's seed, as `npm run dev` does): Schedule -> Active Entities (yesterday, grouped per
 * placement, days of the account's time zone) -> Get Stats -> one row per line item and day.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { assertMatch } from '../match';
import type { WorkflowJson } from '../n8n';
import { defineCase, type CaseContext } from '../types';

const EXAMPLE = path.join(__dirname, '..', '..', '..', 'examples', 'daily-performance-report.json');
const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

/** The example with its empty IDs filled and its X nodes on the case's credential. */
export function filledExample(file: string, ids: Record<string, string>): WorkflowJson {
	const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as WorkflowJson;
	const nodes = raw.nodes.map((n) => {
		const parameters = { ...(n.parameters as Record<string, unknown>) };
		for (const [key, id] of Object.entries(ids)) {
			const value = parameters[key] as { __rl?: boolean; value?: string } | string | undefined;
			if (value === '') parameters[key] = id;
			else if (value && typeof value === 'object' && value.__rl && value.value === '') parameters[key] = { __rl: true, mode: 'id', value: id };
		}
		return { ...n, parameters, ...(n.credentials?.xOAuth1Api ? { credentials: { xOAuth1Api: '@x' } } : {}) };
	});
	return { ...raw, nodes } as WorkflowJson;
}

export default defineCase({
	name: 'examples/daily-performance-report.json: active line items of yesterday, then their stats as rows',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => filledExample(EXAMPLE, { account: fx(ctx).accountId }),
	run: { triggerName: 'Every Morning' },
	expect: {
		executedNodes: ['Every Morning', 'Active Line Items', "Yesterday's Stats"],
		outputs: {
			'Active Line Items': { everyItem: { entity: 'LINE_ITEM', entity_ids: { $type: 'array' }, time_zone: 'America/Los_Angeles' } },
			"Yesterday's Stats": { everyItem: { entity: 'LINE_ITEM', granularity: 'DAY', date: { $regex: '^\\d{4}-\\d{2}-\\d{2}$' }, impressions: { $type: 'number' } } },
		},
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		const groups = ex.output('Active Line Items');
		assertMatch(groups[0].placement, 'ALL_ON_TWITTER', 'first group');
		for (const id of Object.values(fx(ctx).lineItems) as string[]) assertMatch((groups[0].entity_ids as string[]).includes(id), true, `line item ${id} active yesterday`);
		const rows = ex.output("Yesterday's Stats");
		const ids = new Set(groups.flatMap((g) => g.entity_ids as string[]));
		assertMatch(rows.every((r) => ids.has(String(r.id))), true, 'rows only for active line items');
		assertMatch(rows.some((r) => typeof r.billed_charge_local === 'number'), true, 'spend in currency units');
	},
});
