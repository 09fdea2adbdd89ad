/**
 * Product catalogs, products and product sets (https://docs.x.com/x-ads-api/catalog-management/reference,
 * early access). Catalogs belong to the
 * authenticated user (one per user). Products are upserted by id in JSON batches of at most 25,
 * each entry checked against the Product table; X answers per entry, in input order.
 */
import { adsError, AdsParams, envelope, invalidParameter, missingParameter, notFound } from '../ads';
import type { RequestContext } from '../http';
import { isObject, jsonString, jsonStringArray, onlyKeys, requireJsonBody, requireJsonObject } from '../jsonBody';
import type { Router } from '../router';
import { refEndpoint, refValues } from '../conformance';
import {
	createCatalog,
	groupKeyFor,
	newProductKey,
	PRODUCT_INPUT_FIELDS,
	PRODUCT_SET_FILTER_ATTRIBUTES,
	PRODUCT_SET_FILTER_OPERATORS,
	PRODUCTS_PUT,
	productWithDefaults,
	type Product,
	type ProductCatalogRecord,
	type ProductRecord,
	type ProductSetFilter,
	type ProductSetRecord,
} from '../state/productCatalogs';
import { adsId } from '../util';

export const MAX_PRODUCTS_PER_REQUEST = 25;
const ISO_4217 = new Set(Intl.supportedValuesOf('currency'));
const PRICE = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/;
const HTTPS_URL = /^https:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/;
const HTML_TAG = /<\/?[a-zA-Z!][^>]*>/;
const GTIN = /^\d{8,14}$/;
/**
 * The reference's form YYYY-MM-DDTHH:MM+HH:MM, and what X's own example sends: seconds, a fraction
 * and Z (2022-10-04T17:20:31.000Z); the offset may also be negative.
 */
const EFFECTIVE_TIME = '(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})';
const EFFECTIVE_DATE = new RegExp(`^${EFFECTIVE_TIME}/${EFFECTIVE_TIME}$`);
/** X fetches images and accepts only these formats; a URL whose path names another format is refused. */
const IMAGE_EXTENSION = /\.([A-Za-z0-9]{2,5})$/;
const IMAGE_FORMATS = new Set(['jpg', 'jpeg', 'gif', 'webp', 'png']);
/** #rgb or #rrggbb, or six hex characters holding a digit (color words such as "beaded" are names). */
const HEX_COLOR = /#(?:[0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-z])|(?<![0-9a-z])(?=[a-f]*[0-9])[0-9a-f]{6}(?![0-9a-z])/i;

// ---- Catalogs ---------------------------------------------------------------------------------

function catalogView(c: ProductCatalogRecord) {
	return { id: c.id, name: c.name };
}

/** The catalog named by :product_catalog_id: unknown -> 404, another user's -> 403. */
export function ownedCatalog(ctx: RequestContext): ProductCatalogRecord {
	const id = ctx.pathParams.product_catalog_id;
	const catalog = ctx.store.ads[ctx.env].productCatalogs.catalogs.get(id);
	if (!catalog) throw notFound(`Product catalog ${id} not found`);
	if (!ctx.user || catalog.ownerId !== ctx.user.userId) {
		throw adsError(403, 'UNAUTHORIZED_ACCESS', `User ${ctx.user?.userId ?? ''} is not authorized to access product catalog ${id}`);
	}
	return catalog;
}

function checkUserId(ctx: RequestContext, userId: string | undefined, parameter = 'user_id'): void {
	if (userId === undefined) return;
	if (!/^\d{1,20}$/.test(userId)) throw invalidParameter(parameter, `Expected a numeric user id, got "${userId}" for ${parameter}`);
	if (userId !== ctx.user?.userId) {
		throw adsError(403, 'UNAUTHORIZED_ACCESS', `User ${ctx.user?.userId ?? ''} is not authorized to act for user ${userId}`);
	}
}

