/**
 * Fixed-window rate limits per endpoint key ("GET /12/accounts"). Budgets are configured per key;
 * buckets are kept per key and principal (user, account, or app) so users do not share a budget.
 */
import { DEFAULT_RATE_BUDGET, type RateBudget, type Store } from './store';

export interface RateState {
	limit: number;
	remaining: number;
	/** Epoch seconds at which the window ends. */
	reset: number;
	exceeded: boolean;
}

/** Requests with with_total_count=true have their own, smaller budget (X's authentication and webhook docs, Limits). */
export const TOTAL_COUNT_BUDGET: RateBudget = { limit: 200, windowSeconds: 15 * 60 };
export const TOTAL_COUNT_SUFFIX = ' with_total_count';

export function budgetFor(store: Store, endpointKey: string): RateBudget {
	const configured = store.rateLimits.budgets.get(endpointKey);
	if (configured) return configured;
	return endpointKey.endsWith(TOTAL_COUNT_SUFFIX) ? TOTAL_COUNT_BUDGET : DEFAULT_RATE_BUDGET;
}

function bucket(store: Store, endpointKey: string, principal: string, now: number) {
	const key = `${endpointKey}|${principal}`;
	const budget = budgetFor(store, endpointKey);
	let b = store.rateLimits.buckets.get(key);
	if (!b || now >= b.resetAtMs) {
		b = { used: 0, resetAtMs: now + budget.windowSeconds * 1000 };
		store.rateLimits.buckets.set(key, b);
	}
	return { b, budget };
}

/** Counts one request; exceeded=true when the budget was already used up (the caller answers 429). */
export function take(store: Store, endpointKey: string, principal: string, now: number): RateState {
	const { b, budget } = bucket(store, endpointKey, principal, now);
	const exceeded = b.used >= budget.limit;
	if (!exceeded) b.used++;
	return { limit: budget.limit, remaining: Math.max(0, budget.limit - b.used), reset: Math.ceil(b.resetAtMs / 1000), exceeded };
}

/** Current state without counting (for responses to requests that never reached the endpoint). */
export function peek(store: Store, endpointKey: string, principal: string, now: number): RateState {
	const { b, budget } = bucket(store, endpointKey, principal, now);
	return { limit: budget.limit, remaining: Math.max(0, budget.limit - b.used), reset: Math.ceil(b.resetAtMs / 1000), exceeded: false };
}

export function setBudget(store: Store, endpointKey: string, budget: RateBudget): void {
	if (!Number.isInteger(budget.limit) || budget.limit < 0) throw new Error('limit must be a non-negative integer');
	if (!(budget.windowSeconds > 0)) throw new Error('windowSeconds must be positive');
	store.rateLimits.budgets.set(endpointKey, { limit: budget.limit, windowSeconds: budget.windowSeconds });
	// Start fresh windows so the new budget applies at once.
	for (const key of [...store.rateLimits.buckets.keys()]) {
		if (key.startsWith(`${endpointKey}|`)) store.rateLimits.buckets.delete(key);
	}
}

export function rateHeaders(prefix: 'x-rate-limit' | 'x-account-rate-limit', s: RateState): Record<string, string> {
	return {
		[`${prefix}-limit`]: String(s.limit),
		[`${prefix}-remaining`]: String(s.remaining),
		[`${prefix}-reset`]: String(s.reset),
	};
}
