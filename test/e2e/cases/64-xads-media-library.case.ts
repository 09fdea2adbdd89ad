/**
 * X Ads "Media Library" in real n8n (X Ads catalog, audience and creative reference): Get Many by media type and by search term
 * (matched in title and file name), with a Limit; Get (an image: no video-only fields); Add an
 * uploaded GIF (no details: name null); Add an uploaded AMPLIFY_VIDEO video with name, file name,
 * title, description and poster (sent on the query) -- X then lists it as PREROLL account media;
 * Update its title; Delete the GIF; and Add of a key that was never uploaded: X's 400 as an error
 * item (On Error: Continue).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const LIBRARY = /^\/12\/accounts\/\w+\/media_library$/;
const ONE = /^\/12\/accounts\/\w+\/media_library\/\d+_\d+$/;

export default defineCase({
	name: 'X Ads: media library get many (type, search, limit), get, add GIF and video (PREROLL), update, delete, unknown key',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const account = { __rl: true, mode: 'id', value: fx.accountId };
		const library = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(xAds(name, { resource: 'mediaLibrary', account, ...parameters }, opts));
		const { image, gif, video } = fx.uploadedMediaKeys;
		return chain(
			library('Videos', { operation: 'getAll', returnAll: true, filters: { mediaType: 'VIDEO' } }),
			library('Search Title', { operation: 'getAll', returnAll: true, filters: { search: 'RUN further' } }),
			library('Search File', { operation: 'getAll', returnAll: true, filters: { search: 'sparkle.gif' } }),
			library('Two', { operation: 'getAll', returnAll: false, limit: 2 }),
			library('Get Image', { operation: 'get', mediaKey: fx.mediaKeys.image }),
			library('Add GIF', { operation: 'create', mediaKey: gif }),
			library('Add Video', {
				operation: 'create',
				mediaKey: video,
				additionalFields: { name: 'Launch', fileName: 'launch.mp4', title: 'Meet the runner', description: 'Our lightest shoe yet', posterMediaKey: image },
			}),
			once(xAds('Prerolls', { resource: 'accountMedia', operation: 'getAll', account, returnAll: true, filters: { creativeTypes: ['PREROLL'] } })),
			library('Update Video', { operation: 'update', mediaKey: video, updateFields: { title: 'Meet the new runner' } }),
			library('Delete GIF', { operation: 'delete', mediaKey: gif }),
			library('Add Unknown', { operation: 'create', mediaKey: '3_1234567890' }, { onError: 'continueRegularOutput' }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Videos', 'Search Title', 'Search File', 'Two', 'Get Image', 'Add GIF', 'Add Video', 'Prerolls', 'Update Video', 'Delete GIF', 'Add Unknown'],
		outputs: {
			Videos: { everyItem: { media_type: 'VIDEO' } },
			'Search Title': { itemCount: 1 },
			'Search File': { itemCount: 1 },
			Two: { itemCount: 2 },
			'Get Image': { itemCount: 1, items: [{ media_type: 'IMAGE', media_status: 'TRANSCODE_COMPLETED', aspect_ratio: /^\d+:\d+$/, title: undefined }] },
			'Add GIF': { itemCount: 1, items: [{ media_type: 'GIF', name: null, file_name: null, tweeted: false, deleted: false }] },
			'Add Video': {
				itemCount: 1,
				items: [{ media_type: 'VIDEO', media_category: 'AMPLIFY_VIDEO', name: 'Launch', file_name: 'launch.mp4', title: 'Meet the runner', description: 'Our lightest shoe yet' }],
			},
			'Update Video': { itemCount: 1, items: [{ title: 'Meet the new runner', name: 'Launch', description: 'Our lightest shoe yet' }] },
			'Delete GIF': { itemCount: 1, items: [{ deleted: true }] },
			'Add Unknown': { itemCount: 1, items: [{ error: /^X answered 400 INVALID_PARAMETER: media_key 3_1234567890 was not uploaded/, httpCode: '400' }] },
		},
		emulator: {
			requestCount: 11,
			requests: [
				{ method: 'GET', base: 'ads', path: LIBRARY, status: 200, count: 4 },
				{ method: 'GET', base: 'ads', path: ONE, status: 200, count: 1 },
				{ method: 'POST', base: 'ads', path: LIBRARY, status: 200, count: 2 },
				{ method: 'POST', base: 'ads', path: LIBRARY, status: 400, count: 1 },
				{ method: 'PUT', base: 'ads', path: ONE, status: 200, count: 1 },
				{ method: 'DELETE', base: 'ads', path: ONE, status: 200, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		const { image, gif, video } = fx.uploadedMediaKeys;
		assertMatch(ex.output('Search Title')[0].media_key, fx.mediaKeys.video, 'title search');
		assertMatch(ex.output('Search File')[0].media_key, fx.mediaKeys.gif, 'file name search');
		assertMatch(ex.output('Get Image')[0].media_key, fx.mediaKeys.image, 'get');
		assertMatch(ex.output('Add Video')[0], { media_key: video, poster_media_key: image }, 'added video');
		assertMatch(ex.output('Delete GIF')[0].media_key, gif, 'deleted');
		if (!ex.output('Prerolls').some((m) => m.video_id === video && m.creative_type === 'PREROLL')) throw new Error('the AMPLIFY_VIDEO did not show up as PREROLL account media');
		const q = result.requests.map((r) => Object.fromEntries(queryOf(r.query)));
		assertMatch(q[0], { media_type: 'VIDEO', count: '50' }, 'type query');
		assertMatch(q[1], { q: 'RUN further' }, 'search query');
		assertMatch(q[3], { count: '2' }, 'limit query');
		assertMatch(q[6], { media_key: video, name: 'Launch', file_name: 'launch.mp4', title: 'Meet the runner', description: 'Our lightest shoe yet', poster_media_key: image }, 'add video query');
		assertMatch(result.requests[8], { method: 'PUT', path: `/12/accounts/${fx.accountId}/media_library/${video}` }, 'update path');
		assertMatch(q[8], { title: 'Meet the new runner' }, 'update query');
		const library = ctx.emulator!.control.state().ads.production.creatives.library;
		assertMatch(library.get(`${fx.accountId}/${gif}`)?.deleted, true, 'GIF deleted in the emulator');
		assertMatch(library.get(`${fx.accountId}/${video}`)?.title, 'Meet the new runner', 'video title in the emulator');
	},
});
