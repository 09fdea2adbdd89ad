/**
 * Line items (X Ads campaign management reference) through the engine against the emulator: update,
 * delete, the update table, line item curated categories, and the input rules (refused before any request).
 */

import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, ads: ok } = suiteHelpers(env);

describe('Line Item', () => {
	it('updates status (updated_at changes) and money given in currency units, converted exactly', async () => {
		const id = fx().lineItems.engagements;
		const before = env.emulator.control.state().ads.production.lineItems.get(id)!.updated_at;
		const [updated] = await ok({
			resource: 'lineItem',
			operation: 'update',
			account: fx().accountId,
			lineItem: id,
			amountUnit: 'currency',
			updateFields: { entityStatus: 'PAUSED', bidStrategy: 'MAX', bidAmountLocalMicro: '12.34', totalBudgetAmountLocalMicro: '1000', dailyBudgetAmountLocalMicro: '0.000001' },
		});
		expect(updated).toMatchObject({ id, entity_status: 'PAUSED', bid_amount_local_micro: 12340000, total_budget_amount_local_micro: 1000000000, daily_budget_amount_local_micro: 1 });
		expect(updated.updated_at).not.toBe(before);
		const sent = q(requests()[0].query);
		expect(sent.get('bid_amount_local_micro')).toBe('12340000');
	});

	it('sends every parameter of the update table', async () => {
		const [updated] = await ok({
			resource: 'lineItem',
			operation: 'update',
			account: fx().accountId,
			lineItem: fx().lineItems.engagements,
			amountUnit: 'micro',
			updateFields: {
				name: 'Spring – ünïcode',
				bidStrategy: 'AUTO',
				goal: 'ENGAGEMENT',
				startTime: '2026-03-01T00:00:00Z',
				endTime: '2026-04-01T00:00:00Z',
				frequencyCap: 3,
				durationInDays: '7',
				audienceExpansion: 'BROAD',
				advertiserDomain: 'example.com',
				categories: 'IAB19, IAB19-6',
				totalBudgetAmountLocalMicro: '5000000',
			},
		});
		expect(updated).toMatchObject({ name: 'Spring – ünïcode', frequency_cap: 3, duration_in_days: 7, categories: ['IAB19', 'IAB19-6'] });
		expect(q(requests()[0].query).get('categories')).toBe('IAB19,IAB19-6');
	});

	it('lets X judge objective-dependent rules and surfaces its error (frequency cap on APP_INSTALLS)', async () => {
		const result = await env.ads({ resource: 'lineItem', operation: 'update', account: fx().accountId, lineItem: fx().lineItems.appInstalls, updateFields: { frequencyCap: 2 } });
		expect(result.error?.message).toMatch(/X answered 400 INVALID_PARAMETER/);
		expect((result.error as { description?: string }).description).toMatch(/parameter frequency_cap/);
	});

	it('deletes irreversibly: deleted=true, listed with with_deleted, and a second delete says "already deleted"', async () => {
		const id = fx().lineItems.reach;
		const [deleted] = await ok({ resource: 'lineItem', operation: 'delete', account: fx().accountId, lineItem: id });
		expect(deleted).toMatchObject({ id, deleted: true });
		const again = await env.ads({ resource: 'lineItem', operation: 'delete', account: fx().accountId, lineItem: id });
		expect(again.error?.message).toMatch(/already deleted/);
		expect((again.error as { httpCode?: string }).httpCode).toBe('404');
	});
});

describe('Line Item Curated Category', () => {
	it('creates, lists, gets, updates and deletes (deleted listed only with with_deleted)', async () => {
		const account = fx().accountId;
		const [created] = await ok({ resource: 'lineItemCuratedCategory', operation: 'create', account, lineItemId: fx().lineItems.engagements, curatedCategoryId: fx().curatedCategoryIds[0] });
		expect(created).toMatchObject({ line_item_id: fx().lineItems.engagements, curated_category_id: fx().curatedCategoryIds[0], deleted: false });
		const id = String(created.id);

		const listed = await ok({ resource: 'lineItemCuratedCategory', operation: 'getAll', account, returnAll: true });
		expect(listed.map((r) => r.id)).toContain(id);
		const [got] = await ok({ resource: 'lineItemCuratedCategory', operation: 'get', account, lineItemCuratedCategory: { __rl: true, mode: 'list', value: id } });
		expect(got.id).toBe(id);
		const [updated] = await ok({ resource: 'lineItemCuratedCategory', operation: 'update', account, lineItemCuratedCategory: id, updateFields: { curatedCategoryId: fx().curatedCategoryIds[1] } });
		expect(updated.curated_category_id).toBe(fx().curatedCategoryIds[1]);
		const [deleted] = await ok({ resource: 'lineItemCuratedCategory', operation: 'delete', account, lineItemCuratedCategory: id });
		expect(deleted).toMatchObject({ id, deleted: true });

		const without = await ok({ resource: 'lineItemCuratedCategory', operation: 'getAll', account, returnAll: true });
		expect(without.map((r) => r.id)).not.toContain(id);
		const withDeleted = await ok({ resource: 'lineItemCuratedCategory', operation: 'getAll', account, returnAll: true, filters: { withDeleted: true } });
		expect(withDeleted.map((r) => r.id)).toContain(id);
	});

	it('searches the records of the chosen account for the resource locator', async () => {
		const found = await env.harness.listSearch('n8n-nodes-x-ads.xAds', 'searchLineItemCuratedCategories', { xOAuth1Api: { id: 'xOAuth1Api', name: 'x' } }, undefined, undefined, {
			authentication: 'xOAuth1Api',
			resource: 'lineItemCuratedCategory',
			operation: 'get',
			account: { __rl: true, mode: 'id', value: fx().accountId },
		});
		expect(found.results.map((r) => r.value)).toContain(fx().lineItemCuratedCategoryId);
	});
});

describe('input rules (refused before any request)', () => {
	it('with continueOnFail the bad item becomes an error item and the others go through', async () => {
		const result = await env.ads(
			{
				resource: 'lineItem',
				operation: 'update',
				account: fx().accountId,
				lineItem: '={{ $json.id }}',
				updateFields: { entityStatus: '={{ $json.status }}' },
			},
			[
				{ id: fx().lineItems.engagements, status: 'PAUSED' },
				{ id: fx().lineItems.engagements, status: 'STOPPED' },
				{ id: fx().lineItems.reach, status: 'ACTIVE' },
			],
			{ continueOnFail: true },
		);
		const out = result.output();
		expect(out).toHaveLength(3);
		expect(out[0].json).toMatchObject({ id: fx().lineItems.engagements, entity_status: 'PAUSED' });
		expect(out[1].json.error).toMatch(/^Item 1: Status \(entity_status\) must be one of ACTIVE, PAUSED/);
		expect(out[2].json).toMatchObject({ id: fx().lineItems.reach, entity_status: 'ACTIVE' });
		expect(out.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2]);
		expect(requests().filter((r) => r.method === 'PUT')).toHaveLength(2);
	});
});
