/**
 * X's error answers as NodeApiErrors: X's code and message, the request's method and path, and a
 * hint that says what to do. Built only from X's response body and our own words, never from the
 * request; and since an upstream may echo the request, every text goes through redact().
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { redact, redactDeep } from './redact';

interface Answer {
	status: number;
	body: unknown;
}

export interface XErrorDetail {
	code?: string | number;
	message?: string;
	parameter?: string;
}

/** Failure reasons of v2 webhook management, named somewhere in X's error body. */
export const WEBHOOK_REASONS = ['CrcValidationFailed', 'UrlValidationFailed', 'DuplicateUrlFailed', 'WebhookLimitExceeded', 'WebhookIdInvalid'] as const;

/** X's reason is cut here in messages (an answer may quote the user's long values back). */
const MAX_REASON_CHARS = 400;
/** A value of the user's that X names (a rule, a URL), cut to this in messages. */
export const MAX_QUOTED_VALUE_CHARS = 80;

export function cut(text: string, max: number): string {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A text of X's error: a non-empty string, or a list of them (X's details) joined. */
function words(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim() || undefined;
	if (Array.isArray(value)) return words(value.filter((v) => typeof v === 'string' && v.trim()).join('; '));
	return undefined;
}

/** A v2 problem type's name: https://api.x.com/2/problems/credits-depleted -> credits-depleted. */
function problemName(type: unknown): string | undefined {
	return typeof type === 'string' && /\/problems\/[\w-]+$/.test(type) ? type.slice(type.lastIndexOf('/') + 1) : undefined;
}

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined);

/** The first entry of X's error list: errors[], else operation_errors (a list per operation, or entries with their errors), else processing_info.error. */
function firstEntry(b: Json): Json | undefined {
	if (Array.isArray(b.errors)) return objectOf(b.errors.find((e) => objectOf(e)));
	if (Array.isArray(b.operation_errors)) {
		for (const entry of b.operation_errors) {
			const found = Array.isArray(entry) ? entry.find((e) => objectOf(e)) : (objectOf(entry)?.errors as unknown[] | undefined)?.find((e) => objectOf(e)) ?? objectOf(entry);
			if (found) return found as Json;
		}
	}
	return objectOf(objectOf(objectOf(b.data)?.processing_info ?? b.processing_info)?.error);
}

/**
 * X's error, whatever its shape, read into its code, reason and parameter: the Ads API's
 * errors[{code, message, parameter}], v2's errors[{message, detail, details, title, type,
 * parameter}] and problem+json ({title, detail, type, reason}), OAuth's {error,
 * error_description}, operation_errors and processing_info.error. The reason is X's most specific
 * text, cut to MAX_REASON_CHARS.
 */
export function xErrorDetail(body: unknown): XErrorDetail {
	if (!body || typeof body !== 'object') {
		return typeof body === 'string' && body.trim() ? { message: cut(body.trim().replace(/\s+/g, ' '), 300) } : {};
	}
	const b = body as Json;
	const first = firstEntry(b);
	const text = JSON.stringify(body);
	const oauthError = typeof b.error === 'string' ? b.error : undefined;
	const code = (WEBHOOK_REASONS.find((r) => text.includes(r)) ?? first?.code ?? first?.reason ?? b.reason ?? problemName(first?.type) ?? problemName(b.type) ?? first?.name ?? oauthError ?? words(b.title)) as string | number | undefined;
	const message =
		words(first?.message) ?? words(first?.details) ?? words(first?.detail) ?? words(b.detail) ?? words(b.error_description) ?? words(b.message) ?? words(objectOf(b.error)?.message) ?? words(first?.title) ?? words(b.title);
	const parameter = (first?.parameter ?? first?.field) as string | undefined;
	return { code, message: message && cut(message, MAX_REASON_CHARS), parameter: typeof parameter === 'string' ? parameter : undefined };
}

