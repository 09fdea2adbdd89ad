/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * X API v2 media upload, as openapi.json describes it (the emulator's pipeline judges every request
 * and answer against it; test/reference/openapi.ts), with the rules of X's media pages
 * (x-docs/x-api/media: sizes, chunked quickstart, best practices); OAuth 1.0a user context or an
 * OAuth 2.0 user token with media.write:
 *   POST /2/media/upload/initialize {media_category, media_type, total_bytes, additional_owners?}
 *        -> {data:{id, media_key, expires_after_secs}}
 *   POST /2/media/upload/:id/append  multipart {segment_index 0-999, media} (or JSON, media base64) -> {data:{expires_at}}
 *   POST /2/media/upload/:id/finalize -> {data:{id, media_key, size, expires_after_secs, processing_info?}}:
 *        refused unless segments 0..n-1 are all there and add up to total_bytes
 *   GET  /2/media/upload?media_id&command=STATUS -> processing pending -> in_progress -> succeeded | failed
 *        (a video whose bytes are not its container's fails), one step per poll made after check_after_secs
 *   POST /2/media/upload multipart {media, media_category, additional_owners?}: one-shot images
 *   POST /2/media/metadata {id, metadata:{alt_text:{text}}}
 * Media that finished (no processing, or processing succeeded) of an Ads category (tweet_image,
 * tweet_gif, tweet_video, amplify_video) becomes uploaded media the Ads media library may add.
 */
import type { ServerResponse } from 'node:http';

import { mediaFile, type MediaFileSpec } from '../../fixtures/mediaFiles';
import { ok, type RequestContext } from '../http';
import { isObject } from '../jsonBody';
import type { Router } from '../router';
import { uploadOf } from '../state/creatives';
import {
	CATEGORY_RULES,
	CHECK_AFTER_SECS,
	EXPIRES_AFTER_SECS,
	imageSize,
	mediaUploadState,
	processable,
	segmentHash,
	type UploadSession,
} from '../state/mediaUploads';
import { snowflake } from '../util';
import { invalidRequest, problem } from './webhooks';

const HEAD_BYTES = 4096;

const query = (ctx: RequestContext, name: string) => ctx.query.find(([k]) => k === name)?.[1];

/** The parts of a multipart body (or the fields of a JSON one, media base64) as name -> bytes or text. */
function formFields(ctx: RequestContext): Map<string, Buffer | string> {
	const fields = new Map<string, Buffer | string>();
	if (ctx.multipart) {
		for (const p of ctx.multipart) fields.set(p.name, p.name === 'media' ? p.data : p.data.toString('utf8'));
	} else if (isObject(ctx.json)) {
		for (const [k, v] of Object.entries(ctx.json)) fields.set(k, k === 'media' ? Buffer.from(String(v), 'base64') : typeof v === 'string' ? v : JSON.stringify(v));
	}
	return fields;
}

function ruleOf(category: string, mediaType: string, totalBytes: number) {
	const rule = CATEGORY_RULES[category];
	if (!rule.types.includes(mediaType)) throw invalidRequest('media_type', mediaType, `media_type ${mediaType} does not fit media_category ${category} (it takes ${rule.types.join(', ')}).`);
	if (rule.maxBytes !== undefined && totalBytes > rule.maxBytes) {
		throw invalidRequest('total_bytes', totalBytes, `total_bytes ${totalBytes} is over the ${rule.maxBytes / 1024 / 1024} MB limit of media_category ${category}.`);
	}
	if (totalBytes <= 0) throw invalidRequest('total_bytes', totalBytes, 'total_bytes must be at least 1.');
	return rule;
}

function newSession(ctx: RequestContext, category: string, mediaType: string, totalBytes: number, owners: string[], oneShot: boolean): UploadSession {
	const rule = ruleOf(category, mediaType, totalBytes);
	const sessions = mediaUploadState(ctx.store).sessions;
	let id = snowflake();
	while (sessions.has(id)) id = snowflake();
	const session: UploadSession = {
		id,
		media_key: rule.keyPrefix === undefined ? undefined : `${rule.keyPrefix}_${id}`,
		category,
		media_type: mediaType,
		total_bytes: totalBytes,
		additional_owners: owners,
		ownerUserId: ctx.user?.userId ?? null,
		oneShot,
		segments: new Map(),
		head: Buffer.alloc(0),
		finalized: false,
		expiresAt: ctx.now + EXPIRES_AFTER_SECS * 1000,
		history: [],
	};
	sessions.set(id, session);
	return session;
}

/** A session of this caller that has not expired (an expired one is X's 400; an unknown one, 404). */
function liveSession(ctx: RequestContext, id: string, parameter: string): UploadSession {
	const session = mediaUploadState(ctx.store).sessions.get(id);
	if (!session || (session.ownerUserId !== (ctx.user?.userId ?? null) && !session.additional_owners.includes(ctx.user?.userId ?? ''))) {
		throw problem(404, `Could not find media with ${parameter}: [${id}].`, { resource_type: 'media', parameter, value: id, resource_id: id });
	}
	if (ctx.now >= session.expiresAt) throw invalidRequest(parameter, id, `The upload session ${id} expired at ${new Date(session.expiresAt).toISOString()}; start a new upload.`);
	return session;
}

function addSegment(session: UploadSession, index: number, bytes: Buffer): void {
	const others = [...session.segments.values()].filter((s) => s.index !== index).reduce((sum, s) => sum + s.bytes, 0);
	if (others + bytes.length > session.total_bytes) {
		throw invalidRequest('media', `${bytes.length} bytes`, `Segment ${index} brings the upload to ${others + bytes.length} bytes, more than the ${session.total_bytes} total_bytes given at initialize.`);
	}
	const previous = session.segments.get(index);
	session.segments.set(index, { index, bytes: bytes.length, sha256: segmentHash(bytes), received: (previous?.received ?? 0) + 1 });
	if (index === 0) session.head = Buffer.from(bytes.subarray(0, HEAD_BYTES));
}

/** Ends the upload: the media is ready (images) or processing starts (videos, GIFs). */
function finish(ctx: RequestContext, session: UploadSession): void {
	session.finalized = true;
	session.expiresAt = ctx.now + EXPIRES_AFTER_SECS * 1000;
	const rule = CATEGORY_RULES[session.category];
	if (rule.kind === 'image') {
		const size = imageSize(session.head);
		if (!size) throw problem(400, `InvalidMedia: the ${session.media_type} file cannot be read as an image.`);
		session.width = size.width;
		session.height = size.height;
		publish(ctx, session);
	} else if (rule.kind === 'subtitles') {
		publish(ctx, session);
	} else {
		session.processing = { state: 'pending', progress: 0, nextCheckAt: ctx.now + CHECK_AFTER_SECS * 1000, earlyPolls: 0, polls: 0 };
	}
}

/** Finished media of an Ads category is what the Ads media library can add (both environments). */
function publish(ctx: RequestContext, session: UploadSession): void {
	const rule = CATEGORY_RULES[session.category];
	if (!rule.adsCategory || !session.media_key) return;
	const video = rule.kind === 'video';
	const upload = uploadOf(session.media_key, rule.adsCategory, session.width ?? (video ? 1280 : 480), session.height ?? (video ? 720 : 270), rule.kind === 'image' ? null : 10_000);
	for (const env of ['production', 'sandbox'] as const) ctx.store.ads[env].creatives.uploads.set(session.media_key, upload);
}

/** The media record of FINALIZE, STATUS and one-shot answers. */
function mediaData(ctx: RequestContext, session: UploadSession) {
	const p = session.processing;
	const size = [...session.segments.values()].reduce((sum, s) => sum + s.bytes, 0);
	return {
		id: session.id,
		...(session.media_key ? { media_key: session.media_key } : {}),
		size,
		expires_after_secs: Math.max(0, Math.floor((session.expiresAt - ctx.now) / 1000)),
		...(session.width !== undefined ? { image: { image_type: session.media_type, w: session.width, h: session.height } } : {}),
		...(p && p.state === 'succeeded' && CATEGORY_RULES[session.category].kind === 'video' ? { video: { video_type: 'video/mp4' } } : {}),
		...(p
			? {
					processing_info: {
						state: p.state,
						...(p.state === 'pending' || p.state === 'in_progress' ? { check_after_secs: CHECK_AFTER_SECS } : {}),
						progress_percent: p.progress,
					},
				}
			: {}),
	};
}

function initialize(ctx: RequestContext) {
	const body = ctx.json as { media_category?: string; media_type?: string; total_bytes?: number; additional_owners?: string[] };
	if (!body.media_type) throw invalidRequest('media_type', undefined, 'The media_type parameter is required.');
	if (body.total_bytes === undefined) throw invalidRequest('total_bytes', undefined, 'The total_bytes parameter is required.');
	// X assumes a post's category from the type when none is given (best practices).
	const category = body.media_category ?? (body.media_type === 'image/gif' ? 'tweet_gif' : body.media_type.startsWith('video/') ? 'tweet_video' : 'tweet_image');
	const session = newSession(ctx, category, body.media_type, body.total_bytes, body.additional_owners ?? [], false);
	session.history.push('initialize');
	return ok({ data: { id: session.id, ...(session.media_key ? { media_key: session.media_key } : {}), expires_after_secs: EXPIRES_AFTER_SECS } });
}

function append(ctx: RequestContext) {
	const session = liveSession(ctx, ctx.pathParams.id, 'id');
	const fields = formFields(ctx);
	const index = Number(fields.get('segment_index'));
	const media = fields.get('media');
	if (session.oneShot || session.finalized) throw invalidRequest('id', session.id, `The upload ${session.id} is finalized; segments can no longer be added.`);
	if (!Buffer.isBuffer(media) || media.length === 0) throw invalidRequest('media', undefined, 'The media part must hold the segment\'s bytes.');
	addSegment(session, index, media);
	session.history.push(`append ${index}`);
	return ok({ data: { expires_at: Math.floor(session.expiresAt / 1000) } });
}

function finalize(ctx: RequestContext) {
	const session = liveSession(ctx, ctx.pathParams.id, 'id');
	session.history.push('finalize');
	if (session.finalized) return ok({ data: mediaData(ctx, session) });
	const indexes = [...session.segments.keys()].sort((a, b) => a - b);
	const missing = indexes.length ? Array.from({ length: indexes[indexes.length - 1] + 1 }, (_, i) => i).filter((i) => !session.segments.has(i)) : [0];
	if (missing.length) throw invalidRequest('id', session.id, `Segments ${missing.slice(0, 10).join(', ')} of upload ${session.id} were never appended.`);
	const size = indexes.reduce((sum, i) => sum + session.segments.get(i)!.bytes, 0);
	if (size !== session.total_bytes) throw invalidRequest('id', session.id, `The segments add up to ${size} bytes, not the ${session.total_bytes} total_bytes given at initialize.`);
	finish(ctx, session);
	return ok({ data: mediaData(ctx, session) });
}

function status(ctx: RequestContext) {
	const session = liveSession(ctx, String(query(ctx, 'media_id')), 'media_id');
	session.history.push('status');
	const p = session.processing;
	if (!session.finalized) throw invalidRequest('media_id', session.id, `The upload ${session.id} is not finalized yet.`);
	if (p && (p.state === 'pending' || p.state === 'in_progress')) {
		p.polls++;
		if (ctx.now < p.nextCheckAt) p.earlyPolls++;
		else if (p.state === 'pending') Object.assign(p, { state: 'in_progress', progress: 50, nextCheckAt: ctx.now + CHECK_AFTER_SECS * 1000 });
		else if (processable(session)) {
			Object.assign(p, { state: 'succeeded', progress: 100 });
			publish(ctx, session);
		} else Object.assign(p, { state: 'failed', progress: 100 });
	}
	return ok({ data: mediaData(ctx, session) });
}

function uploadOneShot(ctx: RequestContext) {
	const fields = formFields(ctx);
	const media = fields.get('media');
	const category = String(fields.get('media_category'));
	if (!Buffer.isBuffer(media) || media.length === 0) throw invalidRequest('media', undefined, 'The media part must hold the file\'s bytes.');
	// The simple upload takes images only (the media introduction); the type is read from the bytes.
	if (CATEGORY_RULES[category].kind !== 'image') throw invalidRequest('media_category', category, `The one-shot upload takes images only; upload ${category} with initialize, append and finalize.`);
	const type = imageSize(media) ? (media[0] === 0x89 ? 'image/png' : media[0] === 0xff ? 'image/jpeg' : 'image/gif') : 'application/octet-stream';
	if (type === 'image/gif' || type === 'application/octet-stream') throw problem(400, `InvalidMedia: the file is not an image media_category ${category} takes.`);
	const owners = String(fields.get('additional_owners') ?? '').split(',').map((o) => o.trim()).filter(Boolean);
	const session = newSession(ctx, category, type, media.length, owners, true);
	addSegment(session, 0, media);
	session.history.push('upload');
	finish(ctx, session);
	return ok({ data: mediaData(ctx, session) });
}

function metadata(ctx: RequestContext) {
	const body = ctx.json as { id: string; metadata?: { alt_text?: { text: string } } };
	const session = liveSession(ctx, body.id, 'id');
	session.history.push('metadata');
	if (!session.finalized || (session.processing && session.processing.state !== 'succeeded')) {
		throw invalidRequest('id', body.id, `Media ${body.id} is not ready (${session.processing?.state ?? 'not finalized'}); metadata can be added once it is.`);
	}
	const text = body.metadata?.alt_text?.text;
	if (text !== undefined) session.altText = text;
	return ok({ data: { id: session.id, associated_metadata: text !== undefined ? { alt_text: { text } } : {} } });
}

export function registerMediaUploadRoutes(router: Router): void {
	router.api('POST', '/2/media/upload/initialize', initialize, 'none');
	router.api('POST', '/2/media/upload/:id/append', append, 'none');
	router.api('POST', '/2/media/upload/:id/finalize', finalize, 'none');
	router.api('GET', '/2/media/upload', status, 'none');
	router.api('POST', '/2/media/upload', uploadOneShot, 'none');
	router.api('POST', '/2/media/metadata', metadata, 'none');
}

/**
 * X's media host stand-in for downloads in tests and examples (a public image URL of a product
 * feed): GET /media/<kind>/<bytes>/<width>x<height>/<file name> answers a generated file
 * (test/fixtures/mediaFiles.ts) with its type. Unsigned, outside the API, like any CDN.
 */
export function handleMediaFileRequest(rawPath: string, res: ServerResponse): boolean {
	const m = /^\/media\/(png|gif|mp4|junk-video)\/(\d{1,9})\/(\d{1,5})x(\d{1,5})\/[\w.-]+$/.exec(rawPath);
	if (!m) return false;
	const bytes = Number(m[2]);
	if (bytes > 64 * 1024 * 1024) {
		res.writeHead(413).end();
		return true;
	}
	const file = mediaFile({ kind: m[1] as MediaFileSpec['kind'], bytes, width: Number(m[3]), height: Number(m[4]) });
	res.writeHead(200, { 'content-type': file.mimeType, 'content-length': file.bytes.length });
	res.end(file.bytes);
	return true;
}
