/**
 * X Trigger in real n8n, http loopback callback (the emulator allows http loopback URLs with a port).
 *
 * Activation: n8n stores the trigger's GET and POST webhooks, then runs the node's checkExists/create,
 * which registers n8n's production URL at the emulator; the emulator's CRC GET is answered by n8n
 * itself (the node's 'setup' webhook) before the registration is accepted, then the configured
 * activity subscriptions are created. Deliveries come from the emulator (signed POSTs over undici):
 * single, batched Account Activity payload, an array of deliveries in one POST, an activity of a
 * subscription, the same event again (unhurried), a partly known batch, tampered, unsigned, and a
 * malformed JSON body (signed, sent directly). Immediate retries (the emulator's `twice`) and
 * concurrent deliveries are case 83. n8n's executions are the judge: exactly one per good delivery, one item per new event,
 * none for the rest. The hourly CRC check passes while active; deactivation removes the webhook and
 * the subscriptions activation created.
 *
 * The named exports are shared by the other X Trigger cases (80-89).
 */
import { createHmac, randomUUID } from 'node:crypto';

import type { ExecutionResult, SavedWorkflow, WorkflowJson } from '../n8n';
import { defineCase, type CaseContext } from '../types';

export const TRIGGER = 'X Trigger';
const sleep = async (ms: number) => await new Promise((r) => setTimeout(r, ms));

export interface XWebhook {
	id: string;
	url: string;
	valid: boolean;
}

export interface ActiveTrigger {
	workflow: SavedWorkflow;
	/** n8n's production URL of the trigger (what X must call). */
	url: string;
	/** The webhook the emulator holds for that URL after activation. */
	xWebhook: XWebhook;
	/** Milliseconds the activation took (POST /activate until every trigger is active). */
	activationMs: number;
}

export const emu = (ctx: CaseContext) => ctx.emulator!.control as Record<string, any>;
export const xWebhooks = (ctx: CaseContext): XWebhook[] => emu(ctx).state().webhooks.map((w: XWebhook) => ({ id: w.id, url: w.url, valid: w.valid }));
export const xSubscriptions = (ctx: CaseContext): Array<{ subscription_id: string; event_type: string; filter: Record<string, string>; webhook_id?: string }> =>
	emu(ctx).activitySubscriptions();
export const userId = (ctx: CaseContext, index = 0) => ctx.emulator!.users[index].userId;

