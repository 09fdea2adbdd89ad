/**
 * Media upload to X (X API v2, openapi.json's /2/media/upload operations, signed with the user's
 * OAuth 1.0a credential): a binary property of the item, read as a stream from n8n's binary store
 * (never whole in memory), checked against X's category, type and size rules before the first byte
 * is sent; images in one request, everything else in segments (initialize, append, finalize), then
 * for videos and GIFs X's processing is waited for as its check_after_secs say, within Max Wait.
 * Optionally alt text (/2/media/metadata) and the ads account's media library.
 * https://docs.x.com/x-api/media/introduction, https://docs.x.com/x-api/media/quickstart/media-upload-chunked
 */
import { randomBytes } from 'node:crypto';

import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { CheckedItem } from '../../../shared/engine/endpoints';
import { exactId, UnreadableIdError } from '../../../shared/transport/jsonReader';
import type { MediaCall } from '../../../shared/v2/media';
import { MEDIA_CALLS } from '../../../shared/v2/media';
import { runNode } from '../../../shared/engine/prepare';
import type { RetryPolicy, XRequest } from '../../../shared/transport/transport';
import { DEFAULT_TIMEOUT_MS, xRequest } from '../../../shared/transport/transport';
import { inputError } from '../../../shared/engine/validation';

const MB = 1024 * 1024;

export { MEDIA_CALLS };

/** A request of one call; the rest of XRequest (query, body, item) given by the caller. */
export function callRequest(call: MediaCall, rest: Partial<XRequest>): XRequest {
	return { method: call.method, path: call.path, host: call.host ?? 'ads', auth: call.auth, idempotent: call.idempotent, ...rest };
}

// ---- X's rules (the media introduction and best practices; openapi's InitializeMediaUploadRequest) ----

type Kind = 'image' | 'gif' | 'video' | 'subtitles';

const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/mp2t'];
const IMAGE_TYPES = ['image/jpeg', 'image/pjpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff'];

export const CATEGORIES: Record<string, { kind: Kind; label: string; types: string[]; maxBytes?: number }> = {
	amplify_video: { kind: 'video', label: 'Promoted Video', types: VIDEO_TYPES, maxBytes: 512 * MB },
	tweet_image: { kind: 'image', label: 'Post Image', types: IMAGE_TYPES, maxBytes: 5 * MB },
	tweet_gif: { kind: 'gif', label: 'Post GIF', types: ['image/gif'], maxBytes: 15 * MB },
	tweet_video: { kind: 'video', label: 'Post Video', types: VIDEO_TYPES, maxBytes: 512 * MB },
	subtitles: { kind: 'subtitles', label: 'Subtitles', types: ['text/srt', 'text/vtt'] },
};

/** Types by file extension, for files that come as application/octet-stream (drives, some downloads). */
const BY_EXTENSION: Record<string, string> = {
	jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', bmp: 'image/bmp', tif: 'image/tiff', tiff: 'image/tiff', gif: 'image/gif',
	mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', ts: 'video/mp2t', srt: 'text/srt', vtt: 'text/vtt',
};
/** Spellings X does not list for a type it does. */
const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'application/x-subrip': 'text/srt', 'video/x-m4v': 'video/mp4' };

/** Bytes per APPEND: 256 segments for the largest video, far from X's 1,000 (segment_index 0-999). */
export const SEGMENT_BYTES = 2 * MB;
/**
 * APPENDs sent and not yet answered: each waits a round trip for its answer, so several at once keep
 * the connection busy. Memory: this many segment bodies, plus the one being read.
 */
export const SEGMENTS_IN_FLIGHT = 4;
/**
 * Bytes per read from n8n's binary store. Small reads keep memory flat: each read buffer is copied
 * into its segment's body and dropped, and many small ones are freed by V8's frequent young
 * collections, where 2 MB ones piled up until an external-memory collection (measured: 112 MiB above
 * rest at 4 segments in flight with 2 MB reads).
 */
