/**
 * Media → Upload, error output, in real n8n: a Code node makes three items: a PNG (uploaded in one
 * request, with alt text), a "video" whose bytes are text (its first bytes are no MP4: refused
 * before any byte is sent, issue 36; before, it was uploaded whole and X's processing failed) and
 * an empty file (refused before any byte is sent).
 */
import { defineCase } from '../types';
import { graph, xAds } from '../workflows';

const png = '89504e470d0a1a0a0000000d494844520000032000000190';
const files = [
	{ name: 'shoe.png', type: 'image/png', hex: png + '00'.repeat(2000) },
	{ name: 'broken.mp4', type: 'video/mp4', hex: '6e6f74206120766964656f'.repeat(500) },
	{ name: 'empty.png', type: 'image/png', hex: '' },
];

export default defineCase({
	name: 'X Ads: Media Upload with error output: image with alt text, a video whose bytes are no video, an empty file',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: () =>
		graph(
			{ Start: ['Files'], Files: ['X Ads'], 'X Ads': ['Uploaded', 'Failed'] },
			{
				name: 'Files',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: { jsCode: `return ${JSON.stringify(files)}.map((f) => ({ json: { name: f.name }, binary: { data: { data: Buffer.from(f.hex, 'hex').toString('base64'), mimeType: f.type, fileName: f.name } } }));` },
			},
			xAds('X Ads', { resource: 'media', operation: 'upload', additionalFields: { altText: 'A red shoe' } }, { onError: 'continueErrorOutput' }),
			{ name: 'Uploaded', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} },
			{ name: 'Failed', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} },
		),
	expect: {
		outputs: {
			Uploaded: { itemCount: 1, items: [{ media_category: 'tweet_image', alt_text: 'A red shoe', size: 2024 }] },
			Failed: { itemCount: 2, items: [{ error: /^Item 1: Input Binary Field \(binaryPropertyName\) holds broken\.mp4 \(video\/mp4\), but its first bytes are not an MP4 video/ }, { error: /Item 2: Input Binary Field \(binaryPropertyName\) holds an empty file empty\.png/ }] },
		},
		emulator: {
			requests: [{ method: 'POST', path: '/2/media/upload', status: 200, count: 1 }],
			none: [{ method: 'POST', path: '/2/media/upload/initialize' }],
		},
	},
});
