/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * A transient failure at X during activation, in real n8n: the first POST /2/webhooks gets a 503
 * (the node does not retry a non-idempotent POST). n8n 2.41.1 retries a failed trigger activation
 * (5 attempts, 1-8 s apart), so the activation should succeed on the next attempt, with the CRC
 * answered by n8n again. n8n 1.x retries no activation: there the first activation fails with the
 * node's words, nothing is left at X, and activating again works.
 *
 * With n8n 2.41.1 and the node as it is, this FAILS (issue 8 report): n8n registers a node's
 * webhooks one by one, each with its own retries (dist/workflows/triggers/workflow-trigger-activator.js
 * registerWebhookTriggersForNode), and a failed attempt clears ALL of the node's stored webhooks
 * (webhook-trigger-registrar.js clearRegisteredWebhook -> deleteWorkflowWebhooksForNodes). The X
 * Trigger runs its create() from the POST webhook 'default', registered after the GET 'setup'
 * webhook that answers the CRC; so after the first failure the retries re-store only the POST
 * webhook, n8n answers X's CRC GET with 404 ("not registered for GET requests"), and the
 * activation ends with a misleading CrcValidationFailed instead of recovering.
 */
import { deactivateTrigger, emu, expectExecutionCount, expectStatuses, failedActivation, triggerCase, xSubscriptions, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger: activation recovers from a transient 503 at X through n8n\'s activation retry (http loopback)',
	setup: (ctx) => {
		emu(ctx).injectFaults([{ kind: 'server_error', status: 503, match: { method: 'POST', path: '/2/webhooks' }, times: 1 }]);
	},
	timeoutMs: 60_000,
	check: async ({ ctx, control, uid, activate, save }) => {
		const wf = triggerWorkflow(ctx, { subscriptions: { subscription: [{ userId: uid, eventTypes: ['post.create'], direction: 'none', keyword: '' }] } });
		if (ctx.client.major < 2) {
			// n8n 1.x does not retry a failed activation: it fails with the node's words, leaves
			// nothing at X, and the user's next activation registers the webhook.
			const saved = await save(wf);
			const { message } = await failedActivation(ctx, saved.id);
			if (!/server problem/.test(message)) throw new Error(`the activation should fail with the node's words for a 503: ${message.slice(0, 400)}`);
			if (xWebhooks(ctx).length || xSubscriptions(ctx).length) throw new Error(`nothing should be left at X: ${JSON.stringify({ webhooks: xWebhooks(ctx), subscriptions: xSubscriptions(ctx) })}`);
			await ctx.client.activateWorkflow(saved.id);
			const posts = control.requests().filter((r: any) => r.method === 'POST' && r.path === '/2/webhooks').map((r: any) => r.status);
			if (JSON.stringify(posts) !== '[503,200]') throw new Error(`expected a 503 then a registration, got ${JSON.stringify(posts)}`);
			await deactivateTrigger(ctx, saved.id, () => xWebhooks(ctx).length === 0 && xSubscriptions(ctx).length === 0);
			return;
		}
		let active;
		try {
			active = await activate(wf);
		} catch (error) {
			const crc = control.crcAttempts().map((a: any) => `${a.trigger} ${a.ok ? 'ok' : `failed: ${a.reason}`}`);
			const posts = control.requests().filter((r: any) => r.method === 'POST' && r.path === '/2/webhooks').map((r: any) => r.status);
			throw new Error(`activation did not recover from one 503: ${(error as Error).message.slice(0, 500)}\nPOST /2/webhooks answers: ${JSON.stringify(posts)}; CRC attempts: ${JSON.stringify(crc)}`);
		}
		const workflowId = active.workflow.id;
		ctx.log(`activation with one 503 took ${active.activationMs} ms`);
		const posts = control.requests().filter((r: any) => r.method === 'POST' && r.path === '/2/webhooks').map((r: any) => r.status);
		if (JSON.stringify(posts) !== '[503,200]') throw new Error(`expected a 503 then a registration, got ${JSON.stringify(posts)}`);
		if (xSubscriptions(ctx).length !== 1) throw new Error(`one subscription expected: ${JSON.stringify(xSubscriptions(ctx))}`);
		expectStatuses(await control.deliverEvent(active.xWebhook.id, { for_user_id: uid, tweet_create_events: [{ id_str: '1870000000000000001' }] }), [200], 'delivery');
		await expectExecutionCount(ctx, workflowId, 1, 'delivery');
		const hourly = await control.runHourlyCrcCheck();
		if (!hourly[0]?.ok) throw new Error(`hourly CRC should pass: ${JSON.stringify(hourly)}`);
		await deactivateTrigger(ctx, workflowId, () => xWebhooks(ctx).length === 0 && xSubscriptions(ctx).length === 0);
	},
});
