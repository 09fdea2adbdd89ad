/**
 * X Ads "Targeting Option" in real n8n (https://docs.x.com/x-ads-api/campaign-management/reference#targeting-options):
 * locations searched by name and kind, languages with a Limit (count sent), TV shows of a market
 * (targeting_value as a string), and keyword suggestions for an account.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: targeting options (locations, languages, TV shows, suggestions)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) =>
		chain(
			once(xAds('Locations', { resource: 'targetingOption', operation: 'getLocations', returnAll: true, filters: { q: 'london', locationType: 'CITIES' } })),
			once(xAds('Languages', { resource: 'targetingOption', operation: 'getLanguages', returnAll: false, limit: 2 })),
			once(xAds('Shows', { resource: 'targetingOption', operation: 'getTvShows', locale: 'en-US', returnAll: true, filters: { q: 'news' } })),
			once(xAds('Suggestions', { resource: 'targetingOption', operation: 'getSuggestions', suggestionType: 'KEYWORD', targetingValues: 'developers', returnAll: true }, { account: fixtures(ctx).accountId })),
		),
	expect: {
		executedNodes: ['Start', 'Locations', 'Languages', 'Shows', 'Suggestions'],
		outputs: {
			Locations: { itemCount: 1, items: [{ name: 'London, England, GB', targeting_type: 'LOCATION', targeting_value: '457b4814b4240d87' }] },
			Languages: { itemCount: 2, items: [{ targeting_value: 'en' }, { targeting_value: 'fr' }] },
			Shows: { itemCount: 2, items: [{ name: 'NewsWatch', targeting_value: '10027243420' }, { name: 'Evening News', targeting_value: '10027243421' }] },
			Suggestions: { itemCount: 5, items: [{ suggestion_type: 'KEYWORD', suggestion_value: 'devs' }, {}, {}, {}, {}] },
		},
	},
	check: (_ctx, result) => {
		const [locations, languages, shows, suggestions] = result.requests;
		assertMatch(locations.path, '/12/targeting_criteria/locations', 'locations path');
		assertMatch(Object.fromEntries(queryOf(locations.query)), { q: 'london', location_type: 'CITIES', count: '1000' }, 'locations query');
		assertMatch(queryOf(languages.query).get('count'), '2', 'Limit as count');
		assertMatch(Object.fromEntries(queryOf(shows.query)), { locale: 'en-US', q: 'news', count: '50' }, 'tv shows query');
		assertMatch(Object.fromEntries(queryOf(suggestions.query)), { suggestion_type: 'KEYWORD', targeting_values: 'developers', count: '50' }, 'suggestions query');
	},
});
