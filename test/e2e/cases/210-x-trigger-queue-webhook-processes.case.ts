/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Queue mode only (`npm run test:e2e -- --queue`): the X Trigger behind n8n's two webhook
 * processes (workers run the executions). One signed event is delivered 20 times, alternating
 * between the two processes' ports: (1) one after another, each sent as soon as the previous one
 * was answered; (2) one after another, 250 ms apart; (3) all 20 at once. The figures go to
 * .cache/e2e-logs/queue-dedupe.json (bench/RESULTS.md and the README quote them).
 *
 * The node takes in what static data holds on every delivery (RecentEvents.merge), so a process
 * drops an event another process received once that process's static data is saved. n8n saves it
 * after webhook() returned, and the node has answered X by then (n8n 2.41.1 gives it no later
 * moment that still saves: an answer left to n8n comes after the execution is queued, and n8n's
 * WorkflowRunner resets static data's changed flag on the way, so nothing is saved at all). So a
 * duplicate sent the instant the first was answered can reach the other process before the save
 * lands (a few ms): (1) measures that window; (2) is the goal, one execution; (3) shows what
 * remains when copies arrive together: n8n has no atomic store for a node, so every process that
 * reads static data before the first save runs the event (at most once each).
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
			const paced = '1840000000000000015';
			const acceptedPaced: number[] = [];
			for (let i = 0; i < DELIVERIES; i++) {
				acceptedPaced.push(await deliver(i % 2, paced));
				await sleep(250);
			}
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
				oneAfterAnother250ms: { executions: times(paced), extra: times(paced) - 1, acceptedPerDelivery: acceptedPaced },
				allAtOnce: { executions: times(atOnce), extra: times(atOnce) - 1, acceptedPerDelivery: acceptedAtOnce },
			};
			fs.mkdirSync(path.join(REPO_ROOT, '.cache', 'e2e-logs'), { recursive: true });
			fs.writeFileSync(path.join(REPO_ROOT, '.cache', 'e2e-logs', 'queue-dedupe.json'), JSON.stringify(figures, null, 2));
			ctx.log(`one after another: ${figures.oneAfterAnother.executions} execution(s) for ${DELIVERIES} deliveries (${figures.oneAfterAnother.extra} extra); 250 ms apart: ${figures.oneAfterAnother250ms.executions} (${figures.oneAfterAnother250ms.extra} extra); all at once: ${figures.allAtOnce.executions} (${figures.allAtOnce.extra} extra); static data saved by the webhook processes: ${String(figures.staticDataSaved)}`);

			if (figures.warmUp.executions.some((n) => n !== 1)) throw new Error(`each warm-up event should run once: ${JSON.stringify(figures.warmUp)}`);
			// Each process runs the event at most once (its own memory), whatever the timing.
			for (const [what, n] of [['one after another', figures.oneAfterAnother.executions], ['all at once', figures.allAtOnce.executions]] as const) {
				if (n < 1 || n > urls.length) throw new Error(`${what}: the event ran ${n} times over ${urls.length} webhook processes`);
			}
			// Once the first process's static data is saved, the other drops the event.
			if (figures.oneAfterAnother250ms.executions !== 1) {
				throw new Error(`one event delivered ${DELIVERIES} times 250 ms apart across both webhook processes ran ${figures.oneAfterAnother250ms.executions} times (accepted per delivery: ${acceptedPaced.join(',')})`);
			}
		} finally {
			// Deactivated here and waited for, so its webhook deletion at X does not land in the next case.
			await deactivateTrigger(ctx, workflow.id, () => xWebhooks(ctx).length === 0).catch(() => undefined);
		}
	},
});
