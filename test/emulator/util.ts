/** Small shared helpers: ids, timestamps, random strings. */
import { randomBytes, randomInt } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

export function randomString(length: number, alphabet = ALNUM): string {
	const bytes = randomBytes(length);
	let out = '';
	for (let i = 0; i < length; i++) out += alphabet[bytes[i] % alphabet.length];
	return out;
}

/** X Ads ids are short lowercase base-36 strings such as "18ce54d4x5t". */
export function adsId(length = 11): string {
	// A leading digit keeps the look of real ids; the rest is random base-36.
	return String(randomInt(1, 10)) + randomString(length - 1, BASE36);
}

/** Numeric id like X's snowflakes (used for webhooks and users). */
export function snowflake(): string {
	return String(randomInt(1, 10)) + randomString(18, '0123456789');
}

/** X Ads timestamps: ISO 8601 UTC without milliseconds, e.g. 2017-05-26T12:13:14Z. */
export function adsTime(ms: number): string {
	return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** v2 timestamps keep milliseconds, e.g. 2026-01-02T03:04:05.000Z. */
export function v2Time(ms: number): string {
	return new Date(ms).toISOString();
}

/** Deterministic PRNG (mulberry32) so random fault runs can be replayed from a seed. */
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
