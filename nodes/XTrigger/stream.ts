/**
 * The X Activity API's persistent stream (GET /2/activity/stream, app-only bearer token) held open by
 * the trigger: for an n8n that X cannot reach (no public https URL), nothing comes in; the trigger
 * reads out. X writes one JSON object per line and a blank line as a keep-alive every 20 seconds
 * (https://docs.x.com/x-api/posts/filtered-stream/introduction#keep-alive-signals); after a drop the
 * trigger connects again with backoff and asks for what it missed (backfill_minutes up to 5, else
 * start_time); events seen before are dropped by the caller's memory of recent events.
 */
import type { IDataObject, IHttpRequestOptions, ITriggerFunctions } from 'n8n-workflow';
import { jsonParse, NodeOperationError, sleep } from 'n8n-workflow';

import { xApiError } from '../shared/errors';
import { encodePairs, objectToPairs } from '../shared/oauth1';
import { credentialSecrets, redact } from '../shared/redact';
import { hostBaseUrl, xCredentials, xRequest } from '../shared/transport';
import { MAX_DELIVERY_BYTES, readDelivery } from './events';

/** X keeps 5 minutes for backfill_minutes; a longer gap asks by start_time. */
const MAX_BACKFILL_MINUTES = 5;
/** Reconnect waits: 250 ms doubling up to a minute (a minute at least after TooManyConnections). */
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 60_000;

export interface StreamOptions {
	/** The App's bearer token (read while trigger() runs); renew: a new one after X answered 401. */
	bearer: (renew: boolean) => Promise<string>;
	/** Reconnect when neither data nor a keep-alive came for this long. */
	silenceMs: number;
	/** On TooManyConnections: end the App's other connections (DELETE /2/connections/all) and connect again, once per episode. */
	terminateOthers: boolean;
	/** Each complete JSON line (keep-alives are not handed over). */
	onLine: (value: unknown) => void;
}

export interface RunningStream {
	/** Ends the stream and waits (boundedly) until the reader stopped. */
	stop(): Promise<void>;
	/** Resolves once a connection is open (or the stream stopped). */
	connected: Promise<void>;
}

type Readable = AsyncIterable<Buffer | string> & { destroy?: (error?: Error) => void };

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
	'X allows one activity-stream connection per App, and another is open (another workflow or n8n with this App, or a connection X still counts after a crash). Stop the other one, or end the App\'s connections: X Webhooks > Connection > Terminate All, or set this trigger\'s Stream Options > On Too Many Connections to Terminate Others and Reconnect.';

