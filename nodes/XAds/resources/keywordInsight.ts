/** Keyword insights: post volume of keywords over a window of up to 7 days. */
import type { Resource } from '../../shared/engine/endpoints';
import { checkTimeOrder } from '../common/fields';

const WINDOW_MS = 7 * 24 * 3600 * 1000;

export const keywordInsightResource: Resource = {
	name: 'Keyword Insight',
	value: 'keywordInsight',
	description: 'Volume and related keywords of search keywords, in one country',
	endpoints: [
		{
			operation: 'search',
			name: 'Search',
			action: 'Search keyword insights',
			description: 'Get the post volume of keywords (OR-combined) and 30 related keywords',
			method: 'GET',
			path: '/insights/keywords/search',
			docs: 'https://docs.x.com/x-ads-api/audiences/reference#get-insights-keywords-search',
			fields: [
				{ wire: 'granularity', label: 'Granularity', type: 'options', required: true, options: ['DAY', 'HOUR'] },
				{ wire: 'keywords', label: 'Keywords', type: 'list', required: true, description: 'Comma-separated keywords, OR-combined; with the negative keywords at most 10 in all' },
				{ wire: 'start_time', label: 'Start Time', type: 'dateTime', required: true, description: 'ISO 8601; a time without a zone is read as UTC' },
				{ wire: 'end_time', label: 'End Time', type: 'dateTime', description: 'Default now; at most 7 days after the start' },
				{ wire: 'negative_keywords', label: 'Negative Keywords', type: 'list', description: 'Comma-separated keywords to exclude' },
				{ wire: 'location', label: 'Location', type: 'string', description: 'A country-level location targeting value (from the location targeting lookup)' },
			],
			check: (values, { fail }) => {
				const count = (values.keywords as string[]).length + ((values.negative_keywords as string[] | undefined)?.length ?? 0);
				if (count > 10) fail('Keywords (keywords) and Negative Keywords (negative_keywords)', `take at most 10 keywords together (got ${count})`);
				checkTimeOrder(values, fail);
				const end = values.end_time === undefined ? Date.now() : Date.parse(String(values.end_time));
				if (end - Date.parse(String(values.start_time)) > WINDOW_MS) {
					fail('Start Time (start_time) and End Time (end_time)', 'must be at most 7 days apart (the end defaults to now)');
				}
				if (values.end_time === undefined && Date.parse(String(values.start_time)) >= end) {
					fail('Start Time (start_time)', 'must be in the past when no end time is given');
				}
			},
		},
	],
};
