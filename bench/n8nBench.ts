/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Benchmarks and the fault soak in a REAL n8n (test/e2e/n8n.ts: n8n 2.41.1 from .cache/, this
 * package installed as a community package) against the X emulator with a fixed added latency.
 * Each benchmark runs our node and the alternative users have today in the same n8n, one after
 * the other, and reports the ratio from that one run.
 *
 * Times: the node's own execution time from n8n's run data (`executionTime` of the node under
 * test), plus the whole execution (startedAt..stoppedAt) for reference.
 */
import { randomBytes, randomUUID, createHmac } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Agent, setGlobalDispatcher } from 'undici';

import { N8nHttpError, startN8n, REPO_ROOT, type CredentialRef, type ExecutionResult, type N8nInstance, type WorkflowJson } from '../test/e2e/n8n';
import { chain, code, X_ADS } from '../test/e2e/workflows';
import { RecentEvents } from '../nodes/XTrigger/events';
import { startEmulator, type XEmulator } from '../test/emulator';
import { countFaults, startFaultMix, type FaultCounts } from './faultMix';
import { benchEmail, benchProduct, checkAudienceUpload, checkProductSync, isAudienceUpload, isProductUpsert, type OutcomeReport } from './outcomes';

export const X_TRIGGER = 'n8n-nodes-x-ads.xTrigger';
const PRODUCTS_KEY = 'PUT /12/product_catalogs/:product_catalog_id/products';

export interface BenchEnv {
	emulator: XEmulator;
	n8n: N8nInstance;
	oauth1: CredentialRef;
	appOnly: CredentialRef;
	latencyMs: number;
	stop(): Promise<void>;
}

/**
 * A copy of the built package (package.json + dist/) under .cache/bench-package, so a build
 * running elsewhere while the benchmarks run cannot change what n8n loads.
 */
/** The package as n8n installs it (package.json and dist/); `from`: another built copy of it (bench/boundary.ts: the branch point). */
function snapshotPackage(from = REPO_ROOT): string {
	const dir = path.join(REPO_ROOT, '.cache', from === REPO_ROOT ? 'bench-package' : 'bench-package-baseline');
	if (!fs.existsSync(path.join(from, 'dist', 'nodes', 'XAds', 'XAds.node.js'))) throw new Error(`${path.join(from, 'dist')} is missing: run \`npm run build\` first`);
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	fs.copyFileSync(path.join(from, 'package.json'), path.join(dir, 'package.json'));
	fs.cpSync(path.join(from, 'dist'), path.join(dir, 'dist'), { recursive: true });
	return dir;
}

export async function startBenchEnv(opts: { latencyMs: number; logFile: string; n8nEnv?: Record<string, string>; packageFrom?: string }): Promise<BenchEnv> {
	// No kept-alive sockets towards n8n: while n8n's event loop is busy for seconds (a big run),
	// its 5 s keep-alive timer can close an idle socket the client has just written a request to,
	// and the request dies with ECONNRESET. A fresh connection per request avoids that race.
	setGlobalDispatcher(new Agent({ keepAliveTimeout: 1, keepAliveMaxTimeout: 1 }));
	const emulator = await startEmulator({ latencyMs: opts.latencyMs });
	let n8n: N8nInstance | undefined;
	try {
		n8n = await startN8n({
			customExtensions: [snapshotPackage(opts.packageFrom)],
			logFile: opts.logFile,
			// warn: the node's retry and wait lines, without debug logging slowing both sides down.
			// BENCH_N8N_NODE_OPTIONS: e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile n8n itself.
			env: { N8N_LOG_LEVEL: 'warn', ...(process.env.BENCH_N8N_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_N8N_NODE_OPTIONS } : {}), ...opts.n8nEnv },
			startTimeoutMs: 240_000,
		});
		const user = emulator.users[0];
		const urls = { apiBaseUrl: emulator.urls.api, adsBaseUrl: emulator.urls.ads, adsSandboxBaseUrl: emulator.urls.adsSandbox };
		const oauth1 = await n8n.client.createCredential({
			name: 'X bench',
			type: 'xOAuth1Api',
			data: { consumerKey: emulator.app.consumerKey, consumerSecret: emulator.app.consumerSecret, accessToken: user.accessToken, accessTokenSecret: user.accessTokenSecret, environment: 'production', ...urls },
		});
		const appOnly = await n8n.client.createCredential({
			name: 'X app bench',
			type: 'xAppOnlyApi',
			data: { apiKey: emulator.app.consumerKey, apiKeySecret: emulator.app.consumerSecret, bearerToken: '', apiBaseUrl: emulator.urls.api },
		});
		const started = n8n;
		return {
			emulator,
			n8n: started,
			oauth1,
			appOnly,
			latencyMs: opts.latencyMs,
			stop: async () => {
				await started.stop();
				await emulator.close();
			},
		};
	} catch (error) {
		await n8n?.stop().catch(() => undefined);
		await emulator.close();
		throw error;
	}
}

// ---- helpers ----------------------------------------------------------------------------------

