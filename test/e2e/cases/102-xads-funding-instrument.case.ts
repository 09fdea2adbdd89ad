/**
 * X Ads Funding Instrument in real n8n: Get Many (amounts also in currency units) and Get; and
 * Line Item > Pause of a seeded line item (PUT entity_status=PAUSED only).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: funding instruments (get many, get) and pause a line item',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const node = (name: string, parameters: Record<string, unknown>) => once(xAds(name, parameters, { account: fx.accountId }));
		return chain(
			node('Funding', { resource: 'fundingInstrument', operation: 'getAll', returnAll: true }),
			node('One', { resource: 'fundingInstrument', operation: 'get', fundingInstrument: locator(fx.fundingInstrumentIds[1]) }),
			node('Pause', { resource: 'lineItem', operation: 'pause', lineItem: locator(fx.lineItems.engagements) }),
		);
	},
	expect: {
		outputs: {
			Funding: { itemCount: 2, someItems: [{ type: 'CREDIT_CARD', credit_limit: '200.00', funded_amount: '645.94' }] },
			One: { itemCount: 1, items: [{ type: 'INSERTION_ORDER', funded_amount: '5000.00', credit_remaining: '4250.00' }] },
			Pause: { itemCount: 1, items: [{ entity_status: 'PAUSED', total_budget_amount: '500.00' }] },
		},
	},
	check: (_ctx, result) => {
		assertMatch(result.requests[2].method, 'PUT', 'pause is a PUT');
		assertMatch([...new URLSearchParams(result.requests[2].query).entries()], [['entity_status', 'PAUSED']], 'pause sends the status only');
	},
});
