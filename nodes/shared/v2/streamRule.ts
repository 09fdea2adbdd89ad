/**
 * Filtered-stream rules (https://docs.x.com/x-api/posts/filtered-stream/introduction): the queries
 * whose matching posts the filtered stream, and a webhook linked to it, deliver. App's bearer token.
 * X's limits on the pay-per-use plan: 1,000 rules, 1,024 characters a rule (more on Enterprise).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CheckedItem, Resource } from '../engine/endpoints';
import type { RetryPolicy } from '../transport/transport';
import { xRequest } from '../transport/transport';
import { v2Pages } from './pages';

const RULE_ID = { pattern: /^[0-9]{1,19}$/, patternRule: 'a rule ID of 1 to 19 digits' };
/** Enterprise rules may be 2,048 characters; X refuses longer pay-per-use rules itself. */
export const MAX_RULE_LENGTH = 2048;

/** X's answer to a change of rules: the rules it created (one item each) or its summary, and its refusals. */
function changeOutput(body: IDataObject): IDataObject[] {
	const created = Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
	const meta = (body.meta ?? {}) as IDataObject;
	const errors = Array.isArray(body.errors) ? (body.errors as IDataObject[]) : [];
	if (created.length) return created.map((rule) => ({ ...rule, summary: meta.summary as IDataObject, ...(errors.length ? { errors } : {}) }));
	return [{ summary: meta.summary as IDataObject, sent: meta.sent as string, ...(errors.length ? { errors } : {}) }];
}

async function change(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const { body } = await xRequest(ctx, item.request, policy);
	return changeOutput((body ?? {}) as IDataObject);
}

/** The one X endpoint that adds and deletes rules (add, delete or delete_all in its body): three operations of the node. */
const CHANGE_RULES = {
	method: 'POST',
	host: 'api',
	path: '/2/tweets/search/stream/rules',
	docs: 'https://docs.x.com/x-api/posts/filtered-stream/quickstart',
	send: 'json',
} as const;

export const streamRuleResource: Resource = {
	name: 'Stream Rule',
	value: 'streamRule',
	description: 'Filtered-stream rules: which posts the filtered stream and its linked webhooks deliver',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many stream rules',
			description: 'List the filtered-stream rules, optionally only the ones with the given IDs',
			method: 'GET',
			host: 'api',
			path: '/2/tweets/search/stream/rules',
			docs: 'https://docs.x.com/x-api/stream/get-stream-rules',
			list: { maxCount: 1000 },
			fields: [{ wire: 'ids', label: 'Rule IDs', type: 'list', description: 'Only these rules (comma-separated, up to 1,000)', rules: { maxItems: 1000, ...RULE_ID } }],
			run: v2Pages(1000),
		},
		{
			operation: 'add',
			name: 'Add',
			action: 'Add a stream rule',
			description: 'Add one rule per input item (a query such as "acme -is:retweet"); with Dry Run, X only checks it',
			...CHANGE_RULES,
			fields: [
				{ wire: 'value', label: 'Rule', type: 'string', required: true, placeholder: 'acme -is:retweet', description: 'The query, with X\'s filtered-stream operators', rules: { maxLength: MAX_RULE_LENGTH } },
				{ wire: 'tag', label: 'Tag', type: 'string', description: 'Your label for the rule; matching posts carry it in matching_rules' },
				{ wire: 'dry_run', label: 'Dry Run', type: 'boolean', in: 'query', description: 'Whether X only checks the rule without adding it' },
			],
			check: (values) => {
				values.add = [{ value: values.value, ...(values.tag !== undefined ? { tag: values.tag } : {}) }];
				delete values.value;
				delete values.tag;
				if (values.dry_run === false) delete values.dry_run;
			},
			run: change,
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete stream rules',
			description: 'Delete rules by their IDs',
			...CHANGE_RULES,
			// Deleting rules by ID again deletes nothing more: safe to repeat after a dropped answer.
			idempotent: true,
			fields: [
				{ wire: 'ids', label: 'Rule IDs', type: 'list', required: true, description: 'Comma-separated rule IDs', rules: { maxItems: 1000, ...RULE_ID } },
				{ wire: 'dry_run', label: 'Dry Run', type: 'boolean', in: 'query', description: 'Whether X only checks the deletion without doing it' },
			],
			check: (values) => {
				values.delete = { ids: values.ids };
				delete values.ids;
				if (values.dry_run === false) delete values.dry_run;
			},
			run: change,
		},
		{
			operation: 'deleteAll',
			name: 'Delete All',
			action: 'Delete all stream rules',
			description: 'Delete every rule of the App at once',
			...CHANGE_RULES,
			fields: [
				{ wire: 'dry_run', label: 'Dry Run', type: 'boolean', in: 'query', description: 'Whether X only checks the deletion without doing it' },
				{ wire: 'delete_all', label: 'Delete All', type: 'boolean', in: 'query', noParameter: true },
			],
			read: (_ctx, _itemIndex, readParameters) => ({ ...readParameters(), delete_all: true }),
			check: (values) => {
				if (values.dry_run === false) delete values.dry_run;
			},
			run: change,
		},
		{
			operation: 'getCounts',
			name: 'Get Counts',
			action: 'Get stream rule counts',
			description: 'How many rules the App and its project have, and their caps',
			method: 'GET',
			host: 'api',
			path: '/2/tweets/search/stream/rules/counts',
			docs: 'https://docs.x.com/x-api/stream/get-stream-rule-counts',
		},
	],
};
