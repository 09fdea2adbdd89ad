/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Scheduled feeds (https://docs.x.com/x-ads-api/catalog-management/reference#scheduled-feeds): list,
 * create, update and delete, every parameter in the query string as X's reference lists them.
 */
import { adsError, AdsParams, envelope, invalidParameter, missingParameter, notFound } from '../ads';
import { ok, type RequestContext } from '../http';
import type { Router } from '../router';
import { FEED_FORMATS, FEED_FREQUENCIES, FEED_REPEATS, feedsOf, type ScheduledFeed } from '../state/scheduledFeeds';
import { adsTime, nextUpdatedAt, snowflake } from '../util';
import { ownedCatalog } from './productCatalogs';

const FIELDS = ['feed_url', 'feed_format', 'frequency', 'repeat', 'start_time', 'time_zone'] as const;
type FeedInput = Partial<Pick<ScheduledFeed, (typeof FIELDS)[number]>>;

function readFeed(params: AdsParams): FeedInput {
	const out: FeedInput = {};
	const url = params.string('feed_url');
	if (url !== undefined) {
		let parsed: URL | undefined;
		try {
			parsed = new URL(url);
		} catch {
			parsed = undefined;
		}
		if (!parsed || !/^https?:$/.test(parsed.protocol)) throw invalidParameter('feed_url', `Expected a URL of the product file for feed_url, got "${url}"`);
		out.feed_url = url;
	}
	for (const [name, values] of [['feed_format', FEED_FORMATS], ['frequency', FEED_FREQUENCIES]] as const) {
		const v = params.string(name);
		if (v === undefined) continue;
		if (!values.includes(v)) throw invalidParameter(name, `Expected one of ${values.join(', ')} for ${name}, got "${v}"`);
		out[name] = v;
	}
	const repeat = params.string('repeat');
	if (repeat !== undefined) {
		out.repeat = repeat;
	}
	const start = params.string('start_time');
	if (start !== undefined) {
		if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(start)) throw invalidParameter('start_time', `Expected a time as HH:MM for start_time, got "${start}"`);
		out.start_time = start;
	}
	const zone = params.string('time_zone');
	if (zone !== undefined) {
		if (!/^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/.test(zone) || !validZone(zone)) throw invalidParameter('time_zone', `Expected an IANA time zone for time_zone, got "${zone}"`);
		out.time_zone = zone;
	}
	return out;
}

function validZone(zone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

/** WEEKLY and HOURLY need their repeat; DAILY takes none. */
function checkRepeat(feed: Pick<ScheduledFeed, 'frequency' | 'repeat'>): void {
	const allowed = FEED_REPEATS[feed.frequency];
	if (!allowed) {
		if (feed.repeat !== null) throw invalidParameter('repeat', `repeat is not allowed with frequency ${feed.frequency}`);
		return;
	}
	if (feed.repeat === null) throw missingParameter('repeat');
	if (!allowed.includes(feed.repeat)) throw invalidParameter('repeat', `Expected one of ${allowed.join(', ')} for repeat with frequency ${feed.frequency}, got "${feed.repeat}"`);
}

function findFeed(ctx: RequestContext, feeds: Map<string, ScheduledFeed>): ScheduledFeed {
	const id = ctx.pathParams.scheduled_feed_id;
	const feed = feeds.get(id);
	if (!feed) throw notFound(`Scheduled feed ${id} not found`);
	return feed;
}

function listFeeds(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	return ok({ request: { params: params.echo }, next_cursor: null, data: [...feedsOf(catalog).values()].map((f) => ({ ...f })) });
}

function createFeed(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	for (const name of ['feed_url', 'feed_format', 'frequency', 'start_time', 'time_zone']) if (!params.has(name)) throw missingParameter(name);
	const input = readFeed(params);
	const feeds = feedsOf(catalog);
	// "Only one product feed is supported per user" (and a user has one catalog).
	if (feeds.size > 0) throw adsError(400, 'INVALID_PARAMETER', `Product catalog ${catalog.id} already has a scheduled feed; update or delete it instead`);
	const t = adsTime(ctx.now);
	const feed: ScheduledFeed = {
		start_time: input.start_time!,
		product_catalog_id: catalog.id,
		feed_url: input.feed_url!,
		feed_format: input.feed_format!,
		id: snowflake(),
		created_at: t,
		frequency: input.frequency!,
		repeat: input.repeat ?? null,
		updated_at: t,
		time_zone: input.time_zone!,
	};
	checkRepeat(feed);
	feeds.set(feed.id, feed);
	return envelope(params, { ...feed });
}

function updateFeed(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	const feed = findFeed(ctx, feedsOf(catalog));
	const input = readFeed(params);
	const next = { ...feed, ...input };
	// Leaving DAILY drops nothing X would keep: a repeat given for DAILY is refused below.
	if (input.frequency === 'DAILY' && input.repeat === undefined) next.repeat = null;
	checkRepeat(next);
	if (Object.keys(input).length > 0) next.updated_at = nextUpdatedAt(feed.updated_at, ctx.now);
	Object.assign(feed, next);
	return envelope(params, { ...feed });
}

function deleteFeed(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	const feeds = feedsOf(catalog);
	const feed = findFeed(ctx, feeds);
	feeds.delete(feed.id);
	return envelope(params, { ...feed });
}

export function registerScheduledFeedRoutes(router: Router): void {
	const feeds = '/12/product_catalogs/:product_catalog_id/scheduled_feeds';
	router.ads('GET', feeds, listFeeds);
	router.ads('POST', feeds, createFeed);
	router.ads('PUT', `${feeds}/:scheduled_feed_id`, updateFeed);
	router.ads('DELETE', `${feeds}/:scheduled_feed_id`, deleteFeed);
}
