/**
 * Control operations for tests: in-process (EmulatorControl) and over HTTP under /_emulator.
 * The control API needs no auth, is not logged, and is not subject to faults or rate limits.
 */
import { enqueueFaults, setRandomFaults } from './faults';
import type { EmulatorResponse } from './http';
import { setBudget } from './ratelimit';
import { serializeCreatives } from './state/creatives';
import { createMediaUploadControl, type MediaUploadControl } from './state/mediaUploads';
import { createCatalogAudienceControl, handleCatalogAudienceControl, serializeCatalogsAndAudiences, type CatalogAudienceControl } from './state/catalogAudienceControl';
import { revokeBearer } from './routes/oauth';
import { createMeasurementControl, handleMeasurementControl, type MeasurementControl } from './routes/measurement';
import { createStatsControl, handleStatsControl, type StatsControl } from './state/statsControl';
import { createWebhookControl, type WebhookControl } from './webhookControl';
import { createPlatformControl, type PlatformControl } from './state/platformControl';
import {
	createStore,
	fixturesOf,
	newTokenPair,
	publicView,
	registerAccessToken,
	seedAccounts,
	type EmulatorFixtures,
	type EmulatorStats,
	type FaultSpec,
	type Identity,
	type RandomFaultOptions,
	type RateBudget,
	type RequestLogEntry,
	type SeedAccountsOptions,
	type Store,
	type UserRecord,
} from './store';

export type DeepReadonly<T> = T extends (...args: never[]) => unknown
	? T
	: T extends Map<infer K, infer V>
		? ReadonlyMap<K, DeepReadonly<V>>
		: T extends Set<infer V>
			? ReadonlySet<DeepReadonly<V>>
			: T extends object
				? { readonly [P in keyof T]: DeepReadonly<T[P]> }
				: T;

export interface EmulatorControl extends MediaUploadControl, CatalogAudienceControl, WebhookControl, PlatformControl, StatsControl, MeasurementControl {
	/** Back to the seed state: clears the request log, faults, rate-limit budgets and issued tokens. */
	reset(): void;
	/** Creates `count` more accounts (default: production, owned by users[0]); returns their ids. */
	seedAccounts(count: number, opts?: SeedAccountsOptions): string[];
	/** Queues faults for the next matching requests. */
	injectFaults(faults: FaultSpec[]): void;
	/** Random faults with a seeded PRNG; null turns them off. */
	setRandomFaults(opts: RandomFaultOptions | null): void;
	/** Budget for an endpoint key such as "GET /12/accounts" or "GET /12/accounts/:account_id". */
	setRateLimit(endpointKey: string, budget: RateBudget): void;
	/** "Too frequent" rule of POST oauth2/token (default: more than 10 per 60 seconds -> 403 code 99). */
	setBearerTokenLimit(budget: RateBudget): void;
	requests(): RequestLogEntry[];
	clearRequests(): void;
	/** Simulates X revoking the app's bearer token; returns the revoked token (null if none was issued). */
	invalidateBearer(): string | null;
	/** Issues a fresh access token for users[userIndex] (the old one is invalidated); returns the updated user. */
	reissueAccessToken(userIndex: number): UserRecord;
	stats(): EmulatorStats;
	/** The live store, typed read-only, for assertions. */
	state(): DeepReadonly<Store>;
	/** Stable ids of the campaign-management seed per environment (the same after reset()). */
	fixtures(): EmulatorFixtures;
	/** Moves the emulator's clock (ctx.now of every route) forward by ms, e.g. past a poll's end_time. */
	advanceClock(ms: number): void;
	/** The emulator's current time in epoch ms (real time plus every advanceClock). */
	now(): number;
}

/** What the control needs from the running emulator. */
export interface ControlHost {
	identity: Identity;
	store: Store;
	info(): unknown;
}

export function createControl(host: ControlHost): EmulatorControl {
	return {
		reset() {
			host.store = createStore(host.identity);
		},
		seedAccounts(count, opts) {
			return seedAccounts(host.store, count, opts);
		},
		injectFaults(faults) {
			enqueueFaults(host.store, faults);
		},
		setRandomFaults(opts) {
			setRandomFaults(host.store, opts);
		},
		setRateLimit(endpointKey, budget) {
			setBudget(host.store, endpointKey, budget);
		},
		setBearerTokenLimit(budget) {
			if (!Number.isInteger(budget.limit) || budget.limit < 0 || !(budget.windowSeconds > 0)) {
				throw new Error('invalid bearer token limit');
			}
			host.store.bearer.limit = { limit: budget.limit, windowSeconds: budget.windowSeconds };
			host.store.bearer.recentRequests = [];
		},
		requests() {
			return host.store.log.map((e) => ({ ...e, headers: { ...e.headers } }));
		},
		clearRequests() {
			host.store.log = [];
		},
		invalidateBearer() {
			return revokeBearer(host.store);
		},
		reissueAccessToken(userIndex) {
			const store = host.store;
			const user = store.users[userIndex];
			if (!user) throw new Error(`no user at index ${userIndex}`);
			const old = store.accessTokens.get(user.accessToken);
			if (old) old.invalidated = true;
			Object.assign(user, newTokenPair(user.userId));
			registerAccessToken(store, user);
			return { ...user };
		},
		stats() {
			return { ...host.store.stats };
		},
		state() {
			return host.store as DeepReadonly<Store>;
		},
		fixtures() {
			return fixturesOf(host.identity);
		},
		advanceClock(ms) {
			if (!Number.isFinite(ms) || ms < 0) throw new Error('advanceClock takes a non-negative number of ms');
			host.store.clockOffsetMs += ms;
		},
		now() {
			return Date.now() + host.store.clockOffsetMs;
		},
		...createCatalogAudienceControl(() => host.store),
		...createMediaUploadControl(() => host.store),
		...createWebhookControl(() => host.store),
		...createStatsControl(() => host.store),
		...createMeasurementControl(() => host.store),
		...createPlatformControl(() => host.store),
	};
}

