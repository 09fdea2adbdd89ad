/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * X Webhooks "Webhook > Create" in real n8n (X's authentication and webhook docs) against a real webhook consumer:
 * test/engine/webhookReceiver.ts, an https server on a random 127.x.y.z address, port 443 (X
 * refuses URLs with a port), self-signed certificate that the emulator trusts (trustedCaPem); the
 * emulator accepts loopback hosts only with allowHttpLoopbackCallbacks. X's CRC is the emulator's
 * real GET ?crc_token=... to the receiver, answered with the HMAC of the App's secret.
 *
 * One Create node, seven items from a Code node, On Error: Continue (the App may hold one webhook,
 * the emulator's default):
 *  0. the receiver's /hooks/wrong (answers a wrong response_token) -> X's 400 CrcValidationFailed
 *  1. the receiver's /hooks/good             -> created, valid, after one CRC GET with a valid token
 *  2. the same URL again                     -> X's 409 DuplicateUrlFailed, with the list-and-reuse hint
 *  3. the receiver's /hooks/second           -> X's 403 WebhookLimitExceeded (no CRC made)
 *  4. https://10.20.30.40/hooks/private      -> X's 400 UrlValidationFailed (not publicly reachable)
 *  5. https://127.0.0.1:8443/hooks/a         -> refused by the node before sending (a port)
 *  6. http://<receiver>/hooks/plain          -> refused by the node before sending (not https)
 * Then Get Many lists exactly the one webhook. The credential's bearer token is issued once
 * (POST /oauth2/token with the App's keys) and used for every call.
 *
 * This file also exports the helpers of the other X Webhooks cases (69-75) and 79-xoauth-bearer-token.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { startWebhookReceiver, type WebhookReceiver } from '../../engine/webhookReceiver';
import { chain, code } from '../workflows';

export const X_WEBHOOKS = 'n8n-nodes-x-ads.xWebhooks';

const receivers = new Map<string, Promise<WebhookReceiver>>();

/**
 * The webhook consumer of this run (one per App secret, started on first use and left running: the
 * runner exits the process), reset, and the emulator set to accept and trust it.
 */
export async function webhookReceiver(ctx: CaseContext): Promise<WebhookReceiver> {
	const emulator = ctx.emulator!;
	const secret = emulator.app.consumerSecret;
	if (!receivers.has(secret)) receivers.set(secret, startWebhookReceiver(secret));
	const receiver = await receivers.get(secret)!;
	receiver.reset();
	emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true, trustedCaPem: receiver.certificate });
	return receiver;
}

/** The App's bearer token, the way X issues it (Basic auth with the API key and secret). */
export async function appBearer(ctx: CaseContext): Promise<string> {
	const { app, urls } = ctx.emulator!;
	const basic = Buffer.from(`${encodeURIComponent(app.consumerKey)}:${encodeURIComponent(app.consumerSecret)}`).toString('base64');
	const res = await fetch(`${urls.api}/oauth2/token`, {
		method: 'POST',
		headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
		body: 'grant_type=client_credentials',
	});
	const body = (await res.json()) as { access_token?: string };
	if (res.status !== 200 || !body.access_token) throw new Error(`oauth2/token answered ${res.status}: ${JSON.stringify(body)}`);
	return body.access_token;
}

/** A call to X's v2 API with the App's bearer token (set-up outside n8n); throws unless 2xx. */
export async function appCall<T = any>(ctx: CaseContext, method: string, path: string, body?: unknown): Promise<T> {
	const res = await fetch(`${ctx.emulator!.urls.api}${path}`, {
		method,
		headers: { authorization: `Bearer ${await appBearer(ctx)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers a webhook for the receiver's path (X runs the CRC); returns X's record. */
export async function registerWebhook(ctx: CaseContext, receiver: WebhookReceiver, path: string): Promise<{ id: string; url: string; valid: boolean }> {
	return (await appCall(ctx, 'POST', '/2/webhooks', { url: receiver.url(path) })).data;
}

/** An X Webhooks node with the case's xAppOnlyApi credential '@app'. */
export function xWebhooks(name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput'; executeOnce?: boolean } = {}) {
	return {
		name,
		type: X_WEBHOOKS,
		typeVersion: 1,
		parameters,
		credentials: { xAppOnlyApi: '@app' },
		...(opts.onError ? { onError: opts.onError } : {}),
		...(opts.executeOnce ? { executeOnce: true } : {}),
	};
}

let receiver: WebhookReceiver | undefined;

export default defineCase({
	name: 'X Webhooks: webhook create with X\'s real CRC, and every failure reason (X\'s five, the node\'s URL rules); then get many',
	credentials: { app: { type: 'xAppOnlyApi' } },
	timeoutMs: 60_000,
	setup: async (ctx) => {
		receiver = await webhookReceiver(ctx);
		receiver.setMode('/hooks/wrong', 'wrong');
	},
	workflow: () =>
		chain(
			code('URLs', [
				{ url: receiver!.url('/hooks/wrong') },
				{ url: receiver!.url('/hooks/good') },
				{ url: receiver!.url('/hooks/good') },
				{ url: receiver!.url('/hooks/second') },
				{ url: 'https://10.20.30.40/hooks/private' },
				{ url: 'https://127.0.0.1:8443/hooks/a' },
				{ url: `http://${receiver!.host}/hooks/plain` },
			]),
			xWebhooks('Create', { resource: 'webhook', operation: 'create', url: '={{ $json.url }}' }, { onError: 'continueRegularOutput' }),
			xWebhooks('List', { resource: 'webhook', operation: 'getAll' }, { executeOnce: true }),
		),
	expect: {
		executedNodes: ['Start', 'URLs', 'Create', 'List'],
		outputs: {
			Create: {
				itemCount: 7,
				items: [
					{ error: /^X answered 400 CrcValidationFailed: .*response_token did not match/, description: /^POST \/2\/webhooks\. X's CRC check of the URL failed: .*within 3 seconds.*validate again\.$/, httpCode: '400' },
					{ id: /^[0-9]{1,19}$/, valid: true, created_at: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, error: undefined },
					{
						error: /^X answered 409 DuplicateUrlFailed/,
						description: 'POST /2/webhooks. The App already has a webhook with this URL: list the webhooks and reuse (or delete) that one.',
						httpCode: '409',
					},
					{ error: /^X answered 403 WebhookLimitExceeded/, description: /delete one it no longer needs/, httpCode: '403' },
					{ error: /^X answered 400 UrlValidationFailed: .*publicly reachable/, description: /public https URL without a port.*WEBHOOK_URL/, httpCode: '400' },
					{ error: /^Item 5: URL \(url\) must not contain a port/, description: /^Nothing was sent to X for this item/ },
					{ error: /^Item 6: URL \(url\) must use https/, description: /^Nothing was sent to X for this item/ },
				],
			},
			List: { itemCount: 1, items: [{ valid: true }] },
		},
		emulator: {
			requests: [
				{ method: 'POST', base: 'api', path: '/oauth2/token', status: 200, count: 1 },
				{ method: 'POST', base: 'api', path: '/2/webhooks', status: 200, headers: { authorization: 'Bearer', 'content-type': /^application\/json/ }, count: 1 },
				{ method: 'POST', base: 'api', path: '/2/webhooks', status: 400, count: 2 },
				{ method: 'POST', base: 'api', path: '/2/webhooks', status: 409, count: 1 },
				{ method: 'POST', base: 'api', path: '/2/webhooks', status: 403, count: 1 },
				{ method: 'GET', base: 'api', path: '/2/webhooks', status: 200, count: 1 },
			],
			requestCount: 7,
		},
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		const created = ex.output('Create')[1];
		assertMatch(created.url, receiver!.url('/hooks/good'), 'created URL');
		assertMatch(ex.output('List'), [{ id: created.id, url: created.url, valid: true, created_at: created.created_at }], 'listed webhook');
		assertMatch(ex.items('Create').map((i) => i.pairedItem), [0, 1, 2, 3, 4, 5, 6].map((item) => ({ item })), 'pairedItem');
		// X's CRC reached the receiver for the wrong and the good path only, each with a valid token.
		assertMatch(receiver!.crcRequests.map((c) => [c.path, c.tokenValid]), [['/hooks/wrong', true], ['/hooks/good', true]], 'CRC GETs at the receiver');
		const creates = result.requests.filter((r) => r.path === '/2/webhooks' && r.method === 'POST').map((r) => JSON.parse(r.body).url);
		assertMatch(
			creates,
			[receiver!.url('/hooks/wrong'), receiver!.url('/hooks/good'), receiver!.url('/hooks/good'), receiver!.url('/hooks/second'), 'https://10.20.30.40/hooks/private'],
			'create bodies: the two refused URLs were not sent',
		);
		assertMatch(ctx.emulator!.control.state().webhooks.map((w: { url: string }) => w.url), [receiver!.url('/hooks/good')], 'webhooks in the emulator');
	},
});
