/**
 * The batch endpoint campaigns and line items share (POST batch/accounts/:account_id/campaigns and
 * line_items): one Create, Update or Delete per input item, at most 40 per request.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { groupBy } from '../../shared/engine/batching';
import type { CheckedItem, CheckHelpers, Endpoint, Field } from '../../shared/engine/endpoints';
import type { RetryPolicy } from '../../shared/transport/transport';
import { adsRequest } from '../../shared/transport/transport';
import { withCurrencyAmounts } from '../../shared/values/money';
import { accountField, idField } from './fields';

/** "The current maximum batch size is 40." (POST batch/accounts/:account_id/campaigns and line_items) */
const BATCH_MAX = 40;

const DOCS = 'https://docs.x.com/x-ads-api/campaign-management/reference';

/** Wire values that travel as JSON numbers in batch params (X's examples and types: long, int). */
const NUMERIC = /(_local_micro|^duration_in_days)$/;

/** One batch operation: operation_type, and the item's values (without account and operation type) as params. */
function toOperation(values: IDataObject): IDataObject {
	const params: IDataObject = {};
	for (const [wire, value] of Object.entries(values)) {
		if (wire === 'operation_type' || wire === 'account_id') continue;
		if (Array.isArray(value)) params[wire] = value.join(',');
		else if (NUMERIC.test(wire) && typeof value === 'string') params[wire] = Number(value);
		else params[wire] = value;
	}
	return { operation_type: values.operation_type, params };
}

/** operation_errors of X's answer, by operation position: a list per operation, or entries with an index. */
function operationErrors(value: unknown): Map<number, IDataObject[]> {
	const byIndex = new Map<number, IDataObject[]>();
	if (!Array.isArray(value)) return byIndex;
	value.forEach((entry, position) => {
		if (Array.isArray(entry)) {
			if (entry.length) byIndex.set(position, entry as IDataObject[]);
		} else if (entry && typeof entry === 'object') {
			const e = entry as IDataObject;
			const index = Number(e.index ?? position);
			byIndex.set(index, [...(byIndex.get(index) ?? []), ...((e.errors as IDataObject[]) ?? [e])]);
		}
	});
	return byIndex;
}

const errorText = (e: IDataObject) => `${String(e.code ?? 'ERROR')}: ${String(e.message ?? 'no message')}${e.parameter ? ` (parameter ${String(e.parameter)})` : ''}`;

/**
 * Sends the items of one account in requests of at most 40 operations, in input order. X applies
 * a request all or nothing: when it refuses an operation, that item gets X's errors and the other
 * items of the same request an error saying they were not applied. Without Continue On Fail no
 * further request is sent after a refused one.
 */
function entityBatch(noun: string) {
	return async (ctx: IExecuteFunctions, items: CheckedItem[], policy: RetryPolicy): Promise<Array<IDataObject[] | Error>> => {
		const node = ctx.getNode();
		const results: Array<IDataObject[] | Error> = new Array(items.length);
		const continueOnFail = ctx.continueOnFail();
		let stopped: Error | undefined;
		for (const members of groupBy(items, (item) => JSON.stringify(item.request.pathParams)).values()) {
			for (let start = 0; start < members.length; start += BATCH_MAX) {
				const chunk = members.slice(start, start + BATCH_MAX);
				if (stopped) {
					for (const n of chunk) results[n] = new NodeOperationError(node, `Item ${items[n].itemIndex}: not sent, as an earlier batch request failed`, { itemIndex: items[n].itemIndex });
					continue;
				}
				const body = chunk.map((n) => toOperation(items[n].values));
				let data: unknown[] = [];
				let refused = new Map<number, IDataObject[]>();
				let failure: Error | undefined;
				try {
					const envelope = (await adsRequest(ctx, { ...items[chunk[0]].request, body }, policy)) as unknown as IDataObject;
					data = Array.isArray(envelope.data) ? envelope.data : [];
					refused = operationErrors(envelope.operation_errors);
				} catch (error) {
					const answer = error instanceof NodeApiError ? (error.errorResponse as IDataObject | undefined) : undefined;
					refused = operationErrors(answer?.operation_errors);
					if (!refused.size) failure = error as Error;
				}
				const positions = [...refused.keys()].map((p) => items[chunk[p]]?.itemIndex).filter((i) => i !== undefined);
				chunk.forEach((n, position) => {
					const itemIndex = items[n].itemIndex;
					const own = refused.get(position);
					if (failure) results[n] = failure;
					else if (own) {
						results[n] = new NodeOperationError(node, `Item ${itemIndex}: X refused the ${noun} ${String(items[n].values.operation_type)}: ${own.map(errorText).join('; ')}`, {
							itemIndex,
							description: 'X applies a batch request all or nothing: no operation of this request was applied.',
						});
					} else if (refused.size) {
						results[n] = new NodeOperationError(node, `Item ${itemIndex}: not applied, as X refused item ${positions.join(', ')} of the same batch request (X applies a batch all or nothing)`, { itemIndex });
					} else {
						const record = data[position];
						results[n] = record && typeof record === 'object'
							? [withCurrencyAmounts(record as IDataObject)]
							: new NodeOperationError(node, `Item ${itemIndex}: X's answer holds no record for it (${data.length} records for ${chunk.length} operations)`, { itemIndex });
					}
				});
				if (!continueOnFail && (failure || refused.size)) stopped = failure ?? new Error('refused');
			}
		}
		return results;
	};
}

