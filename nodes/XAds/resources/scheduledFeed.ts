/**
 * Scheduled feeds: where and how often X imports a product file into a catalog (one feed per user;
 * an import adds and updates products, it never deletes them).
 * https://docs.x.com/x-ads-api/catalog-management/reference#scheduled-feeds
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field, Resource } from '../../shared/engine/endpoints';
import { catalogField } from '../common/fields';

const DOCS = 'https://docs.x.com/x-ads-api/catalog-management/reference';
const path = '/product_catalogs/{product_catalog_id}/scheduled_feeds';

const FORMATS = ['CSV', 'TSV', 'XML'];
const FREQUENCIES = ['HOURLY', 'DAILY', 'WEEKLY'];
/** The repeat X takes per frequency; DAILY takes none. */
const REPEATS: Record<string, string[]> = {
	WEEKLY: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
	HOURLY: ['1', '2', '3', '4', '6', '8', '12'],
};

const feedIdField: Field = { wire: 'scheduled_feed_id', label: 'Scheduled Feed ID', type: 'string', required: true, rules: { pattern: /^[A-Za-z0-9]{1,32}$/, patternRule: 'a scheduled feed ID (letters and digits)' }, placeholder: 'e.g. 1576851765428822016' };

const feedFields = (required: boolean): Field[] => [
	{
		wire: 'feed_url',
		label: 'Feed URL',
		type: 'string',
		required,
		placeholder: 'e.g. https://shop.example.com/feed.csv',
		description: 'Where X downloads the product file (up to 8 GB)',
		rules: { pattern: /^https?:\/\/[^\s/?#]+[^\s]*$/i, patternRule: 'a full http(s) URL of the product file (X reads it from there; up to 8 GB)' },
	},
	{ wire: 'feed_format', label: 'Feed Format', type: 'options', required, options: FORMATS, description: 'The format of the product file' },
	{ wire: 'frequency', label: 'Frequency', type: 'options', required, options: FREQUENCIES, description: 'How often X imports the file' },
	{
		wire: 'start_time',
		label: 'Start Time',
		type: 'string',
		required,
		placeholder: 'e.g. 01:30',
		description: 'The time of day of the import, HH:MM in 24 hours, in the Time Zone',
		rules: { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, patternRule: 'a time of day as HH:MM (00:00 to 23:59)' },
	},
	{
		wire: 'time_zone',
		label: 'Time Zone',
		type: 'string',
		required,
		placeholder: 'e.g. America/New_York',
		description: 'The IANA time zone of the Start Time',
		rules: { pattern: /^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/, patternRule: 'an IANA time zone such as America/New_York or UTC' },
	},
	{
		wire: 'repeat',
		label: 'Repeat',
		type: 'string',
		placeholder: 'e.g. SATURDAY',
		description: 'WEEKLY: the day (MONDAY to SUNDAY); HOURLY: every 1, 2, 3, 4, 6, 8 or 12 hours; DAILY: leave empty (capitals or not)',
	},
];

/** The rules across fields of X's parameter table: the repeat each frequency takes, a time zone the runtime knows. */
function checkFeed(values: IDataObject, fail: (field: string, rule: string) => never): void {
	const zone = values.time_zone;
	if (typeof zone === 'string') {
		try {
			new Intl.DateTimeFormat('en-US', { timeZone: zone });
		} catch {
			fail('Time Zone (time_zone)', `must be an IANA time zone such as America/New_York (got "${zone}")`);
		}
	}
	const frequency = values.frequency as string | undefined;
	const repeat = values.repeat === undefined ? undefined : String(values.repeat).trim().toUpperCase();
	if (frequency === 'DAILY' && repeat !== undefined) fail('Repeat (repeat)', 'must be left empty for the DAILY frequency');
	if (frequency === 'WEEKLY' || frequency === 'HOURLY') {
		const allowed = REPEATS[frequency];
		if (repeat === undefined) fail('Repeat (repeat)', `is required for the ${frequency} frequency: one of ${allowed.join(', ')}`);
		if (!allowed.includes(repeat)) fail('Repeat (repeat)', `must be one of ${allowed.join(', ')} for the ${frequency} frequency (got "${String(values.repeat)}")`);
	}
	if (frequency === undefined && repeat !== undefined && !REPEATS.WEEKLY.includes(repeat) && !REPEATS.HOURLY.includes(repeat)) {
		fail('Repeat (repeat)', `must be a day (MONDAY to SUNDAY) or a number of hours (${REPEATS.HOURLY.join(', ')}) (got "${String(values.repeat)}")`);
	}
	if (repeat !== undefined) values.repeat = repeat;
}

export const scheduledFeedResource: Resource = {
	name: 'Scheduled Feed',
	value: 'scheduledFeed',
	description: 'Where and how often X imports a product file into a catalog',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many scheduled feeds',
			description: 'List the scheduled feeds of a product catalog (X supports one per user)',
			method: 'GET',
			path,
			docs: `${DOCS}#get-product_catalogs%2Fproduct_catalog_id%2Fscheduled_feeds`,
			list: { onePage: true },
			fields: [catalogField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a scheduled feed',
			description: 'Schedule X to import a product file (CSV, TSV or XML at a URL X can read) into a catalog hourly, daily or weekly; imports add and update products, never delete them',
			method: 'POST',
			path,
			docs: `${DOCS}#post-product_catalogs%2Fproduct_catalog_id%2Fscheduled_feeds`,
			fields: [catalogField, ...feedFields(true)],
			check: (values, { fail }) => checkFeed(values, fail),
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a scheduled feed',
			description: 'Change the URL, format, frequency, repeat or time of a scheduled feed',
			method: 'PUT',
			path: `${path}/{scheduled_feed_id}`,
			docs: `${DOCS}#put-product_catalogs%2Fproduct_catalog_id%2Fscheduled_feeds%2Fscheduled_feed_id`,
			fields: [catalogField, feedIdField, ...feedFields(false)],
			check: (values, { fail }) => {
				if (Object.keys(values).every((k) => k === 'product_catalog_id' || k === 'scheduled_feed_id')) fail('Update Fields', 'needs at least one field to change');
				checkFeed(values, fail);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a scheduled feed',
			description: 'Delete a scheduled feed permanently (the products it imported stay in the catalog)',
			method: 'DELETE',
			path: `${path}/{scheduled_feed_id}`,
			docs: `${DOCS}#delete-product_catalogs%2Fproduct_catalog_id%2Fscheduled_feeds%2Fscheduled_feed_id`,
			fields: [catalogField, feedIdField],
		},
	],
};
