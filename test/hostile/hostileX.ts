/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * A hostile X: a loopback proxy in front of an X stand-in (the emulator, or the server of X's own
 * example answers) that passes every request on unchanged (so OAuth signatures stay valid: the Host
 * header goes along) and makes X's answers hostile in one of five ways (issue 36):
 *
 * | mode | what X's answers do |
 * | --- | --- |
 * | bigIds | every id of 16 digits and more (id, *_id, *_ids, ...) comes as a bare JSON number (beyond 2^53: JSON.parse rounds it); *_str twins stay exact |
 * | echo | every free-text string (not an id, cursor, URL, time or enum) ends with the request's Authorization header and the credential's secrets |
 * | reorder | every array comes reversed |
 * | freshCursor | every list page names a new cursor, and a request with that cursor gets the same page again (with another new cursor), forever |
 * | errors | every request is answered by the proxy itself in one of X's error shapes (ERROR_SHAPES), its reason echoing the Authorization header |
 *
 * Streams (/2/activity/stream, /2/tweets/search/stream) are transformed line by line. Every request
 * is recorded; `rounded` lists the requests that carried an id the proxy had sent as a number, with
 * other digits (a rounded one).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { parseLossless } from '../reference/losslessJson';

export type HostileMode = 'bigIds' | 'echo' | 'reorder' | 'freshCursor' | 'errors';

export interface ErrorShape {
	status: number;
	contentType?: string;
	/** X's error body around `reason` (our marker plus the echo). */
	body: (reason: string) => unknown;
	/** The code a message must name, where the shape has one. */
	code?: string;
	/** A word the error's hint must hold (the pay-per-use answers). */
	hint?: RegExp;
}

/** A rule of 1,100 characters, as the filtered stream's refusals repeat it before X's reason. */
const LONG_RULE = `(${'brand OR '.repeat(120)}n8n) lang:en`;

/** X's error shapes, as X's reference documents them or clients meet them. */
export const ERROR_SHAPES: Record<string, ErrorShape> = {
	adsErrors: { status: 400, code: 'INVALID_PARAMETER', body: (reason) => ({ errors: [{ code: 'INVALID_PARAMETER', message: reason, parameter: 'name' }], request: { params: {} } }) },
	v2Details: {
		status: 400,
		body: (reason) => ({
			errors: [{ value: LONG_RULE, details: [reason], field: 'value' }],
			title: 'Invalid Request',
			detail: 'One or more parameters to your request was invalid.',
			type: 'https://api.x.com/2/problems/invalid-request',
		}),
	},
	v2Problem: {
		status: 404,
		code: 'resource-not-found',
		body: (reason) => ({ errors: [{ parameter: 'id', resource_id: '1', value: '1', detail: reason, title: 'Not Found Error', resource_type: 'user', type: 'https://api.x.com/2/problems/resource-not-found' }] }),
	},
	problemJson: {
		status: 403,
		contentType: 'application/problem+json',
		code: 'client-not-enrolled',
		hint: /developer portal|Developer Console/i,
		body: (reason) => ({ title: 'Client Forbidden', detail: reason, reason: 'client-not-enrolled', registration_url: 'https://developer.x.com/en/docs/projects/overview', type: 'https://api.x.com/2/problems/client-forbidden', required_enrollment: 'Appropriate Level of API Access' }),
	},
	oauth: { status: 400, code: 'invalid_request', body: (reason) => ({ error: 'invalid_request', error_description: reason }) },
	creditsDepleted: {
		status: 402,
		hint: /credits/i,
		body: (reason) => ({ title: 'Payment Required', detail: reason, type: 'https://api.x.com/2/problems/credits-depleted' }),
	},
	userNotEnrolled: {
		status: 403,
		code: 'user-not-enrolled',
		hint: /Developer Console/i,
		body: (reason) => ({ title: 'Forbidden', detail: reason, reason: 'user-not-enrolled', type: 'https://api.x.com/2/problems/client-forbidden' }),
	},
	operationErrors: {
		status: 400,
		code: 'INVALID_PARAMETER',
		body: (reason) => ({ errors: [{ code: 'INVALID_PARAMETER', message: reason }], operation_errors: [[{ code: 'INVALID_PARAMETER', message: reason }]] }),
	},
};

