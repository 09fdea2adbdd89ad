/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * v2 webhook management (X's authentication and webhook docs), app-only bearer token: create (URL rules, duplicate, limit,
 * then a real CRC GET to the callback), list, validate (CRC again), delete, and replay of the
 * events of a window (re-delivered asynchronously).
 *
 * Failure reasons and the HTTP status chosen for each (X does not publish them):
 *   UrlValidationFailed 400, CrcValidationFailed 400, DuplicateUrlFailed 409,
 *   WebhookLimitExceeded 403, WebhookIdInvalid 404; malformed bodies and parameters 400 (Invalid Request).
 */
import { HttpError, ok, type RequestContext } from '../http';
import { isObject } from '../jsonBody';
import type { Router } from '../router';
import type { Store, Webhook } from '../store';
import { snowflake, v2Time } from '../util';
import { postEvent, runCrc } from '../webhookDelivery';
import { emulatorNow, webhookState, type CrcAttempt, type ReplayJob, type WebhookSettings } from '../state/webhooks';

export type WebhookReason = 'UrlValidationFailed' | 'CrcValidationFailed' | 'DuplicateUrlFailed' | 'WebhookLimitExceeded' | 'WebhookIdInvalid';

export const REASON_STATUS: Record<WebhookReason, number> = {
	UrlValidationFailed: 400,
	CrcValidationFailed: 400,
	DuplicateUrlFailed: 409,
	WebhookLimitExceeded: 403,
	WebhookIdInvalid: 404,
};

/**
 * Problem titles and the openapi Problem type of each status (openapi.json lists the types X uses;
 * X does not publish which one each webhook failure carries).
 */
const PROBLEMS: Record<number, [string, string]> = {
	400: ['Invalid Request', 'invalid-request'],
	403: ['Forbidden', 'disallowed-resource'],
	404: ['Not Found Error', 'resource-not-found'],
	409: ['Conflict', 'invalid-request'],
};

/** A v2 problem: {errors:[{message, ...}], title, detail, type} with a type openapi.json lists. */
export function problem(status: number, message: string, extra: Record<string, unknown> = {}, errorExtra: Record<string, unknown> = {}): HttpError {
	const [title, type] = PROBLEMS[status] ?? ['Invalid Request', 'invalid-request'];
	return new HttpError(status, {
		errors: [{ message, ...errorExtra }],
		title,
		detail: message,
		type: `https://api.x.com/2/problems/${type}`,
		...extra,
	});
}

/** v2 error carrying a webhook failure reason (the node looks for the reason name in the body). */
export function webhookError(reason: WebhookReason, message: string, extra: Record<string, unknown> = {}): HttpError {
	return problem(REASON_STATUS[reason], message, extra, { reason });
}

/** 400 Invalid Request naming a parameter and its value, as v2 does. */
export function invalidRequest(parameter: string, value: unknown, message: string): HttpError {
	return problem(400, message, { parameter }, { parameters: { [parameter]: value === undefined ? [] : [String(value)] } });
}

/** The JSON object body of a v2 request, or 400. */
export function v2JsonObject(ctx: RequestContext): Record<string, unknown> {
	const type = String(ctx.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (type !== 'application/json') throw invalidRequest('Content-Type', type || 'none', 'Content-Type must be application/json.');
	if (!isObject(ctx.json)) throw invalidRequest('body', undefined, 'The request body must be a JSON object.');
	return ctx.json;
}

const LOOPBACK_NAMES = /^(localhost|.*\.localhost)$/i;
const NON_PUBLIC_NAMES = /(^|\.)(local|internal|localdomain|lan|home\.arpa)$/i;

function ipv4(host: string): number[] | null {
	const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
	return m ? m.slice(1).map(Number) : null;
}

export function isLoopbackHost(hostname: string): boolean {
	const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	const v4 = ipv4(h);
	if (v4) return v4[0] === 127;
	return h === '::1' || LOOPBACK_NAMES.test(h);
}

function isNonPublicHost(hostname: string): boolean {
	const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	const v4 = ipv4(h);
	if (v4) {
		const [a, b] = v4;
		return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
	}
	if (h.includes(':')) return h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h);
	return LOOPBACK_NAMES.test(h) || NON_PUBLIC_NAMES.test(h) || !h.includes('.');
}

/** Why X would refuse this callback URL, or undefined when it is acceptable. */
export function callbackUrlProblem(url: string, settings: WebhookSettings): string | undefined {
	if (url.length < 1 || url.length > 200) return `The url must be 1 to 200 characters long (got ${url.length}).`;
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return 'The url is not a valid URL.';
	}
	const loopbackAllowed = settings.allowHttpLoopbackCallbacks && isLoopbackHost(parsed.hostname);
	if (parsed.protocol !== 'https:' && !(loopbackAllowed && parsed.protocol === 'http:')) return 'The url must use https.';
	if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:\d*(?:[/?#]|$)/i.test(url.replace(/\/\/[^/@]*@/, '//')) && !loopbackAllowed) {
		return 'The url must not contain a port.';
	}
	if (parsed.username || parsed.password) return 'The url must not contain credentials.';
	if (!loopbackAllowed && isNonPublicHost(parsed.hostname)) return 'The url must be publicly reachable (not a loopback, private or local address).';
	return undefined;
}

