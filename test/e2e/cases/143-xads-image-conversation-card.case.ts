/**
 * X Ads "Image Conversation Card" and Card "Get Many by URI" in real n8n
 * (https://docs.x.com/x-ads-api/creatives/reference#image-conversation-cards, #cards-fetch):
 * Create with two hashtag CTAs, Update its title, look it up with the seed poll by card URI (cards
 * of any type), Get Many by name, Delete, and a card without title or second CTA refused before
 * any request.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const ID = "={{ $('Create').first().json.id }}";

export default defineCase({
	name: 'X Ads: image conversation card create, update, lookup by URI with other card kinds, list, delete; a card without title refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const pollUri = ctx.emulator!.control.state().ads.production.creatives.pollCards.get(fx.pollCardId)!.card_uri;
		const node = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(xAds(name, { resource: 'imageConversationCard', ...parameters }, { account: fx.accountId, ...opts }));
		const base = { operation: 'create', name: 'Road or trail 2', mediaKey: fx.mediaKeys.image, thankYouText: 'Thanks!', firstCta: '#road', firstCtaTweet: 'Road' };
		return chain(
			node('Create', { ...base, additionalFields: { secondCta: '#trail', secondCtaTweet: 'Trail' } }),
			node('Update', { operation: 'update', cardId: ID, updateFields: { title: 'Pick one' } }),
			once(xAds('By URI', { resource: 'card', operation: 'getManyByUri', cardUris: `={{ $('Create').first().json.card_uri + ",${pollUri}" }}`, returnAll: true }, { account: fx.accountId })),
			node('List', { operation: 'getAll', returnAll: true, filters: { nameStartsWith: 'road' } }),
			node('Delete', { operation: 'delete', cardId: ID }),
			node('No Title', base, { onError: 'continueRegularOutput' }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'Update', 'By URI', 'List', 'Delete', 'No Title'],
		outputs: {
			Create: { itemCount: 1, items: [{ card_type: 'IMAGE_CONVERSATION', first_cta: '#road', second_cta: '#trail', card_uri: /^card:\/\/\d+$/ }] },
			Update: { itemCount: 1, items: [{ title: 'Pick one' }] },
			'By URI': { itemCount: 2, items: [{ card_type: 'IMAGE_CONVERSATION' }, { card_type: 'TEXT_POLLS' }] },
			List: { itemCount: 2 },
			Delete: { itemCount: 1, items: [{ deleted: true }] },
			'No Title': { itemCount: 1, items: [{ error: /Title \(title\) is required when there is no Second CTA/ }] },
		},
		emulator: { requestCount: 5, requests: [{ method: 'GET', base: 'ads', path: /\/cards\/all$/, status: 200 }] },
	},
	check: (ctx, result) => {
		const id = String(result.execution!.output('Create')[0].id);
		assertMatch(result.execution!.output('By URI')[0].id, id, 'the created card found by URI');
		assertMatch(ctx.emulator!.control.state().ads.production.creatives.imageConversationCards.get(id)?.deleted, true, 'deleted in the emulator');
	},
});
