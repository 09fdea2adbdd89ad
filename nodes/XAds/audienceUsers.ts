/**
 * Loading users into custom audiences and do-not-reach lists: each input item becomes one
 * operation (so X's operation_errors map back to it), holding the item's normalized and hashed
 * identifiers. Operations are packed into as few requests as X's two limits allow (2,500
 * operations, 5,000,000 bytes of JSON), sent at most 1,500 a minute, and a request whose counts do
 * not match what was sent is sent again.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { IdentifierType } from '../shared/audienceHashing';
import { hashIdentifier } from '../shared/audienceHashing';
import { groupBy, packBySize, runOrdered, StartRateLimiter } from '../shared/batching';
import type { BatchSummaries, CheckedItem, Endpoint, Field } from '../shared/endpoints';
import { xApiError } from '../shared/errors';
import { itemParameter } from '../shared/prepare';
import type { RetryPolicy } from '../shared/transport';
import { adsRequest } from '../shared/transport';
import { answerCounts } from './audienceAnswers';
import { withFileInput } from './audienceFile';
import { accountField } from './fields';

export const AUDIENCE_LIMITS = { maxEntries: 2500, maxBytes: 5_000_000, perMinute: 1500 };
const COUNT_RETRIES = 3;
const IN_FLIGHT = 4;

const identifier = (wire: IdentifierType, label: string, description: string, placeholder?: string): Field => ({ wire, label, type: 'list', description, placeholder });

/** The identifier fields a user maps from the input (each a value, an array or a comma list). */
export const customAudienceIdentifierFields: Field[] = [
	identifier('email', 'Email', 'Email addresses; trimmed, a mailto: prefix dropped and lowercased, then hashed', 'name@email.com'),
	identifier('phone_number', 'Phone Number', 'Phone numbers with country code (+44 or 0044); reduced to digits (+, a leading 00, spaces, dashes, dots, parentheses dropped), then hashed'),
	identifier('handle', 'X Handle', 'X handles with or without @; lowercased, then hashed'),
	identifier('twitter_id', 'X User ID', 'Numeric X user IDs, hashed'),
	identifier('device_id', 'Device ID', 'IDFA (lowercased), AdID or Android ID (as on the device), hashed'),
	identifier('partner_user_id', 'Partner User ID', 'Your own user ID, sent as is (never hashed)'),
];

export const doNotReachIdentifierFields: Field[] = customAudienceIdentifierFields.filter((f) => f.wire === 'email' || f.wire === 'phone_number');

/** Normalizes and hashes the item's identifiers in place; refuses an item without any. */
export function checkIdentifiers(fields: Field[]) {
	return (values: IDataObject, fail: (field: string, rule: string) => never): void => {
		let count = 0;
		for (const field of fields) {
			const raw = values[field.wire] as string[] | undefined;
			if (!raw) continue;
			values[field.wire] = raw.map((value) => {
				const { value: hashed, rule } = hashIdentifier(field.wire as IdentifierType, value);
				if (rule) fail(`${field.label} (${field.wire})`, rule);
				return hashed!;
			});
			count += raw.length;
		}
		if (count === 0) fail('Identifiers', `needs at least one value (${fields.map((f) => f.label).join(', ')})`);
		if (values.effective_at !== undefined && values.expires_at !== undefined && Date.parse(String(values.expires_at)) <= Date.parse(String(values.effective_at))) {
			fail('Expires At (expires_at)', 'must be later than Effective At (effective_at)');
		}
	};
}

interface Operation {
	operation_type: 'Update' | 'Delete';
	params: IDataObject;
}

function toOperation(item: CheckedItem, operationType: Operation['operation_type'], fields: Field[]): Operation {
	const user: IDataObject = {};
	for (const field of fields) if (item.values[field.wire]) user[field.wire] = item.values[field.wire];
	const params: IDataObject = { users: [user] };
	if (item.values.effective_at !== undefined) params.effective_at = item.values.effective_at;
	if (item.values.expires_at !== undefined) params.expires_at = item.values.expires_at;
	return { operation_type: operationType, params };
}

const OPERATION_PREFIX = { Update: '{"operation_type":"Update","params":{"users":['.length, Delete: '{"operation_type":"Delete","params":{"users":['.length };
const HASH_SIZE = 66; // a 64-character hex hash with its quotes

/**
 * The exact byte size of JSON.stringify(operation), computed instead of serialized: packing a
 * million operations would otherwise serialize each one twice. Every value but partner_user_id is
 * a hex hash once checked; other strings are measured. Key order is the one toOperation builds.
 */
