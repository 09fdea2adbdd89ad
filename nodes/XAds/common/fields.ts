/** Fields that many X Ads endpoints share. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Field } from '../../shared/engine/endpoints';

/** The ads account every account-scoped endpoint acts on: picked from a searchable list or given by ID. */
export const accountField: Field = {
	wire: 'account_id',
	name: 'account',
	label: 'Account',
	type: 'locator',
	required: true,
	description: 'The ads account; it must be associated with the user of the credential',
	locator: {
		searchMethod: 'searchAccounts',
		idPattern: '^[A-Za-z0-9]{1,32}$',
		idRule: 'an X Ads account ID (letters and digits, e.g. 18ce54d4x5t)',
		placeholder: 'e.g. 18ce54d4x5t',
	},
};

export const sortByField: Field = {
	wire: 'sort_by',
	label: 'Sort By',
	type: 'string',
	placeholder: 'e.g. created_at-desc',
	description: 'An attribute and a direction, such as created_at-asc or name-desc',
	rules: { pattern: /^[a-z_]+-(asc|desc)$/, patternRule: 'an attribute and a direction such as created_at-desc' },
};

export const withDeletedField: Field = {
	wire: 'with_deleted',
	label: 'With Deleted',
	type: 'boolean',
	description: 'Whether to include deleted records',
};

export const withTotalCountField: Field = {
	wire: 'with_total_count',
	label: 'With Total Count',
	type: 'boolean',
	description: 'Whether to add total_count (the size of the whole collection) to every returned record. X limits such requests to 200 per 15 minutes.',
};

/** Ads record IDs are short base-36 strings. */
const ADS_ID = { pattern: /^[A-Za-z0-9]{1,32}$/, patternRule: 'an X Ads ID of letters and digits' };

export const lineItemField: Field = {
	wire: 'line_item_id',
	name: 'lineItem',
	label: 'Line Item',
	type: 'locator',
	required: true,
	locator: {
		searchMethod: 'searchLineItems',
		idPattern: '^[A-Za-z0-9]{1,32}$',
		idRule: 'a line item ID (letters and digits, e.g. 8u94t)',
		placeholder: 'e.g. 8u94t',
	},
};

/** A campaign of the chosen account: picked from a searchable list or given by ID. */
export const campaignField: Field = {
	wire: 'campaign_id',
	name: 'campaign',
	label: 'Campaign',
	type: 'locator',
	required: true,
	locator: {
		searchMethod: 'searchCampaigns',
		idPattern: '^[A-Za-z0-9]{1,32}$',
		idRule: 'a campaign ID (letters and digits, e.g. 8wku2)',
		placeholder: 'e.g. 8wku2',
	},
};

/** A funding instrument of the chosen account (it pays for campaigns): picked from a searchable list or given by ID. */
export const fundingInstrumentField: Field = {
	wire: 'funding_instrument_id',
	name: 'fundingInstrument',
	label: 'Funding Instrument',
	type: 'locator',
	required: true,
	locator: {
		searchMethod: 'searchFundingInstruments',
		idPattern: '^[A-Za-z0-9]{1,32}$',
		idRule: 'a funding instrument ID (letters and digits, e.g. lygyi)',
		placeholder: 'e.g. lygyi',
	},
};

/** A plain ID field (no list endpoint in the spec to pick from). */
export function idField(wire: string, label: string, required = true): Field {
	return { wire, label, type: 'string', required, rules: ADS_ID, placeholder: 'e.g. 8u94t' };
}

/** A comma list of ads IDs, at most `max`. */
export function idListField(wire: string, label: string, max = 200): Field {
	return { wire, label, type: 'list', description: `Comma-separated IDs, at most ${max}`, rules: { ...ADS_ID, maxItems: max } };
}

/** Refuses a start that is not before its end, when both are given. */
export function checkTimeOrder(values: IDataObject, fail: (field: string, rule: string) => never, start = 'start_time', end = 'end_time'): void {
	if (values[start] !== undefined && values[end] !== undefined && Date.parse(String(values[start])) >= Date.parse(String(values[end]))) {
		fail(`Start Time (${start})`, `must be before End Time (${end}) (got ${String(values[start])} and ${String(values[end])})`);
	}
}

/** The product catalog products and product sets belong to: picked from a searchable list or given by ID. */
export const catalogField: Field = {
	wire: 'product_catalog_id',
	name: 'catalog',
	label: 'Catalog',
	type: 'locator',
	required: true,
	locator: {
		searchMethod: 'searchProductCatalogs',
		idPattern: '^[A-Za-z0-9]{1,32}$',
		idRule: 'a product catalog ID (letters and digits)',
		placeholder: 'e.g. 1a2b3c',
	},
};

/** The binary property of the item that holds the file an operation reads (a list, an image, a video). */
export function binaryPropertyParameter(holding: string): INodeProperties {
	return {
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field holding the file',
		description: `Binary property of each input item holding ${holding}`,
	};
}

/** An amount in micros; the user may type currency units (converted exactly, see shared/values/money). */
export const money = (wire: string, label: string, description: string): Field => ({ wire, label, type: 'money', description });