function listCatalogs(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const userId = params.string('user_id', { maxLength: 20 });
	checkUserId(ctx, userId);
	const env = ctx.store.ads[ctx.env].productCatalogs;
	const id = env.byUser.get(ctx.user!.userId);
	const data = id ? [catalogView(env.catalogs.get(id)!)] : [];
	return { status: 200, body: { request: { params: params.echo }, data, next_cursor: null } };
}

function createCatalogRoute(ctx: RequestContext) {
	// Query parameters, as X's reference and example request send them.
	const params = new AdsParams(ctx);
	const name = params.string('name', { required: true, maxLength: 255 })!;
	const userId = params.string('user_id', { maxLength: 20 });
	checkUserId(ctx, userId);
	const env = ctx.store.ads[ctx.env].productCatalogs;
	const existing = env.byUser.get(ctx.user!.userId);
	if (existing) {
		throw invalidParameter('user_id', `User ${ctx.user!.userId} already has product catalog ${existing}; a user can hold only one catalog`);
	}
	let id = adsId(10);
	while (env.catalogs.has(id)) id = adsId(10);
	const catalog = createCatalog(env, id, name, ctx.user!.userId);
	return envelope(params, catalogView(catalog));
}

function updateCatalog(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	catalog.name = params.string('name', { required: true, maxLength: 255 })!;
	return envelope(params, catalogView(catalog));
}

function deleteCatalog(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	const env = ctx.store.ads[ctx.env].productCatalogs;
	env.catalogs.delete(catalog.id);
	if (env.byUser.get(catalog.ownerId) === catalog.id) env.byUser.delete(catalog.ownerId);
	return envelope(params, catalogView(catalog));
}

// ---- Products ---------------------------------------------------------------------------------

/** Decimal text as an integer at the given scale, for exact comparison. */
function scaled(amount: string, scale: number): bigint {
	const [i, f = ''] = amount.split('.');
	return BigInt(i + f.padEnd(scale, '0'));
}

function compareAmounts(a: string, b: string): number {
	const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
	const x = scaled(a, scale);
	const y = scaled(b, scale);
	return x < y ? -1 : x > y ? 1 : 0;
}

function parsePrice(text: string): { amount: string; currency: string } | null {
	const m = PRICE.exec(text);
	if (!m || !ISO_4217.has(m[2])) return null;
	return { amount: m[1], currency: m[2] };
}

function effectiveTimeMs(parts: string[]): number | null {
	const [year, month, day, hour, minute, second = '0', zone] = parts;
	const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
	const [offH, offM] = zone === 'Z' ? [0, 0] : [Number(zone.slice(1, 3)), Number(zone.slice(4, 6))];
	if (Number(month) < 1 || Number(month) > 12 || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || offH > 23 || offM > 59) return null;
	if (new Date(ms).getUTCDate() !== Number(day)) return null;
	const offset = (offH * 60 + offM) * 60_000;
	return zone.startsWith('-') ? ms + offset : ms - offset;
}

interface EntryError {
	code: 'INVALID_PARAMETER' | 'MISSING_PARAMETER';
	message: string;
	parameter: string;
}

/** The Product table by X's reference: required attributes (but the generated product_key), then the other strings. */
const REQUIRED_STRINGS = refEndpoint(PRODUCTS_PUT)!.params.filter((p) => p.required && (PRODUCT_INPUT_FIELDS as readonly string[]).includes(p.name)).map((p) => p.name);
const OPTIONAL_STRINGS = PRODUCT_INPUT_FIELDS.filter((name) => !REQUIRED_STRINGS.includes(name) && name !== 'inventory');
const ACCEPTED_KEYS = new Set<string>([...PRODUCT_INPUT_FIELDS, 'product_key']);

/**
 * Checks one entry against the Product table. Returns the errors, or the product's input fields
 * (every optional field present, null when unset).
 */
