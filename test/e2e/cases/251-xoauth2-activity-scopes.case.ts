/**
 * The connected X User OAuth2 token's scopes in real n8n 2.41.1: a credential connected through n8n's
 * own Connect my account flow (the emulator as OAuth Server Custom) with a Scope lacking
 * broadcast.read. n8n stores X's token answer, scope included; X Webhooks then refuses a
 * broadcast.chat subscription naming broadcast.read before any request (X's activity guide requires
 * it), and creates a post.mention.create one, which tweet.read covers.
 */
import { connectAtEmulator } from '../oauth2Connect';
import { defineCase } from '../types';
import { X_WEBHOOKS, chain, once } from '../workflows';

const SCOPES = 'tweet.read users.read offline.access';

const subscribe = (name: string, eventType: string, userId: string) =>
	once({
		name,
		type: X_WEBHOOKS,
		typeVersion: 1,
		parameters: { resource: 'activitySubscription', operation: 'create', eventType, userId },
		credentials: { xAppOnlyApi: '@x', xOAuth2Api: '@user' },
		onError: 'continueRegularOutput',
	});

export default defineCase({
	name: 'X User OAuth2: a token connected without broadcast.read: broadcast.chat refused naming it before any request, post.mention.create created',
	needs: ['package'],
	n8nVersions: ['2.'],
	credentials: { x: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		// n8n's API shows oauthTokenData only as true: the refusal below, which names the granted scopes, shows what n8n stored.
		ctx.credentials.user = await connectAtEmulator(ctx, 'X User OAuth2 without broadcast.read', { scope: SCOPES });
	},
	workflow: (ctx) => {
		const user = ctx.emulator!.users[0].userId;
		return chain(subscribe('Chat', 'broadcast.chat', user), subscribe('Mention', 'post.mention.create', user));
	},
	expect: {
		executedNodes: ['Start', 'Chat', 'Mention'],
		outputs: {
			Chat: { itemCount: 1, items: [{ error: /broadcast\.chat needs the broadcast\.read scope, which the connected X User OAuth2 token was not granted \(it has tweet\.read users\.read offline\.access\)/ }] },
			Mention: { itemCount: 1, items: [{ event_type: 'post.mention.create' }] },
		},
		emulator: { requests: [{ method: 'POST', path: '/2/activity/subscriptions', status: 200, count: 1 }] },
	},
});
