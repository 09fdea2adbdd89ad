/**
 * One sync: the state and the guards, the segment read into a plan, the removal cap, one add and
 * one remove pass, then what X says of the list; out go a summary and the new state.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Endpoint, Field } from '../../../../shared/endpoints';
import { endpointRequest } from '../../../../shared/endpoints';
import { retryPolicy } from '../../../../shared/execute';
import { prepareItem, runNode } from '../../../../shared/prepare';
import type { RetryPolicy, XRequest } from '../../../../shared/transport';
import { adsRequest } from '../../../../shared/transport';
import { inputError } from '../../../../shared/validation';
import { isFileMode } from '../../../audienceFileFields';
import { nextMembers, REFUSALS_LISTED, SyncPlan } from './plan';
import type { RowCounts } from './segment';
import { readFileSegment, readItemsSegment } from './segment';
import type { GuardOptions, SyncTarget } from './guards';
import { capProblem, checkWindow, exclusively, previousCount, readState } from './guards';
import type { PassResult } from './send';
import { sendPass } from './send';
import type { ListKind, SyncState } from './state';
import { encodeState, MEMBER_BYTES, memberCount } from './state';

export interface SyncDefinition {
	kind: ListKind;
	endpoint: Endpoint;
	target: Field;
	identifiers: Field[];
}

interface Options extends GuardOptions {
	dryRun: boolean;
	stateProperty: string;
}

function readOptions(ctx: IExecuteFunctions): Options {
	const options = ctx.getNodeParameter('syncOptions', 0, {}) as IDataObject;
	const stateProperty = String(ctx.getNodeParameter('stateBinaryPropertyName', 0, 'syncState')).trim();
	if (!stateProperty) throw inputError(runNode(ctx), 0, 'State Binary Field (stateBinaryPropertyName)', 'is required');
	const maxRemovePercent = Number(options.maxRemovePercent ?? 10);
	if (!(maxRemovePercent >= 0 && maxRemovePercent <= 100)) throw inputError(runNode(ctx), 0, 'Max Removals (%) (maxRemovePercent)', `must be between 0 and 100 (got ${String(options.maxRemovePercent)})`);
	return {
		dryRun: ctx.getNodeParameter('dryRun', 0, false) as boolean,
		stateProperty,
		allowEarlySync: options.allowEarlySync === true,
		allowEmptySegment: options.allowEmptySegment === true,
		maxRemovePercent,
	};
}

/** The account and list of the sync, checked as any operation's fields are. */
function readTarget(ctx: IExecuteFunctions, definition: SyncDefinition): SyncTarget & { request: XRequest } {
	const { endpoint, target } = definition;
	const fields = endpoint.fields!.filter((f) => f.required);
	const values = prepareItem(ctx, { ...endpoint, fields, read: undefined, check: undefined }, 0, {}).values;
	const pathParams = { account_id: String(values.account_id), [target.wire]: String(values[target.wire]) };
	return { kind: definition.kind, accountId: pathParams.account_id, listId: pathParams[target.wire], request: endpointRequest(endpoint, { pathParams, itemIndex: 0 }) };
}

const nodeError = (ctx: IExecuteFunctions, error: unknown): Error =>
	error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(runNode(ctx), error as Error);

/** The sync, its error as an item when the node continues on fail. */
export async function executeAudienceSync(ctx: IExecuteFunctions, definition: SyncDefinition): Promise<INodeExecutionData[][]> {
	try {
		return await runSync(ctx, definition);
	} catch (error) {
		if (!ctx.continueOnFail()) throw nodeError(ctx, error);
		const { message, description } = error as Error & { description?: string };
		return [[{ json: { error: message, ...(description ? { description } : {}) }, pairedItem: { item: 0 } }]];
	}
}

async function runSync(ctx: IExecuteFunctions, definition: SyncDefinition): Promise<INodeExecutionData[][]> {
	const options = readOptions(ctx);
	const target = readTarget(ctx, definition);
	const fromFile = isFileMode(ctx, 0);
	const segmentItem = fromFile ? segmentFileItem(ctx) : 0;
	const previous = await readState(ctx, target, options.stateProperty);
	const now = Date.now();
	if (!options.dryRun) checkWindow(ctx, previous, options, now);
	return await exclusively(ctx, target, async () => {
		const plan = new SyncPlan(previous?.members ?? Buffer.alloc(0));
		const rows = fromFile
			? await readFileSegment(ctx, segmentItem, definition.identifiers, plan)
			: await readItemsSegment(ctx, definition.endpoint, definition.identifiers, options.stateProperty, plan);
		const additions = plan.additions();
		const removals = plan.removals();
		const problem = capProblem(previousCount(previous), plan.joinedCount, removals.length, options);
		const summary = planSummary(target, previous, plan, rows, removals.length, now);
		if (options.dryRun) return [[{ json: { ...summary, dryRun: true, ...(problem ? { wouldBeRefused: problem } : {}) }, pairedItem: { item: 0 } }]];
		if (problem) throw new NodeOperationError(runNode(ctx), problem, { itemIndex: 0, description: 'Nothing was sent to X; run with Dry Run on to see the plan.' });
		const policy = retryPolicy(ctx);
		const removed = Buffer.allocUnsafe(removals.length * MEMBER_BYTES);
		removals.forEach((position, n) => previous!.members.copy(removed, n * MEMBER_BYTES, position * MEMBER_BYTES, (position + 1) * MEMBER_BYTES));
		const add = await pass(ctx, target.request, 'Update', additions, policy);
		const remove = await pass(ctx, target.request, 'Delete', removed, policy);
		const members = nextMembers(previous?.members ?? Buffer.alloc(0), removals, remove.applied, additions, add.applied);
		const state = encodeState({ kind: target.kind, accountId: target.accountId, listId: target.listId, syncedAt: now, members });
		const json = { ...summary, ...resultSummary(add, remove, memberCount({ members })), list: await listStatus(ctx, target, policy), stateBytes: state.length };
		const binary = await ctx.helpers.prepareBinaryData(state, `x-sync-${target.listId}.state`, 'application/octet-stream');
		return [[{ json, binary: { [options.stateProperty]: binary }, pairedItem: { item: 0 } }]];
	});
}

