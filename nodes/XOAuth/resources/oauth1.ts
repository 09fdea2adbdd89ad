/**
 * Three-legged OAuth 1.0a (request token, authorization URL, access token) and access token
 * invalidation: https://docs.x.com/fundamentals/authentication/api-reference
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiBaseUrl } from '../../shared/transport/bearer';
import type { CheckedItem, Resource } from '../../shared/engine/endpoints';
import { encodePairs, parsePairs } from '../../shared/transport/oauth1';
import type { RetryPolicy } from '../../shared/transport/transport';
import { xCredentials, xRequest } from '../../shared/transport/transport';

/** The token endpoints answer form-encoded (name=value&...). */
function formRecord(body: unknown): IDataObject {
	if (body && typeof body === 'object') return body as IDataObject;
	return Object.fromEntries(parsePairs(String(body ?? '')));
}

const TOKEN = { pattern: /^[\x21-\x7e]{1,200}$/, patternRule: 'a token of printable characters without spaces' };

/** X's own words for a failed token step are terse: say what to do instead of the generic credential hint. */
function withStepHint(error: unknown, label: string, hints: Array<{ when: (code: string) => boolean; hint: string }>): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const code = `${error.httpCode ?? ''} ${String((error.context as { xCode?: unknown } | undefined)?.xCode ?? '')}`.trim();
	const found = hints.find((h) => h.when(code));
	if (found) error.description = `${label}. ${found.hint}`;
	return error;
}

const REQUEST_TOKEN_HINTS = [
	{
		when: (code: string) => code === '403 415',
		hint: 'X accepts only the callback URLs registered in the App\'s settings (developer portal, User authentication settings): add this URL there, or use oob for PIN mode.',
	},
];

const ACCESS_TOKEN_HINTS = [
	{
		when: (code: string) => code === '401 32',
		hint: 'X could not verify the signature: give the Request Token Secret from the Request Token step (or leave it empty), and check the consumer key and secret and this machine\'s clock.',
	},
	{
		// X answers a used, expired, denied or unknown request token and a wrong verifier in plain text (no code).
		when: (code: string) => code === '401' || code === '401 89',
		hint: 'A request token can be exchanged only once, within minutes, and only with the verifier (or PIN) of the user\'s approval: run Request Token again, send the user to the new authorization URL, then exchange the new verifier.',
	},
];

async function requestToken(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const { oauth_callback: callback, x_auth_access_type: accessType } = item.values;
	try {
		const response = await xRequest(
			ctx,
			{
				method: 'POST',
				host: 'api',
				path: '/oauth/request_token',
				qs: accessType ? { x_auth_access_type: accessType } : undefined,
				auth: 'user',
				// Signed with the consumer key and secret only; the callback travels as an oauth_* parameter.
				tokenOverride: { oauthParams: { oauth_callback: String(callback) } },
				itemIndex: item.itemIndex,
			},
			policy,
		);
		return [formRecord(response.body)];
	} catch (error) {
		throw withStepHint(error, 'POST /oauth/request_token', REQUEST_TOKEN_HINTS);
	}
}

async function authorizationUrl(ctx: IExecuteFunctions, item: CheckedItem): Promise<IDataObject[]> {
	const credentials = await xCredentials(ctx, 'user');
	const { oauth_token: token, step, force_login: forceLogin, screen_name: screenName } = item.values;
	const query = encodePairs([
		['oauth_token', String(token)],
		...(forceLogin ? ([['force_login', 'true']] as Array<[string, string]>) : []),
		...(screenName ? ([['screen_name', String(screenName)]] as Array<[string, string]>) : []),
	]);
	return [{ url: `${apiBaseUrl(credentials)}/oauth/${String(step ?? 'authorize')}?${query}`, oauth_token: token }];
}

async function accessToken(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const { oauth_token: token, oauth_token_secret: secret, oauth_verifier: verifier } = item.values;
	try {
		const response = await xRequest(
			ctx,
			{
				method: 'POST',
				host: 'api',
				path: '/oauth/access_token',
				qs: { oauth_verifier: verifier },
				auth: 'user',
				tokenOverride: { token: String(token), tokenSecret: secret === undefined ? '' : String(secret) },
				itemIndex: item.itemIndex,
			},
			policy,
		);
		return [formRecord(response.body)];
	} catch (error) {
		throw withStepHint(error, 'POST /oauth/access_token', ACCESS_TOKEN_HINTS);
	}
}

