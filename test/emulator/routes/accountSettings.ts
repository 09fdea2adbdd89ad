/**
 * Account reference data and settings (https://docs.x.com/x-ads-api/campaign-management/reference):
 * IAB categories, content categories, bidding rules, publishers, authenticated user access,
 * tracking tags, tax settings, user settings and recommendations (version 5). Query parameters.
 */
import { adsError, AdsParams, collection, envelope, invalidParameter, notFound, requireAccount } from '../ads';
import { ok, type RequestContext } from '../http';
import type { Router } from '../router';
import {
	BIDDING_RULES,
	CONTENT_CATEGORIES,
	IAB_CATEGORIES,
	PUBLISHERS,
	TAX_FIELDS,
	type AccountSettingsEnvState,
	type TrackingTagRecord,
} from '../state/accountSettings';
import { adsId, adsTime, nextUpdatedAt } from '../util';
import { accountLineItem } from './creativeExtras';

/** The values X's reference gives in the tracking_tag_type text ("Possible value: ..."), which the table does not list as values. */
const TRACKING_TAG_TYPES = ['IMPRESSION_TAG', 'CLICK_TRACKER'] as const;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const settingsOf = (ctx: RequestContext): AccountSettingsEnvState => ctx.store.ads[ctx.env].accountSettings;

/** A call without an account still needs a signed user (every Ads route is signed); the lists are the same for all. */
function allAtOnce(params: AdsParams, data: unknown[], extra: Record<string, unknown> = {}) {
	return ok({ request: { params: params.echo }, ...extra, data, next_cursor: null });
}

function iabCategories(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	return collection(params, { source: IAB_CATEGORIES, filter: () => true, render: (c) => ({ ...c }), count: { default: 200, min: 1, max: 1000 } });
}

function contentCategories(ctx: RequestContext) {
	return allAtOnce(new AdsParams(ctx), CONTENT_CATEGORIES);
}

function publishers(ctx: RequestContext) {
	return allAtOnce(new AdsParams(ctx), PUBLISHERS);
}

function biddingRules(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const currency = params.string('currency', { maxLength: 3 });
	if (currency !== undefined && !/^[A-Z]{3}$/.test(currency)) throw invalidParameter('currency', `Expected an ISO-4217 currency code, got "${currency}" for currency`);
	const data = BIDDING_RULES.filter((r) => currency === undefined || r.currency === currency);
	return ok({ request: { params: params.echo }, data_type: 'bidding_rule', data, total_count: data.length });
}

/** The owner of an account is its admin and may compose promoted-only posts. */
function authenticatedUserAccess(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	return envelope(params, { user_id: ctx.user!.userId, permissions: account.ownerId === ctx.user!.userId ? ['ACCOUNT_ADMIN', 'TWEET_COMPOSER'] : [] });
}

// ---- Tracking tags ----------------------------------------------------------------------------

function tagView(t: TrackingTagRecord) {
	return {
		line_item_id: t.line_item_id,
		tracking_tag_url: t.tracking_tag_url,
		tracking_tag_type: t.tracking_tag_type,
		id: t.id,
		created_at: t.created_at,
		updated_at: t.updated_at,
		deleted: t.deleted,
	};
}

function findTag(ctx: RequestContext, accountId: string, withDeleted = false): TrackingTagRecord {
	const id = ctx.pathParams.tracking_tag_id;
	const tag = settingsOf(ctx).trackingTags.get(id);
	if (!tag || tag.accountId !== accountId || (tag.deleted && !withDeleted)) throw notFound(`Tracking tag ${id} not found`);
	return tag;
}

function tagUrl(params: AdsParams): string {
	const url = params.string('tracking_tag_url', { required: true })!;
	if (!URL_PATTERN.test(url)) throw invalidParameter('tracking_tag_url', `Expected a URL, got "${url}" for tracking_tag_url`);
	return url;
}

