/**
 * Token endpoints on {base_url}: the three-legged OAuth 1.0a flow (request token, authorize /
 * authenticate page, access token), access token revocation, and app-only bearer tokens (issue,
 * revoke).
 *
 * Three-legged flow, as the emulator plays it:
 * - POST /oauth/request_token: signed by the app without a token; oauth_callback (a URL or "oob")
 *   is an oauth_* parameter of the Authorization header; x_auth_access_type read|write may come in
 *   the query or the form body. Answers form-encoded oauth_token, oauth_token_secret,
 *   oauth_callback_confirmed=true.
 * - GET /oauth/authorize and /oauth/authenticate?oauth_token=...: the page approves at once for
 *   users[authorizeUserIndex] (or the user named by screen_name); a callback flow gets a 302 to
 *   callback?oauth_token=..&oauth_verifier=.., oob gets an HTML page with a 7-digit PIN.
 * - POST /oauth/access_token: signed by the app with oauth_token = the request token (header,
 *   query or form) and oauth_verifier (query, form or header). The signing key is
 *   consumer secret & request token secret; an empty token secret is accepted too, as many
 *   clients sign this step without it. One use per request token. Answers form-encoded
 *   oauth_token, oauth_token_secret, user_id, screen_name of a new access token, plus the header
 *   x-access-level (read or read-write).
 * Errors of the flow's own steps are plain text with HTTP 401, as X's are ("Invalid request
 * token.", "Error processing your OAuth request: Invalid oauth_verifier parameter"); signature
 * problems are the usual JSON 401 code 32.
 */
import { TIMESTAMP_TOLERANCE_SECONDS, hasAppBasicAuth, requestPathOf, verifyOAuth1 } from '../auth';
import { authErrors, firstParam, legacyError, ok, type EmulatorResponse, type RequestContext } from '../http';
import {
	collectSignatureParams,
	hmacSha1,
	isFormContentType,
	normalizeBaseUrl,
	parseAuthorizationHeader,
	percentDecode,
	percentEncode,
	signatureBaseString,
	signaturesEqual,
} from '../oauth1';
import type { Router } from '../router';
import { newTokenPair, type Store, type UserRecord } from '../store';
import { randomString } from '../util';
import { oauthFlowState, REQUEST_TOKEN_TTL_MS, type AccessType, type RequestTokenRecord } from '../state/oauthFlow';

/** X's 403 code 99 (application-only guide): wrong app credentials, a token requested too often, or an incorrect or revoked token to invalidate. */
const CREDENTIALS_ERROR = () => legacyError(403, 99, 'Unable to verify your credentials');

/** Looks like X's tokens, including percent-encoded characters that clients must send verbatim. */
function newBearerToken(): string {
	return `AAAAAAAAAAAAAAAAAAAAA${randomString(22)}%2F${randomString(18)}%3D${randomString(50)}`;
}

/** Revokes the outstanding bearer token (control operation and oauth2/invalidate_token). */
export function revokeBearer(store: Store): string | null {
	const token = store.bearer.current;
	if (token) {
		store.bearer.revoked.add(token);
		store.bearer.current = null;
		store.stats.bearerTokenInvalidations++;
	}
	return token;
}

function bearerToken(ctx: RequestContext) {
	const { store } = ctx;
	store.stats.bearerTokenRequests++;
	if (!hasAppBasicAuth(ctx)) throw CREDENTIALS_ERROR();

	// "Too frequent": more than `limit` requests with valid credentials inside the window.
	const windowStart = ctx.now - store.bearer.limit.windowSeconds * 1000;
	store.bearer.recentRequests = store.bearer.recentRequests.filter((t) => t > windowStart);
	store.bearer.recentRequests.push(ctx.now);
	if (store.bearer.recentRequests.length > store.bearer.limit.limit) throw CREDENTIALS_ERROR();

	const form = isFormContentType(ctx.headers['content-type']) ? ctx.form : null;
	const grantType = firstParam(form, 'grant_type') ?? firstParam(ctx.query, 'grant_type');
	if (grantType === undefined) throw legacyError(403, 170, 'Missing required parameter: grant_type');
	if (grantType !== 'client_credentials') throw legacyError(400, 170, 'grant_type must be client_credentials');

	// One outstanding token per app: repeated requests get the same token.
	if (!store.bearer.current) {
		store.bearer.current = newBearerToken();
		store.stats.bearerTokensIssued++;
	}
	return ok({ token_type: 'bearer', access_token: store.bearer.current });
}

