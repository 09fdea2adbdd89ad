/**
 * Runs a data-driven endpoint for every input item: check every item first (prepare.ts, so bad
 * input is refused before any request), then send, and pair every output with its input item.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

/** Longest stretch of item checking before giving n8n's event loop a turn (a timer turn costs about 1 ms). */
const YIELD_AFTER_MS = 25;

import type { BatchSummaries, Endpoint, Resource } from './endpoints';
import { findEndpoint } from './endpoints';
import { endpointAuth } from './request';
import { xErrorDetail } from '../transport/errors';
import { listAll } from './pagination';
import type { PreparedItem } from './prepare';
import { prepareItem } from './prepare';
import type { AdsEnvelope, RetryPolicy } from '../transport/transport';
import { adsRequest, DEFAULT_RETRY_POLICY, xCredentials } from '../transport/transport';

/** The record as Simplify gives it, or undefined when the item does not ask for it. */
export function simplified(ctx: IExecuteFunctions, endpoint: Endpoint, itemIndex: number): ((record: IDataObject) => IDataObject) | undefined {
	if (!endpoint.simplify || !ctx.getNodeParameter('simplify', itemIndex, false)) return undefined;
	const { keep } = endpoint.simplify;
	if (typeof keep === 'function') return keep;
	// total_count is there only when the user asked for it (With Total Count).
	const fields = [...keep, 'total_count'];
	return (record) => Object.fromEntries(fields.filter((f) => record[f] !== undefined).map((f) => [f, record[f]]));
}

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
			description: 'How long one request may wait in all for X\'s rate-limit resets (429) and Retry-After pauses (5xx) before it fails',
		},
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 4,
			description: 'How often to retry a request that is safe to repeat after X answers 500, 502, 503 or 504, the connection drops, the answer times out or cannot be read',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 600 },
			default: 30,
			description: 'How long one request may take, until the last byte of X\'s answer. A request that is safe to repeat is then retried (see Max Retries); others fail.',
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
		timeoutMs: options.timeout === undefined ? DEFAULT_RETRY_POLICY.timeoutMs : Number(options.timeout) * 1000,
	};
}

/** Records of an Ads answer: an array gives one record per element, scalars are wrapped. */
export function dataRecords(envelope: AdsEnvelope): IDataObject[] {
	const data = envelope.data;
	if (data === undefined || data === null) return [];
	const list = Array.isArray(data) ? data : [data];
	return list.map((entry) => (entry && typeof entry === 'object' ? (entry as IDataObject) : { value: entry as string }));
}

/**
 * A failed item for Continue On Fail. On "Continue (using error output)" n8n moves an item to the
 * error output only when its json has no keys but `error` and `message` (n8n 1.x takes exactly
 * these two; 2.x also takes `details`), and then adds the input item's fields. So there the item is
 * { error: what happened, with X's code; message: where, and what to do }, the one shape both lines
 * route. On the regular output the error's fields stay at the top, as they always were.
 */
function errorItem(error: Error, itemIndex: number, toErrorOutput: boolean): INodeExecutionData {
	const { description, httpCode, context } = error as Error & { description?: unknown; httpCode?: unknown; context?: IDataObject };
	const details: IDataObject = {
		...(description ? { description: String(description) } : {}),
		...(httpCode ? { httpCode: String(httpCode) } : {}),
		...(context?.xCode !== undefined ? { xCode: context.xCode as string } : {}),
	};
	return {
		json: toErrorOutput ? { error: error.message, message: (details.description as string | undefined) ?? error.message } : { error: error.message, ...details },
		pairedItem: { item: itemIndex },
	};
}

/**
 * X's refusal of one entry of a batch it otherwise applied: a product with status ERROR
 * (https://docs.x.com/x-ads-api/catalog-management/reference#put-product_catalogs%2Fproduct_catalog_id%2Fproducts)
 * or an audience operation in operation_errors (our batch runner marks it with status ERROR;
 * https://docs.x.com/x-ads-api/audiences/reference#post-accounts-account-id-custom-audiences-custom-audience-id-users).
 * On the regular output the record stays as it is (its status says it); for the error output it
 * becomes { error, message } (see errorItem), the message carrying X's record as JSON text.
 */
