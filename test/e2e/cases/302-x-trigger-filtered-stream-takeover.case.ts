/**
 * X Trigger, filtered stream: another client takes the App's stream over (issue 36). The trigger
 * waits in its own backoff (X's 429 schedule, a minute at least) and never reports the takeover
 * through n8n's error path: n8n answers such an error by removing the trigger and activating it
 * again after 1, 2, 4, 8, 16 s, and each activation connects, adds the workflow's rules and deletes
 * them again. Measured over the 40 s after the takeover: connections to the stream and rule
 * requests, and the workflow stays active with its rules in place.
 */
import { sleep, triggerCase, until } from '../trigger';
import { triggerWorkflow } from '../workflows';

const FILTERED = 'filtered_stream';
const WINDOW_MS = 40_000;

export default triggerCase({
	name: 'X Trigger, filtered stream: a takeover by another client is waited out in the trigger\'s own backoff, without n8n re-activating it',
	timeoutMs: 120_000,
	check: async ({ ctx, control, save }) => {
		control.setPlatformSettings({ keepAliveMs: 500 });
		const workflow = await save(triggerWorkflow(ctx, { source: 'filteredStream', delivery: 'stream', rules: { rule: [{ value: 'acme', tag: 'brand' }] }, streamOptions: { reconnectAfterSilence: 5 } }));
		await ctx.client.activateWorkflow(workflow.id);
		const open = () => control.streamConnections().filter((c: { endpoint_name: string; disconnected_at?: string; stale?: boolean }) => c.endpoint_name === FILTERED && c.disconnected_at === undefined && !c.stale).length;
		await until('the filtered stream to open', () => open() === 1);
		// The other client connects well after this trigger did (X's connection list tells them apart by time).
		await sleep(3000);
		const rules = control.streamRules();
		const count = (match: (r: { method: string; path: string }) => boolean) => control.requests().filter(match).length;
		const connects = () => count((r) => r.method === 'GET' && r.path === '/2/tweets/search/stream');
		const ruleRequests = () => count((r) => r.path === '/2/tweets/search/stream/rules');
		// Another client of the App ends this connection and takes the App's one connection.
		const before = { connects: connects(), rules: ruleRequests() };
		if (control.dropActivityStreams(FILTERED) !== 1) throw new Error('one open filtered stream to drop expected');
		control.addStaleStreamConnection(FILTERED);
		await sleep(WINDOW_MS);
		const after = { connects: connects() - before.connects, rules: ruleRequests() - before.rules };
		ctx.log(`in the ${WINDOW_MS / 1000} s after the takeover: ${after.connects} connects to the stream, ${after.rules} rule requests`);
		if (after.rules !== 0) throw new Error(`the trigger's rules were touched ${after.rules} times after the takeover (n8n re-activated it?)`);
		if (after.connects > 2) throw new Error(`${after.connects} connects in ${WINDOW_MS / 1000} s after the takeover; X's 429 schedule allows about one`);
		if (JSON.stringify(control.streamRules()) !== JSON.stringify(rules)) throw new Error(`the workflow's rules changed: ${JSON.stringify(control.streamRules())}`);
		const saved = await ctx.client.getWorkflow(workflow.id);
		if (!saved.active) throw new Error('the workflow should stay active');
	},
});
