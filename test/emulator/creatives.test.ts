/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Creatives (X Ads catalog, audience and creative reference, second half) on the emulator over raw HTTP, signed with the independent
 * `oauth-1.0a` package: what the node never sends (wrong content types, unknown keys, bad
 * compositions), route precedence, 64-bit ids in the raw body, the clock and the fixtures.
 */
import { call, qs, expectAdsError, emulatorSuite } from './signedClient';
import { BigId, serializeWithBigIds } from './routes/posts';
import { pollClosed } from './state/creatives';

const { emu, signed, fx, sfx, account } = emulatorSuite();

const website = () => [
	{ type: 'MEDIA', media_key: fx().mediaKeys.image },
	{ type: 'DETAILS', title: 'Go', destination: { type: 'WEBSITE', url: 'https://acme-shoes.example' } },
];
const app = (destination: Record<string, unknown>, label: unknown = { type: 'ENUM', value: 'INSTALL' }) => [
	{ type: 'MEDIA', media_key: fx().mediaKeys.video },
	{ type: 'BUTTON', label, destination: { type: 'APP', country_code: 'US', ...destination } },
];

describe('fixtures', () => {
	it('are stable across reset, served over HTTP, and exist in the state', async () => {
		const before = emu().control.fixtures();
		emu().control.reset();
		expect(emu().control.fixtures()).toEqual(before);
		expect((await call('GET', `${emu().urls.control}/fixtures`)).json).toEqual(before);
		for (const [name, f] of [['production', before.production], ['sandbox', before.sandbox]] as const) {
			const c = emu().control.state().ads[name].creatives;
			expect(f.advertiserUserId).toBe(emu().users[0].userId);
			for (const key of Object.values(f.mediaKeys)) expect(c.library.get(`${f.accountId}/${key}`)?.deleted).toBe(false);
			for (const key of Object.values(f.uploadedMediaKeys)) {
				expect(c.uploads.has(key)).toBe(true);
				expect(c.library.has(`${f.accountId}/${key}`)).toBe(false);
			}
			expect(f.uploadedMediaKeys.video).toMatch(/^13_/);
			expect(f.accountMediaIds.map((id) => c.accountMedia.get(id)?.creative_type)).toEqual(['PREROLL', 'BANNER', 'MEDIUM_RECTANGLE']);
			expect(f.cardIds.map((id) => c.cards.get(id)?.card_type)).toEqual(['IMAGE_WEBSITE', 'VIDEO_APP']);
			expect(c.cards.get(f.legacyCardId)?.legacy).toBe(true);
			expect(c.pollCards.has(f.pollCardId)).toBe(true);
			expect(c.videoConversationCards.has(f.videoConversationCardId)).toBe(true);
			expect(c.posts.get(f.postId)?.as_user_id).toBe(f.advertiserUserId);
		}
		const state = (await call('GET', `${emu().urls.control}/state`)).json.ads;
		expect(state.production.creatives.cards.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(before.production.cardIds));
		expect(state.sandbox.features[sfx().accountId]).toContain('PROMOTED_MEDIA_POLLS');
		expect(state.production.features[fx().accountId]).not.toContain('PROMOTED_MEDIA_POLLS');
	});
});

