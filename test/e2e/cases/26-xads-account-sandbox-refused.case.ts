/** Create Sandbox Account with a production credential is refused before anything is sent. */
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads account: Create Sandbox Account refused on production, nothing sent',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: chain(xAds('X Ads', { resource: 'account', operation: 'createSandbox' })),
	expect: {
		error: { node: 'X Ads', message: /sandbox/i },
		emulator: { requestCount: 0 },
	},
});