function normalizedUrl(url: string): string {
	try {
		return new URL(url).href;
	} catch {
		return url;
	}
}

export function render(w: Webhook) {
	return { id: w.id, url: w.url, valid: w.valid, created_at: w.created_at };
}

async function createWebhook(ctx: RequestContext) {
	const { store } = ctx;
	const state = webhookState(store);
	const body = v2JsonObject(ctx);
	// The pipeline checked the body against CreateWebhooksRequest (url: a string of 1 to 200 characters).
	for (const key of Object.keys(body)) if (key !== 'url') throw invalidRequest(key, body[key], `Unknown parameter ${key} (this endpoint takes url).`);
	const url = String(body.url);
	const problemText = callbackUrlProblem(url, state.settings);
	if (problemText) throw webhookError('UrlValidationFailed', `Webhook URL does not meet the requirements: ${problemText}`);
	const key = normalizedUrl(url);
	if (store.webhooks.some((w) => normalizedUrl(w.url) === key) || state.pendingUrls.has(key)) {
		throw webhookError('DuplicateUrlFailed', 'The App already has a webhook with this URL.');
	}
	if (store.webhooks.length + state.pendingUrls.size >= state.settings.maxWebhooks) {
		throw webhookError('WebhookLimitExceeded', `The App has reached its maximum of ${state.settings.maxWebhooks} webhook(s).`);
	}
	state.pendingUrls.add(key);
	try {
		const crc = await runCrc(store, url, 'create', null);
		if (!crc.ok) throw webhookError('CrcValidationFailed', `The CRC check of the webhook URL failed: ${crc.reason}.`);
		const webhook: Webhook = { id: newWebhookId(store), url, valid: true, created_at: v2Time(ctx.now) };
		store.webhooks.push(webhook);
		state.validatedAt.set(webhook.id, ctx.now);
		crc.webhookId = webhook.id;
		return ok({ data: render(webhook) });
	} finally {
		state.pendingUrls.delete(key);
	}
}

function newWebhookId(store: Store): string {
	let id = snowflake();
	while (store.webhooks.some((w) => w.id === id)) id = snowflake();
	return id;
}

function listWebhooks(ctx: RequestContext) {
	const data = ctx.store.webhooks.map(render);
	return ok({ data, meta: { result_count: data.length } });
}

export const WEBHOOK_ID_PATTERN = /^[0-9]{1,19}$/;

/** The app's webhook with this id, or 400 (malformed) / WebhookIdInvalid (unknown). */
export function findWebhook(store: Store, id: unknown, parameter = 'webhook_id'): Webhook {
	if (typeof id !== 'string' || !WEBHOOK_ID_PATTERN.test(id)) {
		throw invalidRequest(parameter, String(id).slice(0, 40), `The ${parameter} value must be 1 to 19 digits.`);
	}
	const webhook = store.webhooks.find((w) => w.id === id);
	if (!webhook) throw webhookError('WebhookIdInvalid', `The App has no webhook with id ${id}.`, { resource_type: 'webhook', resource_id: id, parameter, value: id });
	return webhook;
}

async function validateWebhook(ctx: RequestContext) {
	const webhook = findWebhook(ctx.store, ctx.pathParams.webhook_id);
	const crc = await runCrc(ctx.store, webhook.url, 'validate', webhook.id);
	webhook.valid = crc.ok;
	if (crc.ok) webhookState(ctx.store).validatedAt.set(webhook.id, ctx.now);
	if (!crc.ok) throw webhookError('CrcValidationFailed', `The CRC check of the webhook URL failed: ${crc.reason}.`);
	return ok({ data: { valid: true } });
}

function deleteWebhook(ctx: RequestContext) {
	const webhook = findWebhook(ctx.store, ctx.pathParams.webhook_id);
	ctx.store.webhooks = ctx.store.webhooks.filter((w) => w !== webhook);
	return ok({ data: { deleted: true } });
}

const DAY_MS = 24 * 3600 * 1000;
const MINUTE_MS = 60_000;

/** yyyymmddhhmm (UTC) as epoch ms of the start of that minute, or null. */
export function parseReplayStamp(value: unknown): number | null {
	if (typeof value !== 'string') return null;
	const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
	if (!m) return null;
	const [y, mo, d, h, mi] = m.slice(1).map(Number);
	if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59) return null;
	const ms = Date.UTC(y, mo - 1, d, h, mi);
	return new Date(ms).getUTCDate() === d ? ms : null;
}

/**
 * Replay (openapi.json, CreateWebhookReplayJobRequest): from_date and to_date are minutes
 * (yyyymmddhhmm, UTC), both inclusive: the window runs from the start of the from minute to the
 * end of the to minute. Events of up to the past 24 hours: from no earlier than the minute 24 hours
 * ago, to no later than the current minute, from not after to.
 */
