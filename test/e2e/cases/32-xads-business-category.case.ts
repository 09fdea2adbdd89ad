/**
 * X Ads "Advertiser Business Category > Get Many" in real n8n (spec document 03,
 * GET /advertiser_business_categories): not account-scoped, no parameters; the 16 categories of the
 * catalogue, one item each, with IAB codes of the form IAB<n> or IAB<n>-<m>.
 */
import { defineCase } from '../types';
import { chain, xAds } from '../workflows';

const NAMES = [
	'Consumer Packaged Goods',
	'Health & Pharma',
	'Alcohol',
	'Dining',
	'Financial Services',
	'Retail',
	'Travel',
	'Gaming',
	'Technology',
	'Telecommunication',
	'Auto',
	'Media & Entertainment',
	'Politics',
	'Gambling',
	'Dating',
	'Non-Profit',
];

export default defineCase({
	name: 'X Ads: advertiser business category get many (16 categories with IAB codes)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: chain(xAds('Business Categories', { resource: 'advertiserBusinessCategory', operation: 'getAll' })),
	expect: {
		status: 'success',
		node: 'Business Categories',
		itemCount: 16,
		items: NAMES.map((name) => ({ name })),
		everyItem: {
			id: /^\w+$/,
			iab_categories: (codes: unknown) => Array.isArray(codes) && codes.length > 0 && codes.every((c) => /^IAB\d+(-\d+)?$/.test(String(c))),
		},
		someItems: [{ name: 'Technology', iab_categories: ['IAB19'] }, { name: 'Retail', iab_categories: { $contains: 'IAB22' } }],
		emulator: {
			requestCount: 1,
			requests: [{ method: 'GET', base: 'ads', path: '/12/advertiser_business_categories', query: '', status: 200, headers: { authorization: 'OAuth' } }],
		},
	},
	check: (_ctx, result) => {
		const paired = result.execution!.items('Business Categories').map((i) => i.pairedItem?.item);
		if (paired.length !== 16 || paired.some((p) => p !== 0)) throw new Error(`every category should be paired with item 0, got ${JSON.stringify(paired)}`);
	},
});
