/**
 * Media → Upload of a video in real n8n: an HTTP Request node downloads a 5 MB MP4 (the emulator's
 * media host), X Ads uploads it as amplify_video in 2 MB segments (initialize, append 0-2, finalize),
 * waits for X's processing as check_after_secs say and adds it to the media library (AMPLIFY_VIDEO,
 * so a PREROLL account media appears too). The emulator's record shows INIT first, each segment once
 * (up to 4 are in flight, so their arrival order may vary) and FINALIZE last.
 */
import { defineCase, type CaseContext } from '../types';
import { chain, code, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const BYTES = 5 * 1024 * 1024 + 1234;

export default defineCase({
	name: 'X Ads: Media Upload of a downloaded video in segments, processing wait, into the media library',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) =>
		chain(
			code('Row', [{ url: `${ctx.emulator!.urls.api.replace(/\/api$/, '')}/media/mp4/${BYTES}/1280x720/launch.mp4` }]),
			{ name: 'Download', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, parameters: { url: '={{ $json.url }}', options: { response: { response: { responseFormat: 'file' } } } } },
			xAds('X Ads', { resource: 'media', operation: 'upload', addToMediaLibrary: true, additionalFields: { libraryTitle: 'Launch', additionalOwners: fixtures(ctx).advertiserUserId } }, { account: fixtures(ctx).accountId }),
		),
	expect: {
		node: 'X Ads',
		itemCount: 1,
		items: [{ media_category: 'amplify_video', media_type: 'video/mp4', size: BYTES, upload: '3 segments', processing_state: 'succeeded', media_library: { media_type: 'VIDEO', media_category: 'AMPLIFY_VIDEO', title: 'Launch', file_name: 'launch.mp4' } }],
		emulator: {
			requests: [
				{ method: 'POST', path: '/2/media/upload/initialize', status: 200, count: 1 },
				{ method: 'POST', path: /^\/2\/media\/upload\/\d+\/append$/, status: 200, count: 3 },
				{ method: 'POST', path: /^\/2\/media\/upload\/\d+\/finalize$/, status: 200, count: 1 },
			],
		},
	},
	check: async (ctx, result) => {
		const [session] = (await (await fetch(`${ctx.emulator!.urls.control}/media-uploads`)).json()) as Array<{ history: string[]; segments: Array<{ index: number; received: number }> }>;
		const history = session.history.filter((h) => h !== 'status');
		const appends = history.slice(1, -1).sort();
		if (history[0] !== 'initialize' || history.at(-1) !== 'finalize' || appends.join(', ') !== 'append 0, append 1, append 2') throw new Error(`upload history: ${history.join(', ')}`);
		if (JSON.stringify(session.segments.map((s) => [s.index, s.received])) !== '[[0,1],[1,1],[2,1]]') throw new Error(`segments: ${JSON.stringify(session.segments)}`);
		const media = result.execution!.output('X Ads')[0];
		if (media.media_key !== `13_${String(media.media_id)}`) throw new Error(`media key ${String(media.media_key)}`);
	},
});
