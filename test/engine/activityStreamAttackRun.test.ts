/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Issue 24's independent attack run of the stream trigger (X Trigger, Delivery "Activity Stream"):
 * variants the issue does not list, through n8n-core's TriggerContext against the X emulator and a
 * hostile loopback server in front of it that answers GET /2/activity/stream its own way (every
 * other request goes on to the emulator). Each case is a variant that was tried and asserts the
 * defence that holds it; those that broke the package name the fix.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { XWebhooks } from '../../nodes/XWebhooks/XWebhooks.node';
import type { StartedTrigger } from '../harness';
import { EngineHarness } from '../harness';
import { inFrontOfEmulator, sleep, streamSuite, streamWorkflow, until } from './streamKit';

const suite = streamSuite();
const { running } = suite;
let counter = 0;
const user = () => suite.emulator.users[0].userId;

type StreamAnswer = (req: IncomingMessage, res: ServerResponse, attempt: number) => void;

interface Attacker {
	url: string;
	/** When each GET /2/activity/stream came, and its Authorization header. */
	connections: Array<{ at: number; authorization?: string; query: string }>;
	/** How many of them the trigger (or the server) closed. */
	closed(): number;
}

/** A loopback server: GET /2/activity/stream is answered by `stream`, a request `other` answers (returning true) by it, everything else passed on to the emulator. */
async function attacker(stream: StreamAnswer, other?: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<Attacker> {
	const connections: Attacker['connections'] = [];
	let closed = 0;
	const url = await inFrontOfEmulator(suite, (req, res) => {
		if (req.url?.includes('/2/activity/stream')) {
			connections.push({ at: Date.now(), authorization: req.headers.authorization, query: req.url.split('?')[1] ?? '' });
			res.on('close', () => closed++);
			stream(req, res, connections.length);
			return true;
		}
		return other?.(req, res) ?? false;
	});
	return { url, connections, closed: () => closed };
}

/** An attacker whose list of activity subscriptions names the page token `nextToken(page)` after every page (one record each). */
async function subscriptionPagesForever(nextToken: (page: number) => string): Promise<{ url: string; pages: () => number }> {
	let pages = 0;
	const { url } = await attacker(
		() => undefined,
		(req, res) => {
			if (req.method !== 'GET' || !req.url?.includes('/2/activity/subscriptions?')) return false;
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ data: [{ subscription_id: String(1000 + pages), event_type: 'post.create', tag: 'someone else' }], meta: { next_token: nextToken(pages++) } }));
			return true;
		},
	);
	return { url, pages: () => pages };
}

function harnessFor(apiBaseUrl: string, credentials: IDataObject = {}): EngineHarness {
	return new EngineHarness({
		nodeTypes: [XTrigger, XWebhooks],
		credentialTypes: [XAppOnlyApi, XOAuth1Api],
		credentials: { xAppOnlyApi: { apiKey: suite.emulator.app.consumerKey, apiKeySecret: suite.emulator.app.consumerSecret, apiBaseUrl, ...credentials } },
	});
}

async function start(harness: EngineHarness, streamOptions: IDataObject = {}, parameters: INodeParameters = {}): Promise<StartedTrigger> {
	const started = await harness.startTrigger(streamWorkflow(`wf-attack-${++counter}`, user(), { streamOptions: { reconnectAfterSilence: 2, ...streamOptions }, ...parameters }));
	running.push(started);
	return started;
}

const logs = (harness: EngineHarness) => harness.logs.map((l) => l.message);
const announcedWaits = (harness: EngineHarness) =>
	logs(harness)
		.map((m) => /connecting again in ([\d.]+) s/.exec(m)?.[1])
		.filter((w): w is string => w !== undefined)
		.map(Number);
const open = (res: ServerResponse, headers: Record<string, string> = {}) => {
	res.writeHead(200, { 'content-type': 'application/json', ...headers });
	res.flushHeaders();
};
/** Keep-alives every 100 ms until the connection closes. */
const keepAlive = (res: ServerResponse) => {
	const timer = setInterval(() => res.write('\r\n'), 100);
	res.on('close', () => clearInterval(timer));
};
const line = (data: IDataObject) => `${JSON.stringify({ data })}\r\n`;
const event = (uuid: string, id = uuid) => ({ event_type: 'post.create', event_uuid: uuid, filter: { user_id: user() }, payload: { id } });

