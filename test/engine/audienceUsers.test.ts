/**
 * Audiences (X Ads catalog, audience and creative reference) through the engine against the emulator: tailored audience
 * permissions (version 5), custom audience targeting, loading users into custom audiences and
 * do-not-reach lists (normalized, hashed, packed under X's limits, count-checked), and the input
 * rules of identifiers (refused before any request).
 */
import { createHash } from 'node:crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, paired, ads: ok } = suiteHelpers(env);

const sha = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const members = () => env.emulator.control.audienceMembers(fx().customAudienceId);
const sorted = (values: string[]) => [...values].sort();


const audienceUsers = (operation: 'addUsers' | 'removeUsers', extra: INodeParameters = {}): INodeParameters => ({
	resource: 'customAudience',
	operation,
	account: fx().accountId,
	customAudienceId: fx().customAudienceId,
	additionalFields: { email: '={{ $json.email }}' },
	...extra,
});

const batchPosts = () => requests().filter((r) => r.method === 'POST' && r.path.endsWith('/users'));

describe('Tailored Audience Permission (version 5)', () => {
	const base = () => ({ resource: 'tailoredAudiencePermission', account: fx().accountId, tailoredAudienceId: fx().tailoredAudienceId });

	it('lists, creates and deletes permissions on the version 5 path', async () => {
		const listed = await ok({ ...base(), operation: 'getAll', returnAll: true });
		expect(listed.map((p) => p.id)).toEqual([fx().tailoredAudiencePermissionId]);
		expect(requests()[0].path).toBe(`/5/accounts/${fx().accountId}/tailored_audiences/${fx().tailoredAudienceId}/permissions`);
		expect(q(requests()[0].query).get('count')).toBe('1000');

		const outlet = env.emulator.control.state().ads.production.byUser.get(env.emulator.users[0].userId)![1].account.id;
		const [created] = await ok({ ...base(), operation: 'create', grantedAccountId: outlet, permissionLevel: 'READ_WRITE' });
		expect(created).toMatchObject({ tailored_audience_id: fx().tailoredAudienceId, granted_account_id: outlet, permission_level: 'READ_WRITE', deleted: false });
		const post = requests().at(-1)!;
		expect(post.path.startsWith('/5/')).toBe(true);
		expect(Object.fromEntries(q(post.query))).toEqual({ granted_account_id: outlet, permission_level: 'READ_WRITE' });

		const filtered = await ok({ ...base(), operation: 'getAll', returnAll: false, limit: 5, filters: { grantedAccountIds: outlet, sortBy: 'created_at-desc', withTotalCount: true } });
		expect(filtered).toEqual([expect.objectContaining({ id: created.id, total_count: 1 })]);
		const sent = q(requests().at(-1)!.query);
		expect(sent.get('granted_account_ids')).toBe(outlet);
		expect(sent.get('count')).toBe('5');

		const [deleted] = await ok({ ...base(), operation: 'delete', tailoredAudiencePermissionId: String(created.id) });
		expect(deleted).toMatchObject({ id: created.id, deleted: true });
		const after = await ok({ ...base(), operation: 'getAll', returnAll: true });
		expect(after.map((p) => p.id)).toEqual([fx().tailoredAudiencePermissionId]);
	});

	it('leaves out an id filter that holds only separators', async () => {
		await ok({ ...base(), operation: 'getAll', returnAll: true, filters: { grantedAccountIds: ' , ', tailoredAudiencePermissionIds: ',' } });
		expect(Object.fromEntries(q(requests()[0].query))).toEqual({ count: '1000' });
	});

	it('surfaces X\'s refusal when the account does not own the audience', async () => {
		const result = await env.ads({ ...base(), tailoredAudienceId: fx().foreignTailoredAudienceId, operation: 'create', grantedAccountId: fx().accountId, permissionLevel: 'READ_ONLY' });
		expect(result.error?.message).toMatch(/X answered 403 UNAUTHORIZED_ACCESS/);
	});
});

describe('Custom Audience: targeting', () => {
	it('lists the campaigns targeting the audience, only servable line items unless Only Active is off', async () => {
		const active = await ok({ resource: 'customAudience', operation: 'getTargeted', account: fx().accountId, customAudienceId: fx().customAudienceId, returnAll: true });
		expect(active.map((e) => e.campaign_name)).toEqual(['Spring Sale', 'App Installs']);
		expect(active[0].line_items).toEqual([{ id: fx().lineItems.engagements, name: 'Spring Engagements', servable: true }]);
		expect(requests()[0].query).toBe('');

		const all = await ok({ resource: 'customAudience', operation: 'getTargeted', account: fx().accountId, customAudienceId: fx().customAudienceId, returnAll: true, filters: { withActive: false } });
		expect((all[0].line_items as IDataObject[]).map((l) => [l.id, l.servable])).toEqual([[fx().lineItems.engagements, true], [fx().lineItems.reach, false]]);
		expect(q(requests().at(-1)!.query).get('with_active')).toBe('false');
	});
});

