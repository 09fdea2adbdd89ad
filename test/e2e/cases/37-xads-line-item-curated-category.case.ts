/**
 * X Ads "Line Item Curated Category" in real n8n (spec document 03): Create (line item + curated
 * category) -> Get (ID from the previous node through the resource locator) -> Update (another
 * category) -> Delete (deleted=true) -> Get with With Deleted -> Get Many (the deleted link is left
 * out) -> Get Many with With Deleted (it is listed, oldest first with Sort By).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const LINKS = /^\/12\/accounts\/\w+\/line_item_curated_categories$/;
const LINK = /^\/12\/accounts\/\w+\/line_item_curated_categories\/\w+$/;
const ORDER = ['Create', 'Get', 'Update', 'Delete', 'Get (with deleted)', 'List', 'List (with deleted)'];

export default defineCase({
	name: 'X Ads: line item curated category create, get, update, delete, list with deleted',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const link = (name: string, operation: string, parameters: Record<string, unknown>) =>
			once(xAds(name, { resource: 'lineItemCuratedCategory', operation, ...parameters }, { account: fx.accountId }));
		const fromInput = (mode: 'id' | 'list') => ({ lineItemCuratedCategory: locator('={{ $json.id }}', mode) });
		return chain(
			link('Create', 'create', { lineItemId: fx.lineItems.appInstalls, curatedCategoryId: fx.curatedCategoryIds[1] }),
			link('Get', 'get', fromInput('list')),
			link('Update', 'update', { ...fromInput('id'), updateFields: { curatedCategoryId: fx.curatedCategoryIds[0] } }),
			link('Delete', 'delete', fromInput('id')),
			link('Get (with deleted)', 'get', { ...fromInput('id'), options: { withDeleted: true } }),
			link('List', 'getAll', { returnAll: true }),
			link('List (with deleted)', 'getAll', { returnAll: true, filters: { withDeleted: true, sortBy: 'created_at-asc' } }),
		);
	},
	expect: {
		executedNodes: ['Start', ...ORDER],
		outputs: {
			Create: { itemCount: 1, items: [{ id: /^\w+$/, deleted: false, created_at: { $type: 'string' } }] },
			Get: { itemCount: 1, items: [{ deleted: false }] },
			Update: { itemCount: 1, items: [{ deleted: false }] },
			Delete: { itemCount: 1, items: [{ deleted: true }] },
			'Get (with deleted)': { itemCount: 1, items: [{ deleted: true }] },
			List: { itemCount: 1, items: [{ deleted: false }] },
			'List (with deleted)': { itemCount: 2, items: [{ deleted: false }, { deleted: true }] },
		},
		emulator: {
			requestCount: 7,
			requests: [
				{ method: 'POST', base: 'ads', path: LINKS, status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: LINK, query: '', status: 200, count: 1 },
				{ method: 'PUT', base: 'ads', path: LINK, status: 200, count: 1 },
				{ method: 'DELETE', base: 'ads', path: LINK, query: '', status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: LINK, query: 'with_deleted=true', status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: LINKS, query: { count: '1000', with_deleted: { $exists: false } }, status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: LINKS, query: { count: '1000', with_deleted: 'true', sort_by: 'created_at-asc' }, status: 200, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		const created = ex.output('Create')[0];
		const id = String(created.id);
		assertMatch(created, { line_item_id: fx.lineItems.appInstalls, curated_category_id: fx.curatedCategoryIds[1] }, 'Create');
		assertMatch(ex.output('Get')[0], { id, line_item_id: fx.lineItems.appInstalls, curated_category_id: fx.curatedCategoryIds[1] }, 'Get');
		assertMatch(ex.output('Update')[0], { id, line_item_id: fx.lineItems.appInstalls, curated_category_id: fx.curatedCategoryIds[0] }, 'Update');
		assertMatch(ex.output('Delete')[0], { id, curated_category_id: fx.curatedCategoryIds[0] }, 'Delete');
		assertMatch(ex.output('Get (with deleted)')[0], { id }, 'Get (with deleted)');
		assertMatch(ex.output('List').map((r) => r.id), [fx.lineItemCuratedCategoryId], 'List: only the seeded link');
		assertMatch(ex.output('List (with deleted)').map((r) => r.id), [fx.lineItemCuratedCategoryId, id], 'List (with deleted)');

		const base = `/12/accounts/${fx.accountId}/line_item_curated_categories`;
		assertMatch(
			result.requests.map((r) => `${r.method} ${r.path}`),
			[`POST ${base}`, `GET ${base}/${id}`, `PUT ${base}/${id}`, `DELETE ${base}/${id}`, `GET ${base}/${id}`, `GET ${base}`, `GET ${base}`],
			'requests',
		);
		const q = (n: number) => Object.fromEntries(new URLSearchParams(result.requests[n].query));
		assertMatch(q(0), { line_item_id: fx.lineItems.appInstalls, curated_category_id: fx.curatedCategoryIds[1] }, 'POST query');
		assertMatch(Object.keys(q(0)).length, 2, 'POST query size');
		assertMatch(q(2), { curated_category_id: fx.curatedCategoryIds[0], line_item_id: { $exists: false } }, 'PUT query');
	},
});
