/** Status of campaigns and line items: PAUSED on create unless chosen, and the Activate and Pause operations. */
import type { Endpoint, Field } from '../../shared/engine/endpoints';
import { recordsWithAmounts } from '../../shared/values/money';
import { accountField } from './fields';

/** Safe by default: created PAUSED, so nothing spends until it is activated. */
export function statusOnCreate(noun: string): Field {
	return {
		wire: 'entity_status',
		label: 'Status',
		type: 'options',
		options: ['PAUSED', 'ACTIVE', 'DRAFT'],
		default: 'PAUSED',
		required: true,
		description: `The ${noun} is created PAUSED unless you choose another status, so nothing spends until you activate it (X's own default would be ACTIVE)`,
	};
}

export const withDraftField: Field = { wire: 'with_draft', label: 'With Draft', type: 'boolean', description: 'Whether to include draft campaigns' };

/** Activate or Pause: PUT with entity_status only. */
export function statusEndpoint(resource: 'campaign' | 'line item', status: 'ACTIVE' | 'PAUSED', base: Omit<Endpoint, 'operation' | 'name' | 'action' | 'description'>, target: Field): Endpoint {
	const activate = status === 'ACTIVE';
	return {
		...base,
		operation: activate ? 'activate' : 'pause',
		name: activate ? 'Activate' : 'Pause',
		action: `${activate ? 'Activate' : 'Pause'} a ${resource}`,
		description: activate
			? `Set the ${resource}'s status to ACTIVE: it starts to serve and spend`
			: `Set the ${resource}'s status to PAUSED: it stops serving and spending`,
		fields: [accountField, target, { wire: 'entity_status', label: 'Status', type: 'string', noParameter: true }],
		read: (_ctx, _i, readParameters) => ({ ...readParameters(), entity_status: status }),
		output: recordsWithAmounts,
	};
}