export const cred = (c: CredentialRef) => ({ [c.type]: { id: c.id, name: c.name } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function xAdsNode(env: BenchEnv, parameters: Record<string, unknown>, onError?: 'continueRegularOutput'): Record<string, unknown> {
	return {
		name: 'X Ads',
		type: X_ADS,
		typeVersion: 1,
		parameters: { authentication: 'xOAuth1Api', ...parameters },
		credentials: cred(env.oauth1),
		...(onError ? { onError } : {}),
	};
}

function httpNode(env: BenchEnv, name: string, parameters: Record<string, unknown>): Record<string, unknown> {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5, // the latest in n8n 2.41.1, what a new node gets
		parameters: { authentication: 'predefinedCredentialType', nodeCredentialType: 'xOAuth1Api', options: {}, ...parameters },
		credentials: cred(env.oauth1),
	};
}

/** A Code node that generates `count` items with `fn(i)` (the same function the checks use). */
function generator(name: string, count: number, fn: (i: number) => unknown): Record<string, unknown> {
	return {
		...code(name, []),
		parameters: { jsCode: `const make = ${fn.toString()};\nconst out = new Array(${count});\nfor (let i = 0; i < ${count}; i++) out[i] = { json: make(i) };\nreturn out;` },
	};
}

const emailItem = (i: number) => ({ email: `customer.${i}@example-shop.com` });

export interface RunTimes {
	/** The node under test's executionTime (n8n run data), ms. */
	nodeMs: number;
	/** startedAt..stoppedAt of the execution, ms. */
	executionMs: number;
}

function nodeMs(ex: ExecutionResult, node: string): number {
	const runs = ex.runData[node];
	if (!runs?.length) throw new Error(`node ${node} did not run`);
	return runs.reduce((s: number, r: { executionTime?: number }) => s + (r.executionTime ?? 0), 0);
}

function times(ex: ExecutionResult, nodes: string[]): RunTimes {
	return {
		nodeMs: nodes.reduce((s, n) => s + nodeMs(ex, n), 0),
		executionMs: Date.parse(ex.raw.stoppedAt) - Date.parse(ex.raw.startedAt),
	};
}

export interface Phases {
	/** Node start until the first request reached the emulator (reading and checking the items). */
	beforeFirstRequestMs: number;
	/** First request received until the last one was answered (received + the added latency). */
	requestsMs: number;
	/** After the last answer until the node finished (building the output items). */
	afterLastAnswerMs: number;
}

/** Where a node's time went, from its start time (run data) and the emulator's request log. */
function phases(ex: ExecutionResult, node: string, log: Array<{ time: string }>, latencyMs: number): Phases | undefined {
	const run = ex.runData[node]?.[0] as { startTime?: number; executionTime?: number } | undefined;
	if (!run?.startTime || !log.length) return undefined;
	const first = Date.parse(log[0].time);
	const last = Date.parse(log[log.length - 1].time) + latencyMs;
	const end = run.startTime + (run.executionTime ?? 0);
	return { beforeFirstRequestMs: first - run.startTime, requestsMs: last - first, afterLastAnswerMs: end - last };
}

/**
 * A call to n8n that survives its transient refusals: a reset connection (n8n sometimes resets a
 * socket while busy), or 503 "Database is not ready!" (n8n 2.x pings SQLite every 2 s and answers
 * 503 to every REST call after one slow ping, e.g. while a large execution is being saved). Both
 * come before n8n handles the request, so sending it again is safe.
 */
export async function patiently<T>(what: () => Promise<T>, tries = 30): Promise<T> {
	for (let i = 1; ; i++) {
		try {
			return await what();
		} catch (error) {
			const transient = error instanceof TypeError || (error instanceof N8nHttpError && error.status === 503);
			if (!transient || i >= tries) throw error;
			await sleep(Math.min(3000, 250 * i));
		}
	}
}

export async function runManual(env: BenchEnv, workflow: WorkflowJson, timeoutMs: number): Promise<ExecutionResult> {
	const client = env.n8n.client;
	const saved = await patiently(() => client.createWorkflow(workflow));
	const id = await patiently(() => client.runManually(saved.id));
	const deadline = Date.now() + timeoutMs;
	let execution: ExecutionResult | undefined;
	for (;;) {
		execution = await patiently(() => client.getExecution(id)).catch((error) => {
			if ((error as { status?: number }).status === 404) return undefined;
			throw error;
		});
		if (execution && (['success', 'error', 'crashed', 'canceled'].includes(execution.status) || execution.raw.finished === true)) break;
		if (Date.now() > deadline) throw new Error(`execution ${id} not finished after ${timeoutMs} ms`);
		await sleep(250);
	}
	await patiently(() => client.deleteWorkflow(saved.id)).catch(() => undefined);
	if (execution.status !== 'success') {
		const e = execution.error;
		throw new Error(`execution ${execution.id} ended ${execution.status}${e ? `: ${e.node}: ${e.message}` : ''}`);
	}
	return execution;
}

/** The n8n log written since `offset` (bytes). */
function logSince(env: BenchEnv, offset: number): string {
	const text = fs.readFileSync(env.n8n.logFile);
	return text.subarray(Math.min(offset, text.length)).toString('utf8');
}
const logSize = (env: BenchEnv) => (fs.existsSync(env.n8n.logFile) ? fs.statSync(env.n8n.logFile).size : 0);

export interface RetryLog {
	/** Retries after 5xx or a dropped connection, and their planned waits. */
	retries: number;
	retryWaitMs: number;
	/** Waits for a rate-limit window (429). */
	rateLimitWaits: number;
	rateLimitWaitMs: number;
}

/** The node's own warn lines: "X: PUT ... answered 503; retry 1 of 4 in 1000 ms", "... hit a rate limit (429); waiting 1500 ms ...". */
export function parseRetryLog(text: string): RetryLog {
	const r: RetryLog = { retries: 0, retryWaitMs: 0, rateLimitWaits: 0, rateLimitWaitMs: 0 };
	for (const m of text.matchAll(/X: [A-Z]+ \S+ (?:answered \d+|lost its connection); retry \d+ of \d+ in (\d+) ms/g)) {
		r.retries++;
		r.retryWaitMs += Number(m[1]);
	}
	for (const m of text.matchAll(/X: [A-Z]+ \S+ hit a rate limit \(429\); waiting (\d+) ms/g)) {
		r.rateLimitWaits++;
		r.rateLimitWaitMs += Number(m[1]);
	}
	return r;
}

// ---- 1. catalog sync --------------------------------------------------------------------------

export interface CatalogResult {
	products: number;
	concurrency: number;
	latencyMs: number;
	ours: RunTimes & { requests: number; report: OutcomeReport; phases?: Phases };
	http: RunTimes & { requests: number; applied: number; stateOk: boolean; problems: string[]; phases?: Phases };
	/** requests x latency / concurrency, and 1.2 x that. */
	boundMs: number;
	allowedMs: number;
	/** HTTP node time / our node time. */
	speedup: number;
	requestRatio: number;
}

const catalogParams = (catalog: string, concurrency: number) => ({
	resource: 'product',
	operation: 'upsert',
	catalog,
	mapping: 'auto',
	productOptions: { concurrency },
});

/** Resets the emulator and lifts the product endpoint's budget (default 2,000 per 15 min) so both sides run unthrottled. */
function freshCatalog(env: BenchEnv): { catalog: string; seeded: string[] } {
	const c = env.emulator.control;
	c.reset();
	c.setRateLimit(PRODUCTS_KEY, { limit: 1_000_000, windowSeconds: 900 });
	const catalog = c.fixtures().production.productCatalogId;
	return { catalog, seeded: c.products(catalog).map((p) => String(p.id)) };
}

/** Our side of the catalog sync: Product → Create or Update of `products` in a fresh catalog. */
export async function catalogOurs(env: BenchEnv, products: number, concurrency = 4): Promise<CatalogResult['ours']> {
	const c = env.emulator.control;
	const sent = Array.from({ length: products }, (_, i) => benchProduct(i));
	const { catalog, seeded } = freshCatalog(env);
	const ex = await runManual(env, chain(generator('Products', products, benchProduct), xAdsNode(env, catalogParams(catalog, concurrency))), 30 * 60_000);
	const log = c.requests();
	const report = checkProductSync(sent, ex.items('X Ads'), c.products(catalog), seeded, log);
	return { ...times(ex, ['X Ads']), requests: log.filter(isProductUpsert).length, report, phases: phases(ex, 'X Ads', log.filter(isProductUpsert), env.latencyMs) };
}

export async function benchCatalog(env: BenchEnv, products: number, concurrency = 4): Promise<CatalogResult> {
	const c = env.emulator.control;
	const sent = Array.from({ length: products }, (_, i) => benchProduct(i));
	const timeoutMs = 30 * 60_000;
	const ours = await catalogOurs(env, products, concurrency);

	const { catalog, seeded } = freshCatalog(env);
	const hx = await runManual(
		env,
		chain(
			generator('Products', products, benchProduct),
			httpNode(env, 'HTTP Request', {
				method: 'PUT',
				url: `${env.emulator.urls.ads}/12/product_catalogs/${catalog}/products`,
				sendBody: true,
				contentType: 'json',
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify({ products: [$json] }) }}',
			}),
		),
		timeoutMs,
	);
	const hlog = c.requests().filter(isProductUpsert);
	const hstate = checkProductSync(sent, [], c.products(catalog), seeded, hlog).state;
	const problems = [
		hstate.missing.length ? `${hstate.missing.length} products missing` : '',
		hstate.different.length ? `${hstate.different.length} products differ` : '',
		hstate.appliedTwice.length ? `${hstate.appliedTwice.length} applied twice` : '',
	].filter(Boolean);
	const http = { ...times(hx, ['HTTP Request']), requests: hlog.length, applied: hlog.filter((e) => e.status === 200).length, stateOk: problems.length === 0, problems, phases: phases(hx, 'HTTP Request', hlog, env.latencyMs) };
	const boundMs = (ours.requests * env.latencyMs) / concurrency;
	return {
		products,
		concurrency,
		latencyMs: env.latencyMs,
		ours,
		http,
		boundMs,
		allowedMs: 1.2 * boundMs,
		speedup: http.nodeMs / ours.nodeMs,
		requestRatio: http.requests / ours.requests,
	};
}

