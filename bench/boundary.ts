/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The boundary of issue 36 in figures, in one run:
 *
 * - in process (`ts-node bench/boundary.ts reader`, its own process): the one reader of X
 *   (nodes/shared/transport/jsonReader.ts) against JSON.parse on X's largest pages: 1,000 accounts and 100
 *   products read as the transport reads every answer (readJson, scrubbed with a credential's
 *   secrets), and a 50 MB report file read as analytics jobs read one (JsonReader, 64 KiB pieces,
 *   memory-bounded); plus, for information, a page whose ids are JSON numbers beyond 2^53 (the exact
 *   path). Rounds alternate the two sides; the ratio is the median of the rounds' ratios. Goal: at
 *   most 2x JSON.parse on the three pages of the goal.
 * - in real n8n: the catalog sync of 10,000 products and Return All over 50,000 accounts (the
 *   measurements of sections 1 and 3, our side) with this package and with the package at the
 *   branch point (built into .cache/bench-baseline-<commit>), alternately, on fresh n8n instances of
 *   one run. Goal: within 5% of the branch point.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ISLAND_CHARS, JsonReader, readJson } from '../nodes/shared/transport/jsonReader';
import { scrubFor } from '../nodes/shared/transport/redact';
import { REPO_ROOT } from '../test/e2e/n8n';

// ---- In process ---------------------------------------------------------------------------------

/** A page of X's accounts (the fields of GET accounts). */
function accountsPage(count: number): string {
	const data = Array.from({ length: count }, (_, i) => ({
		id: `18ce54${i.toString(36).padStart(5, '0')}`,
		salt: `f4ed6ba9a5f6c3b4c6b3d1a9e8b7c6d${i % 10}`,
		name: `Advertiser account ${i}`,
		timezone: 'America/Los_Angeles',
		timezone_switch_at: '2016-07-21T07:00:00Z',
		business_id: null,
		business_name: null,
		industry_type: 'RETAIL',
		approval_status: 'ACCEPTED',
		created_at: '2016-07-21T22:42:09Z',
		updated_at: '2026-04-03T06:21:09Z',
		deleted: false,
	}));
	return JSON.stringify({ request: { params: { count } }, next_cursor: 'c-1000', data });
}

/** A page of X's products (GET products: X's fields, product keys of 19 digits as text). */
function productsPage(count: number): string {
	const data = Array.from({ length: count }, (_, i) => ({
		id: `sku-${i}`,
		product_key: String(1576769414321651714n + BigInt(i)),
		item_group_key: String(1576769414321600000n + BigInt(i)),
		title: `Running shoe, model ${i}, in blue and white`,
		description: `A light running shoe for road and trail, size range 36 to 47, product ${i}.`,
		availability: 'in stock',
		condition: 'new',
		price: '89.99 USD',
		sale_price: '79.99 USD',
		sale_price_effective_date: '2026-05-01T00:00:00.000Z/2026-05-31T23:59:59.000Z',
		link: `https://shop.example.com/p/sku-${i}`,
		image_link: `https://cdn.example.com/img/sku-${i}.jpg`,
		additional_image_link: `https://cdn.example.com/img/sku-${i}-2.jpg,https://cdn.example.com/img/sku-${i}-3.jpg`,
		brand: 'Acme',
		gtin: null,
		mpn: `ACME-${i}`,
		inventory: 40 + (i % 7),
		item_group_id: `group-${Math.floor(i / 4)}`,
		product_type: '',
		google_product_category: 'Apparel & Accessories > Shoes',
		custom_label_0: 'summer',
	}));
	return JSON.stringify({ request: { params: { count } }, next_cursor: 'c-100', data });
}

/** X's stats answer of about `mib` MiB: 20 entities a job file holds, many of them, 12 metrics of 90 days each. */
function reportFile(mib: number): string {
	const metrics = ['impressions', 'engagements', 'clicks', 'url_clicks', 'retweets', 'likes', 'replies', 'follows', 'app_clicks', 'billed_charge_local_micro', 'qualified_impressions', 'video_total_views'];
	const entity = (i: number) => `{"id":"e${i.toString(36)}","id_data":[{"segment":null,"metrics":{${metrics.map((m, k) => `"${m}":[${Array.from({ length: 90 }, (_, d) => (k === 9 ? ((i * 31 + d) % 900) * 10_000 : (i * 7 + d * 13 + k) % 5000)).join(',')}]`).join(',')}}}]}`;
	const one = entity(0).length;
	const count = Math.ceil((mib * 1024 * 1024) / (one + 1));
	return `{"data_type":"stats","time_series_length":90,"data":[${Array.from({ length: count }, (_, i) => entity(i)).join(',')}],"request":{"params":{"entity":"LINE_ITEM","granularity":"DAY","metric_groups":["ENGAGEMENT","BILLING"]}}}`;
}

