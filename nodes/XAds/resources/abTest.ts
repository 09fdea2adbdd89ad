/**
 * A/B tests (https://docs.x.com/x-ads-api/measurement/ab-testing): randomized user group splits of
 * campaigns or line items. X's page documents creating with a JSON body and its rules, which are
 * checked here before sending. Its Updating section names PUT accounts/:account_id/ab_tests/:ab_test_id
 * with a JSON body and ends mid-sentence: Update sends the attributes the page describes for an A/B
 * test, under the same rules. The page says reading and deleting work like other Ads endpoints but
 * documents no such endpoint, so the node offers none.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field, Resource } from '../../shared/engine/endpoints';
import { shown } from '../../shared/engine/validation';
import { accountField, checkTimeOrder, idField } from '../common/fields';

const DOCS = 'https://docs.x.com/x-ads-api/measurement/ab-testing';
const DAY_MS = 86_400_000;

/** X's limits from the page's Creating section. */
export const AB_TEST_RULES = { minGroups: 2, maxGroups: 30, maxLineItemGroups: 5, minSize: 1, maxSize: 99, total: 100 };

const GROUP_KEYS = ['size', 'entity_ids', 'name', 'description'];
const ADS_ID = /^[A-Za-z0-9]{1,32}$/;
const SIZE = /^\d{1,2}(\.\d{1,2})?$/;

type Fail = (field: string, rule: string) => never;

function checkTimes(values: IDataObject, fail: Fail): void {
	const now = Date.now();
	for (const [wire, label] of [['start_time', 'Start Time'], ['end_time', 'End Time']]) {
		if (values[wire] !== undefined && Date.parse(String(values[wire])) <= now) {
			fail(`${label} (${wire})`, `must be in the future: X refuses an A/B test that starts or ends before it is created (got ${String(values[wire])})`);
		}
	}
	checkTimeOrder(values, fail);
	if (values.start_time !== undefined && values.end_time !== undefined && Date.parse(String(values.end_time)) - Date.parse(String(values.start_time)) < DAY_MS) {
		fail('End Time (end_time)', `must be at least one day after Start Time (start_time), X's shortest test (five days for app campaigns) (got ${String(values.start_time)} and ${String(values.end_time)})`);
	}
}

/** Checks the user groups by the page's rules and sends each size as the text X asks for (50.00). */
function checkUserGroups(values: IDataObject, fail: Fail): void {
	const label = 'User Groups (user_groups)';
	const groups = values.user_groups;
	if (!Array.isArray(groups)) return void fail(label, `must be a JSON array of user groups, each with size and entity_ids (got ${shown(groups)})`);
	const lineItems = values.entity_type === 'LINE_ITEM';
	const max = lineItems ? AB_TEST_RULES.maxLineItemGroups : AB_TEST_RULES.maxGroups;
	if (groups.length < AB_TEST_RULES.minGroups || groups.length > max) {
		fail(label, `must hold ${AB_TEST_RULES.minGroups} to ${max} groups${lineItems ? ' on the line item level' : ''} (got ${groups.length})`);
	}
	let hundredths = 0;
	const sizes = new Set<number>();
	groups.forEach((group: unknown, n) => {
		const at = `group ${n + 1}`;
		if (!group || typeof group !== 'object' || Array.isArray(group)) fail(label, `${at} must be an object with size and entity_ids (got ${shown(group)})`);
		const g = group as IDataObject;
		const unknown = Object.keys(g).find((key) => !GROUP_KEYS.includes(key));
		if (unknown) fail(label, `${at} has ${unknown}, which X does not take (${GROUP_KEYS.join(', ')})`);
		const size = typeof g.size === 'number' ? String(g.size) : g.size;
		if (typeof size !== 'string' || !SIZE.test(size.trim()) || Number(size) < AB_TEST_RULES.minSize || Number(size) > AB_TEST_RULES.maxSize) {
			fail(label, `${at}: size must be a percentage from 1.00 to 99.00 with at most two decimals (got ${shown(g.size)})`);
		}
		const share = Math.round(Number(size) * 100);
		hundredths += share;
		sizes.add(share);
		g.size = (share / 100).toFixed(2);
		const ids = g.entity_ids;
		if (!Array.isArray(ids) || !ids.length || ids.some((id) => typeof id !== 'string' || !ADS_ID.test(id))) {
			fail(label, `${at}: entity_ids must be a list of ${lineItems ? 'line item' : 'campaign'} IDs (letters and digits) (got ${shown(ids)})`);
		}
		if (lineItems && ids.length !== 1) fail(label, `${at}: on the line item level each group holds exactly one line item (got ${ids.length})`);
		for (const key of ['name', 'description']) if (g[key] !== undefined && g[key] !== null && typeof g[key] !== 'string') fail(label, `${at}: ${key} must be text (got ${shown(g[key])})`);
	});
	if (hundredths !== AB_TEST_RULES.total * 100) fail(label, `sizes must add up to 100.00 (got ${(hundredths / 100).toFixed(2)})`);
	if (lineItems && sizes.size > 1) fail(label, 'on the line item level X allows only an equal split: every group the same size');
}

