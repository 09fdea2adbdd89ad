/**
 * X Ads "Account App > Get Many" in real n8n (spec document 03, GET /accounts/:account_id/account_apps):
 * Return All with Sort By and With Total Count (3 seeded apps, newest first, total_count on each),
 * Limit 2 (count=2, one page), and the account of another user refused by X with the
 * "not associated" hint.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
/** The production account the emulator seeds for users[1] ("Other Advertiser"). */
const otherUsersAccount = (ctx: CaseContext): string => {
	const accounts = ctx.emulator!.control.state().ads.production.accounts as ReadonlyMap<string, { account: { id: string; name: string } }>;
	const found = [...accounts.values()].find((r) => r.account.name === 'Other Advertiser');
	if (!found) throw new Error('the emulator seed has no "Other Advertiser" account');
	return found.account.id;
};

export default defineCase({
	name: 'X Ads: account app get many (sort, total count, limit, foreign account)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const apps = (name: string, parameters: Record<string, unknown>, account = fixtures(ctx).accountId) =>
			xAds(name, { resource: 'accountApp', operation: 'getAll', ...parameters }, { account });
		return chain(
			apps('Apps', { returnAll: true, filters: { sortBy: 'created_at-desc', withTotalCount: true } }),
			once(apps('Apps (limit 2)', { returnAll: false, limit: 2 })),
			once(apps('Apps (other user)', { returnAll: true }, otherUsersAccount(ctx))),
		);
	},
	expect: {
		executedNodes: ['Start', 'Apps', 'Apps (limit 2)', 'Apps (other user)'],
		outputs: {
			Apps: {
				itemCount: 3,
				everyItem: { total_count: 3, deleted: false, os_type: /^(IOS|ANDROID)$/, app_store_identifier: { $type: 'string' } },
				items: [{ app_store_identifier: 'com.acme.outlet' }, { app_store_identifier: 'com.acme.shoes' }, { app_store_identifier: '333903271', os_type: 'IOS' }],
			},
			'Apps (limit 2)': { itemCount: 2 },
		},
		error: {
			node: 'Apps (other user)',
			message: /^X answered 403 UNAUTHORIZED_ACCESS: User \d+ is not authorized to access account \w+$/,
			description: /^GET \/12\/accounts\/\w+\/account_apps\. The ads account is not associated with the user whose tokens the credential holds/,
			httpCode: '403',
		},
		emulator: {
			requestCount: 3,
			requests: [
				{ method: 'GET', base: 'ads', path: /^\/12\/accounts\/\w+\/account_apps$/, query: { count: '1000', sort_by: 'created_at-desc', with_total_count: 'true' }, status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: /^\/12\/accounts\/\w+\/account_apps$/, query: 'count=2', status: 200, count: 1 },
				{ method: 'GET', base: 'ads', status: 403, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		// Newest first: the apps were created a day apart in seed order.
		assertMatch(ex.output('Apps').map((a) => a.id), [...fx.accountAppIds].reverse(), 'Apps ids (created_at-desc)');
		assertMatch(ex.output('Apps (limit 2)').map((a) => a.id), fx.accountAppIds.slice(0, 2), 'Apps (limit 2) ids');
		assertMatch(ex.items('Apps').map((i) => i.pairedItem), [{ item: 0 }, { item: 0 }, { item: 0 }], 'Apps pairedItem');
		assertMatch(result.requests.map((r) => r.path), [
			`/12/accounts/${fx.accountId}/account_apps`,
			`/12/accounts/${fx.accountId}/account_apps`,
			`/12/accounts/${otherUsersAccount(ctx)}/account_apps`,
		], 'request paths');
	},
});