describe('Stream attack run: connections that never prove themselves', () => {
	it('headers, then nothing at all (no keep-alive): the watchdog ends each connection at the allowed silence, closes it, and the waits grow', async () => {
		// Before: the watchdog destroyed the body, but a read waiting on a body that never sent a byte
		// does not settle: one connection, no log line, forever.
		const x = await attacker((_req, res) => open(res));
		const harness = harnessFor(x.url);
		await start(harness, { reconnectAfterSilence: 1 });
		await until('three connections', () => x.connections.length >= 3, 8000);
		const reasons = logs(harness).filter((m) => /connecting again/.test(m));
		for (const reason of reasons) expect(reason).toMatch(/the activity stream ended after 1\.\d s: no line and no keep-alive for 1 s/);
		expect(announcedWaits(harness).slice(0, 2)).toEqual([0.25, 0.5]);
		// Each ended connection was closed, not left open at X.
		expect(x.closed()).toBeGreaterThanOrEqual(x.connections.length - 1);
	}, 15_000);

	it('keep-alives only, each connection ended before 20 s: never proven, the waits keep growing', async () => {
		const x = await attacker((_req, res) => {
			open(res);
			keepAlive(res);
			setTimeout(() => res.end(), 300);
		});
		const harness = harnessFor(x.url);
		await start(harness);
		await until('four connections', () => x.connections.length >= 4, 10_000);
		expect(announcedWaits(harness).slice(0, 3)).toEqual([0.25, 0.5, 0.75]);
	}, 15_000);

	it('a server that accepts the connection and never answers: the attempt ends within the allowed silence and the waits grow', async () => {
		const x = await attacker(() => undefined);
		const harness = harnessFor(x.url);
		await start(harness, { reconnectAfterSilence: 1 });
		await until('a second attempt', () => x.connections.length >= 2, 12_000);
		expect(logs(harness).some((m) => /could not connect to the activity stream|no answer/.test(m))).toBe(true);
	}, 15_000);

	it('status and headers dripped a byte a second: the attempt ends within the allowed silence', async () => {
		const x = await attacker((req) => {
			const bytes = Buffer.from('HTTP/1.1 200 OK\r\nX-A: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
			let at = 0;
			const drip = setInterval(() => (req.socket.destroyed || at >= bytes.length ? clearInterval(drip) : req.socket.write(bytes.subarray(at, ++at))), 500);
			req.socket.on('close', () => clearInterval(drip));
		});
		const harness = harnessFor(x.url);
		await start(harness, { reconnectAfterSilence: 1 });
		await until('a second attempt', () => x.connections.length >= 2, 12_000);
	}, 15_000);

	it('an error answer whose body drips a byte a second: the attempt ends, not held forever', async () => {
		const x = await attacker((_req, res) => {
			res.writeHead(503, { 'content-type': 'application/json' });
			res.write('{');
			const drip = setInterval(() => res.write(' '), 500);
			res.on('close', () => clearInterval(drip));
		});
		const harness = harnessFor(x.url);
		await start(harness, { reconnectAfterSilence: 1 });
		// Before: the error body was read as long as bytes came: one attempt, forever.
		await until('a second attempt', () => x.connections.length >= 2, 12_000);
		expect(logs(harness).find((m) => /connecting again/.test(m))).toMatch(/could not connect to the activity stream \(no answer within 6 s\); connecting again in 0\.25 s/);
		expect(x.closed()).toBeGreaterThanOrEqual(1);
	}, 15_000);
});

describe('Stream attack run: rate limits', () => {
	it.each<[string, Record<string, string>]>([
		['no reset header', {}],
		['a reset in the past (negative wait)', { 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) - 3600), 'x-rate-limit-remaining': '0' }],
		['a reset that is not a number', { 'x-rate-limit-reset': 'soon', 'x-rate-limit-remaining': '0' }],
		['a negative Retry-After', { 'retry-after': '-5' }],
	])('429 with %s: waits X\'s minute, not a quarter second', async (_, headers) => {
		const x = await attacker((_req, res) => {
			res.writeHead(429, { 'content-type': 'application/json', ...headers });
			res.end(JSON.stringify({ title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 }));
		});
		const harness = harnessFor(x.url);
		await start(harness);
		await sleep(2500);
		expect(x.connections).toHaveLength(1);
		expect(announcedWaits(harness)).toEqual([60]);
	});

	it.each<[string, Record<string, string>]>([
		['a reset in the year 33658', { 'x-rate-limit-reset': '999999999999', 'x-rate-limit-remaining': '0' }],
		['a Retry-After of 10^12 seconds', { 'retry-after': '1000000000000' }],
	])('429 with %s: waits Max Reconnect Wait at most', async (_, headers) => {
		const x = await attacker((_req, res) => {
			res.writeHead(429, headers);
			res.end('{}');
		});
		const harness = harnessFor(x.url);
		await start(harness, { maxReconnectWait: 90 });
		await until('the announced wait', () => announcedWaits(harness).length >= 1);
		expect(announcedWaits(harness)).toEqual([90]);
	});
});

