/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Two workflows of one App with stream delivery in real n8n (issue 24, break 3). X allows one
 * activity-stream connection per App: the second workflow, even with "Terminate Others and
 * Reconnect", fails to activate naming the first, without touching X's connections (no ping-pong);
 * the first streams on and emits only the events of its own subscriptions, not those of another
 * subscription of the App that the stream also carries. Once the first is deactivated, the second
 * activates and streams.
 */
import { executionsOf, eventIds, expectExecutionCount, failedActivation, sleep, triggerCase, xSubscriptions, until } from '../trigger';
import { triggerWorkflow } from '../workflows';


export default triggerCase({
	name: 'X Trigger, activity stream: two workflows of one App: the second is refused naming the first, no terminate ping-pong, each emits only its own events',
	timeoutMs: 120_000,
	check: async ({ ctx, control, uid, save }) => {
		control.setPlatformSettings({ keepAliveMs: 500 });
		const streamOptions = { reconnectAfterSilence: 5, onTooManyConnections: 'terminate' };
		const first = await save(triggerWorkflow(ctx, { delivery: 'stream', subscriptions: { subscription: [{ userId: uid, eventTypes: ['post.create'] }] }, streamOptions }));
		const second = await save(triggerWorkflow(ctx, { delivery: 'stream', subscriptions: { subscription: [{ userId: uid, eventTypes: ['profile.update.bio'] }] }, streamOptions }));
		await ctx.client.activateWorkflow(first.id);
		await until('the first stream to open', () => control.activityStreamReaders() === 1);

		const refused = await failedActivation(ctx, second.id);
		if (!refused.message.includes(`(${first.id}, node "X Trigger") already holds this App's activity stream in this n8n`)) throw new Error(`the second activation should fail naming the first workflow: ${JSON.stringify(refused)}`);
		const requests = () => control.requests() as Array<{ method: string; path: string }>;
		const kills = requests().filter((r) => r.method === 'DELETE' && r.path === '/2/connections/all');
		const connects = requests().filter((r) => r.path === '/2/activity/stream');
		if (kills.length || connects.length !== 1) throw new Error(`no terminate and one connection expected: ${kills.length} DELETE /2/connections/all, ${connects.length} connections`);
		if (xSubscriptions(ctx).length !== 1) throw new Error(`only the first workflow's subscription expected: ${JSON.stringify(xSubscriptions(ctx))}`);

		// Another subscription of the App to the same events (another tool's), delivered to the stream too.
		const emulator = ctx.emulator!;
		const basic = Buffer.from(`${encodeURIComponent(emulator.app.consumerKey)}:${encodeURIComponent(emulator.app.consumerSecret)}`).toString('base64');
		const token = await fetch(`${emulator.urls.api}/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body: 'grant_type=client_credentials' });
		const bearer = ((await token.json()) as { access_token: string }).access_token;
		const other = await fetch(`${emulator.urls.api}/2/activity/subscriptions`, {
			method: 'POST',
			headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
			body: JSON.stringify({ event_type: 'post.create', filter: { user_id: uid }, tag: 'another tool' }),
		});
		if (other.status !== 200) throw new Error(`the other subscription: ${other.status} ${await other.text()}`);
		const posts = ['1870000000000000401', '1870000000000000402', '1870000000000000403'];
		for (const id of posts) await control.emitActivity(uid, 'post.create', { id, text: `post ${id}`, edit_history_tweet_ids: [id] });
		const runs = await expectExecutionCount(ctx, first.id, 3, 'one execution per own event', 1500);
		const ids = runs.flatMap(eventIds);
		if (new Set(ids).size !== 3) throw new Error(`each own event once expected: ${JSON.stringify(ids)}`);

		await ctx.client.deactivateWorkflow(first.id);
		await until('the first stream to close', () => control.activityStreamReaders() === 0, 20_000);
		// n8n keeps the failed publication's status a moment: unpublish it, then publish again (a few tries).
		await ctx.client.deactivateWorkflow(second.id).catch(() => undefined);
		for (let attempt = 1; ; attempt++) {
			await sleep(2000);
			try {
				await ctx.client.activateWorkflow(second.id);
				break;
			} catch (error) {
				if (attempt === 5) throw error;
			}
		}
		await until('the second stream to open', () => control.activityStreamReaders() === 1);
		await control.emitActivity(uid, 'profile.update.bio', { before: 'a', after: 'b' });
		await expectExecutionCount(ctx, second.id, 1, 'the second workflow streams once the first is gone');
		if ((await executionsOf(ctx, first.id)).length !== 3) throw new Error('no execution of the deactivated first workflow expected');
		ctx.log(`second activation refused in ${refused.ms} ms: ${refused.message.slice(0, 200)}`);
	},
});
