/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * X Trigger, Filtered-Stream Posts with Delivery "Stream": trigger() through n8n-core's TriggerContext
 * against the emulator's GET /2/tweets/search/stream (x-api/stream/stream-filtered-posts.mdx): only
 * this workflow's rules are added and removed, only posts whose matching_rules name them are emitted,
 * drops reconnect with backoff and backfill, every post once, TooManyConnections, two workflows of
 * one App. The hostile server in front of the emulator misbehaves only on the filtered stream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import type { StartedTrigger } from '../harness';
import { EngineHarness } from '../harness';
import { everyV2RequestIsAnEndpoint } from './endpointConformance';
import { filteredStreamWorkflow, inFrontOfEmulator, sleep, streamSuite, until } from './streamKit';

const suite = streamSuite();
everyV2RequestIsAnEndpoint(() => suite.emulator);
let counter = 0;

const STREAM = '/2/tweets/search/stream';
const FILTERED = 'filtered_stream';

function harnessFor(apiBaseUrl = suite.emulator.urls.api, nodeType: new () => INodeType = XTrigger): EngineHarness {
	return new EngineHarness({
		nodeTypes: [nodeType],
		credentialTypes: [XAppOnlyApi, XOAuth1Api],
		credentials: { xAppOnlyApi: { apiKey: suite.emulator.app.consumerKey, apiKeySecret: suite.emulator.app.consumerSecret, apiBaseUrl } },
	});
}

async function start(harness: EngineHarness, parameters: INodeParameters = {}, id = `wf-fstream-${++counter}`): Promise<StartedTrigger> {
	const started = await harness.startTrigger(filteredStreamWorkflow(id, parameters));
	suite.running.push(started);
	return started;
}

const openStreams = () => suite.emulator.control.streamConnections().filter((c) => c.endpoint_name === FILTERED && c.disconnected_at === undefined && !c.stale).length;
const streamRequests = () => suite.emulator.control.requests().filter((r) => r.path === STREAM);
const warnings = (harness: EngineHarness) => harness.logs.filter((l) => l.level === 'warn').map((l) => l.message);
const post = (n: number, text = `acme news ${n}`) => suite.emulator.control.emitFilteredPost({ id: `19000000000000${String(n).padStart(5, '0')}`, text, author_id: suite.emulator.users[0].userId });
const postIds = (t: StartedTrigger) => t.items().map((i) => String(((i.payload as IDataObject).data as IDataObject).id));
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `19000000000000${String(from + i).padStart(5, '0')}`);

/**
 * A loopback server in front of the emulator: GET /2/tweets/search/stream is counted and answered by
 * `stream` unless it returns false; that and every other request is passed on to the suite.emulator.
 */
async function hostileStream(stream: (req: IncomingMessage, res: ServerResponse) => boolean | void): Promise<{ url: string; connections: number[] }> {
	const connections: number[] = [];
	const url = await inFrontOfEmulator(suite, (req, res) => {
		if (!new URL(req.url ?? '/', 'http://127.0.0.1').pathname.endsWith(STREAM)) return false;
		connections.push(Date.now());
		return stream(req, res) !== false;
	});
	return { url, connections };
}

