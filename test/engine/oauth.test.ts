/**
 * The X OAuth node through n8n-core's execution engine against the X emulator: the three-legged
 * OAuth 1.0a flow end to end (callback and PIN), access token revocation, and the App's bearer
 * token (issue, invalidate, reissue).
 */
import type { IDataObject } from 'n8n-workflow';

import { errorText, startXTestEnv } from './env';
import type { XTestEnv } from './env';

let env: XTestEnv;
/** Tokens and secrets issued during the tests: no error may contain them. */
const issuedSecrets: string[] = [];

beforeAll(async () => {
	env = await startXTestEnv();
});
afterAll(async () => env.close());
beforeEach(() => {
	env.emulator.control.reset();
	env.useEnvironment('production');
});

const CALLBACK = 'https://app.example.com/x/callback?state=a%20b';

type Described = Error & { description?: string; httpCode?: string };

async function oauth1(operation: string, fields: IDataObject = {}) {
	return env.oauth({ resource: 'oauth1', operation, ...fields });
}

async function requestToken(callback: string, additionalFields: IDataObject = {}) {
	const result = await oauth1('requestToken', { oauthCallback: callback, additionalFields });
	expect(result.error).toBeUndefined();
	const json = result.output()[0].json as Record<string, string>;
	issuedSecrets.push(json.oauth_token_secret);
	return json;
}

async function authorizationUrl(token: string, options: IDataObject = {}) {
	const result = await oauth1('authorizationUrl', { oauthToken: token, options });
	expect(result.error).toBeUndefined();
	return String(result.output()[0].json.url);
}

async function accessToken(token: string, verifier: string, secret?: string) {
	return oauth1('accessToken', {
		oauthToken: token,
		oauthVerifier: verifier,
		additionalFields: secret === undefined ? {} : { oauthTokenSecret: secret },
	});
}

/** Opens the authorization page like a browser that does not follow the redirect. */
async function approve(url: string): Promise<{ token: string; verifier: string }> {
	const response = await fetch(url, { redirect: 'manual' });
	expect(response.status).toBe(302);
	const location = new URL(String(response.headers.get('location')));
	expect(`${location.origin}${location.pathname}`).toBe('https://app.example.com/x/callback');
	expect(location.searchParams.get('state')).toBe('a b');
	return { token: String(location.searchParams.get('oauth_token')), verifier: String(location.searchParams.get('oauth_verifier')) };
}

/** Runs the X Ads node with the xOAuth1Api credential holding these tokens, then restores it. */
async function adsWithTokens(token: string, secret: string) {
	const saved = env.harness.credentialData('xOAuth1Api');
	env.harness.setCredentialData('xOAuth1Api', { ...saved, accessToken: token, accessTokenSecret: secret });
	try {
		return await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 1 });
	} finally {
		env.harness.setCredentialData('xOAuth1Api', saved);
	}
}