const READ_BYTES = 256 * 1024;
const MAX_SEGMENTS = 1000;
/** Longest processing wait Max Wait allows, and its default. */
const MAX_WAIT_SECS = 3600;
export const DEFAULT_MAX_WAIT_SECS = 600;

export interface MediaFile {
	property: string;
	binary: IBinaryData;
	mediaType: string;
	category: string;
	/** Known from the item (undefined when n8n stored the file without its size: read before sending). */
	bytes?: number;
	fileName?: string;
}

/** The item's binary property, its type and category, checked against X's rules: nothing is sent when they fail. */
export function mediaFileOf(ctx: IExecuteFunctions, itemIndex: number, property: string, chosenCategory: string): MediaFile {
	const node = runNode(ctx);
	const field = 'Input Binary Field (binaryPropertyName)';
	if (!property) throw inputError(node, itemIndex, field, 'is required');
	const binaries = ctx.getInputData()[itemIndex]?.binary ?? {};
	const binary = binaries[property];
	if (!binary) {
		const present = Object.keys(binaries);
		throw inputError(node, itemIndex, field, `names no binary property of the item (got ${JSON.stringify(property)}; the item has ${present.length ? present.join(', ') : 'no binary data'})`);
	}
	const extension = /\.([A-Za-z0-9]+)$/.exec(binary.fileName ?? '')?.[1]?.toLowerCase() ?? binary.fileExtension?.toLowerCase();
	let mediaType = String(binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
	mediaType = ALIASES[mediaType] ?? mediaType;
	if ((!mediaType || mediaType === 'application/octet-stream') && extension && BY_EXTENSION[extension]) mediaType = BY_EXTENSION[extension];
	const category = chosenCategory === 'auto' ? categoryFor(mediaType) : chosenCategory;
	const rule = category ? CATEGORIES[category] : undefined;
	const fileLabel = `${binary.fileName ? `${binary.fileName} ` : ''}(${mediaType || 'no type'})`;
	if (!rule) {
		if (chosenCategory === 'auto') throw inputError(node, itemIndex, field, `holds ${fileLabel}, which is no type X takes: ${[...IMAGE_TYPES, 'image/gif', ...VIDEO_TYPES, 'text/srt', 'text/vtt'].join(', ')}`);
		throw inputError(node, itemIndex, 'Media Category (mediaCategory)', `must be one of ${Object.keys(CATEGORIES).join(', ')} (got ${JSON.stringify(chosenCategory)})`);
	}
	if (!rule.types.includes(mediaType)) {
		throw inputError(node, itemIndex, field, `holds ${fileLabel}, which Media Category ${named(category!)} does not take: it takes ${rule.types.join(', ')}${categoryFor(mediaType) ? ` (${named(categoryFor(mediaType)!)} fits this file)` : ''}`);
	}
	const bytes = sizeOf(binary);
	if (bytes === 0) throw inputError(node, itemIndex, field, `holds an empty file ${fileLabel}: 0 bytes`);
	if (bytes !== undefined && rule.maxBytes !== undefined && bytes > rule.maxBytes) {
		throw inputError(node, itemIndex, field, `holds ${fileLabel} of ${megabytes(bytes)}, over X's ${rule.maxBytes / MB} MB limit for ${named(category!)}`);
	}
	return { property, binary, mediaType, category: category!, bytes, fileName: binary.fileName };
}

/** A category as messages name it: "Post GIF (tweet_gif)". */
const named = (category: string) => `${CATEGORIES[category].label} (${category})`;

function categoryFor(mediaType: string): string | undefined {
	return Object.entries(CATEGORIES).find(([, rule]) => rule.types.includes(mediaType))?.[0];
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 2 : 1)} MB (${bytes.toLocaleString('en-US')} bytes)`;

/** The file's size as the item knows it: n8n's byte count, or the base64 held in the item. */
function sizeOf(binary: IBinaryData): number | undefined {
	if (typeof binary.bytes === 'number') return binary.bytes;
	if (binary.id) return undefined;
	const data = String(binary.data ?? '');
	const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
	return Math.floor((data.length * 3) / 4) - padding;
}

// ---- What the first bytes say (checked before the first request) ---------------------------------

/** The first bytes of each format X takes: a file whose bytes contradict its declared type is refused before any byte is sent. */
const SIGNATURES: Array<{ label: string; types: string[]; matches: (b: Buffer) => boolean }> = [
	{ label: 'a PNG image', types: ['image/png'], matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
	{ label: 'a JPEG image', types: ['image/jpeg', 'image/pjpeg'], matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
	{ label: 'a GIF image', types: ['image/gif'], matches: (b) => /^GIF8[79]a/.test(b.toString('latin1', 0, 6)) },
	{ label: 'a WebP image', types: ['image/webp'], matches: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
	{ label: 'a BMP image', types: ['image/bmp'], matches: (b) => b.toString('latin1', 0, 2) === 'BM' },
	{ label: 'a TIFF image', types: ['image/tiff'], matches: (b) => ['II*\0', 'MM\0*'].includes(b.toString('latin1', 0, 4)) },
	// ISO base media (MP4, MOV): a box size, then the first box's type.
	{ label: 'an MP4 or MOV video', types: ['video/mp4', 'video/quicktime'], matches: (b) => ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(b.toString('latin1', 4, 8)) },
	{ label: 'a WebM video', types: ['video/webm'], matches: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) },
	{ label: 'an MPEG-TS video', types: ['video/mp2t'], matches: (b) => b[0] === 0x47 && (b.length < 189 || b[188] === 0x47) },
	{ label: 'WebVTT subtitles', types: ['text/vtt'], matches: (b) => /^(\uFEFF)?WEBVTT/.test(b.toString('utf8', 0, 12)) },
	{ label: 'SRT subtitles', types: ['text/srt'], matches: (b) => /^(\uFEFF)?\s*\d+\r?\n\d\d:\d\d/.test(b.toString('utf8')) },
];

/** How messages name a declared type: "an MP4 video". */
const TYPE_NAMES: Record<string, string> = {
	'image/png': 'a PNG image', 'image/jpeg': 'a JPEG image', 'image/pjpeg': 'a JPEG image', 'image/gif': 'a GIF image', 'image/webp': 'a WebP image', 'image/bmp': 'a BMP image', 'image/tiff': 'a TIFF image',
	'video/mp4': 'an MP4 video', 'video/quicktime': 'a MOV video', 'video/webm': 'a WebM video', 'video/mp2t': 'an MPEG-TS video', 'text/vtt': 'WebVTT subtitles', 'text/srt': 'SRT subtitles',
};

/** The first `count` bytes of the file, without reading the rest. */
async function firstBytes(ctx: IExecuteFunctions, itemIndex: number, file: MediaFile, count: number): Promise<Buffer> {
	if (file.binary.id) {
		const stream = await ctx.helpers.getBinaryStream(file.binary.id, count);
		try {
			for await (const chunk of stream) return Buffer.from(chunk as Uint8Array).subarray(0, count);
		} finally {
			stream.destroy();
		}
		return Buffer.alloc(0);
	}
	// Base64 in the item: only its start is decoded.
	if (typeof file.binary.data === 'string' && file.binary.data) return Buffer.from(file.binary.data.slice(0, Math.ceil(count / 3) * 4), 'base64');
	return (await ctx.helpers.getBinaryDataBuffer(itemIndex, file.property)).subarray(0, count);
}

/** Refuses a file whose first bytes are not its declared type (a PNG named clip.mp4 would be uploaded whole before X's processing failed). */
async function checkFirstBytes(ctx: IExecuteFunctions, itemIndex: number, file: MediaFile): Promise<void> {
	const head = await firstBytes(ctx, itemIndex, file, 256);
	const declared = SIGNATURES.find((s) => s.types.includes(file.mediaType));
	if (!declared || declared.matches(head)) return;
	const actual = SIGNATURES.find((s) => s !== declared && s.matches(head));
	const label = `${file.fileName ? `${file.fileName} ` : ''}(${file.mediaType})`;
	const wanted = TYPE_NAMES[file.mediaType] ?? declared.label;
	throw inputError(runNode(ctx), itemIndex, 'Input Binary Field (binaryPropertyName)', `holds ${label}, but its first bytes are ${actual ? `${actual.label}, not ${wanted}` : `not ${wanted}`}: check the file, or its type in the node that made it`);
}

// ---- The file's bytes ----------------------------------------------------------------------------

/** The file as chunks: streamed from n8n's binary store when it is there, else slices of the item's buffer. */
async function* fileChunks(ctx: IExecuteFunctions, itemIndex: number, file: MediaFile): AsyncGenerator<Uint8Array> {
	if (file.binary.id) {
		const stream = await ctx.helpers.getBinaryStream(file.binary.id, READ_BYTES);
		try {
			for await (const chunk of stream) yield chunk as Uint8Array;
		} finally {
			stream.destroy();
		}
		return;
	}
	const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, file.property);
	for (let offset = 0; offset < buffer.length; offset += SEGMENT_BYTES) yield buffer.subarray(offset, offset + SEGMENT_BYTES);
}

/**
 * multipart/form-data bodies of the media segments: the media part first, written straight into a
 * buffer with room for its header and the closing parts (no copy of the segment at send time).
 */
class SegmentBodies {
	readonly boundary = `----n8nXMedia${randomBytes(12).toString('hex')}`;
	private readonly head: Buffer;

	constructor(fileName: string, mediaType: string) {
		const name = fileName.replace(/["\r\n\\]/g, '_') || 'media';
		this.head = Buffer.from(`--${this.boundary}\r\nContent-Disposition: form-data; name="media"; filename="${name}"\r\nContent-Type: ${mediaType}\r\n\r\n`, 'utf8');
	}

	get contentType(): string {
		return `multipart/form-data; boundary=${this.boundary}`;
	}

	/** A buffer for one segment: bytes go at `start`, and up to SEGMENT_BYTES of them fit. */
	allocate(size = SEGMENT_BYTES): { buffer: Buffer; start: number } {
		const buffer = Buffer.allocUnsafe(this.head.length + size + 512);
		this.head.copy(buffer);
		return { buffer, start: this.head.length };
	}

	/** The finished body: the media bytes, then the text fields and the closing delimiter. */
	finish(buffer: Buffer, length: number, fields: Record<string, string>): Buffer {
		let tail = '';
		for (const [name, value] of Object.entries(fields)) tail += `\r\n--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
		tail += `\r\n--${this.boundary}--\r\n`;
		const end = this.head.length + length;
		// The room kept after the bytes holds the usual fields; a long owner list is appended instead.
		if (end + Buffer.byteLength(tail, 'utf8') > buffer.length) return Buffer.concat([buffer.subarray(0, end), Buffer.from(tail, 'utf8')]);
		const written = buffer.write(tail, end, 'utf8');
		return buffer.subarray(0, end + written);
	}
}

