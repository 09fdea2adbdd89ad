/**
 * Webhook deliveries of X: CRC answers, signature checks, and splitting a delivery into events.
 * Kept free of n8n types so the rules are easy to read and test.
 */
import { createHash, createHmac, hash, timingSafeEqual } from 'node:crypto';

import type { Scrub } from '../shared/transport/jsonReader';
import { JsonLimitError, readJson } from '../shared/transport/jsonReader';

/** A crc_token X would send; anything else is refused so the CRC cannot sign attacker-chosen data. */
export const CRC_TOKEN = /^[A-Za-z0-9+/=_-]{16,128}$/;

export function hmacSha256Base64(secret: string, data: string | Buffer): string {
	return createHmac('sha256', secret).update(data).digest('base64');
}

export function crcResponseToken(consumerSecret: string, crcToken: string): string {
	return `sha256=${hmacSha256Base64(consumerSecret, crcToken)}`;
}

/** Constant-time check of x-twitter-webhooks-signature over the raw body bytes. */
export function signatureMatches(consumerSecret: string, rawBody: Buffer, header: string | undefined): boolean {
	if (!header) return false;
	const expected = Buffer.from(`sha256=${hmacSha256Base64(consumerSecret, rawBody)}`);
	const given = Buffer.from(header.trim());
	return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Limits of a delivery body. X's deliveries are small (a batch of Account Activity events is some
 * kB, a few hundred kB at most); a body beyond these is refused before any execution.
 */
export const MAX_DELIVERY_BYTES = 1024 * 1024;
/** Objects and arrays inside each other; X's events nest about ten levels. */
export const MAX_DELIVERY_DEPTH = 64;

/** A delivery the trigger refuses: the status to answer and why, in words. */
export interface Refusal {
	status: number;
	error: string;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON value of a delivery's raw bytes (UTF-8, as RFC 8259 requires; a byte order mark is
 * skipped as n8n does), within MAX_DELIVERY_BYTES and MAX_DELIVERY_DEPTH, or why it is refused; read
 * by the package's one reader of X (integers beyond 2^53 as strings of their digits; X's strings
 * scrubbed of the credential's secrets when a scrub is given).
 */
export function readDelivery(raw: Buffer, limits = { maxBytes: MAX_DELIVERY_BYTES, maxDepth: MAX_DELIVERY_DEPTH }, scrub?: Scrub): { body?: unknown; refused?: Refusal } {
	if (raw.length > limits.maxBytes) return { refused: { status: 413, error: `body is larger than ${limits.maxBytes} bytes` } };
	let text: string | undefined;
	try {
		text = UTF8.decode(raw);
	} catch {
		text = undefined;
	}
	if (text === undefined) return { refused: { status: 400, error: 'body is not JSON: not UTF-8' } };
	try {
		return { body: readJson(text, { maxDepth: limits.maxDepth, scrub }) };
	} catch (error) {
		return { refused: { status: 400, error: error instanceof JsonLimitError ? `body ${error.message}` : `body is not JSON: ${(error as Error).message}` } };
	}
}

export interface XEvent {
	kind: string;
	id: string;
	forUserId?: string;
	payload: unknown;
}

type Json = Record<string, unknown>;

/** Account Activity arrays and the event kind their entries are. */
export const ACTIVITY_ARRAYS: Record<string, string> = {
	tweet_create_events: 'post.create',
	tweet_delete_events: 'post.delete',
	direct_message_events: 'MessageCreate',
	direct_message_indicate_typing_events: 'dm.indicate_typing',
	direct_message_mark_read_events: 'dm.read',
	favorite_events: 'favorite',
	follow_events: 'follow',
	block_events: 'block',
	mute_events: 'mute',
	user_event: 'user_event',
};

function firstString(...values: unknown[]): string | undefined {
	const found = values.find((v) => (typeof v === 'string' && v) || typeof v === 'number');
	return found === undefined ? undefined : String(found);
}

/**
 * A stable id: X's own event id when it has one (event_uuid of Activity API events), else a hash
 * of the event's content (a retry carries the same bytes). The id of the payload is not used: it
 * names the post or user the event is about, so two events about the same user would collide.
 */
