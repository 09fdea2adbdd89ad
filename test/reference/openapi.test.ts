/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The emulator's /2 routes against X's openapi.json: every route the emulator registers is called
 * (its answers, good and bad, validated against the operation's response schema), non-conforming
 * requests get X's 400 problem naming the field, a non-conforming answer becomes a loud 500, and the
 * nodes' activity enumerations are the schema's.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { DIRECTION_REFUSED_KINDS, DIRECTIONAL_KINDS, DIRECTIONS, EVENT_KINDS, KIND_ALIASES, PRIVATE_KINDS } from '../../nodes/shared/v2/activitySubscription';
import type { RequestContext } from '../emulator/http';
import { startEmulator, type XEmulator } from '../emulator/index';
import { Router } from '../emulator/router';
import { signedClient } from '../emulator/signedClient';
import { mediaFile } from '../fixtures/mediaFiles';
import { activityDirections, activityEventTypes, activityStreamLineProblems, conformV2, filteredStreamLineProblems, directionalActivityKinds, directionRefusedKinds, privateActivityKinds, v2Operation, v2RequestProblems, v2ResponseProblems } from './openapi';

let emu: XEmulator;
let receiver: Server;
let receiverUrl: string;
const registered: Array<[string, string]> = [];
const exercised = new Set<string>();

beforeAll(async () => {
	// Record every route the emulator registers while it builds its router.
	const add = Router.prototype.add;
	jest.spyOn(Router.prototype, 'add').mockImplementation(function (this: Router, method, bases, pattern, handler, auth) {
		registered.push([method.toUpperCase(), pattern]);
		return add.call(this, method, bases, pattern, handler, auth);
	});
	emu = await startEmulator();
	jest.restoreAllMocks();
	receiver = createServer((req, res) => {
		const token = new URL(req.url ?? '/', 'http://x').searchParams.get('crc_token');
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(token ? JSON.stringify({ response_token: `sha256=${createHmac('sha256', emu.app.consumerSecret).update(token).digest('base64')}` }) : '{}');
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/x`;
});
afterAll(async () => {
	await new Promise<void>((resolve) => receiver.close(() => resolve()));
	await emu.close();
});

let bearer: string;
beforeEach(async () => {
	emu.control.reset();
	emu.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true, maxWebhooks: 2 });
	const basic = Buffer.from(`${encodeURIComponent(emu.app.consumerKey)}:${encodeURIComponent(emu.app.consumerSecret)}`).toString('base64');
	const r = await fetch(`${emu.urls.api}/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
	bearer = ((await r.json()) as { access_token: string }).access_token;
});

/** Calls a /2 route with the bearer token and checks the answer against the operation's responses. */
async function call(method: string, pattern: string, path: string, body?: unknown, token = bearer): Promise<{ status: number; json: any }> {
	const r = await fetch(`${emu.urls.api}${path}`, {
		method,
		headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const json = await r.json();
	expect({ route: `${method} ${pattern}`, status: r.status, problems: v2ResponseProblems(method, pattern, r.status, json) }).toEqual({ route: `${method} ${pattern}`, status: r.status, problems: [] });
	expect(r.status).not.toBe(500);
	exercised.add(`${method} ${pattern}`);
	return { status: r.status, json };
}

describe('every /2 route the emulator serves answers as openapi.json describes', () => {
	it('webhooks and activity subscriptions, good and refused requests', async () => {
		const user = emu.users[0].userId;
		expect((await call('GET', '/2/webhooks', '/2/webhooks')).status).toBe(200);
		const hook = await call('POST', '/2/webhooks', '/2/webhooks', { url: receiverUrl });
		expect(hook.status).toBe(200);
		const id = hook.json.data.id as string;
		expect((await call('POST', '/2/webhooks', '/2/webhooks', { url: receiverUrl })).status).toBe(409);
		expect((await call('POST', '/2/webhooks', '/2/webhooks', { url: 'http://example.com:8080/x' })).status).toBe(400);
		expect((await call('POST', '/2/webhooks', '/2/webhooks', { url: '' })).status).toBe(400);
		expect((await call('GET', '/2/webhooks', '/2/webhooks')).json.data).toHaveLength(1);
		expect((await call('PUT', '/2/webhooks/:webhook_id', `/2/webhooks/${id}`)).status).toBe(200);
		expect((await call('PUT', '/2/webhooks/:webhook_id', '/2/webhooks/42')).status).toBe(404);
		expect((await call('PUT', '/2/webhooks/:webhook_id', '/2/webhooks/abc')).status).toBe(400);
		const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 12);
		const now = Date.now();
		expect((await call('POST', '/2/webhooks/replay', '/2/webhooks/replay', { webhook_id: id, from_date: stamp(now - 3_600_000), to_date: stamp(now) })).status).toBe(200);
		expect((await call('POST', '/2/webhooks/replay', '/2/webhooks/replay', { webhook_id: id, from_date: stamp(now - 3_600_000) })).status).toBe(400);
		expect((await call('POST', '/2/webhooks/replay', '/2/webhooks/replay', { webhook_id: '42', from_date: stamp(now - 3_600_000), to_date: stamp(now) })).status).toBe(404);

		const created = await call('POST', '/2/activity/subscriptions', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: user }, webhook_id: id, tag: 't' });
		expect(created.status).toBe(200);
		const sid = created.json.data.subscription.subscription_id as string;
		expect((await call('POST', '/2/activity/subscriptions', '/2/activity/subscriptions', { event_type: 'MessageCreate', filter: { user_id: user } })).status).toBe(400);
		expect((await call('POST', '/2/activity/subscriptions', '/2/activity/subscriptions', { event_type: 'dm.sent', filter: { user_id: user } })).status).toBe(403);
		expect((await call('POST', '/2/activity/subscriptions', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: user }, webhook_id: '42' })).status).toBe(404);
		await call('POST', '/2/activity/subscriptions', '/2/activity/subscriptions', { event_type: 'post.delete', filter: { user_id: user } });
		const page = await call('GET', '/2/activity/subscriptions', '/2/activity/subscriptions?max_results=1');
		expect(page.json.meta.next_token).toBeDefined();
		await call('GET', '/2/activity/subscriptions', `/2/activity/subscriptions?max_results=1&pagination_token=${page.json.meta.next_token}`);
		expect((await call('GET', '/2/activity/subscriptions', '/2/activity/subscriptions?max_results=abc')).status).toBe(400);
		expect((await call('PUT', '/2/activity/subscriptions/:subscription_id', `/2/activity/subscriptions/${sid}`, { tag: 'u' })).status).toBe(200);
		expect((await call('PUT', '/2/activity/subscriptions/:subscription_id', '/2/activity/subscriptions/42', { tag: 'u' })).status).toBe(404);
		expect((await call('PUT', '/2/activity/subscriptions/:subscription_id', `/2/activity/subscriptions/${sid}`, { tag: '' })).status).toBe(400);
		expect((await call('DELETE', '/2/activity/subscriptions/:subscription_id', `/2/activity/subscriptions/${sid}`)).status).toBe(200);
		expect((await call('DELETE', '/2/activity/subscriptions/:subscription_id', `/2/activity/subscriptions/${sid}`)).status).toBe(404);
		expect((await call('DELETE', '/2/activity/subscriptions', `/2/activity/subscriptions?ids=${sid},1`)).status).toBe(200);
		expect((await call('DELETE', '/2/activity/subscriptions', '/2/activity/subscriptions?ids=x')).status).toBe(400);
		expect((await call('DELETE', '/2/webhooks/:webhook_id', `/2/webhooks/${id}`)).status).toBe(200);
		expect((await call('DELETE', '/2/webhooks/:webhook_id', `/2/webhooks/${id}`)).status).toBe(404);
	});

	it('Account Activity, filtered-stream rules and links, connections, users/me', async () => {
		const user = emu.users[0];
		const hook = await call('POST', '/2/webhooks', '/2/webhooks', { url: receiverUrl });
		const id = hook.json.data.id as string;
		// Subscribing and validating need the user's context: the App's bearer token is refused.
		expect((await call('POST', '/2/account_activity/webhooks/:webhook_id/subscriptions/all', `/2/account_activity/webhooks/${id}/subscriptions/all`, {})).status).toBe(403);
		const oauth2 = emu.control.issueOAuth2Token(0, ['tweet.read', 'users.read', 'dm.read', 'dm.write', 'offline.access']);
		const asUser = (method: string, pattern: string, path: string, body?: unknown, token = oauth2.access_token) => call(method, pattern, path, body, token);
		expect((await asUser('POST', '/2/account_activity/webhooks/:webhook_id/subscriptions/all', `/2/account_activity/webhooks/${id}/subscriptions/all`, {})).json).toEqual({ data: { subscribed: true } });
		expect((await asUser('GET', '/2/account_activity/webhooks/:webhook_id/subscriptions/all', `/2/account_activity/webhooks/${id}/subscriptions/all`)).json).toEqual({ data: { subscribed: true } });
		const narrow = emu.control.issueOAuth2Token(0, ['tweet.read']).access_token;
		expect((await asUser('GET', '/2/account_activity/webhooks/:webhook_id/subscriptions/all', `/2/account_activity/webhooks/${id}/subscriptions/all`, undefined, narrow)).status).toBe(403);
		expect((await asUser('GET', '/2/users/me', '/2/users/me')).json.data).toMatchObject({ id: user.userId });
		expect((await call('GET', '/2/users/me', '/2/users/me')).status).toBe(403);
		expect((await call('GET', '/2/account_activity/webhooks/:webhook_id/subscriptions/all/list', `/2/account_activity/webhooks/${id}/subscriptions/all/list`)).json.data.subscriptions).toEqual([{ user_id: user.userId }]);
		expect((await call('GET', '/2/account_activity/subscriptions/count', '/2/account_activity/subscriptions/count')).json.data.subscriptions_count_all).toBe('1');
		expect((await call('DELETE', '/2/account_activity/webhooks/:webhook_id/subscriptions/:user_id/all', `/2/account_activity/webhooks/${id}/subscriptions/${user.userId}/all`)).json).toEqual({ data: { subscribed: false } });
		expect((await call('DELETE', '/2/account_activity/webhooks/:webhook_id/subscriptions/:user_id/all', `/2/account_activity/webhooks/${id}/subscriptions/${user.userId}/all`)).status).toBe(404);

		const added = await call('POST', '/2/tweets/search/stream/rules', '/2/tweets/search/stream/rules', { add: [{ value: 'acme -is:retweet', tag: 'brand' }, { value: 'shoes' }] });
		expect(added.json.meta.summary).toMatchObject({ created: 2, not_created: 0 });
		expect((await call('POST', '/2/tweets/search/stream/rules', '/2/tweets/search/stream/rules', { add: [{ value: 'shoes' }] })).json.errors[0]).toMatchObject({ title: 'DuplicateRule' });
		expect((await call('POST', '/2/tweets/search/stream/rules', '/2/tweets/search/stream/rules?dry_run=true', { add: [{ value: 'boots' }] })).json.meta.summary).toMatchObject({ created: 0, valid: 1 });
		expect((await call('POST', '/2/tweets/search/stream/rules', '/2/tweets/search/stream/rules', { add: [{ value: 'x', extra: 1 }] })).status).toBe(400);
		const page = await call('GET', '/2/tweets/search/stream/rules', '/2/tweets/search/stream/rules?max_results=1');
		await call('GET', '/2/tweets/search/stream/rules', `/2/tweets/search/stream/rules?max_results=1&pagination_token=${page.json.meta.next_token}`);
		expect((await call('GET', '/2/tweets/search/stream/rules', `/2/tweets/search/stream/rules?ids=${added.json.data[1].id}`)).json.data).toHaveLength(1);
		expect((await call('GET', '/2/tweets/search/stream/rules/counts', '/2/tweets/search/stream/rules/counts')).json.data.project_rules_count).toBe('2');
		expect((await call('POST', '/2/tweets/search/stream/rules', '/2/tweets/search/stream/rules', { delete: { ids: [added.json.data[0].id] } })).json.meta.summary).toEqual({ deleted: 1, not_deleted: 0 });
		expect((await call('POST', '/2/tweets/search/stream/rules', '/2/tweets/search/stream/rules?delete_all=true', {})).json.meta.summary).toEqual({ deleted: 1, not_deleted: 0 });
		expect((await call('POST', '/2/tweets/search/webhooks/:webhook_id', `/2/tweets/search/webhooks/${id}`)).json).toEqual({ data: { provisioned: true } });
		expect((await call('GET', '/2/tweets/search/webhooks', '/2/tweets/search/webhooks')).json.data).toEqual([expect.objectContaining({ webhook_id: id })]);
		expect((await call('DELETE', '/2/tweets/search/webhooks/:webhook_id', `/2/tweets/search/webhooks/${id}`)).json).toEqual({ data: { deleted: true } });
		expect((await call('DELETE', '/2/tweets/search/webhooks/:webhook_id', `/2/tweets/search/webhooks/${id}`)).status).toBe(404);

		const stale = emu.control.addStaleStreamConnection();
		emu.control.addStaleStreamConnection();
		const history = await call('GET', '/2/connections', '/2/connections?status=all&max_results=1&connection.fields=endpoint_name,connected_at');
		expect(history.json.data[0]).toEqual({ id: stale, endpoint_name: 'activity_stream', connected_at: expect.any(String) });
		await call('GET', '/2/connections', `/2/connections?status=all&pagination_token=${history.json.meta.next_token}`);
		expect((await call('GET', '/2/connections', '/2/connections?endpoints=nope')).status).toBe(400);
		expect((await call('DELETE', '/2/connections', '/2/connections', { uuids: [stale, 'gone'] })).json.data).toMatchObject({ successful_kills: 1, failed_kills: 1 });
		expect((await call('DELETE', '/2/connections', '/2/connections', { uuids: [] })).status).toBe(400);
		expect((await call('DELETE', '/2/connections/:endpoint_id', '/2/connections/filtered_stream')).json.data).toMatchObject({ successful_kills: 0 });
		expect((await call('DELETE', '/2/connections/all', '/2/connections/all')).json.data).toMatchObject({ successful_kills: 1, failed_kills: 0 });
	});

	/**
	 * Opens a stream, sees a second connection refused with X's TooManyConnections (which openapi.json
	 * does not describe), emits an event, and reads until a keep-alive follows the first line.
	 */
	async function firstStreamLines(path: string, query: string, emit: () => Promise<unknown>): Promise<string[]> {
		const abort = new AbortController();
		const r = await fetch(`${emu.urls.api}${path}${query}`, { headers: { authorization: `Bearer ${bearer}` }, signal: abort.signal });
		expect(r.status).toBe(200);
		exercised.add(`GET ${path}`);
		const second = await fetch(`${emu.urls.api}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
		expect({ status: second.status, body: await second.json() }).toEqual({ status: 429, body: expect.objectContaining({ connection_issue: 'TooManyConnections' }) });
		await emit();
		const reader = r.body!.getReader();
		let text = '';
		while (!/\r\n\r\n/.test(text.slice(text.indexOf('}')))) text += new TextDecoder().decode((await reader.read()).value);
		abort.abort();
		return text.split('\r\n').filter((l) => l !== '');
	}

	it('the activity stream: newline-delimited lines that conform, keep-alives, TooManyConnections while one is open', async () => {
		emu.control.setPlatformSettings({ keepAliveMs: 50 });
		await call('POST', '/2/activity/subscriptions', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: emu.users[0].userId } });
		const lines = await firstStreamLines('/2/activity/stream', '', () =>
			emu.control.emitActivity(emu.users[0].userId, 'post.create', { id: '1860000000000000001', text: 'hi', edit_history_tweet_ids: ['1860000000000000001'] }),
		);
		expect(lines).toHaveLength(1);
		expect(activityStreamLineProblems(JSON.parse(lines[0]))).toEqual([]);
		expect(JSON.parse(lines[0]).data).toMatchObject({ event_type: 'post.create', event_uuid: expect.stringMatching(/^\d{1,19}$/) });
		expect((await call('GET', '/2/activity/stream', '/2/activity/stream?backfill_minutes=6')).status).toBe(400);
	});

	it('the filtered stream: lines that conform (matching_rules, asked fields and expansions), keep-alives, TooManyConnections while one is open', async () => {
		emu.control.setPlatformSettings({ keepAliveMs: 50 });
		const rule = emu.control.addStreamRule({ value: 'acme', tag: 'brand' });
		const lines = await firstStreamLines('/2/tweets/search/stream', '?tweet.fields=author_id,created_at&expansions=author_id&user.fields=username', () =>
			emu.control.emitFilteredPost({ id: '1900000000000000001', text: 'acme news', author_id: emu.users[0].userId, created_at: '2026-01-01T00:00:00.000Z', lang: 'en' }),
		);
		expect(lines).toHaveLength(1);
		const line = JSON.parse(lines[0]);
		expect(filteredStreamLineProblems(line)).toEqual([]);
		// X's defaults (a user's: id, name, username) and the fields asked for; lang was not asked for.
		expect(line).toEqual({
			data: { id: '1900000000000000001', text: 'acme news', edit_history_tweet_ids: ['1900000000000000001'], author_id: emu.users[0].userId, created_at: '2026-01-01T00:00:00.000Z' },
			matching_rules: [{ id: rule.id, tag: 'brand' }],
			includes: { users: [{ id: emu.users[0].userId, name: emu.users[0].screenName, username: emu.users[0].screenName }] },
		});
		expect((await call('GET', '/2/tweets/search/stream', '/2/tweets/search/stream?backfill_minutes=6')).status).toBe(400);
		expect((await call('GET', '/2/tweets/search/stream', '/2/tweets/search/stream?tweet.fields=bogus')).status).toBe(400);
	});

	it('media upload (OAuth 1.0a user context): one-shot, initialize/append/finalize/status, metadata, and the refusals', async () => {
		const signed = signedClient(() => emu);
		const media = async (method: string, pattern: string, path: string, opts: Parameters<typeof signed>[2] = {}) => {
			const r = await signed(method, `${emu.urls.api}${path}`, opts);
			expect({ route: `${method} ${pattern}`, problems: v2ResponseProblems(method, pattern, r.status, r.json) }).toEqual({ route: `${method} ${pattern}`, problems: [] });
			expect(r.status).not.toBe(500);
			exercised.add(`${method} ${pattern}`);
			return r;
		};
		const boundary = 'b0undary';
		const multipart = (fields: Record<string, string>, bytes: Buffer) =>
			Buffer.concat([
				Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="f"\r\nContent-Type: application/octet-stream\r\n\r\n`),
				bytes,
				Buffer.from(Object.entries(fields).map(([k, v]) => `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}`).join('') + `\r\n--${boundary}--\r\n`),
			]);
		const contentType = `multipart/form-data; boundary=${boundary}`;
		const png = mediaFile({ kind: 'png', bytes: 4000, width: 640, height: 360 }).bytes;
		const one = await media('POST', '/2/media/upload', '/2/media/upload', { body: multipart({ media_category: 'tweet_image' }, png), contentType });
		expect(one.json.data).toMatchObject({ media_key: `3_${one.json.data.id}`, size: 4000, image: { w: 640, h: 360 } });
		expect((await media('POST', '/2/media/upload', '/2/media/upload', { body: multipart({ media_category: 'amplify_video' }, png), contentType })).status).toBe(400);
		expect((await media('POST', '/2/media/metadata', '/2/media/metadata', { json: { id: one.json.data.id, metadata: { alt_text: { text: 'a shoe' } } } })).json.data).toEqual({ id: one.json.data.id, associated_metadata: { alt_text: { text: 'a shoe' } } });

		const video = mediaFile({ kind: 'mp4', bytes: 3000 }).bytes;
		const init = await media('POST', '/2/media/upload/initialize', '/2/media/upload/initialize', { json: { media_category: 'amplify_video', media_type: 'video/mp4', total_bytes: 3000, additional_owners: ['783214'] } });
		const id = init.json.data.id as string;
		expect(init.json.data).toMatchObject({ media_key: `13_${id}`, expires_after_secs: 86400 });
		expect((await media('POST', '/2/media/upload/initialize', '/2/media/upload/initialize', { json: { media_category: 'tweet_gif', media_type: 'video/mp4', total_bytes: 3 } })).json.errors[0].parameters).toEqual({ media_type: ['video/mp4'] });
		expect((await media('POST', '/2/media/upload/initialize', '/2/media/upload/initialize', { json: { media_category: 'tweet_image', media_type: 'image/png', total_bytes: 6 * 1024 * 1024 } })).status).toBe(400);
		const append = (index: number, bytes: Buffer) => media('POST', '/2/media/upload/:id/append', `/2/media/upload/${id}/append`, { body: multipart({ segment_index: String(index) }, bytes), contentType });
		expect((await append(0, video.subarray(0, 1000))).json.data.expires_at).toBeGreaterThan(Date.now() / 1000);
		// The JSON form (media base64) is openapi's too.
		await media('POST', '/2/media/upload/:id/append', `/2/media/upload/${id}/append`, { json: { segment_index: 2, media: video.subarray(2000).toString('base64') } });
		expect((await append(1000, video.subarray(1000, 2000))).json.errors[0].parameters).toEqual({ segment_index: ['1000'] });
		expect((await media('POST', '/2/media/upload/:id/finalize', `/2/media/upload/${id}/finalize`)).json.detail).toMatch(/Segments 1 of upload \d+ were never appended/);
		expect((await append(1, video.subarray(1000, 2001))).status).toBe(400); // over total_bytes
		await append(1, video.subarray(1000, 2000));
		const done = await media('POST', '/2/media/upload/:id/finalize', `/2/media/upload/${id}/finalize`);
		expect(done.json.data).toMatchObject({ id, size: 3000, processing_info: { state: 'pending', check_after_secs: 1 } });
		const status = () => media('GET', '/2/media/upload', `/2/media/upload?media_id=${id}&command=STATUS`);
		expect((await status()).json.data.processing_info.state).toBe('pending'); // polled before check_after_secs
		emu.control.advanceClock(1000);
		expect((await status()).json.data.processing_info).toMatchObject({ state: 'in_progress', progress_percent: 50 });
		emu.control.advanceClock(1000);
		expect((await status()).json.data).toMatchObject({ processing_info: { state: 'succeeded', progress_percent: 100 }, video: { video_type: 'video/mp4' } });
		expect(emu.control.mediaUploads()[1]).toMatchObject({ additional_owners: ['783214'], processing: { earlyPolls: 1 } });
		expect((await media('GET', '/2/media/upload', '/2/media/upload?media_id=42&command=STATUS')).status).toBe(404);
		emu.control.expireMediaUpload(id);
		expect((await status()).json.detail).toMatch(/expired/);
		expect((await append(0, video.subarray(0, 1000))).status).toBe(400);
	});

	it('covered every /2 route the emulator registers (a new route needs a case above), each one in openapi.json', () => {
		// The OAuth 2.0 token pages are X's authentication guides, not openapi.json operations.
		const v2 = registered.filter(([, pattern]) => pattern.startsWith('/2/') && !pattern.startsWith('/2/oauth2/')).map(([method, pattern]) => `${method} ${pattern}`);
		expect(v2.length).toBeGreaterThanOrEqual(10);
		for (const route of v2) {
			const [method, pattern] = route.split(' ');
			expect({ route, inOpenApi: !!v2Operation(method, pattern) }).toEqual({ route, inOpenApi: true });
		}
		expect(v2.filter((r) => !exercised.has(r))).toEqual([]);
	});
});

