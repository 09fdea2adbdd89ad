/**
 * The OAuth 1.0a credentials' test on n8n's credential screen (the nodes' `testedBy`): one signed
 * GET accounts?count=1 on the Ads host of the credential's environment, and on failure X's status,
 * code and reason with the hint the node itself gives (errors.ts), never "Unauthorized" alone.
 * n8n's own request test (ICredentialTestRequest) can only say the HTTP status text or a fixed
 * message per status, so the request is made here, through the test context's request helper.
 * Every message goes through redact() with the credential's secrets: n8n shows it as it is.
 */
import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject, INodeCredentialTestResult } from 'n8n-workflow';

import { hintFor, plainMessage, xErrorDetail } from '../shared/errors';
import { readJson } from '../shared/jsonReader';
import type { OAuth1Keys } from '../shared/oauth1';
import { signRequestOptions } from '../shared/oauth1';
import { credentialSecrets, redact } from '../shared/redact';
import { hostBaseUrl } from '../shared/transport';
import { USER_AGENT } from '../shared/userAgent';

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
function answerWords(response: LegacyResponse, url: string): string {
	const { statusCode: status } = response;
	if (status >= 300 && status < 400) {
		let target = String(response.headers?.location ?? '') || 'no Location';
		try {
			target = new URL(target, url).host;
		} catch {
			/* keep the raw text */
		}
		return `X answered ${status}, a redirect to ${target}: not followed, so the signed request never reaches it. Check the Ads API Base URL in the credential.`;
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

async function testOAuth1(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = (credential.data ?? {}) as IDataObject;
	const scrub = (text: string) => redact(text, credentialSecrets(data));
	const keys = signingKeys(credential.type, data);
	if (typeof keys === 'string') return { status: 'Error', message: keys };
	const url = `${hostBaseUrl(data, 'ads')}/12/accounts`;
	const signed = signRequestOptions(keys, { method: 'GET' as const, url, qs: { count: 1 }, headers: { 'User-Agent': USER_AGENT } });
	let response: LegacyResponse;
	try {
		response = (await this.helpers.request({
			method: 'GET',
			uri: signed.url,
			headers: signed.headers,
			resolveWithFullResponse: true,
			simple: false,
			// A redirect would carry the signed Authorization header to another host.
			followRedirect: false,
			followAllRedirects: false,
			timeout: TEST_TIMEOUT_MS,
		})) as LegacyResponse;
	} catch (error) {
		return { status: 'Error', message: scrub(plainMessage(`X could not be reached at ${url}: ${(error as Error).message}`)) };
	}
	if (response.statusCode >= 200 && response.statusCode < 300) return { status: 'OK', message: 'Connection successful: X accepted the keys and tokens' };
	return { status: 'Error', message: scrub(answerWords(response, url)) };
}

/** The nodes' methods.credentialTest, named by `testedBy` on their xOAuth1Api and xOAuth1ConnectApi entries. */
export const oauth1CredentialTests = {
	xOAuth1ApiTest: testOAuth1,
	xOAuth1ConnectApiTest: testOAuth1,
};
