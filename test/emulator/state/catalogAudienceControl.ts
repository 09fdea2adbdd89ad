/**
 * Control accessors for product catalogs and audiences (https://docs.x.com/x-ads-api/catalog-management/reference, first half): snapshots of
 * stored products and hashed members for assertions, and the count-mismatch fault of the audience
 * batch endpoints. Ids are unique across environments, so both are searched unless one is named.
 */
import type { AdsEnvironment, Store } from '../store';
import { audienceFaults } from './audiences';
import type { Product } from './productCatalogs';

export interface CatalogAudienceControl {
	/** Hashed members of a custom audience per identifier type (email, device_id, handle, twitter_id, phone_number, partner_user_id). */
	audienceMembers(customAudienceId: string, environment?: AdsEnvironment): Record<string, string[]>;
	/** Hashed members of a do-not-reach list (email, phone_number). */
	doNotReachMembers(doNotReachListId: string, environment?: AdsEnvironment): Record<string, string[]>;
	/** Copies of the stored products of a catalog, in first-submission order. */
	products(productCatalogId: string, environment?: AdsEnvironment): Product[];
	/**
	 * The next n custom audience (and do-not-reach) user uploads apply nothing and answer
	 * success_count = total_count - 1, so a client must send them again.
	 */
	injectAudienceCountMismatch(n: number): void;
	/** Operations of the users endpoints holding one of these (hashed) values are refused by X in operation_errors, the rest of their request applied. */
	refuseAudienceValues(values: string[]): void;
}

function find<T>(environment: AdsEnvironment | undefined, get: (env: AdsEnvironment) => T | undefined, what: string): T {
	for (const env of environment ? [environment] : (['production', 'sandbox'] as const)) {
		const found = get(env);
		if (found !== undefined) return found;
	}
	throw new Error(`no ${what}`);
}

const snapshot = (sets: Record<string, Set<string>>) => Object.fromEntries(Object.entries(sets).map(([type, set]) => [type, [...set]]));

export function createCatalogAudienceControl(store: () => Store): CatalogAudienceControl {
	return {
		audienceMembers(id, environment) {
			const audience = find(environment, (e) => store().ads[e].audiences.customAudiences.get(id), `custom audience ${id}`);
			return snapshot(audience.members);
		},
		doNotReachMembers(id, environment) {
			const list = find(environment, (e) => store().ads[e].audiences.doNotReachLists.get(id), `do-not-reach list ${id}`);
			return snapshot(list.members);
		},
		products(id, environment) {
			const catalog = find(environment, (e) => store().ads[e].productCatalogs.catalogs.get(id), `product catalog ${id}`);
			return [...catalog.products.values()].sort((a, b) => a.seq - b.seq).map((r) => ({ ...r.product }));
		},
		injectAudienceCountMismatch(n) {
			if (!Number.isInteger(n) || n < 0) throw new Error('n must be a non-negative integer');
			audienceFaults(store()).countMismatch = n;
		},
		refuseAudienceValues(values) {
			audienceFaults(store()).refusedValues = new Set(values);
		},
	};
}

/** HTTP control routes of this family (path after /_emulator); null when the route is not one of them. */
export function handleCatalogAudienceControl(control: CatalogAudienceControl, route: string, input: Record<string, unknown>): unknown | null {
	let m = /^GET \/custom-audiences\/([^/]+)\/members$/.exec(route);
	if (m) return control.audienceMembers(decodeURIComponent(m[1]));
	m = /^GET \/do-not-reach-lists\/([^/]+)\/members$/.exec(route);
	if (m) return control.doNotReachMembers(decodeURIComponent(m[1]));
	m = /^GET \/product-catalogs\/([^/]+)\/products$/.exec(route);
	if (m) return control.products(decodeURIComponent(m[1]));
	if (route === 'POST /audience-count-mismatch') {
		control.injectAudienceCountMismatch(Number(input.times ?? input.n ?? 1));
		return { ok: true };
	}
	return null;
}

/** JSON-friendly snapshot of one environment's catalogs and audiences (for GET /_emulator/state). */
export function serializeCatalogsAndAudiences(env: Store['ads']['production']): { productCatalogs: unknown; audiences: unknown } {
	const sets = (members: Record<string, Set<string>>) => snapshot(members);
	return {
		productCatalogs: [...env.productCatalogs.catalogs.values()].map((c) => ({
			id: c.id,
			name: c.name,
			owner_user_id: c.ownerId,
			products: [...c.products.values()].sort((a, b) => a.seq - b.seq).map((r) => r.product),
			product_sets: [...c.sets.values()],
		})),
		audiences: {
			tailoredAudiences: [...env.audiences.tailoredAudiences.values()].map((a) => ({ id: a.id, name: a.name, account_id: a.accountId })),
			permissions: [...env.audiences.permissions.values()],
			customAudiences: [...env.audiences.customAudiences.values()].map((a) => ({ id: a.id, name: a.name, account_id: a.accountId, members: sets(a.members), targeting: a.targeting })),
			doNotReachLists: [...env.audiences.doNotReachLists.values()].map((l) => ({ ...l.list, account_id: l.accountId, members: sets(l.members) })),
		},
	};
}
