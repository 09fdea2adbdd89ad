import type { ICredentialType, INodeProperties } from 'n8n-workflow';

import { adsBaseUrlFields, apiBaseUrlField } from '../nodes/shared/credentialFields';

/**
 * X OAuth 1.0a through n8n's own "Connect my account" button (three-legged flow). n8n stores the
 * tokens it receives and signs requests itself, since the credential extends oAuth1Api.
 */
export class XOAuth1ConnectApi implements ICredentialType {
	name = 'xOAuth1ConnectApi';

	extends = ['oAuth1Api'];

	displayName = 'X OAuth 1.0a (Connect) API';

	documentationUrl = 'https://docs.x.com/fundamentals/authentication/oauth-1-0a/obtaining-user-access-tokens';

	icon = { light: 'file:../icons/x.svg', dark: 'file:../icons/x.dark.svg' } as const;

	properties: INodeProperties[] = [
		{
			// n8n 1.x's callback sends the access-token request unsigned, and X requires it signed.
			displayName:
				'Connect needs n8n 2.x. On n8n 1.x use the X OAuth 1.0a API credential with the access token and secret from the developer portal (or from the X OAuth node\'s Request Token and Access Token operations).',
			name: 'n8nVersionNotice',
			type: 'notice',
			default: '',
		},
		apiBaseUrlField,
		...adsBaseUrlFields,
		{
			displayName: 'Request Token URL',
			name: 'requestTokenUrl',
			type: 'hidden',
			default: '={{$self["apiBaseUrl"].replace(/\\/+$/, "")}}/oauth/request_token',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: '={{$self["apiBaseUrl"].replace(/\\/+$/, "")}}/oauth/authorize',
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: '={{$self["apiBaseUrl"].replace(/\\/+$/, "")}}/oauth/access_token',
		},
		{
			displayName: 'Signature Method',
			name: 'signatureMethod',
			type: 'hidden',
			default: 'HMAC-SHA1',
		},
	];
}
