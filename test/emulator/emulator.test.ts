/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Proves the emulator is strict like X. Requests go over real HTTP (undici) and are signed with the
 * independent `oauth-1.0a` package, so the emulator's verifier is checked against another signer.
 */
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { request } from 'undici';
import { startEmulator, type XEmulator } from './index';
import { computeSignature, parseAuthorizationHeader, percentDecode, percentEncode } from './oauth1';

let emu: XEmulator;

beforeAll(async () => {
	emu = await startEmulator();
});
afterAll(async () => {
	await emu.close();
});
beforeEach(() => emu.control.reset());

interface Reply {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	json: any;
}

async function call(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
	const r = await request(url, { method: method as 'GET', headers, body });
	const text = await r.body.text();
	return { status: r.statusCode, headers: r.headers, json: text ? JSON.parse(text) : undefined };
}

/** Independent OAuth 1.0a signer (oauth-1.0a + node:crypto). */
function oauthFor(opts: { timestamp?: number } = {}): OAuth {
	const oauth = new OAuth({
		consumer: { key: emu.app.consumerKey, secret: emu.app.consumerSecret },
		signature_method: 'HMAC-SHA1',
		hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
	});
	if (opts.timestamp !== undefined) oauth.getTimeStamp = () => opts.timestamp as number;
	return oauth;
}

type User = XEmulator['users'][number];

function authHeader(
	method: string,
	url: string,
	user: User | null,
	opts: { form?: Record<string, string>; timestamp?: number } = {},
): string {
	const oauth = oauthFor(opts);
	const token = user ? { key: user.accessToken, secret: user.accessTokenSecret } : undefined;
	return oauth.toHeader(oauth.authorize({ url, method, data: opts.form }, token)).Authorization;
}

function formBody(form: Record<string, string>): string {
	return Object.entries(form)
		.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
		.join('&');
}

async function signed(
	method: string,
	url: string,
	opts: { user?: User | null; form?: Record<string, string>; json?: unknown; timestamp?: number; sendUrl?: string } = {},
): Promise<Reply> {
	const user = opts.user === undefined ? emu.users[0] : opts.user;
	const headers: Record<string, string> = {
		authorization: authHeader(method, url, user, { form: opts.form, timestamp: opts.timestamp }),
	};
	let body: string | undefined;
	if (opts.form) {
		headers['content-type'] = 'application/x-www-form-urlencoded';
		body = formBody(opts.form);
	} else if (opts.json !== undefined) {
		headers['content-type'] = 'application/json';
		body = JSON.stringify(opts.json);
	}
	return call(method, opts.sendUrl ?? url, headers, body);
}

const accounts = () => `${emu.urls.ads}/12/accounts`;
const ownAccountIds = () =>
	[...emu.control.state().ads.production.accounts.values()]
		.filter((r) => r.ownerId === emu.users[0].userId)
		.map((r) => r.account.id);
const foreignAccountId = () =>
	[...emu.control.state().ads.production.accounts.values()].find((r) => r.ownerId === emu.users[1].userId)!.account.id;

describe('OAuth 1.0a verifier', () => {
	it('computes the RFC 5849 section 1.2 signature', () => {
		expect(
			computeSignature({
				method: 'GET',
				url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
				oauthParams: {
					oauth_consumer_key: 'dpf43f3p2l4k3l03',
					oauth_token: 'nnch734d00sl2jdk',
					oauth_signature_method: 'HMAC-SHA1',
					oauth_timestamp: '137131202',
					oauth_nonce: 'chapoH',
				},
				consumerSecret: 'kd94hf93k423kf44',
				tokenSecret: 'pfkkdhi9sl3r4s00',
			}),
		).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
	});

	it('computes the signature of X\'s "Creating a signature" example', () => {
		expect(
			computeSignature({
				method: 'POST',
				url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
				body: 'status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21',
				contentType: 'application/x-www-form-urlencoded',
				oauthParams: {
					oauth_consumer_key: 'xvz1evFS4wEEPTGEFPHBog',
					oauth_nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
					oauth_signature_method: 'HMAC-SHA1',
					oauth_timestamp: '1318622958',
					oauth_token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
					oauth_version: '1.0',
				},
				consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
				tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
			}),
		).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
	});

	it('decodes percent-encoded Authorization header values', () => {
		const parsed = parseAuthorizationHeader('OAuth realm="x", oauth_signature="a%2Bb%3D", oauth_nonce="n"');
		expect(parsed?.params).toEqual({ oauth_signature: 'a+b=', oauth_nonce: 'n' });
	});
});

