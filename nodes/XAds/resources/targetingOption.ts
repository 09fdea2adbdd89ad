/**
 * Targeting options: the values X offers per targeting type (locations, interests, languages, ...),
 * each record carrying the targeting_type and targeting_value a Targeting Criterion takes, and
 * keyword or user suggestions for an account.
 * https://docs.x.com/x-ads-api/campaign-management/reference#targeting-options
 */
import type { IDataObject } from 'n8n-workflow';

import type { Endpoint, Field, Resource } from '../../shared/engine/endpoints';
import type { AdsEnvelope } from '../../shared/transport/transport';
import { accountField, checkTimeOrder } from '../common/fields';

const DOCS = 'https://docs.x.com/x-ads-api/campaign-management/reference';

const query = (description: string): Field => ({ wire: 'q', label: 'Search', type: 'string', description, rules: { maxLength: 255 } });
const countryCode = (wire: string, label: string, description: string, list = false): Field => ({
	wire,
	label,
	type: list ? 'list' : 'string',
	placeholder: list ? 'e.g. US,GB' : 'e.g. US',
	description,
	rules: { pattern: /^[A-Z]{2}$/, patternRule: 'a two-letter ISO 3166 country code in capitals, such as US' },
});

/** Ids as strings: X sends a TV show's targeting_value as a JSON number. */
function withTextValues(envelope: AdsEnvelope): IDataObject[] {
	const data = Array.isArray(envelope.data) ? (envelope.data as IDataObject[]) : [];
	return data.map((r) => (typeof r.targeting_value === 'number' ? { ...r, targeting_value: String(r.targeting_value) } : r));
}

/** One "Get <options>" operation: GET targeting_criteria/<what>. */
function options(what: string, title: string, description: string, list: Endpoint['list'], fields: Field[] = [], extra: Partial<Endpoint> = {}): Endpoint {
	return {
		operation: `get${title.split(' ').map((w) => w[0] + w.slice(1).toLowerCase()).join('')}`,
		name: `Get ${title}`,
		action: `Get ${title.toLowerCase()} to target`,
		description,
		method: 'GET',
		path: `/targeting_criteria/${what}`,
		docs: `${DOCS}#get-targeting-criteria-${what.replace(/_/g, '-')}`,
		list,
		fields,
		output: withTextValues,
		...extra,
	};
}

