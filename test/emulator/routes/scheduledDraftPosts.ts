/**
 * The account's posts by type, scheduled posts, draft posts and post previews
 * (https://docs.x.com/x-ads-api/creatives/reference#scheduled-tweets, #draft-tweets, #tweet-previews,
 * #tweets). Query parameters throughout. Scheduled and draft posts carry their ids as strings; the
 * account's posts are post objects with 64-bit ids as bare JSON numbers next to id_str, as X prints them.
 */
import { adsError, AdsParams, collection, envelope, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import { refValues } from '../conformance';
import type { EmulatorResponse, RequestContext } from '../http';
import type { Router } from '../router';
import type { DraftPostRecord, PostRecord, ScheduledPostRecord } from '../state/creatives';
import type { AccountRecord } from '../store';
import { adsTime, nextUpdatedAt, snowflake } from '../util';
import { accountCardUris } from './cards';
import { creativesOf } from './media';
import { postView, readMediaKeys, serializeWithBigIds } from './posts';

const TWEET_TYPES = refValues('GET 12/accounts/:account_id/tweets', 'tweet_type');
const TIMELINE_TYPES = refValues('GET 12/accounts/:account_id/tweets', 'timeline_type');
const YEAR_MS = 366 * 24 * 3600 * 1000;

/** A 64-bit id given as digits. */
function longParam(params: AdsParams, name: string, required = false): string | undefined {
	const v = params.string(name, { required, maxLength: 20 });
	if (v !== undefined && !/^\d+$/.test(v)) throw invalidParameter(name, `Expected a Long, got "${v}" for ${name}`);
	return v;
}

function pathLong(ctx: RequestContext, name: string): string {
	const v = ctx.pathParams[name];
	if (!/^\d{1,20}$/.test(v)) throw invalidParameter(name, `Expected a Long, got "${v}" for ${name}`);
	return v;
}

/** as_user_id: the advertiser, who must have granted the account access (here: its owner). */
function asUser(params: AdsParams, account: AccountRecord): string {
	const id = longParam(params, 'as_user_id', true)!;
	if (id !== account.ownerId) throw adsError(403, 'UNAUTHORIZED_ACCESS', `User ${id} has not granted account ${account.account.id} access to post on their behalf`);
	return id;
}

interface Content {
	text?: string;
	media_keys?: string[];
	card_uri?: string | null;
	name?: string;
	nullcast?: boolean;
}

/** text, media_keys, card_uri, name, nullcast; on update an empty media_keys or card_uri unsets it. */
function readContent(ctx: RequestContext, params: AdsParams, accountId: string, updating: boolean): Content {
	const out: Content = {};
	const text = params.raw('text');
	if (text !== undefined) {
		if (!updating && text.trim() === '') throw invalidParameter('text', 'Expected a non-empty String for text');
		if ([...text].length > 25_000) throw invalidParameter('text', `Expected a String of at most 25000 characters for text, got ${[...text].length}`);
		params.echo.text = text;
		out.text = text;
	}
	if (updating && params.raw('media_keys') === '') out.media_keys = [];
	else if (params.has('media_keys')) out.media_keys = readMediaKeys(ctx, params, accountId).map((m) => m.media_key);
	if (updating && params.raw('card_uri') === '') out.card_uri = null;
	else {
		const uri = params.string('card_uri', { maxLength: 64 });
		if (uri !== undefined && !accountCardUris(creativesOf(ctx), accountId).has(uri)) throw invalidParameter('card_uri', `card_uri ${uri} is not a card of account ${accountId}`);
		if (uri !== undefined) out.card_uri = uri;
	}
	const name = params.string('name', { maxLength: 80 });
	if (name !== undefined) out.name = name;
	if (params.has('nullcast')) out.nullcast = params.boolean('nullcast');
	return out;
}

/** scheduled_at: ISO 8601, in the future, at most a year ahead; X drops the seconds. */
function readScheduledAt(ctx: RequestContext, params: AdsParams, required: boolean): string | undefined {
	const ms = params.time('scheduled_at', { required });
	if (ms === undefined) return undefined;
	if (ms <= ctx.now) throw invalidParameter('scheduled_at', `scheduled_at must be in the future, got ${params.raw('scheduled_at')}`);
	if (ms > ctx.now + YEAR_MS) throw invalidParameter('scheduled_at', 'Tweets can only be scheduled up to one year in the future');
	const minute = adsTime(ms - (ms % 60_000));
	params.echo.scheduled_at = minute;
	return minute;
}

function newPostId(ctx: RequestContext): string {
	const env = creativesOf(ctx);
	let id = snowflake();
	while (env.posts.has(id) || env.scheduledPosts.has(id) || env.draftPosts.has(id)) id = snowflake();
	return id;
}

// ---- What scheduled and draft posts share -----------------------------------------------------

/** A new scheduled post's or draft's common fields: its content (text or media required), author, id and times. */
function newPostFields(ctx: RequestContext, params: AdsParams, account: AccountRecord, userId: string): DraftPostRecord {
	const content = readContent(ctx, params, account.account.id, false);
	if (content.text === undefined && !content.media_keys?.length) throw missingParameter('text');
	const t = adsTime(ctx.now);
	return {
		accountId: account.account.id,
		id: newPostId(ctx),
		user_id: userId,
		text: content.text ?? '',
		name: content.name ?? null,
		nullcast: content.nullcast ?? true,
		card_uri: content.card_uri ?? null,
		media_keys: content.media_keys ?? [],
		created_at: t,
		updated_at: t,
	};
}

/** PUT: merges the changes; the post must keep text or media. */
function applyUpdate<R extends DraftPostRecord>(ctx: RequestContext, record: R, changes: Partial<R>, noun: string): void {
	const next = { ...record, ...changes };
	if (next.text === '' && next.media_keys.length === 0) throw invalidParameter('text', `A ${noun} needs text or media_keys`);
	Object.assign(record, next);
	if (Object.keys(changes).length) record.updated_at = nextUpdatedAt(record.updated_at, ctx.now);
}

/** GET many: the account's posts by user_id (default the account's owner). */
function listOf<R extends DraftPostRecord>(ctx: RequestContext, records: Map<string, R>, render: (p: R) => unknown, live: (p: R) => boolean = () => true) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const userId = longParam(params, 'user_id') ?? account.ownerId;
	return collection(params, {
		source: [...records.values()],
		filter: (p) => p.accountId === account.account.id && p.user_id === userId && live(p),
		render,
		count: { default: 100, min: 1, max: 200 },
	});
}

