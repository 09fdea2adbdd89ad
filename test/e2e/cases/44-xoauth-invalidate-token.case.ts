/**
 * X OAuth "OAuth 1.0a > Invalidate Access Token" in real n8n (X's authentication and webhook docs).
 *  - Invalidate with no fields revokes the credential's own token (users[1]'s credential here):
 *    answers {access_token}; X Ads with that credential then fails with X's 401 code 89 and the
 *    "reconnect" hint (On Error: Continue), and a second Invalidate is refused with 401 89 too.
 *  - Invalidate naming another token and its secret (users[0]'s, from a second credential) revokes
 *    that one; the seeded users[0] credential then fails the same way.
 *  - A token without its secret is refused before sending.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain, once, xAds } from '../workflows';

const oauthNode = (name: string, credential: string, parameters: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
	name,
	type: 'n8n-nodes-x-ads.xOAuth',
	typeVersion: 1,
	parameters: { resource: 'oauth1', operation: 'invalidateToken', ...parameters },
	credentials: { xOAuth1Api: credential },
	executeOnce: true,
	...extra,
});
const continueOnError = { onError: 'continueRegularOutput' };

export default defineCase({
	name: 'X OAuth: invalidate access token (the credential\'s own, a named one, half given), later use gets 401 89',
	credentials: { other: { type: 'xOAuth1Api', userIndex: 1 }, x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const user = ctx.emulator!.users[0];
		return chain(
			once(xAds('Ads Before', { resource: 'account', operation: 'getAll', returnAll: true }, { credential: '@other' })),
			oauthNode('Invalidate Own', '@other'),
			once(xAds('Ads After', { resource: 'account', operation: 'getAll', returnAll: true }, { credential: '@other', onError: 'continueRegularOutput' })),
			oauthNode('Invalidate Again', '@other', {}, continueOnError),
			oauthNode('Invalidate Half', '@other', { additionalFields: { accessToken: 'only-the-token' } }, continueOnError),
			oauthNode('Invalidate Named', '@other', { additionalFields: { accessToken: user.accessToken, accessTokenSecret: user.accessTokenSecret } }),
			once(xAds('Ads Named', { resource: 'account', operation: 'getAll', returnAll: true }, { onError: 'continueRegularOutput' })),
		);
	},
	expect: {
		executedNodes: ['Start', 'Ads Before', 'Invalidate Own', 'Ads After', 'Invalidate Again', 'Invalidate Half', 'Invalidate Named', 'Ads Named'],
		outputs: {
			'Ads After': { itemCount: 1, items: [{ error: /^X answered 401 89/, description: /reconnect/, httpCode: '401' }] },
			'Invalidate Again': { itemCount: 1, items: [{ error: /^X answered 401 89/, httpCode: '401' }] },
			'Invalidate Half': { itemCount: 1, items: [{ error: /go together: give both or neither/, description: /^Nothing was sent to X/ }] },
			'Ads Named': { itemCount: 1, items: [{ error: /^X answered 401 89/, httpCode: '401' }] },
		},
		emulator: {
			requests: [
				{ method: 'POST', base: 'api', path: '/1.1/oauth/invalidate_token.json', status: 200, headers: { authorization: 'OAuth' }, count: 2 },
				{ method: 'POST', base: 'api', path: '/1.1/oauth/invalidate_token.json', status: 401, count: 1 },
				{ method: 'GET', base: 'ads', path: '/12/accounts', status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: '/12/accounts', status: 401, count: 2 },
			],
		},
	},
	check: (ctx, result) => {
		const [owner, other] = ctx.emulator!.users;
		const ex = result.execution!;
		if (ex.output('Ads Before').length === 0) throw new Error('users[1] has no accounts');
		assertMatch(ex.output('Invalidate Own'), [{ access_token: other.accessToken }], 'own token revoked');
		assertMatch(ex.output('Invalidate Named'), [{ access_token: owner.accessToken }], 'named token revoked');
		const tokens = ctx.emulator!.control.state().accessTokens;
		assertMatch([tokens.get(other.accessToken)?.invalidated, tokens.get(owner.accessToken)?.invalidated], [true, true], 'both invalidated in the emulator');
		assertMatch(ctx.emulator!.control.stats().accessTokenInvalidations, 2, 'two invalidations');
		// No token or secret appears in any error item.
		const text = JSON.stringify(['Ads After', 'Invalidate Again', 'Invalidate Half', 'Ads Named'].map((n) => ex.output(n)));
		for (const secret of [owner.accessTokenSecret, other.accessTokenSecret, ctx.emulator!.app.consumerSecret]) if (text.includes(secret)) throw new Error('a secret in an error item');
	},
});
