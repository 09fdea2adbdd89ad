/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Analytics and web conversions (https://docs.x.com/x-ads-api/analytics,
 * https://docs.x.com/x-ads-api/measurement/web-conversions): the metric model, entities with
 * activity, asynchronous jobs and their gzip files, pixels and received conversions.
 *
 * Metrics are deterministic: every (entity, placement, segment, metric, member) has a value per
 * hour computed from a hash, zero in hours the entity was not active (a third of them) and in the
 * future; days (of the account's time zone) and totals are sums of hours. Tests compute the same
 * numbers with `metricSeries`, so every number that comes out of a node can be checked. Which
 * metrics each group has, their kinds (arrays of ints, JSON objects and their members), which
 * entities have which groups and which segmentations each metric allows are read from X's analytics
 * page, not from the nodes.
 */
import { gzipSync } from 'node:zlib';

import { xFacts, type MetricSpec } from '../../reference/facts';
import type { AdsEnvironment, Store } from '../store';
import { snowflake } from '../util';

export type { MetricSpec };

export const HOUR_MS = 3_600_000;

// ---- The metric model, from X's analytics page (recorded in test/reference/recordedFacts.json) ---

export interface AnalyticsModel {
	metrics: MetricSpec[];
	/** Segmentation types that need the country parameter. */
	countryRequired: string[];
}

/** "Available Metrics by Metrics Group" and "Segmentation" of X's analytics page (test/reference/deriveFacts.ts reads them). */
export function analyticsModel(): AnalyticsModel {
	return xFacts().analytics;
}

/** The metrics an entity type has in the given groups (X's "Metrics and Segmentation" table). */
export function metricsFor(entity: string, groups: string[]): MetricSpec[] {
	const { metrics } = analyticsModel();
	const allowed: Record<string, string[]> = { ACCOUNT: ['ENGAGEMENT'], FUNDING_INSTRUMENT: ['ENGAGEMENT', 'BILLING'] };
	return metrics.filter((m) => groups.includes(m.group) && (!allowed[entity] || (allowed[entity].includes(m.group) && (m.group !== 'ENGAGEMENT' || m.forAccount))));
}

// ---- Time zones (the account's `timezone`) ------------------------------------------------------

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string, ms: number): number[] {
	let f = zoneFormats.get(timeZone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
		zoneFormats.set(timeZone, f);
	}
	const p: Record<string, number> = {};
	for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
	return [p.year, p.month, p.day, p.hour, p.minute, p.second];
}

export function isZoneMidnight(timeZone: string, ms: number): boolean {
	const [, , , h, m, s] = wallClock(timeZone, ms);
	return h === 0 && m === 0 && s === 0;
}

/** The next midnight of the zone after ms (found hour by hour: zones change by whole or half hours at most twice a year). */
export function nextZoneMidnight(timeZone: string, ms: number): number {
	let t = Math.floor(ms / (HOUR_MS / 2)) * (HOUR_MS / 2) + HOUR_MS / 2;
	while (!isZoneMidnight(timeZone, t)) t += HOUR_MS / 2;
	return t;
}

/** Bucket boundaries: hours, days of the zone, or the window as one. */
export function bucketsOf(start: number, end: number, granularity: string, timeZone: string): Array<[number, number]> {
	if (granularity === 'TOTAL') return [[start, end]];
	const out: Array<[number, number]> = [];
	for (let t = start; t < end; ) {
		const next = granularity === 'HOUR' ? t + HOUR_MS : Math.min(nextZoneMidnight(timeZone, t), end);
		out.push([t, next]);
		t = next;
	}
	return out;
}

// ---- Deterministic values -------------------------------------------------------------------

function fnv(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
	return h >>> 0;
}

function mix(a: number): number {
	a = Math.imul(a ^ (a >>> 16), 0x7feb352d);
	a = Math.imul(a ^ (a >>> 15), 0x846ca68b);
	return (a ^ (a >>> 16)) >>> 0;
}

/** Placements an entity serves on (what active entities reports, and where its stats are). */
export function placementsOf(entityId: string): string[] {
	const h = fnv(`placements|${entityId}`);
	return ['ALL_ON_TWITTER', ...(h % 3 === 0 ? ['PUBLISHER_NETWORK'] : []), ...(h % 5 === 0 ? ['SPOTLIGHT'] : [])];
}

/** Whether the entity had activity in the hour starting at hourMs (never in hours not yet over at `now`). */
export function activeIn(entityId: string, hourMs: number, now: number): boolean {
	return activeWith(fnv(`active|${entityId}`), hourMs, now);
}

function activeWith(entitySeed: number, hourMs: number, now: number): boolean {
	if (hourMs + HOUR_MS > now) return false;
	return mix(entitySeed ^ Math.imul(hourMs / HOUR_MS, 0x9e3779b1)) % 3 !== 0;
}

function rangeOf(metric: string, member?: string): number {
	const name = member && member !== 'metric' ? member : metric;
	if (name.endsWith('_local_micro') || name === 'sale_amount') return 3_000_000;
	if (name === 'impressions') return 2000;
	if (name === 'order_quantity') return 5;
	if (name.startsWith('conversion_') || name.startsWith('mobile_conversion')) return 4;
	return 60;
}

/** One hour's value of a metric (member) of an entity in a placement and segment. */
export function hourValue(entityId: string, placement: string, segment: string, metric: string, member: string | undefined, hourMs: number, now: number): number {
	return metricSeries(entityId, placement, segment, metric, member, [[hourMs, hourMs + HOUR_MS]], now)?.[0] ?? 0;
}

/** The series X answers for one metric (member): one sum per bucket, or null when all are zero (X's "no data"). */
export function metricSeries(entityId: string, placement: string, segment: string, metric: string, member: string | undefined, buckets: Array<[number, number]>, now: number): number[] | null {
	const serves = placementsOf(entityId).includes(placement);
	const activity = fnv(`active|${entityId}`);
	const seed = fnv(`${entityId}|${placement}|${segment}|${metric}|${member ?? ''}`);
	const range = rangeOf(metric, member);
	let any = false;
	const series = buckets.map(([from, to]) => {
		let sum = 0;
		if (serves) for (let h = from; h < to; h += HOUR_MS) if (activeWith(activity, h, now)) sum += mix(seed ^ Math.imul(h / HOUR_MS, 0x85ebca6b)) % range;
		if (sum) any = true;
		return sum;
	});
	return any ? series : null;
}

/** The metrics object of one entity and segment as X answers it. */
export function metricsObject(entityId: string, entity: string, groups: string[], placement: string, segment: { type?: string; value: string }, buckets: Array<[number, number]>, now: number): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const m of metricsFor(entity, groups)) {
		const segmentable = !segment.type || m.segmentations === '*' || m.segmentations.includes(segment.type);
		if (!segmentable) {
			out[m.name] = null;
			continue;
		}
		if (!m.members) {
			out[m.name] = metricSeries(entityId, placement, segment.value, m.name, undefined, buckets, now);
			continue;
		}
		const members = m.members.map((member) => [member, metricSeries(entityId, placement, segment.value, m.name, member, buckets, now)] as const);
		out[m.name] = members.every(([, s]) => s === null) ? null : Object.fromEntries(members.map(([k, s]) => [k, s ?? buckets.map(() => 0)]));
	}
	return out;
}

