/**
 * X allows one outstanding bearer token per App and refuses frequent token requests (403, code 99),
 * so an activation asks X for a token only when the credential holds none, and once more only
 * after X refused the one it held (401). Counted at the emulator for each delivery: the activity
 * stream, the filtered stream and webhook delivery, through n8n-core's trigger and hook contexts.
 */
import type { IDataObject } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import type { XEmulator } from '../emulator';
import { FILTERED_STREAM_ENDPOINT } from '../emulator/routes/streamRules';
import { EngineHarness, type StartedTrigger } from '../harness';
import { filteredStreamWorkflow, streamSuite, streamWorkflow, until } from './streamKit';

const suite = streamSuite();
let emulator: XEmulator;
let counter = 0;
/** What a webhook activation leaves to undo (the stream triggers are the suite's to close). */
const cleanups: Array<() => Promise<unknown>> = [];

beforeEach(() => {
	emulator = suite.emulator;
	emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
});
afterEach(async () => {
	while (cleanups.length) await cleanups.pop()!();
});

/** A token X issued to the App before the activation (as a credential that was used before holds). */
async function issuedToken(): Promise<string> {
	const basic = Buffer.from(`${encodeURIComponent(emulator.app.consumerKey)}:${encodeURIComponent(emulator.app.consumerSecret)}`).toString('base64');
	const answer = await fetch(`${emulator.urls.api}/oauth2/token`, {
		method: 'POST',
		headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
		body: 'grant_type=client_credentials',
	});
	return ((await answer.json()) as { access_token: string }).access_token;
}

function harnessHolding(accessToken?: string): EngineHarness {
	return new EngineHarness({
		nodeTypes: [XTrigger],
		credentialTypes: [XAppOnlyApi, XOAuth1Api],
		credentials: {
			xAppOnlyApi: { apiKey: emulator.app.consumerKey, apiKeySecret: emulator.app.consumerSecret, apiBaseUrl: emulator.urls.api, ...(accessToken ? { accessToken } : {}) },
		},
	});
}

/** The requests X saw, from the first token request on, as "METHOD path". */
const seen = () => emulator.control.requests().map((r) => `${r.method} ${r.path}`);
const tokenRequests = () => seen().filter((r) => r === 'POST /oauth2/token').length;

type Delivery = 'activity stream' | 'filtered stream' | 'webhook';

async function activate(delivery: Delivery, harness: EngineHarness): Promise<StartedTrigger | undefined> {
	const id = `wf-token-${++counter}`;
	if (delivery === 'webhook') {
		const target = { id, nodes: [{ name: 'X Trigger', type: 'n8n-nodes-x-ads.xTrigger', parameters: { events: ['*'], subscriptions: { subscription: [{ userId: emulator.users[0].userId, eventTypes: ['post.create'] }] } } }], connections: {} };
		const served = await harness.serveWebhooks(target);
		cleanups.push(() => served.close());
		await harness.activate(target);
		cleanups.push(() => harness.deactivate(target));
		return undefined;
	}
	const workflow = delivery === 'activity stream' ? streamWorkflow(id, emulator.users[0].userId) : filteredStreamWorkflow(id);
	const started: StartedTrigger = await harness.startTrigger(workflow);
	suite.running.push(started);
	const stream = delivery === 'activity stream' ? '/2/activity/stream' : '/2/tweets/search/stream';
	await until('the stream connection', () => seen().includes(`GET ${stream}`));
	return started;
}

const STREAM_PATH: Record<string, string> = { 'activity stream': '/2/activity/stream', 'filtered stream': '/2/tweets/search/stream' };

describe.each<Delivery>(['activity stream', 'filtered stream', 'webhook'])('bearer token requests per activation: %s', (delivery) => {
	it('none when the credential holds a token', async () => {
		const token = await issuedToken();
		emulator.control.clearRequests();
		await activate(delivery, harnessHolding(token));
		expect({ tokenRequests: tokenRequests(), order: seen() }).toMatchObject({ tokenRequests: 0 });
	});

	it('one when the credential holds none, and it is kept in the credential', async () => {
		const harness = harnessHolding();
		await activate(delivery, harness);
		expect({ tokenRequests: tokenRequests(), order: seen() }).toMatchObject({ tokenRequests: 1 });
		expect((harness.credentialData('xAppOnlyApi') as IDataObject).accessToken).toEqual(expect.any(String));
	});

	it('one more after X refused the token the credential held (401)', async () => {
		const held = await issuedToken();
		emulator.control.invalidateBearer();
		const before = tokenRequests();
		await activate(delivery, harnessHolding(held));
		expect({ tokenRequests: tokenRequests() - before, order: seen() }).toMatchObject({ tokenRequests: 1 });
	});
});

describe.each<Delivery>(['activity stream', 'filtered stream'])('bearer token renewal while the %s runs', (delivery) => {
	it('X revokes the token and drops the stream: one token request, the stream reconnects, deactivation sends the new token', async () => {
		const harness = harnessHolding();
		const started = await activate(delivery, harness);
		emulator.control.invalidateBearer();
		const before = tokenRequests();
		// The emulator's log keeps the Authorization scheme only, so the connections are told apart by X's answer.
		const connected = () => emulator.control.requests().filter((r) => r.path === STREAM_PATH[delivery] && r.status === 200).length;
		const connectedBefore = connected();
		emulator.control.dropActivityStreams(delivery === 'filtered stream' ? FILTERED_STREAM_ENDPOINT : undefined);
		await until('a connection after the renewal', () => connected() > connectedBefore, 15_000);
		expect(emulator.control.requests().some((r) => r.path === STREAM_PATH[delivery] && r.status === 401)).toBe(true);
		const sentBeforeClose = emulator.control.requests().length;
		await started!.close();
		// The clean-up: DELETE of the subscription, or POST rules {delete} of the filtered stream's rules.
		const cleanUp = emulator.control.requests().slice(sentBeforeClose);
		expect(cleanUp.length).toBeGreaterThan(0);
		expect(cleanUp.map((r) => r.status)).not.toContain(401);
		expect(tokenRequests() - before).toBe(1);
	});
});

