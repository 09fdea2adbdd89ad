/** Three 503s (Retry-After: 0) are retried, the fourth attempt succeeds. */
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads account: three 503s, then success',
	credentials: { x: { type: 'xOAuth1Api' } },
	setup: ({ emulator }) => {
		emulator!.control.injectFaults([{ kind: 'server_error', status: 503, retryAfterSeconds: 0, times: 3, match: { path: '/12/accounts' } }]);
	},
	workflow: chain(xAds('X Ads', { resource: 'account', operation: 'getAll', returnAll: false, limit: 1 })),
	expect: {
		node: 'X Ads',
		itemCount: 1,
		emulator: { requestCount: 4 },
	},
	check: (_ctx, result) => {
		const statuses = result.requests.map((r) => r.status);
		if (JSON.stringify(statuses) !== '[503,503,503,200]') throw new Error(`statuses: ${JSON.stringify(statuses)}`);
		const retries = result.log.split('\n').filter((l) => /X: GET \/12\/accounts answered 503; retry \d of \d/.test(l));
		if (retries.length !== 3) throw new Error(`expected 3 retry warnings in the n8n log, got ${retries.length}`);
	},
});