describe('cards', () => {
	it('takes JSON bodies only, with known keys only', async () => {
		const form = await signed('POST', account('/cards'), { form: { name: 'x' } });
		expectAdsError(form, 400, 'INVALID_PARAMETER');
		expect(form.json.errors[0]).toMatchObject({ parameter: 'name', message: expect.stringMatching(/belongs in the JSON body/) });
		expectAdsError(await signed('POST', account('/cards'), { body: '{"name":', contentType: 'application/json' }), 400, 'INVALID_PARAMETER');
		expectAdsError(await signed('POST', account('/cards'), { json: [] }), 400, 'INVALID_PARAMETER');
		expectAdsError(await signed('POST', account('/cards'), { json: { name: 'x', components: website(), card_type: 'IMAGE_APP' } }), 400, 'INVALID_PARAMETER', 'card_type');
		expectAdsError(await signed('POST', account('/cards') + qs({ name: 'x' }), { json: { components: website() } }), 400, 'INVALID_PARAMETER', 'name');
		expectAdsError(await signed('POST', account('/cards'), { json: { components: website() } }), 400, 'MISSING_PARAMETER', 'name');
		expectAdsError(await signed('PUT', account(`/cards/${fx().cardIds[0]}`), { form: { name: 'x' } }), 400, 'INVALID_PARAMETER');
	});

	it('checks the composition and derives the card type', async () => {
		const create = (body: unknown) => signed('POST', account('/cards'), { json: body });
		expectAdsError(await create({ name: 'n'.repeat(81), components: website() }), 400, 'INVALID_PARAMETER', 'name');
		expectAdsError(await create({ name: 'x', components: website(), slides: [website(), website()] }), 400, 'INVALID_PARAMETER', 'slides');
		expectAdsError(await create({ name: 'x' }), 400, 'MISSING_PARAMETER', 'components');
		expectAdsError(await create({ name: 'x', components: [website()[0], ...website()] }), 400, 'INVALID_PARAMETER', 'components');
		expectAdsError(await create({ name: 'x', components: [{ type: 'MEDIA', media_key: fx().mediaKeys.gif }, website()[1]] }), 400, 'INVALID_PARAMETER', 'components[0].media_key');
		expectAdsError(await create({ name: 'x', components: [{ type: 'MEDIA', media_key: fx().mediaKeys.image, title: 't' }, website()[1]] }), 400, 'INVALID_PARAMETER', 'components[0].title');
		expectAdsError(await create({ name: 'x', components: [{ type: 'SWIPEABLE_MEDIA', media_keys: [fx().mediaKeys.image] }, website()[1]] }), 400, 'INVALID_PARAMETER', 'components[0].media_keys');
		expectAdsError(await create({ name: 'x', components: [website()[0], { type: 'DETAILS', title: 'x', destination: { type: 'WEBSITE' } }] }), 400, 'MISSING_PARAMETER', 'components[1].destination.url');
		expectAdsError(await create({ name: 'x', components: app({}) }), 400, 'MISSING_PARAMETER', 'components[1].destination.googleplay_app_id');
		expectAdsError(await create({ name: 'x', components: app({ ios_app_store_identifier: '1', googleplay_deep_link: 'a://b' }) }), 400, 'INVALID_PARAMETER', 'components[1].destination.googleplay_deep_link');
		expectAdsError(await create({ name: 'x', components: app({ googleplay_app_id: 'a', ios_deep_link: 'a://b' }) }), 400, 'INVALID_PARAMETER', 'components[1].destination.ios_deep_link');
		expectAdsError(await create({ name: 'x', components: app({ googleplay_app_id: 'a', country_code: 'XX' }) }), 400, 'INVALID_PARAMETER', 'components[1].destination.country_code');
		expectAdsError(await create({ name: 'x', components: app({ googleplay_app_id: 'a' }, { type: 'ENUM', value: 'BUY' }) }), 400, 'INVALID_PARAMETER', 'components[1].label');
		expectAdsError(await create({ name: 'x', slides: [website()] }), 400, 'INVALID_PARAMETER', 'slides');
		expectAdsError(await create({ name: 'x', slides: [website(), app({ googleplay_app_id: 'a' })] }), 400, 'INVALID_PARAMETER', 'slides[1]');

		const types = async (body: unknown) => (await create(body)).json.data?.card_type;
		const [image, video] = [fx().mediaKeys.image, fx().mediaKeys.video];
		const swipe = (keys: string[], action: unknown = website()[1]) => [{ type: 'SWIPEABLE_MEDIA', media_keys: keys }, action];
		const button = app({ ios_app_store_identifier: '333903271' })[1];
		expect(await types({ name: 'a', components: website() })).toBe('IMAGE_WEBSITE');
		expect(await types({ name: 'b', components: app({ ios_app_store_identifier: '1', ios_deep_link: 'a://b' }) })).toBe('VIDEO_APP');
		expect(await types({ name: 'c', components: swipe([image, image]) })).toBe('IMAGE_CAROUSEL_WEBSITE');
		expect(await types({ name: 'd', components: swipe([video, video], button) })).toBe('VIDEO_CAROUSEL_APP');
		expect(await types({ name: 'e', components: swipe([image, video], button) })).toBe('MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP');
		const slide = (key: string) => [{ type: 'MEDIA', media_key: key }, website()[1]];
		expect(await types({ name: 'f', slides: [slide(video), slide(video)] })).toBe('VIDEO_MULTI_DEST_CAROUSEL_WEBSITE');
		expect(await types({ name: 'g', slides: [slide(image), slide(image), slide(image)] })).toBe('IMAGE_MULTI_DEST_CAROUSEL_WEBSITE');
	});

	it('answers GET one and DELETE as an array; PUT replaces; poll and video conversation paths are not card ids', async () => {
		const one = await signed('GET', account(`/cards/${fx().cardIds[0]}`));
		expect(Array.isArray(one.json.data)).toBe(true);
		expect(one.json.data[0]).toMatchObject({ id: fx().cardIds[0], card_uri: `card://${fx().cardIds[0]}`, deleted: false });
		const legacy = await signed('GET', account(`/cards/${fx().legacyCardId}`));
		expect(legacy.json.data[0].card_type).toBe('IMAGE_CONVERSATION');
		expectAdsError(await signed('GET', account('/cards') + qs({ card_types: 'IMAGE_CONVERSATION' })), 400, 'INVALID_PARAMETER', 'card_types');
		expectAdsError(await signed('GET', account('/cards') + qs({ count: 201 })), 400, 'INVALID_PARAMETER', 'count');
		expectAdsError(await signed('GET', account('/cards') + qs({ q: 'q'.repeat(81) })), 400, 'INVALID_PARAMETER', 'q');

		const put = await signed('PUT', account(`/cards/${fx().cardIds[0]}`), { json: { slides: [website(), website()] } });
		expect(put.json.data).toMatchObject({ card_type: 'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE', name: 'Spring sale website card' });
		expect(put.json.data).not.toHaveProperty('components');

		// X's reference: DELETE accounts/:account_id/cards/:card_id (the legacy card_type path is gone).
		expectAdsError(await signed('DELETE', account(`/cards/IMAGE_MULTI_DEST_CAROUSEL_WEBSITE/${fx().cardIds[0]}`)), 404, 'NOT_FOUND');
		const deleted = await signed('DELETE', account(`/cards/${fx().cardIds[0]}`));
		expect(deleted.json.data[0]).toMatchObject({ id: fx().cardIds[0], deleted: true });
		expectAdsError(await signed('DELETE', account(`/cards/${fx().cardIds[0]}`)), 404, 'NOT_FOUND');

		expect((await signed('GET', account('/cards/poll'))).json.data[0].id).toBe(fx().pollCardId);
		expect((await signed('GET', account('/cards/video_conversation'))).json.data[0].id).toBe(fx().videoConversationCardId);
	});
});

