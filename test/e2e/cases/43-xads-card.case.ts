/**
 * X Ads "Card" in real n8n (X Ads catalog, audience and creative reference), cards built from the UI component list (the
 * fixedCollection 'components' with 'component' entries), then a post that carries one of them:
 *  - Website Card: MEDIA (library image) + DETAILS (title, website URL) -> IMAGE_WEBSITE; sent as
 *    JSON {name, components} in X's shape; card_uri = card://<id>.
 *  - App Card: MEDIA (library video) + BUTTON (label SHOP, Google Play app and deep link, iOS app;
 *    the country code left at its default US) -> VIDEO_APP.
 *  - Post: X Ads "Post > Create" with Card URI = {{ $('Website Card').first().json.card_uri }}: the
 *    emulator stores the post with that card.
 *  - Get Many (name filter), Get, Update (name only, components kept), Delete of the app card:
 *    one DELETE .../cards/<id>, as X's reference says (https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-cards-card-id).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const SALE_URL = 'https://acme-shoes.example/sale?utm=x&ü=1';

export default defineCase({
	name: 'X Ads: cards from UI components (website and app), a post with the card_uri, list, get, rename, delete',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const account = { __rl: true, mode: 'id', value: fx.accountId };
		const card = (name: string, parameters: Record<string, unknown>) => once(xAds(name, { resource: 'card', account, ...parameters }));
		return chain(
			card('Website Card', {
				operation: 'create',
				name: 'Sale card',
				componentsSource: 'ui',
				components: {
					component: [
						{ type: 'MEDIA', mediaKey: fx.mediaKeys.image },
						{ type: 'DETAILS', title: 'Shop the sale', url: SALE_URL },
					],
				},
			}),
			card('App Card', {
				operation: 'create',
				name: 'App card',
				componentsSource: 'ui',
				components: {
					component: [
						{ type: 'MEDIA', mediaKey: fx.mediaKeys.video },
						{ type: 'BUTTON', label: 'SHOP', googleplayAppId: 'com.acme.shoes', googleplayDeepLink: 'acmeshoes://sale', iosAppStoreIdentifier: '333903271' },
					],
				},
			}),
			once(
				xAds('Post', {
					resource: 'post',
					operation: 'create',
					account,
					asUserId: fx.advertiserUserId,
					additionalFields: { text: 'Our spring sale is on', cardUri: "={{ $('Website Card').first().json.card_uri }}" },
				}),
			),
			card('List', { operation: 'getAll', returnAll: true, filters: { nameStartsWith: 'sale' } }),
			card('Get', { operation: 'get', cardId: "={{ $('Website Card').first().json.id }}" }),
			card('Rename', { operation: 'update', cardId: "={{ $('Website Card').first().json.id }}", componentsSource: 'none', updateFields: { name: 'Sale card (spring)' } }),
			card('Delete', { operation: 'delete', cardId: "={{ $('App Card').first().json.id }}" }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Website Card', 'App Card', 'Post', 'List', 'Get', 'Rename', 'Delete'],
		outputs: {
			'Website Card': { itemCount: 1, items: [{ name: 'Sale card', card_type: 'IMAGE_WEBSITE', deleted: false, id: /^\d+$/, card_uri: /^card:\/\/\d+$/ }] },
			'App Card': { itemCount: 1, items: [{ name: 'App card', card_type: 'VIDEO_APP', deleted: false }] },
			Post: { itemCount: 1, items: [{ text: 'Our spring sale is on', id: /^\d+$/ }] },
			List: { itemCount: 1, items: [{ name: 'Sale card' }] },
			Get: { itemCount: 1, items: [{ name: 'Sale card', card_type: 'IMAGE_WEBSITE', components: { $length: 2 } }] },
			Rename: { itemCount: 1, items: [{ name: 'Sale card (spring)', card_type: 'IMAGE_WEBSITE', components: { $length: 2 } }] },
			Delete: { itemCount: 1, items: [{ name: 'App card', deleted: true }] },
		},
		emulator: {
			requestCount: 7,
			requests: [
				{ method: 'POST', base: 'ads', path: /^\/12\/accounts\/\w+\/cards$/, query: '', status: 200, headers: { 'content-type': /^application\/json/ }, count: 2 },
				{ method: 'POST', base: 'ads', path: /^\/12\/accounts\/\w+\/tweet$/, status: 200, count: 1 },
				{ method: 'PUT', base: 'ads', path: /^\/12\/accounts\/\w+\/cards\/\d+$/, status: 200, count: 1 },
				{ method: 'DELETE', base: 'ads', path: /^\/12\/accounts\/\w+\/cards\/\d+$/, status: 200, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		const website = ex.output('Website Card')[0];
		const app = ex.output('App Card')[0];
		assertMatch(website.card_uri, `card://${String(website.id)}`, 'card_uri');
		const [createWebsite, createApp, post] = result.requests;
		assertMatch(
			JSON.parse(createWebsite.body),
			{
				name: 'Sale card',
				components: [
					{ type: 'MEDIA', media_key: fx.mediaKeys.image },
					{ type: 'DETAILS', title: 'Shop the sale', destination: { type: 'WEBSITE', url: SALE_URL } },
				],
			},
			'website card body',
		);
		const appBody = JSON.parse(createApp.body);
		assertMatch(
			appBody,
			{
				name: 'App card',
				components: [
					{ type: 'MEDIA', media_key: fx.mediaKeys.video },
					{
						type: 'BUTTON',
						label: { type: 'ENUM', value: 'SHOP' },
						destination: { type: 'APP', country_code: 'US', googleplay_app_id: 'com.acme.shoes', googleplay_deep_link: 'acmeshoes://sale', ios_app_store_identifier: '333903271' },
					},
				],
			},
			'app card body',
		);
		// Only X's fields: no UI parameter names (mediaKey, countryCode, ...) leak into the components.
		for (const c of [...JSON.parse(createWebsite.body).components, ...appBody.components]) {
			const bad = Object.keys(c).find((k) => !['type', 'media_key', 'media_keys', 'title', 'destination', 'label'].includes(k));
			if (bad) throw new Error(`component sent with "${bad}": ${JSON.stringify(c)}`);
		}
		assertMatch(Object.fromEntries(queryOf(post.query)), { card_uri: website.card_uri, as_user_id: fx.advertiserUserId, text: 'Our spring sale is on' }, 'post query');
		const creatives = ctx.emulator!.control.state().ads.production.creatives;
		const stored = creatives.posts.get(String(ex.output('Post')[0].id));
		assertMatch(stored, { card_uri: website.card_uri, text: 'Our spring sale is on' }, 'the post in the emulator carries the card');
		assertMatch(ex.output('List')[0].id, website.id, 'listed card');
		assertMatch(JSON.parse(result.requests.find((r) => r.method === 'PUT')!.body), { name: 'Sale card (spring)', components: undefined }, 'rename body');
		assertMatch(
			result.requests.slice(-1).map((r) => `${r.method} ${r.path}`),
			[`DELETE /12/accounts/${fx.accountId}/cards/${String(app.id)}`],
			'delete by card id only',
		);
		assertMatch(creatives.cards.get(String(app.id))?.deleted, true, 'app card deleted in the emulator');
		assertMatch(creatives.cards.get(String(website.id))?.name, 'Sale card (spring)', 'website card renamed in the emulator');
	},
});
