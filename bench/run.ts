/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * `npm run bench`: every benchmark of issue 9, then bench/RESULTS.md (figures, machine, commands).
 *
 *   ts-node --transpile-only bench/run.ts [--quick] [--only inprocess,catalog,returnall,trigger,soak,audience-file,report,queue,stream]
 *                                         [--out bench/RESULTS.md] [--latency 50] [--note "text"]
 *
 * 1+2. in-process (bench/inProcess.ts, in a child process so its peak memory is its own):
 *      audience pipeline vs plain SHA-256, OAuth 1.0a signing vs the oauth-1.0a package;
 * then one real n8n 2.41.1 (test/e2e/n8n.ts) with this package and the X emulator (fixed added
 * latency per request, default 50 ms):
 * 1. catalog sync: X Ads Product > Create or Update vs the HTTP Request node, one product per request;
 * 3. Return All over N accounts vs the HTTP Request node's pagination at the API default count;
 * 4. X Trigger vs the Webhook node: signed events per second; CRC latency; then again on a second
 *    n8n with the legacy expression engine, to show what n8n's per-request isolate costs;
 * soak: catalog sync and audience upload, fault-free and with ~20% random faults;
 * audience-file: Add Users from a file of 1,000,000 and 10,000,000 emails (bench/audienceFile.ts);
 * report: Analytics > Run Report, 90 days for 1,000 line items (bench/report.ts);
 * media-upload: Media → Upload of a 50 MB and a 512 MB video (bench/mediaUpload.ts);
 * catalog-feed: Product Catalog > Sync from a CSV feed of 100,000 and 1,000,000 products (2% changed,
 *      1% removed) and today's upsert-everything from items at 100,000 (bench/catalogFeed.ts);
 * queue: the X Trigger in queue mode, the real-n8n case 210 three times (bench/queue.ts);
 * stream: the X Trigger's activity stream, node CPU per event and a 10,000-event burst vs the Webhook
 *      node (bench/stream.ts);
 * boundary: the one reader of X against JSON.parse (in process), and our catalog sync and Return All
 *      with this package and with the package at the branch point, on fresh n8n instances of one run
 *      (bench/boundary.ts).
 * Every section of bench/RESULTS.md comes from one of these parts: a whole run writes the file
 * afresh; parts run alone (--only) replace only the sections they measured (bench/sections.ts).
 * --quick: small sizes, results to .cache/bench-quick.md (for development).
 * Needs `npm run build` (the package under test is dist/) and n8n provisioned
 * (test/e2e/provision-n8n.sh; `npm run test:e2e` does it).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { DEFAULT_N8N_VERSION, REPO_ROOT } from '../test/e2e/n8n';
import type { AudienceBenchResult, audiencePeakMemory, SigningBenchResult } from './inProcess';
import { benchAudienceFile, renderAudienceFile, type AudienceFileResult } from './audienceFile';
import { benchMediaUpload, renderMediaUpload, type MediaUploadResult } from './mediaUpload';
import { benchCatalogFeed, renderCatalogFeed, type CatalogFeedResult } from './catalogFeed';
import { freePort } from './heapProbe';
import { benchQueue, renderQueue, type QueueRun } from './queue';
import { benchReport, renderReport, type ReportBenchResult } from './report';
import { replaceSections } from './sections';
import { benchStreamN8n, renderStream, type StreamCpuResult, type StreamN8nResult } from './stream';
import type { ScalingPoint } from './runnerScaling';
import { baselinePackage, branchPoint, renderBoundary, type BoundaryResult } from './boundary';
import { benchCatalog, benchReturnAll, benchTrigger, catalogOurs, returnAllOurs, lostAnswers, soakAudience, soakCatalog, startBenchEnv, type BenchEnv, type CatalogResult, type LostAnswersSide, type ReturnAllResult, type SoakResult, type TriggerResult } from './n8nBench';

const STEPS = ['inprocess', 'catalog', 'returnall', 'trigger', 'soak', 'audience-file', 'report', 'queue', 'stream', 'media-upload', 'catalog-feed', 'boundary'] as const;
type Step = (typeof STEPS)[number];

interface Args {
	quick: boolean;
	only: Set<Step>;
	out?: string;
	latencyMs: number;
	note?: string;
}

function parseArgs(argv: string[]): Args {
	const args: Args = { quick: false, only: new Set(STEPS), latencyMs: 50 };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const value = () => {
			const v = argv[++i];
			if (v === undefined) throw new Error(`${a} needs a value`);
			return v;
		};
		if (a === '--quick') args.quick = true;
		else if (a === '--only') {
			const list = value().split(',').map((s) => s.trim().toLowerCase());
			const bad = list.filter((s) => !(STEPS as readonly string[]).includes(s));
			if (bad.length) throw new Error(`unknown step(s) ${bad.join(', ')}; steps: ${STEPS.join(', ')}`);
			args.only = new Set(list as Step[]);
		} else if (a === '--out') args.out = value();
		else if (a === '--latency') args.latencyMs = Number(value());
		else if (a === '--note') args.note = value();
		else throw new Error(`unknown option ${a}`);
	}
	return args;
}