describe('poll cards', () => {
	it('checks choices, duration and media; hard-deletes', async () => {
		const create = (params: Record<string, string | number>) =>
			signed('POST', account('/cards/poll') + qs({ name: 'P', duration_in_minutes: 60, first_choice: 'A', second_choice: 'B', ...params }));
		expectAdsError(await create({ duration_in_minutes: 4 }), 400, 'INVALID_PARAMETER', 'duration_in_minutes');
		expectAdsError(await create({ duration_in_minutes: 10081 }), 400, 'INVALID_PARAMETER', 'duration_in_minutes');
		expectAdsError(await create({ first_choice: 'c'.repeat(26) }), 400, 'INVALID_PARAMETER', 'first_choice');
		expectAdsError(await create({ fourth_choice: 'D' }), 400, 'INVALID_PARAMETER', 'fourth_choice');
		expectAdsError(await signed('POST', account('/cards/poll') + qs({ name: 'P', duration_in_minutes: 60, first_choice: 'A' })), 400, 'MISSING_PARAMETER', 'second_choice');
		expectAdsError(await create({ media_key: fx().mediaKeys.image }), 400, 'INVALID_PARAMETER', 'media_key');

		const sandboxPoll = (key: string) =>
			signed('POST', `${emu().urls.adsSandbox}/12/accounts/${sfx().accountId}/cards/poll` + qs({ name: 'P', duration_in_minutes: 60, first_choice: 'A', second_choice: 'B', media_key: key }));
		const image = await sandboxPoll(sfx().mediaKeys.image);
		expect(image.json.data.card_type).toBe('IMAGE_POLLS');
		const gif = await sandboxPoll(sfx().mediaKeys.gif);
		expectAdsError(gif, 400, 'INVALID_PARAMETER', 'media_key');

		const created = await create({ third_choice: 'C', duration_in_minutes: 10 });
		const id = created.json.data.id;
		const record = emu().control.state().ads.production.creatives.pollCards.get(id)!;
		expect(pollClosed(record, emu().control.now())).toBe(false);
		const clock = await call('POST', `${emu().urls.control}/clock`, { 'content-type': 'application/json' }, JSON.stringify({ advanceMs: 10 * 60_000 }));
		expect(clock.json.now).toBeGreaterThanOrEqual(Date.parse(created.json.data.end_time));
		expect(pollClosed(record, emu().control.now())).toBe(true);

		expect((await signed('DELETE', account(`/cards/poll/${id}`))).json.data).toMatchObject({ id, deleted: true });
		expectAdsError(await signed('GET', account(`/cards/poll/${id}`) + qs({ with_deleted: true })), 404, 'NOT_FOUND');
		expectAdsError(await signed('DELETE', account(`/cards/poll/${id}`)), 404, 'NOT_FOUND');
	});
});

