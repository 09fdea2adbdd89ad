/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * X's callback rule (https, no port, public host), enforced by the emulator without the loopback
 * allowance: n8n's http://127.0.0.1:<port> production URL is refused at registration, before any
 * CRC. The activation fails in real n8n with the node's message (what X said and what to do:
 * WEBHOOK_URL), no version goes live (1.x: the workflow stays inactive) and nothing is left at X (no webhook, no subscription, no CRC).
 */
import { failedActivation, triggerCase, xSubscriptions, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger: without the loopback allowance n8n\'s http URL with a port is refused; activation fails with the node\'s advice',
	loopback: false,
	timeoutMs: 60_000,
	check: async ({ ctx, control, uid, save }) => {
		if (control.webhookSettings().allowHttpLoopbackCallbacks) throw new Error('the emulator should start without the loopback allowance');
		const wf = triggerWorkflow(ctx, { subscriptions: { subscription: [{ userId: uid, eventTypes: ['post.create'], direction: 'none', keyword: '' }] } });
		const saved = await save(wf);
		const { message, ms } = await failedActivation(ctx, saved.id);
		if (ctx.client.major >= 2) {
			// 2.x publishes a version: it must have failed, with none live.
			const status = await ctx.client.request<any>('GET', `/rest/workflows/${saved.id}/publication-status`);
			ctx.log(`activation failed after ${ms} ms; publication status ${status.status}, live version ${status.liveVersionId}`);
			if (status.status !== 'failed' || status.liveVersionId !== null) throw new Error(`the publication should have failed with no live version: ${JSON.stringify(status)}`);
		} else {
			// 1.x has no publications: the workflow must have stayed inactive.
			const wf = await ctx.client.getWorkflow(saved.id);
			ctx.log(`activation failed after ${ms} ms; workflow active: ${String(wf.active)}`);
			if (wf.active) throw new Error('the workflow should have stayed inactive');
		}
		ctx.log(`activation error: ${message.slice(0, 400)}`);
		if (!message) throw new Error('activation should fail: X refuses http URLs with a port');
		for (const part of [/UrlValidationFailed|must use https|must not contain a port|https URL without a port/, /WEBHOOK_URL/]) {
			if (!part.test(message)) throw new Error(`the activation error should match ${part}: ${message}`);
		}
		const posts = control.requests().filter((r: any) => r.method === 'POST' && r.path === '/2/webhooks').map((r: any) => r.status);
		ctx.log(`registration attempts (n8n's activation retries): ${JSON.stringify(posts)}`);
		if (!posts.length || posts.some((p: number) => p !== 400)) throw new Error(`only refused registrations expected, got ${JSON.stringify(posts)}`);
		if (control.crcAttempts().length) throw new Error(`a refused URL gets no CRC: ${JSON.stringify(control.crcAttempts())}`);
		if (xWebhooks(ctx).length || xSubscriptions(ctx).length) throw new Error(`nothing should be left at X: ${JSON.stringify({ webhooks: xWebhooks(ctx), subscriptions: xSubscriptions(ctx) })}`);
	},
});