/** The rules of a batch item by its operation type: the fields X's single endpoint takes, and the ID where one is needed. */
function checkBatchItem(
	values: IDataObject,
	fail: CheckHelpers['fail'],
	spec: { idWire: string; idLabel: string; create: Field[]; update: Field[]; requiredOnCreate: Field[] },
): void {
	const type = values.operation_type as string;
	const given = Object.keys(values).filter((w) => w !== 'operation_type' && w !== 'account_id' && w !== spec.idWire);
	const label = (wire: string) => {
		const field = [...spec.create, ...spec.update].find((f) => f.wire === wire);
		return `${field?.label ?? wire} (${wire})`;
	};
	if (type === 'Create') {
		if (values[spec.idWire] !== undefined) fail(`${spec.idLabel} (${spec.idWire})`, 'must be empty for Create: X gives the new record its ID');
		for (const field of spec.requiredOnCreate) if (values[field.wire] === undefined) fail(label(field.wire), 'is required for Create');
		const foreign = given.find((w) => !spec.create.some((f) => f.wire === w));
		if (foreign) fail(label(foreign), 'is not a field of Create');
		return;
	}
	if (values[spec.idWire] === undefined) fail(`${spec.idLabel} (${spec.idWire})`, `is required for ${type}`);
	if (type === 'Delete') {
		if (given.length) fail(label(given[0]), 'is not a field of Delete: Delete takes only the ID');
		return;
	}
	if (!given.length) fail('Fields', 'Update needs at least one field to change');
	const foreign = given.find((w) => !spec.update.some((f) => f.wire === w));
	if (foreign) fail(label(foreign), 'is not a field of Update');
	// Update takes the values of X's PUT table (e.g. no DRAFT status, no SITE_VISITS goal).
	for (const field of spec.update) {
		const value = values[field.wire];
		if (field.options && value !== undefined && !field.options.includes(String(value))) {
			fail(label(field.wire), `can be ${String(value)} only on Create (Update takes ${field.options.join(', ')})`);
		}
	}
}

/**
 * Create, Update or Delete in Batch, one operation per input item (https://docs.x.com/x-ads-api/campaign-management/reference#post-batch-accounts-account-id-campaigns
 * and #post-batch-accounts-account-id-line-items). Create makes PAUSED records unless Status says otherwise.
 */
export function batchEndpoint(spec: {
	noun: 'campaign' | 'line item';
	label: string;
	/** The fields only Create takes, shown after the ID. */
	createOnly: Field[];
	/** Create's optional fields. */
	optional: Field[];
	update: Field[];
	requiredOnCreate: string[];
	/** The resource's own rules, after the rules by operation type. */
	check: (values: IDataObject, fail: CheckHelpers['fail']) => void;
}): Endpoint {
	const wire = spec.noun.replace(' ', '_');
	const idWire = `${wire}_id`;
	const idLabel = `${spec.label} ID`;
	const fields: Field[] = [
		accountField,
		{ wire: 'operation_type', label: 'Operation Type', type: 'options', options: ['Create', 'Update', 'Delete'], required: true, description: `What to do with this item's ${spec.noun} (an expression may choose per item)` },
		{ ...idField(idWire, idLabel, false), description: `The ${spec.noun} to update or delete (empty for Create)` },
		...spec.createOnly,
		{ wire: 'entity_status', label: 'Status', type: 'options', options: ['ACTIVE', 'DRAFT', 'PAUSED'], description: 'Create defaults to PAUSED here too; DRAFT only on Create' },
		...spec.optional,
	];
	return {
		operation: 'batch',
		name: 'Create, Update or Delete in Batch',
		action: `Create or update or delete ${spec.noun}s in batch`,
		description: `Create, update or delete one ${spec.noun} per input item, ${BATCH_MAX} per request; X applies each request all or nothing. Create makes PAUSED ${spec.noun}s unless Status says otherwise.`,
		method: 'POST',
		path: `/batch/accounts/{account_id}/${wire}s`,
		docs: `${DOCS}#post-batch-accounts-account-id-${wire.replace('_', '-')}s`,
		send: 'json',
		optionalLabel: `${spec.label} Fields`,
		fields,
		read: (_ctx, _i, readParameters) => {
			const values = readParameters();
			if (values.operation_type === 'Create' && values.entity_status === undefined) values.entity_status = 'PAUSED';
			return values;
		},
		check: (values, { fail }) => {
			checkBatchItem(values, fail, {
				idWire,
				idLabel,
				create: fields.filter((f) => f.wire !== idWire),
				update: spec.update,
				requiredOnCreate: fields.filter((f) => spec.requiredOnCreate.includes(f.wire)),
			});
			spec.check(values, fail);
		},
		batch: entityBatch(spec.noun),
	};
}
