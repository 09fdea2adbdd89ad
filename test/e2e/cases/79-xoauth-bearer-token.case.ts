/**
 * X OAuth "Bearer Token > Issue" and "> Invalidate" in real n8n (X's authentication and webhook docs), with the X
 * App-Only credential (xAppOnlyApi; the token endpoints take Basic auth with the API key and secret):
 *  1. Invalidate without a token while the credential holds none (its hidden token is fetched only
 *     when a request needs the bearer): refused before sending.
 *  2. Issue twice: the same token T1 (X keeps one outstanding per App).
 *  3. Invalidate naming T1: answers {access_token: T1}.
 *  4. Issue again: a new token T2.
 *  5. Invalidate of a token that is not outstanding: X's 403 code 99 (its application-only guide) as an error item, without the
 *     token or the secret.
 *  6. X Webhooks Get Many with the same credential: n8n's pre-authentication fetches the bearer
 *     (X answers the outstanding T2) and keeps it in the credential.
 *  7. Invalidate without a token: revokes the token the credential now holds (T2).
 *  8. X Webhooks Get Many again: X refuses T2 (401); n8n fetches a new token and the call succeeds.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain } from '../workflows';
import { xWebhooks } from './68-xwebhooks-webhook-create.case';

const bearerNode = (name: string, operation: string, parameters: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
	name,
	type: 'n8n-nodes-x-ads.xOAuth',
	typeVersion: 1,
	parameters: { resource: 'bearerToken', operation, ...parameters },
	credentials: { xAppOnlyApi: '@app' },
	executeOnce: true,
	...extra,
});
const continueOnError = { onError: 'continueRegularOutput' };
const NOT_OUTSTANDING = 'AAAAnot-the-current-token';
const listWebhooks = (name: string) => ({ ...xWebhooks(name, { resource: 'webhook', operation: 'getAll' }, { executeOnce: true }), alwaysOutputData: true });

export default defineCase({
	name: 'X OAuth: bearer token issue (same twice), invalidate (named, not outstanding, held by the credential), n8n renews',
	credentials: { app: { type: 'xAppOnlyApi' } },
	workflow: chain(
		bearerNode('Invalidate None', 'invalidate', {}, continueOnError),
		bearerNode('Issue', 'issue'),
		bearerNode('Issue Again', 'issue'),
		bearerNode('Invalidate', 'invalidate', { additionalFields: { accessToken: "={{ $('Issue').first().json.access_token }}" } }),
		bearerNode('Issue New', 'issue'),
		bearerNode('Invalidate Unknown', 'invalidate', { additionalFields: { accessToken: NOT_OUTSTANDING } }, continueOnError),
		listWebhooks('Webhooks'),
		bearerNode('Invalidate Held', 'invalidate'),
		listWebhooks('Webhooks Again'),
	),
	expect: {
		executedNodes: ['Start', 'Invalidate None', 'Issue', 'Issue Again', 'Invalidate', 'Issue New', 'Invalidate Unknown', 'Webhooks', 'Invalidate Held', 'Webhooks Again'],
		outputs: {
			'Invalidate None': { itemCount: 1, items: [{ error: /^Item 0: Bearer Token \(access_token\) is needed: the credential holds none yet/, description: "Give the token to invalidate under Bearer Token (for example the access_token output of Issue), or paste it into the credential's Bearer Token field." }] },
			Issue: { itemCount: 1, items: [{ token_type: 'bearer', access_token: /^\S{20,}$/ }] },
			'Issue Again': { itemCount: 1, items: [{ token_type: 'bearer' }] },
			Invalidate: { itemCount: 1 },
			'Issue New': { itemCount: 1, items: [{ token_type: 'bearer' }] },
			'Invalidate Unknown': { itemCount: 1, items: [{ error: /oauth2\/invalidate_token failed \(HTTP 403, code 99: .*not the App's current token/ }] },
			'Invalidate Held': { itemCount: 1 },
		},
		emulator: {
			requests: [
				{ method: 'POST', base: 'api', path: '/oauth2/invalidate_token', status: 200, headers: { authorization: 'Basic' }, count: 2 },
				{ method: 'POST', base: 'api', path: '/oauth2/invalidate_token', status: 403, count: 1 },
				{ method: 'GET', base: 'api', path: '/2/webhooks', status: 401 }, // once on 2.x, twice on 1.x (see check)
				{ method: 'GET', base: 'api', path: '/2/webhooks', status: 200, count: 2 },
			],
			none: [{ status: 500 }],
		},
	},
	check: async (ctx, result) => {
		const ex = result.execution!;
		const first = String(ex.output('Issue')[0].access_token);
		const second = String(ex.output('Issue New')[0].access_token);
		assertMatch(ex.output('Issue Again')[0].access_token, first, 'the same token while outstanding');
		assertMatch(ex.output('Invalidate'), [{ access_token: first }], 'T1 invalidated');
		if (second === first) throw new Error('the token issued after the invalidation is the old one');
		assertMatch(ex.output('Invalidate Held'), [{ access_token: second }], 'the held token (T2) invalidated');
		// X's token comes percent-encoded already, and X's guide sends it as it came (access_token=AAAA%2FAAA%3D...).
		const invalidations = result.requests.filter((r) => r.path === '/oauth2/invalidate_token').map((r) => /(?:^|&)access_token=([^&]*)/.exec(r.body)?.[1]);
		assertMatch(invalidations, [first, NOT_OUTSTANDING, second], 'invalidation form bodies');
		const stats = ctx.emulator!.control.stats();
		assertMatch(stats, { bearerTokensIssued: 3, bearerTokenInvalidations: 2 }, 'emulator stats');
		const webhooks = (token: string) => fetch(`${ctx.emulator!.urls.api}/2/webhooks`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
		assertMatch([await webhooks(first), await webhooks(second)], [401, 401], 'revoked tokens refused');
		const errors = JSON.stringify([ex.output('Invalidate None'), ex.output('Invalidate Unknown')]);
		for (const secret of [NOT_OUTSTANDING, ctx.emulator!.app.consumerSecret, first, second]) if (errors.includes(secret)) throw new Error('a token or secret in an error item');
		assertMatch(
			result.requests.map((r) => `${r.method} ${r.path} ${r.status} ${r.headers.authorization ?? ''}`),
			[
				'POST /oauth2/token 200 Basic', // Issue
				'POST /oauth2/token 200 Basic', // Issue Again
				'POST /oauth2/invalidate_token 200 Basic', // Invalidate T1
				'POST /oauth2/token 200 Basic', // Issue New
				'POST /oauth2/invalidate_token 403 Basic', // Invalidate Unknown
				'POST /oauth2/token 200 Basic', // n8n's pre-authentication for Webhooks
				'GET /2/webhooks 200 Bearer',
				'POST /oauth2/invalidate_token 200 Basic', // Invalidate Held (T2)
				'GET /2/webhooks 401 Bearer', // T2 refused
				// n8n 1.x hands that 401 back; the node sends the request again with nothing ignored.
				...(ctx.client.major < 2 ? ['GET /2/webhooks 401 Bearer'] : []),
				'POST /oauth2/token 200 Basic', // n8n renews the expirable token
				'GET /2/webhooks 200 Bearer',
			],
			'requests in order',
		);
	},
});
