/**
 * The scopes of the connected X User OAuth2 token, checked before an activity subscription is
 * created (X Webhooks' Create and the X Trigger's activation): openapi.json's create operation names
 * the scope of each family (dm.read, like.read, mute.read, block.read, tweet.read for the rest) and
 * X's activity guide adds broadcast.read for broadcast.chat (x-api/activity/introduction.mdx). The
 * emulator refuses a token without them, as X does; the node names the missing scope first.
 */
import type { IDataObject } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { X_OAUTH2_DEFAULT_SCOPES, XOAuth2Api } from '../../credentials/XOAuth2Api.credentials';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { EngineHarness } from '../harness';
import { engineSuite, OAUTH2_TEST_SCOPES, oauth2CredentialData } from './env';

const env = engineSuite();
const subscriptionPosts = () => env.emulator.control.requests().filter((r) => r.method === 'POST' && r.path === '/2/activity/subscriptions');
const create = (eventType: string) => ({ resource: 'activitySubscription', operation: 'create', eventType, userId: env.emulator.users[0].userId });
const DEFAULTS = X_OAUTH2_DEFAULT_SCOPES.split(' ');

describe('X User OAuth2 default scopes', () => {
	it("include broadcast.read, which X's activity guide requires for broadcast.chat", () => {
		expect(DEFAULTS).toContain('broadcast.read');
	});

	it('with the defaults, broadcast.chat is subscribed through the emulator (which asks for broadcast.read and tweet.read)', async () => {
		env.connectOAuth2(DEFAULTS);
		const result = await env.webhooks(create('broadcast.chat'), [{}], { userContext: 'oauth2' });
		expect(result.error).toBeUndefined();
		expect(result.output()[0].json.event_type).toBe('broadcast.chat');
	});
});

describe('X Webhooks: Activity Subscription Create checks the token scopes before sending', () => {
	it.each([
		['broadcast.chat', OAUTH2_TEST_SCOPES, 'broadcast.read'],
		['mute.mute', OAUTH2_TEST_SCOPES, 'mute.read'],
		['block.unblock', OAUTH2_TEST_SCOPES, 'block.read'],
		['like.create', ['tweet.read', 'users.read', 'offline.access'], 'like.read'],
	])('%s with a token granted %j: refused naming %s, nothing sent', async (kind, scopes, missing) => {
		env.connectOAuth2(scopes);
		const result = await env.webhooks(create(kind), [{}], { userContext: 'oauth2' });
		expect(result.error?.message).toBe(
			`Item 0: Event Type (event_type) ${kind} needs the ${missing} scope, which the connected X User OAuth2 token was not granted (it has ${scopes.join(' ')}): add ${missing} to the credential's Scope and connect the account again`,
		);
		expect(subscriptionPosts()).toHaveLength(0);
	});

	it('with Continue On Fail, only the uncovered item fails; a public kind goes with the bearer token whatever the scopes', async () => {
		env.connectOAuth2(OAUTH2_TEST_SCOPES);
		const user = env.emulator.users[0].userId;
		const result = await env.webhooks({ resource: 'activitySubscription', operation: 'create', eventType: '={{ $json.kind }}', userId: user }, [{ kind: 'dm.received' }, { kind: 'broadcast.chat' }, { kind: 'broadcast.start' }], { userContext: 'oauth2', continueOnFail: true });
		expect(result.output().map((i) => (i.json.error ? 'error' : i.json.event_type))).toEqual(['dm.received', 'error', 'broadcast.start']);
		expect(String(result.output()[1].json.error)).toMatch(/broadcast\.chat needs the broadcast\.read scope/);
		expect(subscriptionPosts()).toHaveLength(2);
	});

	it('the emulator refuses such a token itself, as X does (what the node spares the user)', async () => {
		env.connectOAuth2(OAUTH2_TEST_SCOPES);
		const token = (env.harness.credentialData('xOAuth2Api').oauthTokenData as IDataObject).access_token as string;
		const answer = await fetch(`${env.emulator.urls.api}/2/activity/subscriptions`, {
			method: 'POST',
			headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
			body: JSON.stringify({ event_type: 'broadcast.chat', filter: { user_id: env.emulator.users[0].userId } }),
		});
		expect(answer.status).toBe(403);
		expect(((await answer.json()) as IDataObject).detail).toMatch(/lacks the scopes broadcast\.read/);
	});
});

describe('X Trigger activation checks the token scopes before creating anything', () => {
	function harness(scopes: string[]) {
		const { emulator } = env;
		return new EngineHarness({
			nodeTypes: [XTrigger],
			credentialTypes: [XAppOnlyApi, XOAuth2Api],
			credentials: {
				xAppOnlyApi: { apiKey: emulator.app.consumerKey, apiKeySecret: emulator.app.consumerSecret, apiBaseUrl: emulator.urls.api },
				xOAuth2Api: oauth2CredentialData(emulator, scopes),
			},
		});
	}

	it('a broadcast.chat subscription with a token lacking broadcast.read: refused naming it before any subscription is created', async () => {
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
		const h = harness(OAUTH2_TEST_SCOPES);
		const target = {
			id: 'wf-scopes',
			nodes: [
				{
					name: 'X Trigger',
					type: 'n8n-nodes-x-ads.xTrigger',
					parameters: { events: ['*'], authentication: 'xOAuth2Api', subscriptions: { subscription: [{ userId: env.emulator.users[0].userId, eventTypes: ['post.create', 'broadcast.chat'] }] } },
					credentials: { xAppOnlyApi: { id: 'xAppOnlyApi', name: 'xAppOnlyApi' }, xOAuth2Api: { id: 'xOAuth2Api', name: 'xOAuth2Api' } },
				},
			],
			connections: {},
		};
		const served = await h.serveWebhooks(target, {});
		try {
			let error: Error | undefined;
			await h.activate(target).catch((e: Error) => (error = e));
			expect(error?.message).toMatch(/broadcast\.chat needs the broadcast\.read scope, which the connected X User OAuth2 token was not granted/);
			expect(subscriptionPosts()).toHaveLength(0);
			expect(env.emulator.control.activitySubscriptions()).toHaveLength(0);
		} finally {
			await served.close();
		}
	});
});
