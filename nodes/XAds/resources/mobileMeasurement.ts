/**
 * Mobile app conversion tracking (https://docs.x.com/x-ads-api/measurement/mobile-conversions):
 * the app event tags that set each conversion type's windows, and the conversion event a mobile
 * measurement partner sends to X to get its attribution back. X's page also links GET
 * conversion_attribution, which X's reference does not document: not offered.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../../shared/engine/endpoints';
import { shown } from '../../shared/engine/validation';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

const DOCS = 'https://docs.x.com/x-ads-api/measurement/mobile-conversions';

/** X's defaults of the two windows (days), which the click window must be at least. */
const WINDOW_DEFAULTS = { click_window: 14, view_through_window: 1 };

/** An unhashed IDFA or AdID is a UUID: sending it would hand X the raw device identifier. */
const RAW_DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const IP_ADDRESS = /^(\d{1,3}\.){3}\d{1,3}$|^[0-9a-fA-F:]+:[0-9a-fA-F:.]*$/;

/** X takes conversion times "with milliseconds appended" (2014-05-22T02:38:28.103Z). */
const withMilliseconds = (time: unknown) => new Date(Date.parse(String(time))).toISOString();

function checkConversionEvent(values: IDataObject, fail: (field: string, rule: string) => never): void {
	const device = String(values.hashed_device_id);
	if (RAW_DEVICE_ID.test(device.trim())) {
		fail(
			'Hashed Device ID (hashed_device_id)',
			'looks like an unhashed IDFA or AdID (a UUID): X takes it HMAC-SHA-256 hashed, with the key of your measurement partner agreement, which X does not publish; give the hashed value',
		);
	}
	if (/\s/.test(device)) fail('Hashed Device ID (hashed_device_id)', `must not contain spaces (got ${shown(device)})`);
	const click = Number(values.click_window ?? WINDOW_DEFAULTS.click_window);
	const view = Number(values.view_through_window ?? WINDOW_DEFAULTS.view_through_window);
	if (click < view) {
		const given = (wire: keyof typeof WINDOW_DEFAULTS) => (values[wire] === undefined ? `X's default ${WINDOW_DEFAULTS[wire]}` : String(values[wire]));
		fail('Click Window (click_window)', `must be at least View Through Window (view_through_window), X's rule (got ${given('click_window')} and ${given('view_through_window')} days)`);
	}
	if (values.device_ip_address !== undefined && !IP_ADDRESS.test(String(values.device_ip_address))) {
		fail('Device IP Address (device_ip_address)', `must be an IPv4 address such as 192.133.78.1, or an IPv6 address (got ${shown(values.device_ip_address)})`);
	}
	values.conversion_time = withMilliseconds(values.conversion_time);
	if (values.non_twitter_engagement_time !== undefined) {
		values.non_twitter_engagement_time = withMilliseconds(values.non_twitter_engagement_time);
		if (Date.parse(String(values.non_twitter_engagement_time)) > Date.parse(String(values.conversion_time))) {
			fail('Non-X Engagement Time (non_twitter_engagement_time)', `must be before Conversion Time (conversion_time): X takes the last engagement prior to the conversion (got ${String(values.non_twitter_engagement_time)} and ${String(values.conversion_time)})`);
		}
	}
}

const wholeNumber = { integer: true, min: 0 };

export const appEventTagResource: Resource = {
	name: 'App Event Tag',
	value: 'appEventTag',
	description: 'The conversion types and attribution windows set up for mobile app conversion tracking',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many app event tags',
			description: 'List the app event tags of an account: each conversion type\'s post-engagement and post-view windows',
			method: 'GET',
			path: '/accounts/{account_id}/app_event_tags',
			docs: `${DOCS}#get-accounts-account-id-app-event-tags`,
			list: { maxCount: 1000 },
			fields: [accountField, idListField('app_event_tag_ids', 'App Event Tag IDs'), sortByField, withDeletedField, withTotalCountField],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get an app event tag',
			description: 'Get one app event tag',
			method: 'GET',
			path: '/accounts/{account_id}/app_event_tags/{app_event_tag_id}',
			docs: `${DOCS}#get-accounts-account-id-app-event-tags-app-event-tag-id`,
			fields: [accountField, idField('app_event_tag_id', 'App Event Tag ID'), withDeletedField],
		},
	],
};

