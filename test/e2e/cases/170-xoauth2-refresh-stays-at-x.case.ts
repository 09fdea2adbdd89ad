/**
 * Issue 24, break 10 in real n8n 2.41.1: an X User OAuth2 credential saved when its token URL was
 * editable, pointing at a server that answers 307 to another loopback host (127.0.0.2). Its access
 * token has expired, so X Webhooks' request gets 401 and n8n-core refreshes. n8n drops the stored
 * value of the now hidden Access Token URL and uses the credential's own: X's token endpoint (here
 * n8n's HTTPS proxy, which records "api.x.com:443" and refuses). The redirecting server and the
 * other host receive nothing: no refresh token, no client secret. n8n 1.x uses the stored value:
 * there the node refuses the credential before any request, naming the host.
 */
import { expiredOAuth2Credential, oauth2Servers, oauth2ServersNow, proxiedN8n, subscribeWorkflow } from '../../hostile/oauth2E2e';
import { defineCase } from '../types';

export default defineCase({
	name: 'X User OAuth2: a stored token URL redirecting to another host gets no refresh token; n8n refreshes at X only',
	needs: ['package'],
	n8nVariant: proxiedN8n,
	credentials: { x: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		const { upstream, thief } = await oauth2Servers();
		await expiredOAuth2Credential(ctx, 'user', {
			authUrl: `${upstream.url}/redirect/302/${thief.host}/authorize`,
			accessTokenUrl: `${upstream.url}/redirect/307/${thief.host}/ok/2/oauth2/token`,
		});
	},
	workflow: subscribeWorkflow('user'),
	expect: {
		status: 'error',
		emulator: { none: [{ path: '/2/oauth2/token' }] },
	},
	check: (ctx, result) => {
		const { upstream, thief, proxy } = oauth2ServersNow();
		if (thief.requests.length) throw new Error(`the other host received ${JSON.stringify(thief.requests.map((r) => `${r.method} ${r.path} ${r.body}`))}`);
		if (upstream.requests.length) throw new Error(`the stored token URL received ${JSON.stringify(upstream.requests.map((r) => `${r.method} ${r.path}`))}`);
		const subscribes = result.requests.filter((r) => r.path === '/2/account_activity/webhooks/1600000000000000003/subscriptions/all').map((r) => r.status);
		const toX = proxy.targets.filter((t) => t === 'api.x.com:443');
		if (ctx.client.major >= 2) {
			if (JSON.stringify(subscribes) !== '[401]') throw new Error(`one subscribe answered 401 expected, got ${JSON.stringify(subscribes)}`);
			if (toX.length !== 1) throw new Error(`n8n should have refreshed once at X's token URL (through its proxy); the proxy saw ${JSON.stringify(proxy.targets)}`);
		} else {
			// n8n 1.x would refresh at the stored URL: the node refuses before any request.
			if (subscribes.length || proxy.targets.length) throw new Error(`nothing should be sent on n8n 1.x: ${JSON.stringify({ subscribes, proxy: proxy.targets })}`);
			if (!/would send its refresh token to .*not to X/.test(JSON.stringify(result.execution!.raw.data?.resultData?.error ?? ''))) throw new Error('the node should name the stored token URL\'s host');
		}
	},
});
