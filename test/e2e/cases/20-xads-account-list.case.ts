/**
 * Example of a package case: X Ads "Account > Get Many" through real n8n against the emulator
 * (users[0] owns three production accounts in the emulator's seed).
 */
import { defineCase } from '../types';

export default defineCase({
	name: 'X Ads: account get many (OAuth 1.0a)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: {
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				name: 'X Ads',
				type: 'n8n-nodes-x-ads.xAds',
				typeVersion: 1,
				position: [220, 0],
				parameters: { authentication: 'xOAuth1Api', resource: 'account', operation: 'getAll', returnAll: true },
				credentials: { xOAuth1Api: '@x' },
			},
		],
		connections: { Start: { main: [[{ node: 'X Ads', type: 'main', index: 0 }]] } },
	},
	expect: {
		status: 'success',
		node: 'X Ads',
		itemCount: 3,
		someItems: [{ name: 'Acme Shoes', id: { $type: 'string' } }, { name: 'Beta Corp' }],
		emulator: {
			requests: [{ method: 'GET', base: 'ads', path: /\/accounts$/, status: 200, headers: { authorization: 'OAuth' } /* the emulator logs only the scheme word */ }],
			none: [{ base: 'adsSandbox' }],
		},
	},
});
