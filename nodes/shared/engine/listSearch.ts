/** Searchable lists behind resource locators: one page per call, X's cursor as the pagination token. */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { adsRequest } from '../transport/transport';

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

/** One GET of a list endpoint with exactly the parameters it takes (X refuses others), as a picker page. */
async function optionPage(ctx: ILoadOptionsFunctions, path: string, qs: IDataObject) {
	const envelope = await adsRequest(ctx, { method: 'GET', host: 'ads', path, qs });
	return {
		records: (Array.isArray(envelope.data) ? envelope.data : []) as IDataObject[],
		next: envelope.next_cursor ?? undefined,
	};
}

const nameAndId = (name: unknown, id: unknown) => ({ name: `${String(name)} (${String(id)})`, value: String(id) });

/** Custom audiences of the chosen account; X matches the start of the name (case-insensitive). */
export async function searchCustomAudiences(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const account = chosenAccount(this);
	const { records, paginationToken: next } = await page(
		this,
		`/accounts/${encodeURIComponent(account)}/custom_audiences`,
		filter?.trim() ? { q: filter.trim().slice(0, 255) } : {},
		paginationToken,
	);
	return { results: records.map((a) => nameAndId(a.name, a.id)), paginationToken: next };
}

/** The do-not-reach list of the chosen account (at most one; X pages none of it). */
export async function searchDoNotReachLists(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const account = chosenAccount(this);
	const { records } = await optionPage(this, `/accounts/${encodeURIComponent(account)}/do_not_reach_lists`, {});
	const needle = filter?.toLowerCase();
	return {
		results: records
			.map((l) => nameAndId(l.description ? `${String(l.name)}: ${String(l.description)}` : l.name, l.id))
			.filter((l) => !needle || l.name.toLowerCase().includes(needle)),
	};
}

/**
 * Where each targeting type's values come from (X's targeting option endpoints), with the
 * parameters each takes: q searches by name, count and cursor page.
 * https://docs.x.com/x-ads-api/campaign-management/reference#targeting-options
 */
const OPTION_SOURCES: Record<string, { what: string; q?: boolean; count?: number; cursor?: boolean }> = {
	LOCATION: { what: 'locations', q: true, count: 200, cursor: true },
	INTEREST: { what: 'interests', q: true, count: 200, cursor: true },
	LANGUAGE: { what: 'languages', q: true, count: 200, cursor: true },
	PLATFORM: { what: 'platforms', q: true, count: 200 },
	PLATFORM_VERSION: { what: 'platform_versions', q: true },
	DEVICE: { what: 'devices', q: true, count: 200 },
	NETWORK_OPERATOR: { what: 'network_operators', q: true, count: 200, cursor: true },
	APP_STORE_CATEGORY: { what: 'app_store_categories', q: true },
	APP_STORE_CATEGORY_LOOKALIKE: { what: 'app_store_categories', q: true },
	CONVERSATION: { what: 'conversations', count: 200, cursor: true },
};

const EVENT_TYPES = ['CONFERENCE', 'HOLIDAY', 'MUSIC_AND_ENTERTAINMENT', 'OTHER', 'POLITICS', 'RECURRING', 'SPORTS'];
const FIXED_VALUES: Record<string, Array<{ name: string; value: string }>> = {
	GENDER: [
		{ name: 'Male (1)', value: '1' },
		{ name: 'Female (2)', value: '2' },
	],
	ENGAGEMENT_TYPE: ['IMPRESSION', 'ENGAGEMENT', 'VIDEO_VIEW', 'VIDEO_VIEW_PARTIAL', 'VIDEO_VIEW_COMPLETE'].map((v) => ({ name: v, value: v })),
};
const KEYWORD_TYPES = ['BROAD_KEYWORD', 'EXACT_KEYWORD', 'PHRASE_KEYWORD', 'UNORDERED_KEYWORD'];
const USER_TYPES = ['FOLLOWERS_OF_USER', 'SIMILAR_TO_FOLLOWERS_OF_USER'];

/** The targeting type chosen beside the picker: its own parameter (Create), or in Operation Fields (Batch). */
function chosenTargetingType(ctx: ILoadOptionsFunctions): string | undefined {
	for (const path of ['targetingType', 'additionalFields.targetingType']) {
		const value = ctx.getCurrentNodeParameter(path);
		if (typeof value === 'string' && value) return value;
	}
	return undefined;
}

