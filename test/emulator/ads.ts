/**
 * Ads API conventions (https://docs.x.com/x-ads-api/fundamentals/error-codes-and-responses): the response envelope, error
 * bodies, typed parameter parsing with request.params echo, and cursor pagination.
 */
import { HttpError, ok, type EmulatorResponse, type RequestContext } from './http';
import type { AccountRecord } from './store';
import { parseIsoTime } from './util';

export type AdsErrorCode =
	| 'INVALID_PARAMETER'
	| 'MISSING_PARAMETER'
	| 'NOT_FOUND'
	| 'UNAUTHORIZED_ACCESS'
	| 'TOO_MANY_REQUESTS'
	| 'SERVER_ERROR';

export function adsError(status: number, code: AdsErrorCode, message: string, parameter?: string): HttpError {
	const error: Record<string, string> = { code, message };
	if (parameter) error.parameter = parameter;
	return new HttpError(status, { errors: [error], request: { params: {} } });
}

export const invalidParameter = (parameter: string, message: string) =>
	adsError(400, 'INVALID_PARAMETER', message, parameter);
export const missingParameter = (parameter: string) =>
	adsError(400, 'MISSING_PARAMETER', `"${parameter}" is a required parameter`, parameter);
export const notFound = (message = 'The requested resource could not be found') => adsError(404, 'NOT_FOUND', message);

