/**
 * The Account resource through n8n-core's execution engine against the X emulator, and the
 * transport behaviour every operation shares: pagination, rate limits, retries, errors.
 */
import type { IDataObject } from 'n8n-workflow';

import { XAds } from '../../nodes/XAds/XAds.node';
import { engineSuite, errorText, hostileXFor } from './env';

const env = engineSuite();

const accountRequests = () =>
	env.emulator.control.requests().filter((r) => r.base !== 'api' && r.path.startsWith('/12/accounts'));
const query = (raw: string) => new URLSearchParams(raw);
const firstAccountId = async () => {
	const { output } = await env.ads({ resource: 'account', operation: 'getAll', returnAll: true });
	return String(output()[0].json.id);
};

describe('Account operations', () => {
	it('Get Many with a Limit asks for exactly that many in one request', async () => {
		env.emulator.control.seedAccounts(20);
		env.emulator.control.clearRequests();
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 5 });
		expect(result.error).toBeUndefined();
		expect(result.output()).toHaveLength(5);
		const requests = accountRequests();
		expect(requests).toHaveLength(1);
		expect(query(requests[0].query).get('count')).toBe('5');
		expect(result.output().every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('Return All over 2,500 accounts takes exactly 3 requests at count 1000', async () => {
		env.emulator.control.seedAccounts(2500);
		env.emulator.control.clearRequests();
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const ids = result.output().map((item) => item.json.id);
		expect(ids.length).toBeGreaterThanOrEqual(2500);
		expect(new Set(ids).size).toBe(ids.length);
		const requests = accountRequests();
		expect(requests).toHaveLength(3);
		expect(requests.map((r) => query(r.query).get('count'))).toEqual(['1000', '1000', '1000']);
		expect(query(requests[0].query).get('cursor')).toBeNull();
		expect(query(requests[1].query).get('cursor')).toBeTruthy();
	});

	it('Get Many filters by name prefix, ids, deleted and total count (never sent with a cursor)', async () => {
		env.emulator.control.seedAccounts(1200, { prefix: 'Zeta' });
		env.emulator.control.clearRequests();
		const byName = await env.ads({
			resource: 'account',
			operation: 'getAll',
			returnAll: true,
			filters: { nameStartsWith: 'zeta', withTotalCount: true, sortBy: 'name-asc' },
		});
		expect(byName.error).toBeUndefined();
		const records = byName.output().map((i) => i.json);
		expect(records.length).toBe(1200);
		expect(records.every((r) => String(r.name).startsWith('Zeta'))).toBe(true);
		expect(records[0].total_count).toBe(1200);
		const [first, second] = accountRequests();
		expect(query(first.query).get('with_total_count')).toBe('true');
		expect(query(second.query).get('cursor')).toBeTruthy();
		expect(query(second.query).get('with_total_count')).toBeNull();

		const ids = records.slice(0, 2).map((r) => String(r.id));
		const byIds = await env.ads({ resource: 'account', operation: 'getAll', returnAll: true, filters: { accountIds: ids.join(', ') } });
		expect(byIds.output().map((i) => i.json.id).sort()).toEqual([...ids].sort());
	});

	it('Get returns one account with its industry type; Update changes name and industry type', async () => {
		const id = await firstAccountId();
		const got = await env.ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: id } });
		expect(got.error).toBeUndefined();
		expect(got.output()).toHaveLength(1);
		expect(got.output()[0].json).toMatchObject({ id, deleted: false });
		expect(got.output()[0].json).toHaveProperty('industry_type');

		const updated = await env.ads({
			resource: 'account',
			operation: 'update',
			account: { __rl: true, mode: 'list', value: id },
			updateFields: { name: 'Renamed – café', industryType: 'RETAIL' },
		});
		expect(updated.error).toBeUndefined();
		expect(updated.output()[0].json).toMatchObject({ id, name: 'Renamed – café', industry_type: 'RETAIL' });
		const put = env.emulator.control.requests().find((r) => r.method === 'PUT');
		expect(put?.path).toBe(`/12/accounts/${id}`);
	});

	it('Update refuses an empty change and an unknown industry type before sending', async () => {
		const id = await firstAccountId();
		env.emulator.control.clearRequests();
		const empty = await env.ads({ resource: 'account', operation: 'update', account: id, updateFields: {} });
		expect(empty.error?.message).toMatch(/Item 0: Update Fields needs at least one field/);
		const badEnum = await env.ads({ resource: 'account', operation: 'update', account: id, updateFields: { industryType: 'SPACE' } });
		expect(badEnum.error?.message).toMatch(/Item 0: Industry Type \(industry_type\) must be one of AGENCY/);
		expect(env.emulator.control.requests()).toHaveLength(0);
	});

	it('creates and deletes a sandbox account on the sandbox host; refuses on production before sending', async () => {
		const refused = await env.ads({ resource: 'account', operation: 'createSandbox' });
		expect(refused.error?.message).toMatch(/works only in the X Ads sandbox/);
		expect(env.emulator.control.requests()).toHaveLength(0);

		env.useEnvironment('sandbox');
		const created = await env.ads({ resource: 'account', operation: 'createSandbox' });
		expect(created.error).toBeUndefined();
		const account = created.output()[0].json;
		expect(account).toMatchObject({ approval_status: 'ACCEPTED', deleted: false });
		expect(env.emulator.control.requests()[0]).toMatchObject({ base: 'adsSandbox', method: 'POST', path: '/12/accounts' });

		const deleted = await env.ads({ resource: 'account', operation: 'deleteSandbox', account: String(account.id) });
		expect(deleted.error).toBeUndefined();
		expect(deleted.output()[0].json).toMatchObject({ id: account.id, deleted: true });

		const gone = await env.ads({ resource: 'account', operation: 'get', account: String(account.id) });
		expect(gone.error?.message).toMatch(/404 NOT_FOUND/);
		const withDeleted = await env.ads({ resource: 'account', operation: 'get', account: String(account.id), options: { withDeleted: true } });
		expect(withDeleted.output()[0].json).toMatchObject({ id: account.id, deleted: true });
	});

	it('works with the Connect credential too (n8n signs it as an oAuth1Api credential)', async () => {
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 2, filters: { nameStartsWith: 'Acme' } }, [{}], { connect: true });
		expect(result.error).toBeUndefined();
		expect(result.output().length).toBeGreaterThan(0);
		expect(result.output().every((i) => String(i.json.name).startsWith('Acme'))).toBe(true);
	});

	it('lists accounts for the resource locator, searching by name', async () => {
		const found = await env.harness.listSearch(X_ADS_TYPE, 'searchAccounts', { xOAuth1Api: { id: 'xOAuth1Api', name: 'x' } }, 'acme', undefined, { authentication: 'xOAuth1Api' });
		expect(found.results.length).toBeGreaterThan(0);
		expect(found.results.every((r) => /^Acme/.test(String(r.name)))).toBe(true);
		expect(found.results[0].value).toMatch(/^[a-z0-9]+$/);
	});
});

