/**
 * n8n's HTTP Request node with the X App-Only credential (xAppOnlyApi) calling GET {api}/2/webhooks:
 * the credential's preAuthentication fetches the bearer token once (POST /oauth2/token, HTTP Basic),
 * n8n stores it in the expirable hidden field and applies "Authorization: Bearer".
 */
import { defineCase } from '../types';
import { chain, latestHttpRequestVersion } from '../workflows';

let latest = 4.5;

export default defineCase({
	name: 'HTTP Request node with the xAppOnlyApi credential: bearer applied to GET /2/webhooks',
	credentials: { app: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		latest = await latestHttpRequestVersion(ctx);
	},
	workflow: (ctx) =>
		chain(
			{
				name: 'HTTP',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: {
					method: 'GET',
					url: `${ctx.emulator!.urls.api}/2/webhooks`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'xAppOnlyApi',
					options: {},
				},
				credentials: { xAppOnlyApi: '@app' },
			},
			{
				name: 'HTTP again',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: latest,
				parameters: {
					method: 'GET',
					url: `${ctx.emulator!.urls.api}/2/webhooks`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'xAppOnlyApi',
					options: {},
				},
				credentials: { xAppOnlyApi: '@app' },
			},
		),
	expect: {
		executedNodes: ['Start', 'HTTP', 'HTTP again'],
		node: 'HTTP',
		itemCount: 1,
		emulator: {
			requests: [
				{ method: 'POST', base: 'api', path: '/oauth2/token', status: 200, headers: { authorization: 'Basic' }, count: 1 },
				{ method: 'GET', base: 'api', path: '/2/webhooks', status: 200, headers: { authorization: 'Bearer' }, count: 2 },
			],
			none: [{ status: 401 }, { status: 403 }],
		},
	},
	check: (ctx) => {
		// n8n saved the issued token in the credential's hidden field (not shown, but present).
		if (ctx.emulator!.control.stats().bearerTokensIssued !== 1) throw new Error('expected exactly one bearer token to be issued');
	},
});
