/**
 * Product catalogs, products and product sets (https://docs.x.com/x-ads-api/catalog-management/reference,
 * early access): records, the seed and the fixtures. A catalog belongs to a user (one per user),
 * not to an ads account.
 */
import { refEndpoint, refTextList } from '../conformance';
import type { AdsEnvironment, Identity, Store } from '../store';
import { adsId, randomString } from '../util';

/** X's reference of the product upsert, the source of the Product table's names and values. */
export const PRODUCTS_PUT = 'PUT 12/product_catalogs/:product_catalog_id/products';
const PRODUCT_SETS_POST = 'POST 12/product_catalogs/:product_catalog_id/product_sets';

/** Product as X returns it, in the order of the spec's Product table; unset optional fields are null. */
export interface Product {
	id: string;
	product_key: string;
	title: string;
	description: string;
	availability: string;
	condition: string;
	price: string;
	link: string;
	image_link: string;
	brand: string | null;
	gtin: string | null;
	mpn: string | null;
	mobile_link: string | null;
	additional_image_link: string | null;
	google_product_category: string | null;
	product_type: string | null;
	inventory: number | null;
	sale_price: string | null;
	sale_price_effective_date: string | null;
	item_group_id: string | null;
	item_group_key: string | null;
	gender: string | null;
	color: string | null;
	size: string | null;
	age_group: string | null;
	custom_label_0: string | null;
	custom_label_1: string | null;
	custom_label_2: string | null;
	custom_label_3: string | null;
	custom_label_4: string | null;
}

/** X generates these; a client does not supply them. */
const GENERATED = new Set(['product_key', 'item_group_key']);

/** Fields a client supplies: the attributes X's reference lists for the upsert, but the generated keys. */
export const PRODUCT_INPUT_FIELDS: ReadonlyArray<keyof Product> = refEndpoint(PRODUCTS_PUT)!
	.params.filter((p) => p.place === 'body' && !GENERATED.has(p.name))
	.map((p) => p.name as keyof Product);

export interface ProductRecord {
	product: Product;
	/** Order of first submission within the catalog (a group shows its first-submitted product). */
	seq: number;
}

/** What a filter of a FILTERED set may name, as X's reference of product set creation lists it. */
export const PRODUCT_SET_FILTER_ATTRIBUTES = refTextList(PRODUCT_SETS_POST, 'filters', 'Supported attributes');
export const PRODUCT_SET_FILTER_OPERATORS = refTextList(PRODUCT_SETS_POST, 'filters', 'Supported operators');

export interface ProductSetFilter {
	attribute: string;
	operator: string;
	value: string;
}

export interface ProductSetRecord {
	id: string;
	name: string;
	description: string | null;
	type: 'MANUAL' | 'FILTERED';
	/** MANUAL: member product keys (members whose product is deleted drop out). */
	productKeys: string[];
	filters: ProductSetFilter[];
	processing_status: 'DONE' | 'PROCESSING' | 'FAILED';
}

export interface ProductCatalogRecord {
	id: string;
	name: string;
	ownerId: string;
	/** By item id, in first-submission order. */
	products: Map<string, ProductRecord>;
	sets: Map<string, ProductSetRecord>;
	/** item_group_id -> generated item_group_key. */
	groupKeys: Map<string, string>;
	nextSeq: number;
	/** Counts changes of the products (the listing's cache follows it). */
	changes: number;
}

export interface ProductCatalogEnvState {
	catalogs: Map<string, ProductCatalogRecord>;
	/** The one catalog of a user, by user id. */
	byUser: Map<string, string>;
}

export interface ProductCatalogSeedIds {
	catalog: string;
	foreignCatalog: string;
	productKeys: [string, string, string];
	manualSet: string;
	filteredSet: string;
}

export interface ProductCatalogFixtures {
	/** users[0]'s catalog "Acme Catalog" with products sku-1, sku-2 (group "runner"), sku-3. */
	productCatalogId: string;
	/** Product keys by item id: sku-1, sku-2, sku-3. */
	productKeys: Record<string, string>;
	/** MANUAL set "Runners": sku-1 and sku-2. */
	manualProductSetId: string;
	/** FILTERED set "Under 60": price LESS_THAN "60.00 USD". */
	filteredProductSetId: string;
	/** users[1]'s catalog "Other Catalog" (no products). */
	foreignProductCatalogId: string;
}

export function newProductKey(): string {
	return randomString(20, '0123456789abcdefghijklmnopqrstuvwxyz');
}

export function newProductCatalogSeedIds(): ProductCatalogSeedIds {
	return {
		catalog: adsId(10),
		foreignCatalog: adsId(10),
		productKeys: [newProductKey(), newProductKey(), newProductKey()],
		manualSet: adsId(8),
		filteredSet: adsId(8),
	};
}

export function productCatalogFixtures(ids: ProductCatalogSeedIds): ProductCatalogFixtures {
	return {
		productCatalogId: ids.catalog,
		productKeys: { 'sku-1': ids.productKeys[0], 'sku-2': ids.productKeys[1], 'sku-3': ids.productKeys[2] },
		manualProductSetId: ids.manualSet,
		filteredProductSetId: ids.filteredSet,
		foreignProductCatalogId: ids.foreignCatalog,
	};
}