const X_ADS_TYPE = 'n8n-nodes-x-ads.xAds';

describe('errors', () => {
	it('a bad account id gives NOT_FOUND with a hint', async () => {
		const result = await env.ads({ resource: 'account', operation: 'get', account: 'doesnotexist1' });
		const error = result.error as Error & { description?: string; httpCode?: string };
		expect(error.message).toMatch(/X answered 404 NOT_FOUND/);
		expect(error.description).toMatch(/GET \/12\/accounts\/doesnotexist1/);
		expect(error.description).toMatch(/Check the ID/);
		expect(error.httpCode).toBe('404');
	});

	it('an account of another user gives UNAUTHORIZED_ACCESS with a hint', async () => {
		const accounts = env.emulator.control.state().ads.production.accounts;
		const foreign = [...accounts.values()].find((r) => r.ownerId !== env.emulator.users[0].userId);
		const result = await env.ads({ resource: 'account', operation: 'get', account: foreign!.account.id });
		expect(result.error?.message).toMatch(/403 UNAUTHORIZED_ACCESS/);
		expect((result.error as { description?: string }).description).toMatch(/not associated with the user/);
	});

	it('an invalid id is refused before sending, naming item and field', async () => {
		const result = await env.ads({ resource: 'account', operation: 'get', account: 'not an id!' });
		expect(result.error?.message).toBe(
			'Item 0: Account (account_id) must be an X Ads account ID (letters and digits, e.g. 18ce54d4x5t) (got "not an id!")',
		);
		expect(env.emulator.control.requests()).toHaveLength(0);
	});

	it('bad input in a later item stops the run before any request is sent', async () => {
		const id = await firstAccountId();
		env.emulator.control.clearRequests();
		const result = await env.ads(
			{ resource: 'account', operation: 'get', account: '={{ $json.id }}' },
			[{ id }, { id: 'bad id' }],
		);
		expect(result.error?.message).toMatch(/^Item 1: Account \(account_id\)/);
		expect(env.emulator.control.requests()).toHaveLength(0);
	});

	it('continueOnFail turns each failing item into an error item and keeps the others, all paired', async () => {
		const id = await firstAccountId();
		const result = await env.ads(
			{ resource: 'account', operation: 'get', account: '={{ $json.id }}' },
			[{ id }, { id: 'bad id' }, { id: 'missing00' }, { id }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out).toHaveLength(4);
		expect(out.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2, 3]);
		expect(out[0].json.id).toBe(id);
		expect(out[1].json.error).toMatch(/Item 1: Account \(account_id\) must be/);
		expect(out[2].json).toMatchObject({ httpCode: '404', xCode: 'NOT_FOUND' });
		expect(out[3].json.id).toBe(id);
	});

	it('a wrong consumer secret is refused by the emulator with code 32 and the signature hint', async () => {
		const saved = env.harness.credentialData('xOAuth1Api');
		env.harness.setCredentialData('xOAuth1Api', { ...saved, consumerSecret: 'wrong-secret-value' });
		try {
			const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 1 });
			expect(result.error?.message).toMatch(/X answered 401 32/);
			expect((result.error as { description?: string }).description).toMatch(/clock/);
			expect(errorText(result.error)).not.toContain('wrong-secret-value');
		} finally {
			env.harness.setCredentialData('xOAuth1Api', saved);
		}
	});

	it('an invalidated access token gives 401 code 89 with the reconnect hint', async () => {
		env.emulator.control.reissueAccessToken(0); // X invalidates the token the credential holds
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 1 });
		expect(result.error?.message).toMatch(/X answered 401 89/);
		expect((result.error as { description?: string }).description).toMatch(/reconnect/);
		expect(errorText(result.error)).not.toContain(String(env.harness.credentialData('xOAuth1Api').accessToken));
	});
});