function checkAbTest(values: IDataObject, fail: Fail): void {
	checkTimes(values, fail);
	if (values.user_groups !== undefined) checkUserGroups(values, fail);
}

const entityType: Field = {
	wire: 'entity_type',
	label: 'Entity Type',
	type: 'options',
	required: true,
	options: ['CAMPAIGN', 'LINE_ITEM'],
	default: 'CAMPAIGN',
	description: 'The level of the split: campaigns, or line items (at most 5 groups, one line item each, equal sizes)',
};
const time = (wire: string, label: string, required: boolean): Field => ({
	wire,
	label,
	type: 'dateTime',
	required,
	description: 'In the future and overlapping the flights of the campaigns or line items; the test lasts at least one day (X asks five for app campaigns, which the node cannot tell and leaves to X)',
});
const userGroups = (required: boolean): Field => ({
	wire: 'user_groups',
	label: 'User Groups',
	type: 'json',
	required,
	placeholder: '[{"size": "50.00", "entity_ids": ["f2qcw"], "name": "A"}, {"size": "50.00", "entity_ids": ["f2rqi"]}]',
	description: 'JSON array of 2 to 30 groups: size (a percentage from 1.00 to 99.00; all add up to 100.00), entity_ids (the campaign or line item IDs of the group), name and description optional',
});
const text = (wire: string, label: string): Field => ({ wire, label, type: 'string' });

export const abTestResource: Resource = {
	name: 'A/B Test',
	value: 'abTest',
	description: 'Randomized user group splits of campaigns or line items. X documents no endpoint to list, get or delete them.',
	endpoints: [
		{
			operation: 'create',
			name: 'Create',
			action: 'Create an A/B test',
			description: 'Split users into 2 to 30 groups over campaigns or line items; X\'s rules checked before sending',
			method: 'POST',
			path: '/accounts/{account_id}/ab_tests',
			docs: `${DOCS}#creating`,
			send: 'json',
			fields: [accountField, entityType, time('start_time', 'Start Time', true), time('end_time', 'End Time', true), userGroups(true), text('name', 'Name'), text('description', 'Description')],
			check: (values, { fail }) => checkAbTest(values, fail),
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update an A/B test',
			description: 'Change an A/B test\'s times, groups, name or description. X\'s page names this endpoint but its Updating section ends before describing it: the node sends the attributes the page describes, under the Create rules.',
			method: 'PUT',
			path: '/accounts/{account_id}/ab_tests/{ab_test_id}',
			docs: `${DOCS}#updating`,
			send: 'json',
			fields: [accountField, idField('ab_test_id', 'A/B Test ID'), entityType, time('start_time', 'Start Time', false), time('end_time', 'End Time', false), userGroups(false), text('name', 'Name'), text('description', 'Description')],
			check: (values, { fail }) => checkAbTest(values, fail),
		},
	],
};
