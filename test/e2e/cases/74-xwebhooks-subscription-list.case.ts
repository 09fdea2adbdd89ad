/**
 * X Webhooks "Activity Subscription > Get Many" in real n8n (X's authentication and webhook docs). Set-up outside n8n:
 * a webhook and two subscriptions (one with keyword, tag and webhook, one with the user filter only).
 * Get Many answers one item per subscription, in creation order, X's fields as they are (the id
 * field is subscription_id); nothing but the bearer-signed GET is sent.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain } from '../workflows';
import { appCall, registerWebhook, webhookReceiver, xWebhooks } from './68-xwebhooks-webhook-create.case';

const USER = '1469758423451234567';
let created: Array<Record<string, unknown>> = [];

export default defineCase({
	name: 'X Webhooks: activity subscription get many',
	credentials: { app: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		const receiver = await webhookReceiver(ctx);
		const hook = await registerWebhook(ctx, receiver, '/hooks/list');
		created = [
			(await appCall(ctx, 'POST', '/2/activity/subscriptions', { event_type: 'post.create', filter: { user_id: USER, keyword: 'sale' }, tag: 'posts', webhook_id: hook.id })).data.subscription,
			(await appCall(ctx, 'POST', '/2/activity/subscriptions', { event_type: 'follow.follow', filter: { user_id: USER } })).data.subscription,
		];
	},
	workflow: chain(xWebhooks('List', { resource: 'activitySubscription', operation: 'getAll' })),
	expect: {
		outputs: {
			List: {
				itemCount: 2,
				items: [
					{ event_type: 'post.create', filter: { user_id: USER, keyword: 'sale' }, tag: 'posts', webhook_id: /^\d+$/ },
					{ event_type: 'follow.follow', filter: { user_id: USER }, tag: undefined },
				],
			},
		},
		emulator: {
			requests: [{ method: 'GET', base: 'api', path: '/2/activity/subscriptions', query: 'max_results=50', status: 200, headers: { authorization: 'Bearer' }, count: 1 }],
			none: [{ method: 'POST', path: '/2/activity/subscriptions' }],
		},
	},
	check: (_ctx, result) => {
		const out = result.execution!.output('List');
		assertMatch(out, created.map((c) => ({ ...c })), 'listed exactly the created subscriptions');
		assertMatch(out.map((s) => Object.keys(s).sort().join(',')), created.map((c) => Object.keys(c).sort().join(',')), 'same fields');
	},
});
