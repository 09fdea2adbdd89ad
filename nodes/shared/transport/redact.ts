/**
 * The one scrubber for every message, description and log line the package writes. An upstream
 * (X, a proxy, a misconfigured base URL) may echo the request's Authorization header, its OAuth
 * parameters or a form body into an error page; whatever it says, no credential leaves through us.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Scrub } from './jsonReader';
import { percentEncode } from './oauth1';

const HIDDEN = '[redacted]';

const PATTERNS: Array<[RegExp, string]> = [
	// An OAuth 1.0a header value: `OAuth oauth_consumer_key="...", oauth_signature="..."`.
	[/\bOAuth\s+(?:realm|oauth_)[^\r\n]*/gi, `OAuth ${HIDDEN}`],
	// Bearer and Basic credentials, in a header or anywhere in a text (16 characters and more: not our own words).
	[/\b(Bearer|Basic)(?:\s+|%20|\+)[A-Za-z0-9\-._~+/%=]{16,}/gi, `$1 ${HIDDEN}`],
	// An Authorization header (or a JSON/form field of that name) with whatever value follows.
	// (Not again over a value already redacted: the rest of the text stays; a header value holds no parenthesis.)
	[/(\b(?:proxy-)?authorization\b["']?\s*[:=](?!\s*["']?\[redacted\])\s*["']?)[^"'\r\n,}&<)]*/gi, `$1${HIDDEN}`],
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

// ---- Redaction at the boundary: what X sends in, and what the package says out ---------------------

/** One pattern that matches wherever redact() could change a text (its secrets and its patterns): its source. */
function dirtySource(secrets: readonly string[]): string {
	const escaped = secrets.filter((s) => s.length >= 8).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
	return [...escaped, ...PATTERNS.map(([pattern]) => pattern.source)].join('|');
}

/** The reader's scrub (jsonReader.ts) for a credential's secrets: a clean text costs one match. */
export function scrubFor(secrets: readonly string[] = []): Scrub {
	const test = new RegExp(dirtySource(secrets), 'i');
	return { dirty: (text) => test.test(text), clean: (text) => redact(text, secrets) };
}

const scrubs = new WeakMap<object, Scrub>();

/** The scrub of a credential's secrets, made once per credential object. */
export function scrubOf(credentials: IDataObject): Scrub {
	let scrub = scrubs.get(credentials);
	if (!scrub) scrubs.set(credentials, (scrub = scrubFor(credentialSecrets(credentials))));
	return scrub;
}

/** Every secret value of the credentials a node run read, by its (guarded) context. */
const secretsOfRun = new WeakMap<object, Set<string>>();

/** Remembers a credential's secrets for the exits of this run (transport.ts calls it for every credential read). */
export function rememberSecrets(ctx: object, credentials: IDataObject): void {
	let known = secretsOfRun.get(ctx);
	if (!known) secretsOfRun.set(ctx, (known = new Set()));
	for (const secret of credentialSecrets(credentials)) known.add(secret);
}

function secretsOf(ctx: object): string[] {
	return [...(secretsOfRun.get(ctx) ?? [])].sort((a, b) => b.length - a.length);
}

/**
 * An error made fit to leave: message, description, the strings of its context and of the X answer
 * n8n keeps with it, and its stack scrubbed; the cause (which may carry the request, Authorization
 * header included) dropped. Changed in place, so its class stays what n8n expects.
 */
export function scrubError<T>(error: T, secrets: readonly string[] = []): T {
	if (!error || typeof error !== 'object') return error;
	const e = error as Record<string, unknown>;
	for (const key of ['message', 'description', 'stack']) if (typeof e[key] === 'string') e[key] = redact(e[key] as string, secrets);
	for (const key of ['context', 'errorResponse', 'extra', 'messages']) if (e[key] && typeof e[key] === 'object') e[key] = redactDeep(e[key], secrets);
	if ('cause' in e) delete e.cause;
	return error;
}

/** Output items of our own words (an error item of Continue On Fail) scrubbed; X's data came in through the reader clean. */
function scrubErrorItems<T>(output: T, secrets: readonly string[]): T {
	if (!Array.isArray(output)) return output;
	for (const branch of output) {
		if (!Array.isArray(branch)) continue;
		for (const item of branch as Array<{ json?: IDataObject }>) {
			if (item?.json && typeof item.json.error === 'string') item.json = redactDeep(item.json, secrets);
		}
	}
	return output;
}

type Logger = Record<'error' | 'warn' | 'info' | 'debug' | 'verbose', (message: string, meta?: object) => void>;

/**
 * The context a node method sees: the same n8n context, but its logger, emitError and
 * saveFailedExecution say nothing secret, whatever text they are handed.
 */
function guardedContext<T extends object>(ctx: T): T {
	const target = ctx as T & { logger?: Logger; emitError?: (e: Error, ...rest: unknown[]) => void; saveFailedExecution?: (e: Error) => void };
	const logger: Logger | undefined = target.logger && (Object.fromEntries(
		(['error', 'warn', 'info', 'debug', 'verbose'] as const).map((level) => [level, (message: string, meta?: object) => target.logger![level](redact(String(message), secretsOf(guard)), meta && redactDeep(meta as IDataObject, secretsOf(guard)))]),
	) as Logger);
	const wrapped: Record<string, unknown> = {
		logger,
		emitError: target.emitError && ((error: Error, ...rest: unknown[]) => target.emitError!(scrubError(error, secretsOf(guard)), ...rest)),
		saveFailedExecution: target.saveFailedExecution && ((error: Error) => target.saveFailedExecution!(scrubError(error, secretsOf(guard)))),
	};
	// The proxy's own target is an empty object: n8n's contexts have read-only properties (logger)
	// that a proxy of them would have to return as they are.
	const guard: T = new Proxy({} as T, {
		get(_, key) {
			if (typeof key === 'string' && wrapped[key] !== undefined) return wrapped[key];
			const value = Reflect.get(target, key, target) as unknown;
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
		has: (_, key) => key in target,
		set: (_, key, value) => Reflect.set(target, key, value),
		getPrototypeOf: () => Object.getPrototypeOf(target) as object | null,
	});
	return guard;
}

/** A trigger's answer with its close and manual functions guarded too (they run after trigger() returned). */
function guardedResponse(response: unknown, secrets: () => string[]): unknown {
	if (!response || typeof response !== 'object') return response;
	const r = response as Record<string, unknown>;
	for (const key of ['closeFunction', 'manualTriggerFunction']) {
		const fn = r[key];
		if (typeof fn === 'function') r[key] = async (...args: unknown[]) => await Promise.resolve((fn as (...a: unknown[]) => unknown)(...args)).catch((error: unknown) => {
			throw scrubError(error, secrets());
		});
	}
	return response;
}

/**
 * One exit for everything a node method says: each method of a node (execute, trigger, webhook,
 * webhook setup, list searches) runs inside it, and every error it throws, every error item, log
 * line, emitted error and trigger close leaves scrubbed of the secrets of the credentials it read
 * and of anything that looks like a credential. A new `throw` anywhere below cannot skip it.
 */
export function guarded<T extends object, A extends unknown[], R>(method: (this: T, ...args: A) => Promise<R>): (this: T, ...args: A) => Promise<R> {
	return async function (this: T, ...args: A): Promise<R> {
		const ctx = guardedContext(this);
		try {
			const out = await method.apply(ctx, args);
			return guardedResponse(scrubErrorItems(out, secretsOf(ctx)), () => secretsOf(ctx)) as R;
		} catch (error) {
			throw scrubError(error, secretsOf(ctx));
		}
	};
}

/** Every method of a record (a node's list searches) run inside guarded(). */
export function guardedMethods<M extends Record<string, (this: never, ...args: never[]) => Promise<unknown>>>(methods: M): M {
	return Object.fromEntries(Object.entries(methods).map(([name, method]) => [name, guarded(method as unknown as (this: object, ...args: unknown[]) => Promise<unknown>)])) as unknown as M;
}
