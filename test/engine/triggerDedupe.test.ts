/**
 * The X Trigger's duplicate check across n8n processes that share one database: in queue mode
 * several webhook processes receive deliveries for the same workflow, each with its own memory of
 * recent events, and the workflow's static data (saved after each webhook() that changed it) is
 * what they share. Two harnesses stand for two processes: static data is copied between them as the
 * database would hold it, and each process's in-memory dedupe state is swapped in before its call.
 */
import { createHmac } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { recentEvents, XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { EngineHarness } from '../harness';
import type { TriggerWorkflow } from '../harness';

const SECRET = 'dedupe-test-secret';
const target: TriggerWorkflow & { id: string } = { id: 'wf-dedupe', nodes: [{ name: 'X Trigger', type: 'n8n-nodes-x-ads.xTrigger', parameters: { events: ['*'] } }], connections: {} };
const memoryKey = `${target.id}:X Trigger`;

/** One n8n webhook process: its harness (engine) and its module memory of recent events. */
function webhookProcess() {
	const harness = new EngineHarness({
		nodeTypes: [XTrigger],
		credentialTypes: [XAppOnlyApi],
		credentials: { xAppOnlyApi: { apiKey: 'dedupe-key', apiKeySecret: SECRET, apiBaseUrl: 'http://127.0.0.1:9' } },
	});
	let memory: unknown;
	return {
		harness,
		/** Delivers with the database's static data; returns the events that started an execution. */
		async deliver(database: { staticData: IDataObject }, body: IDataObject): Promise<number> {
			harness.setWorkflowStaticData(target.id, database.staticData);
			recentEvents.delete(memoryKey);
			if (memory) recentEvents.set(memoryKey, memory as never);
			const raw = JSON.stringify(body);
			const signature = `sha256=${createHmac('sha256', SECRET).update(raw).digest('base64')}`;
			const call = await harness.callWebhook(target, { rawBody: raw, headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': signature } });
			expect(call.status).toBe(200);
			memory = recentEvents.get(memoryKey);
			database.staticData = harness.workflowStaticData(target.id) ?? {};
			return (call.body as { received: number }).received;
		},
	};
}

const event = (id: string) => ({ for_user_id: '2244994945', tweet_create_events: [{ id_str: id, text: `post ${id}` }] });

describe('X Trigger dedupe across webhook processes sharing static data (queue mode)', () => {
	afterEach(() => recentEvents.clear());

	it('drops a duplicate answered by the other process, and keeps both processes\' events in static data', async () => {
		const database = { staticData: {} as IDataObject };
		const a = webhookProcess();
		const b = webhookProcess();
		// Both processes have received something before (their memories exist).
		expect(await a.deliver(database, event('1800000000000000001'))).toBe(1);
		expect(await b.deliver(database, event('1800000000000000002'))).toBe(1);
		// A new event reaches A; X sends it again and B gets it: B must know it from static data.
		expect(await a.deliver(database, event('1800000000000000003'))).toBe(1);
		expect(await b.deliver(database, event('1800000000000000003'))).toBe(0);
		// And the other way round: B's event, then the duplicate at A.
		expect(await b.deliver(database, event('1800000000000000004'))).toBe(1);
		expect(await a.deliver(database, event('1800000000000000004'))).toBe(0);
		// Static data holds all four events, whoever saved last.
		const seen = String((database.staticData['node:X Trigger'] as IDataObject).seen);
		expect(seen).toHaveLength(4 * 12);
		for (const p of [a, b]) for (const id of ['1', '2', '3', '4']) expect(await p.deliver(database, event(`180000000000000000${id}`))).toBe(0);
	});
});
