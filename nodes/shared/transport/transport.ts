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
	ITriggerFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { X_ADS_BASE_URL, X_ADS_SANDBOX_BASE_URL, X_API_BASE_URL, X_OAUTH2_TOKEN_URL } from './credentialFields';
import { xApiError, xRedirectError, xTransportError, xUnreadableError } from './errors';
import type { TokenOverride } from './oauth1';
import { encodePairs, objectToPairs, percentEncode, SIGNING_OVERRIDE_FIELD } from './oauth1';
import type { Scrub } from './jsonReader';
import { readJson } from './jsonReader';
import { backoffMs, rateLimitWaitMs, retryAfterMs } from './rateLimit';
import { credentialSecrets, redact, rememberSecrets, scrubOf } from './redact';
import { USER_AGENT } from './userAgent';

export type XContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | ITriggerFunctions;

/** Which X host a request goes to: the general API, or the Ads API of the credential's environment, or the Ads sandbox only. */
export type XHost = 'api' | 'ads' | 'adsSandbox';

/** Whose authority signs the request: the ads user (OAuth 1.0a) or the app (bearer token). */
export type XAuth = 'user' | 'app';

export const USER_CREDENTIAL_TYPES = ['xOAuth1Api', 'xOAuth1ConnectApi'] as const;
export const APP_CREDENTIAL_TYPE = 'xAppOnlyApi';
/** X OAuth 2.0 user context (authorization code with PKCE): /2 endpoints only. */
export const OAUTH2_USER_CREDENTIAL_TYPE = 'xOAuth2Api';

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
	/** A body sent as these bytes with its own Content-Type (a multipart media segment); never signed. */
	rawBody?: { bytes: Buffer; contentType: string };
	auth?: XAuth;
	/** Safe to send again after a 5xx or a dropped connection; defaults to every method but POST. */
	idempotent?: boolean;
	itemIndex?: number;
	/** OAuth token steps: sign with this token instead of the credential's (X OAuth 1.0a credential only). */
	tokenOverride?: TokenOverride;
	/**
	 * Send with this App bearer token as it is, past n8n's credential handling: for what a trigger
	 * does after trigger() returned (its stream, its clean-up), when n8n 2.x can no longer evaluate
	 * the credential's expressions ("No bridge acquired for this context").
	 */
	bearerToken?: string;
	/** X answers a message instead of data (a draft post's preview), so an answer without data is read. */
	answersMessage?: boolean;
}

export interface RetryPolicy {
	/** Retries after 5xx answers, dropped connections, timeouts and unreadable answers. */
	maxRetries: number;
	/** Longest time to spend waiting for rate-limit windows (429) and Retry-After, in all, before giving up. */
	maxRateLimitWaitMs: number;
	/** How long one attempt may take, from sending to the last byte of the answer (default 30 s). */
	timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, maxRateLimitWaitMs: 15 * 60 * 1000, timeoutMs: DEFAULT_TIMEOUT_MS };

/** Largest answer read (X's largest page is 1,000 records, a few MB); beyond it the request fails. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface XResponse {
	status: number;
	headers: Record<string, string>;
	body: unknown;
	/**
	 * Sent again after an attempt whose outcome is unknown (a lost connection, a timeout, a 5xx or
	 * an unreadable answer): X may have applied an earlier attempt, so "no change" can mean "done".
	 */
	repeated?: boolean;
}

const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);

/**
 * The user credential the node is set to use: X OAuth 1.0a with pasted tokens, the Connect one, or
 * (nodes without an Authentication parameter: X Webhooks, X Trigger) the X OAuth 2.0 user credential
 * when that is the one given.
 */
export function userCredentialType(ctx: XContext): string {
	const node = ctx.getNode();
	const chosen = node.parameters.authentication;
	if (chosen === 'xOAuth1ConnectApi') return 'xOAuth1ConnectApi';
	// X Trigger 1.2's Authentication names the user credential itself.
	if (chosen === OAUTH2_USER_CREDENTIAL_TYPE) return OAUTH2_USER_CREDENTIAL_TYPE;
	if (chosen === undefined && !node.credentials?.xOAuth1Api && node.credentials?.[OAUTH2_USER_CREDENTIAL_TYPE]) return OAUTH2_USER_CREDENTIAL_TYPE;
	return 'xOAuth1Api';
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
		pending = (ctx.getCredentials(type) as Promise<IDataObject>).then((data) => {
			// The exits of this run (redact.ts) scrub whatever secret it read, wherever an upstream echoes it.
			rememberSecrets(ctx, data);
			return type === OAUTH2_USER_CREDENTIAL_TYPE ? tokensKeptAtX(ctx, data) : data;
		});
		perRun.set(type, pending);
		// A failed read is not remembered: the next call reports it (or succeeds) afresh.
		pending.catch(() => perRun.delete(type));
	}
	return await pending;
}

