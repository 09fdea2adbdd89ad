/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * A second, independent attack run of the X Trigger's stream delivery, mostly the filtered stream
 * (Delivery "Stream", GET /2/tweets/search/stream): variants activityStreamAttackRun.test.ts and
 * filteredStreamDelivery.test.ts do not cover, through n8n-core's TriggerContext against the X
 * emulator and a hostile loopback server in front of it (the rules endpoint and the stream answered
 * its own way, everything else passed on). Each case asserts the defence that holds the variant;
 * those that broke the package name the fix.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import type { StartedTrigger } from '../harness';
import { EngineHarness } from '../harness';
import { filteredStreamWorkflow, inFrontOfEmulator, streamSuite, until } from './streamKit';

const suite = streamSuite();
const { running } = suite;
let counter = 0;
const RULES = '/2/tweets/search/stream/rules';
const STREAM = '/2/tweets/search/stream';

/** A rules request as the hostile server saw it: method, parsed body, Authorization. */
interface RulesCall {
	method: string;
	body: IDataObject;
	authorization: string;
}
/** Answers a rules call its own way (returning true) or lets it pass on to the emulator. */
type RulesAnswer = (call: RulesCall, res: ServerResponse) => boolean;
type StreamAnswer = (req: IncomingMessage, res: ServerResponse, attempt: number) => void;

async function hostile(rules: RulesAnswer, stream?: StreamAnswer): Promise<{ url: string; tokens: string[]; streams: number[] }> {
	const target = new URL(suite.emulator.urls.api);
	const tokens: string[] = [];
	const streams: number[] = [];
	const url = await inFrontOfEmulator(suite, (req, res) => {
		if (stream && req.method === 'GET' && (req.url?.includes(`${STREAM}?`) || req.url?.endsWith(STREAM))) {
			streams.push(Date.now());
			stream(req, res, streams.length);
			return true;
		}
		if (!req.url?.includes(RULES)) return false;
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const raw = Buffer.concat(chunks);
			const authorization = String(req.headers.authorization ?? '');
			tokens.push(authorization.replace(/^Bearer /, ''));
			const body = jsonOr(raw.toString('utf8'));
			if (rules({ method: req.method ?? '', body, authorization }, res)) return;
			const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answered) => {
				res.writeHead(answered.statusCode ?? 502, answered.headers);
				answered.pipe(res);
			});
			upstream.on('error', () => res.destroy());
			upstream.end(raw);
		});
		return true;
	});
	return { url, tokens, streams };
}

/** A request's JSON body, or {} when it is none. */
function jsonOr(text: string): IDataObject {
	try {
		return JSON.parse(text || '{}') as IDataObject;
	} catch {
		return {};
	}
}

function harnessFor(apiBaseUrl: string): EngineHarness {
	return new EngineHarness({
		nodeTypes: [XTrigger],
		credentialTypes: [XAppOnlyApi, XOAuth1Api],
		credentials: { xAppOnlyApi: { apiKey: suite.emulator.app.consumerKey, apiKeySecret: suite.emulator.app.consumerSecret, apiBaseUrl } },
	});
}

async function start(harness: EngineHarness, id = `wf-attack2-${++counter}`, parameters: INodeParameters = {}): Promise<StartedTrigger> {
	const started = await harness.startTrigger(filteredStreamWorkflow(id, parameters));
	running.push(started);
	return started;
}

/** The activation's error (or undefined when it activated). */
async function activationError(harness: EngineHarness, id?: string): Promise<Error | undefined> {
	return await start(harness, id).then(
		() => undefined,
		(error: Error) => error,
	);
}

const json = (res: ServerResponse, body: unknown, status = 200) => {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(body));
};
const everything = (harness: EngineHarness, error?: Error) =>
	[error?.message ?? '', String((error as { description?: string } | undefined)?.description ?? ''), ...harness.logs.map((l) => `${l.message} ${JSON.stringify(l.meta ?? {})}`)].join('\n');
