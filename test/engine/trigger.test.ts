/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The X Trigger node through the harness's n8n-style trigger support: activation and
 * deactivation with n8n-core's HookContext against the X emulator (real CRC GETs over loopback
 * HTTP), and webhook() with n8n-core's WebhookContext for CRC answers and signed deliveries, each
 * delivery with workflowData running through n8n-core's WorkflowExecute.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { recentEvents, XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import type { XEmulator } from '../emulator';
import { startEmulator } from '../emulator';
import type { ServedWebhooks, TriggerWorkflow, WebhookCallResult } from '../harness';
import { EngineHarness } from '../harness';
import { everyV2RequestIsAnEndpoint } from './endpointConformance';

const X_TRIGGER = 'n8n-nodes-x-ads.xTrigger';
const NODE = 'X Trigger';
const STATIC_KEY = `node:${NODE}`;

let emulator: XEmulator;
everyV2RequestIsAnEndpoint(() => emulator);
let userId: string;
let workflowCounter = 0;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
	emulator = await startEmulator();
	userId = emulator.users[0].userId;
});
afterAll(async () => emulator.close());
beforeEach(() => {
	emulator.control.reset();
	// The served URLs are http://127.0.0.1:<port>/...: X itself takes only public https URLs.
	emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
});
afterEach(async () => {
	while (cleanups.length) await cleanups.pop()!();
});

const sign = (body: string | Buffer, secret = emulator.app.consumerSecret) =>
	`sha256=${createHmac('sha256', secret).update(body).digest('base64')}`;

/** userContext: the trigger also holds users[0]'s X OAuth 1.0a credential (private activity kinds). */
function newHarness(staticData?: Record<string, IDataObject>, options: { userContext?: boolean } = {}): EngineHarness {
	const user = emulator.users[0];
	return new EngineHarness({
		nodeTypes: [XTrigger],
		credentialTypes: [XAppOnlyApi, XOAuth1Api],
		credentials: {
			xAppOnlyApi: {
				apiKey: emulator.app.consumerKey,
				apiKeySecret: emulator.app.consumerSecret,
				apiBaseUrl: emulator.urls.api,
			},
			...(options.userContext
				? {
						xOAuth1Api: {
							consumerKey: emulator.app.consumerKey,
							consumerSecret: emulator.app.consumerSecret,
							accessToken: user.accessToken,
							accessTokenSecret: user.accessTokenSecret,
							environment: 'production',
							apiBaseUrl: emulator.urls.api,
							adsBaseUrl: emulator.urls.ads,
							adsSandboxBaseUrl: emulator.urls.adsSandbox,
						},
					}
				: {}),
		},
		staticData,
	});
}

function trigger(parameters: INodeParameters = {}, id = `wf-trigger-${++workflowCounter}`): TriggerWorkflow & { id: string } {
	// Version 1.1: both user credentials on the node, no Authentication (1.2's: triggerAuthentication.test.ts).
	return { id, nodes: [{ name: NODE, type: X_TRIGGER, typeVersion: 1.1, parameters: { events: ['*'], ...parameters } }], connections: {} };
}

async function serve(harness: EngineHarness, target: TriggerWorkflow, port?: number): Promise<ServedWebhooks> {
	const served = await harness.serveWebhooks(target, port ? { port } : {});
	cleanups.push(() => served.close());
	return served;
}

const portOf = (url: string) => Number(new URL(url).port);
const webhookRequests = (method: string, prefix: string) =>
	emulator.control.requests().filter((r) => r.method === method && r.path.startsWith(prefix));
const nodeStatic = (harness: EngineHarness, id: string) => (harness.workflowStaticData(id)?.[STATIC_KEY] ?? {}) as IDataObject;
const subscriptions = () => emulator.control.activitySubscriptions();

/** The app's own calls to the emulator (to arrange state the node did not make). */
async function appCall(method: string, path: string, body?: unknown): Promise<{ status: number; json: IDataObject }> {
	const basic = Buffer.from(`${encodeURIComponent(emulator.app.consumerKey)}:${encodeURIComponent(emulator.app.consumerSecret)}`).toString('base64');
	const tokenAnswer = await fetch(`${emulator.urls.api}/oauth2/token`, {
		method: 'POST',
		headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
		body: 'grant_type=client_credentials',
	});
	const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
	const answer = await fetch(`${emulator.urls.api}${path}`, {
		method,
		headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
		body: body ? JSON.stringify(body) : undefined,
	});
	return { status: answer.status, json: (await answer.json()) as IDataObject };
}