export const targetingOptionResource: Resource = {
	name: 'Targeting Option',
	value: 'targetingOption',
	description: 'Values to target by: locations, interests, languages, platforms, devices, events, TV shows and more, and targeting suggestions',
	endpoints: [
		options('locations', 'Locations', 'Search the locations X targets (countries, regions, metros, cities, postal codes); targeting_value of each goes into a LOCATION criterion', { maxCount: 1000 }, [
			query('Part of the location\'s name, e.g. los angeles'),
			countryCode('country_code', 'Country Code', 'Only locations in this country'),
			{ wire: 'location_type', label: 'Location Type', type: 'options', options: ['COUNTRIES', 'REGIONS', 'METROS', 'CITIES', 'POSTAL_CODES'], default: 'COUNTRIES', description: 'Only this kind of location (METROS are Designated Market Areas)' },
		]),
		options('interests', 'Interests', 'Search the interests X targets (INTEREST criteria, up to 100 per line item)', { maxCount: 1000 }, [query('Part of the interest\'s name, e.g. books')]),
		options('languages', 'Languages', 'List the languages X targets (LANGUAGE criteria); the value is a language code', { maxCount: 1000 }, [query('Part of the language\'s name, e.g. english')]),
		options('platforms', 'Platforms', 'List the platforms X targets (PLATFORM criteria) such as iOS, Android and desktop', { maxCount: 1000, onePage: true }, [
			query('Part of the platform\'s name'),
			{ wire: 'lang', label: 'Language', type: 'string', placeholder: 'e.g. fr', description: 'An ISO 639-1 code: X adds localized_name', rules: { pattern: /^[a-z]{2}$/, patternRule: 'an ISO 639-1 code of two lowercase letters, such as fr' } },
		]),
		options('platform_versions', 'Platform Versions', 'List the mobile OS versions X targets (PLATFORM_VERSION criteria), e.g. Android 4.1', { onePage: true }, [query('Part of the version\'s name or number')]),
		options('devices', 'Devices', 'Search the mobile devices X targets (DEVICE criteria)', { maxCount: 1000, onePage: true }, [query('Part of the device\'s name, e.g. iphone')]),
		options('network_operators', 'Network Operators', 'Search the mobile carriers X targets (NETWORK_OPERATOR criteria), per country (X\'s default US)', { maxCount: 1000 }, [
			query('Part of the carrier\'s name'),
			countryCode('country_code', 'Country Code', 'The carriers of this country (X answers US ones when not given)'),
		]),
		options('app_store_categories', 'App Store Categories', 'Search the app store categories X targets (APP_STORE_CATEGORY criteria), iOS App Store and Google Play', { onePage: true }, [
			query('Part of the category\'s name, e.g. music'),
			{ wire: 'os_type', label: 'OS Type', type: 'options', options: ['ANDROID', 'IOS'], default: 'IOS', description: 'Only this app store\'s categories' },
		]),
		options('conversations', 'Conversations', 'List the conversation topics X targets (CONVERSATION criteria)', { maxCount: 1000 }, [
			{ wire: 'conversation_type', label: 'Conversation Type', type: 'options', default: 'SPORTS', description: 'Only topics of this kind', options: ['ACTORS', 'ATHLETES', 'BOOK_GENRES', 'BOOKS', 'BRAND_CATEGORIES', 'BRANDS', 'CELEBRITIES', 'COACHES', 'DIGITAL_CREATORS', 'ENTERTAINMENT_BRANDS', 'ENTERTAINMENT_PERSONALITIES', 'FICTIONAL_CHARACTERS', 'JOURNALISTS', 'LIFESTYLES', 'MOVIE_GENRES', 'MOVIES', 'MUSIC_GENRES', 'MUSICIANS', 'NEWS_STORIES', 'NEWS', 'PERSONS', 'PLACES', 'PODCASTS', 'POLITICAL_AFFILIATIONS', 'POLITICIANS', 'PRODUCTS', 'RADIO_STATIONS', 'SPORTS_LEAGUES', 'SPORTS_PERSONALITIES', 'SPORTS_TEAMS', 'SPORTS', 'TRENDS', 'TV_SHOWS', 'VIDEO_GAME_PLATFORMS', 'VIDEO_GAME_PUBLISHERS', 'VIDEO_GAMES'] },
		]),
		options('events', 'Events', 'List the events X targets (EVENT criteria, one per line item) of one event type; times are UTC', { maxCount: 1000 }, [
			{ wire: 'event_types', label: 'Event Type', type: 'options', required: true, options: ['CONFERENCE', 'HOLIDAY', 'MUSIC_AND_ENTERTAINMENT', 'OTHER', 'POLITICS', 'RECURRING', 'SPORTS'], default: 'HOLIDAY', description: 'The kind of events to list' },
			countryCode('country_codes', 'Country Codes', 'Only events of these countries', true),
			{ wire: 'start_time', label: 'Start Time', type: 'dateTime', description: 'Events from this time on (X\'s default now)' },
			{ wire: 'end_time', label: 'End Time', type: 'dateTime', description: 'Events until this time; later than Start Time' },
		], { check: (values, { fail }) => checkTimeOrder(values, fail) }),
		options('tv_markets', 'TV Markets', 'List the TV markets (locales) where TV shows can be targeted; a market\'s locale is what Get TV Shows needs', { onePage: true }),
		options('tv_shows', 'TV Shows', 'Search the TV shows of one market (TV_SHOW criteria; the line item needs a LOCATION criterion in the same market first)', { maxCount: 50 }, [
			{ wire: 'locale', label: 'Locale', type: 'string', required: true, placeholder: 'e.g. en-US', description: 'The market\'s locale, from Get TV Markets', rules: { pattern: /^[a-z]{2}-[A-Z]{2}$/, patternRule: 'a TV market locale such as en-US (language, a dash, country)' } },
			query('Part of the show\'s name, e.g. news'),
		]),
		{
			operation: 'getSuggestions',
			name: 'Get Suggestions',
			action: 'Get targeting suggestions',
			description: 'Get up to 50 keywords or user IDs that complement the given ones (to target by keyword or followers); give only keywords or only user IDs',
			method: 'GET',
			path: '/accounts/{account_id}/targeting_suggestions',
			docs: `${DOCS}#get-accounts-account-id-targeting-suggestions`,
			list: { maxCount: 50, onePage: true },
			fields: [
				accountField,
				{ wire: 'suggestion_type', label: 'Suggestion Type', type: 'options', required: true, options: ['KEYWORD', 'USER_ID'], default: 'KEYWORD', description: 'Suggest keywords, or user IDs' },
				{ wire: 'targeting_values', label: 'Targeting Values', type: 'list', required: true, placeholder: 'e.g. developers,software', description: 'Comma-separated keywords, or numeric X user IDs (as Suggestion Type says), to base the suggestions on' },
			],
			check: (values, { fail }) => {
				if (values.suggestion_type !== 'USER_ID') return;
				const bad = (values.targeting_values as string[]).find((v) => !/^\d{1,20}$/.test(v));
				if (bad !== undefined) fail('Targeting Values (targeting_values)', `must be numeric X user IDs for suggestion type USER_ID: keywords and user IDs cannot be mixed (got "${bad}")`);
			},
		},
	],
};
