import { NodeApiError } from 'n8n-workflow';

import { EngineHarness } from './index';
import { HarnessKeyApi, HarnessOAuth1Api, HarnessTokenApi } from './fixtures/credentials';
import { HarnessEcho } from './fixtures/EchoNode';
import { API_KEY, CLIENT, OAUTH1, TestApi } from './fixtures/server';

const ECHO = 'n8n-nodes-x-ads.harnessEcho';

describe('EngineHarness (n8n-core WorkflowExecute + credentials helper)', () => {
	const api = new TestApi();

	beforeAll(async () => await api.start());
	afterAll(async () => await api.stop());

	const createHarness = () =>
		new EngineHarness({
			nodeTypes: [HarnessEcho],
			credentialTypes: [HarnessTokenApi, HarnessKeyApi, HarnessOAuth1Api],
			credentials: {
				harnessTokenApi: { baseUrl: api.baseUrl, clientId: CLIENT.id, clientSecret: CLIENT.secret },
				harnessKeyApi: { baseUrl: api.baseUrl, apiKey: API_KEY },
				harnessOAuth1Api: {
					baseUrl: api.baseUrl,
					consumerKey: OAUTH1.consumerKey,
					consumerSecret: OAUTH1.consumerSecret,
					oauthTokenData: { oauth_token: OAUTH1.token, oauth_token_secret: OAUTH1.tokenSecret },
				},
			},
		});

	const echoNode = (parameters: Record<string, unknown> = {}) => ({
		name: 'Echo',
		type: ECHO,
		parameters: { account: { __rl: true, mode: 'id', value: 'acc-9' }, ...parameters },
	});

	it('runs a JSON workflow through the engine, applying the generic authenticate and preAuthentication', async () => {
		const harness = createHarness();
		const workflow = {
			id: 'wf-token',
			nodes: [
				{ name: 'Items', type: 'test.items', parameters: { items: '[{"n":1},{"n":2}]' } },
				{ ...echoNode(), credentials: { harnessTokenApi: { id: 'harnessTokenApi', name: 'Token' } } },
			],
			connections: { Items: { main: [[{ node: 'Echo', type: 'main' as const, index: 0 }]] } },
		};
		const tokensBefore = api.tokensIssued;

		const first = await harness.run(workflow);
		expect(first.error).toBeUndefined();
		expect(first.run.status).toBe('success');
		expect(first.executionOrder).toEqual(['Items', 'Echo']);
		expect(first.output().map((i) => i.json)).toEqual([
			{ ok: true, auth: 'token', query: { account: 'acc-9', item: '0' } },
			{ ok: true, auth: 'token', query: { account: 'acc-9', item: '1' } },
		]);
		expect(first.output('Echo').map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);

		// header set by the engine's credentials helper from '=Bearer {{$credentials.sessionToken}}'
		const token = harness.credentialData('harnessTokenApi').sessionToken as string;
		expect(token).toMatch(/^tok-\d+$/);
		const echoes = api.requestsTo('/echo').slice(-2);
		expect(echoes.map((r) => r.headers.authorization)).toEqual([`Bearer ${token}`, `Bearer ${token}`]);

		// second run: token persisted in the credential store -> no new preAuthentication
		const second = await harness.run(workflow);
		expect(second.error).toBeUndefined();
		expect(api.tokensIssued - tokensBefore).toBe(1);
		expect(harness.credentialsHelper.preAuthenticationCalls).toHaveLength(1);

		// static data persisted between runs of the same workflow id
		expect(harness.workflowStaticData('wf-token')).toEqual({ 'node:Echo': { calls: 4 } });

		// the server revokes the token: 401 -> preAuthentication (expired) -> retried once
		api.revokeTokens();
		const third = await harness.run(workflow);
		expect(third.error).toBeUndefined();
		expect(third.output()).toHaveLength(2);
		expect(api.tokensIssued - tokensBefore).toBe(2);
		expect(harness.credentialsHelper.preAuthenticationCalls.map((c) => c.expired)).toEqual([false, true]);
		const newToken = harness.credentialData('harnessTokenApi').sessionToken;
		expect(newToken).not.toBe(token);
		expect(api.requestsTo('/echo').at(-1)?.headers.authorization).toBe(`Bearer ${newToken}`);

		// node logs (this.logger) and engine logs (LoggerProxy) are captured
		expect(harness.logs).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ level: 'info', message: 'echo: item 0 done' }),
				expect.objectContaining({ level: 'debug', message: expect.stringContaining('Start executing node "Echo"') }),
			]),
		);
	});

	it('applies a function-form authenticate (runNode, default credentials, expression parameters)', async () => {
		const harness = createHarness();
		const result = await harness.runNode(
			echoNode({ authentication: 'key', path: '={{ $json.p }}' }),
			[{ p: '/echo' }, { p: '/me' }],
		);
		expect(result.error).toBeUndefined();
		expect(result.output().map((i) => i.json)).toEqual([
			{ ok: true, auth: 'key', query: { account: 'acc-9', item: '0' } },
			{ id: 'me', auth: 'key' },
		]);
		expect(api.requests.at(-1)?.headers['x-api-key']).toBe(API_KEY);
	});

	it('continueOnFail turns failures into error items; without it result.error is the NodeApiError', async () => {
		const harness = createHarness();
		const input = [{ p: '/echo' }, { p: '/fail' }];
		const node = echoNode({ authentication: 'key', path: '={{ $json.p }}' });

		const tolerant = await harness.runNode(node, input, { continueOnFail: true });
		expect(tolerant.error).toBeUndefined();
		const out = tolerant.output();
		expect(out).toHaveLength(2);
		expect(out[0].json.ok).toBe(true);
		expect(out[1].json.error).toEqual(expect.any(String));
		expect(out[1].pairedItem).toEqual({ item: 1 });
		expect(harness.logs).toEqual(
			expect.arrayContaining([expect.objectContaining({ level: 'warn', message: 'echo: item 1 failed' })]),
		);

		const strict = await harness.runNode(node, input);
		expect(strict.run.status).toBe('error');
		expect(strict.error).toBeInstanceOf(NodeApiError);
		expect((strict.error as NodeApiError).httpCode).toBe('500');
		expect(strict.output()).toEqual([]);
	});

	it('signs oAuth1Api-derived credentials with n8n-core (httpRequestWithAuthentication and requestOAuth1)', async () => {
		const harness = createHarness();
		const viaAuth = await harness.runNode(echoNode({ authentication: 'oauth1' }));
		expect(viaAuth.error).toBeUndefined();
		expect(viaAuth.output()[0].json).toEqual({ ok: true, auth: 'oauth1', query: { account: 'acc-9', item: '0' } });

		const legacy = await harness.runNode(echoNode({ authentication: 'oauth1', legacyOAuth1: true }));
		expect(legacy.error).toBeUndefined();
		expect(legacy.output()[0].json).toEqual({ ok: true, auth: 'oauth1', query: { account: 'acc-9', item: '0' } });
		expect(api.requests.at(-1)?.headers.authorization).toMatch(/^OAuth .*oauth_signature_method="HMAC-SHA1"/);
	});

	it('runs listSearch and loadOptions methods with a real context', async () => {
		const harness = createHarness();
		const page1 = await harness.listSearch(ECHO, 'searchAccounts', {
			harnessTokenApi: { id: 'harnessTokenApi', name: 'Token' },
		});
		expect(page1).toEqual({
			results: [
				{ name: 'Alpha', value: 'acc-1' },
				{ name: 'Beta', value: 'acc-2' },
			],
			paginationToken: '2',
		});
		const page2 = await harness.listSearch(ECHO, 'searchAccounts', {}, '', '2');
		expect(page2.results).toEqual([{ name: 'Gamma', value: 'acc-3' }]);
		const filtered = await harness.listSearch(ECHO, 'searchAccounts', {}, 'et', undefined, { authentication: 'key' });
		expect(filtered.results).toEqual([{ name: 'Beta', value: 'acc-2' }]);
		expect(await harness.loadOptions(ECHO, 'getAccounts', {})).toEqual([
			{ name: 'Alpha', value: 'acc-1' },
			{ name: 'Beta', value: 'acc-2' },
		]);
	});

	it('tests credentials like the credential modal does', async () => {
		const harness = createHarness();
		await expect(harness.testCredential('harnessTokenApi')).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		// the stored credential got its session token from preAuthentication
		expect(harness.credentialData('harnessTokenApi').sessionToken).toMatch(/^tok-/);

		await expect(
			harness.testCredential('harnessTokenApi', { baseUrl: api.baseUrl, clientId: CLIENT.id, clientSecret: 'nope' }),
		).resolves.toMatchObject({ status: 'Error' });
		await expect(harness.testCredential('harnessKeyApi')).resolves.toMatchObject({ status: 'OK' });
		await expect(harness.testCredential('harnessKeyApi', { baseUrl: api.baseUrl, apiKey: 'wrong' })).resolves.toEqual({
			status: 'Error',
			message: 'The API key was rejected',
		});

		// oAuth1Api-derived: n8n-core signs the test request itself (unsaved data included)
		const oauth1 = harness.credentialData('harnessOAuth1Api');
		await expect(harness.testCredential('harnessOAuth1Api')).resolves.toMatchObject({ status: 'OK' });
		await expect(harness.testCredential('harnessOAuth1Api', { ...oauth1, consumerSecret: 'wrong' })).resolves.toMatchObject({
			status: 'Error',
		});
	});
});
