/**
 * Line items (https://docs.x.com/x-ads-api/campaign-management/reference#line-items): list, get,
 * create and batch (with every rule the reference states), update (strict, with the
 * objective-dependent rules) and delete; and
 * line item curated categories (links of line items to the curated category catalogue).
 */
import { adsError, AdsParams, collection, envelope, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import { refValues } from '../conformance';
import type { Router } from '../router';
import { runBatch } from './campaigns';
import {
	publicView,
	recordHistory,
	type AdsEnvState,
	type LineItem,
	type LineItemCuratedCategoryRecord,
	type LineItemObjective,
	type LineItemRecord,
	LINE_ITEM_OBJECTIVES,
} from '../store';
import { adsId, adsTime, nextUpdatedAt } from '../util';

const LINE_ITEMS_PUT = 'PUT 12/accounts/:account_id/line_items/:line_item_id';
export const LINE_ITEM_GOALS = refValues(LINE_ITEMS_PUT, 'goal');
const PAY_BY = refValues(LINE_ITEMS_PUT, 'pay_by');
const FREQUENCY_CAP_OBJECTIVES: readonly LineItemObjective[] = ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS'];
/** pay_by values each goal supports (where the spec says). */
const PAY_BY_FOR_GOAL: Record<string, readonly string[]> = {
	APP_INSTALLS: ['APP_CLICK', 'IMPRESSION'],
	LINK_CLICKS: ['LINK_CLICK', 'IMPRESSION'],
};
const MICRO_MAX = Number.MAX_SAFE_INTEGER;
const DOMAIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const IAB = /^IAB\d+(?:-\d+)?$/;

function lineItemView(li: LineItemRecord, env?: AdsEnvState): LineItem & { funding_instrument_id?: string } {
	const view = publicView(li);
	const campaign = env?.campaigns.get(li.campaign_id);
	return {
		...view,
		placements: [...view.placements],
		categories: [...view.categories],
		...(campaign ? { funding_instrument_id: campaign.funding_instrument_id } : {}),
	};
}

/** A live (not deleted) line item of the account, else 404. */
function findLineItem(ctx: RequestContext, accountId: string): LineItemRecord {
	const id = ctx.pathParams.line_item_id;
	const li = ctx.store.ads[ctx.env].lineItems.get(id);
	if (!li || li.accountId !== accountId || li.deleted) throw notFound(`Line item ${id} not found`);
	return li;
}

function historyOf(ctx: RequestContext, accountId: string, li: LineItemRecord, type: 'CREATE' | 'UPDATE' | 'DELETE'): void {
	recordHistory(ctx.store.ads[ctx.env], accountId, {
		change_by: { user_id: ctx.user!.userId, platform: 'API' },
		change_time: li.updated_at,
		change_type: type,
		entity: 'LINE_ITEM',
		entity_id: li.id,
		entity_data: lineItemView(li),
	});
}

function timeText(ms: number | undefined): string | undefined {
	return ms === undefined ? undefined : adsTime(ms);
}

function updateLineItem(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const li = findLineItem(ctx, account.account.id);
	const objective = li.objective;

	// Every parameter is typed first; nothing changes unless the whole request is valid.
	const name = params.string('name', { maxLength: 255 });
	const entityStatus = params.enum('entity_status', ['ACTIVE', 'PAUSED'] as const);
	const bidStrategy = params.enum('bid_strategy', ['AUTO', 'MAX', 'TARGET'] as const);
	const bid = params.integer('bid_amount_local_micro', { min: 1, max: MICRO_MAX });
	const total = params.integer('total_budget_amount_local_micro', { min: 0, max: MICRO_MAX });
	const daily = params.integer('daily_budget_amount_local_micro', { min: 0, max: MICRO_MAX });
	const goal = params.enum('goal', LINE_ITEM_GOALS);
	const payBy = params.enum('pay_by', PAY_BY);
	const start = timeText(params.time('start_time'));
	const end = timeText(params.time('end_time'));
	const frequencyCap = params.integer('frequency_cap', { min: 1, max: 2_147_483_647 });
	const duration = params.enum('duration_in_days', ['1', '7', '30'] as const);
	const expansion = params.enum('audience_expansion', ['BROAD', 'DEFINED', 'EXPANDED'] as const);
	const domain = params.string('advertiser_domain', { maxLength: 255 });
	if (domain !== undefined && !DOMAIN.test(domain)) {
		throw invalidParameter('advertiser_domain', `Expected a domain without protocol or path, got "${domain}" for advertiser_domain`);
	}
	const advertiserUserId = params.string('advertiser_user_id', { maxLength: 19 });
	if (advertiserUserId !== undefined && !/^\d+$/.test(advertiserUserId)) {
		throw invalidParameter('advertiser_user_id', `Expected a numeric user id, got "${advertiserUserId}" for advertiser_user_id`);
	}
	const android = params.string('android_app_store_identifier', { maxLength: 255 });
	const ios = params.string('ios_app_store_identifier', { maxLength: 20 });
	if (ios !== undefined && !/^\d+$/.test(ios)) {
		throw invalidParameter('ios_app_store_identifier', `Expected the numeric part of the App Store id, got "${ios}" for ios_app_store_identifier`);
	}
	let categories: string[] | undefined;
	const categoriesRaw = params.raw('categories');
	if (categoriesRaw !== undefined) {
		categories = categoriesRaw.split(',').map((c) => c.trim());
		if (!categories.every((c) => IAB.test(c))) {
			throw invalidParameter('categories', `Expected a comma-separated list of IAB categories, got "${categoriesRaw}" for categories`);
		}
		params.echo.categories = categories;
	}

	// Objective-dependent rules.
	if (frequencyCap !== undefined && !FREQUENCY_CAP_OBJECTIVES.includes(objective)) {
		throw invalidParameter(
			'frequency_cap',
			`frequency_cap is only available for the ${FREQUENCY_CAP_OBJECTIVES.join(', ')} objectives, not ${objective}`,
		);
	}
	if (bidStrategy === 'MAX' && (objective === 'REACH' || objective === 'FOLLOWERS')) {
		throw invalidParameter('bid_strategy', `bid_strategy MAX is not available for the ${objective} objective`);
	}
	if (bidStrategy === 'TARGET' && objective !== 'REACH' && objective !== 'WEBSITE_CLICKS') {
		throw invalidParameter('bid_strategy', `bid_strategy TARGET is only available for the REACH and WEBSITE_CLICKS objectives, not ${objective}`);
	}
	if (payBy !== undefined && objective !== 'APP_INSTALLS') {
		throw invalidParameter('pay_by', `pay_by can only be changed for the APP_INSTALLS objective, not ${objective}`);
	}

	// Rules across the new and the stored values.
	const nextStrategy = bidStrategy ?? li.bid_strategy;
	const nextBid = bid ?? li.bid_amount_local_micro;
	if ((nextStrategy === 'MAX' || nextStrategy === 'TARGET') && nextBid === null) {
		throw adsError(400, 'MISSING_PARAMETER', `bid_amount_local_micro is required when bid_strategy is ${nextStrategy}`, 'bid_amount_local_micro');
	}
	const nextStart = start ?? li.start_time;
	const nextEnd = end ?? li.end_time;
	if (nextStart !== null && nextEnd !== null && Date.parse(nextStart) >= Date.parse(nextEnd)) {
		throw invalidParameter(start !== undefined ? 'start_time' : 'end_time', `start_time (${nextStart}) must be before end_time (${nextEnd})`);
	}
	if (daily !== undefined) {
		const campaign = ctx.store.ads[ctx.env].campaigns.get(li.campaign_id);
		if (campaign && campaign.budget_optimization !== 'LINE_ITEM') {
			throw invalidParameter('daily_budget_amount_local_micro', 'daily_budget_amount_local_micro is only available when the campaign has budget_optimization LINE_ITEM');
		}
	}
	const nextDaily = daily ?? li.daily_budget_amount_local_micro;
	const nextTotal = total ?? li.total_budget_amount_local_micro;
	if (nextDaily !== null && nextTotal !== null && nextDaily > nextTotal) {
		throw invalidParameter(
			daily !== undefined ? 'daily_budget_amount_local_micro' : 'total_budget_amount_local_micro',
			`daily_budget_amount_local_micro (${nextDaily}) must not be above total_budget_amount_local_micro (${nextTotal})`,
		);
	}
	if (payBy !== undefined) {
		const nextGoal = goal ?? li.goal;
		const supported = PAY_BY_FOR_GOAL[nextGoal];
		if (supported && !supported.includes(payBy)) {
			throw invalidParameter('pay_by', `pay_by ${payBy} is not supported for the ${nextGoal} goal (use ${supported.join(' or ')})`);
		}
		if (nextGoal === 'LINK_CLICKS' && nextStrategy === 'TARGET' && payBy === 'IMPRESSION') {
			throw invalidParameter('pay_by', 'pay_by IMPRESSION is not supported for the LINK_CLICKS goal with bid_strategy TARGET');
		}
	}

	const changes: Partial<LineItem> = {};
	if (name !== undefined) changes.name = name;
	if (entityStatus !== undefined) changes.entity_status = entityStatus;
	if (bidStrategy !== undefined) changes.bid_strategy = bidStrategy;
	if (bid !== undefined) changes.bid_amount_local_micro = bid;
	if (total !== undefined) changes.total_budget_amount_local_micro = total;
	if (daily !== undefined) changes.daily_budget_amount_local_micro = daily;
	if (goal !== undefined) changes.goal = goal;
	if (payBy !== undefined) changes.pay_by = payBy;
	if (start !== undefined) changes.start_time = start;
	if (end !== undefined) changes.end_time = end;
	if (frequencyCap !== undefined) changes.frequency_cap = frequencyCap;
	if (duration !== undefined) changes.duration_in_days = Number(duration);
	if (expansion !== undefined) changes.audience_expansion = expansion;
	if (domain !== undefined) changes.advertiser_domain = domain;
	if (advertiserUserId !== undefined) changes.advertiser_user_id = advertiserUserId;
	if (android !== undefined) changes.android_app_store_identifier = android;
	if (ios !== undefined) changes.ios_app_store_identifier = ios;
	if (categories !== undefined) changes.categories = categories;
	if (Object.keys(changes).length > 0) {
		Object.assign(li, changes);
		li.updated_at = nextUpdatedAt(li.updated_at, ctx.now);
		historyOf(ctx, account.account.id, li, 'UPDATE');
	}
	return envelope(params, lineItemView(li, ctx.store.ads[ctx.env]));
}

function deleteLineItem(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const li = findLineItem(ctx, account.account.id);
	li.deleted = true;
	li.updated_at = nextUpdatedAt(li.updated_at, ctx.now);
	historyOf(ctx, account.account.id, li, 'DELETE');
	return envelope(params, lineItemView(li, ctx.store.ads[ctx.env]));
}

// ---- List, get, create -------------------------------------------------------------------------

const LINE_ITEMS_POST = 'POST 12/accounts/:account_id/line_items';
const CREATE_GOALS = refValues(LINE_ITEMS_POST, 'goal');
const PLACEMENTS = refValues(LINE_ITEMS_POST, 'placements');
const PRODUCT_TYPES = refValues(LINE_ITEMS_POST, 'product_type');
/** "There is a limit of 100 line items per campaign and 256 active line items across all campaigns." */
const PER_CAMPAIGN_LIMIT = 100;
const ACTIVE_LIMIT = 256;
/** X's defaults "based on objective" (goal; pay_by follows X's example answers). */
const DEFAULT_GOAL: Record<string, string> = {
	APP_ENGAGEMENTS: 'APP_CLICKS',
	APP_INSTALLS: 'APP_INSTALLS',
	REACH: 'MAX_REACH',
	FOLLOWERS: 'FOLLOWERS',
	ENGAGEMENTS: 'ENGAGEMENT',
	VIDEO_VIEWS: 'VIDEO_VIEW',
	PREROLL_VIEWS: 'PREROLL',
	WEBSITE_CLICKS: 'LINK_CLICKS',
};
/** Goals the reference ties to objectives. */
const GOAL_OBJECTIVES: Record<string, readonly string[]> = {
	APP_PURCHASES: ['APP_INSTALLS'],
	APP_CLICKS: ['APP_INSTALLS', 'APP_ENGAGEMENTS'],
	APP_INSTALLS: ['APP_INSTALLS', 'APP_ENGAGEMENTS'],
	SITE_VISITS: ['WEBSITE_CLICKS'],
};
const CREATE_PAY_BY_FOR_GOAL: Record<string, readonly string[]> = { ...PAY_BY_FOR_GOAL, SITE_VISITS: ['IMPRESSION'] };

const LINE_ITEM_SORT_FIELDS: Record<string, (li: LineItemRecord) => string | number> = {
	id: (li) => li.id,
	name: (li) => li.name ?? '',
	created_at: (li) => li.created_at,
	updated_at: (li) => li.updated_at,
	entity_status: (li) => li.entity_status,
};

function listLineItems(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const env = ctx.store.ads[ctx.env];
	const campaignIds = params.idList('campaign_ids');
	const funding = params.idList('funding_instrument_ids');
	const ids = params.idList('line_item_ids');
	const q = params.string('q', { maxLength: 255 })?.toLowerCase();
	const withDeleted = params.boolean('with_deleted');
	const withDraft = params.boolean('with_draft');
	const source = [...env.lineItems.values()].filter((li) => li.accountId === account.account.id);
	return collection(params, {
		source,
		filter: (li) =>
			(withDeleted || !li.deleted) &&
			(withDraft || ((li.entity_status as string) !== 'DRAFT' && env.campaigns.get(li.campaign_id)?.entity_status !== 'DRAFT')) &&
			(!ids || ids.includes(li.id)) &&
			(!campaignIds || campaignIds.includes(li.campaign_id)) &&
			(!funding || funding.includes(env.campaigns.get(li.campaign_id)?.funding_instrument_id ?? '')) &&
			(!q || (li.name ?? '').toLowerCase().includes(q)),
		sortFields: LINE_ITEM_SORT_FIELDS,
		render: (li) => lineItemView(li, env),
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getLineItem(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const withDeleted = params.boolean('with_deleted');
	const account = requireAccount(ctx);
	const id = ctx.pathParams.line_item_id;
	const li = ctx.store.ads[ctx.env].lineItems.get(id);
	if (!li || li.accountId !== account.account.id || (li.deleted && !withDeleted)) throw notFound(`Line item ${id} not found`);
	return envelope(params, lineItemView(li, ctx.store.ads[ctx.env]));
}

/** POST line_items: every parameter typed, then every rule the reference states, then the record. */
function createLineItem(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const env = ctx.store.ads[ctx.env];
	const campaignId = params.string('campaign_id', { required: true, maxLength: 64 }) as string;
	const startMs = params.time('start_time', { required: true }) as number;
	const endMs = params.time('end_time', { required: true }) as number;
	const objective = params.enum('objective', LINE_ITEM_OBJECTIVES, { required: true }) as string;
	const productType = params.enum('product_type', PRODUCT_TYPES, { required: true }) as LineItem['product_type'];
	const placements = params.keyList('placements', PLACEMENTS, { required: true }) as string[];
	const name = params.string('name', { maxLength: 255 });
	const status = params.enum('entity_status', ['ACTIVE', 'DRAFT', 'PAUSED'] as const) ?? 'ACTIVE';
	const bidStrategy = params.enum('bid_strategy', ['AUTO', 'MAX', 'TARGET'] as const);
	const bid = params.integer('bid_amount_local_micro', { min: 1, max: MICRO_MAX });
	const total = params.integer('total_budget_amount_local_micro', { min: 0, max: MICRO_MAX }) ?? null;
	const daily = params.integer('daily_budget_amount_local_micro', { min: 0, max: MICRO_MAX }) ?? null;
	const goal = params.enum('goal', CREATE_GOALS) ?? DEFAULT_GOAL[objective] ?? 'ENGAGEMENT';
	const payBy = params.enum('pay_by', PAY_BY);
	const frequencyCap = params.integer('frequency_cap', { min: 1, max: 2_147_483_647 });
	const duration = params.enum('duration_in_days', ['1', '7', '30'] as const);
	const expansion = params.enum('audience_expansion', ['BROAD', 'DEFINED', 'EXPANDED'] as const);
	const standard = params.has('standard_delivery') ? params.boolean('standard_delivery') : undefined;
	const domain = params.string('advertiser_domain', { maxLength: 255 });
	if (domain !== undefined && !DOMAIN.test(domain)) throw invalidParameter('advertiser_domain', `Expected a domain without protocol or path, got "${domain}" for advertiser_domain`);
	const advertiserUserId = params.string('advertiser_user_id', { maxLength: 19 });
	if (advertiserUserId !== undefined && !/^\d+$/.test(advertiserUserId)) throw invalidParameter('advertiser_user_id', `Expected a numeric user id, got "${advertiserUserId}" for advertiser_user_id`);
	const android = params.string('android_app_store_identifier', { maxLength: 255 });
	const ios = params.string('ios_app_store_identifier', { maxLength: 20 });
	if (ios !== undefined && !/^\d+$/.test(ios)) throw invalidParameter('ios_app_store_identifier', `Expected the numeric part of the App Store id, got "${ios}" for ios_app_store_identifier`);
	const webTag = params.string('primary_web_event_tag', { maxLength: 64 });
	let categories: string[] = [];
	const categoriesRaw = params.raw('categories');
	if (categoriesRaw !== undefined) {
		categories = categoriesRaw.split(',').map((c) => c.trim());
		if (!categories.every((c) => IAB.test(c))) throw invalidParameter('categories', `Expected a comma-separated list of IAB categories, got "${categoriesRaw}" for categories`);
		params.echo.categories = categories;
	}

	const campaign = env.campaigns.get(campaignId);
	if (!campaign || campaign.accountId !== accountId || campaign.deleted) {
		throw invalidParameter('campaign_id', `Campaign ${campaignId} does not exist in account ${accountId}`);
	}
	if (startMs >= endMs) throw invalidParameter('start_time', 'start_time must be before end_time');
	const strategy = bidStrategy ?? (bid !== undefined ? 'MAX' : 'AUTO');
	if ((strategy === 'MAX' || strategy === 'TARGET') && bid === undefined) {
		throw adsError(400, 'MISSING_PARAMETER', `bid_amount_local_micro is required when bid_strategy is ${strategy}`, 'bid_amount_local_micro');
	}
	if (strategy === 'MAX' && (objective === 'REACH' || objective === 'FOLLOWERS')) throw invalidParameter('bid_strategy', `bid_strategy MAX is not available for the ${objective} objective`);
	if (strategy === 'TARGET' && !['REACH', 'FOLLOWERS', 'WEBSITE_CLICKS'].includes(objective)) {
		throw invalidParameter('bid_strategy', `bid_strategy TARGET is only available for the REACH, FOLLOWERS and WEBSITE_CLICKS objectives, not ${objective}`);
	}
	if ((objective === 'APP_INSTALLS' || objective === 'APP_ENGAGEMENTS') && android === undefined && ios === undefined) {
		throw adsError(400, 'MISSING_PARAMETER', `The ${objective} objective requires android_app_store_identifier or ios_app_store_identifier`, 'ios_app_store_identifier');
	}
	if (placements.includes('PUBLISHER_NETWORK')) {
		if (domain === undefined) throw missingParameter('advertiser_domain');
		if (categoriesRaw === undefined) throw missingParameter('categories');
	}
	if (goal === 'WEBSITE_CONVERSIONS' && webTag === undefined) throw missingParameter('primary_web_event_tag');
	const goalObjectives = GOAL_OBJECTIVES[goal];
	if (goalObjectives && !goalObjectives.includes(objective)) throw invalidParameter('goal', `goal ${goal} is only available for the ${goalObjectives.join(', ')} objectives, not ${objective}`);
	if (frequencyCap !== undefined && !FREQUENCY_CAP_OBJECTIVES.includes(objective)) {
		throw invalidParameter('frequency_cap', `frequency_cap is only available for the ${FREQUENCY_CAP_OBJECTIVES.join(', ')} objectives, not ${objective}`);
	}
	if (payBy !== undefined) {
		const supported = CREATE_PAY_BY_FOR_GOAL[goal];
		if (supported && !supported.includes(payBy)) throw invalidParameter('pay_by', `pay_by ${payBy} is not supported for the ${goal} goal (use ${supported.join(' or ')})`);
		if (goal === 'LINK_CLICKS' && strategy === 'TARGET' && payBy === 'IMPRESSION') throw invalidParameter('pay_by', 'pay_by IMPRESSION is not supported for the LINK_CLICKS goal with bid_strategy TARGET');
	}
	if (daily !== null && total !== null && daily > total) {
		throw invalidParameter('daily_budget_amount_local_micro', `daily_budget_amount_local_micro (${daily}) must not be above total_budget_amount_local_micro (${total})`);
	}
	if ((daily !== null || standard !== undefined) && campaign.budget_optimization !== 'LINE_ITEM') {
		throw invalidParameter(daily !== null ? 'daily_budget_amount_local_micro' : 'standard_delivery', 'only available when the campaign has budget_optimization LINE_ITEM');
	}
	const siblings = [...env.lineItems.values()].filter((li) => li.campaign_id === campaignId && !li.deleted);
	const other = siblings.find((li) => li.objective !== objective || li.product_type !== productType);
	if (other) throw invalidParameter('objective', `All line items of a campaign have the same product_type and objective (campaign ${campaignId} has ${other.product_type} / ${other.objective})`);
	if (siblings.length >= PER_CAMPAIGN_LIMIT) throw invalidParameter('campaign_id', `Campaign ${campaignId} has ${PER_CAMPAIGN_LIMIT} line items, the limit`);
	if (status === 'ACTIVE') {
		const active = [...env.lineItems.values()].filter((li) => li.accountId === accountId && !li.deleted && li.entity_status === 'ACTIVE').length;
		if (active >= ACTIVE_LIMIT) throw invalidParameter('entity_status', `The account has ${ACTIVE_LIMIT} active line items, the limit`);
	}

	let id = adsId(5);
	while (env.lineItems.has(id)) id = adsId(5);
	const t = adsTime(ctx.now);
	const li: LineItemRecord = {
		accountId,
		id,
		campaign_id: campaignId,
		name: name ?? null,
		objective,
		goal,
		product_type: productType,
		placements,
		bid_strategy: strategy,
		bid_amount_local_micro: bid ?? null,
		target_cpa_local_micro: null,
		primary_web_event_tag: webTag ?? null,
		pay_by: payBy ?? (objective === 'ENGAGEMENTS' ? 'ENGAGEMENT' : 'IMPRESSION'),
		start_time: adsTime(startMs),
		end_time: adsTime(endMs),
		duration_in_days: duration !== undefined ? Number(duration) : 7,
		frequency_cap: frequencyCap ?? null,
		standard_delivery: standard ?? true,
		automatic_tweet_promotion: null,
		total_budget_amount_local_micro: total,
		daily_budget_amount_local_micro: daily,
		entity_status: status as LineItem['entity_status'],
		audience_expansion: expansion ?? null,
		advertiser_user_id: advertiserUserId ?? ctx.user!.userId,
		advertiser_domain: domain ?? null,
		android_app_store_identifier: android ?? null,
		ios_app_store_identifier: ios ?? null,
		categories,
		currency: campaign.currency,
		creative_source: 'MANUAL',
		created_at: t,
		updated_at: t,
		deleted: false,
	};
	env.lineItems.set(id, li);
	historyOf(ctx, accountId, li, 'CREATE');
	return envelope(params, lineItemView(li, env));
}

// ---- Line item curated categories -------------------------------------------------------------

const LINK_SORT_FIELDS: Record<string, (r: LineItemCuratedCategoryRecord) => string> = {
	id: (r) => r.id,
	line_item_id: (r) => r.line_item_id,
	curated_category_id: (r) => r.curated_category_id,
	created_at: (r) => r.created_at,
	updated_at: (r) => r.updated_at,
};

function findLink(ctx: RequestContext, accountId: string, opts: { withDeleted?: boolean } = {}): LineItemCuratedCategoryRecord {
	const id = ctx.pathParams.line_item_curated_category_id;
	const link = ctx.store.ads[ctx.env].lineItemCuratedCategories.get(id);
	if (!link || link.accountId !== accountId || (link.deleted && !opts.withDeleted)) {
		throw notFound(`Line item curated category ${id} not found`);
	}
	return link;
}

/** Reads line_item_id and curated_category_id and checks they exist (400 naming the parameter). */
function readLinkTargets(params: AdsParams, env: AdsEnvState, accountId: string, required: boolean) {
	const lineItemId = params.string('line_item_id', { required, maxLength: 64 });
	const curatedCategoryId = params.string('curated_category_id', { required, maxLength: 64 });
	if (lineItemId !== undefined) {
		const li = env.lineItems.get(lineItemId);
		if (!li || li.accountId !== accountId || li.deleted) {
			throw invalidParameter('line_item_id', `Line item ${lineItemId} does not exist in account ${accountId}`);
		}
	}
	if (curatedCategoryId !== undefined && !env.curatedCategories.has(curatedCategoryId)) {
		throw invalidParameter('curated_category_id', `Curated category ${curatedCategoryId} does not exist`);
	}
	return { lineItemId, curatedCategoryId };
}

function listLinks(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const withDeleted = params.boolean('with_deleted');
	return collection(params, {
		source: ctx.store.ads[ctx.env].lineItemCuratedCategoriesByAccount.get(account.account.id) ?? [],
		filter: (r) => withDeleted || !r.deleted,
		sortFields: LINK_SORT_FIELDS,
		render: (r) => publicView(r),
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getLink(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const withDeleted = params.boolean('with_deleted');
	const account = requireAccount(ctx);
	return envelope(params, publicView(findLink(ctx, account.account.id, { withDeleted })));
}

function createLink(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const env = ctx.store.ads[ctx.env];
	const { lineItemId, curatedCategoryId } = readLinkTargets(params, env, accountId, true);
	let id = adsId(4);
	while (env.lineItemCuratedCategories.has(id)) id = adsId(4);
	const t = adsTime(ctx.now);
	const link: LineItemCuratedCategoryRecord = {
		accountId,
		id,
		line_item_id: lineItemId as string,
		curated_category_id: curatedCategoryId as string,
		created_at: t,
		updated_at: t,
		deleted: false,
	};
	env.lineItemCuratedCategories.set(id, link);
	let list = env.lineItemCuratedCategoriesByAccount.get(accountId);
	if (!list) env.lineItemCuratedCategoriesByAccount.set(accountId, (list = []));
	list.push(link);
	return envelope(params, publicView(link));
}

function updateLink(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const link = findLink(ctx, account.account.id);
	const { lineItemId, curatedCategoryId } = readLinkTargets(params, ctx.store.ads[ctx.env], account.account.id, false);
	if (lineItemId !== undefined || curatedCategoryId !== undefined) {
		if (lineItemId !== undefined) link.line_item_id = lineItemId;
		if (curatedCategoryId !== undefined) link.curated_category_id = curatedCategoryId;
		link.updated_at = nextUpdatedAt(link.updated_at, ctx.now);
	}
	return envelope(params, publicView(link));
}

function deleteLink(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const link = findLink(ctx, account.account.id);
	link.deleted = true;
	link.updated_at = nextUpdatedAt(link.updated_at, ctx.now);
	return envelope(params, publicView(link));
}

export function registerLineItemRoutes(router: Router): void {
	router.ads('GET', '/12/accounts/:account_id/line_items', listLineItems);
	router.ads('POST', '/12/accounts/:account_id/line_items', createLineItem);
	router.ads('GET', '/12/accounts/:account_id/line_items/:line_item_id', getLineItem);
	router.ads('POST', '/12/batch/accounts/:account_id/line_items', (ctx) =>
		runBatch(ctx, { idParam: 'line_item_id', handlers: { Create: createLineItem, Update: updateLineItem, Delete: deleteLineItem } }),
	);
	router.ads('PUT', '/12/accounts/:account_id/line_items/:line_item_id', updateLineItem);
	router.ads('DELETE', '/12/accounts/:account_id/line_items/:line_item_id', deleteLineItem);
	const links = '/12/accounts/:account_id/line_item_curated_categories';
	router.ads('GET', links, listLinks);
	router.ads('POST', links, createLink);
	router.ads('GET', `${links}/:line_item_curated_category_id`, getLink);
	router.ads('PUT', `${links}/:line_item_curated_category_id`, updateLink);
	router.ads('DELETE', `${links}/:line_item_curated_category_id`, deleteLink);
}
