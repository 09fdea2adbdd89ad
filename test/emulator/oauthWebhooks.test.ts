/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Emulator-level checks of the three-legged OAuth 1.0a endpoints (signed with the independent
 * `oauth-1.0a` package, in the parameter placements the node does not use) and of the webhook
 * machinery over the HTTP control API, with a plain http receiver on loopback.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OAuth from 'oauth-1.0a';

import { startEmulator, type XEmulator } from './index';
import { percentEncode } from './oauth1';

let emu: XEmulator;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ method: string; url: string; body: string; signature?: string }> = [];
let crcAnswer: 'good' | 'wrong' = 'good';

beforeAll(async () => {
	emu = await startEmulator();
	receiver = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const body = Buffer.concat(chunks).toString('utf8');
			received.push({ method: req.method ?? '', url: req.url ?? '', body, signature: req.headers['x-twitter-webhooks-signature'] as string | undefined });
			const token = new URL(req.url ?? '/', 'http://x').searchParams.get('crc_token');
			if (req.method === 'GET' && token) {
				const key = crcAnswer === 'good' ? emu.app.consumerSecret : 'wrong';
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ response_token: `sha256=${createHmac('sha256', key).update(token).digest('base64')}` }));
				return;
			}
			res.writeHead(200).end();
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/x/events`;
});
afterAll(async () => {
	await new Promise<void>((resolve) => receiver.close(() => resolve()));
	await emu.close();
});
beforeEach(() => {
	emu.control.reset();
	received.length = 0;
	crcAnswer = 'good';
});

function signer(): OAuth {
	return new OAuth({
		consumer: { key: emu.app.consumerKey, secret: emu.app.consumerSecret },
		signature_method: 'HMAC-SHA1',
		hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
	});
}

const form = (data: Record<string, string>) =>
	Object.entries(data)
		.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
		.join('&');

/**
 * A signed POST. `headerParams` are oauth_* protocol parameters sent in the Authorization header,
 * `formParams` go in a form body; both are signed. `token` signs with key and/or secret.
 */
async function post(path: string, opts: { headerParams?: Record<string, string>; formParams?: Record<string, string>; query?: string; token?: { key?: string; secret?: string } } = {}) {
	const url = `${emu.urls.api}${path}${opts.query ? `?${opts.query}` : ''}`;
	const oauth = signer();
	const data = { ...opts.headerParams, ...opts.formParams };
	const authorized = oauth.authorize({ url, method: 'POST', data }, opts.token as OAuth.Token | undefined);
	// oauth-1.0a merges every signed oauth_* parameter into its header data: keep the ones that
	// travel in the form body or the query out of the header (a parameter is sent in one place).
	const elsewhere = new Set([...Object.keys(opts.formParams ?? {}), ...new URLSearchParams(opts.query ?? '').keys()]);
	const headerData = Object.fromEntries(Object.entries({ ...authorized, ...opts.headerParams }).filter(([k]) => !elsewhere.has(k)));
	const header = oauth.toHeader(headerData as unknown as OAuth.Authorization).Authorization;
	const headers: Record<string, string> = { authorization: header };
	let body: string | undefined;
	if (opts.formParams) {
		headers['content-type'] = 'application/x-www-form-urlencoded';
		body = form(opts.formParams);
	}
	const response = await fetch(url, { method: 'POST', headers, body });
	return { status: response.status, headers: response.headers, text: await response.text() };
}

async function requestToken(callback = 'oob', query?: string) {
	const r = await post('/oauth/request_token', { headerParams: { oauth_callback: callback }, query });
	expect(r.status).toBe(200);
	expect(r.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
	const fields = Object.fromEntries(new URLSearchParams(r.text));
	expect(fields.oauth_callback_confirmed).toBe('true');
	return fields as { oauth_token: string; oauth_token_secret: string };
}

async function pinFor(token: string): Promise<string> {
	const page = await fetch(`${emu.urls.api}/oauth/authorize?oauth_token=${token}`);
	return /<code id="oauth_pin">(\d{7})<\/code>/.exec(await page.text())![1];
}

describe('three-legged OAuth 1.0a endpoints', () => {
	it('access_token: token in the header, verifier in the form body, signed with the request token secret', async () => {
		const rt = await requestToken('oob', 'x_auth_access_type=read');
		const pin = await pinFor(rt.oauth_token);
		const r = await post('/oauth/access_token', { formParams: { oauth_verifier: pin }, token: { key: rt.oauth_token, secret: rt.oauth_token_secret } });
		expect(r.status).toBe(200);
		expect(r.headers.get('x-access-level')).toBe('read');
		const fields = Object.fromEntries(new URLSearchParams(r.text));
		expect(fields).toMatchObject({ user_id: emu.users[0].userId, screen_name: emu.users[0].screenName });
		expect(emu.control.state().accessTokens.get(fields.oauth_token)).toMatchObject({ userId: emu.users[0].userId, invalidated: false });
	});

	it('access_token: token and verifier both in the form body', async () => {
		const rt = await requestToken();
		const pin = await pinFor(rt.oauth_token);
		const r = await post('/oauth/access_token', { formParams: { oauth_token: rt.oauth_token, oauth_verifier: pin }, token: { secret: rt.oauth_token_secret } });
		expect(r.status).toBe(200);
		expect(r.headers.get('x-access-level')).toBe('read-write');
	});

	it('access_token: token in the query, verifier in the header, empty token secret', async () => {
		const rt = await requestToken();
		const pin = await pinFor(rt.oauth_token);
		const r = await post('/oauth/access_token', { query: `oauth_token=${rt.oauth_token}`, headerParams: { oauth_verifier: pin } });
		expect(r.status).toBe(200);
	});

	it('access_token refuses conflicting tokens, a missing verifier and a second use', async () => {
		const rt = await requestToken();
		const pin = await pinFor(rt.oauth_token);
		const oauth = signer();
		const url = `${emu.urls.api}/oauth/access_token`;
		const header = oauth.toHeader(oauth.authorize({ url, method: 'POST' }, { key: rt.oauth_token, secret: rt.oauth_token_secret })).Authorization;
		const conflicting = await fetch(`${url}?oauth_token=SomethingElse&oauth_verifier=${pin}`, { method: 'POST', headers: { authorization: header } });
		expect(conflicting.status).toBe(401);
		expect(await conflicting.text()).toMatch(/oauth_token differs between the header and the parameters/);
		const noVerifier = await post('/oauth/access_token', { token: { key: rt.oauth_token, secret: rt.oauth_token_secret } });
		expect(noVerifier).toMatchObject({ status: 401, text: 'Required oauth_verifier parameter not provided' });
		const ok = await post('/oauth/access_token', { formParams: { oauth_verifier: pin }, token: { key: rt.oauth_token, secret: rt.oauth_token_secret } });
		expect(ok.status).toBe(200);
		const again = await post('/oauth/access_token', { formParams: { oauth_verifier: pin }, token: { key: rt.oauth_token, secret: rt.oauth_token_secret } });
		expect(again.status).toBe(401);
		expect(again.text).toMatch(/^Invalid request token/);
	});

	it('request_token needs an app signature without a token, an oauth_callback, and read or write', async () => {
		const withToken = await post('/oauth/request_token', {
			headerParams: { oauth_callback: 'oob' },
			token: { key: emu.users[0].accessToken, secret: emu.users[0].accessTokenSecret },
		});
		expect(withToken.status).toBe(401);
		expect(JSON.parse(withToken.text)).toEqual({ errors: [{ code: 32, message: 'Could not authenticate you.' }] });
		const noCallback = await post('/oauth/request_token');
		expect(noCallback.status).toBe(400);
		expect(noCallback.text).toMatch(/oauth_callback is required/);
		const badType = await post('/oauth/request_token', { headerParams: { oauth_callback: 'oob' }, query: 'x_auth_access_type=admin' });
		expect(badType.status).toBe(400);
		const badCallback = await post('/oauth/request_token', { headerParams: { oauth_callback: 'javascript:alert(1)' } });
		expect(badCallback.status).toBe(400);
	});

	it('the authorize page: unknown token 401, callback with a query keeps it, screen_name picks the user', async () => {
		const unknown = await fetch(`${emu.urls.api}/oauth/authorize?oauth_token=nope`, { redirect: 'manual' });
		expect(unknown.status).toBe(401);
		expect(unknown.headers.get('content-type')).toMatch(/text\/html/);

		const rt = await requestToken('https://app.example.com/cb?x=1');
		const page = await fetch(`${emu.urls.api}/oauth/authenticate?oauth_token=${rt.oauth_token}&screen_name=other_advertiser`, { redirect: 'manual' });
		expect(page.status).toBe(302);
		const location = new URL(String(page.headers.get('location')));
		expect(location.searchParams.get('x')).toBe('1');
		expect(location.searchParams.get('oauth_token')).toBe(rt.oauth_token);
		expect(emu.control.requestTokens()[0]).toMatchObject({ userId: emu.users[1].userId, verifier: location.searchParams.get('oauth_verifier') });
	});

	it('HTTP control: oauth settings and request tokens', async () => {
		const settings = await fetch(`${emu.urls.control}/oauth/settings`, { method: 'POST', body: JSON.stringify({ authorizeUserIndex: 1 }) });
		expect(await settings.json()).toEqual({ authorizeUserIndex: 1, deny: false, allowedCallbacks: null });
		const bad = await fetch(`${emu.urls.control}/oauth/settings`, { method: 'POST', body: JSON.stringify({ authorizeUserIndex: 7 }) });
		expect(bad.status).toBe(400);
		await requestToken();
		const tokens = (await (await fetch(`${emu.urls.control}/oauth/request-tokens`)).json()) as unknown[];
		expect(tokens).toHaveLength(1);
	});
});

/** One bearer token per test (X refuses tokens requested too often). */
let bearerToken: string | undefined;
beforeEach(() => {
	bearerToken = undefined;
});
async function bearer(): Promise<string> {
	if (bearerToken) return bearerToken;
	const basic = Buffer.from(`${percentEncode(emu.app.consumerKey)}:${percentEncode(emu.app.consumerSecret)}`).toString('base64');
	const r = await fetch(`${emu.urls.api}/oauth2/token`, {
		method: 'POST',
		headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
		body: 'grant_type=client_credentials',
	});
	bearerToken = ((await r.json()) as { access_token: string }).access_token;
	return bearerToken;
}

async function v2(method: string, path: string, body?: unknown) {
	const r = await fetch(`${emu.urls.api}${path}`, {
		method,
		headers: { authorization: `Bearer ${await bearer()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: r.status, json: (await r.json()) as any };
}