function checkProductEntry(entry: unknown): { errors: EntryError[]; fields?: Record<string, string | number | null> } {
	const errors: EntryError[] = [];
	const invalid = (parameter: string, message: string) => errors.push({ code: 'INVALID_PARAMETER', message, parameter });
	if (!isObject(entry)) {
		invalid('products', 'Each product must be a JSON object');
		return { errors };
	}
	for (const key of Object.keys(entry)) if (!ACCEPTED_KEYS.has(key)) invalid(key, `Unknown product attribute ${key}`);
	const fields: Record<string, string | number | null> = {};
	for (const name of REQUIRED_STRINGS) {
		const v = entry[name];
		if (v === undefined || v === null || v === '') {
			errors.push({ code: 'MISSING_PARAMETER', message: `${name} is required`, parameter: name });
		} else if (typeof v !== 'string') {
			invalid(name, `Expected a String for ${name}, got ${JSON.stringify(v)}`);
		} else fields[name] = v;
	}
	for (const name of OPTIONAL_STRINGS) {
		const v = entry[name];
		if (v === undefined || v === null || v === '') fields[name] = null;
		else if (typeof v !== 'string') invalid(name, `Expected a String for ${name}, got ${JSON.stringify(v)}`);
		else fields[name] = v;
	}
	const inventory = entry.inventory;
	if (inventory === undefined || inventory === null) fields.inventory = null;
	else if (typeof inventory !== 'number' || !Number.isSafeInteger(inventory) || inventory < 0) {
		invalid('inventory', `Expected a non-negative Integer for inventory, got ${JSON.stringify(inventory)}`);
	} else fields.inventory = inventory;

	const s = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
	const title = s('title');
	if (title !== undefined && [...title].length > 150) invalid('title', `title must be at most 150 characters (got ${[...title].length})`);
	const description = s('description');
	if (description !== undefined) {
		if ([...description].length > 5000) invalid('description', `description must be at most 5000 characters (got ${[...description].length})`);
		if (HTML_TAG.test(description)) invalid('description', 'description must be plain text without HTML');
	}
	const enumCheck = (name: string, allowed: readonly string[]) => {
		const v = s(name);
		if (v !== undefined && !allowed.includes(v)) invalid(name, `Expected one of ${allowed.join(', ')} for ${name}, got "${v}"`);
	};
	for (const name of ['availability', 'condition', 'gender', 'age_group']) enumCheck(name, refValues(PRODUCTS_PUT, name));

	const priceText = s('price');
	const price = priceText === undefined ? null : parsePrice(priceText);
	if (priceText !== undefined && !price) invalid('price', `price must be a number, a space and an ISO 4217 currency code, such as "19.99 USD" (got "${priceText}")`);
	const saleText = s('sale_price');
	if (saleText !== undefined) {
		const sale = parsePrice(saleText);
		if (!sale) invalid('sale_price', `sale_price must be a number, a space and an ISO 4217 currency code (got "${saleText}")`);
		else if (price && sale.currency !== price.currency) invalid('sale_price', `sale_price must be in the currency of price (${price.currency})`);
		else if (price && compareAmounts(sale.amount, price.amount) >= 0) invalid('sale_price', 'sale_price must be lower than price');
	}
	for (const name of ['link', 'image_link', 'mobile_link']) {
		const v = s(name);
		if (v !== undefined && !HTTPS_URL.test(v)) invalid(name, `${name} must be an https URL (got "${v}")`);
	}
	const additional = s('additional_image_link');
	const additionalLinks = additional === undefined ? [] : additional.split(',').map((l) => l.trim());
	if (additional !== undefined) {
		if (additionalLinks.length > 10) invalid('additional_image_link', `additional_image_link takes at most 10 URLs (got ${additionalLinks.length})`);
		const bad = additionalLinks.find((l) => !HTTPS_URL.test(l));
		if (bad !== undefined) invalid('additional_image_link', `additional_image_link must hold https URLs (got "${bad}")`);
	}
	for (const [name, link] of [['image_link', s('image_link')], ...additionalLinks.map((l) => ['additional_image_link', l])] as Array<[string, string | undefined]>) {
		const path = link === undefined || !HTTPS_URL.test(link) ? undefined : new URL(link).pathname;
		const ext = path === undefined ? undefined : IMAGE_EXTENSION.exec(path)?.[1].toLowerCase();
		if (ext !== undefined && !IMAGE_FORMATS.has(ext)) invalid(name, `${name} must be a JPG, GIF, WEBP or PNG image (got a .${ext} file)`);
	}
	if (fields.brand === null && fields.gtin === null && fields.mpn === null) {
		errors.push({ code: 'MISSING_PARAMETER', message: 'One of brand, gtin or mpn is required', parameter: 'brand' });
	}
	const gtin = s('gtin');
	if (gtin !== undefined && !GTIN.test(gtin)) invalid('gtin', `gtin must be a UPC, EAN, JAN or ISBN of 8 to 14 digits (got "${gtin}")`);
	if (s('availability') === 'in stock' && typeof fields.inventory === 'number' && fields.inventory < 1) {
		invalid('inventory', 'inventory must be at least 1 when availability is "in stock"');
	}
	const effective = s('sale_price_effective_date');
	if (effective !== undefined) {
		const m = EFFECTIVE_DATE.exec(effective);
		const start = m ? effectiveTimeMs(m.slice(1, 8)) : null;
		const end = m ? effectiveTimeMs(m.slice(8, 15)) : null;
		if (start === null || end === null) {
			invalid('sale_price_effective_date', `sale_price_effective_date must be two ISO 8601 date-times separated by /, such as 2022-10-04T17:20+00:00/2022-10-10T04:00:00.000Z (got "${effective}")`);
		} else if (start >= end) invalid('sale_price_effective_date', 'sale_price_effective_date must start before it ends');
	}
	const productType = s('product_type');
	if (productType !== undefined && /(?:^|\S|\s{2})>|>(?:\S|\s{2}|$)/.test(productType)) {
		invalid('product_type', `product_type levels must be separated by " > " (got "${productType}")`);
	}
	const color = s('color');
	if (color !== undefined && HEX_COLOR.test(color)) invalid('color', `color must be color names, not hex codes (got "${color}")`);
	return errors.length ? { errors } : { errors, fields };
}

