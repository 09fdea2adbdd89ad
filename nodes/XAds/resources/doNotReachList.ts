/**
 * Do-not-reach lists: users the account's ads must not reach (see ../audienceUsers.ts for the upload).
 * https://docs.x.com/x-ads-api/audiences/reference
 */
import type { Resource } from '../../shared/endpoints';
import { doNotReachIdentifierFields, usersEndpoint } from '../audienceUsers';
import { accountField, idField } from '../fields';

const DO_NOT_REACH_USERS_DOCS = 'https://docs.x.com/x-ads-api/audiences/reference#post-batch-accounts-account-id-do-not-reach-lists-do-not-reach-list-id-users';
const doNotReachListField = idField('do_not_reach_list_id', 'Do-Not-Reach List ID');

export const doNotReachListResource: Resource = {
	name: 'Do-Not-Reach List',
	value: 'doNotReachList',
	description: 'Users who must not be reached by the account\'s ads',
	endpoints: [
		usersEndpoint('doNotReachList', 'addUsers', '/batch/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}/users', doNotReachListField, doNotReachIdentifierFields, 'do not reach list', DO_NOT_REACH_USERS_DOCS),
		usersEndpoint('doNotReachList', 'removeUsers', '/batch/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}/users', doNotReachListField, doNotReachIdentifierFields, 'do not reach list', DO_NOT_REACH_USERS_DOCS),
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a do not reach list',
			description: 'Delete a do-not-reach list',
			method: 'DELETE',
			path: '/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}',
			docs: 'https://docs.x.com/x-ads-api/audiences/reference#delete-accounts-account-id-do-not-reach-lists-do-not-reach-list-id',
			fields: [accountField, doNotReachListField],
		},
	],
};
