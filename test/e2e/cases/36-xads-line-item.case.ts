/**
 * X Ads "Line Item" in real n8n (spec document 03): Update with money typed in currency units
 * (12.34 -> 12340000 micros, 1000 -> 1000000000, 0.000001 -> 1, converted exactly and sent as
 * integers), status and bid strategy, a non-ASCII name; updated_at moves. Then Delete (deleted=true)
 * and a second Delete of the same line item (ID taken from the first delete's output), which fails
 * with the node's "already deleted" message, X's 404 kept in the description with the hint.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const NAME = 'Spring Engagements – ünïcode & more';
/** updated_at of the engagements line item in the emulator's seed. */
const SEED_UPDATED_AT = '2026-01-03T08:00:00Z';

export default defineCase({
	name: 'X Ads: line item update (currency units) and delete twice (already deleted)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const lineItem = (name: string, operation: string, id: string, parameters: Record<string, unknown> = {}) =>
			once(xAds(name, { resource: 'lineItem', operation, lineItem: locator(id), ...parameters }, { account: fx.accountId }));
		return chain(
			lineItem('Update', 'update', fx.lineItems.engagements, {
				amountUnit: 'currency',
				updateFields: {
					name: NAME,
					entityStatus: 'PAUSED',
					bidStrategy: 'MAX',
					bidAmountLocalMicro: '12.34',
					totalBudgetAmountLocalMicro: '1000',
					dailyBudgetAmountLocalMicro: '0.000001',
				},
			}),
			lineItem('Delete', 'delete', fx.lineItems.reach),
			lineItem('Delete again', 'delete', '={{ $json.id }}'),
		);
	},
	expect: {
		executedNodes: ['Start', 'Update', 'Delete', 'Delete again'],
		outputs: {
			Update: {
				itemCount: 1,
				items: [
					{
						name: NAME,
						entity_status: 'PAUSED',
						bid_strategy: 'MAX',
						bid_amount_local_micro: 12340000,
						total_budget_amount_local_micro: 1000000000,
						daily_budget_amount_local_micro: 1,
						objective: 'ENGAGEMENTS',
						currency: 'USD',
						deleted: false,
						updated_at: (t: unknown) => typeof t === 'string' && t !== SEED_UPDATED_AT,
					},
				],
			},
			Delete: { itemCount: 1, items: [{ deleted: true, name: 'Spring Reach', objective: 'REACH' }] },
		},
		error: {
			node: 'Delete again',
			message: /^X answered 404 NOT_FOUND: Line item \w+ not found\. The line item is already deleted, or does not exist$/,
			description:
				/^DELETE \/12\/accounts\/\w+\/line_items\/\w+\. Check the ID and whether the record was deleted \(list the records to find current IDs\)\. For X Ads, check the credential's environment \(production or sandbox\) too/,
			httpCode: '404',
		},
		emulator: {
			requestCount: 3,
			requests: [
				{
					method: 'PUT',
					base: 'ads',
					path: /^\/12\/accounts\/\w+\/line_items\/\w+$/,
					query: {
						name: NAME,
						entity_status: 'PAUSED',
						bid_strategy: 'MAX',
						bid_amount_local_micro: '12340000',
						total_budget_amount_local_micro: '1000000000',
						daily_budget_amount_local_micro: '1',
					},
					status: 200,
					count: 1,
				},
				{ method: 'DELETE', base: 'ads', path: /^\/12\/accounts\/\w+\/line_items\/\w+$/, query: '', status: 200, count: 1 },
				{ method: 'DELETE', base: 'ads', path: /^\/12\/accounts\/\w+\/line_items\/\w+$/, query: '', status: 404, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		assertMatch(ex.output('Update')[0].id, fx.lineItems.engagements, 'updated id');
		assertMatch(ex.output('Delete')[0].id, fx.lineItems.reach, 'deleted id');
		assertMatch(
			result.requests.map((r) => `${r.method} ${r.path} ${r.status}`),
			[
				`PUT /12/accounts/${fx.accountId}/line_items/${fx.lineItems.engagements} 200`,
				`DELETE /12/accounts/${fx.accountId}/line_items/${fx.lineItems.reach} 200`,
				`DELETE /12/accounts/${fx.accountId}/line_items/${fx.lineItems.reach} 404`,
			],
			'requests',
		);
		// The query has exactly the six fields given (no stray parameters such as amountUnit).
		assertMatch(
			[...new URLSearchParams(result.requests[0].query).keys()].sort(),
			['bid_amount_local_micro', 'bid_strategy', 'daily_budget_amount_local_micro', 'entity_status', 'name', 'total_budget_amount_local_micro'],
			'PUT query keys',
		);
		const state = ctx.emulator!.control.state().ads.production.lineItems;
		assertMatch(state.get(fx.lineItems.reach)?.deleted, true, 'reach line item deleted in the emulator');
		assertMatch(state.get(fx.lineItems.engagements)?.entity_status, 'PAUSED', 'engagements paused in the emulator');
	},
});
