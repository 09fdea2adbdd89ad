/**
 * The stream's memory of events it emitted, for dropping what a backfill sends again. A reconnect
 * asks for at most 5 minutes (backfill_minutes), so an event must be known for 5 minutes after it
 * came, however many came: every event of the retention window is kept, up to a fixed number, in
 * typed arrays (about 24 bytes an event, allocated once): a ring of 64-bit fingerprints in arrival
 * order and an open-addressing index over it. Checking and adding an event costs one SHA-256 and a
 * few array reads, whatever the size.
 */
import { hash } from 'node:crypto';

/** How long an event is remembered: X's longest backfill (5 minutes) and a minute for clock drift. */
export const STREAM_MEMORY_RETENTION_MS = 6 * 60_000;
/** How many events are remembered at most: 1,000 events a second for 5 minutes. */
export const STREAM_MEMORY_LIMIT = 300_000;

export class StreamMemory {
	private readonly high: Uint32Array;
	private readonly low: Uint32Array;
	private readonly time: Float64Array;
	/** Ring slot + 1 per index slot; 0 is empty. */
	private readonly index: Int32Array;
	private readonly mask: number;
	/** Ring position of the oldest event, and how many are kept. */
	private head = 0;
	private count = 0;
	/** Events forgotten before the retention ended (the limit was reached): a backfill could repeat them. */
	forgottenEarly = 0;
	/** When the most recent event forgotten early came (0: none). */
	forgottenEarlyUntil = 0;

	constructor(
		private readonly limit = STREAM_MEMORY_LIMIT,
		private readonly retentionMs = STREAM_MEMORY_RETENTION_MS,
	) {
		this.high = new Uint32Array(limit);
		this.low = new Uint32Array(limit);
		this.time = new Float64Array(limit);
		let size = 1;
		while (size < limit * 2) size *= 2;
		this.index = new Int32Array(size);
		this.mask = size - 1;
	}

	get size(): number {
		return this.count;
	}

	/** Whether the event (by its key) is new; it is remembered either way. */
	remember(key: string, now = Date.now()): boolean {
		const digest = hash('sha256', key, 'buffer');
		const high = digest.readUInt32LE(0);
		const low = digest.readUInt32LE(4);
		this.forgetOlderThan(now - this.retentionMs);
		let at = low & this.mask;
		for (let slot = this.index[at]; slot !== 0; slot = this.index[at]) {
			if (this.high[slot - 1] === high && this.low[slot - 1] === low) return false;
			at = (at + 1) & this.mask;
		}
		if (this.count === this.limit) {
			this.forgottenEarly++;
			this.forgottenEarlyUntil = this.time[this.head];
			this.forgetOldest();
		}
		const slot = (this.head + this.count) % this.limit;
		this.high[slot] = high;
		this.low[slot] = low;
		this.time[slot] = now;
		this.count++;
		// The probe may have passed the slot freed above: look for the first empty one again.
		at = low & this.mask;
		while (this.index[at] !== 0) at = (at + 1) & this.mask;
		this.index[at] = slot + 1;
		return true;
	}

	/** Whether every event that came since `since` is still known (nothing of that time was forgotten early). */
	covers(since: number): boolean {
		return this.forgottenEarlyUntil < since;
	}

	private forgetOlderThan(oldest: number): void {
		while (this.count && this.time[this.head] < oldest) this.forgetOldest();
	}

	/** Removes the oldest event from the ring and its index entry (backward-shift deletion keeps probes intact). */
	private forgetOldest(): void {
		const slot = this.head;
		let at = this.low[slot] & this.mask;
		while (this.index[at] !== slot + 1) at = (at + 1) & this.mask;
		let hole = at;
		for (let next = (hole + 1) & this.mask; this.index[next] !== 0; next = (next + 1) & this.mask) {
			const home = this.low[this.index[next] - 1] & this.mask;
			// The entry at `next` may move into the hole unless its home lies cyclically in (hole, next].
			const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
			if (!stays) {
				this.index[hole] = this.index[next];
				hole = next;
			}
		}
		this.index[hole] = 0;
		this.head = (this.head + 1) % this.limit;
		this.count--;
	}
}
