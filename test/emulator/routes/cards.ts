/**
 * Cards (JSON bodies; components or slides; card_type derived from the composition), poll cards
 * (query parameters; hard delete; media needs PROMOTED_MEDIA_POLLS) and video conversation cards
 * (query parameters; hashtag calls to action, each with its post text):
 * https://docs.x.com/x-ads-api/creatives/reference.
 *
 * Poll and video conversation card routes are registered before the generic card routes, so
 * /cards/poll and /cards/video_conversation never match /cards/:card_id.
 */
import { AdsParams, collection, envelope, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import { isObject, onlyKeys, requireJsonObject } from '../jsonBody';
import { refValues } from '../conformance';
import type { Router } from '../router';
import {
	liveLibraryObject,
	MEDIA_POLLS_FEATURE,
	pollWindow,
	pushFor,
	type CardRecord,
	type CreativeEnvState,
	type MediaLibraryRecord,
	type PollCardRecord,
	type VideoConversationCardRecord,
} from '../state/creatives';
import { adsId, adsTime, nextUpdatedAt, snowflake } from '../util';
import {
	checkConversationCard,
	conversationCardRoutes,
	conversationView,
	findConversationCard,
	NAMED_SORT,
	readConversationFields,
	URL_PATTERN,
	type ConversationInput,
	type ConversationKind,
} from './conversationCards';
import { creativesOf } from './media';

export const BUTTON_LABELS = ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'] as const;

/** ISO 3166-1 alpha-2 codes. */
const COUNTRY_CODES = new Set(
	(
		'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
		'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
		'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
		'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
		'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
		'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
		'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
	).split(' '),
);


// ---- Cards ------------------------------------------------------------------------------------

type MediaKind = 'IMAGE' | 'VIDEO';

/** A library image or video of the account, else 400 naming the parameter. */
function cardMedia(env: CreativeEnvState, accountId: string, key: unknown, parameter: string): MediaKind {
	if (typeof key !== 'string' || key === '') throw invalidParameter(parameter, `Expected a media key String for ${parameter}`);
	const record = liveLibraryObject(env, accountId, key);
	if (!record) throw invalidParameter(parameter, `Media key ${key} is not in the media library of account ${accountId}`);
	if (record.media_type === 'GIF') throw invalidParameter(parameter, `Media key ${key} is a GIF; cards take images and videos`);
	return record.media_type;
}

interface CheckedCard {
	media: MediaKind[];
	swipeable: boolean;
	destination: 'WEBSITE' | 'APP';
}

/** One card's components: exactly one media component and one DETAILS or BUTTON component. */
function checkComponents(env: CreativeEnvState, accountId: string, components: unknown, where: string): CheckedCard {
	if (!Array.isArray(components) || components.length === 0) throw invalidParameter(where, `${where} must be a non-empty array of components`);
	const media: MediaKind[] = [];
	let mediaComponents = 0;
	let swipeable = false;
	let destination: CheckedCard['destination'] | undefined;
	let actions = 0;
	components.forEach((c, i) => {
		const at = `${where}[${i}]`;
		if (!isObject(c)) throw invalidParameter(at, `${at} must be a component object`);
		const type = c.type;
		const allowed = (keys: string[]) => {
			for (const k of Object.keys(c)) if (!keys.includes(k)) throw invalidParameter(`${at}.${k}`, `${type} components do not take ${k}`);
		};
		switch (type) {
			case 'MEDIA':
				allowed(['type', 'media_key']);
				if (c.media_key === undefined) throw missingParameter(`${at}.media_key`);
				media.push(cardMedia(env, accountId, c.media_key, `${at}.media_key`));
				mediaComponents++;
				break;
			case 'SWIPEABLE_MEDIA': {
				allowed(['type', 'media_keys']);
				const keys = c.media_keys;
				if (!Array.isArray(keys) || keys.length < 2 || keys.length > 6) {
					throw invalidParameter(`${at}.media_keys`, `SWIPEABLE_MEDIA takes 2 to 6 media_keys, got ${Array.isArray(keys) ? keys.length : 'none'}`);
				}
				keys.forEach((k, n) => media.push(cardMedia(env, accountId, k, `${at}.media_keys[${n}]`)));
				mediaComponents++;
				swipeable = true;
				break;
			}
			case 'DETAILS': {
				allowed(['type', 'title', 'destination']);
				if (typeof c.title !== 'string' || c.title.trim() === '') throw missingParameter(`${at}.title`);
				const d = c.destination;
				if (!isObject(d)) throw missingParameter(`${at}.destination`);
				if (d.type !== 'WEBSITE') throw invalidParameter(`${at}.destination.type`, `DETAILS components take a WEBSITE destination, got ${JSON.stringify(d.type)}`);
				for (const k of Object.keys(d)) if (k !== 'type' && k !== 'url') throw invalidParameter(`${at}.destination.${k}`, `WEBSITE destinations do not take ${k}`);
				if (d.url === undefined) throw missingParameter(`${at}.destination.url`);
				if (typeof d.url !== 'string' || !URL_PATTERN.test(d.url)) throw invalidParameter(`${at}.destination.url`, `Expected a URL, got ${JSON.stringify(d.url)}`);
				destination = 'WEBSITE';
				actions++;
				break;
			}
			case 'BUTTON': {
				allowed(['type', 'label', 'destination']);
				const label = c.label;
				if (!isObject(label)) throw missingParameter(`${at}.label`);
				if (label.type !== 'ENUM' || !(BUTTON_LABELS as readonly unknown[]).includes(label.value) || Object.keys(label).length !== 2) {
					throw invalidParameter(`${at}.label`, `Expected a label {type: ENUM, value: one of ${BUTTON_LABELS.join(', ')}}, got ${JSON.stringify(label)}`);
				}
				const d = c.destination;
				if (!isObject(d)) throw missingParameter(`${at}.destination`);
				if (d.type !== 'APP') throw invalidParameter(`${at}.destination.type`, `BUTTON components take an APP destination, got ${JSON.stringify(d.type)}`);
				const appKeys = ['type', 'country_code', 'googleplay_app_id', 'googleplay_deep_link', 'ios_app_store_identifier', 'ios_deep_link'];
				for (const k of Object.keys(d)) if (!appKeys.includes(k)) throw invalidParameter(`${at}.destination.${k}`, `APP destinations do not take ${k}`);
				for (const k of appKeys.slice(2)) {
					if (d[k] !== undefined && (typeof d[k] !== 'string' || d[k] === '')) throw invalidParameter(`${at}.destination.${k}`, `Expected a non-empty String for ${k}`);
				}
				if (d.country_code === undefined) throw missingParameter(`${at}.destination.country_code`);
				if (typeof d.country_code !== 'string' || !COUNTRY_CODES.has(d.country_code)) {
					throw invalidParameter(`${at}.destination.country_code`, `Expected an ISO 3166-1 alpha-2 country code, got ${JSON.stringify(d.country_code)}`);
				}
				if (d.googleplay_app_id === undefined && d.ios_app_store_identifier === undefined) {
					throw missingParameter(`${at}.destination.googleplay_app_id`);
				}
				if (d.googleplay_deep_link !== undefined && d.googleplay_app_id === undefined) {
					throw invalidParameter(`${at}.destination.googleplay_deep_link`, 'googleplay_deep_link is only allowed with googleplay_app_id');
				}
				if (d.ios_deep_link !== undefined && d.ios_app_store_identifier === undefined) {
					throw invalidParameter(`${at}.destination.ios_deep_link`, 'ios_deep_link is only allowed with ios_app_store_identifier');
				}
				destination = 'APP';
				actions++;
				break;
			}
			default:
				throw invalidParameter(`${at}.type`, `Expected a component type MEDIA, SWIPEABLE_MEDIA, DETAILS or BUTTON, got ${JSON.stringify(type)}`);
		}
	});
	if (mediaComponents !== 1) throw invalidParameter(where, `A card needs exactly one MEDIA or SWIPEABLE_MEDIA component, got ${mediaComponents}`);
	if (actions !== 1) throw invalidParameter(where, `A card needs exactly one DETAILS or BUTTON component, got ${actions}`);
	return { media, swipeable, destination: destination! };
}

function mediaPrefix(media: MediaKind[]): 'IMAGE' | 'VIDEO' | 'MIXED_MEDIA' {
	if (media.every((m) => m === 'IMAGE')) return 'IMAGE';
	if (media.every((m) => m === 'VIDEO')) return 'VIDEO';
	return 'MIXED_MEDIA';
}

/** card_type of a single-destination card (components). */
function componentsCardType(card: CheckedCard): string {
	const prefix = mediaPrefix(card.media);
	if (!card.swipeable) return `${prefix}_${card.destination}`;
	return prefix === 'MIXED_MEDIA' ? `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${card.destination}` : `${prefix}_CAROUSEL_${card.destination}`;
}

/** Slides: 2 to 6 complete website cards with one MEDIA each (multi-destination carousels are website only). */
function slidesCardType(env: CreativeEnvState, accountId: string, slides: unknown): string {
	if (!Array.isArray(slides) || slides.length < 2 || slides.length > 6) {
		throw invalidParameter('slides', `slides must be an array of 2 to 6 slides (component arrays), got ${Array.isArray(slides) ? slides.length : JSON.stringify(slides)}`);
	}
	const media: MediaKind[] = [];
	slides.forEach((slide, i) => {
		const card = checkComponents(env, accountId, slide, `slides[${i}]`);
		if (card.swipeable) throw invalidParameter(`slides[${i}]`, 'A slide takes a MEDIA component, not SWIPEABLE_MEDIA');
		if (card.destination !== 'WEBSITE') throw invalidParameter(`slides[${i}]`, 'Multi-destination carousels take DETAILS (website) components only');
		media.push(...card.media);
	});
	return `${mediaPrefix(media)}_MULTI_DEST_CAROUSEL_WEBSITE`;
}

function cardView(card: CardRecord) {
	return {
		id: card.id,
		name: card.name,
		card_uri: card.card_uri,
		card_type: card.card_type,
		...(card.slides ? { slides: structuredClone(card.slides) } : card.components ? { components: structuredClone(card.components) } : {}),
		created_at: card.created_at,
		updated_at: card.updated_at,
		deleted: card.deleted,
	};
}

function findCard(ctx: RequestContext, accountId: string, withDeleted = false): CardRecord {
	const id = ctx.pathParams.card_id;
	const card = creativesOf(ctx).cards.get(id);
	if (!card || card.accountId !== accountId || (card.deleted && !withDeleted)) throw notFound(`Card ${id} not found`);
	return card;
}

const CARD_SORT: Record<string, (c: CardRecord) => string> = {
	card_type: (c) => c.card_type,
	created_at: (c) => c.created_at,
	name: (c) => c.name.toLowerCase(),
	updated_at: (c) => c.updated_at,
};

function readCardName(body: Record<string, unknown>, required: boolean): string | undefined {
	const name = body.name;
	if (name === undefined) {
		if (required) throw missingParameter('name');
		return undefined;
	}
	if (typeof name !== 'string' || name.trim() === '' || [...name].length > 80) {
		throw invalidParameter('name', `Expected a String of length between 1 and 80 for name, got ${JSON.stringify(name)}`);
	}
	return name;
}

/** components or slides (never both), checked; the derived card_type. */
function readComposition(ctx: RequestContext, accountId: string, body: Record<string, unknown>, required: boolean) {
	const env = creativesOf(ctx);
	if (body.components !== undefined && body.slides !== undefined) throw invalidParameter('slides', 'components and slides cannot be used together');
	if (body.components !== undefined) {
		return { components: body.components as unknown[], cardType: componentsCardType(checkComponents(env, accountId, body.components, 'components')) };
	}
	if (body.slides !== undefined) return { slides: body.slides as unknown[][], cardType: slidesCardType(env, accountId, body.slides) };
	if (required) throw missingParameter('components');
	return undefined;
}

function listCards(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const types = params.keyList('card_types', refValues('GET 12/accounts/:account_id/cards', 'card_types'));
	const ids = params.idList('card_id', 200);
	const uris = params.idList('card_uris', 200);
	const bad = uris?.find((u) => !/^card:\/\/\d+$/.test(u));
	if (bad !== undefined) throw invalidParameter('card_uris', `Expected card URIs such as card://1044294149527166979, got "${bad}" for card_uris`);
	const legacy = params.boolean('include_legacy_cards');
	const q = params.string('q', { maxLength: 80 })?.toLowerCase();
	const withDeleted = params.boolean('with_deleted');
	const idSet = ids ? new Set(ids) : null;
	const uriSet = uris ? new Set(uris) : null;
	return collection(params, {
		source: creativesOf(ctx).cardsByAccount.get(account.account.id) ?? [],
		filter: (c) =>
			(legacy || !c.legacy) &&
			(withDeleted || !c.deleted) &&
			(!types || (types as readonly string[]).includes(c.card_type)) &&
			(!idSet || idSet.has(c.id)) &&
			(!uriSet || uriSet.has(c.card_uri)) &&
			(q === undefined || c.name.toLowerCase().startsWith(q)),
		sortFields: CARD_SORT,
		render: cardView,
		count: { default: 100, min: 1, max: 200 },
	});
}

function getCard(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const withDeleted = params.boolean('with_deleted');
	return envelope(params, [cardView(findCard(ctx, account.account.id, withDeleted))]);
}

function createCard(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const body = requireJsonObject(ctx);
	onlyKeys(body, ['name', 'components', 'slides']);
	const name = readCardName(body, true) as string;
	const composition = readComposition(ctx, accountId, body, true)!;
	const env = creativesOf(ctx);
	let id = snowflake();
	while (env.cards.has(id)) id = snowflake();
	const t = adsTime(ctx.now);
	const card: CardRecord = {
		accountId,
		id,
		name,
		card_uri: `card://${id}`,
		card_type: composition.cardType,
		...(composition.components ? { components: structuredClone(composition.components) } : { slides: structuredClone(composition.slides) }),
		created_at: t,
		updated_at: t,
		deleted: false,
		legacy: false,
	};
	env.cards.set(id, card);
	pushFor(env.cardsByAccount, accountId, card);
	return envelope(params, cardView(card));
}

function updateCard(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const card = findCard(ctx, account.account.id);
	const body = requireJsonObject(ctx);
	onlyKeys(body, ['name', 'components', 'slides']);
	const name = readCardName(body, false);
	const composition = readComposition(ctx, account.account.id, body, false);
	if (name !== undefined) card.name = name;
	if (composition) {
		card.card_type = composition.cardType;
		if (composition.components) {
			card.components = structuredClone(composition.components);
			delete card.slides;
		} else {
			card.slides = structuredClone(composition.slides);
			delete card.components;
		}
	}
	if (name !== undefined || composition) card.updated_at = nextUpdatedAt(card.updated_at, ctx.now);
	return envelope(params, cardView(card));
}

/** DELETE accounts/:account_id/cards/:card_id; X answers the deleted card in an array, as GET one does. */
function deleteCard(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const card = findCard(ctx, account.account.id);
	card.deleted = true;
	card.updated_at = nextUpdatedAt(card.updated_at, ctx.now);
	return envelope(params, [cardView(card)]);
}

// ---- Poll cards -------------------------------------------------------------------------------

function libraryMedia(env: CreativeEnvState, accountId: string, key: string, parameter: string): MediaLibraryRecord {
	const record = liveLibraryObject(env, accountId, key);
	if (!record) throw invalidParameter(parameter, `Media key ${key} is not in the media library of account ${accountId}`);
	return record;
}

function pollView(ctx: RequestContext, poll: PollCardRecord) {
	const { startMs, endMs } = pollWindow(poll);
	const view: Record<string, unknown> = {
		id: poll.id,
		name: poll.name,
		start_time: adsTime(startMs),
		end_time: adsTime(endMs),
		first_choice: poll.first_choice,
		second_choice: poll.second_choice,
	};
	if (poll.third_choice !== undefined) view.third_choice = poll.third_choice;
	if (poll.fourth_choice !== undefined) view.fourth_choice = poll.fourth_choice;
	if (poll.card_type === 'VIDEO_POLLS' && poll.media_key) {
		const upload = creativesOf(ctx).uploads.get(poll.media_key);
		if (upload) {
			const id = poll.media_key.slice(poll.media_key.indexOf('_') + 1);
			Object.assign(view, {
				video_url: upload.media_url,
				video_hls_url: upload.media_url.replace(/\/vid\/.*$/, `/pl/${id}.m3u8`),
				video_width: String(upload.width),
				video_height: String(upload.height),
				video_poster_url: `https://pbs.twimg.com/amplify_video_thumb/${id}/img/poster.jpg`,
				video_poster_width: String(upload.width),
				video_poster_height: String(upload.height),
				content_duration_seconds: String(Math.round((upload.duration ?? 0) / 1000)),
			});
		}
	}
	return {
		...view,
		duration_in_minutes: String(poll.duration_in_minutes),
		card_uri: poll.card_uri,
		card_type: poll.card_type,
		created_at: poll.created_at,
		updated_at: poll.updated_at,
		deleted: false,
	};
}

function findPoll(ctx: RequestContext, accountId: string): PollCardRecord {
	const id = ctx.pathParams.card_id;
	const poll = creativesOf(ctx).pollCards.get(id);
	if (!poll || poll.accountId !== accountId) throw notFound(`Poll card ${id} not found`);
	return poll;
}

function listPolls(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const ids = params.idList('card_ids', 200);
	const q = params.string('q', { maxLength: 80 })?.toLowerCase();
	params.boolean('with_deleted'); // accepted; deleted poll cards are gone for good
	const idSet = ids ? new Set(ids) : null;
	return collection(params, {
		source: creativesOf(ctx).pollCardsByAccount.get(account.account.id) ?? [],
		filter: (p) => (!idSet || idSet.has(p.id)) && (q === undefined || p.name.toLowerCase().startsWith(q)),
		sortFields: NAMED_SORT,
		render: (p) => pollView(ctx, p),
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getPoll(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	params.boolean('with_deleted');
	return envelope(params, pollView(ctx, findPoll(ctx, account.account.id)));
}

function createPoll(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const env = creativesOf(ctx);
	const name = params.string('name', { required: true }) as string;
	const duration = params.integer('duration_in_minutes', { min: 5, max: 10080, required: true }) as number;
	const first = params.string('first_choice', { required: true, maxLength: 25 }) as string;
	const second = params.string('second_choice', { required: true, maxLength: 25 }) as string;
	const third = params.string('third_choice', { maxLength: 25 });
	const fourth = params.string('fourth_choice', { maxLength: 25 });
	if (fourth !== undefined && third === undefined) throw invalidParameter('fourth_choice', 'fourth_choice needs first_choice, second_choice and third_choice');
	const mediaKey = params.string('media_key', { maxLength: 64 });
	let cardType: PollCardRecord['card_type'] = 'TEXT_POLLS';
	if (mediaKey !== undefined) {
		const media = libraryMedia(env, accountId, mediaKey, 'media_key');
		if (media.media_type === 'GIF') throw invalidParameter('media_key', `Media key ${mediaKey} is a GIF; polls take a library image or video`);
		if (media.media_type === 'IMAGE') {
			const upload = env.uploads.get(mediaKey)!;
			if (upload.width < 800 || Math.abs(upload.width / upload.height - 1.91) > 0.01) {
				throw invalidParameter('media_key', `Poll images must be at least 800 px wide with aspect ratio 1.91:1, got ${upload.width}x${upload.height}`);
			}
		}
		const features = ctx.store.ads[ctx.env].features.get(accountId) ?? [];
		if (!features.includes(MEDIA_POLLS_FEATURE)) {
			throw invalidParameter('media_key', `Polls with media require the ${MEDIA_POLLS_FEATURE} feature, which account ${accountId} does not have`);
		}
		cardType = media.media_type === 'VIDEO' ? 'VIDEO_POLLS' : 'IMAGE_POLLS';
	}
	let id = adsId(5);
	while (env.pollCards.has(id)) id = adsId(5);
	const t = adsTime(ctx.now);
	const poll: PollCardRecord = {
		accountId,
		id,
		name,
		card_uri: `card://${snowflake()}`,
		card_type: cardType,
		first_choice: first,
		second_choice: second,
		...(third !== undefined ? { third_choice: third } : {}),
		...(fourth !== undefined ? { fourth_choice: fourth } : {}),
		duration_in_minutes: duration,
		...(mediaKey !== undefined ? { media_key: mediaKey } : {}),
		created_at: t,
		updated_at: t,
	};
	env.pollCards.set(id, poll);
	pushFor(env.pollCardsByAccount, accountId, poll);
	return envelope(params, pollView(ctx, poll));
}

/** Hard delete: the card is gone afterwards, even for with_deleted. */
function deletePoll(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const poll = findPoll(ctx, account.account.id);
	const env = creativesOf(ctx);
	const view = { ...pollView(ctx, poll), updated_at: nextUpdatedAt(poll.updated_at, ctx.now), deleted: true };
	env.pollCards.delete(poll.id);
	const list = env.pollCardsByAccount.get(poll.accountId)!;
	list.splice(list.indexOf(poll), 1);
	return envelope(params, view);
}

// ---- Video conversation cards -----------------------------------------------------------------

function vccView(ctx: RequestContext, card: VideoConversationCardRecord) {
	const upload = creativesOf(ctx).uploads.get(card.media_key);
	const poster = card.poster_media_key ? creativesOf(ctx).uploads.get(card.poster_media_key) : undefined;
	const view: Record<string, unknown> = {
		id: card.id,
		name: card.name,
		card_uri: card.card_uri,
		card_type: 'VIDEO_CONVERSATION',
		...conversationView(card),
		media_url: upload?.media_url ?? null,
		media_key: card.media_key,
		poster_media_url: poster?.media_url ?? (upload ? `https://pbs.twimg.com/ext_tw_video_thumb/${card.media_key.split('_')[1]}/img/poster.jpg` : null),
		video_width: String(upload?.width ?? ''),
		video_height: String(upload?.height ?? ''),
		video_owner_id: card.video_owner_id,
	};
	if (card.unlocked_video_media_key !== undefined) view.unlocked_video_media_key = card.unlocked_video_media_key;
	return { ...view, created_at: card.created_at, updated_at: card.updated_at, deleted: card.deleted };
}

/** The common fields, then the video, its poster and the unlocked image or video. */
function readVccParams(ctx: RequestContext, params: AdsParams, accountId: string): ConversationInput<VideoConversationCardRecord> {
	const env = creativesOf(ctx);
	const out: ConversationInput<VideoConversationCardRecord> = readConversationFields(params);
	const media = (name: string, type: 'IMAGE' | 'VIDEO') => {
		const key = params.string(name, { maxLength: 64 });
		if (key === undefined) return undefined;
		const record = libraryMedia(env, accountId, key, name);
		if (record.media_type !== type) throw invalidParameter(name, `${name} must be a library ${type.toLowerCase()}, ${key} is ${record.media_type}`);
		if (name === 'media_key' && record.aspect_ratio !== '16:9') throw invalidParameter(name, `The video must have aspect ratio 16:9, ${key} has ${record.aspect_ratio}`);
		return key;
	};
	const mediaKey = media('media_key', 'VIDEO');
	if (mediaKey !== undefined) out.media_key = mediaKey;
	const poster = media('poster_media_key', 'IMAGE');
	if (poster !== undefined) out.poster_media_key = poster;
	const unlockedImage = media('unlocked_image_media_key', 'IMAGE');
	if (unlockedImage !== undefined) out.unlocked_image_media_key = unlockedImage;
	const unlockedVideo = media('unlocked_video_media_key', 'VIDEO');
	if (unlockedVideo !== undefined) out.unlocked_video_media_key = unlockedVideo;
	return out;
}

const VCC: ConversationKind<VideoConversationCardRecord> = {
	label: 'Video conversation card',
	byId: (ctx) => creativesOf(ctx).videoConversationCards,
	source: (ctx, accountId) => creativesOf(ctx).videoConversationCardsByAccount.get(accountId) ?? [],
	read: readVccParams,
	view: vccView,
};
const vccRoutes = conversationCardRoutes(VCC);

function createVcc(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const env = creativesOf(ctx);
	for (const required of ['first_cta', 'first_cta_tweet', 'media_key', 'name', 'thank_you_text']) {
		if (!params.has(required)) throw missingParameter(required);
	}
	const input = readVccParams(ctx, params, accountId);
	checkConversationCard(input);
	let id = adsId(5);
	while (env.videoConversationCards.has(id)) id = adsId(5);
	const t = adsTime(ctx.now);
	const card: VideoConversationCardRecord = {
		accountId,
		id,
		card_uri: `card://${snowflake()}`,
		name: input.name!,
		title: input.title ?? null,
		ctas: input.ctas,
		thank_you_text: input.thank_you_text!,
		media_key: input.media_key!,
		...(input.thank_you_url !== undefined ? { thank_you_url: input.thank_you_url } : {}),
		...(input.poster_media_key !== undefined ? { poster_media_key: input.poster_media_key } : {}),
		...(input.unlocked_image_media_key !== undefined ? { unlocked_image_media_key: input.unlocked_image_media_key } : {}),
		...(input.unlocked_video_media_key !== undefined ? { unlocked_video_media_key: input.unlocked_video_media_key } : {}),
		video_owner_id: account.ownerId,
		created_at: t,
		updated_at: t,
		deleted: false,
	};
	env.videoConversationCards.set(id, card);
	pushFor(env.videoConversationCardsByAccount, accountId, card);
	return envelope(params, vccView(ctx, card));
}

/** A hard delete (X's reference: a deleted card cannot be retrieved); the answer has deleted true. */
function deleteVcc(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const card = findConversationCard(ctx, VCC, account.account.id);
	const env = creativesOf(ctx);
	const view = { ...vccView(ctx, card), updated_at: nextUpdatedAt(card.updated_at, ctx.now), deleted: true };
	env.videoConversationCards.delete(card.id);
	const list = env.videoConversationCardsByAccount.get(card.accountId)!;
	list.splice(list.indexOf(card), 1);
	return envelope(params, view);
}

export function registerCardRoutes(router: Router): void {
	const poll = '/12/accounts/:account_id/cards/poll';
	router.ads('GET', poll, listPolls);
	router.ads('POST', poll, createPoll);
	router.ads('GET', `${poll}/:card_id`, getPoll);
	router.ads('DELETE', `${poll}/:card_id`, deletePoll);
	const vcc = '/12/accounts/:account_id/cards/video_conversation';
	router.ads('GET', vcc, vccRoutes.list);
	router.ads('POST', vcc, createVcc);
	router.ads('GET', `${vcc}/:card_id`, vccRoutes.get);
	router.ads('PUT', `${vcc}/:card_id`, vccRoutes.update);
	router.ads('DELETE', `${vcc}/:card_id`, deleteVcc);
	const cards = '/12/accounts/:account_id/cards';
	router.ads('GET', cards, listCards);
	router.ads('POST', cards, createCard);
	router.ads('GET', `${cards}/:card_id`, getCard);
	router.ads('PUT', `${cards}/:card_id`, updateCard);
	router.ads('DELETE', `${cards}/:card_id`, deleteCard);
}

/** Every card URI of the account that a post may carry (cards, poll cards, video conversation cards; not deleted). */
export function accountCardUris(env: CreativeEnvState, accountId: string): Set<string> {
	const uris = new Set<string>();
	for (const c of env.cardsByAccount.get(accountId) ?? []) if (!c.deleted) uris.add(c.card_uri);
	for (const p of env.pollCardsByAccount.get(accountId) ?? []) uris.add(p.card_uri);
	for (const v of env.videoConversationCardsByAccount.get(accountId) ?? []) if (!v.deleted) uris.add(v.card_uri);
	return uris;
}