/**
 * The X User OAuth2 credential's token URL is X's unless OAuth Server is Custom: n8n sends the
 * refresh token there and follows any redirect. n8n 1.x still uses an Access Token URL stored when
 * it was editable (2.x drops it): refused here before any request, so n8n never refreshes there.
 */
function tokensKeptAtX(ctx: XContext, credentials: IDataObject): IDataObject {
	if (credentials.oauthServer === 'custom') return credentials;
	let host = 'another server';
	try {
		const url = new URL(String(credentials.accessTokenUrl));
		// X's URL as written another way (API.X.COM, :443) is X's; a user name (https://api.x.com@host) or a trailing dot is not.
		if (url.href === X_OAUTH2_TOKEN_URL) return credentials;
		host = url.host;
	} catch {
		// not a URL: named as "another server"
	}
	throw new NodeOperationError(ctx.getNode(), `The X User OAuth2 credential would send its refresh token to ${host}, not to X`, {
		description: 'Its Access Token URL is not X\'s, but its OAuth Server is X (the URL was saved by an earlier version of the credential). Open the credential and save it again to use X, or set OAuth Server to Custom for a proxy or an emulator you trust.',
	});
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

const CONNECTION_ERROR = /ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|ECONNABORTED|EAI_AGAIN|socket hang up|network error|connection.*closed|\baborted\b|timeout of \d+ms exceeded/i;

function isConnectionError(error: unknown): boolean {
	const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
	return [err.code, err.message, err.cause?.code, err.cause?.message].some(
		(text) => typeof text === 'string' && CONNECTION_ERROR.test(text),
	);
}

/** An answer as it came off the wire: the body is read by us (stream), so its size and time are bounded. */
interface RawAnswer {
	status: number;
	headers: Record<string, string>;
	bytes?: Buffer;
	tooLarge?: boolean;
	/** A 401 that n8n handed back instead of renewing the token first (n8n 1.x; see xRequest). */
	notRenewed?: boolean;
}

type Readable = AsyncIterable<Buffer | string> & { destroy?: () => void };

function isStream(value: unknown): value is Readable {
	return !!value && typeof (value as Readable)[Symbol.asyncIterator] === 'function' && typeof value !== 'string' && !Buffer.isBuffer(value);
}

/** Reads a body up to MAX_BODY_BYTES; stops (and frees the socket) when the attempt timed out. */
async function readBody(body: unknown, attempt: { timedOut: boolean }): Promise<Pick<RawAnswer, 'bytes' | 'tooLarge'>> {
	if (body === undefined || body === null) return {};
	if (!isStream(body)) {
		if (Buffer.isBuffer(body)) return { bytes: body };
		return { bytes: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8') };
	}
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of body) {
			const part = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
			size += part.length;
			if (attempt.timedOut || size > MAX_BODY_BYTES) {
				body.destroy?.();
				return { tooLarge: size > MAX_BODY_BYTES };
			}
			chunks.push(part);
		}
	} catch (error) {
		// A reset in the middle of the answer is a dropped connection (retried when safe).
		throw Object.assign(new Error(`the connection closed in the middle of the answer (${(error as Error).message})`), { code: 'ECONNRESET' });
	}
	return { bytes: Buffer.concat(chunks) };
}

/** A thrown request error as an answer (n8n throws on 401 of app-only requests), or undefined when none came back. */
async function answerOf(error: unknown, attempt: { timedOut: boolean }): Promise<RawAnswer | undefined> {
	const err = error as { cause?: { response?: unknown }; response?: unknown };
	const response = (err.cause?.response ?? err.response) as
		| { status?: number; headers?: unknown; data?: unknown }
		| undefined;
	if (!response?.status) return undefined;
	return { status: response.status, headers: lowerCaseHeaders(response.headers), ...(await readBody(response.data, attempt)) };
}

/** The OAuth 1.0a token steps answer form-encoded text; everything else X answers in JSON. */
function answersForm(request: XRequest): boolean {
	return request.host === 'api' && request.path.startsWith('/oauth/');
}

/** X's token endpoints (oauth/..., oauth2/..., 1.1/oauth/...): their answers are tokens, the X OAuth node's output. */
const TOKEN_PATH = /(^|\/)oauth2?\//;

