/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * X Trigger's activity stream under hostile conditions (issue 24), through n8n-core's TriggerContext:
 * a stream that is accepted and then dies (reset, clean end, a line without a line break, a drip of
 * bytes), a backfill that repeats thousands of events, a second workflow or a second n8n of the same
 * App, a process too busy to read, and a flood of lines that are not JSON. The stream is the
 * emulator's, or a loopback server in front of it that misbehaves only on GET /2/activity/stream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import type { StartedTrigger } from '../harness';
import { EngineHarness } from '../harness';
import { everyV2RequestIsAnEndpoint } from './endpointConformance';
import { PACKAGE_USER_AGENT } from './env';
import type { StreamSuite } from './streamKit';
import { inFrontOfEmulator, sleep, streamSuite, streamWorkflow, until } from './streamKit';

const suite = streamSuite();
let emulator: StreamSuite['emulator'];
beforeAll(() => {
	emulator = suite.emulator;
});
everyV2RequestIsAnEndpoint(() => emulator);
let counter = 0;
const { running } = suite;

const user = () => emulator.users[0].userId;

function harnessFor(apiBaseUrl = emulator.urls.api, nodeType: new () => INodeType = XTrigger): EngineHarness {
	return new EngineHarness({
		nodeTypes: [nodeType],
		credentialTypes: [XAppOnlyApi, XOAuth1Api],
		credentials: { xAppOnlyApi: { apiKey: emulator.app.consumerKey, apiKeySecret: emulator.app.consumerSecret, apiBaseUrl } },
	});
}

function workflow(parameters: INodeParameters = {}, id = `wf-hard-${++counter}`) {
	return streamWorkflow(id, user(), parameters);
}

async function start(harness: EngineHarness, parameters: INodeParameters = {}, id?: string): Promise<StartedTrigger> {
	const started = await harness.startTrigger(workflow(parameters, id));
	running.push(started);
	return started;
}

const streamRequests = () => emulator.control.requests().filter((r) => r.path === '/2/activity/stream');
const warnings = (harness: EngineHarness) => harness.logs.filter((l) => l.level === 'warn').map((l) => l.message);
const post = (id: string) => emulator.control.emitActivity(user(), 'post.create', { id, text: `post ${id}`, edit_history_tweet_ids: [id] });
const postIds = (t: StartedTrigger) => t.items().map((i) => String((((i.payload as IDataObject).data as IDataObject).payload as IDataObject).id));

/**
 * A loopback server in front of the emulator: GET /2/activity/stream is answered by `stream` (and
 * counted), every other request is passed to the emulator as it is.
 */
async function hostileStream(stream: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; connections: number[] }> {
	const connections: number[] = [];
	const url = await inFrontOfEmulator(suite, (req, res) => {
		if (!req.url?.includes('/2/activity/stream')) return false;
		connections.push(Date.now());
		stream(req, res);
		return true;
	});
	return { url, connections };
}

/** The waits the trigger announced ("connecting again in N s"), in seconds, in order. */
const announcedWaits = (harness: EngineHarness) =>
	warnings(harness)
		.map((m) => /connecting again in ([\d.]+) s/.exec(m)?.[1])
		.filter((w): w is string => w !== undefined)
		.map(Number);

