/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The nodes against a hostile upstream (test/hostile/server.ts) through n8n-core's engine: base
 * URLs that redirect to another origin, echo the credentials, answer 200 with something that is
 * not X's JSON, page forever, never answer, or send a huge page. Issue 16, items 1-6.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XOAuth1ConnectApi } from '../../credentials/XOAuth1ConnectApi.credentials';
import { XAds } from '../../nodes/XAds/XAds.node';
import { XOAuth } from '../../nodes/XOAuth/XOAuth.node';
import { XWebhooks } from '../../nodes/XWebhooks/XWebhooks.node';
import { EngineHarness } from '../harness';
import type { WorkflowResult } from '../harness';
import type { HostileRequest, HostileServer } from '../hostile/server';
import { startHostile } from '../hostile/server';
import { errorText } from './env';

const KEYS = {
	consumerKey: 'hostile-consumer-key-0001',
	consumerSecret: 'hostile-consumer-secret-0002',
	accessToken: '1234-hostile-access-token-0003',
	accessTokenSecret: 'hostile-token-secret-0004',
	bearerToken: 'AAAAhostile-pasted-bearer-0005',
};
const BASIC = Buffer.from(`${KEYS.consumerKey}:${KEYS.consumerSecret}`).toString('base64');
const SECRETS = [...Object.values(KEYS), BASIC, 'HOSTILE-ISSUED-BEARER'];

let hostile: HostileServer;
let target: HostileServer; // another origin (another port): where redirects point
let harness: EngineHarness;
const provoked: unknown[] = [];
const allLogs: unknown[] = [];

beforeAll(async () => {
	hostile = await startHostile();
	target = await startHostile();
	harness = new EngineHarness({ nodeTypes: [XAds, XWebhooks, XOAuth], credentialTypes: [XOAuth1Api, XOAuth1ConnectApi, XAppOnlyApi] });
});
afterAll(async () => {
	await hostile.close();
	await target.close();
});
beforeEach(() => {
	hostile.clear();
	target.clear();
	harness.logs.length = 0;
});
afterEach(() => {
	allLogs.push(...harness.logs);
});

/** Points every credential at one scenario of the hostile server. */
function upstream(scenario: string, app: { pasteBearer?: boolean } = {}) {
	const base = `${hostile.url}/${scenario}`;
	const urls = { apiBaseUrl: base, adsBaseUrl: base, adsSandboxBaseUrl: base };
	harness.setCredentialData('xOAuth1Api', { ...KEYS, bearerToken: undefined, environment: 'production', ...urls });
	harness.setCredentialData('xOAuth1ConnectApi', {
		consumerKey: KEYS.consumerKey,
		consumerSecret: KEYS.consumerSecret,
		signatureMethod: 'HMAC-SHA1',
		oauthTokenData: { oauth_token: KEYS.accessToken, oauth_token_secret: KEYS.accessTokenSecret },
		environment: 'production',
		...urls,
	});
	harness.setCredentialData('xAppOnlyApi', {
		apiKey: KEYS.consumerKey,
		apiKeySecret: KEYS.consumerSecret,
		bearerToken: app.pasteBearer ? KEYS.bearerToken : '',
		accessToken: '',
		apiBaseUrl: base,
	});
}

const QUICK = { maxRetries: 1, timeout: 2 };
const ACCOUNTS = [{ id: 'acc1' }, { id: 'acc2' }, { id: 'acc3' }];

async function run(type: string, credential: string, parameters: INodeParameters, input: IDataObject[], continueOnFail = false): Promise<WorkflowResult> {
	const result = await harness.runNode(
		{ name: 'Node', type, parameters, credentials: { [credential]: { id: credential, name: credential } } },
		input,
		{ continueOnFail },
	);
	if (result.error) provoked.push(result.error);
	provoked.push(...result.output().filter((i) => i.json.error));
	return result;
}

const ads = (parameters: INodeParameters, input: IDataObject[] = [{}], continueOnFail = false, credential = 'xOAuth1Api') =>
	run('n8n-nodes-x-ads.xAds', credential, { authentication: credential, requestOptions: QUICK, ...parameters }, input, continueOnFail);