// ---- 3. Return All ----------------------------------------------------------------------------

export interface ReturnAllResult {
	accounts: number;
	ours: RunTimes & { requests: number; items: number };
	http: RunTimes & { requests: number; items: number; httpNodeMs: number };
	speedup: number;
	requestRatio: number;
}

/** The emulator holding exactly `accounts` accounts of the user. */
function seedReturnAll(env: BenchEnv, accounts: number): void {
	const c = env.emulator.control;
	c.reset();
	const existing = c.state().ads.production.byUser.get(env.emulator.users[0].userId)?.length ?? 0;
	c.seedAccounts(accounts - existing);
}

/** Our side of Return All: Account → Get Many over `accounts` accounts. */
export async function returnAllOurs(env: BenchEnv, accounts: number): Promise<ReturnAllResult['ours']> {
	seedReturnAll(env, accounts);
	const ex = await runManual(env, chain(xAdsNode(env, { resource: 'account', operation: 'getAll', returnAll: true })), 20 * 60_000);
	return { ...times(ex, ['X Ads']), requests: env.emulator.control.requests().length, items: ex.items('X Ads').length };
}

export async function benchReturnAll(env: BenchEnv, accounts: number): Promise<ReturnAllResult> {
	const c = env.emulator.control;
	const timeoutMs = 20 * 60_000;
	const ours = await returnAllOurs(env, accounts);

	seedReturnAll(env, accounts);
	const hx = await runManual(
		env,
		chain(
			httpNode(env, 'HTTP Request', {
				method: 'GET',
				url: `${env.emulator.urls.ads}/12/accounts`,
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: { parameters: [{ type: 'qs', name: 'cursor', value: '={{ $response.body.next_cursor }}' }] },
							paginationCompleteWhen: 'other',
							completeExpression: '={{ !$response.body.next_cursor }}',
						},
					},
				},
			}),
			// The pages hold the accounts in `data`: one item per account, as our node outputs.
			{ name: 'Split Out', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'data', include: 'noOtherFields', options: {} } },
		),
		timeoutMs,
	);
	const http = { ...times(hx, ['HTTP Request', 'Split Out']), httpNodeMs: nodeMs(hx, 'HTTP Request'), requests: c.requests().length, items: hx.items('Split Out').length };
	if (ours.items !== accounts || http.items !== accounts) throw new Error(`Return All: ours ${ours.items}, HTTP Request ${http.items} items for ${accounts} accounts`);
	return { accounts, ours, http, speedup: http.nodeMs / ours.nodeMs, requestRatio: http.requests / ours.requests };
}