describe('X Trigger stream: reconnects back off until a connection proves itself (break 1)', () => {
	const accepted = {
		'answers 200, then resets the socket': (_req: IncomingMessage, res: ServerResponse) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.flushHeaders();
			setTimeout(() => res.socket?.destroy(), 5);
		},
		'answers 200, then ends the answer at once': (_req: IncomingMessage, res: ServerResponse) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end();
		},
		'answers 200 with a keep-alive, then resets': (_req: IncomingMessage, res: ServerResponse) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write('\r\n');
			setTimeout(() => res.socket?.destroy(), 5);
		},
	};
	for (const [name, behaviour] of Object.entries(accepted)) {
		it(`a stream that ${name}: waits grow by X's 250 ms step (no storm), each reconnect logged with its reason`, async () => {
			const hostile = await hostileStream(behaviour);
			const harness = harnessFor(hostile.url);
			await start(harness);
			await sleep(6000);
			// Without backoff: a connection every few ms. With X's step: 0, 0.25, 0.75, 1.5, 2.5, 3.75, 5.25 s.
			expect(hostile.connections.length).toBeGreaterThanOrEqual(5);
			expect(hostile.connections.length).toBeLessThanOrEqual(7);
			const waits = announcedWaits(harness);
			expect(waits.length).toBeGreaterThanOrEqual(hostile.connections.length - 1);
			expect(waits).toEqual(waits.map((_, i) => 0.25 * (i + 1)));
			const reasons = warnings(harness).filter((m) => /connecting again in/.test(m));
			for (const line of reasons) expect(line).toMatch(/the activity stream ended after [\d.]+ s: (X ended the answer|the connection dropped \(.+\))/);
		}, 15_000);
	}

	it('waits no longer than Max Reconnect Wait (the cap the user sets), whatever X\'s schedule asks', async () => {
		// 503 answers: X's schedule for HTTP errors asks for 5 s, then 10 s, 20 s; the cap is 2 s.
		const hostile = await hostileStream((_req, res) => {
			res.writeHead(503, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ title: 'Service Unavailable', status: 503 }));
		});
		const harness = harnessFor(hostile.url);
		await start(harness, { streamOptions: { reconnectAfterSilence: 2, maxReconnectWait: 2 } });
		await sleep(5000);
		expect(hostile.connections.length).toBeGreaterThanOrEqual(2);
		expect(hostile.connections.length).toBeLessThanOrEqual(3);
		const waits = announcedWaits(harness);
		expect(waits).toEqual(waits.map(() => 2));
		expect(warnings(harness).some((m) => /answered 503; connecting again in 2 s .*after an HTTP error X asks for 5 s, doubling, never beyond 2 s/.test(m))).toBe(true);
	}, 15_000);

	it('an HTTP error waits X\'s 5 s; dropped connections after it grow by their own 250 ms step', async () => {
		let attempt = 0;
		const hostile = await hostileStream((_req, res) => {
			if (attempt++ === 0) {
				res.writeHead(503, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ title: 'Service Unavailable', status: 503 }));
			} else {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end();
			}
		});
		const harness = harnessFor(hostile.url);
		await start(harness);
		await until('four attempts', () => hostile.connections.length >= 4, 9000);
		// 503, 5 s, a drop, 0.25 s, a drop, 0.5 s, a drop: the 503 did not count as a network failure.
		expect(announcedWaits(harness).slice(0, 3)).toEqual([5, 0.25, 0.5]);
		const gaps = hostile.connections.slice(1, 4).map((t, i) => t - hostile.connections[i]);
		expect(gaps[0]).toBeGreaterThanOrEqual(4900);
		expect(gaps[1]).toBeLessThan(1500);
		expect(warnings(harness).find((m) => /connecting again/.test(m))).toMatch(/attempt 1 in a row without a proven connection; after an HTTP error X asks for 5 s, doubling, never beyond 320 s/);
	}, 15_000);

	it('a connection that delivered a new event starts the count again: the next reconnect is quick', async () => {
		const harness = harnessFor();
		const t = await start(harness);
		await until('the stream', () => emulator.control.activityStreamReaders() === 1);
		await post('1870000000000000001');
		await until('the event', () => t.items().length === 1);
		emulator.control.dropActivityStreams();
		await until('the reconnect', () => streamRequests().length === 2, 3000);
		expect(announcedWaits(harness)).toEqual([0.25]);
		// Both connects name the package and its version, as X's guide asks (also test/engine/userAgent).
		expect(streamRequests().map((r) => r.headers['user-agent'])).toEqual([PACKAGE_USER_AGENT, PACKAGE_USER_AGENT]);
	});

	it('a line without a line break, dripped at a byte a second, is silence: the trigger reconnects', async () => {
		const hostile = await hostileStream((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write('{');
			const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write('"')), 1000);
			res.on('close', () => clearInterval(drip));
		});
		const harness = harnessFor(hostile.url);
		await start(harness, { streamOptions: { reconnectAfterSilence: 2 } });
		await until('a reconnect', () => hostile.connections.length >= 2, 6000);
		expect(warnings(harness).some((m) => /no line and no keep-alive for 2 s/.test(m))).toBe(true);
	}, 10_000);
});

