/** Searchable lists behind resource locators. */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { adsRequest } from './transport';

/** Ads accounts of the credential's user, filtered by name prefix, 200 per page. */
export async function searchAccounts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const qs: IDataObject = { count: 200 };
	if (filter) qs.q = filter;
	if (paginationToken) qs.cursor = paginationToken;
	const page = await adsRequest(this, { method: 'GET', host: 'ads', path: '/accounts', qs });
	const accounts = (Array.isArray(page.data) ? page.data : []) as IDataObject[];
	return {
		results: accounts.map((a) => ({ name: `${String(a.name)} (${String(a.id)})`, value: String(a.id) })),
		paginationToken: page.next_cursor ?? undefined,
	};
}
