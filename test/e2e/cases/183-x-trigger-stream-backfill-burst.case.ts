/**
 * A burst and a full backfill through the activity stream in real n8n (issue 24, break 2, and the
 * "Events Read Together in One Execution" option): 7,000 posts in well under a minute, X drops the
 * stream, the reconnect asks backfill_minutes=1 and gets all 7,000 again; with one execution per read
 * the workflow runs far fewer times than there are events, and every event is an item exactly once.
 */
import { executionsOf, eventIds, sleep, triggerCase, until } from '../trigger';
import { triggerWorkflow } from '../workflows';


const COUNT = 7000;

export default triggerCase({
	name: 'X Trigger, activity stream: 7,000 events, a drop and a one-minute backfill: every event once, a burst per execution',
	timeoutMs: 240_000,
	check: async ({ ctx, control, uid, save }) => {
		control.setPlatformSettings({ keepAliveMs: 500 });
		const workflow = await save(
			triggerWorkflow(ctx, {
				delivery: 'stream',
				subscriptions: { subscription: [{ userId: uid, eventTypes: ['post.create'] }] },
				streamOptions: { reconnectAfterSilence: 10, eventsPerExecution: 'read' },
			}),
		);
		await ctx.client.activateWorkflow(workflow.id);
		await until('the stream to open', () => control.activityStreamReaders() === 1, 15_000);
		const ids: string[] = [];
		for (let n = 0; n < COUNT; n++) {
			const id = String(1880000000000000000n + BigInt(n));
			ids.push(id);
			await control.emitActivity(uid, 'post.create', { id, text: `post ${n}`, edit_history_tweet_ids: [id] });
			if (n % 500 === 499) await sleep(5);
		}
		const items = async () => (await executionsOf(ctx, workflow.id)).flatMap(eventIds);
		let seen: string[] = [];
		await until('7,000 items', async () => (seen = await items()).length >= COUNT, 150_000);
		if (control.dropActivityStreams() !== 1) throw new Error('one open stream to drop expected');
		await until('the reconnect', () => control.activityStreamReaders() === 1, 15_000);
		await sleep(2000);
		const last = '1889999999999999999';
		await control.emitActivity(uid, 'post.create', { id: last, text: 'after the backfill', edit_history_tweet_ids: [last] });
		await until('the live event after the backfill', async () => (seen = await items()).length >= COUNT + 1, 60_000);
		await sleep(2000);
		seen = await items();
		const connects = control.requests().filter((r: { path: string }) => r.path === '/2/activity/stream').map((r: { query: string }) => r.query);
		if (connects[1] !== 'backfill_minutes=1') throw new Error(`the reconnect should ask backfill_minutes=1: ${JSON.stringify(connects)}`);
		if (seen.length !== COUNT + 1 || new Set(seen).size !== COUNT + 1) throw new Error(`every event once expected: ${seen.length} items, ${new Set(seen).size} distinct`);
		const executions = (await executionsOf(ctx, workflow.id)).length;
		if (executions >= COUNT / 10) throw new Error(`a burst should run the workflow once per read: ${executions} executions for ${COUNT} events`);
		ctx.log(`${COUNT + 1} events in ${executions} executions; connects ${JSON.stringify(connects)}`);
	},
});
