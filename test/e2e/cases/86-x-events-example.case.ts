/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * examples/x-events.json in real n8n against the emulator (http loopback allowance on).
 *
 * Imported as a user does (its nodes, connections and fixed webhookId "x-events"), with the X
 * credential chosen and the subscription's User ID filled in (the example leaves it empty: case 88
 * shows what activating it as shipped does), it activates: webhook at
 * <WEBHOOK_URL>webhook/x-events/webhook, one subscription per event type (dm.received, private,
 * made with the user's X OAuth 1.0a credential; post.create), activities reach the Switch's "Direct message" and "Post"
 * outputs, other kinds run nothing, and deactivation removes the webhook and the subscriptions.
 */
import * as fs from 'node:fs';

import type { WorkflowJson } from '../n8n';
import { deactivateTrigger, expectExecutionCount, expectStatuses, triggerCase, xSubscriptions, xWebhooks } from '../trigger';
import { X_EVENTS_EXAMPLE, xEventsExample } from '../workflows';

export default triggerCase({
	name: 'examples/x-events.json: imports, activates with its User ID filled in, routes direct messages and posts',
	credentials: { x: { type: 'xAppOnlyApi' }, user: { type: 'xOAuth1Api' } },
	timeoutMs: 60_000,
	check: async ({ ctx, control, uid, activate }) => {
		const types = new Set((await ctx.client.nodeTypes()).map((t) => t.name));
		const raw = JSON.parse(fs.readFileSync(X_EVENTS_EXAMPLE, 'utf8')) as WorkflowJson;
		const missing = raw.nodes.map((n) => String(n.type)).filter((t) => !types.has(t));
		if (missing.length) throw new Error(`n8n does not know the example's node types ${JSON.stringify(missing)}`);

		// --- User ID filled in ------------------------------------------------------------------
		const { workflow, url, xWebhook } = await activate(xEventsExample(ctx, uid));
		if (url !== `${ctx.n8n.baseUrl}/webhook/x-events/webhook` || workflow.nodes[0].webhookId !== 'x-events') throw new Error(`the example should keep its webhookId: ${url}`);
		const subs = xSubscriptions(ctx);
		const bySort = subs.map((s) => `${s.event_type}:${s.filter.user_id}:${s.filter.direction ?? '-'}`).sort();
		if (JSON.stringify(bySort) !== JSON.stringify([`dm.received:${uid}:-`, `post.create:${uid}:-`]) || !subs.every((s) => s.webhook_id === xWebhook.id)) {
			throw new Error(`the example should subscribe to dm.received and post.create: ${JSON.stringify(subs)}`);
		}

		const dm = await control.emitActivity(uid, 'dm.received', { sender_id: '42', recipient_id: uid, text: 'hello' });
		if (dm.length !== 1) throw new Error(`dm.received should reach one subscription: ${JSON.stringify(dm)}`);
		expectStatuses(dm[0].results, [200], 'dm.received');
		const [first] = await expectExecutionCount(ctx, workflow.id, 1, 'dm.received');
		const post = await control.emitActivity(uid, 'post.create', { id: '1860000000000000001', text: 'a post' });
		expectStatuses(post[0].results, [200], 'post.create');
		expectStatuses(await control.deliverEvent(xWebhook.id, { for_user_id: uid, favorite_events: [{ id: 'fav-1860' }] }), [200], 'favorite (not in Events)');
		const all = await expectExecutionCount(ctx, workflow.id, 2, 'post.create', 1000);
		for (const [ex, want] of [[first, 0], [all[1], 1]] as const) {
			const outs = [ex.output('By Kind', 0), ex.output('By Kind', 1)];
			if (ex.status !== 'success' || outs[want].length !== 1 || outs[1 - want].length !== 0) throw new Error(`execution ${ex.id} should route one item to output ${want} of By Kind: ${JSON.stringify(outs)}`);
		}
		if (first.output('By Kind', 0)[0].event_type !== 'dm.received' || all[1].output('By Kind', 1)[0].event_type !== 'post.create') throw new Error('wrong kinds on the Switch outputs');

		await deactivateTrigger(ctx, workflow.id, () => xWebhooks(ctx).length === 0 && xSubscriptions(ctx).length === 0);
	},
});
