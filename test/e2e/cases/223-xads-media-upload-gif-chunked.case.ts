/**
 * Media → Upload of an animated GIF in real n8n: a Code node makes a 3 MB GIF (binary held in the
 * item), X Ads uploads it as tweet_gif in segments (initialize, append 0-1, finalize), waits for
 * X's processing and adds it to the media library with its additional owner; the image case (one
 * request) is in case 222, the video in 221.
 */
import { defineCase, type CaseContext } from '../types';
import { chain, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const BYTES = 3 * 1024 * 1024;

export default defineCase({
	name: 'X Ads: Media Upload of a GIF in segments with processing, additional owner, into the media library',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) =>
		chain(
			{
				name: 'GIF',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: { jsCode: `const b = Buffer.alloc(${BYTES}, 7); b.write('GIF89a', 0, 'latin1'); b.writeUInt16LE(480, 6); b.writeUInt16LE(270, 8);\nreturn [{ json: {}, binary: { data: { data: b.toString('base64'), mimeType: 'image/gif', fileName: 'loop.gif' } } }];` },
			},
			xAds('X Ads', { resource: 'media', operation: 'upload', addToMediaLibrary: true, additionalFields: { additionalOwners: fixtures(ctx).advertiserUserId, libraryName: 'Loop' } }, { account: fixtures(ctx).accountId }),
		),
	expect: {
		node: 'X Ads',
		itemCount: 1,
		items: [{ media_category: 'tweet_gif', media_type: 'image/gif', size: BYTES, upload: '2 segments', processing_state: 'succeeded', media_library: { media_type: 'GIF', media_category: 'TWEET_GIF', name: 'Loop', file_name: 'loop.gif' } }],
		emulator: {
			requests: [
				{ method: 'POST', path: '/2/media/upload/initialize', status: 200, count: 1 },
				{ method: 'POST', path: /^\/2\/media\/upload\/\d+\/append$/, status: 200, count: 2 },
				{ method: 'POST', path: /^\/2\/media\/upload\/\d+\/finalize$/, status: 200, count: 1 },
			],
		},
	},
	check: async (ctx, result) => {
		const media = result.execution!.output('X Ads')[0];
		if (media.media_key !== `16_${String(media.media_id)}`) throw new Error(`media key ${String(media.media_key)}`);
		const [session] = (await (await fetch(`${ctx.emulator!.urls.control}/media-uploads`)).json()) as Array<{ additional_owners: string[] }>;
		if (JSON.stringify(session.additional_owners) !== JSON.stringify([fixtures(ctx).advertiserUserId])) throw new Error(`owners ${JSON.stringify(session.additional_owners)}`);
	},
});
