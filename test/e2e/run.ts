/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * `npm run test:e2e`: real n8n as the judge.
 *
 *   ts-node --transpile-only test/e2e/run.ts [--n8n <version>] [--case <substring>]... [--keep]
 *                                            [--no-provision] [--list] [--case-timeout <s>] [--queue]
 *
 * 1. provisions n8n (test/e2e/provision-n8n.sh, cached in .cache/n8n-<version>/; default 2.41.1),
 * 2. starts the X emulator (test/emulator) in-process,
 * 3. starts n8n with this package installed as a community package (needs `npm run build` first;
 *    without dist/ the cases that need the package are skipped with a message),
 * 4. runs every case in test/e2e/cases/ (*.case.ts / *.case.json, file-name order; format in types.ts),
 * 5. always stops n8n and the emulator, prints timings and a final line `N passed, M failed`;
 *    exit code 1 when anything failed.
 * Logs: .cache/e2e-logs/n8n-<version>.log (n8n), .cache/e2e-logs/summary-<version>.json (timings).
 * --queue: n8n's queue mode instead (test/e2e/queue.ts: main, 2 workers, 2 webhook processes on
 * PostgreSQL and Redis) and, unless cases are named, only QUEUE_CASES; logs n8n-<version>-queue-*.log.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { browserSkipReason } from './browser';
import { defaultCredentialData, readPackageInfo } from './fixtures';
import { assertMatch, mismatch } from './match';
import { DEFAULT_N8N_VERSION, REPO_ROOT, startN8n, type CredentialRef, type N8nInstance, type WorkflowJson } from './n8n';
import { startQueueCluster, type QueueCluster } from './queue';
import type { CaseContext, CaseResult, E2ECase, Emulator, EmulatorRequest, EmulatorRequestPattern, Expectations, N8nVariant, NodeOutputExpectation, PackageInfo } from './types';

const CASES_DIR = path.join(__dirname, 'cases');
const LOG_DIR = path.join(REPO_ROOT, '.cache', 'e2e-logs');
/** The package under test (default: this repository; e.g. an unpacked release for smoke tests). */
const PACKAGE_DIR = path.resolve(process.env.N8N_E2E_PACKAGE_DIR ?? REPO_ROOT);

interface Args {
	version: string;
	filters: string[];
	keep: boolean;
	provision: boolean;
	list: boolean;
	caseTimeoutMs: number;
	queue: boolean;
}

/**
 * The queue-mode subset: credential tests, Return All, catalog sync, audience upload (items and
 * file), the X Trigger's lifecycle, deliveries spread across both webhook processes, and the
 * filtered stream's webhook (which tells its posts by the rule ids activation saved).
 */
const QUEUE_CASES = ['11-credential-test', '22-xads-account-return-all', '57-xads-catalog-sync', '58-xads-audience-upload', '80-x-trigger-lifecycle', '200-', '210-', '230-', '301-'];

function parseArgs(argv: string[]): Args {
	const args: Args = { version: process.env.N8N_E2E_VERSION ?? DEFAULT_N8N_VERSION, filters: [], keep: false, provision: true, list: false, caseTimeoutMs: 120_000, queue: false };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const value = () => {
			const v = argv[++i];
			if (v === undefined) throw new Error(`${a} needs a value`);
			return v;
		};
		if (a === '--n8n') args.version = value();
		else if (a.startsWith('--n8n=')) args.version = a.slice(6);
		else if (a === '--case') args.filters.push(value());
		else if (a === '--keep') args.keep = true;
		else if (a === '--no-provision') args.provision = false;
		else if (a === '--list') args.list = true;
		else if (a === '--queue') args.queue = true;
		else if (a === '--case-timeout') args.caseTimeoutMs = Number(value()) * 1000;
		else if (!a.startsWith('-')) args.filters.push(a);
		else throw new Error(`unknown option ${a}`);
	}
	return args;
}

interface LoadedCase {
	file: string;
	case: E2ECase;
}

