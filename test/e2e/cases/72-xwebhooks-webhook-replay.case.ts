/**
 * X Webhooks "Webhook > Replay" in real n8n (X's authentication and webhook docs). Set-up outside n8n: a webhook for
 * the receiver and two events X delivered to it (signed). A Code node computes the windows at run
 * time; one Replay node, four items, On Error: Continue:
 *  0. the webhook, the last 10 minutes -> {job_id, created_at}; the body carries X's yyyymmddhhmm
 *     stamps; X then re-delivers both events, signed, to the receiver
 *  1. an unknown webhook id            -> X's 404 WebhookIdInvalid
 *  2. a window starting 25 hours ago   -> refused by the node before sending
 *  3. a window ending before it starts -> refused by the node before sending
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain } from '../workflows';
import { registerWebhook, webhookReceiver, xWebhooks } from './68-xwebhooks-webhook-create.case';
import type { WebhookReceiver } from '../../engine/webhookReceiver';

let receiver: WebhookReceiver | undefined;
let hookId = '';

export default defineCase({
	name: 'X Webhooks: webhook replay (re-delivered events, unknown webhook, windows refused before sending)',
	credentials: { app: { type: 'xAppOnlyApi' } },
	timeoutMs: 60_000,
	setup: async (ctx) => {
		receiver = await webhookReceiver(ctx);
		hookId = (await registerWebhook(ctx, receiver, '/hooks/replay')).id;
		const delivered = await ctx.emulator!.control.deliverEvent(hookId, [
			{ id: 'r1', text: 'one' },
			{ id: 'r2', text: 'two' },
		]);
		assertMatch(delivered.map((d: { status: number | null }) => d.status), [200, 200], 'set-up deliveries');
	},
	workflow: () =>
		chain(
			{
				name: 'Windows',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: {
					jsCode: [
						'const iso = (minutesAgo) => new Date(Date.now() - minutesAgo * 60000).toISOString();',
						'return [',
						`  { json: { id: '${hookId}', from: iso(10), to: iso(0) } },`,
						"  { json: { id: '1234567890123', from: iso(10), to: iso(0) } },",
						`  { json: { id: '${hookId}', from: iso(25 * 60), to: iso(60) } },`,
						`  { json: { id: '${hookId}', from: iso(60), to: iso(120) } },`,
						'];',
					].join('\n'),
				},
			},
			xWebhooks(
				'Replay',
				{ resource: 'webhook', operation: 'replay', webhookId: '={{ $json.id }}', fromDate: '={{ $json.from }}', toDate: '={{ $json.to }}' },
				{ onError: 'continueRegularOutput' },
			),
		),
	expect: {
		executedNodes: ['Start', 'Windows', 'Replay'],
		outputs: {
			Replay: {
				itemCount: 4,
				items: [
					{ job_id: /^\d+$/, created_at: { $type: 'string' }, error: undefined },
					{ error: /^X answered 404 WebhookIdInvalid/, httpCode: '404' },
					{ error: /^Item 2: From \(from_date\) must be within the last 24 hours/, description: /^Nothing was sent to X/ },
					{ error: /^Item 3: From \(from_date\) must not be after To \(to_date\)/, description: /^Nothing was sent to X/ },
				],
			},
		},
		emulator: {
			requests: [
				{ method: 'POST', base: 'api', path: '/2/webhooks/replay', status: 200, headers: { 'content-type': /^application\/json/ }, count: 1 },
				{ method: 'POST', base: 'api', path: '/2/webhooks/replay', status: 404, count: 1 },
			],
		},
	},
	check: async (ctx, result) => {
		const ex = result.execution!;
		assertMatch(ex.items('Replay').map((i) => i.pairedItem), [0, 1, 2, 3].map((item) => ({ item })), 'pairedItem');
		const replays = result.requests.filter((r) => r.path === '/2/webhooks/replay').map((r) => JSON.parse(r.body));
		assertMatch(
			replays,
			[
				{ webhook_id: hookId, from_date: /^\d{12}$/, to_date: /^\d{12}$/ },
				{ webhook_id: '1234567890123', from_date: /^\d{12}$/, to_date: /^\d{12}$/ },
			],
			'replay bodies',
		);
		const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 12);
		const sentAt = Date.parse(result.requests.find((r) => r.path === '/2/webhooks/replay')!.time);
		if (![stamp(sentAt), stamp(sentAt - 60_000)].includes(replays[0].to_date)) throw new Error(`to_date ${replays[0].to_date} is not the minute of the run`);
		const job = String(ex.output('Replay')[0].job_id);
		const redelivered = await ctx.emulator!.control.waitForReplay(job);
		assertMatch(redelivered.map((d: { status: number | null; replay?: boolean }) => [d.status, d.replay]), [[200, true], [200, true]], 'replayed deliveries');
		assertMatch(
			receiver!.events.map((e) => [JSON.parse(e.body).id, e.signatureValid]),
			[['r1', true], ['r2', true], ['r1', true], ['r2', true]],
			'the receiver got both events again, signed',
		);
		assertMatch(ctx.emulator!.control.replayJob(job), { status: 'complete', webhook_id: hookId }, 'replay job');
	},
});
