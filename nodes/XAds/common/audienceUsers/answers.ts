/**
 * Reading X's answer to a users request (POST accounts/:account_id/custom_audiences/:id/users and
 * the do-not-reach lists' users), shared by item and file input.
 */
import type { IDataObject } from 'n8n-workflow';

import { shown } from '../../../shared/engine/validation';

/**
 * success_count and total_count of a users answer (an object, or an array of them for do-not-reach
 * lists), or why they are not counts: X's numbers are typed data, a count sent as text or missing
 * is never read as one (the request then ends as an error, not as OK).
 */
export function answerCounts(data: unknown): { success: number; total: number } | { problem: string } {
	const list = (Array.isArray(data) ? data : [data]) as IDataObject[];
	let success = 0;
	let total = 0;
	for (const d of list) {
		const s = d?.success_count;
		const t = d?.total_count;
		if (!isCount(s) || !isCount(t)) return { problem: `X's success_count and total_count are not counts (got ${shown(s)} and ${shown(t)})` };
		success += s;
		total += t;
	}
	return { success, total };
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
