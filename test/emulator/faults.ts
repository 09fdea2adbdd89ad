/**
 * Fault injection for retry tests: a queue of faults consumed by the next matching requests,
 * plus an optional seeded random mode for soak tests.
 */
import type { Base, FaultKind, FaultMatch, FaultSpec, RandomFaultOptions, Store } from './store';
import { mulberry32 } from './util';

const KINDS: FaultKind[] = ['rate_limit', 'server_error', 'drop', 'latency', 'lose_answer'];
const STATUSES = [500, 502, 503, 504];

export interface FaultTarget {
	base: Base;
	method: string;
	path: string;
}

export function validateFault(f: FaultSpec): FaultSpec {
	if (!f || !KINDS.includes(f.kind)) throw new Error(`unknown fault kind: ${f?.kind}`);
	if (f.kind === 'server_error' && f.status !== undefined && !STATUSES.includes(f.status)) {
		throw new Error('server_error status must be 500, 502, 503 or 504');
	}
	if (f.times !== undefined && (!Number.isInteger(f.times) || f.times < 1)) throw new Error('times must be >= 1');
	return f;
}

export function enqueueFaults(store: Store, faults: FaultSpec[]): void {
	for (const f of faults.map(validateFault)) store.faults.queue.push({ ...f, remaining: f.times ?? 1 });
}

export function setRandomFaults(store: Store, opts: RandomFaultOptions | null): void {
	if (!opts) {
		store.faults.random = null;
		return;
	}
	if (!(opts.rate >= 0 && opts.rate <= 1)) throw new Error('rate must be between 0 and 1');
	for (const k of opts.kinds ?? []) if (!KINDS.includes(k)) throw new Error(`unknown fault kind: ${k}`);
	store.faults.random = { ...opts, next: mulberry32(opts.seed ?? 1) };
}

function matches(m: FaultMatch | undefined, t: FaultTarget): boolean {
	if (!m) return true;
	if (m.base && m.base !== t.base) return false;
	if (m.method && m.method.toUpperCase() !== t.method) return false;
	if (m.path && !t.path.includes(m.path)) return false;
	return true;
}

/** The fault to apply to this request, if any (queued faults first, in order). */
export function takeFault(store: Store, target: FaultTarget): FaultSpec | null {
	const q = store.faults.queue;
	const i = q.findIndex((f) => matches(f.match, target));
	if (i !== -1) {
		const f = q[i];
		if (--f.remaining <= 0) q.splice(i, 1);
		return f;
	}
	const r = store.faults.random;
	if (r && matches(r.match, target) && r.next() < r.rate) {
		const kinds = r.kinds?.length ? r.kinds : (['server_error', 'rate_limit'] as FaultKind[]);
		const kind = kinds[Math.floor(r.next() * kinds.length)];
		return {
			kind,
			status: r.status ?? 503,
			retryAfterSeconds: r.retryAfterSeconds,
			resetInSeconds: r.resetInSeconds ?? 1,
			ms: r.ms ?? 50,
		};
	}
	return null;
}