export const conversionEventResource: Resource = {
	name: 'Conversion Event',
	value: 'conversionEvent',
	description: 'Mobile app conversions recorded at X with their attribution (X documents it for mobile measurement partners)',
	endpoints: [
		{
			operation: 'send',
			name: 'Send',
			action: 'Send a mobile conversion event',
			description:
				'Record one app conversion per item and output X\'s attribution (twitter_attribution, tpn_attribution). X documents this endpoint for mobile measurement partners; the device ID must already be HMAC-SHA-256 hashed.',
			method: 'POST',
			path: '/conversion_event',
			docs: `${DOCS}#post-conversion-event`,
			fields: [
				{ wire: 'app_id', label: 'App ID', type: 'string', required: true, placeholder: 'e.g. 333903271 or com.vine.android', description: 'The app\'s ID in its store: the App Store number, or the Google Play package name', rules: { pattern: /^(\d{1,20}|[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+)$/, patternRule: 'an App Store ID (digits) or a package name such as com.vine.android' } },
				{ wire: 'os_type', label: 'OS Type', type: 'options', required: true, options: ['IOS', 'ANDROID'], default: 'IOS' },
				{
					wire: 'hashed_device_id',
					label: 'Hashed Device ID',
					type: 'string',
					required: true,
					description:
						'The IDFA or AdID, HMAC-SHA-256 hashed as X expects; sent as given. X hashes with a key of its measurement partner agreement that it does not publish, so the node cannot hash it and refuses an unhashed IDFA or AdID.',
				},
				{
					wire: 'conversion_type',
					label: 'Conversion Type',
					type: 'options',
					required: true,
					default: 'INSTALL',
					options: ['PURCHASE', 'SIGN_UP', 'INSTALL', 'RE_ENGAGE', 'UPDATE', 'TUTORIAL_COMPLETE', 'RESERVATION', 'ADD_TO_CART', 'ADD_TO_WISHLIST', 'LOGIN', 'CHECKOUT_INITIATED', 'SEARCH', 'LEVEL_ACHIEVED', 'ACHIEVEMENT_UNLOCKED', 'CONTENT_VIEW', 'SHARE', 'INVITE', 'ADDED_PAYMENT_INFO', 'SPENT_CREDITS', 'RATED'],
				},
				{ wire: 'conversion_time', label: 'Conversion Time', type: 'dateTime', required: true, description: 'When the conversion happened; sent with milliseconds as X asks (a time without a zone is read as UTC)' },
				{ wire: 'click_window', label: 'Click Window', type: 'options', options: ['1', '7', '14', '30'], default: '14', description: 'Days after a click that count (X\'s default 14); at least the view-through window' },
				{ wire: 'view_through_window', label: 'View Through Window', type: 'options', options: ['0', '1', '7', '14', '30'], default: '1', description: 'Days after a view that count (X\'s default 1); at most the click window' },
				{ wire: 'device_ip_address', label: 'Device IP Address', type: 'string', description: 'IPv4 or IPv6 address of the device at the conversion' },
				{ wire: 'level', label: 'Level', type: 'number', rules: wholeNumber },
				{ wire: 'non_twitter_engagement_time', label: 'Non-X Engagement Time', type: 'dateTime', description: 'The last engagement outside X before the conversion' },
				{ wire: 'non_twitter_engagement_type', label: 'Non-X Engagement Type', type: 'options', options: ['CLICK', 'VIEW'] },
				{ wire: 'number_items', label: 'Number of Items', type: 'number', rules: wholeNumber },
				{ wire: 'price_currency', label: 'Price Currency', type: 'string', placeholder: 'e.g. USD', rules: { pattern: /^[A-Z]{3}$/, patternRule: 'an ISO 4217 code in capitals such as USD or EUR' } },
				{ wire: 'price_micro', label: 'Price (Micro)', type: 'number', description: 'The price in micro units (1 unit = 1,000,000)', rules: wholeNumber },
				{ wire: 'user_payment_info', label: 'User Payment Info', type: 'boolean', description: 'Whether the app stores the user\'s payment information' },
			],
			check: (values, { fail }) => checkConversionEvent(values, fail),
		},
	],
};
