/**
 * Custom audiences and do-not-reach lists through the engine against the emulator: custom audience
 * CRUD, batch (flexible audiences) and permissions; do-not-reach list list and create; the audience
 * and list pickers of the uploads; a plain text ID saved before the pickers existed still works.
 * https://docs.x.com/x-ads-api/audiences/reference
 */
import type { INodeParameters } from 'n8n-workflow';

import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, ads: ok } = suiteHelpers(env);
const CREDENTIAL = { xOAuth1Api: { id: 'xOAuth1Api', name: 'x' } };

const audience = (extra: INodeParameters): INodeParameters => ({ resource: 'customAudience', account: fx().accountId, ...extra });
const locator = (value: string) => ({ __rl: true, mode: 'list', value });

describe('Custom Audience', () => {
	it('lists the owned audiences (Search matches the start of the name), and the shared ones', async () => {
		const owned = await ok(audience({ operation: 'getAll', returnAll: true }));
		expect(owned.map((a) => a.name)).toEqual(['Past purchasers', 'Newsletter readers']);
		const found = await ok(audience({ operation: 'getAll', returnAll: true, filters: { q: 'news' } }));
		expect(found.map((a) => a.id)).toEqual([fx().targetableCustomAudienceId]);
		expect(found[0]).toMatchObject({ targetable: true, audience_size: 150, permission_level: 'READ_WRITE' });
		expect(Object.fromEntries(q(requests()[1].query))).toEqual({ q: 'news', count: '1000' });
		const shared = await ok(audience({ operation: 'getAll', returnAll: true, filters: { permissionScope: 'SHARED' } }));
		expect(shared.map((a) => [a.id, a.permission_level])).toEqual([[fx().sharedCustomAudienceId, 'READ_ONLY']]);
	});

	it('creates, gets, updates and deletes an audience; X refuses a name already used', async () => {
		const [created] = await ok(audience({ operation: 'create', name: 'Trial users', additionalFields: { description: 'Signed up this month' } }));
		expect(created).toMatchObject({ name: 'Trial users', description: 'Signed up this month', targetable: false, audience_type: 'CRM' });
		expect(Object.fromEntries(q(requests()[0].query))).toEqual({ name: 'Trial users', description: 'Signed up this month' });
		const id = String(created.id);
		const [got] = await ok(audience({ operation: 'get', customAudienceId: locator(id) }));
		expect(got.id).toBe(id);
		const [renamed] = await ok(audience({ operation: 'update', customAudienceId: locator(id), updateFields: { name: 'Trial users 2' } }));
		expect(renamed.name).toBe('Trial users 2');
		expect(requests().at(-1)!.method).toBe('PUT');
		const duplicate = await env.ads(audience({ operation: 'create', name: 'Newsletter readers' }));
		expect(String(duplicate.error?.message)).toMatch(/X answered 400 INVALID_PARAMETER: A custom audience named "Newsletter readers" already exists/);
		const [deleted] = await ok(audience({ operation: 'delete', customAudienceId: locator(id) }));
		expect(deleted).toMatchObject({ id, deleted: true });
	});

	it('creates flexible audiences in a batch of at most 10, one record per item', async () => {
		const segments = (name: string) => ({
			boolean_operator: 'AND',
			child_segments: [
				{ custom_audience_id: fx().targetableCustomAudienceId, lookback_window: 30, frequency: 1, frequency_comparator: 'NUM_GTE', child_segments: [] },
				{ custom_audience_id: fx().customAudienceId, negate: true, child_segments: [] },
			],
			...(name ? {} : {}),
		});
		const input = Array.from({ length: 11 }, (_, n) => ({ name: `Flex ${n}` }));
		const result = await env.ads(audience({
			operation: 'batch',
			operationType: 'Create',
			additionalFields: { name: '={{ $json.name }}', audienceType: 'FLEXIBLE', segments: JSON.stringify(segments('x')) },
		}), input);
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out.map((i) => i.json.name)).toEqual(input.map((i) => i.name));
		expect(out[0].json).toMatchObject({ audience_type: 'FLEXIBLE' });
		const posts = requests().filter((r) => r.method === 'POST');
		expect(posts.map((r) => (JSON.parse(r.body) as unknown[]).length)).toEqual([10, 1]);
		expect(JSON.parse(posts[0].body)[0]).toEqual({ operation_type: 'Create', params: { name: 'Flex 0', audience_type: 'FLEXIBLE', segments: segments('x') } });
	});

	it('refuses bad segments and missing operation fields before any request', async () => {
		const leaves = Array.from({ length: 11 }, (_, n) => ({ custom_audience_id: `a${n}` }));
		for (const [fields, message] of [
			[{ name: 'x', audienceType: 'FLEXIBLE', segments: JSON.stringify({ child_segments: leaves.slice(0, 2) }) }, /Segments \(segments\) segments.boolean_operator must be AND or OR/],
			[{ name: 'x', audienceType: 'FLEXIBLE', segments: JSON.stringify({ boolean_operator: 'OR', child_segments: leaves }) }, /holds 11 custom audiences; a flexible audience takes at most 10/],
			[{ name: 'x', audienceType: 'FLEXIBLE', segments: JSON.stringify({ custom_audience_id: 'a1', lookback_window: 3 }) }, /lookback_window must be one of 1, 7, 14, 30/],
			[{ name: 'x', audienceType: 'FLEXIBLE' }, /Segments \(segments\) is required for operation type Create/],
		] as Array<[INodeParameters, RegExp]>) {
			const result = await env.ads(audience({ operation: 'batch', operationType: 'Create', additionalFields: fields }));
			expect(String(result.error?.message)).toMatch(message);
		}
		const update = await env.ads(audience({ operation: 'update', customAudienceId: locator(fx().customAudienceId), updateFields: {} }));
		expect(String(update.error?.message)).toMatch(/Update Fields needs at least one field to change/);
		expect(requests()).toEqual([]);
	});

	it('lists, grants and revokes permissions; X keeps the changes to the owner', async () => {
		const outlet = env.emulator.control.state().ads.production.byUser.get(env.emulator.users[0].userId)![1].account.id;
		const [granted] = await ok(audience({ operation: 'createPermission', customAudienceId: locator(fx().targetableCustomAudienceId), grantedAccountId: outlet, permissionLevel: 'READ_WRITE' }));
		expect(granted).toMatchObject({ custom_audience_id: fx().targetableCustomAudienceId, granted_account_id: outlet, permission_level: 'READ_WRITE' });
		expect(Object.fromEntries(q(requests()[0].query))).toEqual({ granted_account_id: outlet, permission_level: 'READ_WRITE' });
		const listed = await ok(audience({ operation: 'getPermissions', customAudienceId: locator(fx().targetableCustomAudienceId), returnAll: true }));
		expect(listed.map((p) => p.id)).toEqual([granted.id]);
		const [revoked] = await ok(audience({ operation: 'deletePermission', customAudienceId: locator(fx().targetableCustomAudienceId), customAudiencePermissionId: String(granted.id) }));
		expect(revoked.deleted).toBe(true);
		const foreign = await env.ads(audience({ operation: 'createPermission', customAudienceId: locator(fx().sharedCustomAudienceId), grantedAccountId: outlet, permissionLevel: 'READ_ONLY' }));
		expect(String(foreign.error?.message)).toMatch(/X answered 403 UNAUTHORIZED_ACCESS/);
		const self = await env.ads(audience({ operation: 'createPermission', customAudienceId: locator(fx().customAudienceId), grantedAccountId: fx().accountId, permissionLevel: 'READ_ONLY' }));
		expect(String(self.error?.message)).toMatch(/Granted Account ID \(granted_account_id\) must be another account than the owning one/);
	});

	it('picks the audience of an upload from a list searched by name', async () => {
		const found = await env.harness.listSearch('n8n-nodes-x-ads.xAds', 'searchCustomAudiences', CREDENTIAL, 'past', undefined, { authentication: 'xOAuth1Api', resource: 'customAudience', operation: 'addUsers', account: fx().accountId });
		expect(found.results).toEqual([{ name: `Past purchasers (${fx().customAudienceId})`, value: fx().customAudienceId }]);
		expect(q(requests()[0].query).get('q')).toBe('past');
	});

	it('uploads users with the audience given as a locator, and as the plain text ID a saved workflow holds', async () => {
		for (const customAudienceId of [locator(fx().customAudienceId), fx().customAudienceId]) {
			env.emulator.control.clearRequests();
			const out = await ok(audience({ operation: 'addUsers', customAudienceId, additionalFields: { email: 'a@example.com' } }));
			expect(out).toEqual([expect.objectContaining({ status: 'OK' })]);
			expect(requests()[0].path).toBe(`/12/accounts/${fx().accountId}/custom_audiences/${fx().customAudienceId}/users`);
		}
		const bad = await env.ads(audience({ operation: 'addUsers', customAudienceId: 'not an id', additionalFields: { email: 'a@example.com' } }));
		expect(String(bad.error?.message)).toMatch(/Custom Audience \(custom_audience_id\) must be a custom audience ID/);
	});
});