describe('X Trigger, filtered stream delivery', () => {
	it('adds only its rules, emits the posts they match (with matching_rules, author and fields), deletes only its rules on close', async () => {
		// Another client's rule of the same App: never touched, its posts never emitted.
		suite.emulator.control.addStreamRule({ value: 'other brand' });
		const before = suite.emulator.control.streamRules();
		const harness = harnessFor();
		const t = await start(harness, { rules: { rule: [{ value: 'acme', tag: 'brand' }, { value: '"acme shoes"' }] } });
		await until('the stream', () => openStreams() === 1);
		const mine = suite.emulator.control.streamRules().filter((r) => !before.some((b) => b.id === r.id));
		expect(mine.map((r) => [r.value, r.tag])).toEqual([['acme', 'brand'], ['"acme shoes"', undefined]]);
		await post(1, 'acme shoes on sale');
		await post(2, 'other brand only');
		await post(3, 'acme today');
		await until('two posts', () => t.items().length === 2);
		await sleep(300);
		expect(postIds(t)).toEqual(ids(1, 1).concat(ids(3, 3)));
		const first = t.items()[0];
		expect(first).toMatchObject({ event_type: 'post.match', event_id: ids(1, 1)[0] });
		const line = first.payload as IDataObject;
		expect((line.matching_rules as IDataObject[]).map((r) => r.id).sort()).toEqual(mine.map((r) => r.id).sort());
		expect(line.data).toMatchObject({ id: ids(1, 1)[0], text: 'acme shoes on sale', author_id: suite.emulator.users[0].userId, edit_history_tweet_ids: ids(1, 1) });
		expect(line.includes).toEqual({ users: [{ id: suite.emulator.users[0].userId, name: suite.emulator.users[0].screenName, username: suite.emulator.users[0].screenName }] });
		const query = new URLSearchParams(streamRequests()[0].query);
		expect(query.get('expansions')).toBe('author_id');
		expect(query.get('backfill_minutes')).toBeNull();

		await suite.running.pop()!.close();
		expect(suite.emulator.control.streamRules()).toEqual(before);
		expect(openStreams()).toBe(0);
	});

	it('after drops reconnects with backfill_minutes: every post exactly once, across the reconnects', async () => {
		suite.emulator.control.setPlatformSettings({ splitWrites: true });
		const t = await start(harnessFor());
		await until('the stream', () => openStreams() === 1);
		for (let n = 1; n <= 5; n++) await post(n);
		await until('five posts', () => t.items().length === 5);
		expect(suite.emulator.control.dropActivityStreams(FILTERED)).toBe(1);
		for (let n = 6; n <= 8; n++) await post(n);
		await until('the reconnect', () => openStreams() === 1);
		await until('eight posts', () => t.items().length === 8);
		suite.emulator.control.dropActivityStreams(FILTERED);
		await until('the second reconnect', () => openStreams() === 1);
		for (let n = 9; n <= 10; n++) await post(n);
		await until('ten posts', () => t.items().length === 10);
		await sleep(300);
		// The backfill repeats posts 1-5 (and 1-8): the memory drops them.
		expect(postIds(t)).toEqual(ids(1, 10));
		const queries = streamRequests().map((r) => new URLSearchParams(r.query));
		expect(queries).toHaveLength(3);
		expect(queries[0].get('backfill_minutes')).toBeNull();
		for (const q of queries.slice(1)) expect(q.get('backfill_minutes')).toBe('1');
	});

	it('a burst of 1,500 posts with a drop in the middle: every post once', async () => {
		const t = await start(harnessFor(), { streamOptions: { reconnectAfterSilence: 2, eventsPerExecution: 'read' } });
		await until('the stream', () => openStreams() === 1);
		for (let n = 1; n <= 750; n++) void post(n);
		suite.emulator.control.dropActivityStreams(FILTERED);
		for (let n = 751; n <= 1500; n++) void post(n);
		await until('1,500 posts', () => t.items().length >= 1500, 20_000);
		await sleep(500);
		expect(postIds(t).sort()).toEqual(ids(1, 1500));
	}, 30_000);

	it('a stream that X accepts and drops at once: waits grow by X\'s 250 ms step (no storm), each reconnect logged with its reason', async () => {
		const hostile = await hostileStream((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.flushHeaders();
			setTimeout(() => res.socket?.destroy(), 5);
		});
		const harness = harnessFor(hostile.url);
		await start(harness);
		await sleep(6000);
		// Without backoff: a connection every few ms. With X's step: 0, 0.25, 0.75, 1.5, 2.5, 3.75, 5.25 s.
		expect(hostile.connections.length).toBeGreaterThanOrEqual(5);
		expect(hostile.connections.length).toBeLessThanOrEqual(7);
		const waits = warnings(harness)
			.map((m) => /connecting again in ([\d.]+) s/.exec(m)?.[1])
			.filter((w): w is string => w !== undefined)
			.map(Number);
		expect(waits.length).toBeGreaterThanOrEqual(hostile.connections.length - 1);
		expect(waits).toEqual(waits.map((_, i) => 0.25 * (i + 1)));
		for (const line of warnings(harness).filter((m) => /connecting again in/.test(m))) expect(line).toMatch(/the filtered stream ended after [\d.]+ s: (X ended the answer|the connection dropped \(.+\))/);
	}, 15_000);

	it('when X refuses backfill_minutes (an access level without it), connects again without it and streams on', async () => {
		const hostile = await hostileStream((req, res) => {
			if (req.url?.includes('backfill_minutes')) {
				res.writeHead(403, { 'content-type': 'application/json' });
				return void res.end(JSON.stringify({ title: 'Forbidden', detail: 'backfill_minutes is not available for this access level', type: 'about:blank', status: 403 }));
			}
			return false;
		});
		const harness = harnessFor(hostile.url);
		const t = await start(harness);
		await until('the stream', () => openStreams() === 1);
		await post(1);
		await until('the first post', () => t.items().length === 1);
		suite.emulator.control.dropActivityStreams(FILTERED);
		await until('a connection without backfill', () => hostile.connections.length >= 3 && openStreams() === 1);
		await post(2);
		await until('the second post', () => t.items().length === 2);
		expect(t.errors).toEqual([]);
		expect(warnings(harness).some((m) => /X refused to catch up \(403/.test(m))).toBe(true);
	});

	it('on TooManyConnections says what to do and leaves no rule; with Terminate Others it ends the stale connection and streams', async () => {
		suite.emulator.control.addStaleStreamConnection(FILTERED);
		await expect(start(harnessFor())).rejects.toThrow(/X refused the filtered stream: TooManyConnections: held by connection [0-9a-f-]+ from 127\.0\.0\.1 since .*X Webhooks > Connection > Terminate All/);
		expect(suite.emulator.control.streamRules()).toEqual([]);

		const t = await start(harnessFor(), { streamOptions: { reconnectAfterSilence: 2, onTooManyConnections: 'terminate' } });
		await until('the stream', () => openStreams() === 1);
		// Only the filtered stream's connections: an activity stream of the App is not ended.
		expect(suite.emulator.control.requests().filter((r) => r.method === 'DELETE' && r.path.startsWith('/2/connections/')).map((r) => r.path)).toEqual(['/2/connections/filtered_stream']);
		await post(1);
		await until('the post', () => t.items().length === 1);
		expect(t.errors).toEqual([]);
	});

	it('a second workflow of the App in this n8n is refused at activation, naming the first, before adding rules', async () => {
		const harness = harnessFor();
		await start(harness, {}, 'wf-filtered-holder');
		await until('the stream', () => openStreams() === 1);
		const rules = suite.emulator.control.streamRules();
		await expect(start(harness, { rules: { rule: [{ value: 'zeta' }] } })).rejects.toThrow(/Workflow ".*" \(wf-filtered-holder, node "X Trigger"\) already holds this App's filtered stream in this n8n/);
		expect(suite.emulator.control.streamRules()).toEqual(rules);
	});

	it('two workflows of one App (two n8n processes, X allowing two connections): each emits only its own posts, and closing one leaves the other\'s rules', async () => {
		suite.emulator.control.setPlatformSettings({ maxStreamConnections: 2 });
		let OtherProcessTrigger!: new () => INodeType;
		jest.isolateModules(() => {
			OtherProcessTrigger = (require('../../nodes/XTrigger/XTrigger.node') as { XTrigger: new () => INodeType }).XTrigger;
		});
		const a = await start(harnessFor(), { rules: { rule: [{ value: 'alpha' }] } }, 'wf-alpha');
		const b = await start(harnessFor(suite.emulator.urls.api, OtherProcessTrigger), { rules: { rule: [{ value: 'beta' }] } }, 'wf-beta');
		await until('two streams', () => openStreams() === 2);
		await post(1, 'alpha launch');
		await post(2, 'beta launch');
		await post(3, 'alpha and beta together');
		await until('the posts', () => a.items().length === 2 && b.items().length === 2);
		await sleep(300);
		expect(postIds(a)).toEqual([...ids(1, 1), ...ids(3, 3)]);
		expect(postIds(b)).toEqual([...ids(2, 2), ...ids(3, 3)]);
		await suite.running.splice(suite.running.indexOf(a), 1)[0].close();
		expect(suite.emulator.control.streamRules().map((r) => r.value)).toEqual(['beta']);
		await post(4, 'beta again');
		await until('b\'s post', () => b.items().length === 3);
		expect(postIds(b).at(-1)).toBe(ids(4, 4)[0]);
	});

	it('another client takes the stream over: the trigger waits in its own backoff (no error to n8n, so no re-activation), keeps its rules, and streams again once the other leaves (issue 36)', async () => {
		let OtherProcessTrigger!: new () => INodeType;
		jest.isolateModules(() => {
			OtherProcessTrigger = (require('../../nodes/XTrigger/XTrigger.node') as { XTrigger: new () => INodeType }).XTrigger;
		});
		const harness = harnessFor();
		const a = await start(harness, { streamOptions: { reconnectAfterSilence: 2, maxReconnectWait: 2 } }, 'wf-held');
		await until('the stream', () => openStreams() === 1);
		await sleep(2500);
		const rulesBefore = suite.emulator.control.streamRules();
		const ruleRequests = () => suite.emulator.control.requests().filter((r) => r.path === '/2/tweets/search/stream/rules').length;
		const rulesSent = ruleRequests();
		// Another n8n of the App, which ends the App's connections once and takes the stream.
		const b = await start(harnessFor(suite.emulator.urls.api, OtherProcessTrigger), { rules: { rule: [{ value: 'beta' }] }, streamOptions: { reconnectAfterSilence: 2, onTooManyConnections: 'terminate' } }, 'wf-taker');
		const noticed = () => a.errors.length > 0 || warnings(harness).some((m) => /took this App's stream over/.test(m));
		await until('the trigger notices the takeover', () => openStreams() === 1 && noticed(), 10_000);
		const connectsAfter = streamRequests().length;
		await sleep(5000);
		// No error reached n8n (which would remove the trigger and activate it again, adding and deleting its rules each time).
		expect(a.errors).toEqual([]);
		expect(ruleRequests() - rulesSent).toBe(1); // the other client's own rule, added once
		expect(suite.emulator.control.streamRules().filter((r) => rulesBefore.some((o) => o.id === r.id))).toEqual(rulesBefore);
		// Waits at Max Reconnect Wait (2 s) while the other holds it: a few attempts, never a storm.
		expect(streamRequests().length - connectsAfter).toBeLessThanOrEqual(4);
		await suite.running.splice(suite.running.indexOf(b), 1)[0].close();
		await until('the trigger streams again', () => openStreams() === 1, 10_000);
		await post(7);
		await until('the post', () => a.items().length === 1, 10_000);
		expect(a.errors).toEqual([]);
	}, 40_000);

	it('a saved filtered-stream workflow without Delivery keeps the webhook: trigger() opens no stream and adds no rule', async () => {
		const harness = harnessFor();
		const parameters = filteredStreamWorkflow('wf-saved').nodes[0].parameters as IDataObject;
		delete parameters.delivery;
		const t = await harness.startTrigger({ ...filteredStreamWorkflow('wf-saved'), nodes: [{ ...filteredStreamWorkflow('wf-saved').nodes[0], parameters: parameters as INodeParameters }] });
		suite.running.push(t);
		await sleep(300);
		expect(streamRequests()).toEqual([]);
		expect(suite.emulator.control.streamRules()).toEqual([]);
	});
});