describe('an ID with stray whitespace (an account ID from a sheet cell)', () => {
	it('spaces around it are dropped (X\'s IDs never hold any); whitespace inside it is named, before any request', async () => {
		const id = await firstAccountId();
		const padded = await env.ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: `=${id} ` } });
		expect(padded.error).toBeUndefined();
		expect(padded.output()[0].json).toMatchObject({ id });

		env.emulator.control.clearRequests();
		// Typed into the field: n8n's engine refuses the run with the editor's rules, which name the space.
		await expect(env.ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: `${id} ` } })).rejects.toThrow(/^The 'X Ads' node has issues:\n- Has a trailing space: remove it$/);
		// From an expression (a sheet's cell): the node's own check names it.
		const inner = `${id.slice(0, 4)} ${id.slice(4)}`;
		const spaced = await env.ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: `=${inner}` } });
		expect(spaced.error?.message).toBe(`Item 0: Account (account_id) must be an X Ads account ID (letters and digits, e.g. 18ce54d4x5t) (got "${inner}", which has a space at character 5; remove it)`);
		const invisible = await env.ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: `=${id}\u200b` } });
		expect(invisible.error?.message).toMatch(/\(got "\w+\u200b", which has a trailing invisible character \(U\+200B\); remove it\)$/);
		// Not a whitespace problem: the message does not say so.
		const dashed = await env.ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: `=${id}-x` } });
		expect(dashed.error?.message).toBe(`Item 0: Account (account_id) must be an X Ads account ID (letters and digits, e.g. 18ce54d4x5t) (got "${id}-x")`);
		expect(env.emulator.control.requests()).toEqual([]);
	});
});