const accountGet = (continueOnFail = false, credential = 'xOAuth1Api') =>
	ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: '={{ $json.id }}' } }, ACCOUNTS, continueOnFail, credential);
const accountUpdate = (continueOnFail = false) =>
	ads({ resource: 'account', operation: 'update', account: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, updateFields: { name: 'Renamed' } }, ACCOUNTS, continueOnFail);
const webhooksList = (continueOnFail = false) =>
	run('n8n-nodes-x-ads.xWebhooks', 'xAppOnlyApi', { resource: 'webhook', operation: 'getAll', requestOptions: QUICK }, [{}], continueOnFail);
const bearerIssue = () => run('n8n-nodes-x-ads.xOAuth', 'xAppOnlyApi', { resource: 'bearerToken', operation: 'issue' }, [{}]);

/** What a server received that carries a credential: an Authorization header or OAuth parameters anywhere. */
function credentialsIn(requests: HostileRequest[]): string[] {
	return requests.flatMap((r) => {
		const found: string[] = [];
		if (r.headers.authorization) found.push(`${r.method} ${r.path}: Authorization header`);
		if (/oauth_/.test(r.query + r.body)) found.push(`${r.method} ${r.path}: oauth_* parameters`);
		if (SECRETS.some((s) => JSON.stringify(r).includes(s))) found.push(`${r.method} ${r.path}: a secret value`);
		return found;
	});
}

function expectNoSecret(text: string) {
	for (const secret of SECRETS) expect(text).not.toContain(secret);
	expect(text).not.toMatch(/oauth_signature="?[A-Za-z0-9%]{8,}|oauth_consumer_key="?[\w-]{8,}/);
}

describe('redirects are never followed with credentials', () => {
	it.each([301, 302, 307, 308])('Account Get: a %i to another origin sends it nothing and names its host', async (status) => {
		upstream(`redirect/${status}/${target.host}`);
		const result = await accountGet(true);
		expect(credentialsIn(target.requests)).toEqual([]);
		expect(target.requests).toHaveLength(0);
		const items = result.output();
		expect(items).toHaveLength(3);
		items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.error).toContain(`a redirect to ${target.host}: not followed`);
			expect(item.json.httpCode).toBe(String(status));
		});
		// A redirect is an answer, not a failure to retry.
		expect(hostile.requests).toHaveLength(3);
	});

	it('the Connect credential (signed by n8n itself) is not followed either', async () => {
		upstream(`redirect/307/${target.host}`);
		const result = await accountGet(false, 'xOAuth1ConnectApi');
		expect(target.requests).toHaveLength(0);
		expect(result.error?.message).toContain(`a redirect to ${target.host}: not followed`);
	});

	it('a same-origin redirect is refused too (one simple rule), naming the host', async () => {
		upstream('redirect/302/self');
		const result = await accountGet();
		expect(result.error?.message).toContain(`a redirect to ${hostile.host}: not followed`);
		expect(hostile.requests.filter((r) => r.path.startsWith('/ok'))).toHaveLength(0);
	});

	it('X Webhooks with a pasted bearer token: the token does not reach the other host', async () => {
		upstream(`redirect/307/${target.host}`, { pasteBearer: true });
		const result = await webhooksList();
		expect(target.requests).toHaveLength(0);
		expect(result.error?.message).toContain(`a redirect to ${target.host}`);
	});

	it('the bearer token request (Basic key:secret), from X Webhooks and from X OAuth > Issue, is not followed', async () => {
		upstream(`redirect/307/${target.host}`);
		const fromWebhooks = await webhooksList();
		const fromIssue = await bearerIssue();
		expect(credentialsIn(target.requests)).toEqual([]);
		expect(target.requests).toHaveLength(0);
		expect(errorText(fromWebhooks.error)).toContain(target.host);
		expect(fromIssue.error?.message).toContain(`a redirect to ${target.host}: not followed`);
	});

	it("the credentials' own tests (n8n's credential screen) are not followed", async () => {
		upstream(`redirect/307/${target.host}`);
		expect((await harness.testCredential('xOAuth1Api')).status).toBe('Error');
		expect((await harness.testCredential('xAppOnlyApi')).status).toBe('Error');
		upstream(`redirect/307/${target.host}`, { pasteBearer: true });
		expect((await harness.testCredential('xAppOnlyApi')).status).toBe('Error');
		expect(target.requests).toHaveLength(0);
	});
});

