/** App-only bearer tokens (POST oauth2/token and oauth2/invalidate_token), without leaking the app's secret. */
import type { IDataObject, IHttpRequestHelper, IHttpRequestOptions } from 'n8n-workflow';
import { X_API_BASE_URL } from './credentialFields';
import { readJson } from './jsonReader';
import { percentEncode } from './oauth1';
import { credentialSecrets, redact } from './redact';
import { USER_AGENT } from './userAgent';

/** Token requests are small: an answer that takes longer than this is not coming. */
const TOKEN_TIMEOUT_MS = 30_000;

export interface AppKeys {
	apiKey?: unknown;
	apiKeySecret?: unknown;
	apiBaseUrl?: unknown;
}

/** Basic auth as X specifies it: base64(enc(key) ":" enc(secret)). */
export function basicAuthorization(keys: AppKeys): string {
	const raw = `${percentEncode(String(keys.apiKey ?? ''))}:${percentEncode(String(keys.apiKeySecret ?? ''))}`;
	return `Basic ${Buffer.from(raw, 'utf8').toString('base64')}`;
}

export function apiBaseUrl(keys: { apiBaseUrl?: unknown }): string {
	return String(keys.apiBaseUrl || X_API_BASE_URL).replace(/\/+$/, '');
}

interface FullResponse {
	statusCode: number;
	body: unknown;
}

/** One app-keys request; failures become an Error that names X's code but never echoes a key or token. */
export async function appKeysRequest(
	helper: IHttpRequestHelper,
	keys: AppKeys,
	path: string,
	form: string,
): Promise<IDataObject> {
	const options: IHttpRequestOptions = {
		method: 'POST',
		url: `${apiBaseUrl(keys)}${path}`,
		headers: {
			Authorization: basicAuthorization(keys),
			'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
			'User-Agent': USER_AGENT,
		},
		body: form,
		// The answer as text, read by the one reader of X below (not n8n's JSON.parse).
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Never follow a redirect: n8n would send the Basic key and secret to whatever host it names.
		disableFollowRedirect: true,
		timeout: TOKEN_TIMEOUT_MS,
	};
	const scrub = (text: string) => redact(text, credentialSecrets(keys as IDataObject));
	let response: (FullResponse & { headers?: Record<string, unknown> }) | undefined;
	let failure: unknown;
	try {
		response = (await helper.helpers.httpRequest(options)) as FullResponse & { headers?: Record<string, unknown> };
	} catch (error) {
		failure = error;
	}
	// A fresh error: n8n's carries the request, Authorization header included.
	if (!response) throw new Error(scrub(`X ${path} could not be reached: ${(failure as Error).message}`));
	if (response.statusCode >= 300 && response.statusCode < 400) {
		const location = String(response.headers?.location ?? '');
		let target = location || 'no Location';
		try {
			target = new URL(location, options.url).host;
		} catch {
			/* keep the raw text */
		}
		throw new Error(scrub(`X ${path} answered ${response.statusCode}, a redirect to ${target}: not followed, so the API key and secret never reach it. Check the API Base URL in the credential.`));
	}
	const body = (typeof response.body === 'string' ? safeJson(response.body) : response.body) as IDataObject;
	if (response.statusCode < 300 && (!body || typeof body !== 'object' || 'raw' in body)) {
		const text = typeof response.body === 'string' ? response.body : '';
		throw new Error(scrub(`X ${path} answered ${response.statusCode} with ${text.trim() ? `something other than JSON: "${text.replace(/\s+/g, ' ').trim().slice(0, 120)}"` : 'an empty body'}. Check the API Base URL in the credential.`));
	}
	if (response.statusCode >= 400) {
		const first = ((body?.errors as IDataObject[]) ?? [])[0] ?? {};
		const code = first.code !== undefined ? `, code ${String(first.code)}` : '';
		// X answers 403 code 99 for wrong app keys, for tokens requested too often, and (invalidate_token)
		// for a token it does not know or has revoked: the hint depends on the endpoint.
		const invalidating = path === '/oauth2/invalidate_token';
		const hint =
			invalidating && (response.statusCode === 403 || response.statusCode === 401)
				? ' X refused to invalidate this bearer token: it is not the App\'s current token (already invalidated, mistyped, or another App\'s), or the API key and API key secret in the X App-Only credential are wrong.'
				: first.code === 99
					? ' Check the API key and API key secret in the X App-Only credential. X answers the same to bearer tokens requested too often: if the keys are right, wait 15 minutes or paste a bearer token into the credential (it keeps one token and reuses it).'
					: response.statusCode === 403 || response.statusCode === 401
						? ' Check the API key and API key secret in the X App-Only credential.'
						: '';
		throw new Error(
			scrub(`X ${path} failed (HTTP ${response.statusCode}${code}: ${String(first.message ?? body.raw ?? 'no message').slice(0, 300)}).${hint}`),
		);
	}
	return body ?? {};
}

function safeJson(text: string): unknown {
	try {
		return readJson(text);
	} catch {
		return { raw: text };
	}
}

export async function fetchBearerToken(helper: IHttpRequestHelper, keys: AppKeys): Promise<string> {
	const body = await appKeysRequest(helper, keys, '/oauth2/token', 'grant_type=client_credentials');
	if (body.token_type !== 'bearer' || typeof body.access_token !== 'string') {
		throw new Error('X oauth2/token answered without a bearer token');
	}
	return body.access_token;
}
