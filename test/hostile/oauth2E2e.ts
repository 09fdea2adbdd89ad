/**
 * The X User OAuth2 refresh in real n8n (cases 170-171): an n8n of its own whose requests to https
 * hosts go to a loopback proxy that records them and connects nowhere (so a refresh at X's real
 * token URL shows as "CONNECT api.x.com:443", without any traffic leaving loopback), a token URL
 * that answers 307 to another loopback host (127.0.0.2), and a credential whose access token has
 * expired, so the first request gets 401 and n8n refreshes.
 */
import type { CaseContext, N8nVariant } from '../e2e/types';
import { X_WEBHOOKS, chain } from '../e2e/workflows';
import type { ConnectRecorder } from './connectRecorder';
import { startConnectRecorder } from './connectRecorder';
import type { HostileServer } from './server';
import { startHostile } from './server';

export interface OAuth2Servers {
	/** The token URL a credential stored when it was editable: 307 to the thief. */
	upstream: HostileServer;
	/** Another loopback host: where the redirect points. */
	thief: HostileServer;
	/** n8n's HTTPS_PROXY. */
	proxy: ConnectRecorder;
}

let servers: OAuth2Servers | undefined;

async function started(): Promise<OAuth2Servers> {
	servers ??= { upstream: await startHostile({ unref: true }), thief: await startHostile({ host: '127.0.0.2', unref: true }), proxy: await startConnectRecorder({ unref: true }) };
	return servers;
}

/** The cases' own n8n, with HTTPS_PROXY on the recorder. */
export const proxiedN8n: N8nVariant = {
	key: 'https-proxy-recorder',
	options: async () => ({ env: { HTTPS_PROXY: (await started()).proxy.url } }),
};

/** The servers with their logs cleared (call in setup). */
export async function oauth2Servers(): Promise<OAuth2Servers> {
	const s = await started();
	s.upstream.clear();
	s.thief.clear();
	s.proxy.targets.length = 0;
	return s;
}

/** The servers as they are (call in check). */
export function oauth2ServersNow(): OAuth2Servers {
	if (!servers) throw new Error('the OAuth2 servers were not started (the n8n variant did not start?)');
	return servers;
}

export const WEBHOOK_ID = '1600000000000000003';

/** Creates credential `alias` of type xOAuth2Api with `data` and an expired access token of the emulator's user 0; adds the webhook the workflow subscribes to. */
export async function expiredOAuth2Credential(ctx: CaseContext, alias: string, data: Record<string, unknown>): Promise<{ refreshToken: string }> {
	const control = ctx.emulator!.control;
	const { clientId, clientSecret } = control.oauth2Client();
	control.setOAuth2({ accessTokenTtlMs: 0 });
	const token = control.issueOAuth2Token(0, ['tweet.read', 'users.read', 'dm.read', 'dm.write', 'offline.access']);
	control.setOAuth2({ accessTokenTtlMs: 3_600_000 });
	(control.state().webhooks as Array<Record<string, unknown>>).push({ id: WEBHOOK_ID, url: 'https://example.com/dm', valid: true, created_at: new Date().toISOString() });
	ctx.credentials[alias] = await ctx.client.createCredential({
		name: `X User OAuth2 ${alias}`,
		type: 'xOAuth2Api',
		data: { clientId, clientSecret, apiBaseUrl: ctx.emulator!.urls.api, ...data, oauthTokenData: token },
	});
	return { refreshToken: token.refresh_token };
}

/** X Webhooks > Account Activity > Subscribe in the user's context (the OAuth2 credential `alias`), the App-only credential `x`. */
export function subscribeWorkflow(alias: string) {
	return chain({
		name: 'X Webhooks',
		type: X_WEBHOOKS,
		typeVersion: 1,
		parameters: { resource: 'accountActivity', operation: 'subscribe', webhookId: WEBHOOK_ID },
		credentials: { xAppOnlyApi: '@x', xOAuth2Api: `@${alias}` },
	});
}
