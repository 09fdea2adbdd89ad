/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * All emulator state lives in one Store object. reset() replaces it with a fresh seed built from
 * the instance's Identity (keys, tokens and seed ids stay stable for the emulator's lifetime).
 */
import { refValues } from './conformance';
import { adsId, adsTime, randomString } from './util';
import { accountSettingsFixtures, emptyAccountSettingsEnv, newAccountSettingsSeedIds, seedAccountSettings, type AccountSettingsEnvState, type AccountSettingsFixtures, type AccountSettingsSeedIds } from './state/accountSettings';
import { creativeFixtures, emptyCreativeEnv, newCreativeSeedIds, seedCreatives, type CreativeEnvState, type CreativeFixtures, type CreativeSeedIds } from './state/creatives';
import { audienceFixtures, emptyAudienceEnv, newAudienceSeedIds, seedAudiences, type AudienceEnvState, type AudienceFixtures, type AudienceSeedIds } from './state/audiences';
import { campaignStateFixtures, emptyCampaignEnv, newCampaignStateSeedIds, seedCampaignState, type CampaignEnvState, type CampaignStateFixtures, type CampaignStateSeedIds } from './state/campaigns';
import { emptyTargetingEnv, newTargetingSeedIds, seedTargeting, targetingFixtures, type TargetingEnvState, type TargetingFixtures, type TargetingSeedIds } from './state/targeting';
import { emptyProductCatalogEnv, newProductCatalogSeedIds, productCatalogFixtures, seedProductCatalogs, type ProductCatalogEnvState, type ProductCatalogFixtures, type ProductCatalogSeedIds } from './state/productCatalogs';

export type Base = 'api' | 'ads' | 'adsSandbox';
export type AdsEnvironment = 'production' | 'sandbox';

/** Enumerations X's Ads reference lists (test/emulator/conformance.ts reads them from its table). */
export const INDUSTRY_TYPES = refValues('PUT 12/accounts/:account_id', 'industry_type');
export type IndustryType = string;

export interface AppCredentials {
	consumerKey: string;
	consumerSecret: string;
}

export interface UserRecord {
	userId: string;
	screenName: string;
	accessToken: string;
	accessTokenSecret: string;
}

export interface AccessTokenRecord {
	token: string;
	secret: string;
	userId: string;
	invalidated: boolean;
}

/** Account as X returns it (field order follows X's samples). */
export interface Account {
	id: string;
	name: string;
	business_name: string | null;
	timezone: string;
	timezone_switch_at: string | null;
	business_id: string | null;
	created_at: string;
	updated_at: string;
	approval_status: string;
	industry_type: IndustryType | null;
	deleted: boolean;
}

export interface AccountRecord {
	account: Account;
	/** The user the account is associated with (only this user may read or change it). */
	ownerId: string;
}

// ---- Campaign management records (X Ads campaign management reference) ------------------------------------------------

