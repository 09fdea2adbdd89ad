/**
 * Every request the nodes send names the package and its version in User-Agent, as X's guide to
 * streaming asks of every client ("Set User-Agent header": critical for diagnosing issues on X's
 * end, https://docs.x.com/x-api/fundamentals/handling-disconnections): signed Ads requests, the
 * App's bearer token and the v2 requests made with it, a user's OAuth 2.0 requests (n8n's helper
 * adds the token) and the X OAuth node's token calls. The stream's connects are checked in
 * streamHardening.test.ts, media APPENDs in media.upload.test.ts. The version is package.json's.
 */
import { engineSuite, PACKAGE_USER_AGENT } from './env';

const env = engineSuite();
/** The emulator's log: each request's method, path and User-Agent. */
const sent = () => env.emulator.control.requests().map((r) => ({ request: `${r.method} ${r.path}`, userAgent: r.headers['user-agent'] }));
const expectAllNamed = (paths: RegExp[]) => {
	const log = sent();
	for (const path of paths) expect(log.some((r) => path.test(r.request))).toBe(true);
	expect(log.filter((r) => r.userAgent !== PACKAGE_USER_AGENT)).toEqual([]);
};

describe('User-Agent: the package and its version on every request', () => {
	it('X Ads, OAuth 1.0a: a GET with Return All and a POST', async () => {
		const accountId = env.emulator.control.fixtures().production.accountId;
		expect((await env.ads({ resource: 'account', operation: 'getAll', returnAll: true })).error).toBeUndefined();
		expect((await env.ads({ resource: 'customAudience', account: accountId, operation: 'create', name: 'Trial users' })).error).toBeUndefined();
		expectAllNamed([/^GET \/12\/accounts$/, /^POST \/12\/accounts\/\w+\/custom_audiences$/]);
	});

	it('X Webhooks with the App\'s bearer token: the token request and the v2 request', async () => {
		expect((await env.webhooks({ resource: 'webhook', operation: 'getAll' })).error).toBeUndefined();
		expectAllNamed([/^POST \/oauth2\/token$/, /^GET \/2\/webhooks$/]);
	});

	it('X Webhooks with a user\'s OAuth 2.0 token (n8n signs, the node names itself)', async () => {
		const created = await env.webhooks({ resource: 'activitySubscription', operation: 'create', eventType: 'like.create', userId: env.emulator.users[0].userId }, [{}], { userContext: 'oauth2' });
		expect(created.error).toBeUndefined();
		expectAllNamed([/^POST \/2\/activity\/subscriptions$/]);
	});

	it('X OAuth: issuing and invalidating the bearer token', async () => {
		const issued = await env.oauth({ resource: 'bearerToken', operation: 'issue' });
		expect(issued.error).toBeUndefined();
		expect((await env.oauth({ resource: 'bearerToken', operation: 'invalidate', additionalFields: { accessToken: String(issued.output()[0].json.access_token) } })).error).toBeUndefined();
		expectAllNamed([/^POST \/oauth2\/token$/, /^POST \/oauth2\/invalidate_token$/]);
	});
});