describe('rate limits and retries', () => {
	it('waits out a 429 until its reset (2 s ahead) and succeeds with one retry', async () => {
		env.emulator.control.injectFaults([{ kind: 'rate_limit', resetInSeconds: 2, match: { path: '/12/accounts' } }]);
		const started = Date.now();
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 1 });
		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		expect(accountRequests().map((r) => r.status)).toEqual([429, 200]);
		expect(env.harness.logs.some((l) => /rate limit \(429\); waiting \d+ ms/.test(l.message))).toBe(true);
	});

	it('fails at once when the reset is beyond Max Rate Limit Wait', async () => {
		env.emulator.control.injectFaults([{ kind: 'rate_limit', resetInSeconds: 600, match: { path: '/12/accounts' } }]);
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 1, requestOptions: { maxRateLimitWait: 1 } });
		expect(result.error?.message).toMatch(/X answered 429 TOO_MANY_REQUESTS/);
		expect((result.error as { description?: string }).description).toMatch(/Max Rate Limit Wait/);
		expect(accountRequests()).toHaveLength(1);
	});

	it('retries three 503s (honouring Retry-After) and then succeeds', async () => {
		env.emulator.control.injectFaults([{ kind: 'server_error', status: 503, retryAfterSeconds: 0, times: 3, match: { path: '/12/accounts' } }]);
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 1 });
		expect(result.error).toBeUndefined();
		expect(accountRequests().map((r) => r.status)).toEqual([503, 503, 503, 200]);
		expect(env.harness.logs.filter((l) => /answered 503; retry \d of 4/.test(l.message))).toHaveLength(3);
	});

	it('retries a dropped connection', async () => {
		env.emulator.control.injectFaults([{ kind: 'drop', match: { path: '/12/accounts' } }]);
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 1 });
		expect(result.error).toBeUndefined();
		expect(env.harness.logs.some((l) => /lost its connection; retry 1/.test(l.message))).toBe(true);
	});

	it('a permanent 500 fails after the bounded retries with a clear error', async () => {
		env.emulator.control.injectFaults([{ kind: 'server_error', status: 500, times: 100, match: { path: '/12/accounts' } }]);
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 1, requestOptions: { maxRetries: 2 } });
		expect(result.error?.message).toMatch(/X answered 500 SERVER_ERROR/);
		expect((result.error as { description?: string }).description).toMatch(/after 3 attempts/);
		expect(accountRequests()).toHaveLength(3);
	});

	it('does not repeat a POST after a 500 (not safe to repeat)', async () => {
		env.useEnvironment('sandbox');
		env.emulator.control.injectFaults([{ kind: 'server_error', status: 500, match: { path: '/12/accounts', method: 'POST' } }]);
		const result = await env.ads({ resource: 'account', operation: 'createSandbox' });
		expect(result.error?.message).toMatch(/X answered 500/);
		expect(env.emulator.control.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
	});
});

describe('app-only bearer token', () => {
	it('is fetched once across many requests and runs, and again after X invalidates it', async () => {
		for (let run = 0; run < 3; run++) {
			const result = await env.webhooks({ resource: 'webhook', operation: 'getAll' }, [{}, {}, {}]);
			expect(result.error).toBeUndefined();
		}
		expect(env.emulator.control.stats().bearerTokenRequests).toBe(1);
		const firstToken = env.harness.credentialData('xAppOnlyApi').accessToken;
		expect(firstToken).toBeTruthy();

		env.emulator.control.invalidateBearer();
		const after = await env.webhooks({ resource: 'webhook', operation: 'getAll' });
		expect(after.error).toBeUndefined();
		expect(env.emulator.control.stats().bearerTokenRequests).toBe(2);
		expect(env.harness.credentialData('xAppOnlyApi').accessToken).not.toBe(firstToken);
	});

	it('a bearer token refused as too frequent (403 code 99) fails with the hint, without the app secret', async () => {
		env.harness.setCredentialData('xAppOnlyApi', { ...env.harness.credentialData('xAppOnlyApi'), accessToken: '' });
		env.emulator.control.setBearerTokenLimit({ limit: 0, windowSeconds: 60 });
		const result = await env.webhooks({ resource: 'webhook', operation: 'getAll' });
		expect(result.error?.message).toMatch(/code 99/);
		expect(result.error?.message).toMatch(/paste a bearer token/);
	});

	it('a pasted bearer token is used as is, and a refused one fails with a clear 401', async () => {
		const saved = env.harness.credentialData('xAppOnlyApi');
		env.harness.setCredentialData('xAppOnlyApi', { ...saved, bearerToken: 'pasted-but-wrong', accessToken: '' });
		try {
			const result = await env.webhooks({ resource: 'webhook', operation: 'getAll' });
			expect(result.error?.message).toMatch(/X answered 401/);
			expect(env.emulator.control.stats().bearerTokenRequests).toBe(0);
			expect(errorText(result.error)).not.toContain('pasted-but-wrong');
		} finally {
			env.harness.setCredentialData('xAppOnlyApi', saved);
		}
	});
});

