/** A user's settings in an ads account: notification email and contact phone (https://docs.x.com/x-ads-api/campaign-management/reference#user-settings). */
import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField } from '../common/fields';
import { USER_ID } from '../common/postFields';

const userIdField: Field = {
	wire: 'user_id',
	label: 'User ID',
	type: 'string',
	required: true,
	placeholder: 'e.g. 756201191646691328',
	description: 'The user (numeric X user ID), e.g. the credential\'s user from Authenticated User Access',
	rules: USER_ID,
};
const path = '/accounts/{account_id}/user_settings/{user_id}';

export const userSettingsResource: Resource = {
	name: 'User Setting',
	value: 'userSettings',
	description: 'A user\'s notification email and contact phone in an ads account',
	endpoints: [
		{
			operation: 'get',
			name: 'Get',
			action: 'Get user settings',
			description: 'Get a user\'s notification email and contact phone in the account',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-user-settings-user-id',
			fields: [accountField, userIdField],
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update user settings',
			description: 'Change a user\'s notification email or contact phone in the account',
			method: 'PUT',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#put-accounts-account-id-user-settings-user-id',
			fields: [
				accountField,
				userIdField,
				{ wire: 'notification_email', label: 'Notification Email', type: 'string', placeholder: 'name@email.com', description: 'Where X sends account notifications', rules: { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, patternRule: 'an email address such as ads@example.com' } },
				{ wire: 'contact_phone', label: 'Contact Phone', type: 'string' },
				{ wire: 'contact_phone_extension', label: 'Contact Phone Extension', type: 'string', description: 'The extension of the contact phone number' },
			],
			check: (values, { fail }) => {
				if (Object.keys(values).every((k) => k === 'account_id' || k === 'user_id')) fail('Update Fields', 'needs at least one field to change');
			},
		},
	],
};