/** One refusal entry of X's in words, its reason first: "<reason> (<title or code>), in the rule "<value, cut>"". */
export function refusalWords(entry: IDataObject, valueName = 'value'): string {
	const detail = xErrorDetail({ errors: [entry] });
	const label = words(entry.title) ?? (detail.code !== undefined ? String(detail.code) : undefined);
	const value = typeof entry.value === 'string' && entry.value ? `, in the ${valueName} "${cut(entry.value, MAX_QUOTED_VALUE_CHARS)}"` : '';
	return `${detail.message ?? 'no reason given'}${label && label !== detail.message ? ` (${label})` : ''}${value}`;
}

const HINTS: Array<{ when: (status: number, d: XErrorDetail) => boolean; hint: string }> = [
	{
		when: (_, d) => d.code === 'CrcValidationFailed',
		hint: 'X\'s CRC check of the URL failed: the URL must answer GET ?crc_token=... within 3 seconds with {"response_token": "sha256=<base64 HMAC-SHA256 of the token, keyed with the App\'s API key secret>"}. Make sure the receiving workflow (X Trigger) is active and reachable from the internet, then validate again.',
	},
	{
		when: (_, d) => d.code === 'UrlValidationFailed',
		hint: 'X refused the URL: it must be a public https URL without a port. For n8n, set WEBHOOK_URL to the public https address (for example behind a reverse proxy on 443).',
	},
	{
		when: (_, d) => d.code === 'DuplicateUrlFailed',
		hint: 'The App already has a webhook with this URL: list the webhooks and reuse (or delete) that one.',
	},
	{
		when: (_, d) => d.code === 'WebhookLimitExceeded',
		hint: 'The App has reached its maximum number of webhooks: delete one it no longer needs (list them first), or use a higher API plan.',
	},
	{
		when: (_, d) => d.code === 'WebhookIdInvalid',
		hint: 'X does not know this webhook ID for the App: list the App\'s webhooks to get a valid ID (it may have been deleted).',
	},
	{
		when: (s, d) => s === 401 && String(d.code) === '32',
		hint: 'X could not verify the OAuth signature: check the consumer key and secret and the access token and secret in the credential, and that this machine\'s clock is right (X refuses signatures made with a clock that is off by minutes).',
	},
	{
		when: (s, d) => s === 401 && String(d.code) === '89',
		hint: 'The access token was invalidated or has expired: create new access tokens (or reconnect the Connect credential) and update the credential.',
	},
	{
		when: (s, d) => s === 401 && String(d.code) === '135',
		hint: 'X says the request timestamp is out of bounds: correct this machine\'s clock.',
	},
	{
		when: (s) => s === 401,
		hint: 'X refused the credentials: check the keys and tokens of the credential; for app-only requests, the API key and secret or the pasted bearer token.',
	},
	{
		when: (s, d) => s === 403 && String(d.code) === '99',
		hint: 'X refuses bearer tokens requested too often: the X App-Only credential keeps one token and reuses it; wait 15 minutes, or paste a bearer token into the credential.',
	},
	{
		// X's pay-per-use answer when the account's credits are used up (X's pricing page: credits are bought in the Developer Console).
		when: (s, d) => s === 402 || d.code === 'credits-depleted' || d.code === 'CreditsDepleted',
		hint: 'X bills the X API by use, and the credits of the App\'s developer account are used up (or the balance is below zero): X refuses requests until credits are added. In the Developer Console (console.x.com), buy credits or turn on auto-recharge, and check the spending limit; then run again.',
	},
	{
		// X's v2 problem for a developer account not enrolled in the access the endpoint needs.
		when: (s, d) => s === 403 && d.code === 'user-not-enrolled',
		hint: 'X says the developer account that owns the App is not enrolled for this endpoint: sign in to the Developer Console (console.x.com) with that account, accept the developer agreement and choose pay-per-use access (or a plan that includes this endpoint), then run again with that App\'s keys and tokens.',
	},
	{
		// X's v2 problem for an App outside a Project or without the access an endpoint needs.
		when: (s, d) => s === 403 && d.code === 'client-not-enrolled',
		hint: 'X says the App is not enrolled for this endpoint: in the Developer Console (console.x.com, the developer portal), attach the App to a Project and check that the Project\'s access level includes this endpoint (webhooks and activity subscriptions need a plan with them; on pay-per-use, that the account has credits), then use that App\'s keys and tokens in the credential.',
	},
	{
		when: (_, d) => d.code === 'UNAUTHORIZED_ACCESS',
		hint: 'The ads account is not associated with the user whose tokens the credential holds: pick the account from the list, or use the tokens of a user with access to it. For posts on behalf of an advertiser (As User ID), the advertiser must first grant your handle access to the ads account in X Ads.',
	},
	{
		when: (s, d) => s === 404 || d.code === 'NOT_FOUND',
		hint: 'Check the ID and whether the record was deleted (list the records to find current IDs). For X Ads, check the credential\'s environment (production or sandbox) too; where an operation offers With Deleted, deleted records are found only with it.',
	},
	{
		when: (s, d) => s === 429 || d.code === 'TOO_MANY_REQUESTS',
		hint: 'X\'s rate limit for this endpoint is exhausted.',
	},
	{
		when: (s) => s >= 500,
		hint: 'X had a server problem. Run the workflow again later.',
	},
	{
		when: (_, d) => d.code === 'INVALID_PARAMETER' || d.code === 'MISSING_PARAMETER',
		hint: 'X refused a parameter: correct its value in the node.',
	},
];