/** Segments the emulator breaks metrics out by (its own data; METROS values are DMA codes, as X says). */
export function segmentsOf(type: string, pixelEvents: string[]): Array<{ segment_name: string; segment_value: string }> {
	const table: Record<string, Array<[string, string]>> = {
		AGE: [['18 to 24', 'AGE_18_TO_24'], ['25 to 34', 'AGE_25_TO_34'], ['35 to 54', 'AGE_35_TO_54'], ['55 and over', 'AGE_OVER_55']],
		GENDER: [['Female', 'FEMALE'], ['Male', 'MALE']],
		METROS: [['Seattle-Tacoma', '819'], ['New York', '501'], ['Los Angeles', '803']],
		PLATFORMS: [['iOS', '0'], ['Android', '1'], ['Desktop', '4']],
		CONVERSION_TAGS: pixelEvents.map((e) => [`Event ${e}`, e] as [string, string]),
	};
	return (table[type] ?? []).map(([segment_name, segment_value]) => ({ segment_name, segment_value }));
}

// ---- Entities, jobs, pixels --------------------------------------------------------------------

export interface StatsEntity {
	id: string;
	entity: string;
	/** Parents for the active entities filters. */
	campaignId?: string;
	lineItemId?: string;
	fundingInstrumentId?: string;
}

export type JobFault = 'FAILED' | 'NO_URL' | 'EXPIRED' | 'GONE' | 'SAME_ID';

export interface StatsJob {
	idStr: string;
	accountId: string;
	env: AdsEnvironment;
	params: {
		entity: string;
		entity_ids: string[];
		start_time: string;
		end_time: string;
		granularity: string;
		placement: string;
		metric_groups: string[];
		segmentation_type: string | null;
		country: string | null;
	};
	createdAt: number;
	queuedMs: number;
	processingMs: number;
	fault?: JobFault;
	/** Status checks that saw SUCCESS without a URL (NO_URL: the first two). */
	noUrlChecks: number;
	/** GONE: the file answered 404 once. */
	goneServed: boolean;
	file?: Buffer;
	timeZone: string;
}

