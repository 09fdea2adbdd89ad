/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/** Accounts (https://docs.x.com/x-ads-api/campaign-management/reference): list, read, update; create and delete exist on the sandbox base only. */
import { AdsParams, collection, envelope, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import type { Router } from '../router';
import { addAccount, INDUSTRY_TYPES, type Account, type AccountRecord } from '../store';
import { adsTime } from '../util';

/** Lists omit industry_type; single-account responses include it (spec: "adds industry_type"). */
function listView(a: Account): Omit<Account, 'industry_type'> {
	const { industry_type: _omit, ...rest } = a;
	return rest;
}

function fullView(a: Account): Account {
	return { ...a };
}

const SORT_FIELDS: Record<string, (r: AccountRecord) => string> = {
	id: (r) => r.account.id,
	name: (r) => r.account.name,
	created_at: (r) => r.account.created_at,
	updated_at: (r) => r.account.updated_at,
};

function listAccounts(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const ids = params.idList('account_ids');
	const q = params.string('q', { maxLength: 80 })?.toLowerCase();
	const withDeleted = params.boolean('with_deleted');
	const idSet = ids ? new Set(ids) : null;
	const source = ctx.store.ads[ctx.env].byUser.get(ctx.user!.userId) ?? [];
	return collection(params, {
		source,
		filter: (r) =>
			(withDeleted || !r.account.deleted) &&
			(!idSet || idSet.has(r.account.id)) &&
			(!q || r.account.name.toLowerCase().startsWith(q)),
		sortFields: SORT_FIELDS,
		render: (r) => listView(r.account),
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getAccount(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const withDeleted = params.boolean('with_deleted');
	const record = requireAccount(ctx, { withDeleted });
	return envelope(params, fullView(record.account));
}

function updateAccount(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const record = requireAccount(ctx);
	const name = params.string('name', { maxLength: 255 });
	const industryType = params.enum('industry_type', INDUSTRY_TYPES);
	const a = record.account;
	if (name !== undefined) a.name = name;
	if (industryType !== undefined) a.industry_type = industryType;
	a.updated_at = adsTime(ctx.now);
	return envelope(params, fullView(a));
}

function createSandboxAccount(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const user = ctx.user!;
	const n = (ctx.store.ads.sandbox.byUser.get(user.userId)?.length ?? 0) + 1;
	const t = adsTime(ctx.now);
	const record = addAccount(ctx.store, 'sandbox', user.userId, {
		name: `Sandbox account ${n}`,
		approval_status: 'ACCEPTED',
		created_at: t,
		updated_at: t,
	});
	// X answers this one with an array holding the new account.
	return envelope(params, [fullView(record.account)]);
}

function deleteSandboxAccount(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const record = requireAccount(ctx);
	record.account.deleted = true;
	record.account.updated_at = adsTime(ctx.now);
	return envelope(params, fullView(record.account));
}

export function registerAccountRoutes(router: Router): void {
	router.ads('GET', '/12/accounts', listAccounts);
	router.ads('GET', '/12/accounts/:account_id', getAccount);
	router.ads('PUT', '/12/accounts/:account_id', updateAccount);
	router.sandbox('POST', '/12/accounts', createSandboxAccount);
	router.sandbox('DELETE', '/12/accounts/:account_id', deleteSandboxAccount);
}