export function emptyProductCatalogEnv(): ProductCatalogEnvState {
	return { catalogs: new Map(), byUser: new Map() };
}

/** A product with every optional field null, then the given fields. */
export function productWithDefaults(fields: Partial<Product> & Pick<Product, 'id' | 'product_key'>): Product {
	const product = {} as Record<string, unknown>;
	product.id = fields.id;
	product.product_key = fields.product_key;
	for (const name of PRODUCT_INPUT_FIELDS) if (name !== 'id') product[name] = null;
	product.item_group_key = null;
	Object.assign(product, fields);
	// Keep the table's field order (item_group_key after item_group_id).
	const ordered = {} as Record<string, unknown>;
	for (const name of ['id', 'product_key', ...PRODUCT_INPUT_FIELDS.slice(1)]) {
		ordered[name] = product[name];
		if (name === 'item_group_id') ordered.item_group_key = product.item_group_key;
	}
	return ordered as unknown as Product;
}

export function createCatalog(env: ProductCatalogEnvState, id: string, name: string, ownerId: string): ProductCatalogRecord {
	const catalog: ProductCatalogRecord = { id, name, ownerId, products: new Map(), sets: new Map(), groupKeys: new Map(), nextSeq: 1, changes: 0 };
	env.catalogs.set(id, catalog);
	env.byUser.set(ownerId, id);
	return catalog;
}

export function groupKeyFor(catalog: ProductCatalogRecord, itemGroupId: string | null): string | null {
	if (itemGroupId === null) return null;
	let key = catalog.groupKeys.get(itemGroupId);
	if (!key) catalog.groupKeys.set(itemGroupId, (key = randomString(16, '0123456789abcdefghijklmnopqrstuvwxyz')));
	return key;
}

/**
 * X's rate limits of the Batch Products API (catalog management overview, Rate Limits), per user
 * and 15 minutes.
 */
export const PRODUCT_BUDGETS: Record<string, number> = {
	[`GET /12/product_catalogs/:product_catalog_id/products`]: 1000,
	[`PUT /12/product_catalogs/:product_catalog_id/products`]: 600,
	[`DELETE /12/product_catalogs/:product_catalog_id/products`]: 150,
};

/** users[0] gets "Acme Catalog" with 3 products and 2 sets; users[1] gets an empty "Other Catalog". */
export function seedProductCatalogs(store: Store, identity: Identity, envName: AdsEnvironment): void {
	const env = store.ads[envName].productCatalogs;
	const ids = identity.productCatalogSeeds[envName];
	const [owner, other] = store.users;
	const catalog = createCatalog(env, ids.catalog, 'Acme Catalog', owner.userId);
	createCatalog(env, ids.foreignCatalog, 'Other Catalog', other.userId);
	const common = {
		description: 'Lightweight shoe for trail running',
		availability: 'in stock',
		condition: 'new',
		link: 'https://shop.acme.example/p/trail-runner',
		image_link: 'https://cdn.acme.example/img/trail-runner.jpg',
		brand: 'Acme',
	};
	const products: Array<Partial<Product> & { id: string }> = [
		{ id: 'sku-1', title: 'Trail Runner', ...common, price: '89.99 USD', inventory: 12, item_group_id: 'runner', color: 'Red', size: '42', product_type: 'Shoes > Running' },
		{ id: 'sku-2', title: 'Trail Runner', ...common, price: '89.99 USD', inventory: 5, item_group_id: 'runner', color: 'Blue', size: '42', product_type: 'Shoes > Running' },
		{
			id: 'sku-3',
			title: 'Canvas Sneaker',
			description: 'Classic canvas sneaker',
			availability: 'in stock',
			condition: 'new',
			price: '49.00 USD',
			sale_price: '39.00 USD',
			link: 'https://shop.acme.example/p/canvas-sneaker',
			image_link: 'https://cdn.acme.example/img/canvas-sneaker.png',
			gtin: '0012345678905',
			inventory: 40,
			product_type: 'Shoes > Casual',
			custom_label_0: 'summer',
		},
	];
	products.forEach((p, i) => {
		const product = productWithDefaults({ ...p, product_key: ids.productKeys[i] });
		product.item_group_key = groupKeyFor(catalog, product.item_group_id);
		catalog.products.set(p.id, { product, seq: catalog.nextSeq++ });
	});
	for (const [key, limit] of Object.entries(PRODUCT_BUDGETS)) store.rateLimits.budgets.set(key, { limit, windowSeconds: 15 * 60 });
	catalog.sets.set(ids.manualSet, {
		id: ids.manualSet,
		name: 'Runners',
		description: 'Every trail runner',
		type: 'MANUAL',
		productKeys: [ids.productKeys[0], ids.productKeys[1]],
		filters: [],
		processing_status: 'DONE',
	});
	catalog.sets.set(ids.filteredSet, {
		id: ids.filteredSet,
		name: 'Under 60',
		description: null,
		type: 'FILTERED',
		productKeys: [],
		filters: [{ attribute: 'price', operator: 'LESS_THAN', value: '60.00 USD' }],
		processing_status: 'DONE',
	});
}