/**
 * n8n replaces an error message that names a network error code (ECONNREFUSED, ETIMEDOUT, ...) with
 * its own generic text, which would hide X's words (a CRC that could not reach n8n reads as "the
 * service refused the connection"). Messages carry the words; descriptions keep the codes.
 */
const NETWORK_CODES: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ECONNRESET: 'connection reset',
	ECONNABORTED: 'connection aborted',
	ETIMEDOUT: 'timed out',
	ENOTFOUND: 'host not found',
	EHOSTUNREACH: 'host unreachable',
	EAI_AGAIN: 'name lookup failed',
	EADDRNOTAVAIL: 'address not available',
	GETADDRINFO: 'name lookup',
};

export function plainMessage(text: string): string {
	return text.replace(/ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|EADDRNOTAVAIL|GETADDRINFO/gi, (code) => NETWORK_CODES[code.toUpperCase()]);
}

export function hintFor(status: number, detail: XErrorDetail): string | undefined {
	return HINTS.find((h) => h.when(status, detail))?.hint;
}

export interface ErrorContext {
	/** METHOD /path of the request, e.g. GET /12/accounts. */
	label: string;
	itemIndex?: number;
	attempts?: number;
	extraHint?: string;
	/** Replaces X's message, for cases where ours says more (e.g. "already deleted"). */
	message?: string;
	/** The credential's secret values, removed from every text even where no pattern matches. */
	secrets?: readonly string[];
}

export function xApiError(node: INode, answer: Answer, context: ErrorContext): NodeApiError {
	const scrub = (text: string) => redact(text, context.secrets);
	const body = redactDeep(answer.body, context.secrets);
	const detail = xErrorDetail(body);
	const code = detail.code !== undefined ? ` ${String(detail.code)}` : '';
	const message = scrub(plainMessage(context.message ?? `X answered ${answer.status}${code}: ${detail.message ?? 'no message'}`));
	const parts = [
		`${context.label}${detail.parameter ? `, parameter ${detail.parameter}` : ''}${
			context.attempts && context.attempts > 1 ? ` (after ${context.attempts} attempts)` : ''
		}.`,
		hintFor(answer.status, detail),
		context.extraHint,
	].filter(Boolean);
	const error = new NodeApiError(node, (body && typeof body === 'object' ? body : { message: detail.message ?? '' }) as JsonObject, {
		message,
		description: scrub(parts.join(' ')),
		httpCode: String(answer.status),
		itemIndex: context.itemIndex,
	});
	error.context = {
		...error.context,
		xCode: detail.code,
		xMessage: detail.message,
		parameter: detail.parameter,
		request: context.label,
		itemIndex: context.itemIndex,
	};
	return error;
}

