/**
 * Targeting criteria: who a line item's ads reach (locations, interests, keywords, audiences, ...),
 * one criterion per targeting type and value.
 * https://docs.x.com/x-ads-api/campaign-management/reference#targeting-criteria
 */
import type { IDataObject } from 'n8n-workflow';

import type { CheckHelpers, Field, Resource } from '../../shared/engine/endpoints';
import { runNode } from '../../shared/engine/prepare';
import { inputError } from '../../shared/engine/validation';
import { batchRunner } from '../common/batchOperations';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';
import { simplify } from '../common/simplify';

/** X's targeting types (reference of POST targeting_criteria: non-keyword, keyword, custom audience, app store category and TAP exclusion values). */
export const TARGETING_TYPES = [
	'AGE', 'DEVICE', 'EVENT', 'CAMPAIGN_ENGAGEMENT', 'CAMPAIGN_ENGAGEMENT_LOOKALIKE', 'CONVERSATION', 'ENGAGEMENT_TYPE',
	'FOLLOWERS_OF_USER', 'GENDER', 'INTEREST', 'LANGUAGE', 'LIVE_TV_EVENT', 'LOCATION', 'NETWORK_ACTIVATION_DURATION',
	'NETWORK_OPERATOR', 'PLATFORM', 'PLATFORM_VERSION', 'SIMILAR_TO_FOLLOWERS_OF_USER', 'TV_SHOW', 'USER_ENGAGEMENT',
	'USER_ENGAGEMENT_LOOKALIKE', 'WIFI_ONLY', 'BROAD_KEYWORD', 'EXACT_KEYWORD', 'PHRASE_KEYWORD', 'UNORDERED_KEYWORD',
	'CUSTOM_AUDIENCE', 'CUSTOM_AUDIENCE_EXPANDED', 'APP_STORE_CATEGORY', 'APP_STORE_CATEGORY_LOOKALIKE', 'APP_LIST',
] as const;

export const OPERATOR_TYPES = ['EQ', 'NE', 'GTE', 'LT'] as const;

/** Engagement types of engager and video viewer retargeting (campaign management guide, Targeting). */
export const ENGAGEMENT_TYPES = ['IMPRESSION', 'ENGAGEMENT', 'VIDEO_VIEW', 'VIDEO_VIEW_PARTIAL', 'VIDEO_VIEW_COMPLETE'] as const;

/** GENDER's values: 1 male, 2 female (campaign management guide, Understanding targeting types). */
export const GENDERS = [
	{ name: 'Male', value: '1' },
	{ name: 'Female', value: '2' },
];

/** Types a line item may target only once (one AGE bucket, one EVENT). */
export const ONCE_PER_LINE_ITEM = ['AGE', 'EVENT'];

const lineItemIdField = idField('line_item_id', 'Line Item ID');

const targetingTypeField = (required: boolean): Field => ({
	wire: 'targeting_type',
	label: 'Targeting Type',
	type: 'options',
	required,
	options: TARGETING_TYPES,
	default: 'LOCATION',
	description: 'What to target by. Keyword types take the keywords as the value; most others a value from the Targeting Option lists (the picker below searches the list of the type chosen here).',
});

const operatorTypeField = (required: boolean): Field => ({
	wire: 'operator_type',
	label: 'Operator Type',
	type: 'options',
	required,
	options: OPERATOR_TYPES,
	default: 'EQ',
	description: 'EQ targets the value, NE excludes it (e.g. negative keywords; APP_LIST takes only NE); GTE and LT bound NETWORK_ACTIVATION_DURATION',
});

const targetingValueField = (required: boolean): Field => ({
	wire: 'targeting_value',
	label: 'Targeting Value',
	type: 'locator',
	required,
	description: 'The value for the targeting type: pick it from the list (searched in X\'s options for the chosen type), or give it (a location, interest or device value, a language code, keywords, a user ID or a custom audience ID)',
	locator: {
		searchMethod: 'searchTargetingValues',
		idPattern: '^[^\\t\\n\\r]{1,255}$',
		idRule: 'a targeting value of 1 to 255 characters on one line',
		placeholder: 'e.g. 5122804691e5fecc',
	},
});

