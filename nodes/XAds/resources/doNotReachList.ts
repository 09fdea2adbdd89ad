/**
 * Do-not-reach lists: users the account's ads must not reach (see ../audienceUsers.ts for the upload).
 * An account has at most one.
 * https://docs.x.com/x-ads-api/audiences/reference
 */
import type { Field, Resource } from '../../shared/endpoints';
import { doNotReachIdentifierFields, usersEndpoint } from '../audienceUsers';
import { accountField, withDeletedField } from '../fields';
import { syncDefinition } from './customAudience/sync';

const DOCS = 'https://docs.x.com/x-ads-api/audiences/reference';
const DO_NOT_REACH_USERS_DOCS = `${DOCS}#post-batch-accounts-account-id-do-not-reach-lists-do-not-reach-list-id-users`;

/**
 * The list acted on, picked from the account's lists or given by ID. The parameter keeps the name
 * it had as a plain ID field (doNotReachListId): a saved workflow's plain text ID is read as the ID.
 */
const doNotReachListField: Field = {
	wire: 'do_not_reach_list_id',
	label: 'Do-Not-Reach List',
	type: 'locator',
	required: true,
	description: 'The do-not-reach list: pick it from the account\'s lists, or give its ID',
	locator: {
		searchMethod: 'searchDoNotReachLists',
		idPattern: '^[A-Za-z0-9]{1,32}$',
		idRule: 'a do-not-reach list ID (letters and digits, e.g. 4kzrq)',
		placeholder: 'e.g. 4kzrq',
	},
};

const path = '/accounts/{account_id}/do_not_reach_lists';

export const doNotReachListSync = syncDefinition('doNotReachList', '/batch/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}/users', doNotReachListField, doNotReachIdentifierFields, DO_NOT_REACH_USERS_DOCS);

export const doNotReachListResource: Resource = {
	name: 'Do-Not-Reach List',
	value: 'doNotReachList',
	description: 'Users who must not be reached by the account\'s ads',
	endpoints: [
		usersEndpoint('doNotReachList', 'addUsers', '/batch/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}/users', doNotReachListField, doNotReachIdentifierFields, 'do not reach list', DO_NOT_REACH_USERS_DOCS),
		usersEndpoint('doNotReachList', 'removeUsers', '/batch/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}/users', doNotReachListField, doNotReachIdentifierFields, 'do not reach list', DO_NOT_REACH_USERS_DOCS),
		doNotReachListSync.endpoint,
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a do not reach list',
			description: 'Delete a do-not-reach list',
			method: 'DELETE',
			path: `${path}/{do_not_reach_list_id}`,
			docs: `${DOCS}#delete-accounts-account-id-do-not-reach-lists-do-not-reach-list-id`,
			fields: [accountField, doNotReachListField],
		},
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many do not reach lists',
			description: 'List the account\'s do-not-reach list (an account has at most one): its size and whether it is targetable',
			method: 'GET',
			path,
			docs: `${DOCS}#get-accounts-account-id-do-not-reach-lists`,
			list: { onePage: true },
			fields: [accountField, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a do not reach list',
			description: 'Create the account\'s do-not-reach list (an account may have only one; X refuses a second); add its users with Add Users',
			method: 'POST',
			path,
			docs: `${DOCS}#post-accounts-account-id-do-not-reach-lists`,
			fields: [accountField, { wire: 'description', label: 'Description', type: 'string', description: 'What the list is for' }],
		},
	],
};