const rulesAtX = () => suite.emulator.control.streamRules();

describe('Stream attack run 2: the rules endpoint at activation', () => {
	it('X refuses a rule and echoes the bearer token (bare and as a header) in its words: the activation fails naming the rule, no token anywhere, the rule it did create removed', async () => {
		let created = 0;
		const { url, tokens } = await hostile((call, res) => {
			if (call.method !== 'POST' || !Array.isArray(call.body.add)) return false;
			created++;
			const token = call.authorization.replace(/^Bearer /, '');
			json(res, {
				data: [{ id: '1990000000000000001', value: 'acme', tag: 'brand' }],
				errors: [{ value: 'acme', title: 'Invalid Rule', detail: `your token ${token} (sent as Authorization: ${call.authorization})` }],
				meta: { sent: new Date().toISOString(), summary: { created: 1, not_created: 1, valid: 1, invalid: 1 } },
			});
			return true;
		});
		const harness = harnessFor(url);
		const error = await activationError(harness);
		expect(created).toBe(1);
		// X's reason first (its echo scrubbed), the rule after it.
		expect(error?.message).toBe('X refused a rule under Rules: your token [redacted] (sent as Authorization: [redacted]) (Invalid Rule), in the rule "acme"');
		const token = tokens[0];
		expect(token.length).toBeGreaterThan(16);
		expect(everything(harness, error)).not.toContain(token);
		expect(rulesAtX()).toEqual([]);
	});

	it('X answers 200 but creates none of the rules and names no refusal (summary not_created: 1): the activation fails saying so, not a trigger that never fires', async () => {
		const { url } = await hostile((call, res) => {
			if (call.method !== 'POST' || !Array.isArray(call.body.add)) return false;
			json(res, { meta: { sent: new Date().toISOString(), summary: { created: 0, not_created: 1 } } });
			return true;
		});
		const harness = harnessFor(url);
		const error = await activationError(harness);
		expect(error?.message).toMatch(/X created 0 of the 1 rules under Rules and named no refusal/);
	});

	it('X\'s data is not a list, rule ids missing or objects: the activation fails saying the rules were not created, never a TypeError', async () => {
		const { url } = await hostile((call, res) => {
			if (call.method !== 'POST' || !Array.isArray(call.body.add)) return false;
			json(res, { data: { id: { nested: true } }, errors: 'none', meta: { summary: { created: 7 } } });
			return true;
		});
		const error = await activationError(harnessFor(url));
		expect(error?.message).toMatch(/X created 0 of the 1 rules/);
		expect(error?.message).not.toMatch(/TypeError|not iterable|is not a function/);
	});
});

