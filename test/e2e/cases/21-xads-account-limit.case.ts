/** Account > Get Many with Limit 5 over 23 accounts: exactly one request, count=5, 5 items paired to item 0. */
import { defineCase } from '../types';
import { chain, queryOf, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads account: Get Many with Limit 5 -> one request of count 5',
	credentials: { x: { type: 'xOAuth1Api' } },
	setup: ({ emulator }) => {
		emulator!.control.seedAccounts(20);
	},
	workflow: chain(xAds('X Ads', { resource: 'account', operation: 'getAll', returnAll: false, limit: 5 })),
	expect: {
		node: 'X Ads',
		itemCount: 5,
		everyItem: { id: { $type: 'string' }, name: { $type: 'string' } },
		emulator: {
			requestCount: 1,
			requests: [{ method: 'GET', base: 'ads', path: '/12/accounts', query: { count: '5' }, status: 200, count: 1 }],
		},
	},
	check: (_ctx, result) => {
		const paired = result.execution!.items('X Ads').map((i) => i.pairedItem?.item ?? i.pairedItem);
		if (!paired.every((p) => p === 0)) throw new Error(`every item must be paired to input item 0, got ${JSON.stringify(paired)}`);
		if (queryOf(result.requests[0].query).has('cursor')) throw new Error('the first request must not carry a cursor');
	},
});