// ---- Uploading -----------------------------------------------------------------------------------

export interface UploadOptions {
	additionalOwners: string[];
	altText?: string;
	maxWaitSecs: number;
}

interface MediaData extends IDataObject {
	id?: string;
	media_key?: string;
	size?: number;
	expires_after_secs?: number;
	processing_info?: { state?: string; check_after_secs?: number; progress_percent?: number; error?: { code?: number; name?: string; message?: string } };
}

/** data of a /2 answer (X's envelope {data, errors}). */
const dataOf = (body: unknown): MediaData => ((body as { data?: MediaData } | null)?.data ?? {}) as MediaData;

/** The media id of X's answer, exactly (id, or the v1.1 names media_id and media_id_string); an id that cannot be read exactly fails the item naming it. */
function mediaIdOf(ctx: IExecuteFunctions, itemIndex: number, data: MediaData): string | undefined {
	try {
		return exactId(data, 'id') ?? exactId(data, 'media_id');
	} catch (error) {
		const message = error instanceof UnreadableIdError ? error.message : `X's media id cannot be read (${(error as Error).message})`;
		throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description: 'The upload stops here: a media id that is not exact would name another media. Upload the file again.' });
	}
}

/** An answer that lacks what the next step needs is X's fault (its keys are named, never its values: an answer may echo anything). */
function missing(ctx: IExecuteFunctions, itemIndex: number, what: string, body: unknown): never {
	const keys = Object.keys(dataOf(body)).slice(0, 10).join(', ') || 'none';
	throw new NodeOperationError(ctx.getNode(), `X's answer lacks ${what}`, { itemIndex, description: `X answered a success without it (data keys: ${keys}); upload the file again.` });
}