export interface HostileRequest {
	method: string;
	path: string;
	query: string;
	body: string;
	authorization?: string;
	/** 'x': passed to the stand-in; 'hostile': answered by the proxy itself. */
	answeredBy: 'x' | 'hostile';
}

export interface HostileOptions {
	/** The credential's secret values, appended in echo mode (and to error reasons). */
	secrets: string[];
	/** errors mode: the shape answered. */
	shape?: string;
	/** errors mode: which requests get the error (default every one but a bearer token request). */
	errorWhen?: (request: HostileRequest) => boolean;
	/** bigIds mode: leave out the *_str / *_string twins too (X answers some ids only as a number). */
	dropTwins?: boolean;
	/** Any mode (or none): a JSON answer rewritten by the test, after the mode's transform (parsed losslessly). */
	rewrite?: (request: HostileRequest, value: unknown) => unknown;
}

export interface HostileX {
	/** The proxy's root; the stand-in's paths go after it (…/api, …/ads, …/ads-sandbox). */
	root: string;
	requests: HostileRequest[];
	/** Ids the proxy wrote as bare numbers (their exact digits). */
	issued: Set<string>;
	/** Requests that carried a rounded copy of an issued id, with the digits sent. */
	rounded: string[];
	/** The reasons the errors mode answered (markers a message must carry). */
	reasons: string[];
	mode: HostileMode | undefined;
	set(mode: HostileMode | undefined, options?: Partial<HostileOptions>): void;
	close(): Promise<void>;
}

const ID_KEY = /^(id|ids|.+_id|.+_ids)$/;
/** Strings echo mode leaves alone: ids, keys, cursors, links, times, codes. */
const PLAIN_KEY = /(^|_)(id|ids|key|keys|cursor|token|url|uri|link|href|at|time|date|status|state|type|code|kind|tag|name_str|str|string)$/i;
const TOKEN = /^[\w.:/+@-]*$/;

let cursorCount = 0;

/** The transform of one JSON value in the current mode (parsed losslessly: the stand-in's big ids stay exact). */
interface Transform {
	mode: HostileMode | undefined;
	echo: string;
	issued: Set<string>;
	dropTwins?: boolean;
}

function transform(value: unknown, t: Transform, key = '', top = true): unknown {
	const { mode, echo, issued } = t;
	if (Array.isArray(value)) {
		const out = value.map((v) => transform(v, t, key, false));
		return mode === 'reorder' ? out.reverse() : out;
	}
	if (value && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(record)) {
			if (mode === 'bigIds' && t.dropTwins && /_str(ing)?$/.test(k) && ID_KEY.test(k.replace(/_str(ing)?$/, ''))) continue;
			out[k] = transform(v, t, k, false);
		}
		if (mode === 'freshCursor' && top && Array.isArray(record.data)) {
			const fresh = `hostile-cursor-${++cursorCount}`;
			if ('meta' in record || !('request' in record)) out.meta = { ...((record.meta as object) ?? {}), next_token: fresh };
			else out.next_cursor = fresh;
		}
		return out;
	}
	if (typeof value === 'string') {
		if (mode === 'bigIds' && ID_KEY.test(key) && /^\d{16,20}$/.test(value)) {
			issued.add(value);
			return `~~bignum~~${value}~~`;
		}
		if (mode === 'echo' && !PLAIN_KEY.test(key) && !TOKEN.test(value)) return `${value} ${echo}`;
	}
	return value;
}

function serialize(value: unknown): string {
	return JSON.stringify(value).replace(/"~~bignum~~(\d+)~~"/g, '$1');
}

