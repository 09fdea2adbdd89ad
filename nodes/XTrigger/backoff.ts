/**
 * Waits between connection attempts of a stream, as X's "Handling disconnections" guide asks
 * (https://docs.x.com/x-api/fundamentals/handling-disconnections, linked from the filtered stream
 * pages): after a dropped connection, network errors back off linearly (250 ms more each attempt,
 * at most 16 s), HTTP errors exponentially (5 s, doubling, at most 320 s) and 429s from a minute,
 * doubling. Each kind counts its own attempts; none is ever above the cap the user sets. Only a
 * connection that proved itself (a new event, or a keep-alive after 20 s) starts the counts again,
 * so a stream that is accepted and dropped at once keeps backing off.
 */

/** X's linear step for network errors; also the wait after a connection that proved itself ended. */
export const NETWORK_STEP_MS = 250;
/** X's ceiling for network errors ("generally temporary"). */
export const NETWORK_MAX_MS = 16_000;
/** X's first wait after an HTTP error, doubling from there. */
export const HTTP_ERROR_FIRST_MS = 5_000;
/** After a 429 (a rate limit, or TooManyConnections) X asks for a minute at least, doubling. */
export const RATE_LIMITED_FIRST_MS = 60_000;
/** A keep-alive proves a connection only after this long (X sends one every 20 seconds). */
export const PROVEN_AFTER_MS = 20_000;
/** The default cap of the wait (X's cap for HTTP errors). */
export const DEFAULT_MAX_RECONNECT_WAIT_S = 320;

/** How the last attempt failed, for X's schedules. */
export type AttemptFailure = 'network' | 'http' | 'rateLimited';

/** Each schedule in words, for the log line of every reconnect. */
export const SCHEDULE_WORDS: Record<AttemptFailure, string> = {
	network: 'a dropped connection or a network error X asks for 0.25 s more each time, up to 16 s',
	http: 'an HTTP error X asks for 5 s, doubling',
	rateLimited: 'a 429 X asks for 60 s, doubling',
};

export class ReconnectBackoff {
	/** Attempts in a row that did not prove themselves, of any kind. */
	failures = 0;
	/** How the last attempt failed. */
	lastKind: AttemptFailure = 'network';
	private readonly counts: Record<AttemptFailure, number> = { network: 0, http: 0, rateLimited: 0 };

	constructor(private readonly maxWaitMs: number) {}

	/** A connection delivered a new event, or a keep-alive after PROVEN_AFTER_MS. */
	proven(): void {
		this.failures = 0;
		this.counts.network = this.counts.http = this.counts.rateLimited = 0;
	}

	/**
	 * The wait before the next attempt after one that failed as `kind` says (a connection that
	 * ended counts as a network failure: the first reconnect after a proven one is X's "at once",
	 * 250 ms). For a 429, `askedMs` is what X's headers ask, taken when longer than the schedule.
	 */
	next(kind: AttemptFailure, askedMs = 0): number {
		const n = this.counts[kind]++;
		this.failures++;
		this.lastKind = kind;
		const wait =
			kind === 'network'
				? Math.min(NETWORK_MAX_MS, NETWORK_STEP_MS * (n + 1))
				: kind === 'http'
					? HTTP_ERROR_FIRST_MS * 2 ** Math.min(n, 30)
					: Math.max(RATE_LIMITED_FIRST_MS * 2 ** Math.min(n, 30), askedMs);
		return Math.min(this.maxWaitMs, wait);
	}
}
