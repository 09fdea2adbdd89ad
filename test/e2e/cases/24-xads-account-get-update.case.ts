/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/** Account > Get (by ID, with industry_type) then Account > Update of name and industry type (PUT). */
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads account: Get, then Update name and industry type',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const id = ctx.emulator!.control.fixtures().production.accountId;
		return chain(
			xAds('Get', { resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value: id } }),
			xAds('Update', {
				resource: 'account',
				operation: 'update',
				account: { __rl: true, mode: 'list', value: '={{ $json.id }}' },
				updateFields: { name: 'Renamed – café', industryType: 'RETAIL' },
			}),
		);
	},
	expect: {
		outputs: {
			Get: { itemCount: 1, items: [{ id: { $type: 'string' }, deleted: false, industry_type: { $exists: true } }] },
			Update: { itemCount: 1, items: [{ name: 'Renamed – café', industry_type: 'RETAIL' }] },
		},
		emulator: {
			requests: [
				{ method: 'GET', path: /^\/12\/accounts\/\w+$/, status: 200, count: 1 },
				{ method: 'PUT', path: /^\/12\/accounts\/\w+$/, status: 200, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const id = ctx.emulator!.control.fixtures().production.accountId;
		const put = result.requests.find((r) => r.method === 'PUT')!;
		if (put.path !== `/12/accounts/${id}`) throw new Error(`PUT went to ${put.path}`);
		if (result.execution!.output('Update')[0].id !== id) throw new Error('Update answered another account');
		const stored = [...ctx.emulator!.control.state().ads.production.accounts.values()].find((r: any) => r.account.id === id) as any;
		if (stored.account.name !== 'Renamed – café' || stored.account.industry_type !== 'RETAIL') throw new Error(`emulator state: ${JSON.stringify(stored.account)}`);
	},
});