function loadCases(filters: string[]): LoadedCase[] {
	const files = fs
		.readdirSync(CASES_DIR)
		.filter((f) => /\.case\.(ts|json)$/.test(f))
		.sort();
	const cases = files.map((f): LoadedCase => {
		const full = path.join(CASES_DIR, f);
		const loaded = f.endsWith('.json') ? JSON.parse(fs.readFileSync(full, 'utf8')) : require(full);
		const c: E2ECase = loaded.default ?? loaded;
		if (!c || typeof c.name !== 'string') throw new Error(`${f}: a case must export (default) an object with a name`);
		return { file: f, case: c };
	});
	return filters.length ? cases.filter((c) => filters.some((flt) => c.file.includes(flt) || c.case.name.includes(flt))) : cases;
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	try {
		return await Promise.race([
			p,
			new Promise<never>((_, reject) => {
				timer = setTimeout(() => reject(new Error(`${what} timed out after ${fmt(ms)}`)), ms);
			}),
		]);
	} finally {
		if (timer) clearTimeout(timer);
	}
}

// ---------------------------------------------------------------------------------------------

function caseNeeds(c: E2ECase, pkg: PackageInfo): Set<'package' | 'emulator' | 'browser'> {
	if (c.needs) return new Set(c.needs);
	const needs = new Set<'package' | 'emulator' | 'browser'>();
	if (c.credentials && Object.keys(c.credentials).length > 0) {
		needs.add('package');
		needs.add('emulator');
	}
	if (c.workflow && typeof c.workflow === 'object' && c.workflow.nodes.some((n) => String(n.type).startsWith(`${pkg.name}.`))) {
		needs.add('package');
	}
	if (c.expect?.emulator) needs.add('emulator');
	return needs;
}

/** Replaces credentials written as '@alias' (or { id: '@alias' }) with the created { id, name }. */
function resolveCredentialRefs(wf: WorkflowJson, creds: Record<string, CredentialRef>): WorkflowJson {
	const nodes = wf.nodes.map((node) => {
		if (!node.credentials) return node;
		const resolved: Record<string, unknown> = {};
		for (const [type, ref] of Object.entries(node.credentials as Record<string, any>)) {
			const alias = typeof ref === 'string' ? ref : typeof ref?.id === 'string' ? ref.id : undefined;
			if (alias?.startsWith('@')) {
				const cred = creds[alias.slice(1)];
				if (!cred) throw new Error(`node "${node.name}" refers to unknown credential ${alias}`);
				resolved[type] = { id: cred.id, name: cred.name };
			} else resolved[type] = ref;
		}
		return { ...node, credentials: resolved };
	});
	return { ...wf, nodes };
}

function requestMatches(r: EmulatorRequest, p: EmulatorRequestPattern): boolean {
	const { count: _c, query, path: pathPattern, ...rest } = p;
	if (pathPattern !== undefined && mismatch(r.path, pathPattern).length) return false;
	if (query !== undefined) {
		if (typeof query === 'string' || query instanceof RegExp) {
			if (mismatch(r.query.replace(/^\?/, ''), query).length) return false;
		} else if (mismatch(Object.fromEntries(new URLSearchParams(r.query)), query).length) return false;
	}
	return mismatch(r, rest).length === 0;
}

function describeRequests(reqs: EmulatorRequest[]): string {
	if (!reqs.length) return '  (no emulator requests)';
	return reqs
		.slice(-25)
		.map((r) => `  ${r.method} ${r.base} ${r.path}${r.query ? `?${r.query.replace(/^\?/, '')}` : ''} -> ${r.status}${r.fault ? ` (fault ${r.fault})` : ''}`)
		.join('\n');
}

function checkOutput(result: CaseResult, node: string | undefined, exp: NodeOutputExpectation, label: string): void {
	const ex = result.execution!;
	const items = ex.output(node);
	const where = `${label} (${node ?? ex.lastNodeExecuted})`;
	if (exp.itemCount !== undefined && items.length !== exp.itemCount) {
		throw new Error(`${where}: expected ${exp.itemCount} items, got ${items.length}: ${JSON.stringify(items).slice(0, 800)}`);
	}
	if (exp.items) assertMatch(items, exp.items, `${where} items`);
	for (const p of exp.someItems ?? []) {
		if (!items.some((i) => mismatch(i, p).length === 0)) throw new Error(`${where}: no item matches ${JSON.stringify(p)}; items: ${JSON.stringify(items).slice(0, 800)}`);
	}
	if (exp.everyItem) items.forEach((item, i) => assertMatch(item, exp.everyItem, `${where} item ${i}`));
}

