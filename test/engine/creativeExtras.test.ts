/**
 * Image conversation cards, preroll calls to action, media creatives and cards of any type
 * (cards/all) through the engine against the emulator
 * (https://docs.x.com/x-ads-api/creatives/reference#image-conversation-cards and the sections named
 * there): every operation, the rules checked before sending, the emulator's state afterwards.
 */
import type { INodeParameters } from 'n8n-workflow';

import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, ads: ok } = suiteHelpers(env);

const creatives = () => env.emulator.control.state().ads.production.creatives;
const account = () => fx().accountId;

async function refused(parameters: INodeParameters) {
	const result = await env.ads(parameters);
	expect(result.error).toBeDefined();
	return result.error as Error & { description?: string; httpCode?: string };
}

describe('Image Conversation Card', () => {
	const create = (extra: INodeParameters = {}) => ({
		resource: 'imageConversationCard',
		operation: 'create',
		account: account(),
		name: 'Sun or moon',
		mediaKey: fx().mediaKeys.image,
		thankYouText: 'Thanks!',
		firstCta: '#sun',
		firstCtaTweet: 'Team sun',
		...extra,
	});

	it('creates with a title, gets, updates, lists by name and deletes', async () => {
		const [card] = await ok(create({ additionalFields: { title: 'Pick one', thankYouUrl: 'https://acme-shoes.example/thanks' } }));
		expect(card).toMatchObject({ name: 'Sun or moon', card_type: 'IMAGE_CONVERSATION', title: 'Pick one', first_cta: '#sun', first_cta_tweet: 'Team sun', media_key: fx().mediaKeys.image, deleted: false });
		expect(card.card_uri).toMatch(/^card:\/\/\d+$/);
		const sent = q(requests()[0].query);
		expect(sent.get('first_cta')).toBe('#sun');
		expect(sent.get('thank_you_url')).toBe('https://acme-shoes.example/thanks');
		const id = String(card.id);

		const [updated] = await ok({ resource: 'imageConversationCard', operation: 'update', account: account(), cardId: id, updateFields: { secondCta: '#moon', secondCtaTweet: 'Team moon' } });
		expect(updated).toMatchObject({ id, second_cta: '#moon', first_cta: '#sun' });
		const listed = await ok({ resource: 'imageConversationCard', operation: 'getAll', account: account(), returnAll: true, filters: { nameStartsWith: 'SUN', withTotalCount: true } });
		expect(listed.map((c) => c.id)).toEqual([id]);
		expect(listed[0].total_count).toBe(1);

		const [deleted] = await ok({ resource: 'imageConversationCard', operation: 'delete', account: account(), cardId: id });
		expect(deleted).toMatchObject({ id, deleted: true });
		expect(creatives().imageConversationCards.get(id)?.deleted).toBe(true);
		expect((await refused({ resource: 'imageConversationCard', operation: 'get', account: account(), cardId: id })).httpCode).toBe('404');
		const [found] = await ok({ resource: 'imageConversationCard', operation: 'get', account: account(), cardId: id, options: { withDeleted: true } });
		expect(found.deleted).toBe(true);
	});

	it('refuses before sending: no title and no second CTA, a CTA without its post text, a video as the image, a third CTA without the second', async () => {
		expect((await refused(create())).message).toMatch(/Item 0: Title \(title\) is required when there is no Second CTA \(second_cta\)/);
		expect((await refused(create({ additionalFields: { title: 'T', secondCta: '#two' } }))).message).toMatch(/Second CTA Post Text \(second_cta_tweet\) is required when Second CTA/);
		expect((await refused(create({ mediaKey: fx().mediaKeys.video, additionalFields: { title: 'T' } }))).message).toMatch(/Media Key \(media_key\) must be the media key of an image/);
		expect((await refused(create({ additionalFields: { title: 'T', thirdCta: '#three', thirdCtaTweet: 'Three' } }))).message).toMatch(/Third CTA \(third_cta\) needs Second CTA/);
		expect((await refused(create({ firstCta: '#a_hashtag_much_too_long', additionalFields: { title: 'T' } }))).message).toMatch(/First CTA \(first_cta\) must be a hashtag/);
		expect(requests()).toEqual([]);
	});

	it("surfaces X's refusal of an image that is not 1.91:1", async () => {
		const error = await refused(create({ mediaKey: wideImage(), additionalFields: { title: 'T' } }));
		expect(error.httpCode).toBe('400');
		expect(error.message).toMatch(/aspect ratio 1\.91:1/);
	});
});

/** The 16:9 library image of the seed (too narrow a ratio for image conversation cards). */
function wideImage(): string {
	const lib = [...env.emulator.control.state().ads.production.creatives.library.values()];
	return lib.find((m) => m.accountId === account() && m.media_type === 'IMAGE' && m.aspect_ratio === '16:9')!.media_key;
}

describe('Card: any type', () => {
	it('looks cards of every kind up by URI, in the order asked, and one by ID', async () => {
		const state = creatives();
		const poll = state.pollCards.get(fx().pollCardId)!;
		const icc = state.imageConversationCards.get(fx().imageConversationCardId)!;
		const website = state.cards.get(fx().cardIds[0])!;
		const found = await ok({ resource: 'card', operation: 'getManyByUri', account: account(), cardUris: `${icc.card_uri},${poll.card_uri},${website.card_uri}`, returnAll: true });
		expect(found.map((c) => [c.id, c.card_type])).toEqual([
			[icc.id, 'IMAGE_CONVERSATION'],
			[poll.id, 'TEXT_POLLS'],
			[website.id, 'IMAGE_WEBSITE'],
		]);
		expect(requests()[0].path).toBe(`/12/accounts/${account()}/cards/all`);
		const [one] = await ok({ resource: 'card', operation: 'getAnyType', account: account(), cardId: fx().legacyCardId });
		expect(one).toMatchObject({ id: fx().legacyCardId, card_type: 'IMAGE_CONVERSATION' });
	});

	it('refuses a malformed card URI before sending', async () => {
		expect((await refused({ resource: 'card', operation: 'getManyByUri', account: account(), cardUris: 'card://1,card:2', returnAll: true })).message).toMatch(/Card URIs \(card_uris\) must be card URIs/);
		expect(requests()).toEqual([]);
	});
});

