/**
 * Runs a data-driven endpoint for every input item: read and check every item first (so bad input
 * is refused before any request), then send, and pair every output with its input item.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { BatchSummaries, CheckedItem, Endpoint, Field, Resource } from './endpoints';
import { findEndpoint, optionalCollectionName, paramName } from './endpoints';
import type { ListRequest } from './pagination';
import { listAll } from './pagination';
import type { AdsEnvelope, RetryPolicy, XAuth, XRequest } from './transport';
import { adsRequest, DEFAULT_RETRY_POLICY, xCredentials } from './transport';
import type { AmountUnit } from './money';
import { toMicros } from './money';
import { checkRules, inputError } from './validation';

/** Node-level options for the transport: how long to wait for rate limits and how often to retry. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Max Rate Limit Wait (Minutes)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 15,
			description: 'When X answers 429, wait for the rate-limit window to reset for at most this long, then fail',
		},
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 4,
			description: 'How often to retry a request that is safe to repeat after X answers 500, 502, 503 or 504 or the connection drops',
		},
	],
};

export function retryPolicy(ctx: IExecuteFunctions): RetryPolicy {
	const options = ctx.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	return {
		maxRetries: Number(options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries),
		maxRateLimitWaitMs:
			options.maxRateLimitWait === undefined
				? DEFAULT_RETRY_POLICY.maxRateLimitWaitMs
				: Number(options.maxRateLimitWait) * 60_000,
	};
}

function isEmpty(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		value === '' ||
		(Array.isArray(value) && value.length === 0)
	);
}

/** A resource locator's value, or the plain value. */
type Value = IDataObject[string];

function plain(value: unknown): Value {
	if (value && typeof value === 'object' && '__rl' in (value as IDataObject)) {
		return (value as IDataObject).value;
	}
	return value as Value;
}

/** Raw values of the endpoint's fields for one item, keyed by wire name. */
function readValues(ctx: IExecuteFunctions, endpoint: Endpoint, itemIndex: number): IDataObject {
	const values: IDataObject = {};
	const fields = (endpoint.fields ?? []).filter((f) => !f.noParameter);
	for (const field of fields.filter((f) => f.required)) {
		values[field.wire] = plain(ctx.getNodeParameter(paramName(field), itemIndex, undefined, { extractValue: true }));
	}
	const optional = fields.filter((f) => !f.required);
	if (optional.length) {
		const collection = ctx.getNodeParameter(optionalCollectionName(endpoint), itemIndex, {}) as IDataObject;
		for (const field of optional) {
			const name = paramName(field);
			if (name in collection) values[field.wire] = plain(collection[name]);
		}
	}
	return values;
}

export function endpointAuth(endpoint: Endpoint): XAuth {
	return endpoint.auth ?? (endpoint.host === 'api' ? 'app' : 'user');
}

/** Converts one value to what goes on the wire, or returns the broken rule. */
function normalize(field: Field, raw: unknown, unit: AmountUnit): { value?: Value; rule?: string } {
	switch (field.type) {
		case 'money': {
			const { micros, rule } = toMicros(raw, unit);
			return rule ? { rule } : { value: micros };
		}
		case 'number': {
			const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
			return Number.isFinite(n) ? { value: n } : { rule: `must be a number (got "${String(raw)}")` };
		}
		case 'boolean':
			if (typeof raw === 'boolean') return { value: raw };
			if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
			return { rule: `must be true or false (got "${String(raw)}")` };
		case 'list': {
			const items = (Array.isArray(raw) ? raw.map(String) : String(raw).split(','))
				.map((s) => s.trim())
				.filter(Boolean);
			return { value: items };
		}
		case 'multiOptions':
			return { value: Array.isArray(raw) ? raw.map(String) : String(raw).split(',').map((s) => s.trim()) };
		case 'dateTime': {
			const text = String(raw).trim();
			const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
			if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time)) {
				return { rule: `must be an ISO 8601 date-time such as 2026-05-01T13:00:00Z (got "${text}")` };
			}
			return { value: new Date(time).toISOString().replace(/\.000Z$/, 'Z') };
		}
		case 'json':
			if (typeof raw !== 'string') return { value: raw as Value };
			try {
				return { value: JSON.parse(raw) as Value };
			} catch {
				return { rule: 'must be valid JSON' };
			}
		case 'locator': {
			const id = String(raw).trim();
			const pattern = new RegExp(field.locator?.idPattern ?? '.+');
			return pattern.test(id) ? { value: id } : { rule: `must be ${field.locator?.idRule ?? 'a valid ID'} (got "${id}")` };
		}
		default:
			return { value: typeof raw === 'string' ? raw : String(raw) };
	}
}

