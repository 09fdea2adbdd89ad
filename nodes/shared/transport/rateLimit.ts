/** How long to wait before sending again: X's rate-limit headers, Retry-After, or backoff. */

const RESET_MARGIN_MS = 500; // reset is whole epoch seconds; a little slack avoids a second 429
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;

function resetWait(resetHeader: string | undefined, now: number): number | undefined {
	const reset = Number(resetHeader);
	if (!resetHeader || !Number.isFinite(reset)) return undefined;
	return Math.max(0, reset * 1000 - now) + RESET_MARGIN_MS;
}

/**
 * Wait until the exhausted window resets. The per-account window (x-account-rate-limit-*, Ads GET
 * endpoints) takes precedence over the per-app one (x-rate-limit-*), as X documents.
 */
export function rateLimitWaitMs(headers: Record<string, string>, now = Date.now()): number | undefined {
	const windows = ['x-account-rate-limit', 'x-rate-limit'];
	const exhausted = windows.find((w) => headers[`${w}-remaining`] === '0' && headers[`${w}-reset`]);
	const chosen = exhausted ?? windows.find((w) => headers[`${w}-reset`]);
	return chosen ? resetWait(headers[`${chosen}-reset`], now) : undefined;
}

/** Retry-After as seconds or an HTTP date. */
export function retryAfterMs(headers: Record<string, string>, now = Date.now()): number | undefined {
	const value = headers['retry-after'];
	if (!value) return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(value);
	return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** Exponential backoff with jitter (half fixed, half random) so parallel retries spread out. */
export function backoffMs(attempt: number, random = Math.random): number {
	const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
	return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
