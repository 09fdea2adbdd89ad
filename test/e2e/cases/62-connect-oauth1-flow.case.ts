/**
 * The X OAuth 1.0a (Connect) credential through n8n's own "Connect my account" flow (the steps are
 * in ../oauth1Connect.ts), then X Ads Account > Get Many with that credential (signed by n8n's own
 * OAuth 1.0a signer). n8n 2.x only: n8n 1.x sends the access-token request unsigned, which X's
 * reference refuses (case 42-connect-oauth1-flow-n8n1).
 */
import { hasConnectRoutes, runConnectFlow } from '../oauth1Connect';
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

export default defineCase({
	name: 'X OAuth 1.0a (Connect): n8n "Connect my account" flow, then Account Get Many',
	n8nVersions: ['2.'],
	credentials: { connect: { type: 'xOAuth1ConnectApi' } },
	skip: (ctx) => (hasConnectRoutes(ctx) ? undefined : 'the emulator has no three-legged OAuth 1.0a routes (test/emulator/routes/oauth.ts)'),
	setup: async (ctx) => {
		const cred = ctx.credentials.connect;
		const flow = await runConnectFlow(ctx, cred.id);
		if (flow.callbackStatus !== 200 || flow.shownError || flow.accessTokenCall?.status !== 200) {
			throw new Error(
				`n8n's OAuth1 callback answered ${flow.callbackStatus}${flow.shownError ? ` "Error: ${flow.shownError}"` : ''}; the emulator answered access_token with ${flow.accessTokenCall?.status ?? 'no request'}`,
			);
		}
		const after = await ctx.client.getCredential(cred.id, true);
		if (!after.data?.oauthTokenData) throw new Error(`n8n did not store oauthTokenData: ${JSON.stringify(after.data)}`);
		ctx.log(`connected: request_token ${flow.requestTokenCall.status}, authorize 302, callback ${flow.callbackStatus}, access_token ${flow.accessTokenCall.status}`);
	},
	workflow: chain(
		xAds('X Ads', { resource: 'account', operation: 'getAll', returnAll: false, limit: 10, filters: { nameStartsWith: 'Acme' } }, { credential: '@connect', credentialType: 'xOAuth1ConnectApi' }),
	),
	expect: {
		node: 'X Ads',
		someItems: [{ name: 'Acme Shoes' }],
		everyItem: { name: /^Acme/ },
		emulator: {
			requests: [{ method: 'GET', base: 'ads', path: '/12/accounts', status: 200, headers: { authorization: 'OAuth' } }],
			none: [{ status: 401 }],
		},
	},
	check: (_ctx, result) => {
		// The credential held no token before the flow (only the app keys), so a 200 on a user-signed
		// Ads route proves n8n signed with the access token the flow stored.
		if (result.execution!.output('X Ads').length === 0) throw new Error('no accounts');
	},
});