const criterionField: Field = { ...idField('targeting_criterion_id', 'Targeting Criterion ID'), placeholder: 'e.g. dpl3a6' };

const langField: Field = {
	wire: 'lang',
	label: 'Language',
	type: 'string',
	placeholder: 'e.g. fr',
	description: 'An ISO 639-1 language code: X adds localized_name where it has one',
	rules: { pattern: /^[a-z]{2}$/, patternRule: 'an ISO 639-1 code of two lowercase letters, such as fr' },
};

/** The rules X's reference and guide state for one criterion. */
export function checkCriterion(values: IDataObject, { fail }: Pick<CheckHelpers, 'fail'>): void {
	const type = values.targeting_type as string | undefined;
	const operator = values.operator_type as string | undefined;
	const value = values.targeting_value as string | undefined;
	if (type === 'APP_LIST' && operator !== 'NE') {
		fail('Operator Type (operator_type)', `must be NE for targeting type APP_LIST: X takes app lists only as exclusions (got ${operator ?? 'none'})`);
	}
	if ((operator === 'GTE' || operator === 'LT') && type !== 'NETWORK_ACTIVATION_DURATION') {
		fail('Operator Type (operator_type)', `${operator} works only with targeting type NETWORK_ACTIVATION_DURATION (got ${String(type)}); use EQ or NE`);
	}
	if (type === 'NETWORK_ACTIVATION_DURATION' && operator !== 'GTE' && operator !== 'LT') {
		fail('Operator Type (operator_type)', `must be GTE or LT for NETWORK_ACTIVATION_DURATION (got ${operator ?? 'none'})`);
	}
	if (value === undefined) return;
	if (type === 'GENDER' && !GENDERS.some((g) => g.value === value)) {
		fail('Targeting Value (targeting_value)', `must be 1 (male) or 2 (female) for GENDER (got "${value}")`);
	}
	if (type === 'ENGAGEMENT_TYPE' && !(ENGAGEMENT_TYPES as readonly string[]).includes(value)) {
		fail('Targeting Value (targeting_value)', `must be one of ${ENGAGEMENT_TYPES.join(', ')} for ENGAGEMENT_TYPE (got "${value}")`);
	}
	if ((type === 'FOLLOWERS_OF_USER' || type === 'SIMILAR_TO_FOLLOWERS_OF_USER' || type === 'USER_ENGAGEMENT') && !/^\d{1,20}$/.test(value)) {
		fail('Targeting Value (targeting_value)', `must be a numeric X user ID for ${type} (got "${value}")`);
	}
}

/** A batch may hold only one AGE and one EVENT per line item, as X allows one per line item. */
function checkOncePerLineItem(items: IDataObject[], fail: (position: number, rule: string) => void): void {
	const seen = new Map<string, number>();
	items.forEach((values, position) => {
		const type = String(values.targeting_type);
		if (values.operation_type === 'Delete' || !ONCE_PER_LINE_ITEM.includes(type)) return;
		const key = `${String(values.line_item_id)}/${type}`;
		if (seen.has(key)) fail(position, `line item ${String(values.line_item_id)} may target only one ${type}; item ${seen.get(key)} already adds one`);
		else seen.set(key, position);
	});
}

const path = '/accounts/{account_id}/targeting_criteria';
/** X's largest targeting criteria batch. */
export const TARGETING_BATCH_SIZE = 500;

const runBatch = batchRunner(TARGETING_BATCH_SIZE, (item) => {
	const { operation_type, ...params } = item.values;
	delete params.account_id;
	return { operation_type: String(operation_type), params };
});

