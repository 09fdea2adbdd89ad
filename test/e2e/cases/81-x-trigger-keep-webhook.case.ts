/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Keep Webhook on Deactivation, in real n8n: deactivation removes the subscriptions but leaves the
 * webhook at X; while the workflow is inactive n8n no longer answers the CRC, so X's hourly check
 * marks the webhook invalid and deliveries stop; activating again finds the kept webhook, has X
 * re-validate it (PUT, CRC answered by n8n again) instead of registering a new one, creates the
 * subscriptions again, and the dedupe memory (static data) survived the round trip.
 */
import { deactivateTrigger, expectExecutionCount, expectItems, expectStatuses, sleep, triggerCase, xSubscriptions, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger: Keep Webhook on Deactivation keeps the webhook, drops the subscriptions; re-activation re-validates it (http loopback)',
	timeoutMs: 90_000,
	check: async ({ ctx, control, uid, activate }) => {
		const wf = triggerWorkflow(ctx, {
			keepWebhook: true,
			subscriptions: { subscription: [{ userId: uid, eventTypes: ['post.create'], direction: 'none', keyword: '' }] },
		});
		const { workflow, url, xWebhook } = await activate(wf);
		const workflowId = workflow.id;
		const firstSub = xSubscriptions(ctx);
		if (firstSub.length !== 1 || firstSub[0].webhook_id !== xWebhook.id) throw new Error(`activation should create one subscription: ${JSON.stringify(firstSub)}`);

		const event = { for_user_id: uid, tweet_create_events: [{ id_str: '1810000000000000001', text: 'before' }] };
		expectStatuses(await control.deliverEvent(xWebhook.id, event), [200], 'delivery while active');
		await expectExecutionCount(ctx, workflowId, 1, 'delivery while active');

		// --- deactivation: subscription removed, webhook kept ---------------------------------
		control.clearRequests();
		await deactivateTrigger(ctx, workflowId, () => xSubscriptions(ctx).length === 0);
		await sleep(300);
		const kept = xWebhooks(ctx);
		if (kept.length !== 1 || kept[0].id !== xWebhook.id || !kept[0].valid) throw new Error(`Keep Webhook on Deactivation: the webhook should stay (valid): ${JSON.stringify(kept)}`);
		const calls = control.requests().filter((r: any) => r.path.startsWith('/2/')).map((r: any) => `${r.method} ${r.path} ${r.status}`);
		if (JSON.stringify(calls) !== JSON.stringify([`DELETE /2/activity/subscriptions/${firstSub[0].subscription_id} 200`])) {
			throw new Error(`deactivation should only remove the subscription, made ${JSON.stringify(calls)}`);
		}

		// --- inactive: n8n does not answer the CRC any more -------------------------------------
		const hourly = await control.runHourlyCrcCheck();
		if (hourly.length !== 1 || hourly[0].ok || hourly[0].valid || !/HTTP 404/.test(String(hourly[0].reason))) {
			throw new Error(`the hourly CRC check of an inactive workflow's URL should fail with n8n's 404: ${JSON.stringify(hourly)}`);
		}
		const skipped = await control.deliverEvent(xWebhook.id, { for_user_id: uid, tweet_create_events: [{ id_str: '1810000000000000002' }] });
		if (skipped.length !== 1 || skipped[0].status !== null || !/invalid/.test(String(skipped[0].error))) throw new Error(`an invalid webhook gets no deliveries: ${JSON.stringify(skipped)}`);
		await expectExecutionCount(ctx, workflowId, 1, 'while inactive', 300);

		// --- re-activation: the kept webhook is re-validated and reused -------------------------
		control.clearRequests();
		const crcBefore = control.crcAttempts().length;
		await ctx.client.activateWorkflow(workflowId);
		const reCalls = control.requests().filter((r: any) => r.path.startsWith('/2/')).map((r: any) => `${r.method} ${r.path.replace(/\d{6,}/g, ':id')} ${r.status}`);
		const wantCalls = ['GET /2/webhooks 200', 'PUT /2/webhooks/:id 200', 'POST /2/activity/subscriptions 200'];
		if (JSON.stringify(reCalls) !== JSON.stringify(wantCalls)) throw new Error(`re-activation made ${JSON.stringify(reCalls)}, expected ${JSON.stringify(wantCalls)}`);
		const crc = control.crcAttempts().slice(crcBefore);
		if (crc.length !== 1 || crc[0].trigger !== 'validate' || !crc[0].ok || crc[0].url !== url) throw new Error(`re-validation should run one passing CRC answered by n8n: ${JSON.stringify(crc)}`);
		const now = xWebhooks(ctx);
		if (now.length !== 1 || now[0].id !== xWebhook.id || !now[0].valid) throw new Error(`the same webhook should be valid again: ${JSON.stringify(now)}`);
		const secondSub = xSubscriptions(ctx);
		if (secondSub.length !== 1 || secondSub[0].webhook_id !== xWebhook.id || secondSub[0].subscription_id === firstSub[0].subscription_id) {
			throw new Error(`re-activation should create a new subscription on the kept webhook: ${JSON.stringify(secondSub)}`);
		}

		// deliveries work again; the event seen before deactivation is still known (static data kept)
		expectStatuses(await control.deliverEvent(xWebhook.id, event), [200], 're-delivery of the first event');
		const emitted = await control.emitActivity(uid, 'post.create', { id: '1810000000000000003', text: 'after' });
		if (emitted.length !== 1) throw new Error(`the new subscription should deliver: ${JSON.stringify(emitted)}`);
		expectStatuses(emitted[0].results, [200], 'activity after re-activation');
		const all = await expectExecutionCount(ctx, workflowId, 2, 'after re-activation', 1000);
		expectItems(all[1], [{ event_type: 'post.create', event_id: JSON.parse(emitted[0].results[0].body).data.event_uuid, for_user_id: uid }], 'activity after re-activation');

		// deactivating again keeps the webhook again
		await deactivateTrigger(ctx, workflowId, () => xSubscriptions(ctx).length === 0);
		await sleep(300);
		if (xWebhooks(ctx).length !== 1) throw new Error(`the webhook should be kept again: ${JSON.stringify(xWebhooks(ctx))}`);
	},
});
