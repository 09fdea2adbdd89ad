/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * X Trigger with Delivery "Activity Stream": trigger() through n8n-core's TriggerContext against the
 * emulator's GET /2/activity/stream (chunked lines, keep-alives, split writes, drops, backfill,
 * TooManyConnections and the connections endpoints). Every event is emitted exactly once.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { catchUpQuery } from '../../nodes/XTrigger/stream';
import type { XEmulator } from '../emulator';
import { startEmulator } from '../emulator';
import type { StartedTrigger } from '../harness';
import { EngineHarness } from '../harness';
import { everyV2RequestIsAnEndpoint } from './endpointConformance';
import { streamWorkflow } from './streamKit';

let emulator: XEmulator;
everyV2RequestIsAnEndpoint(() => emulator);
let harness: EngineHarness;
let counter = 0;
const running: StartedTrigger[] = [];

beforeAll(async () => {
	emulator = await startEmulator();
});
afterAll(async () => emulator.close());
beforeEach(() => {
	emulator.control.reset();
	emulator.control.setPlatformSettings({ keepAliveMs: 100 });
	harness = new EngineHarness({
		nodeTypes: [XTrigger],
		credentialTypes: [XAppOnlyApi, XOAuth1Api],
		credentials: { xAppOnlyApi: { apiKey: emulator.app.consumerKey, apiKeySecret: emulator.app.consumerSecret, apiBaseUrl: emulator.urls.api } },
	});
});
afterEach(async () => {
	while (running.length) await running.pop()!.close();
});

const user = () => emulator.users[0].userId;

function node(parameters: INodeParameters = {}) {
	return streamWorkflow(`wf-stream-${++counter}`, user(), { subscriptions: { subscription: [{ userId: user(), eventTypes: ['post.create', 'profile.update.bio'] }] }, ...parameters });
}

async function start(parameters: INodeParameters = {}, apiBaseUrl?: string) {
	if (apiBaseUrl) {
		harness = new EngineHarness({
			nodeTypes: [XTrigger],
			credentialTypes: [XAppOnlyApi, XOAuth1Api],
			credentials: { xAppOnlyApi: { apiKey: emulator.app.consumerKey, apiKeySecret: emulator.app.consumerSecret, apiBaseUrl } },
		});
	}
	const started = await harness.startTrigger(node(parameters));
	running.push(started);
	return started;
}

