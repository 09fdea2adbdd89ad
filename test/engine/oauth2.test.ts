/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The X User OAuth2 credential: the emulator's authorization code with PKCE (what n8n's Connect
 * button drives), and n8n-core's own OAuth 2.0 handling of the credential in a node run: the user
 * token signs /2 user-context requests, and an expired one is refreshed once with the refresh token
 * (rotated, saved back into the credential).
 */
import { createHash, randomBytes } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { X_OAUTH2_DEFAULT_SCOPES } from '../../credentials/XOAuth2Api.credentials';
import type { ConnectRecorder } from '../hostile/connectRecorder';
import { startConnectRecorder } from '../hostile/connectRecorder';
import type { HostileServer } from '../hostile/server';
import { startHostile } from '../hostile/server';
import { engineSuite } from './env';

const env = engineSuite();

describe('X User OAuth2: authorization code with PKCE at the emulator', () => {
	it('approves at once, exchanges the code with the verifier and Basic client credentials, refreshes with rotation', async () => {
		const { clientId, clientSecret } = env.emulator.control.oauth2Client();
		const verifier = randomBytes(32).toString('base64url');
		const challenge = createHash('sha256').update(verifier).digest('base64url');
		const authorize = new URL(`${env.emulator.urls.api}/2/oauth2/authorize`);
		for (const [k, v] of Object.entries({ response_type: 'code', client_id: clientId, redirect_uri: 'http://127.0.0.1:5678/rest/oauth2-credential/callback', scope: X_OAUTH2_DEFAULT_SCOPES, state: 's1', code_challenge: challenge, code_challenge_method: 'S256' })) authorize.searchParams.set(k, v);
		const page = await fetch(authorize, { redirect: 'manual' });
		expect(page.status).toBe(302);
		const back = new URL(page.headers.get('location')!);
		expect(back.searchParams.get('state')).toBe('s1');
		const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
		const token = (form: Record<string, string>, auth = basic) =>
			fetch(`${env.emulator.urls.api}/2/oauth2/token`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
		const code = back.searchParams.get('code')!;
		expect((await token({ grant_type: 'authorization_code', code, redirect_uri: back.origin + back.pathname, code_verifier: 'wrong' })).status).toBe(400);
		const ok = await token({ grant_type: 'authorization_code', code, redirect_uri: back.origin + back.pathname, code_verifier: verifier });
		const issued = (await ok.json()) as { access_token: string; refresh_token: string; scope: string; token_type: string };
		expect(issued).toMatchObject({ token_type: 'bearer', scope: X_OAUTH2_DEFAULT_SCOPES, refresh_token: expect.any(String) });
		// A code works once; the secret in the body is refused as X refuses client_secret_post.
		expect((await token({ grant_type: 'authorization_code', code, redirect_uri: back.origin + back.pathname, code_verifier: verifier })).status).toBe(400);
		expect((await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_secret: clientSecret }, '')).status).toBe(401);
		const refreshed = (await (await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token })).json()) as { refresh_token: string };
		expect(refreshed.refresh_token).not.toBe(issued.refresh_token);
		expect((await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token })).status).toBe(400);
		const me = await fetch(`${env.emulator.urls.api}/2/users/me`, { headers: { authorization: `Bearer ${issued.access_token}` } });
		expect(((await me.json()) as { data: { id: string } }).data.id).toBe(env.emulator.users[0].userId);
	});
});

