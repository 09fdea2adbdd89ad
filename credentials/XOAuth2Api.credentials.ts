import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { apiBaseUrlField, X_OAUTH2_AUTHORIZE_URL, X_OAUTH2_TOKEN_URL } from '../nodes/shared/credentialFields';
import { USER_AGENT } from '../nodes/shared/userAgent';

/** The scopes the nodes' user-context operations need (X's scope table in the authorization-code guide). */
export const X_OAUTH2_DEFAULT_SCOPES = 'tweet.read users.read dm.read dm.write like.read follows.read mute.read block.read broadcast.read offline.access';

/**
 * X OAuth 2.0 user context through n8n's own "Connect my account" button: authorization code with
 * PKCE (https://docs.x.com/fundamentals/authentication/oauth-2-0/user-access-token). n8n keeps the
 * tokens and refreshes them (offline.access) itself, since the credential extends oAuth2Api. X's
 * API v2 only: the Ads API takes OAuth 1.0a alone.
 *
 * The tokens stay at X: n8n's code exchange and refresh send the client secret and the refresh
 * token to accessTokenUrl and follow any redirect it answers, to any host. So authUrl and
 * accessTokenUrl are hidden and computed: X's own unless OAuth Server is set to Custom, an explicit
 * choice for a proxy or the emulator (n8n 2.x ignores a stored value of a hidden OAuth URL, so a
 * credential saved when they were editable goes to X too). The names stay those of n8n's oAuth2Api.
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
			displayName: 'OAuth Server',
			name: 'oauthServer',
			type: 'options',
			options: [
				{ name: 'X', value: 'x', description: `${X_OAUTH2_AUTHORIZE_URL} and ${X_OAUTH2_TOKEN_URL}` },
				{ name: 'Custom (a Proxy or an Emulator)', value: 'custom', description: 'Your own authorization and token URLs' },
			],
			default: 'x',
			description: 'Where the authorization page and the token requests go. n8n sends the client secret and the refresh token there and follows the redirects it answers: choose Custom only for a server you trust.',
		},
		{
			displayName: 'Custom Authorization URL',
			name: 'customAuthUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://proxy.example.com/i/oauth2/authorize',
			displayOptions: { show: { oauthServer: ['custom'] } },
		},
		{
			displayName: 'Custom Access Token URL',
			name: 'customAccessTokenUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://proxy.example.com/2/oauth2/token',
			displayOptions: { show: { oauthServer: ['custom'] } },
		},
		{ displayName: 'Authorization URL', name: 'authUrl', type: 'hidden', default: `={{ $self.oauthServer === "custom" ? $self.customAuthUrl : "${X_OAUTH2_AUTHORIZE_URL}" }}` },
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'hidden', default: `={{ $self.oauthServer === "custom" ? $self.customAccessTokenUrl : "${X_OAUTH2_TOKEN_URL}" }}` },
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: X_OAUTH2_DEFAULT_SCOPES,
			description:
				'Space-separated scopes the user grants: Account Activity needs tweet.read users.read dm.read dm.write; private activity kinds need dm.read (dm.*, chat.*), like.read, tweet.read (post mentions, replies, quotes, reposts), mute.read, block.read or tweet.read and broadcast.read (broadcast.chat); offline.access keeps the connection alive beyond two hours',
		},
		{ displayName: 'Auth URI Query Parameters', name: 'authQueryParameters', type: 'hidden', default: '' },
		// X takes the client secret only in a Basic Authorization header (never in the body).
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'header' },
		// Here the OAuth URLs come from OAuth Server, never from this field.
		{ ...apiBaseUrlField, description: 'Base URL of the X API v2 (/2 endpoints); the OAuth URLs are set by OAuth Server. Change it only for a proxy or an emulator.' },
	];

	test: ICredentialTestRequest = {
		request: {
			method: 'GET',
			url: '={{$credentials.apiBaseUrl.replace(/\\/+$/, "")}}/2/users/me',
			// n8n would otherwise follow a redirect to any host with the token.
			disableFollowRedirect: true,
			timeout: 30_000,
			headers: { 'User-Agent': USER_AGENT },
		},
		// n8n would say only "Unauthorized" or "Forbidden": these name the cause and the fix.
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'X answered 401 Unauthorized: it refused the access token (expired without a refresh, or revoked). Click "Connect my account" again; with offline.access in Scope, n8n refreshes the token itself.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'X answered 403 Forbidden to GET /2/users/me: the token gives no access to the user (not a user\'s token, or without the tweet.read and users.read scopes: add them to Scope and click "Connect my account" again), or the App is not enrolled for the X API v2 (in the Developer Console, console.x.com, attach it to a Project).',
				},
			},
		],
	};
}
