/**
 * X Ads "Placement > Get Many" in real n8n (spec document 03, GET /line_items/placements): one item
 * per product type with its valid placement combinations; the Product Type option narrows it to one
 * (product_type sent); a product type from an expression that is not in the enum is refused before
 * anything is sent.
 */
import { defineCase } from '../types';
import { chain, once, xAds } from '../workflows';

const placements = (name: string, parameters: Record<string, unknown>) => once(xAds(name, { resource: 'placement', operation: 'getAll', ...parameters }));

export default defineCase({
	name: 'X Ads: placement get many (all product types, one product type, bad type refused)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: chain(
		placements('Placements', {}),
		placements('Placements (promoted posts)', { options: { productType: 'PROMOTED_TWEETS' } }),
		placements('Placements (bad type)', { options: { productType: '={{ "VIDEO" }}' } }),
	),
	expect: {
		executedNodes: ['Start', 'Placements', 'Placements (promoted posts)', 'Placements (bad type)'],
		outputs: {
			Placements: {
				itemCount: 3,
				items: [
					{ product_type: 'MEDIA', placements: [['ALL_ON_TWITTER'], ['PUBLISHER_NETWORK']] },
					{ product_type: 'PROMOTED_ACCOUNT', placements: [['ALL_ON_TWITTER'], ['TWITTER_TIMELINE']] },
					{ product_type: 'PROMOTED_TWEETS', placements: { $contains: ['ALL_ON_TWITTER'] } },
				],
			},
			'Placements (promoted posts)': {
				itemCount: 1,
				items: [
					{
						product_type: 'PROMOTED_TWEETS',
						placements: [['ALL_ON_TWITTER'], ['TWITTER_TIMELINE'], ['PUBLISHER_NETWORK'], ['TWITTER_TIMELINE', 'PUBLISHER_NETWORK']],
					},
				],
			},
		},
		error: {
			node: 'Placements (bad type)',
			message: 'Item 0: Product Type (product_type) must be one of MEDIA, PROMOTED_ACCOUNT, PROMOTED_TWEETS (got "VIDEO")',
			description: 'Nothing was sent to X for this item. Correct the value and run again.',
		},
		emulator: {
			requestCount: 2,
			requests: [
				{ method: 'GET', base: 'ads', path: '/12/line_items/placements', query: '', status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: '/12/line_items/placements', query: 'product_type=PROMOTED_TWEETS', status: 200, count: 1 },
			],
		},
	},
});
