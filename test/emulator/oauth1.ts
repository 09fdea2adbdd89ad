/**
 * OAuth 1.0a (RFC 5849) HMAC-SHA1 verification, written independently of the project's signer
 * so that a bug in the signer cannot be mirrored here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type ParamList = Array<[string, string]>;

/** RFC 3986 unreserved characters stay, everything else is %XX (space is %20, never +). */
export function percentEncode(value: string): string {
	return encodeURIComponent(value).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** Strict percent-decoding; returns null on malformed input instead of throwing. */
export function percentDecode(value: string): string | null {
	try {
		return decodeURIComponent(value);
	} catch {
		return null;
	}
}

/**
 * Parses a query string or an application/x-www-form-urlencoded body into an ordered list,
 * keeping duplicates. RFC 5849 §3.4.1.3.1 decodes both with form rules, so '+' is a space.
 * Returns null when a component is not valid percent-encoding.
 */
export function parseParamString(raw: string): ParamList | null {
	const out: ParamList = [];
	if (!raw) return out;
	for (const part of raw.split('&')) {
		if (part === '') continue;
		const eq = part.indexOf('=');
		const rawKey = eq === -1 ? part : part.slice(0, eq);
		const rawValue = eq === -1 ? '' : part.slice(eq + 1);
		const key = percentDecode(rawKey.replace(/\+/g, ' '));
		const value = percentDecode(rawValue.replace(/\+/g, ' '));
		if (key === null || value === null) return null;
		out.push([key, value]);
	}
	return out;
}

export interface AuthorizationHeader {
	/** oauth_* parameters (realm excluded), values percent-decoded. */
	params: Record<string, string>;
}

/** Parses `OAuth k="v", ...`. Returns null when the header is not an OAuth header or is malformed. */
export function parseAuthorizationHeader(header: string | undefined): AuthorizationHeader | null {
	if (!header) return null;
	const m = /^\s*OAuth\s+(.*)$/is.exec(header);
	if (!m) return null;
	const params: Record<string, string> = {};
	const rest = m[1].trim();
	// Each item is name="value" separated by commas (whitespace around commas is allowed).
	const re = /\s*([^\s=,]+)\s*=\s*"([^"]*)"\s*(?:,|$)/gy;
	let consumed = 0;
	let match: RegExpExecArray | null;
	while ((match = re.exec(rest)) !== null) {
		consumed = re.lastIndex;
		const name = percentDecode(match[1]);
		const value = percentDecode(match[2]);
		if (name === null || value === null) return null;
		if (name === 'realm') continue;
		if (Object.prototype.hasOwnProperty.call(params, name)) return null; // duplicated protocol parameter
		params[name] = value;
		if (re.lastIndex >= rest.length) break;
	}
	if (consumed < rest.length) return null;
	return { params };
}

/** RFC 5849 §3.4.1.2: lowercase scheme and host, default port dropped, path as sent, no query. */
export function normalizeBaseUrl(scheme: string, host: string, path: string): string {
	const s = scheme.toLowerCase();
	let h = host.toLowerCase();
	if ((s === 'http' && h.endsWith(':80')) || (s === 'https' && h.endsWith(':443'))) {
		h = h.slice(0, h.lastIndexOf(':'));
	}
	return `${s}://${h}${path}`;
}

/** RFC 5849 §3.4.1.3.2: encode every name and value, sort by name then value (byte order), join. */
export function normalizeParameters(params: ParamList): string {
	const encoded = params.map(([k, v]) => [percentEncode(k), percentEncode(v)] as [string, string]);
	encoded.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
	return encoded.map(([k, v]) => `${k}=${v}`).join('&');
}

export function signatureBaseString(method: string, baseUrl: string, params: ParamList): string {
	return [method.toUpperCase(), percentEncode(baseUrl), percentEncode(normalizeParameters(params))].join('&');
}

export function hmacSha1(baseString: string, consumerSecret: string, tokenSecret: string): string {
	const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
	return createHmac('sha1', key).update(baseString).digest('base64');
}

/** True when the Content-Type makes the body part of the signature (form-urlencoded only). */
export function isFormContentType(contentType: string | undefined): boolean {
	return !!contentType && contentType.split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

export interface SignatureInput {
	method: string;
	/** Full URL as the client addressed it, query included. */
	url: string;
	/** Raw body; used only when contentType is form-urlencoded. */
	body?: string;
	contentType?: string;
	/** oauth_* protocol parameters (oauth_signature is ignored if present). */
	oauthParams: Record<string, string>;
	consumerSecret: string;
	tokenSecret?: string;
}

/**
 * Computes the signature exactly as the server verifies it (same parsing and normalization).
 * Exposed so tests can check the documented vectors against the verifier's own code path.
 */
export function computeSignature(input: SignatureInput): string {
	const u = new URL(input.url);
	const rawPath = input.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] || '/';
	const rawQuery = u.search.startsWith('?') ? u.search.slice(1) : '';
	const params = collectSignatureParams(rawQuery, input.body ?? '', input.contentType, input.oauthParams);
	if (!params) throw new Error('malformed parameters');
	const base = signatureBaseString(input.method, normalizeBaseUrl(u.protocol.replace(/:$/, ''), u.host, rawPath), params);
	return hmacSha1(base, input.consumerSecret, input.tokenSecret ?? '');
}

/** oauth_* (minus oauth_signature) + every query parameter + form body parameters. */
export function collectSignatureParams(
	rawQuery: string,
	rawBody: string,
	contentType: string | undefined,
	oauthParams: Record<string, string>,
): ParamList | null {
	const query = parseParamString(rawQuery);
	if (!query) return null;
	const params: ParamList = [...query];
	if (isFormContentType(contentType)) {
		const form = parseParamString(rawBody);
		if (!form) return null;
		params.push(...form);
	}
	for (const [k, v] of Object.entries(oauthParams)) {
		if (k === 'oauth_signature') continue;
		// A protocol parameter sent both in the header and in the query or body (n8n's OAuth1 flow sends
		// oauth_verifier in both) is one parameter, signed once, and X accepts it.
		if (params.some(([pk, pv]) => pk === k && pv === v)) continue;
		params.push([k, v]);
	}
	return params;
}

/** Constant-time comparison of two base64 signatures. */
export function signaturesEqual(a: string, b: string): boolean {
	const ab = Buffer.from(a);
	const bb = Buffer.from(b);
	return ab.length === bb.length && timingSafeEqual(ab, bb);
}