export interface AccountApp {
	id: string;
	app_store_identifier: string;
	os_type: 'IOS' | 'ANDROID';
	conversion_tracking_enabled: boolean;
	deep_link_pattern: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

/** A campaign (routes/campaigns.ts); line items, history and budget rules refer to them. */
export interface CampaignRecord {
	id: string;
	accountId: string;
	name: string;
	/** LINE_ITEM: line items may carry a daily budget; CAMPAIGN: they may not. */
	budget_optimization: 'CAMPAIGN' | 'LINE_ITEM';
	entity_status: 'ACTIVE' | 'PAUSED' | 'DRAFT';
	currency: string;
	funding_instrument_id: string;
	daily_budget_amount_local_micro: number | null;
	total_budget_amount_local_micro: number | null;
	purchase_order_number: string | null;
	standard_delivery: boolean | null;
	frequency_cap: number | null;
	duration_in_days: number | null;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export const LINE_ITEM_OBJECTIVES = refValues('POST 12/accounts/:account_id/line_items', 'objective');
export type LineItemObjective = string;

/** Line item as X returns it (fields of the spec's Line item table, plus audience_expansion). */
export interface LineItem {
	id: string;
	campaign_id: string;
	name: string | null;
	objective: LineItemObjective;
	goal: string;
	product_type: 'MEDIA' | 'PROMOTED_ACCOUNT' | 'PROMOTED_TWEETS';
	placements: string[];
	bid_strategy: 'AUTO' | 'MAX' | 'TARGET';
	bid_amount_local_micro: number | null;
	target_cpa_local_micro: number | null;
	primary_web_event_tag: string | null;
	pay_by: string;
	start_time: string | null;
	end_time: string | null;
	duration_in_days: number;
	frequency_cap: number | null;
	standard_delivery: boolean | null;
	automatic_tweet_promotion: boolean | null;
	total_budget_amount_local_micro: number | null;
	daily_budget_amount_local_micro: number | null;
	entity_status: 'ACTIVE' | 'PAUSED' | 'DRAFT';
	audience_expansion: 'BROAD' | 'DEFINED' | 'EXPANDED' | null;
	advertiser_user_id: string | null;
	advertiser_domain: string | null;
	android_app_store_identifier: string | null;
	ios_app_store_identifier: string | null;
	categories: string[];
	currency: string;
	creative_source: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

/** Stored line item: X's fields plus the owning account (never rendered). */
export interface LineItemRecord extends LineItem {
	accountId: string;
}

export interface CuratedCategory {
	id: string;
	name: string;
	description: string;
	country_codes: string[];
	publisher_user_ids: string[];
	videos_monetized_in_last_thirty_days: number;
	created_at: string;
	updated_at: string;
}

export interface LineItemCuratedCategory {
	id: string;
	line_item_id: string;
	curated_category_id: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface LineItemCuratedCategoryRecord extends LineItemCuratedCategory {
	accountId: string;
}

export const HISTORY_ENTITY_TYPES = refValues('GET 12/accounts/:account_id/account_history', 'entity_type');
export type HistoryEntityType = string;

export interface HistoryEntry {
	change_by: { user_id: string; platform: string };
	change_time: string;
	change_type: 'CREATE' | 'UPDATE' | 'DELETE';
	changes: Record<string, unknown>;
	entity: HistoryEntityType;
	entity_id: string;
	entity_data: Record<string, unknown>;
}

export interface AdsEnvState {
	accounts: Map<string, AccountRecord>;
	/** Per-user accounts in creation order: list endpoints scan this, so a page costs O(page). */
	byUser: Map<string, AccountRecord[]>;
	/** Account apps per account id, in creation order. */
	accountApps: Map<string, AccountApp[]>;
	campaigns: Map<string, CampaignRecord>;
	/** Every line item of the environment by id (deleted ones stay, with deleted=true). */
	lineItems: Map<string, LineItemRecord>;
	/** The curated category catalogue by id. */
	curatedCategories: Map<string, CuratedCategory>;
	lineItemCuratedCategories: Map<string, LineItemCuratedCategoryRecord>;
	/** The same records per account id, in creation order (for O(page) lists). */
	lineItemCuratedCategoriesByAccount: Map<string, LineItemCuratedCategoryRecord[]>;
	/** Account history per account id, in change order. */
	history: Map<string, HistoryEntry[]>;
	/** Funding instruments, promoted posts and accounts, scheduled promoted posts, promotable users (state/campaigns.ts). */
	campaignState: CampaignEnvState;
	/** Feature keys per account id (absent: none). */
	features: Map<string, string[]>;
	/** Creatives (X Ads catalog, audience and creative reference): uploads, media library, account media, cards, polls, video conversation cards, posts. */
	creatives: CreativeEnvState;
	/** Tracking tags, tax and user settings, recommendations (state/accountSettings.ts). */
	accountSettings: AccountSettingsEnvState;
	/** Product catalogs, products and product sets of the users (X Ads catalog, audience and creative reference). */
	productCatalogs: ProductCatalogEnvState;
	/** Tailored audiences and permissions, custom audiences, do-not-reach lists (X Ads catalog, audience and creative reference). */
	audiences: AudienceEnvState;
	/** Targeting criteria of line items (X Ads campaign management reference, Targeting Criteria). */
	targeting: TargetingEnvState;
}

/** v2 webhook (X's authentication and webhook docs): managed with the app-only bearer token. */
export interface Webhook {
	id: string;
	url: string;
	valid: boolean;
	created_at: string;
}

export interface RateBudget {
	limit: number;
	windowSeconds: number;
}

export interface RateBucket {
	used: number;
	resetAtMs: number;
}

/** drop: the request is never handled; lose_answer: it is handled (X applied it) and the connection closes before the answer. */
export type FaultKind = 'rate_limit' | 'server_error' | 'drop' | 'latency' | 'lose_answer';

export interface FaultMatch {
	method?: string;
	/** Substring (so also a prefix) of the path after the base prefix, e.g. "/12/accounts". */
	path?: string;
	base?: Base;
}

export interface FaultSpec {
	kind: FaultKind;
	match?: FaultMatch;
	/** How many matching requests this fault applies to (default 1). */
	times?: number;
	resetInSeconds?: number; // rate_limit
	status?: 500 | 502 | 503 | 504; // server_error
	retryAfterSeconds?: number; // server_error
	ms?: number; // latency
}

export interface RandomFaultOptions {
	/** Probability (0..1) that a matching request gets a fault. */
	rate: number;
	kinds?: FaultKind[];
	seed?: number;
	match?: FaultMatch;
	status?: 500 | 502 | 503 | 504;
	retryAfterSeconds?: number;
	resetInSeconds?: number;
	ms?: number;
}

export interface RequestLogEntry {
	time: string;
	method: string;
	base: Base;
	path: string;
	query: string;
	headers: Record<string, string>;
	body: string;
	/** null when the connection was dropped without a response. */
	status: number | null;
	fault?: FaultKind;
	/** Route key used for rate limits, e.g. "GET /12/accounts/:account_id" (absent for unknown routes). */
	endpoint?: string;
}

export interface EmulatorStats {
	requests: number;
	bearerTokenRequests: number;
	bearerTokensIssued: number;
	bearerTokenInvalidations: number;
	accessTokenInvalidations: number;
	faultsApplied: number;
}

export interface Store {
	app: AppCredentials;
	users: UserRecord[];
	accessTokens: Map<string, AccessTokenRecord>;
	bearer: {
		current: string | null;
		revoked: Set<string>;
		/** Times (ms) of recent token requests with valid credentials, for the "too frequent" rule. */
		recentRequests: number[];
		limit: RateBudget;
	};
	ads: Record<AdsEnvironment, AdsEnvState>;
	webhooks: Webhook[];
	rateLimits: {
		budgets: Map<string, RateBudget>;
		buckets: Map<string, RateBucket>;
	};
	faults: {
		queue: Array<FaultSpec & { remaining: number }>;
		random: (RandomFaultOptions & { next: () => number }) | null;
	};
	log: RequestLogEntry[];
	stats: EmulatorStats;
	/** Added to the real clock for ctx.now (control.advanceClock); 0 after reset(). */
	clockOffsetMs: number;
}

/** Ids of the campaign-management seed of one environment (stable across reset()). */
export interface CampaignSeedIds {
	campaigns: [string, string];
	lineItems: { engagements: string; reach: string; appInstalls: string };
	accountApps: [string, string, string];
	curatedCategories: [string, string];
	lineItemCuratedCategory: string;
	/** Funding instruments, the third campaign (followers) and its line item, promoted records (state/campaigns.ts). */
	more: CampaignStateSeedIds;
}

/** Stable per-instance identity: keys, users, and seed ids survive reset(). */
export interface Identity {
	app: AppCredentials;
	users: UserRecord[];
	seedAccountIds: string[];
	campaignSeeds: Record<AdsEnvironment, CampaignSeedIds>;
	creativeSeeds: Record<AdsEnvironment, CreativeSeedIds>;
	accountSettingsSeeds: Record<AdsEnvironment, AccountSettingsSeedIds>;
	productCatalogSeeds: Record<AdsEnvironment, ProductCatalogSeedIds>;
	audienceSeeds: Record<AdsEnvironment, AudienceSeedIds>;
	targetingSeeds: Record<AdsEnvironment, TargetingSeedIds>;
}

/** What tests may rely on in one environment (see EmulatorControl.fixtures()). */
export interface EnvFixtures extends CreativeFixtures, ProductCatalogFixtures, AudienceFixtures, CampaignStateFixtures, TargetingFixtures, AccountSettingsFixtures {
	/** users[0]'s first account there: "Acme Shoes" (production) or "Acme Sandbox" (sandbox). */
	accountId: string;
	/** The 3 apps of that account. */
	accountAppIds: string[];
	/** ACTIVE line items of that account, currency USD, with these objectives. */
	lineItems: { engagements: string; reach: string; appInstalls: string };
	/** 2 curated categories of the catalogue. */
	curatedCategoryIds: string[];
	/** The link of lineItems.engagements to curatedCategoryIds[0]. */
	lineItemCuratedCategoryId: string;
}

export interface EmulatorFixtures {
	production: EnvFixtures;
	sandbox: EnvFixtures;
}

/** Index into Identity.seedAccountIds of users[0]'s first account per environment. */
const PRIMARY_SEED_ACCOUNT: Record<AdsEnvironment, number> = { production: 0, sandbox: 3 };

export function fixturesOf(identity: Identity): EmulatorFixtures {
	const env = (e: AdsEnvironment): EnvFixtures => {
		const ids = identity.campaignSeeds[e];
		return {
			accountId: identity.seedAccountIds[PRIMARY_SEED_ACCOUNT[e]],
			accountAppIds: [...ids.accountApps],
			lineItems: { ...ids.lineItems },
			curatedCategoryIds: [...ids.curatedCategories],
			lineItemCuratedCategoryId: ids.lineItemCuratedCategory,
			...creativeFixtures(identity.creativeSeeds[e], identity.users[0].userId),
			...accountSettingsFixtures(identity.accountSettingsSeeds[e]),
			...productCatalogFixtures(identity.productCatalogSeeds[e]),
			...audienceFixtures(identity, e),
			...targetingFixtures(identity.targetingSeeds[e]),
			...campaignStateFixtures(ids),
		};
	};
	return { production: env('production'), sandbox: env('sandbox') };
}

export function createIdentity(): Identity {
	const userIds = ['1469758423451234567', '1588000000000000042'];
	return {
		app: { consumerKey: randomString(25), consumerSecret: randomString(50) },
		users: [
			{ userId: userIds[0], screenName: 'acme_ads', ...newTokenPair(userIds[0]) },
			{ userId: userIds[1], screenName: 'other_advertiser', ...newTokenPair(userIds[1]) },
		],
		seedAccountIds: Array.from({ length: 6 }, () => adsId()),
		campaignSeeds: { production: newCampaignSeedIds(), sandbox: newCampaignSeedIds() },
		creativeSeeds: { production: newCreativeSeedIds(), sandbox: newCreativeSeedIds() },
		accountSettingsSeeds: { production: newAccountSettingsSeedIds(), sandbox: newAccountSettingsSeedIds() },
		productCatalogSeeds: { production: newProductCatalogSeedIds(), sandbox: newProductCatalogSeedIds() },
		audienceSeeds: { production: newAudienceSeedIds(), sandbox: newAudienceSeedIds() },
		targetingSeeds: { production: newTargetingSeedIds(), sandbox: newTargetingSeedIds() },
	};
}

function newCampaignSeedIds(): CampaignSeedIds {
	return {
		campaigns: [adsId(5), adsId(5)],
		lineItems: { engagements: adsId(5), reach: adsId(5), appInstalls: adsId(5) },
		accountApps: [adsId(6), adsId(6), adsId(6)],
		curatedCategories: [adsId(5), adsId(5)],
		lineItemCuratedCategory: adsId(4),
		more: newCampaignStateSeedIds(),
	};
}

/** X access tokens look like "<user id>-<random>". */
export function newTokenPair(userId: string): { accessToken: string; accessTokenSecret: string } {
	return { accessToken: `${userId}-${randomString(40)}`, accessTokenSecret: randomString(45) };
}

export const DEFAULT_RATE_BUDGET: RateBudget = { limit: 2000, windowSeconds: 15 * 60 };
export const DEFAULT_BEARER_LIMIT: RateBudget = { limit: 10, windowSeconds: 60 };
export const MAX_LOG_ENTRIES = 100_000;

export function createStore(identity: Identity): Store {
	const store: Store = {
		app: { ...identity.app },
		users: identity.users.map((u) => ({ ...u })),
		accessTokens: new Map(),
		bearer: { current: null, revoked: new Set(), recentRequests: [], limit: { ...DEFAULT_BEARER_LIMIT } },
		ads: { production: emptyAdsEnv(), sandbox: emptyAdsEnv() },
		webhooks: [],
		rateLimits: { budgets: new Map(), buckets: new Map() },
		faults: { queue: [], random: null },
		log: [],
		stats: {
			requests: 0,
			bearerTokenRequests: 0,
			bearerTokensIssued: 0,
			bearerTokenInvalidations: 0,
			accessTokenInvalidations: 0,
			faultsApplied: 0,
		},
		clockOffsetMs: 0,
	};
	for (const u of store.users) registerAccessToken(store, u);
	seedAccountsFor(store, identity);
	seedCampaignData(store, identity, 'production');
	seedCampaignData(store, identity, 'sandbox');
	for (const e of ['production', 'sandbox'] as const) {
		seedCreatives(store, e, identity.seedAccountIds[PRIMARY_SEED_ACCOUNT[e]], identity.creativeSeeds[e]);
		seedAccountSettings(store, e, identity.seedAccountIds[PRIMARY_SEED_ACCOUNT[e]], identity.accountSettingsSeeds[e]);
	}
	for (const e of ['production', 'sandbox'] as const) {
		seedProductCatalogs(store, identity, e);
		seedAudiences(store, identity, e);
		seedTargeting(store, identity, e, identity.seedAccountIds[PRIMARY_SEED_ACCOUNT[e]]);
	}
	return store;
}

function emptyAdsEnv(): AdsEnvState {
	return {
		accounts: new Map(),
		byUser: new Map(),
		accountApps: new Map(),
		campaigns: new Map(),
		lineItems: new Map(),
		curatedCategories: new Map(),
		lineItemCuratedCategories: new Map(),
		lineItemCuratedCategoriesByAccount: new Map(),
		history: new Map(),
		campaignState: emptyCampaignEnv(),
		features: new Map(),
		creatives: emptyCreativeEnv(),
		accountSettings: emptyAccountSettingsEnv(),
		productCatalogs: emptyProductCatalogEnv(),
		audiences: emptyAudienceEnv(),
		targeting: emptyTargetingEnv(),
	};
}

export function registerAccessToken(store: Store, user: UserRecord): void {
	store.accessTokens.set(user.accessToken, {
		token: user.accessToken,
		secret: user.accessTokenSecret,
		userId: user.userId,
		invalidated: false,
	});
}

const SEED_TIME = Date.parse('2025-03-01T10:00:00Z');

function seedAccountsFor(store: Store, identity: Identity): void {
	const [owner, other] = store.users;
	const ids = identity.seedAccountIds;
	const seeds: Array<[AdsEnvironment, string, string, Partial<Account>]> = [
		['production', owner.userId, 'Acme Shoes', { industry_type: 'RETAIL', business_name: 'Acme Inc.' }],
		['production', owner.userId, 'Acme Outlet', { industry_type: 'RETAIL', business_name: 'Acme Inc.' }],
		['production', owner.userId, 'Beta Corp', { industry_type: 'TECHNOLOGY' }],
		['sandbox', owner.userId, 'Acme Sandbox', { industry_type: 'OTHER' }],
		['production', other.userId, 'Other Advertiser', { industry_type: 'MEDIA' }],
		['sandbox', other.userId, 'Other Sandbox', { industry_type: 'OTHER' }],
	];
	seeds.forEach(([env, ownerId, name, extra], i) => {
		const t = adsTime(SEED_TIME + i * 3_600_000);
		addAccount(store, env, ownerId, { id: ids[i], name, created_at: t, updated_at: t, ...extra });
	});
}

/** Creates an account with X-like defaults; the caller may override any field. */
export function addAccount(store: Store, env: AdsEnvironment, ownerId: string, fields: Partial<Account> = {}): AccountRecord {
	const accounts = store.ads[env].accounts;
	let id = fields.id ?? adsId();
	while (accounts.has(id) && !fields.id) id = adsId();
	const now = adsTime(Date.now());
	const account: Account = {
		id,
		name: fields.name ?? 'Untitled account',
		business_name: fields.business_name ?? null,
		timezone: fields.timezone ?? 'America/Los_Angeles',
		timezone_switch_at: fields.timezone_switch_at ?? '2016-07-21T07:00:00Z',
		business_id: fields.business_id ?? null,
		created_at: fields.created_at ?? now,
		updated_at: fields.updated_at ?? fields.created_at ?? now,
		approval_status: fields.approval_status ?? 'ACCEPTED',
		industry_type: fields.industry_type ?? null,
		deleted: fields.deleted ?? false,
	};
	const record: AccountRecord = { account, ownerId };
	accounts.set(id, record);
	let list = store.ads[env].byUser.get(ownerId);
	if (!list) store.ads[env].byUser.set(ownerId, (list = []));
	list.push(record);
	return record;
}

export interface SeedAccountsOptions {
	/** Name prefix; names are "<prefix> <n>" with n zero-padded so name order equals creation order. */
	prefix?: string;
	environment?: AdsEnvironment;
	/** Owner (index into users), default 0. */
	userIndex?: number;
}

/** Bulk creation for pagination tests and benchmarks (50,000 accounts in well under a second). */
export function seedAccounts(store: Store, count: number, opts: SeedAccountsOptions = {}): string[] {
	const env = opts.environment ?? 'production';
	const user = store.users[opts.userIndex ?? 0];
	if (!user) throw new Error(`no user at index ${opts.userIndex}`);
	if (!Number.isInteger(count) || count < 0) throw new Error('count must be a non-negative integer');
	const prefix = opts.prefix ?? 'Seeded Account';
	const existing = store.ads[env].byUser.get(user.userId)?.length ?? 0;
	const base = Date.now() - count * 1000;
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const t = adsTime(base + i * 1000);
		const n = String(existing + i + 1).padStart(6, '0');
		ids.push(addAccount(store, env, user.userId, { name: `${prefix} ${n}`, created_at: t, updated_at: t }).account.id);
	}
	return ids;
}

// ---- Campaign management seed (X Ads campaign management reference) ---------------------------------------------------

/** A stored record as X shows it: without the internal accountId. */
export function publicView<T extends { accountId: string }>(record: T): Omit<T, 'accountId'> {
	const { accountId: _omit, ...rest } = record;
	return rest;
}

/** Appends an account history entry (entity_data is a copy of the entity's fields at that time). */
export function recordHistory(
	env: AdsEnvState,
	accountId: string,
	entry: Omit<HistoryEntry, 'changes' | 'entity_data'> & { entity_data: object; changes?: Record<string, unknown> },
): void {
	let list = env.history.get(accountId);
	if (!list) env.history.set(accountId, (list = []));
	list.push({
		change_by: { ...entry.change_by },
		change_time: entry.change_time,
		change_type: entry.change_type,
		changes: entry.changes ?? {},
		entity: entry.entity,
		entity_id: entry.entity_id,
		entity_data: structuredClone(entry.entity_data) as Record<string, unknown>,
	});
}

/** Features users[0]'s first account starts with. */
const SEED_FEATURES: Record<AdsEnvironment, string[]> = {
	production: ['CITY_TARGETING', 'CONVERSATION_CARD', 'REACH_AND_FREQUENCY_ANALYTICS'],
	sandbox: ['CONVERSATION_CARD'],
};

/** User id of a second person who changed the engagements line item (account history seed). */
export const HISTORY_OTHER_USER_ID = '999';

function lineItemDefaults(): Omit<LineItem, 'id' | 'campaign_id' | 'objective' | 'goal' | 'pay_by' | 'created_at' | 'updated_at'> {
	return {
		name: null,
		product_type: 'PROMOTED_TWEETS',
		placements: ['ALL_ON_TWITTER'],
		bid_strategy: 'AUTO',
		bid_amount_local_micro: null,
		target_cpa_local_micro: null,
		primary_web_event_tag: null,
		start_time: null,
		end_time: null,
		duration_in_days: 7,
		frequency_cap: null,
		standard_delivery: true,
		automatic_tweet_promotion: null,
		total_budget_amount_local_micro: null,
		daily_budget_amount_local_micro: null,
		entity_status: 'ACTIVE',
		audience_expansion: null,
		advertiser_user_id: null,
		advertiser_domain: null,
		android_app_store_identifier: null,
		ios_app_store_identifier: null,
		categories: [],
		currency: 'USD',
		creative_source: 'MANUAL',
		deleted: false,
	};
}

/**
 * users[0]'s first account of the environment gets 3 apps, 2 campaigns, 3 line items (ENGAGEMENTS,
 * REACH, APP_INSTALLS), a curated category link, features and account history. The curated
 * category catalogue is the same in both environments (ids differ per environment).
 */
function seedCampaignData(store: Store, identity: Identity, envName: AdsEnvironment): void {
	const env = store.ads[envName];
	const ids = identity.campaignSeeds[envName];
	const accountId = identity.seedAccountIds[PRIMARY_SEED_ACCOUNT[envName]];
	const owner = store.users[0].userId;

	// Account apps.
	const apps: Array<Omit<AccountApp, 'id' | 'created_at' | 'updated_at' | 'deleted'>> = [
		{ app_store_identifier: '333903271', os_type: 'IOS', conversion_tracking_enabled: true, deep_link_pattern: 'acmeshoes://product/*' },
		{ app_store_identifier: 'com.acme.shoes', os_type: 'ANDROID', conversion_tracking_enabled: true, deep_link_pattern: 'acmeshoes://product/*' },
		{ app_store_identifier: 'com.acme.outlet', os_type: 'ANDROID', conversion_tracking_enabled: false, deep_link_pattern: 'acmeoutlet://' },
	];
	env.accountApps.set(
		accountId,
		apps.map((a, i) => {
			const at = adsTime(Date.parse('2025-06-01T09:00:00Z') + i * 86_400_000);
			return { id: ids.accountApps[i], ...a, created_at: at, updated_at: at, deleted: false };
		}),
	);

	// Campaigns (no endpoint; referenced by line items and history).
	const campaignBase = {
		accountId,
		entity_status: 'ACTIVE' as const,
		currency: 'USD',
		total_budget_amount_local_micro: null,
		purchase_order_number: null,
		standard_delivery: null,
		frequency_cap: null,
		duration_in_days: null,
		deleted: false,
	};
	const [springId, appsId] = ids.campaigns;
	const spring: CampaignRecord = {
		id: springId,
		name: 'Spring Sale',
		budget_optimization: 'LINE_ITEM',
		funding_instrument_id: ids.more.fundingInstruments[0],
		daily_budget_amount_local_micro: 50_000_000,
		created_at: '2026-01-01T09:45:00Z',
		updated_at: '2026-01-02T16:00:00Z',
		...campaignBase,
	};
	const appCampaign: CampaignRecord = {
		id: appsId,
		name: 'App Installs',
		budget_optimization: 'LINE_ITEM',
		funding_instrument_id: ids.more.fundingInstruments[1],
		daily_budget_amount_local_micro: 20_000_000,
		created_at: '2026-01-01T11:00:00Z',
		updated_at: '2026-01-01T11:00:00Z',
		...campaignBase,
	};
	env.campaigns.set(spring.id, spring);
	env.campaigns.set(appCampaign.id, appCampaign);
	const byOwner = { user_id: owner, platform: 'WEB' };
	recordHistory(env, accountId, {
		change_by: byOwner,
		change_time: spring.created_at,
		change_type: 'CREATE',
		entity: 'CAMPAIGN',
		entity_id: spring.id,
		entity_data: { ...publicView(spring), entity_status: 'PAUSED', updated_at: spring.created_at },
	});

	// Line items.
	const engagements: LineItemRecord = {
		...lineItemDefaults(),
		accountId,
		id: ids.lineItems.engagements,
		campaign_id: spring.id,
		name: 'Spring Engagements',
		objective: 'ENGAGEMENTS',
		goal: 'ENGAGEMENT',
		pay_by: 'ENGAGEMENT',
		start_time: '2026-01-05T00:00:00Z',
		total_budget_amount_local_micro: 500_000_000,
		created_at: '2026-01-01T10:15:00Z',
		updated_at: '2026-01-03T08:00:00Z',
	};
	const reach: LineItemRecord = {
		...lineItemDefaults(),
		accountId,
		id: ids.lineItems.reach,
		campaign_id: spring.id,
		name: 'Spring Reach',
		objective: 'REACH',
		goal: 'MAX_REACH',
		pay_by: 'IMPRESSION',
		placements: ['TWITTER_TIMELINE', 'PUBLISHER_NETWORK'],
		advertiser_domain: 'acme-shoes.example',
		categories: ['IAB22'],
		start_time: '2026-02-01T00:00:00Z',
		end_time: '2026-12-31T00:00:00Z',
		frequency_cap: 3,
		duration_in_days: 7,
		total_budget_amount_local_micro: 100_000_000,
		daily_budget_amount_local_micro: 10_000_000,
		created_at: '2026-01-01T11:30:00Z',
		updated_at: '2026-01-01T11:30:00Z',
	};
	const appInstalls: LineItemRecord = {
		...lineItemDefaults(),
		accountId,
		id: ids.lineItems.appInstalls,
		campaign_id: appCampaign.id,
		name: 'Shoe App Installs',
		objective: 'APP_INSTALLS',
		goal: 'APP_INSTALLS',
		pay_by: 'IMPRESSION',
		android_app_store_identifier: 'com.acme.shoes',
		ios_app_store_identifier: '333903271',
		start_time: '2026-01-10T00:00:00Z',
		total_budget_amount_local_micro: 250_000_000,
		created_at: '2026-01-01T12:00:00Z',
		updated_at: '2026-01-01T12:00:00Z',
	};
	for (const li of [engagements, reach, appInstalls]) env.lineItems.set(li.id, li);

	// History of the engagements line item: created paused, activated, renamed by someone else.
	const engagementsNow = publicView(engagements);
	const created = { ...engagementsNow, name: 'Spring Engagements (draft)', entity_status: 'PAUSED', updated_at: engagements.created_at };
	const activated = { ...created, entity_status: 'ACTIVE', updated_at: '2026-01-01T12:30:00Z' };
	const history: Array<[string, HistoryEntry['change_type'], { user_id: string; platform: string }, object]> = [
		['2026-01-01T10:15:00Z', 'CREATE', byOwner, created],
		['2026-01-01T12:30:00Z', 'UPDATE', byOwner, activated],
	];
	for (const [time, type, by, data] of history) {
		recordHistory(env, accountId, { change_by: by, change_time: time, change_type: type, entity: 'LINE_ITEM', entity_id: engagements.id, entity_data: data });
	}
	for (const li of [reach, appInstalls]) {
		recordHistory(env, accountId, { change_by: byOwner, change_time: li.created_at, change_type: 'CREATE', entity: 'LINE_ITEM', entity_id: li.id, entity_data: publicView(li) });
	}
	recordHistory(env, accountId, { change_by: byOwner, change_time: spring.updated_at, change_type: 'UPDATE', entity: 'CAMPAIGN', entity_id: spring.id, entity_data: publicView(spring) });
	recordHistory(env, accountId, {
		change_by: { user_id: HISTORY_OTHER_USER_ID, platform: 'API' },
		change_time: '2026-01-03T08:00:00Z',
		change_type: 'UPDATE',
		entity: 'LINE_ITEM',
		entity_id: engagements.id,
		entity_data: engagementsNow,
	});

	// Curated category catalogue and one link.
	const catalogue: Array<Omit<CuratedCategory, 'id' | 'created_at' | 'updated_at'>> = [
		{
			name: 'Sports',
			description: 'Premium sports publishers',
			country_codes: ['US'],
			publisher_user_ids: ['1469758423451230001', '1469758423451230002'],
			videos_monetized_in_last_thirty_days: 1840,
		},
		{
			name: 'News & Entertainment',
			description: 'News and entertainment video publishers',
			country_codes: ['US', 'GB'],
			publisher_user_ids: ['1469758423451230003'],
			videos_monetized_in_last_thirty_days: 5210,
		},
	];
	catalogue.forEach((c, i) => {
		const at = adsTime(Date.parse('2025-01-15T00:00:00Z') + i * 86_400_000);
		env.curatedCategories.set(ids.curatedCategories[i], { id: ids.curatedCategories[i], ...c, created_at: at, updated_at: at });
	});
	const link: LineItemCuratedCategoryRecord = {
		accountId,
		id: ids.lineItemCuratedCategory,
		line_item_id: engagements.id,
		curated_category_id: ids.curatedCategories[0],
		created_at: '2026-01-02T09:00:00Z',
		updated_at: '2026-01-02T09:00:00Z',
		deleted: false,
	};
	env.lineItemCuratedCategories.set(link.id, link);
	env.lineItemCuratedCategoriesByAccount.set(accountId, [link]);

	seedCampaignState(env, ids.more, accountId, owner, lineItemDefaults(), identity.creativeSeeds[envName].postId);

	env.features.set(accountId, [...SEED_FEATURES[envName]]);
	// History is kept in change order (live changes are appended later, at the current time).
	env.history.get(accountId)!.sort((a, b) => (a.change_time < b.change_time ? -1 : a.change_time > b.change_time ? 1 : 0));
}
