/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The X Activity API's persistent stream, GET /2/activity/stream (bearer), as X's streaming pages
 * describe streams (https://docs.x.com/x-api/posts/filtered-stream/introduction#keep-alive-signals):
 * one long chunked HTTP answer, one JSON object per line ending in \r\n, a blank \r\n keep-alive every
 * 20 seconds, one connection per App (a second one gets TooManyConnections until the first ends or
 * is terminated through the connections endpoints), and backfill_minutes (0-5) / start_time /
 * end_time to get events again that were sent while the client was away.
 *
 * Lines are {data:{event_type, event_uuid, filter, tag?, payload}} (ActivityStreamResponse); each is
 * checked against openapi.json when it is published. Events reach the stream from every matching
 * activity subscription (control.emitActivity; those with a webhook while a stream is open). Drops (control.dropActivityStreams), split
 * writes, slow readers and stale connections are in the control API.
 */
import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

import { activityStreamLineProblems } from '../../reference/openapi';
import { HttpError, type EmulatorResponse, type RequestContext } from '../http';
import type { Router } from '../router';
import type { Store } from '../store';
import { snowflake, v2Time } from '../util';
import { endConnection, openConnections, platformState, type StreamConnection, type StreamEvent } from '../state/platform';
import { emulatorNow } from '../state/webhooks';

export const ACTIVITY_STREAM_ENDPOINT = 'activity_stream';

/**
 * X's answer to a connection beyond the App's limit. openapi.json does not describe it (like 401s);
 * its shape is X's streaming ConnectionException, named TooManyConnections.
 */
export function tooManyConnections(): HttpError {
	return new HttpError(429, {
		title: 'ConnectionException',
		detail: 'This stream is currently at the maximum allowed connection limit.',
		connection_issue: 'TooManyConnections',
		type: 'https://api.x.com/2/problems/streaming-connection',
	});
}

function queryValue(ctx: RequestContext, name: string): string | undefined {
	return ctx.query.find(([k]) => k === name)?.[1];
}

/** Publishes an activity to every open stream and keeps it for backfill; returns its event_uuid. */
export function publishActivity(store: Store, data: { event_type: string; filter: Record<string, unknown>; tag?: string; payload: unknown }): string {
	const eventUuid = snowflake();
	const line = { data: { event_type: data.event_type, event_uuid: eventUuid, filter: data.filter, ...(data.tag !== undefined ? { tag: data.tag } : {}), payload: data.payload } };
	const wrong = activityStreamLineProblems(line);
	if (wrong.length) throw new Error(`the activity stream line does not conform to openapi.json: ${wrong.join('; ')}`);
	const event: StreamEvent = { time: emulatorNow(store), line: JSON.stringify(line), eventUuid };
	publishStreamEvent(store, event);
	return eventUuid;
}

/** Keeps an event for backfill (within the window) and hands it to every open reader. */
export function publishStreamEvent(store: Store, event: StreamEvent): void {
	const state = platformState(store);
	state.streamEvents.push(event);
	const oldest = emulatorNow(store) - state.settings.backfillWindowMs;
	while (state.streamEvents.length && state.streamEvents[0].time < oldest) state.streamEvents.shift();
	for (const reader of [...state.streamReaders]) reader(event);
}

function openStream(ctx: RequestContext): EmulatorResponse {
	return openStreamOf(ctx, ACTIVITY_STREAM_ENDPOINT);
}

/** Opens a connection to one of the App's streams (endpoint: its connections' endpoint_name), one per App unless the settings allow more. */
export function openStreamOf(ctx: RequestContext, endpoint: string): EmulatorResponse {
	const { store } = ctx;
	const state = platformState(store);
	if (openConnections(store).filter((c) => c.endpoint_name === endpoint).length >= state.settings.maxStreamConnections) throw tooManyConnections();
	const backfill = queryValue(ctx, 'backfill_minutes');
	const start = queryValue(ctx, 'start_time');
	const end = queryValue(ctx, 'end_time');
	const from = start !== undefined ? Date.parse(start) : backfill !== undefined ? ctx.now - Number(backfill) * 60_000 : undefined;
	const until = end !== undefined ? Date.parse(end) : undefined;
	if (from !== undefined && until !== undefined && from > until) {
		throw new HttpError(400, { title: 'Invalid Request', detail: 'start_time must not be after end_time.', type: 'https://api.x.com/2/problems/invalid-request' });
	}
	const connection: StreamConnection = {
		id: randomUUID(),
		endpoint_name: endpoint,
		client_ip: String(ctx.headers['x-forwarded-for'] ?? '127.0.0.1'),
		connected_at: v2Time(ctx.now),
	};
	state.connections.push(connection);
	return {
		status: 200,
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
		stream: (res) => serve(store, connection, res, from, until, ctx.query),
	};
}

function serve(store: Store, connection: StreamConnection, res: ServerResponse, from: number | undefined, until: number | undefined, query: Array<[string, string]>): void {
	const state = platformState(store);
	const settings = state.settings;
	let closed = false;
	const write = (text: string) => {
		if (closed) return;
		if (settings.splitWrites && text.length > 2) {
			const cut = Math.floor(text.length / 2);
			res.write(text.slice(0, cut));
			res.write(text.slice(cut));
		} else res.write(text);
		watchBacklog();
	};
	// X closes a connection whose queue of messages not yet sent grows too large: the client reads
	// too slowly (https://docs.x.com/x-api/fundamentals/handling-disconnections, "Client too slow").
	// The queue is measured once the socket took what the client's side accepts (Node sends the
	// writes of one tick together), not in the middle of a burst of writes.
	let checking = false;
	const watchBacklog = () => {
		if (settings.slowReaderBytes <= 0 || checking) return;
		checking = true;
		setImmediate(() => {
			checking = false;
			if (!closed && res.writableLength > settings.slowReaderBytes) endConnection(connection, 'SlowReader', emulatorNow(store));
		});
	};
	const ours = (event: StreamEvent) => (event.endpoint ?? ACTIVITY_STREAM_ENDPOINT) === connection.endpoint_name;
	const send = (event: StreamEvent) => {
		if (until !== undefined && event.time > until) return;
		write(`${event.render ? event.render(query) : event.line}\r\n`);
	};
	const keepAlive = setInterval(() => write('\r\n'), settings.keepAliveMs);
	// What the client missed (the window it asked for) goes first, at the pace the client reads (the
	// backlog a reconnect asks for is not a client falling behind); live events wait behind it.
	// The pace: the queue is kept under half the slow-reader limit (Node's own buffer limit, 64 KiB
	// since Node 22, may be as large as that limit, and waiting for 'drain' alone would fill the
	// queue past it and close a client that reads as fast as it can).
	const missed = from !== undefined ? state.streamEvents.filter((e) => e.time >= from && ours(e)) : [];
	const paceBytes = settings.slowReaderBytes > 0 ? Math.min(res.writableHighWaterMark, settings.slowReaderBytes / 2) : res.writableHighWaterMark;
	const pump = () => {
		while (missed.length && !closed) {
			if (res.writableNeedDrain) return void res.once('drain', pump);
			if (res.writableLength >= paceBytes) return void setTimeout(pump, 2);
			send(missed.shift()!);
		}
	};
	const reader = (event: StreamEvent) => (!ours(event) ? undefined : missed.length ? missed.push(event) : send(event));
	const finish = () => {
		if (closed) return;
		closed = true;
		clearInterval(keepAlive);
		state.streamReaders.delete(reader);
		endConnection(connection, 'ClientDisconnected', emulatorNow(store));
	};
	connection.close = (reason) => {
		closed = true;
		clearInterval(keepAlive);
		state.streamReaders.delete(reader);
		// An operational disconnect: the socket closes without the end of the chunked answer.
		void reason;
		res.socket?.destroy();
	};
	res.on('close', finish);
	if (until !== undefined && until <= emulatorNow(store)) {
		for (const event of missed.splice(0)) send(event);
		closed = true;
		clearInterval(keepAlive);
		endConnection(connection, 'EndTimeReached', emulatorNow(store));
		res.end();
		return;
	}
	state.streamReaders.add(reader);
	pump();
}

/** Drops every open connection of a stream (X's operational disconnects); returns how many. */
export function dropActivityStreams(store: Store, reason = 'OperationalDisconnect', endpoint = ACTIVITY_STREAM_ENDPOINT): number {
	let n = 0;
	for (const c of openConnections(store)) if (c.endpoint_name === endpoint && !c.stale && endConnection(c, reason, emulatorNow(store))) n++;
	return n;
}

/** A connection X still counts whose client is gone (a crashed n8n): the next connect gets TooManyConnections. */
export function addStaleConnection(store: Store, endpoint = ACTIVITY_STREAM_ENDPOINT): string {
	const connection: StreamConnection = { id: randomUUID(), endpoint_name: endpoint, client_ip: '127.0.0.1', connected_at: v2Time(emulatorNow(store)), stale: true };
	platformState(store).connections.push(connection);
	return connection.id;
}

export function registerActivityStreamRoutes(router: Router): void {
	router.api('GET', '/2/activity/stream', openStream, 'none');
}