const SIZES = {
	full: { queueRuns: 3, streamCpuEvents: 100_000, streamEvents: 10_000, scaling: '5000,10000,20000,40000', products: 10_000, emails: 1_000_000, accounts: 50_000, events: 2_000, burst: 1_000, concurrency: 8, crc: 500, soakProducts: 10_000, soakEmails: 200_000, lostProducts: 2_000, lostEmails: 50_000, fileEmails: [1_000_000, 10_000_000], feedProducts: [100_000, 1_000_000], feedBaseline: 100_000 },
	quick: { queueRuns: 1, streamCpuEvents: 20_000, streamEvents: 1_000, scaling: '2500,5000,10000', products: 500, emails: 50_000, accounts: 2_000, events: 200, burst: 100, concurrency: 8, crc: 100, soakProducts: 500, soakEmails: 20_000, lostProducts: 250, lostEmails: 5_000, fileEmails: [50_000], feedProducts: [2_000, 20_000], feedBaseline: 2_000 },
};

/** Analytics report: line items and how long X keeps each job processing. */
const REPORT_SIZES = { full: { lineItems: 1000, processingMs: 10_000 }, quick: { lineItems: 100, processingMs: 2000 } };

interface Results {
	startedAt: string;
	finishedAt?: string;
	args: { quick: boolean; only: string[]; latencyMs: number; note?: string };
	sizes: (typeof SIZES)['full'];
	machine: Record<string, unknown>;
	inProcess?: { audience: AudienceBenchResult; signing: SigningBenchResult; memory: ReturnType<typeof audiencePeakMemory> };
	scaling?: { audience: ScalingPoint[]; products: ScalingPoint[]; skippedAbove?: Record<string, number> };
	catalog?: CatalogResult;
	returnAll?: ReturnAllResult;
	trigger?: TriggerResult;
	/** The trigger benchmark again on n8n with N8N_EXPRESSION_ENGINE=legacy. */
	triggerLegacyEngine?: TriggerResult;
	soak: SoakResult[];
	lostAnswers?: LostAnswersSide[];
	report?: ReportBenchResult[];
	queue?: QueueRun[];
	audienceFile?: AudienceFileResult[];
	mediaUpload?: MediaUploadResult[];
	catalogFeed?: CatalogFeedResult[];
	stream?: { cpu?: StreamCpuResult; n8n?: StreamN8nResult };
	boundary?: BoundaryResult;
	errors: Array<{ step: string; message: string }>;
	n8nStartMs?: number;
}

function packageState(): string {
	const git = (args: string[]) => spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
	const head = git(['rev-parse', '--short', 'HEAD']);
	const dirty = git(['status', '--porcelain', '--', 'nodes', 'credentials']).split('\n').filter(Boolean).length;
	const built = path.join(REPO_ROOT, 'dist', 'nodes', 'XAds', 'XAds.node.js');
	const at = fs.existsSync(built) ? fs.statSync(built).mtime.toISOString().slice(0, 19).replace('T', ' ') : 'not built';
	return `commit ${head}${dirty ? ` + ${dirty} uncommitted file(s) under nodes/ and credentials/` : ''}, dist/ built ${at} UTC`;
}

function machine(): Record<string, unknown> {
	const cpus = os.cpus();
	return {
		cpu: cpus[0]?.model ?? 'unknown',
		logicalCpus: cpus.length,
		memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
		os: `${os.type()} ${os.release()} ${os.arch()}`,
		node: process.version,
		n8n: DEFAULT_N8N_VERSION,
		loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
		package: packageState(),
	};
}

