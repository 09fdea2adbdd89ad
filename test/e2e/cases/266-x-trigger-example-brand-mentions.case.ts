/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * examples/brand-mentions-stream.json in real n8n: imported with the X credentials chosen (the App's
 * and the mentioned user's: X's post.mention.create is a private kind) and the subscription's User ID filled in (the example
 * leaves it empty, like x-events.json: case 88), it
 * activates by X's activity stream (no webhook at X), a mention of the user runs it once, and the
 * Mention node gives the post's ID, text and author; deactivation removes the subscription.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { assertMatch } from '../match';
import type { WorkflowJson } from '../n8n';
import { expectExecutionCount, triggerCase, until, xSubscriptions, xWebhooks } from '../trigger';
import type { CaseContext } from '../types';

/** A trigger example as the user imports it: the case's App-only credential `x`, the user's X OAuth 1.0a `user`, every empty User ID filled in. */
export function triggerExample(ctx: CaseContext, file: string, uid: string): WorkflowJson {
	const wf = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'examples', file), 'utf8')) as WorkflowJson;
	const { x, user } = ctx.credentials;
	const nodes = wf.nodes.map((n) => {
		if (!n.credentials?.xAppOnlyApi) return n;
		const parameters = structuredClone(n.parameters as Record<string, any>);
		for (const s of parameters.subscriptions?.subscription ?? []) if (s.userId === '') s.userId = uid;
		return { ...n, parameters, credentials: { xAppOnlyApi: { id: x.id, name: x.name }, ...(user ? { xOAuth1Api: { id: user.id, name: user.name } } : {}) } };
	});
	return { ...wf, nodes } as WorkflowJson;
}

export default triggerCase({
	name: 'examples/brand-mentions-stream.json: a mention by the activity stream becomes one Mention item (post ID, text, author)',
	credentials: { x: { type: 'xAppOnlyApi' }, user: { type: 'xOAuth1Api' } },
	timeoutMs: 60_000,
	check: async ({ ctx, control, uid, save }) => {
		const workflow = await save(triggerExample(ctx, 'brand-mentions-stream.json', uid));
		await ctx.client.activateWorkflow(workflow.id);
		await until('the stream to open', () => control.activityStreamReaders() === 1);
		assertMatch(xWebhooks(ctx), [], 'no webhook at X');
		assertMatch(xSubscriptions(ctx).map((s) => `${s.event_type}:${s.filter.user_id}`), [`post.mention.create:${uid}`], 'one mention subscription of the user');
		await control.emitActivity(uid, 'post.mention.create', { id: '1871000000000000001', text: `@acme love the red shoe`, author_id: '2244994945' });
		const [ex] = await expectExecutionCount(ctx, workflow.id, 1, 'the mention');
		assertMatch(ex.output('Mention'), [{ post_id: '1871000000000000001', text: '@acme love the red shoe', author_id: '2244994945' }], 'the Mention item');
		await ctx.client.deactivateWorkflow(workflow.id);
		await until('deactivation to remove the subscription and close the stream', () => xSubscriptions(ctx).length === 0 && control.activityStreamReaders() === 0);
	},
});
