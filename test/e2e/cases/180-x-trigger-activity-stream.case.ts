/**
 * X Trigger with Delivery "Activity Stream" in real n8n: no webhook at X, no CRC. Activation
 * creates the subscriptions without a webhook and n8n holds GET /2/activity/stream open; each event
 * runs the workflow once; after X drops the connection the trigger reconnects with backfill_minutes
 * and the events published meanwhile run once; deactivation closes the stream and removes the
 * subscriptions.
 */
import { eventIds, executionsOf, expectExecutionCount, sleep, triggerCase, xSubscriptions, xWebhooks, until } from '../trigger';
import { triggerWorkflow } from '../workflows';


export default triggerCase({
	name: 'X Trigger, activity stream: activate without a public URL, receive, drop and reconnect with backfill, deactivate',
	timeoutMs: 90_000,
	check: async ({ ctx, control, uid, save }) => {
		control.setPlatformSettings({ keepAliveMs: 500 });
		const workflow = await save(
			triggerWorkflow(ctx, {
				delivery: 'stream',
				subscriptions: { subscription: [{ userId: uid, eventTypes: ['post.create'] }] },
				streamOptions: { reconnectAfterSilence: 5 },
			}),
		);
		// X allows one outstanding bearer token per App: an activation asks for one only when the credential holds none.
		const tokenRequests = () => control.requests().filter((r: { method: string; path: string }) => r.method === 'POST' && r.path === '/oauth2/token').length;
		const tokensBefore = tokenRequests();
		await ctx.client.activateWorkflow(workflow.id);
		await until('the stream to open', () => control.activityStreamReaders() === 1);
		if (tokenRequests() - tokensBefore > 1) throw new Error(`one bearer token request at most per activation, saw ${tokenRequests() - tokensBefore}`);
		if (xWebhooks(ctx).length) throw new Error(`stream delivery should register no webhook: ${JSON.stringify(xWebhooks(ctx))}`);
		const subs = xSubscriptions(ctx);
		if (subs.length !== 1 || subs[0].webhook_id !== undefined) throw new Error(`one subscription without a webhook expected: ${JSON.stringify(subs)}`);

		const post = (n: number) => control.emitActivity(uid, 'post.create', { id: `18700000000000000${n}`, text: `post ${n}`, edit_history_tweet_ids: [`18700000000000000${n}`] });
		for (const n of [10, 11, 12]) await post(n);
		await expectExecutionCount(ctx, workflow.id, 3, 'three events while connected');

		if (control.dropActivityStreams() !== 1) throw new Error('one open stream to drop expected');
		for (const n of [13, 14]) await post(n);
		await until('the reconnect', () => control.activityStreamReaders() === 1);
		await post(15);
		const all = await expectExecutionCount(ctx, workflow.id, 6, 'after the drop: the missed events by backfill, then live ones', 1500);
		const ids = all.flatMap(eventIds);
		if (new Set(ids).size !== 6) throw new Error(`every event once expected: ${JSON.stringify(ids)}`);
		const connects = control.requests().filter((r: { path: string }) => r.path === '/2/activity/stream').map((r: { query: string }) => r.query);
		if (connects.length < 2 || !/^backfill_minutes=\d$/.test(connects[1])) throw new Error(`the reconnect should ask for backfill: ${JSON.stringify(connects)}`);
		const agents = control.requests().filter((r: { path: string }) => r.path === '/2/activity/stream').map((r: { headers: Record<string, string> }) => r.headers['user-agent']);
		if (!agents.every((a: string) => /^n8n-nodes-x-ads\/\d+\.\d+\.\d+\S* n8n$/.test(a))) throw new Error(`each connect names the package as User-Agent: ${JSON.stringify(agents)}`);

		await ctx.client.deactivateWorkflow(workflow.id);
		await until('deactivation to remove the subscription and close the stream', () => xSubscriptions(ctx).length === 0 && control.activityStreamReaders() === 0);
		await post(16);
		await sleep(1000);
		if ((await executionsOf(ctx, workflow.id)).length !== 6) throw new Error('no execution after deactivation expected');
		// Activated again: n8n keeps the token in the credential, so no token request at all.
		const tokensAgain = tokenRequests();
		await ctx.client.activateWorkflow(workflow.id);
		await until('the stream to open again', () => control.activityStreamReaders() === 1);
		await ctx.client.deactivateWorkflow(workflow.id);
		await until('the second deactivation', () => xSubscriptions(ctx).length === 0 && control.activityStreamReaders() === 0);
		if (tokenRequests() !== tokensAgain) throw new Error(`the second activation should reuse the credential's token, but asked X ${tokenRequests() - tokensAgain} time(s)`);
		ctx.log(`connects: ${JSON.stringify(connects)}`);
	},
});