describe('authentication on the Ads API', () => {
	it('accepts a signed GET with reserved characters, unicode and duplicate query keys', async () => {
		const weird = "a b&c=d/e?f!*'()[]+,;:@ é ☕ 東京";
		// The signature holds (no 401); X's reference lists no "tag" for GET accounts, so X's 400 names it.
		const unlisted = await signed('GET', `${accounts()}?q=acme&tag=${percentEncode(weird)}&tag=${percentEncode('zz top')}&tag=first`);
		expect(unlisted.status).toBe(400);
		expect(unlisted.json.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'tag' });
		const url = `${accounts()}?q=${percentEncode('acme')}&q=${percentEncode(weird)}&q=${percentEncode('zz top')}&q=first`;
		const r = await signed('GET', url);
		expect(r.status).toBe(200);
		expect(r.json.data.map((a: { name: string }) => a.name).sort()).toEqual(['Acme Outlet', 'Acme Shoes']);
		expect(r.json.request.params).toEqual({ q: 'acme' });
		expect(r.json.next_cursor).toBeNull();
	});

	it('accepts a form-body PUT and a form-body POST signed with their body parameters', async () => {
		const id = ownAccountIds()[0];
		const url = `${accounts()}/${id}`;
		const name = 'Acme Shoes & Boots ☕ 100% (new)!';
		const put = await signed('PUT', url, { form: { name, industry_type: 'TRAVEL' } });
		expect(put.status).toBe(200);
		expect(put.json.data).toMatchObject({ id, name, industry_type: 'TRAVEL' });

		// App-signed (no token) form POST to oauth2/invalidate_token, with the token in the body as X's
		// guide shows it: already percent-encoded, so the form value is the token decoded once.
		const token = await bearerToken();
		const post = await signed('POST', `${emu.urls.api}/oauth2/invalidate_token`, { user: null, form: { access_token: percentDecode(token) ?? token } });
		expect(post.status).toBe(200);
		expect(post.json).toEqual({ access_token: token });
	});

	it('accepts a JSON body without signing it', async () => {
		const id = ownAccountIds()[1];
		const criteria = [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'shoes ☕ & boots' }];
		const r = await signed('POST', `${accounts()}/${id}/audience_estimate`, { json: { targeting_criteria: criteria } });
		expect(r.status).toBe(200);
		expect(r.json.data.audience_size.min).toBeGreaterThan(0);
		// The signature holds too where X takes no JSON body; X's reference then refuses the body.
		const put = await signed('PUT', `${accounts()}/${id}?name=${percentEncode('Renamed Outlet')}`, { json: { anything: 'x' } });
		expect(put.status).toBe(400);
		expect(put.json.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', message: expect.stringMatching(/takes no JSON body/) });
	});

	it('rejects a tampered query with 401 code 32', async () => {
		const url = `${accounts()}?q=acme`;
		const r = await signed('GET', url, { sendUrl: `${accounts()}?q=beta` });
		expect(r.status).toBe(401);
		expect(r.json).toEqual({ errors: [{ code: 32, message: 'Could not authenticate you.' }] });
	});

	it('rejects missing auth, a wrong secret, an unknown token and a stale timestamp', async () => {
		expect((await call('GET', accounts())).json.errors[0].code).toBe(32);
		const forged = { ...emu.users[0], accessTokenSecret: 'wrong' };
		expect((await signed('GET', accounts(), { user: forged })).status).toBe(401);
		const unknown = { ...emu.users[0], accessToken: '1-unknown' };
		expect((await signed('GET', accounts(), { user: unknown })).json.errors[0].code).toBe(32);
		const stale = await signed('GET', accounts(), { timestamp: Math.floor(Date.now() / 1000) - 16 * 60 });
		expect(stale.status).toBe(401);
		expect(stale.json).toEqual({ errors: [{ code: 135, message: 'Timestamp out of bounds.' }] });
	});

	it('refuses an invalidated access token with 401 code 89 and accepts a reissued one', async () => {
		const old = emu.users[0];
		const inv = await signed('POST', `${emu.urls.api}/1.1/oauth/invalidate_token.json`);
		expect(inv.status).toBe(200);
		expect(inv.json).toEqual({ access_token: old.accessToken });
		const after = await signed('GET', accounts(), { user: old });
		expect(after.status).toBe(401);
		expect(after.json).toEqual({ errors: [{ code: 89, message: 'Invalid or expired token.' }] });

		const fresh = emu.control.reissueAccessToken(0);
		expect(fresh.accessToken).not.toBe(old.accessToken);
		expect(emu.users[0].accessToken).toBe(fresh.accessToken);
		expect((await signed('GET', accounts())).status).toBe(200);
	});

	it('logs requests with only the Authorization scheme', async () => {
		await signed('GET', `${accounts()}?count=5`);
		const [entry] = emu.control.requests();
		expect(entry).toMatchObject({ method: 'GET', base: 'ads', path: '/12/accounts', query: 'count=5', status: 200 });
		expect(entry.headers.authorization).toBe('OAuth');
	});
});