function hostileText(text: string, t: Transform, rewrite?: (value: unknown) => unknown): string | undefined {
	let value: unknown;
	try {
		value = parseLossless(text);
	} catch {
		return t.mode === 'echo' && text.trim() ? `${text} ${t.echo}` : undefined;
	}
	const out = transform(value, t);
	return serialize(rewrite ? rewrite(out) : out);
}

const isStream = (path: string) => /\/2\/(activity\/stream|tweets\/search\/stream)$/.test(path);
const hasCursor = (query: string) => /(^|&)(cursor|pagination_token)=hostile-cursor-/.test(query);

export async function startHostileX(target: string): Promise<HostileX> {
	const backend = new URL(target);
	const sockets = new Set<Socket>();
	const pages = new Map<string, string>();
	let options: HostileOptions = { secrets: [] };
	let reasonCount = 0;
	const state: HostileX = {
		root: '',
		requests: [],
		issued: new Set(),
		rounded: [],
		reasons: [],
		mode: undefined,
		set(mode, next = {}) {
			state.mode = mode;
			options = { secrets: [], ...next };
			state.requests.length = 0;
			state.rounded.length = 0;
			state.reasons.length = 0;
			pages.clear();
		},
		close: () => new Promise<void>((resolve) => {
			for (const s of sockets) s.destroy();
			server.close(() => resolve());
		}),
	};
	const noteRounded = (text: string) => {
		for (const digits of text.match(/\d{16,20}/g) ?? []) {
			const exact = roundedFrom(digits, state.issued);
			if (exact) state.rounded.push(`${digits} for ${exact}`);
		}
	};

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const [path, query = ''] = (req.url ?? '/').split('?');
			const body = Buffer.concat(chunks);
			const record: HostileRequest = { method: req.method ?? 'GET', path, query: decodeURIComponent(query), body: body.toString('utf8'), authorization: req.headers.authorization, answeredBy: 'x' };
			state.requests.push(record);
			noteRounded(`${path}?${record.query} ${record.body}`);
			const echo = `[echo Authorization: ${req.headers.authorization ?? 'none'} ${options.secrets.join(' ')}]`;
			const mode = state.mode;
			const t: Transform = { mode, echo, issued: state.issued, dropTwins: options.dropTwins };
			const rewrite = options.rewrite && ((value: unknown) => options.rewrite!(record, value));
			const bearerRequest = /\/oauth2\/token$/.test(path);
			if (mode === 'errors' && !bearerRequest && (options.errorWhen?.(record) ?? true)) {
				record.answeredBy = 'hostile';
				const shape = ERROR_SHAPES[options.shape ?? 'adsErrors'];
				const reason = `REASON-${options.shape}-${++reasonCount}`;
				state.reasons.push(reason);
				res.writeHead(shape.status, { 'content-type': shape.contentType ?? 'application/json; charset=utf-8' });
				res.end(JSON.stringify(shape.body(`X's reason ${reason}. ${echo}`)));
				return;
			}
			const pageKey = `${record.method} ${path}`;
			if (mode === 'freshCursor' && hasCursor(query) && pages.has(pageKey)) {
				record.answeredBy = 'hostile';
				res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
				res.end(hostileText(pages.get(pageKey)!, t, rewrite));
				return;
			}
			const upstream = http.request({ host: backend.hostname, port: backend.port, method: req.method, path: req.url, headers: req.headers }, (answer) =>
				passOn(answer, res, { path, t, rewrite, keep: mode === 'freshCursor' ? (text) => pages.set(pageKey, text) : undefined }),
			);
			upstream.on('error', () => res.destroy());
			upstream.end(body);
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	state.root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return state;
}

