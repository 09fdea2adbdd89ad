/**
 * X Ads account settings in real n8n (https://docs.x.com/x-ads-api/campaign-management/reference):
 * Authenticated User Access (the credential's user and permissions), that user's User Setting by
 * {{ $json.user_id }}, changed; Tax Setting read and changed (the company name goes as address_name,
 * X answers it as address_company); Recommendations (version 5 of the Ads API) listed and one read.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: authenticated user access, user settings, tax settings, recommendations (v5)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const node = (name: string, parameters: Record<string, unknown>) => once(xAds(name, parameters, { account: fx.accountId }));
		return chain(
			node('Access', { resource: 'authenticatedUserAccess', operation: 'get' }),
			node('User Settings', { resource: 'userSettings', operation: 'get', userId: '={{ $json.user_id }}' }),
			node('Change Email', { resource: 'userSettings', operation: 'update', userId: "={{ $('Access').first().json.user_id }}", updateFields: { notificationEmail: 'ads-team@acme-shoes.example' } }),
			node('Tax', { resource: 'taxSettings', operation: 'get' }),
			node('Change Tax', { resource: 'taxSettings', operation: 'update', updateFields: { addressName: 'Acme Shoes Europe', taxCategory: 'BUSINESS_NO_VAT' } }),
			node('Recommendations', { resource: 'recommendation', operation: 'getAll', returnAll: true }),
			node('Recommendation', { resource: 'recommendation', operation: 'get', recommendationId: '={{ $json.id }}' }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Access', 'User Settings', 'Change Email', 'Tax', 'Change Tax', 'Recommendations', 'Recommendation'],
		outputs: {
			Access: { itemCount: 1, items: [{ permissions: ['ACCOUNT_ADMIN', 'TWEET_COMPOSER'] }] },
			'User Settings': { itemCount: 1, items: [{ notification_email: 'acme_ads@acme-shoes.example' }] },
			'Change Email': { itemCount: 1, items: [{ notification_email: 'ads-team@acme-shoes.example' }] },
			Tax: { itemCount: 1, items: [{ address_country: 'GB', tax_category: 'BUSINESS_WITH_VAT' }] },
			'Change Tax': { itemCount: 1, items: [{ address_company: 'Acme Shoes Europe', tax_category: 'BUSINESS_NO_VAT' }] },
			Recommendations: { itemCount: 1, items: [{ status: 'PENDING' }] },
			Recommendation: { itemCount: 1, items: [{ changes: [{ entity_type: 'campaigns', operation_type: 'Update' }] }] },
		},
		emulator: { requestCount: 7, requests: [{ method: 'GET', base: 'ads', path: /^\/5\/accounts\/\w+\/recommendations/, status: 200, count: 2 }] },
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const user = ctx.emulator!.users[0].userId;
		assertMatch(result.execution!.output('Access')[0].user_id, user, 'the credential user');
		assertMatch(result.requests[1].path, `/12/accounts/${fx.accountId}/user_settings/${user}`, 'settings of that user');
		assertMatch(Object.fromEntries(queryOf(result.requests[4].query)), { address_name: 'Acme Shoes Europe', tax_category: 'BUSINESS_NO_VAT' }, 'tax query');
		assertMatch(result.execution!.output('Recommendations')[0].id, fx.recommendationId, 'seed recommendation');
	},
});