describe('Stream attack run: hostile answers', () => {
	it('a 302 to another origin: not followed, the token never reaches it', async () => {
		const elsewhere = await attacker((_req, res) => {
			open(res);
			keepAlive(res);
		});
		const x = await attacker((_req, res) => {
			res.writeHead(302, { location: `${elsewhere.url}/2/activity/stream` });
			res.end();
		});
		const harness = harnessFor(x.url);
		// A 3xx is an HTTP error: X's schedule waits 5 s first; capped at 1 s so the second attempt comes soon.
		await start(harness, { maxReconnectWait: 1 });
		await until('a second attempt', () => x.connections.length >= 2, 5000);
		expect(elsewhere.connections).toEqual([]);
		expect(logs(harness).some((m) => /the activity stream answered 302/.test(m))).toBe(true);
	});

	it.each([401, 403])('a %d mid-life that echoes the token: the error names X\'s answer, never the token', async (status) => {
		const x = await attacker((req, res, attempt) => {
			if (attempt === 1) {
				open(res);
				res.write(line(event('1')));
				return setTimeout(() => res.end(), 200);
			}
			const token = String(req.headers.authorization).replace(/^Bearer /, '');
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ title: 'Unauthorized', detail: `token ${token} is not valid; you sent Authorization: ${String(req.headers.authorization)}`, type: 'about:blank', status }));
		});
		const harness = harnessFor(x.url);
		const t = await start(harness);
		await until('the error', () => t.errors.length === 1, 8000);
		expect(t.errors[0].message).toMatch(new RegExp(`X answered ${status}`));
		const everything = JSON.stringify([t.errors.map((e) => [e.message, (e as { description?: string }).description, (e as { cause?: unknown }).cause, (e as { errorResponse?: unknown }).errorResponse]), logs(harness), t.items()]);
		// The token of every attempt (a 401 is tried once more with a new token), raw and percent-decoded.
		const tokens = x.connections.map((c) => String(c.authorization).replace(/^Bearer /, ''));
		expect(tokens.length).toBeGreaterThanOrEqual(2);
		for (const token of tokens) {
			expect(token.length).toBeGreaterThan(20);
			expect(everything).not.toContain(token);
			expect(everything).not.toContain(decodeURIComponent(token));
		}
	});

	it('a 200 whose body is a gzip bomb of one line (64 MiB unpacked from 64 KB): ended at the line cap, memory bounded', async () => {
		const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 'a'));
		const x = await attacker((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
			res.end(bomb);
		});
		const harness = harnessFor(x.url);
		const before = process.memoryUsage().rss;
		await start(harness);
		await until('the connection to end', () => logs(harness).some((m) => /connecting again/.test(m)), 8000);
		expect(logs(harness).find((m) => /connecting again/.test(m))).toMatch(/a line longer than 1048576 bytes/);
		await until('the connection closed', () => x.closed() === 1, 2000);
		expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
	});

	it('a chunked answer cut in the middle of a chunk: the event before it is kept, the connection counted as dropped', async () => {
		const x = await attacker((req, res, attempt) => {
			if (attempt > 1) {
				open(res);
				return keepAlive(res);
			}
			open(res);
			res.write(line(event('11')));
			setTimeout(() => {
				req.socket.write('ff\r\n{"data":');
				req.socket.destroy();
			}, 50);
		});
		const harness = harnessFor(x.url);
		const t = await start(harness);
		await until('the reconnect', () => x.connections.length >= 2, 5000);
		expect(t.items().map((i) => i.event_id)).toEqual(['11']);
		expect(x.connections[1].query).toBe('backfill_minutes=1');
	});
});

