/** Cursor pagination of Ads collections: Return All at the endpoint's largest page, or exactly Limit items. */
import { hash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { AdsEnvelope, RetryPolicy, XContext, XRequest } from '../transport/transport';
import { adsRequest, buildPath } from '../transport/transport';

export interface ListRequest {
	returnAll: boolean;
	limit: number;
	/** The endpoint's largest count; undefined where the endpoint takes no count (cursor only). */
	maxCount?: number;
	/** X answers in one page and lists no cursor for it: never send one. */
	onePage?: boolean;
}

export interface ListResult {
	items: IDataObject[];
	totalCount?: number;
	requests: number;
}

/** Return All stops (with an error) past this many pages: far beyond any real X collection at full pages. */
export const MAX_RETURN_ALL_PAGES = 10_000;
/** ... or past this many records, more than one n8n execution can hold. */
export const MAX_RETURN_ALL_RECORDS = 1_000_000;

/**
 * Pages a walk may take. With a Limit, X's full pages need ceil(limit / count) of them; ten times
 * that (plus slack for short pages) is "far beyond". A cursor-only endpoint's page size is X's, so
 * every page must bring one record at least: at most Limit pages.
 */
function pageBudget(list: ListRequest): number {
	if (list.returnAll) return MAX_RETURN_ALL_PAGES;
	if (list.maxCount === undefined) return Math.max(1, list.limit);
	return Math.min(Math.max(1, list.limit), 10 * Math.ceil(list.limit / list.maxCount) + 10);
}

/** The records of one page; default its data array (an endpoint's own `output` where it reshapes X's answer). */
export type PageRecords = (page: AdsEnvelope) => IDataObject[];

const dataArray: PageRecords = (page) => (Array.isArray(page.data) ? (page.data as IDataObject[]) : []);

/** A record's identity on X's pages: its id (or the *_id / key its list is of), else a fingerprint of the record. */
function recordKey(record: unknown): string {
	if (record && typeof record === 'object') {
		const r = record as IDataObject;
		const id = r.id_str ?? r.id ?? r.subscription_id ?? r.product_key ?? r.user_id ?? r.targeting_value;
		if (typeof id === 'string' || typeof id === 'number') return `id:${String(id)}`;
	}
	return hash('sha256', JSON.stringify(record) ?? 'undefined', 'base64url').slice(0, 16);
}

/**
 * Progress of a walk over X's pages: a page counts when it brings a record not seen on an earlier
 * page. A fresh cursor over the same records is no progress, however many pages it names.
 */
export class PageProgress {
	private readonly seen = new Set<string>();

	/** Whether the page brought a new record (an empty page brings none). */
	brings(records: readonly unknown[]): boolean {
		let fresh = false;
		for (const record of records) {
			const key = recordKey(record);
			if (!this.seen.has(key)) {
				this.seen.add(key);
				fresh = true;
			}
		}
		return fresh;
	}
}

/** Why a walk stops when a page brings nothing new, in words. */
export const noProgress = (page: number, count: number, cursor: string) => `page ${page} brought no new record (the same ${count} ids as before, under a new ${cursor})`;

export async function listAll(
	ctx: XContext,
	request: XRequest,
	list: ListRequest,
	policy?: RetryPolicy,
	records: PageRecords = dataArray,
): Promise<ListResult> {
	const items: IDataObject[] = [];
	const seen = new Set<string>();
	const progress = new PageProgress();
	const budget = pageBudget(list);
	let cursor: string | undefined;
	let totalCount: number | undefined;
	let requests = 0;
	const stop = (why: string) =>
		new NodeOperationError(ctx.getNode(), `X's pagination did not end: ${why}`, {
			itemIndex: request.itemIndex,
			description: `${request.method} ${buildPath(request)}, after ${requests} pages and ${items.length} records. Nothing from this walk is output. Use a Limit or filters to fetch less; if X's answers repeat, try again later.`,
		});
	do {
		const qs: IDataObject = { ...request.qs };
		if (list.maxCount !== undefined) {
			qs.count = list.returnAll ? list.maxCount : Math.min(list.maxCount, list.limit - items.length);
		}
		if (cursor) {
			qs.cursor = cursor;
			delete qs.with_total_count; // X refuses with_total_count together with cursor
		}
		const page = await adsRequest(ctx, { ...request, qs }, policy);
		requests++;
		if (page.total_count !== undefined) totalCount = page.total_count;
		const data = records(page);
		// One by one: push(...data) overflows the call stack on a page of a few hundred thousand records.
		for (const record of data) items.push(record);
		cursor = page.next_cursor ?? undefined;
		if (data.length === 0) break; // a page without records ends the walk even if a cursor came back
		if (!progress.brings(data)) throw stop(noProgress(requests, data.length, 'cursor'));
		const more = cursor && !list.onePage && (list.returnAll || items.length < list.limit);
		if (!more) break;
		if (seen.has(cursor!)) throw stop(`X sent the cursor of an earlier page again (page ${requests + 1} would repeat one)`);
		seen.add(cursor!);
		if (requests >= budget) throw stop(`more than ${budget} pages (${list.returnAll ? 'the Return All limit' : `far beyond the ${list.limit} records asked for`})`);
		if (list.returnAll && items.length > MAX_RETURN_ALL_RECORDS) throw stop(`more than ${MAX_RETURN_ALL_RECORDS} records (the Return All limit)`);
	} while (cursor);
	return { items: list.returnAll ? items : items.slice(0, list.limit), totalCount, requests };
}