function checkExpectations(exp: Expectations, result: CaseResult, hasWorkflow: boolean): void {
	for (const [alias, want] of Object.entries(exp.credentialTests ?? {})) {
		const got = result.credentialTests[alias];
		if (!got) throw new Error(`credential test "${alias}" was not run`);
		const pattern = typeof want === 'string' ? { status: want } : want;
		assertMatch(got, pattern, `credential test "${alias}" (got ${JSON.stringify(got)})`);
	}
	if (!hasWorkflow) return;
	const ex = result.execution!;
	const wantStatus = exp.status ?? (exp.error ? 'error' : 'success');
	if (ex.status !== wantStatus) {
		const err = ex.error;
		throw new Error(`execution ${ex.id}: status ${ex.status}, expected ${wantStatus}${err ? `; error in "${err.node}": ${err.message}${err.description ? ` (${err.description})` : ''}` : ''}`);
	}
	if (exp.error) {
		const err = ex.error;
		if (!err) throw new Error(`execution ${ex.id}: expected an error, found none`);
		assertMatch(err, exp.error, 'execution error');
	}
	if (exp.executedNodes) {
		const ran = ex.executedNodes;
		let at = 0;
		for (const n of exp.executedNodes) {
			const idx = ran.indexOf(n, at);
			if (idx < 0) throw new Error(`expected nodes ${JSON.stringify(exp.executedNodes)} to run in order; ran ${JSON.stringify(ran)}`);
			at = idx + 1;
		}
	}
	if (exp.itemCount !== undefined || exp.items || exp.someItems || exp.everyItem) checkOutput(result, exp.node, exp, 'output');
	for (const [node, o] of Object.entries(exp.outputs ?? {})) checkOutput(result, node, o, 'output');
	if (exp.webhookResponse) {
		if (!result.webhookResponse) throw new Error('webhookResponse expected but the case did not run in webhook mode');
		const { status, body, headers } = result.webhookResponse;
		assertMatch({ status, body, headers }, exp.webhookResponse, 'webhook response');
	}
	if (exp.emulator) {
		const reqs = result.requests;
		if (exp.emulator.requestCount !== undefined && reqs.length !== exp.emulator.requestCount) {
			throw new Error(`expected ${exp.emulator.requestCount} emulator requests, got ${reqs.length}:\n${describeRequests(reqs)}`);
		}
		for (const p of exp.emulator.requests ?? []) {
			const n = reqs.filter((r) => requestMatches(r, p)).length;
			if (p.count !== undefined ? n !== p.count : n === 0) {
				throw new Error(`expected ${p.count ?? 'at least 1'} emulator request(s) matching ${JSON.stringify(p, (_k, v) => (v instanceof RegExp ? String(v) : v))}, got ${n}:\n${describeRequests(reqs)}`);
			}
		}
		for (const p of exp.emulator.none ?? []) {
			const bad = reqs.filter((r) => requestMatches(r, p));
			if (bad.length) throw new Error(`unexpected emulator request(s):\n${describeRequests(bad)}`);
		}
	}
	for (const s of exp.logIncludes ?? []) {
		if (!(typeof s === 'string' ? result.log.includes(s) : s.test(result.log))) throw new Error(`n8n log does not contain ${String(s)}`);
	}
	for (const s of exp.logExcludes ?? []) {
		const hit = result.log.split('\n').find((l) => (typeof s === 'string' ? l.includes(s) : s.test(l)));
		if (hit) throw new Error(`n8n log contains ${String(s)}: ${hit.slice(0, 500)}`);
	}
}

