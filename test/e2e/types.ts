/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The e2e case format. One file per case in test/e2e/cases/ (run in file-name order):
 *
 *   // test/e2e/cases/20-accounts-list.case.ts
 *   import { defineCase } from '../types';
 *   export default defineCase({
 *     name: 'X Ads: list accounts',
 *     credentials: { x: { type: 'xOAuth1Api' } },            // data defaults from the emulator
 *     workflow: {
 *       nodes: [
 *         { name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
 *         { name: 'X Ads', type: 'n8n-nodes-x-ads.xAds', typeVersion: 1, position: [200, 0],
 *           parameters: { resource: 'account', operation: 'getAll' },
 *           credentials: { xOAuth1Api: '@x' } },             // '@alias' -> { id, name } of the created credential
 *       ],
 *       connections: { Start: { main: [[{ node: 'X Ads', type: 'main', index: 0 }]] } },
 *     },
 *     expect: {
 *       status: 'success',
 *       node: 'X Ads',                                        // default: last node executed
 *       itemCount: 2,
 *       items: [{ id: /\w+/ }, { name: { $exists: true } }],   // partial deep match, see match.ts
 *       emulator: { requests: [{ method: 'GET', path: '/12/accounts', status: 200 }] },
 *     },
 *   });
 *
 * `.json` case files hold the same object (no functions/RegExps: use { "$regex": "..." }).
 * Before each case the emulator is reset to its seed state; every case gets its own workflow.
 */
import type { CredentialRef, ExecutionResult, N8nClient, N8nInstance, SavedWorkflow, StartOptions, WebhookResponse, WorkflowJson } from './n8n';
import type { Pattern } from './match';
import type { QueueCluster } from './queue';

/** The part of test/emulator's XEmulator the runner and cases rely on. */
export interface EmulatorRequest {
	time: string;
	method: string;
	base: 'api' | 'ads' | 'adsSandbox' | string;
	path: string;
	query: string;
	headers: Record<string, string>;
	body: string;
	status: number | null;
	fault?: string;
	endpoint?: string;
}

export interface Emulator {
	port: number;
	urls: { api: string; ads: string; adsSandbox: string; control: string };
	app: { consumerKey: string; consumerSecret: string };
	users: Array<{ userId: string; screenName: string; accessToken: string; accessTokenSecret: string }>;
	control: {
		reset(): void;
		requests(): EmulatorRequest[];
		clearRequests(): void;
		[key: string]: any;
	};
	close(): Promise<void>;
}

export interface PackageInfo {
	name: string;
	dir: string;
	/** false when a file listed in package.json "n8n" is missing (not built). */
	built: boolean;
	missingFiles: string[];
	/** Full type names, e.g. 'n8n-nodes-x-ads.xAds' (read from the built classes). */
	nodeTypes: string[];
	/** Tool variants n8n derives from nodes with usableAsTool, e.g. 'n8n-nodes-x-ads.xAdsTool'. */
	toolNodeTypes: string[];
	/** Credential type names, e.g. 'xOAuth1Api'. */
	credentialTypes: string[];
	/** Built files that could not be required in the test runner (type names then unknown). */
	requireErrors: string[];
}

export interface CaseContext {
	n8n: N8nInstance;
	client: N8nClient;
	/** undefined when test/emulator could not be started (cases needing it fail). */
	emulator?: Emulator;
	pkg: PackageInfo;
	/** Credentials created for this case, by alias. */
	credentials: Record<string, CredentialRef>;
	/** In queue mode (run.ts --queue): the cluster; n8n is its main process. */
	queue?: QueueCluster;
	log(message: string): void;
}

export interface CredentialSpec {
	type: string;
	name?: string;
	/** Credential data; default: defaultCredentialData(type, emulator, userIndex) from fixtures.ts. */
	data?: Record<string, unknown> | ((ctx: CaseContext) => Record<string, unknown>);
	/** Overrides merged into the default data (e.g. a wrong secret). */
	override?: Record<string, unknown>;
	/** Emulator user for the default data (default 0). */
	userIndex?: number;
}

export interface EmulatorRequestPattern {
	method?: string;
	base?: string;
	path?: string | RegExp | Pattern;
	/** Raw query string pattern, or an object matched against the parsed query. */
	query?: string | RegExp | Record<string, Pattern>;
	status?: number | null;
	headers?: Record<string, Pattern>;
	body?: Pattern;
	endpoint?: string;
	/** How many requests must match (default: at least one). */
	count?: number;
}

export interface NodeOutputExpectation {
	itemCount?: number;
	/** Item JSONs, partial deep match, same count. */
	items?: Pattern[];
	/** Each pattern must match at least one item. */
	someItems?: Pattern[];
	/** Every item must match this pattern. */
	everyItem?: Pattern;
}

export interface Expectations extends NodeOutputExpectation {
	/** Execution status (default 'success'). */
	status?: 'success' | 'error' | 'waiting' | 'crashed' | 'canceled';
	/** Node whose output itemCount/items refer to (default: last node executed). */
	node?: string;
	/** Output of other nodes by name. */
	outputs?: Record<string, NodeOutputExpectation>;
	/** Nodes that must have run, in this order (others may run in between). */
	executedNodes?: string[];
	/** The execution's error (implies status 'error' unless status is given). */
	error?: { message?: string | RegExp | Pattern; description?: string | RegExp | Pattern; node?: string; name?: string; httpCode?: string };
	/** Only for run.mode 'webhook'. */
	webhookResponse?: { status?: number; body?: Pattern; headers?: Record<string, Pattern> };
	emulator?: {
		requests?: EmulatorRequestPattern[];
		/** Total number of requests the emulator received during the run. */
		requestCount?: number;
		/** Requests matching this must NOT have been made. */
		none?: EmulatorRequestPattern[];
	};
	/** Credential-screen test results by alias: 'OK' / 'Error' or { status, message }. */
	credentialTests?: Record<string, 'OK' | 'Error' | { status: 'OK' | 'Error'; message?: string | RegExp | Pattern }>;
	/** Log lines (n8n log text written during the case) that must / must not appear. */
	logIncludes?: Array<string | RegExp>;
	logExcludes?: Array<string | RegExp>;
}

export interface RunOptions {
	mode?: 'manual' | 'webhook';
	triggerName?: string;
	webhook?: { method?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string>; rawBody?: string };
	timeoutMs?: number;
}

export interface CaseResult {
	workflow?: SavedWorkflow;
	execution?: ExecutionResult;
	webhookResponse?: WebhookResponse;
	credentialTests: Record<string, { status: 'OK' | 'Error'; message: string }>;
	/** Emulator requests made during the workflow run. */
	requests: EmulatorRequest[];
	/** n8n log text written while the case ran. */
	log: string;
}

export interface E2ECase {
	name: string;
	description?: string;
	/** A reason to skip, or a function returning one (undefined = run). */
	skip?: string | ((ctx: Omit<CaseContext, 'credentials' | 'log'>) => string | undefined);
	/**
	 * Needs this package built and loaded / the X emulator / a browser (Debian's chromium, see
	 * browser.ts; skipped with a message when missing). Package and emulator are inferred from
	 * credentials and node types when not given.
	 */
	needs?: Array<'package' | 'emulator' | 'browser'>;
	/** n8n versions the case applies to: prefixes like '2.' or '1.123.' (default: all). */
	n8nVersions?: string[];
	credentials?: Record<string, CredentialSpec>;
	/** Runs after the emulator reset and credential creation, before the workflow. */
	setup?: (ctx: CaseContext) => void | Promise<void>;
	workflow?: WorkflowJson | ((ctx: CaseContext) => WorkflowJson);
	run?: RunOptions;
	expect?: Expectations;
	/** Free-form checks; throw to fail. */
	check?: (ctx: CaseContext, result: CaseResult) => void | Promise<void>;
	timeoutMs?: number;
	/**
	 * Run against a separate n8n started with these extra start options (env, listenAddress, https,
	 * port: StartOptions in n8n.ts) instead of the shared one; ctx.n8n / ctx.client are then that
	 * instance. Cases with the same `key` share it: it starts when the first of them runs and stops
	 * after the last (one n8n start, ~10-20 s). Version, package and log level are the run's; its log
	 * is .cache/e2e-logs/n8n-<version>-<key>.log. `skip` functions still see the shared n8n.
	 */
	n8nVariant?: N8nVariant;
}

export interface N8nVariant {
	key: string;
	options: Partial<StartOptions> | ((ctx: { emulator?: Emulator; pkg: PackageInfo }) => Partial<StartOptions> | Promise<Partial<StartOptions>>);
}

export function defineCase(c: E2ECase): E2ECase {
	return c;
}
