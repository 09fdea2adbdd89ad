/**
 * Read-only catalogues (https://docs.x.com/x-ads-api/campaign-management/reference): advertiser business categories, curated categories and
 * line item placement options.
 */
import { AdsParams, collection, envelope, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import { ok, type RequestContext } from '../http';
import { refValues } from '../conformance';
import type { Router } from '../router';
import type { CuratedCategory } from '../store';

export interface BusinessCategory {
	id: string;
	name: string;
	iab_categories: string[];
}

/** The 16 categories the spec names (for PREROLL_VIEWS line items), with their IAB codes. */
export const BUSINESS_CATEGORIES: readonly BusinessCategory[] = [
	{ id: '8k2hf', name: 'Consumer Packaged Goods', iab_categories: ['IAB8', 'IAB8-5'] },
	{ id: '8k2hg', name: 'Health & Pharma', iab_categories: ['IAB7', 'IAB7-5'] },
	{ id: '8k2hh', name: 'Alcohol', iab_categories: ['IAB8-5', 'IAB8-18'] },
	{ id: '8k2hi', name: 'Dining', iab_categories: ['IAB8-9'] },
	{ id: '8k2hj', name: 'Financial Services', iab_categories: ['IAB13', 'IAB13-7'] },
	{ id: '8k2hk', name: 'Retail', iab_categories: ['IAB22', 'IAB22-4'] },
	{ id: '8k2hl', name: 'Travel', iab_categories: ['IAB20'] },
	{ id: '8k2hm', name: 'Gaming', iab_categories: ['IAB9-30'] },
	{ id: '8k2hn', name: 'Technology', iab_categories: ['IAB19'] },
	{ id: '8k2ho', name: 'Telecommunication', iab_categories: ['IAB19-36'] },
	{ id: '8k2hp', name: 'Auto', iab_categories: ['IAB2'] },
	{ id: '8k2hq', name: 'Media & Entertainment', iab_categories: ['IAB1', 'IAB1-5'] },
	{ id: '8k2hr', name: 'Politics', iab_categories: ['IAB11-4'] },
	{ id: '8k2hs', name: 'Gambling', iab_categories: ['IAB9-7'] },
	{ id: '8k2ht', name: 'Dating', iab_categories: ['IAB14-1'] },
	{ id: '8k2hu', name: 'Non-Profit', iab_categories: ['IAB14', 'IAB14-7'] },
];

export const PRODUCT_TYPES = refValues('GET 12/line_items/placements', 'product_type');

/** Valid placement combinations per product type (each inner array is one combination). */
export const PLACEMENTS: Record<string, string[][]> = {
	MEDIA: [['ALL_ON_TWITTER'], ['PUBLISHER_NETWORK']],
	PROMOTED_ACCOUNT: [['ALL_ON_TWITTER'], ['TWITTER_TIMELINE']],
	PROMOTED_TWEETS: [['ALL_ON_TWITTER'], ['TWITTER_TIMELINE'], ['PUBLISHER_NETWORK'], ['TWITTER_TIMELINE', 'PUBLISHER_NETWORK']],
};

function listBusinessCategories(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const data = BUSINESS_CATEGORIES.map((c) => ({ ...c, iab_categories: [...c.iab_categories] }));
	return ok({ request: { params: params.echo }, data, next_cursor: null });
}

/** The categories available in any of the given countries; country_codes is required (at most 200). */
function listCuratedCategories(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	requireAccount(ctx);
	if (!params.has('country_codes')) throw missingParameter('country_codes');
	const codes = params.idList('country_codes', 200)!;
	const bad = codes.find((c) => !/^[A-Z]{2}$/.test(c));
	if (bad !== undefined) throw invalidParameter('country_codes', `Expected two-letter ISO country codes for country_codes, got "${bad}"`);
	const wanted = new Set(codes);
	const filter = (c: CuratedCategory) => c.country_codes.some((code) => wanted.has(code));
	const source = [...ctx.store.ads[ctx.env].curatedCategories.values()];
	const page = collection(params, { source, filter, render: (c) => structuredClone(c), count: { default: 200, min: 1, max: 1000 } });
	// X's example answer carries total_count without being asked (the endpoint takes no with_total_count).
	(page.body as Record<string, unknown>).total_count = source.filter(filter).length;
	return page;
}

function getCuratedCategory(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	requireAccount(ctx);
	const id = ctx.pathParams.curated_category_id;
	const category = ctx.store.ads[ctx.env].curatedCategories.get(id);
	if (!category) throw notFound(`Curated category ${id} not found`);
	return envelope(params, structuredClone(category));
}

function listPlacements(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const productType = params.enum('product_type', PRODUCT_TYPES);
	const data = PRODUCT_TYPES.filter((p) => !productType || p === productType).map((p) => ({
		product_type: p,
		placements: PLACEMENTS[p].map((combo) => [...combo]),
	}));
	return envelope(params, data);
}

export function registerCatalogRoutes(router: Router): void {
	router.ads('GET', '/12/advertiser_business_categories', listBusinessCategories);
	router.ads('GET', '/12/accounts/:account_id/curated_categories', listCuratedCategories);
	router.ads('GET', '/12/accounts/:account_id/curated_categories/:curated_category_id', getCuratedCategory);
	router.ads('GET', '/12/line_items/placements', listPlacements);
}
