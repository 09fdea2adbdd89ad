/** Audiences: permissions, targeting, and loading users into custom audiences and do-not-reach lists. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Endpoint, Field, Resource } from '../../shared/endpoints';
import { itemParameter } from '../../shared/prepare';
import {
	audienceUsersRunner,
	checkIdentifiers,
	customAudienceIdentifierFields,
	doNotReachIdentifierFields,
} from '../audienceUsers';
import { accountField, idField, idListField, sortByField, withTotalCountField } from '../fields';

const audienceOutputProperty: INodeProperties = {
	displayName: 'Output',
	name: 'audienceOutput',
	type: 'options',
	options: [
		{ name: 'One Item per Input Item', value: 'items', description: 'Each input item\'s status (OK or ERROR with X\'s errors)' },
		{ name: 'One Item per Request', value: 'requests', description: 'A summary of each request: operations, success and total counts, attempts' },
	],
	default: 'items',
};

const identifierMappingProperty: INodeProperties = {
	displayName: 'Identifiers From',
	name: 'identifierMapping',
	type: 'options',
	options: [
		{ name: 'Fields Below', value: 'fields' },
		{
			name: 'Input Item JSON (Map Automatically)',
			value: 'auto',
			description: 'Keys named like the identifier types (email, phone_number, handle, twitter_id, device_id, partner_user_id) and effective_at, expires_at; fastest for large lists',
		},
	],
	default: 'fields',
};

/** "Map Automatically": identifiers (and times) straight from the item's JSON, no expression per field. */
function readIdentifiers(fields: Field[]) {
	return (ctx: IExecuteFunctions, itemIndex: number, readParameters: () => IDataObject): IDataObject => {
		const values = readParameters();
		if (itemParameter(ctx, 'identifierMapping', itemIndex, 'fields') !== 'auto') return values;
		const json = ctx.getInputData()[itemIndex].json;
		for (const field of fields) {
			const value = json[field.wire];
			if (value !== undefined && value !== null && value !== '') values[field.wire] = value;
		}
		return values;
	};
}

const timeFields: Field[] = [
	{ wire: 'effective_at', label: 'Effective At', type: 'dateTime', description: 'When the change takes effect (default now); a time without a zone is read as UTC' },
	{ wire: 'expires_at', label: 'Expires At', type: 'dateTime', description: 'When the users leave the list again (default 13 months after the request); later than Effective At' },
];

function usersEndpoint(
	resource: string,
	operation: 'addUsers' | 'removeUsers',
	path: string,
	target: Field,
	identifiers: Field[],
	noun: string,
	docs: string,
): Endpoint {
	const operationType = operation === 'addUsers' ? 'Update' : 'Delete';
	const mapped = [...identifiers, ...(resource === 'customAudience' ? timeFields : timeFields.slice(1))];
	const fields = [accountField, target, ...mapped];
	return {
		operation,
		name: operation === 'addUsers' ? 'Add Users' : 'Remove Users',
		action: operation === 'addUsers' ? `Add users to a ${noun}` : `Remove users from a ${noun}`,
		description: `${operation === 'addUsers' ? 'Add' : 'Remove'} users by email, phone and other identifiers (normalized and SHA-256 hashed before sending), 2,500 per request`,
		method: 'POST',
		path,
		docs,
		send: 'json',
		idempotent: true, // adding or removing the same users again has the same result
		optionalLabel: 'Identifiers and Options',
		fields,
		extraProperties: [identifierMappingProperty, audienceOutputProperty],
		fieldsShowWhen: { identifierMapping: ['fields'] },
		read: readIdentifiers(mapped),
		check: (values, { fail }) => {
			checkIdentifiers(identifiers)(values, fail);
			// Effective At defaults to now, and X wants the expiry later than it.
			if (values.effective_at === undefined && values.expires_at !== undefined && Date.parse(String(values.expires_at)) <= Date.now()) {
				fail('Expires At (expires_at)', `must be in the future when Effective At (effective_at) is not given, as that defaults to now (got ${String(values.expires_at)})`);
			}
		},
		batch: audienceUsersRunner(operationType, identifiers),
	};
}

