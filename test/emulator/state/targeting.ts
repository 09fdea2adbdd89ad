/**
 * Targeting (https://docs.x.com/x-ads-api/campaign-management/reference#targeting-criteria):
 * targeting criteria per line item, and the targeting option catalogues X's option endpoints
 * search. Catalogues are small and fixed: X's own example answers where they parse, plus a few
 * entries of the same shape so that search and paging have something to do.
 */
import { refExampleData, refTextList } from '../conformance';
import type { AdsEnvironment, Identity, Store } from '../store';
import { adsId } from '../util';

export const CRITERIA_POST = 'POST 12/accounts/:account_id/targeting_criteria';

/** X's targeting types: the lists in the text of targeting_type (non-keyword, keyword, custom audience, app store category, TAP exclusion). */
export const TARGETING_TYPES: readonly string[] = [
	'Possible non-keyword-based values include',
	'Possible keyword-based values include',
	'Possible custom audience values include',
	'Possible installed app store category values',
	'Possible Twitter Audience Platform (TAP) app exclusion',
].flatMap((label) => refTextList(CRITERIA_POST, 'targeting_type', label).filter((v) => /^[A-Z_]+$/.test(v)));


export interface TargetingCriterion {
	id: string;
	line_item_id: string;
	name: string;
	operator_type: string;
	targeting_type: string;
	targeting_value: string;
	location_type?: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface TargetingCriterionRecord extends TargetingCriterion {
	accountId: string;
}

export interface TargetingEnvState {
	criteria: Map<string, TargetingCriterionRecord>;
	/** Every criterion in creation order (lists scan it). */
	ordered: TargetingCriterionRecord[];
}

export interface TargetingSeedIds {
	location: string;
	keyword: string;
	customAudience: string;
	language: string;
}

export interface TargetingFixtures {
	/**
	 * Criteria of lineItems.engagements: LOCATION 5122804691e5fecc (San Francisco), BROAD_KEYWORD
	 * "technology", CUSTOM_AUDIENCE customAudienceId; of lineItems.reach: LANGUAGE en.
	 */
	targetingCriterionIds: TargetingSeedIds;
}

export function newTargetingSeedIds(): TargetingSeedIds {
	return { location: adsId(6), keyword: adsId(6), customAudience: adsId(6), language: adsId(6) };
}

export function targetingFixtures(ids: TargetingSeedIds): TargetingFixtures {
	return { targetingCriterionIds: { ...ids } };
}

export function emptyTargetingEnv(): TargetingEnvState {
	return { criteria: new Map(), ordered: [] };
}

export function addCriterion(env: TargetingEnvState, record: TargetingCriterionRecord): void {
	env.criteria.set(record.id, record);
	env.ordered.push(record);
}

// ---- Catalogues -------------------------------------------------------------------------------

export type OptionRecord = Record<string, unknown> & { name: string };

/** The data of X's example answer of an option endpoint (empty where the example does not parse). */
function exampleData(what: string): OptionRecord[] {
	return (refExampleData(`GET 12/targeting_criteria/${what}`) as OptionRecord[]).map((r) => ({ ...r }));
}

const option = (targeting_type: string, name: string, targeting_value: string, extra: Record<string, unknown> = {}): OptionRecord => ({ name, targeting_type, targeting_value, ...extra });

/** Per option endpoint (the path after targeting_criteria/), its records in X's order. */
export const CATALOGUES: Record<string, OptionRecord[]> = {
	locations: [
		...exampleData('locations'),
		option('LOCATION', 'San Francisco-Oakland-San Jose CA, US', '5122804691e5fecc', { country_code: 'US', location_type: 'CITIES' }),
		option('LOCATION', 'United States', '96683cc9126741d1', { country_code: 'US', location_type: 'COUNTRIES' }),
		option('LOCATION', 'United Kingdom', '6416b8512febefc9', { country_code: 'GB', location_type: 'COUNTRIES' }),
		option('LOCATION', 'California, US', 'fbd6d2f5a4e4a15e', { country_code: 'US', location_type: 'REGIONS' }),
		option('LOCATION', 'Los Angeles CA, US', 'a0c3a7c4b2c8d1e2', { country_code: 'US', location_type: 'METROS' }),
		option('LOCATION', '94107, CA, US', 'b7f2c1d0e9a8f3b4', { country_code: 'US', location_type: 'POSTAL_CODES' }),
		option('LOCATION', 'London, England, GB', '457b4814b4240d87', { country_code: 'GB', location_type: 'CITIES' }),
	],
	interests: [
		...exampleData('interests'),
		option('INTEREST', 'Books and literature/Comics', '1002'),
		option('INTEREST', 'Books and literature/Science fiction', '1003'),
		option('INTEREST', 'Technology and computing/Software', '19005'),
		option('INTEREST', 'Technology and computing/Startups', '19012'),
		option('INTEREST', 'Sports/Running', '17017'),
	],
	languages: [
		...exampleData('languages'),
		option('LANGUAGE', 'French', 'fr'),
		option('LANGUAGE', 'German', 'de'),
		option('LANGUAGE', 'Spanish', 'es'),
		option('LANGUAGE', 'Japanese', 'ja'),
	],
	platforms: exampleData('platforms'),
	// X's example lists two Android versions between elisions ({...}), so it does not parse: the same entries here.
	platform_versions: [
		option('PLATFORM_VERSION', 'Ice Cream Sandwich', '17', { number: '4.0', os_type: 'Android' }),
		option('PLATFORM_VERSION', 'Jelly Bean', '18', { number: '4.1', os_type: 'Android' }),
		option('PLATFORM_VERSION', 'iOS 16.0', '240', { number: '16.0', os_type: 'iOS' }),
		option('PLATFORM_VERSION', 'iOS 17.0', '250', { number: '17.0', os_type: 'iOS' }),
	],
	devices: [
		...exampleData('devices'),
		option('DEVICE', 'Galaxy S23', '9k', { manufacturer: 'Samsung', os_type: 'Android' }),
		option('DEVICE', 'Pixel 8', '9p', { manufacturer: 'Google', os_type: 'Android' }),
	],
	network_operators: [...exampleData('network_operators'), option('NETWORK_OPERATOR', 'EE', '5e', { country_code: 'GB' })],
	app_store_categories: [...exampleData('app_store_categories'), option('APP_STORE_CATEGORY', 'Music & Audio', 'qoz1', { os_type: 'ANDROID' })],
	conversations: [
		...exampleData('conversations'),
		option('CONVERSATION', 'MLB', 'a3', { conversation_type: 'SPORTS' }),
		option('CONVERSATION', 'Science fiction', 'b1', { conversation_type: 'MOVIE_GENRES' }),
		option('CONVERSATION', 'Podcasting', 'c1', { conversation_type: 'PODCASTS' }),
	],
	// X's example event (New Year's, value 1ex) with dates after today, so that the default start (now) finds it.
	events: [
		{ name: 'New Year\'s', targeting_value: '1ex', event_type: 'HOLIDAY', country_code: null, is_global: true, start_time: '2030-12-31T00:00:00Z', end_time: '2031-01-02T00:00:00Z', reach: { total_reach: null } },
		{ name: 'Independence Day', targeting_value: '2a4', event_type: 'HOLIDAY', country_code: 'US', is_global: false, start_time: '2030-07-04T00:00:00Z', end_time: '2030-07-05T00:00:00Z', reach: { total_reach: null } },
		{ name: 'World Cup Final', targeting_value: '3k9', event_type: 'SPORTS', country_code: null, is_global: true, start_time: '2030-07-21T00:00:00Z', end_time: '2030-07-22T00:00:00Z', reach: { total_reach: null } },
		{ name: 'Developer Conference', targeting_value: '4c2', event_type: 'CONFERENCE', country_code: 'US', is_global: false, start_time: '2030-05-10T00:00:00Z', end_time: '2030-05-13T00:00:00Z', reach: { total_reach: null } },
	],
	tv_markets: exampleData('tv_markets'),
	tv_shows: [
		...exampleData('tv_shows'),
		{ name: 'Evening News', targeting_value: 10027243421, genre: 'NEWS', locales: [{ language: 'en', country: 'US' }] },
		{ name: 'Cooking Tonight', targeting_value: 10027243422, genre: 'FOOD', locales: [{ language: 'en', country: 'US' }] },
		{ name: 'Morning News', targeting_value: 10027243423, genre: 'NEWS', locales: [{ language: 'en', country: 'GB' }] },
	],
};

/** The catalogue (option endpoint) that holds the values of a targeting type. */
export const CATALOGUE_OF_TYPE: Record<string, string> = {
	LOCATION: 'locations',
	INTEREST: 'interests',
	LANGUAGE: 'languages',
	PLATFORM: 'platforms',
	PLATFORM_VERSION: 'platform_versions',
	DEVICE: 'devices',
	NETWORK_OPERATOR: 'network_operators',
	APP_STORE_CATEGORY: 'app_store_categories',
	APP_STORE_CATEGORY_LOOKALIKE: 'app_store_categories',
	CONVERSATION: 'conversations',
	EVENT: 'events',
	TV_SHOW: 'tv_shows',
};

/** Keyword suggestions for a seed keyword (GET targeting_suggestions): X's example first. */
export const KEYWORD_SUGGESTIONS: Record<string, string[]> = {
	developers: ['devs', 'software', 'programming', 'coding', 'api'],
	shoes: ['sneakers', 'running', 'footwear', 'trainers'],
};

// ---- Seed -------------------------------------------------------------------------------------

export function seedTargeting(store: Store, identity: Identity, envName: AdsEnvironment, accountId: string): void {
	const env = store.ads[envName].targeting;
	const ids = identity.targetingSeeds[envName];
	const lineItems = identity.campaignSeeds[envName].lineItems;
	const customAudienceId = identity.audienceSeeds[envName].customAudience;
	const at = '2026-01-04T09:00:00Z';
	const base = { accountId, operator_type: 'EQ', created_at: at, updated_at: at, deleted: false };
	addCriterion(env, { ...base, id: ids.location, line_item_id: lineItems.engagements, name: 'San Francisco-Oakland-San Jose CA, US', targeting_type: 'LOCATION', targeting_value: '5122804691e5fecc', location_type: 'CITIES' });
	addCriterion(env, { ...base, id: ids.keyword, line_item_id: lineItems.engagements, name: 'technology', targeting_type: 'BROAD_KEYWORD', targeting_value: 'technology' });
	addCriterion(env, { ...base, id: ids.customAudience, line_item_id: lineItems.engagements, name: 'Past purchasers', targeting_type: 'CUSTOM_AUDIENCE', targeting_value: customAudienceId });
	addCriterion(env, { ...base, id: ids.language, line_item_id: lineItems.reach, name: 'English', targeting_type: 'LANGUAGE', targeting_value: 'en' });
}
