/**
 * X Ads "Custom Audience" in real n8n (https://docs.x.com/x-ads-api/audiences/reference#custom-audiences):
 * Create, Get and Update with the audience given through the locator, Get Many searched by name,
 * sharing (Create Permission, Get Permissions, Delete Permission) and Delete.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const created = locator("={{ $('Create').first().json.id }}");

export default defineCase({
	name: 'X Ads: custom audience create, get, update, search, permissions, delete',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const outlet = ctx.emulator!.control.state().ads.production.byUser.get(ctx.emulator!.users[0].userId)![1].account.id;
		const node = (name: string, parameters: Record<string, unknown>) => once(xAds(name, { resource: 'customAudience', ...parameters }, { account: fx.accountId }));
		return chain(
			node('Create', { operation: 'create', name: 'Trial users', additionalFields: { description: 'Signed up this month' } }),
			node('Get', { operation: 'get', customAudienceId: created }),
			node('Update', { operation: 'update', customAudienceId: created, updateFields: { name: 'Trial users (May)' } }),
			node('Search', { operation: 'getAll', returnAll: true, filters: { q: 'trial' } }),
			node('Share', { operation: 'createPermission', customAudienceId: created, grantedAccountId: outlet, permissionLevel: 'READ_ONLY' }),
			node('Permissions', { operation: 'getPermissions', customAudienceId: created, returnAll: true }),
			node('Unshare', { operation: 'deletePermission', customAudienceId: created, customAudiencePermissionId: "={{ $('Share').first().json.id }}" }),
			node('Delete', { operation: 'delete', customAudienceId: created }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'Get', 'Update', 'Search', 'Share', 'Permissions', 'Unshare', 'Delete'],
		outputs: {
			Create: { itemCount: 1, items: [{ name: 'Trial users', description: 'Signed up this month', targetable: false, audience_type: 'CRM' }] },
			Get: { itemCount: 1, items: [{ name: 'Trial users' }] },
			Update: { itemCount: 1, items: [{ name: 'Trial users (May)' }] },
			Search: { itemCount: 1, items: [{ name: 'Trial users (May)' }] },
			Share: { itemCount: 1, items: [{ permission_level: 'READ_ONLY', deleted: false }] },
			Permissions: { itemCount: 1 },
			Unshare: { itemCount: 1, items: [{ deleted: true }] },
			Delete: { itemCount: 1, items: [{ deleted: true }] },
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const id = String(result.execution!.output('Create')[0].id);
		const paths = result.requests.map((r) => `${r.method} ${r.path}`);
		const base = `/12/accounts/${fx.accountId}/custom_audiences`;
		assertMatch(paths, [
			`POST ${base}`,
			`GET ${base}/${id}`,
			`PUT ${base}/${id}`,
			`GET ${base}`,
			`POST ${base}/${id}/permissions`,
			`GET ${base}/${id}/permissions`,
			`DELETE ${base}/${id}/permissions/${String(result.execution!.output('Share')[0].id)}`,
			`DELETE ${base}/${id}`,
		], 'requests');
		assertMatch(Object.fromEntries(queryOf(result.requests[3].query)), { q: 'trial', count: '1000' }, 'search query');
	},
});
