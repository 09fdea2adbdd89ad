/**
 * The credentials' test on n8n's credential screen (the nodes' `testedBy`): the OAuth 1.0a ones
 * sign GET accounts?count=1 on the Ads host of the credential's environment, the App-only one
 * gets (or takes the pasted) bearer token and reads the App's webhooks. On failure: X's status,
 * code and reason with the hint the node itself gives (errors.ts), never "Unauthorized" alone.
 * n8n's own request test (ICredentialTestRequest) can only say the HTTP status text or a fixed
 * message per status (and on n8n 1.x not even that), so the request is made here, through the
 * test context's request helper. Every message goes through redact() with the credential's
 * secrets: n8n shows it as it is.
 */
import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject, IHttpRequestHelper, IHttpRequestOptions, INodeCredentialTestResult } from 'n8n-workflow';

import { apiBaseUrl, fetchBearerToken } from './bearer';
import { hintFor, plainMessage, xErrorDetail } from './errors';
import { readJson } from './jsonReader';
import type { OAuth1Keys } from './oauth1';
import { signRequestOptions } from './oauth1';
import { credentialSecrets, redact } from './redact';
import { hostBaseUrl } from './transport';
import { USER_AGENT } from './userAgent';
import { v2 } from './v2';

const TEST_TIMEOUT_MS = 30_000;

interface LegacyResponse {
	statusCode: number;
	body?: unknown;
	headers?: Record<string, unknown>;
}

/** The keys that sign: pasted tokens (X OAuth 1.0a API), or those n8n stored on Connect. */
function signingKeys(type: string, data: IDataObject): OAuth1Keys | string {
	const tokens = (data.oauthTokenData ?? {}) as IDataObject;
	const keys: OAuth1Keys = {
		consumerKey: String(data.consumerKey ?? ''),
		consumerSecret: String(data.consumerSecret ?? ''),
		token: String((type === 'xOAuth1ConnectApi' ? tokens.oauth_token : data.accessToken) ?? ''),
		tokenSecret: String((type === 'xOAuth1ConnectApi' ? tokens.oauth_token_secret : data.accessTokenSecret) ?? ''),
	};
	if (!keys.consumerKey || !keys.consumerSecret) return 'The Consumer Key and Consumer Secret are empty: copy them from the App\'s Keys and tokens page in X\'s Developer Console.';
	// n8n hides stored tokens from the editor as `true`; a test sent with the editor's copy has none.
	if (type === 'xOAuth1ConnectApi' && data.oauthTokenData === true) {
		return 'The test got the connection without its tokens (n8n hides them from the editor as "connected"), so it cannot sign: a workflow run uses the stored tokens. To renew them, click "Connect my account" again.';
	}
	if (!keys.token || !keys.tokenSecret) {
		return type === 'xOAuth1ConnectApi'
			? 'Not connected yet: click "Connect my account" and authorize the App on X, then test again.'
			: 'The Access Token and Access Token Secret are empty: generate them on the App\'s Keys and tokens page (or with the X OAuth node), then test again.';
	}
	return keys;
}

/** X's answer in words: "X answered 401 32: Could not authenticate you. <hint>". */
function answerWords(response: LegacyResponse, url: string, baseUrlField: string): string {
	const { statusCode: status } = response;
	if (status >= 300 && status < 400) {
		let target = String(response.headers?.location ?? '') || 'no Location';
		try {
			target = new URL(target, url).host;
		} catch {
			/* keep the raw text */
		}
		return `X answered ${status}, a redirect to ${target}: not followed, so the credential never reaches it. Check the ${baseUrlField} in the credential.`;
	}
	let body: unknown = response.body;
	if (typeof body === 'string') {
		try {
			body = readJson(body);
		} catch {
			/* a text answer: its words are the reason */
		}
	}
	const detail = xErrorDetail(body);
	const code = detail.code !== undefined ? ` ${String(detail.code)}` : '';
	const hint = hintFor(status, detail);
	const reason = (detail.message ?? 'no message').replace(/\.+$/, '');
	return `X answered ${status}${code}: ${reason}.${hint ? ` ${hint}` : ''}`;
}

/**
 * One request through the test context's (legacy) request helper, the full answer whatever its
 * status; a redirect is never followed (it would carry the Authorization header to another host).
 */
async function send(ctx: ICredentialTestFunctions, options: Pick<IHttpRequestOptions, 'method' | 'url' | 'headers' | 'body'>): Promise<LegacyResponse> {
	return (await ctx.helpers.request({
		method: options.method ?? 'GET',
		uri: options.url,
		headers: options.headers,
		...(options.body !== undefined ? { body: options.body } : {}),
		resolveWithFullResponse: true,
		simple: false,
		followRedirect: false,
		followAllRedirects: false,
		timeout: TEST_TIMEOUT_MS,
	})) as LegacyResponse;
}

/** A request's outcome as the credential screen shows it. */
async function outcome(ctx: ICredentialTestFunctions, options: Pick<IHttpRequestOptions, 'method' | 'url' | 'headers' | 'body'>, data: IDataObject, baseUrlField: string): Promise<INodeCredentialTestResult> {
	const scrub = (text: string) => redact(text, credentialSecrets(data));
	let response: LegacyResponse;
	try {
		response = await send(ctx, options);
	} catch (error) {
		return { status: 'Error', message: scrub(plainMessage(`X could not be reached at ${options.url}: ${(error as Error).message}`)) };
	}
	if (response.statusCode >= 200 && response.statusCode < 300) return { status: 'OK', message: 'Connection successful: X accepted the credential' };
	return { status: 'Error', message: scrub(answerWords(response, options.url, baseUrlField)) };
}

async function testOAuth1(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = (credential.data ?? {}) as IDataObject;
	const keys = signingKeys(credential.type, data);
	if (typeof keys === 'string') return { status: 'Error', message: keys };
	const signed = signRequestOptions(keys, { method: 'GET' as const, url: `${hostBaseUrl(data, 'ads')}/12/accounts`, qs: { count: 1 }, headers: { 'User-Agent': USER_AGENT } });
	return await outcome(this, signed, data, 'Ads API Base URL');
}

/** bearer.ts's token request, through the test context's request helper (it has no httpRequest). */
const tokenHelper = (ctx: ICredentialTestFunctions): IHttpRequestHelper => ({
	helpers: { httpRequest: async (options: IHttpRequestOptions) => await send(ctx, options) },
});

async function testAppOnly(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = (credential.data ?? {}) as IDataObject;
	let token = String(data.bearerToken ?? '');
	if (!token) {
		if (!data.apiKey || !data.apiKeySecret) return { status: 'Error', message: 'The API Key and API Key Secret are empty (and no Bearer Token is pasted): copy them from the App\'s Keys and tokens page in X\'s Developer Console.' };
		try {
			token = await fetchBearerToken(tokenHelper(this), data);
		} catch (error) {
			return { status: 'Error', message: redact(plainMessage((error as Error).message), credentialSecrets(data)) };
		}
	}
	const options = { method: 'GET' as const, url: `${apiBaseUrl(data)}${v2.listWebhooks.path}`, headers: { Authorization: `Bearer ${token}`, 'User-Agent': USER_AGENT } };
	return await outcome(this, options, { ...data, accessToken: token }, 'API Base URL');
}

/** The nodes' methods.credentialTest, named by `testedBy` on their credential entries. */
export const credentialTests = {
	xOAuth1ApiTest: testOAuth1,
	xOAuth1ConnectApiTest: testOAuth1,
	xAppOnlyApiTest: testAppOnly,
};
