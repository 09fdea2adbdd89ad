/**
 * X's media upload endpoints (openapi.json: /2/media/upload, its initialize, append and finalize,
 * STATUS, /2/media/metadata), defined once with their docs pages, as the other v2 endpoints are in
 * this folder. Used by the X Ads node's Media > Upload (../../XAds/resources/media/upload.ts).
 */
import type { Endpoint } from '../engine/endpoints';

/** One X call of the upload, defined once with its docs page (what an Endpoint is, without parameters). */
export type MediaCall = Pick<Endpoint, 'method' | 'path' | 'host' | 'docs' | 'auth' | 'idempotent'>;

export const MEDIA_CALLS = {
	/** One-shot upload: images only (the media introduction). */
	upload: { method: 'POST', path: '/2/media/upload', host: 'api', auth: 'user', docs: 'https://docs.x.com/x-api/media/upload-media' },
	initialize: { method: 'POST', path: '/2/media/upload/initialize', host: 'api', auth: 'user', docs: 'https://docs.x.com/x-api/media/initialize-media-upload' },
	/** Sending a segment index again replaces that segment: safe to repeat after a lost answer. */
	append: { method: 'POST', path: '/2/media/upload/{id}/append', host: 'api', auth: 'user', idempotent: true, docs: 'https://docs.x.com/x-api/media/append-media-upload' },
	finalize: { method: 'POST', path: '/2/media/upload/{id}/finalize', host: 'api', auth: 'user', docs: 'https://docs.x.com/x-api/media/finalize-media-upload' },
	status: { method: 'GET', path: '/2/media/upload', host: 'api', auth: 'user', docs: 'https://docs.x.com/x-api/media/get-media-upload-status' },
	metadata: { method: 'POST', path: '/2/media/metadata', host: 'api', auth: 'user', docs: 'https://docs.x.com/x-api/media/create-media-metadata' },
} satisfies Record<string, MediaCall>;