/** A workflow with only the X Trigger (parameters merged over events ['*']) and the case's credential. */
export function triggerWorkflow(ctx: CaseContext, parameters: Record<string, unknown> = {}, credentialAlias = 'x'): WorkflowJson {
	const cred = ctx.credentials[credentialAlias];
	return {
		name: `e2e X Trigger ${randomUUID().slice(0, 8)}`,
		nodes: [
			{
				name: TRIGGER,
				type: `${ctx.pkg.name}.xTrigger`,
				typeVersion: 1.1,
				position: [0, 0],
				// The editor gives every node with webhooks a webhookId (its production path is <webhookId>/webhook).
				webhookId: randomUUID(),
				parameters: { events: ['*'], ...parameters },
				credentials: { xAppOnlyApi: { id: cred.id, name: cred.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** n8n's production URL of a node's webhook path, on the WEBHOOK_URL the case's n8n was started with. */
export function productionUrl(ctx: CaseContext, node: Record<string, any>, webhookBase?: string): string {
	const base = (webhookBase ?? `${ctx.n8n.baseUrl}/`).replace(/\/?$/, '/');
	return `${base}webhook/${String(node.webhookId)}/webhook`;
}

/** Saves and activates the workflow; returns the webhook the emulator registered for n8n's URL. */
export async function activateTrigger(ctx: CaseContext, wf: WorkflowJson, webhookBase?: string): Promise<ActiveTrigger> {
	const workflow = await ctx.client.createWorkflow(wf);
	const url = productionUrl(ctx, workflow.nodes.find((n) => n.name === TRIGGER)!, webhookBase);
	const t = Date.now();
	await ctx.client.activateWorkflow(workflow.id);
	const activationMs = Date.now() - t;
	const xWebhook = xWebhooks(ctx).find((w) => new URL(w.url).href === new URL(url).href);
	if (!xWebhook) throw new Error(`after activation the emulator has no webhook for ${url}; it has ${JSON.stringify(xWebhooks(ctx))}`);
	return { workflow, url, xWebhook, activationMs };
}

/** Deactivates and waits until `gone()` holds (2.x unpublishes asynchronously). */
export async function deactivateTrigger(ctx: CaseContext, workflowId: string, gone: () => boolean, timeoutMs = 20_000): Promise<number> {
	const t = Date.now();
	await ctx.client.deactivateWorkflow(workflowId);
	while (!gone()) {
		if (Date.now() - t > timeoutMs) throw new Error(`deactivation of workflow ${workflowId}: the emulator still has webhooks ${JSON.stringify(xWebhooks(ctx))} and subscriptions ${JSON.stringify(xSubscriptions(ctx))} after ${timeoutMs} ms`);
		await sleep(100);
	}
	return Date.now() - t;
}

/** Best-effort clean-up: deactivate and delete the workflow. */
export async function removeWorkflow(ctx: CaseContext, workflowId: string | undefined): Promise<void> {
	if (!workflowId) return;
	await ctx.client.deactivateWorkflow(workflowId).catch(() => undefined);
	await ctx.client.deleteWorkflow(workflowId).catch(() => undefined);
}

/** Finished executions of a workflow, oldest first. */
export async function executionsOf(ctx: CaseContext, workflowId: string): Promise<ExecutionResult[]> {
	const list = await ctx.client.listExecutions(workflowId);
	const ids = list.map((e) => String(e.id)).sort((a, b) => Number(a) - Number(b));
	return await Promise.all(ids.map(async (id) => await ctx.client.waitForExecution(id, 15_000)));
}

/** Waits until the workflow has `count` executions, then `settleMs` more to see that no other one follows. */
export async function expectExecutionCount(ctx: CaseContext, workflowId: string, count: number, what: string, settleMs = 0, timeoutMs = 15_000): Promise<ExecutionResult[]> {
	const deadline = Date.now() + timeoutMs;
	let list = await ctx.client.listExecutions(workflowId);
	while (list.length < count && Date.now() < deadline) {
		await sleep(100);
		list = await ctx.client.listExecutions(workflowId);
	}
	if (settleMs) {
		await sleep(settleMs);
		list = await ctx.client.listExecutions(workflowId);
	}
	if (list.length !== count) {
		const found = await executionsOf(ctx, workflowId);
		throw new Error(`${what}: expected ${count} executions of workflow ${workflowId}, found ${list.length}: ${JSON.stringify(found.map((e) => ({ id: e.id, status: e.status, events: eventIds(e) })))}`);
	}
	return await executionsOf(ctx, workflowId);
}

export const triggerItems = (ex: ExecutionResult) => ex.output(TRIGGER) as Array<Record<string, any>>;
export const eventIds = (ex: ExecutionResult) => {
	try {
		return triggerItems(ex).map((i) => `${String(i.event_type)}:${String(i.event_id)}`);
	} catch {
		return [];
	}
};

export const sign = (secret: string, raw: string | Buffer) => `sha256=${createHmac('sha256', secret).update(raw).digest('base64')}`;

/** A POST straight to n8n's webhook URL (for bodies the emulator cannot send, such as malformed JSON). */
export async function postToN8n(url: string, raw: string, headers: Record<string, string>, init: Record<string, unknown> = {}): Promise<{ status: number; text: string }> {
	const res = await fetch(url, { method: 'POST', headers, body: raw, ...init });
	return { status: res.status, text: await res.text() };
}

/** Checks one delivery's POST statuses. */
export function expectStatuses(results: Array<{ status: number | null; error?: string }>, want: number[], what: string): void {
	const got = results.map((r) => r.status ?? `error: ${r.error}`);
	if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${what}: n8n answered ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
}

export function expectItems(ex: ExecutionResult, want: Array<Record<string, unknown>>, what: string): void {
	const items = triggerItems(ex);
	const brief = (i: Record<string, any>) => ({ event_type: i.event_type, event_id: i.event_id, for_user_id: i.for_user_id });
	if (items.length !== want.length) throw new Error(`${what}: execution ${ex.id} has ${items.length} items, expected ${want.length}: ${JSON.stringify(items.map(brief))}`);
	want.forEach((w, i) => {
		for (const [k, v] of Object.entries(w)) {
			const got = items[i][k];
			if (JSON.stringify(got) !== JSON.stringify(v)) throw new Error(`${what}: execution ${ex.id} item ${i} ${k} = ${JSON.stringify(got)}, expected ${JSON.stringify(v)}; items ${JSON.stringify(items.map(brief))}`);
		}
		if (typeof items[i].received_at !== 'string') throw new Error(`${what}: item ${i} has no received_at`);
	});
}

// ---------------------------------------------------------------------------------------------

export default defineCase({
	name: 'X Trigger: activation with n8n answering the CRC, one execution per good delivery, hourly CRC, deactivation cleans up (http loopback)',
	needs: ['package', 'emulator'],
	credentials: { x: { type: 'xAppOnlyApi' } },
	setup: (ctx) => {
		emu(ctx).setWebhookSettings({ allowHttpLoopbackCallbacks: true });
	},
	timeoutMs: 90_000,
	check: async (ctx) => {
		const control = emu(ctx);
		const secret = ctx.emulator!.app.consumerSecret;
		const uid = userId(ctx);
		let workflowId: string | undefined;
		try {
			// --- activation -----------------------------------------------------------------------
			const wf = triggerWorkflow(ctx, {
				subscriptions: { subscription: [{ userId: uid, eventTypes: ['profile.update.bio', 'post.create'], direction: 'none', keyword: '' }] },
			});
			const active = await activateTrigger(ctx, wf);
			workflowId = active.workflow.id;
			ctx.log(`activation ${active.activationMs} ms; n8n's URL ${active.url}`);
			const { url, xWebhook } = active;
			if (!url.startsWith(`${ctx.n8n.baseUrl}/webhook/`)) throw new Error(`unexpected production URL ${url}`);
			if (!xWebhook.valid) throw new Error(`the registered webhook is not valid: ${JSON.stringify(xWebhook)}`);
			const crc = control.crcAttempts();
			if (crc.length !== 1 || crc[0].trigger !== 'create' || !crc[0].ok || crc[0].status !== 200 || crc[0].url !== url) {
				throw new Error(`expected one passing CRC GET on registration to ${url}, got ${JSON.stringify(crc)}`);
			}
			// n8n itself served that GET (its log names the trigger's path)
			const hookPath = `${String(active.workflow.nodes[0].webhookId)}/webhook`;
			if (!ctx.n8n.logText().includes(`Received webhook "GET" for path "${hookPath}"`)) throw new Error(`n8n's log does not show the CRC GET for ${hookPath}`);
			const reqs = control.requests().filter((r: any) => r.base === 'api' && r.path.startsWith('/2/'));
			const calls = reqs.map((r: any) => `${r.method} ${r.path} ${r.status}`);
			const want = ['GET /2/webhooks 200', 'POST /2/webhooks 200', 'POST /2/activity/subscriptions 200', 'POST /2/activity/subscriptions 200'];
			if (JSON.stringify(calls) !== JSON.stringify(want)) throw new Error(`activation made ${JSON.stringify(calls)}, expected ${JSON.stringify(want)}`);
			const subs = xSubscriptions(ctx);
			if (subs.length !== 2 || !subs.every((s) => s.webhook_id === xWebhook.id && s.filter.user_id === uid) || subs.map((s) => s.event_type).sort().join() !== 'post.create,profile.update.bio') {
				throw new Error(`activation should create 2 subscriptions on webhook ${xWebhook.id}: ${JSON.stringify(subs)}`);
			}
			await expectExecutionCount(ctx, workflowId, 0, 'the CRC GET of activation');

			// --- good deliveries ------------------------------------------------------------------
			let executions = 0;
			const deliver = async (event: unknown, options: Record<string, unknown>, wantStatus: number[], what: string) => {
				const results = await control.deliverEvent(xWebhook.id, event, options);
				expectStatuses(results, wantStatus, what);
				return results;
			};
			const expectNewExecution = async (what: string, items: Array<Record<string, unknown>>) => {
				executions++;
				const all = await expectExecutionCount(ctx, workflowId!, executions, what);
				const ex = all[all.length - 1];
				if (ex.status !== 'success' || ex.mode !== 'webhook') throw new Error(`${what}: execution ${ex.id} status ${ex.status}, mode ${ex.mode}`);
				expectItems(ex, items, what);
				return ex;
			};

			// 1. a single Account Activity event
			const single = { for_user_id: uid, tweet_create_events: [{ id_str: '1800000000000000001', text: 'hello from e2e', user: { id_str: uid } }] };
			await deliver(single, {}, [200], 'single event');
			const ex1 = await expectNewExecution('single event', [{ event_type: 'post.create', event_id: '1800000000000000001', for_user_id: uid, payload: single.tweet_create_events[0] }]);

			// 2. one Account Activity payload with several events of several kinds
			const batch = {
				for_user_id: uid,
				tweet_create_events: [
					{ id_str: '1800000000000000002', text: 'second' },
					{ id_str: '1800000000000000003', text: 'third' },
				],
				favorite_events: [{ id: 'fav-0001', favorited_status: { id_str: '1800000000000000002' }, user: { id_str: '42' } }],
				follow_events: [{ type: 'follow', created_timestamp: '1760000000000', source: { id: '42' }, target: { id: uid } }],
			};
			await deliver(batch, {}, [200], 'batched Account Activity payload');
			const ex2 = await expectNewExecution('batched Account Activity payload', [
				{ event_type: 'post.create', event_id: '1800000000000000002', for_user_id: uid },
				{ event_type: 'post.create', event_id: '1800000000000000003', for_user_id: uid },
				{ event_type: 'favorite', event_id: 'fav-0001', for_user_id: uid },
				{ event_type: 'follow', for_user_id: uid, payload: batch.follow_events[0] },
			]);
			const followId = String(triggerItems(ex2)[3].event_id);
			if (!/^[0-9a-f]{64}$/.test(followId)) throw new Error(`an event without an id should get a content hash as event_id, got ${followId}`);

			// 3. two deliveries in one POST (the emulator's batch option)
			const two = [
				{ for_user_id: uid, direct_message_events: [{ type: 'message_create', id: 'dm-0001', message_create: { sender_id: '42', target: { recipient_id: uid }, message_data: { text: 'hi' } } }] },
				{ data: { event_type: 'profile.update.bio', event_uuid: 'uuid-bio-0001', filter: { user_id: uid }, payload: { before: 'a', after: 'b' } } },
			];
			await deliver(two, { batch: true }, [200], 'array of deliveries in one POST');
			await expectNewExecution('array of deliveries in one POST', [
				{ event_type: 'MessageCreate', event_id: 'dm-0001', for_user_id: uid },
				{ event_type: 'profile.update.bio', event_id: 'uuid-bio-0001', for_user_id: uid },
			]);

			// 4. an activity of a subscription, emitted by the emulator to the subscribed webhook
			const emitted = await control.emitActivity(uid, 'profile.update.bio', { before: 'a', after: 'activity bio' });
			if (emitted.length !== 1 || emitted[0].webhook_id !== xWebhook.id) throw new Error(`emitActivity should reach the one profile.update.bio subscription: ${JSON.stringify(emitted)}`);
			expectStatuses(emitted[0].results, [200], 'activity event');
			const eventUuid = JSON.parse(emitted[0].results[0].body).data.event_uuid;
			await expectNewExecution('activity event', [{ event_type: 'profile.update.bio', event_id: eventUuid, for_user_id: uid }]);

			// --- duplicates (X's immediate retries and concurrent deliveries: case 83) ---------------
			// 5. the same delivery twice in a row (X retries), unhurried: the second POST waits until
			//    n8n has stored the node's static data (see case 83 for why it must wait)
			const twice = { for_user_id: uid, tweet_create_events: [{ id_str: '1800000000000000010', text: 'sent twice' }] };
			await deliver(twice, {}, [200], 'delivery sent twice (first)');
			await expectNewExecution('delivery sent twice', [{ event_type: 'post.create', event_id: '1800000000000000010' }]);
			await deliver(twice, {}, [200], 'delivery sent twice (second)');
			// 6. the single event of step 1 again, later: acknowledged, no execution
			await deliver(single, {}, [200], 're-delivery of the first event');
			// 7. a batch of a known and a new event: one execution with the new event only
			const mixed = { for_user_id: uid, tweet_create_events: [single.tweet_create_events[0], { id_str: '1800000000000000011', text: 'new' }] };
			await deliver(mixed, {}, [200], 'known + new event');
			await expectNewExecution('known + new event', [{ event_type: 'post.create', event_id: '1800000000000000011' }]);

			// --- refused deliveries ---------------------------------------------------------------
			const refused = { for_user_id: uid, tweet_create_events: [{ id_str: '1800000000000000020', text: 'refused first' }] };
			await deliver(refused, { tamper: true }, [401], 'tampered delivery');
			await deliver(refused, { unsigned: true }, [401], 'unsigned delivery');
			// malformed JSON, correctly signed over its bytes, sent straight to n8n
			const malformed = '{"for_user_id": "1", "tweet_create_events": [';
			const asJson = await postToN8n(url, malformed, { 'content-type': 'application/json', 'x-twitter-webhooks-signature': sign(secret, malformed) });
			const asText = await postToN8n(url, malformed, { 'content-type': 'text/plain', 'x-twitter-webhooks-signature': sign(secret, malformed) });
			ctx.log(`malformed JSON: application/json -> ${asJson.status} ${asJson.text.slice(0, 160)}; text/plain -> ${asText.status} ${asText.text.slice(0, 160)}`);
			if (asJson.status < 400 || asJson.status >= 500) throw new Error(`malformed JSON (application/json) should be refused with a 4xx: ${asJson.status} ${asJson.text}`);
			if (asText.status !== 400) throw new Error(`malformed JSON (text/plain) should be refused by the node with 400: ${asText.status} ${asText.text}`);
			// the refused event was not remembered: delivered properly it runs
			await deliver(refused, {}, [200], 'the refused event, properly signed');
			await expectNewExecution('the refused event, properly signed', [{ event_type: 'post.create', event_id: '1800000000000000020' }]);

			// all deliveries so far: exactly these executions, nothing more after a pause
			const all = await expectExecutionCount(ctx, workflowId, executions, 'all deliveries', 1500);
			const seen = all.flatMap(eventIds);
			if (new Set(seen).size !== seen.length) throw new Error(`an event ran twice: ${JSON.stringify(seen)}`);
			if (triggerItems(ex1)[0].payload === undefined) throw new Error('items carry the payload');

			// --- hourly CRC check -----------------------------------------------------------------
			const hourly = await control.runHourlyCrcCheck();
			if (hourly.length !== 1 || !hourly[0].ok || !hourly[0].valid || hourly[0].webhook_id !== xWebhook.id) throw new Error(`hourly CRC check should pass: ${JSON.stringify(hourly)}`);
			await expectExecutionCount(ctx, workflowId, executions, 'hourly CRC check', 300);

			// --- deactivation ---------------------------------------------------------------------
			control.clearRequests();
			const ms = await deactivateTrigger(ctx, workflowId, () => xWebhooks(ctx).length === 0 && xSubscriptions(ctx).length === 0);
			ctx.log(`deactivation removed the webhook and both subscriptions in ${ms} ms`);
			const removals = control.requests().filter((r: any) => r.method === 'DELETE').map((r: any) => `${r.method} ${r.path} ${r.status}`).sort();
			const subIds = subs.map((s) => s.subscription_id).sort();
			const wantRemovals = [...subIds.map((id) => `DELETE /2/activity/subscriptions/${id} 200`), `DELETE /2/webhooks/${xWebhook.id} 200`].sort();
			// X nests the created subscription (data.subscription): the ids are X's, never "undefined".
			if (JSON.stringify(removals) !== JSON.stringify(wantRemovals)) throw new Error(`deactivation made ${JSON.stringify(removals)}, expected ${JSON.stringify(wantRemovals)}`);
			// n8n no longer serves the URL
			const after = await postToN8n(url, JSON.stringify(single), { 'content-type': 'application/json', 'x-twitter-webhooks-signature': sign(secret, JSON.stringify(single)) });
			if (after.status !== 404) throw new Error(`after deactivation n8n should answer 404 at ${url}, got ${after.status} ${after.text.slice(0, 200)}`);
			await expectExecutionCount(ctx, workflowId, executions, 'after deactivation');
		} finally {
			await removeWorkflow(ctx, workflowId);
		}
	},
});