describe('Stream attack run: lines of the wrong shape', () => {
	it('valid JSON that is not an event, ids as numbers, duplicates interleaved, an event without id: each own event once, ids exact', async () => {
		const x = await attacker((_req, res) => {
			open(res);
			res.write(['[1,2,3]', '42', 'null', '"text"', 'true', '{}', '{"data":null}', '{"data":[]}', '{"data":"x"}', `${'['.repeat(100)}${']'.repeat(100)}`, `{"data":${'{"a":'.repeat(70)}1${'}'.repeat(70)}}`].join('\r\n') + '\r\n');
			// An id beyond 2^53 as a number, twice: kept exact (JSON.parse would round it), emitted once.
			const numericId = `{"data":{"event_type":"post.create","event_uuid":12345678901234567891,"filter":{"user_id":"${user()}"},"payload":{"id":"n"}}}\r\n`;
			res.write(numericId + numericId);
			// Its neighbour in doubles (12345678901234567890 rounds to the same double): another event.
			res.write(numericId.replace('567891', '567890'));
			res.write(line(event('a1')) + line(event('a2')) + line(event('a1')) + line(event('a3')) + line(event('a2')));
			res.write(line({ event_type: 'post.create', filter: { user_id: user() }, payload: { id: 'no-id' } }));
			res.write(line({ event_type: 'post.create', filter: { user_id: user() }, payload: { id: 'no-id' } }));
			keepAlive(res);
		});
		const harness = harnessFor(x.url);
		const t = await start(harness);
		await until('the events', () => t.items().length >= 6, 5000);
		await sleep(300);
		expect(t.items().map((i) => i.event_id)).toEqual(['12345678901234567891', '12345678901234567890', 'a1', 'a2', 'a3', expect.stringMatching(/^[0-9a-f]{64}$/)]);
	});

	it('100,000 tiny lines in a burst: read in bounded time and memory, one notice warning and a summary', async () => {
		const x = await attacker((_req, res) => {
			open(res);
			res.write('{}\r\n'.repeat(100_000));
			res.write(line(event('after-flood')));
			keepAlive(res);
		});
		const harness = harnessFor(x.url);
		const t = await start(harness);
		await until('the event after the flood', () => t.items().length === 1, 8000);
		expect(logs(harness).filter((m) => /notice/.test(m)).length).toBeLessThanOrEqual(2);
	});
});

describe('Stream attack run: deactivation and reactivation', () => {
	it('deactivated during a reconnect wait: stops at once, no connection after close', async () => {
		const x = await attacker((_req, res) => {
			res.writeHead(503);
			res.end();
		});
		const harness = harnessFor(x.url);
		const t = await start(harness, { maxReconnectWait: 60 });
		await until('the wait after the 503', () => announcedWaits(harness).length === 1, 5000);
		expect(announcedWaits(harness)).toEqual([5]);
		const began = Date.now();
		await running.splice(running.indexOf(t), 1)[0].close();
		expect(Date.now() - began).toBeLessThan(1500);
		const seen = x.connections.length;
		await sleep(2500);
		expect(x.connections).toHaveLength(seen);
	});

	it('deactivated while a connect waits for headers: stops at once, nothing emitted after', async () => {
		const x = await attacker(() => undefined);
		const harness = harnessFor(x.url);
		const t = await start(harness, { reconnectAfterSilence: 30 });
		await until('the attempt', () => x.connections.length === 1);
		const began = Date.now();
		await running.splice(running.indexOf(t), 1)[0].close();
		expect(Date.now() - began).toBeLessThan(1500);
		await sleep(500);
		expect(t.errors).toEqual([]);
		expect(x.closed()).toBe(1);
	});

	it('reactivated right after deactivation: the new activation streams, the old one emits nothing', async () => {
		const harness = harnessFor(suite.emulator.urls.api);
		const first = await start(harness);
		await until('the stream', () => suite.emulator.control.activityStreamReaders() === 1);
		await running.splice(running.indexOf(first), 1)[0].close();
		const second = await start(harness);
		await until('the new stream', () => suite.emulator.control.activityStreamReaders() === 1);
		await suite.emulator.control.emitActivity(user(), 'post.create', { id: '1890000000000000001', text: 'x', edit_history_tweet_ids: ['1890000000000000001'] });
		await until('the event', () => second.items().length === 1);
		await sleep(300);
		expect(first.items()).toEqual([]);
		expect(second.items()).toHaveLength(1);
	});

	it('deactivated while n8n is still running the executions of a burst: closes at once, and not one more event is emitted after', async () => {
		const x = await attacker((_req, res) => {
			open(res);
			keepAlive(res);
			setTimeout(() => res.write(Array.from({ length: 20 }, (_, n) => line(event(`burst-${n}`))).join('')), 300);
		});
		const harness = harnessFor(x.url);
		const t = await start(harness);
		const release = t.holdExecutions();
		// The stream starts 8 executions, then waits for n8n to finish one.
		await until('8 executions', () => t.items().length === 8, 5000);
		const began = Date.now();
		await running.splice(running.indexOf(t), 1)[0].close();
		expect(Date.now() - began).toBeLessThan(1500);
		release();
		await sleep(500);
		expect(t.items()).toHaveLength(8);
	}, 15_000);

	it('deactivated while X\'s list of connections is read after a TooManyConnections: no error reaches n8n after close', async () => {
		let answerList: (() => void) | undefined;
		const x = await attacker(
			(_req, res, attempt) => {
				if (attempt === 1) {
					open(res);
					return setTimeout(() => res.end(), 100);
				}
				res.writeHead(429, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ title: 'ConnectionException', detail: 'This stream has a maximum of 1 connection: TooManyConnections', type: 'https://api.twitter.com/2/problems/streaming-connection', connection_issue: 'TooManyConnections' }));
			},
			(req, res) => {
				if (!req.url?.includes('/2/connections?')) return false;
				answerList = () => {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.end(JSON.stringify({ data: [{ id: 'c-other', client_ip: '127.0.0.9', connected_at: new Date(Date.now() + 60_000).toISOString(), endpoint_name: 'activity_stream' }] }));
				};
				return true;
			},
		);
		const harness = harnessFor(x.url);
		const t = await start(harness);
		await until('the list of connections asked', () => answerList !== undefined, 8000);
		const closing = running.splice(running.indexOf(t), 1)[0].close();
		await sleep(200);
		answerList!();
		await closing;
		await sleep(300);
		expect(t.errors).toEqual([]);
	}, 15_000);
});

