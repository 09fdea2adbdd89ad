/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The X Trigger's activity-stream source (issue 24's throughput goal):
 *  - cpu (in process, `ts-node bench/stream.ts cpu <events>`, prints JSON): the node's own CPU per
 *    stream event (read the line, parse, dedupe, build the item, emit) through n8n-core's
 *    TriggerContext, reading a loopback stream that writes <events> lines at once; against a plain
 *    reader of the same bytes in the same run (split lines, JSON.parse, a Set of event ids, an item).
 *  - n8n (real n8n, benchStreamN8n): a burst of 10,000 events through the stream (one execution per
 *    event, and one per read) against the same 10,000 events POSTed to n8n's Webhook node.
 * `bench/run.ts --only stream` runs both and, run alone, replaces only its section of RESULTS.md.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { IDataObject, ITriggerFunctions } from 'n8n-workflow';

import { XAppOnlyApi } from '../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../credentials/XOAuth1Api.credentials';
import * as path from 'node:path';
import type { INodeType } from 'n8n-workflow';

import { streamTag } from '../nodes/XTrigger/stream';
import { REPO_ROOT } from '../test/e2e/n8n';
import { startEmulator } from '../test/emulator';
import { EngineHarness } from '../test/harness';
import { countFinished, cred, delivery, fire, patiently, X_TRIGGER, type BenchEnv, type TriggerSide } from './n8nBench';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpuMs = () => {
	const u = process.cpuUsage();
	return (u.user + u.system) / 1000;
};

/** One activity-stream line as X writes it (ActivityStreamResponse), about 330 bytes. */
function streamLine(i: number, tag: string, userId: string): string {
	const id = String(1880000000000000000n + BigInt(i));
	return JSON.stringify({ data: { event_type: 'post.create', event_uuid: String(1990000000000000000n + BigInt(i)), filter: { user_id: userId }, tag, payload: { id, text: `Benchmark post ${i} with a few words in it`, edit_history_tweet_ids: [id], author_id: userId, created_at: '2026-11-26T12:00:00.000Z' } } });
}

export interface StreamCpuResult {
	events: number;
	bytes: number;
	emitted: number;
	ours: { cpuMs: number; wallMs: number; usPerEvent: number };
	plain: { cpuMs: number; usPerEvent: number };
	ratio: number;
}

/** The plain reader: what any client of the stream does at the least. */
function plainReader(buffer: Buffer): number {
	const seen = new Set<string>();
	const items: IDataObject[] = [];
	let start = 0;
	for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, start)) {
		const text = buffer.toString('utf8', start, at).trim();
		start = at + 1;
		if (!text) continue;
		const line = JSON.parse(text) as { data: IDataObject };
		const id = String(line.data.event_uuid);
		if (seen.has(id)) continue;
		seen.add(id);
		items.push({ json: { event_type: line.data.event_type, event_id: id, received_at: new Date().toISOString(), payload: line } });
	}
	return items.length;
}

export async function benchStreamCpu(events: number): Promise<StreamCpuResult> {
	const emulator = await startEmulator();
	const userId = emulator.users[0].userId;
	const workflowId = 'bench-stream-cpu';
	const tag = streamTag({ getWorkflow: () => ({ id: workflowId }), getNode: () => ({ name: 'X Trigger' }) } as unknown as ITriggerFunctions);
	const body = Buffer.from(Array.from({ length: events }, (_, i) => `${streamLine(i, tag, userId)}\r\n`).join(''));
	const target = new URL(emulator.urls.api);
	let startCpu = 0;
	let startWall = 0;
	const server: Server = createServer((req, res) => {
		if (req.url?.includes('/2/activity/stream')) {
			res.writeHead(200, { 'content-type': 'application/json' });
			startCpu = cpuMs();
			startWall = performance.now();
			res.write(body);
			const keepAlive = setInterval(() => res.write('\r\n'), 1000);
			res.on('close', () => clearInterval(keepAlive));
			return;
		}
		const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		});
		req.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	// The built node, as n8n loads it (ts-node would resolve XTrigger.node to its .json codex file).
	const { XTrigger } = require(path.join(REPO_ROOT, 'dist', 'nodes', 'XTrigger', 'XTrigger.node.js')) as { XTrigger: new () => INodeType };
	const harness = new EngineHarness({
		nodeTypes: [XTrigger],
		credentialTypes: [XAppOnlyApi, XOAuth1Api],
		credentials: { xAppOnlyApi: { apiKey: emulator.app.consumerKey, apiKeySecret: emulator.app.consumerSecret, apiBaseUrl: `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, '')}` } },
	});
	const trigger = await harness.startTrigger({
		id: workflowId,
		nodes: [{ name: 'X Trigger', type: 'n8n-nodes-x-ads.xTrigger', typeVersion: 1.1, parameters: { source: 'activity', delivery: 'stream', subscriptions: { subscription: [{ userId, eventTypes: ['post.create'] }] }, streamOptions: { reconnectAfterSilence: 60 } }, credentials: { xAppOnlyApi: { id: 'xAppOnlyApi', name: 'xAppOnlyApi' } } }],
		connections: {},
	});
	const deadline = Date.now() + 10 * 60_000;
	while (trigger.emitted.length < events && Date.now() < deadline) await sleep(5);
	const ours = { cpuMs: cpuMs() - startCpu, wallMs: performance.now() - startWall };
	const emitted = trigger.emitted.length;
	await trigger.close();
	server.closeAllConnections();
	server.close();
	await emulator.close();
	// The plain reader over the same bytes, best of 3.
	let plainCpu = Infinity;
	for (let round = 0; round < 3; round++) {
		const before = cpuMs();
		plainReader(body);
		plainCpu = Math.min(plainCpu, cpuMs() - before);
	}
	const usPerEvent = (ours.cpuMs * 1000) / events;
	const plainUs = (plainCpu * 1000) / events;
	return { events, bytes: body.length, emitted, ours: { ...ours, usPerEvent }, plain: { cpuMs: plainCpu, usPerEvent: plainUs }, ratio: usPerEvent / plainUs };
}

