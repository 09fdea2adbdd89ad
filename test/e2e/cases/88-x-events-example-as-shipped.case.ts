/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * examples/x-events.json activated exactly as shipped (only the credential chosen): its subscription
 * has an empty User ID, a placeholder. The activation must fail and say so and leave nothing at X.
 * The User ID is a required field, so n8n 2.x refuses to publish the workflow before the node runs;
 * where n8n does not check, the node refuses the subscription (and rolls back its webhook).
 */
import { failedActivation, triggerCase, xSubscriptions, xWebhooks } from '../trigger';
import { xEventsExample } from '../workflows';

export default triggerCase({
	name: 'examples/x-events.json as shipped (empty User ID): activation fails naming the User ID, nothing left at X',
	credentials: { x: { type: 'xAppOnlyApi' }, user: { type: 'xOAuth1Api' } },
	timeoutMs: 60_000,
	check: async ({ ctx, control, save }) => {
		const saved = await save(xEventsExample(ctx));
		const { message, ms } = await failedActivation(ctx, saved.id);
		const crc = control.crcAttempts().map((a: any) => (a.ok ? 'ok' : `failed (${a.reason})`));
		ctx.log(`activation failed after ${ms} ms; CRC attempts: ${JSON.stringify(crc)}`);
		if (xWebhooks(ctx).length || xSubscriptions(ctx).length) throw new Error(`the failed activation must leave nothing at X: ${JSON.stringify({ webhooks: xWebhooks(ctx), subscriptions: xSubscriptions(ctx) })}`);
		// The User ID is a required field: n8n 2.x refuses to publish the workflow and names it; else
		// the node refuses the subscription and names it.
		const namesUserId = /required parameters: userId/.test(message) || (/activity subscription/i.test(message) && /User ID/.test(message));
		if (!namesUserId) {
			throw new Error(`activating the example as shipped should fail on its empty User ID, got: ${message.slice(0, 600) || 'it activated'}`);
		}
	},
});
