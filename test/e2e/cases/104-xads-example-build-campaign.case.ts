/**
 * The "build a campaign from a sheet row" example as shipped (examples/build-campaign-from-sheet.json),
 * in real n8n: the IDs it leaves empty filled from the emulator's seed and its approval step made to
 * approve itself after a second, as `npm run dev` does (test/e2e/dev.ts, which cannot be imported:
 * it starts dev), then every node runs: campaign and line
 * item created PAUSED, a LOCATION criterion, the post promoted, and both activated after the wait.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { assertMatch } from '../match';
import type { WorkflowJson } from '../n8n';
import { defineCase, type CaseContext } from '../types';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const EXAMPLE = path.join(__dirname, '..', '..', '..', 'examples', 'build-campaign-from-sheet.json');

export default defineCase({
	name: 'X Ads: example "build a campaign from a sheet row" runs end to end (paused, then activated)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const raw = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;
		const seeded: Record<string, string> = { account: fx.accountId, fundingInstrument: fx.fundingInstrumentIds[0], tweetIds: fx.postId };
		const nodes = raw.nodes.map((n) => {
			if (n.type === 'n8n-nodes-base.wait') return { ...n, parameters: { resume: 'timeInterval', amount: 1, unit: 'seconds' } };
			const parameters = { ...(n.parameters as Record<string, unknown>) };
			for (const [key, id] of Object.entries(seeded)) {
				const value = parameters[key] as { __rl?: boolean; value?: string } | string | undefined;
				if (value === '') parameters[key] = id;
				else if (value && typeof value === 'object' && value.__rl && value.value === '') parameters[key] = { __rl: true, mode: 'id', value: id };
			}
			return { ...n, parameters, ...(n.credentials?.xOAuth1Api ? { credentials: { xOAuth1Api: '@x' } } : {}) };
		});
		return { ...raw, nodes } as WorkflowJson;
	},
	expect: {
		executedNodes: [
			"When clicking 'Execute workflow'",
			'Sheet Row',
			'Create Campaign (paused)',
			'Create Line Item (paused)',
			'Target Country',
			'Promote Post',
			'Wait for Approval',
			'Activate Line Item',
			'Activate Campaign',
		],
		outputs: {
			'Create Campaign (paused)': { itemCount: 1, items: [{ name: 'Winter Launch', entity_status: 'PAUSED', daily_budget_amount: '25.00', total_budget_amount: '500.00' }] },
			'Create Line Item (paused)': { itemCount: 1, items: [{ entity_status: 'PAUSED', bid_amount: '1.20' }] },
			'Activate Line Item': { itemCount: 1, items: [{ entity_status: 'ACTIVE' }] },
			'Activate Campaign': { itemCount: 1, items: [{ entity_status: 'ACTIVE', name: 'Winter Launch' }] },
		},
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		assertMatch(ex.output('Target Country')[0].targeting_type, 'LOCATION', 'location criterion');
		assertMatch(ex.output('Promote Post')[0].tweet_id, fixtures(ctx).postId, 'promoted post');
	},
});
