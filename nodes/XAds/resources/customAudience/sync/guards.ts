/**
 * What a sync refuses before any request: a state that is not this list's or not sound, a sync
 * sooner than X's processing window, a second sync of the same list running at once, and (once
 * the segment is read) a removal larger than the cap or an empty segment.
 * https://docs.x.com/x-ads-api/audiences (Processing Times: changes are processed every 6-8 hours;
 * X advises one update for additions and one for removals per audience in that time)
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runNode } from '../../../../shared/prepare';
import type { ListKind, SyncState } from './state';
import { decodeState, memberCount } from './state';

/** X processes audience changes in batches every 6-8 hours: the earliest next sync. */
export const PROCESSING_WINDOW_MS = 6 * 3600_000;

export interface SyncTarget {
	kind: ListKind;
	accountId: string;
	listId: string;
}

export interface GuardOptions {
	allowEarlySync: boolean;
	allowEmptySegment: boolean;
	maxRemovePercent: number;
}

const noun = (kind: ListKind) => (kind === 'customAudience' ? 'custom audience' : 'do-not-reach list');
const refused = (ctx: IExecuteFunctions, message: string, description: string) => new NodeOperationError(runNode(ctx), message, { itemIndex: 0, description });
const STATE_FIELD = 'State Binary Field (stateBinaryPropertyName)';

/** The last sync's state of this list, or undefined for a first sync (the item holds none). */
export async function readState(ctx: IExecuteFunctions, target: SyncTarget, property: string): Promise<SyncState | undefined> {
	const holder = ctx.getInputData().findIndex((item) => item.binary?.[property]);
	if (holder < 0) return undefined;
	const file = await ctx.helpers.getBinaryDataBuffer(holder, property);
	const state = decodeState(file);
	const fix = 'Nothing was sent to X. Give the state file the last sync of this list wrote, unchanged; without one, the sync starts over (adds everyone, removes no one).';
	if ('problem' in state) throw refused(ctx, `Item ${holder}: ${STATE_FIELD} ${state.problem}`, fix);
	if (state.kind !== target.kind || state.listId !== target.listId || state.accountId !== target.accountId) {
		throw refused(ctx, `Item ${holder}: ${STATE_FIELD} holds the state of ${noun(state.kind)} ${state.listId} of account ${state.accountId}, not of ${noun(target.kind)} ${target.listId} of account ${target.accountId}`, `${fix} Each list keeps its own state file.`);
	}
	return state;
}

export function checkWindow(ctx: IExecuteFunctions, state: SyncState | undefined, options: GuardOptions, now: number): void {
	if (!state || options.allowEarlySync || now - state.syncedAt >= PROCESSING_WINDOW_MS) return;
	const hours = ((now - state.syncedAt) / 3600_000).toFixed(1);
	throw refused(
		ctx,
		`The last sync of this list ran at ${new Date(state.syncedAt).toISOString()}, ${hours} hours ago: X processes audience changes every 6-8 hours and advises one update for additions and one for removals in that time`,
		`Nothing was sent to X. Sync again from ${new Date(state.syncedAt + PROCESSING_WINDOW_MS).toISOString()} on, or turn on Sync Within Processing Window to send anyway.`,
	);
}

/** Why the plan must not be carried out (an export cut short or empty), or undefined. */
export function capProblem(previous: number, joined: number, left: number, options: GuardOptions): string | undefined {
	if (previous === 0) return undefined;
	if (joined + previous - left === 0 && !options.allowEmptySegment) {
		return `The segment holds no one, which would remove all ${previous} members: an export that came back empty? Turn on Allow Empty Segment if it truly is empty.`;
	}
	const percent = (left / previous) * 100;
	if (percent > options.maxRemovePercent) {
		return `The sync would remove ${left} of the ${previous} members (${percent.toFixed(1)}%), more than Max Removals (${options.maxRemovePercent}%): an export cut short? Raise Max Removals if so many truly left.`;
	}
	return undefined;
}

/** Syncs running in this n8n, by list: a second one of the same list at once is refused. */
const running = new Map<string, number>();

export async function exclusively<T>(ctx: IExecuteFunctions, target: SyncTarget, run: () => Promise<T>): Promise<T> {
	const key = `${target.kind} ${target.accountId} ${target.listId}`;
	const since = running.get(key);
	if (since !== undefined) {
		throw refused(
			ctx,
			`Another sync of ${noun(target.kind)} ${target.listId} is running in this n8n (since ${new Date(since).toISOString()})`,
			'Nothing was sent to X. Two syncs at once would send the same changes twice and write two states; let the running one end (its state is the next one\'s).',
		);
	}
	running.set(key, Date.now());
	try {
		return await run();
	} finally {
		running.delete(key);
	}
}

export const previousCount = (state: SyncState | undefined) => (state ? memberCount(state) : 0);
