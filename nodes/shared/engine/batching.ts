/**
 * Batch endpoints: pack entries into requests under X's limits, and run requests with bounded
 * concurrency without letting a request overtake an earlier one it depends on.
 */
import { sleep } from 'n8n-workflow';

export interface PackLimits {
	maxEntries: number;
	/** Byte limit of the request body, a JSON array of the entries, measured exactly (UTF-8). */
	maxBytes?: number;
}

export interface Packed {
	/** Entry indexes per batch, in input order. */
	batches: number[][];
	/** Entries that alone exceed maxBytes. */
	tooLarge: number[];
}

/**
 * Greedy packing in input order, given each entry's exact JSON size in bytes: a batch closes when
 * one more entry would break either limit (the body is the JSON array of the entries).
 */
export function packBySize(sizes: number[], limits: PackLimits): Packed {
	const batches: number[][] = [];
	const tooLarge: number[] = [];
	const maxBytes = limits.maxBytes ?? Infinity;
	let current: number[] = [];
	let bytes = 2; // the brackets of the JSON array
	sizes.forEach((size, index) => {
		if (size + 2 > maxBytes) {
			tooLarge.push(index);
			return;
		}
		if (current.length >= limits.maxEntries || bytes + (current.length ? 1 : 0) + size > maxBytes) {
			batches.push(current);
			current = [];
			bytes = 2;
		}
		bytes += (current.length ? 1 : 0) + size;
		current.push(index);
	});
	if (current.length) batches.push(current);
	return { batches, tooLarge };
}

/** Indexes of the entries grouped by key, in input order (a request can only address one audience / catalog). */
export function groupBy<T>(entries: T[], keyOf: (entry: T) => string): Map<string, number[]> {
	const groups = new Map<string, number[]>();
	entries.forEach((entry, index) => {
		const key = keyOf(entry);
		const members = groups.get(key);
		if (members) members.push(index);
		else groups.set(key, [index]);
	});
	return groups;
}

export function jsonSize(value: unknown): number {
	return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/**
 * Batches of at most `size` keyed entries where no batch holds a key twice: a repeated key goes
 * into a later batch than its previous occurrence, so applying batches in order keeps input order.
 * Returns, per batch, the indexes of the entries it holds.
 */
export function batchDistinctKeys(keys: string[], size: number): number[][] {
	const batches: number[][] = [];
	const lastBatchOf = new Map<string, number>();
	let firstOpen = 0; // batches before this one are full
	keys.forEach((key, index) => {
		const previous = lastBatchOf.get(key);
		let b = Math.max(firstOpen, previous === undefined ? 0 : previous + 1);
		while (batches[b] && batches[b].length >= size) b++;
		(batches[b] ??= []).push(index);
		lastBatchOf.set(key, b);
		while (batches[firstOpen] && batches[firstOpen].length >= size) firstOpen++;
	});
	return batches;
}

/**
 * Runs tasks with at most `concurrency` in flight. Task i starts only after every task listed in
 * dependsOn[i] has finished. Results (or errors) come back by task index.
 */
export async function runOrdered<R>(
	count: number,
	concurrency: number,
	run: (index: number) => Promise<R>,
	dependsOn: (index: number) => number[] = () => [],
): Promise<Array<R | Error>> {
	const results: Array<R | Error> = new Array(count);
	const done = new Array<boolean>(count).fill(false);
	const started = new Array<boolean>(count).fill(false);
	let running = 0;
	let finished = 0;
	let firstUnstarted = 0; // tasks before it have all started: pumping stays linear over many tasks
	await new Promise<void>((resolve) => {
		const pump = () => {
			if (finished === count) return resolve();
			while (firstUnstarted < count && started[firstUnstarted]) firstUnstarted++;
			for (let i = firstUnstarted; i < count && running < concurrency; i++) {
				if (started[i] || !dependsOn(i).every((d) => done[d])) continue;
				started[i] = true;
				running++;
				run(i)
					.then(
						(r) => (results[i] = r),
						(e: unknown) => (results[i] = e instanceof Error ? e : new Error(String(e))),
					)
					.finally(() => {
						done[i] = true;
						running--;
						finished++;
						pump();
					});
			}
		};
		pump();
	});
	return results;
}

/** Keeps at most `limit` starts in any `windowMs`: X's per-minute limit of batch endpoints, enforced on our side. */
export class StartRateLimiter {
	private readonly starts: number[] = [];

	constructor(
		private readonly limit: number,
		private readonly windowMs: number,
	) {}

	async acquire(): Promise<void> {
		for (;;) {
			const now = Date.now();
			while (this.starts.length && now - this.starts[0] >= this.windowMs) this.starts.shift();
			if (this.starts.length < this.limit) {
				this.starts.push(now);
				return;
			}
			await sleep(this.windowMs - (now - this.starts[0]) + 1);
		}
	}
}

/**
 * X's per-entry answers of a batch by the id each names: X's order is not the order sent (it may
 * list its refusals first), so an entry is matched to what was sent by X's id, never by position.
 * An id answered twice keeps its first answer.
 */
export function answersBy<T extends Record<string, unknown>>(entries: unknown, field: string): Map<string, T> {
	const byId = new Map<string, T>();
	if (!Array.isArray(entries)) return byId;
	for (const entry of entries) {
		const id = entry && typeof entry === 'object' ? (entry as T)[field] : undefined;
		if ((typeof id === 'string' || typeof id === 'number') && !byId.has(String(id))) byId.set(String(id), entry as T);
	}
	return byId;
}