// ---- Scheduled posts --------------------------------------------------------------------------

function scheduledView(p: ScheduledPostRecord) {
	return {
		name: p.name,
		completed_at: p.completed_at,
		text: p.text,
		user_id: p.user_id,
		scheduled_status: p.scheduled_status,
		id: p.id,
		nullcast: p.nullcast,
		created_at: p.created_at,
		scheduled_at: p.scheduled_at,
		card_uri: p.card_uri,
		updated_at: p.updated_at,
		tweet_id: p.tweet_id,
		media_keys: [...p.media_keys],
	};
}

function findScheduled(ctx: RequestContext, accountId: string): ScheduledPostRecord {
	const id = pathLong(ctx, 'scheduled_tweet_id');
	const p = creativesOf(ctx).scheduledPosts.get(id);
	if (!p || p.accountId !== accountId || p.scheduled_status === 'DELETED') throw notFound(`Scheduled Tweet ${id} not found`);
	return p;
}

function listScheduled(ctx: RequestContext) {
	return listOf(ctx, creativesOf(ctx).scheduledPosts, scheduledView, (p) => p.scheduled_status !== 'DELETED');
}

function getScheduled(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	return envelope(params, scheduledView(findScheduled(ctx, account.account.id)));
}

function createScheduled(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const userId = asUser(params, account);
	const scheduledAt = readScheduledAt(ctx, params, true)!;
	const record: ScheduledPostRecord = {
		...newPostFields(ctx, params, account, userId),
		scheduled_at: scheduledAt,
		scheduled_status: 'SCHEDULED',
		completed_at: null,
		tweet_id: null,
	};
	creativesOf(ctx).scheduledPosts.set(record.id, record);
	return envelope(params, scheduledView(record));
}