describe('Do-Not-Reach List', () => {
	const list = (extra: INodeParameters): INodeParameters => ({ resource: 'doNotReachList', account: fx().accountId, ...extra });

	it('lists the account\'s list; X refuses a second one and creates one after the first is deleted', async () => {
		const lists = await ok(list({ operation: 'getAll' }));
		expect(lists.map((l) => l.id)).toEqual([fx().doNotReachListId]);
		expect(requests()[0].query).toBe('');
		const second = await env.ads(list({ operation: 'create', additionalFields: { description: 'Opt-outs 2' } }));
		expect(String(second.error?.message)).toMatch(/X answered 400 INVALID_PARAMETER: .*at most one/);
		await ok(list({ operation: 'delete', doNotReachListId: fx().doNotReachListId }));
		const [created] = await ok(list({ operation: 'create', additionalFields: { description: 'A list of users to exclude' } }));
		expect(created).toMatchObject({ name: 'Do Not Reach List', description: 'A list of users to exclude', deleted: false });
		const withDeleted = await ok(list({ operation: 'getAll', options: { withDeleted: true } }));
		expect(withDeleted).toHaveLength(2);
	});

	it('picks the list of an upload from the account\'s lists; a plain text ID still works', async () => {
		const found = await env.harness.listSearch('n8n-nodes-x-ads.xAds', 'searchDoNotReachLists', CREDENTIAL, undefined, undefined, { authentication: 'xOAuth1Api', resource: 'doNotReachList', operation: 'addUsers', account: fx().accountId });
		expect(found.results).toEqual([{ name: `Opt-outs (${fx().doNotReachListId})`, value: fx().doNotReachListId }]);
		for (const doNotReachListId of [locator(fx().doNotReachListId), fx().doNotReachListId]) {
			const out = await ok(list({ operation: 'addUsers', doNotReachListId, additionalFields: { email: 'a@example.com' } }));
			expect(out).toEqual([expect.objectContaining({ status: 'OK' })]);
		}
		expect(env.emulator.control.doNotReachMembers(fx().doNotReachListId).email).toHaveLength(1);
	});
});
