/**
 * OAuth 1.0a request signing (RFC 5849, HMAC-SHA1) as X requires it.
 *
 * The one rule that matters most in practice: the query string that is sent must be exactly the
 * one that was signed. So the signer takes the query out of `qs` and the URL, encodes it once
 * (RFC 3986) and writes it back into the URL; nothing downstream re-serializes it.
 */
import { createHmac, randomBytes } from 'node:crypto';

export type Pair = [string, string];

export interface OAuth1Keys {
	consumerKey: string;
	consumerSecret: string;
	token?: string;
	tokenSecret?: string;
}

/** Nonce and timestamp source; tests replace these two functions to get fixed vectors. */
export const oauthClock = {
	timestamp: (): string => Math.floor(Date.now() / 1000).toString(),
	nonce: (): string => randomBytes(16).toString('hex'),
};

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - . _ ~ (space is %20, never +). */
export function percentEncode(value: string): string {
	return encodeURIComponent(value).replace(
		/[!'()*]/g,
		(c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
	);
}

/** Decodes one application/x-www-form-urlencoded component (+ is a space). */
function formDecode(value: string): string {
	try {
		return decodeURIComponent(value.replace(/\+/g, ' '));
	} catch {
		return value; // a stray % is kept literally, as servers do
	}
}

/** Parses a query string or form body into pairs, keeping order and duplicate keys. */
export function parsePairs(encoded: string): Pair[] {
	if (!encoded) return [];
	return encoded
		.split('&')
		.filter((part) => part.length > 0)
		.map((part) => {
			const eq = part.indexOf('=');
			return eq === -1
				? [formDecode(part), '']
				: [formDecode(part.slice(0, eq)), formDecode(part.slice(eq + 1))];
		});
}

/** Flattens an object of parameters into pairs; arrays become repeated keys, null/undefined are dropped. */
export function objectToPairs(params: object | undefined): Pair[] {
	const pairs: Pair[] = [];
	for (const [key, value] of Object.entries(params ?? {})) {
		if (value === undefined || value === null) continue;
		const values: unknown[] = Array.isArray(value) ? value : [value];
		for (const v of values) {
			if (v === undefined || v === null) continue;
			pairs.push([key, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
		}
	}
	return pairs;
}

export function encodePairs(pairs: Pair[]): string {
	return pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
}

/** Signature base string: METHOD & enc(base URL) & enc(normalized parameters). */
export function signatureBaseString(method: string, baseUrl: string, params: Pair[]): string {
	const normalized = params
		.map(([k, v]): Pair => [percentEncode(k), percentEncode(v)])
		.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
		.map(([k, v]) => `${k}=${v}`)
		.join('&');
	return [method.toUpperCase(), percentEncode(baseUrl), percentEncode(normalized)].join('&');
}

export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
	const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
	return createHmac('sha1', key).update(baseString).digest('base64');
}

/** RFC 5849 §3.4.1.2: scheme and host lowercased, default port dropped, no query or fragment. */
export function normalizeBaseUrl(url: URL): string {
	const scheme = url.protocol.toLowerCase();
	const defaultPort = (scheme === 'http:' && url.port === '80') || (scheme === 'https:' && url.port === '443');
	const port = url.port && !defaultPort ? `:${url.port}` : '';
	return `${scheme}//${url.hostname.toLowerCase()}${port}${url.pathname}`;
}

export interface SignInput {
	method: string;
	/** Absolute URL; may carry a query string. */
	url: string;
	/** Extra query parameters, appended after the URL's own. */
	query?: Pair[];
	/** Form-urlencoded body parameters (signed); a JSON body is never passed here. */
	form?: Pair[];
	/** Extra oauth_* protocol parameters such as oauth_callback or oauth_verifier. */
	oauthExtras?: Record<string, string>;
	/** Tells whether oauth_version is sent (X sends 1.0; RFC 5849's vector omits it). */
	includeVersion?: boolean;
}

export interface SignedRequest {
	/** The URL to send: base URL plus the exact query string that was signed. */
	url: string;
	authorization: string;
	oauthParams: Record<string, string>;
	signature: string;
	baseString: string;
}

export function signRequest(keys: OAuth1Keys, input: SignInput): SignedRequest {
	const parsed = new URL(input.url);
	const query = [...parsePairs(parsed.search.slice(1)), ...(input.query ?? [])];
	const oauthParams: Record<string, string> = {
		oauth_consumer_key: keys.consumerKey,
		oauth_nonce: oauthClock.nonce(),
		oauth_signature_method: 'HMAC-SHA1',
		oauth_timestamp: oauthClock.timestamp(),
		...(keys.token ? { oauth_token: keys.token } : {}),
		...(input.includeVersion === false ? {} : { oauth_version: '1.0' }),
		...input.oauthExtras,
	};
	const baseUrl = normalizeBaseUrl(parsed);
	const baseString = signatureBaseString(input.method, baseUrl, [
		...Object.entries(oauthParams),
		...query,
		...(input.form ?? []),
	]);
	const signature = hmacSha1Signature(baseString, keys.consumerSecret, keys.tokenSecret ?? '');
	const header = Object.entries({ ...oauthParams, oauth_signature: signature })
		.map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
		.join(', ');
	const queryString = encodePairs(query);
	return {
		url: `${parsed.origin}${parsed.pathname}${queryString ? `?${queryString}` : ''}`,
		authorization: `OAuth ${header}`,
		oauthParams,
		signature,
		baseString,
	};
}

/**
 * OAuth's own token steps sign with another token than the credential's: none for request_token,
 * the request token for access_token, plus protocol parameters such as oauth_callback and
 * oauth_verifier. The X OAuth node puts this on the request options; the credential reads and
 * removes it, so signing stays in one place.
 */
export const SIGNING_OVERRIDE_FIELD = 'xOAuth1SigningOverride';

export interface TokenOverride {
	token?: string;
	tokenSecret?: string;
	oauthParams?: Record<string, string>;
}

/** The request shapes n8n hands to a credential's `authenticate`: IHttpRequestOptions, or the legacy request options (uri, form). */
export interface SignableOptions {
	method?: string;
	url?: string;
	uri?: string;
	baseURL?: string;
	qs?: object;
	body?: unknown;
	form?: object;
	headers?: Record<string, unknown>;
}

function findHeader(headers: Record<string, unknown>, name: string): string | undefined {
	return Object.keys(headers).find((key) => key.toLowerCase() === name);
}

function formPairs(body: unknown): Pair[] {
	if (typeof body === 'string') return parsePairs(body);
	if (body instanceof URLSearchParams) return [...body.entries()];
	return objectToPairs(body as object);
}

/**
 * Signs any request n8n builds (our nodes, or the HTTP Request node with a predefined credential):
 * query from the URL and `qs` plus form-urlencoded bodies are signed; JSON bodies are not.
 */
export function signRequestOptions<T extends SignableOptions>(credentialKeys: OAuth1Keys, options: T): T {
	const signed: T = { ...options, headers: { ...(options.headers ?? {}) } };
	const override = (options as Record<string, unknown>)[SIGNING_OVERRIDE_FIELD] as TokenOverride | undefined;
	delete (signed as Record<string, unknown>)[SIGNING_OVERRIDE_FIELD];
	const keys: OAuth1Keys = override
		? { ...credentialKeys, token: override.token, tokenSecret: override.tokenSecret }
		: credentialKeys;
	const headers = signed.headers as Record<string, unknown>;
	const target = options.url ?? options.uri ?? '';
	const absolute = /^https?:\/\//i.test(target)
		? target
		: `${(options.baseURL ?? '').replace(/\/+$/, '')}/${target.replace(/^\/+/, '')}`;

	let form: Pair[] | undefined;
	const contentTypeKey = findHeader(headers, 'content-type');
	const contentType = contentTypeKey ? String(headers[contentTypeKey]) : '';
	if (options.form !== undefined) {
		form = objectToPairs(options.form);
		delete signed.form;
	} else if (contentType.includes('application/x-www-form-urlencoded') && options.body !== undefined) {
		form = formPairs(options.body);
	}
	if (form) {
		signed.body = encodePairs(form);
		if (!contentTypeKey) headers['Content-Type'] = 'application/x-www-form-urlencoded';
	}

	const result = signRequest(keys, {
		method: (options.method ?? 'GET').toUpperCase(),
		url: absolute,
		query: objectToPairs(options.qs),
		form,
		oauthExtras: override?.oauthParams,
	});
	delete signed.qs;
	delete signed.baseURL;
	if (options.uri !== undefined && options.url === undefined) signed.uri = result.url;
	else signed.url = result.url;
	const authKey = findHeader(headers, 'authorization') ?? 'Authorization';
	headers[authKey] = result.authorization;
	return signed;
}
