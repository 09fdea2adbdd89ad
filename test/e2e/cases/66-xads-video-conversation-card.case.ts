/**
 * X Ads "Video Conversation Card" in real n8n (X Ads catalog, audience and creative reference): Create (library video, first
 * hashtag CTA and its post text, title, thank-you text and URL, a non-ASCII hashtag), Get Many by
 * name (the new card and the seed one), Get (the seed card: two CTAs), Update (a second CTA and a
 * new thank-you text; the title stays), then an Update adding a fourth CTA to a card without a
 * third: the node cannot judge that alone (it does not read the card), X refuses it with 400 as an
 * error item (On Error: Continue).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const CARDS = /^\/12\/accounts\/\w+\/cards\/video_conversation$/;
const CARD = /^\/12\/accounts\/\w+\/cards\/video_conversation\/\w+$/;

export default defineCase({
	name: 'X Ads: video conversation card create, list, get, update, and an update X refuses',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const vcc = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(xAds(name, { resource: 'videoConversationCard', account: { __rl: true, mode: 'id', value: fx.accountId }, ...parameters }, opts));
		return chain(
			vcc('Create', {
				operation: 'create',
				name: 'Trail talk',
				mediaKey: fx.mediaKeys.video,
				thankYouText: 'Thanks!',
				firstCta: '#trailläufe',
				firstCtaTweet: 'Trails all day',
				additionalFields: { title: 'Where do you run?', thankYouUrl: 'https://acme-shoes.example/thanks' },
			}),
			vcc('List', { operation: 'getAll', returnAll: true, filters: { nameStartsWith: 'trail' } }),
			vcc('Get', { operation: 'get', cardId: fx.videoConversationCardId }),
			vcc('Update', {
				operation: 'update',
				cardId: "={{ $('Create').first().json.id }}",
				updateFields: { secondCta: '#road', secondCtaTweet: 'Road running', thankYouText: 'Cheers!' },
			}),
			vcc('Update Refused', { operation: 'update', cardId: fx.videoConversationCardId, updateFields: { fourthCta: '#four', fourthCtaTweet: 'Four' } }, { onError: 'continueRegularOutput' }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'List', 'Get', 'Update', 'Update Refused'],
		outputs: {
			Create: {
				itemCount: 1,
				items: [
					{
						name: 'Trail talk',
						card_type: 'VIDEO_CONVERSATION',
						title: 'Where do you run?',
						first_cta: '#trailläufe',
						first_cta_tweet: 'Trails all day',
						thank_you_text: 'Thanks!',
						thank_you_url: 'https://acme-shoes.example/thanks',
						video_width: '1280',
					},
				],
			},
			List: { itemCount: 2 },
			Get: { itemCount: 1, items: [{ second_cta: '#forest', second_cta_tweet: 'Forest trails for me' }] },
			Update: { itemCount: 1, items: [{ second_cta: '#road', second_cta_tweet: 'Road running', thank_you_text: 'Cheers!', title: 'Where do you run?', first_cta: '#trailläufe' }] },
			'Update Refused': { itemCount: 1, items: [{ error: /^X answered 400 INVALID_PARAMETER: fourth_cta needs third_cta/, httpCode: '400' }] },
		},
		emulator: {
			requestCount: 5,
			requests: [
				{ method: 'POST', base: 'ads', path: CARDS, status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: CARDS, status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: CARD, status: 200, count: 1 },
				{ method: 'PUT', base: 'ads', path: CARD, status: 200, count: 1 },
				{ method: 'PUT', base: 'ads', path: CARD, status: 400, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		const created = ex.output('Create')[0];
		assertMatch(created, { media_key: fx.mediaKeys.video, video_owner_id: fx.advertiserUserId }, 'created card media');
		assertMatch(ex.output('List').map((c) => c.id).sort(), [String(created.id), fx.videoConversationCardId].sort(), 'listed by name');
		assertMatch(ex.output('Get')[0].id, fx.videoConversationCardId, 'get');
		const q = result.requests.map((r) => Object.fromEntries(queryOf(r.query)));
		assertMatch(
			q[0],
			{ name: 'Trail talk', media_key: fx.mediaKeys.video, thank_you_text: 'Thanks!', first_cta: '#trailläufe', first_cta_tweet: 'Trails all day', title: 'Where do you run?', thank_you_url: 'https://acme-shoes.example/thanks' },
			'create query',
		);
		assertMatch(result.requests[3].path, `/12/accounts/${fx.accountId}/cards/video_conversation/${String(created.id)}`, 'update path');
		assertMatch(Object.keys(q[3]).sort(), ['second_cta', 'second_cta_tweet', 'thank_you_text'], 'update sends only the changed fields');
		const seed = ctx.emulator!.control.state().ads.production.creatives.videoConversationCards.get(fx.videoConversationCardId);
		assertMatch(seed?.ctas.fourth_cta, undefined, 'the refused update changed nothing');
	},
});
