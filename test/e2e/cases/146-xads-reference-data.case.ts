/**
 * X Ads reference data in real n8n, no account needed (https://docs.x.com/x-ads-api/campaign-management/reference):
 * IAB categories (Limit 3, sent as count), content categories, bidding rules of USD, publishers.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

export default defineCase({
	name: 'X Ads: IAB categories, content categories, bidding rules, publishers',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: () =>
		chain(
			once(xAds('IAB', { resource: 'iabCategory', operation: 'getAll', returnAll: false, limit: 3 })),
			once(xAds('Content', { resource: 'contentCategory', operation: 'getAll', returnAll: true })),
			once(xAds('Bidding', { resource: 'biddingRule', operation: 'getAll', returnAll: true, options: { currency: 'USD' } })),
			once(xAds('Publishers', { resource: 'publisher', operation: 'getAll', returnAll: true })),
		),
	expect: {
		executedNodes: ['Start', 'IAB', 'Content', 'Bidding', 'Publishers'],
		outputs: {
			IAB: { itemCount: 3, items: [{ id: 'IAB1', parent_id: null }, { id: 'IAB1-1', parent_id: 'IAB1' }, { id: 'IAB1-2' }] },
			Content: { itemCount: 4, items: [{ id: 'ru', iab_categories: ['IAB2'] }, { id: 'sm' }, { id: 'so' }, { id: 'se' }] },
			Bidding: { itemCount: 1, items: [{ currency: 'USD', minimum_cpe_bid_local_micro: 10000 }] },
			Publishers: { itemCount: 3, items: [{ username: 'acme_racing_tv', user_id: '1353868435021721602' }, { username: 'kitchen_clips' }, { username: 'matchday_live' }] },
		},
		emulator: {
			requestCount: 4,
			requests: [
				{ method: 'GET', base: 'ads', path: '/12/iab_categories', status: 200 },
				{ method: 'GET', base: 'ads', path: '/12/content_categories', status: 200 },
				{ method: 'GET', base: 'ads', path: '/12/bidding_rules', status: 200 },
				{ method: 'GET', base: 'ads', path: '/12/publishers', status: 200 },
			],
		},
	},
	check: (_ctx, result) => {
		assertMatch(Object.fromEntries(queryOf(result.requests[0].query)), { count: '3' }, 'limit sent as count');
		assertMatch(Object.fromEntries(queryOf(result.requests[2].query)), { currency: 'USD' }, 'currency sent');
	},
});
