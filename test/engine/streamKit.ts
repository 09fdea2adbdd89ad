/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * What the stream trigger's suites share: one X emulator per file (reset before each test, keep-alives
 * every 100 ms), the triggers and loopback servers of a test closed after it, waiting for a
 * condition, and a loopback server in front of the emulator that answers some requests its own way.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import type { INodeParameters } from 'n8n-workflow';

import type { XEmulator } from '../emulator';
import { startEmulator } from '../emulator';
import type { StartedTrigger } from '../harness';

export interface StreamSuite {
	emulator: XEmulator;
	/** Triggers a test started: closed after it. */
	running: StartedTrigger[];
	/** Loopback servers a test started: closed after it. */
	servers: Server[];
}

export function streamSuite(): StreamSuite {
	const suite = { running: [], servers: [] } as unknown as StreamSuite;
	beforeAll(async () => {
		suite.emulator = await startEmulator();
	});
	afterAll(async () => suite.emulator.close());
	beforeEach(() => {
		suite.emulator.control.reset();
		suite.emulator.control.setPlatformSettings({ keepAliveMs: 100 });
	});
	afterEach(async () => {
		while (suite.running.length) await suite.running.pop()!.close();
		for (const server of suite.servers.splice(0)) {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});
	return suite;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
	const deadline = Date.now() + ms;
	while (!ok()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(20);
	}
}

/**
 * A loopback server in front of the suite's emulator: a request `answer` takes (returning true) is
 * answered by it, every other is passed to the emulator as it is. Returns the API base URL through it.
 */
export async function inFrontOfEmulator(suite: StreamSuite, answer: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<string> {
	const target = new URL(suite.emulator.urls.api);
	const server = createServer((req, res) => {
		if (answer(req, res)) return;
		const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answered) => {
			res.writeHead(answered.statusCode ?? 502, answered.headers);
			answered.pipe(res);
			// X's drop of an answer reaches the trigger as a drop.
			answered.on('close', () => !answered.complete && res.destroy());
		});
		upstream.on('error', () => res.destroy());
		req.pipe(upstream);
	});
	suite.servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, '')}`;
}

/** A workflow of one X Trigger with Delivery "Stream" and these parameters (2 s of silence allowed unless they say otherwise). */
function oneTriggerWorkflow(id: string, parameters: INodeParameters) {
	return {
		id,
		nodes: [
			{
				name: 'X Trigger',
				type: 'n8n-nodes-x-ads.xTrigger',
				typeVersion: 1.1,
				parameters: { delivery: 'stream', streamOptions: { reconnectAfterSilence: 2 }, ...parameters },
				credentials: { xAppOnlyApi: { id: 'xAppOnlyApi', name: 'xAppOnlyApi' } },
			},
		],
		connections: {},
	};
}

/** The activity stream: the user's post.create events; `parameters` replace these. */
export function streamWorkflow(id: string, userId: string, parameters: INodeParameters = {}) {
	return oneTriggerWorkflow(id, { source: 'activity', subscriptions: { subscription: [{ userId, eventTypes: ['post.create'] }] }, ...parameters });
}

/** The filtered stream: posts matching one rule, "acme" tagged "brand"; `parameters` replace these. */
export function filteredStreamWorkflow(id: string, parameters: INodeParameters = {}) {
	return oneTriggerWorkflow(id, { source: 'filteredStream', rules: { rule: [{ value: 'acme', tag: 'brand' }] }, ...parameters });
}
