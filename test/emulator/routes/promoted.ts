/**
 * What a line item promotes (https://docs.x.com/x-ads-api/campaign-management/reference): promoted
 * posts (X's promoted_tweets), promoted accounts, scheduled promoted posts; and promotable users.
 * Lists, gets, creates and deletes as X documents them (no updates: "It is not possible to update").
 */
import { adsError, AdsParams, collection, envelope, invalidParameter, notFound, requireAccount } from '../ads';
import { ok, type RequestContext } from '../http';
import type { Router } from '../router';
import { publicView, type AdsEnvState, type LineItemRecord } from '../store';
import type { PromotableUserRecord, PromotedAccountRecord, PromotedTweetRecord, ScheduledPromotedTweetRecord } from '../state/campaigns';
import { adsId, adsTime, nextUpdatedAt } from '../util';

type Linked = { accountId: string; id: string; created_at: string; updated_at: string; deleted: boolean; line_item_id?: string };

const SORT_FIELDS: Record<string, (r: Linked) => string> = {
	id: (r) => r.id,
	created_at: (r) => r.created_at,
	updated_at: (r) => r.updated_at,
};

/** "Up to 50 IDs may be provided" (POST promoted_tweets). */
const MAX_TWEET_IDS = 50;
const SNOWFLAKE = /^\d{1,19}$/;

/** A live line item of the account named by line_item_id, else 400 naming it. */
function lineItemOf(params: AdsParams, env: AdsEnvState, accountId: string): LineItemRecord {
	const id = params.string('line_item_id', { required: true, maxLength: 64 }) as string;
	const li = env.lineItems.get(id);
	if (!li || li.accountId !== accountId || li.deleted) throw invalidParameter('line_item_id', `Line item ${id} does not exist in account ${accountId}`);
	return li;
}

/**
 * Lists of a record type: line_item_ids and <name>_ids filters, sort_by, with_deleted; records of
 * deleted line items only with with_deleted (X's note on promoted_tweets).
 */
function lister<T extends Linked>(records: (env: AdsEnvState) => Map<string, T>, idsParam: string, render: (r: T) => unknown) {
	return (ctx: RequestContext) => {
		const params = new AdsParams(ctx);
		const account = requireAccount(ctx);
		const env = ctx.store.ads[ctx.env];
		const lineItemIds = idsParam === 'promotable_user_ids' ? undefined : params.idList('line_item_ids');
		const ids = params.idList(idsParam);
		const withDeleted = params.boolean('with_deleted');
		const source = [...records(env).values()].filter((r) => r.accountId === account.account.id);
		const parentLive = (r: T) => !r.line_item_id || !env.lineItems.get(r.line_item_id)?.deleted;
		return collection(params, {
			source,
			filter: (r) =>
				(withDeleted || (!r.deleted && parentLive(r))) &&
				(!ids || ids.includes(r.id)) &&
				(!lineItemIds || (r.line_item_id !== undefined && lineItemIds.includes(r.line_item_id))),
			sortFields: SORT_FIELDS as Record<string, (r: T) => string>,
			render,
			count: { default: 200, min: 1, max: 1000 },
		});
	};
}

function finder<T extends Linked>(records: (env: AdsEnvState) => Map<string, T>, idParam: string, noun: string) {
	return (ctx: RequestContext, accountId: string, withDeleted = false): T => {
		const env = ctx.store.ads[ctx.env];
		const id = ctx.pathParams[idParam];
		const r = records(env).get(id);
		const parentDeleted = r?.line_item_id !== undefined && env.lineItems.get(r.line_item_id)?.deleted;
		if (!r || r.accountId !== accountId || ((r.deleted || parentDeleted) && !withDeleted)) throw notFound(`${noun} ${id} not found`);
		return r;
	};
}

function getter<T extends Linked>(find: ReturnType<typeof finder<T>>, render: (r: T) => unknown) {
	return (ctx: RequestContext) => {
		const params = new AdsParams(ctx);
		const withDeleted = params.boolean('with_deleted');
		const account = requireAccount(ctx);
		return envelope(params, render(find(ctx, account.account.id, withDeleted)));
	};
}

function deleter<T extends Linked>(find: ReturnType<typeof finder<T>>, render: (r: T) => unknown, guard?: (ctx: RequestContext, r: T) => void) {
	return (ctx: RequestContext) => {
		const params = new AdsParams(ctx);
		const account = requireAccount(ctx);
		const r = find(ctx, account.account.id);
		guard?.(ctx, r);
		r.deleted = true;
		r.updated_at = nextUpdatedAt(r.updated_at, ctx.now);
		return envelope(params, render(r));
	};
}

