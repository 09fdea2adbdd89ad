/**
 * Web conversions, X's Conversions API (https://docs.x.com/x-ads-api/measurement/web-conversions):
 * one conversion per input item, identifiers normalized and hashed as for audience uploads,
 * sent 500 per request (X's limit per request, https://developer.x.com/en/docs/x-ads-api/measurement/web-conversions/conversions)
 * and never more than 60,000 events per 15 minutes (X's rate limit per account).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { hashIdentifier, identifierCharactersRule, normalizeIdentifier, sha256Hex } from '../../shared/values/audienceHashing';
import { groupBy } from '../../shared/engine/batching';
import type { CheckedItem, Resource } from '../../shared/engine/endpoints';
import type { RetryPolicy } from '../../shared/transport/transport';
import { adsRequest, userCredentialType } from '../../shared/transport/transport';
import { shown } from '../../shared/engine/validation';

export const CONVERSION_LIMITS = { perRequest: 500, eventsPerWindow: 60_000, windowMs: 15 * 60_000 };

const CONTENT_KEYS: Record<string, 'string' | 'number' | 'integer'> = {
	content_id: 'string',
	content_name: 'string',
	content_type: 'string',
	content_price: 'number',
	num_items: 'integer',
	content_group_id: 'string',
};

/** One request's events: when they were sent, how many, and an ID (a send is in several ledgers). */
export type Sent = [at: number, count: number, id: string];

/** Events sent per X credential by this n8n process: every workflow and execution it runs. */
const sentInProcess = new Map<string, Sent[]>();

/**
 * Keeps the events sent in any 15 minutes within X's 60,000: a request waits until its events
 * fit, at most maxWaitMs in all, else it fails. What was sent is read from and written to every
 * ledger given (this process's, and the workflow's static data, which n8n keeps across executions
 * and processes), so executions that follow each other share the budget.
 */
export class EventBudget {
	constructor(
		private readonly limit: number,
		private readonly windowMs: number,
		private readonly ledgers: Sent[][],
	) {}

	/** The sends still in the window, each once, oldest first (the ledgers are pruned on the way). */
	private recent(now: number): Sent[] {
		const byId = new Map<string, Sent>();
		for (const ledger of this.ledgers) {
			const keep = ledger.filter((s) => Array.isArray(s) && typeof s[0] === 'number' && typeof s[1] === 'number' && now - s[0] < this.windowMs);
			ledger.splice(0, ledger.length, ...keep);
			for (const sent of keep) byId.set(String(sent[2]), sent);
		}
		return [...byId.values()].sort((a, b) => a[0] - b[0]);
	}

	/** Events sent in the window now. */
	used(now = Date.now()): number {
		return this.recent(now).reduce((n, s) => n + s[1], 0);
	}

	/** Waits until `count` events fit (then records them), or throws when that takes longer than maxWaitMs. */
	async take(count: number, maxWaitMs: number, onWait?: (ms: number, used: number) => void): Promise<void> {
		for (let waited = 0; ; ) {
			const now = Date.now();
			const sent = this.recent(now);
			let used = sent.reduce((n, s) => n + s[1], 0);
			if (used + count <= this.limit || !sent.length) {
				const entry: Sent = [now, count, `${now.toString(36)}${Math.random().toString(36).slice(2, 10)}`];
				for (const ledger of this.ledgers) ledger.push(entry);
				return;
			}
			// Until enough of the oldest sends leave the window.
			let wait = 0;
			for (const [at, n] of sent) {
				wait = this.windowMs - (now - at) + 1;
				if ((used -= n) + count <= this.limit) break;
			}
			if (waited + wait > maxWaitMs) throw new BudgetExceeded(this.used(now), wait);
			onWait?.(wait, this.used(now));
			await sleep(wait);
			waited += wait;
		}
	}
}

/** The budget is spent for longer than a request may wait. */
export class BudgetExceeded extends Error {
	constructor(
		readonly used: number,
		readonly waitMs: number,
	) {
		super(`${used} conversion events were sent in the last 15 minutes with this X credential`);
	}
}

/**
 * The budget of the node's credential: this process's ledger and the workflow's (static data, per
 * credential). The workflow's is written back whole, so n8n sees the change and saves it.
 */