export interface PreparedItem extends CheckedItem {
	list?: ListRequest;
}

/** Reads, normalizes and checks one item's input and builds its request; throws an input error naming item, field and rule. */
export function prepareItem(
	ctx: IExecuteFunctions,
	endpoint: Endpoint,
	itemIndex: number,
	credentials: IDataObject,
): PreparedItem {
	const node = ctx.getNode();
	const readParameters = () => readValues(ctx, endpoint, itemIndex);
	const raw = endpoint.read ? endpoint.read(ctx, itemIndex, readParameters) : readParameters();
	const unit = (endpoint.fields ?? []).some((f) => f.type === 'money')
		? (ctx.getNodeParameter('amountUnit', itemIndex, 'currency') as AmountUnit)
		: 'micro';
	const values: IDataObject = {};
	for (const field of endpoint.fields ?? []) {
		const label = `${field.label} (${field.wire})`;
		const given = raw[field.wire];
		if (isEmpty(given)) {
			if (field.required) throw inputError(node, itemIndex, label, 'is required');
			continue;
		}
		const { value, rule } = normalize(field, given, unit);
		const broken = rule ?? checkRules(value, { ...field.rules, oneOf: field.rules?.oneOf ?? (field.type === 'options' || field.type === 'multiOptions' ? field.options : undefined) });
		if (broken) throw inputError(node, itemIndex, label, broken);
		values[field.wire] = value;
	}
	endpoint.check?.(values, {
		fail: (field, rule) => {
			throw inputError(node, itemIndex, field, rule);
		},
		credentials,
	});
	if (endpoint.host === 'adsSandbox' && credentials.environment !== 'sandbox') {
		throw new NodeOperationError(node, `Item ${itemIndex}: ${endpoint.action} works only in the X Ads sandbox`, {
			itemIndex,
			description: 'Set Environment to Sandbox in the X credential (a sandbox account needs sandbox keys), then run again.',
		});
	}

	const pathParams: Record<string, string> = {};
	const rest: IDataObject = {};
	for (const [wire, value] of Object.entries(values)) {
		const wireValue = Array.isArray(value) && endpoint.send !== 'json' ? value.join(',') : value;
		if (endpoint.path.includes(`{${wire}}`)) pathParams[wire] = String(wireValue);
		else rest[wire] = wireValue;
	}
	const request: XRequest = {
		method: endpoint.method,
		host: endpoint.host ?? 'ads',
		path: endpoint.path,
		version: endpoint.version,
		pathParams,
		idempotent: endpoint.idempotent,
		auth: endpointAuth(endpoint),
		itemIndex,
		...(endpoint.send === 'json' ? { body: rest } : { qs: rest }),
	};
	let list: ListRequest | undefined;
	if (endpoint.list) {
		const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? 0 : Number(ctx.getNodeParameter('limit', itemIndex, 50));
		if (!returnAll && !(Number.isInteger(limit) && limit >= 1)) {
			throw inputError(node, itemIndex, 'Limit', `must be a whole number of at least 1 (got ${limit})`);
		}
		list = { returnAll, limit, maxCount: endpoint.list.maxCount };
	}
	return { itemIndex, request, values, list };
}

/** Records of an Ads answer: an array gives one record per element, scalars are wrapped. */
export function dataRecords(envelope: AdsEnvelope): IDataObject[] {
	const data = envelope.data;
	if (data === undefined || data === null) return [];
	const list = Array.isArray(data) ? data : [data];
	return list.map((entry) => (entry && typeof entry === 'object' ? (entry as IDataObject) : { value: entry as string }));
}

function errorItem(error: Error & { description?: unknown; httpCode?: unknown; context?: IDataObject }, itemIndex: number): INodeExecutionData {
	return {
		json: {
			error: error.message,
			...(error.description ? { description: String(error.description) } : {}),
			...(error.httpCode ? { httpCode: String(error.httpCode) } : {}),
			...(error.context?.xCode !== undefined ? { xCode: error.context.xCode as string } : {}),
		},
		pairedItem: { item: itemIndex },
	};
}

/** Puts the endpoint's plain words on a 404 (X's own message stays in the description). */
function withNotFoundMessage(endpoint: Endpoint, error: unknown): unknown {
	if (endpoint.notFoundMessage && error instanceof NodeApiError && error.httpCode === '404') {
		error.description = `${error.message}. ${error.description ?? ''}`.trim();
		error.message = endpoint.notFoundMessage;
	}
	return error;
}