/**
 * A request that got no HTTP answer (refused, reset, timed out) or failed before sending (for
 * example the bearer token could not be issued). A fresh error without `cause`, so the request
 * (and its Authorization header) is not carried along.
 */
export function xTransportError(
	node: INode,
	error: unknown,
	context: ErrorContext & { connection: boolean; timeoutMs?: number },
): NodeApiError {
	const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
	const code = err.cause?.code ?? err.code;
	const timedOut = code === 'ETIMEDOUT' || code === 'ECONNABORTED' || /timeout of \d+ms/.test(String(err.message));
	const brokeOff = /middle of the answer/.test(String(err.message));
	const reason = timedOut
		? `X did not answer within ${(context.timeoutMs ?? 0) / 1000} s`
		: brokeOff
			? `X's answer broke off: ${err.message}`
			: context.connection
			? `X could not be reached: ${code ?? err.message ?? 'connection failed'}`
			: (err.cause?.message ?? err.message ?? 'request failed');
	const after = context.attempts && context.attempts > 1 ? ` (after ${context.attempts} attempts)` : '';
	const scrub = (text: string) => redact(text, context.secrets);
	const description = timedOut
		? `${context.label}${after}. Raise Request Options > Timeout if X is slow for this request, or check the base URLs in the credential.`
		: context.connection
			? `${context.label}${after}${code ? ` (${code})` : ''}. Check the base URLs in the credential and the network.`
			: `${context.label}.`;
	return new NodeApiError(node, { message: scrub(reason) } as JsonObject, {
		message: scrub(plainMessage(reason)),
		description: scrub(description),
		itemIndex: context.itemIndex,
	});
}

interface RawAnswer {
	status: number;
	headers: Record<string, string>;
}

/** A 3xx: never followed, so the credentials never reach the host it names. */
export function xRedirectError(
	node: INode,
	answer: RawAnswer,
	context: ErrorContext & { target?: string; from: string },
): NodeApiError {
	const where = context.target ?? 'no Location';
	const sameHost = context.target === context.from;
	const message = redact(`X answered ${answer.status}, a redirect to ${where}: not followed`, context.secrets);
	const description = redact(
		`${context.label}. The node never follows redirects, so the credentials are never sent to ${sameHost ? 'a URL the request did not name' : `another host (${where})`}. X does not redirect API requests: check the base URLs in the credential (a proxy or an old address may answer with a redirect).`,
		context.secrets,
	);
	const error = new NodeApiError(node, { message } as JsonObject, { message, description, httpCode: String(answer.status), itemIndex: context.itemIndex });
	error.context = { ...error.context, request: context.label, redirectTo: context.target, itemIndex: context.itemIndex };
	return error;
}

/** A 2xx that is not X's answer (HTML, empty, cut off, too large): an error that says what came back. */
export function xUnreadableError(
	node: INode,
	answer: RawAnswer,
	context: ErrorContext & { what: string },
): NodeApiError {
	const after = context.attempts && context.attempts > 1 ? ` (after ${context.attempts} attempts)` : '';
	const message = redact(`X answered ${answer.status} with ${context.what}, not X's JSON`, context.secrets);
	const description = redact(
		`${context.label}${after}. The answer could not be read, so nothing was taken from it. A proxy, a captive portal or a wrong base URL in the credential can answer like this; if X applied a write before the answer broke, check before sending it again.`,
		context.secrets,
	);
	const error = new NodeApiError(node, { message } as JsonObject, { message, description, httpCode: String(answer.status), itemIndex: context.itemIndex });
	error.context = { ...error.context, request: context.label, itemIndex: context.itemIndex };
	return error;
}
