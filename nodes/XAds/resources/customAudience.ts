/**
 * Custom audiences: the audiences themselves, who they are shared with (permissions), where they
 * are targeted, and loading their users (see ../audienceUsers.ts).
 * https://docs.x.com/x-ads-api/audiences/reference
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field, Resource } from '../../shared/endpoints';
import { customAudienceIdentifierFields, usersEndpoint } from '../audienceUsers';
import { batchRunner } from '../batchOperations';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../fields';
import { simplify } from '../simplify';
import { syncDefinition } from './customAudience/sync';

const DOCS = 'https://docs.x.com/x-ads-api/audiences/reference';
const CUSTOM_AUDIENCE_USERS_DOCS = `${DOCS}#post-accounts-account-id-custom-audiences-custom-audience-id-users`;

/**
 * The audience acted on, picked by name or given by ID. The parameter keeps the name it had as a
 * plain ID field (customAudienceId): a saved workflow's plain text ID is read as the ID.
 */
export const customAudienceField: Field = {
	wire: 'custom_audience_id',
	label: 'Custom Audience',
	type: 'locator',
	required: true,
	description: 'The custom audience: pick it by name, or give its ID',
	locator: {
		searchMethod: 'searchCustomAudiences',
		idPattern: '^[A-Za-z0-9]{1,32}$',
		idRule: 'a custom audience ID (letters and digits, e.g. 1nmth)',
		placeholder: 'e.g. 1nmth',
	},
};

const nameField = (required: boolean): Field => ({
	wire: 'name',
	label: 'Name',
	type: 'string',
	required,
	description: 'The audience\'s name; X wants it unique in the account',
	rules: { maxLength: 255 },
});
const descriptionField: Field = { wire: 'description', label: 'Description', type: 'string', description: 'What the audience holds' };

const path = '/accounts/{account_id}/custom_audiences';
const permissionsPath = `${path}/{custom_audience_id}/permissions`;

/** X's largest custom audience batch; operations of flexible audiences (closed beta at X). */
export const CUSTOM_AUDIENCE_BATCH_SIZE = 10;
const FREQUENCY_COMPARATORS = ['NUM_GTE', 'NUM_GT', 'NUM_EQ', 'NUM_LTE', 'NUM_LT'];
const LOOKBACK_WINDOWS = [1, 7, 14, 30];
const MAX_LEAVES = 10;
const SEGMENT_KEYS = ['boolean_operator', 'child_segments', 'custom_audience_id', 'frequency', 'frequency_comparator', 'lookback_window', 'negate'];

/**
 * A flexible audience's segment tree, as X's batch reference describes it: a group has a
 * boolean_operator (AND, OR) over its child_segments; a leaf names a custom_audience_id with an
 * optional frequency, frequency_comparator, lookback_window (1, 7, 14, 30 days) and negate; at most
 * 10 leaves in all. Returns the broken rule, or undefined.
 */
export function segmentRule(segments: unknown): string | undefined {
	let leaves = 0;
	const walk = (node: unknown, at: string): string | undefined => {
		if (!node || typeof node !== 'object' || Array.isArray(node)) return `${at} must be an object`;
		const s = node as IDataObject;
		const unknownKey = Object.keys(s).find((k) => !SEGMENT_KEYS.includes(k));
		if (unknownKey) return `${at} has ${unknownKey}, which a segment does not take (${SEGMENT_KEYS.join(', ')})`;
		const children = s.child_segments ?? [];
		if (!Array.isArray(children)) return `${at}.child_segments must be a list`;
		if (s.frequency !== undefined && !(Number.isInteger(s.frequency) && (s.frequency as number) >= 1)) return `${at}.frequency must be a whole number of at least 1 (got ${JSON.stringify(s.frequency)})`;
		if (s.frequency_comparator !== undefined && !FREQUENCY_COMPARATORS.includes(String(s.frequency_comparator))) return `${at}.frequency_comparator must be one of ${FREQUENCY_COMPARATORS.join(', ')} (got ${JSON.stringify(s.frequency_comparator)})`;
		if (s.lookback_window !== undefined && !LOOKBACK_WINDOWS.includes(s.lookback_window as number)) return `${at}.lookback_window must be one of ${LOOKBACK_WINDOWS.join(', ')} (got ${JSON.stringify(s.lookback_window)})`;
		if (s.negate !== undefined && typeof s.negate !== 'boolean') return `${at}.negate must be true or false (got ${JSON.stringify(s.negate)})`;
		if (children.length) {
			if (s.boolean_operator !== 'AND' && s.boolean_operator !== 'OR') return `${at}.boolean_operator must be AND or OR when it has child_segments (got ${JSON.stringify(s.boolean_operator)})`;
			if (s.custom_audience_id !== undefined) return `${at} has both child_segments and a custom_audience_id: a segment is either a group or a leaf`;
			for (const [n, child] of children.entries()) {
				const broken = walk(child, `${at}.child_segments[${n}]`);
				if (broken) return broken;
			}
			return undefined;
		}
		if (typeof s.custom_audience_id !== 'string' || !/^[A-Za-z0-9]{1,32}$/.test(s.custom_audience_id)) return `${at} needs a custom_audience_id (letters and digits) or child_segments`;
		leaves++;
		return undefined;
	};
	const broken = walk(segments, 'segments');
	if (broken) return broken;
	if (leaves > MAX_LEAVES) return `holds ${leaves} custom audiences; a flexible audience takes at most ${MAX_LEAVES}`;
	return undefined;
}