/** A page of posts whose ids X prints as JSON numbers beyond 2^53 (the exact path). */
function postsPage(count: number): string {
	const records = Array.from({ length: count }, (_, i) => `{"id":${1166476031668015104n + BigInt(i)},"id_str":"${1166476031668015104n + BigInt(i)}","full_text":"A post about running shoes, number ${i}","user":{"id":756201191646691328,"id_str":"756201191646691328","name":"Acme"},"created_at":"Tue Aug 27 22:22:12 +0000 2019","retweet_count":${i},"favorite_count":${i * 3}}`);
	return `{"request":{"params":{}},"next_cursor":null,"data":[${records.join(',')}]}`;
}

export interface ReaderCase {
	name: string;
	bytes: number;
	/** Median of the rounds, each the time of `iterations` reads. */
	jsonParseMs: number;
	readerMs: number;
	/** Median of the rounds' reader / JSON.parse. */
	ratio: number;
	goal: boolean;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Alternating rounds of the two sides; each side reads the text `iterations` times a round. */
function compare(name: string, text: string, iterations: number, read: () => unknown, goal: boolean, rounds = 7): ReaderCase {
	const time = (fn: () => unknown) => {
		const t = performance.now();
		for (let i = 0; i < iterations; i++) fn();
		return performance.now() - t;
	};
	time(() => JSON.parse(text)); // warm-up: both sides compiled before the first round
	time(read);
	const native: number[] = [];
	const ours: number[] = [];
	for (let round = 0; round < rounds; round++) {
		native.push(time(() => JSON.parse(text)));
		ours.push(time(read));
	}
	return { name, bytes: Buffer.byteLength(text), jsonParseMs: median(native), readerMs: median(ours), ratio: median(ours.map((o, i) => o / native[i])), goal };
}

export function readerBench(reportMiB = 50): { cases: ReaderCase[]; islandChars: number } {
	// The transport reads every answer with the credential's scrub: a clean answer costs one match of it.
	const scrub = scrubFor(['bench-consumer-key-0123456789', 'bench-consumer-secret-0123456789abcdef', '1234567890-bench-access-token-abcdefghijkl', 'bench-token-secret-0123456789abcdef']);
	const accounts = accountsPage(1000);
	const products = productsPage(100);
	const report = reportFile(reportMiB);
	const posts = postsPage(100);
	// The report as the analytics jobs read it: decoded text in 64 KiB pieces (the cut is not timed).
	const pieces: string[] = [];
	for (let at = 0; at < report.length; at += 65_536) pieces.push(report.slice(at, at + 65_536));
	const readReport = () => {
		const reader = new JsonReader({ maxDepth: 32, maxTextChars: 65_536, budget: { used: 0, max: 256 * 1024 * 1024 } });
		for (const piece of pieces) reader.write(piece);
		return reader.end();
	};
	return {
		islandChars: ISLAND_CHARS,
		cases: [
			compare('1,000 accounts (GET accounts, readJson with the scrub)', accounts, 40, () => readJson(accounts, { scrub }), true),
			compare('100 products (GET products, readJson with the scrub)', products, 200, () => readJson(products, { scrub }), true),
			compare(`a ${reportMiB} MB report file (JsonReader in 64 KiB pieces, memory-bounded)`, report, 1, readReport, true, 5),
			compare('100 posts with 64-bit ids as JSON numbers (the exact path; for information)', posts, 200, () => readJson(posts, { scrub }), false),
		],
	};
}

// ---- The package at the branch point ------------------------------------------------------------

const git = (args: string[]) => spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });

/** The commit this branch started from (where main and HEAD meet; HEAD itself on main). */
export function branchPoint(): string {
	const base = git(['merge-base', 'HEAD', 'main']).stdout.trim();
	return base || git(['rev-parse', 'HEAD']).stdout.trim();
}

/** The package built at `commit` (package.json and dist/), in .cache/bench-baseline-<commit>; built once. */
export function baselinePackage(commit = branchPoint()): string {
	const dir = path.join(REPO_ROOT, '.cache', `bench-baseline-${commit.slice(0, 12)}`);
	if (fs.existsSync(path.join(dir, 'dist', 'nodes', 'XAds', 'XAds.node.js'))) return dir;
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const archive = spawnSync('bash', ['-c', `git archive ${commit} package.json tsconfig.json tsconfig.build.json nodes credentials icons | tar -x -C "${dir}"`], { cwd: REPO_ROOT, encoding: 'utf8' });
	if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
	fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
	const tsc = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: dir, encoding: 'utf8' });
	if (tsc.status !== 0) throw new Error(`building the package at ${commit} failed: ${tsc.stdout}${tsc.stderr}`);
	// What gulp build:icons copies: the icons and the codex files next to the compiled nodes.
	fs.cpSync(path.join(dir, 'icons'), path.join(dir, 'dist', 'icons'), { recursive: true });
	for (const node of fs.readdirSync(path.join(dir, 'nodes'))) {
		for (const file of fs.readdirSync(path.join(dir, 'nodes', node)).filter((f) => f.endsWith('.json'))) fs.copyFileSync(path.join(dir, 'nodes', node, file), path.join(dir, 'dist', 'nodes', node, file));
	}
	return dir;
}

