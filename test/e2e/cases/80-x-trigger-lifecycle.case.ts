/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
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
 */
import { deactivateTrigger, expectExecutionCount, expectItems, expectStatuses, eventIds, postToN8n, sign, triggerCase, triggerItems, xSubscriptions, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger: activation with n8n answering the CRC, one execution per good delivery, hourly CRC, deactivation cleans up (http loopback)',
	timeoutMs: 90_000,
	check: async ({ ctx, control, uid, activate }) => {
		const secret = ctx.emulator!.app.consumerSecret;
		// --- activation -----------------------------------------------------------------------
		const wf = triggerWorkflow(ctx, {
			subscriptions: { subscription: [{ userId: uid, eventTypes: ['profile.update.bio', 'post.create'], direction: 'none', keyword: '' }] },
		});
		const active = await activate(wf);
		const workflowId = active.workflow.id;
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
			const all = await expectExecutionCount(ctx, workflowId, executions, what);
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
	},
});
