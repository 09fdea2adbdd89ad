/**
 * Analytics data (https://docs.x.com/x-ads-api/analytics): X's limits on one request, splitting a
 * request beyond them into as few requests as they allow, merging the answers back in order, and
 * turning X's nested answer into rows (one per entity, segment and time bucket, metrics as columns).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { RetryPolicy } from '../../../shared/transport/transport';
import { adsRequest } from '../../../shared/transport/transport';
import { isLocalMidnight, isTimeZone, localDate, localMidnight, nextLocalMidnight } from '../../../shared/values/timeZones';
import { inputError, shown } from '../../../shared/engine/validation';
import { runNode } from '../../../shared/engine/prepare';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** X's limits (https://docs.x.com/x-ads-api/analytics, "Synchronous vs. Asynchronous" and the endpoints' parameters). */
export const ANALYTICS_LIMITS = {
	/** Entity IDs per stats request or job, campaign or funding instrument IDs per reach request. */
	entityIds: 20,
	/** Longest window of the synchronous endpoint. */
	statsWindowMs: 7 * DAY_MS,
	/** Longest window of a job: 90 days, 45 when segmented. */
	jobWindowMs: 90 * DAY_MS,
	segmentedJobWindowMs: 45 * DAY_MS,
	/** Longest window of active entities. */
	activeEntitiesWindowMs: 90 * DAY_MS,
	/** Jobs one status request may name. */
	jobsPerPoll: 200,
	/** Jobs an account may have processing at once. */
	concurrentJobs: 100,
};

export type Granularity = 'DAY' | 'HOUR' | 'TOTAL';

