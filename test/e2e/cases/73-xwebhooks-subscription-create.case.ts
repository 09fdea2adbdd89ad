/**
 * X Webhooks "Activity Subscription > Create" in real n8n (X's authentication and webhook docs). Set-up outside n8n: a
 * webhook for the receiver. One Create node, five items from a Code node, On Error: Continue:
 *  0. profile.update.bio for a user, keyword, tag and the webhook -> created; the JSON body
 *     nests the filter {user_id, keyword}; the node outputs X's data.subscription
 *  1. post.create for the user, nothing else -> created, filter {user_id}
 *  2. block.block with the older direction "sent" -> refused by the node (openapi: no direction for
 *     mute.* and block.*)
 *  3. post.delete with an unknown webhook id -> X's 404 WebhookIdInvalid
 *  4. a user id "@acme" -> refused by the node (numeric X user ID)
 * Afterwards a matching activity of the user reaches the receiver through the first subscription,
 * signed; non-matching ones (no keyword, another user, another kind) do not.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain, code } from '../workflows';
import { registerWebhook, webhookReceiver, xWebhooks } from './68-xwebhooks-webhook-create.case';
import type { WebhookReceiver } from '../../engine/webhookReceiver';

const USER = '1469758423451234567';
let receiver: WebhookReceiver | undefined;
let hookId = '';

export default defineCase({
	name: 'X Webhooks: activity subscription create (nested filter, refused direction, unknown webhook, bad user id), delivery',
	credentials: { app: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		receiver = await webhookReceiver(ctx);
		hookId = (await registerWebhook(ctx, receiver, '/hooks/activity')).id;
	},
	workflow: () =>
		chain(
			code('Subscriptions', [
				{ event: 'profile.update.bio', user: USER, keyword: 'launch', tag: 'bio watch', webhook: hookId },
				{ event: 'post.create', user: USER },
				{ event: 'block.block', user: USER, direction: 'sent' },
				{ event: 'post.delete', user: USER, webhook: '987654321' },
				{ event: 'post.create', user: '@acme' },
			]),
			xWebhooks(
				'Create',
				{
					resource: 'activitySubscription',
					operation: 'create',
					eventType: '={{ $json.event }}',
					userId: '={{ $json.user }}',
					additionalFields: { keyword: '={{ $json.keyword }}', direction: '={{ $json.direction }}', tag: '={{ $json.tag }}', webhookId: '={{ $json.webhook }}' },
				},
				{ onError: 'continueRegularOutput' },
			),
		),
	expect: {
		executedNodes: ['Start', 'Subscriptions', 'Create'],
		outputs: {
			Create: {
				itemCount: 5,
				items: [
					{
						subscription_id: /^\d+$/,
						event_type: 'profile.update.bio',
						filter: { user_id: USER, keyword: 'launch', direction: undefined },
						tag: 'bio watch',
						created_at: /\.\d{3}Z$/,
						error: undefined,
					},
					{ subscription_id: /^\d+$/, event_type: 'post.create', filter: { user_id: USER, keyword: undefined, direction: undefined }, tag: undefined, webhook_id: undefined },
					{ error: /^Item 2: Direction \(direction\) is not taken for mute\.\* and block\.\* kinds such as block\.block/, description: /^Nothing was sent to X/ },
					{ error: /^X answered 404 WebhookIdInvalid/, httpCode: '404' },
					{ error: /^Item 4: User ID \(user_id\) must be a numeric X user ID/, description: /^Nothing was sent to X/ },
				],
			},
		},
		emulator: {
			requests: [
				{ method: 'POST', base: 'api', path: '/2/activity/subscriptions', status: 200, headers: { authorization: 'Bearer', 'content-type': /^application\/json/ }, count: 2 },
				{ method: 'POST', base: 'api', path: '/2/activity/subscriptions', status: 404, count: 1 },
			],
		},
	},
	check: async (ctx, result) => {
		const ex = result.execution!;
		const [first] = ex.output('Create');
		assertMatch(first.webhook_id, hookId, 'webhook of the first subscription');
		assertMatch(ex.items('Create').map((i) => i.pairedItem), [0, 1, 2, 3, 4].map((item) => ({ item })), 'pairedItem');
		const bodies = result.requests.filter((r) => r.path === '/2/activity/subscriptions').map((r) => JSON.parse(r.body));
		assertMatch(
			bodies,
			[
				{ event_type: 'profile.update.bio', filter: { user_id: USER, keyword: 'launch' }, tag: 'bio watch', webhook_id: hookId },
				{ event_type: 'post.create', filter: { user_id: USER } },
				{ event_type: 'post.delete', filter: { user_id: USER }, webhook_id: '987654321' },
			],
			'JSON bodies',
		);
		assertMatch(bodies.map((b) => Object.keys(b).sort().join(',')), ['event_type,filter,tag,webhook_id', 'event_type,filter', 'event_type,filter,webhook_id'], 'no stray fields');
		assertMatch(Object.keys(bodies[1].filter), ['user_id'], 'filter of the minimal subscription');
		assertMatch(ctx.emulator!.control.activitySubscriptions().length, 2, 'subscriptions in the emulator');

		const control = ctx.emulator!.control;
		const matching = await control.emitActivity(USER, 'profile.update.bio', { before: 'old', after: 'The launch is today' });
		assertMatch(matching, [{ subscription_id: first.subscription_id, webhook_id: hookId }], 'matching activity');
		await control.emitActivity(USER, 'profile.update.bio', { before: 'old', after: 'no keyword here' });
		await control.emitActivity('999', 'profile.update.bio', { after: 'launch, but another user' });
		await control.emitActivity(USER, 'profile.update.url', { after: 'launch, but another kind' });
		assertMatch(receiver!.events.length, 1, 'one event at the receiver');
		assertMatch(receiver!.events[0].signatureValid, true, 'signed');
		assertMatch(JSON.parse(receiver!.events[0].body).data, { event_type: 'profile.update.bio', subscription_id: first.subscription_id, tag: 'bio watch', payload: { after: 'The launch is today' } }, 'event');
	},
});