describe('Custom Audience: users', () => {
	it('uploads ~6,000 emails in 3 requests of at most 2,500 operations and ends with exactly those hashes; removing them empties it', async () => {
		const emails = Array.from({ length: 6001 }, (_, i) => ({ email: `  User.${i}@Example.COM ` }));
		const expected = emails.map((e) => sha(String(e.email).trim().toLowerCase()));

		const added = await env.ads(audienceUsers('addUsers'), emails);
		expect(added.error).toBeUndefined();
		const out = added.output();
		expect(out).toHaveLength(6001);
		expect(out.every((i) => i.json.status === 'OK' && i.json.operation_type === 'Update')).toBe(true);
		expect(paired(out)).toEqual(emails.map((_, i) => i));
		const posts = batchPosts();
		expect(posts).toHaveLength(3);
		const bodies = posts.map((r) => JSON.parse(r.body) as Array<{ operation_type: string; params: { users: IDataObject[] } }>);
		expect(bodies.map((b) => b.length).sort((a, b) => b - a)).toEqual([2500, 2500, 1001]);
		expect(posts.every((r) => /application\/json/.test(r.headers['content-type']) && Buffer.byteLength(r.body) <= 5_000_000)).toBe(true);
		expect(bodies[0][0]).toEqual({ operation_type: 'Update', params: { users: [{ email: [expect.stringMatching(/^[0-9a-f]{64}$/)] }] } });
		expect(sorted(members().email)).toEqual(sorted(expected));

		env.emulator.control.clearRequests();
		const removed = await env.ads(audienceUsers('removeUsers'), emails);
		expect(removed.output().every((i) => i.json.status === 'OK' && i.json.operation_type === 'Delete')).toBe(true);
		expect(batchPosts()).toHaveLength(3);
		expect(members().email).toEqual([]);
	});

	it('sends a request again when X\'s counts do not match, and ends exact', async () => {
		env.emulator.control.injectAudienceCountMismatch(1);
		const input = Array.from({ length: 10 }, (_, i) => ({ email: `m${i}@example.com` }));
		const result = await env.ads(audienceUsers('addUsers', { audienceOutput: 'requests' }), input);
		expect(result.error).toBeUndefined();
		const [summary] = result.output();
		expect(summary.json).toMatchObject({ request: 1, operations: 10, success_count: 10, total_count: 10, expected: 10, attempts: 2 });
		expect(batchPosts()).toHaveLength(2);
		expect(batchPosts()[0].body).toBe(batchPosts()[1].body);
		expect(sorted(members().email)).toEqual(sorted(input.map((e) => sha(e.email))));
		expect(env.harness.logs.some((l) => /counted 9 of 10 for 10 sent/.test(String(l.message)))).toBe(true);
	});

	it('fails the items of a request whose counts stay wrong after the retries', async () => {
		env.emulator.control.injectAudienceCountMismatch(10);
		const result = await env.ads(audienceUsers('addUsers'), [{ email: 'a@example.com' }, { email: 'b@example.com' }], { continueOnFail: true });
		const out = result.output();
		expect(out).toHaveLength(2);
		expect(out.every((i) => /X counted 0 of 1 records|X counted 1 of 2 records/.test(String(i.json.error)))).toBe(true);
		expect(batchPosts()).toHaveLength(4);
		expect(members().email).toEqual([]);
	});

	it('outputs one summary per request, paired with the items it carried', async () => {
		const input = Array.from({ length: 2600 }, (_, i) => ({ email: `s${i}@example.com` }));
		const result = await env.ads(audienceUsers('addUsers', { audienceOutput: 'requests' }), input);
		const out = result.output();
		expect(out.map((i) => i.json)).toEqual([
			{ request: 1, operations: 2500, success_count: 2500, total_count: 2500, expected: 2500, operation_errors: 0, attempts: 1 },
			{ request: 2, operations: 100, success_count: 100, total_count: 100, expected: 100, operation_errors: 0, attempts: 1 },
		]);
		expect((out[0].pairedItem as Array<{ item: number }>).map((p) => p.item)).toEqual(input.slice(0, 2500).map((_, i) => i));
		expect((out[1].pairedItem as Array<{ item: number }>).map((p) => p.item)).toEqual(input.slice(2500).map((_, i) => i + 2500));
	});

	it('packs by bytes under X\'s 5,000,000 byte limit, and fails only an item too large on its own', async () => {
		const big = (i: number) => `p${i}-${'x'.repeat(490_000)}`;
		const input = [...Array.from({ length: 12 }, (_, i) => ({ id: big(i) })), { id: 'y'.repeat(5_000_000) }];
		const result = await env.ads(audienceUsers('addUsers', { additionalFields: { partnerUserId: '={{ $json.id }}' } }), input, { continueOnFail: true });
		const out = result.output();
		expect(out).toHaveLength(13);
		expect(out.slice(0, 12).every((i) => i.json.status === 'OK')).toBe(true);
		expect(out[12].json.error).toMatch(/^Item 12: its identifiers alone exceed X's 5000000 byte request limit/);
		// The two requests are in flight together: order them by size.
		const posts = batchPosts().sort((x, y) => y.body.length - x.body.length);
		expect(posts.map((r) => (JSON.parse(r.body) as unknown[]).length)).toEqual([10, 2]);
		expect(posts.every((r) => Buffer.byteLength(r.body) <= 5_000_000)).toBe(true);
		// The first request is full: one more operation would have broken the limit.
		expect(Buffer.byteLength(posts[0].body) + Buffer.byteLength(JSON.stringify(JSON.parse(posts[1].body)[0])) + 1).toBeGreaterThan(5_000_000);
		expect(members().partner_user_id).toHaveLength(12);
	});

	it('normalizes and hashes every identifier type (X\'s handle vector), keeps hashes and partner ids as they are', async () => {
		const prehashed = sha('already@example.com');
		const [item] = await ok(
			audienceUsers('addUsers', {
				additionalFields: {
					email: '={{ $json.emails }}',
					handle: '@AdsAPI',
					phoneNumber: '+1 (555) 123-4567',
					twitterId: '0012345',
					deviceId: 'AEBE52E7-03EE-455A-B3C4-E57283966239, 38400000-8cf0-11bd-b23e-10b96e40000d-x',
					partnerUserId: 'CRM-42',
					effectiveAt: '2026-01-01T00:00:00Z',
					expiresAt: '2027-01-01T00:00:00Z',
				},
			}),
			[{ emails: ['Jane@Example.com', prehashed.toUpperCase()] }],
		);
		expect(item).toMatchObject({ status: 'OK' });
		const [op] = JSON.parse(batchPosts()[0].body);
		expect(op.params).toEqual({
			users: [
				{
					email: [sha('jane@example.com'), prehashed],
					phone_number: [sha('15551234567')],
					handle: ['49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d'],
					twitter_id: [sha('12345')],
					device_id: [sha('aebe52e7-03ee-455a-b3c4-e57283966239'), sha('38400000-8cf0-11bd-b23e-10b96e40000d-x')],
					partner_user_id: ['CRM-42'],
				},
			],
			effective_at: '2026-01-01T00:00:00Z',
			expires_at: '2027-01-01T00:00:00Z',
		});
		expect(members()).toMatchObject({ handle: ['49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d'], partner_user_id: ['CRM-42'] });
	});

	it('with continueOnFail a bad identifier becomes an error item, the others are uploaded', async () => {
		const result = await env.ads(audienceUsers('addUsers'), [{ email: 'ok1@example.com' }, { email: 'not-an-email' }, { email: 'ok2@example.com' }], { continueOnFail: true });
		const out = result.output();
		expect(out).toHaveLength(3);
		expect(out[1].json.error).toMatch(/^Item 1: Email \(email\) is not an email address \("not-an-email"\)/);
		expect([out[0].json.status, out[2].json.status]).toEqual(['OK', 'OK']);
		expect(paired(out)).toEqual([0, 1, 2]);
		expect(JSON.parse(batchPosts()[0].body)).toHaveLength(2);
		expect(sorted(members().email)).toEqual(sorted([sha('ok1@example.com'), sha('ok2@example.com')]));
	});
});

describe('Do-Not-Reach List', () => {
	const dnr = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'doNotReachList',
		operation,
		account: fx().accountId,
		doNotReachListId: fx().doNotReachListId,
		...extra,
	});

	it('adds and removes hashed emails and phone numbers, then deletes the list', async () => {
		const input = [{ email: 'A@x.com', phone: '+44 20 7946 0958' }, { email: 'b@x.com', phone: '' }];
		const added = await ok(dnr('addUsers', { additionalFields: { email: '={{ $json.email }}', phoneNumber: '={{ $json.phone }}', expiresAt: '2099-01-01T00:00:00Z' } }), input);
		expect(added.map((i) => i.status)).toEqual(['OK', 'OK']);
		const [post] = batchPosts();
		expect(post.path).toBe(`/12/batch/accounts/${fx().accountId}/do_not_reach_lists/${fx().doNotReachListId}/users`);
		expect(JSON.parse(post.body)[0]).toEqual({ operation_type: 'Update', params: { users: [{ email: [sha('a@x.com')], phone_number: [sha('442079460958')] }], expires_at: '2099-01-01T00:00:00Z' } });
		expect(env.emulator.control.doNotReachMembers(fx().doNotReachListId)).toEqual({ email: [sha('a@x.com'), sha('b@x.com')], phone_number: [sha('442079460958')] });

		await ok(dnr('removeUsers', { additionalFields: { email: '={{ $json.email }}' } }), [{ email: 'a@x.com' }]);
		expect(env.emulator.control.doNotReachMembers(fx().doNotReachListId).email).toEqual([sha('b@x.com')]);

		const [deleted] = await ok(dnr('delete'));
		expect(deleted).toMatchObject({ id: fx().doNotReachListId, name: 'Opt-outs', deleted: true, list_size: 2 });
		const again = await env.ads(dnr('delete'));
		expect(again.error?.message).toMatch(/X answered 404 NOT_FOUND/);
	});

	it('sends a do-not-reach request again on a count mismatch', async () => {
		env.emulator.control.injectAudienceCountMismatch(1);
		const out = await ok(dnr('addUsers', { additionalFields: { email: '={{ $json.email }}' }, audienceOutput: 'requests' }), [{ email: 'a@x.com' }, { email: 'b@x.com' }]);
		expect(out).toEqual([expect.objectContaining({ success_count: 2, total_count: 2, attempts: 2 })]);
		expect(env.emulator.control.doNotReachMembers(fx().doNotReachListId).email).toHaveLength(2);
	});
});

