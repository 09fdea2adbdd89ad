/** Fields that many X Ads endpoints share. */
import type { Field } from '../shared/endpoints';

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