function updateScheduled(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findScheduled(ctx, account.account.id);
	const scheduledAt = readScheduledAt(ctx, params, false);
	const content = readContent(ctx, params, account.account.id, true);
	applyUpdate(ctx, record, { ...content, ...(scheduledAt !== undefined ? { scheduled_at: scheduledAt } : {}) }, 'Scheduled Tweet');
	return envelope(params, scheduledView(record));
}

function deleteScheduled(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findScheduled(ctx, account.account.id);
	record.scheduled_status = 'DELETED';
	record.updated_at = nextUpdatedAt(record.updated_at, ctx.now);
	return envelope(params, scheduledView(record));
}

// ---- Draft posts ------------------------------------------------------------------------------

function draftView(p: DraftPostRecord) {
	return {
		name: p.name,
		text: p.text,
		user_id: p.user_id,
		id: p.id,
		nullcast: p.nullcast,
		created_at: p.created_at,
		card_uri: p.card_uri,
		updated_at: p.updated_at,
		media_keys: [...p.media_keys],
	};
}

function findDraft(ctx: RequestContext, accountId: string): DraftPostRecord {
	const id = pathLong(ctx, 'draft_tweet_id');
	const p = creativesOf(ctx).draftPosts.get(id);
	if (!p || p.accountId !== accountId) throw notFound(`Draft Tweet ${id} not found`);
	return p;
}

function listDrafts(ctx: RequestContext) {
	return listOf(ctx, creativesOf(ctx).draftPosts, draftView);
}

function getDraft(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	return envelope(params, draftView(findDraft(ctx, account.account.id)));
}

function createDraft(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = newPostFields(ctx, params, account, asUser(params, account));
	creativesOf(ctx).draftPosts.set(record.id, record);
	return envelope(params, draftView(record));
}

function updateDraft(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findDraft(ctx, account.account.id);
	applyUpdate(ctx, record, readContent(ctx, params, account.account.id, true), 'Draft Tweet');
	return envelope(params, draftView(record));
}

/** Deleted for good: the answer is the draft as it was. */
function deleteDraft(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findDraft(ctx, account.account.id);
	creativesOf(ctx).draftPosts.delete(record.id);
	return envelope(params, draftView(record));
}

/** X notifies the advertiser's devices and answers a message, no data. */
function previewDraft(ctx: RequestContext): EmulatorResponse {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	findDraft(ctx, account.account.id);
	const user = ctx.store.users.find((u) => u.userId === account.ownerId);
	return { status: 200, body: { request: { params: params.echo }, message: `See @${user?.screenName ?? account.ownerId}'s notifications in the X app to preview your Tweet.` } };
}

// ---- The account's posts and previews ---------------------------------------------------------

/** A scheduled post or draft as a post object (what GET tweets answers for those types). */
function asPostRecord(p: ScheduledPostRecord | DraftPostRecord): PostRecord {
	return {
		accountId: p.accountId,
		id: p.id,
		as_user_id: p.user_id,
		text: p.text,
		name: p.name,
		nullcast: p.nullcast,
		conversation_settings: 'EVERYONE',
		media_keys: p.media_keys,
		card_uri: p.card_uri,
		video_title: null,
		video_description: null,
		video_cta: null,
		video_cta_value: null,
		createdMs: Date.parse(p.created_at),
	};
}

interface Typed {
	post: PostRecord;
	scheduledAt: string | null;
}

