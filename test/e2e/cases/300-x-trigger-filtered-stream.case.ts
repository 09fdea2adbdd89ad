/**
 * X Trigger, Filtered-Stream Posts with Delivery "Stream" in real n8n: no webhook at X, no link, no
 * CRC. Activation adds this workflow's rules (another client's rule of the App stays untouched) and
 * n8n holds GET /2/tweets/search/stream open; each post matching this workflow's rules runs the
 * workflow once, a post matching only the other rule runs nothing; after X drops the connection the
 * trigger reconnects with backfill_minutes and the posts published meanwhile run once; deactivation
 * closes the stream and deletes only this workflow's rules.
 */
import { eventIds, executionsOf, expectExecutionCount, sleep, triggerCase, until, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

const FILTERED = 'filtered_stream';

export default triggerCase({
	name: 'X Trigger, filtered stream: activate without a public URL, own rules only, receive, drop and reconnect with backfill, deactivate',
	timeoutMs: 90_000,
	check: async ({ ctx, control, uid, save }) => {
		control.setPlatformSettings({ keepAliveMs: 500 });
		const other = control.addStreamRule({ value: 'zebra', tag: 'another client' });
		const workflow = await save(
			triggerWorkflow(ctx, {
				source: 'filteredStream',
				delivery: 'stream',
				rules: { rule: [{ value: 'acme', tag: 'brand' }] },
				streamOptions: { reconnectAfterSilence: 5 },
			}),
		);
		await ctx.client.activateWorkflow(workflow.id);
		const open = () => control.streamConnections().filter((c: { endpoint_name: string; disconnected_at?: string }) => c.endpoint_name === FILTERED && c.disconnected_at === undefined).length;
		await until('the filtered stream to open', () => open() === 1);
		if (xWebhooks(ctx).length || control.streamLinks().length) throw new Error(`stream delivery should register no webhook and link none: ${JSON.stringify(xWebhooks(ctx))}`);
		const rules = control.streamRules();
		if (rules.length !== 2 || !rules.some((r: { value: string; tag?: string }) => r.value === 'acme' && r.tag === 'brand')) throw new Error(`the workflow's rule next to the other client's expected: ${JSON.stringify(rules)}`);

		const post = (n: number, text = `acme news ${n}`) => control.emitFilteredPost({ id: `190000000000000${n}`, text, author_id: uid });
		for (const n of [10, 11]) await post(n);
		await post(12, 'zebra only: the other client\'s post');
		await expectExecutionCount(ctx, workflow.id, 2, 'two posts of this workflow\'s rule');

		if (control.dropActivityStreams(FILTERED) !== 1) throw new Error('one open filtered stream to drop expected');
		for (const n of [13, 14]) await post(n);
		await until('the reconnect', () => open() === 1);
		await post(15);
		const all = await expectExecutionCount(ctx, workflow.id, 5, 'after the drop: the missed posts by backfill, then live ones', 1500);
		const ids = all.flatMap(eventIds);
		if (new Set(ids).size !== 5) throw new Error(`every post once expected: ${JSON.stringify(ids)}`);
		const connects = control.requests().filter((r: { path: string }) => r.path === '/2/tweets/search/stream').map((r: { query: string }) => new URLSearchParams(r.query));
		if (connects.length < 2 || connects[1].get('backfill_minutes') !== '1') throw new Error(`the reconnect should ask for backfill: ${JSON.stringify(connects.map(String))}`);

		await ctx.client.deactivateWorkflow(workflow.id);
		await until('deactivation to delete the workflow\'s rule and close the stream', () => open() === 0 && control.streamRules().length === 1);
		if (control.streamRules()[0].id !== other.id) throw new Error(`only the other client's rule should remain: ${JSON.stringify(control.streamRules())}`);
		await post(16);
		await sleep(1000);
		if ((await executionsOf(ctx, workflow.id)).length !== 5) throw new Error('no execution after deactivation expected');
		ctx.log(`connects: ${JSON.stringify(connects.map(String))}`);
	},
});
