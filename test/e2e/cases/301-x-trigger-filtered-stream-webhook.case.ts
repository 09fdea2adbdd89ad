/**
 * X Trigger, Filtered-Stream Posts by webhook in real n8n: activation adds this workflow's rule next
 * to another client's rule of the App and links the webhook to the filtered stream. X sends the
 * linked webhook the posts of every rule of the App, so a post matching only the other client's
 * rule reaches n8n too: it is acknowledged and runs nothing; posts of this workflow's rule run it
 * once each. Deactivation unlinks, deletes only this workflow's rule and removes the webhook.
 */
import { executionsOf, expectExecutionCount, sleep, triggerCase, until, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger, filtered stream by webhook (http loopback): posts of the App\'s other rules reach n8n and run nothing, own posts run once each',
	timeoutMs: 60_000,
	check: async ({ ctx, control, uid, activate }) => {
		const other = control.addStreamRule({ value: 'zebra', tag: 'another client' });
		const { workflow, xWebhook } = await activate(triggerWorkflow(ctx, { source: 'filteredStream', rules: { rule: [{ value: 'acme', tag: 'brand' }] } }));
		const links = control.streamLinks();
		if (links.length !== 1 || links[0].webhook_id !== xWebhook.id) throw new Error(`the webhook linked to the filtered stream expected: ${JSON.stringify(links)}`);

		const post = (n: number, text = `acme news ${n}`) => control.emitFilteredPost({ id: `191000000000000${n}`, text, author_id: uid });
		await post(10);
		await post(11, 'zebra only: the other client\'s post');
		await post(12);
		await expectExecutionCount(ctx, workflow.id, 2, 'the two posts of this workflow\'s rule');
		const delivered = control.deliveries().filter((d: { body: string }) => d.body.includes('191000000000000'));
		if (delivered.length !== 3) throw new Error(`X should have sent the webhook all three posts (its link carries every rule of the App): ${delivered.length}`);
		await sleep(500);
		if ((await executionsOf(ctx, workflow.id)).length !== 2) throw new Error('the other client\'s post should run nothing');

		await ctx.client.deactivateWorkflow(workflow.id);
		await until('deactivation to unlink, delete the workflow\'s rule and remove the webhook', () => control.streamLinks().length === 0 && control.streamRules().length === 1 && xWebhooks(ctx).length === 0);
		if (control.streamRules()[0].id !== other.id) throw new Error(`only the other client's rule should remain: ${JSON.stringify(control.streamRules())}`);
	},
});
