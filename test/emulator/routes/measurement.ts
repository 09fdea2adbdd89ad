/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Mobile measurement and A/B tests, from X's pages:
 * - https://docs.x.com/x-ads-api/measurement/mobile-conversions: app event tags (GET many, GET one)
 *   and POST conversion_event (query parameters; the answer's twitter_attribution is null when X
 *   claims none). The emulator attributes a conversion to X when an account has a tracking app
 *   event tag of the app, OS and conversion type, within the page's click window >= view-through
 *   window rule; the conversion time must carry milliseconds ("with milliseconds appended").
 * - https://docs.x.com/x-ads-api/measurement/ab-testing: POST accounts/:account_id/ab_tests (JSON
 *   body) with the page's Creating rules, and PUT accounts/:account_id/ab_tests/:ab_test_id, which
 *   the page names but does not describe: the same attributes and rules, on the merged test.
 * Enumerations and parameter names come from the reference table (conformance.ts judges every
 * request first); the limits below are the page's words, quoted where they are used.
 */

import { xFacts } from '../../reference/facts';
import { adsError, AdsParams, collection, envelope, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import { refValues } from '../conformance';
import { ok, type EmulatorResponse, type RequestContext } from '../http';
import type { Router } from '../router';
import type { AdsEnvironment, Store } from '../store';
import { adsId, adsTime, parseIsoTime } from '../util';

const CONVERSION_KEY = 'POST 12/conversion_event';
const DAY_MS = 86_400_000;

export interface AppEventTag {
	id: string;
	accountId: string;
	app_store_identifier: string;
	os_type: string;
	conversion_type: string;
	post_engagement_attribution_window: number;
	post_view_attribution_window: number;
	status: string;
	deleted: boolean;
	created_at: string;
	updated_at: string;
}

export interface AbTest {
	id: string;
	accountId: string;
	env: AdsEnvironment;
	record: Record<string, unknown>;
}

interface MeasurementState {
	tags: Map<string, AppEventTag[]>;
	conversionEvents: Array<Record<string, string>>;
	abTests: Map<string, AbTest>;
}

const states = new WeakMap<Store, MeasurementState>();

/** Seeded per account of users[0]: an Android install tag, an iOS purchase tag, a deleted sign-up tag. */
export function measurementState(store: Store): MeasurementState {
	let state = states.get(store);
	if (state) return state;
	state = { tags: new Map(), conversionEvents: [], abTests: new Map() };
	states.set(store, state);
	const at = '2026-01-05T10:00:00Z';
	for (const env of ['production', 'sandbox'] as const) {
		for (const record of store.ads[env].byUser.get(store.users[0].userId) ?? []) {
			const accountId = record.account.id;
			const tag = (app: string, os: string, type: string, deleted = false): AppEventTag => ({
				id: adsId(5),
				accountId,
				app_store_identifier: app,
				os_type: os,
				conversion_type: type,
				post_engagement_attribution_window: 14,
				post_view_attribution_window: 1,
				status: deleted ? 'NOT_TRACKING' : 'TRACKING',
				deleted,
				created_at: at,
				updated_at: at,
			});
			state.tags.set(`${env}:${accountId}`, [tag('com.example.app', 'ANDROID', 'INSTALL'), tag('333903271', 'IOS', 'PURCHASE'), tag('com.example.app', 'ANDROID', 'SIGN_UP', true)]);
		}
	}
	return state;
}

const renderTag = ({ accountId: _, ...tag }: AppEventTag) => ({ provider_app_event_name: null, provider_app_event_id: null, deep_link_scheme: null, retargeting_enabled: true, last_tracked_at: null, ...tag });

function listTags(ctx: RequestContext): EmulatorResponse {
	const params = new AdsParams(ctx);
	const { account } = requireAccount(ctx);
	const withDeleted = params.boolean('with_deleted');
	const ids = params.idList('app_event_tag_ids');
	const tags = measurementState(ctx.store).tags.get(`${ctx.env}:${account.id}`) ?? [];
	return collection(params, {
		source: tags,
		filter: (t) => (withDeleted || !t.deleted) && (!ids || ids.includes(t.id)),
		sortFields: { id: (t) => t.id, created_at: (t) => t.created_at, updated_at: (t) => t.updated_at, conversion_type: (t) => t.conversion_type },
		render: renderTag,
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getTag(ctx: RequestContext): EmulatorResponse {
	const params = new AdsParams(ctx);
	const { account } = requireAccount(ctx);
	const tag = (measurementState(ctx.store).tags.get(`${ctx.env}:${account.id}`) ?? []).find((t) => t.id === ctx.pathParams.app_event_tag_id);
	if (!tag || (tag.deleted && !params.boolean('with_deleted'))) throw notFound(`App event tag ${ctx.pathParams.app_event_tag_id} not found`);
	return envelope(params, renderTag(tag));
}

/** "ISO-8601 timestamp format, with milliseconds appended" (2014-05-22T02:38:28.103Z). */
function timeWithMilliseconds(params: AdsParams, name: string, required: boolean): number | undefined {
	const text = params.raw(name);
	if (text === undefined) {
		if (required) throw missingParameter(name);
		return undefined;
	}
	const ms = parseIsoTime(text);
	if (ms === null || !/\.\d{3}Z$/.test(text)) throw invalidParameter(name, `Expected an ISO 8601 time with milliseconds (2014-05-22T02:38:28.103Z), got "${text}" for ${name}`);
	params.echo[name] = text;
	return ms;
}

function postConversionEvent(ctx: RequestContext): EmulatorResponse {
	const params = new AdsParams(ctx);
	const appId = params.string('app_id', { required: true })!;
	const osType = params.enum('os_type', refValues(CONVERSION_KEY, 'os_type'), { required: true })!;
	const type = params.enum('conversion_type', refValues(CONVERSION_KEY, 'conversion_type'), { required: true })!;
	const device = params.string('hashed_device_id', { required: true })!;
	const time = timeWithMilliseconds(params, 'conversion_time', true)!;
	timeWithMilliseconds(params, 'non_twitter_engagement_time', false);
	const click = Number(params.enum('click_window', refValues(CONVERSION_KEY, 'click_window')) ?? 14);
	const view = Number(params.enum('view_through_window', refValues(CONVERSION_KEY, 'view_through_window')) ?? 1);
	// "click_window must be greater than or equal to view_through_window"
	if (click < view) throw invalidParameter('click_window', `click_window (${click}) must be greater than or equal to view_through_window (${view})`);
	for (const name of ['level', 'number_items', 'price_micro']) params.integer(name, { min: 0, max: Number.MAX_SAFE_INTEGER });
	const ip = params.string('device_ip_address');
	if (ip !== undefined && !/^(\d{1,3}\.){3}\d{1,3}$|^[0-9a-fA-F:]+:[0-9a-fA-F:.]*$/.test(ip)) throw invalidParameter('device_ip_address', `Expected an IPv4 or IPv6 address, got "${ip}" for device_ip_address`);
	const currency = params.string('price_currency');
	if (currency !== undefined && !/^[A-Z]{3}$/.test(currency)) throw invalidParameter('price_currency', `Expected an ISO 4217 code, got "${currency}" for price_currency`);
	params.boolean('user_payment_info');
	const state = measurementState(ctx.store);
	state.conversionEvents.push(Object.fromEntries(ctx.query));
	let attribution: Record<string, unknown> | null = null;
	for (const [key, tags] of state.tags) {
		const tag = tags.find((t) => !t.deleted && t.app_store_identifier === appId && t.os_type === osType && t.conversion_type === type);
		if (!tag || !key.startsWith(`${ctx.env}:`)) continue;
		const campaign = [...ctx.store.ads[ctx.env].campaigns.values()].find((c) => c.accountId === tag.accountId);
		const lineItem = [...ctx.store.ads[ctx.env].lineItems.values()].find((l) => l.accountId === tag.accountId);
		attribution = {
			country_code: 'US',
			engagement_time: adsTime(time - 60_000).replace(/Z$/, '.000Z'),
			engagement_type: 'CLICK',
			attribution_type: 'PROMOTED',
			promoted_properties: { campaign_id: campaign?.id ?? null, line_item_id: lineItem?.id ?? null, account_id: tag.accountId, line_item_objective: lineItem?.objective ?? null, campaign_name: campaign?.name ?? null },
			tweet_id: null,
		};
		break;
	}
	return ok({
		data: {
			app_id: appId,
			os_type: osType,
			conversion_type: type,
			conversion_time: params.echo.conversion_time,
			hashed_device_id: device,
			click_window: click,
			view_through_window: view,
			conversion_value_micro: Number(params.raw('price_micro') ?? 0),
			limit_ad_tracking: false,
			event_metadata: null,
			non_twitter_engagement_type: params.raw('non_twitter_engagement_type') ?? null,
			non_twitter_engagement_time: params.raw('non_twitter_engagement_time') ?? null,
			tpn_attribution: null,
			twitter_attribution: attribution,
		},
		request: { params: Object.fromEntries(ctx.query) },
	});
}

// ---- A/B tests -----------------------------------------------------------------------------------

/** "The entity_type can be set to CAMPAIGN or LINE_ITEM", as X's A/B testing page says (recorded in test/reference/recordedFacts.json). */
function entityTypes(): string[] {
	return xFacts().abTest.entityTypes;
}

type Json = Record<string, unknown>;

/** The Creating section's rules, and the line item level's requirements, on a whole test. */
function judgeAbTest(ctx: RequestContext, accountId: string, test: Json, startsChecked: boolean): void {
	const bad = (name: string, message: string) => invalidParameter(name, message);
	if (!entityTypes().includes(String(test.entity_type))) throw bad('entity_type', `Expected an Enum (one of ${entityTypes().join(', ')}), got "${String(test.entity_type)}" for entity_type`);
	const times: number[] = [];
	for (const name of ['start_time', 'end_time']) {
		if (test[name] === undefined) throw missingParameter(name);
		const ms = typeof test[name] === 'string' ? parseIsoTime(test[name] as string) : null;
		if (ms === null) throw bad(name, `Expected an ISO 8601 time, got ${JSON.stringify(test[name])} for ${name}`);
		// "Be in the future (relative to when the A/B Test is created)"
		if (startsChecked && ms <= ctx.now) throw bad(name, `${name} must be in the future`);
		times.push(ms);
	}
	const groups = test.user_groups;
	// "A minimum of two user groups is required", "A maximum of 30 user groups is allowed"
	if (!Array.isArray(groups)) throw missingParameter('user_groups');
	const lineItemLevel = test.entity_type === 'LINE_ITEM';
	// "Number of user groups line items allowed in 1 split test must be less than or equal to 5."
	const max = lineItemLevel ? 5 : 30;
	if (groups.length < 2 || groups.length > max) throw bad('user_groups', `Expected 2 to ${max} user groups, got ${groups.length}`);
	const ads = ctx.store.ads[ctx.env];
	let total = 0;
	const sizes = new Set<number>();
	const entities: string[] = [];
	for (const group of groups as Json[]) {
		// "a string representation of a numeric value between 1.00 and 99.00"
		if (typeof group?.size !== 'string' || !/^\d+(\.\d+)?$/.test(group.size) || Number(group.size) < 1 || Number(group.size) > 99) throw bad('size', `Expected a String of a number between 1.00 and 99.00, got ${JSON.stringify(group?.size)} for size`);
		const share = Math.round(Number(group.size) * 100);
		total += share;
		sizes.add(share);
		const ids = group.entity_ids;
		if (!Array.isArray(ids) || !ids.length) throw missingParameter('entity_ids');
		// "Only 1 line item per user group."
		if (lineItemLevel && ids.length !== 1) throw bad('entity_ids', 'Only 1 line item per user group is allowed for LINE_ITEM A/B tests');
		for (const id of ids) {
			const found = lineItemLevel ? ads.lineItems.get(String(id)) : ads.campaigns.get(String(id));
			if (!found || found.accountId !== accountId || found.deleted) throw bad('entity_ids', `${lineItemLevel ? 'Line item' : 'Campaign'} ${String(id)} not found in account ${accountId}`);
			entities.push(String(id));
		}
	}
	// "The size values across objects must add up to 100.00"
	if (total !== 10_000) throw bad('size', `The user group sizes must add up to 100.00, got ${(total / 100).toFixed(2)}`);
	// "Only equal splitting is allowed for Line item level."
	if (lineItemLevel && sizes.size > 1) throw bad('size', 'Only equal splitting is allowed for LINE_ITEM A/B tests');
	const lineItems = [...ads.lineItems.values()].filter((l) => !l.deleted && (lineItemLevel ? entities.includes(l.id) : entities.includes(l.campaign_id)));
	if (lineItemLevel) {
		// "All line items of the A/B testing campaign must be included in the split test."
		const campaigns = new Set(lineItems.map((l) => l.campaign_id));
		const left = [...ads.lineItems.values()].find((l) => !l.deleted && campaigns.has(l.campaign_id) && !entities.includes(l.id));
		if (left) throw bad('entity_ids', `All line items of the campaign must be included in the split test (${left.id} is not)`);
	}
	// "at least one day for non-app-based campaigns and ... at least five days for app-based campaigns"
	const appBased = lineItems.some((l) => /^APP_/.test(String(l.objective)));
	const minDays = appBased ? 5 : 1;
	if (times[1] - times[0] < minDays * DAY_MS) throw bad('end_time', `The test must last at least ${minDays} day${minDays > 1 ? 's' : ''}${appBased ? ' for app-based campaigns' : ''}`);
}

const AB_ATTRIBUTES = ['entity_type', 'start_time', 'end_time', 'user_groups', 'name', 'description'];

function abTestBody(ctx: RequestContext): Json {
	if (!ctx.json || typeof ctx.json !== 'object' || Array.isArray(ctx.json)) throw adsError(400, 'INVALID_PARAMETER', 'The endpoint only accepts JSON POST bodies (Content-Type: application/json)');
	return ctx.json as Json;
}

function abTestRecord(ctx: RequestContext, test: AbTest, given: Json): Json {
	const user = ctx.user ? { user_id: ctx.user.userId, username: ctx.user.screenName } : null;
	const now = adsTime(ctx.now);
	const previous = test.record;
	const groups = (given.user_groups as Json[] | undefined)?.map((g, n) => ({ id: ((previous.user_groups as Json[] | undefined)?.[n]?.id as string) ?? adsId(5), name: g.name ?? null, description: g.description ?? null, size: Number(g.size).toFixed(1), entity_ids: g.entity_ids }));
	return {
		created_at: now,
		created_by: user,
		deleted: false,
		status: 'SCHEDULED',
		...previous,
		...Object.fromEntries(AB_ATTRIBUTES.filter((k) => given[k] !== undefined && k !== 'user_groups').map((k) => [k, given[k]])),
		...(groups ? { user_groups: groups } : {}),
		id: test.id,
		updated_at: now,
		updated_by: user,
	};
}

function createAbTest(ctx: RequestContext): EmulatorResponse {
	const { account } = requireAccount(ctx);
	const body = abTestBody(ctx);
	judgeAbTest(ctx, account.id, body, true);
	const test: AbTest = { id: adsId(5), accountId: account.id, env: ctx.env, record: {} };
	test.record = abTestRecord(ctx, test, body);
	measurementState(ctx.store).abTests.set(`${ctx.env}:${test.id}`, test);
	return ok({ request: { params: { account_id: account.id, ...body } }, data: test.record });
}

function updateAbTest(ctx: RequestContext): EmulatorResponse {
	const { account } = requireAccount(ctx);
	const test = measurementState(ctx.store).abTests.get(`${ctx.env}:${ctx.pathParams.ab_test_id}`);
	if (!test || test.accountId !== account.id) throw notFound(`A/B test ${ctx.pathParams.ab_test_id} not found`);
	const body = abTestBody(ctx);
	const merged = { ...test.record, ...body, user_groups: body.user_groups ?? (test.record.user_groups as Json[]).map((g) => ({ ...g, size: Number(g.size).toFixed(2) })) };
	judgeAbTest(ctx, account.id, merged, body.start_time !== undefined || body.end_time !== undefined);
	test.record = abTestRecord(ctx, test, body);
	return ok({ request: { params: { account_id: account.id, ab_test_id: test.id, ...body } }, data: test.record });
}

export function registerMeasurementRoutes(router: Router): void {
	router.ads('GET', '/12/accounts/:account_id/app_event_tags', listTags);
	router.ads('GET', '/12/accounts/:account_id/app_event_tags/:app_event_tag_id', getTag);
	router.ads('POST', '/12/conversion_event', postConversionEvent);
	router.ads('POST', '/12/accounts/:account_id/ab_tests', createAbTest);
	router.ads('PUT', '/12/accounts/:account_id/ab_tests/:ab_test_id', updateAbTest);
}

// ---- Control -------------------------------------------------------------------------------------

export interface MeasurementControl {
	/** The app event tags of an account of users[0] (production by default), deleted ones included. */
	appEventTags(accountId: string, environment?: AdsEnvironment): AppEventTag[];
	/** Every conversion event received, as its query parameters. */
	conversionEventsReceived(): Array<Record<string, string>>;
	/** Every A/B test created, as X would answer it. */
	abTests(): Array<Record<string, unknown>>;
}

export function createMeasurementControl(store: () => Store): MeasurementControl {
	return {
		appEventTags: (accountId, environment = 'production') => structuredClone(measurementState(store()).tags.get(`${environment}:${accountId}`) ?? []),
		conversionEventsReceived: () => structuredClone(measurementState(store()).conversionEvents),
		abTests: () => [...measurementState(store()).abTests.values()].map((t) => structuredClone(t.record)),
	};
}

/** HTTP control routes of this family (path after /_emulator); null when the route is not one of them. */
export function handleMeasurementControl(control: MeasurementControl, route: string): unknown | null {
	if (route === 'GET /measurement/conversion-events') return control.conversionEventsReceived();
	if (route === 'GET /measurement/ab-tests') return control.abTests();
	const tags = /^GET \/measurement\/app-event-tags\/([^/]+)$/.exec(route);
	return tags ? control.appEventTags(decodeURIComponent(tags[1])) : null;
}
