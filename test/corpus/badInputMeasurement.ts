/**
 * Bad-input entries of mobile measurement (https://docs.x.com/x-ads-api/measurement/mobile-conversions)
 * and A/B tests (https://docs.x.com/x-ads-api/measurement/ab-testing). Same layout as badInput.ts,
 * which includes them; `spec` names X's docs page (no spec document covers them).
 */
import { rows, type BadInput } from './badInput';

const account = { __rl: true, mode: 'id', value: '18ce54d4x5t' };
const HASHED = 'lke1GZa3AseB343ZcCQq7svfHzLfuSqyYnE+Rf49MOI=';
const event = { appId: 'com.vine.android', osType: 'ANDROID', hashedDeviceId: HASHED, conversionType: 'INSTALL', conversionTime: '2026-11-01T10:00:00Z' };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const groups = (...sizes: unknown[]) => JSON.stringify(sizes.map((size, i) => ({ size, entity_ids: [`c${i}`] })));
const abTest = () => ({ account, entityType: 'CAMPAIGN', startTime: inDays(2), endTime: inDays(6), userGroups: groups('50.00', '50.00') });
const MOBILE = 'docs.x.com/x-ads-api/measurement/mobile-conversions';
const AB = 'docs.x.com/x-ads-api/measurement/ab-testing §Creating';

