/** Self-test of the harness's trigger support with a fixture webhook node (no X involved). */
import type { INodeParameters } from 'n8n-workflow';

import { EngineHarness } from './index';
import { HarnessHook, hookDeletes } from './fixtures/HookNode';

const HOOK = 'n8n-nodes-x-ads.harnessHook';

const workflow = (id: string, parameters: INodeParameters = {}) => ({
	id,
	nodes: [{ name: 'Hook', type: HOOK, parameters }],
	connections: {},
});

const newHarness = () => new EngineHarness({ nodeTypes: [HarnessHook], credentialTypes: [], webhookBaseUrl: 'https://n8n.example.com/webhook/' });

describe('EngineHarness triggers and webhooks', () => {
	beforeEach(() => {
		hookDeletes.length = 0;
	});

	it('activates with checkExists then create (HookContext, production URL), saves static data, reuses on the next activation', async () => {
		const harness = newHarness();
		const target = workflow('wf-hook-1');
		const url = harness.webhookUrl(target);
		expect(url).toMatch(/^https:\/\/n8n\.example\.com\/webhook\/[0-9a-f-]{36}\/hook$/);

		const first = await harness.activate(target);
		expect(first.webhooks).toEqual([{ method: 'POST', path: url.slice('https://n8n.example.com/webhook/'.length), name: 'default' }]);
		expect(first.staticData).toEqual({ checks: 1, registered: url, activation: 'activate' });

		const second = await harness.activate(target, 'init');
		expect(second.staticData).toEqual({ checks: 2, registered: url, activation: 'activate' });

		const off = await harness.deactivate(target);
		expect(off.error).toBeUndefined();
		expect(hookDeletes).toEqual([{ checks: 2, registered: url, activation: 'activate' }]);
		expect(off.staticData).toEqual({ checks: 2, activation: 'activate' });
	});

	it('on a failed activation rethrows, drops its static data and runs delete on what was saved before (like n8n)', async () => {
		const harness = newHarness();
		const target = workflow('wf-hook-2', { failCreate: true });
		harness.setWorkflowStaticData('wf-hook-2', { 'node:Hook': { earlier: true } });
		await expect(harness.activate(target)).rejects.toThrow('create failed');
		expect(hookDeletes).toEqual([{ earlier: true }]);
		expect(harness.workflowStaticData('wf-hook-2')).toEqual({ 'node:Hook': { earlier: true } });
	});

	it('calls webhook() with the raw body and the parsed JSON, runs workflowData through the engine, saves changed static data', async () => {
		const harness = newHarness();
		const target = workflow('wf-hook-3');
		const raw = '{ "a": 1,  "text": "café" }';
		const call = await harness.callWebhook(target, { rawBody: raw, headers: { 'Content-Type': 'application/json; charset=utf-8' }, query: { x: '1' } });
		expect(call).toMatchObject({ status: 202, body: { accepted: true }, noWebhookResponse: true, staticDataSaved: true, webhookName: 'default' });
		expect(call.execution?.run.status).toBe('success');
		expect(call.execution?.output()[0].json).toEqual({ body: { a: 1, text: 'café' }, raw, query: { x: '1' }, name: 'default' });
		expect(harness.workflowStaticData('wf-hook-3')).toEqual({ 'node:Hook': { calls: 1 } });

		const unchanged = await harness.callWebhook(target, { json: { readOnly: true } });
		expect(unchanged.staticDataSaved).toBe(false);
		expect(unchanged.execution).toBeDefined();
	});

	it('answers like n8n when the node does not: "Workflow was started", "Webhook call received", 422 for bad JSON, 404 for unknown', async () => {
		const harness = newHarness();
		const target = workflow('wf-hook-4', { nodeResponds: false });
		expect(await harness.callWebhook(target, { json: { a: 1 } })).toMatchObject({ status: 200, body: { message: 'Workflow was started' } });
		const ignored = await harness.callWebhook(target, { json: { ignore: true } });
		expect(ignored).toMatchObject({ status: 200, body: { message: 'Webhook call received' } });
		expect(ignored.execution).toBeUndefined();
		const bad = await harness.callWebhook(target, { rawBody: '{"a":', headers: { 'content-type': 'application/json' } });
		expect(bad).toMatchObject({ status: 422, body: { message: 'Failed to parse request body' } });
		expect(bad.response).toBeUndefined();
		expect((await harness.callWebhook(target, { method: 'GET' })).status).toBe(404);
	});

	it('serves registered webhooks over HTTP only while the workflow is active', async () => {
		const harness = newHarness();
		const target = workflow('wf-hook-5');
		const served = await harness.serveWebhooks(target);
		try {
			expect(harness.webhookBaseUrl).toBe(served.baseUrl);
			const before = await fetch(served.url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
			expect(before.status).toBe(404);
			await harness.activate(target);
			const answer = await fetch(`${served.url}?q=1`, { method: 'POST', body: '{"n":2}', headers: { 'content-type': 'application/json' } });
			expect(answer.status).toBe(202);
			await served.settled();
			expect(served.executions).toHaveLength(1);
			expect(served.executions[0].execution?.output()[0].json).toMatchObject({ body: { n: 2 }, raw: '{"n":2}', query: { q: '1' } });
			await harness.deactivate(target);
			expect((await fetch(served.url, { method: 'POST', body: '{}' })).status).toBe(404);
			expect(served.notFound).toHaveLength(2);
		} finally {
			await served.close();
		}
	});
});
