/**
 * X's batch endpoints (POST batch/accounts/:account_id/...): a JSON array of
 * {operation_type, params}, at most `maxPerRequest` per request. X applies a request's operations
 * together or not at all and keeps their order in its answer; a refused operation is named in
 * operation_errors (aligned with the operations sent). Each input item becomes one operation, so
 * every item gets X's record or its own error back.
 * https://docs.x.com/x-ads-api/campaign-management/reference#post-batch-accounts-account-id-targeting-criteria
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { groupBy } from '../../shared/engine/batching';
import type { CheckedItem } from '../../shared/engine/endpoints';
import { runNode } from '../../shared/engine/prepare';
import type { RetryPolicy } from '../../shared/transport/transport';
import { adsRequest } from '../../shared/transport/transport';

export interface BatchOperation {
	operation_type: string;
	params: IDataObject;
}

/** operation_errors as a list per operation position (X sends an array per operation, or entries with an index). */
function errorsByPosition(value: unknown): Map<number, IDataObject[]> {
	const out = new Map<number, IDataObject[]>();
	if (!Array.isArray(value)) return out;
	value.forEach((entry, position) => {
		if (Array.isArray(entry)) {
			if (entry.length) out.set(position, entry as IDataObject[]);
		} else if (entry && typeof entry === 'object') {
			const e = entry as IDataObject;
			const index = Number(e.index ?? position);
			out.set(index, [...(out.get(index) ?? []), ...((e.errors as IDataObject[]) ?? [e])]);
		}
	});
	return out;
}

const describe = (errors: IDataObject[]) =>
	errors.map((e) => `${String(e.code ?? 'ERROR')}: ${String(e.message ?? 'no message')}${e.parameter ? ` (parameter ${String(e.parameter)})` : ''}`).join('; ');

/**
 * A batch runner: items of one account go together, `maxPerRequest` per request, requests one
 * after the other (a later operation may depend on an earlier one, e.g. a delete after a create).
 * When X refuses a request because of some of its operations, those items get X's words and the
 * others say that nothing of their request was applied.
 */
export function batchRunner(maxPerRequest: number, toOperation: (item: CheckedItem) => BatchOperation) {
	return async (ctx: IExecuteFunctions, items: CheckedItem[], policy: RetryPolicy): Promise<Array<IDataObject[] | Error>> => {
		const results: Array<IDataObject[] | Error> = new Array(items.length);
		const node = runNode(ctx);
		let requestNumber = 0;
		for (const members of groupBy(items, (item) => JSON.stringify(item.request.pathParams)).values()) {
			for (let start = 0; start < members.length; start += maxPerRequest) {
				const chunk = members.slice(start, start + maxPerRequest);
				requestNumber++;
				const body = chunk.map((n) => toOperation(items[n]) as unknown as IDataObject);
				try {
					const envelope = await adsRequest(ctx, { ...items[chunk[0]].request, qs: undefined, body }, policy);
					const data = Array.isArray(envelope.data) ? (envelope.data as IDataObject[]) : [envelope.data as IDataObject];
					chunk.forEach((n, position) => {
						const record = data[position];
						results[n] = record ? [record] : new NodeOperationError(node, `Item ${items[n].itemIndex}: X's answer to batch request ${requestNumber} holds no record for it`, { itemIndex: items[n].itemIndex });
					});
				} catch (error) {
					const answer = error instanceof NodeApiError ? (error.errorResponse as IDataObject | undefined) : undefined;
					const refused = errorsByPosition(answer?.operation_errors);
					chunk.forEach((n, position) => {
						const own = refused.get(position);
						const itemIndex = items[n].itemIndex;
						if (own) {
							results[n] = new NodeOperationError(node, `Item ${itemIndex}: X refused this operation: ${describe(own)}`, {
								itemIndex,
								description: `Batch request ${requestNumber}: X applies all operations of a request or none, so nothing of it was applied.`,
							});
						} else if (refused.size) {
							results[n] = new NodeOperationError(node, `Item ${itemIndex}: not applied, because X refused other operations of batch request ${requestNumber} (items ${[...refused.keys()].map((p) => items[chunk[p]].itemIndex).join(', ')})`, {
								itemIndex,
								description: 'X applies all operations of a request or none. Correct or remove the refused items and run again.',
							});
						} else results[n] = error as Error;
					});
				}
			}
		}
		return results;
	};
}
