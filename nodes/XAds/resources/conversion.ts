/**
 * Web conversions, X's Conversions API (https://docs.x.com/x-ads-api/measurement/web-conversions):
 * one conversion per input item, identifiers normalized and hashed as for audience uploads,
 * sent 500 per request (X's limit per request, https://developer.x.com/en/docs/x-ads-api/measurement/web-conversions/conversions)
 * and never more than 60,000 events per 15 minutes (X's rate limit per account).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { hashIdentifier, identifierCharactersRule, normalizeIdentifier, sha256Hex } from '../../shared/audienceHashing';
import { groupBy } from '../../shared/batching';
import type { CheckedItem, Resource } from '../../shared/endpoints';
import type { RetryPolicy } from '../../shared/transport';
import { adsRequest } from '../../shared/transport';
import { shown } from '../../shared/validation';

export const CONVERSION_LIMITS = { perRequest: 500, eventsPerWindow: 60_000, windowMs: 15 * 60_000 };

const CONTENT_KEYS: Record<string, 'string' | 'number' | 'integer'> = {
	content_id: 'string',
	content_name: 'string',
	content_type: 'string',
	content_price: 'number',
	num_items: 'integer',
	content_group_id: 'string',
};

/** Keeps the events sent in any 15 minutes within X's 60,000 (a request waits until its events fit). */
export class EventBudget {
	private readonly sent: Array<{ at: number; count: number }> = [];

	constructor(
		private readonly limit: number,
		private readonly windowMs: number,
	) {}

	async take(count: number, onWait?: (ms: number) => void): Promise<void> {
		for (;;) {
			const now = Date.now();
			while (this.sent.length && now - this.sent[0].at >= this.windowMs) this.sent.shift();
			const used = this.sent.reduce((n, s) => n + s.count, 0);
			if (used + count <= this.limit || !this.sent.length) {
				this.sent.push({ at: now, count });
				return;
			}
			const wait = this.windowMs - (now - this.sent[0].at) + 1;
			onWait?.(wait);
			await sleep(wait);
		}
	}
}

/** The conversion as X's request body holds it, from the item's checked values. */
function toConversion(values: IDataObject): IDataObject {
	const identifiers: IDataObject[] = [];
	for (const wire of ['twclid', 'hashed_email', 'hashed_phone_number']) if (values[wire] !== undefined) identifiers.push({ [wire]: values[wire] });
	// IP address and user agent travel together, as in X's example request.
	const device: IDataObject = {};
	for (const wire of ['ip_address', 'user_agent']) if (values[wire] !== undefined) device[wire] = values[wire];
	if (Object.keys(device).length) identifiers.push(device);
	const conversion: IDataObject = { conversion_time: values.conversion_time, event_id: values.event_id, identifiers };
	for (const wire of ['value', 'number_items', 'conversion_id', 'description', 'contents']) if (values[wire] !== undefined) conversion[wire] = values[wire];
	return conversion;
}

/** The identifiers sent as they are (trimmed), by wire name: their labels in messages. */
const CONVERSION_IDENTIFIER_LABELS: Record<string, string> = { twclid: 'X Click ID', ip_address: 'IP Address', user_agent: 'User Agent', conversion_id: 'Conversion ID' };