// ---- 4. trigger -------------------------------------------------------------------------------

export interface TriggerSide {
	events: number;
	concurrency: number;
	/** Until every delivery was answered 200. */
	acceptMs: number;
	/** Until every execution was recorded as finished. */
	completeMs: number;
	eventsPerSecond: number;
	non200: number;
	/** Answered 200 but no finished execution. */
	lost: number;
	executionsSeen?: number;
}

export interface TriggerResult {
	activation: string;
	ours: TriggerSide;
	webhook: TriggerSide;
	/** ours / Webhook node, events per second (to completion), over both rounds. */
	ratio: number;
	/** The same per round. */
	roundRatios: number[];
	crc: { samples: number; p50Ms: number; p99Ms: number; maxMs: number; wrong: number };
	/** Event ids the X Trigger remembered after the run, and executions started by re-sending delivered events. */
	dedupe: { rememberedIds: number; resent: number; executionsStarted: number };
	/** Open-loop burst per side; log: n8n's errors during the burst. */
	burst: { events: number; ours?: TriggerSide; webhook?: TriggerSide; log: { executionFailed: number; staticDataNotSaved: number; sqliteLockTimeouts: number } };
}

/** Events the X Trigger remembers in a workflow's static data (0 when absent). */
function findSeen(staticData: unknown): number {
	const data = typeof staticData === 'string' ? JSON.parse(staticData) : staticData;
	for (const value of Object.values((data ?? {}) as Record<string, unknown>)) {
		const seen = (value as { seen?: unknown } | null)?.seen;
		if (typeof seen === 'string') return new RecentEvents(Infinity, seen).size;
	}
	return 0;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Finished executions of a workflow (success, error or crashed). */
export async function countFinished(env: BenchEnv, workflowId: string): Promise<number> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId, status: ['success', 'error', 'crashed'] }));
	const res = await patiently(() => env.n8n.client.request<{ count?: number }>('GET', `/rest/executions?filter=${filter}&limit=1`));
	return Number(res.count ?? 0);
}