/** Body of 429 answers (also used by rate_limit faults). */
export const TOO_MANY_REQUESTS_BODY = { errors: [{ code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded' }] };

/**
 * Typed access to query (and form body) parameters. Every accessor records the typed value in
 * `echo`, which becomes request.params of the envelope (path parameters are echoed too).
 */
export class AdsParams {
	readonly echo: Record<string, unknown> = {};
	private readonly values: Array<[string, string]>;

	constructor(ctx: RequestContext) {
		Object.assign(this.echo, ctx.pathParams);
		this.values = [...ctx.query, ...(ctx.form ?? [])];
	}

	raw(name: string): string | undefined {
		for (const [k, v] of this.values) if (k === name) return v;
		return undefined;
	}

	has(name: string): boolean {
		return this.raw(name) !== undefined;
	}

	string(name: string, opts: { required?: boolean; minLength?: number; maxLength?: number } = {}): string | undefined {
		const v = this.raw(name);
		if (v === undefined) {
			if (opts.required) throw missingParameter(name);
			return undefined;
		}
		const min = opts.minLength ?? 1;
		if (v.length < min || (opts.maxLength !== undefined && v.length > opts.maxLength)) {
			const range = opts.maxLength !== undefined ? `between ${min} and ${opts.maxLength}` : `at least ${min}`;
			throw invalidParameter(name, `Expected a String of length ${range}, got "${v}" for ${name}`);
		}
		this.echo[name] = v;
		return v;
	}

	/** Booleans arrive as the strings "true" / "false"; anything else is refused. */
	boolean(name: string, fallback = false): boolean {
		const v = this.raw(name);
		if (v === undefined) return fallback;
		if (v !== 'true' && v !== 'false') {
			throw invalidParameter(name, `Expected a Boolean (true or false), got "${v}" for ${name}`);
		}
		this.echo[name] = v === 'true';
		return v === 'true';
	}

	integer(name: string, opts: { min: number; max: number; fallback?: number; required?: boolean }): number | undefined {
		const v = this.raw(name);
		if (v === undefined) {
			if (opts.required) throw missingParameter(name);
			return opts.fallback;
		}
		const n = /^-?\d+$/.test(v) ? Number(v) : NaN;
		if (!Number.isSafeInteger(n) || n < opts.min || n > opts.max) {
			throw invalidParameter(name, `Expected an Integer between ${opts.min} and ${opts.max}, got "${v}" for ${name}`);
		}
		this.echo[name] = n;
		return n;
	}

	enum<T extends string>(name: string, allowed: readonly T[], opts: { required?: boolean } = {}): T | undefined {
		const v = this.raw(name);
		if (v === undefined) {
			if (opts.required) throw missingParameter(name);
			return undefined;
		}
		if (!(allowed as readonly string[]).includes(v)) {
			throw invalidParameter(name, `Expected an Enum (one of ${allowed.join(', ')}), got "${v}" for ${name}`);
		}
		this.echo[name] = v;
		return v as T;
	}

	/**
	 * ISO 8601 date-time (e.g. 2026-01-01T10:00:00Z) as epoch ms. wholeHour: minutes, seconds and
	 * fraction must be zero (account history windows).
	 */
	time(name: string, opts: { required?: boolean; wholeHour?: boolean } = {}): number | undefined {
		const v = this.raw(name);
		if (v === undefined) {
			if (opts.required) throw missingParameter(name);
			return undefined;
		}
		const ms = parseIsoTime(v);
		if (ms === null) throw invalidParameter(name, `Expected an ISO 8601 date-time, got "${v}" for ${name}`);
		if (opts.wholeHour && ms % 3_600_000 !== 0) {
			throw invalidParameter(name, `Expected a whole hour (minutes and seconds zero), got "${v}" for ${name}`);
		}
		this.echo[name] = v;
		return ms;
	}

	/** Comma-separated list of enum keys (e.g. feature_keys); duplicates are dropped. */
	keyList<T extends string>(name: string, allowed: readonly T[], opts: { required?: boolean } = {}): T[] | undefined {
		const v = this.raw(name);
		if (v === undefined) {
			if (opts.required) throw missingParameter(name);
			return undefined;
		}
		const keys = v.split(',').map((s) => s.trim());
		const bad = keys.filter((k) => !(allowed as readonly string[]).includes(k));
		if (bad.length > 0) {
			throw invalidParameter(name, `Expected a comma-separated list of ${allowed.join(', ')}, got "${v}" for ${name}`);
		}
		const unique = [...new Set(keys)] as T[];
		this.echo[name] = unique;
		return unique;
	}

	/** Comma-separated id list (e.g. account_ids), at most `max` entries. */
	idList(name: string, max = 200): string[] | undefined {
		const v = this.raw(name);
		if (v === undefined) return undefined;
		const ids = v.split(',').map((s) => s.trim());
		if (ids.some((s) => s === '') || ids.length > max) {
			throw invalidParameter(name, `Expected a comma-separated list of 1 to ${max} ids, got "${v}" for ${name}`);
		}
		this.echo[name] = ids;
		return ids;
	}
}

/** Standard single-resource envelope. */
export function envelope(params: AdsParams, data: unknown, status = 200): EmulatorResponse {
	return ok({ request: { params: params.echo }, data }, status);
}

// ---- Pagination -------------------------------------------------------------------------------

/** Cursors are opaque to clients: base64url of a position, validated strictly on the way back. */
export function encodeCursor(position: number): string {
	return Buffer.from(`p:${position}`).toString('base64url');
}

export function decodeCursor(cursor: string): number | null {
	const text = Buffer.from(cursor, 'base64url').toString('utf8');
	const m = /^p:(\d{1,15})$/.exec(text);
	if (!m || encodeCursor(Number(m[1])) !== cursor) return null;
	return Number(m[1]);
}

export interface CollectionSpec<T> {
	/** Records in their natural (creation) order. */
	source: readonly T[];
	filter: (item: T) => boolean;
	/** Sortable fields for sort_by=<field>-asc|desc; absent when the endpoint has no sort_by (it is then not read). */
	sortFields?: Record<string, (item: T) => string | number>;
	render: (item: T) => unknown;
	/** Count default and bounds for this endpoint. */
	count: { default: number; min: number; max: number };
}

/**
 * Reads count, cursor, sort_by and with_total_count and returns one page.
 * Without sort_by the cursor is a position in `source` and a page costs O(page + skipped records);
 * with sort_by the filtered list is sorted and the cursor is an offset into it.
 */
export function collection<T>(params: AdsParams, spec: CollectionSpec<T>): EmulatorResponse {
	const count = params.integer('count', { min: spec.count.min, max: spec.count.max, fallback: spec.count.default }) as number;
	const cursorRaw = params.raw('cursor');
	let position = 0;
	if (cursorRaw !== undefined) {
		const decoded = decodeCursor(cursorRaw);
		if (decoded === null || decoded > spec.source.length) {
			throw invalidParameter('cursor', `Expected a valid cursor, got "${cursorRaw}" for cursor`);
		}
		position = decoded;
		params.echo.cursor = cursorRaw;
	}
	const withTotalCount = params.boolean('with_total_count');
	if (withTotalCount && cursorRaw !== undefined) {
		throw invalidParameter('with_total_count', 'with_total_count is exclusive with cursor');
	}
	const sortFields = spec.sortFields;
	const sort = sortFields ? parseSortBy(params, Object.keys(sortFields)) : null;

	const data: unknown[] = [];
	let nextCursor: string | null = null;
	let totalCount: number | undefined;

	if (sort && sortFields) {
		const key = sortFields[sort.field];
		const dir = sort.direction === 'asc' ? 1 : -1;
		const items = spec.source.filter(spec.filter);
		// Stable sort; ties keep creation order so pages never overlap.
		items.sort((a, b) => {
			const ka = key(a);
			const kb = key(b);
			return ka < kb ? -dir : ka > kb ? dir : 0;
		});
		for (const item of items.slice(position, position + count)) data.push(spec.render(item));
		if (position + count < items.length) nextCursor = encodeCursor(position + count);
		if (withTotalCount) totalCount = items.length;
	} else {
		let i = position;
		for (; i < spec.source.length && data.length < count; i++) {
			if (spec.filter(spec.source[i])) data.push(spec.render(spec.source[i]));
		}
		// Only hand out a cursor when another matching record exists (next_cursor null on the last page).
		while (i < spec.source.length && !spec.filter(spec.source[i])) i++;
		if (i < spec.source.length) nextCursor = encodeCursor(i);
		if (withTotalCount) totalCount = spec.source.reduce((n, item) => (spec.filter(item) ? n + 1 : n), 0);
	}

	const body: Record<string, unknown> = { request: { params: params.echo }, data, next_cursor: nextCursor };
	if (totalCount !== undefined) body.total_count = totalCount;
	return ok(body);
}

export function parseSortBy(params: AdsParams, fields: string[]): { field: string; direction: 'asc' | 'desc' } | null {
	const v = params.raw('sort_by');
	if (v === undefined) return null;
	const m = /^([a-z_]+)-(asc|desc)$/.exec(v);
	if (!m || !fields.includes(m[1])) {
		throw invalidParameter(
			'sort_by',
			`Expected one of ${fields.map((f) => `${f}-asc, ${f}-desc`).join(', ')}, got "${v}" for sort_by`,
		);
	}
	params.echo.sort_by = v;
	return { field: m[1], direction: m[2] as 'asc' | 'desc' };
}

// ---- Account scoping --------------------------------------------------------------------------

/**
 * Loads the account named by :account_id for the authenticated user: unknown -> 404 NOT_FOUND,
 * not associated with the user -> 403 UNAUTHORIZED_ACCESS, deleted (unless allowed) -> 404.
 */
export function requireAccount(ctx: RequestContext, opts: { withDeleted?: boolean } = {}): AccountRecord {
	const id = ctx.pathParams.account_id;
	const record = ctx.store.ads[ctx.env].accounts.get(id);
	if (!record) throw notFound(`Account ${id} not found`);
	if (!ctx.user || record.ownerId !== ctx.user.userId) {
		throw adsError(403, 'UNAUTHORIZED_ACCESS', `User ${ctx.user?.userId ?? ''} is not authorized to access account ${id}`);
	}
	if (record.account.deleted && !opts.withDeleted) throw notFound(`Account ${id} not found`);
	return record;
}
