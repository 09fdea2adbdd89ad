/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Reads X's Ads API reference pages (../shared/reference/x-docs/x-ads-api/**.mdx) into one table
 * entry per endpoint: method, version, path, where each parameter goes, and the example request
 * and response. Test tooling only: the emulator enforces this table and the conformance test
 * compares the nodes' endpoint definitions with it, so neither judges by our own reading.
 *
 * The pages are regular but not uniform, so the reader goes by the one mark every endpoint has:
 * its "Resource URL" line. Text before that line (back to the previous example or heading) is the
 * endpoint's preamble (its `#### METHOD path` heading, and notes such as "JSON POST bodies");
 * text after it, up to the next endpoint's preamble, holds its ParamFields and examples.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export type ParamPlace = 'path' | 'query' | 'body';

export interface AdsRefParam {
	name: string;
	/** Where X takes it. Attributes of a JSON-body endpoint are 'body'. */
	place: ParamPlace;
	/** X's type word: string, int, long, boolean, enum, array, object, ... */
	type: string;
	required: boolean;
	default?: string;
	/** "Possible values" the reference lists, when it lists them. */
	values?: string[];
	/** The ParamField's text, markup removed (for limits such as "Max: 200"). */
	text: string;
}

export interface AdsRefEndpoint {
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** API version in the path: 12, or 5 for tailored audience permissions. */
	version: number;
	/** Path after the version, parameters as :name, e.g. accounts/:account_id/cards/:card_id. */
	path: string;
	/** ads: both hosts; sandbox: documented on the sandbox host only. */
	host: 'ads' | 'sandbox';
	/** The page, relative to x-docs, e.g. x-ads-api/creatives/reference.mdx. */
	page: string;
	/** Line of the Resource URL in that page (1-based). */
	line: number;
	/** X's docs page of the endpoint. */
	docsUrl: string;
	/** The endpoint takes a JSON body (Content-Type: application/json). */
	jsonBody: boolean;
	params: AdsRefParam[];
	/** The example request line, e.g. "GET https://ads-api.x.com/12/accounts/abc/cards?count=1". */
	exampleRequest?: string;
	/** The example response as X printed it (JSON text), and parsed when it parses. */
	exampleResponseText?: string;
	exampleResponse?: unknown;
}

/** Where shared/reference is: beside the repository (CI lays it there), or X_REFERENCE_DIR. */
export function referenceDir(): string {
	const dir = process.env.X_REFERENCE_DIR ?? resolve(__dirname, '../../../shared/reference');
	if (!existsSync(join(dir, 'x-docs'))) {
		throw new Error(`X's reference is not at ${dir}: run \`bash scripts/fetch-x-reference.sh\` (X's docs at the pinned commit), or set X_REFERENCE_DIR to the folder holding x-docs/`);
	}
	return dir;
}