describe('X Trigger stream: the trigger\'s own work is not silence; warnings are summarised', () => {
	it('a process busy longer than the allowed silence while X keeps sending: no reconnect', async () => {
		const harness = harnessFor();
		const t = await start(harness, { streamOptions: { reconnectAfterSilence: 1 } });
		await until('the stream', () => emulator.control.activityStreamReaders() === 1);
		// The first emit blocks the process for 1.5 s (n8n running executions), while keep-alives keep coming.
		const busy = t.changed().then(() => {
			const end = Date.now() + 1500;
			while (Date.now() < end);
		});
		await post('1870000000000000011');
		await busy;
		await post('1870000000000000012');
		await until('both events', () => t.items().length === 2);
		await sleep(500);
		expect(streamRequests()).toHaveLength(1);
		expect(warnings(harness).filter((m) => /no line and no keep-alive/.test(m))).toEqual([]);
	});

	it('1,000 lines that are not JSON: one warning and one summary, not a line each', async () => {
		const hostile = await hostileStream((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write('not json\r\n'.repeat(1000));
			const keepAlive = setInterval(() => res.write('\r\n'), 100);
			res.on('close', () => clearInterval(keepAlive));
			setTimeout(() => res.end(), 500);
		});
		const harness = harnessFor(hostile.url);
		await start(harness);
		await until('the connection to end', () => warnings(harness).some((m) => /connecting again/.test(m)), 5000);
		const notJson = warnings(harness).filter((m) => /not JSON/.test(m));
		expect(notJson).toHaveLength(2);
		expect(notJson[1]).toMatch(/^X Trigger: 999 more: skipped a line of the activity stream that is not JSON in the last \d+ s/);
	});
});

describe('X Trigger stream: a backfill of thousands of events emits each once (break 2)', () => {
	it('7,000 events in a minute, a drop, the reconnect gets the minute again: every event once', async () => {
		const harness = harnessFor();
		const t = await start(harness);
		await until('the stream', () => emulator.control.activityStreamReaders() === 1);
		const ids: string[] = [];
		for (let n = 0; n < 7000; n++) {
			const id = String(1880000000000000000n + BigInt(n));
			ids.push(id);
			await post(id);
			if (n % 500 === 499) await sleep(5);
		}
		await until('7,000 events', () => t.items().length >= 7000, 20_000);
		expect(emulator.control.dropActivityStreams()).toBe(1);
		await until('the reconnect', () => streamRequests().length === 2, 5000);
		expect(streamRequests()[1].query).toBe('backfill_minutes=1');
		// The backfill repeats all 7,000; a live event after them shows the replay has been read.
		await sleep(300);
		await post('1889999999999999999');
		await until('the live event', () => postIds(t).includes('1889999999999999999'), 20_000);
		expect(postIds(t)).toEqual([...ids, '1889999999999999999']);
	}, 60_000);
});