describe('accounts', () => {
	it('paginates 2,500 seeded accounts in 3 pages of up to 1000', async () => {
		emu.control.seedAccounts(2500);
		const seen = new Set<string>();
		let cursor: string | null = null;
		let pages = 0;
		do {
			const url: string = `${accounts()}?count=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
			const r = await signed('GET', url);
			expect(r.status).toBe(200);
			for (const a of r.json.data) seen.add(a.id);
			expect(r.json.data[0]).not.toHaveProperty('industry_type');
			cursor = r.json.next_cursor;
			pages++;
		} while (cursor);
		expect(pages).toBe(3);
		expect(seen.size).toBe(2503);

		const first = await signed('GET', `${accounts()}?count=1000&with_total_count=true&sort_by=name-desc`);
		expect(first.json.total_count).toBe(2503);
		expect(first.json.data[0].name).toBe('Seeded Account 002503');
	});

	it('refuses with_total_count with cursor, out-of-bounds count, bad cursors and unknown sort fields', async () => {
		const page = await signed('GET', `${accounts()}?count=1`);
		const cursor = page.json.next_cursor as string;
		const both = await signed('GET', `${accounts()}?cursor=${cursor}&with_total_count=true`);
		expect(both.status).toBe(400);
		expect(both.json.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'with_total_count' });

		for (const [query, parameter] of [
			['count=0', 'count'],
			['count=1001', 'count'],
			['cursor=not-a-cursor', 'cursor'],
			['sort_by=salary-asc', 'sort_by'],
			['with_deleted=yes', 'with_deleted'],
		]) {
			const r = await signed('GET', `${accounts()}?${query}`);
			expect(r.status).toBe(400);
			expect(r.json).toMatchObject({ errors: [{ code: 'INVALID_PARAMETER', parameter }], request: { params: {} } });
		}
	});

	it('scopes accounts to the user: 403 for a foreign account, 404 for an unknown one', async () => {
		const foreign = await signed('GET', `${accounts()}/${foreignAccountId()}`);
		expect(foreign.status).toBe(403);
		expect(foreign.json.errors[0].code).toBe('UNAUTHORIZED_ACCESS');
		const unknown = await signed('GET', `${accounts()}/0zzzzzzzzzz`);
		expect(unknown.status).toBe(404);
		expect(unknown.json.errors[0].code).toBe('NOT_FOUND');
		const list = await signed('GET', `${accounts()}?account_ids=${foreignAccountId()},${ownAccountIds()[2]}`);
		expect(list.json.data.map((a: { id: string }) => a.id)).toEqual([ownAccountIds()[2]]);
	});

	it('reads one account with industry_type and refuses an invalid industry_type', async () => {
		const id = ownAccountIds()[0];
		const r = await signed('GET', `${accounts()}/${id}`);
		expect(r.json).toEqual({ request: { params: { account_id: id } }, data: expect.objectContaining({ id, industry_type: 'RETAIL', deleted: false }) });
		expect(r.json.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
		const bad = await signed('PUT', `${accounts()}/${id}?industry_type=SPACE`);
		expect(bad.status).toBe(400);
		expect(bad.json.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'industry_type' });
	});

	it('creates and deletes accounts only in the sandbox', async () => {
		expect((await signed('POST', accounts())).status).toBe(404);
		const sandbox = `${emu.urls.adsSandbox}/12/accounts`;
		const created = await signed('POST', sandbox);
		expect(created.status).toBe(200);
		expect(Array.isArray(created.json.data)).toBe(true);
		const id = created.json.data[0].id as string;
		expect(created.json.data[0]).toMatchObject({ approval_status: 'ACCEPTED', deleted: false });
		expect(id).toMatch(/^[0-9a-z]+$/);

		expect((await signed('DELETE', `${accounts()}/${id}`)).status).toBe(404);
		const deleted = await signed('DELETE', `${sandbox}/${id}`);
		expect(deleted.json.data).toMatchObject({ id, deleted: true });
		expect((await signed('GET', `${sandbox}/${id}`)).status).toBe(404);
		expect((await signed('GET', `${sandbox}/${id}?with_deleted=true`)).json.data.deleted).toBe(true);
		// Production data never sees sandbox accounts.
		expect((await signed('GET', `${accounts()}/${id}`)).status).toBe(404);
	});

	it('answers unknown routes with 404 NOT_FOUND', async () => {
		const r = await signed('GET', `${emu.urls.ads}/12/nothing_here`);
		expect(r.status).toBe(404);
		expect(r.json.errors[0].code).toBe('NOT_FOUND');
	});
});

async function bearerToken(): Promise<string> {
	const r = await requestToken();
	expect(r.status).toBe(200);
	return r.json.access_token;
}

function basic(): string {
	return 'Basic ' + Buffer.from(`${percentEncode(emu.app.consumerKey)}:${percentEncode(emu.app.consumerSecret)}`).toString('base64');
}

function requestToken(): Promise<Reply> {
	return call(
		'POST',
		`${emu.urls.api}/oauth2/token`,
		{ authorization: basic(), 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
		'grant_type=client_credentials',
	);
}

describe('app-only bearer token', () => {
	it('returns the same token on repeat, a new one after invalidation, and refuses the old one', async () => {
		const first = await requestToken();
		expect(first.json).toEqual({ token_type: 'bearer', access_token: expect.stringContaining('%3D') });
		const token = first.json.access_token as string;
		expect(await bearerToken()).toBe(token);

		const hooks = await call('GET', `${emu.urls.api}/2/webhooks`, { authorization: `Bearer ${token}` });
		expect(hooks.status).toBe(200);
		expect(hooks.json).toEqual({ data: [], meta: { result_count: 0 } });

		const inv = await call(
			'POST',
			`${emu.urls.api}/oauth2/invalidate_token`,
			{ authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
			`access_token=${percentEncode(token)}`,
		);
		// Encoded a second time it names another token: X refuses it (403 code 99); as X gave it, it goes.
		expect(inv).toMatchObject({ status: 403, json: { errors: [{ code: 99 }] } });
		const inv2 = await call('POST', `${emu.urls.api}/oauth2/invalidate_token`, { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' }, `access_token=${token}`);
		expect(inv2.json).toEqual({ access_token: token });

		const refused = await call('GET', `${emu.urls.api}/2/webhooks`, { authorization: `Bearer ${token}` });
		expect(refused.status).toBe(401);
		expect(refused.json).toEqual({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });

		const next = await bearerToken();
		expect(next).not.toBe(token);
		emu.control.invalidateBearer();
		expect(await bearerToken()).not.toBe(next);
		expect(emu.control.stats()).toMatchObject({ bearerTokenRequests: 4, bearerTokensIssued: 3 });
	});

	it('answers 403 code 99 when tokens are requested too often, and for wrong credentials', async () => {
		for (let i = 0; i < 10; i++) expect((await requestToken()).status).toBe(200);
		const tooMany = await requestToken();
		expect(tooMany.status).toBe(403);
		expect(tooMany.json.errors[0]).toMatchObject({ code: 99, message: 'Unable to verify your credentials' });
		expect(emu.control.stats().bearerTokenRequests).toBe(11);

		emu.control.reset();
		const wrong = await call(
			'POST',
			`${emu.urls.api}/oauth2/token`,
			{ authorization: 'Basic ' + Buffer.from('nope:nope').toString('base64'), 'content-type': 'application/x-www-form-urlencoded' },
			'grant_type=client_credentials',
		);
		expect(wrong.status).toBe(403);
		expect((await call('GET', `${emu.urls.api}/2/webhooks`)).status).toBe(401);
	});
});

describe('rate limits and faults', () => {
	it('sends rate-limit headers and 429 when the budget is used up', async () => {
		emu.control.setRateLimit('GET /12/accounts', { limit: 2, windowSeconds: 60 });
		const a = await signed('GET', accounts());
		expect(a.headers['x-rate-limit-limit']).toBe('2');
		expect(a.headers['x-rate-limit-remaining']).toBe('1');
		expect(a.headers['x-account-rate-limit-remaining']).toBe('1');
		await signed('GET', accounts());
		const c = await signed('GET', accounts());
		expect(c.status).toBe(429);
		expect(c.json.errors[0].code).toBe('TOO_MANY_REQUESTS');
		expect(c.headers['x-account-rate-limit-remaining']).toBe('0');
		expect(Number(c.headers['x-account-rate-limit-reset'])).toBeGreaterThan(Date.now() / 1000);
	});

	it('applies queued faults in order: 429 with reset, 503 with Retry-After, a dropped connection', async () => {
		emu.control.injectFaults([
			{ kind: 'rate_limit', resetInSeconds: 30, match: { path: '/12/accounts' } },
			{ kind: 'server_error', status: 503, retryAfterSeconds: 7 },
			{ kind: 'drop' },
		]);
		const limited = await signed('GET', accounts());
		expect(limited.status).toBe(429);
		expect(limited.json.errors[0].code).toBe('TOO_MANY_REQUESTS');
		expect(limited.headers['x-account-rate-limit-remaining']).toBe('0');
		expect(limited.headers['x-rate-limit-remaining']).toBe('0');
		const reset = Number(limited.headers['x-account-rate-limit-reset']);
		expect(reset - Date.now() / 1000).toBeGreaterThan(28);
		expect(reset - Date.now() / 1000).toBeLessThan(32);

		const unavailable = await signed('GET', accounts());
		expect(unavailable.status).toBe(503);
		expect(unavailable.headers['retry-after']).toBe('7');
		expect(unavailable.json.errors[0].code).toBe('SERVER_ERROR');

		await expect(signed('GET', accounts())).rejects.toThrow();
		expect((await signed('GET', accounts())).status).toBe(200);
		expect(emu.control.requests().map((e) => e.fault ?? e.status)).toEqual(['rate_limit', 'server_error', 'drop', 200]);
	});

	it('serves the same faults through the HTTP control API', async () => {
		const post = await call(
			'POST',
			`${emu.urls.control}/faults`,
			{ 'content-type': 'application/json' },
			JSON.stringify({ faults: [{ kind: 'server_error', status: 502, times: 2, match: { method: 'GET' } }] }),
		);
		expect(post.status).toBe(200);
		expect((await signed('GET', accounts())).status).toBe(502);
		expect((await signed('GET', accounts())).status).toBe(502);
		expect((await signed('GET', accounts())).status).toBe(200);
		const log = await call('GET', `${emu.urls.control}/requests`);
		expect(log.json).toHaveLength(3);
	});

	it('delays latency faults and replays random faults from a seed', async () => {
		emu.control.injectFaults([{ kind: 'latency', ms: 150 }]);
		const t0 = Date.now();
		expect((await signed('GET', accounts())).status).toBe(200);
		expect(Date.now() - t0).toBeGreaterThanOrEqual(140);

		const run = async () => {
			emu.control.reset();
			emu.control.setRandomFaults({ rate: 0.5, seed: 42, kinds: ['server_error'], status: 500 });
			const statuses: number[] = [];
			for (let i = 0; i < 12; i++) statuses.push((await signed('GET', accounts())).status);
			return statuses;
		};
		const first = await run();
		expect(first).toContain(500);
		expect(first).toContain(200);
		expect(await run()).toEqual(first);
	});

	it('reissues access tokens through the HTTP control API', async () => {
		const old = emu.users[1].accessToken;
		const r = await call('POST', `${emu.urls.control}/users/1/reissue`);
		expect(r.json.accessToken).not.toBe(old);
		expect(emu.users[1].accessToken).toBe(r.json.accessToken);
		const own = await signed('GET', accounts(), { user: emu.users[1] });
		expect(own.json.data.map((a: { name: string }) => a.name)).toEqual(['Other Advertiser']);
	});
});
