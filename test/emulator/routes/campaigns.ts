/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Campaigns (https://docs.x.com/x-ads-api/campaign-management/reference#campaigns): list, get,
 * create, update, delete and the batch endpoint; and runBatch, the batch endpoint of campaigns and
 * line items: at most 40 operations, each judged as its single endpoint would judge it, applied
 * all or none ("Batch requests fail or succeed together"), item problems in operation_errors by
 * input position, answers in input order.
 */
import { adsError, AdsParams, collection, envelope, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import { HttpError, ok, type EmulatorResponse, type RequestContext } from '../http';
import type { Router } from '../router';
import { publicView, recordHistory, type CampaignRecord, type HistoryEntry } from '../store';
import { adsId, adsTime, nextUpdatedAt } from '../util';

const MICRO_MAX = Number.MAX_SAFE_INTEGER;
/** X's default limit of active campaigns per account (POST campaigns note). */
export const ACTIVE_CAMPAIGN_LIMIT = 200;
/** "The current maximum batch size is 40." */
export const BATCH_MAX = 40;

const SORT_FIELDS: Record<string, (c: CampaignRecord) => string | number> = {
	id: (c) => c.id,
	name: (c) => c.name,
	created_at: (c) => c.created_at,
	updated_at: (c) => c.updated_at,
	entity_status: (c) => c.entity_status,
};

/** A campaign as X shows it: its stored fields and what X works out (servable, reasons, effective status). */
export function campaignView(ctx: RequestContext, c: CampaignRecord): Record<string, unknown> {
	const reasons: string[] = [];
	if (c.entity_status === 'PAUSED') reasons.push('PAUSED_BY_ADVERTISER');
	const hasLineItems = [...ctx.store.ads[ctx.env].lineItems.values()].some((li) => li.campaign_id === c.id && !li.deleted);
	if (!hasLineItems || c.entity_status === 'DRAFT') reasons.push('INCOMPLETE');
	const servable = !c.deleted && reasons.length === 0;
	return {
		...publicView(c),
		reasons_not_servable: reasons,
		servable,
		effective_status: servable ? 'RUNNING' : 'UNKNOWN',
	};
}

function findCampaign(ctx: RequestContext, accountId: string, opts: { withDeleted?: boolean } = {}): CampaignRecord {
	const id = ctx.pathParams.campaign_id;
	const c = ctx.store.ads[ctx.env].campaigns.get(id);
	if (!c || c.accountId !== accountId || (c.deleted && !opts.withDeleted)) throw notFound(`Campaign ${id} not found`);
	return c;
}

function history(ctx: RequestContext, accountId: string, c: CampaignRecord, type: HistoryEntry['change_type']): void {
	recordHistory(ctx.store.ads[ctx.env], accountId, {
		change_by: { user_id: ctx.user!.userId, platform: 'API' },
		change_time: c.updated_at,
		change_type: type,
		entity: 'CAMPAIGN',
		entity_id: c.id,
		entity_data: publicView(c),
	});
}

function listCampaigns(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const ids = params.idList('campaign_ids');
	const funding = params.idList('funding_instrument_ids');
	const q = params.string('q', { maxLength: 255 })?.toLowerCase();
	const withDeleted = params.boolean('with_deleted');
	const withDraft = params.boolean('with_draft');
	const source = [...ctx.store.ads[ctx.env].campaigns.values()].filter((c) => c.accountId === account.account.id);
	return collection(params, {
		source,
		filter: (c) =>
			(withDeleted || !c.deleted) &&
			(withDraft || c.entity_status !== 'DRAFT') &&
			(!ids || ids.includes(c.id)) &&
			(!funding || funding.includes(c.funding_instrument_id)) &&
			(!q || c.name.toLowerCase().includes(q)),
		sortFields: SORT_FIELDS,
		render: (c) => campaignView(ctx, c),
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getCampaign(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const withDeleted = params.boolean('with_deleted');
	const account = requireAccount(ctx);
	return envelope(params, campaignView(ctx, findCampaign(ctx, account.account.id, { withDeleted })));
}

/** The budget rules of both POST and PUT: "less than or equal to the total budget". */
function checkBudgets(daily: number | null, total: number | null, dailyGiven: boolean): void {
	if (daily !== null && total !== null && daily > total) {
		throw invalidParameter(
			dailyGiven ? 'daily_budget_amount_local_micro' : 'total_budget_amount_local_micro',
			`daily_budget_amount_local_micro (${daily}) must be less than or equal to total_budget_amount_local_micro (${total})`,
		);
	}
}

function activeCampaigns(ctx: RequestContext, accountId: string): number {
	let n = 0;
	for (const c of ctx.store.ads[ctx.env].campaigns.values()) if (c.accountId === accountId && !c.deleted && c.entity_status === 'ACTIVE') n++;
	return n;
}

function createCampaign(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const accountId = account.account.id;
	const env = ctx.store.ads[ctx.env];
	const fundingId = params.string('funding_instrument_id', { required: true, maxLength: 64 }) as string;
	const name = params.string('name', { required: true, maxLength: 255 }) as string;
	const optimization = params.enum('budget_optimization', ['LINE_ITEM'] as const) ?? 'LINE_ITEM';
	const daily = params.integer('daily_budget_amount_local_micro', { min: 0, max: MICRO_MAX }) ?? null;
	const total = params.integer('total_budget_amount_local_micro', { min: 0, max: MICRO_MAX }) ?? null;
	const status = params.enum('entity_status', ['ACTIVE', 'DRAFT', 'PAUSED'] as const) ?? 'ACTIVE';
	const order = params.string('purchase_order_number', { maxLength: 50 }) ?? null;
	const standard = params.has('standard_delivery') ? params.boolean('standard_delivery') : null;
	const instrument = env.campaignState.fundingInstruments.get(fundingId);
	if (!instrument || instrument.accountId !== accountId || instrument.deleted) {
		throw invalidParameter('funding_instrument_id', `Funding instrument ${fundingId} does not exist in account ${accountId}`);
	}
	checkBudgets(daily, total, daily !== null);
	if (status === 'ACTIVE' && activeCampaigns(ctx, accountId) >= ACTIVE_CAMPAIGN_LIMIT) {
		throw invalidParameter('entity_status', `The account has ${ACTIVE_CAMPAIGN_LIMIT} active campaigns, the limit; create it PAUSED or pause another`);
	}
	let id = adsId(5);
	while (env.campaigns.has(id)) id = adsId(5);
	const t = adsTime(ctx.now);
	const campaign: CampaignRecord = {
		accountId,
		id,
		name,
		budget_optimization: optimization,
		entity_status: status,
		currency: instrument.currency,
		funding_instrument_id: fundingId,
		daily_budget_amount_local_micro: daily,
		total_budget_amount_local_micro: total,
		purchase_order_number: order,
		standard_delivery: standard,
		frequency_cap: null,
		duration_in_days: null,
		created_at: t,
		updated_at: t,
		deleted: false,
	};
	env.campaigns.set(id, campaign);
	history(ctx, accountId, campaign, 'CREATE');
	return envelope(params, campaignView(ctx, campaign));
}

function updateCampaign(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const campaign = findCampaign(ctx, account.account.id);
	const optimization = params.enum('budget_optimization', ['LINE_ITEM'] as const);
	const daily = params.integer('daily_budget_amount_local_micro', { min: 0, max: MICRO_MAX });
	const total = params.integer('total_budget_amount_local_micro', { min: 0, max: MICRO_MAX });
	const status = params.enum('entity_status', ['ACTIVE', 'PAUSED'] as const);
	const name = params.string('name', { maxLength: 255 });
	const order = params.string('purchase_order_number', { maxLength: 50 });
	const standard = params.has('standard_delivery') ? params.boolean('standard_delivery') : undefined;
	checkBudgets(daily ?? campaign.daily_budget_amount_local_micro, total ?? campaign.total_budget_amount_local_micro, daily !== undefined);
	if (status === 'ACTIVE' && campaign.entity_status !== 'ACTIVE' && activeCampaigns(ctx, account.account.id) >= ACTIVE_CAMPAIGN_LIMIT) {
		throw invalidParameter('entity_status', `The account has ${ACTIVE_CAMPAIGN_LIMIT} active campaigns, the limit`);
	}
	const changes: Partial<CampaignRecord> = {};
	if (optimization !== undefined) changes.budget_optimization = optimization;
	if (daily !== undefined) changes.daily_budget_amount_local_micro = daily;
	if (total !== undefined) changes.total_budget_amount_local_micro = total;
	if (status !== undefined) changes.entity_status = status;
	if (name !== undefined) changes.name = name;
	if (order !== undefined) changes.purchase_order_number = order;
	if (standard !== undefined) changes.standard_delivery = standard;
	if (Object.keys(changes).length) {
		Object.assign(campaign, changes);
		campaign.updated_at = nextUpdatedAt(campaign.updated_at, ctx.now);
		history(ctx, account.account.id, campaign, 'UPDATE');
	}
	return envelope(params, campaignView(ctx, campaign));
}

function deleteCampaign(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const campaign = findCampaign(ctx, account.account.id);
	campaign.deleted = true;
	campaign.updated_at = nextUpdatedAt(campaign.updated_at, ctx.now);
	history(ctx, account.account.id, campaign, 'DELETE');
	return envelope(params, campaignView(ctx, campaign));
}

// ---- Batch ------------------------------------------------------------------------------------

/** A JSON value as the query text the single endpoint reads (lists comma-joined). */
function queryText(value: unknown): string {
	if (Array.isArray(value)) return value.map(String).join(',');
	return String(value);
}

/** The single endpoint's handler per operation type, and the params key of the record's ID. */
export interface BatchSpec {
	idParam: string;
	handlers: Partial<Record<'Create' | 'Update' | 'Delete', (ctx: RequestContext) => EmulatorResponse>>;
}

/**
 * Runs every operation through its single endpoint's handler on the live state; when one fails,
 * the state is put back as it was (campaigns, line items, account history) and the answer is 400
 * with the problems in operation_errors, aligned with the operations.
 */
export function runBatch(ctx: RequestContext, spec: BatchSpec): EmulatorResponse {
	const account = requireAccount(ctx);
	const body = ctx.json;
	if (!Array.isArray(body) || body.length === 0) {
		throw adsError(400, 'INVALID_PARAMETER', 'Expected a JSON array of operations ({operation_type, params}) as the request body');
	}
	if (body.length > BATCH_MAX) {
		throw adsError(400, 'INVALID_PARAMETER', `The batch holds ${body.length} operations; the maximum batch size is ${BATCH_MAX}`);
	}
	const env = ctx.store.ads[ctx.env];
	const saved = {
		campaigns: new Map([...env.campaigns].map(([k, v]) => [k, { ...v }])),
		lineItems: new Map([...env.lineItems].map(([k, v]) => [k, { ...v, placements: [...v.placements], categories: [...v.categories] }])),
		history: env.history.get(account.account.id)?.length ?? 0,
	};
	const data: unknown[] = [];
	const request: unknown[] = [];
	const operationErrors: unknown[][] = [];
	for (const operation of body as Array<Record<string, unknown>>) {
		const type = operation?.operation_type as string;
		const params = (operation?.params ?? {}) as Record<string, unknown>;
		request.push({ params: { ...params, account_id: account.account.id }, operation_type: type ?? null });
		try {
			const handler = spec.handlers[type as 'Create'];
			if (!handler) throw invalidParameter('operation_type', `Expected an Enum (one of ${Object.keys(spec.handlers).join(', ')}), got "${String(type)}" for operation_type`);
			if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalidParameter('params', 'Expected a JSON object for params');
			const pathParams: Record<string, string> = { account_id: account.account.id };
			const query: Array<[string, string]> = [];
			for (const [name, value] of Object.entries(params)) {
				if (value === null || value === undefined) continue;
				if (name === spec.idParam) pathParams[name] = String(value);
				else query.push([name, queryText(value)]);
			}
			if (type !== 'Create' && pathParams[spec.idParam] === undefined) throw missingParameter(spec.idParam);
			const answer = handler({ ...ctx, pathParams, query, form: null, json: undefined, rawBody: '' });
			data.push((answer.body as { data: unknown }).data);
			operationErrors.push([]);
		} catch (error) {
			if (!(error instanceof HttpError)) throw error;
			operationErrors.push(((error.body as { errors?: unknown[] }).errors ?? []) as unknown[]);
		}
	}
	if (operationErrors.some((e) => e.length)) {
		env.campaigns.clear();
		for (const [k, v] of saved.campaigns) env.campaigns.set(k, v);
		env.lineItems.clear();
		for (const [k, v] of saved.lineItems) env.lineItems.set(k, v);
		env.history.get(account.account.id)?.splice(saved.history);
		throw new HttpError(400, { operation_errors: operationErrors, request });
	}
	return ok({ data, request });
}

export function registerCampaignRoutes(router: Router): void {
	const campaigns = '/12/accounts/:account_id/campaigns';
	router.ads('GET', campaigns, listCampaigns);
	router.ads('POST', campaigns, createCampaign);
	router.ads('GET', `${campaigns}/:campaign_id`, getCampaign);
	router.ads('PUT', `${campaigns}/:campaign_id`, updateCampaign);
	router.ads('DELETE', `${campaigns}/:campaign_id`, deleteCampaign);
	router.ads('POST', '/12/batch/accounts/:account_id/campaigns', (ctx) =>
		runBatch(ctx, { idParam: 'campaign_id', handlers: { Create: createCampaign, Update: updateCampaign, Delete: deleteCampaign } }),
	);
}
