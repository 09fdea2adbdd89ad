/**
 * Bad-input entries of Analytics (https://docs.x.com/x-ads-api/analytics: stats, report jobs,
 * active entities, reach) and Conversion (https://docs.x.com/x-ads-api/measurement/web-conversions).
 * Same layout as badInput.ts, which includes them; `spec` names X's docs page (no spec document covers them). Every window here is HOUR or has no
 * granularity, so no rule needs the account's time zone (which is read from X first).
 */
import { rows, type BadInput, type Row } from './badInput';

const account = { __rl: true, mode: 'id', value: '18ce54d4x5t' };
const window = { startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-02T00:00:00Z' };
const stats = { account, entity: 'LINE_ITEM', entityIds: 'abc1', ...window, granularity: 'HOUR', metricGroups: ['ENGAGEMENT'], placement: 'ALL_ON_TWITTER' };
const many = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`).join(',');

/** Rows every stats-like operation (Get Stats, Run Report) has. */
const statsRows = (): Row[] => [
	['account_id', 'format', 'an account ID with a space', { account: 'bad id' }, /Account \(account_id\) must be an X Ads account ID/],
	['entity', 'enum', 'an entity X does not know', { entity: 'AD_GROUP' }, /Entity \(entity\) must be one of ACCOUNT, CAMPAIGN/],
	['entity_ids', 'format', 'an ID with a dash', { entityIds: 'abc1,ab-c' }, /Entity IDs \(entity_ids\) must be an X Ads ID of letters and digits \(got "ab-c"\)/],
	['start_time', 'format', 'half past the hour', { startTime: '2026-05-01T00:30:00Z' }, /Start Time \(start_time\) must be a whole hour/],
	['end_time', 'format', 'a quarter past', { endTime: '2026-05-02T00:15:00Z' }, /End Time \(end_time\) must be a whole hour/],
	['start_time', 'window', 'a start after the end', { startTime: '2026-05-03T00:00:00Z' }, /Start Time \(start_time\) must be before End Time \(end_time\)/],
	['granularity', 'enum', 'WEEK', { granularity: 'WEEK' }, /Granularity \(granularity\) must be one of DAY, HOUR, TOTAL/],
	['metric_groups', 'enum', 'a group X does not have', { metricGroups: ['ENGAGEMENT', 'REACH'] }, /Metric Groups \(metric_groups\) must be one of BILLING, ENGAGEMENT/],
	['metric_groups', 'neverTogether', 'MOBILE_CONVERSION with another group', { metricGroups: ['MOBILE_CONVERSION', 'VIDEO'] }, /Metric Groups \(metric_groups\) must hold MOBILE_CONVERSION alone/],
	['metric_groups', 'other', 'BILLING for the account entity', { entity: 'ACCOUNT', entityIds: '18ce54d4x5t', metricGroups: ['BILLING'] }, /Metric Groups \(metric_groups\) BILLING is not available for ACCOUNT/],
	['placement', 'enum', 'PUBLISHER_NETWORK (active entities name it, stats take it not)', { placement: 'PUBLISHER_NETWORK' }, /Placement \(placement\) must be one of ALL_ON_TWITTER, SPOTLIGHT, TREND/],
];

const reachRows = (wire: string, param: string, label: string): Row[] => [
	['account_id', 'format', 'an account ID with a slash', { account: 'a/b' }, /Account \(account_id\) must be an X Ads account ID/],
	[wire, 'format', 'an ID with a space', { [param]: 'abc1,a b' }, new RegExp(`${label} \\(${wire}\\) must be an X Ads ID of letters and digits`)],
	['start_time', 'format', 'half past the hour', { startTime: '2026-05-01T00:30:00Z' }, /Start Time \(start_time\) must be a whole hour/],
	['end_time', 'format', 'a quarter past', { endTime: '2026-05-08T00:15:00Z' }, /End Time \(end_time\) must be a whole hour/],
];

const conversion = { pixelId: 'o8z6j', eventId: 'o87ne', conversionTime: '2026-11-01T10:00:00Z', additionalFields: { hashedEmail: 'a@example.com' } };

export const analyticsBadInput: BadInput[] = [
	...rows('docs.x.com/x-ads-api/analytics §Synchronous Analytics', 'ads', 'analytics', 'getStats', stats, statsRows()),
	...rows('docs.x.com/x-ads-api/analytics §Asynchronous Analytics', 'ads', 'analytics', 'report', stats, [
		...statsRows(),
		['segmentation_type', 'enum', 'a segmentation X no longer enables', { additionalFields: { segmentationType: 'INTERESTS' } }, /Segmentation Type \(segmentation_type\) must be one of AGE, GENDER, METROS, PLATFORMS, CONVERSION_TAGS/],
		['country', 'requiredTogether', 'METROS without a country', { additionalFields: { segmentationType: 'METROS' } }, /Country \(country\) is required with METROS segmentation/],
		['country', 'format', 'a country name instead of its key', { additionalFields: { segmentationType: 'METROS', country: 'United States' } }, /Country \(country\) must be a targeting location key/],
		['segmentation_type', 'other', 'CONVERSION_TAGS with engagement metrics', { additionalFields: { segmentationType: 'CONVERSION_TAGS' } }, /Segmentation Type \(segmentation_type\) CONVERSION_TAGS works with the WEB_CONVERSION metric group only/],
		['segmentation_type', 'other', 'web conversions by AGE', { metricGroups: ['WEB_CONVERSION'], additionalFields: { segmentationType: 'AGE' } }, /Segmentation Type \(segmentation_type\) web conversion metrics can be segmented by PLATFORMS or CONVERSION_TAGS only/],
	]),
	...rows('docs.x.com/x-ads-api/analytics §Asynchronous Analytics', 'ads', 'analytics', 'getJobs', { account }, [
		['account_id', 'format', 'an account ID with a space', { account: 'a b' }, /Account \(account_id\) must be an X Ads account ID/],
		['job_ids', 'format', 'a job ID with letters', { options: { jobIds: '1120829647711653888,abc' } }, /Job IDs \(job_ids\) must be a numeric job ID \(got "abc"\)/],
	]),
	...rows('docs.x.com/x-ads-api/analytics §Active Entities', 'ads', 'analytics', 'getActiveEntities', { account, entity: 'LINE_ITEM', ...window }, [
		['account_id', 'format', 'an account ID with a dot', { account: 'a.b' }, /Account \(account_id\) must be an X Ads account ID/],
		['entity', 'enum', 'ACCOUNT (stats take it, active entities not)', { entity: 'ACCOUNT' }, /Entity \(entity\) must be one of CAMPAIGN, FUNDING_INSTRUMENT/],
		['start_time', 'format', 'half past the hour', { startTime: '2026-05-01T00:30:00Z' }, /Start Time \(start_time\) must be a whole hour/],
		['end_time', 'window', 'more than 90 days', { endTime: '2026-08-01T00:00:00Z' }, /End Time \(end_time\) must be at most 90 days after Start Time \(start_time\)/],
		['campaign_ids', 'count', '201 campaign IDs', { options: { campaignIds: many(201) } }, /Campaign IDs \(campaign_ids\) takes at most 200 values \(got 201\)/],
		['funding_instrument_ids', 'format', 'an ID with a dash', { options: { fundingInstrumentIds: 'a-b' } }, /Funding Instrument IDs \(funding_instrument_ids\) must be an X Ads ID/],
		['line_item_ids', 'neverTogether', 'with campaign IDs too', { options: { campaignIds: 'abc1', lineItemIds: 'def2' } }, /exclude each other: give one of them \(got campaign_ids and line_item_ids\)/, { names: 'Line Item IDs' }],
	]),
	...rows('docs.x.com/x-ads-api/analytics §Reach and Average Frequency', 'ads', 'analytics', 'getCampaignReach', { account, campaignIds: 'abc1', startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-08T00:00:00Z' }, reachRows('campaign_ids', 'campaignIds', 'Campaign IDs')),
	...rows('docs.x.com/x-ads-api/analytics §Reach and Average Frequency', 'ads', 'analytics', 'getFundingInstrumentReach', { account, fundingInstrumentIds: 'abc1', startTime: '2026-05-01T00:00:00Z', endTime: '2026-05-08T00:00:00Z' }, reachRows('funding_instrument_ids', 'fundingInstrumentIds', 'Funding Instrument IDs')),
	...rows('docs.x.com/x-ads-api/measurement/web-conversions §Constructing the conversion event request', 'ads', 'conversion', 'send', conversion, [
		['pixel_id', 'format', 'a pixel ID with a dash', { pixelId: 'o8-z6j' }, /Pixel ID \(pixel_id\) must be a pixel ID of letters and digits/],
		['event_id', 'format', 'an event ID with a space', { eventId: 'o87 ne' }, /Event ID \(event_id\) must be an event ID such as o87ne/],
		['value', 'format', 'a value with a currency sign', { additionalFields: { hashedEmail: 'a@example.com', value: '$20' } }, /Value \(value\) must be an amount in decimal digits/],
		['number_items', 'range', 'a negative count', { additionalFields: { hashedEmail: 'a@example.com', numberItems: -1 } }, /Number of Items \(number_items\) must be at least 0/],
		['description', 'length', '1,001 characters', { additionalFields: { hashedEmail: 'a@example.com', description: 'x'.repeat(1001) } }, /Description \(description\) must be at most 1000 characters/],
		['hashed_email', 'other', 'no identifier at all', { additionalFields: {} }, /Identifiers need at least one: X Click ID \(twclid\), Email or Phone Number/, { names: 'Identifiers' }],
		['hashed_email', 'format', 'an email with a NUL (issue 24)', { additionalFields: { hashedEmail: 'a@example.com\u0000' } }, /Email \(hashed_email\) must not contain control characters/],
		['hashed_phone_number', 'format', 'a phone number decoded in the wrong encoding (issue 24)', { additionalFields: { hashedPhoneNumber: '+44\uFFFD20 7946 0958' } }, /Phone Number \(hashed_phone_number\) holds bytes that were not valid text/],
		['twclid', 'format', 'a click ID with a NUL (issue 24)', { additionalFields: { twclid: 'abc\u0000' } }, /X Click ID \(twclid\) must not contain control characters/],
		['twclid', 'format', 'a click ID decoded in the wrong encoding (issue 24)', { additionalFields: { twclid: 'abc\uFFFD' } }, /X Click ID \(twclid\) holds bytes that were not valid text/],
		['conversion_id', 'format', 'an order number with a zero-width space (issue 24)', { additionalFields: { hashedEmail: 'a@example.com', conversionId: 'order\u200b-1' } }, /Conversion ID \(conversion_id\) must not contain invisible characters/],
		['user_agent', 'format', 'a user agent with a line break (issue 24)', { additionalFields: { ipAddress: '8.25.197.25', userAgent: 'Mozilla\r\nX-Evil: 1' } }, /User Agent \(user_agent\) must not contain control characters/],
	]),
];
