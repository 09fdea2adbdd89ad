/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Issue 24, break 6, in real n8n: the Conversions budget (X: 60,000 events per 15 minutes per
 * account) holds across executions. A shop's nightly export posts to the webhook twice, back to
 * back, 35,000 conversions each (production executions: n8n saves the node's static data after
 * each). The first sends all; the second sends the 25,000 that fit and its other 10,000 items fail
 * naming the budget (Max Rate Limit Wait is a few ms here, so nothing waits). X receives 60,000
 * and never answers 429. Before: 70,000 were sent in 42 s.
 */
import { defineCase, type CaseContext } from '../types';
import { xAds } from '../workflows';

const PATH = 'e2e-conversions-budget-166';
const sfx = (ctx: CaseContext) => ctx.emulator!.control.statsFixtures();

export default defineCase({
	name: 'X Ads Conversion: two executions of 35,000 back to back send 60,000 in 15 minutes, the rest fail naming the budget',
	credentials: { x: { type: 'xOAuth1Api' } },
	timeoutMs: 600_000,
	workflow: (ctx) => ({
		nodes: [
			{ name: 'Nightly Export', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: { httpMethod: 'POST', path: PATH, options: {} }, webhookId: PATH },
			{
				name: 'Orders',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: { jsCode: 'const { tag, count } = $input.first().json.body;\nreturn Array.from({ length: count }, (_, i) => ({ json: { email: `${tag}${i}@example.com` } }));' },
			},
			{
				...xAds(
					'Send Conversions',
					{
						resource: 'conversion',
						operation: 'send',
						pixelId: sfx(ctx).pixelId,
						eventId: sfx(ctx).eventIds[0],
						conversionTime: '2026-11-20T09:30:00Z',
						additionalFields: { hashedEmail: '={{ $json.email }}' },
						requestOptions: { maxRateLimitWait: 0.001 },
					},
					{ onError: 'continueRegularOutput' },
				),
				position: [440, 0],
			},
		],
		connections: {
			'Nightly Export': { main: [[{ node: 'Orders', type: 'main', index: 0 }]] },
			Orders: { main: [[{ node: 'Send Conversions', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	}),
	run: { mode: 'webhook', webhook: { method: 'POST', body: { tag: 'night1-', count: 35_000 } }, timeoutMs: 300_000 },
	expect: { node: 'Send Conversions', itemCount: 35_000 },
	check: async (ctx, result) => {
		const first = result.execution!.output('Send Conversions');
		if (first.some((o) => o.status !== 'OK')) throw new Error('the first execution did not send all 35,000');
		const workflowId = String(result.workflow!.id);
		const answer = await ctx.client.callWebhook(PATH, { method: 'POST', body: { tag: 'night2-', count: 35_000 } });
		if (answer.status !== 200) throw new Error(`the second webhook call answered ${answer.status}`);
		const deadline = Date.now() + 300_000;
		let second;
		for (;;) {
			const executions = (await ctx.client.listExecutions(workflowId)).sort((a, b) => Number(b.id) - Number(a.id));
			if (executions.length >= 2) {
				second = await ctx.client.waitForExecution(String(executions[0].id), Math.max(1000, deadline - Date.now()));
				break;
			}
			if (Date.now() > deadline) throw new Error('no second execution');
			await new Promise((r) => setTimeout(r, 250));
		}
		const out = second.output('Send Conversions');
		const ok = out.filter((o) => o.status === 'OK').length;
		const refused = out.filter((o) => typeof o.error === 'string');
		const message = 'X takes at most 60000 conversion events in 15 minutes: 60000 conversion events were sent in the last 15 minutes with this X credential';
		if (ok !== 25_000 || refused.length !== 10_000 || refused.some((o) => o.error !== message)) {
			throw new Error(`second execution: ${ok} OK, ${refused.length} refused (${String(refused[0]?.error)})`);
		}
		const received = ctx.emulator!.control.conversionsReceived(sfx(ctx).pixelId).length;
		const refusedByX = ctx.emulator!.control.requests().filter((r: { path: string; status: number | null }) => r.path.startsWith('/12/measurement/conversions/') && r.status !== 200).length;
		if (received !== 60_000 || refusedByX) throw new Error(`X received ${received} conversions and refused ${refusedByX} requests`);
	},
});