function newId(existing: Map<string, unknown>, length: number): string {
	let id = adsId(length);
	while (existing.has(id)) id = adsId(length);
	return id;
}

// ---- Promoted posts (promoted_tweets) ---------------------------------------------------------

const tweets = (env: AdsEnvState) => env.campaignState.promotedTweets;
const findTweet = finder(tweets, 'promoted_tweet_id', 'Promoted tweet');

function createPromotedTweets(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const env = ctx.store.ads[ctx.env];
	const li = lineItemOf(params, env, account.account.id);
	const raw = params.raw('tweet_ids');
	if (raw === undefined) throw adsError(400, 'MISSING_PARAMETER', '"tweet_ids" is a required parameter', 'tweet_ids');
	const ids = raw.split(',').map((s) => s.trim());
	if (ids.length > MAX_TWEET_IDS || ids.some((id) => !SNOWFLAKE.test(id))) {
		throw invalidParameter('tweet_ids', `Expected a comma-separated list of 1 to ${MAX_TWEET_IDS} post ids, got "${raw}" for tweet_ids`);
	}
	if (li.product_type === 'MEDIA') throw adsError(400, 'INVALID_PARAMETER', `Line item ${li.id} has product_type MEDIA and cannot promote posts`, 'line_item_id');
	const unknown = ids.find((id) => env.creatives.posts.get(id)?.accountId !== account.account.id);
	if (unknown) throw invalidParameter('tweet_ids', `Post ${unknown} is not a post this account may promote`);
	params.echo.tweet_ids = ids.map(Number);
	const t = adsTime(ctx.now);
	const data: unknown[] = [];
	for (const tweetId of ids) {
		const existing = [...tweets(env).values()].find((r) => r.line_item_id === li.id && r.tweet_id === tweetId && !r.deleted);
		if (existing) {
			data.push(publicView(existing));
			continue;
		}
		const record: PromotedTweetRecord = {
			accountId: account.account.id,
			id: newId(tweets(env), 6),
			line_item_id: li.id,
			tweet_id: tweetId,
			entity_status: 'ACTIVE',
			approval_status: 'ACCEPTED',
			created_at: t,
			updated_at: t,
			deleted: false,
		};
		tweets(env).set(record.id, record);
		data.push(publicView(record));
	}
	return ok({ data, request: { params: params.echo }, total_count: data.length });
}

// ---- Promoted accounts ------------------------------------------------------------------------

const accounts = (env: AdsEnvState) => env.campaignState.promotedAccounts;
const findAccount = finder(accounts, 'promoted_account_id', 'Promoted account');

function createPromotedAccount(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const env = ctx.store.ads[ctx.env];
	const li = lineItemOf(params, env, account.account.id);
	const userId = params.string('user_id', { required: true, maxLength: 19 }) as string;
	if (!SNOWFLAKE.test(userId)) throw invalidParameter('user_id', `Expected a numeric user id, got "${userId}" for user_id`);
	if (li.product_type !== 'PROMOTED_ACCOUNT') {
		throw adsError(400, 'INVALID_PARAMETER', `INCOMPATIBLE_LINE_ITEM: line item ${li.id} is not configured for promoted accounts`, 'line_item_id');
	}
	// "If the provided user is already promoted, the request will be ignored."
	const existing = [...accounts(env).values()].find((r) => r.line_item_id === li.id && r.user_id === userId && !r.deleted);
	if (existing) return envelope(params, publicView(existing));
	const t = adsTime(ctx.now);
	const record: PromotedAccountRecord = {
		accountId: account.account.id,
		id: newId(accounts(env), 5),
		line_item_id: li.id,
		user_id: userId,
		entity_status: 'ACTIVE',
		approval_status: 'ACCEPTED',
		created_at: t,
		updated_at: t,
		deleted: false,
	};
	accounts(env).set(record.id, record);
	return envelope(params, publicView(record));
}

/** "An HTTP 400 will be returned if none of the specified line items are configured to contain promoted accounts." */
function listPromotedAccounts(ctx: RequestContext) {
	const ids = ctx.query.find(([k]) => k === 'line_item_ids')?.[1];
	if (ids !== undefined) {
		const env = ctx.store.ads[ctx.env];
		const any = ids.split(',').some((id) => env.lineItems.get(id.trim())?.product_type === 'PROMOTED_ACCOUNT');
		if (!any) throw invalidParameter('line_item_ids', 'None of the line items is configured to contain promoted accounts');
	}
	return lister(accounts, 'promoted_account_ids', publicView)(ctx);
}

