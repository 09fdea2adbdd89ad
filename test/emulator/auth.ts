/** Request authentication: OAuth 1.0a (user or app), app-only bearer, and HTTP Basic app credentials. */
import { authErrors, type RequestContext } from './http';
import {
	collectSignatureParams,
	hmacSha1,
	normalizeBaseUrl,
	parseAuthorizationHeader,
	percentDecode,
	signatureBaseString,
	signaturesEqual,
} from './oauth1';
import type { AccessTokenRecord, UserRecord } from './store';

/** X refuses timestamps further than this from its clock. */
export const TIMESTAMP_TOLERANCE_SECONDS = 15 * 60;

const REQUIRED = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp'];

export interface OAuth1Identity {
	user: UserRecord;
	token: AccessTokenRecord;
}

/**
 * Verifies an OAuth 1.0a HMAC-SHA1 Authorization header. Returns the user and access token when
 * signed with one, null for an app-only signature (allowed only when requireToken is false).
 * Throws the 401 HttpError X would send.
 */
export function verifyOAuth1(ctx: RequestContext, requireToken: boolean): OAuth1Identity | null {
	const header = ctx.headers.authorization;
	const parsed = parseAuthorizationHeader(Array.isArray(header) ? header[0] : header);
	if (!parsed) throw authErrors.couldNotAuthenticate();
	const p = parsed.params;
	for (const name of REQUIRED) if (!p[name]) throw authErrors.couldNotAuthenticate();
	if (p.oauth_signature_method !== 'HMAC-SHA1') throw authErrors.couldNotAuthenticate();
	if (p.oauth_version !== undefined && p.oauth_version !== '1.0') throw authErrors.couldNotAuthenticate();
	if (p.oauth_consumer_key !== ctx.store.app.consumerKey) throw authErrors.couldNotAuthenticate();
	if (!/^\d+$/.test(p.oauth_timestamp)) throw authErrors.couldNotAuthenticate();
	if (Math.abs(Number(p.oauth_timestamp) - ctx.now / 1000) > TIMESTAMP_TOLERANCE_SECONDS) throw authErrors.timestamp();

	let identity: OAuth1Identity | null = null;
	if (p.oauth_token !== undefined) {
		const token = ctx.store.accessTokens.get(p.oauth_token);
		if (!token) throw authErrors.couldNotAuthenticate();
		if (token.invalidated) throw authErrors.invalidToken();
		const user = ctx.store.users.find((u) => u.userId === token.userId);
		if (!user) throw authErrors.couldNotAuthenticate();
		identity = { user, token };
	} else if (requireToken) {
		throw authErrors.couldNotAuthenticate();
	}

	const params = collectSignatureParams(ctx.rawQuery, ctx.rawBody, ctx.headers['content-type'], p);
	if (!params) throw authErrors.couldNotAuthenticate();
	// The base URL is the one the client addressed: our scheme, its Host header, the raw path.
	const host = ctx.headers.host ?? '';
	const fullPath = requestPathOf(ctx);
	const baseString = signatureBaseString(ctx.method, normalizeBaseUrl('http', host, fullPath), params);
	const expected = hmacSha1(baseString, ctx.store.app.consumerSecret, identity?.token.secret ?? '');
	if (!signaturesEqual(expected, p.oauth_signature)) throw authErrors.couldNotAuthenticate();
	return identity;
}

/** Full raw request path including the base prefix (what the client put in its URL). */
export function requestPathOf(ctx: RequestContext): string {
	return BASE_PREFIX[ctx.base] + ctx.path;
}

export const BASE_PREFIX = { api: '/api', ads: '/ads', adsSandbox: '/ads-sandbox' } as const;

/** /2 endpoints: "Authorization: Bearer <token>" with the currently issued token, byte for byte. */
export function verifyBearer(ctx: RequestContext): void {
	const header = ctx.headers.authorization;
	const m = /^Bearer (\S+)$/i.exec(typeof header === 'string' ? header.trim() : '');
	const current = ctx.store.bearer.current;
	if (!m || !current || m[1] !== current) throw authErrors.v2Unauthorized();
}

/** True when the request carries HTTP Basic base64(enc(key):enc(secret)) with the app's credentials. */
export function hasAppBasicAuth(ctx: RequestContext): boolean {
	const header = ctx.headers.authorization;
	const m = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(typeof header === 'string' ? header.trim() : '');
	if (!m) return false;
	const decoded = Buffer.from(m[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon === -1) return false;
	const key = percentDecode(decoded.slice(0, colon));
	const secret = percentDecode(decoded.slice(colon + 1));
	return key === ctx.store.app.consumerKey && secret === ctx.store.app.consumerSecret;
}
