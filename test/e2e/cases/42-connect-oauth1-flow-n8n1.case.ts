/**
 * n8n 1.x's "Connect my account" flow for the X OAuth 1.0a (Connect) credential: its callback
 * posts oauth_token and oauth_verifier to {api}/oauth/access_token without an OAuth signature
 * (n8n 1.123's OAuth1CredentialController.handleCallback; 2.x signs it). X's reference says that
 * endpoint requires authentication, so the emulator answers 401 and n8n shows the error; the
 * credential stores no tokens. The credential's notice and the README send 1.x users to the
 * X OAuth 1.0a API credential (tokens from the developer portal) or the X OAuth node's operations.
 */
import { hasConnectRoutes, runConnectFlow } from '../oauth1Connect';
import { defineCase } from '../types';

export default defineCase({
	name: 'X OAuth 1.0a (Connect) on n8n 1.x: n8n\'s unsigned access-token request is refused, n8n shows the error, no token is stored',
	n8nVersions: ['1.'],
	credentials: { connect: { type: 'xOAuth1ConnectApi' } },
	skip: (ctx) => (hasConnectRoutes(ctx) ? undefined : 'the emulator has no three-legged OAuth 1.0a routes (test/emulator/routes/oauth.ts)'),
	setup: async (ctx) => {
		const cred = ctx.credentials.connect;
		const flow = await runConnectFlow(ctx, cred.id);
		const call = flow.accessTokenCall;
		if (!call) throw new Error('n8n sent no access-token request');
		if (call.headers.authorization) throw new Error(`n8n 1.x was expected to send the access-token request unsigned; it sent ${call.headers.authorization.slice(0, 20)}...`);
		if (call.status !== 401) throw new Error(`X refuses an unsigned access-token request; the emulator answered ${call.status}`);
		if (!flow.shownError) throw new Error(`n8n's callback page should show the error (status ${flow.callbackStatus})`);
		const after = await ctx.client.getCredential(cred.id, true);
		if (after.data?.oauthTokenData) throw new Error('no token should be stored');
		ctx.log(`n8n 1.x: access_token unsigned -> ${call.status}; n8n shows "Error: ${flow.shownError}"`);
	},
});
