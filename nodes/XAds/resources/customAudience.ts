/**
 * Custom audiences: where they are targeted, and loading their users (see ../audienceUsers.ts).
 * https://docs.x.com/x-ads-api/audiences/reference
 */
import type { Resource } from '../../shared/endpoints';
import { customAudienceIdentifierFields, usersEndpoint } from '../audienceUsers';
import { accountField, idField } from '../fields';

const CUSTOM_AUDIENCE_USERS_DOCS = 'https://docs.x.com/x-ads-api/audiences/reference#post-accounts-account-id-custom-audiences-custom-audience-id-users';
const customAudienceField = idField('custom_audience_id', 'Custom Audience ID');

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
