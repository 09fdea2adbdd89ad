/**
 * The credential screen's "Test" button (POST /rest/credentials/test) in real n8n, against the
 * emulator: good OAuth 1.0a tokens pass, a wrong token secret fails with X's code, reason and the
 * node's hint, app-only (bearer) passes and a wrong pasted bearer token gets X's answer and the hint. The
 * test requests name the package and its version as User-Agent.
 */
import { defineCase } from '../types';

export default defineCase({
	name: 'credentials: n8n credential test against the emulator',
	credentials: {
		oauth1: { type: 'xOAuth1Api' },
		wrongSecret: { type: 'xOAuth1Api', override: { accessTokenSecret: 'not-the-secret' } },
		appOnly: { type: 'xAppOnlyApi' },
		wrongBearer: { type: 'xAppOnlyApi', override: { bearerToken: 'pasted-but-wrong-token' } },
	},
	expect: {
		credentialTests: {
			oauth1: 'OK',
			// X's code and reason with the node's hint (issue 37), not n8n's "Unauthorized".
			wrongSecret: { status: 'Error', message: /^X answered 401 32: Could not authenticate you\. X could not verify the OAuth signature: check the consumer key and secret/ },
			wrongBearer: { status: 'Error', message: /^X answered 401 Unauthorized: Unauthorized\. X refused the credentials: check the keys and tokens of the credential; for app-only requests, the API key and secret or the pasted bearer token\.$/ },
			appOnly: 'OK',
		},
		emulator: {
			requests: [
				{ method: 'GET', base: 'ads', path: /\/accounts$/, headers: { 'user-agent': /^n8n-nodes-x-ads\/\d+\.\d+\.\d+\S* n8n$/ } },
				{ method: 'GET', base: 'api', path: '/2/webhooks', headers: { 'user-agent': /^n8n-nodes-x-ads\/\d+\.\d+\.\d+\S* n8n$/ } },
			],
		},
	},
});