describe('Stream attack run: hostile subscription lists', () => {
	it.each<[string, (page: number) => string]>([
		['fresh page tokens forever', (page) => `t${page + 1}`],
		['the same page token again and again', () => 'again'],
	])('deactivation that must look up subscriptions of an earlier version, X listing them with %s: ends with an error naming it, in bounded pages', async (_, nextToken) => {
		const x = await subscriptionPagesForever(nextToken);
		const harness = harnessFor(x.url);
		const target = {
			id: `wf-attack-${++counter}`,
			nodes: [{ name: 'X Trigger', type: 'n8n-nodes-x-ads.xTrigger', typeVersion: 1.1, parameters: { source: 'activity', subscriptions: { subscription: [{ userId: user(), eventTypes: ['post.create'] }] } }, credentials: { xAppOnlyApi: { id: 'xAppOnlyApi', name: 'xAppOnlyApi' } } }],
			connections: {},
		};
		// What version 1.1 stored: ids of "undefined", found again by listing the webhook's subscriptions.
		harness.setWorkflowStaticData(target.id, { 'node:X Trigger': { webhookId: '1234567890', createdWebhook: true, subscriptionIds: ['undefined'] } });
		// Before: the list was read as long as X named a next page: forever.
		const deactivation = await harness.deactivate(target);
		expect(deactivation.error?.message).toMatch(/X's list of activity subscriptions did not end: (more than 100 pages|a page token came again)/);
		expect(x.pages()).toBeLessThanOrEqual(101);
	}, 20_000);

	it('X Webhooks > Activity Subscription > Get Many (Return All), X naming a fresh next page forever: ends at the Return All limit with an error, not never', async () => {
		const x = await subscriptionPagesForever((page) => `t${page + 1}`);
		const result = await harnessFor(x.url).runNode(
			{ name: 'X Webhooks', type: 'n8n-nodes-x-ads.xWebhooks', parameters: { resource: 'activitySubscription', operation: 'getAll', returnAll: true }, credentials: { xAppOnlyApi: { id: 'xAppOnlyApi', name: 'xAppOnlyApi' } } },
			[{}],
		);
		// Before: pages were read (and kept) as long as X named a new one.
		expect(result.error?.message).toBe("X's pagination did not end: more than 10000 pages (the Return All limit)");
		expect(x.pages()).toBe(10_000);
	}, 120_000);
});
