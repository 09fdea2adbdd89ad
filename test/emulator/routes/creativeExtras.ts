/**
 * Image conversation cards, preroll calls to action, media creatives and the card lookups of any
 * type (cards/all): https://docs.x.com/x-ads-api/creatives/reference#image-conversation-cards,
 * #preroll-call-to-actions, #cards-fetch and
 * https://docs.x.com/x-ads-api/campaign-management/reference#media-creatives. Query parameters.
 *
 * Registered before the generic card routes, so /cards/image_conversation and /cards/all never
 * match /cards/:card_id.
 */
import { AdsParams, collection, envelope, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import { refValues } from '../conformance';
import type { RequestContext } from '../http';
import type { Router } from '../router';
import { liveLibraryObject, type ImageConversationCardRecord, type MediaCreativeRecord, type PrerollCtaRecord } from '../state/creatives';
import type { LineItemRecord } from '../store';
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

const CALLS_TO_ACTION = refValues('POST 12/accounts/:account_id/preroll_call_to_actions', 'call_to_action');

const DATED_SORT = { created_at: NAMED_SORT.created_at, id: NAMED_SORT.id, updated_at: NAMED_SORT.updated_at };

function urlParam(params: AdsParams, name: string, required = false): string | undefined {
	const v = params.string(name, { required });
	if (v !== undefined && !URL_PATTERN.test(v)) throw invalidParameter(name, `Expected a URL, got "${v}" for ${name}`);
	return v;
}

/** A live line item of the account. */
export function accountLineItem(ctx: RequestContext, accountId: string, id: string): LineItemRecord {
	const li = ctx.store.ads[ctx.env].lineItems.get(id);
	if (!li || li.accountId !== accountId || li.deleted) throw invalidParameter('line_item_id', `Line item ${id} is not a line item of account ${accountId}`);
	return li;
}

// ---- Image conversation cards -----------------------------------------------------------------

function iccView(ctx: RequestContext, card: ImageConversationCardRecord) {
	const upload = creativesOf(ctx).uploads.get(card.media_key);
	const view: Record<string, unknown> = { name: card.name, id: card.id, card_uri: card.card_uri, card_type: 'IMAGE_CONVERSATION', ...conversationView(card) };
	if (card.unlocked_image_media_key !== undefined) view.unlocked_image_url = creativesOf(ctx).uploads.get(card.unlocked_image_media_key)?.media_url ?? null;
	return {
		...view,
		media_key: card.media_key,
		media_url: upload?.media_url ?? null,
		image_display_width: String(upload?.width ?? ''),
		image_display_height: String(upload?.height ?? ''),
		created_at: card.created_at,
		updated_at: card.updated_at,
		deleted: card.deleted,
	};
}

/** A library image at least 800 px wide with the given aspect ratio (1.91:1 for the card, 5:2 for the unlocked image). */
function cardImage(ctx: RequestContext, params: AdsParams, accountId: string, name: string, ratio: number): string | undefined {
	const key = params.string(name, { maxLength: 64 });
	if (key === undefined) return undefined;
	const record = liveLibraryObject(creativesOf(ctx), accountId, key);
	if (!record) throw invalidParameter(name, `Media key ${key} is not in the media library of account ${accountId}`);
	if (record.media_type !== 'IMAGE') throw invalidParameter(name, `${name} must be a library image, ${key} is ${record.media_type}`);
	const upload = creativesOf(ctx).uploads.get(key)!;
	if (upload.width < 800 || Math.abs(upload.width / upload.height - ratio) > 0.01) {
		throw invalidParameter(name, `${name} must be at least 800 px wide with aspect ratio ${ratio === 2.5 ? '5:2' : '1.91:1'}, got ${upload.width}x${upload.height}`);
	}
	return key;
}

function readIcc(ctx: RequestContext, params: AdsParams, accountId: string): ConversationInput<ImageConversationCardRecord> {
	const out = readConversationFields(params);
	const media = cardImage(ctx, params, accountId, 'media_key', 1.91);
	if (media !== undefined) out.media_key = media;
	const unlocked = cardImage(ctx, params, accountId, 'unlocked_image_media_key', 2.5);
	if (unlocked !== undefined) out.unlocked_image_media_key = unlocked;
	return out;
}

const ICC: ConversationKind<ImageConversationCardRecord> = {
	label: 'Image conversation card',
	byId: (ctx) => creativesOf(ctx).imageConversationCards,
	source: (ctx) => [...creativesOf(ctx).imageConversationCards.values()],
	read: readIcc,
	view: iccView,
};
const iccRoutes = conversationCardRoutes(ICC);

function createIcc(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const input = readIcc(ctx, params, accountId);
	checkConversationCard(input);
	const env = creativesOf(ctx);
	let id = adsId(5);
	while (env.imageConversationCards.has(id)) id = adsId(5);
	const t = adsTime(ctx.now);
	const card: ImageConversationCardRecord = {
		accountId,
		id,
		name: input.name!,
		card_uri: `card://${snowflake()}`,
		title: input.title ?? null,
		ctas: input.ctas,
		thank_you_text: input.thank_you_text!,
		media_key: input.media_key!,
		...(input.thank_you_url !== undefined ? { thank_you_url: input.thank_you_url } : {}),
		...(input.unlocked_image_media_key !== undefined ? { unlocked_image_media_key: input.unlocked_image_media_key } : {}),
		created_at: t,
		updated_at: t,
		deleted: false,
	};
	env.imageConversationCards.set(id, card);
	return envelope(params, iccView(ctx, card));
}

function deleteIcc(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const card = findConversationCard(ctx, ICC, account.account.id);
	card.deleted = true;
	card.updated_at = nextUpdatedAt(card.updated_at, ctx.now);
	return envelope(params, iccView(ctx, card));
}

// ---- Cards of any type (cards/all) ------------------------------------------------------------

interface AnyCard {
	id: string;
	name: string;
	card_uri: string;
	card_type: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

/** Every card of the account, of every kind, in a common shape. */
function allCards(ctx: RequestContext, accountId: string): AnyCard[] {
	const env = creativesOf(ctx);
	const pick = (c: AnyCard): AnyCard => ({
		id: c.id,
		name: c.name,
		card_uri: c.card_uri,
		card_type: c.card_type,
		created_at: c.created_at,
		updated_at: c.updated_at,
		deleted: c.deleted,
	});
	return [
		...(env.cardsByAccount.get(accountId) ?? []).map(pick),
		...(env.pollCardsByAccount.get(accountId) ?? []).map((p) => pick({ ...p, deleted: false })),
		...(env.videoConversationCardsByAccount.get(accountId) ?? []).map((v) => pick({ ...v, card_type: 'VIDEO_CONVERSATION' })),
		...[...env.imageConversationCards.values()].filter((c) => c.accountId === accountId).map((c) => pick({ ...c, card_type: 'IMAGE_CONVERSATION' })),
	];
}

function cardsByUri(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const uris = params.idList('card_uris', 200);
	if (!uris) throw missingParameter('card_uris');
	const bad = uris.find((u) => !/^card:\/\/\d+$/.test(u));
	if (bad !== undefined) throw invalidParameter('card_uris', `Expected card URIs such as card://1044294149527166979, got "${bad}" for card_uris`);
	const withDeleted = params.boolean('with_deleted');
	const cards = allCards(ctx, account.account.id).filter((c) => withDeleted || !c.deleted);
	const data = uris.flatMap((uri) => cards.filter((c) => c.card_uri === uri));
	return envelope(params, data);
}

function cardAnyType(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const withDeleted = params.boolean('with_deleted');
	const id = ctx.pathParams.card_id;
	const card = allCards(ctx, account.account.id).find((c) => c.id === id && (withDeleted || !c.deleted));
	if (!card) throw notFound(`Card ${id} not found`);
	return envelope(params, card);
}

// ---- Preroll calls to action ------------------------------------------------------------------

function ctaView(c: PrerollCtaRecord) {
	return {
		line_item_id: c.line_item_id,
		call_to_action_url: c.call_to_action_url,
		call_to_action: c.call_to_action,
		id: c.id,
		created_at: c.created_at,
		updated_at: c.updated_at,
		deleted: c.deleted,
	};
}

function findCta(ctx: RequestContext, accountId: string, withDeleted = false): PrerollCtaRecord {
	const id = ctx.pathParams.preroll_call_to_action_id;
	const c = creativesOf(ctx).prerollCtas.get(id);
	if (!c || c.accountId !== accountId || (c.deleted && !withDeleted)) throw notFound(`Preroll call to action ${id} not found`);
	return c;
}

function listCtas(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const lineItems = params.idList('line_item_ids', 200);
	const ids = params.idList('preroll_call_to_action_ids', 200);
	const withDeleted = params.boolean('with_deleted');
	return collection(params, {
		source: [...creativesOf(ctx).prerollCtas.values()],
		filter: (c) => c.accountId === account.account.id && (withDeleted || !c.deleted) && (!lineItems || lineItems.includes(c.line_item_id)) && (!ids || ids.includes(c.id)),
		sortFields: DATED_SORT,
		render: ctaView,
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getCta(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	return envelope(params, ctaView(findCta(ctx, account.account.id, params.boolean('with_deleted'))));
}

function createCta(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const lineItemId = params.string('line_item_id', { required: true })!;
	const callToAction = params.enum('call_to_action', CALLS_TO_ACTION, { required: true })!;
	const url = urlParam(params, 'call_to_action_url', true)!;
	accountLineItem(ctx, account.account.id, lineItemId);
	const env = creativesOf(ctx);
	let id = adsId(3);
	while (env.prerollCtas.has(id)) id = adsId(4);
	const t = adsTime(ctx.now);
	const record: PrerollCtaRecord = { accountId: account.account.id, id, line_item_id: lineItemId, call_to_action: callToAction, call_to_action_url: url, created_at: t, updated_at: t, deleted: false };
	env.prerollCtas.set(id, record);
	return envelope(params, ctaView(record));
}

function updateCta(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findCta(ctx, account.account.id);
	const callToAction = params.enum('call_to_action', CALLS_TO_ACTION);
	const url = urlParam(params, 'call_to_action_url');
	if (callToAction !== undefined) record.call_to_action = callToAction;
	if (url !== undefined) record.call_to_action_url = url;
	if (callToAction !== undefined || url !== undefined) record.updated_at = nextUpdatedAt(record.updated_at, ctx.now);
	return envelope(params, ctaView(record));
}

function deleteCta(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findCta(ctx, account.account.id);
	record.deleted = true;
	record.updated_at = nextUpdatedAt(record.updated_at, ctx.now);
	return envelope(params, ctaView(record));
}

// ---- Media creatives --------------------------------------------------------------------------

function mediaCreativeView(m: MediaCreativeRecord) {
	return {
		line_item_id: m.line_item_id,
		landing_url: m.landing_url,
		creative_type: m.creative_type,
		id: m.id,
		entity_status: 'ACTIVE',
		created_at: m.created_at,
		account_media_id: m.account_media_id,
		updated_at: m.updated_at,
		approval_status: 'ACCEPTED',
		deleted: m.deleted,
	};
}

function findMediaCreative(ctx: RequestContext, accountId: string, withDeleted = false): MediaCreativeRecord {
	const id = ctx.pathParams.media_creative_id;
	const m = creativesOf(ctx).mediaCreatives.get(id);
	if (!m || m.accountId !== accountId || (m.deleted && !withDeleted)) throw notFound(`Media creative ${id} not found`);
	return m;
}

function listMediaCreatives(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const campaignId = params.string('campaign_id');
	const lineItems = params.idList('line_item_ids', 200);
	const ids = params.idList('media_creative_ids', 200);
	const withDeleted = params.boolean('with_deleted');
	const lineItemsOf = ctx.store.ads[ctx.env].lineItems;
	return collection(params, {
		source: [...creativesOf(ctx).mediaCreatives.values()],
		filter: (m) =>
			m.accountId === account.account.id &&
			(withDeleted || !m.deleted) &&
			(!lineItems || lineItems.includes(m.line_item_id)) &&
			(!ids || ids.includes(m.id)) &&
			(campaignId === undefined || lineItemsOf.get(m.line_item_id)?.campaign_id === campaignId),
		sortFields: DATED_SORT,
		render: mediaCreativeView,
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getMediaCreative(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	return envelope(params, mediaCreativeView(findMediaCreative(ctx, account.account.id, params.boolean('with_deleted'))));
}

function createMediaCreative(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const mediaId = params.string('account_media_id', { required: true })!;
	const lineItemId = params.string('line_item_id', { required: true })!;
	const landingUrl = urlParam(params, 'landing_url');
	const lineItem = accountLineItem(ctx, accountId, lineItemId);
	const media = creativesOf(ctx).accountMedia.get(mediaId);
	if (!media || media.accountId !== accountId || media.deleted) throw invalidParameter('account_media_id', `Account media ${mediaId} is not account media of account ${accountId}`);
	if (lineItem.objective === 'WEBSITE_CLICKS' && media.creative_type !== 'PREROLL' && landingUrl === undefined) throw missingParameter('landing_url');
	const env = creativesOf(ctx);
	let id = adsId(5);
	while (env.mediaCreatives.has(id)) id = adsId(5);
	const t = adsTime(ctx.now);
	const record: MediaCreativeRecord = {
		accountId,
		id,
		line_item_id: lineItemId,
		account_media_id: mediaId,
		// X ignores a landing URL for preroll videos.
		landing_url: media.creative_type === 'PREROLL' ? null : (landingUrl ?? null),
		creative_type: media.creative_type,
		created_at: t,
		updated_at: t,
		deleted: false,
	};
	env.mediaCreatives.set(id, record);
	return envelope(params, mediaCreativeView(record));
}

function deleteMediaCreative(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findMediaCreative(ctx, account.account.id);
	record.deleted = true;
	record.updated_at = nextUpdatedAt(record.updated_at, ctx.now);
	return envelope(params, mediaCreativeView(record));
}

export function registerCreativeExtraRoutes(router: Router): void {
	const icc = '/12/accounts/:account_id/cards/image_conversation';
	router.ads('GET', icc, iccRoutes.list);
	router.ads('POST', icc, createIcc);
	router.ads('GET', `${icc}/:card_id`, iccRoutes.get);
	router.ads('PUT', `${icc}/:card_id`, iccRoutes.update);
	router.ads('DELETE', `${icc}/:card_id`, deleteIcc);
	router.ads('GET', '/12/accounts/:account_id/cards/all', cardsByUri);
	router.ads('GET', '/12/accounts/:account_id/cards/all/:card_id', cardAnyType);
	const cta = '/12/accounts/:account_id/preroll_call_to_actions';
	router.ads('GET', cta, listCtas);
	router.ads('POST', cta, createCta);
	router.ads('GET', `${cta}/:preroll_call_to_action_id`, getCta);
	router.ads('PUT', `${cta}/:preroll_call_to_action_id`, updateCta);
	router.ads('DELETE', `${cta}/:preroll_call_to_action_id`, deleteCta);
	const mc = '/12/accounts/:account_id/media_creatives';
	router.ads('GET', mc, listMediaCreatives);
	router.ads('POST', mc, createMediaCreative);
	router.ads('GET', `${mc}/:media_creative_id`, getMediaCreative);
	router.ads('DELETE', `${mc}/:media_creative_id`, deleteMediaCreative);
}