/** Our errors are NodeApiError or NodeOperationError already; anything else is wrapped with the item index. */
function asNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex?: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

type ItemResult = IDataObject[] | Error;

/** Sends item after item; a failure is that item's result, the others go on. */
async function runEach(
	ctx: IExecuteFunctions,
	endpoint: Endpoint,
	prepared: Array<PreparedItem | Error>,
	policy: RetryPolicy,
): Promise<ItemResult[]> {
	const results: ItemResult[] = [];
	for (const item of prepared) {
		if (item instanceof Error) {
			results.push(item);
			continue;
		}
		try {
			results.push(await runOne(ctx, endpoint, item, policy));
		} catch (error) {
			results.push(error as Error);
			if (!ctx.continueOnFail()) break; // the run stops at the first failure
		}
	}
	return results;
}

async function runOne(ctx: IExecuteFunctions, endpoint: Endpoint, item: PreparedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	if (endpoint.run) return await endpoint.run(ctx, item, policy);
	if (item.list) {
		const result = await listAll(ctx, item.request, item.list, policy);
		return result.totalCount === undefined
			? result.items
			: result.items.map((r) => ({ ...r, total_count: result.totalCount }));
	}
	const envelope = await adsRequest(ctx, item.request, policy);
	return endpoint.output ? endpoint.output(envelope, item.values, ctx) : dataRecords(envelope);
}

interface Summary {
	json: IDataObject;
	itemIndexes: number[];
}

/**
 * Sends all good items through the endpoint's batch runner and puts results back in input order;
 * in summary mode the per-request summaries come back too (failed items stay per item).
 */
async function runBatch(
	ctx: IExecuteFunctions,
	endpoint: Endpoint,
	prepared: Array<PreparedItem | Error>,
	policy: RetryPolicy,
): Promise<{ results: ItemResult[]; summaries?: Summary[] }> {
	const good = prepared.filter((p): p is PreparedItem => !(p instanceof Error));
	const answer = good.length ? await endpoint.batch!(ctx, good, policy) : [];
	const summarized = !Array.isArray(answer) ? (answer as BatchSummaries) : undefined;
	const perItem: ItemResult[] = summarized
		? good.map((_, n) => summarized.failed[n] ?? (summarized.summaryMode ? [] : summarized.perItem[n]))
		: (answer as ItemResult[]);
	const byItem = new Map(good.map((item, n) => [item.itemIndex, perItem[n]]));
	return {
		results: prepared.map((p, i) => (p instanceof Error ? p : byItem.get(i)!)),
		summaries: summarized?.summaryMode
			? summarized.summaries.map((s) => ({ json: s.json, itemIndexes: s.items.map((n) => good[n].itemIndex) }))
			: undefined,
	};
}

/** The execute() of a node whose operations are all data-driven endpoints. */
export async function executeEndpoints(
	ctx: IExecuteFunctions,
	resources: Resource[],
): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const resource = ctx.getNodeParameter('resource', 0) as string;
	const operation = ctx.getNodeParameter('operation', 0) as string;
	const endpoint = findEndpoint(resources, resource, operation);
	const credentials = await xCredentials(ctx, endpointAuth(endpoint));
	const policy = retryPolicy(ctx);
	const continueOnFail = ctx.continueOnFail();

	// Every item is checked before the first request goes out.
	const prepared: Array<PreparedItem | Error> = items.map((_, i) => {
		try {
			return prepareItem(ctx, endpoint, i, credentials);
		} catch (error) {
			if (!continueOnFail) throw asNodeError(ctx, error);
			return error as Error;
		}
	});

	const { results, summaries } = endpoint.batch
		? await runBatch(ctx, endpoint, prepared, policy)
		: { results: await runEach(ctx, endpoint, prepared, policy), summaries: undefined };

	const output: INodeExecutionData[] = (summaries ?? []).map((s) => ({
		json: s.json,
		pairedItem: s.itemIndexes.map((item) => ({ item })),
	}));
	results.forEach((result, i) => {
		if (result instanceof Error) {
			const error = withNotFoundMessage(endpoint, result);
			if (!continueOnFail) throw asNodeError(ctx, error, i);
			output.push(errorItem(error as Error, i));
			return;
		}
		for (const json of result) output.push({ json, pairedItem: { item: i } });
	});
	return [output];
}
