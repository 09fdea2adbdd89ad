/**
 * Scheduled feeds of a product catalog (https://docs.x.com/x-ads-api/catalog-management/reference#scheduled-feeds)
 * through n8n's engine against the emulator: create, list, update and delete, every parameter in the
 * query string, and the rules of X's table refused before any request.
 */
import { engineSuite, suiteHelpers } from './env';
import { feedsOf } from '../emulator/state/scheduledFeeds';

const env = engineSuite();
const { fx, requests, q, ads: ok } = suiteHelpers(env);

const catalog = () => fx().productCatalogId;
const stored = () => feedsOf(env.emulator.control.state().ads.production.productCatalogs.catalogs.get(catalog())!);
const weekly = { feedUrl: 'https://shop.acme.example/feed.csv', feedFormat: 'CSV', frequency: 'WEEKLY', startTime: '01:30', timeZone: 'America/New_York', additionalFields: { repeat: 'saturday' } };

describe('Scheduled Feed', () => {
	it('creates, lists, updates and deletes a feed, every parameter in the query string', async () => {
		const [created] = await ok({ resource: 'scheduledFeed', operation: 'create', catalog: catalog(), ...weekly });
		expect(created).toMatchObject({ product_catalog_id: catalog(), feed_url: weekly.feedUrl, feed_format: 'CSV', frequency: 'WEEKLY', repeat: 'SATURDAY', start_time: '01:30', time_zone: 'America/New_York' });
		expect(typeof created.id).toBe('string');
		const post = requests().at(-1)!;
		expect(post.method).toBe('POST');
		expect(post.body).toBe('');
		expect(Object.fromEntries(q(post.query))).toEqual({ feed_url: weekly.feedUrl, feed_format: 'CSV', frequency: 'WEEKLY', start_time: '01:30', time_zone: 'America/New_York', repeat: 'SATURDAY' });

		const listed = await ok({ resource: 'scheduledFeed', operation: 'getAll', catalog: catalog() });
		expect(listed).toEqual([created]);

		// DAILY takes no repeat: X's stored repeat goes with the change of frequency.
		const [updated] = await ok({ resource: 'scheduledFeed', operation: 'update', catalog: catalog(), scheduledFeedId: String(created.id), updateFields: { frequency: 'DAILY', startTime: '07:30' } });
		expect(updated).toMatchObject({ id: created.id, frequency: 'DAILY', repeat: null, start_time: '07:30', feed_url: weekly.feedUrl });
		expect(Object.fromEntries(q(requests().at(-1)!.query))).toEqual({ frequency: 'DAILY', start_time: '07:30' });

		const [deleted] = await ok({ resource: 'scheduledFeed', operation: 'delete', catalog: catalog(), scheduledFeedId: String(created.id) });
		expect(deleted).toMatchObject({ id: created.id, frequency: 'DAILY' });
		expect(stored().size).toBe(0);
		expect(await ok({ resource: 'scheduledFeed', operation: 'getAll', catalog: catalog() })).toEqual([]);
	});

	it('surfaces X\'s refusal of a second feed (one per user)', async () => {
		await ok({ resource: 'scheduledFeed', operation: 'create', catalog: catalog(), ...weekly });
		const second = await env.ads({ resource: 'scheduledFeed', operation: 'create', catalog: catalog(), ...weekly, frequency: 'DAILY', additionalFields: {} });
		expect(second.error?.message).toMatch(/X answered 400 INVALID_PARAMETER/);
		expect(stored().size).toBe(1);
	});

	it.each([
		['a URL that is not http(s)', { feedUrl: 'ftp://shop.acme.example/feed.csv' }, /Item 0: Feed URL \(feed_url\) must be a full http\(s\) URL/],
		['a format X does not take', { feedFormat: 'JSON' }, /Item 0: Feed Format \(feed_format\) must be one of CSV, TSV, XML/],
		['a frequency X does not take', { frequency: 'MONTHLY' }, /Item 0: Frequency \(frequency\) must be one of HOURLY, DAILY, WEEKLY/],
		['a start time not HH:MM', { startTime: '7:30' }, /Item 0: Start Time \(start_time\) must be a time of day as HH:MM/],
		['an hour past 23', { startTime: '24:00' }, /Item 0: Start Time \(start_time\) must be a time of day as HH:MM/],
		['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, /Item 0: Time Zone \(time_zone\) must be an IANA time zone/],
		['an offset for a time zone', { timeZone: '+05:00' }, /Item 0: Time Zone \(time_zone\) must be an IANA time zone/],
		['WEEKLY without a day', { additionalFields: {} }, /Item 0: Repeat \(repeat\) is required for the WEEKLY frequency/],
		['WEEKLY with hours', { additionalFields: { repeat: '6' } }, /Item 0: Repeat \(repeat\) must be one of MONDAY, .* for the WEEKLY frequency/],
		['HOURLY every 5 hours', { frequency: 'HOURLY', additionalFields: { repeat: '5' } }, /Item 0: Repeat \(repeat\) must be one of 1, 2, 3, 4, 6, 8, 12 for the HOURLY frequency/],
		['DAILY with a repeat', { frequency: 'DAILY' }, /Item 0: Repeat \(repeat\) must be left empty for the DAILY frequency/],
	])('refuses %s before any request', async (_, change, message) => {
		const result = await env.ads({ resource: 'scheduledFeed', operation: 'create', catalog: catalog(), ...weekly, ...change });
		expect(result.error?.message).toMatch(message);
		expect(requests()).toEqual([]);
	});

	it('takes an HOURLY feed with its number of hours', async () => {
		const [feed] = await ok({ resource: 'scheduledFeed', operation: 'create', catalog: catalog(), ...weekly, feedFormat: 'XML', frequency: 'HOURLY', timeZone: 'UTC', additionalFields: { repeat: '12' } });
		expect(feed).toMatchObject({ frequency: 'HOURLY', repeat: '12', feed_format: 'XML', time_zone: 'UTC' });
	});
});
