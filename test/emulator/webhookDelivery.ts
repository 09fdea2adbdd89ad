/**
 * Outgoing calls of the webhook machinery (X's authentication and webhook docs): the CRC GET and signed event POSTs to the
 * customer's callback, made with undici. Both use the app consumer secret as the HMAC-SHA256 key.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';

import type { Store } from './store';
import {
	emulatorNow,
	pushBounded,
	webhookState,
	type CrcAttempt,
	type DeliveryResult,
	type RecordedEvent,
	type WebhookSettings,
} from './state/webhooks';

export const SIGNATURE_HEADER = 'x-twitter-webhooks-signature';

/** What a consumer must accept; the CRC tokens the emulator sends always match it. */
export const CRC_TOKEN_PATTERN = /^[A-Za-z0-9+/=_-]{16,128}$/;

/** "sha256=" + base64(HMAC-SHA256(key, message)): the CRC response_token and the delivery signature. */
export function hmacSha256Header(consumerSecret: string, message: string): string {
	return `sha256=${createHmac('sha256', consumerSecret).update(message, 'utf8').digest('base64')}`;
}

/** A random base64 token (44 characters with "+", "/" and "=" likely), like X's. */
export function newCrcToken(): string {
	return randomBytes(32).toString('base64');
}

const MAX_ANSWER_BYTES = 64 * 1024;

function dispatcherFor(settings: WebhookSettings): Agent {
	return new Agent({
		connect: {
			...(settings.trustedCaPem ? { ca: settings.trustedCaPem } : {}),
			rejectUnauthorized: !settings.allowSelfSignedCertificates,
		},
		keepAliveTimeout: 10,
		keepAliveMaxTimeout: 10,
	});
}

function describeFailure(error: unknown, timeoutMs: number): string {
	const err = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
	const code = err.cause?.code ?? err.code;
	if (err.name === 'TimeoutError' || err.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
		return `no answer within ${timeoutMs / 1000} s`;
	}
	if (code && /CERT|SELF_SIGNED|TLS|SSL|UNABLE_TO_VERIFY|ERR_TLS/i.test(code)) return `the TLS certificate was not accepted (${code})`;
	if (code) return `could not connect (${code})`;
	return `the request failed (${err.message ?? 'unknown error'})`;
}

interface Answer {
	status: number;
	text: string;
}

async function send(
	settings: WebhookSettings,
	url: string,
	init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
	timeoutMs: number,
): Promise<Answer> {
	const dispatcher = dispatcherFor(settings);
	try {
		const r = await request(url, {
			method: init.method,
			headers: { 'user-agent': 'x-emulator-webhooks/1.0', ...init.headers },
			body: init.body,
			dispatcher,
			signal: AbortSignal.timeout(timeoutMs),
			headersTimeout: timeoutMs,
			bodyTimeout: timeoutMs,
		});
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of r.body) {
			size += (chunk as Buffer).length;
			if (size <= MAX_ANSWER_BYTES) chunks.push(chunk as Buffer);
		}
		return { status: r.statusCode, text: Buffer.concat(chunks).toString('utf8') };
	} finally {
		dispatcher.destroy().catch(() => undefined);
	}
}