/** Normalizes and hashes the identifiers in place and checks X's rules for them and for contents. */
function checkConversion(values: IDataObject, fail: (field: string, rule: string) => never): void {
	if (values.hashed_email !== undefined) {
		const { value, rule } = hashIdentifier('email', String(values.hashed_email));
		if (rule) fail('Email (hashed_email)', rule);
		values.hashed_email = value;
	}
	if (values.hashed_phone_number !== undefined) {
		const raw = String(values.hashed_phone_number).trim();
		// Digits with the country code, as for audience uploads; X hashes the E.164 form with its +
		// (its example's hash is that of +11234567890).
		const { value, rule } = /^[0-9a-fA-F]{64}$/.test(raw) ? { value: raw.toLowerCase(), rule: undefined } : normalizeIdentifier('phone_number', raw);
		if (rule) fail('Phone Number (hashed_phone_number)', rule);
		values.hashed_phone_number = value!.length === 64 ? value : sha256Hex(`+${value}`);
	}
	for (const wire of Object.keys(CONVERSION_IDENTIFIER_LABELS)) {
		if (typeof values[wire] !== 'string') continue;
		values[wire] = (values[wire] as string).trim();
		const broken = identifierCharactersRule(values[wire] as string);
		if (broken) fail(`${CONVERSION_IDENTIFIER_LABELS[wire]} (${wire})`, broken);
	}
	const strong = ['twclid', 'hashed_email', 'hashed_phone_number'].some((w) => values[w] !== undefined);
	const device = ['ip_address', 'user_agent'].filter((w) => values[w] !== undefined);
	if (!strong && device.length < 2) {
		fail(
			'Identifiers',
			device.length
				? `need a second identifier besides ${device[0] === 'ip_address' ? 'IP Address' : 'User Agent'}: an X Click ID, Email, Phone Number or ${device[0] === 'ip_address' ? 'User Agent' : 'IP Address'} (X matches no conversion on it alone)`
				: 'need at least one: X Click ID (twclid), Email or Phone Number (or IP Address together with User Agent)',
		);
	}
	if (values.ip_address !== undefined && !/^(\d{1,3}\.){3}\d{1,3}$|^[0-9a-fA-F:]+$/.test(String(values.ip_address))) {
		fail('IP Address (ip_address)', `must be an IPv4 address in dotted-decimal form such as 8.25.197.25, or an IPv6 address (got ${shown(values.ip_address)})`);
	}
	if (values.contents !== undefined) {
		const contents = values.contents;
		if (!Array.isArray(contents)) fail('Contents (contents)', `must be a JSON array of objects (got ${shown(contents)})`);
		(contents as unknown[]).forEach((entry, n) => {
			if (!entry || typeof entry !== 'object' || Array.isArray(entry)) fail('Contents (contents)', `entry ${n + 1} must be an object (got ${shown(entry)})`);
			for (const [key, v] of Object.entries(entry as IDataObject)) {
				const kind = CONTENT_KEYS[key];
				if (!kind) fail('Contents (contents)', `entry ${n + 1} has ${key}, which X does not take (${Object.keys(CONTENT_KEYS).join(', ')})`);
				const ok = kind === 'string' ? typeof v === 'string' : kind === 'integer' ? Number.isInteger(v) && (v as number) >= 0 : typeof v === 'number' && Number.isFinite(v) && v >= 0;
				if (!ok) fail('Contents (contents)', `entry ${n + 1}: ${key} must be ${kind === 'string' ? 'text' : kind === 'integer' ? 'a whole number of at least 0' : 'a number of at least 0'} (got ${shown(v)})`);
			}
		});
	}
}

/** Sends the items' conversions, 500 per request per pixel, within X's event budget; each item gets its request's outcome. */
async function sendConversions(ctx: IExecuteFunctions, items: CheckedItem[], policy: RetryPolicy): Promise<Array<IDataObject[] | Error>> {
	const results: Array<IDataObject[] | Error> = new Array(items.length);
	const budget = new EventBudget(CONVERSION_LIMITS.eventsPerWindow, CONVERSION_LIMITS.windowMs);
	let requestNumber = 0;
	for (const members of groupBy(items, (item) => item.request.pathParams!.pixel_id).values()) {
		for (let from = 0; from < members.length; from += CONVERSION_LIMITS.perRequest) {
			const batch = members.slice(from, from + CONVERSION_LIMITS.perRequest);
			const number = ++requestNumber;
			const conversions = batch.map((n) => toConversion(items[n].values));
			await budget.take(batch.length, (ms) => ctx.logger.warn(`X: conversions request ${number} waits ${Math.ceil(ms / 1000)} s: X takes at most ${CONVERSION_LIMITS.eventsPerWindow} events in 15 minutes`));
			try {
				// With a conversion ID on every event X deduplicates them, so a lost answer may be sent again.
				const idempotent = conversions.every((c) => c.conversion_id !== undefined);
				const envelope = await adsRequest(ctx, { ...items[batch[0]].request, body: { conversions }, idempotent }, policy);
				const data = (envelope.data ?? {}) as IDataObject;
				const processed = Number(data.conversions_processed ?? NaN);
				const all = processed === batch.length;
				if (!all) ctx.logger.warn(`X: conversions request ${number} processed ${String(data.conversions_processed)} of ${batch.length} events`);
				for (const n of batch) {
					const v = items[n].values;
					results[n] = [
						{
							status: all ? 'OK' : 'NOT_ALL_PROCESSED',
							pixel_id: items[n].request.pathParams!.pixel_id,
							event_id: v.event_id,
							...(v.conversion_id !== undefined ? { conversion_id: v.conversion_id } : {}),
							request: number,
							conversions_sent: batch.length,
							conversions_processed: Number.isNaN(processed) ? null : processed,
							...(data.debug_id !== undefined ? { debug_id: data.debug_id } : {}),
						},
					];
				}
			} catch (error) {
				for (const n of batch) results[n] = error as Error;
				if (!ctx.continueOnFail()) return results.map((r) => r ?? (error as Error));
			}
		}
	}
	return results;
}

