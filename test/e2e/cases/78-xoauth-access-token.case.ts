/**
 * X OAuth "OAuth 1.0a > Access Token" in real n8n (X's authentication and webhook docs): the whole PIN flow inside one
 * workflow, the user's visit to the authorize page played by n8n's HTTP Request node.
 *   Request Token (oob) -> Authorization URL -> HTTP Request GET of that page (the emulator approves
 *   for users[0] and shows the 7-digit PIN) -> Code (reads the PIN; emits a wrong verifier, the
 *   PIN, and the PIN again) -> Access Token (On Error: Continue), signed with the request token and
 *   its secret:
 *     0. wrong verifier      -> X's 401 "Invalid oauth_verifier parameter", with the step hint
 *     1. the PIN             -> oauth_token, oauth_token_secret, user_id, screen_name of users[0]
 *     2. the PIN once more   -> X's 401: the request token was already exchanged
 * The new access token is then checked outside n8n: an Ads request signed with it (by the
 * independent oauth-1.0a signer) is accepted, and it differs from the user's seeded token.
 */
import { assertMatch } from '../match';
import { signedClient } from '../../emulator/signedClient';
import { defineCase } from '../types';
import { chain } from '../workflows';

const oauthNode = (name: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
	name,
	type: 'n8n-nodes-x-ads.xOAuth',
	typeVersion: 1,
	parameters: { resource: 'oauth1', ...parameters },
	credentials: { xOAuth1Api: '@x' },
	...extra,
});

export default defineCase({
	name: 'X OAuth: access token through the PIN flow in one workflow (wrong verifier, exchange, second exchange refused)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: chain(
		oauthNode('Request Token', { operation: 'requestToken', oauthCallback: 'oob' }),
		oauthNode('Authorization URL', { operation: 'authorizationUrl', oauthToken: '={{ $json.oauth_token }}' }),
		{
			name: 'Open Page',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: { method: 'GET', url: '={{ $json.url }}', options: { response: { response: { responseFormat: 'text' } } } },
		},
		{
			name: 'PIN',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: {
				jsCode: [
					"const html = String($input.first().json.data ?? '');",
					'const pin = /<code id="oauth_pin">(\\d{7})<\\/code>/.exec(html)?.[1];',
					"if (!pin) throw new Error('no PIN on the page: ' + html.slice(0, 200));",
					"return [{ json: { verifier: 'wrongverifier1' } }, { json: { verifier: pin } }, { json: { verifier: pin } }];",
				].join('\n'),
			},
		},
		oauthNode(
			'Access Token',
			{
				operation: 'accessToken',
				oauthToken: "={{ $('Request Token').first().json.oauth_token }}",
				oauthVerifier: '={{ $json.verifier }}',
				additionalFields: { oauthTokenSecret: "={{ $('Request Token').first().json.oauth_token_secret }}" },
			},
			{ onError: 'continueRegularOutput' },
		),
	),
	expect: {
		executedNodes: ['Start', 'Request Token', 'Authorization URL', 'Open Page', 'PIN', 'Access Token'],
		outputs: {
			'Access Token': {
				itemCount: 3,
				items: [
					{
						error: /^X answered 401: Error processing your OAuth request: Invalid oauth_verifier parameter/,
						description: /^POST \/oauth\/access_token\. A request token can be exchanged only once.*run Request Token again/,
						httpCode: '401',
					},
					{ oauth_token: /^\d+-\S+$/, oauth_token_secret: /^\S{10,}$/, screen_name: 'acme_ads', error: undefined },
					{ error: /^X answered 401: Invalid request token: it has already been exchanged/, httpCode: '401' },
				],
			},
		},
		emulator: {
			requests: [
				{ method: 'POST', base: 'api', path: '/oauth/request_token', status: 200, count: 1 },
				{ method: 'GET', base: 'api', path: '/oauth/authorize', status: 200, count: 1 },
				{ method: 'POST', base: 'api', path: '/oauth/access_token', status: 200, count: 1 },
				{ method: 'POST', base: 'api', path: '/oauth/access_token', status: 401, count: 2 },
			],
		},
	},
	check: async (ctx, result) => {
		const emulator = ctx.emulator!;
		const user = emulator.users[0];
		const granted = result.execution!.output('Access Token')[1] as Record<string, string>;
		assertMatch(granted, { user_id: user.userId, screen_name: user.screenName }, 'the approving user');
		if (granted.oauth_token === user.accessToken) throw new Error('the seeded token came back instead of a new one');
		const pin = String(result.execution!.output('PIN')[1].verifier);
		const exchanges = result.requests.filter((r) => r.path === '/oauth/access_token');
		assertMatch(exchanges.map((r) => new URLSearchParams(r.query).get('oauth_verifier')), ['wrongverifier1', pin, pin], 'verifiers on the query');
		assertMatch(emulator.control.issuedAccessTokens().length, 1, 'one access token issued');

		// The new token signs Ads requests (independent signer), until someone invalidates it.
		const signed = signedClient(() => emulator as never);
		const reply = await signed('GET', `${emulator.urls.ads}/12/accounts`, { user: { ...user, accessToken: granted.oauth_token, accessTokenSecret: granted.oauth_token_secret } });
		assertMatch(reply.status, 200, 'Ads request with the new token');
		assertMatch(reply.json.data.length > 0, true, 'accounts of the user');
	},
});
