/** Line items: update every parameter of the update table, and delete. */
import type { Field, Resource } from '../../shared/endpoints';
import { compareMicros } from '../../shared/money';
import { accountField, checkTimeOrder, lineItemField } from '../fields';

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

const money = (wire: string, label: string, description: string): Field => ({ wire, label, type: 'money', description });

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
			fields: [accountField, lineItemField, ...updateFields],
			check: (values, { fail }) => {
				if (!updateFields.some((f) => values[f.wire] !== undefined)) {
					fail('Update Fields', 'needs at least one field to change');
				}
				const bid = values.bid_amount_local_micro as string | undefined;
				if (bid !== undefined && compareMicros(bid, '0') <= 0) {
					fail('Bid Amount (bid_amount_local_micro)', `must be greater than zero (got ${bid} micros)`);
				}
				if ((values.bid_strategy === 'MAX' || values.bid_strategy === 'TARGET') && bid === undefined) {
					fail('Bid Amount (bid_amount_local_micro)', `is required when Bid Strategy is ${String(values.bid_strategy)}`);
				}
				const daily = values.daily_budget_amount_local_micro as string | undefined;
				const total = values.total_budget_amount_local_micro as string | undefined;
				if (daily !== undefined && total !== undefined && compareMicros(daily, total) > 0) {
					fail('Daily Budget (daily_budget_amount_local_micro)', `must not be above the Total Budget (got ${daily} > ${total} micros)`);
				}
				if (values.goal === 'LINK_CLICKS' && values.bid_strategy === 'TARGET' && values.pay_by === 'IMPRESSION') {
					fail('Pay By (pay_by)', 'cannot be IMPRESSION for the LINK_CLICKS goal with bid strategy TARGET');
				}
				checkTimeOrder(values, fail);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a line item',
			description: 'Delete a line item (irreversible; its promoted posts are kept)',
			method: 'DELETE',
			path: '/accounts/{account_id}/line_items/{line_item_id}',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#delete-accounts-account-id-line-items-line-item-id',
			fields: [accountField, lineItemField],
			notFoundMessage: 'The line item is already deleted, or does not exist (X answered 404)',
		},
	],
};
