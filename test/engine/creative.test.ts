/**
 * Creatives (X Ads catalog, audience and creative reference, second half) through the engine against the emulator: account
 * media, cards, media library, poll cards, video conversation cards and posts. Every operation,
 * every input rule (refused before any request), and the emulator's state transitions.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { pollClosed } from '../emulator';
import { signedClient } from '../emulator/signedClient';
import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, sandboxFx, requests, q, paired, ads: ok } = suiteHelpers(env);

const creatives = () => env.emulator.control.state().ads.production.creatives;
/** A request signed by hand, for the forms the node no longer sends. */
const signed = signedClient(() => env.emulator);
const account = () => fx().accountId;


async function refused(parameters: INodeParameters) {
	const result = await env.ads(parameters);
	expect(result.error).toBeDefined();
	return result.error as Error & { description?: string; httpCode?: string };
}

const websiteComponents = () => [
	{ type: 'MEDIA', media_key: fx().mediaKeys.image },
	{ type: 'DETAILS', title: 'Shop the sale', destination: { type: 'WEBSITE', url: 'https://acme-shoes.example/sale' } },
];

describe('Account Media', () => {
	it('lists by creative type and ids, with total count, and gets one', async () => {
		const all = await ok({ resource: 'accountMedia', operation: 'getAll', account: account(), returnAll: true, filters: { withTotalCount: true } });
		expect(all.map((m) => m.id).sort()).toEqual([...fx().accountMediaIds].sort());
		expect(all[0].total_count).toBe(3);
		const preroll = await ok({ resource: 'accountMedia', operation: 'getAll', account: account(), returnAll: false, limit: 10, filters: { creativeTypes: ['PREROLL', 'BANNER'], sortBy: 'creative_type-desc' } });
		expect(preroll.map((m) => m.creative_type)).toEqual(['PREROLL', 'BANNER']);
		expect(preroll[0].video_id).toMatch(/^13_\d+$/);
		expect(preroll[1]).toMatchObject({ video_id: null, media_url: expect.stringMatching(/^https:\/\//) });
		const sent = q(requests()[1].query);
		expect(sent.get('creative_types')).toBe('PREROLL,BANNER');
		expect(sent.get('count')).toBe('10');

		const byIds = await ok({ resource: 'accountMedia', operation: 'getAll', account: account(), returnAll: true, filters: { accountMediaIds: fx().accountMediaIds.slice(1).join(', ') } });
		expect(byIds).toHaveLength(2);
		const [one] = await ok({ resource: 'accountMedia', operation: 'get', account: account(), accountMediaId: fx().accountMediaIds[1] });
		expect(one).toMatchObject({ id: fx().accountMediaIds[1], creative_type: 'BANNER', deleted: false });
	});

	it('deletes: deleted=true, found again only with With Deleted', async () => {
		const id = fx().accountMediaIds[2];
		const [deleted] = await ok({ resource: 'accountMedia', operation: 'delete', account: account(), accountMediaId: id });
		expect(deleted).toMatchObject({ id, deleted: true });
		expect(requests()[0]).toMatchObject({ method: 'DELETE', path: `/12/accounts/${account()}/account_media/${id}` });

		const gone = await refused({ resource: 'accountMedia', operation: 'get', account: account(), accountMediaId: id });
		expect(gone.httpCode).toBe('404');
		const [found] = await ok({ resource: 'accountMedia', operation: 'get', account: account(), accountMediaId: id, options: { withDeleted: true } });
		expect(found.deleted).toBe(true);
		const listed = await ok({ resource: 'accountMedia', operation: 'getAll', account: account(), returnAll: true });
		expect(listed.map((m) => m.id)).not.toContain(id);
		const withDeleted = await ok({ resource: 'accountMedia', operation: 'getAll', account: account(), returnAll: true, filters: { withDeleted: true } });
		expect(withDeleted.map((m) => m.id)).toContain(id);
	});

	it('a library video of category AMPLIFY_VIDEO shows up as PREROLL account media', async () => {
		const key = fx().uploadedMediaKeys.video;
		const [added] = await ok({ resource: 'mediaLibrary', operation: 'create', account: account(), mediaKey: key, additionalFields: { name: 'Preroll spot' } });
		expect(added).toMatchObject({ media_key: key, media_type: 'VIDEO', media_category: 'AMPLIFY_VIDEO', name: 'Preroll spot' });
		const prerolls = await ok({ resource: 'accountMedia', operation: 'getAll', account: account(), returnAll: true, filters: { creativeTypes: ['PREROLL'] } });
		expect(prerolls.map((m) => m.video_id)).toContain(key);
		expect(prerolls.find((m) => m.video_id === key)).toMatchObject({ creative_type: 'PREROLL', media_url: null, deleted: false });
	});
});

describe('Media Library', () => {
	it('lists by media type and search term (name, title, file name, description), and gets one', async () => {
		const videos = await ok({ resource: 'mediaLibrary', operation: 'getAll', account: account(), returnAll: true, filters: { mediaType: 'VIDEO' } });
		expect(videos.length).toBeGreaterThan(0);
		expect(videos.every((v) => v.media_type === 'VIDEO')).toBe(true);
		const byTitle = await ok({ resource: 'mediaLibrary', operation: 'getAll', account: account(), returnAll: true, filters: { search: 'RUN further' } });
		expect(byTitle.map((m) => m.media_key)).toEqual([fx().mediaKeys.video]);
		const byFile = await ok({ resource: 'mediaLibrary', operation: 'getAll', account: account(), returnAll: true, filters: { search: 'sparkle.gif' } });
		expect(byFile.map((m) => m.media_key)).toEqual([fx().mediaKeys.gif]);
		expect(q(requests().at(-1)!.query).get('q')).toBe('sparkle.gif');

		const two = await ok({ resource: 'mediaLibrary', operation: 'getAll', account: account(), returnAll: false, limit: 2 });
		expect(two).toHaveLength(2);
		expect(q(requests().at(-1)!.query).get('count')).toBe('2');

		const [image] = await ok({ resource: 'mediaLibrary', operation: 'get', account: account(), mediaKey: fx().mediaKeys.image });
		expect(image).toMatchObject({ media_key: fx().mediaKeys.image, media_type: 'IMAGE', media_status: 'TRANSCODE_COMPLETED', aspect_ratio: expect.stringMatching(/^\d+:\d+$/) });
		expect(image).not.toHaveProperty('title');
	});

	it('adds an image (name null when unset), adds a video with title, description and poster, updates and deletes', async () => {
		const { image, gif, video } = fx().uploadedMediaKeys;
		const [added] = await ok({ resource: 'mediaLibrary', operation: 'create', account: account(), mediaKey: gif });
		expect(added).toMatchObject({ media_key: gif, media_type: 'GIF', name: null, file_name: null, tweeted: false, deleted: false });

		const [withDetails] = await ok({
			resource: 'mediaLibrary',
			operation: 'create',
			account: account(),
			mediaKey: video,
			additionalFields: { name: 'Launch', fileName: 'launch.mp4', title: 'Meet the runner', description: 'Our lightest shoe yet', posterMediaKey: image },
		});
		expect(withDetails).toMatchObject({ name: 'Launch', file_name: 'launch.mp4', title: 'Meet the runner', description: 'Our lightest shoe yet', poster_media_key: image });
		expect(q(requests().at(-1)!.query).get('poster_media_key')).toBe(image);

		const [updated] = await ok({ resource: 'mediaLibrary', operation: 'update', account: account(), mediaKey: video, updateFields: { title: 'Meet the new runner' } });
		expect(updated).toMatchObject({ title: 'Meet the new runner', name: 'Launch' });
		expect(requests().at(-1)).toMatchObject({ method: 'PUT', path: `/12/accounts/${account()}/media_library/${video}` });

		const [deleted] = await ok({ resource: 'mediaLibrary', operation: 'delete', account: account(), mediaKey: gif });
		expect(deleted).toMatchObject({ media_key: gif, deleted: true });
		const gone = await refused({ resource: 'mediaLibrary', operation: 'get', account: account(), mediaKey: gif });
		expect(gone.httpCode).toBe('404');
	});

	it('surfaces X\'s refusal of a key that was never uploaded', async () => {
		const error = await refused({ resource: 'mediaLibrary', operation: 'create', account: account(), mediaKey: '3_1234567890' });
		expect(error.message).toMatch(/X answered 400 INVALID_PARAMETER: media_key 3_1234567890 was not uploaded/);
	});
});

describe('Card', () => {
	it('creates a website card from the component list (JSON body) and an app card with a button', async () => {
		const [website] = await ok({
			resource: 'card',
			operation: 'create',
			account: account(),
			name: 'Sale card',
			componentsSource: 'ui',
			components: {
				component: [
					{ type: 'MEDIA', mediaKey: fx().mediaKeys.image },
					{ type: 'DETAILS', title: 'Shop the sale', url: 'https://acme-shoes.example/sale' },
				],
			},
		});
		expect(website).toMatchObject({ name: 'Sale card', card_type: 'IMAGE_WEBSITE', deleted: false });
		expect(website.id).toMatch(/^\d+$/);
		expect(website.card_uri).toBe(`card://${website.id}`);
		const sent = requests()[0];
		expect(sent).toMatchObject({ method: 'POST', path: `/12/accounts/${account()}/cards`, query: '' });
		expect(sent.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(sent.body)).toEqual({ name: 'Sale card', components: websiteComponents() });

		const [app] = await ok({
			resource: 'card',
			operation: 'create',
			account: account(),
			name: 'App card',
			componentsSource: 'ui',
			components: {
				component: [
					{ type: 'MEDIA', mediaKey: fx().mediaKeys.video },
					{ type: 'BUTTON', label: 'SHOP', googleplayAppId: 'com.acme.shoes', googleplayDeepLink: 'acmeshoes://sale', iosAppStoreIdentifier: '333903271' },
				],
			},
		});
		expect(app.card_type).toBe('VIDEO_APP');
		expect(JSON.parse(requests()[1].body).components[1]).toEqual({
			type: 'BUTTON',
			label: { type: 'ENUM', value: 'SHOP' },
			destination: { type: 'APP', country_code: 'US', googleplay_app_id: 'com.acme.shoes', googleplay_deep_link: 'acmeshoes://sale', ios_app_store_identifier: '333903271' },
		});
		expect(creatives().cards.get(String(app.id))).toMatchObject({ card_type: 'VIDEO_APP', legacy: false });

		const [carousel] = await ok({
			resource: 'card',
			operation: 'create',
			account: account(),
			name: 'Swipe card',
			componentsSource: 'ui',
			components: { component: [{ type: 'SWIPEABLE_MEDIA', mediaKeys: `${fx().mediaKeys.image}, ${fx().mediaKeys.video}` }, { type: 'DETAILS', title: 'Swipe', url: 'https://acme-shoes.example' }] },
		});
		expect(carousel.card_type).toBe('MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE');
	});

	it('creates a multi-destination carousel from JSON slides, then a post with its card_uri', async () => {
		const slide = (key: string, n: number) => [
			{ type: 'MEDIA', media_key: key },
			{ type: 'DETAILS', title: `Slide ${n}`, destination: { type: 'WEBSITE', url: `https://acme-shoes.example/${n}` } },
		];
		const slides = [slide(fx().mediaKeys.image, 1), slide(fx().mediaKeys.video, 2)];
		const [card] = await ok({ resource: 'card', operation: 'create', account: account(), name: 'Slides', componentsSource: 'json', cardJson: JSON.stringify({ slides }) });
		expect(card).toMatchObject({ card_type: 'MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE', slides });
		expect(JSON.parse(requests()[0].body)).toEqual({ name: 'Slides', slides });

		const [post] = await ok({ resource: 'post', operation: 'create', account: account(), asUserId: fx().advertiserUserId, additionalFields: { text: 'Pick your pair', cardUri: String(card.card_uri) } });
		const sent = q(requests()[1].query);
		expect(sent.get('card_uri')).toBe(card.card_uri);
		expect(sent.get('as_user_id')).toBe(fx().advertiserUserId);
		expect(creatives().posts.get(String(post.id))).toMatchObject({ card_uri: card.card_uri, text: 'Pick your pair' });
	});

	it('lists only cards made through POST cards unless legacy cards are asked for; filters; gets one', async () => {
		const listed = await ok({ resource: 'card', operation: 'getAll', account: account(), returnAll: true });
		expect(listed.map((c) => c.id).sort()).toEqual([...fx().cardIds].sort());
		const withLegacy = await ok({ resource: 'card', operation: 'getAll', account: account(), returnAll: true, filters: { includeLegacyCards: true } });
		expect(withLegacy.map((c) => c.id)).toContain(fx().legacyCardId);
		const apps = await ok({ resource: 'card', operation: 'getAll', account: account(), returnAll: true, filters: { cardTypes: ['VIDEO_APP', 'IMAGE_APP'] } });
		expect(apps.map((c) => c.id)).toEqual([fx().cardIds[1]]);
		const byName = await ok({ resource: 'card', operation: 'getAll', account: account(), returnAll: true, filters: { nameStartsWith: 'SPRING' } });
		expect(byName.map((c) => c.id)).toEqual([fx().cardIds[0]]);
		const byUri = await ok({ resource: 'card', operation: 'getAll', account: account(), returnAll: true, filters: { cardUris: `card://${fx().cardIds[1]}`, cardId: fx().cardIds.join(',') } });
		expect(byUri.map((c) => c.id)).toEqual([fx().cardIds[1]]);
		expect(q(requests().at(-1)!.query).get('card_id')).toBe(fx().cardIds.join(','));

		const got = await env.ads({ resource: 'card', operation: 'get', account: account(), cardId: fx().cardIds[0] });
		expect(got.output()).toHaveLength(1);
		expect(got.output()[0].json).toMatchObject({ id: fx().cardIds[0], card_type: 'IMAGE_WEBSITE', components: expect.any(Array) });

		// One request per input item; each answer is paired with its item (data comes back as an array).
		const both = await env.ads({ resource: 'card', operation: 'get', account: account(), cardId: '={{ $json.id }}' }, [{ id: fx().cardIds[1] }, { id: fx().cardIds[0] }]);
		expect(both.output().map((i) => i.json.id)).toEqual([fx().cardIds[1], fx().cardIds[0]]);
		expect(paired(both.output())).toEqual([0, 1]);
	});

	it('updates the name alone (components kept) and the components (card type derived again)', async () => {
		const id = fx().cardIds[0];
		const [renamed] = await ok({ resource: 'card', operation: 'update', account: account(), cardId: id, componentsSource: 'none', updateFields: { name: 'Renamed' } });
		expect(renamed).toMatchObject({ id, name: 'Renamed', card_type: 'IMAGE_WEBSITE' });
		expect(JSON.parse(requests()[0].body)).toEqual({ name: 'Renamed' });
		expect(requests()[0]).toMatchObject({ method: 'PUT', path: `/12/accounts/${account()}/cards/${id}` });

		const components = [{ type: 'MEDIA', media_key: fx().mediaKeys.video }, websiteComponents()[1]];
		const [changed] = await ok({ resource: 'card', operation: 'update', account: account(), cardId: id, componentsSource: 'json', cardJson: { components } });
		expect(changed).toMatchObject({ name: 'Renamed', card_type: 'VIDEO_WEBSITE', components });
	});

	it('deletes by card ID in one request, as X\'s reference says; the old card type path is refused; deleted cards listed with With Deleted', async () => {
		const [website, app] = fx().cardIds;
		const [deleted] = await ok({ resource: 'card', operation: 'delete', account: account(), cardId: website });
		expect(deleted).toMatchObject({ id: website, deleted: true });
		// https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-cards-card-id
		expect(requests().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /12/accounts/${account()}/cards/${website}`]);
		const oldPath = await signed('DELETE', `${env.emulator.urls.ads}/12/accounts/${account()}/cards/VIDEO_APP/${app}`);
		expect(oldPath.status).toBe(404);
		await ok({ resource: 'card', operation: 'delete', account: account(), cardId: app });

		const without = await ok({ resource: 'card', operation: 'getAll', account: account(), returnAll: true });
		expect(without).toHaveLength(0);
		const withDeleted = await ok({ resource: 'card', operation: 'getAll', account: account(), returnAll: true, filters: { withDeleted: true } });
		expect(withDeleted.map((c) => c.id).sort()).toEqual([website, app].sort());
		const [one] = await ok({ resource: 'card', operation: 'get', account: account(), cardId: website, options: { withDeleted: true } });
		expect(one.deleted).toBe(true);
	});

	it('surfaces X\'s refusals: an unknown card on delete (404), a key not in the library (400)', async () => {
		const unknownCard = await refused({ resource: 'card', operation: 'delete', account: account(), cardId: '1234567890' });
		expect(unknownCard.httpCode).toBe('404');
		const unknownKey = await refused({
			resource: 'card',
			operation: 'create',
			account: account(),
			name: 'Unknown media',
			componentsSource: 'json',
			cardJson: JSON.stringify({ components: [{ type: 'MEDIA', media_key: fx().uploadedMediaKeys.image }, websiteComponents()[1]] }),
		});
		expect(unknownKey.message).toMatch(/X answered 400 INVALID_PARAMETER: Media key .* is not in the media library/);
		expect(unknownKey.description).toMatch(/parameter components\[0\]\.media_key/);
	});
});

describe('Poll Card', () => {
	it('creates a text poll (strings, end_time = start + duration), lists and gets it', async () => {
		const [poll] = await ok({
			resource: 'pollCard',
			operation: 'create',
			account: account(),
			name: 'Best colour',
			durationInMinutes: 90,
			firstChoice: 'Red',
			secondChoice: 'Blue',
			additionalFields: { thirdChoice: 'Green', fourthChoice: 'Black' },
		});
		expect(poll).toMatchObject({ name: 'Best colour', card_type: 'TEXT_POLLS', duration_in_minutes: '90', fourth_choice: 'Black', deleted: false });
		expect(poll.start_time).toBe(poll.created_at);
		expect(Date.parse(String(poll.end_time)) - Date.parse(String(poll.start_time))).toBe(90 * 60_000);
		expect(poll.card_uri).toMatch(/^card:\/\/\d+$/);
		const sent = q(requests()[0].query);
		expect(sent.get('duration_in_minutes')).toBe('90');
		expect(sent.get('fourth_choice')).toBe('Black');

		const listed = await ok({ resource: 'pollCard', operation: 'getAll', account: account(), returnAll: true, filters: { nameStartsWith: 'best', withTotalCount: true } });
		expect(listed.map((p) => p.id)).toEqual([poll.id]);
		expect(listed[0].total_count).toBe(1);
		const byIds = await ok({ resource: 'pollCard', operation: 'getAll', account: account(), returnAll: true, filters: { cardIds: `${fx().pollCardId},${String(poll.id)}`, sortBy: 'name-asc' } });
		expect(byIds.map((p) => p.name)).toEqual(['Best colour', 'Favourite colour']);
		const [got] = await ok({ resource: 'pollCard', operation: 'get', account: account(), cardId: fx().pollCardId });
		expect(got).toMatchObject({ id: fx().pollCardId, third_choice: 'Green', duration_in_minutes: '1440' });
		expect(got).not.toHaveProperty('fourth_choice');
	});

	it('closes when its duration has passed since creation (emulator clock)', async () => {
		const [poll] = await ok({ resource: 'pollCard', operation: 'create', account: account(), name: 'Quick', durationInMinutes: 5, firstChoice: 'Yes', secondChoice: 'No' });
		const record = creatives().pollCards.get(String(poll.id))!;
		expect(pollClosed(record, env.emulator.control.now())).toBe(false);
		env.emulator.control.advanceClock(5 * 60_000);
		expect(pollClosed(record, env.emulator.control.now())).toBe(true);
		const [later] = await ok({ resource: 'pollCard', operation: 'create', account: account(), name: 'Later', durationInMinutes: 5, firstChoice: 'Yes', secondChoice: 'No' });
		expect(Date.parse(String(later.start_time))).toBeGreaterThanOrEqual(Date.parse(String(poll.end_time)) - 1000);
	});

	it('deletes for good: the answer says deleted, and the card is not found afterwards, not even with With Deleted', async () => {
		const id = fx().pollCardId;
		const [deleted] = await ok({ resource: 'pollCard', operation: 'delete', account: account(), cardId: id });
		expect(deleted).toMatchObject({ id, deleted: true });
		expect(creatives().pollCards.has(id)).toBe(false);
		const gone = await refused({ resource: 'pollCard', operation: 'get', account: account(), cardId: id, options: { withDeleted: true } });
		expect(gone.httpCode).toBe('404');
		const listed = await ok({ resource: 'pollCard', operation: 'getAll', account: account(), returnAll: true, filters: { withDeleted: true } });
		expect(listed.map((p) => p.id)).not.toContain(id);
	});

	it('polls with media need PROMOTED_MEDIA_POLLS: production refuses (X\'s error surfaces), the sandbox makes a VIDEO_POLLS card', async () => {
		const error = await refused({ resource: 'pollCard', operation: 'create', account: account(), name: 'Media poll', durationInMinutes: 60, firstChoice: 'A', secondChoice: 'B', additionalFields: { mediaKey: fx().mediaKeys.video } });
		expect(error.message).toMatch(/X answered 400 INVALID_PARAMETER: Polls with media require the PROMOTED_MEDIA_POLLS feature/);
		expect(error.description).toMatch(/parameter media_key/);

		env.useEnvironment('sandbox');
		const [poll] = await ok({ resource: 'pollCard', operation: 'create', account: sandboxFx().accountId, name: 'Media poll', durationInMinutes: 60, firstChoice: 'A', secondChoice: 'B', additionalFields: { mediaKey: sandboxFx().mediaKeys.video } });
		expect(poll).toMatchObject({ card_type: 'VIDEO_POLLS', video_width: '1280', video_height: '720', content_duration_seconds: '15' });
		expect(poll).not.toHaveProperty('media_key');
		expect(requests().at(-1)!.base).toBe('adsSandbox');
	});
});

describe('Video Conversation Card', () => {
	it('creates, lists, gets and updates (pairing rules judged on the whole card)', async () => {
		const [card] = await ok({
			resource: 'videoConversationCard',
			operation: 'create',
			account: account(),
			name: 'Trail talk',
			mediaKey: fx().mediaKeys.video,
			thankYouText: 'Thanks!',
			firstCta: '#trail',
			firstCtaTweet: 'Trails all day',
			additionalFields: { title: 'Where do you run?', thankYouUrl: 'https://acme-shoes.example/thanks' },
		});
		expect(card).toMatchObject({ card_type: 'VIDEO_CONVERSATION', title: 'Where do you run?', first_cta: '#trail', first_cta_tweet: 'Trails all day', thank_you_url: 'https://acme-shoes.example/thanks', media_key: fx().mediaKeys.video, video_width: '1280', video_owner_id: fx().advertiserUserId });
		expect(q(requests()[0].query).get('first_cta')).toBe('#trail');

		const listed = await ok({ resource: 'videoConversationCard', operation: 'getAll', account: account(), returnAll: true, filters: { nameStartsWith: 'trail' } });
		expect(listed.map((c) => c.id).sort()).toEqual([String(card.id), fx().videoConversationCardId].sort());
		const [got] = await ok({ resource: 'videoConversationCard', operation: 'get', account: account(), cardId: fx().videoConversationCardId });
		expect(got).toMatchObject({ second_cta: '#forest', second_cta_tweet: 'Forest trails for me' });

		const [updated] = await ok({ resource: 'videoConversationCard', operation: 'update', account: account(), cardId: String(card.id), updateFields: { secondCta: '#road', secondCtaTweet: 'Road running', thankYouText: 'Cheers!' } });
		expect(updated).toMatchObject({ second_cta: '#road', second_cta_tweet: 'Road running', thank_you_text: 'Cheers!', title: 'Where do you run?' });
		expect(requests().at(-1)).toMatchObject({ method: 'PUT', path: `/12/accounts/${account()}/cards/video_conversation/${String(card.id)}` });
	});

	it('deletes a card for good: the answer says deleted, and it cannot be read afterwards', async () => {
		const [deleted] = await ok({ resource: 'videoConversationCard', operation: 'delete', account: account(), cardId: fx().videoConversationCardId });
		expect(deleted).toMatchObject({ id: fx().videoConversationCardId, card_type: 'VIDEO_CONVERSATION', deleted: true });
		expect(requests().at(-1)).toMatchObject({ method: 'DELETE', path: `/12/accounts/${account()}/cards/video_conversation/${fx().videoConversationCardId}`, query: '' });
		const again = await refused({ resource: 'videoConversationCard', operation: 'get', account: account(), cardId: fx().videoConversationCardId, options: { withDeleted: true } });
		expect(again.message).toMatch(/X answered 404 NOT_FOUND/);
	});

	it('surfaces X\'s refusal of a third CTA on a card without a second one', async () => {
		const error = await refused({ resource: 'videoConversationCard', operation: 'update', account: account(), cardId: fx().videoConversationCardId, updateFields: { fourthCta: '#four', fourthCtaTweet: 'Four' } });
		expect(error.message).toMatch(/X answered 400 INVALID_PARAMETER: fourth_cta needs third_cta/);
	});
});

describe('Post', () => {
	it('creates a promoted-only post with exact ids, X\'s timestamp form and entities', async () => {
		const [post] = await ok({ resource: 'post', operation: 'create', account: account(), asUserId: fx().advertiserUserId, additionalFields: { text: 'New #running shoes by @acme_ads $ACME https://acme-shoes.example', name: 'Launch post' } });
		expect(typeof post.id).toBe('string');
		expect(post.id).toBe(post.id_str);
		expect(creatives().posts.has(String(post.id))).toBe(true);
		expect(post.created_at).toMatch(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2} \d{2}:\d{2}:\d{2} \+0000 \d{4}$/);
		expect(post).toMatchObject({ text: expect.stringContaining('#running'), name: 'Launch post', truncated: false, scopes: { followers: false }, in_reply_to_status_id: null, retweet_count: 0, lang: 'en' });
		const entities = post.entities as IDataObject;
		expect(entities.hashtags).toEqual([{ text: 'running', indices: [4, 12] }]);
		expect((entities.user_mentions as IDataObject[])[0]).toMatchObject({ screen_name: 'acme_ads', id_str: fx().advertiserUserId });
		expect((entities.symbols as IDataObject[])[0]).toMatchObject({ text: 'ACME' });
		expect((entities.urls as IDataObject[])[0]).toMatchObject({ expanded_url: 'https://acme-shoes.example' });
		expect((post.user as IDataObject).id).toBe(fx().advertiserUserId);
		expect(post).not.toHaveProperty('conversation_settings');
		const sent = q(requests()[0].query);
		expect(sent.get('nullcast')).toBeNull();
		expect(sent.get('name')).toBe('Launch post');
	});

	it('sends the options: organic, trimmed user, extended mode, who can reply, video title and call to action', async () => {
		const [post] = await ok({
			resource: 'post',
			operation: 'create',
			account: account(),
			asUserId: fx().advertiserUserId,
			additionalFields: {
				text: 'Watch the launch',
				mediaKeys: fx().mediaKeys.video,
				nullcast: false,
				trimUser: true,
				tweetMode: 'extended',
				conversationSettings: 'FOLLOWING',
				videoTitle: 'Launch',
				videoDescription: 'The launch film',
				videoCta: 'VISIT_SITE',
				videoCtaValue: 'https://acme-shoes.example',
			},
		});
		expect(post).toMatchObject({ full_text: 'Watch the launch', scopes: { followers: true }, user: { id: fx().advertiserUserId, id_str: fx().advertiserUserId } });
		expect(post).not.toHaveProperty('text');
		expect(Object.keys(post.user as IDataObject).sort()).toEqual(['id', 'id_str']);
		const sent = q(requests()[0].query);
		expect(Object.fromEntries(sent)).toMatchObject({ nullcast: 'false', trim_user: 'true', tweet_mode: 'extended', conversation_settings: 'FOLLOWING', media_keys: fx().mediaKeys.video, video_cta: 'VISIT_SITE', video_title: 'Launch' });
		expect(creatives().posts.get(String(post.id))).toMatchObject({ conversation_settings: 'FOLLOWING', nullcast: false, video_cta_value: 'https://acme-shoes.example' });
		expect(creatives().library.get(`${account()}/${fx().mediaKeys.video}`)!.tweeted).toBe(true);

		const [mediaOnly] = await ok({ resource: 'post', operation: 'create', account: account(), asUserId: fx().advertiserUserId, additionalFields: { mediaKeys: fx().mediaKeys.gif } });
		expect(mediaOnly).toMatchObject({ text: '', lang: 'und' });
	});

	it('sends a long post of exactly 25,000 characters (emoji count as one) in the query', async () => {
		const text = `${'🏃'.repeat(12_500)}${'x'.repeat(12_500)}`;
		const [post] = await ok({ resource: 'post', operation: 'create', account: account(), asUserId: fx().advertiserUserId, additionalFields: { text, tweetMode: 'extended' } });
		expect(post).toMatchObject({ full_text: text, truncated: false, display_text_range: [0, 25_000] });
		expect(q(requests()[0].query).get('text')).toBe(text);
	});

	it('surfaces X\'s refusal of a user who did not grant the account access (403)', async () => {
		const error = await refused({ resource: 'post', operation: 'create', account: account(), asUserId: env.emulator.users[1].userId, additionalFields: { text: 'Hi' } });
		expect(error.httpCode).toBe('403');
		expect(error.message).toMatch(/UNAUTHORIZED_ACCESS/);
	});

	it('names a post: the answer adds conversation settings, nullcast, tweet_type and tweet_id', async () => {
		const [named] = await ok({ resource: 'post', operation: 'updateName', account: account(), tweetId: fx().postId, name: 'Spring sale (renamed)' });
		expect(named).toMatchObject({
			id: fx().postId,
			tweet_id: fx().postId,
			name: 'Spring sale (renamed)',
			conversation_settings: 'EVERYONE',
			nullcast: true,
			tweet_type: 'PUBLISHED',
			scheduled_status: null,
			scheduled_at: null,
			full_text: expect.stringContaining('Spring sale'),
		});
		expect((named.user as IDataObject).screen_name).toBe('acme_ads');
		expect(requests()[0]).toMatchObject({ method: 'PUT', path: `/12/accounts/${account()}/tweets/${fx().postId}/name` });
		expect(q(requests()[0].query).get('name')).toBe('Spring sale (renamed)');
		expect(creatives().posts.get(fx().postId)!.name).toBe('Spring sale (renamed)');
	});
});

describe('input rules (refused before any request)', () => {
	it('with continueOnFail a bad item becomes an error item and the others go through (poll cards)', async () => {
		const result = await env.ads(
			{ resource: 'pollCard', operation: 'create', account: account(), name: '={{ $json.name }}', durationInMinutes: '={{ $json.minutes }}', firstChoice: 'Yes', secondChoice: 'No' },
			[
				{ name: 'One hour', minutes: 60 },
				{ name: 'Too short', minutes: 4 },
				{ name: 'Two hours', minutes: 120 },
			],
			{ continueOnFail: true },
		);
		const out = result.output();
		expect(out).toHaveLength(3);
		expect(out[0].json).toMatchObject({ name: 'One hour', duration_in_minutes: '60' });
		expect(out[1].json.error).toMatch(/^Item 1: Duration \(Minutes\) \(duration_in_minutes\) must be at least 5 \(got 4\)/);
		expect(out[2].json).toMatchObject({ name: 'Two hours', duration_in_minutes: '120' });
		expect(paired(out)).toEqual([0, 1, 2]);
		expect(requests().filter((r) => r.method === 'POST')).toHaveLength(2);
	});

	it('with continueOnFail X\'s refusal of one item is that item\'s error (cards, JSON bodies)', async () => {
		const result = await env.ads(
			{ resource: 'card', operation: 'create', account: account(), name: '={{ $json.name }}', componentsSource: 'json', cardJson: '={{ JSON.stringify({ components: [{ type: "MEDIA", media_key: $json.key }, { type: "DETAILS", title: "Go", destination: { type: "WEBSITE", url: "https://acme-shoes.example" } }] }) }}' },
			[
				{ name: 'Image card', key: fx().mediaKeys.image },
				{ name: 'Not in the library', key: fx().uploadedMediaKeys.image },
				{ name: 'Video card', key: fx().mediaKeys.video },
			],
			{ continueOnFail: true },
		);
		const out = result.output();
		expect(out.map((i) => i.json.card_type ?? i.json.httpCode)).toEqual(['IMAGE_WEBSITE', '400', 'VIDEO_WEBSITE']);
		expect(out[1].json.error).toMatch(/X answered 400 INVALID_PARAMETER/);
		expect(paired(out)).toEqual([0, 1, 2]);
	});

	it('without continueOnFail one bad item stops the run before anything is sent', async () => {
		const result = await env.ads(
			{ resource: 'post', operation: 'create', account: account(), asUserId: fx().advertiserUserId, additionalFields: { text: '={{ $json.text }}' } },
			[{ text: 'fine' }, { text: 'x'.repeat(25_001) }],
		);
		expect(result.error?.message).toMatch(/^Item 1: Text \(text\) must be at most 25000 characters/);
		expect(requests()).toHaveLength(0);
	});
});
