/**
 * Issue 24, break 10, the explicit override in real n8n 2.41.1: OAuth Server Custom with the
 * emulator's authorization and token URLs. n8n resolves the credential's hidden computed URLs to
 * the custom ones: an expired access token gets 401, n8n refreshes at the emulator's token endpoint
 * (not at X: its HTTPS proxy sees nothing), and the request is sent again with the new token.
 */
import { expiredOAuth2Credential, oauth2Servers, oauth2ServersNow, proxiedN8n, subscribeWorkflow } from '../../hostile/oauth2E2e';
import { defineCase } from '../types';

export default defineCase({
	name: 'X User OAuth2: OAuth Server Custom (the emulator) refreshes there and retries',
	needs: ['package'],
	n8nVariant: proxiedN8n,
	credentials: { x: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		await oauth2Servers();
		await expiredOAuth2Credential(ctx, 'user', {
			oauthServer: 'custom',
			customAuthUrl: `${ctx.emulator!.urls.api}/2/oauth2/authorize`,
			customAccessTokenUrl: `${ctx.emulator!.urls.api}/2/oauth2/token`,
		});
	},
	workflow: subscribeWorkflow('user'),
	expect: {
		items: [{ webhook_id: '1600000000000000003', subscribed: true }],
		emulator: {
			requests: [
				// once on 2.x; twice on 1.x, which hands the 401 back and the node sends it again with nothing ignored
				{ method: 'POST', path: '/2/account_activity/webhooks/1600000000000000003/subscriptions/all', status: 401 },
				{ method: 'POST', path: '/2/oauth2/token', status: 200, count: 1 },
				{ method: 'POST', path: '/2/account_activity/webhooks/1600000000000000003/subscriptions/all', status: 200, count: 1 },
			],
		},
	},
	check: () => {
		const { proxy } = oauth2ServersNow();
		if (proxy.targets.includes('api.x.com:443')) throw new Error(`a Custom server's credential went to X: ${JSON.stringify(proxy.targets)}`);
	},
});