export const measurementBadInput: BadInput[] = [
	...rows(`${MOBILE} §GET accounts/:account_id/app_event_tags`, 'ads', 'appEventTag', 'getAll', { account, returnAll: true }, [
		['account_id', 'format', 'an account ID with a space', { account: 'a b' }, /Account \(account_id\) must be an X Ads account ID/],
		['app_event_tag_ids', 'count', '201 IDs (X takes up to 200)', { filters: { appEventTagIds: Array.from({ length: 201 }, (_, i) => `t${i}`).join(',') } }, /App Event Tag IDs \(app_event_tag_ids\) takes at most 200 values \(got 201\)/],
		['app_event_tag_ids', 'format', 'an ID with a dash', { filters: { appEventTagIds: 'jhp,j-p' } }, /App Event Tag IDs \(app_event_tag_ids\) must be an X Ads ID of letters and digits \(got "j-p"\)/],
		['sort_by', 'format', 'an attribute without a direction', { filters: { sortBy: 'created_at' } }, /Sort By \(sort_by\) must be an attribute and a direction/],
	]),
	...rows(`${MOBILE} §GET accounts/:account_id/app_event_tags/:app_event_tag_id`, 'ads', 'appEventTag', 'get', { account }, [
		['account_id', 'format', 'an account ID with a dot', { account: 'a.b', appEventTagId: 'jhp' }, /Account \(account_id\) must be an X Ads account ID/],
		['app_event_tag_id', 'format', 'an ID with a slash', { appEventTagId: 'j/p' }, /App Event Tag ID \(app_event_tag_id\) must be an X Ads ID of letters and digits/],
	]),
	...rows(`${MOBILE} §POST conversion_event`, 'ads', 'conversionEvent', 'send', event, [
		['app_id', 'format', 'an app name instead of its store ID', { appId: 'Vine' }, /App ID \(app_id\) must be an App Store ID \(digits\) or a package name/],
		['os_type', 'enum', 'WINDOWS', { osType: 'WINDOWS' }, /OS Type \(os_type\) must be one of IOS, ANDROID/],
		['conversion_type', 'enum', 'a web conversion type', { conversionType: 'PAGE_VIEW' }, /Conversion Type \(conversion_type\) must be one of PURCHASE, SIGN_UP/],
		['hashed_device_id', 'format', 'an unhashed IDFA (X takes it HMAC-SHA-256 hashed)', { hashedDeviceId: '6D92078A-8246-4BA4-AE5B-76104861E7DC' }, /Hashed Device ID \(hashed_device_id\) looks like an unhashed IDFA or AdID/],
		['hashed_device_id', 'format', 'a hash with a space in it', { hashedDeviceId: 'abc def' }, /Hashed Device ID \(hashed_device_id\) must not contain spaces/],
		['conversion_time', 'format', 'a date in words', { conversionTime: 'May 22, 2014' }, /Conversion Time \(conversion_time\) must be an ISO 8601 date-time/],
		['click_window', 'enum', '3 days', { additionalFields: { clickWindow: '3' } }, /Click Window \(click_window\) must be one of 1, 7, 14, 30/],
		['view_through_window', 'enum', '2 days', { additionalFields: { viewThroughWindow: '2' } }, /View Through Window \(view_through_window\) must be one of 0, 1, 7, 14, 30/],
		['click_window', 'window', 'a click window shorter than the view-through window', { additionalFields: { clickWindow: '7', viewThroughWindow: '14' } }, /Click Window \(click_window\) must be at least View Through Window \(view_through_window\)/],
		['device_ip_address', 'format', 'a host name', { additionalFields: { deviceIpAddress: 'phone.local' } }, /Device IP Address \(device_ip_address\) must be an IPv4 address/],
		['level', 'range', 'a negative level', { additionalFields: { level: -1 } }, /Level \(level\) must be at least 0/],
		['non_twitter_engagement_time', 'window', 'after the conversion', { additionalFields: { nonTwitterEngagementTime: '2026-11-01T10:00:01Z' } }, /Non-X Engagement Time \(non_twitter_engagement_time\) must be before Conversion Time/],
		['non_twitter_engagement_type', 'enum', 'an install', { additionalFields: { nonTwitterEngagementType: 'INSTALL' } }, /Non-X Engagement Type \(non_twitter_engagement_type\) must be one of CLICK, VIEW/],
		['number_items', 'range', 'a fraction of an item', { additionalFields: { numberItems: 1.5 } }, /Number of Items \(number_items\) must be a whole number/],
		['price_currency', 'format', 'a currency sign', { additionalFields: { priceCurrency: '$' } }, /Price Currency \(price_currency\) must be an ISO 4217 code/],
		['price_micro', 'range', 'a negative price', { additionalFields: { priceMicro: -5 } }, /Price \(Micro\) \(price_micro\) must be at least 0/],
	]),
	...rows(AB, 'ads', 'abTest', 'create', abTest(), [
		['account_id', 'format', 'an account ID with a space', { account: 'a b' }, /Account \(account_id\) must be an X Ads account ID/],
		['entity_type', 'enum', 'an ad group (X calls it a line item)', { entityType: 'AD_GROUP' }, /Entity Type \(entity_type\) must be one of CAMPAIGN, LINE_ITEM/],
		['start_time', 'window', 'a start in the past', { startTime: '2020-12-01T01:00:00Z' }, /Start Time \(start_time\) must be in the future/],
		['end_time', 'window', 'a test of half a day', { endTime: inDays(2.5) }, /End Time \(end_time\) must be at least one day after Start Time/],
		['start_time', 'window', 'a start after the end', { startTime: inDays(7) }, /Start Time \(start_time\) must be before End Time \(end_time\)/],
		['user_groups', 'count', 'one group', { userGroups: groups('100.00') }, /User Groups \(user_groups\) must hold 2 to 30 groups \(got 1\)/],
		['user_groups', 'range', 'a group of 0.50 %', { userGroups: groups('99.50', '0.50') }, /User Groups \(user_groups\) group 1: size must be a percentage from 1\.00 to 99\.00/],
		['user_groups', 'other', 'sizes adding up to 90', { userGroups: groups('45', '45') }, /User Groups \(user_groups\) sizes must add up to 100\.00 \(got 90\.00\)/],
		['user_groups', 'format', 'not JSON', { userGroups: '[{size: 50}' }, /User Groups \(user_groups\) must be valid JSON/],
		['user_groups', 'other', 'an unequal split on the line item level', { entityType: 'LINE_ITEM', userGroups: groups('40', '60') }, /User Groups \(user_groups\) on the line item level X allows only an equal split/],
	]),
	...rows('docs.x.com/x-ads-api/measurement/ab-testing §Updating', 'ads', 'abTest', 'update', { account, abTestId: 'hr7l0', entityType: 'CAMPAIGN' }, [
		['account_id', 'format', 'an account ID with a slash', { account: 'a/b' }, /Account \(account_id\) must be an X Ads account ID/],
		['entity_type', 'enum', 'a creative level', { entityType: 'CREATIVE' }, /Entity Type \(entity_type\) must be one of CAMPAIGN, LINE_ITEM/],
		['ab_test_id', 'format', 'an ID with a space', { abTestId: 'hr7 l0' }, /A\/B Test ID \(ab_test_id\) must be an X Ads ID of letters and digits/],
		['user_groups', 'other', 'sizes adding up to 101', { updateFields: { userGroups: groups('50.50', '50.50') } }, /User Groups \(user_groups\) sizes must add up to 100\.00 \(got 101\.00\)/],
		['end_time', 'window', 'an end in the past', { updateFields: { endTime: '2021-01-01T00:00:00Z' } }, /End Time \(end_time\) must be in the future/],
	]),
];
