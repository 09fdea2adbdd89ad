/**
 * OAuth 2.0 user tokens: authorization code with PKCE and refresh tokens, as X's guides describe them
 * (https://docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code,
 * https://docs.x.com/fundamentals/authentication/oauth-2-0/user-access-token):
 *   GET  /2/oauth2/authorize?response_type=code&client_id&redirect_uri&scope&state&code_challenge&code_challenge_method
 *        approves at once for users[authorizeUserIndex] (no login form) and redirects (302) to
 *        redirect_uri?state=..&code=.. (or error=access_denied when the control says deny).
 *        On X this page is https://x.com/i/oauth2/authorize; the emulator serves it on its api base.
 *   POST /2/oauth2/token (form) grant_type=authorization_code (code, redirect_uri, code_verifier; the
 *        client by Basic client_id:client_secret, or client_id in the body for a public client) or
 *        grant_type=refresh_token (refresh_token; refresh tokens rotate)
 *        -> {token_type:"bearer", expires_in:7200, access_token, scope, refresh_token? (offline.access)}
 *   POST /2/oauth2/revoke (form) token
 * Codes live 30 seconds; access tokens two hours. The tokens work as "Bearer" on the /2 operations
 * whose security lists OAuth2UserToken, with the scopes listed there (test/reference/openapi.ts).
 * These pages are not in openapi.json.
 */
import { createHash, randomBytes } from 'node:crypto';

import { firstParam, type EmulatorResponse, type RequestContext } from '../http';
import { percentDecode } from '../oauth1';
import type { Router } from '../router';
import type { Store } from '../store';
import { platformState, type OAuth2Token } from '../state/platform';

export const CODE_TTL_MS = 30_000;

/** The scopes X's authorization-code guide lists, and broadcast.read. */
export const OAUTH2_SCOPES = [
	'tweet.read', 'tweet.write', 'tweet.moderate.write', 'users.email', 'users.read', 'follows.read', 'follows.write', 'offline.access',
	'space.read', 'mute.read', 'mute.write', 'like.read', 'like.write', 'list.read', 'list.write', 'block.read', 'block.write',
	'bookmark.read', 'bookmark.write', 'dm.read', 'dm.write', 'media.write',
	// Not in that guide's table, but in openapi.json's security of /2/broadcasts and in the activity guide (broadcast.chat).
	'broadcast.read',
];

const token = () => randomBytes(36).toString('base64url');

function oauthError(status: number, error: string, description: string): EmulatorResponse {
	return { status, body: { error, error_description: description } };
}

function queryParam(ctx: RequestContext, name: string): string | undefined {
	return firstParam(ctx.query, name);
}

