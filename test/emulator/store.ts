/**
 * All emulator state lives in one Store object. reset() replaces it with a fresh seed built from
 * the instance's Identity (keys, tokens and seed ids stay stable for the emulator's lifetime).
 */
import { adsId, adsTime, randomString } from './util';

export type Base = 'api' | 'ads' | 'adsSandbox';
export type AdsEnvironment = 'production' | 'sandbox';

export const INDUSTRY_TYPES = [
	'AGENCY',
	'BUSINESS_TO_BUSINESS',
	'ONLINE_SERVICES',
	'EDUCATION',
	'FINANCIAL',
	'HEALTH',
	'GOVERNMENT',
	'MEDIA',
	'MOBILE',
	'RESTAURANT',
	'RETAIL',
	'TECHNOLOGY',
	'TRAVEL',
	'OTHER',
] as const;
export type IndustryType = (typeof INDUSTRY_TYPES)[number];

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

export interface AdsEnvState {
	accounts: Map<string, AccountRecord>;
	/** Per-user accounts in creation order: list endpoints scan this, so a page costs O(page). */
	byUser: Map<string, AccountRecord[]>;
}

/** v2 webhook (spec doc 01): managed with the app-only bearer token. */
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

export type FaultKind = 'rate_limit' | 'server_error' | 'drop' | 'latency';

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
}

/** Stable per-instance identity: keys, users, and seed account ids survive reset(). */
export interface Identity {
	app: AppCredentials;
	users: UserRecord[];
	seedAccountIds: string[];
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
	};
	for (const u of store.users) registerAccessToken(store, u);
	seedAccountsFor(store, identity);
	return store;
}

function emptyAdsEnv(): AdsEnvState {
	return { accounts: new Map(), byUser: new Map() };
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