describe('credential tests (as on n8n\'s credential screen)', () => {
	it('succeed with good keys and fail clearly with bad ones', async () => {
		expect(await env.harness.testCredential('xOAuth1Api')).toMatchObject({ status: 'OK' });
		expect(await env.harness.testCredential('xAppOnlyApi')).toMatchObject({ status: 'OK' });
		const bad = await env.harness.testCredential('xOAuth1Api', { ...env.harness.credentialData('xOAuth1Api'), accessTokenSecret: 'nope' });
		expect(bad.status).toBe('Error');
		expect(bad.message).not.toContain('nope');
	});

	it('a refused OAuth 1.0a credential gets X\'s status, code and reason and the node\'s hint, not "Unauthorized"; no secret in it', async () => {
		const saved = env.harness.credentialData('xOAuth1Api');
		const wrongSecret = await env.harness.testCredential('xOAuth1Api', { ...saved, accessTokenSecret: 'not-the-token-secret' });
		expect(wrongSecret).toEqual({ status: 'Error', message: expect.stringMatching(/^X answered 401 32: Could not authenticate you\. X could not verify the OAuth signature: check the consumer key and secret and the access token and secret in the credential/) });
		const noTokens = await env.harness.testCredential('xOAuth1Api', { ...saved, accessToken: '', accessTokenSecret: '' });
		expect(noTokens).toEqual({ status: 'Error', message: expect.stringMatching(/^The Access Token and Access Token Secret are empty/) });
		for (const { message } of [wrongSecret, noTokens]) {
			for (const secret of [saved.consumerSecret, saved.accessToken, saved.accessTokenSecret, 'not-the-token-secret']) expect(message).not.toContain(String(secret));
		}
		// The test request names the package as User-Agent and is signed like the node's.
		env.emulator.control.clearRequests();
		expect(await env.harness.testCredential('xOAuth1Api')).toEqual({ status: 'OK', message: 'Connection successful: X accepted the credential' });
		const [test] = env.emulator.control.requests();
		expect(test).toMatchObject({ method: 'GET', path: '/12/accounts' });
		expect(test.query).toBe('count=1');
		expect(test.headers['user-agent']).toMatch(/^n8n-nodes-x-ads\/\d+\.\d+\.\d+\S* n8n$/);
	});

	it('App-only: a refused pasted bearer token gets X\'s answer and the node\'s hint; a wrong API key secret gets X\'s code at the token request', async () => {
		const saved = env.harness.credentialData('xAppOnlyApi');
		const pasted = await env.harness.testCredential('xAppOnlyApi', { ...saved, bearerToken: 'pasted-but-wrong-token' });
		expect(pasted).toEqual({ status: 'Error', message: 'X answered 401 Unauthorized: Unauthorized. X refused the credentials: check the keys and tokens of the credential; for app-only requests, the API key and secret or the pasted bearer token.' });
		expect(pasted.message).not.toContain('pasted-but-wrong-token');
		const wrongKey = await env.harness.testCredential('xAppOnlyApi', { ...saved, bearerToken: '', accessToken: '', apiKeySecret: 'not-the-api-secret' });
		expect(wrongKey.status).toBe('Error');
		expect(wrongKey.message).toMatch(/X \/oauth2\/token failed \(HTTP 403, code 99: Unable to verify your credentials\)\. Check the API key and API key secret in the X App-Only credential\. X answers the same to bearer tokens requested too often/);
		expect(wrongKey.message).not.toContain('not-the-api-secret');
	});

	it('OAuth 2.0: a token X refuses is named with the fix, not "Forbidden"', async () => {
		const saved = env.harness.credentialData('xOAuth2Api');
		expect(await env.harness.testCredential('xOAuth2Api')).toMatchObject({ status: 'OK' });
		const unknown = await env.harness.testCredential('xOAuth2Api', { ...saved, oauthTokenData: { token_type: 'bearer', access_token: ['unknown', 'access', 'token'].join('-') } });
		expect(unknown).toEqual({ status: 'Error', message: expect.stringMatching(/^X answered 403 Forbidden to GET \/2\/users\/me: the token gives no access to the user \(not a user's token, or without the tweet\.read and users\.read scopes/) });
	});

	it('the Connect credential: tested with the tokens n8n stored; before Connect it says to connect', async () => {
		expect(await env.harness.testCredential('xOAuth1ConnectApi')).toMatchObject({ status: 'OK' });
		const saved = env.harness.credentialData('xOAuth1ConnectApi');
		const unconnected = await env.harness.testCredential('xOAuth1ConnectApi', { ...saved, oauthTokenData: undefined });
		expect(unconnected).toEqual({ status: 'Error', message: 'Not connected yet: click "Connect my account" and authorize the App on X, then test again.' });
		const hidden = await env.harness.testCredential('xOAuth1ConnectApi', { ...saved, oauthTokenData: true });
		expect(hidden.message).toMatch(/^The test got the connection without its tokens/);
		const revokedSecret = ['revoked', 'secret', '1'].join('-');
		const revoked = await env.harness.testCredential('xOAuth1ConnectApi', { ...saved, oauthTokenData: { ...(saved.oauthTokenData as IDataObject), oauth_token_secret: revokedSecret } });
		expect(revoked.message).toMatch(/^X answered 401 32: Could not authenticate you\. X could not verify the OAuth signature/);
		expect(revoked.message).not.toContain(revokedSecret);
	});
});

describe('secrets', () => {
	it('no key, token, secret or signature appears in any error provoked above', () => {
		expect(env.provokedErrors.length).toBeGreaterThan(10);
		const bearer = String(env.harness.credentialData('xAppOnlyApi').accessToken ?? '');
		const secrets = [...env.secrets, bearer, 'oauth_signature', 'Authorization'].filter(Boolean);
		for (const error of env.provokedErrors) {
			const text = errorText(error);
			for (const secret of secrets) expect(text).not.toContain(secret);
		}
	});
});

describe('Return All measures progress, not pages (issue 36)', () => {
	const hostile = hostileXFor(env, { routeEach: true });
	beforeEach(() => hostile.x.set('freshCursor'));

	it('Ads: a new cursor over the same page ends at the page that brings no new record, naming it', async () => {
		env.emulator.control.seedAccounts(20);
		const started = Date.now();
		const result = await env.ads({ resource: 'account', operation: 'getAll', returnAll: true });
		expect(result.error?.message).toMatch(/^X's pagination did not end: page 2 brought no new record \(the same \d+ ids as before, under a new cursor\)/);
		expect(hostile.x.requests.filter((r) => r.path.endsWith('/accounts'))).toHaveLength(2);
		expect(Date.now() - started).toBeLessThan(5000);
	}, 20_000);

	it('X API v2: a new pagination token over the same page ends the same way', async () => {
		await env.webhooks({ resource: 'streamRule', operation: 'add', value: 'acme' });
		const started = Date.now();
		const result = await env.webhooks({ resource: 'streamRule', operation: 'getAll', returnAll: true });
		expect(result.error?.message).toMatch(/^X's pagination did not end: page 2 brought no new record \(the same 1 ids as before, under a new pagination token\)/);
		expect(hostile.x.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/rules'))).toHaveLength(2);
		expect(Date.now() - started).toBeLessThan(5000);
	}, 20_000);
});

describe('X Ads as an AI tool: what goes back to the model is bounded (issue 36)', () => {
	/** The node as n8n offers it to agents and MCP clients: its "<name>Tool" variant. */
	class XAdsTool extends XAds {
		constructor() {
			super();
			this.description = { ...this.description, name: 'xAdsTool', displayName: 'X Ads Tool' };
		}
	}
	beforeAll(() => env.harness.nodeTypes.register(XAdsTool));
	const asTool = (parameters: IDataObject) =>
		env.harness.runNode({ name: 'list_ads_accounts', type: 'xAdsTool', typeVersion: 2, parameters: { authentication: 'xOAuth1Api', ...parameters }, credentials: { xOAuth1Api: { id: 'xOAuth1Api', name: 'xOAuth1Api' } } }, [{}]);

	it('Get Many with Return All over 20,000 accounts hands the model at most the cap, and says how many more and how to narrow', async () => {
		env.emulator.control.seedAccounts(20_000);
		const result = await asTool({ resource: 'account', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const items = result.output().map((i) => i.json);
		expect(items.length).toBeLessThanOrEqual(101);
		expect(JSON.stringify(items).length).toBeLessThan(64 * 1024);
		const note = items[items.length - 1];
		expect(String(note.note)).toMatch(/^X answered 20,\d{3} records; this answer holds the first \d+\. \d+(,\d{3})* more: narrow the request \(a Limit, filters such as IDs or a name\)/);
		// The same node in a workflow (not a tool) outputs every record.
		const whole = await env.ads({ resource: 'account', operation: 'getAll', returnAll: true });
		expect(whole.output().length).toBeGreaterThan(20_000);
	}, 60_000);
});
