/** Account > Get Many, Return All over 2,503 accounts: exactly 3 requests at count 1000, cursor on 2 and 3. */
import { defineCase } from '../types';
import { chain, queryOf, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads account: Return All over 2,500 seeded accounts -> 3 requests at count 1000',
	credentials: { x: { type: 'xOAuth1Api' } },
	setup: ({ emulator }) => {
		emulator!.control.seedAccounts(2500);
	},
	workflow: chain(xAds('X Ads', { resource: 'account', operation: 'getAll', returnAll: true })),
	expect: {
		node: 'X Ads',
		emulator: {
			requestCount: 3,
			requests: [{ method: 'GET', path: '/12/accounts', query: { count: '1000' }, status: 200, count: 3 }],
		},
	},
	check: (_ctx, result) => {
		const ids = result.execution!.output('X Ads').map((i) => i.id);
		if (ids.length < 2500) throw new Error(`expected at least 2500 accounts, got ${ids.length}`);
		if (new Set(ids).size !== ids.length) throw new Error('duplicate accounts across pages');
		const [first, second, third] = result.requests.map((r) => queryOf(r.query));
		if (first.has('cursor')) throw new Error('page 1 must not carry a cursor');
		if (!second.get('cursor') || !third.get('cursor')) throw new Error('pages 2 and 3 must carry the cursor');
	},
});
