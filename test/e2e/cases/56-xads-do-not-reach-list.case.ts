/**
 * X Ads "Do-Not-Reach List" in real n8n (X Ads catalog, audience and creative reference): Add Users from a Code node (emails and
 * phone numbers, one item without a phone), normalized and SHA-256 hashed before sending, one
 * operation per item in one batch request (/batch/accounts/.../users), with Expires At; Remove
 * Users (one email, written differently); then Delete of the list (list_size 2 left), and Delete
 * again, which fails with X's 404 and the not-found hint.
 */
import { createHash } from 'node:crypto';

import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, code, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const sha = (v: string) => createHash('sha256').update(v, 'utf8').digest('hex');
const USERS = /^\/12\/batch\/accounts\/\w+\/do_not_reach_lists\/\w+\/users$/;

export default defineCase({
	name: 'X Ads: do-not-reach list add users (hashed), remove users, delete, delete again (404)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const dnr = (name: string, parameters: Record<string, unknown>) =>
			xAds(name, {
				resource: 'doNotReachList',
				account: { __rl: true, mode: 'id', value: fx.accountId },
				doNotReachListId: fx.doNotReachListId,
				...parameters,
			});
		return chain(
			code('People', [{ email: ' A@X.com ', phone: '+44 20 7946 0958' }, { email: 'b@x.com', phone: '' }]),
			dnr('Add', {
				operation: 'addUsers',
				additionalFields: { email: '={{ $json.email }}', phoneNumber: '={{ $json.phone }}', expiresAt: '2099-01-01T00:00:00Z' },
			}),
			once(dnr('Remove', { operation: 'removeUsers', additionalFields: { email: 'a@x.COM' } })),
			once(dnr('Delete', { operation: 'delete' })),
			once(dnr('Delete again', { operation: 'delete' })),
		);
	},
	expect: {
		executedNodes: ['Start', 'People', 'Add', 'Remove', 'Delete', 'Delete again'],
		outputs: {
			Add: { itemCount: 2, everyItem: { status: 'OK', operation_type: 'Update', request: 1 } },
			Remove: { itemCount: 1, items: [{ status: 'OK', operation_type: 'Delete' }] },
			Delete: { itemCount: 1, items: [{ name: 'Opt-outs', deleted: true, list_size: 2 }] },
		},
		error: {
			node: 'Delete again',
			message: /^X answered 404 NOT_FOUND/,
			description: /^DELETE \/12\/accounts\/\w+\/do_not_reach_lists\/\w+\. Check the ID/,
			httpCode: '404',
		},
		emulator: {
			requestCount: 4,
			requests: [
				{ method: 'POST', base: 'ads', path: USERS, status: 200, headers: { 'content-type': /^application\/json/ }, count: 2 },
				{ method: 'DELETE', base: 'ads', path: /^\/12\/accounts\/\w+\/do_not_reach_lists\/\w+$/, status: 200, count: 1 },
				{ method: 'DELETE', base: 'ads', status: 404, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		assertMatch(ex.items('Add').map((i) => i.pairedItem), [{ item: 0 }, { item: 1 }], 'Add pairedItem');
		assertMatch(ex.output('Delete')[0].id, fx.doNotReachListId, 'deleted list');
		const [add, remove] = result.requests;
		assertMatch(add.path, `/12/batch/accounts/${fx.accountId}/do_not_reach_lists/${fx.doNotReachListId}/users`, 'batch path');
		assertMatch(
			JSON.parse(add.body),
			[
				{ operation_type: 'Update', params: { users: [{ email: [sha('a@x.com')], phone_number: [sha('442079460958')] }], expires_at: '2099-01-01T00:00:00Z' } },
				{ operation_type: 'Update', params: { users: [{ email: [sha('b@x.com')], phone_number: undefined }], expires_at: '2099-01-01T00:00:00Z' } },
			],
			'Add body: hashed, one operation per item',
		);
		assertMatch(JSON.parse(remove.body), [{ operation_type: 'Delete', params: { users: [{ email: [sha('a@x.com')] }] } }], 'Remove body');
		// The list is gone; its members were b@x.com and the phone number.
		const record = ctx.emulator!.control.state().ads.production.audiences.doNotReachLists.get(fx.doNotReachListId);
		assertMatch(record?.list.deleted, true, 'list deleted in the emulator');
		assertMatch(ctx.emulator!.control.doNotReachMembers(fx.doNotReachListId), { email: [sha('b@x.com')], phone_number: [sha('442079460958')] }, 'members left');
	},
});
