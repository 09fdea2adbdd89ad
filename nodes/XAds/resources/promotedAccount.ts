/**
 * Promoted accounts (https://docs.x.com/x-ads-api/campaign-management/reference#promoted-accounts):
 * the accounts a PROMOTED_ACCOUNT line item promotes. List, get, create, delete; X has no update.
 */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, lineItemField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

const DOCS = 'https://docs.x.com/x-ads-api/campaign-management/reference';

export const promotedAccountResource: Resource = {
	name: 'Promoted Account',
	value: 'promotedAccount',
	description: 'Accounts promoted by a line item of product type PROMOTED_ACCOUNT',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many promoted accounts',
			description: 'List the promoted accounts of an account, optionally by line items or IDs (X refuses line items none of which promotes accounts)',
			method: 'GET',
			path: '/accounts/{account_id}/promoted_accounts',
			docs: `${DOCS}#get-accounts-account-id-promoted-accounts`,
			list: { maxCount: 1000 },
			fields: [
				accountField,
				idListField('line_item_ids', 'Line Item IDs'),
				idListField('promoted_account_ids', 'Promoted Account IDs'),
				sortByField,
				withDeletedField,
				withTotalCountField,
			],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a promoted account',
			description: 'Get one promoted account',
			method: 'GET',
			path: '/accounts/{account_id}/promoted_accounts/{promoted_account_id}',
			docs: `${DOCS}#get-accounts-account-id-promoted-accounts-promoted-account-id`,
			fields: [accountField, idField('promoted_account_id', 'Promoted Account ID'), withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Promote an account in a line item',
			description: 'Promote an X account (by user ID) in a line item of product type PROMOTED_ACCOUNT; an account already promoted there is left as it is',
			method: 'POST',
			path: '/accounts/{account_id}/promoted_accounts',
			docs: `${DOCS}#post-accounts-account-id-promoted-accounts`,
			fields: [
				accountField,
				lineItemField,
				{ wire: 'user_id', label: 'User ID', type: 'string', required: true, placeholder: 'e.g. 756201191646691328', description: 'The numeric X user ID of the account to promote', rules: { pattern: /^\d{1,19}$/, patternRule: 'a numeric X user ID' } },
			],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Stop promoting an account',
			description: 'Remove a promoted account from its line item',
			method: 'DELETE',
			path: '/accounts/{account_id}/promoted_accounts/{promoted_account_id}',
			docs: `${DOCS}#delete-accounts-account-id-promoted-accounts-promoted-account-id`,
			fields: [accountField, idField('promoted_account_id', 'Promoted Account ID')],
			notFoundMessage: 'The promoted account is already deleted, or does not exist',
		},
	],
};