describe('an upstream that echoes the credentials', () => {
	it.each(['echo-html/401', 'echo-json/400', 'echo-html/200'])('%s: no secret in the error, the error item or the log', async (scenario) => {
		upstream(scenario);
		const failed = await accountGet();
		const items = (await accountGet(true)).output();
		expect(items).toHaveLength(3);
		// The upstream did get the header (that is the point of the scenario) ...
		expect(hostile.requests.some((r) => String(r.headers.authorization).includes(KEYS.accessToken))).toBe(true);
		// ... and said so, but nothing of it comes out.
		expect(failed.error).toBeDefined();
		expectNoSecret(errorText(failed.error));
		expectNoSecret(JSON.stringify(items));
		expectNoSecret(JSON.stringify(harness.logs));
		expect(errorText(failed.error)).toContain('[redacted]');
	});

	it('a bearer token and the Basic key:secret echoed back are scrubbed too', async () => {
		upstream('echo-json/400', { pasteBearer: true });
		const list = await webhooksList();
		upstream('echo-html/403');
		const issue = await bearerIssue();
		expect(hostile.requests.some((r) => String(r.headers.authorization).startsWith('Basic '))).toBe(true);
		for (const result of [list, issue]) {
			expect(result.error).toBeDefined();
			expectNoSecret(errorText(result.error));
		}
		expectNoSecret(JSON.stringify(harness.logs));
	});
});

describe('a 200 that is not X\'s JSON: every input item ends in exactly one item', () => {
	it.each([
		['html', /HTML \(text\/html, \d+ bytes\): "Sign in to the corporate network"/],
		['empty', /an empty body/],
		['truncated', /cut-off or malformed JSON/],
		['reset', /connection closed in the middle of the answer/],
	])('%s: Account Get and Update with 3 items give 3 paired error items; without Continue On Fail the run fails', async (scenario, what) => {
		upstream(scenario);
		for (const operation of [accountGet, accountUpdate]) {
			hostile.clear();
			const items = (await operation(true)).output();
			expect(items).toHaveLength(3);
			items.forEach((item, i) => {
				expect(item.pairedItem).toEqual({ item: i });
				expect(String(item.json.error) + String(item.json.description)).toMatch(what);
			});
			// GET and PUT are safe to repeat: one retry each (Max Retries 1).
			expect(hostile.requests).toHaveLength(6);
			const failed = await operation(false);
			expect(failed.error?.message).toMatch(what);
		}
	});

	it('Get Many on an HTML page is an error, not an empty list', async () => {
		upstream('html');
		const result = await ads({ resource: 'account', operation: 'getAll', returnAll: true }, [{}], true);
		expect(result.output()).toHaveLength(1);
		expect(result.output()[0].json.error).toMatch(/HTML/);
	});

	it('X\'s 403 client-not-enrolled (an App outside a Project) names the reason and what to do in the developer portal', async () => {
		upstream('not-enrolled', { pasteBearer: true });
		const result = await webhooksList();
		expect(result.error?.message).toMatch(/^X answered 403 client-not-enrolled: When authenticating requests/);
		expect((result.error as Error & { description?: string })?.description).toMatch(/Developer Console \(console\.x\.com, the developer portal\), attach the App to a Project/);
	});

	it('X Webhooks list on an HTML page is an error', async () => {
		upstream('html', { pasteBearer: true });
		const result = await webhooksList();
		expect(result.error?.message).toMatch(/HTML/);
	});

	it('a page that comes right on the retry is used (the HTML answer was retried)', async () => {
		upstream(`flaky/1/get-${Date.now()}`);
		const result = await ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: 'acc1' } });
		expect(result.error).toBeUndefined();
		expect(result.output().map((i) => i.json.id)).toEqual(['acc1']);
		expect(hostile.requests).toHaveLength(2);
	});

	it('a POST is not repeated after an unreadable answer (X may have applied it)', async () => {
		upstream('html');
		harness.setCredentialData('xOAuth1Api', { ...harness.credentialData('xOAuth1Api'), environment: 'sandbox' });
		const result = await ads({ resource: 'account', operation: 'createSandbox' });
		expect(result.error?.message).toMatch(/HTML/);
		expect(hostile.requests).toHaveLength(1);
	});
});