export interface PixelRecord {
	id: string;
	accountId: string;
	events: string[];
}

export interface StatsState {
	entities: Map<string, StatsEntity[]>;
	jobs: Map<string, StatsJob>;
	timing: { queuedMs: number; processingMs: number; expiresMs: number };
	concurrentLimit: number;
	/** Slots held by jobs of another client (another workflow, X's UI, a connector), per account: freed at `untilMs` or after `refusals` creations refused. */
	otherClients: Map<string, { slots: number; untilMs?: number; refusals?: number }>;
	faults: JobFault[];
	/** Most jobs of one account processing at once (queued or processing), over the run. */
	peakProcessing: number;
	fileRequests: Array<{ path: string; authorization: boolean; userAgent?: string; status: number }>;
	pixels: Map<string, PixelRecord>;
	/** Conversions received per pixel, in order. */
	conversions: Map<string, Array<Record<string, unknown>>>;
	/** Events received per account with their time, for X's 60,000 per 15 minutes. */
	conversionEvents: Map<string, Array<{ at: number; count: number }>>;
	conversionLimit: { events: number; windowMs: number };
	/** Where job URLs point (a file host of a test, such as a hostile one); X's own /ton/ on this server when unset. */
	fileHost?: string;
}

const states = new WeakMap<Store, StatsState>();

/** Short ids derived from the account, so fixtures are the same after reset(). */
function derivedId(accountId: string, what: string, length = 6): string {
	return (String(1 + (fnv(`${accountId}|${what}`) % 9)) + mix(fnv(`${what}|${accountId}`)).toString(36) + mix(fnv(what)).toString(36)).slice(0, length);
}

export interface StatsFixtures {
	accountId: string;
	timeZone: string;
	fundingInstrumentIds: string[];
	promotedTweetIds: string[];
	pixelId: string;
	/** Events of the pixel: purchase, sign up, add to cart. */
	eventIds: string[];
}

/** Entities, pixel and events of users[0]'s first account of the environment. */
export function statsFixtures(store: Store, env: AdsEnvironment, accountId: string): StatsFixtures {
	return {
		accountId,
		timeZone: store.ads[env].accounts.get(accountId)?.account.timezone ?? 'America/Los_Angeles',
		fundingInstrumentIds: [derivedId(accountId, 'fi-1')],
		promotedTweetIds: [derivedId(accountId, 'pt-1'), derivedId(accountId, 'pt-2')],
		pixelId: derivedId(accountId, 'pixel', 5),
		eventIds: ['purchase', 'signup', 'cart'].map((e) => derivedId(accountId, `event-${e}`, 5)),
	};
}

export function statsState(store: Store): StatsState {
	let state = states.get(store);
	if (state) return state;
	state = {
		entities: new Map(),
		jobs: new Map(),
		timing: { queuedMs: 0, processingMs: 0, expiresMs: 2 * 24 * HOUR_MS },
		concurrentLimit: 100,
		otherClients: new Map(),
		faults: [],
		peakProcessing: 0,
		fileRequests: [],
		pixels: new Map(),
		conversions: new Map(),
		conversionEvents: new Map(),
		conversionLimit: { events: 60_000, windowMs: 15 * 60_000 },
	};
	states.set(store, state);
	// Every account's campaigns and line items of the store, and for users[0]'s accounts a funding
	// instrument, promoted posts and a pixel with three events.
	for (const env of ['production', 'sandbox'] as const) {
		for (const campaign of store.ads[env].campaigns.values()) addEntity(state, env, campaign.accountId, { id: campaign.id, entity: 'CAMPAIGN' });
		for (const li of store.ads[env].lineItems.values()) addEntity(state, env, li.accountId, { id: li.id, entity: 'LINE_ITEM', campaignId: li.campaign_id });
		for (const record of store.ads[env].byUser.get(store.users[0].userId) ?? []) {
			const fx = statsFixtures(store, env, record.account.id);
			for (const id of fx.fundingInstrumentIds) addEntity(state, env, fx.accountId, { id, entity: 'FUNDING_INSTRUMENT' });
			const firstLineItem = [...store.ads[env].lineItems.values()].find((li) => li.accountId === fx.accountId);
			for (const id of fx.promotedTweetIds) addEntity(state, env, fx.accountId, { id, entity: 'PROMOTED_TWEET', lineItemId: firstLineItem?.id, campaignId: firstLineItem?.campaign_id });
			state.pixels.set(`${env}:${fx.pixelId}`, { id: fx.pixelId, accountId: fx.accountId, events: fx.eventIds });
		}
	}
	return state;
}