/**
 * X's answer as a value, read by the package's one reader (jsonReader.ts: exact integers, X's
 * strings scrubbed of the credential's secrets), or the reason it is not one. Ads API successes are
 * always an object with `data` (https://docs.x.com/x-ads-api/introduction, "Response format"); an
 * HTML page, an empty or cut-off body would otherwise read as "no records" and the item would vanish.
 */
function interpret(request: XRequest, answer: RawAnswer, scrub: Scrub): { body: unknown } | { unreadable: string } {
	if (answer.tooLarge) return { unreadable: `an answer larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB (not read)` };
	const text = answer.bytes?.toString('utf8') ?? '';
	const success = answer.status < 300;
	if (success && answersForm(request)) {
		return /^[\w.~%-]+=[^<>]*$/.test(text.trim()) ? { body: text } : { unreadable: describeAnswer(answer, text) };
	}
	const keep = success && TOKEN_PATH.test(request.path);
	let parsed: unknown;
	try {
		parsed = readJson(text, keep ? {} : { scrub });
	} catch {
		return success ? { unreadable: describeAnswer(answer, text) } : { body: scrub.dirty(text) ? scrub.clean(text) : text };
	}
	if (success && (parsed === null || typeof parsed !== 'object')) return { unreadable: describeAnswer(answer, text) };
	const message = request.answersMessage && typeof (parsed as { message?: unknown } | null)?.message === 'string';
	if (success && request.host !== 'api' && (Array.isArray(parsed) || !('data' in (parsed as object) || message))) {
		return { unreadable: `JSON without the Ads API's data field (${answer.bytes?.length ?? 0} bytes)` };
	}
	return { body: parsed };
}

