/**
 * X Ads "Keyword Insight > Search" in real n8n (X Ads catalog, audience and creative reference): three items from a Code node,
 * mapped by expressions, with On Error: Continue.
 *  0. DAY granularity, a 3-day window, two keywords, a negative keyword (given as an array) and a
 *     location: everything on the query (keywords comma-joined, times in UTC), 3 volumes and 30
 *     related keywords back.
 *  1. HOUR granularity, a start 5 hours ago and no end (X's default end is now): no end_time sent,
 *     at least 5 hourly volumes back.
 *  2. 11 keywords: refused before sending (at most 10 with the negative ones), an error item at
 *     its own position; nothing is sent for it.
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { chain, queryOf, xAds } from '../workflows';

const SEARCH = '/12/insights/keywords/search';

export default defineCase({
	name: 'X Ads: keyword insight search (DAY window, HOUR to now, 11 keywords refused per item)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: chain(
		{
			name: 'Searches',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: {
				jsCode: [
					"const fiveHoursAgo = new Date(Date.now() - 5 * 3600 * 1000).toISOString().replace(/\\.\\d{3}Z$/, 'Z');",
					'return [',
					"  { json: { granularity: 'DAY', keywords: 'running shoes, trail', start: '2026-03-01T00:00:00Z', end: '2026-03-04T02:00:00+02:00', negative: ['cheap'], location: '96683cc9126741d1' } },",
					"  { json: { granularity: 'HOUR', keywords: 'shoes', start: fiveHoursAgo } },",
					"  { json: { granularity: 'DAY', keywords: 'a,b,c,d,e,f,g,h,i,j,k', start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' } },",
					'];',
				].join('\n'),
			},
		},
		xAds(
			'Search',
			{
				resource: 'keywordInsight',
				operation: 'search',
				granularity: '={{ $json.granularity }}',
				keywords: '={{ $json.keywords }}',
				startTime: '={{ $json.start }}',
				options: { endTime: '={{ $json.end }}', negativeKeywords: '={{ $json.negative }}', location: '={{ $json.location }}' },
			},
			{ onError: 'continueRegularOutput' },
		),
	),
	expect: {
		executedNodes: ['Start', 'Searches', 'Search'],
		outputs: {
			Search: {
				itemCount: 3,
				items: [
					{ related_keywords: { $length: 30 }, tweet_volume: { $length: 3 } },
					{ related_keywords: { $length: 30 }, tweet_volume: (v: unknown) => Array.isArray(v) && v.length >= 5 && v.length <= 6 },
					{
						error: 'Item 2: Keywords (keywords) and Negative Keywords (negative_keywords) take at most 10 keywords together (got 11)',
						description: /^Nothing was sent to X for this item/,
					},
				],
			},
		},
		emulator: {
			requestCount: 2,
			requests: [{ method: 'GET', base: 'ads', path: SEARCH, status: 200, count: 2 }],
		},
	},
	check: (_ctx, result) => {
		const ex = result.execution!;
		assertMatch(ex.items('Search').map((i) => i.pairedItem), [{ item: 0 }, { item: 1 }, { item: 2 }], 'pairedItem');
		const [day, hour] = result.requests.map((r) => Object.fromEntries(queryOf(r.query)));
		assertMatch(
			day,
			{
				granularity: 'DAY',
				keywords: 'running shoes,trail',
				start_time: '2026-03-01T00:00:00Z',
				end_time: '2026-03-04T00:00:00Z',
				negative_keywords: 'cheap',
				location: '96683cc9126741d1',
			},
			'DAY query',
		);
		if (Object.keys(day).length !== 6) throw new Error(`DAY query has extra parameters: ${JSON.stringify(day)}`);
		assertMatch(Object.keys(hour).sort(), ['granularity', 'keywords', 'start_time'], 'HOUR query: no end_time, no empty options');
		assertMatch(hour, { granularity: 'HOUR', keywords: 'shoes', start_time: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/ }, 'HOUR query');
	},
});
