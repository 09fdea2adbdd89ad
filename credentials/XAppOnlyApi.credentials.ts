import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
} from 'n8n-workflow';

import { apiBaseUrlField } from '../nodes/shared/credentialFields';
import { fetchBearerToken } from '../nodes/shared/bearer';

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
}
