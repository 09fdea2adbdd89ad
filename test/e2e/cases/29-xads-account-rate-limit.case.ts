/** A 429 whose reset is 2 s ahead is waited out, then one retry succeeds. */
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads account: 429 with reset 2 s ahead is waited out, one retry',
	credentials: { x: { type: 'xOAuth1Api' } },
	setup: ({ emulator }) => {
		emulator!.control.injectFaults([{ kind: 'rate_limit', resetInSeconds: 2, match: { path: '/12/accounts' } }]);
	},
	workflow: chain(xAds('X Ads', { resource: 'account', operation: 'getAll', returnAll: false, limit: 1 })),
	expect: {
		node: 'X Ads',
		itemCount: 1,
		emulator: { requestCount: 2 },
		logIncludes: [/X: GET \/12\/accounts hit a rate limit \(429\); waiting \d+ ms/],
	},
	check: (_ctx, result) => {
		const statuses = result.requests.map((r) => r.status);
		if (JSON.stringify(statuses) !== '[429,200]') throw new Error(`statuses: ${JSON.stringify(statuses)}`);
		const waited = Date.parse(result.requests[1].time) - Date.parse(result.requests[0].time);
		if (waited < 1000) throw new Error(`the retry came after ${waited} ms; the reset was 2 s ahead`);
	},
});
