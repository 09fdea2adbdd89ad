/** Account history (https://docs.x.com/x-ads-api/campaign-management/reference, beta): changes to one entity in a window of whole hours. */
import { AdsParams, collection, invalidParameter, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import type { Router } from '../router';
import { HISTORY_ENTITY_TYPES } from '../store';

function listAccountHistory(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const record = requireAccount(ctx);
	const entityType = params.enum('entity_type', HISTORY_ENTITY_TYPES, { required: true });
	const entityId = params.string('entity_id', { required: true, maxLength: 64 });
	const start = params.time('start_time', { required: true, wholeHour: true }) as number;
	const end = params.time('end_time', { required: true, wholeHour: true }) as number;
	if (start >= end) throw invalidParameter('start_time', 'start_time must be before end_time');
	const userId = params.raw('user_id');
	if (userId !== undefined) {
		// Typed long: a numeric user id.
		if (!/^\d{1,19}$/.test(userId)) throw invalidParameter('user_id', `Expected a Long, got "${userId}" for user_id`);
		params.echo.user_id = userId;
	}
	return collection(params, {
		source: ctx.store.ads[ctx.env].history.get(record.account.id) ?? [],
		filter: (e) => {
			if (e.entity !== entityType || e.entity_id !== entityId) return false;
			if (userId !== undefined && e.change_by.user_id !== userId) return false;
			const t = Date.parse(e.change_time);
			return t >= start && t < end;
		},
		render: (e) => structuredClone(e),
		count: { default: 200, min: 1, max: 1000 },
	});
}

export function registerAccountHistoryRoutes(router: Router): void {
	router.ads('GET', '/12/accounts/:account_id/account_history', listAccountHistory);
}
