/**
 * Sync: make a custom audience (or a do-not-reach list) mirror a CRM segment. X keeps no member
 * list to read back, so the node keeps its own: the state file of the last sync (./state.ts), which
 * the user stores wherever n8n stores files and gives back to the next sync. Each sync adds who
 * joined and removes who left since, in one add and one remove pass.
 * https://docs.x.com/x-ads-api/audiences/reference#post-accounts-account-id-custom-audiences-custom-audience-id-users
 */
import type { INodeProperties } from 'n8n-workflow';

import type { Endpoint, Field } from '../../../../shared/endpoints';
import { inputProperty, fileProperties } from '../../../audienceFileFields';
import { checkIdentifiers, identifierMappingProperty, readIdentifiers } from '../../../audienceUsers';
import { accountField } from '../../../fields';
import type { SyncDefinition } from './run';
import type { ListKind } from './state';

export { executeAudienceSync } from './run';
export type { SyncDefinition } from './run';

const stateProperties: INodeProperties[] = [
	{
		displayName: 'State Binary Field',
		name: 'stateBinaryPropertyName',
		type: 'string',
		default: 'syncState',
		required: true,
		hint: 'The last sync\'s state comes in here and the new one goes out here: store it (Read/Write Files from Disk, S3, a drive) for the next sync',
		description: 'Binary property holding the state the last sync wrote (an input item without it makes a first sync, which adds everyone and removes no one)',
	},
	{
		displayName: 'Dry Run',
		name: 'dryRun',
		type: 'boolean',
		default: false,
		description: 'Whether to only read the segment and output the plan (who would be added and removed, rows refused), sending nothing to X and writing no state',
	},
	{
		displayName: 'Sync Options',
		name: 'syncOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Allow Empty Segment',
				name: 'allowEmptySegment',
				type: 'boolean',
				default: false,
				description: 'Whether a segment without anyone may remove every member (off: such a sync is refused, as an export that came back empty would empty the list)',
			},
			{
				displayName: 'Max Removals (%)',
				name: 'maxRemovePercent',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 100 },
				default: 10,
				description: 'The sync is refused, before anything is sent, when it would remove more than this share of the members of the last sync (an export cut short). 100 allows any removal.',
			},
			{
				displayName: 'Sync Within Processing Window',
				name: 'allowEarlySync',
				type: 'boolean',
				default: false,
				description: 'Whether to sync less than 6 hours after the last sync. X processes audience changes every 6-8 hours and advises one update for additions and one for removals in that time; off, such a sync is refused.',
			},
		],
	},
];

/** The Sync operation of a list: the fields of Add Users (items or a file), the state and the options. */
export function syncDefinition(kind: ListKind, path: string, target: Field, identifiers: Field[], docs: string): SyncDefinition {
	return { kind, target, identifiers, endpoint: syncEndpoint(kind, path, target, identifiers, docs) };
}

function syncEndpoint(kind: ListKind, path: string, target: Field, identifiers: Field[], docs: string): Endpoint {
	const noun = kind === 'customAudience' ? 'custom audience' : 'do-not-reach list';
	const itemsOnly = (p: INodeProperties): INodeProperties => ({ ...p, displayOptions: { show: { ...p.displayOptions?.show, audienceInput: ['items'] } } });
	return {
		operation: 'sync',
		name: 'Sync',
		action: `Sync a ${noun.replace('-', ' ').replace('-', ' ')} with a segment`,
		description: `Make the ${noun} mirror a segment (items or a CSV/one-per-line file): add who joined and remove who left since the last sync, whose state file it reads and writes`,
		method: 'POST',
		path,
		docs,
		send: 'json',
		idempotent: true,
		optionalLabel: 'Identifiers',
		fields: [accountField, target, ...identifiers],
		extraProperties: [inputProperty, itemsOnly(identifierMappingProperty), ...fileProperties(identifiers, []), ...stateProperties],
		fieldsShowWhen: { identifierMapping: ['fields'], audienceInput: ['items'] },
		read: readIdentifiers(identifiers),
		check: (values, { fail }) => checkIdentifiers(identifiers)(values, fail),
	};
}
