/** Cursor pagination of Ads collections: Return All at the endpoint's largest page, or exactly Limit items. */
import type { IDataObject } from 'n8n-workflow';

import type { RetryPolicy, XContext, XRequest } from './transport';
import { adsRequest } from './transport';

export interface ListRequest {
	returnAll: boolean;
	limit: number;
	/** The endpoint's largest count; undefined where the endpoint takes no count (cursor only). */
	maxCount?: number;
}

export interface ListResult {
	items: IDataObject[];
	totalCount?: number;
	requests: number;
}

export async function listAll(
	ctx: XContext,
	request: XRequest,
	list: ListRequest,
	policy?: RetryPolicy,
): Promise<ListResult> {
	const items: IDataObject[] = [];
	let cursor: string | undefined;
	let totalCount: number | undefined;
	let requests = 0;
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
		const data = Array.isArray(page.data) ? (page.data as IDataObject[]) : [];
		items.push(...data);
		cursor = page.next_cursor ?? undefined;
		if (data.length === 0) break; // a page without records ends the walk even if a cursor came back
	} while (cursor && (list.returnAll || items.length < list.limit));
	return { items: list.returnAll ? items : items.slice(0, list.limit), totalCount, requests };
}
