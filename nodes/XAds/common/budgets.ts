/** Budget rules of campaigns and line items: the daily budget within the total, amounts a batch's JSON can carry. */
import type { IDataObject } from 'n8n-workflow';

import type { CheckHelpers } from '../../shared/engine/endpoints';
import { compareMicros } from '../../shared/values/money';

/** "daily ... should be less than or equal to the total_budget_amount_local_micro" */
export function checkBudgets(values: IDataObject, fail: CheckHelpers['fail']): void {
	const daily = values.daily_budget_amount_local_micro as string | undefined;
	const total = values.total_budget_amount_local_micro as string | undefined;
	if (daily !== undefined && total !== undefined && compareMicros(daily, total) > 0) {
		fail('Daily Budget (daily_budget_amount_local_micro)', `must not be above the Total Budget (got ${daily} > ${total} micros)`);
	}
}

/** Micros travel as JSON numbers in a batch body, as in X's example: they must fit one exactly. */
const MAX_JSON_MICROS = String(Number.MAX_SAFE_INTEGER);

/** Items whose amounts a JSON number cannot carry exactly are refused before the batch is sent. */
export function checkJsonMicros(values: IDataObject, fail: CheckHelpers['fail']): void {
	for (const [wire, value] of Object.entries(values)) {
		if (wire.endsWith('_local_micro') && typeof value === 'string' && compareMicros(value, MAX_JSON_MICROS) > 0) {
			fail(wire, `is too large to send in a batch (at most ${MAX_JSON_MICROS} micros)`);
		}
	}
}