function refusalMessage(endpoint: Endpoint, record: IDataObject, itemIndex: number): string | undefined {
	if (!endpoint.batch || record.status !== 'ERROR') return undefined;
	const first = Array.isArray(record.errors) ? (record.errors[0] as unknown) : undefined;
	const detail = typeof first === 'string' ? { message: first } : xErrorDetail(record);
	const code = detail.code !== undefined ? ` (${String(detail.code)})` : '';
	return `Item ${itemIndex}: X refused it${code}: ${detail.message ?? 'no message'}`;
}

/** Adds the endpoint's plain words to a 404, after X's own reason and code (which lead the message). */
function withNotFoundMessage(endpoint: Endpoint, error: unknown): unknown {
	if (endpoint.notFoundMessage && error instanceof NodeApiError && error.httpCode === '404') {
		error.message = `${error.message.replace(/\.?$/, '.')} ${endpoint.notFoundMessage}`;
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
		const output = endpoint.output;
		const result = await listAll(ctx, item.request, item.list, policy, output && ((page) => output(page, item.values, ctx)));
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

/** What goes back to an AI agent or MCP client at most: this many records and this much JSON text. */
export const TOOL_ANSWER = { records: 100, chars: 50_000 };

/** Whether the node runs as a tool (n8n's "<name>Tool" variant, or a tool call of 1.x's agents). */
function runsAsTool(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().type.endsWith('Tool') || (ctx as { isToolExecution?: () => boolean }).isToolExecution?.() === true;
}

/**
 * A model reads every byte a tool returns: as a tool, the answer keeps the first records within
 * TOOL_ANSWER and ends with a note saying how many more there are and how to narrow the request,
 * whatever Return All says. In a workflow every record goes on.
 */
function boundedForTool(ctx: IExecuteFunctions, output: INodeExecutionData[]): INodeExecutionData[] {
	if (!runsAsTool(ctx) || output.length <= 1) return output;
	let chars = 0;
	let kept = 0;
	for (const item of output) {
		const size = JSON.stringify(item.json).length;
		if (kept >= TOOL_ANSWER.records || chars + size > TOOL_ANSWER.chars) break;
		chars += size;
		kept++;
	}
	const more = output.length - kept;
	if (!more) return output;
	const count = (n: number) => n.toLocaleString('en-US');
	const note = `X answered ${count(output.length)} records; this answer holds the first ${count(kept)}. ${count(more)} more: narrow the request (a Limit, filters such as IDs or a name), or ask for the ones you need by their IDs.`;
	return [...output.slice(0, kept), { json: { note, returned: kept, more }, pairedItem: { item: 0 } }];
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
	const checkContext = await endpoint.checkContext?.(ctx);
	const policy = retryPolicy(ctx);
	const continueOnFail = ctx.continueOnFail();
	const toErrorOutput = ctx.getNode().onError === 'continueErrorOutput';

	// Every item is checked before the first request goes out.
	const prepared: Array<PreparedItem | Error> = [];
	let lastYield = Date.now();
	for (let i = 0; i < items.length; i++) {
		// Checking 10,000 items takes most of a second: let n8n breathe (health checks, other webhooks) meanwhile.
		if (Date.now() - lastYield > YIELD_AFTER_MS) {
			await sleep(0);
			lastYield = Date.now();
		}
		try {
			prepared.push(prepareItem(ctx, endpoint, i, credentials, checkContext));
		} catch (error) {
			if (!continueOnFail) throw asNodeError(ctx, error);
			prepared.push(error as Error);
		}
	}

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
			output.push(errorItem(error as Error, i, toErrorOutput));
			return;
		}
		const simplify = simplified(ctx, endpoint, i);
		for (const record of result) {
			const json = simplify ? simplify(record) : record;
			const refused = toErrorOutput ? refusalMessage(endpoint, json, i) : undefined;
			const routed = refused ? { error: refused, message: `X applied the rest of the request, not this entry. X's record of it: ${JSON.stringify(json)}` } : json;
			output.push({ json: routed, pairedItem: { item: i } });
		}
	});
	return [boundedForTool(ctx, output)];
}
