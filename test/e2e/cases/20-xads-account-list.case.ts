/**
 * Example of a package case: X Ads "Account > Get Many" through real n8n against the emulator
 * (users[0] owns three production accounts in the emulator's seed). The request names the package
 * and its version as User-Agent, through n8n's signing of the credential.
 */
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads: account get many (OAuth 1.0a)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: chain(xAds('X Ads', { resource: 'account', operation: 'getAll', returnAll: true })),
	expect: {
		status: 'success',
		node: 'X Ads',
		itemCount: 3,
		someItems: [{ name: 'Acme Shoes', id: { $type: 'string' } }, { name: 'Beta Corp' }],
		emulator: {
			requests: [{ method: 'GET', base: 'ads', path: /\/accounts$/, status: 200, headers: { authorization: 'OAuth' /* the emulator logs only the scheme word */, 'user-agent': /^n8n-nodes-x-ads\/\d+\.\d+\.\d+\S* n8n$/ } }],
			none: [{ base: 'adsSandbox' }],
		},
	},
});