describe('video conversation cards', () => {
	it('checks hashtags, pairs, lengths and media kinds', async () => {
		const base = { name: 'V', media_key: fx().mediaKeys.video, thank_you_text: 'Thanks', first_cta: '#one', first_cta_tweet: 'One', title: 'Title' };
		const create = (params: Record<string, string>) => signed('POST', account('/cards/video_conversation') + qs({ ...base, ...params }));
		expectAdsError(await create({ first_cta: 'one' }), 400, 'INVALID_PARAMETER', 'first_cta');
		expectAdsError(await create({ first_cta: `#${'a'.repeat(21)}` }), 400, 'INVALID_PARAMETER', 'first_cta');
		expect((await create({ first_cta: `#${'a'.repeat(20)}` })).status).toBe(200);
		expectAdsError(await create({ second_cta: '#two' }), 400, 'MISSING_PARAMETER', 'second_cta_tweet');
		expectAdsError(await create({ thank_you_text: 't'.repeat(24) }), 400, 'INVALID_PARAMETER', 'thank_you_text');
		expectAdsError(await create({ media_key: fx().mediaKeys.image }), 400, 'INVALID_PARAMETER', 'media_key');
		expectAdsError(await create({ poster_media_key: fx().mediaKeys.video }), 400, 'INVALID_PARAMETER', 'poster_media_key');
		const { title: _title, ...noTitle } = base;
		expectAdsError(await signed('POST', account('/cards/video_conversation') + qs(noTitle)), 400, 'INVALID_PARAMETER', 'title');
		const withSecond = await signed('POST', account('/cards/video_conversation') + qs({ ...noTitle, second_cta: '#two', second_cta_tweet: 'Two', unlocked_image_media_key: fx().mediaKeys.image }));
		expect(withSecond.json.data).toMatchObject({ title: null, second_cta: '#two' });
		expect(withSecond.json.data).not.toHaveProperty('unlocked_image_media_key');
		const { first_cta: _cta, ...noCta } = base;
		expectAdsError(await signed('POST', account('/cards/video_conversation') + qs(noCta)), 400, 'MISSING_PARAMETER', 'first_cta');
	});
});

describe('media library and account media', () => {
	it('adds uploads once, refuses video-only fields for images, and can add a key again after deleting it', async () => {
		const key = fx().uploadedMediaKeys.image;
		expectAdsError(await signed('POST', account('/media_library') + qs({ media_key: '3_999' })), 400, 'INVALID_PARAMETER', 'media_key');
		expectAdsError(await signed('POST', account('/media_library') + qs({ media_key: key, title: 'x' })), 400, 'INVALID_PARAMETER', 'title');
		expectAdsError(await signed('POST', account('/media_library') + qs({ media_key: key, name: 'n'.repeat(101) })), 400, 'INVALID_PARAMETER', 'name');
		expect((await signed('POST', account('/media_library') + qs({ media_key: key }))).json.data).toMatchObject({ name: null, media_type: 'IMAGE' });
		expectAdsError(await signed('POST', account('/media_library') + qs({ media_key: key })), 400, 'INVALID_PARAMETER', 'media_key');
		expect((await signed('DELETE', account(`/media_library/${key}`))).json.data.deleted).toBe(true);
		expect((await signed('POST', account('/media_library') + qs({ media_key: key, name: 'Again' }))).json.data).toMatchObject({ name: 'Again', deleted: false });
		expectAdsError(await signed('GET', account('/media_library') + qs({ count: 51 })), 400, 'INVALID_PARAMETER', 'count');
		expectAdsError(await signed('GET', account('/media_library') + qs({ media_type: 'AUDIO' })), 400, 'INVALID_PARAMETER', 'media_type');
		expectAdsError(await signed('GET', account('/account_media') + qs({ creative_types: 'POPUP' })), 400, 'INVALID_PARAMETER', 'creative_types');
		expectAdsError(await signed('GET', account('/account_media') + qs({ count: 1001 })), 400, 'INVALID_PARAMETER', 'count');
	});

	it('scopes everything to the account of the user', async () => {
		const other = emu().users[1];
		expectAdsError(await signed('GET', account('/media_library'), { user: other }), 403, 'UNAUTHORIZED_ACCESS');
		expectAdsError(await signed('GET', account(`/cards/${fx().cardIds[0]}`), { user: other }), 403, 'UNAUTHORIZED_ACCESS');
		// The sandbox account's records are not found through the production account.
		expectAdsError(await signed('GET', account(`/cards/${sfx().cardIds[0]}`)), 404, 'NOT_FOUND');
	});
});

