/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The soak's fault mix, made of the emulator's own random faults (test/emulator/faults.ts):
 * about `rate` of the matching requests get one of: 429 with a rate-limit reset, 500, 503 with
 * Retry-After, a dropped connection, or a latency spike.
 *
 * The emulator's random mode draws the kind from `kinds` but takes one `status` (and one
 * Retry-After) per configuration, so 500 and 503+Retry-After cannot both be random at once. The
 * mix therefore alternates two seeded configurations (500 without Retry-After, 503 with it) every
 * `rotateMs`. Optionally one fault of every kind is queued first, so that even a short run meets
 * each kind at least once.
 */
import type { EmulatorControl, FaultKind, FaultMatch, FaultSpec, RequestLogEntry } from '../test/emulator';

export interface FaultMixOptions {
	/** Probability that a matching request gets a fault (default 0.2). */
	rate?: number;
	seed?: number;
	/** Which requests may fail (default: every Ads API request). */
	match?: FaultMatch;
	/** How often the 500 and 503 configurations swap (default 100 ms). */
	rotateMs?: number;
	/** Length of a latency spike (default 2,000 ms). */
	spikeMs?: number;
	/** Seconds until the window of an injected 429 resets (default 1: X's reset is whole seconds, so 1 to 2 s). */
	resetInSeconds?: number;
	/** Retry-After of the injected 503s, in seconds (default 1). */
	retryAfterSeconds?: number;
	/** Queue one fault of each kind before the random ones (default false). */
	oneOfEach?: boolean;
}

export const FAULT_KINDS: FaultKind[] = ['rate_limit', 'server_error', 'drop', 'latency'];

export interface FaultMix {
	/** Turns the random faults off (queued faults not yet consumed stay queued). */
	stop(): void;
	readonly options: Required<Omit<FaultMixOptions, 'match'>> & { match: FaultMatch };
}

export function startFaultMix(control: EmulatorControl, options: FaultMixOptions = {}): FaultMix {
	const o = {
		rate: options.rate ?? 0.2,
		seed: options.seed ?? 20260509,
		match: options.match ?? { base: 'ads' as const },
		rotateMs: options.rotateMs ?? 100,
		spikeMs: options.spikeMs ?? 2000,
		resetInSeconds: options.resetInSeconds ?? 1,
		retryAfterSeconds: options.retryAfterSeconds ?? 1,
		oneOfEach: options.oneOfEach ?? false,
	};
	if (o.oneOfEach) {
		const queued: FaultSpec[] = [
			{ kind: 'rate_limit', match: o.match, resetInSeconds: o.resetInSeconds },
			{ kind: 'server_error', match: o.match, status: 500 },
			{ kind: 'server_error', match: o.match, status: 503, retryAfterSeconds: o.retryAfterSeconds },
			{ kind: 'drop', match: o.match },
			{ kind: 'latency', match: o.match, ms: o.spikeMs },
		];
		control.injectFaults(queued);
	}
	let round = 0;
	const apply = () => {
		const with503 = round % 2 === 1;
		control.setRandomFaults({
			rate: o.rate,
			seed: o.seed + round,
			kinds: FAULT_KINDS,
			match: o.match,
			status: with503 ? 503 : 500,
			...(with503 ? { retryAfterSeconds: o.retryAfterSeconds } : {}),
			resetInSeconds: o.resetInSeconds,
			ms: o.spikeMs,
		});
		round++;
	};
	apply();
	const timer = setInterval(apply, o.rotateMs);
	timer.unref();
	return {
		options: o,
		stop() {
			clearInterval(timer);
			control.setRandomFaults(null);
		},
	};
}

export interface FaultCounts {
	rate_limit: number;
	server_500: number;
	server_503: number;
	drop: number;
	latency: number;
	total: number;
}

/** The faults the emulator applied, by kind, from its request log. */
export function countFaults(log: RequestLogEntry[]): FaultCounts {
	const c: FaultCounts = { rate_limit: 0, server_500: 0, server_503: 0, drop: 0, latency: 0, total: 0 };
	for (const e of log) {
		if (!e.fault) continue;
		c.total++;
		if (e.fault === 'server_error') {
			if (e.status === 503) c.server_503++;
			else c.server_500++;
		} else if (e.fault !== 'lose_answer') c[e.fault]++; // the bench's random mix never injects lost answers
	}
	return c;
}
