/**
 * X Ads "Targeting Criterion" in real n8n (https://docs.x.com/x-ads-api/campaign-management/reference#targeting-criteria):
 * Create with the value given through the locator (sent in the query as X's reference says),
 * Get Many by line item (line_item_ids required), Batch of one Create and one Delete (one JSON
 * array request, one output item per input item, in order), and Delete.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, code, locator, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: targeting criterion create, get many, batch, delete',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		return chain(
			once(xAds('Create', { resource: 'targetingCriterion', operation: 'create', lineItemId: fx.lineItems.reach, targetingType: 'LOCATION', targetingValue: locator('96683cc9126741d1', 'list'), operatorType: 'EQ' }, { account: fx.accountId })),
			once(xAds('List', { resource: 'targetingCriterion', operation: 'getAll', lineItemIds: fx.lineItems.reach, returnAll: true }, { account: fx.accountId })),
			code('Operations', [
				{ op: 'Create', type: 'INTEREST', value: '1001' },
				{ op: 'Delete', id: fx.targetingCriterionIds.keyword },
			]),
			xAds('Batch', {
				resource: 'targetingCriterion',
				operation: 'batch',
				operationType: '={{ $json.op }}',
				additionalFields: {
					lineItemId: `={{ $json.op === 'Create' ? '${fx.lineItems.reach}' : '' }}`,
					targetingType: '={{ $json.type ?? "" }}',
					targetingValue: '={{ $json.value ?? "" }}',
					targetingCriterionId: '={{ $json.id ?? "" }}',
				},
			}, { account: fx.accountId }),
			once(xAds('Delete', { resource: 'targetingCriterion', operation: 'delete', targetingCriterionId: `={{ $('Create').first().json.id }}` }, { account: fx.accountId })),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'List', 'Operations', 'Batch', 'Delete'],
		outputs: {
			Create: { itemCount: 1, items: [{ name: 'United States', targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1', deleted: false }] },
			List: { itemCount: 2, items: [{ targeting_type: 'LANGUAGE' }, { targeting_type: 'LOCATION' }] },
			Batch: { itemCount: 2, items: [{ targeting_type: 'INTEREST', name: 'Books and literature/Biographies and memoirs' }, { targeting_type: 'BROAD_KEYWORD', deleted: true }] },
			Delete: { itemCount: 1, items: [{ targeting_type: 'LOCATION', deleted: true }] },
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const [create, list, batch, del] = result.requests;
		assertMatch(Object.fromEntries(queryOf(create.query)), { line_item_id: fx.lineItems.reach, targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1', operator_type: 'EQ' }, 'create query');
		assertMatch(Object.fromEntries(queryOf(list.query)), { line_item_ids: fx.lineItems.reach, count: '1000' }, 'list query');
		assertMatch(batch.path, `/12/batch/accounts/${fx.accountId}/targeting_criteria`, 'batch path');
		assertMatch(JSON.parse(batch.body as string), [
			{ operation_type: 'Create', params: { line_item_id: fx.lineItems.reach, targeting_type: 'INTEREST', targeting_value: '1001' } },
			{ operation_type: 'Delete', params: { targeting_criterion_id: fx.targetingCriterionIds.keyword } },
		], 'one batch request');
		assertMatch(del.method, 'DELETE', 'delete');
		if (result.requests.length !== 4) throw new Error(`expected 4 requests, got ${result.requests.length}`);
	},
});