/** Waits until the trigger emitted `count` items (or fails after a few seconds). */
async function emittedCount(t: StartedTrigger, count: number, ms = 8000): Promise<IDataObject[]> {
	const until = Date.now() + ms;
	while (t.items().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
	return t.items();
}

async function streamOpen(ms = 5000) {
	const until = Date.now() + ms;
	while (emulator.control.activityStreamReaders() === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
	expect(emulator.control.activityStreamReaders()).toBe(1);
}

const post = (n: number) => emulator.control.emitActivity(user(), 'post.create', { id: `18600000000000000${String(n).padStart(2, '0')}`, text: `post ${n}`, edit_history_tweet_ids: [`18600000000000000${String(n).padStart(2, '0')}`] });

/** The ids of the posts the trigger emitted, in order. */
const emitted = (t: StartedTrigger) => t.items().map((i) => String((((i.payload as IDataObject).data as IDataObject).payload as IDataObject).id));

interface SlowProxy {
	url: string;
	/** While true, bytes from X reach the trigger at the budget only. */
	slow: boolean;
	close(): Promise<void>;
}

/** A loopback TCP proxy in front of the emulator that reads X's side at bytesPerSecond while `slow`. */
async function slowProxy(target: URL, bytesPerSecond: number): Promise<SlowProxy> {
	const sockets = new Set<Socket>();
	const server: Server = createServer((client) => {
		const upstream = connect(Number(target.port), target.hostname);
		for (const s of [client, upstream]) {
			sockets.add(s);
			s.on('close', () => sockets.delete(s));
			s.on('error', () => undefined);
		}
		client.pipe(upstream);
		upstream.on('data', (chunk: Buffer) => {
			client.write(chunk);
			if (!proxy.slow) return;
			upstream.pause();
			setTimeout(() => upstream.resume(), Math.ceil((chunk.length * 1000) / bytesPerSecond));
		});
		upstream.on('end', () => client.end());
		upstream.on('close', () => client.destroy());
		client.on('close', () => upstream.destroy());
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	const proxy: SlowProxy = {
		url: `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, '')}`,
		slow: true,
		close: async () => {
			for (const s of sockets) s.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	return proxy;
}

/**
 * A burst: 40 posts of about 2 KB every 20 ms (about 4 MB/s; 3,000 posts take 1.5 s), spread in time
 * so that a reader at full speed keeps up and one at the proxy's budget falls behind. Returns the posts' ids.
 */
async function burst(count = 3000, first = 0): Promise<string[]> {
	const ids: string[] = [];
	const text = 'x'.repeat(1900);
	for (let round = 0; round < count / 40; round++) {
		for (let k = 0; k < 40; k++) {
			const id = String(1870000000000000000n + BigInt(first + ids.length));
			ids.push(id);
			await emulator.control.emitActivity(user(), 'post.create', { id, text, edit_history_tweet_ids: [id] });
		}
		await new Promise((r) => setTimeout(r, 20));
	}
	return ids;
}

describe('X Trigger, activity stream delivery', () => {
	it('creates its subscriptions without a webhook, emits each event as it arrives, removes them on close', async () => {
		const t = await start();
		expect(emulator.control.activitySubscriptions().map((s) => [s.event_type, s.webhook_id])).toEqual([['post.create', undefined], ['profile.update.bio', undefined]]);
		await streamOpen();
		await post(1);
		await emulator.control.emitActivity(user(), 'profile.update.bio', { before: 'a', after: 'b' });
		const items = await emittedCount(t, 2);
		expect(items).toEqual([
			expect.objectContaining({ event_type: 'post.create', event_id: expect.stringMatching(/^\d+$/), for_user_id: user(), payload: expect.objectContaining({ data: expect.objectContaining({ payload: expect.objectContaining({ id: '1860000000000000001' }) }) }) }),
			expect.objectContaining({ event_type: 'profile.update.bio' }),
		]);
		expect(emulator.control.requests().filter((r) => r.path === '/2/activity/stream')[0].headers.authorization).toBe('Bearer');
		await running.pop()!.close();
		expect(emulator.control.activitySubscriptions()).toEqual([]);
		expect(emulator.control.streamConnections().every((c) => c.disconnected_at !== undefined)).toBe(true);
	});

	it('joins lines cut across writes, skips keep-alives, and after drops reconnects with backfill: every event exactly once', async () => {
		emulator.control.setPlatformSettings({ splitWrites: true });
		const t = await start();
		await streamOpen();
		for (let n = 1; n <= 5; n++) await post(n);
		await emittedCount(t, 5);
		// A drop; events published while nobody reads come back by backfill_minutes on the reconnect.
		expect(emulator.control.dropActivityStreams()).toBe(1);
		for (let n = 6; n <= 8; n++) await post(n);
		await emittedCount(t, 8);
		emulator.control.dropActivityStreams();
		await streamOpen();
		for (let n = 9; n <= 10; n++) await post(n);
		const items = await emittedCount(t, 10);
		await new Promise((r) => setTimeout(r, 300));
		const ids = t.items().map((i) => ((i.payload as IDataObject).data as IDataObject).payload as IDataObject).map((p) => p.id);
		expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => `18600000000000000${String(i + 1).padStart(2, '0')}`));
		expect(items).toHaveLength(10);
		const reconnects = emulator.control.requests().filter((r) => r.path === '/2/activity/stream').map((r) => r.query);
		expect(reconnects[0]).toBe('');
		expect(reconnects.slice(1).every((q) => /^backfill_minutes=1$/.test(q))).toBe(true);
	});

	it('a slow reader in a burst: X closes it (client too slow), the trigger reconnects with backfill: every event exactly once', async () => {
		// X closes a connection whose queue of unsent messages grows too large because the client reads
		// too slowly (https://docs.x.com/x-api/fundamentals/handling-disconnections, "Client too slow").
		// The trigger reads through the proxy at 200 KB/s during a 4 MB/s burst, then at full speed.
		emulator.control.setPlatformSettings({ slowReaderBytes: 64 * 1024 });
		const proxy = await slowProxy(new URL(emulator.urls.api), 200 * 1024);
		try {
			const t = await start({}, proxy.url);
			await streamOpen();
			// Burst until X has closed the connection: the kernel's loopback buffers take a few MB first.
			const ids: string[] = [];
			const slowDrops = () => emulator.control.streamConnections().filter((c) => c.disconnect_reason === 'SlowReader').length;
			while (slowDrops() === 0 && ids.length < 6000) ids.push(...(await burst(400, ids.length)));
			expect(slowDrops()).toBeGreaterThanOrEqual(1);
			expect(t.items().length).toBeLessThan(ids.length);
			proxy.slow = false;
			await emittedCount(t, ids.length, 8000);
			// Late copies (a backfill still under way) would show up here.
			await new Promise((r) => setTimeout(r, 300));
			expect(emitted(t)).toEqual(ids);
			const queries = emulator.control.requests().filter((r) => r.path === '/2/activity/stream').map((r) => r.query);
			expect(queries[0]).toBe('');
			expect(queries.slice(1).length).toBeGreaterThanOrEqual(1);
			expect(queries.slice(1).every((q) => q === 'backfill_minutes=1')).toBe(true);
		} finally {
			while (running.length) await running.pop()!.close();
			await proxy.close();
		}
	}, 20_000);

	it('a burst read at full speed through the proxy: X keeps the connection, every event once', async () => {
		emulator.control.setPlatformSettings({ slowReaderBytes: 64 * 1024 });
		const proxy = await slowProxy(new URL(emulator.urls.api), 200 * 1024);
		proxy.slow = false;
		try {
			const t = await start({}, proxy.url);
			await streamOpen();
			const ids = await burst();
			await emittedCount(t, ids.length, 15_000);
			expect(emitted(t)).toEqual(ids);
			expect(emulator.control.streamConnections().map((c) => c.disconnect_reason)).toEqual([undefined]);
		} finally {
			while (running.length) await running.pop()!.close();
			await proxy.close();
		}
	}, 30_000);

	it('reconnects after silence (no keep-alive) and catches up', async () => {
		emulator.control.setPlatformSettings({ keepAliveMs: 60_000 });
		const t = await start({ streamOptions: { reconnectAfterSilence: 1 } });
		await streamOpen();
		await new Promise((r) => setTimeout(r, 2500));
		await post(1);
		expect(await emittedCount(t, 1)).toHaveLength(1);
		expect(emulator.control.requests().filter((r) => r.path === '/2/activity/stream').length).toBeGreaterThanOrEqual(2);
	});

	it('on TooManyConnections says what to do; with Terminate Others it ends the stale connection and streams', async () => {
		emulator.control.addStaleStreamConnection();
		// X's refusal of the first connection fails the activation, naming who holds the App's stream; nothing is left at X.
		await expect(start()).rejects.toThrow(/TooManyConnections: held by connection [0-9a-f-]+ from 127\.0\.0\.1 since .*X Webhooks > Connection > Terminate All/);
		expect(emulator.control.activitySubscriptions()).toEqual([]);

		const t = await start({ streamOptions: { reconnectAfterSilence: 2, onTooManyConnections: 'terminate' } });
		await streamOpen();
		expect(emulator.control.requests().some((r) => r.method === 'DELETE' && r.path === '/2/connections/all')).toBe(true);
		await post(1);
		expect(await emittedCount(t, 1)).toHaveLength(1);
		expect(t.errors).toEqual([]);
	});

	it('refuses private kinds without the user\'s credential before creating anything', async () => {
		await expect(harness.startTrigger(node({ subscriptions: { subscription: [{ userId: user(), eventTypes: ['dm.received'] }] } }))).rejects.toThrow(/private kinds need the user's context/);
		expect(emulator.control.activitySubscriptions()).toEqual([]);
	});

	it('asks for the gap: backfill_minutes up to 5 minutes, else start_time', () => {
		const now = Date.parse('2026-05-01T12:00:00Z');
		expect(catchUpQuery(undefined, now)).toEqual({});
		expect(catchUpQuery(now - 10_000, now)).toEqual({ backfill_minutes: 1 });
		expect(catchUpQuery(now - 4.5 * 60_000, now)).toEqual({ backfill_minutes: 5 });
		expect(catchUpQuery(now - 6 * 60_000, now)).toEqual({ start_time: '2026-05-01T11:53:59Z' });
	});
});
