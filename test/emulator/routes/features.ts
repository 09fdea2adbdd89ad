/**
 * Account features (https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-features):
 * list them; add and remove them on the sandbox base only.
 */
import { AdsParams, envelope, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import { refValues } from '../conformance';
import type { Router } from '../router';

/** The only keys the GET filter accepts. */
export const FEATURE_FILTER_KEYS = refValues('GET 12/accounts/:account_id/features', 'feature_keys');

/** Keys the sandbox accepts for adding (and, as the reference cuts the DELETE list off, for removing). */
export const SANDBOX_FEATURE_KEYS = refValues('POST 12/accounts/:account_id/features', 'feature_keys');

function featuresOf(ctx: RequestContext, accountId: string): string[] {
	const all = ctx.store.ads[ctx.env].features;
	let list = all.get(accountId);
	if (!list) all.set(accountId, (list = []));
	return list;
}

function listFeatures(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const record = requireAccount(ctx);
	const keys = params.keyList('feature_keys', FEATURE_FILTER_KEYS);
	const present = featuresOf(ctx, record.account.id);
	const data = keys ? present.filter((k) => (keys as readonly string[]).includes(k)) : [...present];
	return envelope(params, data);
}

function changeFeatures(add: boolean) {
	return (ctx: RequestContext) => {
		const params = new AdsParams(ctx);
		const record = requireAccount(ctx);
		const keys = params.keyList('feature_keys', SANDBOX_FEATURE_KEYS, { required: true }) as string[];
		const present = featuresOf(ctx, record.account.id);
		if (add) {
			for (const k of keys) if (!present.includes(k)) present.push(k);
		} else {
			const remaining = present.filter((k) => !keys.includes(k));
			present.splice(0, present.length, ...remaining);
		}
		return envelope(params, [...present]);
	};
}

export function registerFeatureRoutes(router: Router): void {
	router.ads('GET', '/12/accounts/:account_id/features', listFeatures);
	router.sandbox('POST', '/12/accounts/:account_id/features', changeFeatures(true));
	router.sandbox('DELETE', '/12/accounts/:account_id/features', changeFeatures(false));
}
