/**
 * The credential's signatures against the emulator's own, independent OAuth 1.0a verifier: the
 * requests n8n would send, with reserved characters, unicode, duplicate keys, form and JSON bodies.
 * An unknown route answers 404 after a good signature and 401 code 32 after a bad one.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import type { XEmulator } from '../emulator';
import { startEmulator } from '../emulator';

let emulator: XEmulator;
beforeAll(async () => {
	emulator = await startEmulator();
});
afterAll(async () => emulator.close());

async function send(options: IHttpRequestOptions, tamper?: (url: string) => string) {
	const user = emulator.users[0];
	const signed = await new XOAuth1Api().authenticate(
		{
			consumerKey: emulator.app.consumerKey,
			consumerSecret: emulator.app.consumerSecret,
			accessToken: user.accessToken,
			accessTokenSecret: user.accessTokenSecret,
		},
		options,
	);
	const url = tamper ? tamper(signed.url) : signed.url;
	const body = typeof signed.body === 'string' ? signed.body : signed.body ? JSON.stringify(signed.body) : undefined;
	const response = await fetch(url, { method: signed.method, headers: signed.headers as Record<string, string>, body });
	return { status: response.status, body: (await response.json()) as { errors?: Array<{ code: unknown }> } };
}

describe('the emulator accepts what the credential signs', () => {
	it('GET with reserved characters, unicode and duplicate keys', async () => {
		const result = await send({
			method: 'GET',
			url: `${emulator.urls.ads}/12/accounts?q=Acme`,
			// Only names X's reference lists for GET accounts (the emulator refuses others); q twice.
			qs: { sort_by: 'name-asc', account_ids: ['x1', 'x2'], q: "!*'() ~ café ☃ 100% a+b=c&d" },
		});
		expect(result.status).toBe(200);
	});

	it('PUT with a form-urlencoded body (body parameters signed)', async () => {
		const list = await send({ method: 'GET', url: `${emulator.urls.ads}/12/accounts`, qs: { count: 1 } });
		const id = (list.body as unknown as { data: Array<{ id: string }> }).data[0].id;
		const result = await send({
			method: 'PUT',
			url: `${emulator.urls.ads}/12/accounts/${id}`,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: { name: 'Form & Co – ünïcode' },
		});
		expect(result.status).toBe(200);
		expect((result.body as unknown as { data: { name: string } }).data.name).toBe('Form & Co – ünïcode');
	});

	it('POST with a JSON body (never signed) reaches routing', async () => {
		const result = await send({
			method: 'POST',
			url: `${emulator.urls.ads}/12/no_such_route`,
			qs: { dup: ['1', '1'] },
			headers: { 'Content-Type': 'application/json' },
			body: { targeting_criteria: [{ targeting_type: 'LOCATION', targeting_value: 'x' }] },
		});
		expect(result.status).toBe(404);
	});

	it('rejects a tampered query with 401 code 32', async () => {
		const result = await send(
			{ method: 'GET', url: `${emulator.urls.ads}/12/accounts`, qs: { count: 1 } },
			(url) => url.replace('count=1', 'count=2'),
		);
		expect(result.status).toBe(401);
		expect(result.body.errors?.[0].code).toBe(32);
	});
});