describe('Preroll Call to Action', () => {
	it('creates on a line item, updates, lists by line item and deletes', async () => {
		const lineItem = fx().lineItems.reach;
		const [cta] = await ok({ resource: 'prerollCallToAction', operation: 'create', account: account(), lineItemId: lineItem, callToAction: 'WATCH_NOW', callToActionUrl: 'https://acme-shoes.example/watch' });
		expect(cta).toMatchObject({ line_item_id: lineItem, call_to_action: 'WATCH_NOW', call_to_action_url: 'https://acme-shoes.example/watch', deleted: false });
		const id = String(cta.id);
		const [updated] = await ok({ resource: 'prerollCallToAction', operation: 'update', account: account(), prerollCallToActionId: id, updateFields: { callToAction: 'SHOP' } });
		expect(updated).toMatchObject({ id, call_to_action: 'SHOP', call_to_action_url: 'https://acme-shoes.example/watch' });
		const listed = await ok({ resource: 'prerollCallToAction', operation: 'getAll', account: account(), returnAll: true, filters: { lineItemIds: lineItem } });
		expect(listed.map((c) => c.id)).toEqual([id]);
		const all = await ok({ resource: 'prerollCallToAction', operation: 'getAll', account: account(), returnAll: true });
		expect(all.map((c) => c.id)).toEqual([fx().prerollCallToActionId, id]);
		const [deleted] = await ok({ resource: 'prerollCallToAction', operation: 'delete', account: account(), prerollCallToActionId: id });
		expect(deleted).toMatchObject({ id, deleted: true });
	});

	it('refuses before sending: a call to action X does not offer, a URL that is not one, an update with nothing to change', async () => {
		const base = { resource: 'prerollCallToAction', operation: 'create', account: account(), lineItemId: fx().lineItems.reach };
		expect((await refused({ ...base, callToAction: 'BUY_NOW', callToActionUrl: 'https://x.example' })).message).toMatch(/Call to Action \(call_to_action\) must be one of GO_TO, SEE_MORE, SHOP, VISIT_SITE, WATCH_NOW/);
		expect((await refused({ ...base, callToAction: 'SHOP', callToActionUrl: 'acme-shoes.example' })).message).toMatch(/Call to Action URL \(call_to_action_url\) must be a URL/);
		expect((await refused({ resource: 'prerollCallToAction', operation: 'update', account: account(), prerollCallToActionId: fx().prerollCallToActionId })).message).toMatch(/Update Fields needs a new Call to Action/);
		expect(requests()).toEqual([]);
	});

	it("surfaces X's refusal of a line item of another account", async () => {
		const error = await refused({ resource: 'prerollCallToAction', operation: 'create', account: account(), lineItemId: 'zz999', callToAction: 'SHOP', callToActionUrl: 'https://acme-shoes.example' });
		expect(error.httpCode).toBe('400');
	});
});

describe('Media Creative', () => {
	it('attaches account media to a line item (landing URL kept for display images), lists by campaign, gets and deletes', async () => {
		const [, banner, rectangle] = fx().accountMediaIds;
		const lineItem = fx().lineItems.reach;
		const [created] = await ok({ resource: 'mediaCreative', operation: 'create', account: account(), accountMediaId: rectangle, lineItemId: lineItem, additionalFields: { landingUrl: 'https://acme-shoes.example/rect' } });
		expect(created).toMatchObject({ account_media_id: rectangle, line_item_id: lineItem, creative_type: 'MEDIUM_RECTANGLE', landing_url: 'https://acme-shoes.example/rect', entity_status: 'ACTIVE', deleted: false });
		const id = String(created.id);
		const [got] = await ok({ resource: 'mediaCreative', operation: 'get', account: account(), mediaCreativeId: fx().mediaCreativeId });
		expect(got).toMatchObject({ account_media_id: banner, creative_type: 'BANNER' });
		const byLineItem = await ok({ resource: 'mediaCreative', operation: 'getAll', account: account(), returnAll: true, filters: { lineItemIds: lineItem } });
		expect(byLineItem.map((m) => m.id)).toEqual([id]);
		const campaignId = env.emulator.control.state().ads.production.lineItems.get(lineItem)!.campaign_id;
		const byCampaign = await ok({ resource: 'mediaCreative', operation: 'getAll', account: account(), returnAll: true, filters: { campaignId } });
		expect(byCampaign.map((m) => m.id)).toContain(id);
		expect(q(requests().at(-1)!.query).get('campaign_id')).toBe(campaignId);
		const [deleted] = await ok({ resource: 'mediaCreative', operation: 'delete', account: account(), mediaCreativeId: id });
		expect(deleted).toMatchObject({ id, deleted: true });
		expect(creatives().mediaCreatives.get(id)?.deleted).toBe(true);
	});

	it('refuses a landing URL that is not a URL before sending', async () => {
		const error = await refused({ resource: 'mediaCreative', operation: 'create', account: account(), accountMediaId: fx().accountMediaIds[1], lineItemId: fx().lineItems.reach, additionalFields: { landingUrl: 'not a url' } });
		expect(error.message).toMatch(/Item 0: Landing URL \(landing_url\) must be a URL/);
		expect(requests()).toEqual([]);
	});
});
