/**
 * Creatives (https://docs.x.com/x-ads-api/creatives/reference): uploaded media, the media library, account media, cards,
 * poll cards, video conversation cards and posts: records, the seed and the fixtures.
 *
 * Media keys are "<category>_<id>": 3_ images, 7_ and 13_ videos (13_ = AMPLIFY_VIDEO), 16_ GIFs.
 * Uploads (the upload endpoint itself is out of scope) are per environment; library objects,
 * account media, cards and posts belong to an ads account.
 */
import { refValues } from '../conformance';
import type { AdsEnvironment, Store } from '../store';
import { adsId, adsTime, snowflake } from '../util';

export type MediaType = 'IMAGE' | 'VIDEO' | 'GIF';

/** Creative types of account media, as X's reference lists them for the account media filter. */
export const ACCOUNT_MEDIA_CREATIVE_TYPES = refValues('GET 12/accounts/:account_id/account_media', 'creative_types');
export type CreativeType = string;

/** A media file as the upload endpoint left it (not yet, or also, in a media library). */
export interface UploadedMedia {
	media_key: string;
	media_type: MediaType;
	/** TWEET_IMAGE, TWEET_GIF, TWEET_VIDEO or AMPLIFY_VIDEO. */
	media_category: string;
	media_url: string;
	width: number;
	height: number;
	/** Milliseconds (videos and GIFs); null for images. */
	duration: number | null;
}