/** An account-activity delivery batching three events of two kinds for one user. */
const batchedDelivery = () => ({
	for_user_id: userId,
	tweet_create_events: [
		{ id_str: '1800000000000000001', text: 'first – café', user: { id_str: userId } },
		{ id_str: '1800000000000000002', text: 'second', user: { id_str: userId } },
	],
	favorite_events: [{ id: 'fav-77', created_at: 'Mon Jun 01 10:00:00 +0000 2026', favorited_status: { id_str: '1799' } }],
});

type ActivationError = Error & { description?: string };

/** The error an activation fails with (the test fails if it does not). */
async function activationFailure(harness: EngineHarness, target: TriggerWorkflow, activation?: 'activate' | 'update'): Promise<ActivationError> {
	try {
		await harness.activate(target, activation);
	} catch (error) {
		return error as ActivationError;
	}
	throw new Error('the activation did not fail');
}

const items = (call: WebhookCallResult) => call.execution?.output().map((i) => i.json) ?? [];

describe('X Trigger activation (webhookMethods through n8n-core HookContext)', () => {
	it('registers the webhook at X after X\'s CRC GET reached the node over HTTP, and keeps its id in static data', async () => {
		const harness = newHarness();
		const target = trigger();
		const served = await serve(harness, target);
		expect(harness.webhookUrl(target)).toBe(served.url);
		expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook\/[0-9a-f-]{36}\/webhook$/);

		const activation = await harness.activate(target);

		const [webhook] = emulator.control.state().webhooks;
		expect(emulator.control.state().webhooks).toHaveLength(1);
		expect(webhook).toMatchObject({ url: served.url, valid: true });
		expect(emulator.control.crcAttempts()).toEqual([expect.objectContaining({ trigger: 'create', ok: true, status: 200, webhookId: webhook.id })]);
		// The CRC GET went to the node's 'setup' webhook, which answered it without an execution.
		expect(served.calls).toHaveLength(1);
		expect(served.calls[0]).toMatchObject({ webhookName: 'setup', status: 200, noWebhookResponse: true });
		expect(served.executions).toHaveLength(0);
		expect(activation.staticData).toMatchObject({ webhookId: webhook.id, createdWebhook: true });
		expect(nodeStatic(harness, target.id)).toMatchObject({ webhookId: webhook.id, createdWebhook: true });
		expect(activation.webhooks.map((w) => `${w.name} ${w.method}`)).toEqual(['setup GET', 'default POST']);
	});

	it('reuses the registered webhook on a second activation and after a restart, without a new registration or CRC', async () => {
		const harness = newHarness();
		const target = trigger();
		const served = await serve(harness, target);
		const first = await harness.activate(target);
		await harness.activate(target, 'update');
		expect(webhookRequests('POST', '/2/webhooks')).toHaveLength(1);
		expect(emulator.control.crcAttempts()).toHaveLength(1);
		expect(nodeStatic(harness, target.id).webhookId).toBe(first.staticData.webhookId);

		// n8n restarts: the same database (static data), the same URL, activation mode 'init'.
		const port = portOf(served.url);
		await served.close();
		const restarted = newHarness({ [target.id]: harness.workflowStaticData(target.id)! });
		const servedAgain = await serve(restarted, target, port);
		expect(servedAgain.url).toBe(served.url);
		const again = await restarted.activate(target, 'init');
		expect(again.staticData.webhookId).toBe(first.staticData.webhookId);
		expect(webhookRequests('POST', '/2/webhooks')).toHaveLength(1);
		expect(emulator.control.state().webhooks).toHaveLength(1);
	});

	it('finds its webhook when X lists the URL in another spelling, and does not claim one it did not create', async () => {
		const harness = newHarness();
		const target = trigger();
		const served = await serve(harness, target);
		const { staticData } = await harness.activate(target);
		// At X, the webhook was deleted and someone registered the node's URL again, spelled with an upper-case scheme.
		expect((await appCall('DELETE', `/2/webhooks/${String(staticData.webhookId)}`)).status).toBe(200);
		const created = await appCall('POST', '/2/webhooks', { url: `HTTP://${served.url.slice('http://'.length)}` });
		expect(created).toMatchObject({ status: 200 });
		const foreignId = (created.json.data as IDataObject).id;
		emulator.control.clearRequests();

		const activation = await harness.activate(target, 'update');
		expect(activation.staticData.webhookId).toBe(foreignId);
		expect(activation.staticData.createdWebhook).toBeUndefined();
		expect(webhookRequests('POST', '/2/webhooks')).toHaveLength(0);
		// Not created by this workflow: deactivation leaves it.
		expect((await harness.deactivate(target)).error).toBeUndefined();
		expect(emulator.control.state().webhooks.map((w) => w.id)).toEqual([foreignId]);
	});

	it('re-validates a webhook X marked invalid after a failed hourly CRC check', async () => {
		const harness = newHarness();
		const target = trigger();
		const served = await serve(harness, target);
		const { staticData } = await harness.activate(target);

		// The receiver is down during X's hourly check: the webhook becomes invalid, deliveries stop.
		const port = portOf(served.url);
		await served.close();
		const [hourly] = await emulator.control.runHourlyCrcCheck();
		expect(hourly).toMatchObject({ ok: false, valid: false });
		expect(hourly.reason).toMatch(/connect/);

		// Back up on the same URL: activation validates it again (PUT runs the CRC) instead of registering anew.
		const servedAgain = await serve(harness, target, port);
		emulator.control.clearRequests();
		const activation = await harness.activate(target, 'update');
		expect(activation.staticData.webhookId).toBe(staticData.webhookId);
		expect(webhookRequests('PUT', `/2/webhooks/${String(staticData.webhookId)}`)).toHaveLength(1);
		expect(webhookRequests('POST', '/2/webhooks')).toHaveLength(0);
		expect(emulator.control.state().webhooks[0].valid).toBe(true);
		expect(emulator.control.crcAttempts().at(-1)).toMatchObject({ trigger: 'validate', ok: true });
		expect(servedAgain.calls.map((c) => `${c.webhookName} ${c.status}`)).toEqual(['setup 200']);
	});

	it('fails an activation whose re-validation fails with a message that says what to do, and clears what the workflow had', async () => {
		const harness = newHarness();
		const target = trigger();
		const served = await serve(harness, target);
		await harness.activate(target);
		await served.close();
		await emulator.control.runHourlyCrcCheck();

		// Still down: validation's CRC fails.
		const error = await activationFailure(harness, target, 'update');
		expect(error).toBeInstanceOf(Error);
		expect(error.message).toMatch(/^Could not re-validate the webhook \d+ \(http:\/\/127\.0\.0\.1.*\) at X: X answered 400 CrcValidationFailed/);
		expect(error.message).toMatch(/could not connect \(ECONNREFUSED\)\. X could not get the CRC answer from this URL/);
		expect(error.message).toMatch(/must reach this n8n from the internet: set WEBHOOK_URL/);
		// n8n cleared the workflow's webhooks (delete on the saved static data): the webhook it created is gone.
		expect(emulator.control.state().webhooks).toHaveLength(0);
		expect(nodeStatic(harness, target.id).webhookId).toBeUndefined();
	});

	it('creates the configured activity subscriptions on activation; deactivation removes exactly them and the webhook it created', async () => {
		const harness = newHarness(undefined, { userContext: true });
		const otherUser = emulator.users[1].userId;
		const target = trigger({
			subscriptions: {
				subscription: [
					// like.create is private: created with users[0]'s OAuth 1.0a credential; "received" is X's inbound.
					{ userId, eventTypes: ['post.create', 'like.create'], direction: 'received', keyword: '' },
					{ userId: otherUser, eventTypes: ['profile.update.bio'], direction: 'none', keyword: 'launch' },
				],
			},
		});
		await serve(harness, target);
		// Someone else's subscription, on no webhook: must survive.
		const foreign = await appCall('POST', '/2/activity/subscriptions', { event_type: 'post.delete', filter: { user_id: userId } });
		expect(foreign.status).toBe(200);

		const activation = await harness.activate(target);
		const webhookId = String(activation.staticData.webhookId);
		const mine = subscriptions().filter((s) => s.webhook_id === webhookId);
		expect(mine.map((s) => [s.event_type, s.filter, s.tag])).toEqual([
			['post.create', { user_id: userId }, 'n8n'],
			['like.create', { user_id: userId, direction: 'inbound' }, 'n8n'],
			['profile.update.bio', { user_id: otherUser, keyword: 'launch' }, 'n8n'],
		]);
		expect(activation.staticData.subscriptionIds).toEqual(mine.map((s) => s.subscription_id));

		// Activating again with the same configuration creates nothing new.
		await harness.activate(target, 'update');
		expect(subscriptions()).toHaveLength(4);

		const deactivation = await harness.deactivate(target);
		expect(deactivation.error).toBeUndefined();
		expect(subscriptions().map((s) => s.subscription_id)).toEqual([((foreign.json.data as IDataObject).subscription as IDataObject).subscription_id]);
		expect(emulator.control.state().webhooks).toHaveLength(0);
		expect(deactivation.staticData).toEqual({});
	});

	it('keeps the webhook on deactivation when Keep Webhook on Deactivation is on (subscriptions go), and reuses it next time', async () => {
		const harness = newHarness();
		const target = trigger({ keepWebhook: true, subscriptions: { subscription: [{ userId, eventTypes: ['post.create'] }] } });
		await serve(harness, target);
		const { staticData } = await harness.activate(target);
		const deactivation = await harness.deactivate(target);
		expect(deactivation.error).toBeUndefined();
		expect(emulator.control.state().webhooks.map((w) => w.id)).toEqual([staticData.webhookId]);
		expect(subscriptions()).toHaveLength(0);
		expect(deactivation.staticData).toMatchObject({ webhookId: staticData.webhookId, createdWebhook: true });

		emulator.control.clearRequests();
		const again = await harness.activate(target);
		expect(again.staticData.webhookId).toBe(staticData.webhookId);
		expect(webhookRequests('POST', '/2/webhooks')).toHaveLength(0);
		expect(subscriptions().map((s) => s.webhook_id)).toEqual([staticData.webhookId]);
	});

	it('private kinds without the user\'s OAuth 1.0a credential: activation refused before anything is created at X', async () => {
		const harness = newHarness();
		const target = trigger({ subscriptions: { subscription: [{ userId, eventTypes: ['post.create', 'dm.received'] }] } });
		await serve(harness, target);
		emulator.control.clearRequests();
		const error = await activationFailure(harness, target);
		expect(error.message).toMatch(/dm\.received of user \d+: private kinds need the user's context: add an X OAuth 1\.0a or X User OAuth2 credential/);
		expect(webhookRequests('POST', '/2/')).toHaveLength(0);
		expect(emulator.control.state().webhooks).toHaveLength(0);
	});

	it('deactivation attempts every removal on its own and reports what is left (a refused DELETE stops nothing else)', async () => {
		const harness = newHarness();
		const target = trigger({ subscriptions: { subscription: [{ userId, eventTypes: ['post.create', 'post.delete'] }] } });
		await serve(harness, target);
		const { staticData } = await harness.activate(target);
		const [first, second] = staticData.subscriptionIds as string[];
		expect(first).toMatch(/^\d{1,19}$/);
		// X refuses the first DELETE (a rate limit far beyond the node's wait): the rest must still go.
		emulator.control.injectFaults([{ kind: 'rate_limit', resetInSeconds: 3600, match: { method: 'DELETE', path: `/2/activity/subscriptions/${first}` } }]);
		emulator.control.clearRequests();
		const deactivation = await harness.deactivate(target);
		expect(deactivation.error?.message).toMatch(new RegExp(`^Deactivation left at X: activity subscription ${first}: X answered 429`));
		expect(webhookRequests('DELETE', '/2/').map((r) => r.path)).toEqual([
			`/2/activity/subscriptions/${first}`,
			`/2/activity/subscriptions/${second}`,
			`/2/webhooks/${String(staticData.webhookId)}`,
		]);
		expect(subscriptions().map((s) => s.subscription_id)).toEqual([first]);
		expect(emulator.control.state().webhooks).toHaveLength(0);
		expect(harness.logs.some((l) => l.level === 'warn' && l.message.includes(`could not remove activity subscription ${first}`))).toBe(true);
		// Deactivating again (n8n kept the earlier static data) removes what is left.
		const again = await harness.deactivate(target);
		expect(again.error).toBeUndefined();
		expect(subscriptions()).toHaveLength(0);
	});

	it('an id of "undefined" stored by an earlier version is never sent: the webhook\'s n8n subscriptions are found at X and removed', async () => {
		const harness = newHarness();
		const target = trigger({ subscriptions: { subscription: [{ userId, eventTypes: ['post.create', 'post.delete'] }] } });
		await serve(harness, target);
		const { staticData } = await harness.activate(target);
		const webhookId = String(staticData.webhookId);
		// Someone's own subscription on the same webhook (another tag): not the trigger's to remove.
		const foreign = await appCall('POST', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: userId }, webhook_id: webhookId, tag: 'mine' });
		expect(foreign.status).toBe(200);
		// What version 1.1 stored: the create answer is nested, so its ids were "undefined".
		harness.setWorkflowStaticData(target.id, { [STATIC_KEY]: { ...staticData, subscriptionIds: ['undefined', 'undefined'] } });
		emulator.control.clearRequests();
		const deactivation = await harness.deactivate(target);
		expect(deactivation.error).toBeUndefined();
		expect(emulator.control.requests().some((r) => r.path.includes('undefined'))).toBe(false);
		expect(subscriptions().map((s) => s.subscription_id)).toEqual([(foreign.json.data as { subscription: IDataObject }).subscription.subscription_id]);
		expect(emulator.control.state().webhooks).toHaveLength(0);
	});

	it('does not fail a deactivation when the webhook or a subscription is already gone at X', async () => {
		const harness = newHarness();
		const target = trigger({ subscriptions: { subscription: [{ userId, eventTypes: ['post.create', 'post.delete'] }] } });
		await serve(harness, target);
		const { staticData } = await harness.activate(target);
		const [firstSubscription] = staticData.subscriptionIds as string[];
		expect((await appCall('DELETE', `/2/activity/subscriptions/${firstSubscription}`)).status).toBe(200);
		expect((await appCall('DELETE', `/2/webhooks/${String(staticData.webhookId)}`)).status).toBe(200);

		const deactivation = await harness.deactivate(target);
		expect(deactivation.error).toBeUndefined();
		expect(deactivation.staticData).toEqual({});
		expect(subscriptions()).toHaveLength(0);
		expect(harness.logs.filter((l) => l.level === 'error')).toEqual([]);
	});

	it('undoes a half-done activation: a refused subscription removes the webhook and subscriptions it created', async () => {
		const harness = newHarness();
		const target = trigger({
			subscriptions: { subscription: [{ userId, eventTypes: ['post.create'] }, { userId: 'not-a-number', eventTypes: ['post.delete'] }] },
		});
		const served = await serve(harness, target);
		const error = await activationFailure(harness, target);
		expect(error.message).toMatch(/^Could not create the activity subscription to post\.delete events of user not-a-number: X answered 400/);
		expect(error.message).toMatch(/filter\.user_id.*User ID must be the numeric X user ID/);
		expect(emulator.control.state().webhooks).toHaveLength(0);
		expect(subscriptions()).toHaveLength(0);
		expect(nodeStatic(harness, target.id)).toEqual({});
		// The workflow is not active: its URL is not served any more.
		const answer = await fetch(`${served.url}?crc_token=${'A'.repeat(20)}`);
		expect(answer.status).toBe(404);
	});

	describe('activation errors say what to do', () => {
		it('UrlValidationFailed names the URL and says to set WEBHOOK_URL to a public https address', async () => {
			emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: false });
			const harness = newHarness();
			const target = trigger();
			const served = await serve(harness, target);
			const error = await activationFailure(harness, target);
			expect(error.message).toContain(`Could not register ${served.url} as the webhook at X: X answered 400 UrlValidationFailed`);
			expect(error.message).toMatch(/public https URL without a port.*set WEBHOOK_URL/);
			// The editor shows a NodeApiError's description: it says the same.
			expect(error.description).toMatch(/^Could not register .* as the webhook at X \(POST \/2\/webhooks\)\. X refused the URL: .*WEBHOOK_URL/);
			expect(served.calls).toHaveLength(0);
			expect(emulator.control.state().webhooks).toHaveLength(0);
		});

		it('CrcValidationFailed when X cannot reach the node says the workflow must be reachable', async () => {
			const harness = newHarness();
			const target = trigger();
			// A port nobody listens on.
			const closed = createServer();
			await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
			const { port } = closed.address() as AddressInfo;
			await new Promise((resolve) => closed.close(resolve));
			harness.webhookBaseUrl = `http://127.0.0.1:${port}/webhook`;

			const error = await activationFailure(harness, target);
			expect(error.message).toMatch(/^Could not register http:\/\/127\.0\.0\.1:\d+\/webhook\/.* as the webhook at X: X answered 400 CrcValidationFailed: The CRC check of the webhook URL failed: could not connect \(ECONNREFUSED\)/);
			expect(error.message).toMatch(/n8n answers it itself while it activates the workflow, so the URL must reach this n8n from the internet: set WEBHOOK_URL to n8n's public https address/);
			expect(error.message).toMatch(/API Key Secret is the App's, then activate the workflow again\.$/);
			expect(emulator.control.state().webhooks).toHaveLength(0);
		});

		it('DuplicateUrlFailed (another activation registering the same URL at the same time) says to reuse or delete it', async () => {
			const harnessA = newHarness();
			const harnessB = newHarness();
			const target = trigger();
			let raceError: ActivationError | undefined;
			// A receiver that, on X's first CRC GET, lets a second n8n instance activate the same workflow.
			const receiver = createServer((req, res) => {
				void (async () => {
					const url = new URL(req.url ?? '/', 'http://127.0.0.1');
					if (!raceError) raceError = await activationFailure(harnessB, target);
					const answer = await harnessA.callWebhook(target, { method: 'GET', query: { crc_token: url.searchParams.get('crc_token') ?? '' } });
					res.writeHead(answer.status, { 'content-type': 'application/json' });
					res.end(JSON.stringify(answer.body));
				})();
			});
			await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
			cleanups.push(() => new Promise((resolve) => receiver.close(resolve)));
			const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
			harnessA.webhookBaseUrl = base;
			harnessB.webhookBaseUrl = base;

			await harnessA.activate(target);
			expect(raceError?.message).toMatch(/^Could not register http:\/\/127\.0\.0\.1.* as the webhook at X: X answered 409 DuplicateUrlFailed/);
			expect(raceError?.message).toMatch(/list the webhooks and reuse \(or delete\) that one/);
			expect(emulator.control.state().webhooks).toHaveLength(1);
			expect(nodeStatic(harnessB, target.id).webhookId).toBeUndefined();
		});

		it('WebhookLimitExceeded says to delete a webhook the App no longer needs', async () => {
			const harness = newHarness();
			const other = trigger();
			await serve(harness, other);
			await harness.activate(other);
			const target = trigger();
			await serve(harness, target);
			const error = await activationFailure(harness, target);
			expect(error.message).toMatch(/as the webhook at X: X answered 403 WebhookLimitExceeded/);
			expect(error.message).toMatch(/delete one it no longer needs \(list them first\)/);
			expect(emulator.control.state().webhooks).toHaveLength(1);
		});
	});
});

