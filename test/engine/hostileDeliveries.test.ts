/**
 * The hostile delivery corpus (test/corpus/hostileDeliveries.ts) against an active X Trigger served
 * over loopback HTTP by the engine harness: each request goes out with its exact bytes,
 * Content-Type and signature; the answer, the executions it starts and their items are checked.
 * No request may make the node throw (n8n would answer 500 and record a failed execution).
 */
import { createHmac } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { hostileDeliveries } from '../corpus/hostileDeliveries';
import type { XEmulator } from '../emulator';
import { startEmulator } from '../emulator';
import { EngineHarness } from '../harness';
import { everyV2RequestIsAnEndpoint } from './endpointConformance';

let emulator: XEmulator;
everyV2RequestIsAnEndpoint(() => emulator);
let counter = 0;

beforeAll(async () => {
	emulator = await startEmulator();
});
afterAll(async () => emulator.close());
beforeEach(() => {
	emulator.control.reset();
	// The served URL is http on loopback: X itself takes only public https URLs.
	emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
});

const sign = (bytes: string | Buffer) => `sha256=${createHmac('sha256', emulator.app.consumerSecret).update(bytes).digest('base64')}`;

describe('hostile deliveries: refused with a 4xx before any execution, or run exactly', () => {
	it.each(hostileDeliveries.map((c) => [`item ${c.item}: ${c.name}`, c] as const))('%s', async (_, hostile) => {
		const harness = new EngineHarness({
			nodeTypes: [XTrigger],
			credentialTypes: [XAppOnlyApi],
			credentials: { xAppOnlyApi: { apiKey: emulator.app.consumerKey, apiKeySecret: emulator.app.consumerSecret, apiBaseUrl: emulator.urls.api } },
		});
		const target = { id: `wf-hostile-${++counter}`, nodes: [{ name: 'X Trigger', type: 'n8n-nodes-x-ads.xTrigger', parameters: { events: ['*'] } }], connections: {} };
		const served = await harness.serveWebhooks(target);
		try {
			await harness.activate(target);
			await served.settled();
			for (const [n, request] of hostile.requests.entries()) {
				const step = `request ${n}`;
				const before = { calls: served.calls.length, executions: served.executions.length };
				const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
				const headers: Record<string, string> = { 'x-twitter-webhooks-signature': sign(request.signedOver ?? bytes) };
				if (request.contentType) headers['content-type'] = request.contentType;
				// A Uint8Array body: fetch adds no Content-Type of its own.
				const answer = await fetch(served.url, { method: 'POST', headers, body: new Uint8Array(bytes) });
				const text = await answer.text();
				await served.settled();
				const calls = served.calls.slice(before.calls);
				expect([step, calls.map((c) => c.error?.message)]).toEqual([step, [undefined]]);
				expect([step, answer.status, text]).toEqual([step, request.status, expect.any(String)]);
				if (request.error) expect([step, (JSON.parse(text) as IDataObject).error]).toEqual([step, expect.stringMatching(request.error)]);
				expect(text).not.toContain('sha256=');

				const started = served.executions.slice(before.executions);
				const events = request.events ?? [];
				expect([step, started.length]).toEqual([step, events.length ? 1 : 0]);
				if (!events.length) continue;
				expect(started[0].execution?.run.status).toBe('success');
				const items = started[0].execution!.output().map((i) => i.json);
				expect([step, items.map((i) => ({ event_id: i.event_id, for_user_id: i.for_user_id }))]).toEqual([step, events]);
				if (request.payload) expect(items[0].payload).toMatchObject(request.payload);
			}
		} finally {
			await harness.deactivate(target);
			await served.close();
		}
	});
});