function budgetFor(ctx: IExecuteFunctions): { budget: EventBudget; save: () => void } {
	const type = userCredentialType(ctx);
	const key = `${type}:${ctx.getNode().credentials?.[type]?.id ?? ''}`;
	let inProcess = sentInProcess.get(key);
	if (!inProcess) sentInProcess.set(key, (inProcess = []));
	const stored = ctx.getWorkflowStaticData('node') as { conversionsSent?: Record<string, Sent[]> };
	const inWorkflow = Array.isArray(stored.conversionsSent?.[key]) ? [...stored.conversionsSent[key]] : [];
	return {
		budget: new EventBudget(CONVERSION_LIMITS.eventsPerWindow, CONVERSION_LIMITS.windowMs, [inProcess, inWorkflow]),
		save: () => {
			stored.conversionsSent = { ...stored.conversionsSent, [key]: inWorkflow };
		},
	};
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

/**
 * What X's count says about a request: OK when it processed every event, NOT_ALL_PROCESSED when a
 * whole number below them, UNCONFIRMED when the count is not a count of them (text such as "3",
 * missing, negative, more than were sent): X's numbers are typed data, never coerced.
 */
function countOutcome(value: unknown, sent: number): { status: 'OK' | 'NOT_ALL_PROCESSED' | 'UNCONFIRMED'; processed: number | null; problem: string } {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
		const what = value === undefined ? 'missing' : typeof value === 'string' ? `text (${shown(value.slice(0, 40))})` : shown(value);
		return { status: 'UNCONFIRMED', processed: null, problem: `X's conversions_processed is ${what}, not a count: ${sent} events sent, not confirmed` };
	}
	if (value > sent) return { status: 'UNCONFIRMED', processed: value, problem: `X counted ${value} events processed of ${sent} sent: the counts do not add up` };
	if (value < sent) return { status: 'NOT_ALL_PROCESSED', processed: value, problem: `X processed ${value} of ${sent} events` };
	return { status: 'OK', processed: value, problem: '' };
}

function budgetError(ctx: IExecuteFunctions, spent: BudgetExceeded, count: number, policy: RetryPolicy, itemIndex: number): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `X takes at most ${CONVERSION_LIMITS.eventsPerWindow} conversion events in 15 minutes: ${spent.message}`, {
		itemIndex,
		description: `The next ${count} fit in ${Math.ceil(spent.waitMs / 1000)} s, longer than Max Rate Limit Wait (${Math.round(policy.maxRateLimitWaitMs / 1000)} s). The count holds across this workflow's executions and, in one n8n process, across workflows. Raise Max Rate Limit Wait or send later; nothing of these items was sent.`,
	});
}

/** Sends the items' conversions, 500 per request per pixel, within X's event budget; each item gets its request's outcome. */
async function sendConversions(ctx: IExecuteFunctions, items: CheckedItem[], policy: RetryPolicy): Promise<Array<IDataObject[] | Error>> {
	const results: Array<IDataObject[] | Error> = new Array(items.length);
	const { budget, save } = budgetFor(ctx);
	let requestNumber = 0;
	for (const members of groupBy(items, (item) => item.request.pathParams!.pixel_id).values()) {
		for (let from = 0; from < members.length; from += CONVERSION_LIMITS.perRequest) {
			const batch = members.slice(from, from + CONVERSION_LIMITS.perRequest);
			const number = ++requestNumber;
			const conversions = batch.map((n) => toConversion(items[n].values));
			try {
				await budget.take(batch.length, policy.maxRateLimitWaitMs, (ms, used) =>
					ctx.logger.warn(`X: conversions request ${number} waits ${Math.ceil(ms / 1000)} s: X takes at most ${CONVERSION_LIMITS.eventsPerWindow} events in 15 minutes, and ${used} were sent with this credential`),
				);
				save();
				// With a conversion ID on every event X deduplicates them, so a lost answer may be sent again.
				const idempotent = conversions.every((c) => c.conversion_id !== undefined);
				const envelope = await adsRequest(ctx, { ...items[batch[0]].request, body: { conversions }, idempotent }, policy);
				const data = (envelope.data ?? {}) as IDataObject;
				const outcome = countOutcome(data.conversions_processed, batch.length);
				if (outcome.status !== 'OK') ctx.logger.warn(`X: conversions request ${number}: ${outcome.problem}`);
				for (const n of batch) {
					const v = items[n].values;
					results[n] = [
						{
							status: outcome.status,
							pixel_id: items[n].request.pathParams!.pixel_id,
							event_id: v.event_id,
							...(v.conversion_id !== undefined ? { conversion_id: v.conversion_id } : {}),
							request: number,
							conversions_sent: batch.length,
							conversions_processed: outcome.processed,
							...(outcome.status === 'UNCONFIRMED' ? { count_problem: outcome.problem } : {}),
							...(data.debug_id !== undefined ? { debug_id: data.debug_id } : {}),
						},
					];
				}
			} catch (caught) {
				const error = caught instanceof BudgetExceeded ? budgetError(ctx, caught, batch.length, policy, items[batch[0]].itemIndex) : (caught as Error);
				for (const n of batch) results[n] = error;
				if (!ctx.continueOnFail()) return results.map((r) => r ?? error);
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
