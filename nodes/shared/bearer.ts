/** App-only bearer tokens (POST oauth2/token and oauth2/invalidate_token), without leaking the app's secret. */
import type { IDataObject, IHttpRequestHelper, IHttpRequestOptions } from 'n8n-workflow';

import { X_API_BASE_URL } from './credentialFields';
import { percentEncode } from './oauth1';

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
		},
		body: form,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	const response = (await helper.helpers.httpRequest(options)) as FullResponse;
	const body = (typeof response.body === 'string' ? safeJson(response.body) : response.body) as IDataObject;
	if (response.statusCode >= 400) {
		const first = ((body?.errors as IDataObject[]) ?? [])[0] ?? {};
		const code = first.code !== undefined ? `, code ${String(first.code)}` : '';
		const hint =
			first.code === 99
				? ' X refuses bearer tokens requested too often: the credential keeps one token and reuses it; wait 15 minutes or paste a bearer token into the credential.'
				: response.statusCode === 403 || response.statusCode === 401
					? ' Check the API key and API key secret in the X App-Only credential.'
					: '';
		throw new Error(
			`X ${path} failed (HTTP ${response.statusCode}${code}: ${String(first.message ?? 'no message')}).${hint}`,
		);
	}
	return body ?? {};
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text);
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