async function invalidateAccessToken(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const { access_token: token, access_token_secret: secret } = item.values;
	const response = await xRequest(
		ctx,
		{
			method: 'POST',
			host: 'api',
			path: '/1.1/oauth/invalidate_token.json',
			auth: 'user',
			tokenOverride: token === undefined ? undefined : { token: String(token), tokenSecret: String(secret ?? '') },
			itemIndex: item.itemIndex,
		},
		policy,
	);
	return [response.body as IDataObject];
}

export const oauth1Resource: Resource = {
	name: 'OAuth 1.0a',
	value: 'oauth1',
	description: 'Three-legged OAuth 1.0a: collect an advertiser\'s access tokens',
	endpoints: [
		{
			operation: 'requestToken',
			name: 'Request Token',
			action: 'Get a request token',
			description: 'Step 1: get a request token, signed with the App\'s consumer key and secret only',
			method: 'POST',
			host: 'api',
			auth: 'user',
			path: '/oauth/request_token',
			fields: [
				{ wire: 'oauth_callback', label: 'Callback URL', type: 'string', required: true, default: 'oob', description: 'Where X sends the user after approval (one of the App\'s callback URLs), or oob for PIN mode', rules: { pattern: /^(oob|https?:\/\/\S+)$/, patternRule: 'a URL or oob' } },
				{ wire: 'x_auth_access_type', label: 'Access Type', type: 'options', options: ['read', 'write'], description: 'Ask for less access than the App is registered for' },
			],
			run: requestToken,
		},
		{
			operation: 'authorizationUrl',
			name: 'Authorization URL',
			action: 'Build the authorization URL',
			description: 'Step 2: the URL to send the user to (no request is made)',
			method: 'GET',
			host: 'api',
			auth: 'user',
			path: '/oauth/authorize',
			fields: [
				{ wire: 'oauth_token', label: 'Request Token', type: 'string', required: true, secret: true, rules: TOKEN },
				{ wire: 'step', label: 'Page', type: 'options', options: ['authorize', 'authenticate'], description: 'Authorize asks every time; Authenticate skips approval when the user already granted access' },
				{ wire: 'force_login', label: 'Force Login', type: 'boolean', description: 'Whether the user must enter their credentials' },
				{ wire: 'screen_name', label: 'Screen Name', type: 'string', description: 'Prefills the username box' },
			],
			run: authorizationUrl,
		},
		{
			operation: 'accessToken',
			name: 'Access Token',
			action: 'Exchange for an access token',
			description: 'Step 3: exchange the request token and verifier (or PIN) for the user\'s access token',
			method: 'POST',
			host: 'api',
			auth: 'user',
			path: '/oauth/access_token',
			fields: [
				{ wire: 'oauth_token', label: 'Request Token', type: 'string', required: true, secret: true, rules: TOKEN },
				{ wire: 'oauth_verifier', label: 'Verifier or PIN', type: 'string', required: true, secret: true, rules: TOKEN },
				{ wire: 'oauth_token_secret', label: 'Request Token Secret', type: 'string', secret: true, description: 'From the request token step' },
			],
			run: accessToken,
		},
		{
			operation: 'invalidateToken',
			name: 'Invalidate Access Token',
			action: 'Invalidate an access token',
			description: 'Revoke an access token (default: the credential\'s own); later use gets 401 code 89',
			method: 'POST',
			host: 'api',
			auth: 'user',
			path: '/1.1/oauth/invalidate_token.json',
			fields: [
				{ wire: 'access_token', label: 'Access Token', type: 'string', secret: true, description: 'Another user\'s token to revoke; default the credential\'s', rules: TOKEN },
				{ wire: 'access_token_secret', label: 'Access Token Secret', type: 'string', secret: true, description: 'The secret of that token' },
			],
			check: (values, { fail }) => {
				if ((values.access_token === undefined) !== (values.access_token_secret === undefined)) {
					fail('Access Token (access_token) and Access Token Secret (access_token_secret)', 'go together: give both or neither');
				}
			},
			run: invalidateAccessToken,
		},
	],
};
