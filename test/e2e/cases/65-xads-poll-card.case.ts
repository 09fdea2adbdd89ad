/**
 * X Ads "Poll Card" in real n8n (X Ads catalog, audience and creative reference): Create a text poll with four choices and a 90
 * minute duration (query parameters; X answers numbers as strings, end_time = start + duration);
 * Get Many by name with total count; Get Many by IDs sorted by name; Get (the seed poll, three
 * choices); Delete (for good: deleted=true, then gone from the emulator); Get of the deleted poll
 * with With Deleted: X's 404 as an error item; and a poll with media in production, which X refuses
 * (the PROMOTED_MEDIA_POLLS feature is sandbox-only): 400 with the parameter named.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const POLLS = /^\/12\/accounts\/\w+\/cards\/poll$/;
const POLL = /^\/12\/accounts\/\w+\/cards\/poll\/\w+$/;

export default defineCase({
	name: 'X Ads: poll card create (4 choices), list, get, delete for good, media poll refused in production',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const poll = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(xAds(name, { resource: 'pollCard', account: { __rl: true, mode: 'id', value: fx.accountId }, ...parameters }, opts));
		return chain(
			poll('Create', {
				operation: 'create',
				name: 'Best colour',
				durationInMinutes: 90,
				firstChoice: 'Red',
				secondChoice: 'Blue',
				additionalFields: { thirdChoice: 'Green', fourthChoice: 'Black' },
			}),
			poll('By Name', { operation: 'getAll', returnAll: true, filters: { nameStartsWith: 'best', withTotalCount: true } }),
			poll('By IDs', { operation: 'getAll', returnAll: true, filters: { cardIds: `={{ "${fx.pollCardId}," + $('Create').first().json.id }}`, sortBy: 'name-asc' } }),
			poll('Get', { operation: 'get', cardId: fx.pollCardId }),
			poll('Delete', { operation: 'delete', cardId: fx.pollCardId }),
			poll('Get Deleted', { operation: 'get', cardId: fx.pollCardId, options: { withDeleted: true } }, { onError: 'continueRegularOutput' }),
			poll(
				'Media Poll',
				{ operation: 'create', name: 'Media poll', durationInMinutes: 60, firstChoice: 'A', secondChoice: 'B', additionalFields: { mediaKey: fx.mediaKeys.video } },
				{ onError: 'continueRegularOutput' },
			),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'By Name', 'By IDs', 'Get', 'Delete', 'Get Deleted', 'Media Poll'],
		outputs: {
			Create: {
				itemCount: 1,
				items: [{ name: 'Best colour', card_type: 'TEXT_POLLS', duration_in_minutes: '90', first_choice: 'Red', fourth_choice: 'Black', deleted: false, card_uri: /^card:\/\/\d+$/ }],
			},
			'By Name': { itemCount: 1, items: [{ name: 'Best colour', total_count: 1 }] },
			'By IDs': { itemCount: 2, items: [{ name: 'Best colour' }, { name: 'Favourite colour' }] },
			Get: { itemCount: 1, items: [{ name: 'Favourite colour', third_choice: 'Green', duration_in_minutes: '1440', fourth_choice: undefined }] },
			Delete: { itemCount: 1, items: [{ deleted: true }] },
			'Get Deleted': { itemCount: 1, items: [{ error: /^X answered 404/, httpCode: '404' }] },
			'Media Poll': {
				itemCount: 1,
				items: [{ error: /^X answered 400 INVALID_PARAMETER: Polls with media require the PROMOTED_MEDIA_POLLS feature/, description: /parameter media_key/, httpCode: '400' }],
			},
		},
		emulator: {
			requestCount: 7,
			requests: [
				{ method: 'POST', base: 'ads', path: POLLS, status: 200, count: 1 },
				{ method: 'POST', base: 'ads', path: POLLS, status: 400, count: 1 },
				{ method: 'GET', base: 'ads', path: POLLS, status: 200, count: 2 },
				{ method: 'GET', base: 'ads', path: POLL, status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: POLL, status: 404, count: 1 },
				{ method: 'DELETE', base: 'ads', path: POLL, status: 200, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		const created = ex.output('Create')[0];
		assertMatch(created.start_time, created.created_at, 'starts at creation');
		assertMatch(Date.parse(String(created.end_time)) - Date.parse(String(created.start_time)), 90 * 60_000, 'end = start + 90 minutes');
		assertMatch(
			Object.fromEntries(queryOf(result.requests[0].query)),
			{ name: 'Best colour', duration_in_minutes: '90', first_choice: 'Red', second_choice: 'Blue', third_choice: 'Green', fourth_choice: 'Black' },
			'create query',
		);
		assertMatch(ex.output('By Name')[0].id, created.id, 'by name');
		assertMatch(queryOf(result.requests[2].query).get('card_ids'), `${fx.pollCardId},${String(created.id)}`, 'card_ids from an expression');
		assertMatch(ex.output('Get')[0].id, fx.pollCardId, 'get');
		assertMatch(ex.output('Delete')[0].id, fx.pollCardId, 'delete');
		const polls = ctx.emulator!.control.state().ads.production.creatives.pollCards;
		if (polls.has(fx.pollCardId)) throw new Error('the deleted poll card is still in the emulator');
		if (!polls.has(String(created.id))) throw new Error('the created poll card is not in the emulator');
	},
});
