/**
 * Campaigns (https://docs.x.com/x-ads-api/campaign-management/reference#campaigns): list, get,
 * create (PAUSED unless the user picks another status, as X's Ads MCP does), update, delete,
 * activate, pause, and create/update/delete in batches of X's maximum of 40 per request.
 */
import type { Field, Resource } from '../../shared/engine/endpoints';
import { recordsWithAmounts } from '../../shared/values/money';
import { checkBudgets, checkJsonMicros } from '../common/budgets';
import { batchEndpoint } from '../common/campaignBatch';
import {
	accountField,
	campaignField,
	fundingInstrumentField,
	idField,
	idListField,
	money,
	sortByField,
	withDeletedField,
	withTotalCountField,
} from '../common/fields';
import { simplify } from '../common/simplify';
import { statusEndpoint, statusOnCreate, withDraftField } from '../common/status';

const DOCS = 'https://docs.x.com/x-ads-api/campaign-management/reference';

const nameField: Field = { wire: 'name', label: 'Name', type: 'string', rules: { minLength: 1, maxLength: 255 }, description: 'At most 255 characters' };
const dailyBudget = money('daily_budget_amount_local_micro', 'Daily Budget', 'At most the Total Budget; X requires it for most funding instrument types');
const totalBudget = money('total_budget_amount_local_micro', 'Total Budget', 'The whole budget of the campaign');
const budgetOptimization: Field = { wire: 'budget_optimization', label: 'Budget Optimization', type: 'options', options: ['LINE_ITEM'], description: 'LINE_ITEM, the only kind X offers' };
const purchaseOrder: Field = {
	wire: 'purchase_order_number',
	label: 'Purchase Order Number',
	type: 'string',
	rules: { maxLength: 50 },
	description: 'Booking reference for invoice reconciliation, at most 50 characters',
};
const standardDelivery: Field = {
	wire: 'standard_delivery',
	label: 'Standard Delivery',
	type: 'boolean',
	description: 'Whether to pace evenly (deprecated on campaigns by X: set pacing on the line item instead)',
};

const createOptional: Field[] = [budgetOptimization, dailyBudget, totalBudget, purchaseOrder, standardDelivery];
const updateFields: Field[] = [
	nameField,
	{ wire: 'entity_status', label: 'Status', type: 'options', options: ['ACTIVE', 'PAUSED'] },
	...createOptional,
];

const campaignPath = '/accounts/{account_id}/campaigns/{campaign_id}';

export const campaignResource: Resource = {
	name: 'Campaign',
	value: 'campaign',
	description: 'Campaigns: a budget and schedule paid by a funding instrument, holding line items',
	endpoints: [
		{
			operation: 'getAll',
			simplify: simplify.campaign,
			name: 'Get Many',
			action: 'Get many campaigns',
			description: 'List the campaigns of an account, optionally by IDs, funding instruments or name',
			method: 'GET',
			path: '/accounts/{account_id}/campaigns',
			docs: `${DOCS}#get-accounts-account-id-campaigns`,
			list: { maxCount: 1000 },
			fields: [
				accountField,
				idListField('campaign_ids', 'Campaign IDs'),
				idListField('funding_instrument_ids', 'Funding Instrument IDs'),
				{ wire: 'q', label: 'Name Search', type: 'string', description: 'Only campaigns whose name matches this text', rules: { maxLength: 255 } },
				sortByField,
				withDeletedField,
				withDraftField,
				withTotalCountField,
			],
			output: recordsWithAmounts,
		},
		{
			operation: 'get',
			simplify: simplify.campaign,
			name: 'Get',
			action: 'Get a campaign',
			description: 'Get one campaign with its budgets, status and whether it can serve',
			method: 'GET',
			path: campaignPath,
			docs: `${DOCS}#get-accounts-account-id-campaigns-campaign-id`,
			fields: [accountField, campaignField, withDeletedField],
			output: recordsWithAmounts,
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a campaign',
			description: 'Create a campaign under a funding instrument; it is created PAUSED unless you choose another status',
			method: 'POST',
			path: '/accounts/{account_id}/campaigns',
			docs: `${DOCS}#post-accounts-account-id-campaigns`,
			fields: [accountField, fundingInstrumentField, { ...nameField, required: true }, statusOnCreate('campaign'), ...createOptional],
			check: (values, { fail }) => checkBudgets(values, fail),
			output: recordsWithAmounts,
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a campaign',
			description: 'Change a campaign\'s name, status, budgets or purchase order number',
			method: 'PUT',
			path: campaignPath,
			docs: `${DOCS}#put-accounts-account-id-campaigns-campaign-id`,
			fields: [accountField, campaignField, ...updateFields],
			check: (values, { fail }) => {
				if (!updateFields.some((f) => values[f.wire] !== undefined)) fail('Update Fields', 'needs at least one field to change');
				checkBudgets(values, fail);
			},
			output: recordsWithAmounts,
		},
		statusEndpoint('campaign', 'ACTIVE', { method: 'PUT', path: campaignPath, docs: `${DOCS}#put-accounts-account-id-campaigns-campaign-id` }, campaignField),
		statusEndpoint('campaign', 'PAUSED', { method: 'PUT', path: campaignPath, docs: `${DOCS}#put-accounts-account-id-campaigns-campaign-id` }, campaignField),
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a campaign',
			description: 'Delete a campaign (irreversible)',
			method: 'DELETE',
			path: campaignPath,
			docs: `${DOCS}#delete-accounts-account-id-campaigns-campaign-id`,
			fields: [accountField, campaignField],
			notFoundMessage: 'The campaign is already deleted, or does not exist',
			output: recordsWithAmounts,
		},
		batchEndpoint({
			noun: 'campaign',
			label: 'Campaign',
			createOnly: [
				{ ...idField('funding_instrument_id', 'Funding Instrument ID', false), description: 'Create only: the funding instrument that pays' },
				{ ...nameField, description: 'Required for Create; at most 255 characters' },
			],
			optional: createOptional,
			update: updateFields,
			requiredOnCreate: ['funding_instrument_id', 'name'],
			check: (values, fail) => {
				checkBudgets(values, fail);
				checkJsonMicros(values, fail);
			},
		}),
	],
};