describe('three-legged OAuth 1.0a', () => {
	it('callback flow: request token, authorization URL, redirect with verifier, access token that works on the Ads API until invalidated', async () => {
		const step1 = await requestToken(CALLBACK, { xAuthAccessType: 'write' });
		expect(step1).toMatchObject({ oauth_token: expect.any(String), oauth_token_secret: expect.any(String), oauth_callback_confirmed: 'true' });
		const [sent] = env.emulator.control.requests();
		expect(sent).toMatchObject({ method: 'POST', base: 'api', path: '/oauth/request_token', status: 200 });
		expect(new URLSearchParams(sent.query).get('x_auth_access_type')).toBe('write');
		// The callback travelled as an oauth_* header parameter (not in the query), and no token signed the request.
		expect(sent.query).not.toContain('oauth_callback');
		expect(env.emulator.control.requestTokens()[0]).toMatchObject({ token: step1.oauth_token, callback: CALLBACK, accessType: 'write' });

		const url = await authorizationUrl(step1.oauth_token);
		expect(url).toBe(`${env.emulator.urls.api}/oauth/authorize?oauth_token=${step1.oauth_token}`);
		const requestsBefore = env.emulator.control.requests().length;
		const { token, verifier } = await approve(url);
		expect(token).toBe(step1.oauth_token);
		expect(verifier).toMatch(/^\w{10,}$/);

		env.emulator.control.clearRequests();
		const step3 = await accessToken(token, verifier, step1.oauth_token_secret);
		expect(step3.error).toBeUndefined();
		const granted = step3.output()[0].json as Record<string, string>;
		const user = env.emulator.users[0];
		expect(granted).toMatchObject({ user_id: user.userId, screen_name: user.screenName });
		expect(granted.oauth_token).toMatch(new RegExp(`^${user.userId}-`));
		expect(granted.oauth_token).not.toBe(user.accessToken);
		issuedSecrets.push(granted.oauth_token, granted.oauth_token_secret);
		const [exchange] = env.emulator.control.requests();
		expect(exchange).toMatchObject({ path: '/oauth/access_token', status: 200 });
		expect(new URLSearchParams(exchange.query).get('oauth_verifier')).toBe(verifier);
		expect(requestsBefore).toBeGreaterThan(0);

		// The new token works on an Ads call.
		const ads = await adsWithTokens(granted.oauth_token, granted.oauth_token_secret);
		expect(ads.error).toBeUndefined();
		expect(ads.output()).toHaveLength(1);

		// Invalidate it through the X OAuth node (naming the token), then the Ads call gets 401 code 89.
		const invalidated = await oauth1('invalidateToken', {
			additionalFields: { accessToken: granted.oauth_token, accessTokenSecret: granted.oauth_token_secret },
		});
		expect(invalidated.error).toBeUndefined();
		expect(invalidated.output()[0].json).toEqual({ access_token: granted.oauth_token });

		const refused = await adsWithTokens(granted.oauth_token, granted.oauth_token_secret);
		const error = refused.error as Described;
		expect(error.message).toMatch(/X answered 401 89/);
		expect(error.description).toMatch(/reconnect/);
		expect(errorText(error)).not.toContain(granted.oauth_token);

		// The credential's own (seeded) token is untouched.
		const original = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 1 });
		expect(original.error).toBeUndefined();
	});

	it('PIN (oob) flow through the authenticate page; the secret may be left out; every exchange gives a new token', async () => {
		const step1 = await requestToken('oob');
		const url = await authorizationUrl(step1.oauth_token, { step: 'authenticate', forceLogin: true, screenName: 'acme_ads' });
		expect(url).toBe(`${env.emulator.urls.api}/oauth/authenticate?oauth_token=${step1.oauth_token}&force_login=true&screen_name=acme_ads`);
		const page = await fetch(url, { redirect: 'manual' });
		expect(page.status).toBe(200);
		expect(page.headers.get('content-type')).toMatch(/text\/html/);
		const pin = /<code id="oauth_pin">(\d{7})<\/code>/.exec(await page.text())?.[1];
		expect(pin).toBeDefined();

		// Signed with the request token and an empty token secret (as many clients do).
		const step3 = await accessToken(step1.oauth_token, pin!);
		expect(step3.error).toBeUndefined();
		const first = step3.output()[0].json as Record<string, string>;
		issuedSecrets.push(first.oauth_token, first.oauth_token_secret);
		expect(first.screen_name).toBe('acme_ads');

		const again = await requestToken('oob');
		const pageAgain = await (await fetch(await authorizationUrl(again.oauth_token))).text();
		const pinAgain = /<code id="oauth_pin">(\d{7})<\/code>/.exec(pageAgain)![1];
		const second = (await accessToken(again.oauth_token, pinAgain, again.oauth_token_secret)).output()[0].json as Record<string, string>;
		issuedSecrets.push(second.oauth_token, second.oauth_token_secret);
		expect(second.oauth_token).not.toBe(first.oauth_token);
		expect((await adsWithTokens(second.oauth_token, second.oauth_token_secret)).error).toBeUndefined();
		expect((await adsWithTokens(first.oauth_token, first.oauth_token_secret)).error).toBeUndefined();
	});

	it('a control-chosen user approves; the access token is theirs', async () => {
		env.emulator.control.setOAuthFlow({ authorizeUserIndex: 1 });
		const step1 = await requestToken(CALLBACK);
		const { verifier } = await approve(await authorizationUrl(step1.oauth_token));
		const granted = (await accessToken(step1.oauth_token, verifier, step1.oauth_token_secret)).output()[0].json as Record<string, string>;
		issuedSecrets.push(granted.oauth_token, granted.oauth_token_secret);
		expect(granted).toMatchObject({ user_id: env.emulator.users[1].userId, screen_name: env.emulator.users[1].screenName });
	});

	it('a request token works once: the second exchange is refused with a clear error', async () => {
		const step1 = await requestToken(CALLBACK);
		const { verifier } = await approve(await authorizationUrl(step1.oauth_token));
		const first = await accessToken(step1.oauth_token, verifier, step1.oauth_token_secret);
		expect(first.error).toBeUndefined();
		const granted = first.output()[0].json as Record<string, string>;
		issuedSecrets.push(granted.oauth_token, granted.oauth_token_secret);

		const replayed = await accessToken(step1.oauth_token, verifier, step1.oauth_token_secret);
		const error = replayed.error as Described;
		expect(error.message).toMatch(/X answered 401: Invalid request token: it has already been exchanged/);
		expect(error.description).toMatch(/POST \/oauth\/access_token/);
		expect(error.description).toMatch(/run Request Token again/);
		expect(errorText(error)).not.toContain(step1.oauth_token_secret);
		expect(env.emulator.control.issuedAccessTokens()).toHaveLength(1);

		// The authorization page does not take it again either.
		const page = await fetch(await authorizationUrl(step1.oauth_token), { redirect: 'manual' });
		expect(page.status).toBe(401);
	});

	it('a wrong verifier, an unapproved and an unknown request token are refused', async () => {
		const step1 = await requestToken(CALLBACK);
		const unapproved = await accessToken(step1.oauth_token, 'someverifier', step1.oauth_token_secret);
		expect(unapproved.error?.message).toMatch(/X answered 401: Error processing your OAuth request: Invalid oauth_verifier parameter/);

		const { verifier } = await approve(await authorizationUrl(step1.oauth_token));
		const wrong = await accessToken(step1.oauth_token, `${verifier}x`, step1.oauth_token_secret);
		expect(wrong.error?.message).toMatch(/Invalid oauth_verifier parameter/);
		// Still usable with the right verifier afterwards.
		const right = await accessToken(step1.oauth_token, verifier, step1.oauth_token_secret);
		expect(right.error).toBeUndefined();
		const granted = right.output()[0].json as Record<string, string>;
		issuedSecrets.push(granted.oauth_token, granted.oauth_token_secret);

		const unknown = await accessToken('UnknownRequestToken123', 'x');
		expect(unknown.error?.message).toMatch(/X answered 401: Invalid request token\./);
	});

	it('a signature made with a wrong request token secret is refused with code 32', async () => {
		const step1 = await requestToken(CALLBACK);
		const { verifier } = await approve(await authorizationUrl(step1.oauth_token));
		const result = await accessToken(step1.oauth_token, verifier, 'not-the-secret');
		expect(result.error?.message).toMatch(/X answered 401 32/);
		expect(errorText(result.error)).not.toContain('not-the-secret');
	});

	it('a user who denies access: the callback gets ?denied= and the token cannot be exchanged', async () => {
		env.emulator.control.setOAuthFlow({ deny: true });
		const step1 = await requestToken(CALLBACK);
		const response = await fetch(await authorizationUrl(step1.oauth_token), { redirect: 'manual' });
		expect(response.status).toBe(302);
		expect(new URL(String(response.headers.get('location'))).searchParams.get('denied')).toBe(step1.oauth_token);
		const result = await accessToken(step1.oauth_token, 'anything', step1.oauth_token_secret);
		expect(result.error?.message).toMatch(/the user denied access/);
	});

	it('a callback the App has not registered is refused by X (403 code 415)', async () => {
		env.emulator.control.setOAuthFlow({ allowedCallbacks: ['https://app.example.com/registered'] });
		const result = await oauth1('requestToken', { oauthCallback: CALLBACK });
		expect(result.error?.message).toMatch(/X answered 403 415: Callback URL not approved/);
		expect((await oauth1('requestToken', { oauthCallback: 'https://app.example.com/registered' })).error).toBeUndefined();
		expect((await oauth1('requestToken', { oauthCallback: 'oob' })).error).toBeUndefined();
	});

	it('bad input is refused before sending', async () => {
		const badCallback = await oauth1('requestToken', { oauthCallback: 'not a url' });
		expect(badCallback.error?.message).toMatch(/^Item 0: Callback URL \(oauth_callback\) must be a URL or oob/);
		const badToken = await oauth1('accessToken', { oauthToken: 'has space', oauthVerifier: '1234567' });
		expect(badToken.error?.message).toMatch(/^Item 0: Request Token \(oauth_token\)/);
		const half = await oauth1('invalidateToken', { additionalFields: { accessToken: 'only-the-token' } });
		expect(half.error?.message).toMatch(/go together: give both or neither/);
		expect(env.emulator.control.requests()).toHaveLength(0);
	});

	it('Invalidate Access Token without fields revokes the credential\'s own token', async () => {
		const step1 = await requestToken('oob');
		const pin = /<code id="oauth_pin">(\d{7})<\/code>/.exec(await (await fetch(await authorizationUrl(step1.oauth_token))).text())![1];
		const granted = (await accessToken(step1.oauth_token, pin)).output()[0].json as Record<string, string>;
		issuedSecrets.push(granted.oauth_token, granted.oauth_token_secret);

		const saved = env.harness.credentialData('xOAuth1Api');
		env.harness.setCredentialData('xOAuth1Api', { ...saved, accessToken: granted.oauth_token, accessTokenSecret: granted.oauth_token_secret });
		try {
			const result = await oauth1('invalidateToken');
			expect(result.error).toBeUndefined();
			expect(result.output()[0].json).toEqual({ access_token: granted.oauth_token });
			const again = await oauth1('invalidateToken');
			expect(again.error?.message).toMatch(/X answered 401 89/);
		} finally {
			env.harness.setCredentialData('xOAuth1Api', saved);
		}
		expect(env.emulator.control.stats().accessTokenInvalidations).toBe(1);
	});
});