function withQuery(url: string, name: string, value: string): string {
	const hash = url.indexOf('#');
	const base = hash === -1 ? url : url.slice(0, hash);
	return `${base}${base.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

/**
 * The CRC check: GET url?crc_token=<token>; passes only on 200 with JSON
 * {"response_token": "sha256=" + base64(HMAC-SHA256(consumer secret, token))} within the deadline.
 */
export async function runCrc(store: Store, url: string, trigger: CrcAttempt['trigger'], webhookId: string | null): Promise<CrcAttempt> {
	const state = webhookState(store);
	const settings = state.settings;
	const token = newCrcToken();
	const expected = hmacSha256Header(store.app.consumerSecret, token);
	const attempt: CrcAttempt = { time: new Date(emulatorNow(store)).toISOString(), webhookId, url, trigger, ok: false, status: null };
	try {
		const answer = await send(settings, withQuery(url, 'crc_token', token), { method: 'GET' }, settings.crcTimeoutMs);
		attempt.status = answer.status;
		if (answer.status !== 200) {
			attempt.reason = `the callback answered HTTP ${answer.status} instead of 200`;
		} else {
			let body: unknown;
			try {
				body = JSON.parse(answer.text);
			} catch {
				body = undefined;
			}
			const got = body && typeof body === 'object' ? (body as Record<string, unknown>).response_token : undefined;
			if (got === undefined) attempt.reason = 'the answer was not JSON with a response_token';
			else if (got !== expected) attempt.reason = 'the response_token did not match the HMAC-SHA256 of the crc_token keyed with the consumer secret';
			else attempt.ok = true;
		}
	} catch (error) {
		attempt.reason = describeFailure(error, settings.crcTimeoutMs);
	}
	pushBounded(state.crcLog, attempt);
	return attempt;
}

export interface DeliveryOptions {
	/** Send every body twice (X's retries cause duplicates). */
	twice?: boolean;
	/** Sign the body, then send a changed body: the signature no longer matches. */
	tamper?: boolean;
	/** Send without the signature header. */
	unsigned?: boolean;
	/**
	 * With an array `event`: send the whole array as one POST body. Without it, an array is sent as
	 * one POST per element (in order); a non-array event is always one POST.
	 */
	batch?: boolean;
}

function tamperedBody(body: string): string {
	const parsed = JSON.parse(body) as unknown;
	const changed = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...(parsed as object), tampered: true } : { tampered: true, events: parsed };
	return JSON.stringify(changed);
}

/** POSTs one raw JSON body to url, signed unless told otherwise; never throws. */
export async function postEvent(
	store: Store,
	target: { url: string; webhookId: string | null },
	body: string,
	opts: { tamper?: boolean; unsigned?: boolean; replay?: boolean } = {},
): Promise<DeliveryResult> {
	const state = webhookState(store);
	if (state.deliveryRewrite) body = state.deliveryRewrite(body);
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (!opts.unsigned) headers[SIGNATURE_HEADER] = hmacSha256Header(store.app.consumerSecret, body);
	const sent = opts.tamper ? tamperedBody(body) : body;
	const result: DeliveryResult = {
		webhookId: target.webhookId,
		url: target.url,
		status: null,
		signed: !opts.unsigned,
		tampered: !!opts.tamper,
		replay: !!opts.replay,
		body: sent,
	};
	try {
		const answer = await send(state.settings, target.url, { method: 'POST', headers, body: sent }, state.settings.deliveryTimeoutMs);
		result.status = answer.status;
	} catch (error) {
		result.error = describeFailure(error, state.settings.deliveryTimeoutMs);
	}
	pushBounded(state.deliveries, result);
	return result;
}

/**
 * Addresses event bodies to a registered webhook: records each for replay, skips delivery while the
 * webhook is invalid (X stops deliveries until a CRC passes), and posts it otherwise.
 */
export async function deliverToWebhook(
	store: Store,
	webhookId: string,
	bodies: string[],
	source: RecordedEvent['source'],
	opts: DeliveryOptions = {},
): Promise<DeliveryResult[]> {
	const state = webhookState(store);
	const results: DeliveryResult[] = [];
	for (const body of bodies) {
		const webhook = store.webhooks.find((w) => w.id === webhookId);
		if (!webhook) {
			results.push(skipped(webhookId, '', body, 'webhook not found'));
			continue;
		}
		const event: RecordedEvent = { seq: state.nextSeq++, webhookId, time: emulatorNow(store), body, source, delivered: false };
		pushBounded(state.events, event);
		if (!webhook.valid) {
			const r = skipped(webhookId, webhook.url, body, 'webhook invalid: its last CRC check failed; validate it to resume deliveries');
			pushBounded(state.deliveries, r);
			results.push(r);
			continue;
		}
		const times = opts.twice ? 2 : 1;
		for (let i = 0; i < times; i++) {
			const r = await postEvent(store, { url: webhook.url, webhookId }, body, opts);
			if (r.status !== null && r.status >= 200 && r.status < 300) event.delivered = true;
			results.push(r);
		}
	}
	return results;
}

export function skipped(webhookId: string | null, url: string, body: string, error: string): DeliveryResult {
	return { webhookId, url, status: null, error, signed: false, tampered: false, replay: false, body };
}

/** Serializes an event argument into the POST bodies it becomes. */
export function eventBodies(event: unknown, batch?: boolean): string[] {
	if (Array.isArray(event) && !batch) return event.map((e) => JSON.stringify(e));
	return [JSON.stringify(event)];
}
