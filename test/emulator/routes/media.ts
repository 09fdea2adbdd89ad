/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Account media and the media library (https://docs.x.com/x-ads-api/creatives/reference). Adding a library video of category
 * AMPLIFY_VIDEO also creates a PREROLL account media item.
 */
import { AdsParams, collection, envelope, invalidParameter, notFound, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import { refValues } from '../conformance';
import type { Router } from '../router';
import {
	ACCOUNT_MEDIA_CREATIVE_TYPES,
	addLibraryObject,
	libraryObjectOf,
	liveLibraryObject,
	prerollFor,
	type AccountMedia,
	type AccountMediaRecord,
	type CreativeEnvState,
	type LibraryDetails,
	type MediaLibraryObject,
	type MediaLibraryRecord,
} from '../state/creatives';
import { adsId, adsTime, nextUpdatedAt } from '../util';

export const creativesOf = (ctx: RequestContext): CreativeEnvState => ctx.store.ads[ctx.env].creatives;

// ---- Account media ----------------------------------------------------------------------------

const ACCOUNT_MEDIA_SORT: Record<string, (r: AccountMediaRecord) => string> = {
	id: (r) => r.id,
	creative_type: (r) => r.creative_type,
	created_at: (r) => r.created_at,
	updated_at: (r) => r.updated_at,
};

function accountMediaView(r: AccountMediaRecord): AccountMedia {
	return {
		id: r.id,
		creative_type: r.creative_type,
		video_id: r.video_id,
		media_url: r.media_url,
		created_at: r.created_at,
		updated_at: r.updated_at,
		deleted: r.deleted,
	};
}

function findAccountMedia(ctx: RequestContext, accountId: string, withDeleted: boolean): AccountMediaRecord {
	const id = ctx.pathParams.account_media_id;
	const record = creativesOf(ctx).accountMedia.get(id);
	if (!record || record.accountId !== accountId || (record.deleted && !withDeleted)) throw notFound(`Account media ${id} not found`);
	return record;
}

function listAccountMedia(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const ids = params.idList('account_media_ids', 200);
	const types = params.keyList('creative_types', ACCOUNT_MEDIA_CREATIVE_TYPES);
	const withDeleted = params.boolean('with_deleted');
	const idSet = ids ? new Set(ids) : null;
	return collection(params, {
		source: creativesOf(ctx).accountMediaByAccount.get(account.account.id) ?? [],
		filter: (r) => (withDeleted || !r.deleted) && (!idSet || idSet.has(r.id)) && (!types || types.includes(r.creative_type)),
		sortFields: ACCOUNT_MEDIA_SORT,
		render: accountMediaView,
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getAccountMedia(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const withDeleted = params.boolean('with_deleted');
	return envelope(params, accountMediaView(findAccountMedia(ctx, account.account.id, withDeleted)));
}

function deleteAccountMedia(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findAccountMedia(ctx, account.account.id, false);
	record.deleted = true;
	record.updated_at = nextUpdatedAt(record.updated_at, ctx.now);
	return envelope(params, accountMediaView(record));
}

// ---- Media library ----------------------------------------------------------------------------

const MEDIA_KEY = /^\d+_\d+$/;

export function libraryView(r: MediaLibraryRecord): MediaLibraryObject {
	const { accountId: _omit, ...view } = r;
	return { ...view };
}

function findLibraryObject(ctx: RequestContext, accountId: string): MediaLibraryRecord {
	const key = ctx.pathParams.media_key;
	const record = liveLibraryObject(creativesOf(ctx), accountId, key);
	if (!record) throw notFound(`Media library object ${key} not found`);
	return record;
}

/** Reads name, file_name, title, description and poster_media_key with the video-only rules. */
function readDetails(ctx: RequestContext, params: AdsParams, isVideo: boolean): LibraryDetails {
	const details: LibraryDetails = {
		name: params.string('name', { maxLength: 100 }),
		file_name: params.string('file_name', { maxLength: 255 }),
	};
	for (const name of ['title', 'description', 'poster_media_key'] as const) {
		if (params.has(name) && !isVideo) throw invalidParameter(name, `${name} is only available for videos`);
	}
	details.title = params.string('title', { maxLength: 70 });
	details.description = params.string('description', { maxLength: 200 });
	const poster = params.string('poster_media_key', { maxLength: 64 });
	if (poster !== undefined) {
		const upload = creativesOf(ctx).uploads.get(poster);
		if (!MEDIA_KEY.test(poster) || !upload || upload.media_type !== 'IMAGE') {
			throw invalidParameter('poster_media_key', `poster_media_key must be the media key of an uploaded image, got "${poster}"`);
		}
		details.poster_media_key = poster;
		details.posterUrl = upload.media_url;
	}
	return details;
}

function listLibrary(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const mediaType = params.enum('media_type', refValues('GET 12/accounts/:account_id/media_library', 'media_type'));
	const q = params.string('q', { minLength: 1, maxLength: 255 });
	const terms = q ? q.toLowerCase().split(/\s+/).filter(Boolean) : [];
	const matches = (r: MediaLibraryRecord) => {
		if (terms.length === 0) return true;
		const text = [r.name, r.title, r.file_name, r.description].filter((v): v is string => typeof v === 'string').join(' ').toLowerCase();
		return terms.every((t) => text.includes(t));
	};
	// Newest first, like X's library.
	const source = [...(creativesOf(ctx).libraryByAccount.get(account.account.id) ?? [])].reverse();
	return collection(params, {
		source,
		filter: (r) => !r.deleted && (!mediaType || r.media_type === mediaType) && matches(r),
		render: libraryView,
		count: { default: 20, min: 1, max: 50 },
	});
}

function getLibraryObject(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	return envelope(params, libraryView(findLibraryObject(ctx, account.account.id)));
}

function addToLibrary(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const env = creativesOf(ctx);
	const key = params.string('media_key', { required: true, maxLength: 64 }) as string;
	const upload = env.uploads.get(key);
	if (!MEDIA_KEY.test(key) || !upload) throw invalidParameter('media_key', `media_key ${key} was not uploaded (upload it with a media_category first)`);
	if (liveLibraryObject(env, accountId, key)) throw invalidParameter('media_key', `media_key ${key} is already in the media library`);
	const details = readDetails(ctx, params, upload.media_type === 'VIDEO');
	const record = libraryObjectOf(accountId, upload, details, adsTime(ctx.now));
	addLibraryObject(env, record);
	let id = adsId(5);
	while (env.accountMedia.has(id)) id = adsId(5);
	prerollFor(env, record, id);
	return envelope(params, libraryView(record));
}

function updateLibraryObject(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findLibraryObject(ctx, account.account.id);
	const details = readDetails(ctx, params, record.media_type === 'VIDEO');
	let changed = false;
	for (const name of ['name', 'file_name', 'title', 'description', 'poster_media_key'] as const) {
		if (details[name] !== undefined) {
			record[name] = details[name];
			changed = true;
		}
	}
	if (details.posterUrl !== undefined) record.poster_media_url = details.posterUrl;
	if (changed) record.updated_at = nextUpdatedAt(record.updated_at, ctx.now);
	return envelope(params, libraryView(record));
}

function deleteLibraryObject(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = findLibraryObject(ctx, account.account.id);
	record.deleted = true;
	record.updated_at = nextUpdatedAt(record.updated_at, ctx.now);
	return envelope(params, libraryView(record));
}

export function registerMediaRoutes(router: Router): void {
	const media = '/12/accounts/:account_id/account_media';
	router.ads('GET', media, listAccountMedia);
	router.ads('GET', `${media}/:account_media_id`, getAccountMedia);
	router.ads('DELETE', `${media}/:account_media_id`, deleteAccountMedia);
	const library = '/12/accounts/:account_id/media_library';
	router.ads('GET', library, listLibrary);
	router.ads('POST', library, addToLibrary);
	router.ads('GET', `${library}/:media_key`, getLibraryObject);
	router.ads('PUT', `${library}/:media_key`, updateLibraryObject);
	router.ads('DELETE', `${library}/:media_key`, deleteLibraryObject);
}
