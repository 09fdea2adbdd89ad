/**
 * n8n's own "Connect my account" flow of the X OAuth 1.0a (Connect) credential, the way the editor's
 * button drives it, against the emulator's three-legged OAuth endpoints:
 *   1. GET  /rest/oauth1-credential/auth?id=<credential>  -> n8n gets a request token from
 *      {api}/oauth/request_token (signed by the app, oauth_callback = n8n's callback with a state)
 *      and answers the authorize URL {api}/oauth/authorize?oauth_token=...
 *   2. GET  the authorize URL -> the emulator approves at once (users[0]) and redirects (302) to
 *      n8n's /rest/oauth1-credential/callback?state=..&oauth_token=..&oauth_verifier=..
 *   3. GET  that callback (with the cookies n8n set in step 1) -> n8n exchanges the verifier at
 *      {api}/oauth/access_token and stores oauthTokenData in the credential.
 * Used by the cases 62-connect-oauth1-flow (n8n 2.x) and 42-connect-oauth1-flow-n8n1 (1.x).
 */
import type { CaseContext, EmulatorRequest } from './types';

export interface ConnectFlow {
	/** n8n's callback page: its status and the error it shows ("oauth-error-callback"), if any. */
	callbackStatus: number;
	shownError?: string;
	requestTokenCall: EmulatorRequest;
	accessTokenCall?: EmulatorRequest;
}

export async function runConnectFlow(ctx: CaseContext, credentialId: string): Promise<ConnectFlow> {
	const { client, emulator, n8n } = ctx;
	const before = await client.getCredential(credentialId, true);
	if (before.data?.oauthTokenData) throw new Error('the new credential already has oauthTokenData');

	// 1. What the "Connect my account" button calls.
	const authUrl = await client.request<string>('GET', `/rest/oauth1-credential/auth?id=${encodeURIComponent(credentialId)}`);
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
	// n8n renders "oauth-callback" on success and "oauth-error-callback" (<h4>Error: ...) otherwise.
	const shownError = /<h4>\s*Error:([^<]*)<\/h4>/.exec(html)?.[1]?.trim();
	const accessTokenCall = emulator!.control.requests().find((r) => r.path === '/oauth/access_token');
	return { callbackStatus: callback.status, shownError, requestTokenCall, accessTokenCall };
}

/** True when the emulator has the three-legged OAuth 1.0a routes. */
export function hasConnectRoutes(ctx: Pick<CaseContext, 'emulator'>): boolean {
	const router = (ctx.emulator as unknown as { router?: { match(base: string, method: string, path: string): unknown } } | undefined)?.router;
	return ['POST /oauth/request_token', 'GET /oauth/authorize', 'POST /oauth/access_token'].every((r) => Boolean(router?.match('api', r.split(' ')[0], r.split(' ')[1])));
}
