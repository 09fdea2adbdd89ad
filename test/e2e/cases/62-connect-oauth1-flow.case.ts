/**
 * The X OAuth 1.0a (Connect) credential through n8n's own "Connect my account" flow, the way the
 * editor's button drives it, against the emulator's three-legged OAuth endpoints:
 *   1. GET  /rest/oauth1-credential/auth?id=<credential>  -> n8n gets a request token from
 *      {api}/oauth/request_token (signed by the app, oauth_callback = n8n's callback with a state)
 *      and answers the authorize URL {api}/oauth/authorize?oauth_token=...
 *   2. GET  the authorize URL -> the emulator approves at once (users[0]) and redirects (302) to
 *      n8n's /rest/oauth1-credential/callback?state=..&oauth_token=..&oauth_verifier=..
 *   3. GET  that callback (with the cookies n8n set in step 1) -> n8n exchanges the verifier at
 *      {api}/oauth/access_token and stores oauthTokenData in the credential.
 *   4. X Ads Account > Get Many with that credential (signed by n8n's own OAuth 1.0a signer).
 * Skipped while the emulator has no POST /oauth/request_token route.
 */
import { defineCase, type CaseContext } from '../types';
import { chain, xAds } from '../workflows';

function hasRoute(ctx: Pick<CaseContext, 'emulator'>, method: string, path: string): boolean {
	const router = (ctx.emulator as unknown as { router?: { match(base: string, method: string, path: string): unknown } } | undefined)?.router;
	return Boolean(router?.match('api', method, path));
}

export default defineCase({
	name: 'X OAuth 1.0a (Connect): n8n "Connect my account" flow, then Account Get Many',
	credentials: { connect: { type: 'xOAuth1ConnectApi' } },
	skip: (ctx) =>
		['POST /oauth/request_token', 'GET /oauth/authorize', 'POST /oauth/access_token'].every((r) => hasRoute(ctx, r.split(' ')[0], r.split(' ')[1]))
			? undefined
			: 'the emulator has no three-legged OAuth 1.0a routes yet (POST /oauth/request_token, GET /oauth/authorize, POST /oauth/access_token in test/emulator/routes/oauth.ts)',
	setup: async (ctx) => {
		const { client, emulator, n8n } = ctx;
		const cred = ctx.credentials.connect;
		const before = await client.getCredential(cred.id, true);
		if (before.data?.oauthTokenData) throw new Error('the new credential already has oauthTokenData');

		// 1. What the "Connect my account" button calls.
		const authUrl = await client.request<string>('GET', `/rest/oauth1-credential/auth?id=${encodeURIComponent(cred.id)}`);
		if (typeof authUrl !== 'string' || !authUrl.startsWith(`${emulator!.urls.api}/oauth/authorize?oauth_token=`)) {
			throw new Error(`/rest/oauth1-credential/auth answered ${JSON.stringify(authUrl)}`);
		}
		const requestTokenCall = emulator!.control.requests().find((r) => r.path === '/oauth/request_token');
		if (requestTokenCall?.status !== 200) throw new Error(`request_token answered ${requestTokenCall?.status}`);

		// 2. The browser opens the authorize page; the emulator approves and redirects.
		const authorize = await fetch(authUrl, { redirect: 'manual' });
		const location = authorize.headers.get('location') ?? '';
		if (authorize.status !== 302 || !location.startsWith(`${n8n.baseUrl}/rest/oauth1-credential/callback?`)) {
			throw new Error(`authorize page answered ${authorize.status}, location ${JSON.stringify(location)}`);
		}
		const cb = new URL(location);
		for (const p of ['state', 'oauth_token', 'oauth_verifier']) if (!cb.searchParams.get(p)) throw new Error(`callback URL lacks ${p}: ${location}`);

		// 3. The browser follows the redirect back to n8n (same cookies as step 1).
		const callback = await client.fetch(location);
		const html = await callback.text();
		const accessTokenCall = emulator!.control.requests().find((r) => r.path === '/oauth/access_token');
		// n8n renders "oauth-callback" on success and "oauth-error-callback" (<h4>Error: ...) otherwise.
		const shownError = /<h4>\s*Error:([^<]*)<\/h4>/.exec(html)?.[1]?.trim();
		if (callback.status !== 200 || shownError || accessTokenCall?.status !== 200) {
			const why =
				accessTokenCall?.status === 401 && /(^|&)oauth_verifier=/.test(accessTokenCall.body)
					? '\n  n8n (OauthService.getOAuth1AccessToken, 2.41.1 and 1.123) sends oauth_verifier in the Authorization header AND in the' +
						'\n  form body, and signs it once (oauth-1.0a merges the two). The emulator counts both copies in the' +
						'\n  signature base string (RFC 5849 3.4.1.3) and answers 401 code 32. Unless X is known to refuse' +
						'\n  this, the emulator\'s POST /oauth/access_token should count a parameter sent in both places with the same value once.'
					: '';
			throw new Error(
				`n8n's OAuth1 callback answered ${callback.status}${shownError ? ` "Error: ${shownError}"` : ''}; the emulator answered access_token with ${accessTokenCall?.status ?? 'no request'}${why}`,
			);
		}

		const after = await client.getCredential(cred.id, true);
		if (!after.data?.oauthTokenData) throw new Error(`n8n did not store oauthTokenData: ${JSON.stringify(after.data)}`);
		ctx.log(`connected: request_token ${requestTokenCall.status}, authorize 302, callback ${callback.status}, access_token ${accessTokenCall!.status}`);
	},
	workflow: chain(
		xAds('X Ads', { resource: 'account', operation: 'getAll', returnAll: false, limit: 10, filters: { nameStartsWith: 'Acme' } }, { credential: '@connect', credentialType: 'xOAuth1ConnectApi' }),
	),
	expect: {
		node: 'X Ads',
		someItems: [{ name: 'Acme Shoes' }],
		everyItem: { name: /^Acme/ },
		emulator: {
			requests: [{ method: 'GET', base: 'ads', path: '/12/accounts', status: 200, headers: { authorization: 'OAuth' } }],
			none: [{ status: 401 }],
		},
	},
	check: (_ctx, result) => {
		// The credential held no token before the flow (only the app keys), so a 200 on a user-signed
		// Ads route proves n8n signed with the access token the flow stored.
		if (result.execution!.output('X Ads').length === 0) throw new Error('no accounts');
	},
});
