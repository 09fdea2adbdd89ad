/**
 * Line items (https://docs.x.com/x-ads-api/campaign-management/reference#line-items): list, get,
 * create (PAUSED unless the user picks another status), update, activate, pause, delete, and
 * create/update/delete in batches of 40. Every rule the reference states is checked before sending.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CheckHelpers, Field, Resource } from '../../shared/engine/endpoints';
import { compareMicros, recordsWithAmounts } from '../../shared/values/money';
import { accountField, campaignField, checkTimeOrder, idField, idListField, lineItemField, money, sortByField, withDeletedField, withTotalCountField } from '../common/fields';
import { checkBudgets, checkJsonMicros } from '../common/budgets';
import { batchEndpoint } from '../common/campaignBatch';
import { statusEndpoint, statusOnCreate, withDraftField } from '../common/status';
import { simplify } from '../common/simplify';

export const LINE_ITEM_GOALS = [
	'APP_CLICKS',
	'APP_INSTALLS',
	'APP_PURCHASES',
	'ENGAGEMENT',
	'FOLLOWERS',
	'LINK_CLICKS',
	'MAX_REACH',
	'PREROLL',
	'PREROLL_STARTS',
	'REACH_WITH_ENGAGEMENT',
	'VIDEO_VIEW',
	'VIEW_3S_100PCT',
	'VIEW_6S',
	'VIEW_15S',
	'WEBSITE_CONVERSIONS',
] as const;


/** The update table of the spec, all optional. Objective-dependent rules are left for X to judge. */
const updateFields: Field[] = [
	{ wire: 'name', label: 'Name', type: 'string' },
	{ wire: 'entity_status', label: 'Status', type: 'options', options: ['ACTIVE', 'PAUSED'] },
	{ wire: 'bid_strategy', label: 'Bid Strategy', type: 'options', options: ['AUTO', 'MAX', 'TARGET'], description: 'AUTO optimizes from the daily budget and flight dates; MAX is the maximum bid (not for REACH or FOLLOWERS); TARGET keeps the daily average within 20% of the bid (REACH or WEBSITE_CLICKS)' },
	money('bid_amount_local_micro', 'Bid Amount', 'Required with bid strategy MAX or TARGET; greater than zero'),
	money('total_budget_amount_local_micro', 'Total Budget', 'Total budget of the line item'),
	money('daily_budget_amount_local_micro', 'Daily Budget', 'At most the total budget; only when the campaign has budget optimization LINE_ITEM'),
	{ wire: 'goal', label: 'Goal', type: 'options', options: LINE_ITEM_GOALS },
	{ wire: 'pay_by', label: 'Pay By', type: 'options', options: ['APP_CLICK', 'IMPRESSION', 'LINK_CLICK'], description: 'Changeable only for the APP_INSTALLS objective' },
	{ wire: 'start_time', label: 'Start Time', type: 'dateTime', description: 'ISO 8601; a time without a zone is read as UTC' },
	{ wire: 'end_time', label: 'End Time', type: 'dateTime', description: 'ISO 8601; a time without a zone is read as UTC' },
	{ wire: 'frequency_cap', label: 'Frequency Cap', type: 'number', description: 'Most deliveries per user (REACH, ENGAGEMENTS, VIDEO_VIEWS and PREROLL_VIEWS objectives)', rules: { integer: true, min: 1 } },
	{ wire: 'duration_in_days', label: 'Frequency Cap Period (Days)', type: 'options', options: ['1', '7', '30'], description: 'The period the frequency cap counts over' },
	{ wire: 'audience_expansion', label: 'Audience Expansion', type: 'options', options: ['BROAD', 'DEFINED', 'EXPANDED'] },
	{
		wire: 'advertiser_domain',
		label: 'Advertiser Domain',
		type: 'string',
		description: 'Domain without protocol, e.g. example.com; required for the PUBLISHER_NETWORK placement',
		rules: { pattern: /^(?!.*:\/\/)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, patternRule: 'a domain without protocol or path, such as example.com' },
	},
	{ wire: 'advertiser_user_id', label: 'Advertiser User ID', type: 'string', description: 'User promoting a PREROLL_VIEWS ad (numeric X user ID)', rules: { pattern: /^\d{1,20}$/, patternRule: 'a numeric X user ID' } },
	{ wire: 'android_app_store_identifier', label: 'Android App Store Identifier', type: 'string', placeholder: 'e.g. com.example.app' },
	{ wire: 'ios_app_store_identifier', label: 'iOS App Store Identifier', type: 'string', description: 'The numeric part of the App Store ID', rules: { pattern: /^\d+$/, patternRule: 'the numeric part of the App Store ID, such as 333903271' } },
	{
		wire: 'categories',
		label: 'Categories',
		type: 'list',
		description: 'IAB categories such as IAB19 or IAB19-6 (comma-separated); required for the PUBLISHER_NETWORK placement',
		rules: { pattern: /^IAB\d+(-\d+)?$/, patternRule: 'IAB category codes such as IAB19 or IAB19-6' },
	},
];

