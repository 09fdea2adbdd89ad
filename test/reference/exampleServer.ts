/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * A plain loopback server that answers requests with X's example responses, as X printed them
 * (the text is sent byte for byte, so a 64-bit number X printed as a JSON number arrives as one).
 * It has no state and checks nothing: it only lets a test see what the nodes make of X's own
 * answers. One server stands for three hosts, each under its own path prefix:
 * /ads (ads-api.x.com), /sandbox (ads-api-sandbox.x.com) and /api (api.x.com).
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';

export type ExampleBase = 'ads' | 'adsSandbox' | 'api';

export interface ExampleAnswer {
	method: string;
	/** ads: both Ads hosts (production and sandbox); adsSandbox: the sandbox only; api: api.x.com. */
	base: ExampleBase;
	/** Path after the host, parameters as :name (one segment each), e.g. /12/accounts/:account_id. */
	path: string;
	/** The answer's body, verbatim. */
	body: string;
	status?: number;
	contentType?: string;
	/** Later pages: the body answered to a request whose query has cursor=<key>. */
	pages?: Record<string, string>;
	/** Where the example comes from (for messages). */
	source?: string;
}

export interface ServedRequest {
	method: string;
	base: ExampleBase;
	path: string;
	query: URLSearchParams;
	body: string;
	/** The answer it got, undefined when none matched (it was answered 404). */
	answer?: ExampleAnswer;
	/** The cursor whose page it got, when it got a later page. */
	page?: string;
}

export interface ExampleServer {
	urls: Record<ExampleBase, string>;
	requests: ServedRequest[];
	/** Replaces the answers (and forgets the requests). */
	answer(answers: ExampleAnswer[]): void;
	close(): Promise<void>;
}

const PREFIXES: Array<[string, ExampleBase]> = [
	['/ads', 'ads'],
	['/sandbox', 'adsSandbox'],
	['/api', 'api'],
];

/** How well a template matches a path: undefined when it does not, else its count of literal segments (the most specific wins). */
function matchScore(template: string, path: string): number | undefined {
	const t = template.split('/').filter(Boolean);
	const p = path.split('/').filter(Boolean);
	if (t.length !== p.length) return undefined;
	let literal = 0;
	for (let i = 0; i < t.length; i++) {
		if (t[i].startsWith(':')) continue;
		if (t[i] !== p[i]) return undefined;
		literal++;
	}
	return literal;
}

function find(answers: ExampleAnswer[], method: string, base: ExampleBase, path: string): ExampleAnswer | undefined {
	let best: ExampleAnswer | undefined;
	let bestScore = -1;
	for (const a of answers) {
		if (a.method !== method) continue;
		if (a.base !== base && !(a.base === 'ads' && base === 'adsSandbox')) continue;
		const score = matchScore(a.path, path);
		if (score !== undefined && score > bestScore) [best, bestScore] = [a, score];
	}
	return best;
}

export async function startExampleServer(): Promise<ExampleServer> {
	let answers: ExampleAnswer[] = [];
	const requests: ServedRequest[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://loopback');
			const prefix = PREFIXES.find(([p]) => url.pathname === p || url.pathname.startsWith(`${p}/`));
			const base = prefix?.[1] ?? 'api';
			const path = prefix ? url.pathname.slice(prefix[0].length) : url.pathname;
			const method = (req.method ?? 'GET').toUpperCase();
			const answer = find(answers, method, base, decodeURIComponent(path));
			const cursor = url.searchParams.get('cursor');
			const page = cursor !== null && answer?.pages?.[cursor] !== undefined ? cursor : undefined;
			requests.push({ method, base, path, query: url.searchParams, body: Buffer.concat(chunks).toString('utf8'), answer, page });
			if (!answer) {
				res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
				res.end(JSON.stringify({ errors: [{ code: 'NOT_FOUND', message: `The example server has no answer for ${method} ${path}` }] }));
				return;
			}
			res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json; charset=utf-8' });
			res.end(page !== undefined ? answer.pages![page] : answer.body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const root = `http://127.0.0.1:${port}`;
	return {
		urls: { ads: `${root}/ads`, adsSandbox: `${root}/sandbox`, api: `${root}/api` },
		requests,
		answer(next) {
			answers = next;
			requests.length = 0;
		},
		close: () =>
			new Promise<void>((resolve, reject) => {
				server.closeAllConnections();
				server.close((error) => (error ? reject(error) : resolve()));
			}),
	};
}
