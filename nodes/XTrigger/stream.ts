/**
 * A persistent stream of X held open by the trigger (app-only bearer token): the X Activity API's
 * (GET /2/activity/stream) or the filtered stream (GET /2/tweets/search/stream), as the source says
 * (sources/source.ts, StreamUnit). For an n8n that X cannot reach (no public https URL), nothing comes
 * in; the trigger reads out. X writes one JSON object per line and a blank line as a keep-alive every
 * 20 seconds (https://docs.x.com/x-api/posts/filtered-stream/introduction#keep-alive-signals); after a
 * drop the trigger connects again with backoff (backoff.ts) and asks for what it missed
 * (backfill_minutes up to 5, else start_time; if X refuses that, it connects without); events seen
 * before are dropped by the caller's memory (streamMemory.ts).
 *
 * A stream carries the events of every subscription or rule of the App (activity subscriptions with a
 * webhook too, while a stream is open: https://docs.x.com/x-api/activity/quickstart); the source tells
 * its own lines (its tag, its rule ids). X allows one connection per stream and App: in one n8n
 * the second workflow is refused at activation (streamHolders); against another client, the App's
 * connections are ended at most once per activation, never after another client took the stream
 * over, so two clients cannot take turns.
 */
import { hash } from 'node:crypto';
import type { IDataObject, IHttpRequestOptions, IRun, ITriggerFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { xApiError } from '../shared/transport/errors';
import { encodePairs, objectToPairs } from '../shared/transport/oauth1';
import type { Scrub } from '../shared/transport/jsonReader';
import { readJson } from '../shared/transport/jsonReader';
import { credentialSecrets, redact, scrubOf } from '../shared/transport/redact';
import type { Endpoint } from '../shared/engine/endpoints';
import { callEndpoint, endpointRequest } from '../shared/engine/request';
import { buildPath, hostBaseUrl, xCredentials } from '../shared/transport/transport';
import { v2 } from '../shared/v2';
import { LineParser } from './streamLines';
import { rateLimitWaitMs, retryAfterMs } from '../shared/transport/rateLimit';
import { PROVEN_AFTER_MS, ReconnectBackoff, SCHEDULE_WORDS } from './backoff';
import { MAX_DELIVERY_BYTES, readDelivery } from './events';
import { USER_AGENT } from '../shared/transport/userAgent';

/** X keeps 5 minutes for backfill_minutes; a longer gap asks by start_time. */
const MAX_BACKFILL_MINUTES = 5;
/** After another client took the App's stream over, this process does not end that client's connection for this long. */
export const TAKEOVER_QUIET_MS = 15 * 60_000;
/** Repeated warnings of one kind (lines that are not JSON, X's notices): the first at once, then one summary at most this often. */
export const WARNING_SUMMARY_MS = 60_000;
/** How long activation waits for X's first answer (a refusal then fails the activation). */
const FIRST_ANSWER_WAIT_MS = 10_000;

export interface StreamHolder {
	workflowId: string;
	workflowName: string;
	nodeName: string;
}

export interface StreamOptions {
	/** The stream's v2 endpoint (v2.activityStream, v2.filteredStream) and its name in logs and errors. */
	endpoint: Endpoint;
	label: string;
	/** How X names this stream's connections in GET /2/connections (endpoint_name). */
	connectionName: RegExp;
	/** The stream's endpoint_id for DELETE /2/connections/{endpoint_id}, where openapi lists it: Terminate Others then ends only this stream's connections. */
	endpointId?: string;
	/** Sent on every connection (fields, expansions); the catch-up parameters are added to it. */
	query?: IDataObject;
	/** The App (its API key and API base URL) and stream: one connection each. */
	app: string;
	/** The App's bearer token (read while trigger() runs); renew: a new one after X answered 401. */
	bearer: (renew: boolean) => Promise<string>;
	/** Reconnect when neither a line nor a keep-alive came for this long. */
	silenceMs: number;
	/** The longest wait between two connection attempts. */
	maxWaitMs: number;
	/** On TooManyConnections: end the App's other connections to this stream (else all of them, DELETE /2/connections/all) and connect again, at most once per activation. */
	terminateOthers: boolean;
	/** Whether an event line ({data, ...}) is this trigger's own (another workflow's subscriptions or rules share the stream). */
	owns: (line: IDataObject) => boolean;
	/** Whether the memory of emitted events still knows every event since this time (what a backfill from then repeats). */
	covers: (since: number) => boolean;
	/** This trigger's events of one read (keep-alives, notices and other tags left out); resolves to how many were new. */
	onLines: (values: IDataObject[]) => Promise<number>;
}

export interface RunningStream {
	/** Ends the stream and waits (boundedly) until the reader stopped. */
	stop(): Promise<void>;
	/** Resolves once a connection is open (or the stream stopped). */
	connected: Promise<void>;
	/** X's first answer: undefined when the stream opened or will be retried; the error when X refused it (activation fails). */
	firstAnswer: Promise<Error | undefined>;
}

type Readable = AsyncIterable<Buffer | string> & { destroy?: (error?: Error) => void; readableLength?: number };

/** X's answer to a connection attempt: an open stream (body), or an error's status and short text. */
interface Answer {
	status: number;
	body?: Readable;
	text?: string;
	headers?: Record<string, string>;
	/** Ends the request and its socket. */
	close: () => void;
}

/** Executions the stream starts that n8n has not finished, at most (more wait: the reader pauses). */
export const MAX_EXECUTIONS_IN_FLIGHT = 8;
/** How long the reader waits for n8n to finish one of them before it stops counting them. */
const EXECUTION_WAIT_MS = 5 * 60_000;

/**
 * The executions the stream started and n8n has not finished (n8n resolves the done promise of an
 * emit when its execution ended). A burst of thousands of events would otherwise start thousands of
 * executions at once, more than n8n saves (SQLite lock timeouts lose executions); beyond the limit
 * the reader waits, and X's backfill brings what X dropped meanwhile.
 */
export class ExecutionWindow {
	private readonly running = new Set<Promise<void>>();
	/** Aborted when the trigger closes: nothing is emitted after, and a wait for n8n ends at once. */
	private readonly closed = new AbortController();

	constructor(
		private readonly ctx: ITriggerFunctions,
		private readonly limit = MAX_EXECUTIONS_IN_FLIGHT,
	) {}

	close(): void {
		this.closed.abort();
	}

	async emit(data: Parameters<ITriggerFunctions['emit']>[0]): Promise<void> {
		if (this.closed.signal.aborted) return;
		const done = this.ctx.helpers.createDeferredPromise<IRun>();
		this.ctx.emit(data, undefined, done);
		const finished = done.promise.then(
			() => undefined,
			() => undefined,
		);
		this.running.add(finished);
		void finished.then(() => this.running.delete(finished));
		if (this.running.size < this.limit) return;
		const waited = new AbortController();
		const stop = () => waited.abort();
		this.closed.signal.addEventListener('abort', stop, { once: true });
		const timedOut = await Promise.race([...this.running].map(async (p) => await p.then(() => false)).concat(sleep(EXECUTION_WAIT_MS, waited.signal).then(() => true, () => false)));
		this.closed.signal.removeEventListener('abort', stop);
		waited.abort();
		// n8n did not report the end of any (a mode without it): stop counting these.
		if (timedOut) this.running.clear();
	}
}

/** The trigger holding each App's stream in this process. */
const streamHolders = new Map<string, StreamHolder>();
/** When another client took each App's stream from this process. */
const takenOver = new Map<string, number>();

/**
 * Takes the App's stream for this trigger, or refuses (before anything is created at X) when another
 * workflow in this n8n holds it: X would refuse the second connection, and ending the other's would
 * start a fight.
 */
export function claimAppStream(ctx: ITriggerFunctions, app: string, label: string): StreamHolder {
	const me: StreamHolder = { workflowId: String(ctx.getWorkflow().id ?? ''), workflowName: String(ctx.getWorkflow().name ?? ''), nodeName: ctx.getNode().name };
	const other = streamHolders.get(app);
	if (other && (other.workflowId !== me.workflowId || other.nodeName !== me.nodeName)) {
		throw new NodeOperationError(ctx.getNode(), `Workflow "${other.workflowName}" (${other.workflowId}, node "${other.nodeName}") already holds this App's ${label} in this n8n, and X allows one connection to it per App.`, {
			description: 'Deactivate that workflow, or put both sets of subscriptions (or rules) in one X Trigger (one workflow per App), or use Delivery "Webhook" for one of them.',
		});
	}
	streamHolders.set(app, me);
	return me;
}

/** The tag of a trigger node's stream subscriptions: its workflow and node (X allows 200 characters). */
export function streamTag(ctx: ITriggerFunctions): string {
	return `n8n stream ${String(ctx.getWorkflow().id ?? '').slice(0, 100)} ${hash('sha256', ctx.getNode().name, 'base64url').slice(0, 12)}`;
}

export function releaseAppStream(app: string, holder: StreamHolder): void {
	if (streamHolders.get(app) === holder) streamHolders.delete(app);
}

/** The query that asks for what was missed since lastAlive (nothing on the first connection). */
export function catchUpQuery(lastAlive: number | undefined, now: number): IDataObject {
	if (lastAlive === undefined) return {};
	const gapMinutes = Math.ceil((now - lastAlive) / 60_000);
	if (gapMinutes <= MAX_BACKFILL_MINUTES) return { backfill_minutes: Math.max(1, gapMinutes) };
	return { start_time: new Date(lastAlive - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') };
}

function isTooManyConnections(status: number, text: string): boolean {
	return status === 429 && /TooManyConnections/i.test(text);
}

/** What to do about TooManyConnections, in words. */
export const TOO_MANY_CONNECTIONS_HINT =
	'X allows one connection to each stream per App (Enterprise: more), and another is open (another workflow or n8n with this App, or a connection X still counts after a crash). Stop the other one, or end the App\'s connections: X Webhooks > Connection > Terminate All, or set this trigger\'s Stream Options > On Too Many Connections to Terminate Others and Reconnect.';

/** A warning that may repeat fast (a line per event): the first is logged, the rest counted and summarised at most once a WARNING_SUMMARY_MS. */
export class WarningSummary {
	private count = 0;
	private last = '';
	private loggedAt = -Infinity;

	constructor(
		private readonly log: (line: string) => void,
		private readonly what: string,
	) {}

	note(detail: string, now = Date.now()): void {
		if (now - this.loggedAt >= WARNING_SUMMARY_MS && this.count === 0) {
			this.loggedAt = now;
			this.log(`X Trigger: ${this.what} (${detail})`);
			return;
		}
		this.count++;
		this.last = detail;
		if (now - this.loggedAt >= WARNING_SUMMARY_MS) this.flush(now);
	}

	/** Logs what was counted since the last line, if anything. */
	flush(now = Date.now()): void {
		if (!this.count) return;
		this.log(`X Trigger: ${this.count} more: ${this.what} in the last ${Math.max(1, Math.round((now - this.loggedAt) / 1000))} s (the last: ${this.last})`);
		this.count = 0;
		this.loggedAt = now;
	}
}

function isEventLine(value: unknown): value is { data: IDataObject } {
	return !!value && typeof value === 'object' && !Array.isArray(value) && !!(value as IDataObject).data && typeof (value as IDataObject).data === 'object';
}

export function startStream(ctx: ITriggerFunctions, options: StreamOptions): RunningStream {
	return new StreamConnection(ctx, options).start();
}

/** What the reader and its watchdog share while one connection is read. */
interface Reading {
	progressed: boolean;
	busy: boolean;
	ended: boolean;
	reason?: string;
}

/** What the reconnect loop knows across attempts. */
interface Attempts {
	backoff: ReconnectBackoff;
	lastAlive?: number;
	/** When this activation's last connection opened (undefined: none yet). */
	heldSince?: number;
	terminated: boolean;
	renew: boolean;
	first: boolean;
	/** Cleared when X refused a catch-up parameter (an access level without backfill): later connections ask without. */
	catchUp: boolean;
}

/** After an attempt: connect again at once, stop, or wait and say why. */
type Step = 'again' | 'stop' | { waitMs: number; why: string };

/** One activation's stream: connects, reads and reconnects until stopped. */
class StreamConnection {
	private readonly abort = new AbortController();
	/** Ends the connection being read (undefined: none). */
	private endCurrent: (() => void) | undefined;
	private onConnected: () => void = () => undefined;
	private readonly connected = new Promise<void>((resolve) => (this.onConnected = resolve));
	private answerFirst: (error: Error | undefined) => void = () => undefined;
	private readonly firstAnswer = new Promise<Error | undefined>((resolve) => (this.answerFirst = resolve));
	private readonly notJson: WarningSummary;
	private readonly notices: WarningSummary;
	/** Why the last attempt was aborted, when its deadline passed. */
	private lateAttempt: string | undefined;
	/** The App credential's secrets, scrubbed from X's lines (known once the first connection read the credential). */
	private scrub: Scrub | undefined;

	constructor(
		private readonly ctx: ITriggerFunctions,
		private readonly options: StreamOptions,
	) {
		const warn = (line: string) => ctx.logger.warn(line);
		this.notJson = new WarningSummary(warn, `skipped a line of the ${options.label} that is not JSON`);
		this.notices = new WarningSummary(warn, `the ${options.label} sent a notice, not an event`);
	}

	start(): RunningStream {
		const loop = this.loop();
		return {
			connected: this.connected,
			firstAnswer: (async () => {
				const waited = new AbortController();
				const answer = await Promise.race([this.firstAnswer, sleep(FIRST_ANSWER_WAIT_MS, waited.signal).then(() => undefined, () => undefined)]);
				waited.abort();
				return answer;
			})(),
			stop: async () => {
				this.abort.abort();
				this.endCurrent?.();
				// The reader ends at once on abort; never wait on it for long, and leave no timer behind.
				const waited = new AbortController();
				await Promise.race([loop, sleep(5000, waited.signal).catch(() => undefined)]);
				waited.abort();
			},
		};
	}

	/**
	 * One connection attempt, until X's status and headers (and, for an error, its short body) are in.
	 * The socket's idle timeout alone counts bytes: an error body dripped a byte at a time would hold
	 * the attempt forever. So the attempt as a whole has a deadline (the allowed silence and a little
	 * more), then it is aborted. An open stream comes with `close`, which ends the request itself:
	 * destroying the body n8n hands over does not close the socket (axios reads it through a copy),
	 * and a connection left open at X still counts as the App's one stream connection.
	 */
	private async connectOnce(query: IDataObject, renew: boolean): Promise<Answer> {
		const { options } = this;
		const connection = new AbortController();
		const inTime = new AbortController();
		this.lateAttempt = undefined;
		void sleep(options.silenceMs + 5000, inTime.signal).then(
			() => {
				this.lateAttempt = `no answer within ${Math.round((options.silenceMs + 5000) / 1000)} s`;
				connection.abort();
			},
			() => undefined,
		);
		let open = false;
		try {
			const answer = await this.connectWithin(query, renew, mergeSignals(this.abort.signal, connection.signal));
			open = answer.body !== undefined;
			return { ...answer, close: () => connection.abort() };
		} finally {
			inTime.abort();
			if (!open) connection.abort();
		}
	}

	private async connectWithin(query: IDataObject, renew: boolean, signal: AbortSignal): Promise<Omit<Answer, 'close'>> {
		const { ctx, options } = this;
		const credentials = await xCredentials(ctx, 'app');
		this.scrub = scrubOf(credentials);
		const token = await options.bearer(renew);
		const search = encodePairs(objectToPairs({ ...options.query, ...query }));
		const request: IHttpRequestOptions = {
			method: 'GET',
			url: `${hostBaseUrl(credentials, 'api')}${buildPath(endpointRequest(options.endpoint))}${search ? `?${search}` : ''}`,
			encoding: 'stream',
			returnFullResponse: true,
			json: false,
			disableFollowRedirect: true,
			// Idle time of the socket: a little beyond the silence the reader allows itself.
			timeout: options.silenceMs + 5000,
			abortSignal: signal,
			ignoreHttpStatusErrors: true,
			// The token as it is: n8n's credential handling needs expression evaluation, which n8n
			// 2.x allows only while trigger() runs, and the stream reconnects long after.
			headers: { Authorization: `Bearer ${token}`, 'User-Agent': USER_AGENT },
		};
		const answer = (await ctx.helpers.httpRequest(request)) as { statusCode: number; body: Readable; headers?: Record<string, string> };
		if (answer.statusCode === 200) return { status: 200, body: answer.body };
		// An error answer is small: read it for X's reason.
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of answer.body) {
			const part = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += part.length;
			if (size > 64 * 1024) break;
			chunks.push(part);
		}
		answer.body.destroy?.();
		return { status: answer.statusCode, headers: answer.headers, text: redact(Buffer.concat(chunks).toString('utf8'), credentialSecrets(credentials)) };
	}

	/**
	 * Reads one open connection until it ends; returns why it ended, in words. Progress is a whole
	 * line (an event or a keep-alive), never bytes alone: a drip of bytes without a line break is
	 * silence. Silence is counted in the watchdog's own checks, and a check finds no silence while
	 * bytes wait unread, so time the trigger spends on its own work never counts.
	 */
	private async read(body: Readable, close: () => void, opened: number, alive: () => void, proven: () => void): Promise<string> {
		const { abort } = this;
		// Destroying a body does not always settle a read waiting on it (a body that never sent a byte): the reader is ended by this too.
		let endReading: () => void = () => undefined;
		const readingEnded = new Promise<void>((resolve) => (endReading = resolve));
		const end = () => {
			close();
			body.destroy?.();
			endReading();
		};
		this.endCurrent = end;
		const reading: Reading = { progressed: false, busy: false, ended: false };
		const watchdog = this.watchdog(body, reading, end);
		const parser = new LineParser();
		let isProven = false;
		try {
			for await (const received of chunksUntil(body, readingEnded)) {
				if (abort.signal.aborted) break;
				const lines = parser.push(typeof received === 'string' ? Buffer.from(received) : received);
				if (lines.length) {
					const values = lines.flatMap((line) => this.eventsOf(line) ?? []);
					reading.progressed = true;
					alive();
					// Waiting for n8n's executions is the trigger's own work, not silence.
					reading.busy = true;
					const fresh = values.length ? await this.options.onLines(values).finally(() => (reading.busy = false)) : 0;
					reading.busy = false;
					if (!isProven && (fresh > 0 || Date.now() - opened >= PROVEN_AFTER_MS)) {
						isProven = true;
						proven();
					}
				}
				if (parser.pending > MAX_DELIVERY_BYTES) {
					reading.reason = `a line longer than ${MAX_DELIVERY_BYTES} bytes`;
					break;
				}
			}
			reading.reason ??= abort.signal.aborted ? 'stopped' : 'X ended the answer';
		} catch (error) {
			reading.reason ??= `the connection dropped (${(error as Error).message})`;
		} finally {
			reading.ended = true;
			end();
			this.endCurrent = undefined;
			await watchdog;
			this.notJson.flush();
			this.notices.flush();
		}
		return reading.reason;
	}

	/** Ends the connection after the allowed silence: checks without a whole line, while nothing waits unread and the trigger is not busy. */
	private async watchdog(body: Readable, reading: Reading, end: () => void): Promise<void> {
		const { abort, options } = this;
		const checkMs = Math.min(1000, options.silenceMs / 4);
		const checksAllowed = Math.ceil(options.silenceMs / checkMs);
		let silentChecks = 0;
		while (!reading.ended && !abort.signal.aborted) {
			await sleep(checkMs, abort.signal).catch(() => undefined);
			if (reading.ended) break;
			if (reading.progressed || reading.busy || (body.readableLength ?? 0) > 0) {
				reading.progressed = false;
				silentChecks = 0;
			} else if (++silentChecks >= checksAllowed) {
				reading.reason = `no line and no keep-alive for ${Math.round(options.silenceMs / 1000)} s`;
				end();
				break;
			}
		}
		// Stopped before the reader saw a byte: the connection is ended here, not left open to X.
		if (abort.signal.aborted) end();
	}

	/** This trigger's events of a line; undefined for a keep-alive, a notice, a line that is not JSON, another workflow's event. */
	private eventsOf(line: Buffer): IDataObject[] | undefined {
		if (line.length && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
		if (!line.length || (line.length < 16 && !line.toString('latin1').trim())) return undefined; // keep-alive
		const { body: value, refused } = readDelivery(line, undefined, this.scrub);
		if (refused) return void this.notJson.note(refused.error);
		// X's own notices ({errors: [...]}, no data) are not events.
		if (!isEventLine(value)) return void this.notices.note(JSON.stringify(value).slice(0, 300));
		if (!this.options.owns(value as IDataObject)) return undefined;
		return [value as IDataObject];
	}

	/** Who holds the App's stream, in words, from GET /2/connections (best effort). */
	private async holders(since?: number): Promise<{ words: string; newer: boolean }> {
		const { options } = this;
		try {
			const { body } = await callEndpoint(this.ctx, v2.listConnections, {
				qs: { status: 'active', 'connection.fields': 'client_ip,connected_at,endpoint_name', max_results: 100 },
				bearerToken: await options.bearer(false),
			});
			const open = (((body as IDataObject)?.data ?? []) as IDataObject[]).filter((c) => !c.endpoint_name || options.connectionName.test(String(c.endpoint_name)));
			if (!open.length) return { words: `X lists no open ${options.label} connection of the App`, newer: false };
			const newer = since !== undefined && open.some((c) => Date.parse(String(c.connected_at)) > since + 2000);
			const words = open
				.slice(0, 3)
				.map((c) => `connection ${String(c.id)} from ${String(c.client_ip ?? 'an unknown address')} since ${String(c.connected_at ?? 'an unknown time')}`)
				.join('; ');
			return { words: `held by ${words}`, newer };
		} catch (error) {
			return { words: `X's list of connections could not be read (${(error as Error).message})`, newer: false };
		}
	}

	/** A refusal: the activation's answer while it waits for the first, else an error to n8n (nothing reaches n8n after the trigger closed). */
	private refuse(attempts: Attempts, error: Error): void {
		if (attempts.first) this.answerFirst(error);
		else if (!this.abort.signal.aborted) this.ctx.emitError(error);
	}

	private async loop(): Promise<void> {
		const { abort, ctx, options } = this;
		const attempts: Attempts = { backoff: new ReconnectBackoff(options.maxWaitMs), terminated: false, renew: false, first: true, catchUp: true };
		const { backoff } = attempts;
		while (!abort.signal.aborted) {
			let step: Step;
			try {
				step = await this.attempt(attempts);
			} catch (error) {
				if (abort.signal.aborted) break;
				step = { waitMs: backoff.next('network'), why: `could not connect to the ${options.label} (${this.lateAttempt ?? (error as Error).message})` };
			}
			if (step === 'stop') break;
			if (step === 'again') continue;
			if (attempts.first) this.answerFirst(undefined); // not a refusal: activation goes on, the stream keeps trying
			attempts.first = false;
			ctx.logger.warn(`X Trigger: ${step.why}; connecting again in ${Math.round(step.waitMs / 10) / 100} s (attempt ${backoff.failures} in a row without a proven connection; after ${SCHEDULE_WORDS[backoff.lastKind]}, never beyond ${Math.round(options.maxWaitMs / 1000)} s)`);
			await sleep(step.waitMs, abort.signal).catch(() => undefined);
		}
		this.onConnected();
		this.answerFirst(undefined);
	}

	/** One connection: opened and read until it ends, or X's refusal judged. */
	private async attempt(attempts: Attempts): Promise<Step> {
		const { ctx, options } = this;
		const { backoff } = attempts;
		const query = attempts.catchUp ? catchUpQuery(attempts.lastAlive, Date.now()) : {};
		const repeatedFrom = query.backfill_minutes !== undefined ? Date.now() - Number(query.backfill_minutes) * 60_000 : undefined;
		if (repeatedFrom !== undefined && !options.covers(repeatedFrom)) {
			ctx.logger.warn(`X Trigger: more events came in the last ${String(query.backfill_minutes)} min than the memory of emitted events holds; the backfill may emit some of the oldest of them again`);
		}
		const answer = await this.connectOnce(query, attempts.renew);
		const unauthorized: boolean = answer.status === 401 && !attempts.renew;
		attempts.renew = unauthorized;
		if (unauthorized) return 'again'; // a new bearer token once, as n8n does for requests
		if (answer.body) return await this.readOpen(answer, answer.body, attempts);
		if (isTooManyConnections(answer.status, answer.text ?? '')) return await this.tooManyConnections(attempts);
		if ((answer.status === 400 || answer.status === 403) && Object.keys(query).length) {
			attempts.catchUp = false;
			return { waitMs: 0, why: `X refused to catch up (${answer.status}: ${(answer.text ?? '').slice(0, 200)}), perhaps not offered at this App's access level; connecting without backfill, events sent meanwhile are not repeated` };
		}
		if (answer.status === 401 || answer.status === 403) {
			this.refuse(attempts, xApiError(ctx.getNode(), { status: answer.status, body: safeJson(answer.text) }, { label: `${options.endpoint.method} ${options.endpoint.path}`, itemIndex: 0, secrets: [] }));
			return 'stop';
		}
		if (answer.status === 429) {
			// A rate limit: X's reset time, however absurd, is held between X's minute and Max Reconnect Wait.
			const asked = rateLimitWaitMs(answer.headers ?? {}) ?? retryAfterMs(answer.headers ?? {});
			return { waitMs: backoff.next('rateLimited', asked), why: `the ${options.label} answered 429 (rate limit)` };
		}
		return { waitMs: backoff.next('http'), why: `the ${options.label} answered ${answer.status}` };
	}

	private async readOpen(answer: Answer, body: Readable, attempts: Attempts): Promise<Step> {
		this.onConnected();
		if (attempts.first) this.answerFirst(undefined);
		attempts.first = false;
		attempts.terminated = false;
		const opened = Date.now();
		attempts.heldSince = opened;
		attempts.lastAlive ??= opened;
		const reason = await this.read(body, answer.close, opened, () => (attempts.lastAlive = Date.now()), () => attempts.backoff.proven());
		if (this.abort.signal.aborted) return 'stop';
		return { waitMs: attempts.backoff.next('network'), why: `the ${this.options.label} ended after ${((Date.now() - opened) / 1000).toFixed(1)} s: ${reason}` };
	}

	/** X counts another connection of the App: ended once per activation (when allowed), waited out, or refused. */
	private async tooManyConnections(attempts: Attempts): Promise<Step> {
		const { ctx, options } = this;
		const { backoff, heldSince, terminated } = attempts;
		const recently = takenOver.get(options.app);
		const quiet = recently !== undefined && Date.now() - recently < TAKEOVER_QUIET_MS;
		if (options.terminateOthers && !terminated && heldSince === undefined && !quiet) {
			attempts.terminated = true;
			const bearerToken = await options.bearer(false);
			ctx.logger.warn(`X Trigger: TooManyConnections: ending the App's other streaming connections (DELETE /2/connections/${options.endpointId ?? 'all'}) once for this activation, then connecting again`);
			if (options.endpointId) await callEndpoint(ctx, v2.terminateStreamConnections, { pathParams: { endpoint_id: options.endpointId }, bearerToken });
			else await callEndpoint(ctx, v2.terminateAllConnections, { bearerToken });
			return 'again';
		}
		const holder = await this.holders(heldSince);
		if (heldSince !== undefined && !holder.newer) {
			// Likely this trigger's own dropped connection, still counted by X: wait as X asks.
			return { waitMs: backoff.next('rateLimited'), why: `X answered TooManyConnections (${holder.words}), probably this trigger's own dropped connection` };
		}
		if (heldSince !== undefined || !attempts.first) {
			// After activation: waited out here, in X's 429 schedule. An error to n8n would make
			// n8n remove the trigger and activate it again and again (each time connecting, adding
			// and deleting its rules), and ending the other client would start a fight.
			if (heldSince !== undefined) takenOver.set(options.app, Date.now());
			return {
				waitMs: backoff.next('rateLimited'),
				why: `${heldSince !== undefined ? 'another client took this App\'s stream over' : 'X answered TooManyConnections'} (${holder.words}); this trigger does not end it (two clients of one App would take turns) and connects again when X lets it`,
			};
		}
		const what = terminated
			? `this trigger ended the App's connections once and X still refuses (${holder.words}): another client holds the stream and connects again. This trigger ends connections only once per activation, so the two cannot take turns.`
			: quiet
				? `another client took this App's stream from this n8n ${Math.round((Date.now() - recently) / 60_000)} min ago (${holder.words}); it is not ended again within ${TAKEOVER_QUIET_MS / 60_000} minutes of that, so two clients cannot take turns.`
				: `${holder.words}.`;
		this.refuse(attempts, new NodeOperationError(ctx.getNode(), `X refused the ${options.label}: TooManyConnections: ${what} ${TOO_MANY_CONNECTIONS_HINT}`));
		return 'stop';
	}
}

/** The chunks of a body until it ends or `ended` resolves. */
async function* chunksUntil(body: Readable, ended: Promise<void>): AsyncGenerator<Buffer | string> {
	const iterator = body[Symbol.asyncIterator]();
	const stop = ended.then(() => ({ done: true as const, value: undefined }));
	for (;;) {
		const pending = iterator.next();
		// A read left waiting when the reader ends may still fail later: that is expected, never unhandled.
		pending.catch(() => undefined);
		const next = await Promise.race([pending, stop]);
		if (next.done) return;
		yield next.value;
	}
}

/** A signal aborted when either is (AbortSignal.any, which n8n's Node has, is not in this package's ES2022 types). */
function mergeSignals(a: AbortSignal, b: AbortSignal): AbortSignal {
	return (AbortSignal as unknown as { any(signals: AbortSignal[]): AbortSignal }).any([a, b]);
}

/** X's short error text as JSON where it is (read by the one reader of X), else the text itself. */
function safeJson(text: string | undefined): unknown {
	try {
		return readJson(text ?? '');
	} catch {
		return text;
	}
}
