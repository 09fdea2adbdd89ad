import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
} from 'n8n-workflow';

import { apiBaseUrlField } from '../nodes/shared/credentialFields';
import { fetchBearerToken } from '../nodes/shared/bearer';
import { v2 } from '../nodes/shared/v2';
import { USER_AGENT } from '../nodes/shared/userAgent';

/**
 * X app-only (OAuth 2.0 bearer): webhook management and activity subscriptions. The bearer token
 * is fetched once and kept in a hidden expirable field: X allows one outstanding token per app and
 * refuses frequent token requests, so n8n asks again only when the field is empty or X answers 401.
 * The API key secret is also the HMAC key of webhook CRC checks and delivery signatures.
 */
export class XAppOnlyApi implements ICredentialType {
	name = 'xAppOnlyApi';

	displayName = 'X App-Only (Bearer) API';

	documentationUrl = 'https://docs.x.com/fundamentals/authentication/oauth-2-0/application-only';

	icon = { light: 'file:../icons/x.svg', dark: 'file:../icons/x.dark.svg' } as const;

	properties: INodeProperties[] = [
		{
			displayName: 'API Key (Consumer Key)',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'API Key Secret (Consumer Secret)',
			name: 'apiKeySecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Also the key X uses to sign webhook deliveries and CRC checks',
		},
		{
			displayName: 'Bearer Token',
			name: 'bearerToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Optional. Paste a bearer token from the developer portal; leave empty to have one issued from the API key and secret.',
		},
		apiBaseUrlField,
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const pasted = String(credentials.bearerToken ?? '');
		if (pasted) return { accessToken: pasted };
		return { accessToken: await fetchBearerToken(this, credentials) };
	}

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: { Authorization: '=Bearer {{$credentials.accessToken}}' },
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.apiBaseUrl}}',
			// The App's webhooks: a read the App's bearer token may always do.
			url: v2.listWebhooks.path,
			// n8n would otherwise follow a redirect to any host with the bearer token.
			disableFollowRedirect: true,
			timeout: 30_000,
			headers: { 'User-Agent': USER_AGENT },
		},
		// n8n would say only "Unauthorized" or "Forbidden": these name the cause and the fix. (A wrong
		// API key or secret fails earlier, at the token request, with X's code and reason.)
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'X answered 401 Unauthorized: it refused the bearer token. Paste the App\'s current bearer token into Bearer Token, or leave Bearer Token empty to have one issued from the API key and secret.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'X answered 403 Forbidden to GET /2/webhooks: the App is not enrolled for it. In the Developer Console (console.x.com), attach the App to a Project whose access includes webhooks (on pay-per-use: with credits), then test again.',
				},
			},
		],
	};
}