/** Uploads one item's file; returns X's media record as the output shows it. */
export async function uploadMedia(ctx: IExecuteFunctions, item: CheckedItem, file: MediaFile, options: UploadOptions, policy: RetryPolicy): Promise<IDataObject> {
	const itemIndex = item.itemIndex;
	const rule = CATEGORIES[file.category];
	let bytes = file.bytes;
	if (bytes === undefined) {
		// Stored by n8n without its size: read its metadata, and check the limit, before the first byte.
		bytes = (await ctx.helpers.getBinaryMetadata(file.binary.id!)).fileSize;
		const field = 'Input Binary Field (binaryPropertyName)';
		if (!bytes) throw inputError(runNode(ctx), itemIndex, field, 'holds an empty file: 0 bytes');
		if (rule.maxBytes !== undefined && bytes > rule.maxBytes) throw inputError(runNode(ctx), itemIndex, field, `holds a file of ${megabytes(bytes)}, over X's ${rule.maxBytes / MB} MB limit for ${named(file.category)}`);
	}
	await checkFirstBytes(ctx, itemIndex, file);
	const owners = options.additionalOwners;
	const oneShot = rule.kind === 'image';
	let media: MediaData;
	let segments = 1;
	if (oneShot) media = await uploadOneShot(ctx, itemIndex, file, bytes, owners, policy);
	else ({ media, segments } = await uploadInSegments(ctx, itemIndex, file, bytes, owners, policy));
	if (!media.id) missing(ctx, itemIndex, 'the media id', media);
	if (media.processing_info) media = await waitForProcessing(ctx, itemIndex, media, options.maxWaitSecs, policy);
	let altText: string | undefined;
	if (options.altText !== undefined) {
		const answer = await xRequest(ctx, callRequest(MEDIA_CALLS.metadata, { itemIndex, body: { id: media.id!, metadata: { alt_text: { text: options.altText } } } }), policy);
		altText = ((dataOf(answer.body).associated_metadata as IDataObject | undefined)?.alt_text as IDataObject | undefined)?.text as string | undefined ?? options.altText;
	}
	const expiresAfter = typeof media.expires_after_secs === 'number' ? media.expires_after_secs : undefined;
	return {
		media_id: media.id,
		media_key: media.media_key,
		media_category: file.category,
		media_type: file.mediaType,
		file_name: file.fileName,
		size: typeof media.size === 'number' ? media.size : bytes,
		upload: oneShot ? 'one request' : `${segments} segments`,
		processing_state: media.processing_info?.state ?? 'none needed',
		...(expiresAfter !== undefined ? { expires_after_secs: expiresAfter, expires_at: new Date(Date.now() + expiresAfter * 1000).toISOString() } : {}),
		...(owners.length ? { additional_owners: owners } : {}),
		...(altText !== undefined ? { alt_text: altText } : {}),
	};
}