describe('requests that do not conform get X\'s 400 invalid-request problem naming the field', () => {
	const parts = (method: string, pattern: string, body: unknown, query: Array<[string, string]> = [], pathParams: Record<string, string> = {}) => ({
		method,
		pattern,
		pathParams,
		query,
		contentType: 'application/json',
		rawBody: body === undefined ? '' : JSON.stringify(body),
		json: body,
	});

	it('names the failing field of the body, path and query (enum, required, additionalProperties, pattern, range)', () => {
		const create = (body: unknown) => v2RequestProblems(parts('POST', '/2/activity/subscriptions', body)).map((p) => p.parameter);
		expect(create({ event_type: 'post.create', filter: { user_id: '1' } })).toEqual([]);
		expect(create({ event_type: 'nope', filter: {} })).toEqual(['event_type']);
		expect(create({ filter: {} })).toEqual(['event_type']);
		expect(create({ event_type: 'post.create', filter: { direction: 'both' } })).toEqual(['filter.direction']);
		expect(create({ event_type: 'post.create', filter: {}, other: 1 })).toEqual(['other']);
		expect(create({ event_type: 'post.create', filter: {}, webhook_id: 'x1' })).toEqual(['webhook_id']);
		expect(v2RequestProblems(parts('DELETE', '/2/webhooks/:webhook_id', undefined, [], { webhook_id: '12a' })).map((p) => p.parameter)).toEqual(['webhook_id']);
		expect(v2RequestProblems(parts('GET', '/2/activity/subscriptions', undefined, [['max_results', '1001']])).map((p) => p.parameter)).toEqual(['max_results']);
		expect(v2RequestProblems(parts('GET', '/2/webhooks', undefined, [['webhook_config.fields', 'id,nope']])).map((p) => p.parameter)).toEqual(['webhook_config.fields']);
		expect(v2RequestProblems(parts('GET', '/2/webhooks', undefined, [['webhook_config.fields', 'id,url']]))).toEqual([]);
		expect(v2RequestProblems(parts('POST', '/2/webhooks', undefined)).map((p) => p.parameter)).toEqual(['body']);
	});
});

