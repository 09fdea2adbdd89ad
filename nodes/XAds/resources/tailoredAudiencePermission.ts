/**
 * Tailored audience permissions: sharing an audience with other ads accounts (API version 5).
 * https://docs.x.com/x-ads-api/audiences/reference
 */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, sortByField, withTotalCountField } from '../common/fields';

const tailoredAudienceField = idField('tailored_audience_id', 'Tailored Audience ID');
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
