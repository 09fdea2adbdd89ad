/**
 * Issue 16 item 2 in real n8n: the upstream answers 400 with X-shaped JSON whose message and body
 * echo the request's Authorization header (consumer key, token, signature). The execution fails,
 * and neither its data nor n8n's log holds any key or token.
 */
import { assertNoSecret, hostilePair, hostileSetup } from '../../hostile/e2e';
import { defineCase } from '../types';
import { chain, code, xAds } from '../workflows';

export default defineCase({
	name: 'Hostile upstream: echoed credentials are scrubbed from the error, the execution and the log',
	needs: ['package'],
	setup: async (ctx) => {
		await hostileSetup(ctx, 'x', () => 'echo-json/400');
	},
	workflow: chain(
		code('Ids', [{ id: 'acc1' }]),
		xAds('X Ads', { resource: 'account', operation: 'get', account: '={{ $json.id }}' }),
	),
	expect: {
		status: 'error',
		error: { node: 'X Ads', message: /^X answered 400 INVALID_PARAMETER: Rejected Authorization: \[redacted\]/, httpCode: '400' },
	},
	check: (_ctx, result) => {
		const { upstream } = hostilePair();
		if (!String(upstream.requests[0]?.headers.authorization).includes('oauth_signature=')) throw new Error('the upstream did not get a signed request');
		assertNoSecret('the execution', JSON.stringify(result.execution!.raw));
		assertNoSecret("n8n's log", result.log);
		if (/oauth_signature="[^"]/.test(JSON.stringify(result.execution!.raw) + result.log)) throw new Error('an OAuth signature came out');
	},
});
