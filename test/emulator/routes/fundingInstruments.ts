/**
 * Funding instruments (https://docs.x.com/x-ads-api/campaign-management/reference#funding-instruments):
 * list and get on both hosts; create and delete on the sandbox host only, as X documents them.
 */
import { AdsParams, collection, envelope, invalidParameter, notFound, requireAccount } from '../ads';
import { refValues } from '../conformance';
import type { RequestContext } from '../http';
import type { Router } from '../router';
import type { FundingInstrumentRecord } from '../state/campaigns';
import { adsId, adsTime, nextUpdatedAt } from '../util';

const TYPES = refValues('POST 12/accounts/:account_id/funding_instruments', 'type');
const MICRO_MAX = Number.MAX_SAFE_INTEGER;

const SORT_FIELDS: Record<string, (f: FundingInstrumentRecord) => string> = {
	id: (f) => f.id,
	created_at: (f) => f.created_at,
	updated_at: (f) => f.updated_at,
	start_time: (f) => f.start_time,
};

/** X shows the owning account as account_id. */
function view(f: FundingInstrumentRecord) {
	const { accountId, ...rest } = f;
	return { ...rest, account_id: accountId, reasons_not_able_to_fund: [...f.reasons_not_able_to_fund] };
}

function find(ctx: RequestContext, accountId: string, withDeleted = false): FundingInstrumentRecord {
	const id = ctx.pathParams.funding_instrument_id;
	const f = ctx.store.ads[ctx.env].campaignState.fundingInstruments.get(id);
	if (!f || f.accountId !== accountId || (f.deleted && !withDeleted)) throw notFound(`Funding instrument ${id} not found`);
	return f;
}

function list(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const ids = params.idList('funding_instrument_ids');
	const withDeleted = params.boolean('with_deleted');
	const source = [...ctx.store.ads[ctx.env].campaignState.fundingInstruments.values()].filter((f) => f.accountId === account.account.id);
	return collection(params, {
		source,
		filter: (f) => (withDeleted || !f.deleted) && (!ids || ids.includes(f.id)),
		sortFields: SORT_FIELDS,
		render: view,
		count: { default: 200, min: 1, max: 1000 },
	});
}

function get(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const withDeleted = params.boolean('with_deleted');
	const account = requireAccount(ctx);
	return envelope(params, view(find(ctx, account.account.id, withDeleted)));
}

function create(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const currency = params.string('currency', { required: true, maxLength: 3 }) as string;
	if (!/^[A-Z]{3}$/.test(currency)) throw invalidParameter('currency', `Expected an ISO 4217 currency code such as USD, got "${currency}" for currency`);
	const start = params.time('start_time', { required: true }) as number;
	const type = params.enum('type', TYPES, { required: true }) as string;
	const end = params.time('end_time');
	if (end !== undefined && end <= start) throw invalidParameter('end_time', 'end_time must be after start_time');
	const credit = params.integer('credit_limit_local_micro', { min: 0, max: MICRO_MAX });
	const funded = params.integer('funded_amount_local_micro', { min: 0, max: MICRO_MAX });
	const state = ctx.store.ads[ctx.env].campaignState;
	let id = adsId(5);
	while (state.fundingInstruments.has(id)) id = adsId(5);
	const t = adsTime(ctx.now);
	const record: FundingInstrumentRecord = {
		accountId: account.account.id,
		id,
		type,
		description: '(no payment method has been set up yet)',
		currency,
		start_time: adsTime(start),
		end_time: end === undefined ? null : adsTime(end),
		credit_limit_local_micro: credit ?? null,
		funded_amount_local_micro: funded ?? null,
		credit_remaining_local_micro: null,
		entity_status: 'ACTIVE',
		able_to_fund: true,
		reasons_not_able_to_fund: [],
		io_header: null,
		created_at: t,
		updated_at: t,
		deleted: false,
	};
	state.fundingInstruments.set(id, record);
	return envelope(params, view(record));
}

function remove(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const f = find(ctx, account.account.id);
	f.deleted = true;
	f.able_to_fund = false;
	f.reasons_not_able_to_fund = ['DELETED'];
	f.updated_at = nextUpdatedAt(f.updated_at, ctx.now);
	return envelope(params, view(f));
}

export function registerFundingInstrumentRoutes(router: Router): void {
	const base = '/12/accounts/:account_id/funding_instruments';
	router.ads('GET', base, list);
	router.ads('GET', `${base}/:funding_instrument_id`, get);
	router.sandbox('POST', base, create);
	router.sandbox('DELETE', `${base}/:funding_instrument_id`, remove);
}
