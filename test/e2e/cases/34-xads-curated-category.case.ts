/**
 * X Ads "Curated Category > Get" in real n8n (spec document 03,
 * GET /accounts/:account_id/curated_categories/:curated_category_id). A Code node feeds the two seeded
 * category IDs (one item out per item in, paired); then an unknown ID comes back as X's 404 with the
 * "check the ID / environment / deleted" hint.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, code, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: curated category get (two items, unknown ID is a 404 with hint)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const get = (name: string, curatedCategoryId: string) => xAds(name, { resource: 'curatedCategory', operation: 'get', curatedCategoryId }, { account: fx.accountId });
		return chain(
			code('IDs', fx.curatedCategoryIds.map((id: string) => ({ id }))),
			get('Curated Category', '={{ $json.id }}'),
			once(get('Curated Category (unknown)', 'zz9zz')),
		);
	},
	expect: {
		executedNodes: ['Start', 'IDs', 'Curated Category', 'Curated Category (unknown)'],
		outputs: {
			'Curated Category': {
				itemCount: 2,
				items: [
					{
						name: 'Sports',
						description: 'Premium sports publishers',
						country_codes: ['US'],
						publisher_user_ids: { $length: 2 },
						videos_monetized_in_last_thirty_days: 1840,
						created_at: { $type: 'string' },
						updated_at: { $type: 'string' },
					},
					{ name: 'News & Entertainment', country_codes: ['US', 'GB'], publisher_user_ids: ['1469758423451230003'], videos_monetized_in_last_thirty_days: 5210 },
				],
			},
		},
		error: {
			node: 'Curated Category (unknown)',
			message: 'X answered 404 NOT_FOUND: Curated category zz9zz not found',
			description: /^GET \/12\/accounts\/\w+\/curated_categories\/zz9zz\. Check the ID and whether the record was deleted \(list the records to find current IDs\)\. For X Ads, check the credential's environment \(production or sandbox\) too/,
			httpCode: '404',
		},
		emulator: {
			requestCount: 3,
			requests: [
				{ method: 'GET', base: 'ads', path: /^\/12\/accounts\/\w+\/curated_categories\/\w+$/, query: '', status: 200, count: 2 },
				{ method: 'GET', base: 'ads', path: /\/curated_categories\/zz9zz$/, status: 404, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		assertMatch(ex.output('Curated Category').map((c) => c.id), fx.curatedCategoryIds, 'ids');
		assertMatch(ex.items('Curated Category').map((i) => i.pairedItem), [{ item: 0 }, { item: 1 }], 'pairedItem');
		assertMatch(
			result.requests.slice(0, 2).map((r) => r.path),
			fx.curatedCategoryIds.map((id: string) => `/12/accounts/${fx.accountId}/curated_categories/${id}`),
			'paths',
		);
	},
});
