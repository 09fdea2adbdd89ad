/**
 * X Webhooks "Activity Subscription > Delete" in real n8n (X's authentication and webhook docs). Set-up outside n8n:
 * two subscriptions. Delete of the first answers {deleted: true}; a second Delete of it (On Error:
 * Continue) is X's 404 with the request in the description; a malformed id is refused before
 * sending; Get Many afterwards lists only the second subscription.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain, code } from '../workflows';
import { appCall, webhookReceiver, xWebhooks } from './68-xwebhooks-webhook-create.case';

const USER = '1469758423451234567';
let ids: string[] = [];

export default defineCase({
	name: 'X Webhooks: activity subscription delete, delete again (404), malformed id, then get many',
	credentials: { app: { type: 'xAppOnlyApi' } },
	setup: async (ctx) => {
		await webhookReceiver(ctx);
		ids = [];
		for (const event_type of ['post.create', 'profile.update.bio']) {
			ids.push(String((await appCall(ctx, 'POST', '/2/activity/subscriptions', { event_type, filter: { user_id: USER } })).data.subscription.subscription_id));
		}
	},
	workflow: () =>
		chain(
			code('IDs', [{ id: ids[0] }, { id: ids[0] }, { id: 'not/an id' }]),
			xWebhooks('Delete', { resource: 'activitySubscription', operation: 'delete', subscriptionId: '={{ $json.id }}' }, { onError: 'continueRegularOutput' }),
			xWebhooks('List', { resource: 'activitySubscription', operation: 'getAll' }, { executeOnce: true }),
		),
	expect: {
		executedNodes: ['Start', 'IDs', 'Delete', 'List'],
		outputs: {
			Delete: {
				itemCount: 3,
				items: [
					{ deleted: true, error: undefined },
					{ error: /^X answered 404/, description: /^DELETE \/2\/activity\/subscriptions\/\d+\./, httpCode: '404' },
					{ error: /^Item 2: Subscription ID \(subscription_id\) must be a subscription ID/, description: /^Nothing was sent to X/ },
				],
			},
			List: { itemCount: 1, items: [{ event_type: 'profile.update.bio' }] },
		},
		emulator: {
			requests: [
				{ method: 'DELETE', base: 'api', path: /^\/2\/activity\/subscriptions\/\d+$/, status: 200, headers: { authorization: 'Bearer' }, count: 1 },
				{ method: 'DELETE', base: 'api', path: /^\/2\/activity\/subscriptions\/\d+$/, status: 404, count: 1 },
				{ method: 'GET', base: 'api', path: '/2/activity/subscriptions', status: 200, count: 1 },
			],
			none: [{ path: /not/ }],
		},
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		assertMatch(ex.output('Delete')[0], { subscription_id: ids[0], deleted: true }, 'delete output');
		assertMatch(Object.keys(ex.output('Delete')[0]), ['subscription_id', 'deleted'], 'the id, then X\'s answer as it is');
		assertMatch(result.requests.filter((r) => r.method === 'DELETE').map((r) => r.path), [`/2/activity/subscriptions/${ids[0]}`, `/2/activity/subscriptions/${ids[0]}`], 'delete paths');
		assertMatch(ex.output('List')[0].subscription_id, ids[1], 'the other subscription is left');
		assertMatch(ctx.emulator!.control.activitySubscriptions().map((s: { subscription_id: string }) => s.subscription_id), [ids[1]], 'emulator');
	},
});
