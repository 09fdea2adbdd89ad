/**
 * X Ads "Custom Audience > Get Targeting" in real n8n (X Ads catalog, audience and creative reference): the campaigns and line
 * items that target the seed custom audience. With Only Active at its default (true) nothing is
 * sent on the query and only servable line items come back (Spring Sale with engagements, App
 * Installs); with Only Active off, with_active=false and the paused reach line item appears too
 * (servable=false). Return All and a Limit of 1 (one campaign) are both honoured.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const TARGETED = /^\/12\/accounts\/\w+\/custom_audiences\/\w+\/targeted$/;

export default defineCase({
	name: 'X Ads: custom audience get targeting (only active by default, all with Only Active off, limit)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const targeting = (name: string, parameters: Record<string, unknown>) =>
			once(
				xAds(name, {
					resource: 'customAudience',
					operation: 'getTargeted',
					account: { __rl: true, mode: 'id', value: fx.accountId },
					customAudienceId: fx.customAudienceId,
					...parameters,
				}),
			);
		return chain(
			targeting('Active', { returnAll: true }),
			targeting('All', { returnAll: true, filters: { withActive: false } }),
			targeting('First', { returnAll: false, limit: 1 }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Active', 'All', 'First'],
		outputs: {
			Active: {
				itemCount: 2,
				items: [
					{ campaign_name: 'Spring Sale', line_items: [{ name: 'Spring Engagements', servable: true }] },
					{ campaign_name: 'App Installs' },
				],
			},
			All: {
				itemCount: 2,
				items: [{ campaign_name: 'Spring Sale', line_items: [{ servable: true }, { name: 'Spring Reach', servable: false }] }, { campaign_name: 'App Installs' }],
			},
			First: { itemCount: 1, items: [{ campaign_name: 'Spring Sale' }] },
		},
		emulator: {
			requestCount: 3,
			requests: [{ method: 'GET', base: 'ads', path: TARGETED, status: 200, count: 3 }],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		assertMatch(
			(ex.output('All')[0].line_items as Array<{ id: string }>).map((l) => l.id),
			[fx.lineItems.engagements, fx.lineItems.reach],
			'line items of Spring Sale',
		);
		assertMatch((ex.output('Active')[0].line_items as Array<{ id: string }>).map((l) => l.id), [fx.lineItems.engagements], 'servable only');
		const [active, all, first] = result.requests;
		assertMatch(active.path, `/12/accounts/${fx.accountId}/custom_audiences/${fx.customAudienceId}/targeted`, 'path');
		assertMatch(active.query, '', 'nothing on the query by default');
		assertMatch(Object.fromEntries(queryOf(all.query)), { with_active: 'false' }, 'Only Active off');
		if (queryOf(first.query).has('with_active')) throw new Error(`limit request sent with_active: ${first.query}`);
	},
});
