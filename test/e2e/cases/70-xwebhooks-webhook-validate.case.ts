/**
 * X Webhooks "Webhook > Validate" in real n8n (X's authentication and webhook docs): PUT /2/webhooks/:id makes X run
 * its CRC now. Set-up outside n8n: two webhooks, both invalidated by X's hourly check while their
 * receiver paths failed; /hooks/recovered answers again (the hourly check passing would not
 * re-enable it), /hooks/broken still fails. One Validate node, four items, On Error: Continue:
 *  0. the recovered webhook   -> {webhook_id, valid: true} after a fresh CRC GET
 *  1. the broken webhook      -> X's 400 CrcValidationFailed (the receiver answered 500), stays invalid
 *  2. an unknown id           -> X's 404 WebhookIdInvalid with the "list the App's webhooks" hint
 *  3. "abc"                   -> refused by the node before sending
 * Get Many then shows the recovered webhook valid and the broken one invalid, and only the
 * recovered one receives events again.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain, code } from '../workflows';
import { registerWebhook, webhookReceiver, xWebhooks } from './68-xwebhooks-webhook-create.case';
import type { WebhookReceiver } from '../../engine/webhookReceiver';

let receiver: WebhookReceiver | undefined;
let recovered = '';
let broken = '';

export default defineCase({
	name: 'X Webhooks: webhook validate (recovered, still failing, unknown id, malformed id)',
	credentials: { app: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		receiver = await webhookReceiver(ctx);
		const control = ctx.emulator!.control;
		control.setWebhookSettings({ maxWebhooks: 2 });
		recovered = (await registerWebhook(ctx, receiver, '/hooks/recovered')).id;
		broken = (await registerWebhook(ctx, receiver, '/hooks/broken')).id;
		receiver.setMode('/hooks/recovered', 'error');
		receiver.setMode('/hooks/broken', 'error');
		await control.runHourlyCrcCheck();
		receiver.setMode('/hooks/recovered', 'good');
		await control.runHourlyCrcCheck(); // a passing hourly check does not re-enable
		if (control.state().webhooks.some((w: { valid: boolean }) => w.valid)) throw new Error('set-up: both webhooks should be invalid');
		receiver.reset();
		receiver.setMode('/hooks/broken', 'error');
	},
	workflow: () =>
		chain(
			code('IDs', [{ id: recovered }, { id: broken }, { id: '1234567890123' }, { id: 'abc' }]),
			xWebhooks('Validate', { resource: 'webhook', operation: 'validate', webhookId: '={{ $json.id }}' }, { onError: 'continueRegularOutput' }),
			xWebhooks('List', { resource: 'webhook', operation: 'getAll' }, { executeOnce: true }),
		),
	expect: {
		executedNodes: ['Start', 'IDs', 'Validate', 'List'],
		outputs: {
			Validate: {
				itemCount: 4,
				items: [
					{ valid: true, error: undefined },
					{ error: /^X answered 400 CrcValidationFailed: .*HTTP 500/, description: /^PUT \/2\/webhooks\/\d+\. X's CRC check of the URL failed/, httpCode: '400' },
					{ error: /^X answered 404 WebhookIdInvalid/, description: /list the App's webhooks to get a valid ID/, httpCode: '404' },
					{ error: /^Item 3: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/, description: /^Nothing was sent to X/ },
				],
			},
			List: { itemCount: 2, items: [{ url: /\/hooks\/recovered$/, valid: true }, { url: /\/hooks\/broken$/, valid: false }] },
		},
		emulator: {
			requests: [
				{ method: 'PUT', base: 'api', path: /^\/2\/webhooks\/\d+$/, status: 200, count: 1 },
				{ method: 'PUT', base: 'api', path: /^\/2\/webhooks\/\d+$/, status: 400, count: 1 },
				{ method: 'PUT', base: 'api', path: '/2/webhooks/1234567890123', status: 404, count: 1 },
				{ method: 'GET', base: 'api', path: '/2/webhooks', status: 200, count: 1 },
			],
			none: [{ path: /abc/ }],
		},
	},
	check: async (ctx, result) => {
		const ex = result.execution!;
		assertMatch(ex.output('Validate')[0], { webhook_id: recovered, valid: true }, 'validated webhook');
		assertMatch(ex.items('Validate').map((i) => i.pairedItem), [0, 1, 2, 3].map((item) => ({ item })), 'pairedItem');
		const puts = result.requests.filter((r) => r.method === 'PUT').map((r) => r.path);
		assertMatch(puts, [`/2/webhooks/${recovered}`, `/2/webhooks/${broken}`, '/2/webhooks/1234567890123'], 'PUTs in item order');
		assertMatch(receiver!.crcRequests.map((c) => c.path), ['/hooks/recovered', '/hooks/broken'], 'one fresh CRC per known webhook');
		// Only the valid webhook gets events.
		const control = ctx.emulator!.control;
		const ok = await control.deliverEvent(recovered, { id: 'after-validate' });
		const skipped = await control.deliverEvent(broken, { id: 'still-broken' });
		assertMatch(ok.map((d: { status: number | null }) => d.status), [200], 'delivery to the validated webhook');
		assertMatch(skipped.map((d: { status: number | null }) => d.status), [null], 'no delivery to the invalid webhook');
		assertMatch(receiver!.events.map((e) => [e.path, e.signatureValid]), [['/hooks/recovered', true]], 'signed event received');
	},
});
