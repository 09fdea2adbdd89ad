/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The Events filter in real n8n: only the chosen kinds become items; a delivery with none of them is
 * acknowledged (200) without an execution. No subscriptions configured: activation registers the
 * webhook only, deactivation removes it.
 */
import { deactivateTrigger, expectExecutionCount, expectItems, expectStatuses, triggerCase, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger: Events filter keeps only the chosen kinds; a delivery of other kinds runs nothing (http loopback)',
	timeoutMs: 60_000,
	check: async ({ ctx, control, uid, activate }) => {
		const { workflow, xWebhook } = await activate(triggerWorkflow(ctx, { events: ['post.create', 'dm.received'] }));
		const workflowId = workflow.id;
		const calls = control.requests().filter((r: any) => r.path.startsWith('/2/')).map((r: any) => `${r.method} ${r.path} ${r.status}`);
		if (JSON.stringify(calls) !== JSON.stringify(['GET /2/webhooks 200', 'POST /2/webhooks 200'])) throw new Error(`activation without subscriptions made ${JSON.stringify(calls)}`);

		// mixed kinds in one Account Activity payload: only the post.create events
		const mixed = {
			for_user_id: uid,
			tweet_create_events: [{ id_str: '1820000000000000001' }, { id_str: '1820000000000000002' }],
			favorite_events: [{ id: 'fav-1820', favorited_status: { id_str: '1820000000000000001' } }],
			tweet_delete_events: [{ status: { id: '1820000000000000009', user_id: uid }, timestamp_ms: '1760000000000' }],
		};
		expectStatuses(await control.deliverEvent(xWebhook.id, mixed), [200], 'mixed kinds');
		const [first] = await expectExecutionCount(ctx, workflowId, 1, 'mixed kinds');
		expectItems(first, [
			{ event_type: 'post.create', event_id: '1820000000000000001', for_user_id: uid },
			{ event_type: 'post.create', event_id: '1820000000000000002', for_user_id: uid },
		], 'mixed kinds');

		// only kinds the filter does not name: acknowledged, nothing runs
		expectStatuses(await control.deliverEvent(xWebhook.id, { for_user_id: uid, follow_events: [{ type: 'follow', source: { id: '7' }, target: { id: uid } }] }), [200], 'follow only');
		expectStatuses(await control.deliverEvent(xWebhook.id, { data: { event_type: 'dm.sent', event_uuid: 'uuid-dm-sent-1', filter: { user_id: uid }, payload: {} } }), [200], 'dm.sent only');
		// an Activity API event of a chosen kind runs
		expectStatuses(await control.deliverEvent(xWebhook.id, { data: { event_type: 'dm.received', event_uuid: 'uuid-dm-received-1', filter: { user_id: uid }, payload: { text: 'hi' } } }), [200], 'dm.received');
		const all = await expectExecutionCount(ctx, workflowId, 2, 'filtered deliveries', 1000);
		expectItems(all[1], [{ event_type: 'dm.received', event_id: 'uuid-dm-received-1', for_user_id: uid, payload: { data: { event_type: 'dm.received', event_uuid: 'uuid-dm-received-1', filter: { user_id: uid }, payload: { text: 'hi' } } } }], 'dm.received');

		await deactivateTrigger(ctx, workflowId, () => xWebhooks(ctx).length === 0);
	},
});