function invalidateBearerToken(ctx: RequestContext) {
	const { store } = ctx;
	// Client credentials: HTTP Basic, or an OAuth 1.0a request signed by the app.
	if (!hasAppBasicAuth(ctx)) {
		const scheme = String(ctx.headers.authorization ?? '').split(' ')[0].toLowerCase();
		if (scheme !== 'oauth') throw CREDENTIALS_ERROR();
		verifyOAuth1(ctx, false);
	}
	// X hands the token out percent-encoded (AAAA%2FAAA%3D...) and its guides send it back as it
	// came, in the form body or the query: decoded once, that is the token itself (AAAA/AAA=...).
	// Encoded a second time (AAAA%252F...), it decodes to another string, which X refuses.
	const presented = firstParam(ctx.form, 'access_token') ?? firstParam(ctx.query, 'access_token');
	const current = store.bearer.current;
	if (!current || presented === undefined || presented !== percentDecode(current)) {
		// application-only guide: invalidating an incorrect or revoked token is 403 code 99.
		throw CREDENTIALS_ERROR();
	}
	revokeBearer(store);
	return ok({ access_token: current });
}

function invalidateAccessToken(ctx: RequestContext) {
	// Route auth (oauth1-user) already verified the signature made with this token.
	const record = ctx.accessToken!;
	record.invalidated = true;
	ctx.store.stats.accessTokenInvalidations++;
	return ok({ access_token: record.token });
}

// ---- Three-legged OAuth 1.0a -------------------------------------------------------------------

const HTML = { 'content-type': 'text/html; charset=utf-8' };

/** Form-encoded answer of the token steps. */
function formAnswer(pairs: Array<[string, string]>, headers: Record<string, string> = {}): EmulatorResponse {
	return {
		status: 200,
		rawBody: pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'),
		headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
	};
}

