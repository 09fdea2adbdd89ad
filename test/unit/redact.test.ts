/** The one scrubber: what an upstream may echo goes, our own words stay. */
import { credentialSecrets, redact, redactDeep } from '../../nodes/shared/redact';

describe('redact', () => {
	it.each([
		['OAuth header', 'Authorization: OAuth oauth_consumer_key="ck0123456789", oauth_signature="abc%3D", oauth_token="1-tok0123456789"'],
		['OAuth header without its name', 'got OAuth oauth_consumer_key="ck0123456789", oauth_nonce="n"'],
		['bearer', 'header was Bearer AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA0%2BuSeid%2BULvsea4JtiGRiSDSJSI'],
		['basic', 'Basic Y2swMTIzNDU2Nzg5OnNlY3JldDAxMjM0NTY3ODk='],
		['form body', 'body: grant_type=client_credentials&access_token=AAAA0123456789xyz'],
		['query', 'GET /oauth/access_token?oauth_verifier=v0123456789&oauth_token=t0123456789'],
		['JSON', '{"authorization":"Bearer zzzzzzzzzzzzzzzzzzzzzzzz","oauth_token_secret":"s0123456789"}'],
	])('%s', (_name, text) => {
		const out = redact(text);
		expect(out).toContain('[redacted]');
		for (const secret of ['ck0123456789', 'tok0123456789', 'abc%3D', 'AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA', 'Y2swMTIz', 'AAAA0123456789xyz', 'v0123456789', 't0123456789', 'zzzzzzzz', 's0123456789']) {
			expect(out).not.toContain(secret);
		}
	});

	it('leaves our own words alone', () => {
		for (const text of [
			'Item 0: Bearer Token (access_token) is needed: the credential holds none yet',
			'X OAuth 1.0a: Request Token (oauth_token) must be a token of printable characters without spaces',
			'POST /oauth2/token. Check the API key and API key secret in the X App-Only credential.',
			'the Authorization URL step',
		]) {
			expect(redact(text)).toBe(text);
		}
	});

	it("removes a credential's own values in any form: raw, percent-encoded, and the Basic value", () => {
		const credentials = { apiKey: 'key-0123456789', apiKeySecret: 'sec/0123456789+', bearerToken: 'short' };
		const secrets = credentialSecrets(credentials);
		const basic = Buffer.from('key-0123456789:sec%2F0123456789%2B').toString('base64');
		const text = `echo: key-0123456789 sec%2F0123456789%2B ${basic} short`;
		expect(redact(text, secrets)).toBe('echo: [redacted] [redacted] [redacted] short');
		expect(redactDeep({ a: [text], 'sec/0123456789+': 1 }, secrets)).toEqual({ a: ['echo: [redacted] [redacted] [redacted] short'], '[redacted]': 1 });
	});
});
