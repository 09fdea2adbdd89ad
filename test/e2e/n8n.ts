/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Start and drive a REAL n8n (provisioned by test/e2e/provision-n8n.sh into .cache/n8n-<version>/).
 *
 *   const n8n = await startN8n({ version: '2.41.1', customExtensions: [repoRoot] });
 *   try {
 *     const cred = await n8n.client.createCredential({ name: 'X', type: 'xOAuth1Api', data: {...} });
 *     const result = await n8n.client.runWorkflow(workflowJson);        // Manual Trigger workflows
 *     result.output('X Ads');                                            // items (json) of a node
 *   } finally { await n8n.stop(); }
 *
 * How a package is loaded: every `customExtensions` entry is a package folder (package.json + built
 * dist/). It is installed exactly the way n8n 2.x installs a community package from
 * Settings > Community nodes (modules/community-packages/community-packages.service.ts, downloadPackage):
 * `npm pack` -> `tar -xzf --strip-components=1` into <userFolder>/.n8n/nodes/node_modules/<name>,
 * dev/peer/optional dependencies stripped from its package.json, `npm install` only when it has
 * runtime dependencies. n8n scans that folder at start-up (scanDirectoryForPackages: n8n-nodes-* and
 * @scope/n8n-nodes-*), so types get their real names ('n8n-nodes-x-ads.xAds') and only the files
 * listed in package.json "files" are present -- a packaging mistake fails here as it would for users.
 * (N8N_CUSTOM_EXTENSIONS is NOT used: it globs every **\/*.node.js under the folder, node_modules
 * included, and registers the types as 'CUSTOM.<name>'. Pass it through `env` if you want that.)
 *
 * How workflows are run and read (checked against n8n 2.41.1 packages/cli sources):
 *  - 'manual' (default): the workflow is saved (POST /rest/workflows), then
 *    POST /rest/workflows/:id/run { triggerToStartFrom: { name } } -- exactly what the editor's
 *    "Execute workflow" button sends in 2.x (ManualRunDto). It answers { executionId } at once and the
 *    run is saved (manual executions are saved by default). We poll GET /rest/executions/:id until
 *    the status is final; its `data` is a `flatted` string, parsed with n8n's own `flatted` copy.
 *    1.x (1.123) takes { workflowData, triggerToStartFrom } in the same endpoint; handled below.
 *  - 'webhook': activate (POST /rest/workflows/:id/activate { versionId }, 2.x and 1.123; 2.x
 *    publishes asynchronously, so we poll GET /rest/workflows/:id/publication-status until every
 *    trigger is 'activated'; older 1.x: PATCH { active: true }), call the production URL
 *    /webhook/<path>, then read the execution the same way (GET /rest/executions?filter=...).
 *  - The public API (/api/v1, X-N8N-API-KEY from POST /rest/api-keys) also works
 *    (GET /api/v1/executions/:id?includeData=true returns parsed data) but needs an API key and has no
 *    manual-run endpoint, so it is offered only as a helper (createApiKey / publicApi).
 *  - The CLI (`n8n execute --id`) boots a second n8n process per run (~10 s each): not used.
 *
 * Gotchas (2.41.1): every authenticated REST call must send the same `browser-id` header that was
 * sent at login/owner setup (the auth cookie is bound to it); POST /rest/login takes
 * { emailOrLdapLoginId, password }; /types/nodes.json needs the auth cookie; the owner password needs
 * 8+ chars, a digit and an upper-case letter; POST /rest/credentials/test only tests SAVED credentials
 * and needs the form data in the body (secrets may be the redacted placeholders the server returns
 * from GET /rest/credentials/:id?includeData=true -- that is what the editor sends).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const DEFAULT_N8N_VERSION = '2.41.1';
export const E2E_ENCRYPTION_KEY = 'n8n-nodes-x-ads-e2e-encryption-key';
export const OWNER = {
	email: 'owner@e2e.example.com',
	firstName: 'E2E',
	lastName: 'Owner',
	password: 'E2eOwnerPassw0rd',
};
const BROWSER_ID = 'n8n-nodes-x-ads-e2e';

export function n8nInstallDir(version: string, cacheDir = process.env.N8N_E2E_CACHE ?? path.join(REPO_ROOT, '.cache')): string {
	return path.join(cacheDir, `n8n-${version}`);
}

export function majorOf(version: string): number {
	return Number(version.split('.')[0]);
}

// ---------------------------------------------------------------------------------------------
// Process management
// ---------------------------------------------------------------------------------------------

const liveProcesses = new Set<ChildProcess>();
/** Temporary user folders to delete when the test process exits abruptly. */
const tempFolders = new Set<string>();
let exitHandlersInstalled = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal); // detached => own process group (n8n + its task runner)
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