function postsOfType(ctx: RequestContext, accountId: string, type: string): Typed[] {
	const env = creativesOf(ctx);
	if (type === 'PUBLISHED') return [...env.posts.values()].filter((p) => p.accountId === accountId).map((post) => ({ post, scheduledAt: null }));
	if (type === 'SCHEDULED') {
		return [...env.scheduledPosts.values()]
			.filter((p) => p.accountId === accountId && p.scheduled_status === 'SCHEDULED')
			.map((p) => ({ post: asPostRecord(p), scheduledAt: p.scheduled_at }));
	}
	return [...env.draftPosts.values()].filter((p) => p.accountId === accountId).map((p) => ({ post: asPostRecord(p), scheduledAt: null }));
}

function listPosts(ctx: RequestContext): EmulatorResponse {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const type = params.enum('tweet_type', TWEET_TYPES, { required: true })!;
	const ids = params.idList('tweet_ids', 200);
	if (ids?.some((id) => !/^\d+$/.test(id))) throw invalidParameter('tweet_ids', `Expected a comma-separated list of Longs for tweet_ids, got "${params.raw('tweet_ids')}"`);
	const name = params.string('name', { maxLength: 80 })?.toLowerCase();
	const timeline = params.enum('timeline_type', TIMELINE_TYPES) ?? 'NULLCAST';
	const trimUser = params.boolean('trim_user');
	params.boolean('include_mentions_and_replies');
	const userId = longParam(params, 'user_id') ?? account.ownerId;
	const idSet = ids ? new Set(ids) : null;
	const page = collection(params, {
		source: postsOfType(ctx, account.account.id, type),
		filter: ({ post }) =>
			post.as_user_id === userId &&
			(!idSet || idSet.has(post.id)) &&
			(name === undefined || (post.name ?? '').toLowerCase().startsWith(name)) &&
			(timeline === 'ALL' || post.nullcast === (timeline === 'NULLCAST')),
		render: ({ post, scheduledAt }) => ({ ...postView(ctx, post, { trimUser, extended: true, naming: true }), tweet_type: type, scheduled_at: scheduledAt }),
		count: { default: 200, min: 1, max: 1000 },
	});
	return { status: page.status, headers: page.headers, rawBody: serializeWithBigIds(page.body) };
}

function previews(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const ids = params.idList('tweet_ids', 200);
	if (!ids) throw missingParameter('tweet_ids');
	const type = params.enum('tweet_type', TWEET_TYPES, { required: true })!;
	const known = new Set(postsOfType(ctx, account.account.id, type).map(({ post }) => post.id));
	// Only ids of the given type are previewed; others are left out of the answer.
	const data = ids
		.filter((id) => known.has(id))
		.map((id) => ({
			tweet_id: id,
			preview: `<iframe class='tweet-preview' src='https://ton.twimg.com/ads-manager/tweet-preview/index.html?data=${Buffer.from(`${type}:${id}`).toString('base64url')}'></iframe>`,
		}));
	return envelope(params, data);
}

export function registerScheduledDraftPostRoutes(router: Router): void {
	const scheduled = '/12/accounts/:account_id/scheduled_tweets';
	router.ads('GET', scheduled, listScheduled);
	router.ads('POST', scheduled, createScheduled);
	router.ads('GET', `${scheduled}/:scheduled_tweet_id`, getScheduled);
	router.ads('PUT', `${scheduled}/:scheduled_tweet_id`, updateScheduled);
	router.ads('DELETE', `${scheduled}/:scheduled_tweet_id`, deleteScheduled);
	const drafts = '/12/accounts/:account_id/draft_tweets';
	router.ads('GET', drafts, listDrafts);
	router.ads('POST', drafts, createDraft);
	router.ads('POST', `${drafts}/preview/:draft_tweet_id`, previewDraft);
	router.ads('GET', `${drafts}/:draft_tweet_id`, getDraft);
	router.ads('PUT', `${drafts}/:draft_tweet_id`, updateDraft);
	router.ads('DELETE', `${drafts}/:draft_tweet_id`, deleteDraft);
	router.ads('GET', '/12/accounts/:account_id/tweets', listPosts);
	router.ads('GET', '/12/accounts/:account_id/tweet_previews', previews);
}