function listTags(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const lineItems = params.idList('line_item_ids', 200);
	const ids = params.idList('tracking_tag_ids', 200);
	const withDeleted = params.boolean('with_deleted');
	return collection(params, {
		source: [...settingsOf(ctx).trackingTags.values()],
		filter: (t) => t.accountId === account.account.id && (withDeleted || !t.deleted) && (!lineItems || lineItems.includes(t.line_item_id)) && (!ids || ids.includes(t.id)),
		sortFields: { created_at: (t) => t.created_at, id: (t) => t.id, updated_at: (t) => t.updated_at },
		render: tagView,
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getTag(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	return envelope(params, tagView(findTag(ctx, account.account.id, params.boolean('with_deleted'))));
}

function createTag(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const lineItemId = params.string('line_item_id', { required: true })!;
	const type = params.enum('tracking_tag_type', TRACKING_TAG_TYPES, { required: true })!;
	const url = tagUrl(params);
	accountLineItem(ctx, account.account.id, lineItemId);
	const tags = settingsOf(ctx).trackingTags;
	let id = adsId(4);
	while (tags.has(id)) id = adsId(5);
	const t = adsTime(ctx.now);
	const tag: TrackingTagRecord = { accountId: account.account.id, id, line_item_id: lineItemId, tracking_tag_type: type, tracking_tag_url: url, created_at: t, updated_at: t, deleted: false };
	tags.set(id, tag);
	return envelope(params, tagView(tag));
}

function updateTag(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const tag = findTag(ctx, account.account.id);
	tag.tracking_tag_url = tagUrl(params);
	tag.updated_at = nextUpdatedAt(tag.updated_at, ctx.now);
	return envelope(params, tagView(tag));
}

function deleteTag(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const tag = findTag(ctx, account.account.id);
	tag.deleted = true;
	tag.updated_at = nextUpdatedAt(tag.updated_at, ctx.now);
	return envelope(params, tagView(tag));
}

// ---- Tax settings -----------------------------------------------------------------------------

const TAX_ENUMS: Record<string, readonly string[]> = {
	bill_to: ['ADVERTISER', 'AGENCY'],
	business_relationship: ['AGENCY', 'SELF'],
	invoice_jurisdiction: ['LOI_SAPIN', 'NONE', 'NOT_SET'],
	tax_category: ['BUSINESS_NO_VAT', 'BUSINESS_WITH_VAT', 'INDIVIDUAL'],
};

function taxSettingsOf(ctx: RequestContext, accountId: string): Record<string, string | null> {
	const all = settingsOf(ctx).taxSettings;
	let tax = all.get(accountId);
	if (!tax) all.set(accountId, (tax = Object.fromEntries(TAX_FIELDS.map((f) => [f, null]))));
	return tax;
}

function getTax(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	return envelope(params, { ...taxSettingsOf(ctx, account.account.id) });
}

/**
 * Every parameter the reference lists for the PUT (the gate lets no other through). X's GET calls
 * the owner's company address_company; the PUT sets it as address_name.
 */
function updateTax(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const tax = taxSettingsOf(ctx, account.account.id);
	const changes: Record<string, string> = {};
	for (const [name] of ctx.query) {
		if (name in TAX_ENUMS) changes[name] = params.enum(name, TAX_ENUMS[name])!;
		else {
			const value = params.string(name)!;
			if (/(^|_)country$/.test(name) && !/^[A-Z]{2}$/.test(value)) throw invalidParameter(name, `Expected a two-letter country code, got "${value}" for ${name}`);
			if (/(^|_)email$/.test(name) && !EMAIL.test(value)) throw invalidParameter(name, `Expected an email address, got "${value}" for ${name}`);
			changes[name === 'address_name' ? 'address_company' : name] = value;
		}
	}
	Object.assign(tax, changes);
	return envelope(params, { ...tax });
}

// ---- User settings ----------------------------------------------------------------------------

function userSettingsKey(ctx: RequestContext, accountId: string): string {
	const userId = ctx.pathParams.user_id;
	if (!/^\d{1,20}$/.test(userId)) throw invalidParameter('user_id', `Expected a Long, got "${userId}" for user_id`);
	// A user who has no role in the account has no settings there.
	if (userId !== ctx.store.ads[ctx.env].accounts.get(accountId)!.ownerId) throw notFound(`User ${userId} has no settings in account ${accountId}`);
	return `${accountId}/${userId}`;
}

function userSettingsOf(ctx: RequestContext, key: string) {
	const all = settingsOf(ctx).userSettings;
	let settings = all.get(key);
	if (!settings) all.set(key, (settings = { notification_email: '', contact_phone: '', contact_phone_extension: '' }));
	return settings;
}

function getUserSettings(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	return envelope(params, { ...userSettingsOf(ctx, userSettingsKey(ctx, account.account.id)) });
}

/** Only the user's own settings can be changed. */
function updateUserSettings(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const key = userSettingsKey(ctx, account.account.id);
	if (ctx.pathParams.user_id !== ctx.user!.userId) throw adsError(403, 'UNAUTHORIZED_ACCESS', 'Only the user may change their own settings');
	const settings = userSettingsOf(ctx, key);
	const email = params.raw('notification_email');
	if (email !== undefined) {
		if (!EMAIL.test(email)) throw invalidParameter('notification_email', `Expected an email address, got "${email}" for notification_email`);
		params.echo.notification_email = email;
		settings.notification_email = email;
	}
	for (const name of ['contact_phone', 'contact_phone_extension'] as const) {
		const value = params.raw(name);
		if (value !== undefined) {
			params.echo[name] = value;
			settings[name] = value;
		}
	}
	return envelope(params, { ...settings });
}

// ---- Recommendations (version 5) --------------------------------------------------------------

function listRecommendations(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const data = [...settingsOf(ctx).recommendations.values()]
		.filter((r) => r.accountId === account.account.id)
		.map((r) => ({ funding_instrument_id: r.funding_instrument_id, id: r.id, account_id: r.accountId, status: r.status, message: r.message, created_at: r.created_at, updated_at: r.updated_at }));
	return ok({ request: { params: params.echo }, total_count: data.length, data });
}

function getRecommendation(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const id = ctx.pathParams.recommendation_id;
	const r = settingsOf(ctx).recommendations.get(id);
	if (!r || r.accountId !== account.account.id) throw notFound(`Recommendation ${id} not found`);
	return ok({ request: { params: params.echo }, data_type: 'recommendations', data: { changes: r.changes } });
}

export function registerAccountSettingsRoutes(router: Router): void {
	router.ads('GET', '/12/iab_categories', iabCategories);
	router.ads('GET', '/12/content_categories', contentCategories);
	router.ads('GET', '/12/bidding_rules', biddingRules);
	router.ads('GET', '/12/publishers', publishers);
	router.ads('GET', '/12/accounts/:account_id/authenticated_user_access', authenticatedUserAccess);
	const tags = '/12/accounts/:account_id/tracking_tags';
	router.ads('GET', tags, listTags);
	router.ads('POST', tags, createTag);
	router.ads('GET', `${tags}/:tracking_tag_id`, getTag);
	router.ads('PUT', `${tags}/:tracking_tag_id`, updateTag);
	router.ads('DELETE', `${tags}/:tracking_tag_id`, deleteTag);
	router.ads('GET', '/12/accounts/:account_id/tax_settings', getTax);
	router.ads('PUT', '/12/accounts/:account_id/tax_settings', updateTax);
	router.ads('GET', '/12/accounts/:account_id/user_settings/:user_id', getUserSettings);
	router.ads('PUT', '/12/accounts/:account_id/user_settings/:user_id', updateUserSettings);
	router.ads('GET', '/5/accounts/:account_id/recommendations', listRecommendations);
	router.ads('GET', '/5/accounts/:account_id/recommendations/:recommendation_id', getRecommendation);
}
