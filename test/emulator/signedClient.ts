/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Test helper: raw HTTP calls to the emulator, signed with the independent `oauth-1.0a` package
 * (never with the emulator's own verifier code), as in emulator.test.ts.
 */
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { request } from 'undici';
import type { XEmulator } from './index';
import { startEmulator } from './index';
import { percentEncode } from './oauth1';

export interface Reply {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	json: any;
}

export type EmulatorUser = XEmulator['users'][number];

export interface SignedOptions {
	/** Default users[0]; null signs without a token. */
	user?: EmulatorUser | null;
	/** Form body (signed). */
	form?: Record<string, string>;
	/** JSON body (not signed), sent as application/json unless contentType says otherwise. */
	json?: unknown;
	/** Raw body with this Content-Type (not signed unless form-encoded); bytes for multipart uploads. */
	body?: string | Buffer;
	contentType?: string;
}

export async function call(method: string, url: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Reply> {
	const r = await request(url, { method: method as 'GET', headers, body });
	const text = await r.body.text();
	return { status: r.statusCode, headers: r.headers, json: text ? JSON.parse(text) : undefined };
}

/** A signer bound to a running emulator (a getter, as tests start it in beforeAll). */
export function signedClient(emulator: () => XEmulator) {
	const authHeader = (method: string, url: string, user: EmulatorUser | null, form?: Record<string, string>) => {
		const emu = emulator();
		const oauth = new OAuth({
			consumer: { key: emu.app.consumerKey, secret: emu.app.consumerSecret },
			signature_method: 'HMAC-SHA1',
			hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
		});
		const token = user ? { key: user.accessToken, secret: user.accessTokenSecret } : undefined;
		return oauth.toHeader(oauth.authorize({ url, method, data: form }, token)).Authorization;
	};

	return async function signed(method: string, url: string, opts: SignedOptions = {}): Promise<Reply> {
		const user = opts.user === undefined ? emulator().users[0] : opts.user;
		const headers: Record<string, string> = { authorization: authHeader(method, url, user, opts.form) };
		let body: string | Buffer | undefined;
		if (opts.form) {
			headers['content-type'] = 'application/x-www-form-urlencoded';
			body = Object.entries(opts.form)
				.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
				.join('&');
		} else if (opts.json !== undefined) {
			headers['content-type'] = opts.contentType ?? 'application/json';
			body = JSON.stringify(opts.json);
		} else if (opts.body !== undefined) {
			if (opts.contentType) headers['content-type'] = opts.contentType;
			body = opts.body;
		}
		return call(method, url, headers, body);
	};
}

/** A query string from plain values. */
export const qs = (params: Record<string, string | number | boolean>) =>
	'?' + new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** An Ads error answer: status, X's code and (when given) the parameter it names. */
export function expectAdsError(reply: { status: number; json: any }, status: number, code: string, parameter?: string) {
	expect(reply.status).toBe(status);
	expect(reply.json.errors[0].code).toBe(code);
	if (parameter) expect(reply.json.errors[0].parameter).toBe(parameter);
}

/**
 * The emulator suites' set-up, in one place: one emulator per test file, reset before each test,
 * with a signer bound to it and the seeded fixtures' look-ups.
 */
export function emulatorSuite() {
	let current: XEmulator | undefined;
	const emu = () => {
		if (!current) throw new Error('the emulator starts in beforeAll: use it inside tests and hooks');
		return current;
	};
	beforeAll(async () => {
		current = await startEmulator();
	});
	afterAll(async () => current?.close());
	beforeEach(() => emu().control.reset());
	const fx = () => emu().control.fixtures().production;
	const sfx = () => emu().control.fixtures().sandbox;
	return {
		emu,
		signed: signedClient(emu),
		fx,
		sfx,
		/** A URL under the seeded production account, e.g. account('/cards'). */
		account: (path = '') => `${emu().urls.ads}/12/accounts/${fx().accountId}${path}`,
		sandboxAccount: (path = '') => `${emu().urls.adsSandbox}/12/accounts/${sfx().accountId}${path}`,
	};
}
