/**
 * Credential fields shared by the X credentials: the base URLs (so the sandbox, a proxy or the
 * emulator can stand in for X) and the Ads environment.
 */
import type { INodeProperties } from 'n8n-workflow';

export const X_API_BASE_URL = 'https://api.x.com';
export const X_ADS_BASE_URL = 'https://ads-api.x.com';
export const X_ADS_SANDBOX_BASE_URL = 'https://ads-api-sandbox.x.com';
/** X's OAuth 2.0 authorize page and token endpoint (https://docs.x.com/fundamentals/authentication/oauth-2-0/user-access-token). */
export const X_OAUTH2_AUTHORIZE_URL = 'https://x.com/i/oauth2/authorize';
export const X_OAUTH2_TOKEN_URL = 'https://api.x.com/2/oauth2/token';

export const apiBaseUrlField: INodeProperties = {
	displayName: 'API Base URL',
	name: 'apiBaseUrl',
	type: 'string',
	default: X_API_BASE_URL,
	description: 'Base URL of the general X API (OAuth, /2 endpoints). Change it only for a proxy or an emulator.',
};

export const adsBaseUrlFields: INodeProperties[] = [
	{
		displayName: 'Environment',
		name: 'environment',
		type: 'options',
		options: [
			{ name: 'Production', value: 'production' },
			{ name: 'Sandbox', value: 'sandbox' },
		],
		default: 'production',
		description: 'Ads API environment. Sandbox accounts and features can be created and deleted only in the sandbox.',
	},
	{
		displayName: 'Ads API Base URL',
		name: 'adsBaseUrl',
		type: 'string',
		default: X_ADS_BASE_URL,
		description: 'Base URL of the production Ads API',
	},
	{
		displayName: 'Ads Sandbox Base URL',
		name: 'adsSandboxBaseUrl',
		type: 'string',
		default: X_ADS_SANDBOX_BASE_URL,
		description: 'Base URL of the Ads API sandbox',
	},
];
