/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING, Lint). */
/**
 * X Trigger 1.2 in real n8n (both lines): with Authentication "App and User (OAuth 1.0a)" the
 * Account Activity source subscribes the OAuth 1.0a credential's user, signed with its OAuth header,
 * and deactivation removes it; with the default "App Only" n8n refuses the activation with the
 * trigger's words and nothing is created at X, although the user credential is still on the node.
 * Versions 1 and 1.1 stay covered by the other trigger cases (80-89, 180-184: typeVersion 1.1).
 */
import { activateTrigger, deactivateTrigger, failedActivation, triggerCase, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger 1.2: Authentication App and User (OAuth 1.0a) subscribes the user; App Only refuses Account Activity before X',
	credentials: { x: { type: 'xAppOnlyApi' }, user: { type: 'xOAuth1Api' } },
	timeoutMs: 90_000,
	check: async ({ ctx, control, uid, save }) => {
		const version12 = (authentication?: string) => {
			const wf = triggerWorkflow(ctx, { source: 'accountActivity', ...(authentication ? { authentication } : {}) });
			const node = wf.nodes[0] as Record<string, any>;
			node.typeVersion = 1.2;
			node.credentials = { ...node.credentials, xOAuth1Api: { id: ctx.credentials.user.id, name: ctx.credentials.user.name } };
			return wf;
		};

		const { workflow } = await activateTrigger(ctx, await save(version12('xOAuth1Api')));
		const subs = control.accountActivitySubscriptions();
		if (subs.length !== 1 || subs[0].userId !== uid) throw new Error(`the OAuth 1.0a credential's user should be subscribed: ${JSON.stringify(subs)}`);
		const post = control.requests().find((r: { method: string; path: string }) => r.method === 'POST' && r.path.startsWith('/2/account_activity'));
		if (post?.headers.authorization !== 'OAuth') throw new Error(`the subscription should be signed with OAuth 1.0a, was ${post?.headers.authorization}`);
		await deactivateTrigger(ctx, workflow.id, () => control.accountActivitySubscriptions().length === 0 && xWebhooks(ctx).length === 0);

		control.clearRequests();
		const appOnly = await save(version12());
		const { message } = await failedActivation(ctx, appOnly.id);
		if (!/Account Activity needs a user/.test(message)) throw new Error(`App Only with Account Activity should be refused naming the need for a user, n8n said: ${message || 'nothing (it activated)'}`);
		const writes = control.requests().filter((r: { method: string }) => r.method !== 'GET');
		if (writes.length || xWebhooks(ctx).length) throw new Error(`nothing should be created at X: ${JSON.stringify(writes.map((r: { method: string; path: string }) => `${r.method} ${r.path}`))}`);
	},
});
