/**
 * The "creative from a sheet row" example as shipped (examples/creative-from-sheet.json), in real
 * n8n, as `npm run dev` runs it: the IDs it leaves empty filled from the emulator's seed and its
 * sample image URL pointed at the emulator's media host (test/e2e/dev.ts does the same). The HTTP
 * Request node downloads the image, Media → Upload sends it to X and adds it to the media library,
 * then an image website card, a nullcast post named after the headline (so it is found in X Ads), the line item paused and the post promoted in it.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const SAMPLE_IMAGES = 'https://example.com/images/';

export default defineCase({
	name: 'X Ads: example "creative from a sheet row" runs end to end (download, upload to library, card, nullcast post, promoted in a paused line item)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const host = `${ctx.emulator!.urls.api.replace(/\/api$/, '')}/media/png/250000/1200x628/`;
		return exampleWorkflow('creative-from-sheet.json', { account: fx.accountId, lineItem: fx.lineItems.reach, asUserId: fx.advertiserUserId }, (text) => text.split(SAMPLE_IMAGES).join(host));
	},
	expect: {
		executedNodes: ["When clicking 'Execute workflow'", 'Sheet Row', 'Download Image', 'Upload to Media Library', 'Image Website Card', 'Post (nullcast)', 'Pause Line Item', 'Promote Post'],
		outputs: {
			'Upload to Media Library': { itemCount: 1, items: [{ media_id: { $type: 'string' }, media_category: 'tweet_image', media_type: 'image/png', size: 250000, upload: 'one request', alt_text: 'The red shoe is back', media_library: { media_type: 'IMAGE', name: 'The red shoe is back', file_name: 'red-shoe.png' } }] },
			'Image Website Card': { itemCount: 1, items: [{ card_type: 'IMAGE_WEBSITE', name: 'The red shoe is back' }] },
			'Pause Line Item': { itemCount: 1, items: [{ entity_status: 'PAUSED' }] },
			'Post (nullcast)': { itemCount: 1, items: [{ name: 'The red shoe is back' }] },
		},
		emulator: {
			requests: [
				{ method: 'POST', path: '/2/media/upload', status: 200, count: 1 },
				{ method: 'POST', path: '/2/media/metadata', status: 200, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		const media = ex.output('Upload to Media Library')[0];
		assertMatch(media.media_key, `3_${String(media.media_id)}`, 'media key');
		assertMatch((media.media_library as Record<string, unknown>).media_key, media.media_key, 'library key');
		const post = ex.output('Post (nullcast)')[0];
		const promoted = ex.output('Promote Post')[0];
		assertMatch(promoted.tweet_id, String(post.id), 'promoted post');
		assertMatch(promoted.line_item_id, fixtures(ctx).lineItems.reach, 'line item');
	},
});
