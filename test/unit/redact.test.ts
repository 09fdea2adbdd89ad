/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/** The one scrubber: what an upstream may echo goes, our own words stay; and every exit of the nodes goes through it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { credentialSecrets, guarded, redact, redactDeep, rememberSecrets } from '../../nodes/shared/transport/redact';

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

describe('one redaction at every exit (issue 36)', () => {
	const ECHO = 'Authorization: OAuth oauth_consumer_key="ck-secret-0123456789", oauth_token="tok-secret-0123456789", oauth_signature="c2lnbmF0dXJlMTIzNDU2Nzg5"';
	const LEAKS = ['ck-secret-0123456789', 'tok-secret-0123456789', 'c2lnbmF0dXJlMTIzNDU2Nzg5', 'pasted-secret-0123456789'];
	const expectClean = (text: string) => {
		for (const leak of LEAKS) expect(text).not.toContain(leak);
	};

	it("a guarded method's errors, error items, log lines and emitted errors leave scrubbed of the secrets it read and of anything like a credential", async () => {
		const logged: string[] = [];
		const emitted: Error[] = [];
		const ctx = {
			logger: { error: (m: string) => logged.push(m), warn: (m: string) => logged.push(m), info: (m: string) => logged.push(m), debug: (m: string) => logged.push(m), verbose: (m: string) => logged.push(m) },
			emitError: (error: Error) => emitted.push(error),
		};
		const credentials = { consumerKey: 'ck-secret-0123456789', accessToken: 'pasted-secret-0123456789' };
		const method = guarded(async function (this: typeof ctx & object) {
			rememberSecrets(this, credentials);
			this.logger.warn(`retrying with pasted-secret-0123456789 and ${ECHO}`);
			this.emitError(new Error(`stream: ${ECHO}`));
			return [[{ json: { error: `X answered 400: pasted-secret-0123456789`, description: ECHO } }, { json: { name: 'Acme' } }]];
		});
		const out = await method.call(ctx);
		expectClean(JSON.stringify(out));
		expect(out[0][1]).toEqual({ json: { name: 'Acme' } });
		expectClean(logged.join('\n'));
		expectClean(`${emitted[0].message} ${emitted[0].stack}`);
		const failing = guarded(async function (this: object) {
			rememberSecrets(this, credentials);
			const error = Object.assign(new Error(`X answered 401: pasted-secret-0123456789 ${ECHO}`), { description: ECHO, context: { request: ECHO }, cause: { config: { headers: { Authorization: ECHO } } } });
			throw error;
		});
		const thrown = (await failing.call({}).catch((error: unknown) => error)) as Error & Record<string, unknown>;
		expect(thrown.message).toMatch(/^X answered 401: \[redacted\]/);
		expectClean(`${thrown.message} ${String(thrown.description)} ${JSON.stringify(thrown.context)} ${thrown.stack} ${JSON.stringify(thrown)}`);
		expect(thrown.cause).toBeUndefined();
	});

	it('every method of every node the package ships runs inside it: whatever throws below, nothing like a credential leaves', async () => {
		const packageJson = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { n8n: { nodes: string[] } };
		const methods: Array<[string, (this: unknown) => Promise<unknown>]> = [];
		for (const dist of packageJson.n8n.nodes) {
			const module = require(join(__dirname, '../..', dist.replace(/^dist\//, '').replace(/\.js$/, ''))) as Record<string, new () => INodeType>;
			const NodeClass = Object.values(module).find((value) => typeof value === 'function' && 'prototype' in value && 'description' in new value())!;
			const node = new NodeClass() as unknown as Record<string, unknown>;
			const name = (node.description as { name: string }).name;
			for (const key of ['execute', 'trigger', 'webhook', 'poll']) if (typeof node[key] === 'function') methods.push([`${name}.${key}`, node[key] as never]);
			for (const [group, entries] of Object.entries((node.webhookMethods ?? {}) as Record<string, Record<string, never>>)) for (const [key, fn] of Object.entries(entries)) methods.push([`${name}.webhookMethods.${group}.${key}`, fn]);
			for (const [group, entries] of Object.entries((node.methods ?? {}) as Record<string, Record<string, never>>)) for (const [key, fn] of Object.entries(entries)) methods.push([`${name}.methods.${group}.${key}`, fn]);
		}
		expect(methods.length).toBeGreaterThan(10);
		// An n8n context whose every call fails with an error that quotes the request's credentials.
		const hostile = new Proxy({}, {
			get: (_target, key) => (key === 'logger' || key === 'emitError' || key === 'saveFailedExecution' || key === 'then' ? undefined : () => {
				throw new Error(`n8n failed: ${ECHO}`);
			}),
		});
		for (const [name, method] of methods) {
			const error = (await Promise.resolve().then(() => method.call(hostile)).then(() => undefined, (e: unknown) => e)) as Error | undefined;
			expect([name, error instanceof Error]).toEqual([name, true]);
			for (const leak of LEAKS) expect([name, `${error!.message} ${error!.stack}`.includes(leak)]).toEqual([name, false]);
		}
	});
});