/** What came back, in a few words, for an error message (the snippet is scrubbed where the message is built). */
function describeAnswer(answer: RawAnswer, text: string): string {
	const type = answer.headers['content-type']?.split(';')[0].trim() || 'no content type';
	const size = answer.bytes?.length ?? 0;
	if (!text.trim()) return `an empty body (${type})`;
	const kind = /^\s*</.test(text) ? 'HTML' : /^\s*[[{]/.test(text) ? 'cut-off or malformed JSON' : 'text';
	const title = /<title[^>]*>([^<]{0,120})/i.exec(text)?.[1]?.trim();
	const snippet = (title ?? text.replace(/\s+/g, ' ').trim()).slice(0, 120);
	return `${kind} (${type}, ${size} bytes): "${snippet}"`;
}

/** The host (and port) a redirect points at, resolved against the request URL. */
function redirectTarget(location: string | undefined, url: string): string | undefined {
	if (!location) return undefined;
	try {
		return new URL(location, url).host;
	} catch {
		return location.slice(0, 100);
	}
}

const TIMED_OUT = Symbol('timed out');

/** One request as the retry loop sees it: where it goes, how it signs, what may be repeated. */
interface Call {
	ctx: XContext;
	request: XRequest;
	policy: RetryPolicy;
	credentialType: string;
	credentials: IDataObject;
	itemIndex: number;
	url: string;
	label: string;
	idempotent: boolean;
	timeoutMs: number;
	// n8n 2.x renews a bearer token (or refreshes an OAuth 2.0 token) on a 401 it is told not to
	// ignore; n8n 1.x takes only true or false there, so it ignores that 401 too and hands it back.
	// Such a 401 is sent once more with nothing ignored, and n8n 1.x then renews and retries itself.
	renewsOn401: boolean;
	secrets: () => string[];
	warn: (text: string) => void;
}

/** What the attempts so far used up: retries, rate-limit and Retry-After waits (bounded by maxRateLimitWaitMs in all), the one renewal. */
interface Tries {
	retries: number;
	waited: number;
	renewalAsked: boolean;
}

/** After an attempt: X's answer, or another attempt (after a wait, unless there is none). */
type Next = { done: XResponse } | { again: true; waitMs?: number };

/** Sends one request (with waits and retries as the policy allows) and returns X's parsed answer. */
export async function xRequest(
	ctx: XContext,
	request: XRequest,
	policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<XResponse> {
	const call = await buildCall(ctx, request, policy);
	const tries: Tries = { retries: 0, waited: 0, renewalAsked: false };
	for (let attempt = 1; ; attempt++) {
		const next = await attemptOnce(call, tries, attempt);
		if ('done' in next) return next.done;
		if (next.waitMs !== undefined) await sleep(next.waitMs);
	}
}

/** Build: the credential, the URL with its query encoded once (what is sent is what gets signed), the labels. */
async function buildCall(ctx: XContext, request: XRequest, policy: RetryPolicy): Promise<Call> {
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
	const query = encodePairs(objectToPairs(request.qs));
	const secrets = () => credentialSecrets(credentials);
	return {
		ctx,
		request,
		policy,
		credentialType,
		credentials,
		itemIndex,
		url: `${hostBaseUrl(credentials, request.host)}${path}${query ? `?${query}` : ''}`,
		label: `${request.method} ${path}`,
		idempotent: request.idempotent ?? request.method !== 'POST',
		timeoutMs: policy.timeoutMs ?? DEFAULT_TIMEOUT_MS,
		renewsOn401: auth === 'app' || credentialType === OAUTH2_USER_CREDENTIAL_TYPE,
		secrets,
		warn: (text: string) => ctx.logger.warn(redact(text, secrets())),
	};
}

/** The options of one attempt for n8n's HTTP helper. */
function requestOptions(call: Call, renewalAsked: boolean): IHttpRequestOptions {
	const { request } = call;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: call.url,
		json: true,
		returnFullResponse: true,
		// The node reads the body itself (size and time bounded) and sees every 3xx: n8n would
		// follow a redirect to any host with the Authorization header.
		encoding: 'stream',
		disableFollowRedirect: true,
		timeout: call.timeoutMs,
		headers: { 'User-Agent': USER_AGENT },
		// 401 still throws inside n8n so that an expired bearer token is fetched again once (and an
		// OAuth 2.0 user token refreshed).
		ignoreHttpStatusErrors: renewalAsked ? false : call.renewsOn401 ? { ignore: true, except: [401] } : true,
	};
	if (request.body !== undefined) {
		// n8n sends no body for an empty object; a /2 operation that requires a JSON body gets "{}".
		const empty = request.host === 'api' && !Array.isArray(request.body) && Object.keys(request.body).length === 0;
		options.body = empty ? '{}' : (request.body as IDataObject);
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
	}
	if (request.rawBody) {
		options.body = request.rawBody.bytes;
		options.headers = { ...options.headers, 'Content-Type': request.rawBody.contentType };
	}
	if (request.tokenOverride) (options as unknown as Record<string, unknown>)[SIGNING_OVERRIDE_FIELD] = request.tokenOverride;
	return options;
}

/** Send: one attempt through n8n's helper, its answer read whole within one deadline (n8n's timeout is the socket's idle time only). */
async function sendWithDeadline(call: Call, options: IHttpRequestOptions): Promise<RawAnswer> {
	const state = { timedOut: false };
	const stopClock = new AbortController();
	const deadline = sleep(call.timeoutMs, stopClock.signal).then(
		() => TIMED_OUT,
		() => undefined,
	);
	try {
		const pending = sendOnce(call, options, state);
		const first = await Promise.race([pending, deadline]);
		if (first === TIMED_OUT) {
			state.timedOut = true;
			pending.catch(() => undefined); // settles later (or never); nothing waits for it
			throw Object.assign(new Error(`no complete answer within ${call.timeoutMs / 1000} s`), { code: 'ETIMEDOUT' });
		}
		return first as RawAnswer;
	} finally {
		stopClock.abort();
	}
}

async function sendOnce(call: Call, options: IHttpRequestOptions, state: { timedOut: boolean }): Promise<RawAnswer> {
	const { ctx, request, credentialType } = call;
	let failure: unknown;
	try {
		const reference = ctx.getNode().credentials?.[credentialType];
		const credentialsDecrypted = { id: reference?.id ?? '', name: reference?.name ?? '', type: credentialType, data: call.credentials as ICredentialDataDecryptedObject };
		const full = (await (request.bearerToken
			? ctx.helpers.httpRequest({ ...options, headers: { ...options.headers, Authorization: `Bearer ${request.bearerToken}` } })
			: ctx.helpers.httpRequestWithAuthentication.call(ctx, credentialType, options, { credentialsDecrypted }))) as {
			statusCode: number;
			headers: unknown;
			body: unknown;
		};
		const notRenewed = full.statusCode === 401 && call.renewsOn401 && !request.bearerToken;
		return { status: full.statusCode, headers: lowerCaseHeaders(full.headers), ...(await readBody(full.body, state)), notRenewed };
	} catch (error) {
		failure = error;
	}
	// n8n throws some answers (401 of app-only requests): those are answers all the same.
	const answered = await answerOf(failure, state);
	if (answered) return answered;
	throw failure; // no answer: handled by the caller as a connection failure or turned into our own error
}

async function attemptOnce(call: Call, tries: Tries, attempt: number): Promise<Next> {
	let answer: RawAnswer;
	try {
		answer = await sendWithDeadline(call, requestOptions(call, tries.renewalAsked));
	} catch (error) {
		return connectionFailure(call, tries, attempt, error);
	}
	if (answer.notRenewed && !tries.renewalAsked) {
		tries.renewalAsked = true;
		return { again: true };
	}
	if (answer.status >= 300 && answer.status < 400) {
		// Never followed: X does not redirect API requests, and a redirect is how a stand-in
		// upstream would collect the credentials (same origin included, for one simple rule).
		throw xRedirectError(call.ctx.getNode(), answer, {
			label: call.label,
			itemIndex: call.itemIndex,
			target: redirectTarget(answer.headers.location, call.url),
			from: new URL(call.url).host,
			secrets: call.secrets(),
		});
	}
	return interpretAnswer(call, tries, attempt, answer);
}

/** No answer: an idempotent request is sent again while retries are left, else the failure is ours to name. */
function connectionFailure(call: Call, tries: Tries, attempt: number, error: unknown): Next {
	const { policy } = call;
	if (isConnectionError(error) && call.idempotent && tries.retries < policy.maxRetries) {
		tries.retries++;
		const wait = backoffMs(tries.retries);
		call.warn(`X: ${call.label} ${describeFailure(error, call.timeoutMs)}; retry ${tries.retries} of ${policy.maxRetries} in ${wait} ms`);
		return { again: true, waitMs: wait };
	}
	throw xTransportError(call.ctx.getNode(), error, {
		label: call.label,
		itemIndex: call.itemIndex,
		attempts: attempt,
		connection: isConnectionError(error),
		timeoutMs: call.timeoutMs,
		secrets: call.secrets(),
	});
}

/** Interpret: X's answer read, then kept, waited for (429, Retry-After), sent again (transient) or turned into an error. */
function interpretAnswer(call: Call, tries: Tries, attempt: number, answer: RawAnswer): Next {
	const { ctx, label, itemIndex, policy } = call;
	const read = interpret(call.request, answer, scrubOf(call.credentials));
	if ('unreadable' in read) {
		if (call.idempotent && tries.retries < policy.maxRetries) {
			tries.retries++;
			const wait = backoffMs(tries.retries);
			call.warn(`X: ${label} answered ${answer.status} with ${read.unreadable}; retry ${tries.retries} of ${policy.maxRetries} in ${wait} ms`);
			return { again: true, waitMs: wait };
		}
		throw xUnreadableError(ctx.getNode(), answer, { label, itemIndex, attempts: attempt, what: read.unreadable, secrets: call.secrets() });
	}
	const response: XResponse = { status: answer.status, headers: answer.headers, body: read.body };
	if (response.status < 400) return { done: tries.retries ? { ...response, repeated: true } : response };
	if (response.status === 429) {
		// X did not process a rate-limited request, so any method may be sent again.
		const wait = rateLimitWaitMs(response.headers) ?? backoffMs(attempt);
		if (tries.waited + wait > policy.maxRateLimitWaitMs) {
			throw xApiError(ctx.getNode(), response, {
				label,
				itemIndex,
				secrets: call.secrets(),
				extraHint: `The rate limit resets in ${Math.ceil(wait / 1000)} s, beyond the node's Max Rate Limit Wait (${Math.round(policy.maxRateLimitWaitMs / 1000)} s in all): raise that option or run later.`,
			});
		}
		call.warn(`X: ${label} hit a rate limit (429); waiting ${wait} ms for the window to reset`);
		tries.waited += wait;
		return { again: true, waitMs: wait };
	}
	if (TRANSIENT_STATUSES.has(response.status) && call.idempotent && tries.retries < policy.maxRetries) {
		const retryAfter = retryAfterMs(response.headers);
		if (retryAfter === undefined || tries.waited + retryAfter <= policy.maxRateLimitWaitMs) {
			tries.retries++;
			const wait = retryAfter ?? backoffMs(tries.retries);
			if (retryAfter !== undefined) tries.waited += retryAfter;
			call.warn(`X: ${label} answered ${response.status}; retry ${tries.retries} of ${policy.maxRetries} in ${wait} ms`);
			return { again: true, waitMs: wait };
		}
	}
	throw xApiError(ctx.getNode(), response, { label, itemIndex, attempts: attempt, secrets: call.secrets() });
}

function describeFailure(error: unknown, timeoutMs: number): string {
	const err = error as { code?: string; message?: string };
	return err.code === 'ETIMEDOUT' || /timeout of \d+ms/.test(String(err.message))
		? `did not answer within ${timeoutMs / 1000} s`
		: 'lost its connection';
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

/** A file X hands out by URL (an asynchronous analytics result), as it came: status, headers and bytes. */
export interface Download {
	status: number;
	headers: Record<string, string>;
	bytes: Buffer;
}

/**
 * Downloads a file X links to, such as an analytics job's result on X's file host or a CDN.
 * Those URLs are unsigned and on another host than the API, so the request carries no
 * credential at all (n8n's plain httpRequest); the timeout, the answer size, the retries and the
 * redirects (never followed) follow the same rules as API requests. Any status comes back to the caller (a 403 or 404 of an expired
 * file is the caller's to handle), 5xx and lost connections are retried first.
 */
export async function xDownload(ctx: IExecuteFunctions, url: string, policy: RetryPolicy, itemIndex = 0): Promise<Download> {
	const target = new URL(url);
	if (target.protocol !== 'https:' && target.protocol !== 'http:') {
		throw new NodeOperationError(ctx.getNode(), `X's result URL is not an http(s) address: ${target.protocol}`, { itemIndex });
	}
	const timeoutMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	const label = `GET ${target.host}${target.pathname}`;
	let retries = 0;
	let waited = 0;
	for (let attempt = 1; ; attempt++) {
		const state = { timedOut: false };
		const stopClock = new AbortController();
		const deadline = sleep(timeoutMs, stopClock.signal).then(
			() => TIMED_OUT,
			() => undefined,
		);
		let answer: RawAnswer;
		try {
			const pending = (async (): Promise<RawAnswer> => {
				const full = (await ctx.helpers.httpRequest({
					method: 'GET',
					url,
					encoding: 'stream',
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
					// Only the address X's job names is read: a redirect could point anywhere (an internal address).
					disableFollowRedirect: true,
					timeout: timeoutMs,
					headers: { 'User-Agent': USER_AGENT },
				})) as { statusCode: number; headers: unknown; body: unknown };
				return { status: full.statusCode, headers: lowerCaseHeaders(full.headers), ...(await readBody(full.body, state)) };
			})();
			const first = await Promise.race([pending, deadline]);
			if (first === TIMED_OUT) {
				state.timedOut = true;
				pending.catch(() => undefined);
				throw Object.assign(new Error(`no complete answer within ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' });
			}
			answer = first as RawAnswer;
		} catch (error) {
			if (isConnectionError(error) && retries < policy.maxRetries) {
				retries++;
				const wait = backoffMs(retries);
				ctx.logger.warn(`X: ${label} ${describeFailure(error, timeoutMs)}; retry ${retries} of ${policy.maxRetries} in ${wait} ms`);
				await sleep(wait);
				continue;
			}
			throw xTransportError(ctx.getNode(), error, { label, itemIndex, attempts: attempt, connection: isConnectionError(error), timeoutMs, secrets: [] });
		} finally {
			stopClock.abort();
		}
		if (answer.status >= 300 && answer.status < 400) {
			const where = redirectTarget(answer.headers.location, url) ?? 'no Location';
			throw new NodeOperationError(ctx.getNode(), `X's file host answered ${answer.status}, a redirect to ${where}: not followed`, {
				itemIndex,
				description: `${label}. Result files are read only from the address X's job names, so a proxy or a changed link cannot send the node to another address. Check what stands between n8n and X's file host.`,
			});
		}
		if (answer.tooLarge) {
			throw new NodeOperationError(ctx.getNode(), `X's result file is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB (not read)`, { itemIndex, description: label });
		}
		if (TRANSIENT_STATUSES.has(answer.status) && retries < policy.maxRetries) {
			const retryAfter = retryAfterMs(answer.headers);
			if (retryAfter === undefined || waited + retryAfter <= policy.maxRateLimitWaitMs) {
				retries++;
				const wait = retryAfter ?? backoffMs(retries);
				if (retryAfter !== undefined) waited += retryAfter;
				ctx.logger.warn(`X: ${label} answered ${answer.status}; retry ${retries} of ${policy.maxRetries} in ${wait} ms`);
				await sleep(wait);
				continue;
			}
		}
		return { status: answer.status, headers: answer.headers, bytes: answer.bytes ?? Buffer.alloc(0) };
	}
}
