/**
 * X Webhooks > Account Activity Subscription through n8n-core's engine against the emulator: a user
 * subscribes in their own context (X OAuth 1.0a or X OAuth 2.0), the App lists, counts and removes
 * with its bearer token; without a user credential nothing is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { engineSuite } from './env';
import { served, triggerHarness, triggerWorkflow } from './triggerSources';

const env = engineSuite();
const aa = (operation: string, fields: IDataObject = {}, settings: { userContext?: boolean | 'oauth2'; continueOnFail?: boolean } = {}) =>
	env.webhooks({ resource: 'accountActivity', operation, ...fields }, [{}], settings);

let webhookId: string;
beforeEach(async () => {
	env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
	// A webhook the App has (registered straight in the emulator's store: CRC is not what these tests are about).
	webhookId = '1600000000000000001';
	(env.emulator.control.state().webhooks as unknown as Array<Record<string, unknown>>).push({ id: webhookId, url: 'https://example.com/x', valid: true, created_at: new Date().toISOString() });
});

const user = () => env.emulator.users[0].userId;
const calls = (path: string) => env.emulator.control.requests().filter((r) => r.path.startsWith(path));

describe('Account Activity subscriptions', () => {
	it('subscribes the OAuth 1.0a credential\'s user, validates, lists, counts and deletes', async () => {
		const sub = await aa('subscribe', { webhookId }, { userContext: true });
		expect(sub.error).toBeUndefined();
		expect(sub.output()[0].json).toEqual({ webhook_id: webhookId, subscribed: true });
		const post = calls('/2/account_activity').find((r) => r.method === 'POST')!;
		expect(post.headers.authorization).toBe('OAuth');
		expect(post.body).toBe('{}');
		expect(env.emulator.control.accountActivitySubscriptions()).toEqual([expect.objectContaining({ webhookId, userId: user() })]);

		expect((await aa('validate', { webhookId }, { userContext: true })).output()[0].json).toEqual({ webhook_id: webhookId, subscribed: true });
		const listed = await aa('getAll', { webhookId, returnAll: true });
		expect(listed.output().map((i) => i.json)).toEqual([{ user_id: user(), webhook_id: webhookId, webhook_url: 'https://example.com/x', application_id: expect.stringMatching(/^\d+$/) }]);
		expect((await aa('getCount')).output()[0].json).toMatchObject({ subscriptions_count_all: '1', provisioned_count: '15' });
		const removed = await aa('delete', { webhookId, userId: user() });
		expect(removed.output()[0].json).toEqual({ webhook_id: webhookId, user_id: user(), subscribed: false });
		expect(calls('/2/account_activity').find((r) => r.method === 'DELETE')!.headers.authorization).toBe('Bearer');
		expect((await aa('validate', { webhookId }, { userContext: true })).output()[0].json).toEqual({ webhook_id: webhookId, subscribed: false });
	});

	it('subscribes with the X OAuth 2.0 credential (a Bearer user token, not the App\'s)', async () => {
		const sub = await aa('subscribe', { webhookId }, { userContext: 'oauth2' });
		expect(sub.error).toBeUndefined();
		expect(sub.output()[0].json).toEqual({ webhook_id: webhookId, subscribed: true });
		const post = calls('/2/account_activity').find((r) => r.method === 'POST')!;
		expect(post.headers.authorization).toBe('Bearer');
		expect(env.emulator.control.accountActivitySubscriptions()).toEqual([expect.objectContaining({ userId: user() })]);
	});

	it('refuses Subscribe and Validate without a user credential, before any request', async () => {
		for (const operation of ['subscribe', 'validate']) {
			const result = await aa(operation, { webhookId });
			expect(result.error?.message).toMatch(/Item 0: Credential .*X OAuth 1\.0a or X User OAuth2 credential/);
		}
		expect(calls('/2/account_activity')).toEqual([]);
	});

	it('refuses a malformed webhook or user ID before sending, and names X\'s 404 for an unknown subscription', async () => {
		expect((await aa('getAll', { webhookId: '12a', returnAll: true })).error?.message).toMatch(/Webhook ID \(webhook_id\).*1 to 19 digits/);
		expect((await aa('delete', { webhookId, userId: 'me' })).error?.message).toMatch(/User ID \(user_id\).*numeric X user ID/);
		expect(calls('/2/account_activity')).toEqual([]);
		const gone = await aa('delete', { webhookId, userId: '42' });
		expect((gone.error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('Limit cuts the list of subscribed users', async () => {
		await aa('subscribe', { webhookId }, { userContext: true });
		// The same user again: X's DuplicateSubscriptionFailed.
		const again = await aa('subscribe', { webhookId }, { userContext: 'oauth2' });
		expect(again.error).toMatchObject({ httpCode: '409' });
		expect(JSON.stringify(again.error)).toMatch(/DuplicateSubscriptionFailed/);
		const other = env.emulator.control.issueOAuth2Token(1, ['tweet.read', 'users.read', 'dm.read', 'dm.write']);
		await fetch(`${env.emulator.urls.api}/2/account_activity/webhooks/${webhookId}/subscriptions/all`, { method: 'POST', headers: { authorization: `Bearer ${other.access_token}`, 'content-type': 'application/json' }, body: '{}' });
		expect((await aa('getAll', { webhookId, returnAll: true })).output()).toHaveLength(2);
		expect((await aa('getAll', { webhookId, returnAll: false, limit: 1 })).output()).toHaveLength(1);
	});
});

describe('X Trigger, Account Activity source', () => {
	const cleanups: Array<() => Promise<unknown>> = [];
	afterEach(async () => {
		while (cleanups.length) await cleanups.pop()!();
	});

	for (const credential of ['xOAuth1Api', 'xOAuth2Api'] as const) {
		it(`registers the webhook, subscribes the ${credential} user, emits each direct message once, removes only what it created`, async () => {
			env.emulator.control.reset();
			env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
			const harness = triggerHarness(env.emulator);
			const target = triggerWorkflow({ source: 'accountActivity' }, credential);
			const server = await served(harness, target, cleanups);
			await harness.activate(target);
			const [hook] = env.emulator.control.state().webhooks;
			expect(env.emulator.control.accountActivitySubscriptions()).toEqual([expect.objectContaining({ webhookId: hook.id, userId: user() })]);

			const dm = { direct_message_events: [{ type: 'message_create', id: '1900000000000000001', message_create: { sender_id: '42', target: { recipient_id: user() }, message_data: { text: 'help, my order' } } }] };
			await env.emulator.control.emitAccountActivity(user(), dm);
			await env.emulator.control.emitAccountActivity(user(), dm); // X's retry: the same event again
			await server.settled();
			const emitted = server.executions.flatMap((e) => e.execution!.output().map((i) => i.json));
			expect(emitted).toEqual([expect.objectContaining({ event_type: 'MessageCreate', event_id: '1900000000000000001', for_user_id: user() })]);

			const result = await harness.deactivate(target);
			expect(result.error).toBeUndefined();
			expect(env.emulator.control.accountActivitySubscriptions()).toEqual([]);
			expect(env.emulator.control.state().webhooks).toEqual([]);
		});
	}

	it('Events offers Account Activity\'s own kinds: with MessageCreate chosen, direct messages start the workflow and likes are dropped', async () => {
		// Before, Events listed only the X Activity API's kinds: any choice but All Events dropped every direct message.
		const offered = new XTrigger().description.properties.find((p) => p.name === 'events' && p.displayOptions?.show?.source?.includes('accountActivity'));
		expect((offered?.options as Array<{ value: string }>).map((o) => o.value)).toEqual(expect.arrayContaining(['*', 'MessageCreate', 'favorite', 'follow', 'post.create']));
		env.emulator.control.reset();
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
		const harness = triggerHarness(env.emulator);
		const target = triggerWorkflow({ source: 'accountActivity', events: ['MessageCreate'] }, 'xOAuth1Api');
		const server = await served(harness, target, cleanups);
		await harness.activate(target);
		const dm = { direct_message_events: [{ type: 'message_create', id: '1900000000000000002', message_create: { sender_id: '42', target: { recipient_id: user() }, message_data: { text: 'is it in stock?' } } }] };
		await env.emulator.control.emitAccountActivity(user(), { favorite_events: [{ id: 'fav-90', created_at: 'Mon Jun 01 10:00:00 +0000 2026', favorited_status: { id_str: '1799' } }] });
		await env.emulator.control.emitAccountActivity(user(), dm);
		await server.settled();
		const emitted = server.executions.flatMap((e) => e.execution!.output().map((i) => i.json));
		expect(emitted).toEqual([expect.objectContaining({ event_type: 'MessageCreate', event_id: '1900000000000000002' })]);
		expect((await harness.deactivate(target)).error).toBeUndefined();
	});

	it('is refused before anything is created without a user credential', async () => {
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
		const harness = triggerHarness(env.emulator);
		const target = triggerWorkflow({ source: 'accountActivity' });
		await served(harness, target, cleanups);
		env.emulator.control.clearRequests();
		await expect(harness.activate(target)).rejects.toThrow(/Account Activity needs a user/);
		expect(env.emulator.control.requests().filter((r) => r.method !== 'GET')).toEqual([]);
	});
});