describe('X Trigger stream: several workflows of one App (break 3)', () => {
	async function bearer(): Promise<string> {
		const basic = Buffer.from(`${encodeURIComponent(emulator.app.consumerKey)}:${encodeURIComponent(emulator.app.consumerSecret)}`).toString('base64');
		const answer = await fetch(`${emulator.urls.api}/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body: 'grant_type=client_credentials' });
		return ((await answer.json()) as { access_token: string }).access_token;
	}

	it('emits only the events of its own subscriptions, not those of the App\'s other subscriptions on the stream', async () => {
		const harness = harnessFor();
		const t = await start(harness);
		await until('the stream', () => emulator.control.activityStreamReaders() === 1);
		// Another workflow's subscription to the same events, delivered to the stream (no webhook), with its own tag.
		const token = await bearer();
		const other = await fetch(`${emulator.urls.api}/2/activity/subscriptions`, {
			method: 'POST',
			headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
			body: JSON.stringify({ event_type: 'post.create', filter: { user_id: user() }, tag: 'another workflow' }),
		});
		expect(other.status).toBe(200);
		for (let n = 0; n < 5; n++) await post(`187000000000000010${n}`);
		await until('five events', () => t.items().length >= 5);
		await sleep(300);
		expect(postIds(t)).toEqual(['1870000000000000100', '1870000000000000101', '1870000000000000102', '1870000000000000103', '1870000000000000104']);
	});

	it('a line without a tag is emitted only when its kind and user are among the trigger\'s subscriptions', async () => {
		const line = (id: string, eventType: string, userId: string) => `${JSON.stringify({ data: { event_type: eventType, event_uuid: id, filter: { user_id: userId }, payload: { id } } })}\r\n`;
		const hostile = await hostileStream((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write(line('101', 'post.create', user()) + line('102', 'post.delete', user()) + line('103', 'post.create', '999999'));
			const keepAlive = setInterval(() => res.write('\r\n'), 100);
			res.on('close', () => clearInterval(keepAlive));
		});
		const t = await start(harnessFor(hostile.url));
		await until('the own event', () => t.items().length === 1);
		await sleep(300);
		expect(t.items().map((i) => i.event_id)).toEqual(['101']);
	});

	it('a second workflow of the App in this n8n is refused at activation, naming the first; the first streams on', async () => {
		const harness = harnessFor();
		const first = await start(harness, {}, 'wf-first-holder');
		await until('the stream', () => emulator.control.activityStreamReaders() === 1);
		const subscriptions = emulator.control.activitySubscriptions().length;
		await expect(start(harness, { streamOptions: { onTooManyConnections: 'terminate' } })).rejects.toThrow(/Workflow ".*" \(wf-first-holder, node "X Trigger"\) already holds this App's activity stream in this n8n/);
		expect(emulator.control.activitySubscriptions()).toHaveLength(subscriptions);
		expect(emulator.control.requests().filter((r) => r.method === 'DELETE' && r.path === '/2/connections/all')).toEqual([]);
		await post('1870000000000000201');
		await until('the event', () => first.items().length === 1);
		expect(streamRequests()).toHaveLength(1);
	});

	it('two n8n processes of one App, both "Terminate Others": one takeover, then the first waits in its backoff naming the holder (no error to n8n), no ping-pong', async () => {
		// A second copy of the node's modules: what another n8n process holds.
		let OtherProcessTrigger!: new () => INodeType;
		jest.isolateModules(() => {
			OtherProcessTrigger = (require('../../nodes/XTrigger/XTrigger.node') as { XTrigger: new () => INodeType }).XTrigger;
		});
		const terminate = { streamOptions: { reconnectAfterSilence: 2, onTooManyConnections: 'terminate' } };
		const firstHarness = harnessFor();
		const first = await start(firstHarness, terminate, 'wf-process-a');
		await until('the first stream', () => emulator.control.activityStreamReaders() === 1);
		await sleep(2500);
		const secondHarness = harnessFor(emulator.urls.api, OtherProcessTrigger);
		const second = await start(secondHarness, terminate, 'wf-process-b');
		await until('the first trigger\'s notice', () => warnings(firstHarness).some((m) => /another client took this App's stream over/.test(m)), 8000);
		expect(warnings(firstHarness).find((m) => /took this App's stream over/.test(m))).toMatch(/another client took this App's stream over \(held by connection [0-9a-f-]+ from 127\.0\.0\.1 since .*\); this trigger does not end it \(two clients of one App would take turns\) and connects again when X lets it; connecting again in 60 s/);
		// Nothing reached n8n's error path (which would remove the trigger and activate it again).
		expect(first.errors).toEqual([]);
		await sleep(3000);
		const kills = () => emulator.control.requests().filter((r) => r.method === 'DELETE' && r.path === '/2/connections/all').length;
		expect(kills()).toBe(1);
		// Activated anew in this process within the quiet time: it does not end the other's connection.
		await running.splice(running.indexOf(first), 1)[0].close();
		await expect(start(harnessFor(), terminate, 'wf-process-a')).rejects.toThrow(/TooManyConnections: another client took this App's stream from this n8n 0 min ago .*not ended again within 15 minutes/);
		expect(kills()).toBe(1);
		await post('1870000000000000301');
		await until('the holder\'s event', () => second.items().length === 1);
		expect(emulator.control.streamConnections().filter((c) => c.disconnected_at === undefined)).toHaveLength(1);
	}, 30_000);
});