/**
 * A product as X lists it: X's example answer has null for unset optional fields but "" for an
 * unset product_type, so product_type is listed as "" when unset.
 */
function productView(product: Product): Product {
	return { ...product, product_type: product.product_type ?? '' };
}

/**
 * The listed products in submission order, only the first-submitted product of each item group
 * (X's reference), kept until the catalog's products change: a walk over a large catalog pages in
 * O(page) rather than O(catalog) per request.
 */
const listings = new WeakMap<ProductCatalogRecord, { changes: number; records: ProductRecord[] }>();
function listed(catalog: ProductCatalogRecord): ProductRecord[] {
	const cached = listings.get(catalog);
	if (cached && cached.changes === catalog.changes) return cached.records;
	const firstOfGroup = new Map<string, ProductRecord>();
	const records: ProductRecord[] = [];
	for (const r of catalog.products.values()) {
		const key = r.product.item_group_key;
		if (key !== null) {
			const first = firstOfGroup.get(key);
			if (first && first.seq < r.seq) continue;
			firstOfGroup.set(key, r);
		}
		records.push(r);
	}
	// Map order is submission order but for products moved by an update: sort by seq, then drop later group members.
	records.sort((a, b) => a.seq - b.seq);
	const visible = records.filter((r) => r.product.item_group_key === null || firstOfGroup.get(r.product.item_group_key) === r);
	listings.set(catalog, { changes: catalog.changes, records: visible });
	return visible;
}

/**
 * Products listed: only the first-submitted product of each item group. The cursor names the
 * next product (its submission number, decimal like X's example cursor), so a product deleted
 * between two pages shifts nothing.
 */
