/**
 * Issue 24, break 10: n8n's own "Connect my account" flow with the X User OAuth2 credential in real
 * n8n 2.41.1, resolving the credential's hidden computed URLs.
 *   - OAuth Server X, with authorization and token URLs stored when they were editable (a server
 *     that redirects to another loopback host): the authorization URL n8n hands the browser is X's
 *     (https://x.com/i/oauth2/authorize, not opened here), not the stored one.
 *   - OAuth Server Custom (the emulator): /rest/oauth2-credential/auth -> the emulator's authorize
 *     page (PKCE S256) -> 302 to n8n's callback -> n8n exchanges the code at the custom token URL
 *     and stores the tokens; X Webhooks then subscribes in the user's context with them.
 */
import { authorizationUrl, connectAtEmulator } from '../oauth2Connect';
import { defineCase } from '../types';
import { X_WEBHOOKS, chain } from '../workflows';

const WEBHOOK_ID = '1600000000000000003';

export default defineCase({
	name: 'X User OAuth2: Connect my account goes to X\'s authorize page, or through the Custom server (the emulator) to stored tokens',
	needs: ['package'],
	n8nVersions: ['2.'],
	credentials: { x: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		const { client, emulator } = ctx;
		const { clientId, clientSecret } = emulator!.control.oauth2Client();
		const common = { clientId, clientSecret, apiBaseUrl: emulator!.urls.api };

		const legacy = await client.createCredential({
			name: 'X User OAuth2 saved with editable URLs',
			type: 'xOAuth2Api',
			data: { ...common, authUrl: 'http://127.0.0.1:9/redirect/302/127.0.0.2:9/authorize', accessTokenUrl: 'http://127.0.0.1:9/redirect/307/127.0.0.2:9/token' },
		});
		const toX = await authorizationUrl(ctx, legacy.id);
		if (toX.origin + toX.pathname !== 'https://x.com/i/oauth2/authorize' || toX.searchParams.get('code_challenge_method') !== 'S256') {
			throw new Error(`OAuth Server X should send the browser to X's authorize page, got ${toX.origin}${toX.pathname}`);
		}

		ctx.credentials.user = await connectAtEmulator(ctx, 'X User OAuth2 at the emulator');
		(emulator!.control.state().webhooks as Array<Record<string, unknown>>).push({ id: WEBHOOK_ID, url: 'https://example.com/dm', valid: true, created_at: new Date().toISOString() });
	},
	workflow: chain({
		name: 'X Webhooks',
		type: X_WEBHOOKS,
		typeVersion: 1,
		parameters: { resource: 'accountActivity', operation: 'subscribe', webhookId: WEBHOOK_ID },
		credentials: { xAppOnlyApi: '@x', xOAuth2Api: '@user' },
	}),
	expect: {
		items: [{ webhook_id: WEBHOOK_ID, subscribed: true }],
		emulator: { requests: [{ method: 'POST', path: `/2/account_activity/webhooks/${WEBHOOK_ID}/subscriptions/all`, status: 200, count: 1 }] },
	},
});