/**
 * POSTs `events` signed deliveries and waits for their executions.
 *  - paced (default): at most `window` deliveries sent but not yet finished as executions, so n8n
 *    is measured in a steady state instead of piling up executions (n8n answers a webhook before
 *    its execution runs, so an open loop outruns it);
 *  - burst: `window` requests in flight regardless of the executions (an open loop, like X
 *    delivering a burst), then wait until the count of finished executions stops changing.
 * `lost`: deliveries answered 200 whose execution never finished.
 */
export async function fire(
	env: BenchEnv,
	url: string,
	events: number,
	window: number,
	body: (i: number) => string,
	secret: string,
	workflowId: string,
	offset: number,
	mode: 'paced' | 'burst' | { settleMs: number } = 'paced',
): Promise<TriggerSide> {
	let next = 0;
	let non200 = 0;
	const already = await countFinished(env, workflowId);
	let finished = 0;
	let polling = true;
	const poller = (async () => {
		while (polling) {
			finished = (await countFinished(env, workflowId)) - already;
			await sleep(100);
		}
	})();
	const t0 = performance.now();
	const worker = async () => {
		for (;;) {
			const i = next++;
			if (i >= events) return;
			while (mode === 'paced' && i - finished >= window) await sleep(20);
			const raw = body(offset + i);
			const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('base64')}`;
			const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': signature }, body: raw });
			await res.arrayBuffer();
			if (res.status !== 200) non200++;
		}
	};
	try {
		await Promise.all(Array.from({ length: window }, worker));
		const acceptMs = performance.now() - t0;
		if (typeof mode === 'object') {
			await sleep(mode.settleMs);
			const executionsSeen = (await countFinished(env, workflowId)) - already;
			return { events, concurrency: window, acceptMs, completeMs: performance.now() - t0, eventsPerSecond: 0, non200, executionsSeen, lost: 0 };
		}
		// Until every execution finished, or the count has not moved for 15 s (executions n8n failed to run).
		const deadline = Date.now() + 20 * 60_000;
		let last = -1;
		let lastChange = Date.now();
		let done = 0;
		let doneAt = performance.now();
		for (;;) {
			done = (await countFinished(env, workflowId)) - already;
			if (done !== last) {
				last = done;
				lastChange = Date.now();
				doneAt = performance.now();
			}
			if (done >= events - non200 || Date.now() - lastChange > 15_000 || Date.now() > deadline) break;
			await sleep(100);
		}
		const completeMs = doneAt - t0;
		return { events, concurrency: window, acceptMs, completeMs, eventsPerSecond: (done / completeMs) * 1000, non200, lost: Math.max(0, events - non200 - done) };
	} finally {
		polling = false;
		await poller;
	}
}

export const delivery = (i: number) =>
	JSON.stringify({
		for_user_id: '2244994945',
		tweet_create_events: [{ id_str: `18${String(i).padStart(16, '0')}`, created_at: 'Wed Oct 10 20:19:24 +0000 2018', text: `Benchmark event ${i}`, user: { id_str: '2244994945', screen_name: 'XDevelopers' } }],
	});

export async function benchTrigger(env: BenchEnv, events: number, concurrency: number, crcSamples: number, burstEvents = 0): Promise<TriggerResult> {
	const c = env.emulator.control;
	c.reset();
	c.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
	const client = env.n8n.client;
	const secret = env.emulator.app.consumerSecret;

	// Our X Trigger: activation registers the webhook at the emulator (which runs the CRC against n8n).
	const hookId = randomUUID();
	const trigger = await patiently(() => client.createWorkflow({
		nodes: [{ name: 'X Trigger', type: X_TRIGGER, typeVersion: 1.1, position: [0, 0], webhookId: hookId, parameters: { events: ['*'] }, credentials: cred(env.appOnly) }],
		connections: {},
		settings: { executionOrder: 'v1' },
	}));
	await patiently(() => client.activateWorkflow(trigger.id));
	const url = env.n8n.webhookUrl(`${hookId}/webhook`);
	const registered = c.state().webhooks.find((w) => w.url === url);
	const activation = registered ? `registered at the emulator (webhook ${registered.id}, CRC ${c.crcAttempts().length} time(s))` : 'NOT registered at the emulator';
	// One delivery by the emulator itself (signed by X's rules), before the measured ones.
	const viaEmulator = await c.deliverEvent(registered?.id ?? url, JSON.parse(delivery(-1)));
	if (viaEmulator.some((d) => d.status !== 200)) throw new Error(`emulator delivery answered ${JSON.stringify(viaEmulator)}`);

	// Same for n8n's Webhook node (POST, respond immediately).
	const plainPath = `bench-plain-${randomBytes(4).toString('hex')}`;
	const plain = await patiently(() => client.createWorkflow({
		nodes: [{ name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: { httpMethod: 'POST', path: plainPath, responseMode: 'onReceived', options: {} } }],
		connections: {},
		settings: { executionOrder: 'v1' },
	}));
	await patiently(() => client.activateWorkflow(plain.id));

	// Warm both up a little, then measure in alternating rounds (Webhook node, ours, Webhook node,
	// ours), half the events each, so a change in the machine's load hits both sides alike.
	await fire(env, env.n8n.webhookUrl(plainPath), 20, 4, delivery, secret, plain.id, 10_000_000);
	await fire(env, url, 20, 4, delivery, secret, trigger.id, 10_000_000);
	const half = Math.ceil(events / 2);
	const rounds: Array<{ webhook: TriggerSide; ours: TriggerSide }> = [];
	for (let r = 0; r < 2; r++) {
		const webhookRound = await fire(env, env.n8n.webhookUrl(plainPath), half, concurrency, delivery, secret, plain.id, r * half);
		const oursRound = await fire(env, url, half, concurrency, delivery, secret, trigger.id, r * half);
		rounds.push({ webhook: webhookRound, ours: oursRound });
	}
	const sum = (sides: TriggerSide[]): TriggerSide => {
		const completeMs = sides.reduce((t, x) => t + x.completeMs, 0);
		const count = sides.reduce((t, x) => t + x.events, 0);
		const lost = sides.reduce((t, x) => t + x.lost, 0);
		return { events: count, concurrency, acceptMs: sides.reduce((t, x) => t + x.acceptMs, 0), completeMs, eventsPerSecond: ((count - lost) / completeMs) * 1000, non200: sides.reduce((t, x) => t + x.non200, 0), lost };
	};
	const webhook = sum(rounds.map((r) => r.webhook));
	const oursRaw = sum(rounds.map((r) => r.ours));

	// X retries deliveries: events already received must not start the workflow again. Static data
	// (the node's memory of event ids) is saved per execution; count what it kept, then re-send.
	const kept = await patiently(() => client.getWorkflow(trigger.id));
	const seen = findSeen(kept.staticData);
	const resend = Math.min(200, half);
	const again = await fire(env, url, resend, 1, delivery, secret, trigger.id, 0, { settleMs: 3000 });
	const dedupe = { rememberedIds: seen, resent: resend, executionsStarted: again.executionsSeen ?? 0 };

	// CRC: GET ?crc_token=..., sequential.
	const lat: number[] = [];
	let wrong = 0;
	for (let i = 0; i < crcSamples; i++) {
		const token = randomBytes(24).toString('base64url');
		const t = performance.now();
		const res = await fetch(`${url}?crc_token=${token}`);
		const body = (await res.json()) as { response_token?: string };
		lat.push(performance.now() - t);
		if (body.response_token !== `sha256=${createHmac('sha256', secret).update(token).digest('base64')}`) wrong++;
	}
	lat.sort((a, b) => a - b);

	// A burst: open loop, `concurrency` requests in flight however far the executions lag behind.
	const burst = { events: burstEvents, ours: undefined as TriggerSide | undefined, webhook: undefined as TriggerSide | undefined, log: { executionFailed: 0, staticDataNotSaved: 0, sqliteLockTimeouts: 0 } };
	if (burstEvents > 0) {
		const offset = logSize(env);
		burst.webhook = await fire(env, env.n8n.webhookUrl(plainPath), burstEvents, concurrency, delivery, secret, plain.id, 20_000_000, 'burst');
		burst.ours = await fire(env, url, burstEvents, concurrency, delivery, secret, trigger.id, 20_000_000, 'burst');
		const text = logSince(env, offset);
		burst.log = {
			executionFailed: (text.match(/There was a problem executing the workflow/g) ?? []).length,
			staticDataNotSaved: (text.match(/There was a problem saving the workflow with id "[^"]+" to save changed/g) ?? []).length,
			sqliteLockTimeouts: (text.match(/LockAcquireTimeoutError/g) ?? []).length,
		};
	}

	await client.deactivateWorkflow(trigger.id).catch(() => undefined);
	await client.deactivateWorkflow(plain.id).catch(() => undefined);
	return {
		activation,
		ours: oursRaw,
		webhook,
		ratio: oursRaw.eventsPerSecond / webhook.eventsPerSecond,
		roundRatios: rounds.map((r) => r.ours.eventsPerSecond / r.webhook.eventsPerSecond),
		dedupe,
		burst,
		crc: { samples: crcSamples, p50Ms: percentile(lat, 50), p99Ms: percentile(lat, 99), maxMs: lat[lat.length - 1], wrong },
	};
}

// ---- soak -------------------------------------------------------------------------------------

export interface SoakSide {
	timeMs: number;
	nodeMs: number;
	report: OutcomeReport;
	faults: FaultCounts;
	retries: RetryLog;
	minimumRequests: number;
}

export interface SoakResult {
	what: string;
	size: number;
	faultRate: number;
	seed: number;
	clean: SoakSide;
	faulty: SoakSide;
	/** faulty / clean node time. */
	slowdown: number;
}

async function soakRun(env: BenchEnv, faulty: boolean, seed: number, path: string, run: () => Promise<{ ex: ExecutionResult; check: () => OutcomeReport; minimumRequests: number; isEndpoint: (e: ReturnType<XEmulator['control']['requests']>[number]) => boolean }>): Promise<SoakSide> {
	const offset = logSize(env);
	const mix = faulty ? startFaultMix(env.emulator.control, { seed, match: { base: 'ads', path } }) : undefined;
	let out: Awaited<ReturnType<typeof run>>;
	try {
		out = await run();
	} finally {
		mix?.stop();
	}
	const t = times(out.ex, ['X Ads']);
	return {
		timeMs: t.executionMs,
		nodeMs: t.nodeMs,
		report: out.check(),
		faults: countFaults(env.emulator.control.requests().filter(out.isEndpoint)),
		retries: parseRetryLog(logSince(env, offset)),
		minimumRequests: out.minimumRequests,
	};
}

export async function soakCatalog(env: BenchEnv, products: number, seed = 20260509): Promise<SoakResult> {
	const c = env.emulator.control;
	const sent = Array.from({ length: products }, (_, i) => benchProduct(i));
	const side = (faulty: boolean) =>
		soakRun(env, faulty, seed, '/products', async () => {
			const { catalog, seeded } = freshCatalog(env);
			const ex = await runManual(env, chain(generator('Products', products, benchProduct), xAdsNode(env, catalogParams(catalog, 4), 'continueRegularOutput')), 60 * 60_000);
			return {
				ex,
				check: () => checkProductSync(sent, ex.items('X Ads'), c.products(catalog), seeded, c.requests()),
				minimumRequests: Math.ceil(products / 25),
				isEndpoint: isProductUpsert,
			};
		});
	const clean = await side(false);
	const faulty = await side(true);
	return { what: 'catalog sync', size: products, faultRate: 0.2, seed, clean, faulty, slowdown: faulty.nodeMs / clean.nodeMs };
}

export async function soakAudience(env: BenchEnv, emails: number, seed = 20260510): Promise<SoakResult> {
	const c = env.emulator.control;
	const list = Array.from({ length: emails }, (_, i) => benchEmail(i));
	if (emailItem(7).email !== benchEmail(7)) throw new Error('generator and check disagree');
	const side = (faulty: boolean) =>
		soakRun(env, faulty, seed, '/users', async () => {
			c.reset();
			const fx = c.fixtures().production;
			const ex = await runManual(
				env,
				chain(
					generator('Emails', emails, emailItem),
					xAdsNode(env, { resource: 'customAudience', operation: 'addUsers', account: fx.accountId, customAudienceId: fx.customAudienceId, identifierMapping: 'auto' }, 'continueRegularOutput'),
				),
				60 * 60_000,
			);
			return {
				ex,
				check: () => checkAudienceUpload(list, ex.items('X Ads'), c.audienceMembers(fx.customAudienceId).email ?? [], c.requests()),
				minimumRequests: Math.ceil(emails / 2500),
				isEndpoint: isAudienceUpload,
			};
		});
	const clean = await side(false);
	const faulty = await side(true);
	return { what: 'audience upload', size: emails, faultRate: 0.2, seed, clean, faulty, slowdown: faulty.nodeMs / clean.nodeMs };
}

// ---- answers lost after X applied the request ---------------------------------------------------

export interface LostAnswersSide {
	what: string;
	size: number;
	/** Requests whose answer the proxy dropped after the emulator had applied them. */
	lostAnswers: number;
	/** Products / hashes those requests carried: a retry applies them a second time. */
	carriedByLost: number;
	report: OutcomeReport;
	/** What must hold even so: nothing lost or extra or different, one outcome per item, only the expected double applications. */
	ok: boolean;
	problems: string[];
	nodeMs: number;
}

/**
 * Catalog sync and audience upload through bench/lossyProxy.ts: `rate` of the upsert / upload
 * requests are applied by the emulator but their answer never arrives, so the node retries an
 * applied request (PUT, and the audience POST marked idempotent).
 */
export async function lostAnswers(env: BenchEnv, products: number, emails: number, rate = 0.1): Promise<LostAnswersSide[]> {
	const { startLossyProxy } = await import('./lossyProxy');
	const c = env.emulator.control;
	const origin = new URL(env.emulator.urls.ads).origin;
	const out: LostAnswersSide[] = [];
	const isTarget = (method: string, path: string) => (method === 'PUT' && path.endsWith('/products')) || (method === 'POST' && path.endsWith('/users'));
	const proxy = await startLossyProxy(origin, { rate, match: isTarget });
	try {
		const user = env.emulator.users[0];
		const viaProxy = await patiently(() => env.n8n.client.createCredential({
			name: 'X bench via lossy proxy',
			type: 'xOAuth1Api',
			data: { consumerKey: env.emulator.app.consumerKey, consumerSecret: env.emulator.app.consumerSecret, accessToken: user.accessToken, accessTokenSecret: user.accessTokenSecret, environment: 'production', apiBaseUrl: `${proxy.origin}/api`, adsBaseUrl: `${proxy.origin}/ads`, adsSandboxBaseUrl: `${proxy.origin}/ads-sandbox` },
		}));
		const proxied = (parameters: Record<string, unknown>) => ({ ...xAdsNode(env, parameters, 'continueRegularOutput'), credentials: cred(viaProxy) });

		// Products
		{
			const sent = Array.from({ length: products }, (_, i) => benchProduct(i));
			const { catalog, seeded } = freshCatalog(env);
			proxy.lost.length = 0;
			const ex = await runManual(env, chain(generator('Products', products, benchProduct), proxied(catalogParams(catalog, 4))), 30 * 60_000);
			const log = c.requests();
			const report = checkProductSync(sent, ex.items('X Ads'), c.products(catalog), seeded, log);
			const lostPuts = proxy.lost.filter((l) => l.method === 'PUT' && l.status === 200);
			const lost = lostPuts.length;
			const carried = new Set(lostPuts.flatMap((l) => (JSON.parse(l.body).products as Array<{ id: string }>).map((p) => p.id))).size;
			const problems = expectedDoubles(report, carried, ['CREATE_SUCCESS', 'NO_CHANGE']);
			const noChange = report.pairing.byStatus.NO_CHANGE ?? 0;
			if (noChange !== report.state.appliedTwice.length) problems.push(`${noChange} NO_CHANGE items for ${report.state.appliedTwice.length} products applied twice`);
			out.push({ what: 'catalog sync', size: products, lostAnswers: lost, carriedByLost: carried, report, ok: problems.length === 0, problems, nodeMs: nodeMs(ex, 'X Ads') });
		}
		// Emails
		{
			c.reset();
			const fx = c.fixtures().production;
			const list = Array.from({ length: emails }, (_, i) => benchEmail(i));
			proxy.lost.length = 0;
			const ex = await runManual(
				env,
				chain(generator('Emails', emails, emailItem), proxied({ resource: 'customAudience', operation: 'addUsers', account: fx.accountId, customAudienceId: fx.customAudienceId, identifierMapping: 'auto' })),
				30 * 60_000,
			);
			const report = checkAudienceUpload(list, ex.items('X Ads'), c.audienceMembers(fx.customAudienceId).email ?? [], c.requests());
			const lostPosts = proxy.lost.filter((l) => l.method === 'POST' && l.status === 200);
			const carried = new Set(lostPosts.flatMap((l) => (JSON.parse(l.body) as Array<{ params: { users: Array<{ email?: string[] }> } }>).flatMap((op) => op.params.users.flatMap((u) => u.email ?? [])))).size;
			const problems = expectedDoubles(report, carried, ['OK']);
			out.push({ what: 'audience upload', size: emails, lostAnswers: lostPosts.length, carriedByLost: carried, report, ok: problems.length === 0, problems, nodeMs: nodeMs(ex, 'X Ads') });
		}
		await env.n8n.client.deleteCredential(viaProxy.id).catch(() => undefined);
	} finally {
		await proxy.close();
	}
	return out;
}

/** The checks that must hold when applied requests are retried: only the double applications the lost answers explain. */
function expectedDoubles(report: OutcomeReport, carried: number, okStatuses: string[]): string[] {
	const problems: string[] = [];
	const { pairing, state } = report;
	if (pairing.unanswered.length || pairing.answeredTwice.length) problems.push(`items without exactly one outcome: ${pairing.unanswered.length} none, ${pairing.answeredTwice.length} several`);
	const other = Object.keys(pairing.byStatus).filter((k) => !okStatuses.includes(k));
	if (other.length) problems.push(`unexpected statuses ${JSON.stringify(pairing.byStatus)}`);
	if (state.missing.length || state.extra.length || state.different.length) problems.push(`state: ${state.missing.length} missing, ${state.extra.length} extra, ${state.different.length} different`);
	if (state.neverApplied.length) problems.push(`${state.neverApplied.length} never applied`);
	if (state.appliedTwice.length !== carried) problems.push(`${state.appliedTwice.length} applied twice, ${carried} expected from the lost answers`);
	return problems;
}

/** Manual Trigger → Read/Write Files from Disk (the file, into n8n's binary store) → X Ads with these parameters. */
export function readFileThenXAds(name: string, file: string, parameters: Record<string, unknown>, credential: { id: string; name: string }): WorkflowJson {
	return {
		name,
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ name: 'Read File', type: 'n8n-nodes-base.readWriteFile', typeVersion: 1, position: [220, 0], parameters: { operation: 'read', fileSelector: file, options: {} } },
			{ name: 'X Ads', type: 'n8n-nodes-x-ads.xAds', typeVersion: 1, position: [440, 0], parameters: { authentication: 'xOAuth1Api', ...parameters }, credentials: { xOAuth1Api: { id: credential.id, name: credential.name } } },
		],
		connections: {
			Start: { main: [[{ node: 'Read File', type: 'main', index: 0 }]] },
			'Read File': { main: [[{ node: 'X Ads', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	} as WorkflowJson;
}
