/**
 * X Ads "Scheduled Feed" in real n8n (https://docs.x.com/x-ads-api/catalog-management/reference#scheduled-feeds):
 * Create a weekly feed for the user's catalog (repeat typed in lower case), Update it to daily by
 * {{ $json.id }}, Get Many, Delete, and an ftp feed URL refused before any request (On Error: Continue).
 */
import { feedsOf } from '../../emulator/state/scheduledFeeds';
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const FEED = 'https://shop.acme.example/feeds/products.csv';

export default defineCase({
	name: 'X Ads: scheduled feed create, update, list, delete; an ftp feed URL refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const catalog = locator(fixtures(ctx).productCatalogId);
		const node = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(xAds(name, { resource: 'scheduledFeed', catalog, ...parameters }, opts));
		const weekly = { feedUrl: FEED, feedFormat: 'CSV', frequency: 'WEEKLY', startTime: '01:30', timeZone: 'America/New_York', additionalFields: { repeat: 'saturday' } };
		return chain(
			node('Create', { operation: 'create', ...weekly }),
			node('Update', { operation: 'update', scheduledFeedId: '={{ $json.id }}', updateFields: { frequency: 'DAILY', startTime: '07:30' } }),
			node('List', { operation: 'getAll' }),
			node('Delete', { operation: 'delete', scheduledFeedId: "={{ $('Create').first().json.id }}" }),
			node('Http', { operation: 'create', ...weekly, feedUrl: 'ftp://shop.acme.example/feeds/products.csv' }, { onError: 'continueRegularOutput' }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'Update', 'List', 'Delete', 'Http'],
		outputs: {
			Create: { itemCount: 1, items: [{ feed_url: FEED, feed_format: 'CSV', frequency: 'WEEKLY', repeat: 'SATURDAY', start_time: '01:30', time_zone: 'America/New_York', id: /^\d+$/ }] },
			Update: { itemCount: 1, items: [{ frequency: 'DAILY', repeat: null, start_time: '07:30' }] },
			List: { itemCount: 1, items: [{ frequency: 'DAILY' }] },
			Delete: { itemCount: 1, items: [{ frequency: 'DAILY' }] },
			Http: { itemCount: 1, items: [{ error: /Feed URL \(feed_url\) must be a full http\(s\) URL/ }] },
		},
		emulator: { requestCount: 4 },
	},
	check: (ctx, result) => {
		const created = result.execution!.output('Create')[0];
		assertMatch(result.execution!.output('Delete')[0].id, created.id, 'the delete named the created feed');
		assertMatch(Object.fromEntries(queryOf(result.requests[0].query)), { feed_url: FEED, frequency: 'WEEKLY', repeat: 'SATURDAY' }, 'create query');
		assertMatch(result.requests.map((r) => r.method), ['POST', 'PUT', 'GET', 'DELETE'], 'the requests, none for the refused item');
		const catalog = ctx.emulator!.control.state().ads.production.productCatalogs.catalogs.get(fixtures(ctx).productCatalogId)!;
		assertMatch(feedsOf(catalog).size, 0, 'no feed left in the emulator');
	},
});