function listProducts(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	const groupKey = params.string('item_group_key', { maxLength: 64 });
	const count = params.integer('count', { min: 1, max: 100, fallback: 100 }) as number;
	const cursorRaw = params.raw('cursor');
	let from = 0;
	if (cursorRaw !== undefined) {
		if (!/^\d{1,15}$/.test(cursorRaw)) throw invalidParameter('cursor', `Expected a valid cursor, got "${cursorRaw}" for cursor`);
		from = Number(cursorRaw);
		params.echo.cursor = cursorRaw;
	}
	const all = listed(catalog);
	const records = groupKey === undefined ? all : all.filter((r) => r.product.item_group_key === groupKey);
	// First record at or after the cursor's submission number.
	let lo = 0;
	let hi = records.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (records[mid].seq < from) lo = mid + 1;
		else hi = mid;
	}
	const page = records.slice(lo, lo + count);
	const next = records[lo + count];
	return { status: 200, body: { request: { params: params.echo }, next_cursor: next ? String(next.seq) : null, data: page.map((r) => productView(r.product)) } };
}

function upsertProducts(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	const body = requireJsonObject(ctx);
	onlyKeys(body, ['products']);
	const entries = body.products;
	if (entries === undefined || entries === null) throw missingParameter('products');
	if (!Array.isArray(entries) || entries.length === 0) throw invalidParameter('products', 'Expected a non-empty array of products for products');
	if (entries.length > MAX_PRODUCTS_PER_REQUEST) {
		throw invalidParameter('products', `At most ${MAX_PRODUCTS_PER_REQUEST} products per request, got ${entries.length}`);
	}
	const idCount = new Map<string, number>();
	for (const e of entries) {
		if (isObject(e) && typeof e.id === 'string') idCount.set(e.id, (idCount.get(e.id) ?? 0) + 1);
	}
	const response = entries.map((entry) => {
		const id = isObject(entry) && typeof entry.id === 'string' ? entry.id : null;
		const existing = id === null ? undefined : catalog.products.get(id);
		const result = (status: string, errors: EntryError[], productKey: string | null) => ({
			warnings: [] as unknown[],
			errors,
			product_key: productKey,
			id,
			status,
		});
		if (id !== null && idCount.get(id)! > 1) {
			return result(
				'ERROR',
				[{ code: 'INVALID_PARAMETER', message: `id "${id}" appears ${idCount.get(id)} times in this request; every product with it is ignored`, parameter: 'id' }],
				existing?.product.product_key ?? null,
			);
		}
		const checked = checkProductEntry(entry);
		if (!checked.fields) return result('ERROR', checked.errors, existing?.product.product_key ?? null);
		const fields = checked.fields;
		const productKey = existing?.product.product_key ?? newProductKey();
		const next = productWithDefaults({ ...(fields as unknown as Partial<Product>), id: id!, product_key: productKey });
		next.item_group_key = groupKeyFor(catalog, next.item_group_id);
		if (!existing) {
			catalog.products.set(id!, { product: next, seq: catalog.nextSeq++ });
			catalog.changes++;
			return result('CREATE_SUCCESS', [], productKey);
		}
		if (JSON.stringify(existing.product) === JSON.stringify(next)) return result('NO_CHANGE', [], productKey);
		existing.product = next;
		catalog.changes++;
		return result('UPDATE_SUCCESS', [], productKey);
	});
	return envelope(params, { products_response: response });
}

/** Product ids by product key, kept until the products change otherwise (deletions keep it up to date). */
const keyIndexes = new WeakMap<ProductCatalogRecord, { changes: number; ids: Map<string, string> }>();
function keyIndex(catalog: ProductCatalogRecord): { changes: number; ids: Map<string, string> } {
	let index = keyIndexes.get(catalog);
	if (!index || index.changes !== catalog.changes) {
		index = { changes: catalog.changes, ids: new Map([...catalog.products.values()].map((r) => [r.product.product_key, r.product.id])) };
		keyIndexes.set(catalog, index);
	}
	return index;
}

function deleteProducts(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	const body = requireJsonObject(ctx);
	onlyKeys(body, ['product_keys']);
	const keys = jsonStringArray(body, 'product_keys', { required: true })!;
	const byKey = keyIndex(catalog);
	const results = keys.map((key) => {
		const id = byKey.ids.get(key);
		if (id === undefined || !catalog.products.has(id)) {
			return { product_key: key, failed_product_key: key, message: `Product with product_key ${key} not found` };
		}
		catalog.products.delete(id);
		byKey.ids.delete(key);
		byKey.changes = ++catalog.changes;
		return { product_key: key, failed_product_key: null, message: null };
	});
	return envelope(params, { delete_products: results });
}

