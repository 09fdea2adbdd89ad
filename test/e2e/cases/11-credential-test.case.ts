/**
 * The credential screen's "Test" button (POST /rest/credentials/test) in real n8n, against the
 * emulator: good OAuth 1.0a tokens pass, a wrong token secret fails, app-only (bearer) passes. The
 * test requests name the package and its version as User-Agent.
 */
import { defineCase } from '../types';

export default defineCase({
	name: 'credentials: n8n credential test against the emulator',
	credentials: {
		oauth1: { type: 'xOAuth1Api' },
		wrongSecret: { type: 'xOAuth1Api', override: { accessTokenSecret: 'not-the-secret' } },
		appOnly: { type: 'xAppOnlyApi' },
	},
	expect: {
		credentialTests: {
			oauth1: 'OK',
			wrongSecret: { status: 'Error' },
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