describe('an answer that does not conform is an emulator bug: 500 and a console error', () => {
	it('turns a handler\'s non-conforming answer into a 500 internal-error problem', async () => {
		const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
		const ctx = {
			base: 'api',
			method: 'DELETE',
			path: '/2/webhooks/1',
			pathParams: { webhook_id: '1' },
			query: [],
			headers: { authorization: `Bearer ${bearer}` },
			rawBody: '',
			json: undefined,
			store: emu.control.state(),
			now: Date.now(),
			user: null,
			accessToken: null,
		} as unknown as RequestContext;
		const answer = await conformV2(ctx, '/2/webhooks/:webhook_id', () => ({ status: 200, body: { data: { deleted: 'yes' } } }));
		expect(answer.status).toBe(500);
		expect(answer.body).toMatchObject({ type: 'https://api.x.com/2/problems/internal-error' });
		expect(errors.mock.calls[0][0]).toMatch(/DELETE \/2\/webhooks\/:webhook_id answered 200 with a body that does not conform to openapi.json/);
		const fine = await conformV2(ctx, '/2/webhooks/:webhook_id', () => ({ status: 200, body: { data: { deleted: true } } }));
		expect(fine.status).toBe(200);
		errors.mockRestore();
	});
});

describe('enumerations come from the reference', () => {
	it('the nodes\' activity kinds, private kinds, directional kinds and directions are the reference\'s', () => {
		const schemaKinds = activityEventTypes();
		expect([...EVENT_KINDS, ...Object.keys(KIND_ALIASES)].sort()).toEqual([...schemaKinds].sort());
		expect([...PRIVATE_KINDS].sort()).toEqual(privateActivityKinds().filter((k) => !(k in KIND_ALIASES)).sort());
		expect([...DIRECTIONAL_KINDS]).toEqual(directionalActivityKinds());
		expect([...DIRECTION_REFUSED_KINDS]).toEqual(directionRefusedKinds());
		expect(directionRefusedKinds()).toEqual(['mute.mute', 'mute.unmute', 'block.block', 'block.unblock']);
		expect([...DIRECTIONS]).toEqual(activityDirections());
		// The reference's own words, so a misread page shows here.
		expect(privateActivityKinds()).toEqual(expect.arrayContaining(['dm.received', 'chat.sent', 'like.create', 'mute.mute', 'block.unblock', 'post.mention.create', 'broadcast.chat']));
		expect(privateActivityKinds()).not.toContain('post.create');
		expect(directionalActivityKinds()).toEqual(['like.create']);
	});
});
