/**
 * Keyword insights (https://docs.x.com/x-ads-api/audiences/reference): post volume of OR-combined keywords per DAY or HOUR bucket over a
 * window of at most 7 days, and 30 related keywords. Volumes are deterministic per keyword and bucket.
 */
import { createHash } from 'node:crypto';
import { AdsParams, envelope, invalidParameter, missingParameter } from '../ads';
import type { RequestContext } from '../http';
import type { Router } from '../router';
import { adsTime } from '../util';

const MAX_KEYWORDS = 10;
const MAX_WINDOW_MS = 7 * 24 * 3_600_000;
const BUCKET_MS = { DAY: 24 * 3_600_000, HOUR: 3_600_000 } as const;
const RELATED_SUFFIXES = [
	'sale', 'online', 'near me', 'deals', 'review', 'price', 'best', 'cheap', 'new', 'shop',
	'store', 'brand', 'discount', 'outlet', 'buy', 'gift', 'men', 'women', 'kids', 'size',
	'black', 'white', 'red', 'blue', 'sport', 'style', 'summer', 'winter', 'trend', 'top',
];

function keywordList(params: AdsParams, name: string, required: boolean): string[] | undefined {
	const raw = params.raw(name);
	if (raw === undefined) {
		if (required) throw missingParameter(name);
		return undefined;
	}
	const list = raw.split(',').map((k) => k.trim());
	if (list.some((k) => k === '')) throw invalidParameter(name, `Expected a comma-separated list of keywords, got "${raw}" for ${name}`);
	params.echo[name] = raw;
	return list;
}

function volume(keyword: string, bucket: number, granularity: string): number {
	const digest = createHash('sha256').update(`${keyword}|${granularity}|${bucket}`).digest();
	return digest.readUInt32BE(0) % (granularity === 'DAY' ? 50_000 : 2_500);
}

function searchKeywords(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const granularity = params.enum('granularity', ['DAY', 'HOUR'] as const, { required: true })!;
	const keywords = keywordList(params, 'keywords', true)!;
	const negative = keywordList(params, 'negative_keywords', false) ?? [];
	if (keywords.length + negative.length > MAX_KEYWORDS) {
		throw invalidParameter('keywords', `At most ${MAX_KEYWORDS} keywords and negative keywords together, got ${keywords.length + negative.length}`);
	}
	const start = params.time('start_time', { required: true })!;
	const end = params.time('end_time') ?? ctx.now;
	if (params.echo.end_time === undefined) params.echo.end_time = adsTime(end);
	if (end <= start) throw invalidParameter('end_time', 'end_time must be after start_time');
	if (end - start > MAX_WINDOW_MS) throw invalidParameter('end_time', 'The window from start_time to end_time must be at most 7 days');
	const location = params.string('location', { maxLength: 64 });

	const bucketMs = BUCKET_MS[granularity];
	const buckets = Math.ceil((end - start) / bucketMs);
	const excluded = new Set(negative.map((k) => k.toLowerCase()));
	const counted = keywords.filter((k) => !excluded.has(k.toLowerCase()));
	const tweetVolume = Array.from({ length: buckets }, (_, b) => {
		const total = counted.reduce((sum, k) => sum + volume(`${k.toLowerCase()}|${location ?? ''}`, Math.floor(start / bucketMs) + b, granularity), 0);
		return total;
	});
	const inputs = new Set(keywords.map((k) => k.toLowerCase()));
	const related: string[] = [];
	for (let i = 0; related.length < 30; i++) {
		const candidate = `${keywords[i % keywords.length].toLowerCase()} ${RELATED_SUFFIXES[i % RELATED_SUFFIXES.length]}${i >= RELATED_SUFFIXES.length ? ` ${Math.floor(i / RELATED_SUFFIXES.length)}` : ''}`;
		if (!inputs.has(candidate) && !related.includes(candidate)) related.push(candidate);
	}
	return envelope(params, { related_keywords: related, tweet_volume: tweetVolume });
}

export function registerKeywordInsightRoutes(router: Router): void {
	router.ads('GET', '/12/insights/keywords/search', searchKeywords);
}