describe('X User OAuth2 in a node run (n8n-core requestOAuth2)', () => {
	it('signs user-context requests with the user token; an expired token is refreshed once and saved', async () => {
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
		const webhookId = '1600000000000000003';
		(env.emulator.control.state().webhooks as unknown as Array<Record<string, unknown>>).push({ id: webhookId, url: 'https://example.com/dm', valid: true, created_at: new Date().toISOString() });
		const before = env.harness.credentialData('xOAuth2Api').oauthTokenData as { access_token: string; refresh_token: string };
		// Tokens of this test expire at once: the first request gets 401 and n8n refreshes.
		env.emulator.control.setOAuth2({ accessTokenTtlMs: 0 });
		env.connectOAuth2();
		const stale = env.harness.credentialData('xOAuth2Api').oauthTokenData as { access_token: string };
		env.emulator.control.setOAuth2({ accessTokenTtlMs: 3_600_000 });
		const result = await env.webhooks({ resource: 'accountActivity', operation: 'subscribe', webhookId }, [{}], { userContext: 'oauth2' });
		expect(result.error).toBeUndefined();
		expect(result.output()[0].json).toEqual({ webhook_id: webhookId, subscribed: true });
		const calls = env.emulator.control.requests().filter((r) => r.path.startsWith('/2/account_activity') || r.path === '/2/oauth2/token');
		expect(calls.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /2/account_activity/webhooks/${webhookId}/subscriptions/all 401`,
			'POST /2/oauth2/token 200',
			`POST /2/account_activity/webhooks/${webhookId}/subscriptions/all 200`,
		]);
		const after = env.harness.credentialData('xOAuth2Api').oauthTokenData as { access_token: string };
		expect(after.access_token).not.toBe(stale.access_token);
		expect(after.access_token).not.toBe(before.access_token);
	});
});

describe('X User OAuth2: the tokens stay at X (issue 24, break 10)', () => {
	let upstream: HostileServer;
	let thief: HostileServer;
	let proxy: ConnectRecorder;
	let saved: IDataObject;
	const proxyEnv = ['HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'].map((k) => [k, process.env[k]] as const);
	beforeAll(async () => {
		upstream = await startHostile();
		thief = await startHostile({ host: '127.0.0.2' });
		proxy = await startConnectRecorder();
	});
	afterAll(async () => Promise.all([upstream.close(), thief.close(), proxy.close()]));
	beforeEach(() => {
		saved = env.harness.credentialData('xOAuth2Api');
		// n8n's requests to https hosts go to a proxy that records them and connects nowhere.
		for (const [k] of proxyEnv) delete process.env[k];
		process.env.HTTPS_PROXY = proxy.url;
		proxy.targets.length = 0;
		upstream.clear();
		thief.clear();
	});
	afterEach(() => {
		env.harness.setCredentialData('xOAuth2Api', saved);
		env.harness.credentialsHelper.keepStoredHiddenOAuthFields = false;
		for (const [k, v] of proxyEnv) if (v === undefined) delete process.env[k];
		else process.env[k] = v;
	});

	/** A credential saved when its URLs were editable: the token URL answers 307 to another loopback host; its access token has expired. */
	const legacyCredential = () => {
		env.emulator.control.setOAuth2({ accessTokenTtlMs: 0 });
		env.connectOAuth2();
		env.emulator.control.setOAuth2({ accessTokenTtlMs: 3_600_000 });
		const { oauthServer: _, customAuthUrl: __, customAccessTokenUrl: ___, ...rest } = env.harness.credentialData('xOAuth2Api');
		const tokenUrl = `${upstream.url}/redirect/307/${thief.host}/ok/2/oauth2/token`;
		env.harness.setCredentialData('xOAuth2Api', { ...rest, authUrl: `${upstream.url}/redirect/302/${thief.host}/authorize`, accessTokenUrl: tokenUrl });
		return (env.harness.credentialData('xOAuth2Api').oauthTokenData as { refresh_token: string }).refresh_token;
	};
	const subscribe = () => {
		const webhookId = '1600000000000000003';
		(env.emulator.control.state().webhooks as unknown as Array<Record<string, unknown>>).push({ id: webhookId, url: 'https://example.com/dm', valid: true, created_at: new Date().toISOString() });
		return env.webhooks({ resource: 'accountActivity', operation: 'subscribe', webhookId }, [{}], { userContext: 'oauth2' });
	};

	it('OAuth Server X: a stored token URL that redirects elsewhere is not used; n8n refreshes at X\'s token URL only, the other host gets nothing', async () => {
		const refreshToken = legacyCredential();
		const result = await subscribe();
		// The 401 made n8n refresh, at https://api.x.com (here the proxy, which refuses).
		expect(thief.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([]);
		expect(upstream.requests).toEqual([]);
		expect(result.error).toBeDefined();
		expect(proxy.targets).toEqual(['api.x.com:443']);
		expect(JSON.stringify(env.harness.credentialData('xOAuth2Api'))).not.toContain('HOSTILE-ISSUED');
		expect((env.harness.credentialData('xOAuth2Api').oauthTokenData as { refresh_token: string }).refresh_token).toBe(refreshToken);
		const resolved = await env.harness.credentialsHelper.getDecrypted({} as never, { id: 'xOAuth2Api', name: 'xOAuth2Api' }, 'xOAuth2Api', 'manual');
		expect([resolved.authUrl, resolved.accessTokenUrl]).toEqual(['https://x.com/i/oauth2/authorize', 'https://api.x.com/2/oauth2/token']);
	});

	it('n8n 1.x (a stored hidden URL still wins): the node refuses the credential before any request, so n8n never refreshes there', async () => {
		env.harness.credentialsHelper.keepStoredHiddenOAuthFields = true;
		legacyCredential();
		const result = await subscribe();
		expect(result.error?.message).toBe(`The X User OAuth2 credential would send its refresh token to ${upstream.host}, not to X`);
		expect(env.emulator.control.requests().filter((r) => r.path.startsWith('/2/'))).toEqual([]);
		expect([upstream.requests, thief.requests, proxy.targets]).toEqual([[], [], []]);
	});

	describe('attack run (issue 24): a stored token URL in odd forms, under n8n 1.x (the stored URL wins)', () => {
		const storedTokenUrl = (url: string) => {
			env.harness.credentialsHelper.keepStoredHiddenOAuthFields = true;
			legacyCredential();
			env.harness.setCredentialData('xOAuth2Api', { ...env.harness.credentialData('xOAuth2Api'), accessTokenUrl: url });
		};
		it.each([
			['a user name before the host', () => `https://api.x.com@${thief.host}/2/oauth2/token`, () => thief.host],
			['a trailing dot', () => 'https://api.x.com./2/oauth2/token', () => 'api.x.com.'],
			['X\'s host as a subdomain', () => 'https://api.x.com.evil.test/2/oauth2/token', () => 'api.x.com.evil.test'],
			['another scheme', () => 'http://api.x.com/2/oauth2/token', () => 'api.x.com'],
		])('%s: refused before any request, naming the host', async (_, url, host) => {
			storedTokenUrl(url());
			const result = await subscribe();
			expect(result.error?.message).toBe(`The X User OAuth2 credential would send its refresh token to ${host()}, not to X`);
			expect([upstream.requests, thief.requests, proxy.targets]).toEqual([[], [], []]);
		});

		it("X's own token URL written another way (upper case, port 443) is X's: refreshed there, not refused as another host", async () => {
			storedTokenUrl('https://API.X.COM:443/2/oauth2/token');
			const result = await subscribe();
			// Before: "would send its refresh token to api.x.com, not to X".
			expect(result.error?.message).not.toMatch(/would send its refresh token/);
			expect(proxy.targets).toEqual(['api.x.com:443']);
			expect([upstream.requests, thief.requests]).toEqual([[], []]);
		});
	});

	it('an API answer that is a 308 redirect to another host: not followed, the bearer token stays', async () => {
		env.harness.setCredentialData('xOAuth2Api', { ...env.harness.credentialData('xOAuth2Api'), apiBaseUrl: `${upstream.url}/redirect/308/${thief.host}` });
		const result = await subscribe();
		expect(result.error?.message).toMatch(new RegExp(`^X answered 308, a redirect to ${thief.host.replace(/\./g, '\\.')}: not followed`));
		expect(thief.requests).toEqual([]);
	});

	it('OAuth Server Custom is the explicit override (a proxy, the emulator): its URLs are used as given', async () => {
		const resolved = await env.harness.credentialsHelper.getDecrypted({} as never, { id: 'xOAuth2Api', name: 'xOAuth2Api' }, 'xOAuth2Api', 'manual');
		expect([resolved.authUrl, resolved.accessTokenUrl]).toEqual([`${env.emulator.urls.api}/2/oauth2/authorize`, `${env.emulator.urls.api}/2/oauth2/token`]);
	});
});