describe('Stream attack run 2: the rules endpoint at deactivation', () => {
	it('X answers the delete with a partial error (deleted 0, not_deleted 1) while the rule stays: deactivation says so, and the next activation (static data naming the rule, as a crash leaves it) removes it first', async () => {
		let refuseDelete = true;
		const { url } = await hostile((call, res) => {
			if (!refuseDelete || call.method !== 'POST' || !call.body.delete) return false;
			json(res, { errors: [{ title: 'Internal', detail: 'try later' }], meta: { sent: new Date().toISOString(), summary: { deleted: 0, not_deleted: 1 } } });
			return true;
		});
		const harness = harnessFor(url);
		const id = `wf-attack2-stale-${++counter}`;
		const first = await harness.startTrigger(filteredStreamWorkflow(id));
		const mine = rulesAtX().map((r) => r.id);
		expect(mine).toHaveLength(1);
		const closed = await first.close().then(
			() => undefined,
			(error: Error) => error,
		);
		expect(rulesAtX().map((r) => r.id)).toEqual(mine);
		expect(everything(harness, closed)).toMatch(new RegExp(`stream rules ${mine[0]}: X did not delete them`));
		// n8n stopped there (or crashed): the static data it saved at activation names the rule.
		harness.setWorkflowStaticData(id, { 'node:X Trigger': { streamRuleIds: mine } });
		refuseDelete = false;
		// (The loopback proxy keeps its upstream connection open: X still counts it, so this activation ends it.)
		await start(harness, id, { streamOptions: { reconnectAfterSilence: 2, onTooManyConnections: 'terminate' } });
		await until('the stale rule to be removed', () => !rulesAtX().some((r) => r.id === mine[0]));
		expect(rulesAtX()).toHaveLength(1);
	});

	it('X\'s delete answer claims every rule deleted while errors say otherwise (counts that do not add up): X\'s list decides, a rule already gone is not reported', async () => {
		const { url } = await hostile((call, res) => {
			if (call.method !== 'POST' || !call.body.delete) return false;
			// The rule is deleted at X, but the answer adds a refusal (as X reports a rule already gone) and counts that do not add up.
			const target = new URL(suite.emulator.urls.api);
			const upstream = httpRequest({ host: target.hostname, port: target.port, method: 'POST', path: `${target.pathname.replace(/\/$/, '')}${RULES}`, headers: { authorization: call.authorization, 'content-type': 'application/json' } }, (answered) => {
				answered.resume();
				answered.on('end', () => json(res, { errors: [{ title: 'RuleNotFound', detail: 'gone' }], meta: { summary: { deleted: 5, not_deleted: 1 } } }));
			});
			upstream.end(JSON.stringify(call.body));
			return true;
		});
		const harness = harnessFor(url);
		const started = await harness.startTrigger(filteredStreamWorkflow(`wf-attack2-${++counter}`));
		await expect(started.close()).resolves.toBeUndefined();
		expect(harness.logs.filter((l) => /could not remove/.test(l.message))).toEqual([]);
	});
});

describe('Stream attack run 2: hostile matching_rules', () => {
	it('matching_rules missing, empty, not a list, another workflow\'s ids, our id as a number, nulls, a huge list: emitted only when one of our ids is named', async () => {
		let ours = '';
		const lines: string[] = [];
		const post = (n: number, matching: unknown, omit = false) => JSON.stringify({ data: { id: `1980000000000000${String(n).padStart(3, '0')}`, text: `acme ${n}`, edit_history_tweet_ids: [`1980000000000000${String(n).padStart(3, '0')}`] }, ...(omit ? {} : { matching_rules: matching }) });
		const { url } = await hostile(
			() => false,
			(_req, res, attempt) => {
				res.writeHead(200, { 'content-type': 'application/json' });
				if (attempt > 1) return; // later connections: open and silent
				ours = rulesAtX()[0].id;
				const huge = Array.from({ length: 20_000 }, (_, i) => ({ id: String(1_000_000 + i) }));
				lines.push(
					post(1, undefined, true),
					post(2, []),
					post(3, { id: ours }),
					post(4, [{ id: '1111111111111111111', tag: 'someone else' }]),
					post(5, [null, 7, 'x', { id: null }]),
					post(6, huge),
					post(7, [...huge, { id: ours }]),
					post(8, [{ id: ours, tag: 'brand' }]),
				);
				res.write(`${lines.join('\r\n')}\r\n`);
			},
		);
		const harness = harnessFor(url);
		const started = await start(harness);
		await until('the posts to be read', () => started.items().length >= 2, 8000);
		await new Promise((r) => setTimeout(r, 300));
		const emitted = started.items().map((i) => String(((i.payload as IDataObject).data as IDataObject).id));
		expect(emitted).toEqual(['1980000000000000007', '1980000000000000008']);
	});

	it('a post of our rule repeated by the backfill of a reconnect, its matching_rules in another order and with another rule added: emitted once', async () => {
		const { url } = await hostile(
			() => false,
			(_req, res, attempt) => {
				res.writeHead(200, { 'content-type': 'application/json' });
				if (attempt > 2) return;
				const ours = rulesAtX()[0].id;
				const data = { id: '1970000000000000001', text: 'acme once', edit_history_tweet_ids: ['1970000000000000001'] };
				const matching = attempt === 1 ? [{ id: ours, tag: 'brand' }] : [{ id: '1111111111111111111', tag: 'other' }, { id: ours, tag: 'brand' }];
				res.end(`${JSON.stringify({ data, matching_rules: matching })}\r\n`);
			},
		);
		const harness = harnessFor(url);
		const started = await start(harness);
		await until('the reconnect with backfill', () => harness.logs.some((l) => /connecting again/.test(l.message)), 8000);
		await until('the third connection', () => harness.logs.filter((l) => /connecting again/.test(l.message)).length >= 2, 8000);
		expect(started.items()).toHaveLength(1);
	});
});

