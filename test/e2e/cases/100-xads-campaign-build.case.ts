/**
 * X Ads campaign building in real n8n (https://docs.x.com/x-ads-api/campaign-management/reference):
 * Campaign > Create with no status chosen is created PAUSED (budgets typed in currency units,
 * sent as exact micros, answered also in currency units), Line Item > Create in it (PAUSED), Promoted
 * Post > Create of the account's post, then Campaign > Activate (PUT entity_status=ACTIVE only) and
 * Campaign > Get Many by funding instrument.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: campaign created PAUSED, line item, promoted post, activate, list',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const node = (name: string, parameters: Record<string, unknown>) => once(xAds(name, parameters, { account: fx.accountId }));
		return chain(
			node('Create Campaign', {
				resource: 'campaign',
				operation: 'create',
				fundingInstrument: locator(fx.fundingInstrumentIds[0]),
				name: 'Summer Sale',
				amountUnit: 'currency',
				additionalFields: { dailyBudgetAmountLocalMicro: '12.5', totalBudgetAmountLocalMicro: '300' },
			}),
			node('Create Line Item', {
				resource: 'lineItem',
				operation: 'create',
				campaign: locator("={{ $('Create Campaign').item.json.id }}"),
				objective: 'ENGAGEMENTS',
				productType: 'PROMOTED_TWEETS',
				placements: ['ALL_ON_TWITTER'],
				startTime: '2026-07-01T00:00:00Z',
				endTime: '2026-08-01T00:00:00Z',
				amountUnit: 'currency',
				additionalFields: { bidAmountLocalMicro: '0.45', bidStrategy: 'MAX' },
			}),
			node('Promote Post', { resource: 'promotedPost', operation: 'create', lineItem: locator('={{ $json.id }}'), tweetIds: fx.postId }),
			node('Activate', { resource: 'campaign', operation: 'activate', campaign: locator("={{ $('Create Campaign').item.json.id }}") }),
			node('List', { resource: 'campaign', operation: 'getAll', returnAll: true, filters: { fundingInstrumentIds: fx.fundingInstrumentIds[0], q: 'summer' } }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create Campaign', 'Create Line Item', 'Promote Post', 'Activate', 'List'],
		outputs: {
			'Create Campaign': {
				itemCount: 1,
				items: [{ name: 'Summer Sale', entity_status: 'PAUSED', daily_budget_amount_local_micro: 12500000, daily_budget_amount: '12.50', total_budget_amount: '300.00', currency: 'USD' }],
			},
			'Create Line Item': { itemCount: 1, items: [{ entity_status: 'PAUSED', bid_amount_local_micro: 450000, bid_amount: '0.45', objective: 'ENGAGEMENTS' }] },
			'Promote Post': { itemCount: 1, items: [{ deleted: false }] },
			Activate: { itemCount: 1, items: [{ entity_status: 'ACTIVE', name: 'Summer Sale' }] },
			List: { itemCount: 1, items: [{ name: 'Summer Sale', entity_status: 'ACTIVE' }] },
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const query = (n: number) => new URLSearchParams(result.requests[n].query);
		assertMatch(query(0).get('entity_status'), 'PAUSED', 'campaign created PAUSED');
		assertMatch(query(0).get('daily_budget_amount_local_micro'), '12500000', 'daily budget in micros');
		assertMatch(query(1).get('entity_status'), 'PAUSED', 'line item created PAUSED');
		assertMatch(query(2).get('tweet_ids'), fx.postId, 'promoted post');
		assertMatch([...query(3).entries()], [['entity_status', 'ACTIVE']], 'activate sends the status only');
		assertMatch(result.requests[3].method, 'PUT', 'activate is a PUT');
	},
});
