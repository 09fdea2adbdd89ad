/**
 * Post creation on behalf of an advertiser and post naming (https://docs.x.com/x-ads-api/creatives/reference). Parameters are query
 * parameters. Post and user ids are 64-bit: the body carries them as JSON numbers beyond 2^53
 * (written verbatim, as X does) next to their exact *_str strings.
 */
import { adsError, AdsParams, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import { ok, type RequestContext } from '../http';
import type { Router } from '../router';
import { liveLibraryObject, type MediaLibraryRecord, type PostRecord } from '../state/creatives';
import type { UserRecord } from '../store';
import { randomString, snowflake } from '../util';
import { accountCardUris } from './cards';
import { creativesOf } from './media';

/** A 64-bit id written as a bare JSON number. */
export class BigId {
	constructor(readonly digits: string) {}
}

const BIG_ID_TOKEN = `__big_id_${randomString(12)}__`;

/** JSON with BigId values as bare numbers (JSON.stringify cannot write integers beyond 2^53 exactly). */
export function serializeWithBigIds(body: unknown): string {
	return JSON.stringify(body, (_key, value: unknown) => (value instanceof BigId ? `${BIG_ID_TOKEN}${value.digits}` : value)).replace(
		new RegExp(`"${BIG_ID_TOKEN}(\\d+)"`, 'g'),
		'$1',
	);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** X's post timestamps: "Wed Oct 10 20:19:24 +0000 2018". */
export function postTime(ms: number): string {
	const d = new Date(ms);
	return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000 ${d.getUTCFullYear()}`;
}

/** Entity indices count code points, as X's do. */
function entitiesOf(ctx: RequestContext, text: string) {
	const at = (index: number) => [...text.slice(0, index)].length;
	const found = (re: RegExp) => [...text.matchAll(re)].map((m) => ({ m, start: at(m.index! + m[1].length), end: at(m.index! + m[0].length) }));
	const hashtags = found(/(^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]+)/gu).map(({ m, start, end }) => ({ text: m[2], indices: [start, end] }));
	const symbols = found(/(^|\s)\$([A-Za-z]{1,6})(?![A-Za-z])/g).map(({ m, start, end }) => ({ text: m[2], indices: [start, end] }));
	const user_mentions = found(/(^|[^\p{L}\p{N}_])@([A-Za-z0-9_]{1,15})/gu).map(({ m, start, end }) => {
		const known = ctx.store.users.find((u) => u.screenName.toLowerCase() === m[2].toLowerCase());
		const id = known?.userId ?? `1${m[2].split('').reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1e17, 7).toString().padStart(17, '0')}`;
		return { screen_name: known?.screenName ?? m[2], name: known?.screenName ?? m[2], id: new BigId(id), id_str: id, indices: [start, end] };
	});
	const urls = found(/(^|\s)(https?:\/\/\S+)/g).map(({ m, start, end }) => ({
		url: m[2],
		expanded_url: m[2],
		display_url: m[2].replace(/^https?:\/\//, ''),
		indices: [start, end],
	}));
	return { hashtags, symbols, user_mentions, urls };
}

function userView(user: UserRecord | undefined, userId: string, trim: boolean) {
	if (trim) return { id: new BigId(userId), id_str: userId };
	const screenName = user?.screenName ?? `user${userId.slice(-6)}`;
	return {
		id: new BigId(userId),
		id_str: userId,
		name: screenName.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
		screen_name: screenName,
		location: '',
		description: '',
		url: null,
		entities: { description: { urls: [] } },
		protected: false,
		followers_count: 1250,
		friends_count: 180,
		listed_count: 4,
		created_at: postTime(Date.parse('2021-12-01T09:00:00Z')),
		favourites_count: 0,
		utc_offset: null,
		time_zone: null,
		geo_enabled: false,
		verified: false,
		statuses_count: 42,
		lang: null,
		profile_image_url_https: `https://pbs.twimg.com/profile_images/${userId}/avatar_normal.jpg`,
	};
}

interface ViewOptions {
	trimUser: boolean;
	extended: boolean;
	/** The name-update answer: adds conversation_settings, nullcast, scheduling, tweet_type, display_text_range, tweet_id. */
	naming: boolean;
}

export function postView(ctx: RequestContext, post: PostRecord, opts: ViewOptions) {
	const text = post.text ?? '';
	const chars = [...text];
	const view: Record<string, unknown> = { created_at: postTime(post.createdMs), id: new BigId(post.id), id_str: post.id };
	let shown = text;
	let truncated = false;
	if (opts.extended) {
		view.full_text = text;
	} else {
		if (chars.length > 140) {
			shown = chars.slice(0, 139).join('') + '…';
			truncated = true;
		}
		view.text = shown;
	}
	if (opts.extended && !opts.naming) view.display_text_range = [0, chars.length];
	Object.assign(view, {
		name: post.name,
		truncated,
		entities: entitiesOf(ctx, shown),
		source: '<a href="https://ads.x.com" rel="nofollow">X Ads</a>',
		in_reply_to_status_id: null,
		in_reply_to_status_id_str: null,
		in_reply_to_user_id: null,
		in_reply_to_user_id_str: null,
		in_reply_to_screen_name: null,
		user: userView(
			ctx.store.users.find((u) => u.userId === post.as_user_id),
			post.as_user_id,
			opts.trimUser,
		),
		geo: null,
		coordinates: null,
		place: null,
		contributors: null,
		retweet_count: 0,
		favorite_count: 0,
		favorited: false,
		retweeted: false,
		scopes: { followers: !post.nullcast },
		lang: text ? 'en' : 'und',
	});
	if (opts.naming) {
		Object.assign(view, {
			conversation_settings: post.conversation_settings,
			nullcast: post.nullcast,
			scheduled_status: null,
			scheduled_at: null,
			tweet_type: 'PUBLISHED',
			display_text_range: [0, chars.length],
			tweet_id: post.id,
		});
	}
	return view;
}

