/**
 * X Ads "Product Set" in real n8n (X Ads catalog, audience and creative reference): Get (the seed MANUAL set), Create MANUAL (the
 * product key of sku-3 and a description), Create FILTERED (price GREATER_THAN 60.00 USD: X
 * evaluates it to sku-1 and sku-2), Update of the new MANUAL set (name only; the description
 * stays), then Update of the seed FILTERED set, which the node refuses after reading the set (one
 * GET, no PUT): X does not allow updating filtered sets. The FILTERED set keeps its name.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const FILTERS = [{ attribute: 'price', operator: 'GREATER_THAN', value: '60.00 USD' }];
const SETS = /^\/12\/product_catalogs\/\w+\/product_sets$/;
/** JSON with object keys sorted, to compare bodies exactly whatever the key order. */
const canonical = (v: unknown): string =>
	JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));
const SET = /^\/12\/product_catalogs\/\w+\/product_sets\/\w+$/;

export default defineCase({
	name: 'X Ads: product set get, create MANUAL and FILTERED, update MANUAL, update of a FILTERED set refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const set = (name: string, parameters: Record<string, unknown>) =>
			once(xAds(name, { resource: 'productSet', catalog: { __rl: true, mode: 'id', value: fx.productCatalogId }, ...parameters }));
		return chain(
			set('Get', { operation: 'get', productSetId: fx.manualProductSetId }),
			set('Create Manual', {
				operation: 'create',
				name: 'Sneakers',
				type: 'MANUAL',
				additionalFields: { productKeys: `={{ ["${fx.productKeys['sku-3']}"] }}`, description: 'Only sneakers' },
			}),
			set('Create Filtered', { operation: 'create', name: 'Premium', type: 'FILTERED', additionalFields: { filters: JSON.stringify(FILTERS) } }),
			set('Update Manual', { operation: 'update', productSetId: '={{ $("Create Manual").first().json.id }}', updateFields: { name: 'Sneakers 2026' } }),
			set('Update Filtered', { operation: 'update', productSetId: fx.filteredProductSetId, updateFields: { name: 'Renamed' } }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Get', 'Create Manual', 'Create Filtered', 'Update Manual', 'Update Filtered'],
		outputs: {
			Get: { itemCount: 1, items: [{ type: 'MANUAL', name: 'Runners', product_ids: ['sku-1', 'sku-2'] }] },
			'Create Manual': { itemCount: 1, items: [{ name: 'Sneakers', type: 'MANUAL', description: 'Only sneakers', product_ids: ['sku-3'], filters: [] }] },
			'Create Filtered': { itemCount: 1, items: [{ name: 'Premium', type: 'FILTERED', product_ids: ['sku-1', 'sku-2'], processing_status: 'DONE', filters: FILTERS }] },
			'Update Manual': { itemCount: 1, items: [{ name: 'Sneakers 2026', description: 'Only sneakers', type: 'MANUAL' }] },
		},
		error: {
			node: 'Update Filtered',
			message: /^Item 0: product set \w+ is FILTERED, and X does not allow updating filtered sets$/,
			description: 'Nothing was changed. Create a new filtered set with the filters you want instead.',
		},
		emulator: {
			// Get, 2 creates, the MANUAL update (GET then PUT), the FILTERED update (GET only).
			requestCount: 6,
			requests: [
				{ method: 'POST', base: 'ads', path: SETS, query: '', status: 200, headers: { 'content-type': /^application\/json/ }, count: 2 },
				{ method: 'GET', base: 'ads', path: SET, status: 200, count: 3 },
				{ method: 'PUT', base: 'ads', path: SET, query: '', status: 200, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		const created = String(ex.output('Create Manual')[0].id);
		assertMatch(ex.output('Get')[0].id, fx.manualProductSetId, 'got the seed set');
		assertMatch(ex.output('Update Manual')[0].id, created, 'updated the created set');
		const bodies = result.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path} ${canonical(JSON.parse(r.body))}`);
		const base = `/12/product_catalogs/${fx.productCatalogId}/product_sets`;
		assertMatch(
			bodies,
			[
				`POST ${base} ${canonical({ name: 'Sneakers', type: 'MANUAL', description: 'Only sneakers', product_keys: [fx.productKeys['sku-3']] })}`,
				`POST ${base} ${canonical({ name: 'Premium', type: 'FILTERED', filters: FILTERS })}`,
				`PUT ${base}/${created} ${canonical({ name: 'Sneakers 2026' })}`,
			],
			'writes (the FILTERED set is only read)',
		);
		assertMatch(result.requests.at(-1), { method: 'GET', path: `${base}/${fx.filteredProductSetId}` }, 'last request: the read of the FILTERED set');
		const sets = ctx.emulator!.control.state().ads.production.productCatalogs.catalogs.get(fx.productCatalogId)!.sets;
		assertMatch(sets.get(fx.filteredProductSetId)?.name, 'Under 60', 'FILTERED set unchanged');
		assertMatch(sets.get(created)?.name, 'Sneakers 2026', 'MANUAL set renamed');
	},
});
