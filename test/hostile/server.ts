/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * A hostile upstream: an HTTP server on loopback that answers the way X never does (redirects,
 * echoed credentials, non-JSON 200s, endless cursors, silence, huge pages). Not part of the X
 * emulator, which models X faithfully; this one models what a proxy, a captive portal or a wrong
 * base URL can do.
 *
 * The scenario is the first path segment(s), so a credential's base URL picks it:
 *   adsBaseUrl = `${server.url}/html` -> GET /html/12/accounts/... answers an HTML page.
 *
 * | prefix | answer |
 * | --- | --- |
 * | /ok | 200 with an Ads envelope of one record ({ data: { id, name } }, or a list for /accounts) |
 * | /redirect/<status>/<host:port or self> | that status with Location on the named origin (self: /ok on this server) |
 * | /echo-html/<status> | an HTML page that echoes the Authorization header, query and body |
 * | /echo-json/<status> | X-shaped JSON errors whose message echoes the same |
 * | /html | 200 text/html (a login page) |
 * | /empty | 200 application/json with no body |
 * | /truncated | 200 application/json cut off in the middle |
 * | /reset | 200 headers and half a body, then the connection is destroyed |
 * | /silent | accepts the request and never answers |
 * | /drip | 200 headers, then one byte every 200 ms, forever |
 * | /same-cursor | pages of one record that always name the same next_cursor |
 * | /fresh-cursor | pages of one record with a new next_cursor every time, forever |
 * | /same-token | v2 pages of one record that always name the same meta.next_token |
 * | /huge/<n> | one page of n records, no cursor |
 * | /bulk/<MiB> | a 200 JSON answer of that many MiB (one long string) |
 * | /flaky/<n>/<tag> | the first n requests under this tag answer HTML, then as /ok |
 * | /data/<JSON, URI-encoded> | 200 with an Ads envelope whose data is that JSON, for any path after it (X's fields with the wrong types) |
 * | /gzip-spaces/<MiB> | a result file (gzip) of `{"data":[]` with that many MiB of spaces inside: a gzip bomb (600 MiB: 600 KB) |
 * | /gzip-json-bomb/<MiB> | a result file (gzip) of `{"data":[{},{},...]}` of that many MiB: a JSON bomb |
 * | /gzip-deep/<levels> | a result file (gzip) of `{"data":[[[[...]]]]}` nested that deep |
 * | /gzip-cut | a result file (gzip) of X's stats answer cut off in the middle |
 * | /file/<name>[/<how>] | the bytes a test put in `files` under that name; how: `short` (a Content-Length of half), `long` (a Content-Length of twice, then the connection ends), `stall` (half the bytes, then silence) |
 *
 * The /gzip-* files are made once per server (in 1 MiB pieces, so the server's own memory stays
 * small) and end any path, as the X emulator's job URLs do with a file host set.
 *
 * Every request is recorded (method, path, query, headers, body) for assertions such as "no
 * Authorization header arrived here".
 */
import http from 'node:http';
import { createGzip, gzipSync } from 'node:zlib';
import type { AddressInfo, Socket } from 'node:net';

export interface HostileRequest {
	method: string;
	path: string;
	query: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

export interface HostileServer {
	url: string;
	/** host:port, what a redirect error names. */
	host: string;
	requests: HostileRequest[];
	/** Bytes served at /file/<name> (a test's own hostile result files). */
	files: Map<string, Buffer>;
	clear(): void;
	close(): Promise<void>;
}

function page(title: string, body: string): string {
	return `<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`;
}

function record(n: number): Record<string, unknown> {
	return { id: `h${n.toString(36).padStart(5, '0')}`, name: `Hostile account ${n}`, timezone: 'UTC', approval_status: 'ACCEPTED', deleted: false };
}

/** The gzip of `head`, `repeat` times `piece`, then `tail`, made piece by piece. */
async function gzipPieces(head: string, piece: Buffer, repeat: number, tail: string): Promise<Buffer> {
	const gzip = createGzip({ level: 9 });
	const out: Buffer[] = [];
	gzip.on('data', (c: Buffer) => out.push(c));
	const done = new Promise((resolve) => gzip.on('end', resolve));
	gzip.write(head);
	for (let i = 0; i < repeat; i++) if (!gzip.write(piece)) await new Promise((resolve) => gzip.once('drain', resolve));
	gzip.end(tail);
	await done;
	return Buffer.concat(out);
}

const MIB = 1024 * 1024;

/** The hostile result files, made on first use. */
function resultFile(kind: string, size: number): Promise<Buffer> {
	switch (kind) {
		case 'gzip-spaces':
			return gzipPieces('{"data":[]', Buffer.alloc(MIB, ' '), size, '}');
		case 'gzip-json-bomb':
			// 1 MiB of `{},` pieces (349,525 of them), closed by one more `{}`.
			return gzipPieces('{"data":[', Buffer.from('{},'.repeat(MIB / 3)), size, '{}]}');
		case 'gzip-deep':
			return Promise.resolve(gzipSync(`{"data":${'['.repeat(size)}${']'.repeat(size)}}`));
		default: {
			const whole = gzipSync(JSON.stringify({ data_type: 'stats', time_series_length: 1, data: [{ id: 'h1', id_data: [{ segment: null, metrics: { impressions: [1] } }] }] }));
			return Promise.resolve(whole.subarray(0, Math.floor(whole.length / 2)));
		}
	}
}

/** `unref`: the server does not keep the process alive (the e2e runner starts it once for all cases). */
export async function startHostile(options: { host?: string; unref?: boolean } = {}): Promise<HostileServer> {
	const requests: HostileRequest[] = [];
	const sockets = new Set<Socket>();
	const timers = new Set<NodeJS.Timeout>();
	const flaky = new Map<string, number>();
	let cursorCounter = 0;
	const files = new Map<string, Promise<Buffer>>();
	const testFiles = new Map<string, Buffer>();

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const [path, query = ''] = (req.url ?? '/').split('?');
			const body = Buffer.concat(chunks).toString('utf8');
			requests.push({ method: req.method ?? 'GET', path, query, headers: req.headers, body });
			const segments = path.split('/').filter(Boolean);
			const json = (status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}) => {
				res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
				res.end(JSON.stringify(value));
			};
			const echoed = `Authorization: ${req.headers.authorization ?? '(none)'} | query: ${decodeURIComponent(query)} | body: ${body}`;
			const ok = (rest: string[]) => {
				if (rest.includes('oauth2') && rest.includes('token')) return json(200, { token_type: 'bearer', access_token: 'HOSTILE-ISSUED-BEARER-0123456789abcdef' });
				const last = rest[rest.length - 1];
				if (last === 'accounts' || last === 'webhooks') return json(200, { request: { params: {} }, data: [record(1)], next_cursor: null });
				return json(200, { request: { params: {} }, data: { ...record(1), id: last ?? 'h00001' } });
			};

			switch (segments[0]) {
				case 'ok':
					return ok(segments.slice(1));
				case 'redirect': {
					const [, status, target, ...rest] = segments;
					const location = target === 'self' ? `/ok/${rest.join('/')}` : `http://${target}/${rest.join('/')}${query ? `?${query}` : ''}`;
					res.writeHead(Number(status), { location, 'content-type': 'text/html' });
					return res.end(page('Moved', `<a href="${location}">moved</a>`));
				}
				case 'echo-html':
					res.writeHead(Number(segments[1]), { 'content-type': 'text/html; charset=utf-8' });
					return res.end(page(`Bad request: ${echoed}`, `<pre>${echoed}</pre>`));
				case 'echo-json':
					return json(Number(segments[1]), { errors: [{ code: 'INVALID_PARAMETER', message: `Rejected ${echoed}`, parameter: req.headers.authorization ?? 'none' }], request: { headers: req.headers, body } });
				case 'not-enrolled':
					// X's v2 answer to an App outside a Project, or without the access level an endpoint
					// needs (as users report it: n8n issues 6424 and 2490; X's mcp.mdx: "a 403 means your app isn't enrolled").
					return json(403, {
						client_id: '31000001',
						detail: 'When authenticating requests to the X API v2 endpoints, you must use keys and tokens from an X developer App that is attached to a Project.',
						registration_url: 'https://developer.x.com/en/docs/projects/overview',
						title: 'Client Forbidden',
						required_enrollment: 'Appropriate Level of API Access',
						reason: 'client-not-enrolled',
						type: 'https://api.x.com/2/problems/client-forbidden',
					});
				case 'html':
					res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
					return res.end(page('Sign in to the corporate network', '<form><input name="user"></form>'));
				case 'empty':
					res.writeHead(200, { 'content-type': 'application/json' });
					return res.end();
				case 'truncated':
					res.writeHead(200, { 'content-type': 'application/json' });
					return res.end('{"request":{"params":{}},"data":[{"id":"h00001","name":"Cut');
				case 'reset':
					res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4000' });
					res.write('{"request":{"params":{}},"data":[{"id":"h00001","na');
					return void setTimeout(() => req.socket.destroy(), 20);
				case 'silent':
					return; // never answers
				case 'drip': {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.write('{');
					const timer = setInterval(() => res.write(' '), 200);
					timers.add(timer);
					return void res.on('close', () => clearInterval(timer));
				}
				case 'same-cursor':
					return json(200, { request: { params: {} }, data: [record(++cursorCounter)], next_cursor: 'c-same' });
				case 'same-token':
					return json(200, { data: [{ id: String(++cursorCounter), value: 'x', tag: 't' }], meta: { result_count: 1, next_token: 't-same' } });
				case 'fresh-cursor':
					return json(200, { request: { params: {} }, data: [record(++cursorCounter)], next_cursor: `c-${cursorCounter}` });
				case 'huge': {
					const n = Number(segments[1]);
					const data = Array.from({ length: n }, (_, i) => record(i));
					return json(200, { request: { params: {} }, data, next_cursor: null });
				}
				case 'bulk': {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.write('{"data":[],"pad":"');
					const mib = Buffer.alloc(1024 * 1024, 'x');
					let left = Number(segments[1]);
					const more = () => {
						while (left > 0) {
							left--;
							if (!res.write(mib)) return void res.once('drain', more);
						}
						res.end('"}');
					};
					res.on('error', () => undefined);
					return more();
				}
				case 'flaky': {
					const [, count, tag, ...rest] = segments;
					const seen = (flaky.get(tag) ?? 0) + 1;
					flaky.set(tag, seen);
					if (seen <= Number(count)) {
						res.writeHead(200, { 'content-type': 'text/html' });
						return res.end(page('Service warming up', 'try again'));
					}
					return ok(rest);
				}
				case 'data':
					return json(200, { request: { params: {} }, data: JSON.parse(decodeURIComponent(segments[1])) });
				case 'gzip-spaces':
				case 'gzip-json-bomb':
				case 'gzip-deep':
				case 'gzip-cut': {
					const key = `${segments[0]}/${segments[0] === 'gzip-cut' ? 0 : Number(segments[1])}`;
					if (!files.has(key)) files.set(key, resultFile(segments[0], Number(segments[1])));
					return void files.get(key)!.then((file) => {
						res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': file.length });
						res.end(file);
					});
				}
				case 'file': {
					const file = testFiles.get(segments[1]) ?? Buffer.alloc(0);
					const how = segments[2];
					const length = how === 'short' ? Math.floor(file.length / 2) : how === 'long' ? file.length * 2 : file.length;
					res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': length });
					if (how === 'stall') return void res.write(file.subarray(0, Math.floor(file.length / 2)));
					if (how === 'long') return void res.write(file, () => res.socket?.destroy());
					return void res.end(how === 'short' ? file.subarray(0, length) : file);
				}
				default:
					return json(404, { errors: [{ code: 'NOT_FOUND', message: `no hostile scenario ${segments[0]}` }] });
			}
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
	if (options.unref) server.unref();
	const { address, port } = server.address() as AddressInfo;
	const host = `${address}:${port}`;
	return {
		url: `http://${host}`,
		host,
		requests,
		files: testFiles,
		clear: () => {
			requests.length = 0;
		},
		close: async () => {
			for (const t of timers) clearInterval(t);
			for (const s of sockets) s.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