export function addEntity(state: StatsState, env: AdsEnvironment, accountId: string, entity: StatsEntity): void {
	const key = `${env}:${accountId}`;
	let list = state.entities.get(key);
	if (!list) state.entities.set(key, (list = []));
	if (!list.some((e) => e.id === entity.id && e.entity === entity.entity)) list.push(entity);
}

export function entitiesOf(state: StatsState, env: AdsEnvironment, accountId: string): StatsEntity[] {
	return state.entities.get(`${env}:${accountId}`) ?? [];
}

/** Seeds `count` more entities of a type (benchmarks: 1,000 line items); returns their ids. */
export function seedStatsEntities(store: Store, accountId: string, entity: string, count: number, env: AdsEnvironment = 'production'): string[] {
	const state = statsState(store);
	const existing = entitiesOf(state, env, accountId).length;
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const id = `s${(existing + i).toString(36)}${derivedId(accountId, `${entity}-${existing + i}`, 4)}`;
		addEntity(state, env, accountId, { id, entity });
		ids.push(id);
	}
	return ids;
}

// ---- Jobs -------------------------------------------------------------------------------------

export function jobStatus(job: StatsJob, now: number): 'QUEUED' | 'PROCESSING' | 'SUCCESS' | 'FAILED' {
	if (now < job.createdAt + job.queuedMs) return 'QUEUED';
	if (now < job.createdAt + job.queuedMs + job.processingMs) return 'PROCESSING';
	return job.fault === 'FAILED' ? 'FAILED' : 'SUCCESS';
}

export const finishedAt = (job: StatsJob) => job.createdAt + job.queuedMs + job.processingMs;

/** When the job's file stops being served: two days after it finished (X's example), or at once (EXPIRED). */
export function expiresAt(state: StatsState, job: StatsJob): number {
	return finishedAt(job) + (job.fault === 'EXPIRED' ? 0 : state.timing.expiresMs);
}

export function processingCount(state: StatsState, env: AdsEnvironment, accountId: string, now: number): number {
	let n = otherClientSlots(state, accountId, now);
	for (const job of state.jobs.values()) if (job.env === env && job.accountId === accountId && ['QUEUED', 'PROCESSING'].includes(jobStatus(job, now))) n++;
	return n;
}

/** X counts concurrent jobs per account, whoever created them: the slots another client still holds. */
export function otherClientSlots(state: StatsState, accountId: string, now: number): number {
	const hold = state.otherClients.get(accountId);
	if (!hold) return 0;
	if ((hold.untilMs !== undefined && now >= hold.untilMs) || hold.refusals === 0) {
		state.otherClients.delete(accountId);
		return 0;
	}
	return hold.slots;
}

export function jobFileName(job: StatsJob): string {
	return `stats_job_${job.idStr}.json.gz`;
}

export function newJob(state: StatsState, fields: Omit<StatsJob, 'idStr' | 'queuedMs' | 'processingMs' | 'noUrlChecks' | 'goneServed' | 'fault'>): StatsJob {
	let idStr = snowflake();
	while (state.jobs.has(idStr)) idStr = snowflake();
	const job: StatsJob = { ...fields, idStr, queuedMs: state.timing.queuedMs, processingMs: state.timing.processingMs, noUrlChecks: 0, goneServed: false, fault: state.faults[0] === 'SAME_ID' ? undefined : state.faults.shift() };
	state.jobs.set(idStr, job);
	return job;
}

/** The job's file: X's stats answer for the job's parameters, gzip-compressed (built once). */
export function jobFile(job: StatsJob, pixelEvents: string[]): Buffer {
	if (job.file) return job.file;
	const p = job.params;
	const start = Date.parse(p.start_time);
	const end = Date.parse(p.end_time);
	const buckets = bucketsOf(start, end, p.granularity, job.timeZone);
	const segments = p.segmentation_type ? segmentsOf(p.segmentation_type, pixelEvents) : [null];
	const data = p.entity_ids.map((id) => ({
		id,
		id_data: segments.map((segment) => ({
			segment,
			metrics: metricsObject(id, p.entity, p.metric_groups, p.placement, segment ? { type: p.segmentation_type!, value: segment.segment_value } : { value: '' }, buckets, finishedAt(job)),
		})),
	}));
	const answer = { data_type: 'stats', time_series_length: buckets.length, data, request: { params: { ...p, platform: null } } };
	job.file = gzipSync(Buffer.from(JSON.stringify(answer)));
	return job.file;
}
