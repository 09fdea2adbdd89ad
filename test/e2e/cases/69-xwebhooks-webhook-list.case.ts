/**
 * X Webhooks "Webhook > Get Many" in real n8n (X's authentication and webhook docs). Set-up outside n8n: two webhooks
 * registered for the receiver (X's CRC passes for both), then the receiver's /hooks/down starts
 * failing and X's hourly CRC check marks that webhook invalid. Get Many lists both, with their
 * valid flag (one item per webhook, X's fields as they are); the credential test of the X
 * App-Only credential (GET /2/webhooks with a bearer token issued from the API key and secret)
 * passes too. The credential test is the package's own (it gives X's reason on a refusal), so the
 * token it fetched is not n8n's cached one: the run fetches one token (n8n's pre-authentication),
 * then sends the GET.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain } from '../workflows';
import { registerWebhook, webhookReceiver, xWebhooks } from './68-xwebhooks-webhook-create.case';

let hooks: Array<{ id: string; url: string }> = [];

export default defineCase({
	name: 'X Webhooks: webhook get many (valid and invalidated by the hourly CRC check)',
	credentials: { app: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		const receiver = await webhookReceiver(ctx);
		const control = ctx.emulator!.control;
		control.setWebhookSettings({ maxWebhooks: 2 });
		hooks = [await registerWebhook(ctx, receiver, '/hooks/up'), await registerWebhook(ctx, receiver, '/hooks/down')];
		receiver.setMode('/hooks/down', 'error');
		const hourly = await control.runHourlyCrcCheck();
		assertMatch(hourly.map((h: { ok: boolean }) => h.ok).sort(), [false, true], 'hourly check results');
	},
	workflow: chain(xWebhooks('List', { resource: 'webhook', operation: 'getAll' })),
	expect: {
		credentialTests: { app: 'OK' },
		outputs: {
			List: {
				itemCount: 2,
				items: [
					{ id: /^[0-9]{1,19}$/, url: /\/hooks\/up$/, valid: true, created_at: /Z$/ },
					{ id: /^[0-9]{1,19}$/, url: /\/hooks\/down$/, valid: false, created_at: /Z$/ },
				],
			},
		},
		// One token for the run (n8n's pre-authentication), then the listing with it.
		emulator: {
			requestCount: 2,
			requests: [
				{ method: 'POST', base: 'api', path: '/oauth2/token', status: 200, count: 1 },
				{ method: 'GET', base: 'api', path: '/2/webhooks', query: '', status: 200, headers: { authorization: 'Bearer' }, count: 1 },
			],
		},
	},
	check: (_ctx, result) => {
		const out = result.execution!.output('List');
		assertMatch(out.map((w) => w.id), hooks.map((h) => h.id), 'listed ids');
		assertMatch(out.map((w) => w.url), hooks.map((h) => h.url), 'listed urls');
		for (const w of out) {
			const keys = Object.keys(w).sort();
			if (JSON.stringify(keys) !== JSON.stringify(['created_at', 'id', 'url', 'valid'])) throw new Error(`unexpected fields ${keys.join(', ')}`);
		}
	},
});
