/**
 * n8n's own "Connect my account" flow for an X User OAuth2 credential whose OAuth Server is the
 * emulator (Custom): /rest/oauth2-credential/auth -> the emulator's authorize page (PKCE S256) ->
 * 302 to n8n's callback -> n8n exchanges the code at the custom token URL and stores the tokens.
 */
import type { CredentialRef } from './n8n';
import type { CaseContext } from './types';

/** The authorization URL n8n hands the browser for a credential. */
export async function authorizationUrl(ctx: CaseContext, id: string): Promise<URL> {
	const url = await ctx.client.request<string>('GET', `/rest/oauth2-credential/auth?id=${encodeURIComponent(id)}`);
	if (typeof url !== 'string') throw new Error(`/rest/oauth2-credential/auth answered ${JSON.stringify(url)}`);
	return new URL(url);
}

/** Creates the credential at the emulator (extra data such as scope) and connects it (n8n's API shows the stored tokens only as true). */
export async function connectAtEmulator(ctx: CaseContext, name: string, extra: Record<string, unknown> = {}): Promise<CredentialRef> {
	const { client, emulator, n8n } = ctx;
	const { clientId, clientSecret } = emulator!.control.oauth2Client();
	const credential = await client.createCredential({
		name,
		type: 'xOAuth2Api',
		data: { clientId, clientSecret, apiBaseUrl: emulator!.urls.api, oauthServer: 'custom', customAuthUrl: `${emulator!.urls.api}/2/oauth2/authorize`, customAccessTokenUrl: `${emulator!.urls.api}/2/oauth2/token`, ...extra },
	});
	const authorize = await authorizationUrl(ctx, credential.id);
	if (authorize.origin + authorize.pathname !== `${emulator!.urls.api}/2/oauth2/authorize`) throw new Error(`Custom should send the browser to the emulator, got ${authorize.href}`);
	const page = await fetch(authorize, { redirect: 'manual' });
	const location = page.headers.get('location') ?? '';
	if (page.status !== 302 || !location.startsWith(`${n8n.baseUrl}/rest/oauth2-credential/callback?`)) throw new Error(`authorize answered ${page.status}, location ${JSON.stringify(location)}`);
	const callback = await client.fetch(location);
	const html = await callback.text();
	const exchange = emulator!.control.requests().find((r) => r.path === '/2/oauth2/token');
	if (callback.status !== 200 || /<h4>\s*Error:/.test(html) || exchange?.status !== 200) throw new Error(`n8n's OAuth2 callback answered ${callback.status}; the token exchange ${exchange?.status ?? 'was not made'}`);
	const stored = await client.getCredential(credential.id, true);
	if (!stored.data?.oauthTokenData) throw new Error('n8n did not store the tokens');
	return credential;
}