export interface Window {
	start: number;
	end: number;
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

export function chunk<T>(list: T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
	return out;
}

/**
 * The window cut into as few pieces as X allows, in order. DAY pieces end on local midnights (X
 * wants both ends of a DAY request there) and hold as many whole days as fit in maxMs (a day of
 * a daylight-saving change has 23 or 25 hours).
 */
export function splitWindow(window: Window, maxMs: number, granularity: Granularity, timeZone?: string): Window[] {
	const out: Window[] = [];
	for (let start = window.start; start < window.end; ) {
		let end: number;
		if (granularity === 'DAY' && timeZone) {
			end = start;
			for (;;) {
				const next = nextLocalMidnight(timeZone, end);
				if (next > window.end || next - start > maxMs) break;
				end = next;
			}
			if (end === start) end = Math.min(window.end, start + maxMs); // cannot happen with aligned ends
		} else end = Math.min(window.end, start + maxMs);
		out.push({ start, end });
		start = end;
	}
	return out;
}

/** The time buckets of one answer: each hour, each local day, or the window as one. */
export function buckets(window: Window, granularity: Granularity, timeZone?: string): Window[] {
	if (granularity === 'TOTAL') return [window];
	const out: Window[] = [];
	for (let start = window.start; start < window.end; ) {
		const end = granularity === 'HOUR' ? start + HOUR_MS : timeZone ? nextLocalMidnight(timeZone, start) : start + DAY_MS;
		out.push({ start, end: Math.min(end, window.end) });
		start = end;
	}
	return out;
}

/** The account's time zone (X's `timezone` of the account), read once per run and account. */
const timeZones = new WeakMap<IExecuteFunctions, Map<string, Promise<string>>>();

export async function accountTimeZone(ctx: IExecuteFunctions, accountId: string, policy: RetryPolicy, itemIndex: number): Promise<string> {
	let perRun = timeZones.get(ctx);
	if (!perRun) timeZones.set(ctx, (perRun = new Map()));
	let pending = perRun.get(accountId);
	if (!pending) {
		pending = adsRequest(ctx, { method: 'GET', host: 'ads', path: '/accounts/{account_id}', pathParams: { account_id: accountId }, itemIndex }, policy).then((envelope) => {
			const zone = (envelope.data as IDataObject | undefined)?.timezone;
			if (typeof zone !== 'string' || !isTimeZone(zone)) throw new Error(`X's account ${accountId} has no time zone the node knows (timezone: ${JSON.stringify(zone)})`);
			return zone;
		});
		perRun.set(accountId, pending);
		pending.catch(() => perRun.delete(accountId));
	}
	return await pending;
}

const DATE_ONLY = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;

/**
 * The request window of an item. A date without a time means midnight of that date in the
 * account's time zone (as X reads it); with DAY granularity both ends must be such midnights, or
 * the item is refused naming the field and the rule. The zone is read from the account when
 * needed (DAY, or a date without a time).
 */
export async function resolveWindow(
	ctx: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
	accountId: string,
	granularity: Granularity | undefined,
	policy: RetryPolicy,
): Promise<{ window: Window; timeZone?: string }> {
	const raw = (name: string) => {
		const value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
		return typeof value === 'string' ? value : '';
	};
	const given = { start_time: raw('startTime'), end_time: raw('endTime') };
	const dateOnly = Object.values(given).some((v) => DATE_ONLY.test(v));
	const timeZone = granularity === 'DAY' || dateOnly ? await accountTimeZone(ctx, accountId, policy, itemIndex) : undefined;
	const node = runNode(ctx);
	const at = (wire: 'start_time' | 'end_time', label: string): number => {
		const date = DATE_ONLY.exec(given[wire]);
		if (date && timeZone) {
			const ms = localMidnight(timeZone, Number(date[1]), Number(date[2]), Number(date[3]));
			if (ms % HOUR_MS !== 0) throw inputError(node, itemIndex, `${label} (${wire})`, `falls on ${iso(ms)}, midnight in the account's time zone (${timeZone}), which is not a whole hour as X requires`);
			return ms;
		}
		const ms = Date.parse(String(values[wire]));
		if (granularity === 'DAY' && timeZone && !isLocalMidnight(timeZone, ms)) {
			const day = nextLocalMidnight(timeZone, ms - DAY_MS);
			throw inputError(
				node,
				itemIndex,
				`${label} (${wire})`,
				`must be midnight in the account's time zone (${timeZone}) for DAY granularity, such as ${iso(day)} for ${localDate(timeZone, day)}, or the date alone (got "${String(values[wire])}")`,
			);
		}
		return ms;
	};
	const window = { start: at('start_time', 'Start Time'), end: at('end_time', 'End Time') };
	if (window.start >= window.end) {
		throw inputError(node, itemIndex, 'Start Time (start_time)', `must be before End Time (end_time), which is exclusive (got ${iso(window.start)} and ${iso(window.end)})`);
	}
	return { window, timeZone };
}

// ---- Merging answers ------------------------------------------------------------------------

/** X's stats answer (the synchronous endpoint, and the unpacked file of a job). */
export interface StatsAnswer {
	data_type?: string;
	time_series_length?: number;
	data?: Array<{ id: string; id_data?: Array<{ segment: unknown; metrics: IDataObject }> }>;
	request?: IDataObject;
}

/**
 * What makes X's stats answer unusable, or undefined: its numbers are typed data, never coerced.
 * time_series_length is a count of the window's buckets, and every metric series (a member of an
 * object metric too) a list of numbers or nulls that long, so each value lands in its bucket.
 */
export function statsAnswerProblem(answer: StatsAnswer, bucketCount: number): string | undefined {
	const length: unknown = answer.time_series_length;
	if (length !== undefined && (typeof length !== 'number' || !Number.isInteger(length) || length < 0)) return `time_series_length is ${shown(length)}, not a count`;
	if (length !== undefined && length !== bucketCount) return `time_series_length is ${length}, for a window of ${bucketCount} buckets`;
	for (const entry of answer.data ?? []) {
		for (const { metrics } of entry.id_data ?? []) {
			for (const [name, value] of Object.entries(metrics ?? {})) {
				const series = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value).map(([member, v]) => [`${name}.${member}`, v] as const) : [[name, value] as const];
				for (const [label, list] of series) {
					if (list === null) continue;
					const where = `${label} of ${String(entry.id)}`;
					if (!Array.isArray(list)) return `${where} is ${shown(list)}, not a series`;
					if (list.length !== bucketCount) return `${where} has ${list.length} values for ${bucketCount} buckets`;
					const bad: unknown = list.find((x) => x !== null && (typeof x !== 'number' || !Number.isFinite(x)));
					if (bad !== undefined) return `${where} holds ${shown(bad)}, not a number`;
				}
			}
		}
	}
	return undefined;
}

/** One answer of a split request: which window it covers. */
export interface PartAnswer {
	window: Window;
	answer: StatsAnswer;
}

/**
 * One metric across windows: arrays joined in window order (a window where X has no data, null,
 * counts as zeros, which X's FAQ says null means), or summed for TOTAL; metrics that are objects
 * of arrays (conversions) member by member. All null stays null.
 */
function combine(values: unknown[], lengths: number[], sum: boolean): unknown {
	if (values.every((v) => v === null || v === undefined)) return null;
	if (values.some((v) => v && typeof v === 'object' && !Array.isArray(v))) {
		const keys: string[] = [];
		for (const v of values) if (v && typeof v === 'object') for (const k of Object.keys(v)) if (!keys.includes(k)) keys.push(k);
		return Object.fromEntries(keys.map((k) => [k, combine(values.map((v) => (v && typeof v === 'object' ? (v as IDataObject)[k] : null)), lengths, sum)]));
	}
	if (sum) {
		let total = 0;
		for (const v of values) if (Array.isArray(v)) for (const x of v) if (typeof x === 'number') total += x;
		return [total];
	}
	const out: unknown[] = [];
	values.forEach((v, i) => (Array.isArray(v) ? out.push(...v) : out.push(...new Array<number>(lengths[i]).fill(0))));
	return out;
}

