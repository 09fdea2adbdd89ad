/**
 * examples/x-events.json activated exactly as shipped (only the credential chosen): its subscription
 * has an empty User ID, a placeholder. The activation must fail and say so -- X refuses a
 * subscription without a user -- and leave nothing at X (the node rolls back the webhook it had
 * registered). n8n 2.41.1 tries the activation 5 times (~17 s), each a registration with CRC.
 *
 * With n8n 2.41.1 and the node as it is, this FAILS on the message (issue 8 report): after the
 * first attempt fails, n8n's retries run without the trigger's GET webhook (see case 87), so X's
 * CRC gets n8n's 404 and the error the user sees is CrcValidationFailed with advice about
 * WEBHOOK_URL, not the empty User ID.
 */
import { defineCase } from '../types';
import { emu, removeWorkflow, xSubscriptions, xWebhooks } from './80-x-trigger-lifecycle.case';
import { imported } from './86-x-events-example.case';

export default defineCase({
	name: 'examples/x-events.json as shipped (empty User ID): activation fails naming the User ID, nothing left at X',
	needs: ['package', 'emulator'],
	credentials: { x: { type: 'xAppOnlyApi' }, user: { type: 'xOAuth1Api' } },
	setup: (ctx) => {
		emu(ctx).setWebhookSettings({ allowHttpLoopbackCallbacks: true });
	},
	timeoutMs: 60_000,
	check: async (ctx) => {
		const control = emu(ctx);
		let workflowId: string | undefined;
		try {
			const saved = await ctx.client.createWorkflow(imported(ctx));
			workflowId = saved.id;
			let message = '';
			const t = Date.now();
			try {
				await ctx.client.activateWorkflow(saved.id, 45_000);
			} catch (error) {
				message = (error as Error).message;
			}
			const crc = control.crcAttempts().map((a: any) => (a.ok ? 'ok' : `failed (${a.reason})`));
			ctx.log(`activation failed after ${Date.now() - t} ms; CRC attempts: ${JSON.stringify(crc)}`);
			if (xWebhooks(ctx).length || xSubscriptions(ctx).length) throw new Error(`the failed activation must leave nothing at X: ${JSON.stringify({ webhooks: xWebhooks(ctx), subscriptions: xSubscriptions(ctx) })}`);
			if (!/activity subscription/i.test(message) || !/User ID/.test(message)) {
				throw new Error(`activating the example as shipped should fail on its empty User ID, got: ${message.slice(0, 600) || 'it activated'}`);
			}
		} finally {
			await removeWorkflow(ctx, workflowId);
		}
	},
});
