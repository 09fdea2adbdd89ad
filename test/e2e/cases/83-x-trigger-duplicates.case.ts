/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Dedupe under X's real delivery patterns, in real n8n: an immediate retry (the same POST again as
 * soon as the first was answered: the emulator's `twice`), the same event delivered concurrently,
 * and different events delivered concurrently and retried later. Each event must run exactly once.
 *
 * Why static data alone would not do: n8n loads a workflow's static data from the database for
 * every webhook request (dist/webhooks/live-webhooks.js) and saves the whole object only after the
 * node returned, while the node answers 200 before that. So a retry right after the 200 could read
 * the state from before the save, concurrent copies of one event would all read the same old state,
 * and concurrent different events would overwrite each other's saves (the last writer wins). The
 * node therefore checks and fills an in-process memory (`recentEvents` in
 * nodes/XTrigger/eventItems.ts) without a pause in between, and saves that whole memory to
 * static data (fingerprints, for restarts).
 */
import { eventIds, executionsOf, sleep, triggerCase } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger: each event runs once under immediate retries and concurrent deliveries (http loopback)',
	timeoutMs: 90_000,
	check: async ({ ctx, control, uid, activate }) => {
		const post = (id: string) => ({ for_user_id: uid, tweet_create_events: [{ id_str: id, text: `event ${id}` }] });
		const { workflow, xWebhook } = await activate(triggerWorkflow(ctx));
		const workflowId = workflow.id;
		const statuses: string[] = [];
		const deliver = async (event: unknown, options = {}) => {
			const r = await control.deliverEvent(xWebhook.id, event, options);
			statuses.push(...r.map((x: any) => String(x.status ?? x.error)));
		};

		// (1) 20 immediate retries: each event POSTed twice in a row
		const retried = Array.from({ length: 20 }, (_, i) => `18300000000000001${String(i).padStart(2, '0')}`);
		for (const id of retried) await deliver(post(id), { twice: true });
		// (2) one event delivered 4 times at once
		await Promise.all([0, 1, 2, 3].map(() => deliver(post('1830000000000000200'))));
		// (3) 6 different events at once, then each retried later, one after the other
		const concurrent = Array.from({ length: 6 }, (_, i) => `18300000000000003${String(i).padStart(2, '0')}`);
		await Promise.all(concurrent.map((id) => deliver(post(id))));
		await sleep(1500);
		for (const id of concurrent) await deliver(post(id));
		await sleep(2500);

		if (statuses.some((s) => s !== '200')) throw new Error(`every delivery should be acknowledged with 200: ${JSON.stringify(statuses)}`);
		const all = await executionsOf(ctx, workflowId);
		const ran = all.flatMap(eventIds).map((e) => e.replace(/^post\.create:/, ''));
		const times = (id: string) => ran.filter((r) => r === id).length;
		const problems: string[] = [];
		const twiceRan = retried.filter((id) => times(id) !== 1);
		if (twiceRan.length) problems.push(`(1) immediate retry: ${twiceRan.length} of ${retried.length} events ran ${twiceRan.map(times).join('/')} times: ${twiceRan.join(', ')}`);
		if (times('1830000000000000200') !== 1) problems.push(`(2) one event delivered 4 times at once ran ${times('1830000000000000200')} times`);
		const lost = concurrent.filter((id) => times(id) !== 1);
		if (lost.length) problems.push(`(3) concurrent different events, retried later: ${lost.length} of ${concurrent.length} ran again (${lost.map(times).join('/')} times): ${lost.join(', ')}`);
		ctx.log(`${all.length} executions for ${retried.length + 1 + concurrent.length} distinct events`);
		if (problems.length) throw new Error(`events ran more than once (static-data dedupe races in n8n, see the header of this case):\n${problems.join('\n')}`);
	},
});
