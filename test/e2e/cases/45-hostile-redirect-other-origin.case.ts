/**
 * Issue 16 item 1 in real n8n: the Ads base URL answers 307 to another origin (another port on
 * loopback). n8n would follow it with the signed Authorization header; the node refuses, the
 * execution fails naming the target host, and the target receives nothing.
 */
import { assertNoSecret, hostilePair, hostileSetup } from '../../hostile/e2e';
import { defineCase } from '../types';
import { chain, code, xAds } from '../workflows';

export default defineCase({
	name: 'Hostile upstream: a redirect to another origin gets no credentials, the execution names the host',
	needs: ['package'],
	setup: async (ctx) => {
		await hostileSetup(ctx, 'x', (p) => `redirect/307/${p.target.host}`);
	},
	workflow: chain(
		code('Ids', [{ id: 'acc1' }]),
		xAds('X Ads', { resource: 'account', operation: 'get', account: '={{ $json.id }}' }),
	),
	expect: {
		status: 'error',
		error: { node: 'X Ads', message: /^X answered 307, a redirect to 127\.0\.0\.1:\d+: not followed$/, httpCode: '307' },
	},
	check: (_ctx, result) => {
		const { upstream, target } = hostilePair();
		const message = result.execution!.error!.message;
		if (!message.includes(target.host)) throw new Error(`the error does not name ${target.host}: ${message}`);
		if (upstream.requests.length !== 1 || !upstream.requests[0].headers.authorization) throw new Error(`the upstream should have had the one signed request, got ${upstream.requests.length}`);
		if (target.requests.length) throw new Error(`the other origin received ${target.requests.length} request(s): ${JSON.stringify(target.requests.map((r) => [r.method, r.path, Boolean(r.headers.authorization)]))}`);
		assertNoSecret('the execution', JSON.stringify(result.execution!.raw));
		assertNoSecret("n8n's log", result.log);
	},
});
