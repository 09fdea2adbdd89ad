/** Token endpoints on {base_url}: app-only bearer tokens (issue, revoke) and access token revocation. */
import { hasAppBasicAuth, verifyOAuth1 } from '../auth';
import { firstParam, legacyError, ok, type RequestContext } from '../http';
import { isFormContentType, percentDecode } from '../oauth1';
import type { Router } from '../router';
import type { Store } from '../store';
import { randomString } from '../util';

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
	const presented = firstParam(ctx.form, 'access_token') ?? firstParam(ctx.query, 'access_token');
	const current = store.bearer.current;
	// Clients may send the token verbatim (with %3D) or decoded once; both name the same token.
	const sameToken = (t: string) => !!current && (t === current || t === percentDecode(current));
	if (!current || (presented !== undefined && !sameToken(presented))) {
		throw legacyError(403, 348, 'Client application is not permitted to to invalidate this token.');
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

export function registerOAuthRoutes(router: Router): void {
	router.api('POST', '/oauth2/token', bearerToken, 'none');
	router.api('POST', '/oauth2/invalidate_token', invalidateBearerToken, 'none');
	router.api('POST', '/1.1/oauth/invalidate_token', invalidateAccessToken, 'oauth1-user');
	router.api('POST', '/1.1/oauth/invalidate_token.json', invalidateAccessToken, 'oauth1-user');
}
