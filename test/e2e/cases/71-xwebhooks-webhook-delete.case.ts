/**
 * X Webhooks "Webhook > Delete" in real n8n (X's authentication and webhook docs). Set-up outside n8n: one webhook for
 * the receiver. Delete answers {webhook_id, deleted: true}; a second Delete of the same id (taken
 * from the first one's output) fails the run with X's 404 WebhookIdInvalid and the hint to list
 * the App's webhooks. The emulator holds no webhook afterwards and the receiver gets no events.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain } from '../workflows';
import { registerWebhook, webhookReceiver, xWebhooks } from './68-xwebhooks-webhook-create.case';

let hookId = '';

export default defineCase({
	name: 'X Webhooks: webhook delete, then delete again (WebhookIdInvalid)',
	credentials: { app: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		const receiver = await webhookReceiver(ctx);
		hookId = (await registerWebhook(ctx, receiver, '/hooks/doomed')).id;
	},
	workflow: () =>
		chain(
			xWebhooks('Delete', { resource: 'webhook', operation: 'delete', webhookId: hookId }),
			xWebhooks('Delete again', { resource: 'webhook', operation: 'delete', webhookId: '={{ $json.webhook_id }}' }),
		),
	expect: {
		executedNodes: ['Start', 'Delete', 'Delete again'],
		outputs: { Delete: { itemCount: 1, items: [{ deleted: true }] } },
		error: {
			node: 'Delete again',
			message: /^X answered 404 WebhookIdInvalid/,
			description: /^DELETE \/2\/webhooks\/\d+\. X does not know this webhook ID for the App: list the App's webhooks to get a valid ID \(it may have been deleted\)\.$/,
			httpCode: '404',
		},
		emulator: {
			requests: [
				{ method: 'DELETE', base: 'api', path: /^\/2\/webhooks\/\d+$/, status: 200, headers: { authorization: 'Bearer' }, count: 1 },
				{ method: 'DELETE', base: 'api', path: /^\/2\/webhooks\/\d+$/, status: 404, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		assertMatch(result.execution!.output('Delete'), [{ webhook_id: hookId, deleted: true }], 'delete output');
		assertMatch(result.requests.filter((r) => r.method === 'DELETE').map((r) => r.path), [`/2/webhooks/${hookId}`, `/2/webhooks/${hookId}`], 'both deletes name the webhook');
		assertMatch(ctx.emulator!.control.state().webhooks.length, 0, 'no webhook left in the emulator');
	},
});
