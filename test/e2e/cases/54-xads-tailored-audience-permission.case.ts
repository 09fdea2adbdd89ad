/**
 * X Ads "Tailored Audience Permission" in real n8n (X Ads catalog, audience and creative reference; Ads API version 5 paths):
 * Get Many (Return All: count=1000, the seed permission for foreignAccountId), Create (share with
 * the user's second account READ_WRITE, sent on the query), Get Many with filters (granted account,
 * sort, total count, Limit 5), Delete of the new permission (deleted=true), Get Many again (only
 * the seed one), and Create on an audience the account does not own: X's 403 UNAUTHORIZED_ACCESS
 * as an error item (On Error: Continue).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const PERMISSIONS = /^\/5\/accounts\/\w+\/tailored_audiences\/\w+\/permissions$/;

/** users[0]'s second production account (not the fixtures' accountId). */
function outlet(ctx: CaseContext): string {
	const emu = ctx.emulator!;
	return emu.control.state().ads.production.byUser.get(emu.users[0].userId)[1].account.id;
}

export default defineCase({
	name: 'X Ads: tailored audience permission get many, create, filtered list, delete (version 5), foreign audience refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const permission = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(
				xAds(
					name,
					{
						resource: 'tailoredAudiencePermission',
						account: { __rl: true, mode: 'id', value: fx.accountId },
						tailoredAudienceId: fx.tailoredAudienceId,
						...parameters,
					},
					opts,
				),
			);
		return chain(
			permission('List', { operation: 'getAll', returnAll: true }),
			permission('Create', { operation: 'create', grantedAccountId: outlet(ctx), permissionLevel: 'READ_WRITE' }),
			permission('List Filtered', {
				operation: 'getAll',
				returnAll: false,
				limit: 5,
				filters: { grantedAccountIds: outlet(ctx), sortBy: 'created_at-desc', withTotalCount: true },
			}),
			permission('Delete', { operation: 'delete', tailoredAudiencePermissionId: '={{ $("Create").first().json.id }}' }),
			permission('List After', { operation: 'getAll', returnAll: true }),
			permission(
				'Create Foreign',
				{ operation: 'create', tailoredAudienceId: fx.foreignTailoredAudienceId, grantedAccountId: fx.accountId, permissionLevel: 'READ_ONLY' },
				{ onError: 'continueRegularOutput' },
			),
		);
	},
	expect: {
		executedNodes: ['Start', 'List', 'Create', 'List Filtered', 'Delete', 'List After', 'Create Foreign'],
		outputs: {
			List: { itemCount: 1 },
			Create: { itemCount: 1, items: [{ permission_level: 'READ_WRITE', deleted: false }] },
			'List Filtered': { itemCount: 1, items: [{ total_count: 1, permission_level: 'READ_WRITE' }] },
			Delete: { itemCount: 1, items: [{ deleted: true }] },
			'List After': { itemCount: 1 },
			'Create Foreign': { itemCount: 1, items: [{ error: /^X answered 403 UNAUTHORIZED_ACCESS/, httpCode: '403' }] },
		},
		emulator: {
			requestCount: 6,
			requests: [
				{ method: 'GET', base: 'ads', path: PERMISSIONS, query: 'count=1000', status: 200, count: 2 },
				{ method: 'POST', base: 'ads', path: PERMISSIONS, status: 200, count: 1 },
				{ method: 'POST', base: 'ads', path: PERMISSIONS, status: 403, count: 1 },
				{ method: 'DELETE', base: 'ads', path: /^\/5\/accounts\/\w+\/tailored_audiences\/\w+\/permissions\/\w+$/, status: 200, count: 1 },
			],
			none: [{ path: /^\/12\// }],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		const created = ex.output('Create')[0];
		assertMatch(ex.output('List').map((p) => p.id), [fx.tailoredAudiencePermissionId], 'seed permission');
		assertMatch(created, { tailored_audience_id: fx.tailoredAudienceId, granted_account_id: outlet(ctx) }, 'created permission');
		assertMatch(ex.output('List Filtered')[0].id, created.id, 'filtered list');
		assertMatch(ex.output('Delete')[0].id, created.id, 'deleted permission');
		assertMatch(ex.output('List After').map((p) => p.id), [fx.tailoredAudiencePermissionId], 'after delete');
		const [, post, filtered, del] = result.requests;
		assertMatch(post.path, `/5/accounts/${fx.accountId}/tailored_audiences/${fx.tailoredAudienceId}/permissions`, 'create path');
		assertMatch(Object.fromEntries(queryOf(post.query)), { granted_account_id: outlet(ctx), permission_level: 'READ_WRITE' }, 'create query');
		assertMatch(
			Object.fromEntries(queryOf(filtered.query)),
			{ granted_account_ids: outlet(ctx), sort_by: 'created_at-desc', with_total_count: 'true', count: '5' },
			'filtered list query',
		);
		assertMatch(del.path, `/5/accounts/${fx.accountId}/tailored_audiences/${fx.tailoredAudienceId}/permissions/${String(created.id)}`, 'delete path');
		assertMatch(result.requests[5].path, `/5/accounts/${fx.accountId}/tailored_audiences/${fx.foreignTailoredAudienceId}/permissions`, 'foreign create path');
	},
});