async function runCase(c: E2ECase, base: Omit<CaseContext, 'credentials' | 'log'>, logs: string[]): Promise<CaseResult> {
	const { n8n, client, emulator } = base;
	const logStart = n8n.logText().length;
	const ctx: CaseContext = { ...base, credentials: {}, log: (m) => logs.push(m) };
	emulator?.control.reset();

	for (const [alias, spec] of Object.entries(c.credentials ?? {})) {
		const data =
			typeof spec.data === 'function'
				? spec.data(ctx)
				: (spec.data ?? { ...defaultCredentialData(spec.type, emulator, spec.userIndex ?? 0), ...(spec.override ?? {}) });
		ctx.credentials[alias] = await client.createCredential({ name: spec.name ?? `${c.name} / ${alias}`.slice(0, 128), type: spec.type, data });
	}
	const result: CaseResult = { credentialTests: {}, requests: [], log: '' };
	for (const alias of Object.keys(c.expect?.credentialTests ?? {})) {
		const cred = ctx.credentials[alias];
		if (!cred) throw new Error(`expect.credentialTests: unknown credential alias "${alias}"`);
		result.credentialTests[alias] = await client.testCredential(cred.id);
	}
	if (c.setup) await c.setup(ctx);
	emulator?.control.clearRequests();

	if (c.workflow) {
		const raw = typeof c.workflow === 'function' ? c.workflow(ctx) : c.workflow;
		const wf = resolveCredentialRefs({ ...raw, name: raw.name ?? c.name.slice(0, 128) }, ctx.credentials);
		const run = await client.runWorkflow(wf, c.run ?? {});
		Object.assign(result, run);
	}
	result.requests = emulator ? emulator.control.requests() : [];
	result.log = n8n.logText().slice(logStart);
	try {
		if (c.expect) checkExpectations(c.expect, result, Boolean(c.workflow));
		if (c.check) await c.check(ctx, result);
	} catch (error) {
		const ex = result.execution;
		const extra: string[] = [];
		if (ex) {
			extra.push(`execution ${ex.id}: status ${ex.status}, ran ${ex.executedNodes.join(' -> ') || 'nothing'}`);
			if (ex.error) extra.push(`error in "${ex.error.node}": ${ex.error.message}${ex.error.description ? ` -- ${ex.error.description}` : ''}`);
			if (ex.lastNodeExecuted) {
				try {
					extra.push(`output of "${ex.lastNodeExecuted}": ${JSON.stringify(ex.output()).slice(0, 1000)}`);
				} catch {
					/* no output */
				}
			}
		}
		if (emulator && (result.requests.length || c.expect?.emulator)) extra.push(`emulator requests:\n${describeRequests(result.requests)}`);
		(error as Error).message += `\n${extra.join('\n')}`;
		throw error;
	}
	return result;
}

// ---------------------------------------------------------------------------------------------

async function startEmulatorIfPresent(): Promise<{ emulator?: Emulator; error?: string }> {
	try {
		const mod = require(path.join(REPO_ROOT, 'test', 'emulator'));
		return { emulator: (await mod.startEmulator()) as Emulator };
	} catch (error) {
		return { error: (error as Error).message.split('\n')[0] };
	}
}

interface Outcome {
	file: string;
	name: string;
	status: 'passed' | 'failed' | 'skipped';
	ms: number;
	message?: string;
}

