/**
 * Media → Upload (nodes/XAds/resources/media/upload.ts) through n8n's engine against the emulator, which
 * models X's /2/media/upload operations from openapi.json and judges every request by it: images
 * in one request, videos in segments with processing, alt text, the media library in one step,
 * safe retries of a lost APPEND answer, and X's rules checked before the first byte.
 */
import { createHash } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEGMENT_BYTES } from '../../nodes/XAds/resources/media/upload';
import { inexactIds } from '../hostile/hostileX';
import { binaryStartNode, engineSuite, errorText, fileInputSuite, hostileXFor, PACKAGE_USER_AGENT, runXAdsAfter, suiteHelpers } from './env';
import { mediaFile, type MediaFileSpec } from '../fixtures/mediaFiles';

const env = engineSuite();
const { fx, requests } = suiteHelpers(env);

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const uploads = () => env.emulator.control.mediaUploads();
const mediaRequests = () => requests().filter((r) => r.base === 'api' && r.path.startsWith('/2/media'));

type MediaSpec = MediaFileSpec & { property?: string | null; fileName?: string; mimeType?: string; json?: IDataObject };

/** Test-only start node: one item per file spec, the bytes held in the item or stored by n8n's binary data service. */
const TestMedia = binaryStartNode<MediaSpec>('test.media', 'Media', (spec) => {
	const { bytes, mimeType, fileName } = mediaFile(spec);
	return { bytes, mimeType: spec.mimeType ?? mimeType, fileName: spec.fileName ?? fileName, property: spec.property, json: spec.json };
});

fileInputSuite(env, TestMedia);

interface Run {
	files: Array<MediaFileSpec & { property?: string | null; fileName?: string; mimeType?: string }>;
	store?: 'item' | 'filesystem';
	parameters?: INodeParameters;
	continueOnFail?: boolean;
}

async function upload({ files, store = 'item', parameters = {}, continueOnFail }: Run) {
	return await runXAdsAfter(env, { name: 'Media', type: 'test.media', parameters: { files: JSON.stringify(files), store } }, { resource: 'media', operation: 'upload', ...parameters }, continueOnFail);
}

/** The session's segments against the file: each index once, in order 0..n-1, each holding its slice of the file. */
function expectSegmentsOf(file: Buffer, session: ReturnType<typeof uploads>[number], repeats: Record<number, number> = {}) {
	const count = Math.ceil(file.length / SEGMENT_BYTES);
	expect(session.segments.map((s) => s.index)).toEqual([...Array(count).keys()]);
	expect(session.segments.map((s) => s.received)).toEqual([...Array(count).keys()].map((i) => 1 + (repeats[i] ?? 0)));
	session.segments.forEach((s, i) => expect(s.sha256).toBe(sha(file.subarray(i * SEGMENT_BYTES, (i + 1) * SEGMENT_BYTES))));
	expect(session.segments.reduce((sum, s) => sum + s.bytes, 0)).toBe(file.length);
}

