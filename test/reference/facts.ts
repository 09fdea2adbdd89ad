/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The facts the X emulator takes from X's reference (names, places, enums, limits, schemas),
 * recorded in recordedFacts.json so that the emulator (`npm run dev`, `npm run emulator`, the engine
 * tests) runs on a clone without X's docs. Facts only, none of X's prose: the schemas of
 * openapi.json without their descriptions and examples, the Ads table without parameter texts.
 *
 * `npm run reference:facts` derives them afresh from ../shared/reference (deriveFacts.ts) and
 * rewrites recordedFacts.json; test/reference/facts.test.ts fails when the recorded facts differ from
 * what the reference says. Checks that read X's pages themselves stay in the tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { tableOf, type AdsRefEndpoint, type AdsRefParam, type AdsTable } from './adsReference';

export type Json = Record<string, unknown>;

/** A parameter of the Ads table without X's text: `list` where the text says it takes a comma list. */
export type RecordedParam = Omit<AdsRefParam, 'text'> & { list?: true };
export type RecordedEndpoint = Omit<AdsRefEndpoint, 'params' | 'line' | 'exampleRequest' | 'exampleResponseText' | 'exampleResponse'> & { params: RecordedParam[] };

/** Lists the emulator reads from the text of a parameter, by "METHOD 12/path", parameter and label (refTextList). */
export const TEXT_LISTS: ReadonlyArray<readonly [key: string, name: string, label: string]> = [
	['POST 12/product_catalogs/:product_catalog_id/product_sets', 'filters', 'Supported attributes'],
	['POST 12/product_catalogs/:product_catalog_id/product_sets', 'filters', 'Supported operators'],
	...[
		'Possible non-keyword-based values include',
		'Possible keyword-based values include',
		'Possible custom audience values include',
		'Possible installed app store category values',
		'Possible Twitter Audience Platform (TAP) app exclusion',
	].map((label) => ['POST 12/accounts/:account_id/targeting_criteria', 'targeting_type', label] as const),
];

/** Endpoints whose example answer's `data` the emulator serves (its targeting option catalogues). */
export const EXAMPLE_DATA: readonly string[] = [
	'locations', 'interests', 'languages', 'platforms', 'devices', 'network_operators',
	'app_store_categories', 'conversations', 'tv_markets', 'tv_shows',
].map((what) => `GET 12/targeting_criteria/${what}`);

export interface MetricSpec {
	name: string;
	group: string;
	/** Members of a JSON object metric (conversions); undefined for an array of ints. */
	members?: string[];
	/** Segmentation types it can be broken out by ('*' all). */
	segmentations: string[] | '*';
	/** ENGAGEMENT metrics X also has for accounts and funding instruments. */
	forAccount: boolean;
}

export interface XFacts {
	/** The commit of xdevplatform/docs the facts were derived from (scripts/fetch-x-reference.sh). */
	commit: string;
	ads: {
		endpoints: RecordedEndpoint[];
		/** TEXT_LISTS, keyed "METHOD 12/path name label". */
		textLists: Record<string, string[]>;
		/** EXAMPLE_DATA, keyed "METHOD 12/path". */
		exampleData: Record<string, unknown[]>;
	};
	/** openapi.json cut to the operations the emulator serves and what they reference, without annotations. */
	openapi: Json;
	activity: {
		/** Kinds the activity introduction's tables list the `direction` filter for. */
		directional: string[];
		/** Kinds openapi's filter.direction says it does not support. */
		directionRefused: string[];
		/** Kinds that need a user context. */
		private: string[];
		/** The OAuth 2.0 scope the create operation names for each kind, and the guide's extra scopes. */
		scopes: Record<string, string>;
		guideScopes: Record<string, string[]>;
	};
	/** X's analytics page: metrics by group, and the segmentation types that need the country. */
	analytics: { metrics: MetricSpec[]; countryRequired: string[] };
	/** X's A/B testing page: the entity_type values it takes. */
	abTest: { entityTypes: string[] };
}

export const FACTS_FILE = join(__dirname, 'recordedFacts.json');

let facts: XFacts | undefined;

/** The recorded facts (read once per process). */
export function xFacts(): XFacts {
	facts ??= JSON.parse(readFileSync(FACTS_FILE, 'utf8')) as XFacts;
	return facts;
}

let table: AdsTable<RecordedEndpoint> | undefined;

/** The recorded Ads table, looked up like the reference's (by method, version and path shape). */
export function recordedAdsTable(): AdsTable<RecordedEndpoint> {
	table ??= tableOf(xFacts().ads.endpoints);
	return table;
}

export const textListKey = (key: string, name: string, label: string) => `${key} ${name} ${label}`;