function replay(ctx: RequestContext) {
	const { store } = ctx;
	// The pipeline checked the body against the schema (three 12-digit strings and a webhook id).
	const body = v2JsonObject(ctx);
	const from = parseReplayStamp(body.from_date);
	const to = parseReplayStamp(body.to_date);
	if (from === null) throw invalidRequest('from_date', body.from_date, 'from_date must be a UTC time formatted yyyymmddhhmm.');
	if (to === null) throw invalidRequest('to_date', body.to_date, 'to_date must be a UTC time formatted yyyymmddhhmm.');
	const earliest = Math.floor((ctx.now - DAY_MS) / MINUTE_MS) * MINUTE_MS;
	if (from < earliest) throw invalidRequest('from_date', body.from_date, 'from_date must be within the last 24 hours.');
	if (to > ctx.now) throw invalidRequest('to_date', body.to_date, 'to_date must not be in the future.');
	if (from > to) throw invalidRequest('from_date', body.from_date, 'from_date must not be after to_date.');
	const webhook = findWebhook(store, body.webhook_id);

	const state = webhookState(store);
	const job: ReplayJob = {
		job_id: snowflake(),
		webhook_id: webhook.id,
		fromMs: from,
		toMs: to + MINUTE_MS,
		created_at: v2Time(ctx.now),
		status: 'running',
		results: [],
		done: Promise.resolve([]),
	};
	const events = state.events.filter((e) => e.webhookId === webhook.id && e.time >= job.fromMs && e.time < job.toMs);
	// Re-delivered after the answer, in the original order, signed like any delivery.
	job.done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
		for (const event of events) {
			const target = store.webhooks.find((w) => w.id === webhook.id);
			if (!target || !target.valid) break;
			job.results.push(await postEvent(store, { url: target.url, webhookId: target.id }, event.body, { replay: true }));
		}
		job.status = 'complete';
		return job.results;
	});
	state.replayJobs.set(job.job_id, job);
	return ok({ data: { job_id: job.job_id, created_at: job.created_at } });
}

/** Hourly CRC of every webhook (webhooks quickstart): a failing one becomes invalid (a passing one keeps its state). */
export async function hourlyCrcCheck(store: Store) {
	const results = [];
	for (const webhook of [...store.webhooks]) {
		const crc = await runCrc(store, webhook.url, 'hourly', webhook.id);
		if (!crc.ok) webhook.valid = false;
		else webhookState(store).validatedAt.set(webhook.id, emulatorNow(store));
		results.push({ webhook_id: webhook.id, url: webhook.url, ok: crc.ok, valid: webhook.valid, ...(crc.reason ? { reason: crc.reason } : {}) });
	}
	return results;
}

const REVALIDATE_AFTER_MS = 24 * 3600 * 1000;
const TRANSIENT_GRACE_MS = 28 * 3600 * 1000;

/** A failure X counts as transient (4xx, 5xx, timeout, closed channel) rather than a wrong answer (2xx with a wrong token, 3xx, TLS). */
function transientFailure(crc: CrcAttempt): boolean {
	if (crc.status === null) return !/certificate|tls|ssl/i.test(crc.reason ?? '');
	return crc.status >= 400;
}

/**
 * The 30-minute round of https://docs.x.com/x-api/webhooks/introduction#webhook-validation: only
 * webhooks not validated for the past 24 hours get a CRC. A pass makes the webhook valid again; a
 * wrong answer makes it invalid; transient errors make it invalid only once it has gone more than
 * 28 hours without a successful validation.
 */
export async function scheduledCrcCheck(store: Store) {
	const state = webhookState(store);
	const now = emulatorNow(store);
	const results = [];
	for (const webhook of [...store.webhooks]) {
		const last = state.validatedAt.get(webhook.id) ?? 0;
		if (now - last < REVALIDATE_AFTER_MS) continue;
		const crc = await runCrc(store, webhook.url, 'scheduled', webhook.id);
		if (crc.ok) {
			webhook.valid = true;
			state.validatedAt.set(webhook.id, now);
		} else if (!transientFailure(crc) || now - last > TRANSIENT_GRACE_MS) {
			webhook.valid = false;
		}
		results.push({ webhook_id: webhook.id, url: webhook.url, ok: crc.ok, valid: webhook.valid, ...(crc.reason ? { reason: crc.reason } : {}) });
	}
	return results;
}

export function registerWebhookRoutes(router: Router): void {
	// 'none': the pipeline authenticates /2 requests as each operation's security in openapi.json says.
	router.api('GET', '/2/webhooks', listWebhooks, 'none');
	router.api('POST', '/2/webhooks', createWebhook, 'none');
	router.api('POST', '/2/webhooks/replay', replay, 'none');
	router.api('PUT', '/2/webhooks/:webhook_id', validateWebhook, 'none');
	router.api('DELETE', '/2/webhooks/:webhook_id', deleteWebhook, 'none');
}