async function uploadOneShot(ctx: IExecuteFunctions, itemIndex: number, file: MediaFile, bytes: number, owners: string[], policy: RetryPolicy): Promise<MediaData> {
	// An image is at most 5 MB: it is read into one body (bounded by that limit, not by the file).
	const bodies = new SegmentBodies(file.fileName ?? 'image', file.mediaType);
	const { buffer, start } = bodies.allocate(bytes);
	let length = 0;
	for await (const chunk of fileChunks(ctx, itemIndex, file)) {
		if (length + chunk.length > bytes) throw changedWhileRead(ctx, itemIndex, bytes);
		buffer.set(chunk, start + length);
		length += chunk.length;
	}
	if (length !== bytes) throw changedWhileRead(ctx, itemIndex, bytes, length);
	const body = bodies.finish(buffer, length, { media_category: file.category, ...(owners.length ? { additional_owners: owners.join(',') } : {}) });
	const answer = await xRequest(ctx, callRequest(MEDIA_CALLS.upload, { itemIndex, rawBody: { bytes: body, contentType: bodies.contentType } }), policy);
	const media = dataOf(answer.body);
	return { ...media, id: mediaIdOf(ctx, itemIndex, media) };
}

function changedWhileRead(ctx: IExecuteFunctions, itemIndex: number, expected: number, got?: number): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `The file has ${got === undefined ? 'more' : got.toLocaleString('en-US')} bytes, not the ${expected.toLocaleString('en-US')} n8n recorded for it`, {
		itemIndex,
		description: 'The upload was not finalized, so X never uses a partial file. Check the node that made the file, then run again.',
	});
}