describe('pagination that never ends', () => {
	it('Return All stops when X repeats a cursor', async () => {
		upstream('same-cursor');
		const result = await ads({ resource: 'account', operation: 'getAll', returnAll: true });
		expect(result.error?.message).toMatch(/pagination did not end: X sent the cursor of an earlier page again/);
		expect(hostile.requests).toHaveLength(2);
	}, 15_000);

	it('a v2 Return All stops with an error when X repeats a pagination token (not a silent, short list)', async () => {
		upstream('same-token', { pasteBearer: true });
		const result = await run('n8n-nodes-x-ads.xWebhooks', 'xAppOnlyApi', { resource: 'streamRule', operation: 'getAll', returnAll: true, requestOptions: QUICK }, [{}]);
		expect(result.error?.message).toMatch(/pagination did not end: X sent the pagination token of an earlier page again/);
		expect(hostile.requests).toHaveLength(2);
	}, 15_000);

	it('a Limit stops at a page count far beyond what it needs (one record per page, fresh cursors)', async () => {
		upstream('fresh-cursor');
		const result = await ads({ resource: 'account', operation: 'getAll', returnAll: false, limit: 5000 }, [{}], true);
		expect(result.output()).toHaveLength(1);
		expect(result.output()[0].json.error).toMatch(/more than 60 pages/);
		expect(hostile.requests).toHaveLength(60);
	}, 15_000);
});

describe('huge answers', () => {
	it('a page of 200,000 records comes out whole', async () => {
		upstream('huge/200000');
		const result = await ads({ resource: 'account', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.output()).toHaveLength(200_000);
	}, 60_000);

	it('an answer over 64 MiB is not read: a clear error', async () => {
		upstream('bulk/80');
		const result = await ads({ resource: 'account', operation: 'getAll', returnAll: true, requestOptions: { maxRetries: 0, timeout: 30 } });
		expect(result.error?.message).toMatch(/larger than 64 MiB/);
	}, 60_000);
});

describe('an upstream that never answers', () => {
	it('times out after the Timeout option, retries a safe request Max Retries times, then fails naming the wait', async () => {
		upstream('silent');
		const started = Date.now();
		const result = await ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: 'acc1' }, requestOptions: { maxRetries: 2, timeout: 1 } });
		const elapsed = Date.now() - started;
		expect(result.error?.message).toBe('X did not answer within 1 s');
		expect((result.error as Error & { description?: string })?.description).toMatch(/after 3 attempts/);
		expect(hostile.requests).toHaveLength(3);
		// 3 attempts of 1 s and two backoffs of at most 0.5 s and 1 s.
		expect(elapsed).toBeLessThan(6_000);
	}, 15_000);

	it('an answer that trickles in forever is cut at the Timeout too', async () => {
		upstream('drip');
		const started = Date.now();
		const result = await ads({ resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: 'acc1' }, requestOptions: { maxRetries: 0, timeout: 1 } });
		expect(result.error?.message).toBe('X did not answer within 1 s');
		expect(Date.now() - started).toBeLessThan(3_000);
	}, 15_000);

	it('a POST that times out is not sent again', async () => {
		upstream('silent');
		harness.setCredentialData('xOAuth1Api', { ...harness.credentialData('xOAuth1Api'), environment: 'sandbox' });
		const result = await ads({ resource: 'account', operation: 'createSandbox', requestOptions: { maxRetries: 3, timeout: 1 } });
		expect(result.error?.message).toBe('X did not answer within 1 s');
		expect(hostile.requests).toHaveLength(1);
	}, 15_000);
});

describe('secrets', () => {
	it('no key, token, secret, Basic value or signature in any error or log of this file', () => {
		expect(provoked.length).toBeGreaterThan(20);
		expectNoSecret(provoked.map(errorText).join('\n'));
		expect(allLogs.length).toBeGreaterThan(20);
		expectNoSecret(JSON.stringify(allLogs));
	});
});