export interface StreamN8nSide {
	events: number;
	executions: number;
	items: number | undefined;
	completeMs: number;
	eventsPerSecond: number;
}

export interface StreamN8nResult {
	webhook: TriggerSide;
	perEvent: StreamN8nSide;
	perRead: StreamN8nSide;
}

/** Publishes `events` posts at the emulator (to the open stream) and waits until n8n's executions of the workflow stop. */
async function streamBurst(env: BenchEnv, workflowId: string, events: number, offset: number, expectedExecutions?: number): Promise<StreamN8nSide> {
	const c = env.emulator.control;
	const userId = env.emulator.users[0].userId;
	const already = await countFinished(env, workflowId);
	const t0 = performance.now();
	for (let i = 0; i < events; i++) {
		const id = String(1880000000000000000n + BigInt(offset + i));
		await c.emitActivity(userId, 'post.create', { id, text: `Benchmark post ${offset + i}`, edit_history_tweet_ids: [id] });
	}
	let last = -1;
	let doneAt = performance.now();
	let lastChange = Date.now();
	const deadline = Date.now() + 20 * 60_000;
	for (;;) {
		const done = (await countFinished(env, workflowId)) - already;
		if (done !== last) {
			last = done;
			lastChange = Date.now();
			doneAt = performance.now();
		}
		if ((expectedExecutions !== undefined && done >= expectedExecutions) || Date.now() - lastChange > (expectedExecutions === undefined ? 5000 : 15_000) || Date.now() > deadline) break;
		await sleep(100);
	}
	const completeMs = doneAt - t0;
	return { events, executions: last, items: undefined, completeMs, eventsPerSecond: (events / completeMs) * 1000 };
}

/** Items of every execution of the workflow (pages of 100, then each execution's data). */
async function itemsOf(env: BenchEnv, workflowId: string): Promise<number> {
	const client = env.n8n.client;
	const ids: string[] = [];
	let lastId: string | undefined;
	for (;;) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const page = await patiently(() => client.request<{ results: Array<{ id: string }> }>('GET', `/rest/executions?filter=${filter}&limit=100${lastId ? `&lastId=${lastId}` : ''}`));
		const results = page.results ?? [];
		if (!results.length) break;
		ids.push(...results.map((r) => String(r.id)));
		lastId = String(results[results.length - 1].id);
		if (results.length < 100) break;
	}
	let items = 0;
	for (const id of ids) items += ((await patiently(() => client.waitForExecution(id, 30_000))).output('X Trigger') as unknown[]).length;
	return items;
}