export function operationSize(operation: Operation): number {
	const params = operation.params;
	const user = (params.users as IDataObject[])[0];
	let size = OPERATION_PREFIX[operation.operation_type] + 2 + 1 + 2; // {user} ] }}
	let keys = 0;
	for (const key in user) {
		const list = user[key] as string[];
		size += (keys++ ? 1 : 0) + key.length + 5 + list.length - 1; // ,"key":[ ... ] and commas
		for (let j = 0; j < list.length; j++) {
			size += key === 'partner_user_id' ? Buffer.byteLength(JSON.stringify(list[j]), 'utf8') : HASH_SIZE;
		}
	}
	if (params.effective_at !== undefined) size += 16 + Buffer.byteLength(JSON.stringify(params.effective_at), 'utf8'); // ,"effective_at":
	if (params.expires_at !== undefined) size += 14 + Buffer.byteLength(JSON.stringify(params.expires_at), 'utf8'); // ,"expires_at":
	return size;
}

/** operation_errors aligned with the operations sent: an array per operation, or entries carrying an index. */
export function operationErrors(value: unknown): Map<number, unknown[]> {
	const byIndex = new Map<number, unknown[]>();
	if (!Array.isArray(value)) return byIndex;
	value.forEach((entry, position) => {
		if (Array.isArray(entry)) {
			if (entry.length) byIndex.set(position, entry);
		} else if (entry && typeof entry === 'object') {
			const e = entry as IDataObject;
			const index = Number(e.index ?? position);
			const list = byIndex.get(index) ?? [];
			list.push(...((e.errors as unknown[]) ?? [e]));
			byIndex.set(index, list);
		}
	});
	return byIndex;
}

export function audienceUsersRunner(operationType: Operation['operation_type'], fields: Field[]) {
	return async (ctx: IExecuteFunctions, items: CheckedItem[], policy: RetryPolicy): Promise<BatchSummaries> => {
		const summaryMode = (ctx.getNodeParameter('audienceOutput', 0, 'items') as string) === 'requests';
		const operations = items.map((item) => toOperation(item, operationType, fields));
		const failed: Array<Error | undefined> = new Array(items.length);
		const perItem: IDataObject[][] = items.map(() => []);
		const summaries: BatchSummaries['summaries'] = [];

		// Items for different audiences (an expression in the path) go to different requests.
		const groups = groupBy(items, (item) => JSON.stringify(item.request.pathParams));
		const limiter = new StartRateLimiter(AUDIENCE_LIMITS.perMinute, 60_000);
		let requestNumber = 0;
		for (const members of groups.values()) {
			const packed = packBySize(members.map((n) => operationSize(operations[n])), AUDIENCE_LIMITS);
			for (const position of packed.tooLarge) {
				failed[members[position]] = new Error(`Item ${items[members[position]].itemIndex}: its identifiers alone exceed X's ${AUDIENCE_LIMITS.maxBytes} byte request limit`);
			}
			const batches = packed.batches.map((batch) => batch.map((p) => members[p]));
			const numbers = batches.map(() => ++requestNumber);
			await runOrdered(batches.length, IN_FLIGHT, async (b) => {
				const batch = batches[b];
				const request = { ...items[batch[0]].request, body: batch.map((n) => operations[n] as unknown as IDataObject), idempotent: true };
				let attempt = 0;
				for (;;) {
					attempt++;
					await limiter.acquire();
					const envelope = (await adsRequest(ctx, request, policy)) as IDataObject & { data: unknown };
					const counted = answerCounts(envelope.data);
					if ('problem' in counted) {
						const error = xApiError(ctx.getNode(), { status: 200, body: envelope }, { label: `${request.method} request ${numbers[b]}`, message: `${counted.problem}: ${batch.length} operations sent, not confirmed` });
						batch.forEach((n) => (failed[n] = error));
						return;
					}
					const { success, total } = counted;
					const errors = operationErrors(envelope.operation_errors);
					// One user object per operation: X must count all of them, and apply all but the refused ones.
					const expected = batch.length - errors.size;
					const exact = total === batch.length && success === expected;
					if (!exact && attempt <= COUNT_RETRIES) {
						ctx.logger.warn(`X: audience request ${numbers[b]} counted ${success} of ${total} for ${batch.length} sent (${expected} expected); sending it again (${attempt} of ${COUNT_RETRIES})`);
						continue;
					}
					if (!exact) {
						const error = xApiError(ctx.getNode(), { status: 200, body: envelope }, {
							label: `${request.method} request ${numbers[b]}`,
							message: `X counted ${success} of ${total} records for the ${batch.length} operations sent, after ${attempt} attempts`,
						});
						batch.forEach((n) => (failed[n] = error));
						return;
					}
					batch.forEach((n, position) => {
						const itemErrors = errors.get(position);
						perItem[n].push({
							status: itemErrors ? 'ERROR' : 'OK',
							operation_type: operationType,
							request: numbers[b],
							...(itemErrors ? { errors: itemErrors as IDataObject[] } : {}),
						});
					});
					summaries.push({
						json: { request: numbers[b], operations: batch.length, success_count: success, total_count: total, expected, operation_errors: errors.size, attempts: attempt },
						items: batch,
					});
					return;
				}
			}).then((results) =>
				results.forEach((result, b) => {
					if (result instanceof Error) batches[b].forEach((n) => (failed[n] = result));
				}),
			);
		}
		return { summaryMode, perItem, summaries: summaries.sort((a, b) => Number(a.json.request) - Number(b.json.request)), failed };
	};
}