function answer(params: AdsParams, data: unknown) {
	return { ...ok(undefined), rawBody: serializeWithBigIds({ request: { params: params.echo }, data }) };
}

/** media_keys: library keys of the account; up to 4 images, or 1 GIF, or 1 video. */
export function readMediaKeys(ctx: RequestContext, params: AdsParams, accountId: string): MediaLibraryRecord[] {
	const raw = params.raw('media_keys');
	if (raw === undefined) return [];
	const keys = raw.split(',').map((k) => k.trim());
	if (keys.some((k) => !/^\d+_\d+$/.test(k))) throw invalidParameter('media_keys', `Expected a comma-separated list of media keys, got "${raw}" for media_keys`);
	params.echo.media_keys = keys;
	const records = keys.map((k) => {
		const record = liveLibraryObject(creativesOf(ctx), accountId, k);
		if (!record) throw invalidParameter('media_keys', `Media key ${k} is not in the media library of account ${accountId}`);
		return record;
	});
	const images = records.filter((r) => r.media_type === 'IMAGE').length;
	if ((images !== records.length && records.length > 1) || images > 4) {
		throw invalidParameter('media_keys', `media_keys takes up to 4 images, or 1 GIF, or 1 video, got ${records.map((r) => r.media_type).join(', ')}`);
	}
	return records;
}

function createPost(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const env = creativesOf(ctx);

	const asUserId = params.string('as_user_id', { required: true, maxLength: 20 }) as string;
	if (!/^\d+$/.test(asUserId)) throw invalidParameter('as_user_id', `Expected a Long, got "${asUserId}" for as_user_id`);
	if (asUserId !== account.ownerId) {
		throw adsError(403, 'UNAUTHORIZED_ACCESS', `User ${asUserId} has not granted account ${accountId} access to post on their behalf`);
	}
	const text = params.raw('text');
	if (text !== undefined) {
		if (text.trim() === '') throw invalidParameter('text', 'Expected a non-empty String for text');
		if ([...text].length > 25_000) throw invalidParameter('text', `Expected a String of at most 25000 characters for text, got ${[...text].length}`);
		params.echo.text = text;
	}
	const media = readMediaKeys(ctx, params, accountId);
	if (text === undefined && media.length === 0) throw missingParameter('text');
	const cardUri = params.string('card_uri', { maxLength: 64 });
	if (cardUri !== undefined && !accountCardUris(env, accountId).has(cardUri)) {
		throw invalidParameter('card_uri', `card_uri ${cardUri} is not a card of account ${accountId}`);
	}
	const name = params.string('name', { maxLength: 80 });
	const nullcast = params.boolean('nullcast', true);
	if (!nullcast && asUserId !== ctx.user!.userId) {
		throw invalidParameter('nullcast', 'nullcast=false (an organic post) is only allowed when as_user_id is the authenticated user');
	}
	const trimUser = params.boolean('trim_user');
	const mode = params.enum('tweet_mode', ['compat', 'extended'] as const) ?? 'compat';
	const conversation = params.enum('conversation_settings', ['EVERYONE', 'FOLLOWING', 'MENTIONED_USERS'] as const) ?? 'EVERYONE';
	const videoCta = params.enum('video_cta', ['VISIT_SITE', 'WATCH_NOW'] as const);
	const videoCtaValue = params.string('video_cta_value');
	if (videoCta !== undefined && videoCtaValue === undefined) throw missingParameter('video_cta_value');
	if (videoCtaValue !== undefined && videoCta === undefined) throw missingParameter('video_cta');
	const videoTitle = params.string('video_title', { maxLength: 70 });
	const videoDescription = params.string('video_description', { maxLength: 200 });
	const videoParam = [
		['video_title', videoTitle],
		['video_description', videoDescription],
		['video_cta', videoCta],
	].find(([, v]) => v !== undefined);
	if (videoParam && !media.some((m) => m.media_type === 'VIDEO')) {
		throw invalidParameter(videoParam[0] as string, `${videoParam[0]} needs a video in media_keys`);
	}

	let id = snowflake();
	while (env.posts.has(id)) id = snowflake();
	const post: PostRecord = {
		accountId,
		id,
		as_user_id: asUserId,
		text: text ?? null,
		name: name ?? null,
		nullcast,
		conversation_settings: conversation,
		media_keys: media.map((m) => m.media_key),
		card_uri: cardUri ?? null,
		video_title: videoTitle ?? null,
		video_description: videoDescription ?? null,
		video_cta: videoCta ?? null,
		video_cta_value: videoCtaValue ?? null,
		createdMs: ctx.now,
	};
	env.posts.set(id, post);
	for (const m of media) m.tweeted = true;
	return answer(params, postView(ctx, post, { trimUser, extended: mode === 'extended', naming: false }));
}

function namePost(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const id = ctx.pathParams.tweet_id;
	if (!/^\d{1,20}$/.test(id)) throw invalidParameter('tweet_id', `Expected a Long, got "${id}" for tweet_id`);
	const post = creativesOf(ctx).posts.get(id);
	if (!post || post.accountId !== account.account.id) throw notFound(`Post ${id} not found`);
	const name = params.string('name', { required: true, maxLength: 80 }) as string;
	post.name = name;
	return answer(params, postView(ctx, post, { trimUser: false, extended: true, naming: true }));
}

export function registerPostRoutes(router: Router): void {
	router.ads('POST', '/12/accounts/:account_id/tweet', createPost);
	router.ads('PUT', '/12/accounts/:account_id/tweets/:tweet_id/name', namePost);
}
