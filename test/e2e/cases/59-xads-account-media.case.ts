/**
 * X Ads "Account Media" in real n8n (X Ads catalog, audience and creative reference): Get Many with total count (the three seed
 * creatives), Get Many filtered by creative types (a multi-options field sent comma-joined), sorted,
 * with a Limit; Get Many by IDs; Get one (BANNER); Delete (MEDIUM_RECTANGLE: deleted=true); Get of
 * the deleted one with With Deleted; then Get without it: X's 404 as an error item with the
 * not-found hint (On Error: Continue); a last Get Many leaves the deleted one out.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const MEDIA = /^\/12\/accounts\/\w+\/account_media$/;
const ONE = /^\/12\/accounts\/\w+\/account_media\/\w+$/;

export default defineCase({
	name: 'X Ads: account media get many (total count, creative types, ids), get, delete, with deleted, 404',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const media = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(xAds(name, { resource: 'accountMedia', account: { __rl: true, mode: 'id', value: fx.accountId }, ...parameters }, opts));
		const [, banner, rectangle] = fx.accountMediaIds;
		return chain(
			media('All', { operation: 'getAll', returnAll: true, filters: { withTotalCount: true } }),
			media('By Type', { operation: 'getAll', returnAll: false, limit: 10, filters: { creativeTypes: ['PREROLL', 'BANNER'], sortBy: 'creative_type-desc' } }),
			media('By IDs', { operation: 'getAll', returnAll: true, filters: { accountMediaIds: `${banner}, ${rectangle}` } }),
			media('Get', { operation: 'get', accountMediaId: banner }),
			media('Delete', { operation: 'delete', accountMediaId: rectangle }),
			media('Get Deleted', { operation: 'get', accountMediaId: rectangle, options: { withDeleted: true } }),
			media('Get Gone', { operation: 'get', accountMediaId: rectangle }, { onError: 'continueRegularOutput' }),
			media('All After', { operation: 'getAll', returnAll: true }),
		);
	},
	expect: {
		executedNodes: ['Start', 'All', 'By Type', 'By IDs', 'Get', 'Delete', 'Get Deleted', 'Get Gone', 'All After'],
		outputs: {
			All: { itemCount: 3, everyItem: { total_count: 3, deleted: false } },
			'By Type': {
				itemCount: 2,
				items: [
					{ creative_type: 'PREROLL', video_id: /^13_\d+$/ },
					{ creative_type: 'BANNER', video_id: null, media_url: /^https:\/\// },
				],
			},
			'By IDs': { itemCount: 2 },
			Get: { itemCount: 1, items: [{ creative_type: 'BANNER', deleted: false }] },
			Delete: { itemCount: 1, items: [{ creative_type: 'MEDIUM_RECTANGLE', deleted: true }] },
			'Get Deleted': { itemCount: 1, items: [{ deleted: true }] },
			'Get Gone': {
				itemCount: 1,
				items: [{ error: /^X answered 404 NOT_FOUND/, description: /^GET \/12\/accounts\/\w+\/account_media\/\w+\. Check the ID/, httpCode: '404' }],
			},
			'All After': { itemCount: 2 },
		},
		emulator: {
			requestCount: 8,
			requests: [
				{ method: 'GET', base: 'ads', path: MEDIA, status: 200, count: 4 },
				{ method: 'GET', base: 'ads', path: ONE, status: 200, count: 2 },
				{ method: 'GET', base: 'ads', path: ONE, status: 404, count: 1 },
				{ method: 'DELETE', base: 'ads', path: ONE, status: 200, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const [preroll, banner, rectangle] = fx.accountMediaIds;
		const ex = result.execution!;
		assertMatch(ex.output('All').map((m) => m.id).sort(), [...fx.accountMediaIds].sort(), 'all seed media');
		assertMatch(ex.output('By Type').map((m) => m.id), [preroll, banner], 'by type');
		assertMatch(ex.output('By IDs').map((m) => m.id).sort(), [banner, rectangle].sort(), 'by ids');
		assertMatch(ex.output('Get')[0].id, banner, 'get');
		assertMatch(ex.output('Delete')[0].id, rectangle, 'delete');
		assertMatch(ex.output('All After').map((m) => m.id).sort(), [preroll, banner].sort(), 'deleted one left out');
		const q = result.requests.map((r) => Object.fromEntries(queryOf(r.query)));
		assertMatch(q[0], { with_total_count: 'true', count: '1000' }, 'All query');
		assertMatch(q[1], { creative_types: 'PREROLL,BANNER', sort_by: 'creative_type-desc', count: '10' }, 'By Type query');
		assertMatch(q[2], { account_media_ids: `${banner},${rectangle}` }, 'By IDs query');
		assertMatch(result.requests[4], { method: 'DELETE', path: `/12/accounts/${fx.accountId}/account_media/${rectangle}` }, 'DELETE');
		assertMatch(q[5], { with_deleted: 'true' }, 'Get Deleted query');
		assertMatch(result.requests[6].query, '', 'Get Gone: no with_deleted');
	},
});