const optionLabel = (r: IDataObject) => {
	const where = [r.location_type, r.os_type, r.conversation_type, r.country_code].filter(Boolean).join(', ');
	return `${String(r.name)}${where ? ` [${String(where)}]` : ''} (${String(r.targeting_value)})`;
};

/** Suggestions X gives for the typed keywords or user ID (GET accounts/:account_id/targeting_suggestions). */
async function suggestions(ctx: ILoadOptionsFunctions, type: 'KEYWORD' | 'USER_ID', seed: string) {
	const account = chosenAccount(ctx);
	const { records } = await optionPage(ctx, `/accounts/${encodeURIComponent(account)}/targeting_suggestions`, { suggestion_type: type, targeting_values: seed, count: 50 });
	return records.map((s) => ({ name: `${String(s.suggestion_value)} (suggested)`, value: String(s.suggestion_value) }));
}

/**
 * Values for the chosen targeting type, searched in X's list for that type: options for
 * locations, interests, languages, platforms and the like; the account's custom audiences; events
 * of every event type; TV shows of a market (type its locale first, e.g. "en-GB news"; default
 * en-US); keywords and user IDs with X's suggestions for what was typed.
 */
export async function searchTargetingValues(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const type = chosenTargetingType(this);
	if (!type) throw new NodeOperationError(this.getNode(), 'Choose the targeting type first: the list of values depends on it');
	const text = filter?.trim() ?? '';
	const needle = text.toLowerCase();
	const source = OPTION_SOURCES[type];
	if (source) {
		const qs: IDataObject = {
			...(source.q && text ? { q: text } : {}),
			...(source.count ? { count: source.count } : {}),
			...(source.cursor && paginationToken ? { cursor: paginationToken } : {}),
		};
		const { records, next } = await optionPage(this, `/targeting_criteria/${source.what}`, qs);
		return {
			results: records
				.map((r) => ({ name: optionLabel(r), value: String(r.targeting_value) }))
				.filter((r) => source.q || !needle || r.name.toLowerCase().includes(needle)),
			paginationToken: source.cursor ? next : undefined,
		};
	}
	if (type === 'CUSTOM_AUDIENCE' || type === 'CUSTOM_AUDIENCE_EXPANDED') return await searchCustomAudiences.call(this, filter, paginationToken);
	if (type === 'EVENT') {
		const results = [];
		for (const eventType of EVENT_TYPES) {
			const { records } = await optionPage(this, '/targeting_criteria/events', { event_types: eventType, count: 200 });
			results.push(...records.map((r) => ({ name: `${String(r.name)} [${eventType}, ${String(r.start_time)}] (${String(r.targeting_value)})`, value: String(r.targeting_value) })));
		}
		return { results: results.filter((r) => !needle || r.name.toLowerCase().includes(needle)) };
	}
	if (type === 'TV_SHOW') {
		const [, locale, rest] = /^([a-z]{2}-[A-Z]{2})(?:\s+(.*))?$/.exec(text) ?? [undefined, 'en-US', text];
		const { records, next } = await optionPage(this, '/targeting_criteria/tv_shows', {
			locale,
			count: 50,
			...(rest ? { q: rest } : {}),
			...(paginationToken ? { cursor: paginationToken } : {}),
		});
		return { results: records.map((r) => ({ name: `${String(r.name)} [${locale}] (${String(r.targeting_value)})`, value: String(r.targeting_value) })), paginationToken: next };
	}
	const fixed = FIXED_VALUES[type];
	if (fixed) return { results: fixed.filter((v) => !needle || v.name.toLowerCase().includes(needle)) };
	if (KEYWORD_TYPES.includes(type) && text) return { results: [{ name: `${text} (as typed)`, value: text }, ...(await suggestions(this, 'KEYWORD', text))] };
	if (USER_TYPES.includes(type) && /^\d{1,20}$/.test(text)) return { results: [{ name: `${text} (as typed)`, value: text }, ...(await suggestions(this, 'USER_ID', text))] };
	// No list at X for this type (AGE, WIFI_ONLY, campaign IDs, ...): give the value By ID.
	return { results: [] };
}
