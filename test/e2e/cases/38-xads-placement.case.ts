/**
 * X Ads "Placement > Get Many" in real n8n (spec document 03, GET /line_items/placements): one item
 * per product type with its valid placement combinations; the Product Type option narrows it to one
 * (product_type sent); a product type from an expression that is not in the enum is refused before
 * anything is sent.
 */
import { defineCase } from '../types';

const placements = (name: string, x: number, parameters: Record<string, unknown>) => ({
	name,
	type: 'n8n-nodes-x-ads.xAds',
	typeVersion: 1,
	position: [x, 0],
	parameters: { authentication: 'xOAuth1Api', resource: 'placement', operation: 'getAll', ...parameters },
	credentials: { xOAuth1Api: '@x' },
	executeOnce: true,
});

export default defineCase({
	name: 'X Ads: placement get many (all product types, one product type, bad type refused)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: {
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			placements('Placements', 220, {}),
			placements('Placements (promoted posts)', 440, { options: { productType: 'PROMOTED_TWEETS' } }),
			placements('Placements (bad type)', 660, { options: { productType: '={{ "VIDEO" }}' } }),
		],
		connections: {
			Start: { main: [[{ node: 'Placements', type: 'main', index: 0 }]] },
			Placements: { main: [[{ node: 'Placements (promoted posts)', type: 'main', index: 0 }]] },
			'Placements (promoted posts)': { main: [[{ node: 'Placements (bad type)', type: 'main', index: 0 }]] },
		},
	},
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