// ---- Scheduled promoted posts -----------------------------------------------------------------

const scheduled = (env: AdsEnvState) => env.campaignState.scheduledPromotedTweets;
const findScheduled = finder(scheduled, 'scheduled_promoted_tweet_id', 'Scheduled promoted tweet');

function createScheduled(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const env = ctx.store.ads[ctx.env];
	const li = lineItemOf(params, env, account.account.id);
	const scheduledId = params.string('scheduled_tweet_id', { required: true, maxLength: 19 }) as string;
	if (!SNOWFLAKE.test(scheduledId)) throw invalidParameter('scheduled_tweet_id', `Expected a numeric scheduled post id, got "${scheduledId}" for scheduled_tweet_id`);
	params.echo.scheduled_tweet_id = Number(scheduledId);
	const tweet = env.campaignState.scheduledTweets.get(scheduledId);
	if (!tweet || tweet.accountId !== account.account.id) throw invalidParameter('scheduled_tweet_id', `Scheduled post ${scheduledId} does not exist in account ${account.account.id}`);
	const t = adsTime(ctx.now);
	const record: ScheduledPromotedTweetRecord = {
		accountId: account.account.id,
		id: newId(scheduled(env), 5),
		line_item_id: li.id,
		scheduled_tweet_id: scheduledId,
		tweet_id: tweet.tweetId,
		created_at: t,
		updated_at: t,
		deleted: false,
	};
	scheduled(env).set(record.id, record);
	return envelope(params, publicView(record));
}

/** "scheduled_promoted_tweets can only be deleted before the scheduled Tweet's scheduled_at time." */
function beforeScheduledAt(ctx: RequestContext, r: ScheduledPromotedTweetRecord): void {
	const tweet = ctx.store.ads[ctx.env].campaignState.scheduledTweets.get(r.scheduled_tweet_id);
	if (tweet && tweet.scheduledAtMs <= ctx.now) {
		throw invalidParameter('scheduled_promoted_tweet_id', `The scheduled post went out at ${adsTime(tweet.scheduledAtMs)}: its promotion can no longer be deleted`);
	}
}

// ---- Promotable users -------------------------------------------------------------------------

const promotable = (env: AdsEnvState) => env.campaignState.promotableUsers;
const findPromotable = finder(promotable, 'promotable_user_id', 'Promotable user');
const promotableView = (r: PromotableUserRecord) => publicView(r);

export function registerPromotedRoutes(router: Router): void {
	const base = '/12/accounts/:account_id';
	router.ads('GET', `${base}/promoted_tweets`, lister(tweets, 'promoted_tweet_ids', publicView));
	router.ads('POST', `${base}/promoted_tweets`, createPromotedTweets);
	router.ads('GET', `${base}/promoted_tweets/:promoted_tweet_id`, getter(findTweet, publicView));
	router.ads('DELETE', `${base}/promoted_tweets/:promoted_tweet_id`, deleter(findTweet, publicView));
	router.ads('GET', `${base}/promoted_accounts`, listPromotedAccounts);
	router.ads('POST', `${base}/promoted_accounts`, createPromotedAccount);
	router.ads('GET', `${base}/promoted_accounts/:promoted_account_id`, getter(findAccount, publicView));
	router.ads('DELETE', `${base}/promoted_accounts/:promoted_account_id`, deleter(findAccount, publicView));
	router.ads('GET', `${base}/scheduled_promoted_tweets`, lister(scheduled, 'scheduled_promoted_tweet_ids', publicView));
	router.ads('POST', `${base}/scheduled_promoted_tweets`, createScheduled);
	router.ads('GET', `${base}/scheduled_promoted_tweets/:scheduled_promoted_tweet_id`, getter(findScheduled, publicView));
	router.ads('DELETE', `${base}/scheduled_promoted_tweets/:scheduled_promoted_tweet_id`, deleter(findScheduled, publicView, beforeScheduledAt));
	router.ads('GET', `${base}/promotable_users`, lister(promotable, 'promotable_user_ids', promotableView));
	router.ads('GET', `${base}/promotable_users/:promotable_user_id`, getter(findPromotable, promotableView));
}
