/**
 * One pass of a sync: all members who joined (Update) or left (Delete) in as few requests as X's
 * limits allow (2,500 operations, 5,000,000 bytes), each operation holding up to
 * USERS_PER_OPERATION users, so X's refusal of one operation (operation_errors) names the few
 * members it held, and the others count as applied. A request X counts otherwise than sent is
 * sent again (the same users again change nothing at X); a request whose answer was lost is sent
 * again by the transport (idempotent), and counted once, from the answer that arrived.
 * https://docs.x.com/x-ads-api/audiences/reference#post-accounts-account-id-custom-audiences-custom-audience-id-users
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { xApiError } from '../../../../shared/errors';
import type { RetryPolicy, XRequest } from '../../../../shared/transport';
import { adsRequest } from '../../../../shared/transport';
import { answerCounts } from '../../../audienceAnswers';
import { AUDIENCE_LIMITS, operationErrors } from '../../../audienceUsers';
import { MEMBER_BYTES, memberIdentifier } from './state';

export const USERS_PER_OPERATION = 25;
const COUNT_RETRIES = 3;

export interface PassResult {
	requests: number;
	/** Per member sent: 1 when X applied it. */
	applied: Uint8Array;
	/** X's refusals: the operation, the members it held, X's errors. */
	refusals: IDataObject[];
}

interface Operation {
	json: string;
	first: number;
	users: number;
}

/** The operations of the members, USERS_PER_OPERATION each, as JSON text. */
function* operations(members: Buffer, operationType: 'Update' | 'Delete'): Generator<Operation> {
	const count = members.length / MEMBER_BYTES;
	for (let first = 0; first < count; first += USERS_PER_OPERATION) {
		const users: string[] = [];
		for (let n = first; n < Math.min(count, first + USERS_PER_OPERATION); n++) {
			const { type, value } = memberIdentifier(members, n);
			users.push(`{"${type}":[${JSON.stringify(value)}]}`);
		}
		yield { json: `{"operation_type":"${operationType}","params":{"users":[${users.join(',')}]}}`, first, users: users.length };
	}
}

/** Operations packed into request bodies within X's two limits. */
function* requestBodies(members: Buffer, operationType: 'Update' | 'Delete'): Generator<Operation[]> {
	let batch: Operation[] = [];
	let bytes = 2; // [ ]
	for (const operation of operations(members, operationType)) {
		const size = Buffer.byteLength(operation.json, 'utf8') + 1;
		if (batch.length && (batch.length === AUDIENCE_LIMITS.maxEntries || bytes + size > AUDIENCE_LIMITS.maxBytes)) {
			yield batch;
			batch = [];
			bytes = 2;
		}
		batch.push(operation);
		bytes += size;
	}
	if (batch.length) yield batch;
}

export async function sendPass(ctx: IExecuteFunctions, base: XRequest, operationType: 'Update' | 'Delete', members: Buffer, policy: RetryPolicy): Promise<PassResult> {
	const result: PassResult = { requests: 0, applied: new Uint8Array(members.length / MEMBER_BYTES), refusals: [] };
	for (const batch of requestBodies(members, operationType)) {
		const number = ++result.requests;
		const request = { ...base, body: Buffer.from(`[${batch.map((o) => o.json).join(',')}]`, 'utf8') as unknown as IDataObject, idempotent: true };
		const users = batch.reduce((n, o) => n + o.users, 0);
		const label = `${operationType === 'Update' ? 'add' : 'remove'} request ${number}`;
		for (let attempt = 1; ; attempt++) {
			const envelope = (await adsRequest(ctx, request, policy)) as IDataObject & { data: unknown };
			const counted = answerCounts(envelope.data);
			if ('problem' in counted) throw xApiError(ctx.getNode(), { status: 200, body: envelope }, { label, message: `${counted.problem}: ${users} users sent, not confirmed` });
			const errors = operationErrors(envelope.operation_errors);
			const refusedUsers = [...errors.keys()].reduce((n, index) => n + (batch[index]?.users ?? 0), 0);
			if (counted.total === users && counted.success === users - refusedUsers) {
				recordAnswer(result, batch, errors);
				break;
			}
			if (attempt > COUNT_RETRIES) {
				throw xApiError(ctx.getNode(), { status: 200, body: envelope }, { label, message: `X counted ${counted.success} of ${counted.total} users for the ${users} sent, after ${attempt} attempts` });
			}
			ctx.logger.warn(`X: audience sync ${label} counted ${counted.success} of ${counted.total} for ${users} sent; sending it again (${attempt} of ${COUNT_RETRIES})`);
		}
	}
	return result;
}

function recordAnswer(result: PassResult, batch: Operation[], errors: Map<number, unknown[]>): void {
	batch.forEach((operation, index) => {
		const refused = errors.get(index);
		if (refused) {
			result.refusals.push({ request: result.requests, operation: index, members: operation.users, errors: refused as IDataObject[] });
			return;
		}
		result.applied.fill(1, operation.first, operation.first + operation.users);
	});
}