/**
 * initialize, one APPEND per segment (up to SEGMENTS_IN_FLIGHT of them sent at once, while the next
 * is read), and FINALIZE only when X accepted every segment and they add up to the file's size. A
 * lost APPEND answer sends that segment again (the same index replaces it at X), nothing else; the
 * first failure stops new segments, waits for those in flight, and the upload is never finalized.
 */
async function uploadInSegments(ctx: IExecuteFunctions, itemIndex: number, file: MediaFile, bytes: number, owners: string[], policy: RetryPolicy): Promise<{ media: MediaData; segments: number }> {
	const count = Math.ceil(bytes / SEGMENT_BYTES);
	if (count > MAX_SEGMENTS) throw inputError(runNode(ctx), itemIndex, 'Input Binary Field (binaryPropertyName)', `holds ${megabytes(bytes)}, more than X's ${MAX_SEGMENTS} segments take`);
	const init = await xRequest(ctx, callRequest(MEDIA_CALLS.initialize, {
		itemIndex,
		body: { media_category: file.category, media_type: file.mediaType, total_bytes: bytes, ...(owners.length ? { additional_owners: owners } : {}) },
	}), policy);
	const id = mediaIdOf(ctx, itemIndex, dataOf(init.body));
	if (!id || !/^\d{1,19}$/.test(id)) missing(ctx, itemIndex, 'the upload id', init.body);
	const bodies = new SegmentBodies(file.fileName ?? 'media', file.mediaType);
	const accepted = new Set<number>();
	let sentBytes = 0;
	const inFlight = new Set<Promise<void>>();
	let failure: { error: unknown } | undefined;
	// Segment bodies are reused once answered: a new 2 MB buffer per segment is garbage that makes V8
	// collect n8n's whole heap again and again. A body is reused only when its APPEND ended within one
	// timeout: an attempt abandoned at its timeout may still be sending from the buffer.
	const spare: Array<ReturnType<SegmentBodies['allocate']>> = [];
	const reusableWithinMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	const append = (index: number, segment: ReturnType<SegmentBodies['allocate']>, length: number) => {
		const body = bodies.finish(segment.buffer, length, { segment_index: String(index) });
		const started = Date.now();
		const sending: Promise<void> = xRequest(ctx, callRequest(MEDIA_CALLS.append, { itemIndex, pathParams: { id }, rawBody: { bytes: body, contentType: bodies.contentType } }), policy).then(
			() => {
				accepted.add(index);
				sentBytes += length;
				if (Date.now() - started < reusableWithinMs) spare.push(segment);
			},
			(error: unknown) => void (failure ??= { error }),
		).finally(() => inFlight.delete(sending));
		inFlight.add(sending);
	};
	/** Room for one more segment in flight (and the first failure thrown as soon as it is known). */
	const room = async (limit: number) => {
		while (inFlight.size > limit - 1 && !failure) await Promise.race(inFlight);
		if (failure) throw failure.error;
	};
	let index = 0;
	let segment = bodies.allocate();
	let filled = 0;
	let read = 0;
	const chunks = fileChunks(ctx, itemIndex, file);
	try {
		for await (const chunk of chunks) {
			read += chunk.length;
			if (read > bytes) throw changedWhileRead(ctx, itemIndex, bytes);
			let offset = 0;
			while (offset < chunk.length) {
				const take = Math.min(SEGMENT_BYTES - filled, chunk.length - offset);
				segment.buffer.set(chunk.subarray(offset, offset + take), segment.start + filled);
				filled += take;
				offset += take;
				if (filled === SEGMENT_BYTES) {
					await room(SEGMENTS_IN_FLIGHT);
					append(index++, segment, filled);
					segment = spare.pop() ?? bodies.allocate();
					filled = 0;
				}
			}
		}
		if (filled > 0) {
			await room(SEGMENTS_IN_FLIGHT);
			append(index++, segment, filled);
		}
		await room(1); // every segment answered
	} finally {
		await chunks.return(undefined);
		await Promise.allSettled([...inFlight]);
	}
	if (read !== bytes) throw changedWhileRead(ctx, itemIndex, bytes, read);
	if (accepted.size !== count || sentBytes !== bytes) {
		throw new NodeOperationError(ctx.getNode(), `X accepted ${accepted.size} of ${count} segments (${sentBytes} of ${bytes} bytes); the upload was not finalized`, { itemIndex });
	}
	const finalized = await xRequest(ctx, callRequest(MEDIA_CALLS.finalize, { itemIndex, pathParams: { id } }), policy);
	// The id stays the one INIT gave: FINALIZE names the same media, whatever it writes.
	return { media: { ...dataOf(finalized.body), id }, segments: count };
}

