/**
 * X Trigger with Source "Account Activity of the Credential's User" in real n8n: activation
 * registers the webhook (X's CRC reaches n8n) and subscribes the X OAuth 1.0a credential's user;
 * a batched delivery of direct messages runs the workflow once per delivery with one item per
 * message, X's retry runs nothing, and deactivation removes the subscription and the webhook.
 */
import { activateTrigger, deactivateTrigger, expectExecutionCount, expectItems, expectStatuses, sleep, triggerCase, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger, Account Activity: subscribes the credential\'s user, direct messages run once, deactivation removes it',
	credentials: { x: { type: 'xAppOnlyApi' }, user: { type: 'xOAuth1Api' } },
	timeoutMs: 60_000,
	check: async ({ ctx, control, uid, save }) => {
		const wf = triggerWorkflow(ctx, { source: 'accountActivity', events: ['MessageCreate'] });
		const user = ctx.credentials.user;
		wf.nodes[0].credentials = { ...(wf.nodes[0].credentials as object), xOAuth1Api: { id: user.id, name: user.name } };
		const { workflow, xWebhook } = await activateTrigger(ctx, await save(wf));
		const subs = control.accountActivitySubscriptions();
		if (subs.length !== 1 || subs[0].userId !== uid || subs[0].webhookId !== xWebhook.id) throw new Error(`the credential's user should be subscribed: ${JSON.stringify(subs)}`);

		const dms = {
			direct_message_events: [
				{ type: 'message_create', id: '1900000000000000011', message_create: { sender_id: '42', target: { recipient_id: uid }, message_data: { text: 'where is my order?' } } },
				{ type: 'message_create', id: '1900000000000000012', message_create: { sender_id: '43', target: { recipient_id: uid }, message_data: { text: 'refund please' } } },
			],
			tweet_create_events: [{ id_str: '1900000000000000013', text: 'not a DM' }],
		};
		expectStatuses(await control.emitAccountActivity(uid, dms), [200], 'DM delivery');
		const [first] = await expectExecutionCount(ctx, workflow.id, 1, 'the DM delivery');
		expectItems(first, [
			{ event_type: 'MessageCreate', event_id: '1900000000000000011', for_user_id: uid },
			{ event_type: 'MessageCreate', event_id: '1900000000000000012', for_user_id: uid },
		], 'direct messages');
		expectStatuses(await control.emitAccountActivity(uid, dms), [200], 'X\'s retry');
		await sleep(1500);
		await expectExecutionCount(ctx, workflow.id, 1, 'the retry runs nothing');

		await deactivateTrigger(ctx, workflow.id, () => control.accountActivitySubscriptions().length === 0 && xWebhooks(ctx).length === 0);
	},
});