const control = async (method: string, path: string, body?: unknown) => {
	const r = await fetch(`${emu.urls.control}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
	return { status: r.status, json: (await r.json()) as any };
};

describe('webhooks over HTTP', () => {
	it('an http loopback callback with a port is refused unless allowHttpLoopbackCallbacks is on', async () => {
		const refused = await v2('POST', '/2/webhooks', { url: receiverUrl });
		expect(refused.status).toBe(400);
		expect(refused.json).toMatchObject({ title: 'Invalid Request', errors: [{ reason: 'UrlValidationFailed' }] });
		expect(received).toHaveLength(0);

		expect((await control('POST', '/webhooks/settings', { allowHttpLoopbackCallbacks: true })).json).toMatchObject({ allowHttpLoopbackCallbacks: true, maxWebhooks: 1 });
		const created = await v2('POST', '/2/webhooks', { url: receiverUrl });
		expect(created.status).toBe(200);
		expect(received[0].url).toMatch(/^\/x\/events\?crc_token=/);
		const token = decodeURIComponent(received[0].url.split('crc_token=')[1]);
		expect(token).toMatch(/^[A-Za-z0-9+/=_-]{16,128}$/);

		// Deliver, hourly check, replay: all through the control API.
		const delivered = await control('POST', '/webhooks/deliver', { webhook_id: created.json.data.id, event: { id: 'h1' } });
		expect(delivered.json.results).toEqual([expect.objectContaining({ status: 200, signed: true })]);
		const last = received[received.length - 1];
		expect(last.signature).toBe(`sha256=${createHmac('sha256', emu.app.consumerSecret).update(last.body).digest('base64')}`);

		crcAnswer = 'wrong';
		const hourly = await control('POST', '/webhooks/crc-check');
		expect(hourly.json.results).toEqual([expect.objectContaining({ ok: false, valid: false })]);
		const validate = await v2('PUT', `/2/webhooks/${created.json.data.id}`);
		expect(validate).toMatchObject({ status: 400, json: { errors: [{ reason: 'CrcValidationFailed' }] } });
		crcAnswer = 'good';
		expect(await v2('PUT', `/2/webhooks/${created.json.data.id}`)).toMatchObject({ status: 200, json: { data: { valid: true } } });

		const attempts = await control('GET', '/webhooks/crc-attempts');
		expect(attempts.json.map((a: { trigger: string; ok: boolean }) => [a.trigger, a.ok])).toEqual([
			['create', true],
			['hourly', false],
			['validate', false],
			['validate', true],
		]);
		expect((await control('GET', '/webhooks/events')).json).toHaveLength(1);
	});

	it('unknown ids, malformed bodies and unknown parameters', async () => {
		expect(await v2('DELETE', '/2/webhooks/42')).toMatchObject({ status: 404, json: { errors: [{ reason: 'WebhookIdInvalid' }] } });
		expect(await v2('PUT', '/2/webhooks/42')).toMatchObject({ status: 404 });
		expect((await v2('POST', '/2/webhooks', { url: 'https://example.com/x', extra: 1 })).status).toBe(400);
		expect((await v2('POST', '/2/webhooks', {})).status).toBe(400);
		expect((await v2('POST', '/2/webhooks', { url: 'https://user:pw@example.com/x' })).json).toMatchObject({ errors: [{ reason: 'UrlValidationFailed' }] });
		expect((await v2('POST', '/2/webhooks/replay', { webhook_id: '42', from_date: '202601010000', to_date: '202601010100' })).status).toBe(400);
	});

	it('activity: emit over HTTP reaches the subscription\'s webhook; a subscription without one goes to the stream', async () => {
		await control('POST', '/webhooks/settings', { allowHttpLoopbackCallbacks: true });
		const hook = await v2('POST', '/2/webhooks', { url: receiverUrl });
		const user = emu.users[0].userId;
		// The create answer nests the subscription (openapi.json: data.subscription).
		const withHook = await v2('POST', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: user }, webhook_id: hook.json.data.id });
		expect(withHook).toMatchObject({ status: 200, json: { data: { subscription: { event_type: 'post.create', filter: { user_id: user }, webhook_id: hook.json.data.id } } } });
		expect(withHook.json.data.subscription.subscription_id).toMatch(/^\d+$/);
		const streamOnly = await v2('POST', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: user } });
		expect(streamOnly.json.data.subscription).not.toHaveProperty('webhook_id');
		received.length = 0;

		const emitted = await control('POST', '/activity/emit', { user_id: user, event_type: 'post.create', payload: { id: '1', text: 'hi' } });
		expect(emitted.json.deliveries).toHaveLength(2);
		expect(received).toHaveLength(1);

		expect((await v2('POST', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: 'abc' } })).status).toBe(400);
		expect((await v2('POST', '/2/activity/subscriptions', { event_type: 'profile.update.bio' })).json).toMatchObject({ errors: [{ parameters: { filter: [] } }] });
		const oldKind = await v2('POST', '/2/activity/subscriptions', { event_type: 'MessageCreate', filter: { user_id: user } });
		expect(oldKind).toMatchObject({ status: 400, json: { type: 'https://api.x.com/2/problems/invalid-request', errors: [{ parameters: { event_type: ['MessageCreate'] } }] } });
		const oldDirection = await v2('POST', '/2/activity/subscriptions', { event_type: 'like.create', filter: { user_id: user, direction: 'sent' } });
		expect(oldDirection).toMatchObject({ status: 400, json: { errors: [{ parameters: { 'filter.direction': ['sent'] } }] } });
		expect((await v2('POST', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: user, extra: 1 } })).json).toMatchObject({ errors: [{ parameters: { 'filter.extra': ['1'] } }] });
		// openapi.json: a direction "not supported for mute.* or block.*" events; other kinds take it.
		expect(await v2('POST', '/2/activity/subscriptions', { event_type: 'block.block', filter: { user_id: user, direction: 'inbound' } })).toMatchObject({ status: 400, json: { errors: [{ parameters: { 'filter.direction': ['inbound'] } }] } });
		expect((await v2('GET', '/2/activity/subscriptions')).json.meta).toEqual({ total_subscriptions: 2, result_count: 2 });
		expect((await v2('POST', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: user, direction: 'inbound' } })).status).toBe(200);
	});

	it('activity: private kinds need the filtered user\'s OAuth 1.0a user context; a bearer token alone gets 403 code 220', async () => {
		const user = emu.users[0];
		for (const kind of ['dm.received', 'chat.sent', 'like.create', 'mute.mute', 'block.block', 'post.mention.create']) {
			const refused = await v2('POST', '/2/activity/subscriptions', { event_type: kind, filter: { user_id: user.userId } });
			expect(refused).toMatchObject({ status: 403, json: { errors: [{ code: 220 }], type: 'https://api.x.com/2/problems/not-authorized-for-resource' } });
		}
		const url = `${emu.urls.api}/2/activity/subscriptions`;
		const asUser = (u: typeof user, body: unknown) => {
			const oauth = signer();
			const header = oauth.toHeader(oauth.authorize({ url, method: 'POST' }, { key: u.accessToken, secret: u.accessTokenSecret })).Authorization;
			return fetch(url, { method: 'POST', headers: { authorization: header, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));
		};
		const created = await asUser(user, { event_type: 'like.create', filter: { user_id: user.userId, direction: 'inbound' } });
		expect(created).toMatchObject({ status: 200, json: { data: { subscription: { event_type: 'like.create', filter: { direction: 'inbound' } } } } });
		// Another user's private events: not with this user's token.
		expect((await asUser(user, { event_type: 'dm.received', filter: { user_id: emu.users[1].userId } })).status).toBe(403);
		// The alias is answered with the canonical name.
		expect((await asUser(user, { event_type: 'chat.conversation_join', filter: { user_id: user.userId } })).json.data.subscription.event_type).toBe('chat.conversation.join');
		// DELETE takes only the bearer token (openapi.json's security).
		const id = created.json.data.subscription.subscription_id;
		const oauth = signer();
		const delUrl = `${url}/${id}`;
		const header = oauth.toHeader(oauth.authorize({ url: delUrl, method: 'DELETE' }, { key: user.accessToken, secret: user.accessTokenSecret })).Authorization;
		expect((await fetch(delUrl, { method: 'DELETE', headers: { authorization: header } })).status).toBe(403);
		expect(await v2('DELETE', `/2/activity/subscriptions/${id}`)).toMatchObject({ status: 200, json: { data: { deleted: true }, meta: { total_subscriptions: 1 } } });
	});

	it('activity: list pages with max_results and pagination_token; update; delete by ids', async () => {
		const user = emu.users[0].userId;
		const ids: string[] = [];
		for (const kind of ['post.create', 'post.delete', 'profile.update.bio', 'follow.follow', 'spaces.start']) {
			ids.push((await v2('POST', '/2/activity/subscriptions', { event_type: kind, filter: { user_id: user } })).json.data.subscription.subscription_id);
		}
		const first = await v2('GET', '/2/activity/subscriptions?max_results=2');
		expect(first.json.data.map((s: any) => s.subscription_id)).toEqual(ids.slice(0, 2));
		expect(first.json.meta.next_token).toMatch(/^[0-9A-V]{16}$/);
		const second = await v2('GET', `/2/activity/subscriptions?max_results=2&pagination_token=${first.json.meta.next_token}`);
		expect(second.json.data.map((s: any) => s.subscription_id)).toEqual(ids.slice(2, 4));
		expect((await v2('GET', '/2/activity/subscriptions?max_results=0')).status).toBe(400);
		expect((await v2('GET', '/2/activity/subscriptions?max_results=1001')).status).toBe(400);
		expect((await v2('GET', '/2/activity/subscriptions?pagination_token=short')).status).toBe(400);
		expect((await v2('GET', '/2/activity/subscriptions?count=2')).json).toMatchObject({ errors: [{ parameters: { count: [] } }] });

		const updated = await v2('PUT', `/2/activity/subscriptions/${ids[0]}`, { tag: 'renamed' });
		expect(updated).toMatchObject({ status: 200, json: { data: { subscription: { subscription_id: ids[0], tag: 'renamed' }, total_subscriptions: 5 } } });
		expect((await v2('PUT', `/2/activity/subscriptions/${ids[0]}`, { event_type: 'post.delete' })).status).toBe(400);
		expect((await v2('PUT', '/2/activity/subscriptions/999', { tag: 'x' })).json).toMatchObject({ type: 'https://api.x.com/2/problems/resource-not-found', resource_type: 'subscription' });

		const removed = await v2('DELETE', `/2/activity/subscriptions?ids=${ids[1]},${ids[2]},123`);
		expect(removed.json).toEqual({
			data: [{ subscription_id: ids[1], deleted: true }, { subscription_id: ids[2], deleted: true }],
			errors: [expect.objectContaining({ subscription_id: '123' })],
			meta: { total_subscriptions: 3 },
		});
		expect((await v2('DELETE', '/2/activity/subscriptions')).status).toBe(400);
	});
});