/**
 * The answers of a split request as one answer: entities in the order they were asked for,
 * segments in the order X first gave them, metrics joined in time (TOTAL: summed, as every metric
 * of X's stats is a count or an amount).
 */
export function mergeAnswers(parts: PartAnswer[], entityIds: string[], granularity: Granularity): StatsAnswer {
	const windows = [...new Map(parts.map((p) => [p.window.start, p.window])).values()].sort((a, b) => a.start - b.start);
	const lengths = windows.map((w) => {
		const part = parts.find((p) => p.window.start === w.start);
		return Number(part?.answer.time_series_length ?? 0);
	});
	const sum = granularity === 'TOTAL' && windows.length > 1;
	const data: NonNullable<StatsAnswer['data']> = [];
	for (const id of entityIds) {
		// Per window: this entity's segments (X may leave out an entity it has nothing for).
		let found = false;
		const perWindow = windows.map((w) => {
			const entry = parts.filter((p) => p.window.start === w.start).flatMap((p) => p.answer.data ?? []).find((d) => String(d.id) === id);
			found ||= entry !== undefined;
			return entry?.id_data ?? [];
		});
		const segments: unknown[] = [];
		const keyOf = (segment: unknown) => JSON.stringify(segment ?? null);
		for (const list of perWindow) for (const d of list) if (!segments.some((s) => keyOf(s) === keyOf(d.segment))) segments.push(d.segment ?? null);
		const idData = segments.map((segment) => {
			const metricsPerWindow = perWindow.map((list) => list.find((d) => keyOf(d.segment) === keyOf(segment))?.metrics ?? {});
			const names: string[] = [];
			for (const m of metricsPerWindow) for (const k of Object.keys(m)) if (!names.includes(k)) names.push(k);
			const metrics: IDataObject = {};
			for (const name of names) metrics[name] = combine(metricsPerWindow.map((m) => m[name]), lengths, sum) as IDataObject[string];
			return { segment, metrics };
		});
		if (found) data.push({ id, id_data: idData });
	}
	return {
		data_type: parts[0]?.answer.data_type ?? 'stats',
		time_series_length: sum ? 1 : lengths.reduce((a, b) => a + b, 0),
		data,
	};
}

// ---- Rows -------------------------------------------------------------------------------------

export interface RowContext {
	entity: string;
	placement: string;
	granularity: Granularity;
	buckets: Window[];
	timeZone?: string;
	segmentationType?: string;
}

/** A money metric in currency units beside its micros: billed_charge_local_micro 1234500 -> billed_charge_local 1.2345. */
function withCurrencyUnits(row: IDataObject): void {
	for (const [key, value] of Object.entries(row)) {
		if (key.endsWith('_local_micro') && typeof value === 'number') row[key.slice(0, -'_micro'.length)] = value / 1_000_000;
	}
}

function segmentColumns(segment: unknown, segmentationType?: string): IDataObject {
	if (segment === null || segment === undefined) return segmentationType ? { segmentation_type: segmentationType } : {};
	const columns: IDataObject = segmentationType ? { segmentation_type: segmentationType } : {};
	if (typeof segment !== 'object') return { ...columns, segment: String(segment) };
	for (const [k, v] of Object.entries(segment as IDataObject)) columns[k.startsWith('segment') ? k : `segment_${k}`] = v;
	return columns;
}

/** One row per entity, segment and time bucket; metrics as columns (members of object metrics as metric_member). */
export function toRows(answer: StatsAnswer, context: RowContext): IDataObject[] {
	const rows: IDataObject[] = [];
	for (const entry of answer.data ?? []) {
		for (const { segment, metrics } of entry.id_data ?? []) {
			context.buckets.forEach((bucket, i) => {
				const row: IDataObject = {
					id: String(entry.id),
					entity: context.entity,
					placement: context.placement,
					granularity: context.granularity,
					start_time: iso(bucket.start),
					end_time: iso(bucket.end),
					...(context.granularity === 'DAY' && context.timeZone ? { date: localDate(context.timeZone, bucket.start) } : {}),
					...segmentColumns(segment, context.segmentationType),
				};
				for (const [name, value] of Object.entries(metrics ?? {})) {
					if (Array.isArray(value)) row[name] = (value[i] ?? null) as IDataObject[string];
					else if (value && typeof value === 'object') {
						for (const [member, series] of Object.entries(value as IDataObject)) {
							row[`${name}_${member}`] = (Array.isArray(series) ? series[i] ?? null : series ?? null) as IDataObject[string];
						}
					} else row[name] = null;
				}
				withCurrencyUnits(row);
				rows.push(row);
			});
		}
	}
	return rows;
}

export { HOUR_MS, DAY_MS };