const RESOURCE_URL = /^(?:#{2,4}\s+|\*\*)Resource URL/;
const URL_IN_LINE = /`(?:(?:GET|POST|PUT|DELETE)\s+)?(https:\/\/ads-api(?:-sandbox)?\.x\.com\/)?([^`\s]+)`/;
const METHOD_HEADING = /^####\s+\**\s*(GET|POST|PUT|DELETE)\s+([^\s[*]+)/;
const ANY_HEADING = /^#{2,4}\s/;
const FENCE = /^\s*```/;
const EXAMPLE_REQUEST = /\b(GET|POST|PUT|DELETE)\b[^\n`]*?(https:\/\/ads-api(?:-sandbox)?\.x\.com\/[^\s`'"]+)/;
const JSON_BODY = /JSON (?:POST )?bod(?:y|ies)|Content-Type`? (?:must be set to|of) `?application\/json|Content-Type: application\/json/i;
const PARAM_OPEN = /^<ParamField\s+(path|query|body)="([^"]+)"\s+type="([^"]*)"([^>]*)>/;

/** accounts/:account\_id/x -> accounts/:account_id/x; a literal id (a typo in the page) -> :card_id after cards. */
function cleanPath(raw: string): string {
	const segments = raw.replace(/\\/g, '').replace(/^\/+|\/+$/g, '').split('/');
	return segments.map((s, i) => (/^\d{6,}$/.test(s) ? `:${(segments[i - 1] ?? '').replace(/s$/, '')}_id` : s)).join('/');
}

/** Where the resource URL calls a parameter just :id, the heading's name for it (funding_instruments/:funding_instrument_id). */
function namedLikeHeading(path: string, heading: string | undefined): string {
	if (!heading || pathShape(heading) !== pathShape(path)) return path;
	const named = heading.split('/');
	return path.split('/').map((s, i) => (s === ':id' ? named[i] : s)).join('/');
}

/** The path with every parameter as {}: what two spellings of one endpoint share. */
export function pathShape(path: string): string {
	return path
		.split('/')
		.map((s) => (s.startsWith(':') || (s.startsWith('{') && s.endsWith('}')) ? '{}' : s))
		.join('/');
}

export function endpointKey(method: string, version: number, path: string): string {
	return `${method.toUpperCase()} ${version}/${pathShape(path)}`;
}

function plain(text: string): string {
	return text
		.replace(/<br\s*\/?>/g, ' ')
		.replace(/<[^>]+>/g, '')
		.replace(/\s+/g, ' ')
		.trim();
}

/** X's docs anchors: lowercase, every run of other characters a dash (post-accounts-account-id-tweet). */
function anchor(method: string, path: string): string {
	return `${method} ${path}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The analytics page lists parameters as table rows: | name <br />_required_ | text ... Type: enum ... | */
function tableParam(line: string, path: string, jsonBody: boolean): AdsRefParam | undefined {
	// The marker is _required_ on the analytics page, `required` on the campaign page.
	const row = /^\|\s*([a-z0-9_\\]+)\s*(?:<br\s*\/>)?\s*[_`](required|optional)[_`]\s*\|(.*)\|\s*$/.exec(line.trim());
	if (!row) return undefined;
	const name = row[1].replace(/\\/g, '');
	const values = /Possible values:\s*((?:`[^`]+`[\s,]*)+)/.exec(row[3]);
	return {
		name,
		place: path.split('/').includes(`:${name}`) ? 'path' : jsonBody ? 'body' : 'query',
		type: /Type:\s*([a-z]+)/i.exec(row[3])?.[1] ?? 'string',
		required: row[2] === 'required',
		...(values ? { values: [...values[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]) } : {}),
		text: plain(row[3]),
	};
}

function parseParams(lines: string[], jsonBody: boolean, path: string): AdsRefParam[] {
	const params: AdsRefParam[] = [];
	// Where an endpoint marks some attributes body= (audience estimate), its query= ones stay in the query.
	const marksBody = lines.some((l) => /^<ParamField\s+body=/.test(l.trim()));
	for (let i = 0; i < lines.length; i++) {
		// What follows describes X's answer, not the request (catalog pages).
		if (/^\**Response Parameters/.test(lines[i])) break;
		// A heading after the parameters opens another section (the attributes of card components).
		if (params.length && ANY_HEADING.test(lines[i])) break;
		const fromTable = tableParam(lines[i], path, jsonBody);
		if (fromTable) {
			params.push(fromTable);
			continue;
		}
		const open = PARAM_OPEN.exec(lines[i].trim());
		if (!open) continue;
		const [, place, name, type, flags] = open;
		const body: string[] = [];
		for (i++; i < lines.length && !lines[i].includes('</ParamField>'); i++) body.push(lines[i]);
		const text = plain(body.join(' '));
		const values = /Possible values:\s*((?:`[^`]+`[\s,]*)+)/.exec(body.join(' '));
		const def = /default="([^"]*)"/.exec(flags);
		params.push({
			name: name.replace(/\\/g, ''),
			place: place === 'query' && jsonBody && !marksBody ? 'body' : (place as ParamPlace),
			type,
			required: /\brequired\b/.test(flags),
			...(def ? { default: def[1] } : {}),
			...(values ? { values: [...values[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]) } : {}),
			text,
		});
	}
	return byPosition(params, path);
}

/**
 * Path parameters by position, whatever the page calls them: every :name of the path is one path
 * parameter (a page may call it "id", list it as a query parameter, or leave it out), and a name
 * listed twice (two lists in one section) counts once, as first listed.
 */
function byPosition(params: AdsRefParam[], path: string): AdsRefParam[] {
	const names = path.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));
	const documented = params.filter((p) => p.place === 'path' || names.includes(p.name));
	const unnamed = documented.filter((p) => !names.includes(p.name));
	const pathParams = names.map((name): AdsRefParam => {
		const found = documented.find((p) => p.name === name) ?? unnamed.shift();
		return { type: 'string', text: '', ...found, name, place: 'path', required: true };
	});
	const seen = new Set(names);
	const rest = params.filter((p) => !documented.includes(p) && !seen.has(p.name) && seen.add(p.name));
	return [...pathParams, ...rest];
}

/** The first fenced block after "Example Response" (a JSON answer), as text. */
function exampleResponse(lines: string[]): string | undefined {
	// Not a fence's title: some request bodies are fenced with title="Example response".
	const at = lines.findIndex((l) => /Example Response/i.test(l) && !FENCE.test(l));
	if (at === -1) return undefined;
	let open = -1;
	for (let i = at + 1; i < lines.length; i++) {
		if (!FENCE.test(lines[i])) continue;
		if (open === -1) open = i;
		else return lines.slice(open + 1, i).join('\n');
	}
	return undefined;
}

function readPage(file: string, docsRoot: string): AdsRefEndpoint[] {
	const lines = readFileSync(file, 'utf8').split('\n');
	const page = relative(docsRoot, file).split('\\').join('/');
	const docsPage = `https://docs.x.com/${page.replace(/\.mdx$/, '')}`;
	// Where the last fenced block before each line closed: the previous endpoint's example ends there.
	const lastFenceClose: number[] = [];
	const insideFence: boolean[] = [];
	let inFence = false;
	let close = -1;
	lines.forEach((l, i) => {
		insideFence[i] = inFence;
		if (FENCE.test(l)) {
			if (inFence) close = i;
			inFence = !inFence;
		}
		lastFenceClose[i] = close;
	});
	// An endpoint starts at its `#### METHOD path` heading, or (where it has none) at the text
	// before its Resource URL line; a heading claims the first Resource URL after it.
	const starts: Array<{ start: number; heading?: RegExpExecArray; url?: number }> = [];
	lines.forEach((l, i) => {
		const heading = insideFence[i] ? null : METHOD_HEADING.exec(l);
		if (heading) return void starts.push({ start: i, heading });
		if (!RESOURCE_URL.test(l)) return;
		const last = starts[starts.length - 1];
		if (last?.heading && last.url === undefined && lastFenceClose[i] < last.start) return void (last.url = i);
		let start = Math.max(last ? (last.url ?? last.start) + 1 : 0, lastFenceClose[i] + 1);
		for (let j = i - 1; j >= start; j--) {
			if (ANY_HEADING.test(lines[j]) && !RESOURCE_URL.test(lines[j])) {
				start = j;
				break;
			}
		}
		starts.push({ start, url: i });
	});
	const endpoints: AdsRefEndpoint[] = [];
	starts.forEach((s, k) => {
		const text = lines.slice(s.start, k + 1 < starts.length ? starts[k + 1].start : lines.length);
		const urlAt = s.url === undefined ? -1 : s.url - s.start;
		const urlLine = urlAt === -1 ? undefined : text.slice(urlAt + 1, urlAt + 6).find((l) => URL_IN_LINE.test(l));
		const requestLine = text.map((l) => EXAMPLE_REQUEST.exec(l)).find(Boolean);
		let host: string | undefined;
		let rest: string;
		if (urlLine) [, host, rest] = URL_IN_LINE.exec(urlLine)!;
		else if (s.heading) {
			// No Resource URL: the heading names the path; the example request, the version.
			const version = requestLine ? /x\.com\/(\d+)\//.exec(requestLine[2])?.[1] : undefined;
			rest = `${version ?? 12}/${s.heading[2]}`;
		} else return;
		const versioned = /^(\d+)\/(.+)$/.exec(cleanPath(rest));
		const version = versioned ? Number(versioned[1]) : 12;
		const path = namedLikeHeading(versioned ? versioned[2] : cleanPath(rest), s.heading && cleanPath(s.heading[2]));
		const heading = s.heading;
		let method: string | undefined;
		if (heading && pathShape(cleanPath(heading[2])) === pathShape(path)) method = heading[1];
		else if (requestLine) method = requestLine[1];
		else if (heading) method = heading[1];
		if (!method) return;
		const jsonBody = JSON_BODY.test(text.join('\n'));
		const responseText = exampleResponse(text);
		let parsed: unknown;
		try {
			parsed = responseText === undefined ? undefined : JSON.parse(responseText);
		} catch {
			parsed = undefined;
		}
		endpoints.push({
			method: method as AdsRefEndpoint['method'],
			version,
			path,
			host: host?.includes('sandbox') ? 'sandbox' : 'ads',
			page,
			line: (s.url ?? s.start) + 1,
			// The heading's own permalink where it has one (catalog pages keep "_" and "%2F" in theirs).
			docsUrl: `${docsPage}#${/\]\(#([^\s)"]+)/.exec(s.heading?.input ?? '')?.[1] ?? anchor(method, path)}`,
			jsonBody,
			params: parseParams(text, jsonBody, path),
			...(requestLine ? { exampleRequest: `${requestLine[1]} ${requestLine[2]}` } : {}),
			...(responseText !== undefined ? { exampleResponseText: responseText } : {}),
			...(parsed !== undefined ? { exampleResponse: parsed } : {}),
		});
	});
	for (const spec of BY_EXAMPLE.filter((b) => b.page === page)) endpoints.push(byExample(spec, lines, insideFence, docsPage, endpoints));
	return endpoints;
}

/**
 * Endpoints a page documents by example only, without a Resource URL or a parameter list: the
 * asynchronous analytics jobs (a guide of twurl examples) and the web conversions request. The
 * example request gives the method, the version and the parameters (its query string, or the keys
 * of its JSON body and of the body's entries, at any depth). `like` names the endpoint of the same
 * page whose list the example's parameters share (the guide: "the endpoints offer the same
 * functionality"); `prose` adds a parameter the page names only in a sentence (found word for word,
 * or the reader fails), with the values of the table that follows `valuesHeader` when given.
 * `anchor` is the heading X's own links point at for the endpoint.
 */
interface ByExampleSpec {
	page: string;
	method: AdsRefEndpoint['method'];
	path: string;
	anchor: string;
	like?: string;
	prose?: Array<{ name: string; words: string; valuesHeader?: string }>;
	/** The version X's Ads API serves it under, where the page's only example is of an older one (and why). */
	version?: { number: number; why: string };
	/**
	 * The page names the endpoint in a sentence (found word for word) and gives no example: its
	 * parameters are the body attributes of `like`, and `why` says why the page supports that.
	 */
	named?: { words: string; why: string };
}

const BY_EXAMPLE: ByExampleSpec[] = [
	{
		page: 'x-ads-api/analytics.mdx',
		method: 'POST',
		path: 'stats/jobs/accounts/:account_id',
		anchor: 'Asynchronous Analytics',
		like: 'GET stats/accounts/:account_id',
		prose: [
			{ name: 'segmentation_type', words: 'use the `segmentation_type` request parameter when creating the job', valuesHeader: '| Segmentation Type |' },
			{ name: 'country', words: 'require the country parameter' },
		],
	},
	{ page: 'x-ads-api/analytics.mdx', method: 'GET', path: 'stats/jobs/accounts/:account_id', anchor: 'Asynchronous Analytics' },
	{ page: 'x-ads-api/measurement/web-conversions.mdx', method: 'POST', path: 'measurement/conversions/:pixel_id', anchor: 'Constructing the conversion event request' },
	{
		page: 'x-ads-api/measurement/ab-testing.mdx',
		method: 'POST',
		path: 'accounts/:account_id/ab_tests',
		anchor: 'Creating',
		version: { number: 12, why: 'the page links the endpoint without a version; its twurl example is of version 8, which X no longer serves' },
	},
	{
		page: 'x-ads-api/measurement/ab-testing.mdx',
		method: 'PUT',
		path: 'accounts/:account_id/ab_tests/:ab_test_id',
		anchor: 'Updating',
		like: 'POST accounts/:account_id/ab_tests',
		version: { number: 12, why: 'as the create endpoint of the same page' },
		named: {
			words: 'Update an A/B Test using the [PUT accounts/:account\\_id/ab\\_tests/:ab\\_test\\_id]',
			why: "the Updating section names the endpoint and its JSON blob, then ends mid-sentence: the attributes are those the page's Attributes section gives an A/B test (the create example's)",
		},
	},
];

const TWURL_PATH = /["'](\/(\d+)\/[^"'\s?]+)(?:\?([^"'\s]*))?["']/;

/** Whether an example path fits a template whose :name segments stand for any value. */
function fits(path: string, template: string): boolean {
	const a = path.split('/');
	const b = template.split('/');
	return a.length === b.length && b.every((s, i) => s.startsWith(':') || s === a[i]);
}

/** Every key of a JSON body, entries of arrays of objects included (the conversions and their identifiers). */
function bodyKeys(value: unknown, out: Map<string, string>): Map<string, string> {
	if (Array.isArray(value)) value.forEach((v) => bodyKeys(v, out));
	else if (value && typeof value === 'object') {
		for (const [key, v] of Object.entries(value)) {
			if (!out.has(key)) out.set(key, Array.isArray(v) ? 'array' : typeof v === 'object' && v !== null ? 'object' : typeof v === 'number' ? 'number' : 'string');
			bodyKeys(v, out);
		}
	}
	return out;
}

function byExample(spec: ByExampleSpec, lines: string[], insideFence: boolean[], docsPage: string, documented: AdsRefEndpoint[]): AdsRefEndpoint {
	const fail = (what: string): never => {
		throw new Error(`${spec.page}: ${spec.method} ${spec.path} ${what}`);
	};
	if (spec.named) return namedOnly(spec, lines, docsPage, documented, fail);
	const at = lines.findIndex((l) => {
		if (!/\btwurl\b/.test(l)) return false;
		const path = TWURL_PATH.exec(l);
		const method = /-X\s+(GET|POST|PUT|DELETE)\b/.exec(l)?.[1] ?? 'GET';
		return !!path && method === spec.method && fits(path[1].split('/').slice(2).join('/'), spec.path);
	});
	if (at === -1) fail('has no example request on the page');
	const [, fullPath, version, query] = TWURL_PATH.exec(lines[at])!;
	// The JSON body of --data '...', which may run over many lines.
	let body: unknown;
	// The request's last line (its body may run over many).
	let requestEnd = at;
	const data = /(?:--data|-d)\s+'/.exec(lines[at]);
	if (data) {
		const text: string[] = [lines[at].slice(data.index + data[0].length)];
		for (let i = at + 1; i < lines.length && !text[text.length - 1].includes("'"); i++) text.push(lines[(requestEnd = i)]);
		body = JSON.parse(text.join('\n').split("'")[0]);
	}
	// The example answer: the first fenced block after the request (and after the fence holding it).
	let from = at + 1;
	while (from < lines.length && insideFence[from] && !FENCE.test(lines[from])) from++;
	if (insideFence[at]) from++;
	let open = lines.findIndex((l, i) => i >= from && FENCE.test(l) && !insideFence[i]);
	// The answer may follow the request in the fence holding it (the A/B test page).
	const rest = insideFence[at] ? lines.slice(requestEnd + 1, from - 1).join('\n').trim() : '';
	if (rest.startsWith('{')) open = at;
	const close = open === -1 ? -1 : lines.findIndex((l, i) => i > open && FENCE.test(l));
	const responseText = rest.startsWith('{') ? rest : close === -1 ? undefined : lines.slice(open + 1, close).join('\n');
	let parsed: unknown;
	try {
		parsed = responseText === undefined ? undefined : JSON.parse(responseText);
	} catch {
		parsed = undefined;
	}
	const like = spec.like ? documented.find((e) => `${e.method} ${e.path}` === spec.like) ?? fail(`is like ${spec.like}, which the page does not document`) : undefined;
	const params: AdsRefParam[] = [];
	for (const name of [...new URLSearchParams(query ?? '').keys()]) {
		const shared = like?.params.find((p) => p.name === name && p.place === 'query');
		params.push(shared ? { ...shared } : { name, place: 'query', type: 'string', required: false, text: '' });
	}
	for (const [name, type] of body === undefined ? [] : bodyKeys(body, new Map())) params.push({ name, place: 'body', type, required: false, text: '' });
	const page = lines.join('\n');
	for (const p of spec.prose ?? []) {
		const sentence = lines.find((l) => l.includes(p.words)) ?? fail(`: the page no longer says "${p.words}"`);
		let values: string[] | undefined;
		if (p.valuesHeader) {
			const header = lines.findIndex((l) => l.startsWith(p.valuesHeader!));
			if (header === -1) fail(`: no table headed "${p.valuesHeader}" on the page`);
			values = [];
			for (let i = header + 1; i < lines.length && lines[i].startsWith('|'); i++) {
				const cell = /^\|\s*`([A-Z_]+)\*?`/.exec(lines[i]);
				if (cell) values.push(cell[1]);
			}
		}
		params.push({ name: p.name, place: 'query', type: values ? 'enum' : 'string', required: false, ...(values ? { values } : {}), text: plain(sentence) });
	}
	const heading = lines.find((l) => new RegExp(`^#{2,4}\\s+${spec.anchor}\\s*$`).test(l)) ?? fail(`: no heading "${spec.anchor}" on the page`);
	return {
		method: spec.method,
		version: spec.version?.number ?? Number(version),
		path: spec.path,
		host: 'ads',
		page: docsPage.replace('https://docs.x.com/', '') + '.mdx',
		line: at + 1,
		docsUrl: `${docsPage}#${anchor('', plain(heading.replace(/^#+/, '')))}`,
		// Said after the example (analytics), or in the section that leads to it (the A/B test page).
		jsonBody: body !== undefined && (/application\/json/.test(page.slice(page.indexOf(lines[at]))) || JSON_BODY.test(lines.slice(lines.indexOf(heading), at).join('\n'))),
		params: byPosition(params, spec.path),
		exampleRequest: `${spec.method} https://ads-api.x.com${fullPath}${query ? `?${query}` : ''}`,
		...(responseText !== undefined ? { exampleResponseText: responseText } : {}),
		...(parsed !== undefined ? { exampleResponse: parsed } : {}),
	};
}

/** An endpoint the page names in a sentence only (see ByExampleSpec.named). */
function namedOnly(spec: ByExampleSpec, lines: string[], docsPage: string, documented: AdsRefEndpoint[], fail: (what: string) => never): AdsRefEndpoint {
	const at = lines.findIndex((l) => l.includes(spec.named!.words));
	if (at === -1) fail(`: the page no longer says "${spec.named!.words}"`);
	const like = documented.find((e) => `${e.method} ${e.path}` === spec.like) ?? fail(`is like ${String(spec.like)}, which the page does not document`);
	return {
		method: spec.method,
		version: spec.version?.number ?? like.version,
		path: spec.path,
		host: 'ads',
		page: like.page,
		line: at + 1,
		docsUrl: `${docsPage}#${anchor('', spec.anchor)}`,
		jsonBody: JSON_BODY.test(lines.slice(at, at + 3).join(' ')) || /JSON blob/.test(lines[at]),
		params: byPosition(like.params.filter((p) => p.place === 'body').map((p) => ({ ...p })), spec.path),
	};
}

function mdxFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
		d.isDirectory() ? mdxFiles(join(dir, d.name)) : d.name.endsWith('.mdx') ? [join(dir, d.name)] : [],
	);
}