describe('X Trigger webhook() (n8n-core WebhookContext)', () => {
	describe('CRC GET', () => {
		const crc = async (harness: EngineHarness, target: TriggerWorkflow, query: Record<string, string | string[]>) =>
			await harness.callWebhook(target, { method: 'GET', query });

		it('answers 200 {response_token} keyed with the consumer secret, without an execution or a static data change', async () => {
			const harness = newHarness();
			const target = trigger();
			const token = 'q0+Jk/3m9ZxQ2wT7uY1aB4cD6eF8gH0iJ2kL4mN6oP8=';
			const answer = await crc(harness, target, { crc_token: token });
			expect(answer).toMatchObject({ status: 200, webhookName: 'setup', noWebhookResponse: true, staticDataSaved: false });
			expect(answer.body).toEqual({ response_token: `sha256=${createHmac('sha256', emulator.app.consumerSecret).update(token).digest('base64')}` });
			expect(answer.execution).toBeUndefined();
		});
	});

	describe('deliveries', () => {
		let harness: EngineHarness;
		let target: TriggerWorkflow & { id: string };
		let served: ServedWebhooks;

		/** The deliveries that reached the node (served.calls also holds the CRC GET of the activation). */
		const posts = () => served.calls.filter((c) => c.webhookName === 'default');

		const activate = async (parameters: INodeParameters = {}) => {
			harness = newHarness();
			target = trigger(parameters);
			served = await serve(harness, target);
			await harness.activate(target);
		};

		it('runs one execution per signed delivery, one item per event, keeping for_user_id, the kind and the payload as sent', async () => {
			await activate();
			const delivery = batchedDelivery();
			const [result] = await emulator.control.deliverEvent(served.url, delivery);
			await served.settled();
			expect(result.status).toBe(200);
			expect(served.executions).toHaveLength(1);
			const call = served.executions[0];
			expect(call.body).toEqual({ received: 3 });
			expect(call.execution?.run.status).toBe('success');
			const got = items(call);
			expect(got.map((i) => [i.event_type, i.event_id, i.for_user_id])).toEqual([
				['post.create', '1800000000000000001', userId],
				['post.create', '1800000000000000002', userId],
				['favorite', 'fav-77', userId],
			]);
			expect(got.map((i) => i.payload)).toEqual([...delivery.tweet_create_events, ...delivery.favorite_events]);
			for (const item of got) expect(new Date(String(item.received_at)).toISOString()).toBe(item.received_at);

			const [second] = await emulator.control.deliverEvent(served.url, { for_user_id: userId, tweet_create_events: [{ id_str: '1800000000000000003' }] });
			await served.settled();
			expect(second.status).toBe(200);
			expect(served.executions).toHaveLength(2);
			expect(items(served.executions[1]).map((i) => i.event_id)).toEqual(['1800000000000000003']);
		});

		it('verifies the signature over the exact raw bytes (pretty-printed, non-ASCII)', async () => {
			await activate();
			const raw = Buffer.from(`{\n  "for_user_id": "${userId}",\n  "tweet_create_events": [ { "id_str": "42", "text": "na\\u00efve \u2013 caf\u00e9 \u{1F600}" } ]\n}\n`);
			const answer = await fetch(served.url, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'x-twitter-webhooks-signature': sign(raw) }, body: raw });
			await served.settled();
			expect(answer.status).toBe(200);
			expect(items(served.executions[0])[0].payload).toEqual({ id_str: '42', text: 'naïve – café 😀' });
		});

		it('answers 401 to a signature made with another secret, and to one over other bytes', async () => {
			harness = newHarness();
			target = trigger();
			const body = JSON.stringify(batchedDelivery());
			const wrongKey = await harness.callWebhook(target, { rawBody: body, headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': sign(body, 'another-secret') } });
			const otherBytes = await harness.callWebhook(target, {
				rawBody: body.replace('"first', ' "first'),
				headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': sign(body) },
			});
			for (const answer of [wrongKey, otherBytes]) {
				expect(answer.status).toBe(401);
				expect(answer.execution).toBeUndefined();
			}
		});

		it('refuses malformed JSON with a good signature without an execution (n8n\'s body parser answers 422 for application/json)', async () => {
			await activate();
			const raw = Buffer.from('{"for_user_id": "1", "tweet_create_events": [');
			const asJson = await fetch(served.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': sign(raw) }, body: raw });
			expect(asJson.status).toBe(422);
			expect(await asJson.json()).toMatchObject({ message: 'Failed to parse request body' });
			// A content type n8n does not parse as JSON reaches the node, which parses the raw bytes itself.
			const asText = await fetch(served.url, { method: 'POST', headers: { 'content-type': 'text/plain', 'x-twitter-webhooks-signature': sign(raw) }, body: raw });
			expect(asText.status).toBe(400);
			expect(await asText.json()).toEqual({ error: 'body is not JSON: the text ends too early' });
			await served.settled();
			expect(served.executions).toHaveLength(0);
		});

		it('runs a duplicate delivery (same event id) once, also after n8n restarts with the same static data', async () => {
			await activate();
			const delivery = batchedDelivery();
			const results = await emulator.control.deliverEvent(served.url, delivery, { twice: true });
			await served.settled();
			expect(results.map((r) => r.status)).toEqual([200, 200]);
			expect(served.executions).toHaveLength(1);
			expect(posts().map((c) => c.body)).toEqual([{ received: 3 }, { received: 0 }]);
			// The dedupe state was saved after the webhook call, like n8n saves changed static data.
			expect(posts().map((c) => c.staticDataSaved)).toEqual([true, false]);
			expect(nodeStatic(harness, target.id).seen).toMatch(/^[A-Za-z0-9_-]{36}$/); // 3 fingerprints

			const port = portOf(served.url);
			await served.close();
			recentEvents.clear(); // a new n8n process starts with no memory: only static data remembers
			const restarted = newHarness({ [target.id]: harness.workflowStaticData(target.id)! });
			const servedAgain = await serve(restarted, target, port);
			await restarted.activate(target, 'init');
			const again = await emulator.control.deliverEvent(servedAgain.url, delivery);
			const fresh = await emulator.control.deliverEvent(servedAgain.url, { for_user_id: userId, tweet_create_events: [{ id_str: '1800000000000000009' }] });
			await servedAgain.settled();
			expect([...again, ...fresh].map((r) => r.status)).toEqual([200, 200]);
			expect(servedAgain.executions).toHaveLength(1);
			expect(items(servedAgain.executions[0]).map((i) => i.event_id)).toEqual(['1800000000000000009']);
		});

		it('drops the kinds the Events filter does not name (acknowledged with 200)', async () => {
			await activate({ events: ['post.create'] });
			await emulator.control.deliverEvent(served.url, batchedDelivery());
			const onlyOthers = await emulator.control.deliverEvent(served.url, { for_user_id: userId, favorite_events: [{ id: 'fav-78' }] });
			await served.settled();
			expect(onlyOthers[0].status).toBe(200);
			expect(served.executions).toHaveLength(1);
			expect(items(served.executions[0]).map((i) => i.event_type)).toEqual(['post.create', 'post.create']);
			expect(posts()[1].body).toEqual({ received: 0 });
		});

		it('receives Activity API events of its subscriptions: event_uuid is the id, the subscribed user is for_user_id', async () => {
			await activate({
				events: ['post.create', 'profile.update.bio'],
				subscriptions: { subscription: [{ userId, eventTypes: ['post.create', 'profile.update.bio', 'post.delete'] }] },
			});
			const bio = { id: userId, description: { before: 'a', after: 'b' } };
			await emulator.control.emitActivity(userId, 'profile.update.bio', bio);
			// A second, different event about the same user (same payload id) is not a duplicate.
			await emulator.control.emitActivity(userId, 'profile.update.bio', { ...bio, description: { before: 'b', after: 'c' } });
			await emulator.control.emitActivity(userId, 'post.create', { id: '1800000000000000100', text: 'hello' });
			// Subscribed, but not one of the node's Events: acknowledged and dropped.
			await emulator.control.emitActivity(userId, 'post.delete', { id: '1800000000000000100' });
			await served.settled();

			const sent = emulator.control.deliveries().map((d) => JSON.parse(d.body) as { data: IDataObject });
			expect(sent).toHaveLength(4);
			expect(posts().map((c) => c.status)).toEqual([200, 200, 200, 200]);
			expect(posts()[3].body).toEqual({ received: 0 });
			expect(served.executions).toHaveLength(3);
			const got = served.executions.map((call) => items(call)[0]);
			expect(got.map((i) => [i.event_type, i.event_id, i.for_user_id])).toEqual(
				sent.slice(0, 3).map((s) => [s.data.event_type, s.data.event_uuid, userId]),
			);
			expect(got.map((i) => i.payload)).toEqual(sent.slice(0, 3));
		});
	});
});