/** X's answer passed on to the node: as it came, or (JSON, and echo mode's plain text) made hostile; `keep`: the page answered to a cursor of ours. */
function passOn(answer: http.IncomingMessage, res: http.ServerResponse, how: { path: string; t: Transform; rewrite?: (value: unknown) => unknown; keep?: (text: string) => void }): void {
	const type = String(answer.headers['content-type'] ?? '');
	const headers = { ...answer.headers };
	const transforms = (how.t.mode !== undefined || how.rewrite) && (/json/.test(type) || (how.t.mode === 'echo' && /text\/plain/.test(type)));
	if (!transforms) {
		res.writeHead(answer.statusCode ?? 502, headers);
		answer.pipe(res);
		answer.on('close', () => !answer.complete && res.destroy());
		return;
	}
	delete headers['content-length'];
	if (isStream(how.path) && (answer.statusCode ?? 0) < 300) return streamLines(answer, res, headers, (line) => hostileText(line, how.t, how.rewrite) ?? line);
	const parts: Buffer[] = [];
	answer.on('data', (c: Buffer) => parts.push(c));
	answer.on('end', () => {
		const text = Buffer.concat(parts).toString('utf8');
		how.keep?.(text);
		res.writeHead(answer.statusCode ?? 502, headers);
		res.end(hostileText(text, how.t, how.rewrite) ?? text);
	});
	answer.on('error', () => res.destroy());
}

/** A newline-delimited stream, each complete line transformed as it comes. */
function streamLines(answer: http.IncomingMessage, res: http.ServerResponse, headers: http.OutgoingHttpHeaders, line: (text: string) => string): void {
	res.writeHead(answer.statusCode ?? 200, headers);
	let pending = '';
	answer.setEncoding('utf8');
	answer.on('data', (piece: string) => {
		pending += piece;
		let at = pending.indexOf('\n');
		while (at !== -1) {
			const raw = pending.slice(0, at).replace(/\r$/, '');
			res.write(`${raw.trim() ? line(raw) : raw}\r\n`);
			pending = pending.slice(at + 1);
			at = pending.indexOf('\n');
		}
	});
	answer.on('end', () => res.end(pending));
	answer.on('close', () => !answer.complete && res.destroy());
}

/** The issued id these digits are JavaScript's rounding of (String(Number(id))), if any: never another exact id. */
function roundedFrom(digits: string, issued: Set<string>): string | undefined {
	if (issued.has(digits)) return undefined;
	for (const id of issued) if (String(Number(id)) === digits) return id;
	return undefined;
}

/** Every problem of exactness in a value the nodes made (output items, errors): a number JSON.parse rounded, or digits that are a rounded issued id. */
export function inexactIds(value: unknown, issued: Set<string>, path = '$'): string[] {
	if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value) ? [`${path}: the rounded number ${value}`] : [];
	if (typeof value === 'string') {
		const exact = /^\d{16,20}$/.test(value) ? roundedFrom(value, issued) : undefined;
		return exact ? [`${path}: ${value}, a rounded copy of ${exact}`] : [];
	}
	if (Array.isArray(value)) return value.flatMap((v, i) => inexactIds(v, issued, `${path}[${i}]`));
	if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => inexactIds(v, issued, `${path}.${k}`));
	return [];
}

/**
 * A delivery body (the emulator's webhook POSTs) made hostile the way `mode` makes answers, before X
 * signs it; echo: what X echoes into its strings (a delivery has no Authorization header of ours:
 * the App's key and secret, and the Authorization X saw on the App's and the user's requests).
 */
export function hostileDelivery(mode: HostileMode, echo: string, issued: Set<string>): (body: string) => string {
	const t: Transform = { mode: mode === 'errors' || mode === 'freshCursor' ? undefined : mode, echo: `[echo ${echo}]`, issued };
	return (body) => hostileText(body, t) ?? body;
}

/** Every secret a run could leak: the credentials' values, and what the requests carried in Authorization (bearer tokens, OAuth signatures). */
export function secretsIn(hostile: HostileX, credentialSecrets: string[]): string[] {
	const out = new Set(credentialSecrets.filter((s) => s.length >= 8));
	for (const r of hostile.requests) {
		const auth = r.authorization ?? '';
		const bearer = /^Bearer\s+(\S{8,})/.exec(auth)?.[1];
		if (bearer) out.add(bearer);
		for (const m of auth.matchAll(/oauth_(?:signature|token|consumer_key)="([^"]{8,})"/g)) out.add(m[1]);
	}
	return [...out];
}
