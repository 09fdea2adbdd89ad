/** Searchable lists behind resource locators: one page per call, X's cursor as the pagination token. */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { adsRequest } from './transport';

const PAGE = 200;

async function page(ctx: ILoadOptionsFunctions, path: string, qs: IDataObject, cursor?: string) {
	const envelope = await adsRequest(ctx, {
		method: 'GET',
		host: 'ads',
		path,
		qs: { ...qs, count: PAGE, ...(cursor ? { cursor } : {}) },
	});
	return {
		records: (Array.isArray(envelope.data) ? envelope.data : []) as IDataObject[],
		paginationToken: envelope.next_cursor ?? undefined,
	};
}

/** The account chosen in the node, for lists that live under an account. */
function chosenAccount(ctx: ILoadOptionsFunctions): string {
	const account = ctx.getCurrentNodeParameter('account', { extractValue: true }) as string | undefined;
	if (!account) throw new NodeOperationError(ctx.getNode(), 'Choose the account first: this list lives under an ads account');
	return account;
}

/** Ads accounts of the credential's user; X filters by name prefix. */
export async function searchAccounts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { records, paginationToken: next } = await page(this, '/accounts', filter ? { q: filter } : {}, paginationToken);
	return {
		results: records.map((a) => ({ name: `${String(a.name)} (${String(a.id)})`, value: String(a.id) })),
		paginationToken: next,
	};
}

/** Records of the chosen account X filters by name (q): campaigns, line items. */
function byName(path: string) {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		const account = chosenAccount(this);
		const { records, paginationToken: next } = await page(this, `/accounts/${encodeURIComponent(account)}/${path}`, filter ? { q: filter } : {}, paginationToken);
		return {
			results: records.map((r) => ({ name: `${String(r.name ?? '(no name)')} (${String(r.id)}, ${String(r.entity_status)})`, value: String(r.id) })),
			paginationToken: next,
		};
	};
}

/** Campaigns of the chosen account; X filters by name. */
export const searchCampaigns = byName('campaigns');

/** Line items of the chosen account; X filters by name. */
export const searchLineItems = byName('line_items');

/** Funding instruments of the chosen account, filtered here by description, type or ID. */
export async function searchFundingInstruments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const account = chosenAccount(this);
	const { records, paginationToken: next } = await page(this, `/accounts/${encodeURIComponent(account)}/funding_instruments`, {}, paginationToken);
	const needle = filter?.toLowerCase();
	return {
		results: records
			.map((f) => ({ name: `${String(f.description)} (${String(f.type)}, ${String(f.currency)}, ${String(f.id)})`, value: String(f.id) }))
			.filter((f) => !needle || f.name.toLowerCase().includes(needle)),
		paginationToken: next,
	};
}

/** Line item curated categories of the chosen account, filtered here by any of their IDs. */
export async function searchLineItemCuratedCategories(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const account = chosenAccount(this);
	const { records, paginationToken: next } = await page(
		this,
		`/accounts/${encodeURIComponent(account)}/line_item_curated_categories`,
		{},
		paginationToken,
	);
	const needle = filter?.toLowerCase();
	return {
		results: records
			.map((r) => ({
				name: `${String(r.id)}: line item ${String(r.line_item_id)} in curated category ${String(r.curated_category_id)}`,
				value: String(r.id),
			}))
			.filter((r) => !needle || r.name.toLowerCase().includes(needle)),
		paginationToken: next,
	};
}

/** Product catalogs of the user (one per user, so one short page). */
export async function searchProductCatalogs(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const envelope = await adsRequest(this, {
		method: 'GET',
		host: 'ads',
		path: '/product_catalogs',
		qs: paginationToken ? { cursor: paginationToken } : {},
	});
	const needle = filter?.toLowerCase();
	return {
		results: ((Array.isArray(envelope.data) ? envelope.data : []) as IDataObject[])
			.map((c) => ({ name: `${String(c.name)} (${String(c.id)})`, value: String(c.id) }))
			.filter((c) => !needle || c.name.toLowerCase().includes(needle)),
		paginationToken: envelope.next_cursor ?? undefined,
	};
}