describe('Stream attack run 2: backoff and memory on the filtered stream', () => {
	it('alternating 200 (ended at once, no post) and 503: never proven, the attempt count and each kind\'s waits keep growing', async () => {
		const { url, streams } = await hostile(
			() => false,
			(_req, res, attempt) => {
				if (attempt % 2) {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.end('\r\n');
				} else json(res, { title: 'Service Unavailable' }, 503);
			},
		);
		const harness = harnessFor(url);
		// A cap of 1 s keeps X's 5 s for HTTP errors short here (the schedules: test/unit/reconnectBackoff).
		await start(harness, undefined, { streamOptions: { reconnectAfterSilence: 2, maxReconnectWait: 1 } });
		const reconnects = () => harness.logs.filter((l) => /connecting again/.test(l.message)).map((l) => l.message);
		await until('five reconnects', () => reconnects().length >= 5, 9000);
		expect(reconnects().map((m) => Number(/attempt (\d+) in a row/.exec(m)?.[1])).slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
		// drop 0.25 s, 503 1 s (capped), drop 0.5 s, 503 1 s, drop 0.75 s: the 503s did not start the drops' count again.
		expect(reconnects().map((m) => Number(/connecting again in ([\d.]+) s/.exec(m)?.[1])).slice(0, 5)).toEqual([0.25, 1, 0.5, 1, 0.75]);
		// ...and were waited: the gaps between connections are at least the announced waits.
		const gaps = streams.slice(1, 5).map((t, i) => t - streams[i]);
		expect(gaps.map((g, i) => g >= [250, 1000, 500, 1000][i] - 20)).toEqual([true, true, true, true]);
	}, 9500);

	it('a burst of 24 posts each near the 1 MiB line cap, then one over it: every post under the cap emitted once, the line over it ends the connection, heap bounded', async () => {
		const body = 'a'.repeat(1_048_576 - 400);
		let ours = '';
		const { url } = await hostile(
			() => false,
			(_req, res, attempt) => {
				res.writeHead(200, { 'content-type': 'application/json' });
				if (attempt > 1) return;
				ours = rulesAtX()[0].id;
				let n = 0;
				const next = () => {
					if (n < 24) {
						const id = `196000000000000${String(++n).padStart(4, '0')}`;
						res.write(`${JSON.stringify({ data: { id, text: body.slice(0, 1_048_576 - 400), edit_history_tweet_ids: [id] }, matching_rules: [{ id: ours }] })}\r\n`, next);
					} else res.write(`${'b'.repeat(1_048_576 + 4096)}`);
				};
				next();
			},
		);
		const harness = harnessFor(url);
		const before = process.memoryUsage().heapUsed;
		const started = await start(harness);
		await until('the line over the cap to end the connection', () => harness.logs.some((l) => /a line longer than 1048576 bytes/.test(l.message)), 9000);
		expect(started.items()).toHaveLength(24);
		expect(process.memoryUsage().heapUsed - before).toBeLessThan(400 * 1024 * 1024);
	}, 9500);
});
