/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
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

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Parses an ISO 8601 date-time such as 2026-01-01T10:00:00Z (seconds, fraction and zone optional;
 * no zone means UTC) into epoch ms; null for anything else, including impossible dates.
 */
export function parseIsoTime(text: string): number | null {
	const m = ISO_8601.exec(text);
	if (!m) return null;
	const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
	const second = m[6] === undefined ? 0 : Number(m[6]);
	if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
	const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
	let ms = Date.UTC(year, month - 1, day, hour, minute, second, fraction);
	if (new Date(ms).getUTCDate() !== day) return null; // e.g. 2026-02-30
	const zone = m[8];
	if (zone && zone !== 'Z') {
		const digits = zone.replace(':', '');
		const offsetHours = Number(digits.slice(1, 3));
		const offsetMinutes = Number(digits.slice(3, 5));
		if (offsetHours > 23 || offsetMinutes > 59) return null;
		const offset = (offsetHours * 60 + offsetMinutes) * 60_000;
		ms += zone.startsWith('+') ? -offset : offset;
	}
	return ms;
}

/** A new updated_at after `previous`: now, but always at least one second later (timestamps have no ms). */
export function nextUpdatedAt(previous: string, now: number): string {
	const before = Date.parse(previous);
	return adsTime(Number.isNaN(before) ? now : Math.max(now, before + 1000));
}