export const customAudienceSync = syncDefinition('customAudience', '/accounts/{account_id}/custom_audiences/{custom_audience_id}/users', customAudienceField, customAudienceIdentifierFields, CUSTOM_AUDIENCE_USERS_DOCS);

const runBatch = batchRunner(CUSTOM_AUDIENCE_BATCH_SIZE, (item) => {
	const { operation_type, ...params } = item.values;
	delete params.account_id;
	return { operation_type: String(operation_type), params };
});

export const customAudienceResource: Resource = {
	name: 'Custom Audience',
	value: 'customAudience',
	description: 'Custom audiences: create and manage them, share them, see where they are targeted, and load their users',
	endpoints: [
		usersEndpoint('customAudience', 'addUsers', '/accounts/{account_id}/custom_audiences/{custom_audience_id}/users', customAudienceField, customAudienceIdentifierFields, 'custom audience', CUSTOM_AUDIENCE_USERS_DOCS),
		usersEndpoint('customAudience', 'removeUsers', '/accounts/{account_id}/custom_audiences/{custom_audience_id}/users', customAudienceField, customAudienceIdentifierFields, 'custom audience', CUSTOM_AUDIENCE_USERS_DOCS),
		customAudienceSync.endpoint,
		{
			operation: 'getTargeted',
			name: 'Get Targeting',
			action: 'Get where a custom audience is targeted',
			description: 'List the campaigns and line items that target a custom audience',
			method: 'GET',
			path: '/accounts/{account_id}/custom_audiences/{custom_audience_id}/targeted',
			docs: `${DOCS}#get-accounts-account-id-custom-audiences-custom-audience-id-targeted`,
			list: {},
			fields: [
				accountField,
				customAudienceField,
				{ wire: 'with_active', label: 'Only Active', type: 'boolean', default: true, description: 'Whether to leave out line items that are not servable' },
			],
		},
		{
			operation: 'getAll',
			simplify: simplify.customAudience,
			name: 'Get Many',
			action: 'Get many custom audiences',
			description: 'List the custom audiences the account owns (or, with Permission Scope SHARED, those shared with it); Search matches the start of the name',
			method: 'GET',
			path,
			docs: `${DOCS}#get-accounts-account-id-custom-audiences`,
			list: { maxCount: 1000 },
			fields: [
				accountField,
				{ wire: 'q', label: 'Search', type: 'string', description: 'The start of the audience\'s name (case-insensitive)', rules: { minLength: 1, maxLength: 255 } },
				{ wire: 'permission_scope', label: 'Permission Scope', type: 'options', options: ['OWNER', 'SHARED'], default: 'OWNER', description: 'Audiences the account owns, or audiences other accounts shared with it' },
				idListField('custom_audience_ids', 'Custom Audience IDs'),
				sortByField,
				withDeletedField,
				withTotalCountField,
			],
		},
		{
			operation: 'get',
			simplify: simplify.customAudience,
			name: 'Get',
			action: 'Get a custom audience',
			description: 'Get one custom audience: its size, whether it is targetable and why not',
			method: 'GET',
			path: `${path}/{custom_audience_id}`,
			docs: `${DOCS}#get-accounts-account-id-custom-audiences-custom-audience-id`,
			fields: [accountField, customAudienceField, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a custom audience',
			description: 'Create an empty custom audience with a name unique in the account; add its users with Add Users',
			method: 'POST',
			path,
			docs: `${DOCS}#post-accounts-account-id-custom-audiences`,
			fields: [accountField, nameField(true), descriptionField],
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a custom audience',
			description: 'Rename a custom audience or change its description',
			method: 'PUT',
			path: `${path}/{custom_audience_id}`,
			docs: `${DOCS}#put-accounts-account-id-custom-audiences-custom-audience-id`,
			fields: [accountField, customAudienceField, nameField(false), descriptionField],
			check: (values, { fail }) => {
				if (values.name === undefined && values.description === undefined) fail('Update Fields', 'needs at least one field to change (Name or Description)');
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a custom audience',
			description: 'Delete a custom audience; X answers it with deleted true',
			method: 'DELETE',
			path: `${path}/{custom_audience_id}`,
			docs: `${DOCS}#delete-accounts-account-id-custom-audiences-custom-audience-id`,
			fields: [accountField, customAudienceField],
		},
		{
			operation: 'batch',
			name: 'Batch',
			action: 'Create or change custom audiences in batches',
			description: `Create flexible audiences (combinations of custom audiences; a closed beta at X), or update or delete audiences, ${CUSTOM_AUDIENCE_BATCH_SIZE} per request: each input item is one operation. Create needs Name, Audience Type and Segments; Update and Delete need the Custom Audience ID.`,
			method: 'POST',
			path: `/batch${path}`,
			docs: `${DOCS}#post-batch-accounts-account-id-custom-audiences`,
			send: 'json',
			optionalLabel: 'Operation Fields',
			fields: [
				accountField,
				{ wire: 'operation_type', label: 'Operation Type', type: 'options', required: true, options: ['Create', 'Update', 'Delete'], default: 'Create', description: 'What to do with the audience' },
				nameField(false),
				{ wire: 'audience_type', label: 'Audience Type', type: 'options', options: ['FLEXIBLE', 'MOBILE_AUDIENCE'], default: 'FLEXIBLE', description: 'Create: the kind of audience' },
				{ wire: 'segments', label: 'Segments', type: 'json', description: 'Create: {"boolean_operator": "AND", "child_segments": [{"custom_audience_id": "...", "lookback_window": 30}, ...]}, at most 10 custom audiences' },
				{ ...idField('custom_audience_id', 'Custom Audience ID', false), description: 'Update and Delete: the audience' },
			],
			check: (values, { fail }) => {
				const type = String(values.operation_type);
				const needed = type === 'Create' ? [['name', 'Name'], ['audience_type', 'Audience Type'], ['segments', 'Segments']] : [['custom_audience_id', 'Custom Audience ID']];
				for (const [wire, label] of needed) if (values[wire] === undefined) fail(`${label} (${wire})`, `is required for operation type ${type}`);
				if (type === 'Delete') for (const wire of ['name', 'audience_type', 'segments']) if (values[wire] !== undefined) fail(`Operation Fields (${wire})`, `${wire} does not belong to a Delete operation: leave it out`);
				if (type === 'Update' && ['name', 'audience_type', 'segments'].every((w) => values[w] === undefined)) fail('Operation Fields', 'an Update needs at least one field to change');
				if (values.segments !== undefined) {
					const broken = segmentRule(values.segments);
					if (broken) fail('Segments (segments)', broken);
				}
			},
			batch: runBatch,
		},
		{
			operation: 'getPermissions',
			name: 'Get Permissions',
			action: 'Get the permissions of a custom audience',
			description: 'List the accounts a custom audience is shared with, and their access level',
			method: 'GET',
			path: permissionsPath,
			docs: `${DOCS}#get-accounts-account-id-custom-audiences-custom-audience-id-permissions`,
			list: { maxCount: 1000 },
			fields: [
				accountField,
				customAudienceField,
				idListField('granted_account_ids', 'Granted Account IDs'),
				idListField('custom_audience_permission_ids', 'Custom Audience Permission IDs'),
				sortByField,
				withTotalCountField,
			],
		},
		{
			operation: 'createPermission',
			name: 'Create Permission',
			action: 'Share a custom audience with an account',
			description: 'Share a custom audience the account owns with another ads account (of the same business, unless the owner has the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature)',
			method: 'POST',
			path: permissionsPath,
			docs: `${DOCS}#post-accounts-account-id-custom-audiences-custom-audience-id-permissions`,
			fields: [
				accountField,
				customAudienceField,
				{ ...idField('granted_account_id', 'Granted Account ID'), placeholder: 'e.g. 18ce54aymz3', description: 'The ads account to share the audience with' },
				{ wire: 'permission_level', label: 'Permission Level', type: 'options', required: true, options: ['READ_ONLY', 'READ_WRITE'], default: 'READ_ONLY', description: 'What the granted account may do with the audience' },
			],
			check: (values, { fail }) => {
				if (values.granted_account_id === values.account_id) fail('Granted Account ID (granted_account_id)', 'must be another account than the owning one');
			},
		},
		{
			operation: 'deletePermission',
			name: 'Delete Permission',
			action: 'Stop sharing a custom audience',
			description: 'Revoke a sharing permission: the granted account can no longer target the audience in new campaigns (running ones keep it)',
			method: 'DELETE',
			path: `${permissionsPath}/{custom_audience_permission_id}`,
			docs: `${DOCS}#delete-accounts-account-id-custom-audiences-custom-audience-id-permissions-custom-audience-permission-id`,
			fields: [accountField, customAudienceField, { ...idField('custom_audience_permission_id', 'Custom Audience Permission ID'), placeholder: 'e.g. ri' }],
		},
	],
};
