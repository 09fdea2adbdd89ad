/**
 * X Trigger (activity stream) deactivated in real n8n while the executions it started are still
 * running (each waits 3 s in a Wait node): they all finish, each with its one event; the stream
 * closes and the subscription goes at once; an event X publishes afterwards starts nothing.
 */
import { eventIds, executionsOf, sleep, triggerCase, until, xSubscriptions } from '../trigger';
import { TRIGGER, triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger, activity stream: deactivated while its executions run, they finish and nothing else starts',
	timeoutMs: 90_000,
	check: async ({ ctx, control, uid, save }) => {
		control.setPlatformSettings({ keepAliveMs: 500 });
		const workflow = triggerWorkflow(ctx, {
			delivery: 'stream',
			subscriptions: { subscription: [{ userId: uid, eventTypes: ['post.create'] }] },
			streamOptions: { reconnectAfterSilence: 5 },
		});
		workflow.nodes.push({ name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [250, 0], parameters: { resume: 'timeInterval', amount: 3, unit: 'seconds' } });
		workflow.connections = { [TRIGGER]: { main: [[{ node: 'Wait', type: 'main', index: 0 }]] } };
		const saved = await save(workflow);
		await ctx.client.activateWorkflow(saved.id);
		await until('the stream to open', () => control.activityStreamReaders() === 1);

		const post = (n: number) => control.emitActivity(uid, 'post.create', { id: `18800000000000000${n}`, text: `post ${n}`, edit_history_tweet_ids: [`18800000000000000${n}`] });
		for (const n of [10, 11, 12]) await post(n);
		await until('three executions started', async () => (await ctx.client.listExecutions(saved.id)).length === 3);
		const deactivatedAt = Date.now();
		await ctx.client.deactivateWorkflow(saved.id);
		await until('the stream to close and the subscription to go', () => control.activityStreamReaders() === 0 && xSubscriptions(ctx).length === 0);
		const closedInMs = Date.now() - deactivatedAt;
		await post(13);

		const done = await executionsOf(ctx, saved.id);
		const statuses = done.map((e) => e.status);
		if (statuses.join() !== 'success,success,success') throw new Error(`the three running executions should finish: ${JSON.stringify(statuses)}`);
		const ids = done.map(eventIds);
		if (!ids.every((one) => one.length === 1) || new Set(ids.flat()).size !== 3) throw new Error(`each running execution with its one event expected: ${JSON.stringify(ids)}`);
		// Closing did not wait for the 3 s the executions still had to run.
		if (closedInMs > 2500) throw new Error(`deactivation waited for the running executions (${closedInMs} ms)`);
		await sleep(1500);
		const after = await ctx.client.listExecutions(saved.id);
		if (after.length !== 3) throw new Error(`no execution after deactivation expected, found ${after.length}`);
		ctx.log(`stream closed ${closedInMs} ms after deactivation; 3 executions finished`);
	},
});
