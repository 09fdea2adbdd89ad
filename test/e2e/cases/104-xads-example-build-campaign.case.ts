/**
 * The "build a campaign from a sheet row" example as shipped (examples/build-campaign-from-sheet.json),
 * in real n8n: the IDs it leaves empty filled from the emulator's seed and its approval step made to
 * approve itself after a second, as `npm run dev` does (exampleWorkflow), then every node runs: campaign and line
 * item created PAUSED (the line item with its name from the sheet row, not X's null), a LOCATION criterion, the post promoted, and both activated after the wait.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: example "build a campaign from a sheet row" runs end to end (paused, then activated)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		return exampleWorkflow('build-campaign-from-sheet.json', { account: fx.accountId, fundingInstrument: fx.fundingInstrumentIds[0], tweetIds: fx.postId });
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
			'Create Line Item (paused)': { itemCount: 1, items: [{ name: 'Winter Launch - US engagements', entity_status: 'PAUSED', bid_amount: '1.20' }] },
			'Activate Line Item': { itemCount: 1, items: [{ entity_status: 'ACTIVE' }] },
			'Activate Campaign': { itemCount: 1, items: [{ entity_status: 'ACTIVE', name: 'Winter Launch' }] },
		},
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		assertMatch(ex.output('Target Country')[0].targeting_type, 'LOCATION', 'location criterion');
		assertMatch(ex.output('Promote Post')[0].tweet_id, fixtures(ctx).postId, 'promoted post');
		const lineItem = ctx.emulator!.control.state().ads.production.lineItems.get(String(ex.output('Create Line Item (paused)')[0].id));
		assertMatch(lineItem?.name, 'Winter Launch - US engagements', 'the line item\'s name at X (not null)');
	},
});
