/**
 * Line items (https://docs.x.com/x-ads-api/campaign-management/reference): update (strict, with the objective-dependent rules) and delete; and
 * line item curated categories (links of line items to the curated category catalogue).
 */
import { adsError, AdsParams, collection, envelope, invalidParameter, notFound, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import { refValues } from '../conformance';
import type { Router } from '../router';
import {
	publicView,
	recordHistory,
	type AdsEnvState,
	type LineItem,
	type LineItemCuratedCategoryRecord,
	type LineItemObjective,
	type LineItemRecord,
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

function lineItemView(li: LineItemRecord): LineItem {
	const view = publicView(li);
	return { ...view, placements: [...view.placements], categories: [...view.categories] };
}

/** A live (not deleted) line item of the account, else 404. */
function findLineItem(ctx: RequestContext, accountId: string): LineItemRecord {
	const id = ctx.pathParams.line_item_id;
	const li = ctx.store.ads[ctx.env].lineItems.get(id);
	if (!li || li.accountId !== accountId || li.deleted) throw notFound(`Line item ${id} not found`);
	return li;
}

function historyOf(ctx: RequestContext, accountId: string, li: LineItemRecord, type: 'UPDATE' | 'DELETE'): void {
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
	return envelope(params, lineItemView(li));
}

function deleteLineItem(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const li = findLineItem(ctx, account.account.id);
	li.deleted = true;
	li.updated_at = nextUpdatedAt(li.updated_at, ctx.now);
	historyOf(ctx, account.account.id, li, 'DELETE');
	return envelope(params, lineItemView(li));
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
	router.ads('PUT', '/12/accounts/:account_id/line_items/:line_item_id', updateLineItem);
	router.ads('DELETE', '/12/accounts/:account_id/line_items/:line_item_id', deleteLineItem);
	const links = '/12/accounts/:account_id/line_item_curated_categories';
	router.ads('GET', links, listLinks);
	router.ads('POST', links, createLink);
	router.ads('GET', `${links}/:line_item_curated_category_id`, getLink);
	router.ads('PUT', `${links}/:line_item_curated_category_id`, updateLink);
	router.ads('DELETE', `${links}/:line_item_curated_category_id`, deleteLink);
}
