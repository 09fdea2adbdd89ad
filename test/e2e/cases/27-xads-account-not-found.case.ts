/** A bad account id: X's 404 NOT_FOUND surfaces with the request and a hint in the description. */
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads account: unknown account id -> NOT_FOUND error with the hint',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: chain(xAds('X Ads', { resource: 'account', operation: 'get', account: 'doesnotexist1' })),
	expect: {
		error: {
			node: 'X Ads',
			message: /X answered 404 NOT_FOUND/,
			description: (d: unknown) => /GET \/12\/accounts\/doesnotexist1/.test(String(d)) && /Check the ID/.test(String(d)),
			httpCode: '404',
		},
		emulator: { requests: [{ method: 'GET', path: '/12/accounts/doesnotexist1', status: 404, count: 1 }] },
	},
});