/** Runs a bench script in its own process (its peak memory is its own) and parses the JSON it prints. */
function runChild<T>(script: string, args: string[]): T {
	const tsNode = path.join(REPO_ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js');
	const r = spawnSync(process.execPath, [tsNode, '--transpile-only', path.join(__dirname, script), ...args], {
		cwd: REPO_ROOT,
		encoding: 'utf8',
		maxBuffer: 16 * 1024 * 1024,
	});
	if (r.status !== 0) throw new Error(`bench/${script} failed (${r.status}): ${r.stderr.slice(-2000)}`);
	return JSON.parse(r.stdout) as T;
}

const log = (s: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${s}`);

async function main(): Promise<number> {
	const args = parseArgs(process.argv.slice(2));
	const sizes = args.quick ? SIZES.quick : SIZES.full;
	const out = path.resolve(REPO_ROOT, args.out ?? (args.quick ? '.cache/bench-quick.md' : 'bench/RESULTS.md'));
	const results: Results = {
		startedAt: new Date().toISOString(),
		args: { quick: args.quick, only: [...args.only], latencyMs: args.latencyMs, note: args.note },
		sizes,
		machine: machine(),
		soak: [],
		errors: [],
	};
	const attempt = async (step: string, fn: () => Promise<void>) => {
		const t = Date.now();
		log(`${step}...`);
		try {
			await fn();
			log(`${step} done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
		} catch (error) {
			const cause = (error as { cause?: unknown }).cause;
			const message = `${(error as Error).stack ?? String(error)}${cause ? `\ncause: ${(cause as Error).stack ?? JSON.stringify(cause)}` : ''}`;
			results.errors.push({ step, message });
			log(`${step} FAILED: ${message}`);
		}
	};

	if (args.only.has('inprocess')) {
		await attempt(`in-process: audience ${sizes.emails} emails, signing`, async () => {
			const timed = runChild<{ audience: AudienceBenchResult; signing: SigningBenchResult }>('inProcess.ts', [String(sizes.emails)]);
			results.inProcess = { ...timed, memory: runChild('inProcess.ts', ['memory', String(sizes.emails)]) };
		});
		await attempt('in-process: batch runners at growing sizes', async () => {
			results.scaling = runChild('runnerScaling.ts', ['60', sizes.scaling]);
		});
	}

	/** One n8n (with `n8nEnv` added to its settings) and the emulator for `steps`, stopped afterwards; `packageFrom`: another build of the package. */
	const withN8n = async (label: string, n8nEnv: Record<string, string>, steps: (e: BenchEnv) => Promise<void>, packageFrom?: string) => {
		let env: BenchEnv | undefined;
		const logFile = path.join(REPO_ROOT, '.cache', 'bench-logs', `n8n-${DEFAULT_N8N_VERSION}${label}.log`);
		fs.mkdirSync(path.dirname(logFile), { recursive: true });
		fs.rmSync(logFile, { force: true });
		await attempt(`start n8n${label} and the emulator`, async () => {
			env = await startBenchEnv({ latencyMs: args.latencyMs, logFile, n8nEnv, packageFrom });
			results.n8nStartMs ??= env.n8n.startMs;
		});
		if (!env) return;
		try {
			await steps(env);
		} finally {
			await env.stop().catch((error) => log(`stopping: ${(error as Error).message}`));
		}
	};

	if (['catalog', 'returnall', 'trigger', 'soak'].some((step) => args.only.has(step as Step))) {
		await withN8n('', {}, async (e) => {
			if (args.only.has('catalog')) {
				await attempt(`catalog sync ${sizes.products} products`, async () => {
					results.catalog = await benchCatalog(e, sizes.products);
				});
			}
			if (args.only.has('returnall')) {
				await attempt(`Return All over ${sizes.accounts} accounts`, async () => {
					results.returnAll = await benchReturnAll(e, sizes.accounts);
				});
			}
			if (args.only.has('soak')) {
				await attempt(`soak: catalog sync ${sizes.soakProducts} products`, async () => {
					results.soak.push(await soakCatalog(e, sizes.soakProducts));
				});
				await attempt(`soak: audience upload ${sizes.soakEmails} emails`, async () => {
					results.soak.push(await soakAudience(e, sizes.soakEmails));
				});
				await attempt(`lost answers: ${sizes.lostProducts} products, ${sizes.lostEmails} emails`, async () => {
					results.lostAnswers = await lostAnswers(e, sizes.lostProducts, sizes.lostEmails);
				});
			}
			// Last: its burst may leave n8n busy.
			if (args.only.has('trigger')) {
				await attempt(`trigger ${sizes.events} events`, async () => {
					results.trigger = await benchTrigger(e, sizes.events, sizes.concurrency, sizes.crc, sizes.burst);
				});
			}
		});
	}
	if (args.only.has('trigger')) {
		// n8n's default expression engine (vm) takes a fresh isolate for the webhook phase of every
		// trigger node except its own Webhook node: the same benchmark on the legacy engine shows
		// how much of the gap is that.
		await withN8n('-legacy-expressions', { N8N_EXPRESSION_ENGINE: 'legacy' }, async (e) => {
			await attempt(`trigger ${sizes.events} events, legacy expression engine`, async () => {
				results.triggerLegacyEngine = await benchTrigger(e, sizes.events, sizes.concurrency, sizes.crc, sizes.burst);
			});
		});
	}

	if (args.only.has('audience-file')) {
		// The file is read by n8n's Read/Write Files from Disk node: n8n may read only this folder.
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audience-file-'));
		try {
			await withN8n('-audience-file', { N8N_RESTRICT_FILE_ACCESS_TO: dir }, async (e) => {
				results.audienceFile = [];
				// BENCH_FILE_EMAILS=1000000: other sizes while developing.
				for (const count of process.env.BENCH_FILE_EMAILS?.split(',').map(Number) ?? sizes.fileEmails) {
					for (const receiver of ['sink', 'emulator'] as const) {
						await attempt(`audience upload from a file of ${count} emails (${receiver})`, async () => {
							results.audienceFile!.push(await benchAudienceFile(e, count, dir, receiver));
						});
					}
				}
			});
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}

	if (args.only.has('media-upload')) {
		// The video is read by n8n's Read/Write Files from Disk node: n8n may read only this folder.
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-upload-'));
		try {
			await withN8n('-media-upload', { N8N_RESTRICT_FILE_ACCESS_TO: dir }, async (e) => {
				results.mediaUpload = [];
				await attempt('media upload warm-up (8 MiB, not reported)', async () => void (await benchMediaUpload(e, 8 * 1024 * 1024, dir)));
				for (const mib of args.quick ? [8, 50] : [50, 512]) {
					await attempt(`media upload of a ${mib} MiB video`, async () => {
						results.mediaUpload!.push(await benchMediaUpload(e, mib * 1024 * 1024, dir));
					});
				}
			});
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}

	if (args.only.has('catalog-feed')) {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-feed-'));
		// Each measurement on a fresh n8n: a run leaves n8n's heap grown, which would hide the next one's peak.
		const runs = [...sizes.feedProducts.map((count) => ({ count, way: 'sync' as const })), { count: sizes.feedBaseline, way: 'upsert-all' as const }];
		results.catalogFeed = [];
		try {
			for (const { count, way } of runs) {
				// n8n's inspector on a loopback port: live memory after a full collection (bench/heapProbe.ts).
				const port = await freePort();
				await withN8n(`-catalog-feed-${way}-${count}`, { N8N_RESTRICT_FILE_ACCESS_TO: dir, NODE_OPTIONS: `--inspect=127.0.0.1:${port}` }, async (e) => {
					await attempt(`catalog ${way === 'sync' ? 'sync from a feed' : 'upsert-all from items'} of ${count} products`, async () => {
						// A warm-up run of 1,000 products first: a fresh n8n loads and compiles the nodes on its first execution.
						await benchCatalogFeed(e, 1_000, dir, way, port);
						results.catalogFeed!.push(await benchCatalogFeed(e, count, dir, way, port));
					});
				});
			}
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}

	if (args.only.has('report')) {
		const size = args.quick ? REPORT_SIZES.quick : REPORT_SIZES.full;
		await withN8n('-report', {}, async (e) => {
			await attempt(`report: 90 days for ${size.lineItems} line items, jobs of ${size.processingMs} ms`, async () => {
				results.report = [await benchReport(e, size.lineItems, size.processingMs)];
			});
		});
	}

	if (args.only.has('queue')) {
		await attempt(`queue mode: case 210, ${sizes.queueRuns} run(s)`, async () => {
			results.queue = benchQueue(sizes.queueRuns, log);
		});
	}

	if (args.only.has('stream')) {
		results.stream = {};
		await attempt(`stream: node CPU per event, ${sizes.streamCpuEvents} events`, async () => {
			results.stream!.cpu = runChild<StreamCpuResult>('stream.ts', ['cpu', String(sizes.streamCpuEvents)]);
		});
		await withN8n('-stream', {}, async (e) => {
			await attempt(`stream: ${sizes.streamEvents} events through real n8n vs the Webhook node`, async () => {
				results.stream!.n8n = await benchStreamN8n(e, sizes.streamEvents, sizes.concurrency);
			});
		});
	}

	if (args.only.has('boundary')) {
		const products = args.quick ? 500 : sizes.products;
		const accounts = args.quick ? 2000 : sizes.accounts;
		const boundary: BoundaryResult = { n8n: [], products, accounts };
		results.boundary = boundary;
		await attempt('boundary: the one reader of X against JSON.parse', async () => {
			boundary.reader = runChild('boundary.ts', ['reader', args.quick ? '10' : '50']);
		});
		let baseline: string | undefined;
		await attempt('boundary: the package at the branch point', async () => {
			boundary.branchPoint = branchPoint();
			baseline = baselinePackage(boundary.branchPoint);
		});
		// Alternating (B T, T B, B T), each on a fresh n8n warmed up first (its first execution loads the
		// nodes), each measured twice and the faster kept: the machine is shared, its drift and its other
		// work fall on both sides alike.
		const order: Array<Array<'branch point' | 'this branch'>> = [['branch point', 'this branch'], ['this branch', 'branch point'], ['branch point', 'this branch']];
		for (const [index, sides] of order.entries()) {
			for (const side of sides) {
				if (side === 'branch point' && !baseline) continue;
				const round = index + 1;
				await withN8n(`-boundary-${side.replace(' ', '-')}-${round}`, {}, async (e) => {
					await attempt(`boundary: ${side}, round ${round}: catalog sync ${products} products, Return All ${accounts} accounts`, async () => {
						await catalogOurs(e, 200);
						await returnAllOurs(e, 1000);
						const catalog = [await catalogOurs(e, products), await catalogOurs(e, products)].sort((a, b) => a.nodeMs - b.nodeMs)[0];
						const all = [await returnAllOurs(e, accounts), await returnAllOurs(e, accounts)].sort((a, b) => a.nodeMs - b.nodeMs)[0];
						boundary.n8n.push({ package: side, round, catalogNodeMs: catalog.nodeMs, catalogRequests: catalog.requests, returnAllNodeMs: all.nodeMs, returnAllItems: all.items });
					});
				}, side === 'branch point' ? baseline : undefined);
			}
		}
	}

	results.finishedAt = new Date().toISOString();
	results.machine.loadAverageAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
	fs.mkdirSync(path.dirname(out), { recursive: true });
	// A whole run writes the file afresh; parts run alone replace only the sections they measured
	// (a part that failed measured nothing, so its figures stay as they were).
	const whole = args.only.size === STEPS.length || !fs.existsSync(out);
	fs.writeFileSync(out, whole ? renderMarkdown(results) : replaceSections(fs.readFileSync(out, 'utf8'), renderMarkdown(results), sectionStamp(results)));
	const json = path.join(REPO_ROOT, '.cache', `bench-results${args.quick ? '-quick' : ''}.json`);
	fs.writeFileSync(json, JSON.stringify(results, null, 2));
	log(`wrote ${path.relative(REPO_ROOT, out)} and ${path.relative(REPO_ROOT, json)}`);
	return results.errors.length ? 1 : 0;
}

// ---- markdown ---------------------------------------------------------------------------------

/** When and where the catalog-feed figures were measured (the machine is shared: ratios are within one run). */
const catalogFeedNote = (r: Results) =>
	`Measured ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC (${String(r.machine.cpu)}, load ${(r.machine.loadAverageAtStart as number[]).join(' / ')} at start: the machine was shared with other work, so absolute times are loose; ratios are within one run).${r.args.note ? ` ${r.args.note}` : ''}`;

const n = (v: number, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const s = (ms: number) => `${n(ms / 1000, 2)} s`;
const x = (v: number) => `${n(v, 2)}x`;

function renderMarkdown(r: Results): string {
	const m = r.machine;
	const lines: string[] = [];
	const p = (...l: string[]) => lines.push(...l);
	p('# Benchmark results', '');
	p(`Generated by \`npm run bench\` (bench/run.ts) on ${r.startedAt.slice(0, 10)}, ${r.startedAt.slice(11, 19)} to ${(r.finishedAt ?? '').slice(11, 19)} UTC${r.args.quick ? ' — **quick sizes (development run)**' : ''}.`);
	p('Ratios compare the two sides measured one after the other in the same run; absolute times depend on the machine.', '');
	p('## Machine', '');
	p(`- ${m.cpu}, ${m.logicalCpus} logical CPUs, ${m.memoryGiB} GiB RAM, ${m.os}`);
	p(`- Node ${m.node}, n8n ${m.n8n} (SQLite, task runners on, log level warn), this package installed as a community package (${m.package})`);
	p(`- Load average at start ${(m.loadAverageAtStart as number[]).join(' / ')}, at end ${((m.loadAverageAtEnd as number[]) ?? []).join(' / ')} (1 / 5 / 15 min)`);
	if (r.args.note) p(`- ${r.args.note}`);
	p(`- X emulator (test/emulator) in the benchmark process, on loopback, fixed added latency ${r.args.latencyMs} ms per request${r.n8nStartMs ? `; n8n started in ${s(r.n8nStartMs)}` : ''}`, '');
	p('## Commands', '');
	p('```sh', 'source scripts/node24.sh', 'npm run build', `npx ts-node --transpile-only bench/run.ts${r.args.quick ? ' --quick' : ''}${r.args.only.length < STEPS.length ? ` --only ${r.args.only.join(',')}` : ''}${r.args.note ? ' --note "…"' : ''}   # = npm run bench`, '```', '');

	if (r.catalog) {
		const c = r.catalog;
		const rep = c.ours.report;
		p(`## 1. Catalog sync: ${n(c.products)} products`, '');
		p('Manual Trigger → Code (the products) → the node under test, in real n8n. Ours: X Ads **Product → Create or Update** (Map Automatically, 25 per request, ' + `${c.concurrency} requests in flight). ` + 'Theirs: the **HTTP Request** node (4.5) with the X OAuth 1.0a credential, `PUT …/products` with one product per item — what users do today.');
		p(`The product endpoint's emulator budget (2,000 requests per 15 minutes by default) was lifted for both sides${c.products > 2000 ? `; with it, one product per request would hit 429 after 2,000 products and need ${Math.ceil(c.products / 2000) - 1} more 15-minute windows (over ${(Math.ceil(c.products / 2000) - 1) * 15} minutes), while ours stays at ${n(c.ours.requests)} requests` : ''}.`, '');
		p('| | requests | node time | whole execution |', '| --- | ---: | ---: | ---: |');
		p(`| X Ads Create or Update | ${n(c.ours.requests)} | ${s(c.ours.nodeMs)} | ${s(c.ours.executionMs)} |`);
		p(`| HTTP Request, one product per request | ${n(c.http.requests)} | ${s(c.http.nodeMs)} | ${s(c.http.executionMs)} |`);
		p(`| **ratio (HTTP Request / ours)** | **${x(c.requestRatio)}** | **${x(c.speedup)}** | ${x(c.http.executionMs / c.ours.executionMs)} |`, '');
		p(`Bound for ours: requests × latency / concurrency = ${n(c.ours.requests)} × ${c.latencyMs} ms / ${c.concurrency} = ${s(c.boundMs)}; allowed 1.2 × that = ${s(c.allowedMs)}. ` + `Measured node time ${s(c.ours.nodeMs)} = ${x(c.ours.nodeMs / c.boundMs)} the bound: ${c.ours.nodeMs <= c.allowedMs ? '**within**' : '**over**'} the 1.2 allowance. ` + `Exactly ${n(Math.ceil(c.products / 25))} upsert requests expected: ${c.ours.requests === Math.ceil(c.products / 25) ? 'held' : `**not held (${c.ours.requests})**`}.`);
		const ph = c.ours.phases;
		if (ph) {
			p(`Where our node's time went (node start time from n8n's run data, request times from the emulator's log): ${s(ph.beforeFirstRequestMs)} reading and checking the ${n(c.products)} items before the first request, ` + `${s(ph.requestsMs)} from the first request to the last answer (${x(ph.requestsMs / c.boundMs)} the bound: ${ph.requestsMs <= c.allowedMs ? 'within' : '**over**'} 1.2), ${s(ph.afterLastAnswerMs)} building the output.`);
		}
		p(`Outcome check (ours): ${rep.ok ? 'every item has exactly one CREATE_SUCCESS item, the emulator holds exactly the products sent, each applied once' : `**${rep.problems.join('; ')}**`}. HTTP Request side: ${c.http.stateOk ? 'all products stored as sent' : `**${c.http.problems.join('; ')}**`} (${n(c.http.applied)} answers 200).`, '');
	}

	if (r.inProcess) {
		const a = r.inProcess.audience;
		const mem = r.inProcess.memory;
		p(`## 2. Audience upload: ${n(a.emails)} emails (in process)`, '');
		p('bench/inProcess.ts `benchAudience`: normalize + SHA-256 + size + pack (the node\'s own functions, which hash with the one-shot `crypto.hash`) vs plain `node:crypto` SHA-256 hex over the same strings, written the usual way (`createHash().update().digest()`) and with the one-shot `hash()`; 5 alternating rounds, median of the ratios. Peak memory: `audiencePeakMemory`, alone in a fresh process, keeping every operation until it is sent as the node does (`process.resourceUsage().maxRSS`).', '');
		p('| | value | goal |', '| --- | ---: | --- |');
		p(`| plain SHA-256, createHash (median round) | ${s(a.baselineMs)} | |`);
		p(`| plain SHA-256, one-shot hash (median round) | ${s(a.oneShotBaselineMs)} | |`);
		p(`| our pipeline (median round) | ${s(a.pipelineMs)} | |`);
		p(`| **speed ratio (plain createHash / ours)** | **${n(a.speedRatio, 2)}** | >= 0.7: ${a.speedRatio >= 0.7 ? 'held' : '**not held**'} |`);
		p(`| speed ratio (plain one-shot hash / ours) | ${n(a.oneShotSpeedRatio, 2)} | (what normalizing, sizing and packing add to the fastest hashing) |`);
		p(`| requests | ${n(a.requests)} | minimum the two limits allow: ${n(a.minimumRequests)} (${a.requests === a.minimumRequests ? 'held' : '**not held**'}) |`);
		p(`| peak RSS, ${n(mem.emails)} emails prepared alone | ${n(mem.peakRssMiB)} MiB | < 1,024 MiB: ${mem.peakRssMiB < 1024 ? 'held' : '**not held**'} |`, '');
	}

	if (r.scaling) {
		const sc = r.scaling;
		p('### 2b. The batch runners at growing sizes (in process)', '');
		p('bench/runnerScaling.ts: the custom audience runner (`audienceUsersRunner`) and the product upsert batch, called with already checked items and a fake n8n context whose HTTP helper answers at once (no network). A linear runner keeps µs per item flat as the size doubles.', '');
		p('| items | audience runner | µs/item | product upsert | µs/item |', '| ---: | ---: | ---: | ---: | ---: |');
		const sizes = [...new Set([...sc.audience, ...sc.products].map((q) => q.items))].sort((a, b) => a - b);
		for (const size of sizes) {
			const a = sc.audience.find((q) => q.items === size);
			const b = sc.products.find((q) => q.items === size);
			p(`| ${n(size)} | ${a ? s(a.ms) : '—'} | ${a ? n(a.microsPerItem, 1) : '—'} | ${b ? s(b.ms) : '—'} | ${b ? n(b.microsPerItem, 1) : '—'} |`);
		}
		p('');
	}

	if (r.returnAll) {
		const ra = r.returnAll;
		p(`## 3. Return All over ${n(ra.accounts)} accounts`, '');
		p('Ours: X Ads **Account → Get Many**, Return All (count 1,000, the endpoint\'s maximum). Theirs: **HTTP Request** `GET /12/accounts` with n8n\'s built-in pagination (update parameter `cursor` from `$response.body.next_cursor`, complete when it is empty) at the API default count (200), then **Split Out** on `data` for one item per account like ours.', '');
		p('| | requests | node time | whole execution | items |', '| --- | ---: | ---: | ---: | ---: |');
		p(`| X Ads Get Many, Return All | ${n(ra.ours.requests)} | ${s(ra.ours.nodeMs)} | ${s(ra.ours.executionMs)} | ${n(ra.ours.items)} |`);
		p(`| HTTP Request pagination + Split Out | ${n(ra.http.requests)} | ${s(ra.http.nodeMs)} (HTTP Request alone ${s(ra.http.httpNodeMs)}) | ${s(ra.http.executionMs)} | ${n(ra.http.items)} |`);
		p(`| **ratio (HTTP Request / ours)** | **${x(ra.requestRatio)}** | **${x(ra.speedup)}** | ${x(ra.http.executionMs / ra.ours.executionMs)} | |`, '');
	}

	if (r.trigger) {
		const t = r.trigger;
		p('## 4. Trigger: signed events per second', '');
		p(`X Trigger (events: all) activated in n8n: ${t.activation}. Deliveries: one Account Activity event each (\`tweet_create_events\`), POSTed to the production webhook URL signed with HMAC-SHA256 of the raw body (\`x-twitter-webhooks-signature\`), the same bodies to n8n's **Webhook** node (POST, respond immediately) on the same n8n. Paced: at most ${t.ours.concurrency} deliveries sent and not yet finished as executions (n8n answers before the execution runs, so an open loop would only measure a growing backlog). Two alternating rounds of half the events each (Webhook node, X Trigger, Webhook node, X Trigger); measured until every execution is recorded as finished (executions are saved, SQLite).`, '');
		p('| | events | all answered | all executions finished | events/s | non-200 |', '| --- | ---: | ---: | ---: | ---: | ---: |');
		p(`| X Trigger (signature check, split, dedupe) | ${n(t.ours.events)} | ${s(t.ours.acceptMs)} | ${s(t.ours.completeMs)} | ${n(t.ours.eventsPerSecond, 1)} | ${t.ours.non200} (never executed: ${t.ours.lost}) |`);
		p(`| Webhook node | ${n(t.webhook.events)} | ${s(t.webhook.acceptMs)} | ${s(t.webhook.completeMs)} | ${n(t.webhook.eventsPerSecond, 1)} | ${t.webhook.non200} (never executed: ${t.webhook.lost}) |`);
		p(`| **ratio (ours / Webhook node)** | | | | **${n(t.ratio, 2)}** (rounds: ${t.roundRatios.map((v) => n(v, 2)).join(', ')}) | |`, '');
		const bo = t.burst.ours;
		const bw = t.burst.webhook;
		if (bo && bw) {
			const b = t.burst;
			p(`Burst (open loop, like X delivering a backlog): ${n(b.events)} deliveries per side, ${t.ours.concurrency} requests in flight whatever the executions' lag; then wait until the count of finished executions stops changing.`, '');
			p('| | all answered | executions finished | events/s | answered 200 but never executed |', '| --- | ---: | ---: | ---: | ---: |');
			p(`| X Trigger | ${s(bo.acceptMs)} | ${s(bo.completeMs)} | ${n(bo.eventsPerSecond, 1)} | ${bo.lost} |`);
			p(`| Webhook node | ${s(bw.acceptMs)} | ${s(bw.completeMs)} | ${n(bw.eventsPerSecond, 1)} | ${bw.lost} |`, '');
			p(`n8n's log during the burst: ${b.log.executionFailed} "There was a problem executing the workflow", ${b.log.staticDataNotSaved} static data saves failed, ${b.log.sqliteLockTimeouts} SQLite write-lock timeouts.`, '');
		}
		p(`Duplicates: after the paced rounds, the X Trigger's persisted memory of event ids (workflow static data, read from n8n) held ${n(t.dedupe.rememberedIds)} ids for ${n(t.ours.events + 21)} distinct events received (limit 5,000); re-sending ${t.dedupe.resent} already-delivered events one at a time started ${t.dedupe.executionsStarted} executions (expected 0).`, '');
		p(`CRC (\`GET …?crc_token=\`, ${n(t.crc.samples)} sequential requests): p50 **${n(t.crc.p50Ms, 2)} ms**, p99 **${n(t.crc.p99Ms, 2)} ms**, max ${n(t.crc.maxMs, 2)} ms; wrong answers: ${t.crc.wrong}.`, '');
	}

	if (r.trigger && r.triggerLegacyEngine) {
		const runs = [r.trigger, r.triggerLegacyEngine];
		const row = (label: string, cell: (t: TriggerResult) => string) => p(`| ${label} | ${runs.map(cell).join(' | ')} |`);
		p('### 4b. Where the gap comes from: n8n\'s expression isolates', '');
		p('n8n 2.x evaluates expressions in isolated-vm isolates (`N8N_EXPRESSION_ENGINE=vm`, the default), and an isolate serves one caller and is then replaced. Each execution takes one; the webhook phase of a request takes another for every trigger node except n8n\'s own Webhook node, which n8n alone exempts (`webhookPhaseNeedsIsolate` in its live-webhooks.js). So a delivery to the X Trigger, and each CRC check, costs one isolate more than a delivery to the Webhook node, whatever the node itself does. The same benchmark on a second n8n started with `N8N_EXPRESSION_ENGINE=legacy` (no isolates):', '');
		p('| | default engine (vm) | legacy engine |', '| --- | ---: | ---: |');
		row('X Trigger, paced: events/s', (t) => n(t.ours.eventsPerSecond, 1));
		row('Webhook node, paced: events/s', (t) => n(t.webhook.eventsPerSecond, 1));
		row('**ratio (ours / Webhook node)**', (t) => `**${n(t.ratio, 2)}**`);
		row('burst: X Trigger / Webhook node executions finished', (t) => (t.burst.ours && t.burst.webhook ? `${s(t.burst.ours.completeMs)} / ${s(t.burst.webhook.completeMs)}` : '—'));
		row('CRC p50 / p99', (t) => `${n(t.crc.p50Ms, 2)} / ${n(t.crc.p99Ms, 2)} ms`);
		row('re-sent duplicates that started an execution', (t) => String(t.dedupe.executionsStarted));
		p('');
	}

	if (r.inProcess) {
		const g = r.inProcess.signing;
		p('## 5. OAuth 1.0a signing (in process)', '');
		p(`bench/inProcess.ts \`benchSigning\`: ${n(g.requests)} signatures of a GET with a query, ours vs the \`oauth-1.0a\` package (HMAC-SHA1 via node:crypto), 5 rounds, median.`, '');
		p('| | µs per signature |', '| --- | ---: |');
		p(`| oauth-1.0a | ${n(g.oauth10aMicros, 2)} |`, `| ours | ${n(g.oursMicros, 2)} |`, `| **ratio (oauth-1.0a / ours)** | **${x(g.speedRatio)}** |`, '');
	}

	if (r.soak.length) {
		p('## Soak under faults', '');
		p('The emulator fails about 20% of the requests to the endpoint under test at random (seeded): 429 with a rate-limit reset 1–2 s ahead, 500, 503 with `Retry-After: 1`, dropped connections (no answer), 2 s latency spikes — each kind about a quarter of the faults (bench/faultMix.ts). Same n8n, same 50 ms latency; the fault-free run of the same size first. X Ads with *On Error: Continue*, so a failure would show as an error item instead of stopping the run. Audience: Custom Audience → Add Users, identifiers from the item JSON (*Map Automatically*, the node\'s option for large lists).', '');
		p('| | size | run finished | node time | time vs fault-free | requests (minimum) | faults: 429 / 500 / 503 / drop / spike | retries (planned wait) | 429 waits (planned wait) | outcome check |', '| --- | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | --- |');
		for (const k of r.soak) {
			for (const [label, side] of [['fault-free', k.clean], ['~20% faults', k.faulty]] as const) {
				const f = side.faults;
				p(`| ${k.what}, ${label} | ${n(k.size)} | yes | ${s(side.nodeMs)} | ${label === 'fault-free' ? '1.00x' : x(k.slowdown)} | ${n(side.report.attempts.requests)} (${n(side.minimumRequests)}) | ${f.rate_limit} / ${f.server_500} / ${f.server_503} / ${f.drop} / ${f.latency} | ${side.retries.retries} (${s(side.retries.retryWaitMs)}) | ${side.retries.rateLimitWaits} (${s(side.retries.rateLimitWaitMs)}) | ${side.report.ok ? 'held' : `**${side.report.problems.join('; ')}**`} |`);
			}
		}
		p('');
		p('Outcome check: every input item has exactly one output item (pairedItem) and it is a success (CREATE_SUCCESS / OK); the emulator holds exactly the products (every field as sent) or hashes expected, nothing else; and in the emulator\'s request log every product id / email hash was carried by exactly one request that X applied (2xx) — none lost, none applied twice. Retries and waits are the node\'s own warn lines in n8n\'s log.', '');
	}

	if (r.lostAnswers) {
		p('### Answers lost after X applied the request', '');
		p('The emulator\'s `drop` fault closes the connection before the request is applied, so it cannot show a retry of an applied request. bench/lossyProxy.ts sits between n8n and the emulator and, for every 10th upsert / upload request (retries count too), lets the emulator apply the request and then closes the connection instead of answering: the node sees a reset and sends the request again. Expected: nothing lost, nothing extra, one outcome per item, and exactly the products / hashes of the lost requests applied twice (harmless: the upsert and the audience add are idempotent).', '');
		p('| | size | answers lost | carried by them | applied twice | statuses | node time | check |', '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |');
		for (const l of r.lostAnswers) {
			p(`| ${l.what} | ${n(l.size)} | ${l.lostAnswers} | ${n(l.carriedByLost)} | ${n(l.report.state.appliedTwice.length)} | ${Object.entries(l.report.pairing.byStatus).map(([k, v]) => `${k} ${n(v)}`).join(', ')} | ${s(l.nodeMs)} | ${l.ok ? 'held' : `**${l.problems.join('; ')}**`} |`);
		}
		p('');
	}

	if (r.audienceFile?.length) p(...renderAudienceFile(r.audienceFile, r.args.latencyMs));

	if (r.report?.length) p(...renderReport(r.report));
	if (r.queue?.length) p(...renderQueue(r.queue, DEFAULT_N8N_VERSION));
	if (r.stream?.cpu || r.stream?.n8n) p(...renderStream(r.stream.cpu, r.stream.n8n, streamNote(r)));
	if (r.mediaUpload?.length) p(...renderMediaUpload(r.mediaUpload, r.args.latencyMs));
	if (r.catalogFeed?.length) p(...renderCatalogFeed(r.catalogFeed, catalogFeedNote(r)));
	if (r.boundary) p(...renderBoundary(r.boundary));
	if (r.errors.length) {
		p('## Failures', '');
		for (const e of r.errors) p(`- **${e.step}**:`, '', '```', e.message.slice(0, 3000), '```', '');
	}
	return lines.join('\n') + '\n';
}

function sectionStamp(r: Results): string {
	return `_Section measured ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC (${String(r.machine.cpu)}, ${String(r.machine.logicalCpus)} CPUs, load ${(r.machine.loadAverageAtStart as number[]).join(' / ')} at start${r.machine.loadAverageAtEnd ? `, ${(r.machine.loadAverageAtEnd as number[]).join(' / ')} at end` : ''})._\n`;
}

function streamNote(r: Results): string {
	return `n8n ${DEFAULT_N8N_VERSION} (SQLite, log level warn), the emulator without added latency for the stream.${r.args.note ? ` ${r.args.note}` : ''}`;
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
