/**
 * X Webhooks > Stream Rule and Stream Link through n8n-core's engine against the emulator: rules
 * added one per item (dry run, duplicates refused by X), listed by ID and page, deleted, counted;
 * a webhook linked to the filtered stream, listed and unlinked.
 */
import type { IDataObject } from 'n8n-workflow';

import { engineSuite } from './env';

const env = engineSuite();
const rule = (operation: string, fields: IDataObject = {}, input: IDataObject[] = [{}]) =>
	env.webhooks({ resource: 'streamRule', operation, ...fields }, input);
const link = (operation: string, fields: IDataObject = {}) => env.webhooks({ resource: 'streamLink', operation, ...fields });
const ruleCalls = () => env.emulator.control.requests().filter((r) => r.path === '/2/tweets/search/stream/rules');

describe('filtered-stream rules', () => {
	it('adds one rule per item, lists them (by IDs, in pages), counts, deletes some and then all', async () => {
		const added = await rule('add', { value: '={{ $json.q }}', additionalFields: { tag: '={{ $json.tag }}' } }, [
			{ q: 'acme -is:retweet', tag: 'brand' },
			{ q: '"acme shoes"', tag: 'product' },
			{ q: 'acme -is:retweet', tag: 'again' },
		]);
		expect(added.error).toBeUndefined();
		const out = added.output().map((i) => i.json);
		expect(out[0]).toMatchObject({ id: expect.stringMatching(/^\d+$/), value: 'acme -is:retweet', tag: 'brand', summary: { created: 1 } });
		expect(out[1]).toMatchObject({ value: '"acme shoes"', tag: 'product' });
		// X refuses a duplicate in its answer (not an HTTP error): the item says so.
		expect(out[2]).toMatchObject({ summary: { created: 0, not_created: 1 }, errors: [expect.objectContaining({ title: 'DuplicateRule' })] });
		expect(JSON.parse(ruleCalls()[0].body)).toEqual({ add: [{ value: 'acme -is:retweet', tag: 'brand' }] });

		const dry = await rule('add', { value: 'boots', additionalFields: { dryRun: true } });
		expect(dry.output()[0].json).toMatchObject({ summary: { created: 0, valid: 1 } });
		expect(ruleCalls().at(-1)!.query).toBe('dry_run=true');
		expect(env.emulator.control.streamRules()).toHaveLength(2);

		const ids = env.emulator.control.streamRules().map((r) => r.id);
		expect((await rule('getAll', { returnAll: true })).output().map((i) => i.json.id)).toEqual(ids);
		const paged = await rule('getAll', { returnAll: false, limit: 1 });
		expect(paged.output()).toHaveLength(1);
		expect(new URLSearchParams(ruleCalls().at(-1)!.query).get('max_results')).toBe('1');
		expect((await rule('getAll', { returnAll: true, filters: { ids: ids[1] } })).output().map((i) => i.json.value)).toEqual(['"acme shoes"']);
		expect((await env.webhooks({ resource: 'streamRule', operation: 'getCounts' })).output()[0].json).toMatchObject({ project_rules_count: '2', cap_per_project: '1000' });

		const deleted = await rule('delete', { ids: ids[0] });
		expect(deleted.output()[0].json).toMatchObject({ summary: { deleted: 1, not_deleted: 0 } });
		expect(JSON.parse(ruleCalls().at(-1)!.body)).toEqual({ delete: { ids: [ids[0]] } });
		const all = await rule('deleteAll');
		expect(all.output()[0].json).toMatchObject({ summary: { deleted: 1 } });
		expect(ruleCalls().at(-1)!.query).toBe('delete_all=true');
		expect(env.emulator.control.streamRules()).toEqual([]);
	});

	it('refuses rule IDs that are not X\'s and over-long rules before sending', async () => {
		expect((await rule('delete', { ids: '123,abc' })).error?.message).toMatch(/Rule IDs \(ids\).*rule ID of 1 to 19 digits/);
		expect((await rule('add', { value: 'x'.repeat(2049) })).error?.message).toMatch(/Rule \(value\).*2048/);
		expect(ruleCalls()).toEqual([]);
	});
});

describe('stream links', () => {
	it('links a webhook to the filtered stream; matching posts reach it with their rules; unlinks', async () => {
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
		const webhookId = '1600000000000000002';
		(env.emulator.control.state().webhooks as unknown as Array<Record<string, unknown>>).push({ id: webhookId, url: 'https://example.com/posts', valid: true, created_at: new Date().toISOString() });
		expect((await link('create', { webhookId })).output()[0].json).toEqual({ webhook_id: webhookId, provisioned: true });
		expect((await link('getAll', { returnAll: true })).output().map((i) => i.json)).toEqual([expect.objectContaining({ webhook_id: webhookId })]);
		await rule('add', { value: 'acme' });
		const sent = await env.emulator.control.emitFilteredPost({ id: '1860000000000000009', text: 'New ACME shoes' });
		expect(JSON.parse(sent[0].body)).toMatchObject({ data: { id: '1860000000000000009', edit_history_tweet_ids: ['1860000000000000009'] }, matching_rules: [{ id: expect.any(String) }] });
		expect((await link('delete', { webhookId })).output()[0].json).toEqual({ webhook_id: webhookId, deleted: true });
		expect((await link('delete', { webhookId })).error).toMatchObject({ httpCode: '404' });
	});
});
