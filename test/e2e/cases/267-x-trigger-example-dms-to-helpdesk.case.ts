/**
 * examples/dms-to-helpdesk.json in real n8n: imported with the X credentials chosen, it activates
 * (webhook registered, X's CRC answered, the support account subscribed to its Account Activity); a
 * delivery of two direct messages, one from a customer and one the support account sent itself,
 * runs it once and gives one Helpdesk Ticket (subject with the sender, the text, X's event ID): the
 * account's own message stops at Sent to Us. Deactivation removes the subscription and the webhook.
 */
import { assertMatch } from '../match';
import { activateTrigger, deactivateTrigger, expectExecutionCount, expectStatuses, triggerCase, xWebhooks } from '../trigger';
import { triggerExample } from './266-x-trigger-example-brand-mentions.case';

export default triggerCase({
	name: 'examples/dms-to-helpdesk.json: a customer\'s direct message becomes one helpdesk ticket, the account\'s own does not',
	credentials: { x: { type: 'xAppOnlyApi' }, user: { type: 'xOAuth1Api' } },
	timeoutMs: 60_000,
	check: async ({ ctx, control, uid, save }) => {
		const { workflow } = await activateTrigger(ctx, await save(triggerExample(ctx, 'dms-to-helpdesk.json', uid)));
		assertMatch(control.accountActivitySubscriptions().map((s: { userId: string }) => s.userId), [uid], 'the support account subscribed');
		const dms = {
			direct_message_events: [
				{ type: 'message_create', id: '1900000000000000021', message_create: { sender_id: '42', target: { recipient_id: uid }, message_data: { text: 'where is my order?' } } },
				{ type: 'message_create', id: '1900000000000000022', message_create: { sender_id: uid, target: { recipient_id: '42' }, message_data: { text: 'on its way' } } },
			],
		};
		expectStatuses(await control.emitAccountActivity(uid, dms), [200], 'DM delivery');
		const [ex] = await expectExecutionCount(ctx, workflow.id, 1, 'the DM delivery');
		assertMatch(ex.output('Helpdesk Ticket'), [{ ticket_subject: 'DM from X user 42', ticket_body: 'where is my order?', x_event_id: '1900000000000000021' }], 'one ticket, for the customer\'s message');
		await deactivateTrigger(ctx, workflow.id, () => control.accountActivitySubscriptions().length === 0 && xWebhooks(ctx).length === 0);
	},
});
