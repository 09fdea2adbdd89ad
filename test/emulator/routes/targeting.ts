/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Targeting (https://docs.x.com/x-ads-api/campaign-management/reference#targeting-criteria):
 * targeting criteria of line items (list, get, create, batch, delete) and the targeting option
 * endpoints (catalogues searched with q, paged with count and cursor where X lists them), and
 * targeting suggestions. Records, catalogues and seed: ../state/targeting.ts.
 */
import { AdsParams, collection, envelope, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import { refValues } from '../conformance';
import { HttpError, ok, type RequestContext } from '../http';
import { isObject, requireJsonBody } from '../jsonBody';
import type { Router } from '../router';
import { customAudienceSize, CUSTOM_AUDIENCE_MIN_SIZE } from '../state/audiences';
import {
	addCriterion,
	CATALOGUE_OF_TYPE,
	CATALOGUES,
	CRITERIA_POST,
	KEYWORD_SUGGESTIONS,
	TARGETING_TYPES,
	type OptionRecord,
	type TargetingCriterion,
	type TargetingCriterionRecord,
} from '../state/targeting';
import { adsId, adsTime, nextUpdatedAt } from '../util';

const CRITERIA_BATCH = 'POST 12/batch/accounts/:account_id/targeting_criteria';
/** X's largest targeting criteria batch. */
const CRITERIA_BATCH_SIZE = 500;
const ONCE_PER_LINE_ITEM = ['AGE', 'EVENT'];

const targetingOf = (ctx: RequestContext) => ctx.store.ads[ctx.env].targeting;
const view = ({ accountId: _a, ...criterion }: TargetingCriterionRecord): TargetingCriterion => ({ ...criterion });

const SORT_FIELDS: Record<string, (c: TargetingCriterionRecord) => string> = {
	id: (c) => c.id,
	name: (c) => c.name,
	targeting_type: (c) => c.targeting_type,
	created_at: (c) => c.created_at,
	updated_at: (c) => c.updated_at,
};

function listCriteria(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const lineItems = params.idList('line_item_ids', 200);
	if (!lineItems) throw missingParameter('line_item_ids');
	const ids = params.idList('targeting_criterion_ids', 200);
	const withDeleted = params.boolean('with_deleted');
	params.string('lang', { maxLength: 2, minLength: 2 });
	return collection(params, {
		source: targetingOf(ctx).ordered,
		filter: (c) => c.accountId === account && lineItems.includes(c.line_item_id) && (withDeleted || !c.deleted) && (!ids || ids.includes(c.id)),
		sortFields: SORT_FIELDS,
		render: view,
		count: { default: 200, min: 1, max: 1000 },
	});
}

function criterionOf(ctx: RequestContext, account: string, id: string, withDeleted = false): TargetingCriterionRecord {
	const criterion = targetingOf(ctx).criteria.get(id);
	if (!criterion || criterion.accountId !== account || (criterion.deleted && !withDeleted)) throw notFound(`Targeting criterion ${id} not found`);
	return criterion;
}

function getCriterion(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	params.string('lang', { maxLength: 2, minLength: 2 });
	return envelope(params, view(criterionOf(ctx, account, ctx.pathParams.targeting_criterion_id, params.boolean('with_deleted'))));
}

/** The name X gives a criterion: the option's name, the audience's name, or the value itself. */
function checkedName(ctx: RequestContext, account: string, type: string, value: string): { name: string; location_type?: string } {
	const catalogue = CATALOGUE_OF_TYPE[type];
	if (catalogue) {
		const found = CATALOGUES[catalogue].find((o) => String(o.targeting_value) === value);
		if (!found) throw invalidParameter('targeting_value', `${value} is not a ${type} targeting value (see GET targeting_criteria/${catalogue})`);
		return { name: found.name, ...(found.location_type ? { location_type: String(found.location_type) } : {}) };
	}
	if (type === 'CUSTOM_AUDIENCE' || type === 'CUSTOM_AUDIENCE_EXPANDED') {
		const audience = ctx.store.ads[ctx.env].audiences.customAudiences.get(value);
		if (!audience || audience.deleted || audience.accountId !== account) throw invalidParameter('targeting_value', `Custom audience ${value} not found in account ${account}`);
		if (customAudienceSize(audience) < CUSTOM_AUDIENCE_MIN_SIZE) throw invalidParameter('targeting_value', `Custom audience ${value} is not targetable (TOO_SMALL)`);
		return { name: audience.name };
	}
	if (type === 'GENDER') {
		if (value !== '1' && value !== '2') throw invalidParameter('targeting_value', `GENDER takes 1 (male) or 2 (female), got "${value}"`);
		return { name: value === '1' ? 'Male' : 'Female' };
	}
	return { name: value };
}

/** Checks one criterion against X's rules and the line item's other criteria; returns the record to add. */
function newCriterion(ctx: RequestContext, account: string, input: Record<string, unknown>): TargetingCriterionRecord {
	const text = (name: string): string | undefined => {
		const v = input[name];
		if (v === undefined || v === null || v === '') return undefined;
		if (typeof v !== 'string') throw invalidParameter(name, `Expected a String for ${name}, got ${JSON.stringify(v)}`);
		return v;
	};
	const lineItemId = text('line_item_id');
	const type = text('targeting_type');
	const value = text('targeting_value');
	const operator = text('operator_type') ?? 'EQ';
	if (!lineItemId) throw missingParameter('line_item_id');
	if (!type) throw missingParameter('targeting_type');
	if (!value) throw missingParameter('targeting_value');
	if (!TARGETING_TYPES.includes(type)) throw invalidParameter('targeting_type', `Expected one of ${TARGETING_TYPES.join(', ')}, got "${type}"`);
	if (!refValues(CRITERIA_POST, 'operator_type').includes(operator)) throw invalidParameter('operator_type', `Expected one of ${refValues(CRITERIA_POST, 'operator_type').join(', ')}, got "${operator}"`);
	const lineItem = ctx.store.ads[ctx.env].lineItems.get(lineItemId);
	if (!lineItem || lineItem.deleted || lineItem.accountId !== account) throw invalidParameter('line_item_id', `Line item ${lineItemId} not found in account ${account}`);
	if (type === 'APP_LIST' && operator !== 'NE') throw invalidParameter('operator_type', 'APP_LIST may only be used with operator_type NE');
	if ((operator === 'GTE' || operator === 'LT') !== (type === 'NETWORK_ACTIVATION_DURATION')) {
		throw invalidParameter('operator_type', `operator_type ${operator} does not work with targeting_type ${type} (GTE and LT go with NETWORK_ACTIVATION_DURATION)`);
	}
	const current = targetingOf(ctx).ordered.filter((c) => c.line_item_id === lineItemId && !c.deleted);
	if (ONCE_PER_LINE_ITEM.includes(type) && current.some((c) => c.targeting_type === type)) {
		throw invalidParameter('targeting_type', `Line item ${lineItemId} already targets a ${type}; only one is allowed per line item`);
	}
	if (type === 'TV_SHOW' && !current.some((c) => c.targeting_type === 'LOCATION')) {
		throw invalidParameter('targeting_type', 'TV_SHOW targeting needs a LOCATION targeting criterion on the line item first');
	}
	if (current.some((c) => c.targeting_type === type && c.targeting_value === value && c.operator_type === operator)) {
		throw invalidParameter('targeting_value', `Line item ${lineItemId} already has this ${type} targeting criterion`);
	}
	const named = checkedName(ctx, account, type, value);
	let id = adsId(6);
	while (targetingOf(ctx).criteria.has(id)) id = adsId(6);
	const at = adsTime(ctx.now);
	return { accountId: account, id, line_item_id: lineItemId, ...named, operator_type: operator, targeting_type: type, targeting_value: value, created_at: at, updated_at: at, deleted: false };
}

/** Adds a criterion; a custom audience criterion also makes the audience "targeted" by the line item. */
function add(ctx: RequestContext, criterion: TargetingCriterionRecord): void {
	addCriterion(targetingOf(ctx), criterion);
	if (criterion.targeting_type.startsWith('CUSTOM_AUDIENCE')) {
		ctx.store.ads[ctx.env].audiences.customAudiences.get(criterion.targeting_value)?.targeting.push({ lineItemId: criterion.line_item_id, servable: true });
	}
}

function remove(ctx: RequestContext, criterion: TargetingCriterionRecord): void {
	criterion.deleted = true;
	criterion.updated_at = nextUpdatedAt(criterion.updated_at, ctx.now);
	if (criterion.targeting_type.startsWith('CUSTOM_AUDIENCE')) {
		const audience = ctx.store.ads[ctx.env].audiences.customAudiences.get(criterion.targeting_value);
		const at = audience?.targeting.findIndex((t) => t.lineItemId === criterion.line_item_id) ?? -1;
		if (at >= 0) audience!.targeting.splice(at, 1);
	}
}

function createCriterion(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const input: Record<string, unknown> = {};
	for (const name of ['line_item_id', 'targeting_type', 'targeting_value', 'operator_type']) input[name] = params.string(name);
	const criterion = newCriterion(ctx, account, input);
	add(ctx, criterion);
	return envelope(params, view(criterion));
}

function deleteCriterion(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const criterion = criterionOf(ctx, account, ctx.pathParams.targeting_criterion_id);
	remove(ctx, criterion);
	return envelope(params, view(criterion));
}

/**
 * Operations in order, each seeing the ones before it (a TV_SHOW after a LOCATION of the same
 * request); all or none: when one fails, the ones applied are undone and X's answer is a 400 with
 * operation_errors aligned with the operations.
 */
function batchCriteria(ctx: RequestContext) {
	const account = requireAccount(ctx).account.id;
	const body = requireJsonBody(ctx);
	if (!Array.isArray(body) || body.length === 0) throw invalidParameter('body', 'The body must be a non-empty JSON array of operations');
	if (body.length > CRITERIA_BATCH_SIZE) throw invalidParameter('body', `At most ${CRITERIA_BATCH_SIZE} operations per request, got ${body.length}`);
	const types = refValues(CRITERIA_BATCH, 'operation_type');
	const undo: Array<() => void> = [];
	const data: TargetingCriterion[] = [];
	const errors: unknown[][] = body.map(() => []);
	body.forEach((op, n) => {
		try {
			if (!isObject(op) || !isObject(op.params)) throw missingParameter('params');
			if (!types.includes(String(op.operation_type))) throw invalidParameter('operation_type', `Expected one of ${types.join(', ')}, got ${JSON.stringify(op.operation_type)}`);
			if (op.operation_type === 'Create') {
				const criterion = newCriterion(ctx, account, op.params);
				add(ctx, criterion);
				undo.push(() => {
					remove(ctx, criterion);
					targetingOf(ctx).criteria.delete(criterion.id);
					targetingOf(ctx).ordered.splice(targetingOf(ctx).ordered.indexOf(criterion), 1);
				});
				data.push(view(criterion));
			} else {
				const id = op.params.targeting_criterion_id;
				if (typeof id !== 'string') throw missingParameter('targeting_criterion_id');
				const criterion = criterionOf(ctx, account, id);
				const before = criterion.updated_at;
				remove(ctx, criterion);
				undo.push(() => {
					criterion.deleted = false;
					criterion.updated_at = before;
					if (criterion.targeting_type.startsWith('CUSTOM_AUDIENCE')) {
						ctx.store.ads[ctx.env].audiences.customAudiences.get(criterion.targeting_value)?.targeting.push({ lineItemId: criterion.line_item_id, servable: true });
					}
				});
				data.push(view(criterion));
			}
		} catch (error) {
			if (!(error instanceof HttpError)) throw error;
			errors[n] = (error.body as { errors?: unknown[] }).errors ?? [];
		}
	});
	const request = body.map((op) => ({ params: { ...(isObject(op) && isObject(op.params) ? op.params : {}), account_id: account }, operation_type: isObject(op) ? op.operation_type : null }));
	if (errors.some((e) => e.length)) {
		for (const step of undo.reverse()) step();
		return ok({ errors: [{ code: 'INVALID_PARAMETER', message: 'One or more operations failed; none was applied (see operation_errors)' }], operation_errors: errors, request }, 400);
	}
	return ok({ data_type: 'targeting_criterion', data, request });
}

// ---- Targeting options ------------------------------------------------------------------------

const matches = (record: OptionRecord, q: string | undefined) => !q || record.name.toLowerCase().includes(q.toLowerCase());

/** One option endpoint: q searches names, filters narrow, count and cursor page where X lists them. */
function optionRoute(what: string, opts: { count?: { default: number; max: number }; cursor?: boolean; filter?: (params: AdsParams) => (r: OptionRecord) => boolean } = {}) {
	return (ctx: RequestContext) => {
		const params = new AdsParams(ctx);
		const q = params.string('q', { maxLength: 255 });
		const keep = opts.filter?.(params) ?? (() => true);
		const source = CATALOGUES[what];
		const filter = (r: OptionRecord) => matches(r, q) && keep(r);
		if (opts.count && opts.cursor) return collection(params, { source, filter, render: (r) => ({ ...r }), count: { default: opts.count.default, min: 1, max: opts.count.max } });
		const count = opts.count ? params.integer('count', { min: 1, max: opts.count.max, fallback: opts.count.default })! : Infinity;
		return ok({ data: source.filter(filter).slice(0, count).map((r) => ({ ...r })), request: { params: params.echo }, next_cursor: null });
	};
}

const field = (name: string, wanted: string | undefined) => (r: OptionRecord) => wanted === undefined || r[name] === wanted;

function tvShows(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const locale = params.string('locale', { required: true })!;
	const market = CATALOGUES.tv_markets.find((m) => m.locale === locale);
	if (!market) throw invalidParameter('locale', `Expected a TV market locale (GET targeting_criteria/tv_markets), got "${locale}"`);
	const [language, country] = locale.split('-');
	const q = params.string('q', { maxLength: 255 });
	return collection(params, {
		source: CATALOGUES.tv_shows,
		filter: (s) => matches(s, q) && (s.locales as Array<{ language: string; country: string }>).some((l) => l.language === language && l.country === country),
		render: (s) => ({ ...s }),
		count: { default: 50, min: 1, max: 50 },
	});
}

function events(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const type = params.enum('event_types', refValues('GET 12/targeting_criteria/events', 'event_types'), { required: true });
	const countries = params.idList('country_codes', 200);
	const start = params.time('start_time') ?? ctx.now;
	const end = params.time('end_time');
	if (end !== undefined && end <= start) throw invalidParameter('end_time', 'end_time must be after start_time');
	return collection(params, {
		source: CATALOGUES.events,
		filter: (e) =>
			e.event_type === type &&
			Date.parse(String(e.end_time)) > start &&
			(end === undefined || Date.parse(String(e.start_time)) < end) &&
			(!countries || e.is_global === true || countries.includes(String(e.country_code))),
		render: (e) => ({ ...e }),
		count: { default: 200, min: 1, max: 1000 },
	});
}

function suggestions(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	requireAccount(ctx);
	const type = params.enum('suggestion_type', refValues('GET 12/accounts/:account_id/targeting_suggestions', 'suggestion_type'), { required: true })!;
	const seeds = params.idList('targeting_values', 200);
	if (!seeds) throw missingParameter('targeting_values');
	const count = params.integer('count', { min: 1, max: 50, fallback: 30 })!;
	if (type === 'USER_ID' && seeds.some((s) => !/^\d+$/.test(s))) throw invalidParameter('targeting_values', 'USER_ID suggestions take numeric user IDs; keywords and user IDs cannot be mixed');
	const values =
		type === 'KEYWORD'
			? [...new Set(seeds.flatMap((s) => KEYWORD_SUGGESTIONS[s.toLowerCase()] ?? [`${s.toLowerCase()} news`, `${s.toLowerCase()} tips`]))].filter((v) => !seeds.includes(v))
			: seeds.flatMap((s) => [1, 2, 3].map((k) => (BigInt(s) + BigInt(k)).toString()));
	return ok({ data: values.slice(0, count).map((v) => ({ suggestion_type: type, suggestion_value: v })), request: { params: params.echo } });
}

export function registerTargetingRoutes(router: Router): void {
	const criteria = '/12/accounts/:account_id/targeting_criteria';
	router.ads('GET', criteria, listCriteria);
	router.ads('POST', criteria, createCriterion);
	router.ads('GET', `${criteria}/:targeting_criterion_id`, getCriterion);
	router.ads('DELETE', `${criteria}/:targeting_criterion_id`, deleteCriterion);
	router.ads('POST', '/12/batch/accounts/:account_id/targeting_criteria', batchCriteria);
	const options = '/12/targeting_criteria';
	router.ads('GET', `${options}/locations`, optionRoute('locations', {
		count: { default: 200, max: 1000 },
		cursor: true,
		filter: (p) => {
			const country = p.string('country_code', { minLength: 2, maxLength: 2 });
			const type = p.enum('location_type', refValues('GET 12/targeting_criteria/locations', 'location_type'));
			return (r) => field('country_code', country)(r) && field('location_type', type)(r);
		},
	}));
	router.ads('GET', `${options}/interests`, optionRoute('interests', { count: { default: 200, max: 1000 }, cursor: true }));
	router.ads('GET', `${options}/languages`, optionRoute('languages', { count: { default: 200, max: 1000 }, cursor: true }));
	router.ads('GET', `${options}/platforms`, optionRoute('platforms', { count: { default: 200, max: 1000 }, filter: (p) => (p.string('lang', { minLength: 2, maxLength: 2 }), () => true) }));
	router.ads('GET', `${options}/platform_versions`, optionRoute('platform_versions'));
	router.ads('GET', `${options}/devices`, optionRoute('devices', { count: { default: 200, max: 1000 } }));
	router.ads('GET', `${options}/network_operators`, optionRoute('network_operators', {
		count: { default: 200, max: 1000 },
		cursor: true,
		filter: (p) => field('country_code', p.string('country_code', { minLength: 2, maxLength: 2 }) ?? 'US'),
	}));
	router.ads('GET', `${options}/app_store_categories`, optionRoute('app_store_categories', {
		filter: (p) => field('os_type', p.enum('os_type', refValues('GET 12/targeting_criteria/app_store_categories', 'os_type'))),
	}));
	router.ads('GET', `${options}/conversations`, optionRoute('conversations', {
		count: { default: 200, max: 1000 },
		cursor: true,
		filter: (p) => field('conversation_type', p.enum('conversation_type', refValues('GET 12/targeting_criteria/conversations', 'conversation_type'))),
	}));
	router.ads('GET', `${options}/events`, events);
	router.ads('GET', `${options}/tv_markets`, optionRoute('tv_markets'));
	router.ads('GET', `${options}/tv_shows`, tvShows);
	router.ads('GET', '/12/accounts/:account_id/targeting_suggestions', suggestions);
}