describe('posts', () => {
	it('writes 64-bit ids as bare JSON numbers next to exact *_str strings', async () => {
		expect(serializeWithBigIds({ id: new BigId('1469758423451234567'), id_str: '1469758423451234567' })).toBe('{"id":1469758423451234567,"id_str":"1469758423451234567"}');
		const reply = await signed('POST', account('/tweet') + qs({ as_user_id: fx().advertiserUserId, text: 'Hello', trim_user: true }));
		expect(reply.status).toBe(200);
		const post = reply.json.data;
		expect(post.id_str).toMatch(/^\d{19}$/);
		expect(post.id).toBe(Number(post.id_str)); // a JSON number, rounded like any client's JSON.parse
		expect(post.user).toEqual({ id: Number(fx().advertiserUserId), id_str: fx().advertiserUserId });
		expect(emu().control.state().ads.production.creatives.posts.get(post.id_str)).toMatchObject({ text: 'Hello', nullcast: true });
		const named = await signed('PUT', account(`/tweets/${post.id_str}/name`) + qs({ name: 'Named' }));
		expect(named.json.data).toMatchObject({ tweet_id: post.id_str, name: 'Named', tweet_type: 'PUBLISHED', display_text_range: [0, 5] });
	});

	it('checks the parameters', async () => {
		const post = (params: Record<string, string | boolean>) => signed('POST', account('/tweet') + qs({ as_user_id: fx().advertiserUserId, ...params }));
		expectAdsError(await signed('POST', account('/tweet') + qs({ text: 'x' })), 400, 'MISSING_PARAMETER', 'as_user_id');
		expectAdsError(await post({}), 400, 'MISSING_PARAMETER', 'text');
		expectAdsError(await post({ text: 'x'.repeat(25_001) }), 400, 'INVALID_PARAMETER', 'text');
		expectAdsError(await post({ media_keys: `${fx().mediaKeys.image},${fx().mediaKeys.gif}` }), 400, 'INVALID_PARAMETER', 'media_keys');
		expectAdsError(await post({ media_keys: fx().uploadedMediaKeys.image }), 400, 'INVALID_PARAMETER', 'media_keys');
		expectAdsError(await post({ text: 'x', card_uri: 'card://1' }), 400, 'INVALID_PARAMETER', 'card_uri');
		expectAdsError(await post({ text: 'x', name: 'n'.repeat(81) }), 400, 'INVALID_PARAMETER', 'name');
		expectAdsError(await post({ text: 'x', tweet_mode: 'full' }), 400, 'INVALID_PARAMETER', 'tweet_mode');
		expectAdsError(await post({ media_keys: fx().mediaKeys.video, video_cta: 'WATCH_NOW' }), 400, 'MISSING_PARAMETER', 'video_cta_value');
		expectAdsError(await post({ media_keys: fx().mediaKeys.image, video_title: 'T' }), 400, 'INVALID_PARAMETER', 'video_title');
		expectAdsError(await post({ media_keys: fx().mediaKeys.video, video_title: 't'.repeat(71) }), 400, 'INVALID_PARAMETER', 'video_title');
		expectAdsError(await signed('POST', account('/tweet') + qs({ as_user_id: emu().users[1].userId, text: 'x' })), 403, 'UNAUTHORIZED_ACCESS');

		const long = await post({ text: 'y'.repeat(200) });
		expect(long.json.data).toMatchObject({ truncated: true });
		expect([...long.json.data.text]).toHaveLength(140);
		const withPoll = await post({ text: 'Vote', card_uri: emu().control.state().ads.production.creatives.pollCards.get(fx().pollCardId)!.card_uri });
		expect(withPoll.status).toBe(200);
		expectAdsError(await signed('PUT', account('/tweets/123/name') + qs({ name: 'x' })), 404, 'NOT_FOUND');
		expectAdsError(await signed('PUT', account(`/tweets/${fx().postId}/name`)), 400, 'MISSING_PARAMETER', 'name');
	});
});
