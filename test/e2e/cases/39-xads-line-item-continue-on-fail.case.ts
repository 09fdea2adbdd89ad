/**
 * continueOnFail in real n8n (node setting On Error: Continue): X Ads "Line Item > Update" gets four
 * items from a Code node; two are refused before sending (a status not in ACTIVE/PAUSED, a budget
 * written with a decimal comma) and become error items (message naming item, field and rule, and
 * the "nothing was sent" description) at their own position, paired with their input; the two good
 * items are sent (exactly two PUTs) and the workflow goes on to the next node with all four items.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, code, lineItemUpdateFromInput, noOp } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const NOTHING_SENT = 'Nothing was sent to X for this item. Correct the value and run again.';

export default defineCase({
	name: 'X Ads: line item update with continueOnFail (bad items become error items, good items go through)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const inputs = [
			{ id: fx.lineItems.engagements, status: 'PAUSED', total: '750.5' },
			{ id: fx.lineItems.engagements, status: 'STOPPED' },
			{ id: fx.lineItems.reach, status: 'ACTIVE', total: '12,50' },
			{ id: fx.lineItems.appInstalls, status: 'PAUSED' },
		];
		return chain(
			code('Changes', inputs),
			lineItemUpdateFromInput('Update', fx.accountId, 'continueRegularOutput'),
			noOp('After'),
		);
	},
	expect: {
		status: 'success',
		executedNodes: ['Start', 'Changes', 'Update', 'After'],
		outputs: {
			Update: {
				itemCount: 4,
				items: [
					{ entity_status: 'PAUSED', total_budget_amount_local_micro: 750500000, error: { $exists: false } },
					{ error: 'Item 1: Status (entity_status) must be one of ACTIVE, PAUSED (got "STOPPED")', description: NOTHING_SENT },
					{
						error: 'Item 2: Total Budget (total_budget_amount_local_micro) must be an amount in currency units with a dot decimal, such as 12.34 (got "12,50")',
						description: NOTHING_SENT,
					},
					{ entity_status: 'PAUSED', objective: 'APP_INSTALLS', total_budget_amount_local_micro: 250000000, error: { $exists: false } },
				],
			},
			After: { itemCount: 4 },
		},
		emulator: {
			requestCount: 2,
			requests: [
				{ method: 'PUT', base: 'ads', query: { entity_status: 'PAUSED', total_budget_amount_local_micro: '750500000' }, status: 200, count: 1 },
				{ method: 'PUT', base: 'ads', query: 'entity_status=PAUSED', status: 200, count: 1 },
			],
			none: [{ query: { entity_status: 'STOPPED' } }, { query: { entity_status: 'ACTIVE' } }],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		assertMatch(ex.items('Update').map((i) => i.pairedItem), [{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }], 'Update pairedItem');
		assertMatch(ex.output('Update').map((i) => i.id), [fx.lineItems.engagements, undefined, undefined, fx.lineItems.appInstalls], 'Update ids');
		assertMatch(
			result.requests.map((r) => `${r.method} ${r.path}`),
			[`PUT /12/accounts/${fx.accountId}/line_items/${fx.lineItems.engagements}`, `PUT /12/accounts/${fx.accountId}/line_items/${fx.lineItems.appInstalls}`],
			'requests in item order',
		);
		// The refused reach item changed nothing.
		assertMatch(ctx.emulator!.control.state().ads.production.lineItems.get(fx.lineItems.reach)?.entity_status, 'ACTIVE', 'reach untouched');
	},
});
