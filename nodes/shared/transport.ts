/**
 * The one way every node talks to X: builds the URL, lets n8n apply the credential, waits out
 * rate limits, retries transient failures when that is safe, and turns X's errors into
 * NodeApiErrors that carry X's code and a fix hint (and never a secret).
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { X_ADS_BASE_URL, X_ADS_SANDBOX_BASE_URL, X_API_BASE_URL } from './credentialFields';
import { xApiError, xTransportError } from './errors';
import type { TokenOverride } from './oauth1';
import { encodePairs, objectToPairs, percentEncode, SIGNING_OVERRIDE_FIELD } from './oauth1';
import { backoffMs, rateLimitWaitMs, retryAfterMs } from './rateLimit';

export type XContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

/** Which X host a request goes to: the general API, or the Ads API of the credential's environment, or the Ads sandbox only. */
export type XHost = 'api' | 'ads' | 'adsSandbox';

/** Whose authority signs the request: the ads user (OAuth 1.0a) or the app (bearer token). */
export type XAuth = 'user' | 'app';

export const USER_CREDENTIAL_TYPES = ['xOAuth1Api', 'xOAuth1ConnectApi'] as const;
export const APP_CREDENTIAL_TYPE = 'xAppOnlyApi';

export const DEFAULT_ADS_VERSION = 12;

export interface XRequest {
	method: IHttpRequestMethods;
	host: XHost;
	/** Path with {name} placeholders filled from pathParams, e.g. /accounts/{account_id}. */
	path: string;
	pathParams?: Record<string, string>;
	/** Ads version segment; defaults to 12 on Ads hosts, none on the general API. */
	version?: number;
	qs?: IDataObject;
	/** JSON body (Content-Type application/json); never signed. */
	body?: IDataObject | IDataObject[];
	auth?: XAuth;
	/** Safe to send again after a 5xx or a dropped connection; defaults to every method but POST. */
	idempotent?: boolean;
	itemIndex?: number;
	/** OAuth token steps: sign with this token instead of the credential's (X OAuth 1.0a credential only). */
	tokenOverride?: TokenOverride;
}

export interface RetryPolicy {
	/** Retries after 5xx answers or dropped connections. */
	maxRetries: number;
	/** Longest single wait for a rate-limit window to reset before giving up. */
	maxRateLimitWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, maxRateLimitWaitMs: 15 * 60 * 1000 };

export interface XResponse {
	status: number;
	headers: Record<string, string>;
	body: unknown;
}

const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);

/** The user credential the node is set to use (X OAuth 1.0a with pasted tokens, or the Connect one). */
export function userCredentialType(ctx: XContext): string {
	const chosen = ctx.getNode().parameters.authentication;
	return chosen === 'xOAuth1ConnectApi' ? 'xOAuth1ConnectApi' : 'xOAuth1Api';
}

export function credentialTypeFor(ctx: XContext, auth: XAuth): string {
	return auth === 'app' ? APP_CREDENTIAL_TYPE : userCredentialType(ctx);
}

/**
 * Credentials read once per node run (n8n hands every node run its own context object). n8n reads
 * and decrypts them from its database on each call, which cost more than a batch request's own
 * work; the object is also handed to n8n with each request so that it does not read them again.
 */
const credentialsPerRun = new WeakMap<XContext, Map<string, Promise<IDataObject>>>();

export async function xCredentials(ctx: XContext, auth: XAuth = 'user'): Promise<IDataObject> {
	const type = credentialTypeFor(ctx, auth);
	let perRun = credentialsPerRun.get(ctx);
	if (!perRun) credentialsPerRun.set(ctx, (perRun = new Map()));
	let pending = perRun.get(type);
	if (!pending) {
		pending = ctx.getCredentials(type) as Promise<IDataObject>;
		perRun.set(type, pending);
		// A failed read is not remembered: the next call reports it (or succeeds) afresh.
		pending.catch(() => perRun.delete(type));
	}
	return await pending;
}

export function isSandbox(credentials: IDataObject): boolean {
	return credentials.environment === 'sandbox';
}

function trimBase(url: unknown, fallback: string): string {
	return String(url || fallback).replace(/\/+$/, '');
}

export function hostBaseUrl(credentials: IDataObject, host: XHost): string {
	if (host === 'api') return trimBase(credentials.apiBaseUrl, X_API_BASE_URL);
	if (host === 'adsSandbox' || isSandbox(credentials)) {
		return trimBase(credentials.adsSandboxBaseUrl, X_ADS_SANDBOX_BASE_URL);
	}
	return trimBase(credentials.adsBaseUrl, X_ADS_BASE_URL);
}

/** /{version}/path with path parameters percent-encoded, so an id can never change the route. */
export function buildPath(request: Pick<XRequest, 'host' | 'path' | 'pathParams' | 'version'>): string {
	const path = request.path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const value = request.pathParams?.[name];
		if (value === undefined || value === '') throw new Error(`Path parameter ${name} is missing`);
		return percentEncode(value);
	});
	const version = request.version ?? (request.host === 'api' ? undefined : DEFAULT_ADS_VERSION);
	return version === undefined ? path : `/${version}${path}`;
}

function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries((headers ?? {}) as Record<string, unknown>)) {
		out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return out;
}