export const targetingCriterionResource: Resource = {
	name: 'Targeting Criterion',
	value: 'targetingCriterion',
	description: 'Who a line item reaches: locations, interests, keywords, audiences and other criteria',
	endpoints: [
		{
			operation: 'getAll',
			simplify: simplify.targetingCriterion,
			name: 'Get Many',
			action: 'Get many targeting criteria',
			description: 'List the targeting criteria of one or more line items (Line Item IDs is required)',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-targeting-criteria',
			list: { maxCount: 1000 },
			fields: [
				accountField,
				{ ...idListField('line_item_ids', 'Line Item IDs'), required: true, placeholder: 'e.g. 8u94t,619jl' },
				idListField('targeting_criterion_ids', 'Targeting Criterion IDs'),
				langField,
				sortByField,
				withDeletedField,
				withTotalCountField,
			],
		},
		{
			operation: 'get',
			simplify: simplify.targetingCriterion,
			name: 'Get',
			action: 'Get a targeting criterion',
			description: 'Get one targeting criterion by its ID',
			method: 'GET',
			path: `${path}/{targeting_criterion_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-targeting-criteria-targeting-criterion-id',
			fields: [accountField, criterionField, langField, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a targeting criterion',
			description: 'Add one targeting criterion to a line item: a targeting type, a value for it, and EQ to target or NE to exclude. A custom audience must be targetable; TV_SHOW needs a LOCATION criterion on the line item first.',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#post-accounts-account-id-targeting-criteria',
			fields: [accountField, lineItemIdField, targetingTypeField(true), targetingValueField(true), operatorTypeField(true)],
			check: (values, helpers) => checkCriterion(values, helpers),
		},
		{
			operation: 'batch',
			name: 'Batch',
			action: 'Create or delete targeting criteria in batches',
			description: `Create or delete many targeting criteria: each input item is one operation, sent ${TARGETING_BATCH_SIZE} per request. Create needs Line Item ID, Targeting Type and Targeting Value; Delete needs Targeting Criterion ID. X applies a request's operations all or none; each item gets its record or its error.`,
			method: 'POST',
			path: `/batch${path}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#post-batch-accounts-account-id-targeting-criteria',
			send: 'json',
			optionalLabel: 'Operation Fields',
			fields: [
				accountField,
				{ wire: 'operation_type', label: 'Operation Type', type: 'options', required: true, options: ['Create', 'Delete'], default: 'Create', description: 'Create a criterion, or delete one' },
				{ ...lineItemIdField, required: false, description: 'Create: the line item to target for' },
				targetingTypeField(false),
				targetingValueField(false),
				operatorTypeField(false),
				{ ...criterionField, required: false, description: 'Delete: the criterion to delete' },
			],
			check: (values, helpers) => {
				const create = values.operation_type === 'Create';
				const needed = create
					? [['line_item_id', 'Line Item ID'], ['targeting_type', 'Targeting Type'], ['targeting_value', 'Targeting Value']]
					: [['targeting_criterion_id', 'Targeting Criterion ID']];
				for (const [wire, label] of needed) if (values[wire] === undefined) helpers.fail(`${label} (${wire})`, `is required for operation type ${String(values.operation_type)}`);
				const other = create ? ['targeting_criterion_id'] : ['line_item_id', 'targeting_type', 'targeting_value', 'operator_type'];
				for (const wire of other) if (values[wire] !== undefined) helpers.fail(`Operation Fields (${wire})`, `${wire} does not belong to a ${String(values.operation_type)} operation: leave it out`);
				if (create) checkCriterion({ operator_type: 'EQ', ...values }, helpers);
			},
			batch: async (ctx, items, policy) => {
				// Checked across items before anything is sent: X allows one AGE and one EVENT per line item.
				const refusals = new Map<number, Error>();
				checkOncePerLineItem(items.map((i) => i.values), (position, rule) => {
					refusals.set(position, inputError(runNode(ctx), items[position].itemIndex, 'Targeting Type (targeting_type)', rule));
				});
				const send = items.filter((_, position) => !refusals.has(position));
				const sent = send.length ? await runBatch(ctx, send, policy) : [];
				let next = 0;
				return items.map((_, position) => refusals.get(position) ?? sent[next++]);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a targeting criterion',
			description: 'Delete one targeting criterion; X answers it with deleted true',
			method: 'DELETE',
			path: `${path}/{targeting_criterion_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#delete-accounts-account-id-targeting-criteria-targeting-criterion-id',
			fields: [accountField, criterionField],
		},
	],
};