// ---- Product sets -----------------------------------------------------------------------------

function attributeValue(product: Product, attribute: string): string | number | null {
	return (product as unknown as Record<string, string | number | null>)[attribute] ?? null;
}

function numberOf(text: string): number | null {
	return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : null;
}

/** Does the product pass one filter? Prices compare as amounts in the same currency. */
function passes(product: Product, filter: ProductSetFilter): boolean {
	const raw = attributeValue(product, filter.attribute);
	if (raw === null) return filter.operator === 'NOT_CONTAINS';
	const value = String(raw);
	const target = filter.value;
	let order: number | null = null;
	if (filter.attribute === 'price' || filter.attribute === 'sale_price') {
		const a = parsePrice(value);
		const b = parsePrice(target);
		if (a && b && a.currency === b.currency) order = compareAmounts(a.amount, b.amount);
	} else {
		const a = numberOf(value);
		const b = numberOf(target);
		if (a !== null && b !== null) order = a < b ? -1 : a > b ? 1 : 0;
	}
	switch (filter.operator) {
		case 'GREATER_THAN':
			return order !== null && order > 0;
		case 'LESS_THAN':
			return order !== null && order < 0;
		case 'EQUAL_TO':
			return order !== null ? order === 0 : value === target;
		case 'MATCH':
			return value.toLowerCase() === target.toLowerCase();
		case 'CONTAINS':
			return value.toLowerCase().includes(target.toLowerCase());
		case 'NOT_CONTAINS':
			return !value.toLowerCase().includes(target.toLowerCase());
		default:
			return false; // readFilters admits only the operators X's reference lists
	}
}

function setView(catalog: ProductCatalogRecord, set: ProductSetRecord) {
	const products = [...catalog.products.values()].map((r) => r.product);
	const members =
		set.type === 'MANUAL'
			? set.productKeys.map((k) => products.find((p) => p.product_key === k)).filter((p): p is Product => p !== undefined)
			: products.filter((p) => set.filters.every((f) => passes(p, f)));
	return {
		id: set.id,
		name: set.name,
		description: set.description,
		type: set.type,
		product_ids: members.map((p) => p.id),
		processing_status: set.processing_status,
		filters: set.filters.map((f) => ({ ...f })),
	};
}

function findSet(ctx: RequestContext, catalog: ProductCatalogRecord): ProductSetRecord {
	const id = ctx.pathParams.product_set_id;
	const set = catalog.sets.get(id);
	if (!set) throw notFound(`Product set ${id} not found`);
	return set;
}

function getProductSet(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	return envelope(params, setView(catalog, findSet(ctx, catalog)));
}

function readFilters(value: unknown): ProductSetFilter[] {
	if (!Array.isArray(value) || value.length === 0) throw invalidParameter('filters', 'Expected a non-empty array of filters for filters');
	return value.map((f, n) => {
		if (!isObject(f)) throw invalidParameter('filters', `filters[${n}] must be an object with attribute, operator and value`);
		const attribute = String(f.attribute);
		const operator = String(f.operator);
		if (!PRODUCT_SET_FILTER_ATTRIBUTES.includes(attribute)) {
			throw invalidParameter('filters', `filters[${n}].attribute must be one of ${PRODUCT_SET_FILTER_ATTRIBUTES.join(', ')}, got ${JSON.stringify(attribute)}`);
		}
		if (!PRODUCT_SET_FILTER_OPERATORS.includes(operator)) {
			throw invalidParameter('filters', `filters[${n}].operator must be one of ${PRODUCT_SET_FILTER_OPERATORS.join(', ')}, got ${JSON.stringify(operator)}`);
		}
		if (typeof f.value !== 'string' || f.value === '') throw invalidParameter('filters', `filters[${n}].value must be a non-empty String`);
		if ((attribute === 'price' || attribute === 'sale_price') && !parsePrice(f.value)) {
			throw invalidParameter('filters', `filters[${n}].value must use the price format, such as "50.00 USD" (got "${f.value}")`);
		}
		for (const key of Object.keys(f)) {
			if (!['attribute', 'operator', 'value'].includes(key)) throw invalidParameter('filters', `filters[${n}] has an unknown key ${key}`);
		}
		return { attribute, operator, value: f.value };
	});
}

