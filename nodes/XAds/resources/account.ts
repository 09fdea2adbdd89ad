/** Accounts: list, get, update, and sandbox create/delete. */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';
import { simplify } from '../common/simplify';

export const INDUSTRY_TYPES = [
	'AGENCY',
	'BUSINESS_TO_BUSINESS',
	'ONLINE_SERVICES',
	'EDUCATION',
	'FINANCIAL',
	'HEALTH',
	'GOVERNMENT',
	'MEDIA',
	'MOBILE',
	'RESTAURANT',
	'RETAIL',
	'TECHNOLOGY',
	'TRAVEL',
	'OTHER',
] as const;

export const accountResource: Resource = {
	name: 'Account',
	value: 'account',
	description: 'Ads accounts of the authenticated user',
	endpoints: [
		{
			operation: 'getAll',
			simplify: simplify.account,
			name: 'Get Many',
			action: 'Get many accounts',
			description: 'List the ads accounts the user has access to',
			method: 'GET',
			path: '/accounts',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts',
			list: { maxCount: 1000 },
			fields: [
				{
					wire: 'account_ids',
					label: 'Account IDs',
					type: 'list',
					description: 'Only these accounts (comma-separated IDs)',
					rules: { pattern: /^[A-Za-z0-9]+$/, patternRule: 'account IDs of letters and digits' },
				},
				{
					wire: 'q',
					name: 'nameStartsWith',
					label: 'Name Starts With',
					type: 'string',
					description: 'Only accounts whose name starts with this text (case-insensitive)',
				},
				sortByField,
				withDeletedField,
				withTotalCountField,
			],
		},
		{
			operation: 'get',
			simplify: simplify.account,
			name: 'Get',
			action: 'Get an account',
			description: 'Get one ads account',
			method: 'GET',
			path: '/accounts/{account_id}',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id',
			fields: [accountField, withDeletedField],
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update an account',
			description: 'Change the name or industry type of an ads account',
			method: 'PUT',
			path: '/accounts/{account_id}',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#put-accounts-account-id',
			fields: [
				accountField,
				{ wire: 'name', label: 'Name', type: 'string', rules: { minLength: 1 } },
				{ wire: 'industry_type', label: 'Industry Type', type: 'options', options: INDUSTRY_TYPES },
			],
			check: (values, { fail }) => {
				if (values.name === undefined && values.industry_type === undefined) {
					fail('Update Fields', 'needs at least one field to change (Name or Industry Type)');
				}
			},
		},
		{
			operation: 'createSandbox',
			name: 'Create Sandbox Account',
			action: 'Create a sandbox account',
			description: 'Create a test account in the Ads sandbox',
			method: 'POST',
			host: 'adsSandbox',
			path: '/accounts',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#post-accounts',
		},
		{
			operation: 'deleteSandbox',
			name: 'Delete Sandbox Account',
			action: 'Delete a sandbox account',
			description: 'Delete a test account in the Ads sandbox',
			method: 'DELETE',
			host: 'adsSandbox',
			path: '/accounts/{account_id}',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#delete-accounts-account-id',
			fields: [accountField],
		},
	],
};