function eventId(kind: string, event: Json): string {
	const data = (event.data ?? {}) as Json;
	return (
		firstString(event.event_uuid, event.event_id, event.id_str, event.id, data.event_uuid, data.event_id, data.id) ??
		createHash('sha256').update(`${kind}\n${JSON.stringify(event)}`).digest('hex')
	);
}

/** One delivery into its events: batched Account Activity arrays are split, each event keeps for_user_id and its kind. */
export function splitDelivery(body: unknown): XEvent[] {
	if (Array.isArray(body)) return body.flatMap((entry) => splitDelivery(entry));
	if (!body || typeof body !== 'object') return [];
	const delivery = body as Json;
	const forUserId = firstString(delivery.for_user_id);
	const events: XEvent[] = [];
	for (const [key, kind] of Object.entries(ACTIVITY_ARRAYS)) {
		const list = delivery[key];
		if (!Array.isArray(list)) continue;
		for (const entry of list as Json[]) {
			// The spec's kind (MessageCreate for direct messages); X's own type stays in the payload.
			events.push({ kind, id: eventId(kind, entry), forUserId, payload: entry });
		}
	}
	if (events.length) return events;
	// Activity API and other single-event deliveries: {event_type, ...} or {data: {event_type, ...}}.
	const data = (delivery.data ?? {}) as Json;
	const kind = firstString(delivery.event_type, data.event_type, delivery.type, data.type) ?? (delivery.matching_rules ? 'post.match' : 'unknown');
	// Activity API events name the subscribed user in their filter.
	const filter = (data.filter ?? {}) as Json;
	return [{ kind, id: eventId(kind, delivery), forUserId: forUserId ?? firstString(data.for_user_id, filter.user_id), payload: delivery }];
}

/** Characters of an event fingerprint: 72 bits of SHA-256, so a few thousand never collide in practice. */
const FINGERPRINT_LENGTH = 12;

export function eventFingerprint(key: string): string {
	return hash('sha256', key, 'base64url').slice(0, FINGERPRINT_LENGTH);
}

/**
 * The most recent events, oldest first, at most `limit`. n8n loads and saves a workflow's static
 * data for every delivery, so they are saved as one string of fixed-width fingerprints (12
 * characters an event) rather than as a long JSON array of ids.
 */
export class RecentEvents {
	private order: string[];
	private known: Set<string>;
	/** The static data text last merged. */
	private merged?: string;

	constructor(
		private readonly limit: number,
		saved?: unknown,
	) {
		this.order = [];
		this.known = new Set();
		this.merge(saved);
	}

	/**
	 * Takes in what static data holds now: in queue mode several webhook processes share it, each
	 * with its own memory, so one process's memory alone would let a duplicate through that another
	 * process answered. What only this process knows comes first (fingerprints the saved list has
	 * dropped as old, or lost to a concurrent save), then the saved list, the newest all processes
	 * agreed on; the oldest beyond the limit are forgotten. Unchanged static data costs nothing.
	 */
	merge(saved: unknown): void {
		const text = typeof saved === 'string' ? saved : '';
		if (text === this.merged) return;
		this.merged = text;
		const fromSaved: string[] = [];
		for (let at = 0; at + FINGERPRINT_LENGTH <= text.length; at += FINGERPRINT_LENGTH) fromSaved.push(text.slice(at, at + FINGERPRINT_LENGTH));
		const inSaved = new Set(fromSaved);
		const order = this.order.filter((fingerprint) => !inSaved.has(fingerprint));
		const known = new Set(order);
		for (const fingerprint of fromSaved) {
			if (!known.has(fingerprint)) {
				order.push(fingerprint);
				known.add(fingerprint);
			}
		}
		for (const fingerprint of order.splice(0, Math.max(0, order.length - this.limit))) known.delete(fingerprint);
		this.order = order;
		this.known = known;
	}

	/** Whether the event is new; it is remembered either way. */
	remember(key: string): boolean {
		const fingerprint = eventFingerprint(key);
		if (this.known.has(fingerprint)) return false;
		this.order.push(fingerprint);
		this.known.add(fingerprint);
		if (this.order.length > this.limit) this.known.delete(this.order.shift()!);
		return true;
	}

	get size(): number {
		return this.order.length;
	}

	/** The form kept in static data. */
	toString(): string {
		return this.order.join('');
	}
}
