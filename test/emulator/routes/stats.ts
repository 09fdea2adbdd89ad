/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Analytics (https://docs.x.com/x-ads-api/analytics): synchronous stats, asynchronous jobs (their
 * gzip files served unsigned under /ton/, as X's file host does), active entities and reach.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { AdsParams, adsError, invalidParameter, missingParameter, requireAccount } from '../ads';
import { refValues } from '../conformance';
import { HttpError, ok, type EmulatorResponse, type RequestContext } from '../http';
import type { Router } from '../router';
import type { AccountRecord, Store } from '../store';
import { adsTime, sleep } from '../util';
import {
	activeIn,
	analyticsModel,
	bucketsOf,
	entitiesOf,
	expiresAt,
	finishedAt,
	HOUR_MS,
	isZoneMidnight,
	jobFile,
	jobFileName,
	jobStatus,
	metricSeries,
	metricsObject,
	newJob,
	placementsOf,
	processingCount,
	statsState,
	type StatsJob,
	type StatsState,
} from '../state/stats';

const STATS = 'GET 12/stats/accounts/:account_id';
const JOBS = 'POST 12/stats/jobs/accounts/:account_id';
const ACTIVE = 'GET 12/stats/accounts/:account_id/active_entities';
const ENTITIES = refValues(STATS, 'entity');
const GRANULARITIES = refValues(STATS, 'granularity');
const METRIC_GROUPS = refValues(STATS, 'metric_groups');
const PLACEMENTS = refValues(STATS, 'placement');
const SEGMENTATION_TYPES = refValues(JOBS, 'segmentation_type');
const ACTIVE_ENTITIES = refValues(ACTIVE, 'entity');

const DAY_MS = 24 * HOUR_MS;
/** X's limits (analytics page): 20 entity IDs; windows of 7 days (synchronous), 90 days (jobs; 45 segmented; active entities); 200 job IDs per status request. */
const MAX_ENTITY_IDS = 20;

interface StatsQuery {
	entity: string;
	ids: string[];
	start: number;
	end: number;
	granularity: string;
	groups: string[];
	placement: string;
}

/** The parameters stats and jobs share, checked as X states them. */
function statsQuery(params: AdsParams, account: AccountRecord, maxWindowMs: number, segmented = false): StatsQuery {
	const entity = params.enum('entity', ENTITIES, { required: true })!;
	const ids = params.idList('entity_ids', MAX_ENTITY_IDS);
	if (!ids) throw missingParameter('entity_ids');
	const start = params.time('start_time', { required: true, wholeHour: true })!;
	const end = params.time('end_time', { required: true, wholeHour: true })!;
	if (start >= end) throw invalidParameter('end_time', 'end_time must be after start_time');
	if (end - start > maxWindowMs) {
		throw adsError(400, 'INVALID_PARAMETER', `The time range (end_time - start_time) may be at most ${maxWindowMs / DAY_MS} days${segmented ? ' for segmented jobs' : ''}`, 'end_time');
	}
	const granularity = params.enum('granularity', GRANULARITIES, { required: true })!;
	const zone = account.account.timezone;
	if (granularity === 'DAY') {
		for (const [name, ms] of [['start_time', start], ['end_time', end]] as const) {
			if (!isZoneMidnight(zone, ms)) throw invalidParameter(name, `With DAY granularity, ${name} must be midnight in the account's time zone (${zone})`);
		}
	}
	const groups = params.keyList('metric_groups', METRIC_GROUPS, { required: true })!;
	if (groups.includes('MOBILE_CONVERSION') && groups.length > 1) throw invalidParameter('metric_groups', 'MOBILE_CONVERSION data must be requested separately');
	const placement = params.enum('placement', PLACEMENTS, { required: true })!;
	if (entity === 'ACCOUNT' && ids.some((id) => id !== account.account.id)) throw invalidParameter('entity_ids', 'With entity ACCOUNT, entity_ids is the account itself');
	return { entity, ids, start, end, granularity, groups, placement };
}

function getStats(ctx: RequestContext): EmulatorResponse {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const q = statsQuery(params, account, 7 * DAY_MS);
	const buckets = bucketsOf(q.start, q.end, q.granularity, account.account.timezone);
	const data = q.ids.map((id) => ({ id, id_data: [{ segment: null, metrics: metricsObject(id, q.entity, q.groups, q.placement, { value: '' }, buckets, ctx.now) }] }));
	return ok({ data_type: 'stats', time_series_length: buckets.length, data, request: { params: { ...params.echo, segmentation_type: null, country: null, platform: null } } });
}

// ---- Jobs ---------------------------------------------------------------------------------------

function jobHeaders(state: StatsState, ctx: RequestContext, accountId: string): Record<string, string> {
	const remaining = Math.max(0, state.concurrentLimit - processingCount(state, ctx.env, accountId, ctx.now));
	return { 'x-concurrent-job-limit': String(state.concurrentLimit), 'x-concurrent-job-limit-remaining': String(remaining) };
}

/** The job as X shows it; `id` is the 64-bit number X prints (the JSON text keeps its digits). */
function renderJob(state: StatsState, job: StatsJob, ctx: RequestContext, countCheck: boolean): Record<string, unknown> {
	const status = jobStatus(job, ctx.now);
	let url: string | null = null;
	if (status === 'SUCCESS') {
		const withheld = job.fault === 'NO_URL' && job.noUrlChecks < 2;
		if (withheld && countCheck) job.noUrlChecks++;
		if (!withheld) url = `${state.fileHost ?? `http://${String(ctx.headers.host)}`}/ton/advertiser-api-async-analytics/${jobFileName(job)}`;
	}
	const done = status === 'SUCCESS' || status === 'FAILED';
	return {
		start_time: job.params.start_time,
		segmentation_type: job.params.segmentation_type,
		url,
		id_str: job.idStr,
		entity_ids: job.params.entity_ids,
		end_time: job.params.end_time,
		country: job.params.country,
		placement: job.params.placement,
		id: `@@${job.idStr}@@`,
		expires_at: status === 'SUCCESS' ? adsTime(expiresAt(state, job)) : null,
		account_id: job.accountId,
		status,
		granularity: job.params.granularity,
		entity: job.params.entity,
		created_at: adsTime(job.createdAt),
		platform: null,
		updated_at: adsTime(done ? finishedAt(job) : job.createdAt),
		metric_groups: job.params.metric_groups,
	};
}

/** JSON with the job ids as bare 64-bit numbers, as X prints them. */
function rawJson(body: unknown, headers: Record<string, string>): EmulatorResponse {
	return { status: 200, rawBody: JSON.stringify(body).replace(/"@@(\d+)@@"/g, '$1'), headers };
}

function createJob(ctx: RequestContext): EmulatorResponse {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const segmentation = params.enum('segmentation_type', SEGMENTATION_TYPES);
	const q = statsQuery(params, account, (segmentation ? 45 : 90) * DAY_MS, !!segmentation);
	const country = params.string('country', { maxLength: 32 });
	if (segmentation && analyticsModel().countryRequired.includes(segmentation) && !country) throw missingParameter('country');
	if (segmentation === 'CONVERSION_TAGS' && q.groups.some((g) => g !== 'WEB_CONVERSION')) {
		throw invalidParameter('segmentation_type', 'CONVERSION_TAGS segmentation is only compatible with the WEB_CONVERSION metric group');
	}
	const state = statsState(ctx.store);
	const accountId = account.account.id;
	if (processingCount(state, ctx.env, accountId, ctx.now) >= state.concurrentLimit) {
		const headers = jobHeaders(state, ctx, accountId);
		// Another client's hold that ends after a number of refusals counts this one.
		const hold = state.otherClients.get(accountId);
		if (hold?.refusals !== undefined) hold.refusals--;
		throw new HttpError(400, { errors: [{ code: 'TOO_MANY_JOBS', message: `The account has ${state.concurrentLimit} jobs processing, the most it may have at once` }], request: { params: params.echo } }, headers);
	}
	// SAME_ID: the first creation after a job of the account is answered with that job (none is created).
	const previous = state.faults[0] === 'SAME_ID' ? [...state.jobs.values()].filter((j) => j.env === ctx.env && j.accountId === accountId).pop() : undefined;
	if (previous) {
		state.faults.shift();
		return rawJson({ request: { params: params.echo }, data: renderJob(state, previous, ctx, false) }, jobHeaders(state, ctx, accountId));
	}
	const job = newJob(state, {
		accountId,
		env: ctx.env,
		params: {
			entity: q.entity,
			entity_ids: q.ids,
			start_time: adsTime(q.start),
			end_time: adsTime(q.end),
			granularity: q.granularity,
			placement: q.placement,
			metric_groups: q.groups,
			segmentation_type: segmentation ?? null,
			country: country ?? null,
		},
		createdAt: ctx.now,
		timeZone: account.account.timezone,
	});
	state.peakProcessing = Math.max(state.peakProcessing, processingCount(state, ctx.env, accountId, ctx.now));
	// Right after creation X shows the job PROCESSING, without URL or expiry.
	const rendered = { ...renderJob(state, job, { ...ctx, now: Math.min(ctx.now, job.createdAt) }, false), status: 'PROCESSING', url: null, expires_at: null };
	return rawJson({ request: { params: params.echo }, data: rendered }, jobHeaders(state, ctx, accountId));
}

function listJobs(ctx: RequestContext): EmulatorResponse {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const state = statsState(ctx.store);
	const raw = params.raw('job_ids');
	let jobs: StatsJob[];
	if (raw !== undefined) {
		const ids = raw.split(',').map((s) => s.trim());
		if (ids.length > 200 || ids.some((id) => !/^\d{1,20}$/.test(id))) throw invalidParameter('job_ids', `Expected a comma-separated list of 1 to 200 job ids, got "${raw}" for job_ids`);
		params.echo.job_ids = ids.map((id) => `@@${id}@@`);
		jobs = ids.map((id) => state.jobs.get(id)).filter((j): j is StatsJob => !!j && j.env === ctx.env && j.accountId === account.account.id);
	} else {
		jobs = [...state.jobs.values()].filter((j) => j.env === ctx.env && j.accountId === account.account.id).reverse().slice(0, 200);
	}
	const data = jobs.map((job) => renderJob(state, job, ctx, true));
	return rawJson({ request: { params: params.echo }, next_cursor: null, data }, jobHeaders(state, ctx, account.account.id));
}

/**
 * A job's file, as X's file host serves it: gzip bytes, no credentials needed (a request that
 * brings any is logged so tests can tell), 404 once the file expired.
 */
function statsFile(store: Store, path: string, authorization: boolean, userAgent: string | undefined, now: number): { status: number; body: Buffer | string; contentType: string } {
	const state = statsState(store);
	const name = /^\/ton\/advertiser-api-async-analytics\/stats_job_(\d+)\.json\.gz$/.exec(path);
	const job = name ? state.jobs.get(name[1]) : undefined;
	let status = 200;
	if (!job || jobStatus(job, now) !== 'SUCCESS' || now >= expiresAt(state, job)) status = 404;
	else if (job.fault === 'GONE' && !job.goneServed) {
		job.goneServed = true;
		status = 404;
	}
	state.fileRequests.push({ path, authorization, userAgent, status });
	if (status !== 200) return { status, body: '<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>', contentType: 'application/xml' };
	const pixels = [...state.pixels.values()].filter((p) => p.accountId === job!.accountId).flatMap((p) => p.events);
	return { status: 200, body: jobFile(job!, pixels), contentType: 'application/gzip' };
}

/** Answers a request under /ton/ (X's file host) itself; false for any other path. */
export function handleFileRequest(store: Store, rawPath: string, req: IncomingMessage, res: ServerResponse, latencyMs: number): boolean {
	if (!rawPath.startsWith('/ton/')) return false;
	const file = statsFile(store, rawPath, req.headers.authorization !== undefined, req.headers['user-agent'], Date.now() + store.clockOffsetMs);
	void sleep(latencyMs).then(() => {
		res.writeHead(file.status, { 'content-type': file.contentType, 'content-length': Buffer.byteLength(file.body) });
		res.end(file.body);
	});
	return true;
}

// ---- Active entities and reach ------------------------------------------------------------------

function activeEntities(ctx: RequestContext): EmulatorResponse {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const entity = params.enum('entity', ACTIVE_ENTITIES, { required: true })!;
	const start = params.time('start_time', { required: true, wholeHour: true })!;
	const end = params.time('end_time', { required: true, wholeHour: true })!;
	if (start >= end) throw invalidParameter('end_time', 'end_time must be after start_time');
	if (end - start > 90 * DAY_MS) throw invalidParameter('end_time', 'The time range (end_time - start_time) may be at most 90 days');
	const filters = (['campaign_ids', 'funding_instrument_ids', 'line_item_ids'] as const).filter((f) => params.has(f));
	if (filters.length > 1) throw adsError(400, 'INVALID_PARAMETER', `${filters.join(' and ')} exclude each other`, filters[1]);
	const filter = filters[0] ? params.idList(filters[0], 200)! : undefined;
	const parent = { campaign_ids: 'campaignId', funding_instrument_ids: 'fundingInstrumentId', line_item_ids: 'lineItemId' } as const;
	const state = statsState(ctx.store);
	const data: unknown[] = [];
	for (const e of entitiesOf(state, ctx.env, account.account.id)) {
		if (e.entity !== entity) continue;
		if (filter && !filter.includes(String(e[parent[filters[0]!]] ?? (filters[0] === 'campaign_ids' && e.entity === 'CAMPAIGN' ? e.id : '')))) continue;
		let first: number | undefined;
		let last: number | undefined;
		for (let h = start; h < end; h += HOUR_MS) {
			if (!activeIn(e.id, h, ctx.now)) continue;
			first ??= h;
			last = h;
		}
		if (first === undefined || last === undefined) continue;
		// Change events apply to times within the active hours (minutes and seconds from the entity's hash).
		const offset = (n: number) => ((e.id.charCodeAt(0) * 7919 + n * 104729) % 3600) * 1000;
		data.push({ entity_id: e.id, activity_start_time: adsTime(first + offset(1)), activity_end_time: adsTime(last + offset(2)), placements: placementsOf(e.id) });
	}
	return ok({ request: { params: params.echo }, data });
}

function reach(idsName: string) {
	return (ctx: RequestContext): EmulatorResponse => {
		const params = new AdsParams(ctx);
		requireAccount(ctx);
		const ids = params.idList(idsName, MAX_ENTITY_IDS);
		if (!ids) throw missingParameter(idsName);
		const start = params.time('start_time', { required: true, wholeHour: true })!;
		const end = params.time('end_time', { required: true, wholeHour: true })!;
		if (start >= end) throw invalidParameter('end_time', 'end_time must be after start_time');
		const data = ids.map((id) => {
			const impressions = metricSeries(id, 'ALL_ON_TWITTER', '', 'impressions', undefined, [[start, end]], ctx.now)?.[0] ?? 0;
			// Every person saw it 1.00 to 1.99 times on average (from the entity's hash).
			const frequency = 1 + (id.split('').reduce((n, c) => n + c.charCodeAt(0), 0) % 100) / 100;
			return { id, total_audience_reach: Math.floor(impressions / frequency), average_frequency: impressions ? frequency : 0 };
		});
		return ok({ request: { params: { ...params.echo, account_id: ctx.pathParams.account_id } }, data_type: 'reach', data });
	};
}

export function registerStatsRoutes(router: Router): void {
	router.ads('GET', '/12/stats/accounts/:account_id', getStats);
	router.ads('GET', '/12/stats/accounts/:account_id/active_entities', activeEntities);
	router.ads('GET', '/12/stats/accounts/:account_id/reach/campaigns', reach('campaign_ids'));
	router.ads('GET', '/12/stats/accounts/:account_id/reach/funding_instruments', reach('funding_instrument_ids'));
	router.ads('POST', '/12/stats/jobs/accounts/:account_id', createJob);
	router.ads('GET', '/12/stats/jobs/accounts/:account_id', listJobs);
}