const DOCS = 'https://docs.x.com/x-ads-api/campaign-management/reference';
/** Update and Delete existed before the list: their saved workflows began with By ID. */
const savedLineItemField: Field = { ...lineItemField, locator: { ...lineItemField.locator!, defaultMode: 'id' } };
const lineItemPath = '/accounts/{account_id}/line_items/{line_item_id}';

const OBJECTIVES = ['APP_ENGAGEMENTS', 'APP_INSTALLS', 'REACH', 'FOLLOWERS', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS', 'WEBSITE_CLICKS'];
const PLACEMENTS = [
	'ALL_ON_TWITTER',
	'PUBLISHER_NETWORK',
	'TAP_BANNER',
	'TAP_FULL',
	'TAP_FULL_LANDSCAPE',
	'TAP_NATIVE',
	'TAP_MRECT',
	'TWITTER_PROFILE',
	'TWITTER_REPLIES',
	'TWITTER_SEARCH',
	'TWITTER_TIMELINE',
];

/** What Create takes besides the required fields: the update table, and the fields only Create has. */
const createOptional: Field[] = [
	{ wire: 'name', label: 'Name', type: 'string', rules: { minLength: 1, maxLength: 255 }, description: '1 to 255 characters' },
	...updateFields.filter((f) => !['name', 'entity_status', 'goal', 'start_time', 'end_time'].includes(f.wire)),
	{ wire: 'goal', label: 'Goal', type: 'options', options: [...LINE_ITEM_GOALS, 'SITE_VISITS'], description: 'Default based on the objective; SITE_VISITS only with WEBSITE_CLICKS' },
	{ wire: 'primary_web_event_tag', label: 'Primary Web Event Tag', type: 'string', description: 'Required when the goal is WEBSITE_CONVERSIONS', rules: { maxLength: 64 } },
	{ wire: 'standard_delivery', label: 'Standard Delivery', type: 'boolean', description: 'Whether to pace evenly (standard) rather than accelerated; only when the campaign\'s budget optimization is LINE_ITEM' },
];
const requiredOnCreate: Field[] = [
	{ wire: 'objective', label: 'Objective', type: 'options', options: OBJECTIVES, required: true, description: 'All line items of a campaign share one objective and product type' },
	{ wire: 'product_type', label: 'Product Type', type: 'options', options: ['MEDIA', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEETS'], default: 'PROMOTED_TWEETS', required: true },
	{ wire: 'placements', label: 'Placements', type: 'multiOptions', options: PLACEMENTS, required: true, description: 'Where it shows; PUBLISHER_NETWORK needs Advertiser Domain and Categories' },
	{ wire: 'start_time', label: 'Start Time', type: 'dateTime', required: true, description: 'When it starts to serve (ISO 8601; a time without a zone is read as UTC)' },
	{ wire: 'end_time', label: 'End Time', type: 'dateTime', required: true, description: 'When it stops serving, after Start Time' },
];

const FREQUENCY_CAP_OBJECTIVES = ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS'];
/** Goals the reference ties to objectives. */
const GOAL_OBJECTIVES: Record<string, string[]> = {
	APP_PURCHASES: ['APP_INSTALLS'],
	APP_CLICKS: ['APP_INSTALLS', 'APP_ENGAGEMENTS'],
	APP_INSTALLS: ['APP_INSTALLS', 'APP_ENGAGEMENTS'],
	SITE_VISITS: ['WEBSITE_CLICKS'],
};
/** pay_by values a goal supports, where the reference says. */
const PAY_BY_FOR_GOAL: Record<string, string[]> = { APP_INSTALLS: ['APP_CLICK', 'IMPRESSION'], LINK_CLICKS: ['LINK_CLICK', 'IMPRESSION'], SITE_VISITS: ['IMPRESSION'] };

/** Every rule of POST line_items the reference states (objective, goal, bid, placements, budgets, times). */
function checkCreate(values: IDataObject, fail: CheckHelpers['fail']): void {
	const objective = values.objective as string;
	const strategy = values.bid_strategy as string | undefined;
	const bid = values.bid_amount_local_micro as string | undefined;
	if (bid !== undefined && compareMicros(bid, '0') <= 0) fail('Bid Amount (bid_amount_local_micro)', `must be greater than zero (got ${bid} micros)`);
	if ((strategy === 'MAX' || strategy === 'TARGET') && bid === undefined) fail('Bid Amount (bid_amount_local_micro)', `is required when Bid Strategy is ${strategy}`);
	if (strategy === 'MAX' && (objective === 'REACH' || objective === 'FOLLOWERS')) fail('Bid Strategy (bid_strategy)', `cannot be MAX for the ${objective} objective`);
	if (strategy === 'TARGET' && !['REACH', 'FOLLOWERS', 'WEBSITE_CLICKS'].includes(objective)) {
		fail('Bid Strategy (bid_strategy)', `can be TARGET only for the REACH, FOLLOWERS or WEBSITE_CLICKS objective (got ${objective})`);
	}
	if ((objective === 'APP_INSTALLS' || objective === 'APP_ENGAGEMENTS') && values.android_app_store_identifier === undefined && values.ios_app_store_identifier === undefined) {
		fail('iOS App Store Identifier (ios_app_store_identifier)', `or Android App Store Identifier is required for the ${objective} objective`);
	}
	if ((values.placements as string[] | undefined)?.includes('PUBLISHER_NETWORK')) {
		if (values.advertiser_domain === undefined) fail('Advertiser Domain (advertiser_domain)', 'is required with the PUBLISHER_NETWORK placement');
		if (values.categories === undefined) fail('Categories (categories)', 'is required with the PUBLISHER_NETWORK placement');
	}
	const goal = values.goal as string | undefined;
	if (goal === 'WEBSITE_CONVERSIONS' && values.primary_web_event_tag === undefined) fail('Primary Web Event Tag (primary_web_event_tag)', 'is required when Goal is WEBSITE_CONVERSIONS');
	if (goal && GOAL_OBJECTIVES[goal] && !GOAL_OBJECTIVES[goal].includes(objective)) {
		fail('Goal (goal)', `${goal} is available only for the ${GOAL_OBJECTIVES[goal].join(' or ')} objective (got ${objective})`);
	}
	if (values.frequency_cap !== undefined && !FREQUENCY_CAP_OBJECTIVES.includes(objective)) {
		fail('Frequency Cap (frequency_cap)', `is supported only for the ${FREQUENCY_CAP_OBJECTIVES.join(', ')} objectives (got ${objective})`);
	}
	const payBy = values.pay_by as string | undefined;
	if (payBy && goal && PAY_BY_FOR_GOAL[goal] && !PAY_BY_FOR_GOAL[goal].includes(payBy)) {
		fail('Pay By (pay_by)', `${payBy} is not supported for the ${goal} goal (use ${PAY_BY_FOR_GOAL[goal].join(' or ')})`);
	}
	if (goal === 'LINK_CLICKS' && strategy === 'TARGET' && payBy === 'IMPRESSION') fail('Pay By (pay_by)', 'cannot be IMPRESSION for the LINK_CLICKS goal with bid strategy TARGET');
	checkBudgets(values, fail);
	checkTimeOrder(values, fail);
}

export const lineItemResource: Resource = {
	name: 'Line Item',
	value: 'lineItem',
	description: 'Line items (ad groups) of a campaign',
	endpoints: [
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a line item',
			description: 'Change a line item: status, bid, budgets, schedule, frequency cap and more',
			method: 'PUT',
			path: '/accounts/{account_id}/line_items/{line_item_id}',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#put-accounts-account-id-line-items-line-item-id',
			fields: [accountField, savedLineItemField, ...updateFields],
			output: recordsWithAmounts,
			check: (values, { fail }) => {
				if (!updateFields.some((f) => values[f.wire] !== undefined)) {
					fail('Update Fields', 'needs at least one field to change');
				}
				checkUpdate(values, fail);
			},
		},
		{
			operation: 'getAll',
			simplify: simplify.lineItem,
			name: 'Get Many',
			action: 'Get many line items',
			description: 'List the line items of an account, optionally by campaigns, funding instruments, IDs or name',
			method: 'GET',
			path: '/accounts/{account_id}/line_items',
			docs: `${DOCS}#get-accounts-account-id-line-items`,
			list: { maxCount: 1000 },
			fields: [
				accountField,
				idListField('campaign_ids', 'Campaign IDs'),
				idListField('funding_instrument_ids', 'Funding Instrument IDs'),
				idListField('line_item_ids', 'Line Item IDs'),
				{ wire: 'q', label: 'Name Search', type: 'string', description: 'Only line items whose name matches this text', rules: { maxLength: 255 } },
				sortByField,
				withDeletedField,
				withDraftField,
				withTotalCountField,
			],
			output: recordsWithAmounts,
		},
		{
			operation: 'get',
			simplify: simplify.lineItem,
			name: 'Get',
			action: 'Get a line item',
			description: 'Get one line item with its objective, bid, budgets and schedule',
			method: 'GET',
			path: lineItemPath,
			docs: `${DOCS}#get-accounts-account-id-line-items-line-item-id`,
			fields: [accountField, lineItemField, withDeletedField],
			output: recordsWithAmounts,
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a line item',
			description: 'Create a line item in a campaign (objective, placements, schedule, bid and budgets); it is created PAUSED unless you choose another status',
			method: 'POST',
			path: '/accounts/{account_id}/line_items',
			docs: `${DOCS}#post-accounts-account-id-line-items`,
			fields: [accountField, campaignField, ...requiredOnCreate, statusOnCreate('line item'), ...createOptional],
			check: (values, { fail }) => checkCreate(values, fail),
			output: recordsWithAmounts,
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a line item',
			description: 'Delete a line item (irreversible; its promoted posts are kept)',
			method: 'DELETE',
			path: '/accounts/{account_id}/line_items/{line_item_id}',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#delete-accounts-account-id-line-items-line-item-id',
			fields: [accountField, savedLineItemField],
			notFoundMessage: 'The line item is already deleted, or does not exist',
			output: recordsWithAmounts,
		},
		statusEndpoint('line item', 'ACTIVE', { method: 'PUT', path: lineItemPath, docs: `${DOCS}#put-accounts-account-id-line-items-line-item-id` }, lineItemField),
		statusEndpoint('line item', 'PAUSED', { method: 'PUT', path: lineItemPath, docs: `${DOCS}#put-accounts-account-id-line-items-line-item-id` }, lineItemField),
		batchEndpoint({
			noun: 'line item',
			label: 'Line Item',
			createOnly: [
				{ ...idField('campaign_id', 'Campaign ID', false), description: 'Create only: the campaign it belongs to' },
				...requiredOnCreate.map((f) => ({ ...f, required: false, default: undefined, description: `${f.description ?? f.label}; required for Create` })),
			],
			optional: createOptional,
			update: updateFields,
			requiredOnCreate: ['campaign_id', ...requiredOnCreate.map((f) => f.wire)],
			check: (values, fail) => {
				if (values.operation_type === 'Create') checkCreate(values, fail);
				else if (values.operation_type === 'Update') checkUpdate(values, fail);
				checkJsonMicros(values, fail);
			},
		}),
	],
};

/** The rules of PUT line_items the reference states that need no stored values. */
function checkUpdate(values: IDataObject, fail: CheckHelpers['fail']): void {
	const bid = values.bid_amount_local_micro as string | undefined;
	if (bid !== undefined && compareMicros(bid, '0') <= 0) {
		fail('Bid Amount (bid_amount_local_micro)', `must be greater than zero (got ${bid} micros)`);
	}
	if ((values.bid_strategy === 'MAX' || values.bid_strategy === 'TARGET') && bid === undefined) {
		fail('Bid Amount (bid_amount_local_micro)', `is required when Bid Strategy is ${String(values.bid_strategy)}`);
	}
	checkBudgets(values, fail);
	if (values.goal === 'LINK_CLICKS' && values.bid_strategy === 'TARGET' && values.pay_by === 'IMPRESSION') {
		fail('Pay By (pay_by)', 'cannot be IMPRESSION for the LINK_CLICKS goal with bid strategy TARGET');
	}
	checkTimeOrder(values, fail);
}
