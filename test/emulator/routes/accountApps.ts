/** Account apps (https://docs.x.com/x-ads-api/campaign-management/reference): the mobile apps of an ads account. */
import { AdsParams, collection, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import type { Router } from '../router';
import type { AccountApp } from '../store';

const SORT_FIELDS: Record<string, (a: AccountApp) => string> = {
	id: (a) => a.id,
	app_store_identifier: (a) => a.app_store_identifier,
	os_type: (a) => a.os_type,
	created_at: (a) => a.created_at,
	updated_at: (a) => a.updated_at,
};

function listAccountApps(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const record = requireAccount(ctx);
	const withDeleted = params.boolean('with_deleted');
	return collection(params, {
		source: ctx.store.ads[ctx.env].accountApps.get(record.account.id) ?? [],
		filter: (a) => withDeleted || !a.deleted,
		sortFields: SORT_FIELDS,
		render: (a) => ({ ...a }),
		count: { default: 200, min: 1, max: 1000 },
	});
}

export function registerAccountAppRoutes(router: Router): void {
	router.ads('GET', '/12/accounts/:account_id/account_apps', listAccountApps);
}