const CUSTOM_AUDIENCE_USERS_DOCS = 'https://docs.x.com/x-ads-api/audiences/reference#post-accounts-account-id-custom-audiences-custom-audience-id-users';
const DO_NOT_REACH_USERS_DOCS = 'https://docs.x.com/x-ads-api/audiences/reference#post-batch-accounts-account-id-do-not-reach-lists-do-not-reach-list-id-users';
const tailoredAudienceField = idField('tailored_audience_id', 'Tailored Audience ID');
const customAudienceField = idField('custom_audience_id', 'Custom Audience ID');
const doNotReachListField = idField('do_not_reach_list_id', 'Do-Not-Reach List ID');
const permissionsPath = '/accounts/{account_id}/tailored_audiences/{tailored_audience_id}/permissions';

export const tailoredAudiencePermissionResource: Resource = {
	name: 'Tailored Audience Permission',
	value: 'tailoredAudiencePermission',
	description: 'Sharing of an audience with other ads accounts (only the owning account may change it)',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many tailored audience permissions',
			description: 'List the accounts an audience is shared with',
			method: 'GET',
			version: 5,
			path: permissionsPath,
			docs: 'https://docs.x.com/x-ads-api/audiences/reference#get-accounts-account-id-tailored-audiences-tailored-audience-id-permissions',
			list: { maxCount: 1000 },
			fields: [
				accountField,
				tailoredAudienceField,
				idListField('granted_account_ids', 'Granted Account IDs'),
				idListField('tailored_audience_permission_ids', 'Permission IDs'),
				sortByField,
				withTotalCountField,
			],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a tailored audience permission',
			description: 'Share an audience with another ads account',
			method: 'POST',
			version: 5,
			path: permissionsPath,
			docs: 'https://docs.x.com/x-ads-api/audiences/reference#post-accounts-account-id-tailored-audiences-tailored-audience-id-permissions',
			fields: [
				accountField,
				tailoredAudienceField,
				idField('granted_account_id', 'Granted Account ID'),
				{ wire: 'permission_level', label: 'Permission Level', type: 'options', required: true, options: ['READ_ONLY', 'READ_WRITE'] },
			],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a tailored audience permission',
			description: 'Stop sharing an audience with an account (running campaigns continue)',
			method: 'DELETE',
			version: 5,
			path: `${permissionsPath}/{tailored_audience_permission_id}`,
			docs: 'https://docs.x.com/x-ads-api/audiences/reference#delete-accounts-account-id-tailored-audiences-tailored-audience-id-permissions-tailored-audience-permission-id',
			fields: [accountField, tailoredAudienceField, idField('tailored_audience_permission_id', 'Permission ID')],
		},
	],
};

export const customAudienceResource: Resource = {
	name: 'Custom Audience',
	value: 'customAudience',
	description: 'Custom audiences: where they are targeted, and their users',
	endpoints: [
		usersEndpoint('customAudience', 'addUsers', '/accounts/{account_id}/custom_audiences/{custom_audience_id}/users', customAudienceField, customAudienceIdentifierFields, 'custom audience', CUSTOM_AUDIENCE_USERS_DOCS),
		usersEndpoint('customAudience', 'removeUsers', '/accounts/{account_id}/custom_audiences/{custom_audience_id}/users', customAudienceField, customAudienceIdentifierFields, 'custom audience', CUSTOM_AUDIENCE_USERS_DOCS),
		{
			operation: 'getTargeted',
			name: 'Get Targeting',
			action: 'Get where a custom audience is targeted',
			description: 'List the campaigns and line items that target a custom audience',
			method: 'GET',
			path: '/accounts/{account_id}/custom_audiences/{custom_audience_id}/targeted',
			docs: 'https://docs.x.com/x-ads-api/audiences/reference#get-accounts-account-id-custom-audiences-custom-audience-id-targeted',
			list: {},
			fields: [
				accountField,
				customAudienceField,
				{ wire: 'with_active', label: 'Only Active', type: 'boolean', default: true, description: 'Whether to leave out line items that are not servable' },
			],
		},
	],
};

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
