/**
 * The X OAuth 1.0a (Connect) credential with the token pair stored the way n8n's Connect flow
 * stores it (oauthTokenData), so n8n signs with its own OAuth 1.0a signer (the credential extends
 * oAuth1Api): Account > Get Many with a name filter. Independent of the three-legged flow
 * (62-connect-oauth1-flow covers that). No credential-screen test here: GET /rest/credentials/:id
 * returns oauthTokenData as `true`, so POST /rest/credentials/test with the editor's data signs
 * without the token (401); the editor offers "Connect my account" for OAuth types instead.
 */
import { defaultCredentialData } from '../fixtures';
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

export default defineCase({
	name: 'X OAuth 1.0a (Connect) credential with stored tokens: Account Get Many signed by n8n',
	credentials: {
		connect: {
			type: 'xOAuth1ConnectApi',
			data: (ctx) => {
				const user = ctx.emulator!.users[0];
				return {
					...defaultCredentialData('xOAuth1ConnectApi', ctx.emulator),
					oauthTokenData: { oauth_token: user.accessToken, oauth_token_secret: user.accessTokenSecret },
				};
			},
		},
	},
	workflow: chain(
		xAds('X Ads', { resource: 'account', operation: 'getAll', returnAll: false, limit: 2, filters: { nameStartsWith: 'Acme' } }, { credential: '@connect', credentialType: 'xOAuth1ConnectApi' }),
	),
	expect: {
		node: 'X Ads',
		itemCount: 2,
		everyItem: { name: /^Acme/ },
		emulator: {
			requests: [{ method: 'GET', base: 'ads', path: '/12/accounts', query: { count: '2', q: 'Acme' }, status: 200, headers: { authorization: 'OAuth' }, count: 1 }],
		},
	},
});
