/**
 * X OAuth "OAuth 1.0a > Authorization URL" in real n8n (X's authentication and webhook docs): no request is made, the
 * node builds the page URL on the credential's API base. Request Token gives two request tokens
 * (a callback URL and oob); Authorization URL builds {api}/oauth/authorize?oauth_token=... for each,
 * and a second node builds the authenticate page with force_login and screen_name. The URLs work:
 * the authorize page of the callback token redirects (302) to the callback with the token, a
 * verifier and the callback's own query kept; the authenticate page of the oob token shows a PIN.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain, code } from '../workflows';

const CALLBACK = 'https://app.example.com/x/callback?state=a%20b';
const oauthNode = (name: string, parameters: Record<string, unknown>) => ({
	name,
	type: 'n8n-nodes-x-ads.xOAuth',
	typeVersion: 1,
	parameters: { resource: 'oauth1', ...parameters },
	credentials: { xOAuth1Api: '@x' },
});

export default defineCase({
	name: 'X OAuth: authorization URL (authorize and authenticate pages, no request), the pages answer',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: chain(
		code('Callbacks', [{ callback: CALLBACK }, { callback: 'oob' }]),
		oauthNode('Request Token', { operation: 'requestToken', oauthCallback: '={{ $json.callback }}' }),
		oauthNode('Authorize URL', { operation: 'authorizationUrl', oauthToken: '={{ $json.oauth_token }}' }),
		oauthNode('Authenticate URL', {
			operation: 'authorizationUrl',
			oauthToken: "={{ $('Request Token').item.json.oauth_token }}",
			options: { step: 'authenticate', forceLogin: true, screenName: 'acme_ads' },
		}),
	),
	expect: {
		executedNodes: ['Start', 'Callbacks', 'Request Token', 'Authorize URL', 'Authenticate URL'],
		outputs: { 'Authorize URL': { itemCount: 2 }, 'Authenticate URL': { itemCount: 2 } },
		// Only the two request tokens: building URLs sends nothing.
		emulator: { requestCount: 2, requests: [{ method: 'POST', base: 'api', path: '/oauth/request_token', status: 200, count: 2 }] },
	},
	check: async (ctx, result) => {
		const ex = result.execution!;
		const api = ctx.emulator!.urls.api;
		const tokens = ex.output('Request Token').map((t) => String(t.oauth_token));
		assertMatch(ex.output('Authorize URL'), tokens.map((t) => ({ url: `${api}/oauth/authorize?oauth_token=${t}`, oauth_token: t })), 'authorize URLs');
		assertMatch(
			ex.output('Authenticate URL'),
			tokens.map((t) => ({ url: `${api}/oauth/authenticate?oauth_token=${t}&force_login=true&screen_name=acme_ads`, oauth_token: t })),
			'authenticate URLs',
		);
		assertMatch(ex.items('Authenticate URL').map((i) => i.pairedItem), [{ item: 0 }, { item: 1 }], 'pairedItem');

		// The authorize page of the callback token: approved, redirected to the callback.
		const authorize = await fetch(String(ex.output('Authorize URL')[0].url), { redirect: 'manual' });
		assertMatch(authorize.status, 302, 'authorize page status');
		const location = new URL(String(authorize.headers.get('location')));
		assertMatch(`${location.origin}${location.pathname}`, 'https://app.example.com/x/callback', 'redirected to the callback');
		assertMatch(Object.fromEntries(location.searchParams), { state: 'a b', oauth_token: tokens[0], oauth_verifier: /^\w{10,}$/ }, 'callback query');

		// The authenticate page of the oob token: a PIN.
		const page = await fetch(String(ex.output('Authenticate URL')[1].url), { redirect: 'manual' });
		assertMatch(page.status, 200, 'authenticate page status');
		if (!/<code id="oauth_pin">\d{7}<\/code>/.test(await page.text())) throw new Error('no PIN on the authenticate page');
		const records = ctx.emulator!.control.requestTokens();
		assertMatch(records.map((r: { verifier: string | null }) => Boolean(r.verifier)), [true, true], 'both request tokens approved');
	},
});