function authorize(ctx: RequestContext): EmulatorResponse {
	const o = platformState(ctx.store).oauth2;
	const redirectUri = queryParam(ctx, 'redirect_uri');
	const state = queryParam(ctx, 'state') ?? '';
	const bad = (why: string): EmulatorResponse => ({ status: 400, rawBody: `<!doctype html><title>X / Error</title><h1>Something went wrong</h1><p>${why}</p>`, headers: { 'content-type': 'text/html; charset=utf-8' } });
	if (queryParam(ctx, 'response_type') !== 'code') return bad('response_type must be code.');
	if (queryParam(ctx, 'client_id') !== o.client.clientId) return bad('Unknown client_id.');
	if (!redirectUri || !/^https?:\/\//i.test(redirectUri)) return bad('redirect_uri must be the App\'s callback URL.');
	if (state.length > 500) return bad('state may be at most 500 characters.');
	const challenge = queryParam(ctx, 'code_challenge');
	const method = queryParam(ctx, 'code_challenge_method') ?? 'plain';
	if (!challenge || (method !== 'S256' && method !== 'plain')) return bad('code_challenge and code_challenge_method (S256 or plain) are required.');
	const scopes = (queryParam(ctx, 'scope') ?? '').split(/[ +]/).filter(Boolean);
	const unknown = scopes.filter((s) => !OAUTH2_SCOPES.includes(s));
	if (!scopes.length || unknown.length) return bad(`Unknown or missing scopes: ${unknown.join(' ') || '(none)'}.`);
	const target = new URL(redirectUri);
	if (o.settings.deny) {
		target.searchParams.set('error', 'access_denied');
		target.searchParams.set('state', state);
	} else {
		const user = ctx.store.users[o.settings.authorizeUserIndex] ?? ctx.store.users[0];
		const code = token();
		o.codes.set(code, { code, clientId: o.client.clientId, redirectUri, challenge, method, scopes, userId: user.userId, expiresAt: ctx.now + CODE_TTL_MS, used: false });
		target.searchParams.set('state', state);
		target.searchParams.set('code', code);
	}
	return { status: 302, rawBody: '', headers: { location: target.toString(), 'content-type': 'text/html; charset=utf-8' } };
}

/** The client of a token request: Basic client_id:client_secret, or a public client's client_id; null when refused. */
function client(ctx: RequestContext): string | null | 'secret-in-body' {
	const o = platformState(ctx.store).oauth2;
	if (firstParam(ctx.form, 'client_secret') !== undefined) return 'secret-in-body';
	const header = String(ctx.headers.authorization ?? '');
	const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
	if (basic) {
		const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		const id = percentDecode(decoded.slice(0, colon));
		const secret = percentDecode(decoded.slice(colon + 1));
		return id === o.client.clientId && secret === o.client.clientSecret ? id : null;
	}
	return firstParam(ctx.form, 'client_id') === o.client.clientId ? o.client.clientId : null;
}

function issue(store: Store, now: number, userId: string, scopes: string[], clientId: string) {
	const o = platformState(store).oauth2;
	const access: OAuth2Token = { token: token(), kind: 'access', userId, scopes, clientId, expiresAt: now + o.settings.accessTokenTtlMs, revoked: false };
	o.tokens.set(access.token, access);
	let refresh: OAuth2Token | undefined;
	if (scopes.includes('offline.access')) {
		refresh = { token: token(), kind: 'refresh', userId, scopes, clientId, expiresAt: Number.MAX_SAFE_INTEGER, revoked: false };
		o.tokens.set(refresh.token, refresh);
	}
	return {
		token_type: 'bearer',
		expires_in: Math.round(o.settings.accessTokenTtlMs / 1000),
		access_token: access.token,
		scope: scopes.join(' '),
		...(refresh ? { refresh_token: refresh.token } : {}),
	};
}

function tokenEndpoint(ctx: RequestContext): EmulatorResponse {
	if (!ctx.form) return oauthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
	const clientId = client(ctx);
	if (clientId === 'secret-in-body') return oauthError(401, 'invalid_client', 'Send the client secret in the Authorization header (Basic), not in the body.');
	if (!clientId) return oauthError(401, 'invalid_client', 'Unknown client, or wrong client secret.');
	const o = platformState(ctx.store).oauth2;
	const grant = firstParam(ctx.form, 'grant_type');
	if (grant === 'authorization_code') {
		const code = o.codes.get(firstParam(ctx.form, 'code') ?? '');
		if (!code || code.used || code.expiresAt < ctx.now) return oauthError(400, 'invalid_request', 'Value passed for the authorization code was invalid.');
		if (firstParam(ctx.form, 'redirect_uri') !== code.redirectUri) return oauthError(400, 'invalid_request', 'redirect_uri does not match the one of the authorize request.');
		const verifier = firstParam(ctx.form, 'code_verifier') ?? '';
		const expected = code.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
		if (!verifier || expected !== code.challenge) return oauthError(400, 'invalid_request', 'The code_verifier does not match the code_challenge.');
		code.used = true;
		return { status: 200, body: issue(ctx.store, ctx.now, code.userId, code.scopes, clientId) };
	}
	if (grant === 'refresh_token') {
		const refresh = o.tokens.get(firstParam(ctx.form, 'refresh_token') ?? '');
		if (!refresh || refresh.kind !== 'refresh' || refresh.revoked || refresh.clientId !== clientId) return oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');
		refresh.revoked = true; // refresh tokens rotate
		return { status: 200, body: issue(ctx.store, ctx.now, refresh.userId, refresh.scopes, clientId) };
	}
	return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
}

function revoke(ctx: RequestContext): EmulatorResponse {
	const clientId = client(ctx);
	if (!clientId || clientId === 'secret-in-body') return oauthError(401, 'invalid_client', 'Unknown client, or wrong client secret.');
	const t = platformState(ctx.store).oauth2.tokens.get(firstParam(ctx.form, 'token') ?? '');
	if (t) t.revoked = true;
	return { status: 200, body: { revoked: true } };
}

/** A user token issued directly (tests that do not run the browser flow). */
export function issueOAuth2Token(store: Store, userIndex: number, scopes: string[], now: number) {
	const user = store.users[userIndex];
	if (!user) throw new Error(`no user at index ${userIndex}`);
	return issue(store, now, user.userId, scopes, platformState(store).oauth2.client.clientId);
}

export function registerOAuth2Routes(router: Router): void {
	router.api('GET', '/2/oauth2/authorize', authorize, 'none');
	router.api('POST', '/2/oauth2/token', tokenEndpoint, 'none');
	router.api('POST', '/2/oauth2/revoke', revoke, 'none');
}