/**
 * The item holding the segment file: the segment and the state may come on one item or on two
 * (two Read/Write Files from Disk nodes appended by a Merge node); a second segment is refused.
 */
function segmentFileItem(ctx: IExecuteFunctions): number {
	const property = String(ctx.getNodeParameter('binaryPropertyName', 0, 'data')).trim();
	const holders = ctx.getInputData().flatMap((item, n) => (item.binary?.[property] ? [n] : []));
	if (holders.length > 1) {
		throw inputError(runNode(ctx), holders[1], 'Input Binary Field (binaryPropertyName)', `is held by items ${holders.join(', ')}: a sync reads one segment file (a state belongs to one list and one segment)`);
	}
	return holders[0] ?? 0;
}

async function pass(ctx: IExecuteFunctions, request: XRequest, operationType: 'Update' | 'Delete', members: Buffer, policy: RetryPolicy): Promise<PassResult> {
	if (!members.length) return { requests: 0, applied: new Uint8Array(0), refusals: [] };
	return await sendPass(ctx, request, operationType, members, policy);
}

function planSummary(target: SyncTarget, previous: SyncState | undefined, plan: SyncPlan, rows: RowCounts, left: number, now: number): IDataObject {
	const distinct = plan.unchanged + plan.joinedCount;
	return {
		[target.kind === 'customAudience' ? 'customAudienceId' : 'doNotReachListId']: target.listId,
		accountId: target.accountId,
		firstSync: !previous,
		...(previous ? { lastSyncAt: new Date(previous.syncedAt).toISOString() } : { note: 'No state was given: this first sync adds every member of the segment and removes no one (whom the list held before stays)' }),
		syncedAt: new Date(now).toISOString(),
		rows: { read: rows.read, header: rows.header, blank: rows.blank, refused: plan.refusedRows, withIdentifiers: rows.withIdentifiers, ...(rows.stateCarriers ? { stateOnlyItems: rows.stateCarriers } : {}) },
		refusedRows: plan.refusals,
		...(plan.refusedRows > plan.refusals.length ? { refusedRowsListed: `the first ${REFUSALS_LISTED} of ${plan.refusedRows}` } : {}),
		identifiers: { read: plan.identifiersRead, duplicates: plan.duplicates, distinct },
		plan: { previous: previousCount(previous), unchanged: plan.unchanged, toAdd: plan.joinedCount, toRemove: left },
		countsAddUp: rows.read === rows.header + rows.blank + plan.refusedRows + rows.withIdentifiers && plan.identifiersRead === distinct + plan.duplicates && previousCount(previous) === plan.unchanged + left,
	};
}

function resultSummary(add: PassResult, remove: PassResult, members: number): IDataObject {
	const applied = (r: PassResult) => r.applied.reduce((n, b) => n + b, 0);
	return {
		added: applied(add),
		removed: applied(remove),
		members,
		requests: { add: add.requests, remove: remove.requests },
		xRefused: { additions: add.applied.length - applied(add), removals: remove.applied.length - applied(remove), operations: [...add.refusals.map((r) => ({ pass: 'add', ...r })), ...remove.refusals.map((r) => ({ pass: 'remove', ...r }))] },
	};
}

/** What X says of the list now: its size, whether it can be targeted, and why not. */
async function listStatus(ctx: IExecuteFunctions, target: SyncTarget, policy: RetryPolicy): Promise<IDataObject> {
	const custom = target.kind === 'customAudience';
	const path = custom ? '/accounts/{account_id}/custom_audiences/{custom_audience_id}' : '/accounts/{account_id}/do_not_reach_lists';
	const envelope = await adsRequest(ctx, { method: 'GET', host: 'ads', path, pathParams: { account_id: target.accountId, custom_audience_id: target.listId }, itemIndex: 0 }, policy);
	const data = envelope.data as IDataObject | IDataObject[];
	const record = (Array.isArray(data) ? data.find((d) => d?.id === target.listId) : data) ?? {};
	return {
		size: (custom ? record.audience_size : record.list_size) ?? null,
		targetable: record.targetable ?? null,
		reasonsNotTargetable: record.reasons_not_targetable ?? [],
		note: 'X processes changes every 6-8 hours: the size and targetability are as of X\'s last processing; an audience is targetable from 100 matched users on',
	};
}
