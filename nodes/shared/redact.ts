/**
 * The one scrubber for every message, description and log line the package writes. An upstream
 * (X, a proxy, a misconfigured base URL) may echo the request's Authorization header, its OAuth
 * parameters or a form body into an error page; whatever it says, no credential leaves through us.
 */
import type { IDataObject } from 'n8n-workflow';

import { percentEncode } from './oauth1';

const HIDDEN = '[redacted]';

const PATTERNS: Array<[RegExp, string]> = [
	// An OAuth 1.0a header value: `OAuth oauth_consumer_key="...", oauth_signature="..."`.
	[/\bOAuth\s+(?:realm|oauth_)[^\r\n]*/gi, `OAuth ${HIDDEN}`],
	// Bearer and Basic credentials, in a header or anywhere in a text (16 characters and more: not our own words).
	[/\b(Bearer|Basic)(?:\s+|%20|\+)[A-Za-z0-9\-._~+/%=]{16,}/gi, `$1 ${HIDDEN}`],
	// An Authorization header (or a JSON/form field of that name) with whatever value follows.
	[/(\b(?:proxy-)?authorization\b["']?\s*[:=]\s*["']?)[^"'\r\n,}&<]*/gi, `$1${HIDDEN}`],
	// oauth_* parameters (query, form, header, JSON) and the secret-bearing fields X and OAuth use.
	[
		/(\b(?:oauth_[a-z_]+|access_token(?:_secret)?|token_secret|consumer_(?:key|secret)|api_key(?:_secret)?|client_secret|bearer_token)\b["']?\s*(?:=|:|%3D)\s*["']?)[^"'\s&,}<]+/gi,
		`$1${HIDDEN}`,
	],
];

/** Replaces credentials in a text: known secret values first, then anything that looks like one. */
export function redact(text: string, secrets: readonly string[] = []): string {
	let out = text;
	for (const secret of secrets) {
		if (secret.length >= 8 && out.includes(secret)) out = out.split(secret).join(HIDDEN);
	}
	for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
	return out;
}

/** A copy of a JSON value with every string redacted (error bodies kept in n8n's error data). */
export function redactDeep<T>(value: T, secrets: readonly string[] = []): T {
	if (typeof value === 'string') return redact(value, secrets) as T;
	if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets)) as T;
	if (value && typeof value === 'object') {
		const out: IDataObject = {};
		for (const [key, v] of Object.entries(value as IDataObject)) out[redact(key, secrets)] = redactDeep(v, secrets);
		return out as T;
	}
	return value;
}

const SECRET_FIELDS = ['consumerKey', 'consumerSecret', 'accessToken', 'accessTokenSecret', 'apiKey', 'apiKeySecret', 'bearerToken', 'clientSecret'];

/**
 * The secret values a credential holds, as they may appear on the wire: raw, percent-encoded, and
 * the Basic value of the app's key and secret (bearer token requests).
 */
export function credentialSecrets(credentials: IDataObject | undefined): string[] {
	if (!credentials) return [];
	const tokenData = (credentials.oauthTokenData ?? {}) as IDataObject;
	// oauth_token*: OAuth 1.0a (Connect); access_token, refresh_token: OAuth 2.0 (n8n keeps both in oauthTokenData).
	const values = [...SECRET_FIELDS.map((f) => credentials[f]), tokenData.oauth_token, tokenData.oauth_token_secret, tokenData.access_token, tokenData.refresh_token]
		.filter((v): v is string => typeof v === 'string' && v.length >= 8);
	const out = new Set<string>();
	for (const v of values) {
		out.add(v);
		out.add(percentEncode(v));
	}
	const key = credentials.apiKey ?? credentials.consumerKey;
	const secret = credentials.apiKeySecret ?? credentials.consumerSecret;
	if (typeof key === 'string' && typeof secret === 'string' && key && secret) {
		out.add(Buffer.from(`${percentEncode(key)}:${percentEncode(secret)}`, 'utf8').toString('base64'));
	}
	return [...out].sort((a, b) => b.length - a.length); // longest first: a secret never leaves a tail of itself
}