function createProductSet(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	const body = requireJsonObject(ctx);
	onlyKeys(body, ['name', 'description', 'type', 'filters', 'product_keys']);
	const name = jsonString(body, 'name', { required: true, maxLength: 255 })!;
	const description = jsonString(body, 'description', { maxLength: 1000 }) ?? null;
	const type = body.type;
	if (type === undefined || type === null) throw missingParameter('type');
	if (type !== 'MANUAL' && type !== 'FILTERED') throw invalidParameter('type', `Expected one of MANUAL, FILTERED for type, got ${JSON.stringify(type)}`);
	let productKeys: string[] = [];
	let filters: ProductSetFilter[] = [];
	if (type === 'MANUAL') {
		if (body.filters !== undefined) throw invalidParameter('filters', 'filters are only for FILTERED product sets');
		productKeys = jsonStringArray(body, 'product_keys', { required: true })!;
		const known = new Set([...catalog.products.values()].map((r) => r.product.product_key));
		const unknown = productKeys.find((k) => !known.has(k));
		if (unknown !== undefined) throw invalidParameter('product_keys', `Product key ${unknown} is not in product catalog ${catalog.id}`);
		productKeys = [...new Set(productKeys)];
	} else {
		if (body.product_keys !== undefined) throw invalidParameter('product_keys', 'product_keys are only for MANUAL product sets');
		if (body.filters === undefined || body.filters === null) throw missingParameter('filters');
		filters = readFilters(body.filters);
	}
	let id = adsId(8);
	while (catalog.sets.has(id)) id = adsId(8);
	const set: ProductSetRecord = { id, name, description, type, productKeys, filters, processing_status: 'DONE' };
	catalog.sets.set(id, set);
	return envelope(params, setView(catalog, set));
}

/** A permanent deletion; the answer is the set as it was. */
function deleteProductSet(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	const set = findSet(ctx, catalog);
	const view = setView(catalog, set);
	catalog.sets.delete(set.id);
	return envelope(params, view);
}

function updateProductSet(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const catalog = ownedCatalog(ctx);
	const set = findSet(ctx, catalog);
	const body = requireJsonBody(ctx);
	if (!isObject(body)) throw adsError(400, 'INVALID_PARAMETER', 'The JSON body must be an object');
	if (set.type === 'FILTERED') throw invalidParameter('product_set_id', `Product set ${set.id} is FILTERED; filtered product sets cannot be updated`);
	onlyKeys(body, ['name', 'description']);
	const name = jsonString(body, 'name', { maxLength: 255 });
	const description = jsonString(body, 'description', { maxLength: 1000 });
	if (name !== undefined) set.name = name;
	if (description !== undefined) set.description = description;
	return envelope(params, setView(catalog, set));
}

export function registerProductCatalogRoutes(router: Router): void {
	router.ads('GET', '/12/product_catalogs', listCatalogs);
	router.ads('POST', '/12/product_catalogs', createCatalogRoute);
	router.ads('PUT', '/12/product_catalogs/:product_catalog_id', updateCatalog);
	router.ads('DELETE', '/12/product_catalogs/:product_catalog_id', deleteCatalog);
	const products = '/12/product_catalogs/:product_catalog_id/products';
	router.ads('GET', products, listProducts);
	router.ads('PUT', products, upsertProducts);
	router.ads('DELETE', products, deleteProducts);
	const sets = '/12/product_catalogs/:product_catalog_id/product_sets';
	router.ads('POST', sets, createProductSet);
	router.ads('GET', `${sets}/:product_set_id`, getProductSet);
	router.ads('PUT', `${sets}/:product_set_id`, updateProductSet);
	router.ads('DELETE', `${sets}/:product_set_id`, deleteProductSet);
}