export async function benchStreamN8n(env: BenchEnv, events: number, concurrency: number): Promise<StreamN8nResult> {
	const c = env.emulator.control;
	c.reset();
	const client = env.n8n.client;
	const userId = env.emulator.users[0].userId;
	const streamWorkflow = async (eventsPerExecution: string) => {
		const saved = await patiently(() =>
			client.createWorkflow({
				nodes: [{ name: 'X Trigger', type: X_TRIGGER, typeVersion: 1.1, position: [0, 0], webhookId: crypto.randomUUID(), parameters: { events: ['*'], source: 'activity', delivery: 'stream', subscriptions: { subscription: [{ userId, eventTypes: ['post.create'] }] }, streamOptions: { reconnectAfterSilence: 120, eventsPerExecution } }, credentials: cred(env.appOnly) }],
				connections: {},
				settings: { executionOrder: 'v1' },
			}),
		);
		await patiently(() => client.activateWorkflow(saved.id));
		const until = Date.now() + 15_000;
		while (c.activityStreamReaders() !== 1 && Date.now() < until) await sleep(50);
		return saved;
	};
	const plainPath = `bench-plain-${crypto.randomUUID().slice(0, 8)}`;
	const plain = await patiently(() =>
		client.createWorkflow({
			nodes: [{ name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: { httpMethod: 'POST', path: plainPath, responseMode: 'onReceived', options: {} } }],
			connections: {},
			settings: { executionOrder: 'v1' },
		}),
	);
	await patiently(() => client.activateWorkflow(plain.id));
	const secret = env.emulator.app.consumerSecret;
	await fire(env, env.n8n.webhookUrl(plainPath), 20, 4, delivery, secret, plain.id, 40_000_000);
	const webhook = await fire(env, env.n8n.webhookUrl(plainPath), events, concurrency, delivery, secret, plain.id, 40_100_000, 'burst');
	await client.deactivateWorkflow(plain.id).catch(() => undefined);

	const perEventWorkflow = await streamWorkflow('event');
	await streamBurst(env, perEventWorkflow.id, 20, 0, 20);
	const perEvent = await streamBurst(env, perEventWorkflow.id, events, 100, events);
	await client.deactivateWorkflow(perEventWorkflow.id).catch(() => undefined);
	while (c.activityStreamReaders() !== 0) await sleep(50);

	const perReadWorkflow = await streamWorkflow('read');
	const perRead = await streamBurst(env, perReadWorkflow.id, events, 200_000);
	await client.deactivateWorkflow(perReadWorkflow.id).catch(() => undefined);
	perRead.items = await itemsOf(env, perReadWorkflow.id);
	return { webhook, perEvent, perRead };
}

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function renderStream(cpu: StreamCpuResult | undefined, real: StreamN8nResult | undefined, note: string): string[] {
	const out = ['## 9. X Trigger activity stream: CPU per event and a 10,000-event burst', ''];
	out.push('`bench/run.ts --only stream` (bench/stream.ts). ' + note, '');
	if (cpu) {
		out.push(
			`**The node's own CPU per stream event** (in process, n8n-core's TriggerContext, one execution per event): a loopback stream writes ${n(cpu.events)} lines (${(cpu.bytes / 2 ** 20).toFixed(1)} MiB) at once; measured is the process's CPU from the first byte until the ${n(cpu.events)}th item was emitted (reading, line splitting, parsing with the node's bounded JSON reader, the tag check, dedupe, the item, the emit). The plain reader does the least any client does with the same bytes: split lines, \`JSON.parse\`, a \`Set\` of event ids, an item.`,
			'',
			'| | CPU | µs per event | goal |',
			'| --- | ---: | ---: | --- |',
			`| X Trigger stream source | ${s(cpu.ours.cpuMs)} (wall ${s(cpu.ours.wallMs)}) | **${cpu.ours.usPerEvent.toFixed(1)}** | ≤ 50 µs: ${cpu.ours.usPerEvent <= 50 ? 'held' : '**not held**'} |`,
			`| plain reader (best of 3) | ${s(cpu.plain.cpuMs)} | ${cpu.plain.usPerEvent.toFixed(1)} | |`,
			`| **ratio (ours / plain)** | | **${cpu.ratio.toFixed(2)}x** | |`,
			'',
			`Emitted: ${n(cpu.emitted)} of ${n(cpu.events)}. Before issue 24 the source merged its 5,000-entry memory again for every event: the issue measured 113 s of CPU for 100,000 events (about 1,130 µs an event).`,
			'',
		);
	}
	if (real) {
		const ratio = (side: StreamN8nSide) => side.eventsPerSecond / real.webhook.eventsPerSecond;
		out.push(
			`**End to end in real n8n**: ${n(real.perEvent.events)} events published at the emulator to the open stream, until n8n finished the executions they started; against the same number of deliveries POSTed to n8n's Webhook node (respond immediately, ${real.webhook.concurrency} in flight, an open loop), until its executions finished.`,
			'',
			'| | executions | items | drained in | events/s | **ratio to the Webhook node** |',
			'| --- | ---: | ---: | ---: | ---: | ---: |',
			`| n8n Webhook node, one POST per event | ${n(real.webhook.events - real.webhook.lost)} | ${n(real.webhook.events - real.webhook.lost)} | ${s(real.webhook.completeMs)} | ${real.webhook.eventsPerSecond.toFixed(1)} | 1.00x |`,
			`| X Trigger stream, One Event per Execution | ${n(real.perEvent.executions)} | ${n(real.perEvent.executions)} | ${s(real.perEvent.completeMs)} | ${real.perEvent.eventsPerSecond.toFixed(1)} | **${ratio(real.perEvent).toFixed(2)}x** |`,
			`| X Trigger stream, Events Read Together in One Execution | ${n(real.perRead.executions)} | ${real.perRead.items === undefined ? '—' : n(real.perRead.items)} | ${s(real.perRead.completeMs)} | ${real.perRead.eventsPerSecond.toFixed(1)} | **${ratio(real.perRead).toFixed(2)}x** |`,
			'',
			'One execution per event costs n8n the same per execution whichever node starts it; grouping the events of one read into one execution (one item per event) removes that cost for bursts.',
			'',
		);
	}
	return out;
}

if (require.main === module && process.argv[2] === 'cpu') {
	void benchStreamCpu(Number(process.argv[3] ?? 100_000)).then((result) => {
		console.log(JSON.stringify(result));
		process.exit(0);
	});
}