function installExitHandlers(handleSignals = true): void {
	if (exitHandlersInstalled) return;
	exitHandlersInstalled = true;
	process.on('exit', () => {
		for (const child of liveProcesses) killGroup(child, 'SIGKILL');
		for (const dir of tempFolders) fs.rmSync(dir, { recursive: true, force: true });
	});
	if (!handleSignals) return; // the caller stops n8n itself on Ctrl-C (dev.ts)
	for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.once(sig, () => {
			console.error(`\nn8n e2e: ${sig}, killing n8n`);
			process.exit(130); // the 'exit' handler kills the process groups
		});
	}
}

/** Free TCP port on 127.0.0.1 (the OS picks it; closed again before n8n binds it). */
export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address() as net.AddressInfo;
			srv.close(() => resolve(port));
		});
	});
}

/** True when host:port (default 127.0.0.1) can be bound right now. */
export async function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
	return await new Promise((resolve) => {
		const srv = net.createServer();
		srv.unref();
		srv.once('error', () => resolve(false));
		srv.listen(port, host, () => srv.close(() => resolve(true)));
	});
}

const sleep = async (ms: number) => await new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Community package installation (mirrors n8n's own downloadPackage)
// ---------------------------------------------------------------------------------------------

export interface InstalledPackage {
	name: string;
	version: string;
	dir: string;
	n8n?: { nodes?: string[]; credentials?: string[] };
}

export function installCommunityPackage(packageDir: string, userFolder: string): InstalledPackage {
	const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const dest = path.join(nodesDir, 'node_modules', pkg.name);
	fs.mkdirSync(dest, { recursive: true });
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pack-'));
	try {
		const packed = spawnSync('npm', ['pack', packageDir, '--ignore-scripts', '--json', '--pack-destination', packDir], {
			encoding: 'utf8',
			cwd: packDir,
		});
		if (packed.status !== 0) throw new Error(`npm pack ${packageDir} failed:\n${packed.stderr}`);
		const jsonStart = packed.stdout.indexOf('[');
		const filename = JSON.parse(packed.stdout.slice(jsonStart))[0].filename as string;
		const tgz = path.join(packDir, path.basename(filename));
		const untar = spawnSync('tar', ['-xzf', tgz, '-C', dest, '--strip-components=1'], { encoding: 'utf8' });
		if (untar.status !== 0) throw new Error(`tar -xzf ${tgz} failed:\n${untar.stderr}`);
	} finally {
		fs.rmSync(packDir, { recursive: true, force: true });
	}
	const pjPath = path.join(dest, 'package.json');
	const { devDependencies: _d, peerDependencies: _p, optionalDependencies: _o, ...stripped } = JSON.parse(
		fs.readFileSync(pjPath, 'utf8'),
	);
	fs.writeFileSync(pjPath, JSON.stringify(stripped, null, 2));
	if (stripped.dependencies && Object.keys(stripped.dependencies).length > 0) {
		const args = ['install', '--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false'];
		const inst = spawnSync('npm', args, { cwd: dest, encoding: 'utf8' });
		if (inst.status !== 0) throw new Error(`npm install in ${dest} failed:\n${inst.stderr}`);
	}
	// n8n keeps a package.json in the nodes folder listing installed packages; harmless to mirror.
	const nodesPj = path.join(nodesDir, 'package.json');
	const list = fs.existsSync(nodesPj) ? JSON.parse(fs.readFileSync(nodesPj, 'utf8')) : { name: 'installed-nodes', private: true, dependencies: {} };
	list.dependencies = { ...(list.dependencies ?? {}), [pkg.name]: pkg.version };
	fs.writeFileSync(nodesPj, JSON.stringify(list, null, 2));
	return { name: pkg.name, version: pkg.version, dir: dest, n8n: pkg.n8n };
}

// ---------------------------------------------------------------------------------------------
// startN8n
// ---------------------------------------------------------------------------------------------

export interface StartOptions {
	version?: string;
	/** Package folders (package.json + dist/) installed as community packages before start. */
	customExtensions?: string[];
	/** Extra/overriding environment for n8n. */
	env?: Record<string, string>;
	/** Create the owner and log in (default true); the client is then `instance.client`. */
	setupOwner?: boolean;
	/** Keep the temporary user folder after stop() (default: only when N8N_E2E_KEEP=1). */
	keepUserFolder?: boolean;
	startTimeoutMs?: number;
	/** Node binary to run n8n with (default: the current one). */
	nodeBinary?: string;
	cacheDir?: string;
	/** Where n8n's stdout/stderr go (default: <userFolder>/n8n.log, copied to the tmp dir on stop). */
	logFile?: string;
	/** Fixed port for n8n (default: a free one). Fails early when it is taken. */
	port?: number;
	/** Install SIGINT/SIGTERM/SIGHUP handlers that kill n8n and exit (default true). */
	handleSignals?: boolean;
	/** Loopback address n8n listens on and is called at (default 127.0.0.1), e.g. a 127.x.y.z of its own for port 443. */
	listenAddress?: string;
	/**
	 * Serve https with this PEM key and certificate (n8n's N8N_PROTOCOL=https, N8N_SSL_KEY, N8N_SSL_CERT;
	 * the files are written to the user folder). The base URL becomes https://<listenAddress>[:port], and
	 * the readiness check and the client trust exactly this certificate.
	 */
	https?: { key: string; cert: string };
	/**
	 * The n8n command: 'start' (default, the main process), or queue mode's 'worker' (runs
	 * executions; ready when its health server on `port` answers, QUEUE_HEALTH_CHECK_*) and
	 * 'webhook' (receives production webhooks on `port`). Workers and webhook processes set up no
	 * owner; the queue's database and Redis come through `env` (test/e2e/queue.ts).
	 */
	command?: 'start' | 'worker' | 'webhook';
}

export interface N8nInstance {
	version: string;
	baseUrl: string;
	port: number;
	brokerPort: number;
	userFolder: string;
	logFile: string;
	pid: number;
	packages: InstalledPackage[];
	/** Milliseconds from spawn to /healthz/readiness = 200 and the REST API answering. */
	startMs: number;
	client: N8nClient;
	logText(): string;
	isRunning(): boolean;
	/** Log lines that look like load failures (optionally only those naming `needle`). */
	loadErrors(needle?: string): string[];
	webhookUrl(p: string): string;
	stop(): Promise<void>;
}

export async function startN8n(opts: StartOptions = {}): Promise<N8nInstance> {
	const version = opts.version ?? DEFAULT_N8N_VERSION;
	const installDir = n8nInstallDir(version, opts.cacheDir);
	const bin = path.join(installDir, 'node_modules', 'n8n', 'bin', 'n8n');
	if (!fs.existsSync(path.join(installDir, '.provisioned')) || !fs.existsSync(bin)) {
		throw new Error(`n8n ${version} is not provisioned in ${installDir}; run test/e2e/provision-n8n.sh ${version}`);
	}
	const engines: string = JSON.parse(fs.readFileSync(path.join(installDir, 'node_modules', 'n8n', 'package.json'), 'utf8')).engines?.node ?? '';
	const minNode = Number(/>=\s*(\d+)/.exec(engines)?.[1] ?? 0);
	const nodeMajor = Number(process.versions.node.split('.')[0]);
	if (!opts.nodeBinary && nodeMajor < minNode) {
		throw new Error(`n8n ${version} needs Node ${engines}, this is Node ${process.versions.node} (run \`source scripts/node24.sh\` first)`);
	}
	installExitHandlers(opts.handleSignals ?? true);

	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `n8n-e2e-${version}-`));
	const keep = opts.keepUserFolder ?? process.env.N8N_E2E_KEEP === '1';
	if (!keep) tempFolders.add(userFolder);
	const logFile = opts.logFile ?? path.join(userFolder, 'n8n.log');
	if (opts.logFile) fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
	const packages = (opts.customExtensions ?? []).map((dir) => installCommunityPackage(dir, userFolder));
	const host = opts.listenAddress ?? '127.0.0.1';
	if (opts.port !== undefined && !(await portIsFree(opts.port, host))) {
		throw new Error(`port ${opts.port} is already in use on ${host} (another n8n?); choose another one`);
	}
	const port = opts.port ?? (await freePort());
	let brokerPort = await freePort();
	while (brokerPort === port) brokerPort = await freePort();
	const protocol = opts.https ? 'https' : 'http';
	const baseUrl = `${protocol}://${host}${port === (opts.https ? 443 : 80) ? '' : `:${port}`}`;
	let tls: { dispatcher: unknown; env: Record<string, string> } | undefined;
	if (opts.https) {
		const dir = path.join(userFolder, 'tls');
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(path.join(dir, 'key.pem'), opts.https.key, { mode: 0o600 });
		fs.writeFileSync(path.join(dir, 'cert.pem'), opts.https.cert);
		const { Agent } = require('undici') as typeof import('undici');
		tls = {
			dispatcher: new Agent({ connect: { ca: opts.https.cert } }),
			env: { N8N_SSL_KEY: path.join(dir, 'key.pem'), N8N_SSL_CERT: path.join(dir, 'cert.pem') },
		};
	}
	/** fetch() options reaching this n8n (the dispatcher trusting its certificate when https). */
	const reach = (tls ? { dispatcher: tls.dispatcher } : {}) as RequestInit;

	const env: Record<string, string> = {
		PATH: process.env.PATH ?? '',
		HOME: process.env.HOME ?? userFolder,
		TZ: 'UTC',
		GENERIC_TIMEZONE: 'UTC',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: E2E_ENCRYPTION_KEY,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: host,
		N8N_HOST: host,
		N8N_PROTOCOL: protocol,
		...(tls?.env ?? {}),
		WEBHOOK_URL: `${baseUrl}/`,
		N8N_EDITOR_BASE_URL: `${baseUrl}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		DB_TYPE: 'sqlite',
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_ONBOARDING_FLOW_DISABLED: 'true',
		N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_OUTPUT: 'console',
		N8N_LOG_LEVEL: process.env.N8N_E2E_LOG_LEVEL ?? 'debug',
		NO_COLOR: '1',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		N8N_RUNNERS_ENABLED: 'true',
		// Keep the box off the internet: the MCP server registry refresh calls api.n8n.io (2.x).
		...(fs.existsSync(path.join(installDir, 'node_modules', 'n8n', 'dist', 'modules', 'mcp-registry'))
			? { N8N_DISABLED_MODULES: 'mcp-registry' }
			: {}),
		...(opts.command === 'worker' ? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: host } : {}),
		...(opts.env ?? {}),
	};
	if (process.env.npm_config_nodedir) env.npm_config_nodedir = process.env.npm_config_nodedir;

	const logFd = fs.openSync(logFile, 'a');
	const started = Date.now();
	const command = opts.command ?? 'start';
	const child = spawn(opts.nodeBinary ?? process.execPath, [bin, command], {
		cwd: userFolder,
		env,
		detached: true,
		stdio: ['ignore', logFd, logFd],
	});
	fs.closeSync(logFd);
	liveProcesses.add(child);
	let exited: { code: number | null; signal: string | null } | undefined;
	child.on('exit', (code, signal) => {
		exited = { code, signal };
		liveProcesses.delete(child);
	});

	const logText = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		if (!exited) {
			killGroup(child, 'SIGTERM');
			const deadline = Date.now() + 10_000;
			while (!exited && Date.now() < deadline) await sleep(100);
			if (!exited) killGroup(child, 'SIGKILL');
			while (!exited && Date.now() < deadline + 5_000) await sleep(50);
		}
		killGroup(child, 'SIGKILL'); // leftovers in the group (task runner)
		liveProcesses.delete(child);
		(tls?.dispatcher as { destroy(): Promise<void> } | undefined)?.destroy().catch(() => undefined);
		if (!keep) {
			tempFolders.delete(userFolder);
			if (opts.logFile) {
				fs.rmSync(userFolder, { recursive: true, force: true });
				return;
			}
			// keep the log next to the other artefacts
			const logCopy = path.join(os.tmpdir(), `n8n-e2e-${version}-${port}.log`);
			try {
				fs.copyFileSync(logFile, logCopy);
			} catch {
				/* ignore */
			}
			fs.rmSync(userFolder, { recursive: true, force: true });
			instance.logFile = logCopy;
		}
	};

	const instance: N8nInstance = {
		version,
		baseUrl,
		port,
		brokerPort,
		userFolder,
		logFile,
		pid: child.pid ?? -1,
		packages,
		startMs: 0,
		client: undefined as unknown as N8nClient,
		logText,
		isRunning: () => !exited,
		loadErrors: (needle?: string) => findLoadErrors(logText(), needle),
		webhookUrl: (p: string) => `${baseUrl}/webhook/${p.replace(/^\//, '')}`,
		stop,
	};

	try {
		const timeout = opts.startTimeoutMs ?? 120_000;
		const deadline = Date.now() + timeout;
		for (;;) {
			if (exited) throw new Error(`n8n exited during start-up (${JSON.stringify(exited)})`);
			if (Date.now() > deadline) throw new Error(`n8n not ready after ${timeout} ms`);
			try {
				const [h, r] = await Promise.all([fetch(`${baseUrl}/healthz`, reach), fetch(`${baseUrl}/healthz/readiness`, reach)]);
				// 1.x answers readiness (DB up) before its REST routes exist: also wait for /rest/login
				// to answer anything but 404 (401 without a cookie).
				if (h.ok && r.ok && (command !== 'start' || (await fetch(`${baseUrl}/rest/login`, reach)).status !== 404)) break;
			} catch {
				/* not listening yet */
			}
			await sleep(250);
		}
		instance.startMs = Date.now() - started;
		instance.client = new N8nClient(baseUrl, version, opts.cacheDir, reach);
		if (opts.setupOwner ?? command === 'start') await instance.client.setupOwner();
		return instance;
	} catch (error) {
		const tail = logText().split('\n').slice(-60).join('\n');
		await stop();
		(error as Error).message += `\n--- n8n log tail (${logFile}) ---\n${tail}`;
		throw error;
	}
}

/** Lines of the n8n log that report a failed node/credential/package load. */
export function findLoadErrors(log: string, needle?: string): string[] {
	const patterns = [
		/Failed to load package/i,
		/Error loading (node|credential|package)/i,
		/Skipping package/i,
		/Could not load (node|credential)/i,
		/Unrecognized (node|credential) type/i,
		/Cannot find module/i,
		/failed to load/i,
	];
	return log
		.split('\n')
		.filter((line) => patterns.some((p) => p.test(line)))
		.filter((line) => !needle || line.includes(needle));
}

// ---------------------------------------------------------------------------------------------
// REST client
// ---------------------------------------------------------------------------------------------

/**
 * n8n's execution list is the workflow's running executions followed by all its executions, read
 * by two queries at once, so one execution can be listed twice. Seen in CI: a wait for a
 * workflow's fifth execution ended with the fourth as the newest listed, while n8n's log showed
 * the fifth starting just after.
 */
function uniqueExecutions<T extends { id?: unknown }>(rows: T[]): T[] {
	const seen = new Set<string>();
	return rows.filter((row) => !seen.has(String(row.id)) && seen.add(String(row.id)));
}

export class N8nHttpError extends Error {
	constructor(
		public readonly method: string,
		public readonly url: string,
		public readonly status: number,
		public readonly body: unknown,
	) {
		super(`${method} ${url} -> ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`.slice(0, 2000));
	}
}

export interface CredentialRef {
	id: string;
	name: string;
	type: string;
}

export interface WorkflowJson {
	name?: string;
	nodes: Array<Record<string, any>>;
	connections: Record<string, any>;
	settings?: Record<string, any>;
	pinData?: Record<string, any>;
	[key: string]: unknown;
}

export interface SavedWorkflow {
	id: string;
	versionId: string;
	name: string;
	active: boolean;
	nodes: Array<Record<string, any>>;
	[key: string]: unknown;
}

export interface WebhookResponse {
	status: number;
	headers: Record<string, string>;
	body: any;
	text: string;
}

export interface ExecutionError {
	message: string;
	description?: string;
	name?: string;
	node?: string;
	httpCode?: string;
}

export class ExecutionResult {
	constructor(public readonly raw: any) {}
	get id(): string {
		return String(this.raw.id);
	}
	get status(): string {
		return this.raw.status;
	}
	get mode(): string {
		return this.raw.mode;
	}
	get data(): any {
		return this.raw.data ?? {};
	}
	get runData(): Record<string, any[]> {
		return this.data.resultData?.runData ?? {};
	}
	get lastNodeExecuted(): string | undefined {
		return this.data.resultData?.lastNodeExecuted;
	}
	/** Node names in execution order. */
	get executedNodes(): string[] {
		return Object.entries(this.runData)
			.map(([name, runs]) => ({ name, idx: runs[0]?.executionIndex ?? runs[0]?.startTime ?? 0 }))
			.sort((a, b) => a.idx - b.idx)
			.map((e) => e.name);
	}
	/** JSON of the items a node emitted (default: last node executed, run 0, output 0). */
	output(nodeName?: string, outputIndex = 0, runIndex = 0): Array<Record<string, unknown>> {
		const name = nodeName ?? this.lastNodeExecuted;
		if (!name) return [];
		const run = this.runData[name]?.[runIndex];
		if (!run) throw new Error(`node "${name}" did not run (ran: ${this.executedNodes.join(', ') || 'none'})`);
		const items = run.data?.main?.[outputIndex] ?? [];
		return items.map((i: any) => i.json);
	}
	/** Full items (json, binary, pairedItem, error) of a node. */
	items(nodeName?: string, outputIndex = 0, runIndex = 0): any[] {
		const name = nodeName ?? this.lastNodeExecuted;
		return (name && this.runData[name]?.[runIndex]?.data?.main?.[outputIndex]) || [];
	}
	nodeError(nodeName: string): ExecutionError | undefined {
		const err = this.runData[nodeName]?.[0]?.error;
		return err ? toExecutionError(err, nodeName) : undefined;
	}
	get error(): ExecutionError | undefined {
		const top = this.data.resultData?.error;
		const failing = Object.entries(this.runData).find(([, runs]) => runs.some((r: any) => r.error));
		if (!top && !failing) return undefined;
		const nodeName = top?.node?.name ?? failing?.[0];
		return toExecutionError(top ?? failing![1].find((r: any) => r.error).error, nodeName);
	}
}

function toExecutionError(err: any, nodeName?: string): ExecutionError {
	return {
		message: String(err?.message ?? err),
		description: err?.description ?? undefined,
		name: err?.name,
		node: err?.node?.name ?? nodeName,
		httpCode: err?.httpCode ?? undefined,
	};
}

const FINAL_STATUSES = new Set(['success', 'error', 'crashed', 'canceled', 'waiting']);

export class N8nClient {
	/** Cookies n8n set (n8n-auth, and e.g. n8n-oauth-binding during an OAuth flow), by name. */
	private cookies = new Map<string, string>();
	private flatted: { parse(s: string): any };
	readonly major: number;
	/** The `browser-id` header this client sends (the auth cookie is bound to it). */
	readonly browserId = BROWSER_ID;

	constructor(
		readonly baseUrl: string,
		readonly version: string,
		cacheDir?: string,
		/** Extra fetch() options for every call, e.g. { dispatcher } trusting an https n8n's certificate. */
		private readonly reach: RequestInit = {},
	) {
		this.major = majorOf(version);
		this.flatted = require(path.join(n8nInstallDir(version, cacheDir), 'node_modules', 'flatted'));
	}

	/** The Cookie header value this client sends ('' when logged out). */
	cookieHeader(): string {
		return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
	}

	/** The session cookie n8n-auth (for a browser context), or undefined. */
	authCookie(): string | undefined {
		return this.cookies.get('n8n-auth');
	}

	private keepCookies(res: Response): void {
		for (const c of res.headers.getSetCookie()) {
			const m = /^([^=;\s]+)=([^;]*)/.exec(c);
			if (!m) continue;
			if (m[2] === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(m[1]);
			else this.cookies.set(m[1], m[2]);
		}
	}

	/**
	 * A raw fetch with this client's browser-id and cookies (Set-Cookie answers are kept); no
	 * redirect following by default. For flows such as OAuth callbacks that are not JSON.
	 */
	async fetch(urlOrPath: string, init: RequestInit = {}): Promise<Response> {
		const url = /^https?:/.test(urlOrPath) ? urlOrPath : `${this.baseUrl}${urlOrPath}`;
		const cookie = this.cookieHeader();
		const res = await fetch(url, {
			redirect: 'manual',
			...this.reach,
			...init,
			headers: { 'browser-id': BROWSER_ID, ...(cookie ? { cookie } : {}), ...((init.headers as Record<string, string>) ?? {}) },
		});
		this.keepCookies(res);
		return res;
	}

	/** REST call with the session cookie; unwraps n8n's { data } envelope unless `raw`. */
	async request<T = any>(method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}, raw = false): Promise<T> {
		const url = `${this.baseUrl}${urlPath}`;
		const cookie = this.cookieHeader();
		const res = await fetch(url, {
			...this.reach,
			method,
			headers: {
				'browser-id': BROWSER_ID,
				accept: 'application/json',
				...(body !== undefined ? { 'content-type': 'application/json' } : {}),
				...(cookie ? { cookie } : {}),
				...headers,
			},
			body: body !== undefined ? JSON.stringify(body) : undefined,
		});
		this.keepCookies(res);
		const text = await res.text();
		let parsed: any = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			/* not JSON */
		}
		if (!res.ok) throw new N8nHttpError(method, url, res.status, parsed);
		return (!raw && parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
	}

	// --- auth ----------------------------------------------------------------------------------

	async setupOwner(owner = OWNER): Promise<void> {
		await this.request('POST', '/rest/owner/setup', owner);
		if (!this.cookies.has('n8n-auth')) await this.login(owner.email, owner.password);
	}

	async login(email = OWNER.email, password = OWNER.password): Promise<void> {
		// 1.x (>= 1.8x) and 2.x take emailOrLdapLoginId; older 1.x took email.
		await this.request('POST', '/rest/login', { emailOrLdapLoginId: email, email, password });
	}

	/** API key for the public API (/api/v1); all scopes the owner may grant. */
	async createApiKey(label = 'e2e'): Promise<string> {
		let body: Record<string, unknown> = { label, expiresAt: null };
		try {
			const scopes = await this.request<string[]>('GET', '/rest/api-keys/scopes');
			body = { ...body, scopes };
		} catch {
			/* older versions: no scopes */
		}
		const key = await this.request<any>('POST', '/rest/api-keys', body);
		return key.rawApiKey ?? key.apiKey;
	}

	async publicApi<T = any>(apiKey: string, method: string, urlPath: string, body?: unknown): Promise<T> {
		const saved = new Map(this.cookies);
		this.cookies.clear();
		try {
			// The public API has no { data } envelope (lists are { data: [...], nextCursor }).
			const res = await this.request<any>(method, `/api/v1${urlPath}`, body, { 'X-N8N-API-KEY': apiKey }, true);
			return res as T;
		} finally {
			this.cookies = saved;
		}
	}

	// --- types ---------------------------------------------------------------------------------

	/** All node type descriptions known to n8n (what the editor loads: /types/nodes.json). */
	async nodeTypes(): Promise<Array<{ name: string; version: number | number[]; displayName: string; credentials?: any[] }>> {
		return await this.request('GET', '/types/nodes.json');
	}

	async credentialTypes(): Promise<Array<{ name: string; displayName: string; properties: any[]; test?: unknown }>> {
		return await this.request('GET', '/types/credentials.json');
	}

	// --- credentials ---------------------------------------------------------------------------

	async createCredential(c: { name: string; type: string; data: Record<string, unknown> }): Promise<CredentialRef> {
		const saved = await this.request<any>('POST', '/rest/credentials', c);
		return { id: saved.id, name: saved.name, type: saved.type };
	}

	async getCredential(id: string, includeData = true): Promise<any> {
		return await this.request('GET', `/rest/credentials/${id}?includeData=${includeData}`);
	}

	async listCredentials(): Promise<any[]> {
		return await this.request('GET', '/rest/credentials');
	}

	async deleteCredential(id: string): Promise<void> {
		await this.request('DELETE', `/rest/credentials/${id}`);
	}

	/**
	 * The credential screen's "Test" (POST /rest/credentials/test). The credential must be saved;
	 * like the editor we send its (redacted) form data unless `data` overrides it.
	 * Returns { status: 'OK' | 'Error', message }.
	 */
	async testCredential(id: string, data?: Record<string, unknown>): Promise<{ status: 'OK' | 'Error'; message: string }> {
		const cred = await this.getCredential(id, true);
		return await this.request('POST', '/rest/credentials/test', {
			credentials: { id: cred.id, name: cred.name, type: cred.type, data: data ?? cred.data },
		});
	}

	// --- workflows -----------------------------------------------------------------------------

	async createWorkflow(wf: WorkflowJson): Promise<SavedWorkflow> {
		const { id: _id, active: _a, versionId: _v, ...rest } = wf as Record<string, unknown>;
		// The editor gives every Webhook-like node a webhookId; the REST API does not.
		rest.nodes = (wf.nodes ?? []).map((n) =>
			/webhook/i.test(String(n.type)) && !n.webhookId ? { ...n, webhookId: randomUUID() } : n,
		);
		return await this.request('POST', '/rest/workflows', {
			name: `e2e ${Date.now()}`,
			settings: {},
			...rest,
			active: false, // required by 1.x (NOT NULL column); 2.x ignores it
		});
	}

	/** Import an exported workflow JSON (same as createWorkflow; ids/active flags are dropped). */
	async importWorkflow(wf: WorkflowJson): Promise<SavedWorkflow> {
		return await this.createWorkflow(wf);
	}

	async getWorkflow(id: string): Promise<SavedWorkflow> {
		return await this.request('GET', `/rest/workflows/${id}`);
	}

	async deleteWorkflow(id: string): Promise<void> {
		try {
			if (this.major >= 2) await this.request('POST', `/rest/workflows/${id}/archive`, {});
		} catch {
			/* ignore */
		}
		await this.request('DELETE', `/rest/workflows/${id}`);
	}

	async activateWorkflow(id: string, timeoutMs = 30_000): Promise<void> {
		const wf = await this.getWorkflow(id);
		try {
			// 2.x and late 1.x (1.123): POST /activate { versionId }.
			await this.request('POST', `/rest/workflows/${id}/activate`, { versionId: wf.versionId });
		} catch (error) {
			if (!(error instanceof N8nHttpError && error.status === 404)) throw error;
			// Older 1.x: activation is a PATCH of the workflow (synchronous).
			await this.request('PATCH', `/rest/workflows/${id}`, { active: true, versionId: wf.versionId });
			return;
		}
		if (this.major >= 2) {
			// Publishing is asynchronous in 2.x (publication outbox): wait for the triggers.
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				const st = await this.request<any>('GET', `/rest/workflows/${id}/publication-status`);
				const triggers: any[] = st.triggers ?? [];
				const failed = triggers.find((t) => t.errorMessage || t.status === 'error' || t.status === 'failed');
				if (failed) throw new Error(`activation of workflow ${id} failed: ${failed.errorMessage ?? failed.status}`);
				if (st.status === 'published' && triggers.every((t) => t.status === 'activated')) return;
				if (Date.now() > deadline) throw new Error(`workflow ${id} not activated after ${timeoutMs} ms: ${JSON.stringify(st)}`);
				await sleep(200);
			}
		}
	}

	async deactivateWorkflow(id: string): Promise<void> {
		try {
			await this.request('POST', `/rest/workflows/${id}/deactivate`, {});
		} catch (error) {
			if (!(error instanceof N8nHttpError && error.status === 404)) throw error;
			const wf = await this.getWorkflow(id);
			await this.request('PATCH', `/rest/workflows/${id}`, { active: false, versionId: wf.versionId });
		}
	}

	/** Start a saved workflow like the editor's "Execute workflow" button; returns the execution id. */
	async runManually(workflowId: string, triggerName?: string): Promise<string> {
		const wf = await this.getWorkflow(workflowId);
		const trigger =
			triggerName ??
			wf.nodes.find((n) => /manualTrigger$/.test(String(n.type)))?.name ??
			wf.nodes.find((n) => /trigger/i.test(String(n.type)))?.name;
		if (!trigger) throw new Error(`workflow ${workflowId} has no trigger node to start from`);
		const body =
			this.major >= 2
				? { triggerToStartFrom: { name: trigger } }
				: { workflowData: wf, triggerToStartFrom: { name: trigger } };
		const res = await this.request<any>('POST', `/rest/workflows/${workflowId}/run`, body);
		if (res?.waitingForWebhook) throw new Error(`workflow ${workflowId} waits for a test webhook; use mode 'webhook'`);
		if (!res?.executionId) throw new Error(`unexpected manual run answer: ${JSON.stringify(res)}`);
		return String(res.executionId);
	}

	async getExecution(id: string): Promise<ExecutionResult> {
		const raw = await this.request<any>('GET', `/rest/executions/${id}`);
		const data = typeof raw.data === 'string' ? this.flatted.parse(raw.data) : raw.data;
		return new ExecutionResult({ ...raw, data });
	}

	async waitForExecution(id: string, timeoutMs = 60_000): Promise<ExecutionResult> {
		const deadline = Date.now() + timeoutMs;
		// n8n 1.x writes an execution's status and its data in two steps: a poll between them sees a
		// finished execution that ran nothing. Such an answer is read again (3 s at most).
		let emptyReads = 0;
		for (;;) {
			try {
				const ex = await this.getExecution(id);
				const final = FINAL_STATUSES.has(ex.status) || ex.raw.finished === true;
				const ranNothing = Object.keys(ex.raw.data?.resultData?.runData ?? {}).length === 0;
				if (final && (!ranNothing || ++emptyReads > 20)) return ex;
			} catch (error) {
				if (!(error instanceof N8nHttpError && error.status === 404)) throw error;
			}
			if (Date.now() > deadline) throw new Error(`execution ${id} not finished after ${timeoutMs} ms`);
			await sleep(150);
		}
	}

	/**
	 * Summaries of the executions, a workflow's if given, each once. One page of 100 (n8n pages 20 by
	 * default): more fails, so a count is never silently cut.
	 */
	async listExecutions(workflowId?: string): Promise<any[]> {
		const filter = workflowId ? `filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&` : '';
		let res = await this.request<any>('GET', `/rest/executions?${filter}limit=100`);
		let results: any[] = uniqueExecutions(res.results ?? res);
		// Queue mode (PostgreSQL): the count can see an execution a worker has just created before the
		// list does; a moment later both agree.
		for (let retry = 0; retry < 10 && typeof res.count === 'number' && res.count > results.length && res.count <= 100; retry++) {
			await sleep(200);
			res = await this.request<any>('GET', `/rest/executions?${filter}limit=100`);
			results = uniqueExecutions(res.results ?? res);
		}
		if (typeof res.count === 'number' && res.count > results.length) throw new Error(`${workflowId ? `workflow ${workflowId} has` : 'there are'} ${res.count} executions, more than one page`);
		return results;
	}

	/** Call a production webhook (/webhook/<path>) of an active workflow. */
	async callWebhook(
		webhookPath: string,
		opts: { method?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string>; rawBody?: string } = {},
	): Promise<WebhookResponse> {
		const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
		const method = opts.method ?? 'POST';
		const hasBody = method !== 'GET' && method !== 'HEAD' && (opts.body !== undefined || opts.rawBody !== undefined);
		const res = await fetch(`${this.baseUrl}/webhook/${webhookPath.replace(/^\//, '')}${qs}`, {
			...this.reach,
			method,
			headers: { ...(hasBody && opts.rawBody === undefined ? { 'content-type': 'application/json' } : {}), ...(opts.headers ?? {}) },
			body: hasBody ? (opts.rawBody ?? JSON.stringify(opts.body)) : undefined,
		});
		const text = await res.text();
		let body: any = text;
		try {
			body = JSON.parse(text);
		} catch {
			/* keep text */
		}
		return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body, text };
	}

	/**
	 * Save `workflow`, run it and return the finished execution.
	 *  mode 'manual': needs a Manual Trigger (or `triggerName`).
	 *  mode 'webhook': needs a Webhook node; the workflow is activated and `webhook` is called.
	 */
	async runWorkflow(
		workflow: WorkflowJson,
		opts: {
			mode?: 'manual' | 'webhook';
			triggerName?: string;
			webhook?: { method?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string>; rawBody?: string };
			timeoutMs?: number;
		} = {},
	): Promise<{ workflow: SavedWorkflow; execution: ExecutionResult; webhookResponse?: WebhookResponse }> {
		const saved = await this.createWorkflow(workflow);
		const mode = opts.mode ?? 'manual';
		if (mode === 'manual') {
			const id = await this.runManually(saved.id, opts.triggerName);
			return { workflow: saved, execution: await this.waitForExecution(id, opts.timeoutMs) };
		}
		const hook = saved.nodes.find((n) => /\.webhook$/.test(String(n.type)));
		if (!hook) throw new Error('mode webhook: the workflow has no Webhook node');
		await this.activateWorkflow(saved.id);
		const webhookPath = String(hook.parameters?.path ?? hook.webhookId);
		const method = opts.webhook?.method ?? String(hook.parameters?.httpMethod ?? 'GET');
		let webhookResponse = await this.callWebhook(webhookPath, { ...opts.webhook, method });
		// 1.x registers production webhooks right after activation, 2.x after publication; be lenient.
		for (let i = 0; i < 20 && webhookResponse.status === 404 && /not registered/.test(webhookResponse.text); i++) {
			await sleep(250);
			webhookResponse = await this.callWebhook(webhookPath, { ...opts.webhook, method });
		}
		const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
		for (;;) {
			const list = await this.listExecutions(saved.id);
			if (list.length > 0) {
				const newest = list.sort((a, b) => Number(b.id) - Number(a.id))[0];
				const execution = await this.waitForExecution(String(newest.id), Math.max(1000, deadline - Date.now()));
				return { workflow: saved, execution, webhookResponse };
			}
			if (Date.now() > deadline)
				throw new Error(`no execution recorded for workflow ${saved.id}; webhook answered ${webhookResponse.status} ${webhookResponse.text.slice(0, 500)}`);
			await sleep(150);
		}
	}
}