/** initialize, then each index APPENDed as often as `times` says (in any order: several are in flight), then FINALIZE after the last. */
function expectAppendsThenFinalize(session: ReturnType<typeof uploads>[number], times: Record<number, number>) {
	const count = Object.keys(times).length;
	const appends = session.history.slice(1).filter((h) => h.startsWith('append'));
	expect(session.history[0]).toBe('initialize');
	expect(session.history.slice(1, 1 + appends.length).every((h) => h.startsWith('append'))).toBe(true);
	expect(session.history[1 + appends.length]).toBe('finalize');
	const seen: Record<number, number> = {};
	for (const a of appends) seen[Number(a.slice('append '.length))] = (seen[Number(a.slice('append '.length))] ?? 0) + 1;
	expect(seen).toEqual(times);
	expect(Object.keys(seen).map(Number).sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
}

describe('Media → Upload', () => {
	it('uploads an image in one signed multipart request and outputs media_id as text, media_key and expiry', async () => {
		const spec = { kind: 'png', bytes: 300_000, width: 1200, height: 628 } as const;
		const run = await upload({ files: [spec], parameters: { additionalFields: { additionalOwners: '2244994945, 783214' } } });
		expect(run.error).toBeUndefined();
		const [out] = run.out();
		expect(out).toMatchObject({ media_category: 'tweet_image', media_type: 'image/png', size: 300_000, upload: 'one request', processing_state: 'none needed', additional_owners: ['2244994945', '783214'] });
		expect(out.media_id).toMatch(/^\d{1,19}$/);
		expect(typeof out.media_id).toBe('string');
		expect(out.media_key).toBe(`3_${String(out.media_id)}`);
		expect(Date.parse(String(out.expires_at)) - Date.now()).toBeGreaterThan(86_000_000);
		const [sent] = mediaRequests();
		expect(sent).toMatchObject({ method: 'POST', path: '/2/media/upload', status: 200 });
		expect(sent.headers.authorization).toBe('OAuth');
		expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		const [session] = uploads();
		expect(session).toMatchObject({ one_shot: true, category: 'tweet_image', additional_owners: ['2244994945', '783214'] });
		expect(session.segments[0].sha256).toBe(sha(mediaFile(spec).bytes));
	});

	it('uploads a video from n8n\'s binary store in segments 0..n-1, each once and in order, then waits for processing as X advises', async () => {
		const spec = { kind: 'mp4', bytes: 2 * SEGMENT_BYTES + 12_345 } as const;
		const run = await upload({ files: [spec], store: 'filesystem', parameters: { mediaCategory: 'amplify_video' } });
		expect(run.error).toBeUndefined();
		const [out] = run.out();
		expect(out).toMatchObject({ media_category: 'amplify_video', media_type: 'video/mp4', upload: '3 segments', processing_state: 'succeeded', size: spec.bytes });
		expect(out.media_key).toBe(`13_${String(out.media_id)}`);
		const [session] = uploads();
		// A chunk sent twice or a segment index skipped fails here (and at X's FINALIZE).
		expectAppendsThenFinalize(session, { 0: 1, 1: 1, 2: 1 });
		expectSegmentsOf(mediaFile(spec).bytes, session);
		expect(session.history.slice(5).every((h) => h === 'status')).toBe(true);
		expect(session.processing).toMatchObject({ state: 'succeeded', earlyPolls: 0 });
		expect(mediaRequests().every((r) => r.status === 200)).toBe(true);
	});

	it('repeats only the segment whose answer was lost, and finalizes once every segment was accepted', async () => {
		env.emulator.control.injectFaults([{ kind: 'lose_answer', match: { path: '/append' } }]);
		const spec = { kind: 'mp4', bytes: SEGMENT_BYTES + 99 } as const;
		const run = await upload({ files: [spec], parameters: { mediaCategory: 'tweet_video' } });
		expect(run.error).toBeUndefined();
		const [session] = uploads();
		// Segments are in flight at once: whichever APPEND reached X first lost its answer.
		const lost = mediaRequests().filter((r) => r.fault === 'lose_answer');
		expect(lost).toHaveLength(1);
		const lostIndex = Number(/segment_index=(\d+)/.exec(String(lost[0].body))?.[1]);
		expect([0, 1]).toContain(lostIndex);
		expectAppendsThenFinalize(session, { 0: 1, 1: 1, [lostIndex]: 2 });
		expectSegmentsOf(mediaFile(spec).bytes, session, { [lostIndex]: 1 });
	});

	it('sends segments in flight at once; answers that come out of order still give each index once, and FINALIZE waits for the last', async () => {
		// The first APPEND to reach X is held 1.5 s: segments after it are taken and answered first (X
		// takes segments in any order; FINALIZE checks that 0..n-1 are all there).
		env.emulator.control.injectFaults([{ kind: 'latency', ms: 1500, match: { path: '/append' } }]);
		const spec = { kind: 'mp4', bytes: 3 * SEGMENT_BYTES + 7 } as const;
		const run = await upload({ files: [spec], store: 'filesystem', parameters: { mediaCategory: 'amplify_video' } });
		expect(run.error).toBeUndefined();
		expect(run.out()[0]).toMatchObject({ upload: '4 segments', processing_state: 'succeeded' });
		const [session] = uploads();
		const appends = session.history.filter((h) => h.startsWith('append'));
		const delayed = mediaRequests().filter((r) => r.fault === 'latency');
		expect(delayed).toHaveLength(1);
		const delayedIndex = Number(/segment_index=(\d+)/.exec(String(delayed[0].body))?.[1]);
		expect(delayedIndex).toBeLessThan(3); // an early segment (the first to reach X)...
		expect(appends[appends.length - 1]).toBe(`append ${delayedIndex}`); // ...taken after later ones
		expectAppendsThenFinalize(session, { 0: 1, 1: 1, 2: 1, 3: 1 });
		expectSegmentsOf(mediaFile(spec).bytes, session);
		// INIT (JSON), the multipart APPENDs, FINALIZE and STATUS all name the package (test/engine/userAgent).
		expect(new Set(mediaRequests().map((r) => r.headers['user-agent']))).toEqual(new Set([PACKAGE_USER_AGENT]));
	});

	it('never finalizes when a segment is not accepted', async () => {
		env.emulator.control.injectFaults([{ kind: 'server_error', status: 503, times: 10, match: { path: '/append' } }]);
		const run = await upload({ files: [{ kind: 'mp4', bytes: SEGMENT_BYTES + 5 }], parameters: { requestOptions: { maxRetries: 1 } }, continueOnFail: true });
		const [out] = run.out();
		expect(String(out.error)).toMatch(/503/);
		expect(uploads()[0].history).not.toContain('finalize');
		expect(uploads()[0].finalized).toBe(false);
	});

	it('a video whose first bytes are no video is refused before the first request; with continue on fail the next item goes through', async () => {
		const run = await upload({ files: [{ kind: 'junk-video', bytes: 70_000 }, { kind: 'png', bytes: 1000, width: 10, height: 10 }], continueOnFail: true });
		const out = run.out();
		expect(out).toHaveLength(2);
		expect(String(out[0].error)).toMatch(/holds broken\.mp4 \(video\/mp4\), but its first bytes are not an MP4 video/);
		expect(out[1]).toMatchObject({ media_category: 'tweet_image' });
		expect(run.output('X Ads').map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1]);
		expect(uploads()).toHaveLength(1);
	});

	it('stops waiting at Max Wait with the media id in the message', async () => {
		const run = await upload({ files: [{ kind: 'gif', bytes: 5000, width: 100, height: 100 }], parameters: { additionalFields: { maxWait: 1 } }, continueOnFail: true });
		expect(String(run.out()[0].error)).toMatch(/X was still processing the media \d+ after the Max Wait of 1 s/);
	});

	it('sends a long list of additional owners whole (a body with more fields than the room kept after the bytes)', async () => {
		const owners = Array.from({ length: 100 }, (_, i) => String(1_000_000_000_000_000_000n + BigInt(i)));
		const run = await upload({ files: [{ kind: 'png', bytes: 3000, width: 20, height: 20 }], parameters: { additionalFields: { additionalOwners: owners.join(',') } } });
		expect(run.error).toBeUndefined();
		expect(uploads()[0].additional_owners).toEqual(owners);
	});

	it('adds alt text through /2/media/metadata', async () => {
		const run = await upload({ files: [{ kind: 'png', bytes: 2000, width: 800, height: 418 }], parameters: { additionalFields: { altText: 'A red running shoe' } } });
		expect(run.out()[0]).toMatchObject({ alt_text: 'A red running shoe' });
		expect(uploads()[0].alt_text).toBe('A red running shoe');
		expect(mediaRequests().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /2/media/upload', 'POST /2/media/metadata']);
	});

	it('uploads and adds to the media library in one step, with the file name; the output carries both records', async () => {
		const run = await upload({
			files: [{ kind: 'png', bytes: 5000, width: 1200, height: 628, fileName: 'red-shoe.png' }],
			parameters: { addToMediaLibrary: true, account: fx().accountId, additionalFields: { libraryName: 'Red shoe' } },
		});
		expect(run.error).toBeUndefined();
		const [out] = run.out();
		expect(out.media_library).toMatchObject({ media_key: out.media_key, media_category: 'TWEET_IMAGE', media_type: 'IMAGE', name: 'Red shoe', file_name: 'red-shoe.png' });
		const library = requests().find((r) => r.path.endsWith('/media_library'))!;
		expect(new URLSearchParams(library.query).get('media_key')).toBe(String(out.media_key));
	});
});

describe('Media → Upload refuses bad input before the first byte', () => {
	const cases: Array<[string, Run['files'][number], INodeParameters, RegExp]> = [
		['a type the category does not take', { kind: 'png', bytes: 1000, width: 10, height: 10 }, { mediaCategory: 'tweet_gif' }, /Item 0: Input Binary Field \(binaryPropertyName\) holds image\.png \(image\/png\), which Media Category Post GIF \(tweet_gif\) does not take: it takes image\/gif \(Post Image \(tweet_image\) fits this file\)/],
		['an image over 5 MB', { kind: 'png', bytes: 5 * 1024 * 1024 + 1, width: 10, height: 10 }, {}, /holds image\.png \(image\/png\) of 5\.00 MB \(5,242,881 bytes\), over X's 5 MB limit for Post Image \(tweet_image\)/],
		['an empty file', { kind: 'png', bytes: 0 }, {}, /holds an empty file image\.png \(image\/png\): 0 bytes/],
		['a missing binary property', { kind: 'png', bytes: 100, width: 1, height: 1, property: 'photo' }, {}, /names no binary property of the item \(got "data"; the item has photo\)/],
		['a file of no type X takes', { kind: 'png', bytes: 100, width: 1, height: 1, mimeType: 'application/pdf', fileName: 'brief.pdf' }, {}, /holds brief\.pdf \(application\/pdf\), which is no type X takes/],
		['an additional owner that is no user ID', { kind: 'png', bytes: 100, width: 1, height: 1 }, { additionalFields: { additionalOwners: '@acme' } }, /Additional Owners \(additional_owners\) must be X user IDs/],
		['library fields of videos on an image', { kind: 'png', bytes: 100, width: 1, height: 1 }, { addToMediaLibrary: true, account: 'abc1', additionalFields: { libraryTitle: 'x' } }, /Library Title \(title\) is for videos only, and this file is an image/],
	];
	it.each(cases)('%s', async (_name, file, parameters, message) => {
		const run = await upload({ files: [file], parameters });
		expect(String((run.error as Error | undefined)?.message)).toMatch(message);
		expect(mediaRequests()).toEqual([]);
	});

	it('with continue on fail, every item ends in exactly one output or error item, the good one uploaded', async () => {
		const run = await upload({
			files: [{ kind: 'png', bytes: 0 }, { kind: 'png', bytes: 100, width: 2, height: 2 }, { kind: 'png', bytes: 100, width: 1, height: 1, property: null }],
			continueOnFail: true,
		});
		const out = run.out();
		expect(out.map((o) => (o.error ? 'error' : 'ok'))).toEqual(['error', 'ok', 'error']);
		expect(run.output('X Ads').map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2]);
		expect(uploads()).toHaveLength(1);
	});
});

describe('Video creative end to end (amplify_video, processing wait, video website card, nullcast post, promoted post)', () => {
	it('uploads into the library, builds a video website card, posts it nullcast and promotes it in a paused line item', async () => {
		const run = await upload({ files: [{ kind: 'mp4', bytes: 300_000, fileName: 'launch.mp4' }], parameters: { addToMediaLibrary: true, account: fx().accountId } });
		expect(run.error).toBeUndefined();
		const [media] = run.out();
		const key = String(media.media_key);
		expect(media).toMatchObject({ media_category: 'amplify_video', processing_state: 'succeeded', media_library: { media_type: 'VIDEO', media_category: 'AMPLIFY_VIDEO' } });
		const ok = async (parameters: INodeParameters) => {
			const result = await env.ads(parameters);
			if (result.error) throw result.error;
			return result.output().map((i) => i.json);
		};
		const [card] = await ok({
			resource: 'card',
			operation: 'create',
			account: fx().accountId,
			name: 'Launch video card',
			componentsSource: 'ui',
			components: { component: [{ type: 'MEDIA', mediaKey: key }, { type: 'DETAILS', title: 'See the launch', url: 'https://acme-shoes.example/launch' }] },
		});
		expect(card).toMatchObject({ card_type: 'VIDEO_WEBSITE' });
		const [post] = await ok({ resource: 'post', operation: 'create', account: fx().accountId, asUserId: fx().advertiserUserId, additionalFields: { text: 'The launch', cardUri: String(card.card_uri), nullcast: true } });
		const [lineItem] = await ok({ resource: 'lineItem', operation: 'pause', account: fx().accountId, lineItem: fx().lineItems.reach });
		expect(lineItem.entity_status).toBe('PAUSED');
		const [promoted] = await ok({ resource: 'promotedPost', operation: 'create', account: fx().accountId, lineItem: String(lineItem.id), tweetIds: String(post.id) });
		expect(promoted).toMatchObject({ line_item_id: lineItem.id, tweet_id: String(post.id) });
	});
});

describe("Media → Upload against a hostile X: exact ids, X's words without secrets, STATUS that must say how processing ended (issue 36)", () => {
	const hostileX = hostileXFor(env, { routeEach: true });
	const statusRequests = () => hostileX.x.requests.filter((r) => r.method === 'GET' && r.path === '/api/2/media/upload');

	it('a video whose ids X answers as JSON numbers beyond 2^53: every APPEND, FINALIZE and STATUS goes to the exact id, and the output names it', async () => {
		hostileX.x.set('bigIds');
		const run = await upload({ files: [{ kind: 'mp4', bytes: SEGMENT_BYTES + 10 }], parameters: { mediaCategory: 'amplify_video' } });
		expect(run.error?.message).toBeUndefined();
		const [session] = uploads();
		expect(hostileX.x.issued.has(session.id)).toBe(true);
		expect(run.out()[0]).toMatchObject({ media_id: session.id, media_key: `13_${session.id}`, processing_state: 'succeeded' });
		expectAppendsThenFinalize(session, { 0: 1, 1: 1 });
		expect(hostileX.x.rounded).toEqual([]);
		expect(inexactIds(run.out(), hostileX.x.issued)).toEqual([]);
	});

	it('an image in one request: media_id is the exact id its media_key names', async () => {
		hostileX.x.set('bigIds');
		const run = await upload({ files: [{ kind: 'png', bytes: 2000, width: 10, height: 10 }] });
		expect(run.error?.message).toBeUndefined();
		const [out] = run.out();
		expect(out.media_key).toBe(`3_${uploads()[0].id}`);
		expect(out.media_id).toBe(uploads()[0].id);
	});

	it("X's processing error that echoes the Authorization header reaches the error and n8n's log without a key or token", async () => {
		hostileX.x.set('echo', {
			secrets: [env.harness.credentialData('xOAuth1Api').consumerKey as string, ...env.secrets],
			// X's STATUS says the processing failed, its message quoting what it got.
			rewrite: (request, value) => {
				if (request.method !== 'GET' || !request.path.endsWith('/2/media/upload')) return value;
				const data = (value as IDataObject).data as IDataObject;
				return { data: { ...data, processing_info: { state: 'failed', error: { code: 1, name: 'InvalidMedia', message: `Unsupported codec in the request with Authorization: ${request.authorization}` } } } };
			},
		});
		const run = await upload({ files: [{ kind: 'mp4', bytes: 5000 }], parameters: { mediaCategory: 'amplify_video' } });
		const text = `${errorText(run.error)}\n${env.harness.logs.map((l) => l.message).join('\n')}`;
		expect(run.error?.message).toMatch(/X could not process the media \d+: Unsupported codec/);
		for (const secret of [env.harness.credentialData('xOAuth1Api').consumerKey as string, ...env.secrets]) expect(text).not.toContain(secret);
		expect(text).not.toMatch(/oauth_signature="?[A-Za-z0-9%]{8,}/);
	});

	it('a STATUS answer that drops processing_info after in_progress is not a success: the item fails naming it', async () => {
		let polls = 0;
		hostileX.x.set(undefined, {
			rewrite: (request, value) => {
				if (request.method !== 'GET' || !request.path.endsWith('/2/media/upload')) return value;
				const data = (value as IDataObject).data as IDataObject;
				polls++;
				if (polls === 1) return { data: { ...data, processing_info: { state: 'in_progress', check_after_secs: 1, progress_percent: 40 } } };
				const rest = { ...data };
				delete rest.processing_info;
				return { data: rest };
			},
		});
		const run = await upload({ files: [{ kind: 'mp4', bytes: 5000 }], parameters: { mediaCategory: 'amplify_video' }, continueOnFail: true });
		const [out] = run.out();
		expect(out.processing_state).toBeUndefined();
		expect(String(out.error)).toMatch(/X's STATUS answer for the media \d+ has no processing_info after in_progress/);
		expect(statusRequests().length).toBe(2);
	});
});

describe('Media → Upload checks the bytes against the declared type before the first request (issue 36)', () => {
	const cases: Array<[string, Run['files'][number], INodeParameters, RegExp]> = [
		['a PNG declared video/mp4', { kind: 'png', bytes: 70_000, width: 10, height: 10, mimeType: 'video/mp4', fileName: 'clip.mp4' }, {}, /holds clip\.mp4 \(video\/mp4\), but its first bytes are a PNG image, not an MP4 video/],
		['text declared video/mp4', { kind: 'junk-video', bytes: 70_000, fileName: 'clip.mp4' }, {}, /holds clip\.mp4 \(video\/mp4\), but its first bytes are not an MP4 video/],
		['a GIF declared image/png', { kind: 'gif', bytes: 5000, width: 10, height: 10, mimeType: 'image/png', fileName: 'photo.png' }, {}, /holds photo\.png \(image\/png\), but its first bytes are a GIF image, not a PNG image/],
		['a PNG declared image/gif', { kind: 'png', bytes: 5000, width: 10, height: 10, mimeType: 'image/gif', fileName: 'anim.gif' }, {}, /holds anim\.gif \(image\/gif\), but its first bytes are a PNG image, not a GIF image/],
		['a PNG declared text/vtt', { kind: 'png', bytes: 5000, width: 10, height: 10, mimeType: 'text/vtt', fileName: 'captions.vtt' }, {}, /holds captions\.vtt \(text\/vtt\), but its first bytes are a PNG image, not WebVTT subtitles/],
	];
	it.each(cases)('%s', async (_name, file, parameters, message) => {
		for (const store of ['item', 'filesystem'] as const) {
			env.emulator.control.clearRequests();
			const run = await upload({ files: [file], parameters, store });
			expect(String((run.error as Error | undefined)?.message)).toMatch(message);
			expect(mediaRequests()).toEqual([]);
		}
	});
});
