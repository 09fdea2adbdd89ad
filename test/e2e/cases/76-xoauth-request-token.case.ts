/**
 * X OAuth "OAuth 1.0a > Request Token" in real n8n (X's authentication and webhook docs), with the X OAuth 1.0a
 * credential (xOAuth1Api): the request is signed with the App's consumer key and secret only, the
 * callback travels as oauth_callback in the Authorization header (never on the query), the access
 * type on the query. The App has registered one callback URL (emulator setting). One node, four
 * items from a Code node, On Error: Continue:
 *  0. the registered callback (with a query of its own), access type write -> token, secret,
 *     oauth_callback_confirmed=true (X's form-encoded answer as fields)
 *  1. oob (PIN mode)                                   -> token
 *  2. a callback the App has not registered            -> X's 403 code 415, with the hint to add it
 *  3. "not a url"                                      -> refused by the node before sending
 * The emulator recorded exactly the two request tokens, with their callbacks and access types.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain, code, queryOf } from '../workflows';

const REGISTERED = 'https://app.example.com/x/callback?state=a%20b';

export default defineCase({
	name: 'X OAuth: request token (registered callback, oob, unregistered callback 403/415, bad callback refused)',
	credentials: { x: { type: 'xOAuth1Api' } },
	setup: (ctx) => {
		ctx.emulator!.control.setOAuthFlow({ allowedCallbacks: [REGISTERED] });
	},
	workflow: chain(
		code('Callbacks', [
			{ callback: REGISTERED, access: 'write' },
			{ callback: 'oob' },
			{ callback: 'https://evil.example.com/cb' },
			{ callback: 'not a url' },
		]),
		{
			name: 'Request Token',
			type: 'n8n-nodes-x-ads.xOAuth',
			typeVersion: 1,
			parameters: { resource: 'oauth1', operation: 'requestToken', oauthCallback: '={{ $json.callback }}', additionalFields: { xAuthAccessType: '={{ $json.access }}' } },
			credentials: { xOAuth1Api: '@x' },
			onError: 'continueRegularOutput',
		},
	),
	expect: {
		executedNodes: ['Start', 'Callbacks', 'Request Token'],
		outputs: {
			'Request Token': {
				itemCount: 4,
				items: [
					{ oauth_token: /^\S{10,}$/, oauth_token_secret: /^\S{10,}$/, oauth_callback_confirmed: 'true', error: undefined },
					{ oauth_token: /^\S{10,}$/, oauth_token_secret: /^\S{10,}$/, oauth_callback_confirmed: 'true' },
					{
						error: /^X answered 403 415: Callback URL not approved/,
						description: /^POST \/oauth\/request_token\. X accepts only the callback URLs registered in the App's settings/,
						httpCode: '403',
					},
					{ error: /^Item 3: Callback URL \(oauth_callback\) must be a URL or oob/, description: /^Nothing was sent to X/ },
				],
			},
		},
		emulator: {
			requestCount: 3,
			requests: [
				{ method: 'POST', base: 'api', path: '/oauth/request_token', status: 200, headers: { authorization: 'OAuth' }, count: 2 },
				{ method: 'POST', base: 'api', path: '/oauth/request_token', status: 403, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		const out = ex.output('Request Token');
		assertMatch(ex.items('Request Token').map((i) => i.pairedItem), [0, 1, 2, 3].map((item) => ({ item })), 'pairedItem');
		const [withCallback, oob] = result.requests;
		assertMatch(Object.fromEntries(queryOf(withCallback.query)), { x_auth_access_type: 'write' }, 'access type on the query');
		assertMatch(oob.query, '', 'nothing on the query for oob');
		for (const r of result.requests) if (r.query.includes('oauth_callback') || r.body.includes('oauth_callback')) throw new Error(`oauth_callback outside the header: ${r.query} ${r.body}`);
		const tokens = ctx.emulator!.control.requestTokens();
		assertMatch(
			tokens.map((t: { token: string; callback: string; accessType?: string }) => [t.token, t.callback, t.accessType ?? null]),
			[
				[out[0].oauth_token, REGISTERED, 'write'],
				[out[1].oauth_token, 'oob', null],
			],
			'request tokens in the emulator',
		);
		if (out[0].oauth_token === out[1].oauth_token) throw new Error('the same request token twice');
	},
});