export function startActivityStream(ctx: ITriggerFunctions, options: StreamOptions): RunningStream {
	const abort = new AbortController();
	let current: Readable | undefined;
	let onConnected: () => void = () => undefined;
	const connected = new Promise<void>((resolve) => (onConnected = resolve));

	const connectOnce = async (query: IDataObject, renew: boolean): Promise<{ status: number; body?: Readable; text?: string }> => {
		const credentials = await xCredentials(ctx, 'app');
		const token = await options.bearer(renew);
		const search = encodePairs(objectToPairs(query));
		const request: IHttpRequestOptions = {
			method: 'GET',
			url: `${hostBaseUrl(credentials, 'api')}/2/activity/stream${search ? `?${search}` : ''}`,
			encoding: 'stream',
			returnFullResponse: true,
			json: false,
			disableFollowRedirect: true,
			// Idle time of the socket: a little beyond the silence the reader allows itself.
			timeout: options.silenceMs + 5000,
			abortSignal: abort.signal,
			ignoreHttpStatusErrors: true,
			// The token as it is: n8n's credential handling needs expression evaluation, which n8n
			// 2.x allows only while trigger() runs, and the stream reconnects long after.
			headers: { Authorization: `Bearer ${token}` },
		};
		const answer = (await ctx.helpers.httpRequest(request)) as { statusCode: number; body: Readable };
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
		return { status: answer.statusCode, text: redact(Buffer.concat(chunks).toString('utf8'), credentialSecrets(credentials)) };
	};

	/** Reads one open connection until it ends; returns when it ended (drop, silence, stop). */
	const read = async (body: Readable, alive: () => void): Promise<void> => {
		current = body;
		let lastData = Date.now();
		let ended = false;
		// The silence watchdog: four checks per allowed silence (at most one a second), while this connection lives.
		const watchdog = (async () => {
			while (!ended && !abort.signal.aborted) {
				await sleep(Math.min(1000, options.silenceMs / 4), abort.signal).catch(() => undefined);
				if (!ended && Date.now() - lastData > options.silenceMs) {
					ctx.logger.warn(`X Trigger: the activity stream was silent for ${Math.round(options.silenceMs / 1000)} s (no keep-alive): reconnecting`);
					body.destroy?.();
					break;
				}
			}
		})();
		let pending = Buffer.alloc(0);
		try {
			for await (const chunk of body) {
				if (abort.signal.aborted) break;
				lastData = Date.now();
				alive();
				pending = Buffer.concat([pending, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
				let newline: number;
				while ((newline = pending.indexOf(0x0a)) !== -1) {
					const line = pending.subarray(0, newline);
					pending = pending.subarray(newline + 1);
					const text = line.toString('utf8').trim();
					if (!text) continue; // keep-alive
					const { body: value, refused } = readDelivery(Buffer.from(text, 'utf8'));
					if (refused) ctx.logger.warn(`X Trigger: skipped a line of the activity stream that is not JSON (${refused.error})`);
					else options.onLine(value);
				}
				if (pending.length > MAX_DELIVERY_BYTES) {
					ctx.logger.warn(`X Trigger: a line of the activity stream is longer than ${MAX_DELIVERY_BYTES} bytes: reconnecting`);
					break;
				}
			}
		} catch (error) {
			if (!abort.signal.aborted) ctx.logger.warn(`X Trigger: the activity stream dropped (${(error as Error).message}): reconnecting`);
		} finally {
			ended = true;
			body.destroy?.();
			current = undefined;
			await watchdog;
		}
	};

	const loop = (async () => {
		let lastAlive: number | undefined;
		let failures = 0;
		let terminated = false;
		let renew = false;
		while (!abort.signal.aborted) {
			let waitMs = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** failures);
			try {
				const answer = await connectOnce(catchUpQuery(lastAlive, Date.now()), renew);
				const unauthorized: boolean = answer.status === 401 && !renew;
				renew = unauthorized;
				if (unauthorized) continue; // a new bearer token once, as n8n does for requests
				if (answer.body) {
					onConnected();
					failures = 0;
					terminated = false;
					lastAlive = Date.now();
					await read(answer.body, () => (lastAlive = Date.now()));
					if (abort.signal.aborted) break;
					waitMs = FIRST_BACKOFF_MS;
				} else if (isTooManyConnections(answer.status, answer.text ?? '')) {
					if (options.terminateOthers && !terminated) {
						terminated = true;
						ctx.logger.warn('X Trigger: TooManyConnections: ending the App\'s other streaming connections (DELETE /2/connections/all), then connecting again');
						await xRequest(ctx, { method: 'DELETE', host: 'api', path: '/2/connections/all', auth: 'app', bearerToken: await options.bearer(false) });
						continue;
					}
					// n8n deactivates the trigger on emitError and activates it again later.
					ctx.emitError(new NodeOperationError(ctx.getNode(), `X refused the activity stream: TooManyConnections. ${TOO_MANY_CONNECTIONS_HINT}`));
					break;
				} else if (answer.status === 401 || answer.status === 403) {
					const error = xApiError(ctx.getNode(), { status: answer.status, body: safeJson(answer.text) }, { label: 'GET /2/activity/stream', itemIndex: 0, secrets: [] });
					ctx.emitError(error);
					break;
				} else {
					failures++;
					ctx.logger.warn(`X Trigger: the activity stream answered ${answer.status}; connecting again in ${waitMs} ms`);
				}
			} catch (error) {
				if (abort.signal.aborted) break;
				failures++;
				ctx.logger.warn(`X Trigger: could not connect to the activity stream (${(error as Error).message}); connecting again in ${waitMs} ms`);
			}
			await sleep(waitMs, abort.signal).catch(() => undefined);
		}
		onConnected();
	})();

	return {
		connected,
		async stop() {
			abort.abort();
			current?.destroy?.();
			// The reader ends at once on abort; never wait on it for long, and leave no timer behind.
			const waited = new AbortController();
			await Promise.race([loop, sleep(5000, waited.signal).catch(() => undefined)]);
			waited.abort();
		},
	};
}

function safeJson(text: string | undefined): unknown {
	return jsonParse<unknown>(text ?? '', { fallbackValue: text });
}