/** A thrown request error as status/headers/body, or undefined when no HTTP answer came back. */
function responseOf(error: unknown): XResponse | undefined {
	const err = error as { cause?: { response?: unknown }; response?: unknown };
	const response = (err.cause?.response ?? err.response) as
		| { status?: number; headers?: unknown; data?: unknown }
		| undefined;
	if (!response?.status) return undefined;
	return { status: response.status, headers: lowerCaseHeaders(response.headers), body: response.data };
}

const CONNECTION_ERROR = /ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|ECONNABORTED|EAI_AGAIN|socket hang up|network error|connection.*closed/i;

function isConnectionError(error: unknown): boolean {
	const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
	return [err.code, err.message, err.cause?.code, err.cause?.message].some(
		(text) => typeof text === 'string' && CONNECTION_ERROR.test(text),
	);
}

function parseBody(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

/** Sends one request (with waits and retries as the policy allows) and returns X's parsed answer. */
export async function xRequest(
	ctx: XContext,
	request: XRequest,
	policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<XResponse> {
	const auth = request.auth ?? (request.host === 'api' ? 'app' : 'user');
	const credentialType = credentialTypeFor(ctx, auth);
	const credentials = await xCredentials(ctx, auth);
	const itemIndex = request.itemIndex ?? 0;
	if (request.host === 'adsSandbox' && !isSandbox(credentials)) {
		throw new NodeOperationError(ctx.getNode(), 'This operation exists only in the X Ads sandbox', {
			itemIndex,
			description: 'Set Environment to Sandbox in the X credential (or use a credential for the sandbox) and run again.',
		});
	}
	const path = buildPath(request);
	// The query is encoded once here and never re-serialized, so what is sent is what gets signed.
	const query = encodePairs(objectToPairs(request.qs));
	const url = `${hostBaseUrl(credentials, request.host)}${path}${query ? `?${query}` : ''}`;
	const idempotent = request.idempotent ?? request.method !== 'POST';
	const label = `${request.method} ${path}`;

	let retries = 0;
	let rateLimitWaited = 0;
	for (let attempt = 1; ; attempt++) {
		const options: IHttpRequestOptions = {
			method: request.method,
			url,
			json: true,
			returnFullResponse: true,
			// 401 still throws inside n8n so that an expired bearer token is fetched again once.
			ignoreHttpStatusErrors: auth === 'app' ? { ignore: true, except: [401] } : true,
		};
		if (request.body !== undefined) {
			options.body = request.body as IDataObject;
			options.headers = { 'Content-Type': 'application/json' };
		}
		if (request.tokenOverride) (options as unknown as Record<string, unknown>)[SIGNING_OVERRIDE_FIELD] = request.tokenOverride;

		let response: XResponse;
		try {
			const reference = ctx.getNode().credentials?.[credentialType];
			const credentialsDecrypted = { id: reference?.id ?? '', name: reference?.name ?? '', type: credentialType, data: credentials as ICredentialDataDecryptedObject };
			const full = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, credentialType, options, { credentialsDecrypted })) as {
				statusCode: number;
				headers: unknown;
				body: unknown;
			};
			response = { status: full.statusCode, headers: lowerCaseHeaders(full.headers), body: parseBody(full.body) };
		} catch (error) {
			const answered = responseOf(error);
			if (answered) {
				response = { ...answered, body: parseBody(answered.body) };
			} else if (isConnectionError(error) && idempotent && retries < policy.maxRetries) {
				retries++;
				const wait = backoffMs(retries);
				ctx.logger.warn(`X: ${label} lost its connection; retry ${retries} of ${policy.maxRetries} in ${wait} ms`);
				await sleep(wait);
				continue;
			} else {
				const connection = isConnectionError(error);
				throw xTransportError(ctx.getNode(), error, { label, itemIndex, attempts: attempt, connection });
			}
		}

		if (response.status < 400) return response;

		if (response.status === 429) {
			// X did not process a rate-limited request, so any method may be sent again.
			const wait = rateLimitWaitMs(response.headers) ?? backoffMs(attempt);
			if (rateLimitWaited + wait > policy.maxRateLimitWaitMs) {
				throw xApiError(ctx.getNode(), response, {
					label,
					itemIndex,
					extraHint: `The rate limit resets in ${Math.ceil(wait / 1000)} s, beyond the node's Max Rate Limit Wait (${Math.round(policy.maxRateLimitWaitMs / 1000)} s): raise that option or run later.`,
				});
			}
			ctx.logger.warn(`X: ${label} hit a rate limit (429); waiting ${wait} ms for the window to reset`);
			rateLimitWaited += wait;
			await sleep(wait);
			continue;
		}

		if (TRANSIENT_STATUSES.has(response.status) && idempotent && retries < policy.maxRetries) {
			retries++;
			const wait = retryAfterMs(response.headers) ?? backoffMs(retries);
			ctx.logger.warn(
				`X: ${label} answered ${response.status}; retry ${retries} of ${policy.maxRetries} in ${wait} ms`,
			);
			await sleep(Math.min(wait, policy.maxRateLimitWaitMs));
			continue;
		}

		throw xApiError(ctx.getNode(), response, { label, itemIndex, attempts: attempt });
	}
}

/** The Ads API envelope: data plus paging fields. */
export interface AdsEnvelope {
	data: unknown;
	next_cursor?: string | null;
	total_count?: number;
	request?: { params?: IDataObject };
}

export async function adsRequest(ctx: XContext, request: XRequest, policy?: RetryPolicy): Promise<AdsEnvelope> {
	const { body } = await xRequest(ctx, request, policy);
	return (body ?? {}) as AdsEnvelope;
}