async function main(): Promise<number> {
	const args = parseArgs(process.argv.slice(2));
	const cases = loadCases(args.filters.length || !args.queue ? args.filters : QUEUE_CASES);
	if (args.list) {
		for (const c of cases) console.log(`${c.file}\t${c.case.name}`);
		return 0;
	}
	const timings: Record<string, number> = {};
	const outcomes: Outcome[] = [];
	const t0 = Date.now();
	fs.mkdirSync(LOG_DIR, { recursive: true });

	if (args.provision) {
		const t = Date.now();
		const r = spawnSync('bash', [path.join(__dirname, 'provision-n8n.sh'), args.version], { stdio: ['ignore', 'ignore', 'inherit'] });
		timings.provisionMs = Date.now() - t;
		if (r.status !== 0) {
			console.error(`e2e: provisioning n8n ${args.version} failed`);
			console.log(`0 passed, ${cases.length} failed`);
			return 1;
		}
	}

	const pkg = readPackageInfo(PACKAGE_DIR);
	if (!pkg.built) console.log(`e2e: ${pkg.name} is not built (missing ${pkg.missingFiles.join(', ')}); run \`npm run build\`. Cases that need the package are skipped.`);

	let n8n: N8nInstance | undefined;
	let cluster: QueueCluster | undefined;
	let emulator: Emulator | undefined;
	let emulatorError = '';
	const finalLogFile = path.join(LOG_DIR, `n8n-${args.version}.log`);
	let runLogFile: string | undefined;

	// Cases with an n8nVariant (types.ts) run on their own n8n: one per key, started for the first
	// of its cases, stopped after the last; its log is n8n-<version>-<key>.log (per-run name meanwhile).
	const variants = new Map<string, { started: Promise<N8nInstance>; runLog: string; stopped?: boolean }>();
	const variantLog = (key: string) => path.join(LOG_DIR, `n8n-${args.version}-${key}.log`);
	const startVariant = async (v: N8nVariant): Promise<N8nInstance> => {
		let entry = variants.get(v.key);
		if (!entry) {
			const runLog = path.join(LOG_DIR, `n8n-${args.version}-${v.key}.run-${process.pid}.log`);
			const started = (async () => {
				const extra = typeof v.options === 'function' ? await v.options({ emulator, pkg }) : v.options;
				fs.rmSync(runLog, { force: true });
				console.log(`e2e: starting n8n ${args.version} "${v.key}" (log: ${path.relative(REPO_ROOT, variantLog(v.key))})`);
				const ts = Date.now();
				const inst = await startN8n({ version: args.version, customExtensions: pkg.built ? [PACKAGE_DIR] : [], keepUserFolder: args.keep, logFile: runLog, ...extra });
				timings[`n8nStart.${v.key}Ms`] = Date.now() - ts;
				console.log(`e2e: n8n "${v.key}" ready at ${inst.baseUrl} in ${fmt(inst.startMs)} (incl. owner setup ${fmt(Date.now() - ts)})`);
				return inst;
			})();
			started.catch(() => undefined); // reported by every case that needs it
			entry = { started, runLog };
			variants.set(v.key, entry);
		}
		return await entry.started;
	};
	const stopVariant = async (key: string): Promise<void> => {
		const entry = variants.get(key);
		if (!entry || entry.stopped) return;
		entry.stopped = true;
		const inst = await entry.started.catch(() => undefined);
		await inst?.stop().catch((e) => console.error(`e2e: stopping n8n "${key}": ${(e as Error).message}`));
		if (fs.existsSync(entry.runLog)) fs.renameSync(entry.runLog, variantLog(key));
	};
	try {
		const t = Date.now();
		const emu = await startEmulatorIfPresent();
		emulator = emu.emulator;
		timings.emulatorStartMs = Date.now() - t;
		emulatorError = emu.error ?? '';
		if (!emulator) console.log(`e2e: X emulator not available: ${emulatorError}`);

		// Written under a per-run name (two runs of the same version at once must not share or
		// delete each other's log: cases read it), renamed to n8n-<version>.log at the end.
		runLogFile = path.join(LOG_DIR, `n8n-${args.version}.run-${process.pid}.log`);
		const logFile = runLogFile;
		fs.rmSync(logFile, { force: true });
		console.log(`e2e: starting n8n ${args.version}${pkg.built ? ` with ${pkg.name}` : ''} (log: ${path.relative(REPO_ROOT, finalLogFile)})`);
		const ts = Date.now();
		if (args.queue) {
			cluster = await startQueueCluster({ version: args.version, customExtensions: pkg.built ? [PACKAGE_DIR] : [], keepUserFolder: args.keep, logPrefix: path.join(LOG_DIR, `n8n-${args.version}-queue`) });
			n8n = cluster.main;
		} else n8n = await startN8n({ version: args.version, customExtensions: pkg.built ? [PACKAGE_DIR] : [], keepUserFolder: args.keep, logFile });
		timings.n8nStartMs = Date.now() - ts;
		console.log(`e2e: n8n ready at ${n8n.baseUrl} in ${fmt(n8n.startMs)} (incl. owner setup ${fmt(timings.n8nStartMs)})`);

		const lastOfVariant = new Map(cases.map(({ case: c }, i) => [c.n8nVariant?.key, i] as const));
		for (const [index, { file, case: c }] of cases.entries()) {
			const tc = Date.now();
			const logs: string[] = [];
			const needs = caseNeeds(c, pkg);
			let skip: string | undefined;
			if (c.n8nVersions && !c.n8nVersions.some((v) => args.version.startsWith(v))) skip = `not for n8n ${args.version}`;
			else if (needs.has('package') && !pkg.built) skip = `${pkg.name} not built (run npm run build)`;
			else if (needs.has('browser') && browserSkipReason()) skip = browserSkipReason();
			else if (typeof c.skip === 'string') skip = c.skip;
			else if (typeof c.skip === 'function') skip = c.skip({ n8n, client: n8n.client, emulator, pkg, queue: cluster });
			if (skip) {
				outcomes.push({ file, name: c.name, status: 'skipped', ms: 0, message: skip });
				console.log(`SKIP ${c.name} -- ${skip}`);
				continue;
			}
			try {
				const target = c.n8nVariant ? await startVariant(c.n8nVariant) : n8n;
				if (!target.isRunning()) throw new Error('n8n is not running any more (see its log)');
				if (needs.has('emulator') && !emulator) throw new Error(`needs the X emulator, which did not start: ${emulatorError}`);
				await withTimeout(runCase(c, { n8n: target, client: target.client, emulator, pkg, queue: cluster }, logs), c.timeoutMs ?? args.caseTimeoutMs, `case "${c.name}"`);
				const ms = Date.now() - tc;
				outcomes.push({ file, name: c.name, status: 'passed', ms });
				console.log(`PASS ${c.name} (${fmt(ms)})`);
			} catch (error) {
				const ms = Date.now() - tc;
				const message = (error as Error).message;
				outcomes.push({ file, name: c.name, status: 'failed', ms, message });
				console.log(`FAIL ${c.name} (${fmt(ms)}) [${file}]\n${message.replace(/^/gm, '     ')}`);
			}
			for (const l of logs) console.log(`     ${l}`);
			if (c.n8nVariant && lastOfVariant.get(c.n8nVariant.key) === index) await stopVariant(c.n8nVariant.key);
		}
	} catch (error) {
		console.error(`e2e: ${(error as Error).message}`);
		for (const { file, case: c } of cases) {
			if (!outcomes.some((o) => o.file === file)) outcomes.push({ file, name: c.name, status: 'failed', ms: 0, message: 'not run: set-up failed' });
		}
	} finally {
		const ts = Date.now();
		for (const key of variants.keys()) await stopVariant(key);
		if (cluster) await cluster.stop().catch((e) => console.error(`e2e: stopping queue mode: ${(e as Error).message}`));
		else await n8n?.stop().catch((e) => console.error(`e2e: stopping n8n: ${(e as Error).message}`));
		await emulator?.close().catch((e) => console.error(`e2e: stopping the emulator: ${(e as Error).message}`));
		timings.stopMs = Date.now() - ts;
		if (runLogFile && fs.existsSync(runLogFile)) fs.renameSync(runLogFile, finalLogFile);
	}

	timings.totalMs = Date.now() - t0;
	const passed = outcomes.filter((o) => o.status === 'passed').length;
	const failed = outcomes.filter((o) => o.status === 'failed').length;
	const skipped = outcomes.filter((o) => o.status === 'skipped');
	fs.writeFileSync(path.join(LOG_DIR, `summary-${args.version}${args.queue ? '-queue' : ''}.json`), JSON.stringify({ version: args.version, queue: args.queue, timings, outcomes }, null, 2));
	console.log(
		`e2e timings: provision ${fmt(timings.provisionMs ?? 0)}, n8n start ${fmt(timings.n8nStartMs ?? 0)}, cases ${fmt(outcomes.reduce((s, o) => s + o.ms, 0))}, stop ${fmt(timings.stopMs ?? 0)}, total ${fmt(timings.totalMs)}`,
	);
	if (skipped.length) console.log(`${skipped.length} skipped: ${skipped.map((s) => s.name).join('; ')}`);
	if (failed) console.log(`n8n log: ${path.relative(REPO_ROOT, finalLogFile)}`);
	console.log(`${passed} passed, ${failed} failed`);
	return failed > 0 || passed + skipped.length === 0 ? 1 : 0;
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(error);
		console.log('0 passed, 1 failed');
		process.exit(1);
	},
);