const identifier = (wire: string, label: string, description: string, placeholder?: string) => ({ wire, label, type: 'string' as const, description, placeholder });

export const conversionResource: Resource = {
	name: 'Conversion',
	value: 'conversion',
	description: 'Web conversions sent to X (Conversions API), such as purchases from a shop or CRM',
	endpoints: [
		{
			operation: 'send',
			name: 'Send',
			action: 'Send web conversions',
			description: 'Send one conversion event per input item (event, time, value, contents, identifiers); emails and phone numbers are normalized and SHA-256 hashed; 500 per request, at most 60,000 in 15 minutes',
			method: 'POST',
			path: '/measurement/conversions/{pixel_id}',
			docs: 'https://docs.x.com/x-ads-api/measurement/web-conversions#constructing-the-conversion-event-request',
			send: 'json',
			optionalLabel: 'Identifiers and Details',
			fields: [
				{ wire: 'pixel_id', label: 'Pixel ID', type: 'string', required: true, placeholder: 'e.g. o8z6j', description: 'The X Pixel (event source) ID shown in Events Manager', rules: { pattern: /^[a-z0-9]{1,32}$/i, patternRule: 'a pixel ID of letters and digits' } },
				{ wire: 'event_id', label: 'Event ID', type: 'string', required: true, placeholder: 'e.g. o87ne', description: 'The conversion event\'s ID from Events Manager (o87ne, or tw-o8z6j-o87ne)', rules: { pattern: /^(tw-[a-z0-9]+-)?[a-z0-9]+$/i, patternRule: 'an event ID such as o87ne or tw-o8z6j-o87ne' } },
				{ wire: 'conversion_time', label: 'Conversion Time', type: 'dateTime', required: true, description: 'When the conversion happened; a time without a zone is read as UTC' },
				identifier('twclid', 'X Click ID', 'The twclid query parameter of the landing page URL, sent as is (recommended)'),
				identifier('hashed_email', 'Email', 'Trimmed, lowercased (a mailto: prefix dropped), then SHA-256 hashed; a 64-character hash is kept', 'name@email.com'),
				identifier('hashed_phone_number', 'Phone Number', 'With country code (+1 555 010 9999 or 0044 ...): reduced to E.164 (+ and digits), then SHA-256 hashed; a 64-character hash is kept'),
				identifier('ip_address', 'IP Address', 'The visitor\'s IP address, sent as is; needs a second identifier'),
				identifier('user_agent', 'User Agent', 'The visitor\'s browser user agent, sent as is; needs a second identifier'),
				{ wire: 'value', label: 'Value', type: 'string', placeholder: 'e.g. 20.00', description: 'The conversion\'s value, such as the order total', rules: { pattern: /^\d{1,15}(\.\d{1,6})?$/, patternRule: 'an amount in decimal digits such as 20.00' } },
				{ wire: 'number_items', label: 'Number of Items', type: 'number', rules: { integer: true, min: 0 } },
				{ wire: 'conversion_id', label: 'Conversion ID', type: 'string', description: 'Your ID of the event (such as the order number): X deduplicates events with the same ID, also against the pixel\'s' },
				{ wire: 'description', label: 'Description', type: 'string', rules: { maxLength: 1000 } },
				{ wire: 'contents', label: 'Contents', type: 'json', description: 'JSON array of products: content_id, content_name, content_type, content_price, num_items, content_group_id' },
			],
			check: (values, { fail }) => checkConversion(values, fail),
			batch: sendConversions,
		},
	],
};