/** Media library object as X returns it (fields of the spec's table, in its order). */
export interface MediaLibraryObject {
	media_key: string;
	media_type: MediaType;
	media_category: string;
	media_status: string;
	media_url: string;
	/** Videos only. */
	poster_media_url?: string;
	poster_media_key?: string;
	name: string | null;
	file_name: string | null;
	/** Videos only. */
	title?: string | null;
	description?: string | null;
	duration: number | null;
	aspect_ratio: string;
	tweeted: boolean;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface MediaLibraryRecord extends MediaLibraryObject {
	accountId: string;
}

export interface AccountMedia {
	id: string;
	creative_type: CreativeType;
	video_id: string | null;
	media_url: string | null;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface AccountMediaRecord extends AccountMedia {
	accountId: string;
}

export interface CardRecord {
	accountId: string;
	id: string;
	name: string;
	card_uri: string;
	card_type: string;
	components?: unknown[];
	slides?: unknown[][];
	created_at: string;
	updated_at: string;
	deleted: boolean;
	/** Made by an older card endpoint: listed only with include_legacy_cards=true. */
	legacy: boolean;
}

export interface PollCardRecord {
	accountId: string;
	id: string;
	name: string;
	card_uri: string;
	card_type: 'TEXT_POLLS' | 'IMAGE_POLLS' | 'VIDEO_POLLS';
	first_choice: string;
	second_choice: string;
	third_choice?: string;
	fourth_choice?: string;
	duration_in_minutes: number;
	/** Write-only on the wire. */
	media_key?: string;
	created_at: string;
	updated_at: string;
}

export const CTA_ORDINALS = ['first', 'second', 'third', 'fourth'] as const;

/** What image and video conversation cards share. */
export interface ConversationCardRecord {
	accountId: string;
	id: string;
	name: string;
	card_uri: string;
	title: string | null;
	/** first_cta, first_cta_tweet, second_cta, ... (only the set ones). */
	ctas: Record<string, string>;
	thank_you_text: string;
	thank_you_url?: string;
	media_key: string;
	unlocked_image_media_key?: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface VideoConversationCardRecord extends ConversationCardRecord {
	poster_media_key?: string;
	unlocked_video_media_key?: string;
	video_owner_id: string;
}

export interface PostRecord {
	accountId: string;
	id: string;
	as_user_id: string;
	text: string | null;
	name: string | null;
	nullcast: boolean;
	conversation_settings: 'EVERYONE' | 'FOLLOWING' | 'MENTIONED_USERS';
	media_keys: string[];
	card_uri: string | null;
	video_title: string | null;
	video_description: string | null;
	video_cta: string | null;
	video_cta_value: string | null;
	createdMs: number;
}

/** A draft post (X's "draft tweet"); deleted drafts are gone. */
export interface DraftPostRecord {
	accountId: string;
	id: string;
	user_id: string;
	text: string;
	name: string | null;
	nullcast: boolean;
	card_uri: string | null;
	media_keys: string[];
	created_at: string;
	updated_at: string;
}

/** A scheduled post (X's "scheduled tweet"): a draft's fields, published by X at scheduled_at, then tweet_id is the post. */
export interface ScheduledPostRecord extends DraftPostRecord {
	scheduled_at: string;
	scheduled_status: 'SCHEDULED' | 'DELETED';
	completed_at: string | null;
	tweet_id: string | null;
}

/** unlocked_image_media_key is write-only on the wire: X answers the image's URL. */
export type ImageConversationCardRecord = ConversationCardRecord;

export interface PrerollCtaRecord {
	accountId: string;
	id: string;
	line_item_id: string;
	call_to_action: string;
	call_to_action_url: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

/** Account media attached to a line item. */
export interface MediaCreativeRecord {
	accountId: string;
	id: string;
	line_item_id: string;
	account_media_id: string;
	landing_url: string | null;
	creative_type: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface CreativeEnvState {
	/** Uploaded media by media key (what POST media_library may add). */
	uploads: Map<string, UploadedMedia>;
	/** Library objects by "<account id>/<media key>" (the current one; deleted ones stay with deleted=true). */
	library: Map<string, MediaLibraryRecord>;
	/** The same per account, in creation order (re-added keys appear again). */
	libraryByAccount: Map<string, MediaLibraryRecord[]>;
	accountMedia: Map<string, AccountMediaRecord>;
	accountMediaByAccount: Map<string, AccountMediaRecord[]>;
	cards: Map<string, CardRecord>;
	cardsByAccount: Map<string, CardRecord[]>;
	/** Poll cards are deleted for good: removed from both. */
	pollCards: Map<string, PollCardRecord>;
	pollCardsByAccount: Map<string, PollCardRecord[]>;
	videoConversationCards: Map<string, VideoConversationCardRecord>;
	videoConversationCardsByAccount: Map<string, VideoConversationCardRecord[]>;
	posts: Map<string, PostRecord>;
	/** Scheduled posts, drafts, image conversation cards, preroll CTAs, media creatives by id (insertion order; lists filter by account). */
	scheduledPosts: Map<string, ScheduledPostRecord>;
	draftPosts: Map<string, DraftPostRecord>;
	imageConversationCards: Map<string, ImageConversationCardRecord>;
	prerollCtas: Map<string, PrerollCtaRecord>;
	mediaCreatives: Map<string, MediaCreativeRecord>;
}

/** Seed ids of one environment (stable across reset()). */
export interface CreativeSeedIds {
	mediaKeys: { image: string; video: string; gif: string };
	/** AMPLIFY_VIDEO in the library, behind the seeded PREROLL account media. */
	amplifyVideoKey: string;
	/** A 1280x720 image in the library (16:9, narrower than the 1.91:1 poll images need). */
	wideImageKey: string;
	uploadedMediaKeys: { image: string; video: string; gif: string };
	accountMediaIds: [string, string, string];
	cardIds: [string, string];
	legacyCardId: string;
	pollCardId: string;
	pollCardUri: string;
	videoConversationCardId: string;
	videoConversationCardUri: string;
	postId: string;
	scheduledPostId: string;
	draftPostId: string;
	imageConversationCardId: string;
	imageConversationCardUri: string;
	prerollCallToActionId: string;
	mediaCreativeId: string;
}

/** What tests may rely on (merged into EnvFixtures). */
export interface CreativeFixtures {
	/** In the account's media library: an image (1200x628, 1.91:1), a video (TWEET_VIDEO, 1280x720), a GIF. */
	mediaKeys: { image: string; video: string; gif: string };
	/** Uploaded but not in any library: an image, an AMPLIFY_VIDEO video (13_) and a GIF. */
	uploadedMediaKeys: { image: string; video: string; gif: string };
	/** PREROLL (video_id = an AMPLIFY_VIDEO library video), BANNER and MEDIUM_RECTANGLE (media_url). */
	accountMediaIds: string[];
	/** Made through POST cards: [IMAGE_WEBSITE, VIDEO_APP]. */
	cardIds: string[];
	/** IMAGE_CONVERSATION, listed only with include_legacy_cards=true. */
	legacyCardId: string;
	/** TEXT_POLLS, 3 choices, 1440 minutes. */
	pollCardId: string;
	videoConversationCardId: string;
	/** users[0]: the only user a post may be created for (as_user_id). */
	advertiserUserId: string;
	/** A post of the account, created for advertiserUserId. */
	postId: string;
	/** A SCHEDULED post of advertiserUserId (2027-01-01), with the library image. */
	scheduledPostId: string;
	/** A draft post of advertiserUserId (text only). */
	draftPostId: string;
	/** An image conversation card with the library image, two CTAs. */
	imageConversationCardId: string;
	/** VISIT_SITE on lineItems.engagements. */
	prerollCallToActionId: string;
	/** The BANNER account media on lineItems.engagements, with a landing URL. */
	mediaCreativeId: string;
}

const mediaKey = (category: number) => `${category}_${snowflake()}`;

export function newCreativeSeedIds(): CreativeSeedIds {
	return {
		mediaKeys: { image: mediaKey(3), video: mediaKey(7), gif: mediaKey(16) },
		amplifyVideoKey: mediaKey(13),
		wideImageKey: mediaKey(3),
		uploadedMediaKeys: { image: mediaKey(3), video: mediaKey(13), gif: mediaKey(16) },
		accountMediaIds: [adsId(5), adsId(5), adsId(5)],
		cardIds: [snowflake(), snowflake()],
		legacyCardId: snowflake(),
		pollCardId: adsId(5),
		pollCardUri: `card://${snowflake()}`,
		videoConversationCardId: adsId(5),
		videoConversationCardUri: `card://${snowflake()}`,
		postId: snowflake(),
		scheduledPostId: snowflake(),
		draftPostId: snowflake(),
		imageConversationCardId: adsId(5),
		imageConversationCardUri: `card://${snowflake()}`,
		prerollCallToActionId: adsId(3),
		mediaCreativeId: adsId(5),
	};
}

export function creativeFixtures(ids: CreativeSeedIds, advertiserUserId: string): CreativeFixtures {
	return {
		mediaKeys: { ...ids.mediaKeys },
		uploadedMediaKeys: { ...ids.uploadedMediaKeys },
		accountMediaIds: [...ids.accountMediaIds],
		cardIds: [...ids.cardIds],
		legacyCardId: ids.legacyCardId,
		pollCardId: ids.pollCardId,
		videoConversationCardId: ids.videoConversationCardId,
		advertiserUserId,
		postId: ids.postId,
		scheduledPostId: ids.scheduledPostId,
		draftPostId: ids.draftPostId,
		imageConversationCardId: ids.imageConversationCardId,
		prerollCallToActionId: ids.prerollCallToActionId,
		mediaCreativeId: ids.mediaCreativeId,
	};
}

export function emptyCreativeEnv(): CreativeEnvState {
	return {
		uploads: new Map(),
		library: new Map(),
		libraryByAccount: new Map(),
		accountMedia: new Map(),
		accountMediaByAccount: new Map(),
		cards: new Map(),
		cardsByAccount: new Map(),
		pollCards: new Map(),
		pollCardsByAccount: new Map(),
		videoConversationCards: new Map(),
		videoConversationCardsByAccount: new Map(),
		posts: new Map(),
		scheduledPosts: new Map(),
		draftPosts: new Map(),
		imageConversationCards: new Map(),
		prerollCtas: new Map(),
		mediaCreatives: new Map(),
	};
}

// ---- Helpers shared by the routes -------------------------------------------------------------

/** Appends to the per-account list of a map of lists. */
export function pushFor<T>(map: Map<string, T[]>, accountId: string, record: T): void {
	let list = map.get(accountId);
	if (!list) map.set(accountId, (list = []));
	list.push(record);
}

export const libraryKey = (accountId: string, key: string) => `${accountId}/${key}`;

/** The live (not deleted) library object of the account, or undefined. */
export function liveLibraryObject(env: CreativeEnvState, accountId: string, key: string): MediaLibraryRecord | undefined {
	const record = env.library.get(libraryKey(accountId, key));
	return record && !record.deleted ? record : undefined;
}

/** Media type of a key by its category prefix (undefined for an unknown category). */
export function mediaTypeOfKey(key: string): MediaType | undefined {
	const m = /^(\d+)_\d+$/.exec(key);
	if (!m) return undefined;
	return ({ '3': 'IMAGE', '7': 'VIDEO', '13': 'VIDEO', '16': 'GIF' } as Record<string, MediaType>)[m[1]];
}

function gcd(a: number, b: number): number {
	return b === 0 ? a : gcd(b, a % b);
}

/** "<w>:<h>" reduced, e.g. 1280x720 -> 16:9. */
export function aspectRatio(width: number, height: number): string {
	const d = gcd(width, height);
	return `${width / d}:${height / d}`;
}

function mediaId(key: string): string {
	return key.slice(key.indexOf('_') + 1);
}

/** An upload record with X-like URLs. */
export function uploadOf(key: string, category: string, width: number, height: number, duration: number | null): UploadedMedia {
	const id = mediaId(key);
	const type: MediaType = category === 'TWEET_IMAGE' ? 'IMAGE' : category === 'TWEET_GIF' ? 'GIF' : 'VIDEO';
	const url =
		type === 'IMAGE'
			? `https://pbs.twimg.com/media/${id}.jpg`
			: type === 'GIF'
				? `https://video.twimg.com/tweet_video/${id}.mp4`
				: `https://video.twimg.com/${category === 'AMPLIFY_VIDEO' ? 'amplify_video' : 'ext_tw_video'}/${id}/vid/${width}x${height}/${id}.mp4`;
	return { media_key: key, media_type: type, media_category: category, media_url: url, width, height, duration };
}

/** First-frame poster of a video (default poster). */
export function posterUrlOf(upload: UploadedMedia): string {
	return `https://pbs.twimg.com/${upload.media_category === 'AMPLIFY_VIDEO' ? 'amplify_video_thumb' : 'ext_tw_video_thumb'}/${mediaId(upload.media_key)}/img/poster.jpg`;
}

export interface LibraryDetails {
	name?: string;
	file_name?: string;
	title?: string;
	description?: string;
	poster_media_key?: string;
	posterUrl?: string;
}

/** A new library object for an upload (the caller stores it). */
export function libraryObjectOf(accountId: string, upload: UploadedMedia, details: LibraryDetails, at: string): MediaLibraryRecord {
	const video = upload.media_type === 'VIDEO';
	return {
		accountId,
		media_key: upload.media_key,
		media_type: upload.media_type,
		media_category: upload.media_category,
		media_status: 'TRANSCODE_COMPLETED',
		media_url: upload.media_url,
		...(video
			? { poster_media_url: details.posterUrl ?? posterUrlOf(upload), poster_media_key: details.poster_media_key ?? `3_${mediaId(upload.media_key)}` }
			: {}),
		name: details.name ?? null,
		file_name: details.file_name ?? null,
		...(video ? { title: details.title ?? null, description: details.description ?? null } : {}),
		duration: upload.duration,
		aspect_ratio: aspectRatio(upload.width, upload.height),
		tweeted: false,
		created_at: at,
		updated_at: at,
		deleted: false,
	};
}

export function addLibraryObject(env: CreativeEnvState, record: MediaLibraryRecord): void {
	env.library.set(libraryKey(record.accountId, record.media_key), record);
	pushFor(env.libraryByAccount, record.accountId, record);
}

export function addAccountMedia(env: CreativeEnvState, record: AccountMediaRecord): void {
	env.accountMedia.set(record.id, record);
	pushFor(env.accountMediaByAccount, record.accountId, record);
}

/** A library video of category AMPLIFY_VIDEO is also a PREROLL account media item. */
export function prerollFor(env: CreativeEnvState, library: MediaLibraryRecord, id: string): AccountMediaRecord | undefined {
	if (library.media_category !== 'AMPLIFY_VIDEO') return undefined;
	const record: AccountMediaRecord = {
		accountId: library.accountId,
		id,
		creative_type: 'PREROLL',
		video_id: library.media_key,
		media_url: null,
		created_at: library.created_at,
		updated_at: library.created_at,
		deleted: false,
	};
	addAccountMedia(env, record);
	return record;
}

/** Poll windows: open from start_time (= created_at) until end_time = start + duration. */
export function pollWindow(poll: PollCardRecord): { startMs: number; endMs: number } {
	const startMs = Date.parse(poll.created_at);
	return { startMs, endMs: startMs + poll.duration_in_minutes * 60_000 };
}

/** Closed once the emulator's clock (see control.now()) reaches end_time; votes are then refused. */
export function pollClosed(poll: Pick<PollCardRecord, 'created_at' | 'duration_in_minutes'>, nowMs: number): boolean {
	return nowMs >= Date.parse(poll.created_at) + poll.duration_in_minutes * 60_000;
}

/** JSON-friendly view of the creative state (for GET /_emulator/state). */
export function serializeCreatives(env: CreativeEnvState): unknown {
	const strip = <T extends { accountId: string }>(r: T) => {
		const { accountId, ...rest } = r;
		return { ...rest, account_id: accountId };
	};
	return {
		uploads: [...env.uploads.values()],
		library: [...env.library.values()].map(strip),
		accountMedia: [...env.accountMedia.values()].map(strip),
		cards: [...env.cards.values()].map(strip),
		pollCards: [...env.pollCards.values()].map(strip),
		videoConversationCards: [...env.videoConversationCards.values()].map(strip),
		posts: [...env.posts.values()].map(strip),
		scheduledPosts: [...env.scheduledPosts.values()].map(strip),
		draftPosts: [...env.draftPosts.values()].map(strip),
		imageConversationCards: [...env.imageConversationCards.values()].map(strip),
		prerollCtas: [...env.prerollCtas.values()].map(strip),
		mediaCreatives: [...env.mediaCreatives.values()].map(strip),
	};
}

// ---- Seed -------------------------------------------------------------------------------------

/** Feature that polls with media need; only the sandbox account has it. */
export const MEDIA_POLLS_FEATURE = 'PROMOTED_MEDIA_POLLS';

/**
 * users[0]'s first account of the environment gets library media (image, video, GIF, an
 * AMPLIFY_VIDEO video with its PREROLL, a 16:9 image), more uploads, account media, two cards and
 * a legacy card, a poll card, a video conversation card and a post. The sandbox account also gets
 * the PROMOTED_MEDIA_POLLS feature.
 */
export function seedCreatives(store: Store, envName: AdsEnvironment, accountId: string, ids: CreativeSeedIds): void {
	const adsEnv = store.ads[envName];
	const env = adsEnv.creatives;
	const owner = store.users[0].userId;
	const at = (iso: string) => adsTime(Date.parse(iso));

	const uploads = [
		uploadOf(ids.mediaKeys.image, 'TWEET_IMAGE', 1200, 628, null),
		uploadOf(ids.mediaKeys.video, 'TWEET_VIDEO', 1280, 720, 15_000),
		uploadOf(ids.mediaKeys.gif, 'TWEET_GIF', 480, 270, 3_000),
		uploadOf(ids.amplifyVideoKey, 'AMPLIFY_VIDEO', 1920, 1080, 30_000),
		uploadOf(ids.wideImageKey, 'TWEET_IMAGE', 1280, 720, null),
		uploadOf(ids.uploadedMediaKeys.image, 'TWEET_IMAGE', 800, 800, null),
		uploadOf(ids.uploadedMediaKeys.video, 'AMPLIFY_VIDEO', 1280, 720, 20_000),
		uploadOf(ids.uploadedMediaKeys.gif, 'TWEET_GIF', 400, 300, 2_000),
	];
	for (const u of uploads) env.uploads.set(u.media_key, u);

	const library: Array<[string, LibraryDetails, string]> = [
		[ids.mediaKeys.image, { name: 'Spring hero', file_name: 'spring-hero.jpg' }, '2025-09-01T10:00:00Z'],
		[ids.mediaKeys.video, { name: 'Running shoes', file_name: 'running.mp4', title: 'Run further', description: 'The new trail runner' }, '2025-09-02T10:00:00Z'],
		[ids.mediaKeys.gif, { file_name: 'sparkle.gif' }, '2025-09-03T10:00:00Z'],
		[ids.amplifyVideoKey, { name: 'Preroll 30s', file_name: 'preroll.mp4' }, '2025-09-04T10:00:00Z'],
		[ids.wideImageKey, { name: 'Banner wide', file_name: 'banner.jpg' }, '2025-09-05T10:00:00Z'],
	];
	for (const [key, details, time] of library) {
		addLibraryObject(env, libraryObjectOf(accountId, env.uploads.get(key)!, details, at(time)));
	}
	env.library.get(libraryKey(accountId, ids.mediaKeys.image))!.tweeted = true;

	const [prerollId, bannerId, rectangleId] = ids.accountMediaIds;
	prerollFor(env, env.library.get(libraryKey(accountId, ids.amplifyVideoKey))!, prerollId);
	const imageUrl = env.uploads.get(ids.wideImageKey)!.media_url;
	for (const [id, type, time] of [
		[bannerId, 'BANNER', '2025-09-06T10:00:00Z'],
		[rectangleId, 'MEDIUM_RECTANGLE', '2025-09-07T10:00:00Z'],
	] as const) {
		addAccountMedia(env, { accountId, id, creative_type: type, video_id: null, media_url: imageUrl, created_at: at(time), updated_at: at(time), deleted: false });
	}

	const cards: CardRecord[] = [
		{
			accountId,
			id: ids.cardIds[0],
			name: 'Spring sale website card',
			card_uri: `card://${ids.cardIds[0]}`,
			card_type: 'IMAGE_WEBSITE',
			components: [
				{ type: 'MEDIA', media_key: ids.mediaKeys.image },
				{ type: 'DETAILS', title: 'Spring sale', destination: { type: 'WEBSITE', url: 'https://acme-shoes.example/spring' } },
			],
			created_at: at('2025-10-01T10:00:00Z'),
			updated_at: at('2025-10-01T10:00:00Z'),
			deleted: false,
			legacy: false,
		},
		{
			accountId,
			id: ids.cardIds[1],
			name: 'Shoe app card',
			card_uri: `card://${ids.cardIds[1]}`,
			card_type: 'VIDEO_APP',
			components: [
				{ type: 'MEDIA', media_key: ids.mediaKeys.video },
				{
					type: 'BUTTON',
					label: { type: 'ENUM', value: 'INSTALL' },
					destination: { type: 'APP', country_code: 'US', googleplay_app_id: 'com.acme.shoes', ios_app_store_identifier: '333903271' },
				},
			],
			created_at: at('2025-10-02T10:00:00Z'),
			updated_at: at('2025-10-02T10:00:00Z'),
			deleted: false,
			legacy: false,
		},
		{
			accountId,
			id: ids.legacyCardId,
			name: 'Legacy conversation card',
			card_uri: `card://${ids.legacyCardId}`,
			card_type: 'IMAGE_CONVERSATION',
			created_at: at('2024-05-01T10:00:00Z'),
			updated_at: at('2024-05-01T10:00:00Z'),
			deleted: false,
			legacy: true,
		},
	];
	for (const card of cards) {
		env.cards.set(card.id, card);
		pushFor(env.cardsByAccount, accountId, card);
	}

	const poll: PollCardRecord = {
		accountId,
		id: ids.pollCardId,
		name: 'Favourite colour',
		card_uri: ids.pollCardUri,
		card_type: 'TEXT_POLLS',
		first_choice: 'Red',
		second_choice: 'Blue',
		third_choice: 'Green',
		duration_in_minutes: 1440,
		created_at: at('2025-11-01T10:00:00Z'),
		updated_at: at('2025-11-01T10:00:00Z'),
	};
	env.pollCards.set(poll.id, poll);
	pushFor(env.pollCardsByAccount, accountId, poll);

	const vcc: VideoConversationCardRecord = {
		accountId,
		id: ids.videoConversationCardId,
		name: 'Trail runner conversation',
		card_uri: ids.videoConversationCardUri,
		title: 'Which trail next?',
		ctas: { first_cta: '#mountains', first_cta_tweet: 'Mountains, obviously', second_cta: '#forest', second_cta_tweet: 'Forest trails for me' },
		thank_you_text: 'Thanks for voting!',
		media_key: ids.mediaKeys.video,
		video_owner_id: owner,
		created_at: at('2025-11-02T10:00:00Z'),
		updated_at: at('2025-11-02T10:00:00Z'),
		deleted: false,
	};
	env.videoConversationCards.set(vcc.id, vcc);
	pushFor(env.videoConversationCardsByAccount, accountId, vcc);

	env.posts.set(ids.postId, {
		accountId,
		id: ids.postId,
		as_user_id: owner,
		text: 'Spring sale: 20% off all running shoes #acme',
		name: 'Spring sale post',
		nullcast: true,
		conversation_settings: 'EVERYONE',
		media_keys: [ids.mediaKeys.image],
		card_uri: null,
		video_title: null,
		video_description: null,
		video_cta: null,
		video_cta_value: null,
		createdMs: Date.parse('2025-11-03T10:00:00Z'),
	});

	seedMoreCreatives(store, envName, accountId, ids);

	if (envName === 'sandbox') {
		const features = adsEnv.features.get(accountId) ?? [];
		if (!features.includes(MEDIA_POLLS_FEATURE)) features.push(MEDIA_POLLS_FEATURE);
		adsEnv.features.set(accountId, features);
	}
}

/**
 * A scheduled post and a draft of the advertiser, an image conversation card, and on the first
 * line item of the account a preroll call to action and a media creative (the BANNER account media).
 */
function seedMoreCreatives(store: Store, envName: AdsEnvironment, accountId: string, ids: CreativeSeedIds): void {
	const env = store.ads[envName].creatives;
	const owner = store.users[0].userId;
	const at = (iso: string) => adsTime(Date.parse(iso));
	const lineItemId = [...store.ads[envName].lineItems.values()].find((li) => li.accountId === accountId)!.id;
	env.scheduledPosts.set(ids.scheduledPostId, {
		accountId,
		id: ids.scheduledPostId,
		user_id: owner,
		text: 'New year, new trails #acme',
		name: 'New year post',
		nullcast: true,
		card_uri: null,
		media_keys: [ids.mediaKeys.image],
		scheduled_at: '2027-01-01T00:00:00Z',
		scheduled_status: 'SCHEDULED',
		completed_at: null,
		tweet_id: null,
		created_at: at('2025-11-10T10:00:00Z'),
		updated_at: at('2025-11-10T10:00:00Z'),
	});
	env.draftPosts.set(ids.draftPostId, {
		accountId,
		id: ids.draftPostId,
		user_id: owner,
		text: 'Draft: summer collection teaser',
		name: null,
		nullcast: true,
		card_uri: null,
		media_keys: [],
		created_at: at('2025-11-11T10:00:00Z'),
		updated_at: at('2025-11-11T10:00:00Z'),
	});
	env.imageConversationCards.set(ids.imageConversationCardId, {
		accountId,
		id: ids.imageConversationCardId,
		name: 'Road or trail',
		card_uri: ids.imageConversationCardUri,
		title: null,
		ctas: { first_cta: '#road', first_cta_tweet: 'Road running all the way', second_cta: '#trail', second_cta_tweet: 'Trails, always' },
		thank_you_text: 'Thanks!',
		media_key: ids.mediaKeys.image,
		created_at: at('2025-11-12T10:00:00Z'),
		updated_at: at('2025-11-12T10:00:00Z'),
		deleted: false,
	});
	env.prerollCtas.set(ids.prerollCallToActionId, {
		accountId,
		id: ids.prerollCallToActionId,
		line_item_id: lineItemId,
		call_to_action: 'VISIT_SITE',
		call_to_action_url: 'https://acme-shoes.example/preroll',
		created_at: at('2025-11-13T10:00:00Z'),
		updated_at: at('2025-11-13T10:00:00Z'),
		deleted: false,
	});
	env.mediaCreatives.set(ids.mediaCreativeId, {
		accountId,
		id: ids.mediaCreativeId,
		line_item_id: lineItemId,
		account_media_id: ids.accountMediaIds[1],
		landing_url: 'https://acme-shoes.example/banner',
		creative_type: 'BANNER',
		created_at: at('2025-11-14T10:00:00Z'),
		updated_at: at('2025-11-14T10:00:00Z'),
		deleted: false,
	});
}
