/**
 * X Ads Campaign > Create, Update or Delete in Batch in real n8n: 45 rows become two requests (40
 * and 5, X's maximum batch size), each campaign PAUSED, one output item per input item in order;
 * then a batch where X refuses one operation: with Continue On Fail that item carries X's error and
 * the other item of the same request says it was not applied (X applies a batch all or nothing).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, code, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: campaign batch of 45 (40 + 5 per request), X refusing one operation',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const rows = Array.from({ length: 45 }, (_, n) => ({ name: `Row ${n + 1}`, daily: '2.25', fi: fx.fundingInstrumentIds[0] }));
		const batch = (name: string) =>
			xAds(
				name,
				{
					resource: 'campaign',
					operation: 'batch',
					operationType: 'Create',
					amountUnit: 'currency',
					additionalFields: { fundingInstrumentId: '={{ $json.fi }}', name: '={{ $json.name }}', dailyBudgetAmountLocalMicro: '={{ $json.daily }}' },
				},
				{ account: fx.accountId, onError: 'continueRegularOutput' },
			);
		return chain(
			code('Rows', rows),
			batch('Batch'),
			code('Two more', [
				{ name: 'Fine', fi: fx.fundingInstrumentIds[0], daily: '1' },
				{ name: 'Unknown funding', fi: 'zzzz9', daily: '1' },
			]),
			batch('Batch with a refusal'),
		);
	},
	expect: {
		outputs: {
			Batch: { itemCount: 45, everyItem: { entity_status: 'PAUSED', daily_budget_amount: '2.25' } },
			'Batch with a refusal': {
				itemCount: 2,
				items: [{ error: /^Item 0: not applied, as X refused item 1/ }, { error: /^Item 1: X refused the campaign Create: INVALID_PARAMETER/ }],
			},
		},
	},
	check: (_ctx, result) => {
		const ex = result.execution!;
		assertMatch(ex.output('Batch').map((i) => i.name), Array.from({ length: 45 }, (_, n) => `Row ${n + 1}`), 'outputs in input order');
		const posts = result.requests.filter((r) => r.method === 'POST');
		assertMatch(posts.map((r) => (JSON.parse(r.body) as unknown[]).length), [40, 5, 2], 'operations per request');
		assertMatch(posts.map((r) => r.status), [200, 200, 400], 'statuses');
	},
});
