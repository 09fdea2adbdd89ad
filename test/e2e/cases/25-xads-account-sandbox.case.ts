/**
 * Create Sandbox Account and Delete Sandbox Account with a credential set to the sandbox
 * environment; the deleted account is then found only with "With Deleted".
 */
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads account: Create and Delete Sandbox Account (sandbox credential)',
	credentials: { sandbox: { type: 'xOAuth1Api', override: { environment: 'sandbox' } } },
	workflow: chain(
		xAds('Create', { resource: 'account', operation: 'createSandbox' }, { credential: '@sandbox' }),
		xAds('Delete', { resource: 'account', operation: 'deleteSandbox', account: '={{ $json.id }}' }, { credential: '@sandbox' }),
		xAds('Get Deleted', { resource: 'account', operation: 'get', account: '={{ $json.id }}', options: { withDeleted: true } }, { credential: '@sandbox' }),
		xAds('Get Without Deleted', { resource: 'account', operation: 'get', account: '={{ $json.id }}' }, { credential: '@sandbox', onError: 'continueRegularOutput' }),
	),
	expect: {
		executedNodes: ['Create', 'Delete', 'Get Deleted', 'Get Without Deleted'],
		outputs: {
			Create: { itemCount: 1, items: [{ id: { $type: 'string' }, approval_status: 'ACCEPTED', deleted: false }] },
			Delete: { itemCount: 1, items: [{ deleted: true }] },
			'Get Deleted': { itemCount: 1, items: [{ deleted: true }] },
			'Get Without Deleted': { itemCount: 1, items: [{ error: /404 NOT_FOUND/ }] },
		},
		emulator: {
			requests: [
				{ method: 'POST', base: 'adsSandbox', path: '/12/accounts', status: 200, count: 1 },
				{ method: 'DELETE', base: 'adsSandbox', path: /^\/12\/accounts\/\w+$/, status: 200, count: 1 },
			],
			none: [{ base: 'ads' }],
		},
	},
	check: (_ctx, result) => {
		const created = result.execution!.output('Create')[0].id;
		for (const node of ['Delete', 'Get Deleted']) {
			if (result.execution!.output(node)[0].id !== created) throw new Error(`${node} answered another account than the one created (${created})`);
		}
	},
});
