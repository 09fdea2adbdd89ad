/**
 * X Ads "Product Catalog" in real n8n (X Ads catalog, audience and creative reference): Get Many (with the user filter, which is
 * checked against the credential's user), Update (rename, the catalog taken from the list's output
 * through the "From List" locator mode), Delete, Create (a new catalog for the user, with
 * user_id), then a second Create, which X refuses (one catalog per user): with On Error:
 * Continue it becomes an error item naming X's 400 INVALID_PARAMETER. Name and user_id go in the
 * query string, as X's reference says (https://docs.x.com/x-ads-api/catalog-management/reference#post-product_catalogs).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const CATALOG_PATH = /^\/12\/product_catalogs\/\w+$/;

export default defineCase({
	name: 'X Ads: product catalog get many, update, delete, create, and a second create refused by X',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const userId = ctx.emulator!.users[0].userId;
		return chain(
			xAds('Get Many', { resource: 'productCatalog', operation: 'getAll', options: { userId } }),
			xAds('Update', {
				resource: 'productCatalog',
				operation: 'update',
				catalog: { __rl: true, mode: 'list', value: '={{ $json.id }}' },
				name: 'Acme Spring – ünïcode',
			}),
			xAds('Delete', { resource: 'productCatalog', operation: 'delete', catalog: { __rl: true, mode: 'id', value: '={{ $json.id }}' } }),
			once(xAds('Create', { resource: 'productCatalog', operation: 'create', name: 'Acme Fresh', additionalFields: { userId } })),
			once(xAds('Create again', { resource: 'productCatalog', operation: 'create', name: 'Another' }, { onError: 'continueRegularOutput' })),
		);
	},
	expect: {
		executedNodes: ['Start', 'Get Many', 'Update', 'Delete', 'Create', 'Create again'],
		outputs: {
			'Get Many': { itemCount: 1, items: [{ name: 'Acme Catalog' }] },
			Update: { itemCount: 1, items: [{ name: 'Acme Spring – ünïcode' }] },
			Delete: { itemCount: 1, items: [{ name: 'Acme Spring – ünïcode' }] },
			Create: { itemCount: 1, items: [{ name: 'Acme Fresh', id: /^\w+$/ }] },
			'Create again': {
				itemCount: 1,
				items: [
					{
						error: /^X answered 400 INVALID_PARAMETER: User \d+ already has product catalog \w+; a user can hold only one catalog/,
						description: /POST \/12\/product_catalogs/,
						httpCode: '400',
					},
				],
			},
		},
		emulator: {
			requestCount: 5,
			requests: [
				{ method: 'GET', base: 'ads', path: '/12/product_catalogs', status: 200, count: 1 },
				{ method: 'PUT', base: 'ads', path: CATALOG_PATH, body: '', status: 200, count: 1 },
				{ method: 'DELETE', base: 'ads', path: CATALOG_PATH, status: 200, count: 1 },
				{ method: 'POST', base: 'ads', path: '/12/product_catalogs', body: '', status: 200, count: 1 },
				{ method: 'POST', base: 'ads', path: '/12/product_catalogs', status: 400, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const userId = ctx.emulator!.users[0].userId;
		const ex = result.execution!;
		assertMatch(ex.output('Get Many')[0].id, fx.productCatalogId, 'listed catalog id');
		assertMatch(ex.output('Update')[0].id, fx.productCatalogId, 'renamed catalog id');
		assertMatch(ex.output('Delete')[0].id, fx.productCatalogId, 'deleted catalog id');
		const [list, put, del, post, refused] = result.requests;
		assertMatch(Object.fromEntries(new URLSearchParams(list.query)), { user_id: userId }, 'list query');
		assertMatch(put.path, `/12/product_catalogs/${fx.productCatalogId}`, 'PUT path');
		const query = (r: { query: string }) => Object.fromEntries(new URLSearchParams(r.query));
		assertMatch(query(put), { name: 'Acme Spring – ünïcode' }, 'PUT query');
		if (Object.keys(query(put)).length !== 1) throw new Error(`PUT query has extra parameters: ${put.query}`);
		assertMatch(del.path, `/12/product_catalogs/${fx.productCatalogId}`, 'DELETE path');
		assertMatch(query(post), { name: 'Acme Fresh', user_id: userId }, 'POST query');
		assertMatch(query(refused), { name: 'Another', user_id: undefined }, 'second POST query');
		const catalogs = ctx.emulator!.control.state().ads.production.productCatalogs;
		const created = String(ex.output('Create')[0].id);
		if (catalogs.catalogs.has(fx.productCatalogId)) throw new Error('the deleted catalog is still in the emulator');
		assertMatch(catalogs.catalogs.get(created)?.name, 'Acme Fresh', 'created catalog in the emulator');
		assertMatch(catalogs.byUser.get(userId), created, "the user's one catalog");
		assertMatch(ex.items('Create again').map((i) => i.pairedItem), [{ item: 0 }], 'error item pairedItem');
	},
});