/** JSON-friendly snapshot of the store (Maps and Sets become arrays and objects). */
export function serializeState(store: Store): unknown {
	const env = (e: Store['ads']['production']) => ({
		accounts: [...e.accounts.values()].map((r) => ({ ...r.account, owner_user_id: r.ownerId })),
		accountApps: Object.fromEntries(e.accountApps),
		campaigns: [...e.campaigns.values()].map((c) => ({ ...publicView(c), account_id: c.accountId })),
		lineItems: [...e.lineItems.values()].map((li) => ({ ...publicView(li), account_id: li.accountId })),
		curatedCategories: [...e.curatedCategories.values()],
		lineItemCuratedCategories: [...e.lineItemCuratedCategories.values()].map((r) => ({ ...publicView(r), account_id: r.accountId })),
		history: Object.fromEntries(e.history),
		features: Object.fromEntries(e.features),
		creatives: serializeCreatives(e.creatives),
		...serializeCatalogsAndAudiences(e),
	});
	return {
		app: store.app,
		users: store.users,
		accessTokens: [...store.accessTokens.values()],
		bearer: { current: store.bearer.current, revoked: [...store.bearer.revoked], limit: store.bearer.limit },
		ads: { production: env(store.ads.production), sandbox: env(store.ads.sandbox) },
		webhooks: store.webhooks,
		rateLimits: { budgets: Object.fromEntries(store.rateLimits.budgets) },
		faults: { queue: store.faults.queue, random: store.faults.random ? { ...store.faults.random, next: undefined } : null },
		stats: store.stats,
	};
}

const json = (body: unknown, status = 200): EmulatorResponse => ({ status, body });

/** HTTP control API. `path` is the part after /_emulator. */
export function handleControlRequest(
	host: ControlHost,
	control: EmulatorControl,
	method: string,
	path: string,
	body: string,
): EmulatorResponse {
	let input: Record<string, unknown> = {};
	if (body.trim() !== '') {
		try {
			input = JSON.parse(body);
		} catch {
			return json({ error: 'body must be JSON' }, 400);
		}
	}
	const route = `${method} ${path.replace(/\/$/, '') || '/'}`;
	try {
		switch (route) {
			case 'GET /':
			case 'GET /info':
				return json(host.info());
			case 'POST /reset':
				control.reset();
				return json({ ok: true });
			case 'POST /seed/accounts': {
				const ids = control.seedAccounts(Number(input.count), {
					prefix: input.prefix as string | undefined,
					environment: input.environment as SeedAccountsOptions['environment'],
					userIndex: input.userIndex as number | undefined,
				});
				return json({ count: ids.length, ids });
			}
			case 'POST /faults': {
				const faults = Array.isArray(input) ? input : (input.faults as FaultSpec[]) ?? [input];
				control.injectFaults(faults as FaultSpec[]);
				return json({ ok: true, queued: host.store.faults.queue.length });
			}
			case 'DELETE /faults':
				host.store.faults.queue = [];
				return json({ ok: true });
			case 'POST /random-faults':
				control.setRandomFaults(input && typeof input.rate === 'number' ? (input as unknown as RandomFaultOptions) : null);
				return json({ ok: true });
			case 'POST /rate-limits':
				control.setRateLimit(String(input.endpoint ?? input.endpointKey), {
					limit: Number(input.limit),
					windowSeconds: Number(input.windowSeconds),
				});
				return json({ ok: true });
			case 'GET /requests':
				return json(control.requests());
			case 'DELETE /requests':
				control.clearRequests();
				return json({ ok: true });
			case 'POST /bearer/invalidate':
				return json({ revoked: control.invalidateBearer() });
			case 'POST /bearer/limit':
				control.setBearerTokenLimit({ limit: Number(input.limit), windowSeconds: Number(input.windowSeconds) });
				return json({ ok: true });
			case 'GET /stats':
				return json(control.stats());
			case 'GET /state':
				return json(serializeState(host.store));
			case 'GET /media-uploads':
				return json(control.mediaUploads());
			case 'GET /fixtures':
				return json(control.fixtures());
			case 'POST /clock':
				control.advanceClock(Number(input.advanceMs));
				return json({ now: control.now() });
		}
		const stats = handleStatsControl(control, route, input);
		if (stats !== null) return json(stats);
		const measurement = handleMeasurementControl(control, route);
		if (measurement !== null) return json(measurement);
		const catalogAudience = handleCatalogAudienceControl(control, route, input);
		if (catalogAudience !== null) return json(catalogAudience);
		const reissue = /^POST \/users\/(\d+)\/reissue$/.exec(route);
		if (reissue) return json(control.reissueAccessToken(Number(reissue[1])));
		return json({ error: `unknown control operation: ${route}` }, 404);
	} catch (e) {
		return json({ error: (e as Error).message }, 400);
	}
}
