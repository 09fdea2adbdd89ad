/**
 * Queue mode only (`npm run test:e2e -- --queue`): the X Trigger behind n8n's two webhook
 * processes (workers run the executions). The same signed event is delivered 20 times, alternating
 * between the two processes' ports: (1) one after another, each delivery answered before the next
 * is sent; (2) all 20 at once. The figures go to .cache/e2e-logs/queue-dedupe.json (bench/RESULTS.md
 * and the README quote them).
 *
 * The node merges what static data holds into its memory on every delivery (nodes/XTrigger/events.ts
 * RecentEvents.merge), so a duplicate would be dropped by any process once the first process's
 * static data is saved. n8n 2.41.1 never saves it when the delivery starts an execution:
 * WorkflowRunner.run builds a second Workflow on the same static data object
 * (establishContextForPersistence), and n8n-workflow's ObservableObject.create sets that object's
 * __dataChanged back to false, so LiveWebhooks' saveStaticData afterwards finds nothing changed (seen
 * with n8n's own code instrumented; no UPDATE of workflow_entity reaches PostgreSQL). Each webhook
 * process therefore knows only the deliveries it received itself: what this case can hold is at most
 * one execution per webhook process (2 here); the figures show what happens. `staticDataSaved` in the
 * figures says whether the memory reached the database by the end (a delivery that starts no
 * execution, such as a duplicate a process already knew, is saved), not whether it did in time.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT } from '../n8n';
import { deactivateTrigger, eventIds, executionsOf, sign, sleep, triggerCase, xWebhooks } from '../trigger';
import { TRIGGER, triggerWorkflow } from '../workflows';

const DELIVERIES = 20;

export default triggerCase({
	name: 'X Trigger in queue mode: one event delivered 20 times across both webhook processes, one after another and all at once (figures measured)',
	skip: (ctx) => (ctx.queue ? undefined : 'queue mode only (npm run test:e2e -- --queue)'),
	timeoutMs: 180_000,
	check: async ({ ctx, uid, activate }) => {
		const queue = ctx.queue!;
		const { workflow } = await activate(triggerWorkflow(ctx));
		const webhookId = String(workflow.nodes.find((n) => n.name === TRIGGER)!.webhookId);
		const urls = queue.webhooks.map((w) => `${w.baseUrl}/webhook/${webhookId}/webhook`);
		const secret = ctx.emulator!.app.consumerSecret;
		const deliver = async (process: number, id: string) => {
			const raw = JSON.stringify({ for_user_id: uid, tweet_create_events: [{ id_str: id, text: `event ${id}` }] });
			const res = await fetch(urls[process], { method: 'POST', headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': sign(secret, raw) }, body: raw });
			const text = await res.text();
			if (res.status !== 200) throw new Error(`webhook process ${process + 1} answered ${res.status} ${text.slice(0, 300)}`);
			return Number((JSON.parse(text) as { received?: number }).received);
		};
		/** Executions per event id once no new one has appeared for 3 s. */
		const settledRuns = async () => {
			let count = -1;
			for (let stable = 0; stable < 3; ) {
				await sleep(1000);
				const now = (await ctx.client.listExecutions(workflow.id)).length;
				stable = now === count ? stable + 1 : 0;
				count = now;
			}
			const runs = (await executionsOf(ctx, workflow.id)).flatMap(eventIds).map((e) => e.replace(/^post\.create:/, ''));
			return (id: string) => runs.filter((r) => r === id).length;
		};
		/** Whether the node's dedupe memory reached the database (psql is there when PostgreSQL is). */
		const staticDataSaved = () => {
			const sql = `select "staticData"::text from workflow_entity where id = '${workflow.id}'`;
			const r = spawnSync('psql', ['-h', '127.0.0.1', '-p', String(queue.postgresPort), '-U', 'n8n', '-d', 'postgres', '-tAc', sql], { encoding: 'utf8' });
			return r.status === 0 ? /"seen"/.test(r.stdout) : undefined;
		};

		try {
			// Both processes have a memory of the workflow already (each received an event before).
			const warmUp = [await deliver(0, '1840000000000000001'), await deliver(1, '1840000000000000002')];
			const sequential = '1840000000000000010';
			const acceptedOneAfterAnother: number[] = [];
			for (let i = 0; i < DELIVERIES; i++) acceptedOneAfterAnother.push(await deliver(i % 2, sequential));
			const atOnce = '1840000000000000020';
			const acceptedAtOnce = await Promise.all(Array.from({ length: DELIVERIES }, async (_, i) => await deliver(i % 2, atOnce)));

			const times = await settledRuns();
			const figures = {
				measuredAt: new Date().toISOString(),
				webhookProcesses: urls.length,
				deliveries: DELIVERIES,
				staticDataSaved: staticDataSaved(),
				warmUp: { accepted: warmUp, executions: [times('1840000000000000001'), times('1840000000000000002')] },
				oneAfterAnother: { executions: times(sequential), extra: times(sequential) - 1, acceptedPerDelivery: acceptedOneAfterAnother },
				allAtOnce: { executions: times(atOnce), extra: times(atOnce) - 1, acceptedPerDelivery: acceptedAtOnce },
			};
			fs.mkdirSync(path.join(REPO_ROOT, '.cache', 'e2e-logs'), { recursive: true });
			fs.writeFileSync(path.join(REPO_ROOT, '.cache', 'e2e-logs', 'queue-dedupe.json'), JSON.stringify(figures, null, 2));
			ctx.log(`one after another: ${figures.oneAfterAnother.executions} execution(s) for ${DELIVERIES} deliveries (${figures.oneAfterAnother.extra} extra); all at once: ${figures.allAtOnce.executions} (${figures.allAtOnce.extra} extra); static data saved by the webhook processes: ${String(figures.staticDataSaved)}`);

			if (figures.warmUp.executions.some((n) => n !== 1)) throw new Error(`each warm-up event should run once: ${JSON.stringify(figures.warmUp)}`);
			// Each process runs the event at most once (its own memory); 1 in all needs n8n to save static data in time.
			for (const [what, n] of [['one after another', figures.oneAfterAnother.executions], ['all at once', figures.allAtOnce.executions]] as const) {
				if (n < 1 || n > urls.length) throw new Error(`${what}: the event ran ${n} times over ${urls.length} webhook processes`);
			}
		} finally {
			// Deactivated here and waited for, so its webhook deletion at X does not land in the next case.
			await deactivateTrigger(ctx, workflow.id, () => xWebhooks(ctx).length === 0).catch(() => undefined);
		}
	},
});
