/**
 * Media uploads of X API v2 (https://docs.x.com/x-api/media/introduction, openapi.json's
 * /2/media/upload operations): upload sessions with their segments, processing, expiry and alt
 * text. One record per Store (a WeakMap), so reset() starts afresh. The rules come from X's media
 * pages: sizes (introduction, best practices: image 5 MB, GIF 15 MB, video 512 MB), the MIME types
 * openapi's InitializeMediaUploadRequest lists, segments 0-999 (AppendMediaUploadRequest).
 */
import { createHash } from 'node:crypto';

import type { Store } from '../store';

const MB = 1024 * 1024;

export type MediaKind = 'image' | 'gif' | 'video' | 'subtitles';

/** What a category takes: its kind, MIME types, the size limit (none documented for subtitles). */
export const CATEGORY_RULES: Record<string, { kind: MediaKind; types: string[]; maxBytes?: number; keyPrefix?: number; adsCategory?: string }> = {
	tweet_image: { kind: 'image', types: ['image/jpeg', 'image/pjpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff'], maxBytes: 5 * MB, keyPrefix: 3, adsCategory: 'TWEET_IMAGE' },
	dm_image: { kind: 'image', types: ['image/jpeg', 'image/pjpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff'], maxBytes: 5 * MB, keyPrefix: 3 },
	tweet_gif: { kind: 'gif', types: ['image/gif'], maxBytes: 15 * MB, keyPrefix: 16, adsCategory: 'TWEET_GIF' },
	dm_gif: { kind: 'gif', types: ['image/gif'], maxBytes: 15 * MB, keyPrefix: 16 },
	tweet_video: { kind: 'video', types: ['video/mp4', 'video/quicktime', 'video/webm', 'video/mp2t'], maxBytes: 512 * MB, keyPrefix: 7, adsCategory: 'TWEET_VIDEO' },
	dm_video: { kind: 'video', types: ['video/mp4', 'video/quicktime', 'video/webm', 'video/mp2t'], maxBytes: 512 * MB, keyPrefix: 7 },
	amplify_video: { kind: 'video', types: ['video/mp4', 'video/quicktime', 'video/webm', 'video/mp2t'], maxBytes: 512 * MB, keyPrefix: 13, adsCategory: 'AMPLIFY_VIDEO' },
	subtitles: { kind: 'subtitles', types: ['text/srt', 'text/vtt'] },
};

/** Seconds an upload session, and media not yet used, stay (X's example answers: one day after FINALIZE). */
export const EXPIRES_AFTER_SECS = 86_400;
/** check_after_secs X gives while processing. */
export const CHECK_AFTER_SECS = 1;

export interface Segment {
	index: number;
	bytes: number;
	sha256: string;
	/** How often this index was sent (a repeat after a lost answer replaces it). */
	received: number;
}

export type ProcessingState = 'pending' | 'in_progress' | 'succeeded' | 'failed';

export interface UploadSession {
	id: string;
	media_key?: string;
	category: string;
	media_type: string;
	total_bytes: number;
	additional_owners: string[];
	ownerUserId: string | null;
	/** One-shot (POST /2/media/upload) or chunked (initialize/append/finalize). */
	oneShot: boolean;
	segments: Map<number, Segment>;
	/** First bytes of segment 0: what decides whether processing succeeds and an image's size. */
	head: Buffer;
	finalized: boolean;
	/** Absent for media that needs no processing (images). */
	processing?: { state: ProcessingState; progress: number; nextCheckAt: number; earlyPolls: number; polls: number };
	expiresAt: number;
	width?: number;
	height?: number;
	altText?: string;
	/** Every request to this session in order: "append 3", "finalize", "status", "metadata". */
	history: string[];
}

export interface MediaUploadState {
	sessions: Map<string, UploadSession>;
}

const states = new WeakMap<Store, MediaUploadState>();

export function mediaUploadState(store: Store): MediaUploadState {
	let s = states.get(store);
	if (!s) states.set(store, (s = { sessions: new Map() }));
	return s;
}

export const segmentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Width and height of a PNG, GIF or JPEG from its first bytes; undefined when they are not one X can read. */
export function imageSize(head: Buffer): { width: number; height: number } | undefined {
	if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47 && head.toString('latin1', 12, 16) === 'IHDR') {
		return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
	}
	if (head.length >= 10 && head.toString('latin1', 0, 4) === 'GIF8') return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
	if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) {
		// JPEG: walk the segments to the first start-of-frame (SOF0-SOF15 but DHT, JPG, DAC).
		let at = 2;
		while (at + 9 < head.length && head[at] === 0xff) {
			const marker = head[at + 1];
			const length = head.readUInt16BE(at + 2);
			if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { width: head.readUInt16BE(at + 7), height: head.readUInt16BE(at + 5) };
			at += 2 + length;
		}
	}
	return undefined;
}

/** Whether X's processing would take the file: its first bytes are those of its container. */
export function processable(session: UploadSession): boolean {
	const head = session.head;
	switch (session.media_type) {
		case 'video/mp4':
		case 'video/quicktime':
			return head.toString('latin1', 4, 8) === 'ftyp';
		case 'video/webm':
			return head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3;
		case 'video/mp2t':
			return head[0] === 0x47;
		case 'image/gif':
			return head.toString('latin1', 0, 4) === 'GIF8';
		default:
			return true;
	}
}

/** A session's record for assertions (control API). */
export function sessionView(s: UploadSession) {
	return {
		id: s.id,
		media_key: s.media_key,
		category: s.category,
		media_type: s.media_type,
		total_bytes: s.total_bytes,
		additional_owners: [...s.additional_owners],
		owner_user_id: s.ownerUserId,
		one_shot: s.oneShot,
		segments: [...s.segments.values()].sort((a, b) => a.index - b.index).map((x) => ({ ...x })),
		finalized: s.finalized,
		processing: s.processing ? { ...s.processing } : undefined,
		expires_at: new Date(s.expiresAt).toISOString(),
		alt_text: s.altText,
		history: [...s.history],
	};
}

export type MediaUploadView = ReturnType<typeof sessionView>;

export interface MediaUploadControl {
	/** Every upload session (one-shot and chunked) in creation order, with its segments and history. */
	mediaUploads(): MediaUploadView[];
	/** Lets an upload session (or finished media) expire now, as a day passing would (moving the clock would also age OAuth timestamps). */
	expireMediaUpload(id: string): void;
}

export function createMediaUploadControl(store: () => Store): MediaUploadControl {
	return {
		mediaUploads: () => [...mediaUploadState(store()).sessions.values()].map(sessionView),
		expireMediaUpload(id) {
			const session = mediaUploadState(store()).sessions.get(id);
			if (!session) throw new Error(`no media upload ${id}`);
			session.expiresAt = Date.now() + store().clockOffsetMs;
		},
	};
}
