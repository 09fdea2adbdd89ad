/** Pages of a v2 list: max_results up to the endpoint's page size, meta.next_token to the next page. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CheckedItem } from '../engine/endpoints';
import type { ListRequest } from '../engine/pagination';
import { MAX_RETURN_ALL_PAGES, MAX_RETURN_ALL_RECORDS, noProgress, PageProgress } from '../engine/pagination';
import type { RetryPolicy } from '../transport/transport';
import { xRequest } from '../transport/transport';

/** A list endpoint's runner: every page for Return All, else up to Limit; a token seen before is an error, as for the Ads lists. */
export function v2Pages(pageSize: number) {
	return async (ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> => {
		// Return All / Limit: the endpoint's `list` makes execute check them and hand them over with the item.
		const list = (item as CheckedItem & { list: ListRequest }).list;
		const out: IDataObject[] = [];
		const seen = new Set<string>();
		const progress = new PageProgress();
		let token: string | undefined;
		let pages = 0;
		const endless = (why: string) =>
			new NodeOperationError(ctx.getNode(), `X's pagination did not end: ${why}`, {
				itemIndex: item.itemIndex,
				description: `GET ${item.request.path}, after ${pages} pages and ${out.length} records. Nothing from this walk is output. Use a Limit to fetch less; if X's answers repeat, try again later.`,
			});
		do {
			// Fresh tokens forever (each page new): the same bounds as the Ads lists' Return All.
			if (pages >= MAX_RETURN_ALL_PAGES || out.length > MAX_RETURN_ALL_RECORDS) {
				throw endless(`more than ${pages >= MAX_RETURN_ALL_PAGES ? `${MAX_RETURN_ALL_PAGES} pages` : `${MAX_RETURN_ALL_RECORDS} records`} (the Return All limit)`);
			}
			pages++;
			const wanted = list.returnAll ? pageSize : Math.min(pageSize, list.limit - out.length);
			const qs: IDataObject = { ...item.request.qs, max_results: wanted, ...(token ? { pagination_token: token } : {}) };
			const { body } = await xRequest(ctx, { ...item.request, qs }, policy);
			const page = (body ?? {}) as IDataObject;
			const data = Array.isArray(page.data) ? (page.data as IDataObject[]) : [];
			out.push(...data);
			token = ((page.meta as IDataObject | undefined)?.next_token as string | undefined) || undefined;
			if (data.length === 0) break;
			if (!progress.brings(data)) throw endless(noProgress(pages, data.length, 'pagination token'));
			// A token seen before would walk the same pages again: ending there would output a short list as if whole.
			if (token && seen.has(token)) throw endless(`X sent the pagination token of an earlier page again (page ${pages + 1} would repeat one)`);
			if (token) seen.add(token);
		} while (token && (list.returnAll || out.length < list.limit));
		return list.returnAll ? out : out.slice(0, list.limit);
	};
}