/** X answers the token steps' own failures in plain text. */
function textError(status: number, text: string): EmulatorResponse {
	return { status, rawBody: text, headers: { 'content-type': 'text/plain; charset=utf-8' } };
}

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(status: number, title: string, body: string, headers: Record<string, string> = {}): EmulatorResponse {
	return {
		status,
		rawBody: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`,
		headers: { ...HTML, ...headers },
	};
}

function formOf(ctx: RequestContext) {
	return isFormContentType(ctx.headers['content-type']) ? ctx.form : null;
}

/** A parameter from the query or the form body. */
function queryOrForm(ctx: RequestContext, name: string): string | undefined {
	return firstParam(ctx.query, name) ?? firstParam(formOf(ctx), name);
}

function isHttpUrl(text: string): boolean {
	try {
		const u = new URL(text);
		return u.protocol === 'https:' || u.protocol === 'http:';
	} catch {
		return false;
	}
}

function expired(ctx: RequestContext, record: RequestTokenRecord): boolean {
	return ctx.now - record.createdAt > REQUEST_TOKEN_TTL_MS;
}

function requestToken(ctx: RequestContext): EmulatorResponse {
	// Route auth (oauth1-app) verified the app's signature; this step is signed without a token.
	if (ctx.accessToken) throw authErrors.couldNotAuthenticate();
	const header = parseAuthorizationHeader(String(ctx.headers.authorization ?? ''))!;
	const callback = header.params.oauth_callback;
	if (!callback) throw legacyError(400, 215, 'Bad Authentication data: oauth_callback is required in the Authorization header (a callback URL or oob).');
	if (callback !== 'oob' && !isHttpUrl(callback)) throw legacyError(400, 215, 'Bad Authentication data: oauth_callback must be a URL or oob.');
	const flow = oauthFlowState(ctx.store);
	if (callback !== 'oob' && flow.settings.allowedCallbacks && !flow.settings.allowedCallbacks.includes(callback)) {
		throw legacyError(403, 415, 'Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings');
	}
	const accessType = queryOrForm(ctx, 'x_auth_access_type');
	if (accessType !== undefined && accessType !== 'read' && accessType !== 'write') {
		throw legacyError(400, 214, 'x_auth_access_type must be read or write.');
	}
	const record: RequestTokenRecord = {
		token: randomString(27),
		secret: randomString(32),
		callback,
		accessType: (accessType as AccessType | undefined) ?? null,
		createdAt: ctx.now,
		verifier: null,
		userId: null,
		denied: false,
		used: false,
	};
	flow.requestTokens.set(record.token, record);
	return formAnswer([
		['oauth_token', record.token],
		['oauth_token_secret', record.secret],
		['oauth_callback_confirmed', 'true'],
	]);
}

function withParams(url: string, pairs: Array<[string, string]>): string {
	const hash = url.indexOf('#');
	const base = hash === -1 ? url : url.slice(0, hash);
	const query = pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
	return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/** The approving user: the one named by screen_name, else users[authorizeUserIndex]. */
function approvingUser(ctx: RequestContext): UserRecord {
	const users = ctx.store.users;
	const screenName = firstParam(ctx.query, 'screen_name');
	const named = screenName ? users.find((u) => u.screenName.toLowerCase() === screenName.replace(/^@/, '').toLowerCase()) : undefined;
	return named ?? users[oauthFlowState(ctx.store).settings.authorizeUserIndex] ?? users[0];
}

/** GET oauth/authorize and oauth/authenticate: approves (or denies) at once, no login form. */
function authorizePage(ctx: RequestContext): EmulatorResponse {
	const token = firstParam(ctx.query, 'oauth_token');
	const flow = oauthFlowState(ctx.store);
	const record = token ? flow.requestTokens.get(token) : undefined;
	if (!record || record.used || record.denied || expired(ctx, record)) {
		return page(401, 'X / Error', '<h1>This page is no longer valid.</h1><p>The request token is invalid, expired or already used. Go back to the app and start signing in again.</p>');
	}
	if (flow.settings.deny) {
		record.denied = true;
		if (record.callback === 'oob') return page(200, 'X / Authorize an application', '<h1>You have not authorized the application.</h1>');
		const location = withParams(record.callback, [['denied', record.token]]);
		return page(302, 'Redirecting', `<a href="${escapeHtml(location)}">Return to the application</a>`, { location });
	}
	if (!record.verifier) {
		const user = approvingUser(ctx);
		record.userId = user.userId;
		record.verifier = record.callback === 'oob' ? String(Math.floor(1_000_000 + Math.random() * 9_000_000)) : randomString(32);
	}
	if (record.callback === 'oob') {
		return page(
			200,
			'X / Authorize an application',
			`<h1>You have authorized the application.</h1><p id="code-desc">Enter this PIN in the application to complete the authorization:</p><kbd aria-labelledby="code-desc"><code id="oauth_pin">${record.verifier}</code></kbd>`,
		);
	}
	const location = withParams(record.callback, [
		['oauth_token', record.token],
		['oauth_verifier', record.verifier],
	]);
	return page(302, 'Redirecting', `<a href="${escapeHtml(location)}">Return to the application</a>`, { location });
}

const REQUIRED_OAUTH = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp'];

/** POST oauth/access_token: the app's signature made with the request token (or an empty token secret). */
function accessToken(ctx: RequestContext): EmulatorResponse {
	const { store } = ctx;
	const header = parseAuthorizationHeader(String(ctx.headers.authorization ?? ''));
	if (!header) throw authErrors.couldNotAuthenticate();
	const p = header.params;
	for (const name of REQUIRED_OAUTH) if (!p[name]) throw authErrors.couldNotAuthenticate();
	if (p.oauth_signature_method !== 'HMAC-SHA1') throw authErrors.couldNotAuthenticate();
	if (p.oauth_version !== undefined && p.oauth_version !== '1.0') throw authErrors.couldNotAuthenticate();
	if (p.oauth_consumer_key !== store.app.consumerKey) throw authErrors.couldNotAuthenticate();
	if (!/^\d+$/.test(p.oauth_timestamp)) throw authErrors.couldNotAuthenticate();
	if (Math.abs(Number(p.oauth_timestamp) - ctx.now / 1000) > TIMESTAMP_TOLERANCE_SECONDS) throw authErrors.timestamp();

	const presented = [p.oauth_token, firstParam(ctx.query, 'oauth_token'), firstParam(formOf(ctx), 'oauth_token')].filter(
		(t): t is string => t !== undefined,
	);
	if (presented.length === 0) return textError(401, 'Required oauth_token parameter not provided');
	if (new Set(presented).size > 1) return textError(401, 'Invalid request token: oauth_token differs between the header and the parameters.');
	const flow = oauthFlowState(store);
	const record = flow.requestTokens.get(presented[0]);

	const params = collectSignatureParams(ctx.rawQuery, ctx.rawBody, ctx.headers['content-type'], p);
	if (!params) throw authErrors.couldNotAuthenticate();
	const baseString = signatureBaseString(ctx.method, normalizeBaseUrl('http', ctx.headers.host ?? '', requestPathOf(ctx)), params);
	const tokenSecrets = record ? [record.secret, ''] : [''];
	if (!tokenSecrets.some((secret) => signaturesEqual(hmacSha1(baseString, store.app.consumerSecret, secret), p.oauth_signature))) {
		throw authErrors.couldNotAuthenticate();
	}

	if (!record || expired(ctx, record)) return textError(401, 'Invalid request token.');
	if (record.used) return textError(401, 'Invalid request token: it has already been exchanged for an access token.');
	if (record.denied) return textError(401, 'Invalid request token: the user denied access.');
	const verifier = p.oauth_verifier ?? queryOrForm(ctx, 'oauth_verifier');
	if (!verifier) return textError(401, 'Required oauth_verifier parameter not provided');
	if (!record.verifier || verifier !== record.verifier) {
		return textError(401, 'Error processing your OAuth request: Invalid oauth_verifier parameter');
	}
	const user = store.users.find((u) => u.userId === record.userId);
	if (!user) return textError(401, 'Invalid request token.');
	record.used = true;
	const pair = newTokenPair(user.userId);
	store.accessTokens.set(pair.accessToken, { token: pair.accessToken, secret: pair.accessTokenSecret, userId: user.userId, invalidated: false });
	flow.issued.push({ token: pair.accessToken, userId: user.userId, accessType: record.accessType, requestToken: record.token, issuedAt: ctx.now });
	return formAnswer(
		[
			['oauth_token', pair.accessToken],
			['oauth_token_secret', pair.accessTokenSecret],
			['user_id', user.userId],
			['screen_name', user.screenName],
		],
		{ 'x-access-level': record.accessType === 'read' ? 'read' : 'read-write' },
	);
}

export function registerOAuthRoutes(router: Router): void {
	router.api('POST', '/oauth/request_token', requestToken, 'oauth1-app');
	router.api('GET', '/oauth/authorize', authorizePage, 'none');
	router.api('GET', '/oauth/authenticate', authorizePage, 'none');
	router.api('POST', '/oauth/access_token', accessToken, 'none');
	router.api('POST', '/oauth2/token', bearerToken, 'none');
	router.api('POST', '/oauth2/invalidate_token', invalidateBearerToken, 'none');
	router.api('POST', '/1.1/oauth/invalidate_token', invalidateAccessToken, 'oauth1-user');
	router.api('POST', '/1.1/oauth/invalidate_token.json', invalidateAccessToken, 'oauth1-user');
}
