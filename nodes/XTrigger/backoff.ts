/**
 * Waits between connection attempts of the activity stream. The wait doubles with every attempt
 * that did not prove itself (an error answer, a failed connect, a connection that ended before it
 * delivered a new event or lived long enough for a keep-alive), up to a cap the user sets; only a
 * connection that proved itself starts the count again.
 */

/** The first wait after a connection that proved itself ended (X's first step for network errors). */
export const FIRST_RECONNECT_MS = 250;
/** The first wait after an attempt that did not prove itself, doubling from there. */
export const UNPROVEN_RECONNECT_MS = 1000;
/** After a 429 (a rate limit, or TooManyConnections) X asks for a minute at least, doubling. */
export const RATE_LIMITED_WAIT_MS = 60_000;
/** A keep-alive proves a connection only after this long (X sends one every 20 seconds). */
export const PROVEN_AFTER_MS = 20_000;
/** The default cap of the wait (X's cap for HTTP errors). */
export const DEFAULT_MAX_RECONNECT_WAIT_S = 320;

export class ReconnectBackoff {
	/** Attempts in a row that did not prove themselves. */
	failures = 0;

	constructor(private readonly maxWaitMs: number) {}

	/** A connection delivered a new event, or a keep-alive after PROVEN_AFTER_MS. */
	proven(): void {
		this.failures = 0;
	}

	/** The wait before the next attempt, after one that ended as said (counted as a failure unless proven). */
	next(): number {
		const wait = this.failures === 0 ? FIRST_RECONNECT_MS : UNPROVEN_RECONNECT_MS * 2 ** Math.min(this.failures - 1, 30);
		this.failures++;
		return Math.min(this.maxWaitMs, wait);
	}

	/**
	 * The wait after a 429: X's minute, doubling with every attempt in a row, or longer when X's
	 * headers ask it (askedMs); never beyond the cap, whatever X's headers say.
	 */
	rateLimited(askedMs = 0): number {
		const wait = Math.max(RATE_LIMITED_WAIT_MS * 2 ** Math.min(this.failures, 30), askedMs);
		this.failures++;
		return Math.min(this.maxWaitMs, wait);
	}
}
