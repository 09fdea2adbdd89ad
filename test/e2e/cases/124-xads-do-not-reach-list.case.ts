/**
 * X Ads "Do-Not-Reach List" Get Many and Create in real n8n
 * (https://docs.x.com/x-ads-api/audiences/reference#do-not-reach-lists): the account's one list;
 * X refuses a second list for the same account (an account has at most one), and creates one for
 * an account without a list.
 */
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: do-not-reach list get many and create (at most one per account)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const outlet = ctx.emulator!.control.state().ads.production.byUser.get(ctx.emulator!.users[0].userId)![1].account.id;
		return chain(
			once(xAds('Lists', { resource: 'doNotReachList', operation: 'getAll' }, { account: fx.accountId })),
			once(xAds('Second', { resource: 'doNotReachList', operation: 'create', additionalFields: { description: 'Another' } }, { account: fx.accountId, onError: 'continueRegularOutput' })),
			once(xAds('Create', { resource: 'doNotReachList', operation: 'create', additionalFields: { description: 'A list of users to exclude' } }, { account: outlet })),
		);
	},
	expect: {
		executedNodes: ['Start', 'Lists', 'Second', 'Create'],
		outputs: {
			Lists: { itemCount: 1, items: [{ name: 'Opt-outs', deleted: false }] },
			Second: { itemCount: 1, items: [{ error: /X answered 400 INVALID_PARAMETER: .*at most one/ }] },
			Create: { itemCount: 1, items: [{ name: 'Do Not Reach List', description: 'A list of users to exclude', targetable: false }] },
		},
		emulator: { requestCount: 3 },
	},
});