/** Endpoints by endpointKey(method, version, path); the first documented wins, later ones are in `repeats`. */
export interface AdsTable<E extends { method: string; version: number; path: string }> {
	endpoints: E[];
	byKey: Map<string, E>;
	repeats: E[];
	find(method: string, version: number, path: string): E | undefined;
}

export type AdsReference = AdsTable<AdsRefEndpoint>;

export function tableOf<E extends { method: string; version: number; path: string }>(endpoints: E[]): AdsTable<E> {
	const byKey = new Map<string, E>();
	const repeats: E[] = [];
	for (const e of endpoints) {
		const key = endpointKey(e.method, e.version, e.path);
		if (byKey.has(key)) repeats.push(e);
		else byKey.set(key, e);
	}
	return { endpoints, byKey, repeats, find: (method, version, path) => byKey.get(endpointKey(method, version, path)) };
}

let cached: AdsReference | undefined;

/** Every endpoint of the Ads reference pages (read once per process; needs X's reference). */
export function loadAdsReference(): AdsReference {
	if (cached) return cached;
	const docsRoot = join(referenceDir(), 'x-docs');
	cached = tableOf(mdxFiles(join(docsRoot, 'x-ads-api')).sort().flatMap((f) => readPage(f, docsRoot)));
	return cached;
}
