/**
 * "On Error: Continue" (continueOnFail): a good id, an invalid id (refused before sending), an
 * unknown id (404 from X) and the good id again -> 4 items, errors in place, all paired.
 */
import { defineCase } from '../types';
import { chain, code, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads account: continueOnFail keeps good items and returns error items for bad ones',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const id = ctx.emulator!.control.fixtures().production.accountId;
		return chain(
			code('Ids', [{ id }, { id: 'bad id' }, { id: 'missing00' }, { id }]),
			xAds('X Ads', { resource: 'account', operation: 'get', account: '={{ $json.id }}' }, { onError: 'continueRegularOutput' }),
		);
	},
	expect: {
		status: 'success',
		node: 'X Ads',
		itemCount: 4,
		items: [
			{ id: { $type: 'string' } },
			{ error: /Item 1: Account \(account_id\) must be/ },
			{ httpCode: '404', xCode: 'NOT_FOUND' },
			{ id: { $type: 'string' } },
		],
		emulator: {
			requests: [
				{ method: 'GET', path: '/12/accounts/missing00', status: 404, count: 1 },
				{ method: 'GET', path: /^\/12\/accounts\/\w+$/, status: 200, count: 2 },
			],
			none: [{ path: /bad/ }],
		},
	},
	check: (ctx, result) => {
		const id = ctx.emulator!.control.fixtures().production.accountId;
		const items = result.execution!.items('X Ads');
		const paired = items.map((i) => i.pairedItem?.item ?? i.pairedItem);
		if (JSON.stringify(paired) !== '[0,1,2,3]') throw new Error(`pairedItem: expected [0,1,2,3], got ${JSON.stringify(paired)}`);
		if (items[0].json.id !== id || items[3].json.id !== id) throw new Error('the good items must carry the account');
	},
});