/** Polls STATUS as X's check_after_secs say, until processing ends or Max Wait is over. */
async function waitForProcessing(ctx: IExecuteFunctions, itemIndex: number, media: MediaData, maxWaitSecs: number, policy: RetryPolicy): Promise<MediaData> {
	const deadline = Date.now() + maxWaitSecs * 1000;
	let current = media;
	for (let polls = 0; ; polls++) {
		const info = current.processing_info ?? {};
		if (info.state === 'succeeded' || !current.processing_info) return current;
		if (info.state === 'failed') {
			const error = info.error;
			throw new NodeOperationError(ctx.getNode(), `X could not process the media ${String(media.id)}${error?.message ? `: ${error.message}` : ' (processing state failed)'}`, {
				itemIndex,
				description: `${error?.name ? `${error.name} (code ${String(error.code)}). ` : ''}Check the file against X's media requirements (https://docs.x.com/x-api/media/quickstart/best-practices): for video H.264 with AAC audio, 0.5-140 s, at most 60 fps, 32x32 to 1280x1024. Then upload it again.`,
			});
		}
		// check_after_secs is X's number: typed and bounded (at least 1 s, at most what Max Wait leaves).
		const advised = Number(info.check_after_secs);
		const waitMs = Math.min(Math.max(Number.isFinite(advised) ? advised : 5, 1) * 1000, deadline - Date.now());
		if (waitMs <= 0 || polls >= maxWaitSecs + 1) {
			throw new NodeOperationError(ctx.getNode(), `X was still processing the media ${String(media.id)} after the Max Wait of ${maxWaitSecs} s (state ${String(info.state)}${info.progress_percent !== undefined ? `, ${info.progress_percent}%` : ''})`, {
				itemIndex,
				description: 'Raise Max Wait (Options) for long videos, or upload again later. The media id is in this message: X keeps it for a day.',
			});
		}
		await sleep(waitMs);
		const answer = await xRequest(ctx, callRequest(MEDIA_CALLS.status, { itemIndex, qs: { media_id: String(media.id), command: 'STATUS' } }), policy);
		current = { ...dataOf(answer.body), id: String(media.id) };
		// Once processing started, only X's processing_info says how it ended: an answer without it is no success.
		if (!current.processing_info) {
			throw new NodeOperationError(ctx.getNode(), `X's STATUS answer for the media ${String(media.id)} has no processing_info after ${String(info.state)}, so whether X processed it is not known`, {
				itemIndex,
				description: 'Nothing was reported as done. Check the media later (X keeps it for a day), or upload the file again.',
			});
		}
	}
}

export { MAX_WAIT_SECS };
