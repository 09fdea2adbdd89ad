import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { adsBaseUrlFields, apiBaseUrlField } from '../nodes/shared/credentialFields';
import { signRequestOptions } from '../nodes/shared/oauth1';

/** X OAuth 1.0a with pasted tokens: signs every request (HMAC-SHA1), also in the HTTP Request node. */
export class XOAuth1Api implements ICredentialType {
	name = 'xOAuth1Api';

	displayName = 'X OAuth 1.0a API';

	documentationUrl = 'https://docs.x.com/x-ads-api/introduction';

	icon = { light: 'file:../icons/x.svg', dark: 'file:../icons/x.dark.svg' } as const;

	properties: INodeProperties[] = [
		{
			displayName: 'Consumer Key (API Key)',
			name: 'consumerKey',
			// Not a secret: X receives it in the clear in every request's Authorization header (oauth_consumer_key).
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Consumer Secret (API Key Secret)',
			name: 'consumerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Access token of the ads user (X Ads), or of the user whose private events or Account Activity are subscribed (X Trigger, X Webhooks)',
		},
		{
			displayName: 'Access Token Secret',
			name: 'accessTokenSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		...adsBaseUrlFields,
		apiBaseUrlField,
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return signRequestOptions(
			{
				consumerKey: String(credentials.consumerKey ?? ''),
				consumerSecret: String(credentials.consumerSecret ?? ''),
				token: String(credentials.accessToken ?? ''),
				tokenSecret: String(credentials.accessTokenSecret ?? ''),
			},
			requestOptions,
		);
	}
}
