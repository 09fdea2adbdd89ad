/**
 * X Webhooks > Stream Rule and Stream Link through n8n-core's engine against the emulator: rules
 * added one per item (dry run, duplicates refused by X), listed by ID and page, deleted, counted;
 * a webhook linked to the filtered stream, listed and unlinked.
 */
import type { IDataObject } from 'n8n-workflow';

import { engineSuite, hostileXFor } from './env';
import { served, triggerHarness, triggerWorkflow } from './triggerSources';

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

describe('X Trigger, filtered-stream source', () => {
	const cleanups: Array<() => Promise<unknown>> = [];
	afterEach(async () => {
		while (cleanups.length) await cleanups.pop()!();
	});

	it('adds the listed rules and links its webhook; posts matching them (and each edit) are emitted once, posts of the App\'s other rules are not; deactivation removes rules, link and webhook', async () => {
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
		const harness = triggerHarness(env.emulator);
		// A rule the App had before: not the trigger's to delete.
		await rule('add', { value: 'unrelated' });
		// events: saved with a kind of another source, it drops nothing here (all posts are post.match).
		const target = triggerWorkflow({ source: 'filteredStream', rules: { rule: [{ value: 'acme', tag: 'brand' }] }, events: ['post.create'] });
		const server = await served(harness, target, cleanups);
		await harness.activate(target);
		const [hook] = env.emulator.control.state().webhooks;
		expect(env.emulator.control.streamRules().map((r) => r.value)).toEqual(['unrelated', 'acme']);
		expect(env.emulator.control.streamLinks()).toEqual([expect.objectContaining({ webhook_id: hook.id })]);

		const original = { id: '1860000000000000031', text: 'I love my ACME shoes' };
		await env.emulator.control.emitFilteredPost(original);
		await env.emulator.control.emitFilteredPost(original); // a retry
		await env.emulator.control.emitFilteredPost({ id: '1860000000000000032', text: 'I love my ACME shoes!', edit_history_tweet_ids: ['1860000000000000031', '1860000000000000032'] });
		await env.emulator.control.emitFilteredPost({ id: '1860000000000000033', text: 'nothing to see' });
		// X sends the linked webhook the posts of every rule of the App: this one matches only the rule that was there before.
		await env.emulator.control.emitFilteredPost({ id: '1860000000000000034', text: 'an unrelated post' });
		await server.settled();
		expect(env.emulator.control.deliveries().filter((d) => d.body.includes('1860000000000000034'))).toHaveLength(1);
		const emitted = server.executions.flatMap((e) => e.execution!.output().map((i) => i.json));
		// An id beyond 2^53 keeps its digits; the edit is a new post id, with its history.
		expect(emitted.map((i) => i.event_id)).toEqual(['1860000000000000031', '1860000000000000032']);
		expect(emitted[1]).toMatchObject({ event_type: 'post.match', payload: { data: { edit_history_tweet_ids: ['1860000000000000031', '1860000000000000032'] }, matching_rules: [{ tag: 'brand' }] } });

		expect((await harness.deactivate(target)).error).toBeUndefined();
		expect(env.emulator.control.streamRules().map((r) => r.value)).toEqual(['unrelated']);
		expect(env.emulator.control.streamLinks()).toEqual([]);
		expect(env.emulator.control.state().webhooks).toEqual([]);
	});

	it('a webhook delivery whose matching_rules are missing, not a list, nulls or another rule\'s: acknowledged, not emitted; this rule\'s id after a null: emitted', async () => {
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
		const harness = triggerHarness(env.emulator);
		const target = triggerWorkflow({ source: 'filteredStream', rules: { rule: [{ value: 'acme', tag: 'brand' }] } });
		const server = await served(harness, target, cleanups);
		await harness.activate(target);
		const ours = env.emulator.control.streamRules().find((r) => r.value === 'acme')!.id;
		const post = (n: number, matchingRules: unknown) => ({ data: { id: `18600000000000001${n}`, text: 'acme', edit_history_tweet_ids: [`18600000000000001${n}`] }, matching_rules: matchingRules });
		const answers = [
			...(await env.emulator.control.deliverEvent(server.url, post(1, undefined))),
			...(await env.emulator.control.deliverEvent(server.url, post(2, { id: ours }))),
			...(await env.emulator.control.deliverEvent(server.url, post(3, [null, 7, 'x']))),
			...(await env.emulator.control.deliverEvent(server.url, post(4, [{ id: '99999', tag: 'brand' }]))),
			...(await env.emulator.control.deliverEvent(server.url, post(5, [null, { id: ours, tag: 'brand' }]))),
		];
		await server.settled();
		expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
		const emitted = server.executions.flatMap((e) => e.execution!.output().map((i) => i.json.event_id));
		expect(emitted).toEqual(['186000000000000015']);
		expect((await harness.deactivate(target)).error).toBeUndefined();
	});

	it('refuses an activation without rules before anything is created', async () => {
		const harness = triggerHarness(env.emulator);
		const target = triggerWorkflow({ source: 'filteredStream' });
		await served(harness, target, cleanups);
		await expect(harness.activate(target)).rejects.toThrow(/at least one rule/);
		expect(env.emulator.control.requests().filter((r) => r.method !== 'GET')).toEqual([]);
	});
});

describe("X's refusals of rules: X's reason first, the rule cut (issue 36)", () => {
	const cleanups: Array<() => Promise<unknown>> = [];
	const hostileX = hostileXFor(env);
	afterEach(async () => {
		while (cleanups.length) await cleanups.pop()!();
	});
	const longRule = `(${'brand OR '.repeat(120)}n8n) lang:en`;
	const reason = 'Rules must contain a non-negation term (at position 1)';

	it('Stream Rule > Add: a 400 whose reason sits in errors[].details names that reason, not "no message"', async () => {
		hostileX.x.set('errors', { shape: 'v2Details' });
		hostileX.route();
		const result = await rule('add', { value: 'acme' });
		const message = String(result.error?.message);
		expect(message).toMatch(new RegExp(`^X answered 400 invalid-request: X's reason ${hostileX.x.reasons[0]}`));
		expect(message).not.toContain('no message');
		expect(message).not.toContain('brand OR brand OR brand OR brand OR');
	});

	it("X Trigger: a refused rule of 1,100 characters fails the activation with X's reason first and the rule cut", async () => {
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
		hostileX.x.set(undefined, {
			rewrite: (request, value) =>
				request.method === 'POST' && request.path.endsWith('/2/tweets/search/stream/rules')
					? { errors: [{ value: longRule, details: [reason], title: 'UnprocessableEntity', type: 'https://api.x.com/2/problems/invalid-rules' }], meta: { sent: new Date().toISOString(), summary: { created: 0, not_created: 1, valid: 0, invalid: 1 } } }
					: value,
		});
		const harness = triggerHarness(env.emulator);
		harness.setCredentialData('xAppOnlyApi', { ...harness.credentialData('xAppOnlyApi'), apiBaseUrl: `${hostileX.x.root}/api` });
		const target = triggerWorkflow({ source: 'filteredStream', rules: { rule: [{ value: longRule, tag: 'brand' }] } });
		await served(harness, target, cleanups);
		const failure = (await harness.activate(target).then(() => undefined, (error: Error) => error))!;
		expect(failure.message).toMatch(new RegExp(`^X refused a rule under Rules: ${reason.replace(/[()]/g, '\\$&')} \\(UnprocessableEntity\\), in the rule "\\(brand OR brand`));
		expect(failure.message.length).toBeLessThan(400);
		expect(failure.message).not.toContain(longRule);
	});
});