describe('input rules (refused before any request)', () => {
	it('an empty entry of a comma list is dropped, not sent', async () => {
		await ok(audienceUsers('addUsers', { additionalFields: { email: 'a@example.com, ,b@example.com' } }));
		expect(JSON.parse(batchPosts()[0].body)[0].params.users[0].email).toEqual([sha('a@example.com'), sha('b@example.com')]);
	});

	it('an invalid identifier in the middle of a large upload stops the run before anything is sent', async () => {
		const input = Array.from({ length: 2600 }, (_, i) => ({ email: i === 2550 ? 'broken@' : `u${i}@example.com` }));
		const result = await env.ads(audienceUsers('addUsers'), input);
		expect(result.error?.message).toMatch(/^Item 2550: Email \(email\) is not an email address \("broken@"\)/);
		expect(requests()).toHaveLength(0);
		expect(members().email).toEqual([]);
	});
});

describe('identifiers mapped automatically from the item JSON', () => {
	it('takes identifiers and times from each item, never the account or audience from the item', async () => {
		const fx = env.emulator.control.fixtures().production;
		const result = await env.ads(
			{
				resource: 'customAudience',
				operation: 'addUsers',
				account: fx.accountId,
				customAudienceId: fx.customAudienceId,
				identifierMapping: 'auto',
			},
			[
				{ email: ' Auto.One@Example.com ', account_id: 'someoneelse', custom_audience_id: 'other' },
				{ phone_number: '+1 (555) 010-2000', expires_at: '2030-01-01T00:00:00Z' },
				{ unrelated: 'no identifiers' },
			],
			{ continueOnFail: true },
		);
		const out = result.output();
		expect(out.map((i) => i.json.status ?? 'error')).toEqual(['OK', 'OK', 'error']);
		expect(String(out[2].json.error)).toMatch(/^Item 2: Identifiers needs at least one value/);
		const members = env.emulator.control.audienceMembers(fx.customAudienceId);
		const sha = (s: string) => createHash('sha256').update(s).digest('hex');
		expect(members.email).toContain(sha('auto.one@example.com'));
		expect(members.phone_number).toContain(sha('15550102000'));
		const posts = env.emulator.control.requests().filter((r) => r.method === 'POST');
		expect(posts).toHaveLength(1);
		expect(posts[0].path).toBe(`/12/accounts/${fx.accountId}/custom_audiences/${fx.customAudienceId}/users`);
	});
});
