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
import { callEndpoint, endpointRequest } from '../shared/engine/endpoints';
import { buildPath, hostBaseUrl, xCredentials } from '../shared/transport/transport';
import { v2 } from '../shared/v2';
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
	const abort = new AbortController();
	/** Ends the connection being read (undefined: none). */
	let endCurrent: (() => void) | undefined;
	let onConnected: () => void = () => undefined;
	const connected = new Promise<void>((resolve) => (onConnected = resolve));
	let answerFirst: (error: Error | undefined) => void = () => undefined;
	const firstAnswer = new Promise<Error | undefined>((resolve) => (answerFirst = resolve));
	const warn = (line: string) => ctx.logger.warn(line);
	const notJson = new WarningSummary(warn, `skipped a line of the ${options.label} that is not JSON`);
	const notices = new WarningSummary(warn, `the ${options.label} sent a notice, not an event`);

	/** Why the last attempt was aborted, when its deadline passed. */
	let lateAttempt: string | undefined;
	/** The App credential's secrets, scrubbed from X's lines (known once the first connection read the credential). */
	let scrub: Scrub | undefined;

	/**
	 * One connection attempt, until X's status and headers (and, for an error, its short body) are in.
	 * The socket's idle timeout alone counts bytes: an error body dripped a byte at a time would hold
	 * the attempt forever. So the attempt as a whole has a deadline (the allowed silence and a little
	 * more), then it is aborted. An open stream comes with `close`, which ends the request itself:
	 * destroying the body n8n hands over does not close the socket (axios reads it through a copy),
	 * and a connection left open at X still counts as the App's one stream connection.
	 */
	const connectOnce = async (query: IDataObject, renew: boolean): Promise<Answer> => {
		const connection = new AbortController();
		const inTime = new AbortController();
		lateAttempt = undefined;
		void sleep(options.silenceMs + 5000, inTime.signal).then(
			() => {
				lateAttempt = `no answer within ${Math.round((options.silenceMs + 5000) / 1000)} s`;
				connection.abort();
			},
			() => undefined,
		);
		let open = false;
		try {
			const answer = await connectWithin(query, renew, mergeSignals(abort.signal, connection.signal));
			open = answer.body !== undefined;
			return { ...answer, close: () => connection.abort() };
		} finally {
			inTime.abort();
			if (!open) connection.abort();
		}
	};

	const connectWithin = async (query: IDataObject, renew: boolean, signal: AbortSignal): Promise<Omit<Answer, 'close'>> => {
		const credentials = await xCredentials(ctx, 'app');
		scrub = scrubOf(credentials);
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
	};

	/**
	 * Reads one open connection until it ends; returns why it ended, in words. Progress is a whole
	 * line (an event or a keep-alive), never bytes alone: a drip of bytes without a line break is
	 * silence. Silence is counted in the watchdog's own checks, and a check finds no silence while
	 * bytes wait unread, so time the trigger spends on its own work never counts.
	 */
	const read = async (body: Readable, close: () => void, opened: number, alive: () => void, proven: () => void): Promise<string> => {
		// Destroying a body does not always settle a read waiting on it (a body that never sent a byte): the reader is ended by this too.
		let endReading: () => void = () => undefined;
		const readingEnded = new Promise<void>((resolve) => (endReading = resolve));
		const end = () => {
			close();
			body.destroy?.();
			endReading();
		};
		endCurrent = end;
		let progressed = false;
		let busy = false;
		let ended = false;
		let reason: string | undefined;
		const checkMs = Math.min(1000, options.silenceMs / 4);
		const checksAllowed = Math.ceil(options.silenceMs / checkMs);
		const watchdog = (async () => {
			let silentChecks = 0;
			while (!ended && !abort.signal.aborted) {
				await sleep(checkMs, abort.signal).catch(() => undefined);
				if (ended) break;
				if (progressed || busy || (body.readableLength ?? 0) > 0) {
					progressed = false;
					silentChecks = 0;
				} else if (++silentChecks >= checksAllowed) {
					reason = `no line and no keep-alive for ${Math.round(options.silenceMs / 1000)} s`;
					end();
					break;
				}
			}
			// Stopped before the reader saw a byte: the connection is ended here, not left open to X.
			if (abort.signal.aborted) end();
		})();
		// The unfinished line, in the pieces it came in.
		let pieces: Buffer[] = [];
		let pending = 0;
		let isProven = false;
		try {
			for await (const received of chunksUntil(body, readingEnded)) {
				if (abort.signal.aborted) break;
				const chunk = typeof received === 'string' ? Buffer.from(received) : received;
				const values: IDataObject[] = [];
				let lines = 0;
				let start = 0;
				for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
					let line = chunk.subarray(start, newline);
					if (pieces.length) line = Buffer.concat([...pieces, line]);
					pieces = [];
					pending = 0;
					start = newline + 1;
					lines++;
					const value = lineValue(line);
					if (value !== undefined) values.push(...value);
				}
				if (start < chunk.length) {
					pieces.push(chunk.subarray(start));
					pending += chunk.length - start;
				}
				if (lines) {
					progressed = true;
					alive();
					// Waiting for n8n's executions is the trigger's own work, not silence.
					busy = true;
					const fresh = values.length ? await options.onLines(values).finally(() => (busy = false)) : 0;
					busy = false;
					if (!isProven && (fresh > 0 || Date.now() - opened >= PROVEN_AFTER_MS)) {
						isProven = true;
						proven();
					}
				}
				if (pending > MAX_DELIVERY_BYTES) {
					reason = `a line longer than ${MAX_DELIVERY_BYTES} bytes`;
					break;
				}
			}
			reason ??= abort.signal.aborted ? 'stopped' : 'X ended the answer';
		} catch (error) {
			reason ??= `the connection dropped (${(error as Error).message})`;
		} finally {
			ended = true;
			end();
			endCurrent = undefined;
			await watchdog;
			notJson.flush();
			notices.flush();
		}
		return reason;
	};

	/** This trigger's events of a line; undefined for a keep-alive, a notice, a line that is not JSON, another workflow's event. */
	const lineValue = (line: Buffer): IDataObject[] | undefined => {
		if (line.length && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
		if (!line.length || (line.length < 16 && !line.toString('latin1').trim())) return undefined; // keep-alive
		const { body: value, refused } = readDelivery(line, undefined, scrub);
		if (refused) return void notJson.note(refused.error);
		// X's own notices ({errors: [...]}, no data) are not events.
		if (!isEventLine(value)) return void notices.note(JSON.stringify(value).slice(0, 300));
		if (!options.owns(value as IDataObject)) return undefined;
		return [value as IDataObject];
	};

	/** Who holds the App's stream, in words, from GET /2/connections (best effort). */
	const holders = async (since?: number): Promise<{ words: string; newer: boolean }> => {
		try {
			const { body } = await callEndpoint(ctx, v2.listConnections, {
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
	};

	const loop = (async () => {
		const backoff = new ReconnectBackoff(options.maxWaitMs);
		let lastAlive: number | undefined;
		/** When this activation's last connection opened (undefined: none yet). */
		let heldSince: number | undefined;
		let terminated = false;
		let renew = false;
		let first = true;
		/** Cleared when X refused a catch-up parameter (an access level without backfill): later connections ask without. */
		let catchUp = true;
		const refuse = (error: Error) => {
			if (first) answerFirst(error);
			else if (!abort.signal.aborted) ctx.emitError(error); // nothing reaches n8n after the trigger closed
		};
		while (!abort.signal.aborted) {
			let waitMs: number;
			let why: string;
			try {
				const query = catchUp ? catchUpQuery(lastAlive, Date.now()) : {};
				const repeatedFrom = query.backfill_minutes !== undefined ? Date.now() - Number(query.backfill_minutes) * 60_000 : undefined;
				if (repeatedFrom !== undefined && !options.covers(repeatedFrom)) {
					ctx.logger.warn(`X Trigger: more events came in the last ${String(query.backfill_minutes)} min than the memory of emitted events holds; the backfill may emit some of the oldest of them again`);
				}
				const answer = await connectOnce(query, renew);
				const unauthorized: boolean = answer.status === 401 && !renew;
				renew = unauthorized;
				if (unauthorized) continue; // a new bearer token once, as n8n does for requests
				if (answer.body) {
					onConnected();
					if (first) answerFirst(undefined);
					first = false;
					terminated = false;
					const opened = Date.now();
					heldSince = opened;
					lastAlive ??= opened;
					const reason = await read(answer.body, answer.close, opened, () => (lastAlive = Date.now()), () => backoff.proven());
					if (abort.signal.aborted) break;
					waitMs = backoff.next('network');
					why = `the ${options.label} ended after ${((Date.now() - opened) / 1000).toFixed(1)} s: ${reason}`;
				} else if (isTooManyConnections(answer.status, answer.text ?? '')) {
					const recently = takenOver.get(options.app);
					const quiet = recently !== undefined && Date.now() - recently < TAKEOVER_QUIET_MS;
					if (options.terminateOthers && !terminated && heldSince === undefined && !quiet) {
						terminated = true;
						const bearerToken = await options.bearer(false);
						ctx.logger.warn(`X Trigger: TooManyConnections: ending the App's other streaming connections (DELETE /2/connections/${options.endpointId ?? 'all'}) once for this activation, then connecting again`);
						if (options.endpointId) await callEndpoint(ctx, v2.terminateStreamConnections, { pathParams: { endpoint_id: options.endpointId }, bearerToken });
						else await callEndpoint(ctx, v2.terminateAllConnections, { bearerToken });
						continue;
					}
					const holder = await holders(heldSince);
					if (heldSince !== undefined && !holder.newer) {
						// Likely this trigger's own dropped connection, still counted by X: wait as X asks.
						waitMs = backoff.next('rateLimited');
						why = `X answered TooManyConnections (${holder.words}), probably this trigger's own dropped connection`;
					} else if (heldSince !== undefined || !first) {
						// After activation: waited out here, in X's 429 schedule. An error to n8n would make
						// n8n remove the trigger and activate it again and again (each time connecting, adding
						// and deleting its rules), and ending the other client would start a fight.
						if (heldSince !== undefined) takenOver.set(options.app, Date.now());
						waitMs = backoff.next('rateLimited');
						why = `${heldSince !== undefined ? 'another client took this App\'s stream over' : 'X answered TooManyConnections'} (${holder.words}); this trigger does not end it (two clients of one App would take turns) and connects again when X lets it`;
					} else {
						const what = terminated
							? `this trigger ended the App's connections once and X still refuses (${holder.words}): another client holds the stream and connects again. This trigger ends connections only once per activation, so the two cannot take turns.`
							: quiet
								? `another client took this App's stream from this n8n ${Math.round((Date.now() - recently) / 60_000)} min ago (${holder.words}); it is not ended again within ${TAKEOVER_QUIET_MS / 60_000} minutes of that, so two clients cannot take turns.`
								: `${holder.words}.`;
						refuse(new NodeOperationError(ctx.getNode(), `X refused the ${options.label}: TooManyConnections: ${what} ${TOO_MANY_CONNECTIONS_HINT}`));
						break;
					}
				} else if ((answer.status === 400 || answer.status === 403) && Object.keys(query).length) {
					catchUp = false;
					waitMs = 0;
					why = `X refused to catch up (${answer.status}: ${(answer.text ?? '').slice(0, 200)}), perhaps not offered at this App's access level; connecting without backfill, events sent meanwhile are not repeated`;
				} else if (answer.status === 401 || answer.status === 403) {
					refuse(xApiError(ctx.getNode(), { status: answer.status, body: safeJson(answer.text) }, { label: `${options.endpoint.method} ${options.endpoint.path}`, itemIndex: 0, secrets: [] }));
					break;
				} else if (answer.status === 429) {
					// A rate limit: X's reset time, however absurd, is held between X's minute and Max Reconnect Wait.
					const asked = rateLimitWaitMs(answer.headers ?? {}) ?? retryAfterMs(answer.headers ?? {});
					waitMs = backoff.next('rateLimited', asked);
					why = `the ${options.label} answered 429 (rate limit)`;
				} else {
					waitMs = backoff.next('http');
					why = `the ${options.label} answered ${answer.status}`;
				}
			} catch (error) {
				if (abort.signal.aborted) break;
				waitMs = backoff.next('network');
				why = `could not connect to the ${options.label} (${lateAttempt ?? (error as Error).message})`;
			}
			if (first) answerFirst(undefined); // not a refusal: activation goes on, the stream keeps trying
			first = false;
			ctx.logger.warn(`X Trigger: ${why}; connecting again in ${Math.round(waitMs / 10) / 100} s (attempt ${backoff.failures} in a row without a proven connection; after ${SCHEDULE_WORDS[backoff.lastKind]}, never beyond ${Math.round(options.maxWaitMs / 1000)} s)`);
			await sleep(waitMs, abort.signal).catch(() => undefined);
		}
		onConnected();
		answerFirst(undefined);
	})();

	return {
		connected,
		firstAnswer: (async () => {
			const waited = new AbortController();
			const answer = await Promise.race([firstAnswer, sleep(FIRST_ANSWER_WAIT_MS, waited.signal).then(() => undefined, () => undefined)]);
			waited.abort();
			return answer;
		})(),
		async stop() {
			abort.abort();
			endCurrent?.();
			// The reader ends at once on abort; never wait on it for long, and leave no timer behind.
			const waited = new AbortController();
			await Promise.race([loop, sleep(5000, waited.signal).catch(() => undefined)]);
			waited.abort();
		},
	};
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
