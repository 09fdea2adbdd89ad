/**
 * Funding instruments (https://docs.x.com/x-ads-api/campaign-management/reference#funding-instruments):
 * what pays for campaigns. List and get; create and delete exist on X's sandbox host only.
 */
import type { Resource } from '../../shared/engine/endpoints';
import { recordsWithAmounts } from '../../shared/values/money';
import { accountField, checkTimeOrder, fundingInstrumentField, idListField, money, sortByField, withDeletedField, withTotalCountField } from '../common/fields';
import { simplify } from '../common/simplify';

const DOCS = 'https://docs.x.com/x-ads-api/campaign-management/reference';
const path = '/accounts/{account_id}/funding_instruments/{funding_instrument_id}';

export const fundingInstrumentResource: Resource = {
	name: 'Funding Instrument',
	value: 'fundingInstrument',
	description: 'Funding instruments (credit cards, credit lines, insertion orders) that pay for campaigns',
	endpoints: [
		{
			operation: 'getAll',
			simplify: simplify.fundingInstrument,
			name: 'Get Many',
			action: 'Get many funding instruments',
			description: 'List the funding instruments of an account with their currency, type, credit and whether they can fund',
			method: 'GET',
			path: '/accounts/{account_id}/funding_instruments',
			docs: `${DOCS}#get-accounts-account-id-funding-instruments`,
			list: { maxCount: 1000 },
			fields: [accountField, idListField('funding_instrument_ids', 'Funding Instrument IDs'), sortByField, withDeletedField, withTotalCountField],
			output: recordsWithAmounts,
		},
		{
			operation: 'get',
			simplify: simplify.fundingInstrument,
			name: 'Get',
			action: 'Get a funding instrument',
			description: 'Get one funding instrument',
			method: 'GET',
			path,
			docs: `${DOCS}#get-accounts-account-id-funding-instruments-funding-instrument-id`,
			fields: [accountField, fundingInstrumentField, withDeletedField],
			output: recordsWithAmounts,
		},
		{
			operation: 'create',
			name: 'Create (Sandbox)',
			action: 'Create a sandbox funding instrument',
			description: 'Create a funding instrument in the X Ads sandbox (costs nothing); needs a credential with Environment Sandbox',
			method: 'POST',
			path: '/accounts/{account_id}/funding_instruments',
			host: 'adsSandbox',
			docs: `${DOCS}#post-accounts-account-id-funding-instruments`,
			fields: [
				accountField,
				{ wire: 'currency', label: 'Currency', type: 'string', required: true, placeholder: 'e.g. USD', description: 'ISO 4217 code', rules: { pattern: /^[A-Z]{3}$/, patternRule: 'an ISO 4217 currency code of three capital letters, such as USD' } },
				{ wire: 'type', label: 'Type', type: 'options', required: true, options: ['AGENCY_CREDIT_LINE', 'CREDIT_CARD', 'CREDIT_LINE', 'INSERTION_ORDER', 'PARTNER_MANAGED'] },
				{ wire: 'start_time', label: 'Start Time', type: 'dateTime', required: true, description: 'When it becomes usable (ISO 8601)' },
				{ wire: 'end_time', label: 'End Time', type: 'dateTime', description: 'When it stops being usable, after Start Time' },
				money('credit_limit_local_micro', 'Credit Limit', 'The credit available (some types only)'),
				money('funded_amount_local_micro', 'Funded Amount', 'The budget allocated to it (some types only)'),
			],
			check: (values, { fail }) => checkTimeOrder(values, fail),
			output: recordsWithAmounts,
		},
		{
			operation: 'delete',
			name: 'Delete (Sandbox)',
			action: 'Delete a sandbox funding instrument',
			description: 'Delete a funding instrument in the X Ads sandbox; needs a credential with Environment Sandbox',
			method: 'DELETE',
			path,
			host: 'adsSandbox',
			docs: `${DOCS}#delete-accounts-account-id-funding-instruments-funding-instrument-id`,
			fields: [accountField, fundingInstrumentField],
			notFoundMessage: 'The funding instrument is already deleted, or does not exist',
			output: recordsWithAmounts,
		},
	],
};
