import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { apiBaseUrlField } from '../nodes/shared/credentialFields';

/** The scopes the nodes' user-context operations need (X's scope table in the authorization-code guide). */
export const X_OAUTH2_DEFAULT_SCOPES = 'tweet.read users.read dm.read dm.write like.read follows.read mute.read block.read offline.access';

/**
 * X OAuth 2.0 user context through n8n's own "Connect my account" button: authorization code with
 * PKCE (https://docs.x.com/fundamentals/authentication/oauth-2-0/user-access-token). n8n keeps the
 * tokens and refreshes them (offline.access) itself, since the credential extends oAuth2Api. X's
 * API v2 only: the Ads API takes OAuth 1.0a alone.
 */
export class XOAuth2Api implements ICredentialType {
	name = 'xOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'X User OAuth2 API';

	documentationUrl = 'https://docs.x.com/fundamentals/authentication/oauth-2-0/user-access-token';

	icon = { light: 'file:../icons/x.svg', dark: 'file:../icons/x.dark.svg' } as const;

	properties: INodeProperties[] = [
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'pkce' },
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			default: 'https://x.com/i/oauth2/authorize',
			description: 'X\'s authorize page. Change it only for a proxy or an emulator.',
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			default: 'https://api.x.com/2/oauth2/token',
			description: 'X\'s token endpoint. Change it only for a proxy or an emulator.',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: X_OAUTH2_DEFAULT_SCOPES,
			description:
				'Space-separated scopes the user grants: Account Activity needs tweet.read users.read dm.read dm.write; private activity kinds need dm.read (dm.*, chat.*), like.read, mute.read or block.read; offline.access keeps the connection alive beyond two hours',
		},
		{ displayName: 'Auth URI Query Parameters', name: 'authQueryParameters', type: 'hidden', default: '' },
		// X takes the client secret only in a Basic Authorization header (never in the body).
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'header' },
		apiBaseUrlField,
	];

	test: ICredentialTestRequest = {
		request: {
			method: 'GET',
			url: '={{$credentials.apiBaseUrl.replace(/\\/+$/, "")}}/2/users/me',
			// n8n would otherwise follow a redirect to any host with the token.
			disableFollowRedirect: true,
			timeout: 30_000,
		},
	};
}
