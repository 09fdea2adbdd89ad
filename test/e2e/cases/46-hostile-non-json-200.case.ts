/**
 * Issue 16 item 3 in real n8n: the Ads base URL answers 200 with an HTML page (a captive portal).
 * Account Get with 3 input items under Continue On Fail ends with 3 error items, paired, each
 * saying what came back; each GET was retried once (Max Retries 1) before giving up.
 */
import { assertNoSecret, hostilePair, hostileSetup } from '../../hostile/e2e';
import { defineCase } from '../types';
import { chain, code, xAds } from '../workflows';

export default defineCase({
	name: 'Hostile upstream: a 200 HTML page gives one error item per input item, nothing vanishes',
	needs: ['package'],
	setup: async (ctx) => {
		await hostileSetup(ctx, 'x', () => 'html');
	},
	workflow: chain(
		code('Ids', [{ id: 'acc1' }, { id: 'acc2' }, { id: 'acc3' }]),
		xAds(
			'X Ads',
			{ resource: 'account', operation: 'get', account: '={{ $json.id }}', requestOptions: { maxRetries: 1 } },
			{ onError: 'continueRegularOutput' },
		),
	),
	expect: {
		status: 'success',
		node: 'X Ads',
		itemCount: 3,
		everyItem: { error: /^X answered 200 with HTML \(text\/html, \d+ bytes\): "Sign in to the corporate network", not X's JSON$/, httpCode: '200' },
	},
	check: (_ctx, result) => {
		const paired = result.execution!.items('X Ads').map((i) => i.pairedItem?.item ?? i.pairedItem);
		if (JSON.stringify(paired) !== '[0,1,2]') throw new Error(`pairedItem: expected [0,1,2], got ${JSON.stringify(paired)}`);
		const { upstream } = hostilePair();
		if (upstream.requests.length !== 6) throw new Error(`expected 3 items x 2 attempts = 6 requests, got ${upstream.requests.length}`);
		assertNoSecret('the execution', JSON.stringify(result.execution!.raw));
		assertNoSecret("n8n's log", result.log);
	},
});