const audienceOutputProperty: INodeProperties = {
	displayName: 'Output',
	name: 'audienceOutput',
	type: 'options',
	options: [
		{ name: 'One Item per Input Item', value: 'items', description: 'Each input item\'s status (OK or ERROR with X\'s errors)' },
		{ name: 'One Item per Request', value: 'requests', description: 'A summary of each request: operations, success and total counts, attempts' },
	],
	default: 'items',
};

export const identifierMappingProperty: INodeProperties = {
	displayName: 'Identifiers From',
	name: 'identifierMapping',
	type: 'options',
	options: [
		{ name: 'Fields Below', value: 'fields' },
		{
			name: 'Input Item JSON (Map Automatically)',
			value: 'auto',
			description: 'Keys named like the identifier types (email, phone_number, handle, twitter_id, device_id, partner_user_id) and effective_at, expires_at; fastest for large lists',
		},
	],
	default: 'fields',
};

/** "Map Automatically": identifiers (and times) straight from the item's JSON, no expression per field. */
export function readIdentifiers(fields: Field[]) {
	return (ctx: IExecuteFunctions, itemIndex: number, readParameters: () => IDataObject): IDataObject => {
		const values = readParameters();
		if (itemParameter(ctx, 'identifierMapping', itemIndex, 'fields') !== 'auto') return values;
		const json = ctx.getInputData()[itemIndex].json;
		for (const field of fields) {
			const value = json[field.wire];
			if (value !== undefined && value !== null && value !== '') values[field.wire] = value;
		}
		return values;
	};
}

const timeFields: Field[] = [
	{ wire: 'effective_at', label: 'Effective At', type: 'dateTime', description: 'When the change takes effect (default now); a time without a zone is read as UTC' },
	{ wire: 'expires_at', label: 'Expires At', type: 'dateTime', description: 'When the users leave the list again (default 13 months after the request); later than Effective At' },
];

/** The Add Users / Remove Users endpoint of a custom audience or a do-not-reach list. */
export function usersEndpoint(
	resource: string,
	operation: 'addUsers' | 'removeUsers',
	path: string,
	target: Field,
	identifiers: Field[],
	noun: string,
	docs: string,
): Endpoint {
	const operationType = operation === 'addUsers' ? 'Update' : 'Delete';
	const mapped = [...identifiers, ...(resource === 'customAudience' ? timeFields : timeFields.slice(1))];
	const fields = [accountField, target, ...mapped];
	return withFileInput({
		operation,
		name: operation === 'addUsers' ? 'Add Users' : 'Remove Users',
		action: operation === 'addUsers' ? `Add users to a ${noun}` : `Remove users from a ${noun}`,
		description: `${operation === 'addUsers' ? 'Add' : 'Remove'} users by email, phone and other identifiers (normalized and SHA-256 hashed before sending), 2,500 per request`,
		method: 'POST',
		path,
		docs,
		send: 'json',
		idempotent: true, // adding or removing the same users again has the same result
		optionalLabel: 'Identifiers and Options',
		fields,
		extraProperties: [identifierMappingProperty, audienceOutputProperty],
		fieldsShowWhen: { identifierMapping: ['fields'] },
		read: readIdentifiers(mapped),
		check: (values, { fail }) => {
			checkIdentifiers(identifiers)(values, fail);
			// Effective At defaults to now, and X wants the expiry later than it.
			if (values.effective_at === undefined && values.expires_at !== undefined && Date.parse(String(values.expires_at)) <= Date.now()) {
				fail('Expires At (expires_at)', `must be in the future when Effective At (effective_at) is not given, as that defaults to now (got ${String(values.expires_at)})`);
			}
		},
		batch: audienceUsersRunner(operationType, identifiers),
	}, identifiers, AUDIENCE_LIMITS);
}