describe('bearer token', () => {
	const bearer = (operation: string, fields: IDataObject = {}) => env.oauth({ resource: 'bearerToken', operation, ...fields });
	const webhooksWith = (token: string) =>
		fetch(`${env.emulator.urls.api}/2/webhooks`, { headers: { authorization: `Bearer ${token}` } });

	it('Issue returns the same token twice; Invalidate revokes it; the old one is refused; a new one is issued', async () => {
		const first = await bearer('issue');
		expect(first.error).toBeUndefined();
		const token = String(first.output()[0].json.access_token);
		issuedSecrets.push(token);
		expect(first.output()[0].json).toEqual({ token_type: 'bearer', access_token: token });
		const second = await bearer('issue');
		expect(second.output()[0].json.access_token).toBe(token);
		expect(env.emulator.control.stats()).toMatchObject({ bearerTokenRequests: 2, bearerTokensIssued: 1 });
		expect((await webhooksWith(token)).status).toBe(200);

		const invalidated = await bearer('invalidate', { additionalFields: { accessToken: token } });
		expect(invalidated.error).toBeUndefined();
		expect(invalidated.output()[0].json).toEqual({ access_token: token });
		expect((await webhooksWith(token)).status).toBe(401);

		const next = await bearer('issue');
		const newToken = String(next.output()[0].json.access_token);
		issuedSecrets.push(newToken);
		expect(newToken).not.toBe(token);
		expect((await webhooksWith(newToken)).status).toBe(200);
	});

	it('Invalidate without a token revokes the one the credential holds; the credential gets a new one on its next use', async () => {
		const list = await env.webhooks({ resource: 'webhook', operation: 'getAll' });
		expect(list.error).toBeUndefined();
		const held = String(env.harness.credentialData('xAppOnlyApi').accessToken);
		expect(held).toBeTruthy();

		const invalidated = await bearer('invalidate');
		expect(invalidated.error).toBeUndefined();
		expect(invalidated.output()[0].json).toEqual({ access_token: held });
		expect((await webhooksWith(held)).status).toBe(401);

		const after = await env.webhooks({ resource: 'webhook', operation: 'getAll' });
		expect(after.error).toBeUndefined();
		const renewed = String(env.harness.credentialData('xAppOnlyApi').accessToken);
		expect(renewed).not.toBe(held);
		expect((await webhooksWith(renewed)).status).toBe(200);
	});

	it('Invalidate with a pasted bearer token and an empty hidden token uses the pasted one', async () => {
		const issued = String((await bearer('issue')).output()[0].json.access_token);
		const saved = env.harness.credentialData('xAppOnlyApi');
		env.harness.setCredentialData('xAppOnlyApi', { ...saved, bearerToken: issued, accessToken: '' });
		try {
			const result = await bearer('invalidate');
			expect(result.error).toBeUndefined();
			expect(result.output()[0].json).toEqual({ access_token: issued });
		} finally {
			env.harness.setCredentialData('xAppOnlyApi', saved);
		}
	});

	it('Invalidate of a token that is not outstanding fails with X\'s code 99, not called "too often", without the token or the secret', async () => {
		const result = await bearer('invalidate', { additionalFields: { accessToken: 'AAAAnot-the-current-token' } });
		expect(result.error?.message).toMatch(/oauth2\/invalidate_token failed \(HTTP 403, code 99/);
		expect(result.error?.message).toMatch(/refused to invalidate this bearer token: it is not the App's current token/);
		expect(result.error?.message).not.toMatch(/too often/);
		expect(errorText(result.error)).not.toContain('AAAAnot-the-current-token');
	});

	it('Invalidate sends the token as X gave it (already percent-encoded), never encoded a second time', async () => {
		const issued = String((await bearer('issue')).output()[0].json.access_token);
		issuedSecrets.push(issued);
		expect(issued).toMatch(/%2F|%3D/);
		env.emulator.control.clearRequests();
		const result = await bearer('invalidate', { additionalFields: { accessToken: issued } });
		expect(result.error).toBeUndefined();
		const sent = env.emulator.control.requests().find((r) => r.path === '/oauth2/invalidate_token');
		expect(sent!.body).toBe(`access_token=${issued}`);
		expect(sent!.body).not.toMatch(/%25/);
		// A token pasted decoded is encoded once, to the same bytes.
		const next = String((await bearer('issue')).output()[0].json.access_token);
		issuedSecrets.push(next);
		const decoded = await bearer('invalidate', { additionalFields: { accessToken: decodeURIComponent(next) } });
		expect(decoded.error).toBeUndefined();
		expect(decoded.output()[0].json).toEqual({ access_token: next });
	});
});

describe('secrets', () => {
	it('no key, token, secret or signature appears in any error provoked above', () => {
		expect(env.provokedErrors.length).toBeGreaterThan(8);
		const secrets = [...env.secrets, ...issuedSecrets, 'oauth_signature', 'Authorization'].filter(Boolean);
		for (const error of env.provokedErrors) {
			const text = errorText(error);
			for (const secret of secrets) expect(text).not.toContain(secret);
		}
	});
});