export interface BoundaryN8nSide {
	package: 'this branch' | 'branch point';
	round: number;
	catalogNodeMs: number;
	catalogRequests: number;
	returnAllNodeMs: number;
	returnAllItems: number;
}

export interface BoundaryResult {
	reader?: { cases: ReaderCase[]; islandChars: number };
	branchPoint?: string;
	n8n: BoundaryN8nSide[];
	products: number;
	accounts: number;
}

/** Medians per package, and this branch / the branch point. */
export function boundaryRatios(sides: BoundaryN8nSide[]): { catalog: number; returnAll: number } {
	const of = (pkg: BoundaryN8nSide['package'], key: 'catalogNodeMs' | 'returnAllNodeMs') => median(sides.filter((s) => s.package === pkg).map((s) => s[key]));
	return { catalog: of('this branch', 'catalogNodeMs') / of('branch point', 'catalogNodeMs'), returnAll: of('this branch', 'returnAllNodeMs') / of('branch point', 'returnAllNodeMs') };
}

if (require.main === module && process.argv[2] === 'reader') {
	process.stdout.write(JSON.stringify(readerBench(Number(process.argv[3] ?? 50))));
}

// ---- RESULTS.md ------------------------------------------------------------------------------------

const n = (v: number, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function renderBoundary(r: BoundaryResult): string[] {
	const lines: string[] = [];
	const p = (...l: string[]) => lines.push(...l);
	p('## 12. The one reader of X, and the benches the boundary touches', '');
	p('`bench/run.ts --only boundary` (bench/boundary.ts). Everything X sends is read by one lossless reader (nodes/shared/transport/jsonReader.ts, issue 36): JSON.parse wherever it is exact (its value holds no integer beyond 2^53, the only kind it rounds), the exact reader otherwise, X\'s strings scrubbed of the credential\'s secrets as they are read (a clean answer costs one pattern match), report files read piece by piece within memory bounds, by JSON.parse in islands of up to ' + `${n(r.reader?.islandChars ?? 0)} characters.`, '');
	if (r.reader) {
		p('In process, its own process; 7 rounds (the report: 5) alternating JSON.parse and the reader; medians. Goal: at most 2x JSON.parse on X\'s largest pages.', '');
		p('| X\'s answer | size | JSON.parse | the reader | ratio | goal (2x) |', '| --- | ---: | ---: | ---: | ---: | --- |');
		for (const c of r.reader.cases) p(`| ${c.name} | ${n(c.bytes / 1024)} KiB | ${n(c.jsonParseMs, 1)} ms | ${n(c.readerMs, 1)} ms | **${n(c.ratio, 2)}x** | ${c.goal ? (c.ratio <= 2 ? 'met' : '**not met**') : '—'} |`);
		p('');
	}
	if (r.n8n.length) {
		const ratios = boundaryRatios(r.n8n);
		p(`### 12b. Catalog sync and Return All: this branch against the branch point (${r.branchPoint?.slice(0, 12) ?? '?'}), one run (real n8n)`, '');
		p(`Our side of sections 1 and 3 (Product → Create or Update of ${n(r.products)} products, Return All over ${n(r.accounts)} accounts), with the package of this branch and with the package built at the branch point, each on a fresh n8n warmed up with a small run first, alternating (branch point first, then this branch first, then the branch point again); each measured twice on its n8n, the faster kept. Node time (n8n's run data); goal: within 5% of the branch point.`, '');
		p('| package | round | catalog sync node time | upsert requests | Return All node time | accounts out |', '| --- | ---: | ---: | ---: | ---: | ---: |');
		for (const side of r.n8n) p(`| ${side.package} | ${side.round} | ${n(side.catalogNodeMs / 1000, 2)} s | ${n(side.catalogRequests)} | ${n(side.returnAllNodeMs / 1000, 2)} s | ${n(side.returnAllItems)} |`);
		p('', `Medians, this branch / the branch point: catalog sync **${n(ratios.catalog, 3)}x**, Return All **${n(ratios.returnAll, 3)}x** (goal: at most 1.05x: ${ratios.catalog <= 1.05 && ratios.returnAll <= 1.05 ? 'met' : '**not met**'}).`, '');
	}
	return lines;
}
