/** The Product table (https://docs.x.com/x-ads-api/catalog-management/reference): the fields and rules Product and Product Catalog → Sync both check. */
import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../../shared/engine/endpoints';
import { compareDecimal, parsePrice } from '../../shared/values/prices';

/** X's largest product batch; X ignores every entry of a batch that repeats an id. */
export const PRODUCT_BATCH = 25;

const https = (label: string) => ({ pattern: /^https:\/\/[^\s/$.?#][^\s]*$/i, patternRule: `an https URL (${label})` });

export const AVAILABILITY = ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'] as const;
export const CONDITIONS = ['new', 'used', 'refurbished'] as const;
export const GENDERS = ['female', 'male', 'unisex'] as const;
export const AGE_GROUPS = ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn'] as const;

/** The Product table: what a product may carry and the rules checked before sending. */
export const productFields: Field[] = [
	{ wire: 'id', label: 'ID', type: 'string', required: true, description: 'Unique item ID (SKU preferred); the upsert key', rules: { maxLength: 100 } },
	{ wire: 'title', label: 'Title', type: 'string', required: true, rules: { maxLength: 150 } },
	{ wire: 'description', label: 'Description', type: 'string', required: true, description: 'Plain text, no HTML', rules: { maxLength: 5000 } },
	{ wire: 'availability', label: 'Availability', type: 'options', required: true, options: AVAILABILITY },
	{ wire: 'condition', label: 'Condition', type: 'options', required: true, options: CONDITIONS },
	{ wire: 'price', label: 'Price', type: 'string', required: true, placeholder: 'e.g. 19.99 USD', description: 'A number, a space and an ISO 4217 currency code' },
	{ wire: 'link', label: 'Link', type: 'string', required: true, description: 'Product page URL (https)', rules: https('link') },
	{ wire: 'image_link', label: 'Image Link', type: 'string', required: true, description: 'Primary image URL (https): JPG, GIF, WEBP or PNG, at least 500x500 px, at most 5 MB', rules: https('image_link') },
	{ wire: 'brand', label: 'Brand', type: 'string', description: 'Required when GTIN and MPN are absent' },
	{ wire: 'gtin', label: 'GTIN', type: 'string', description: 'UPC, EAN, JAN or ISBN; required when brand and MPN are absent', rules: { pattern: /^\d{8,14}$/, patternRule: 'a GTIN of 8 to 14 digits (UPC, EAN, JAN or ISBN)' } },
	{ wire: 'mpn', label: 'MPN', type: 'string', description: 'Required when brand and GTIN are absent' },
	{ wire: 'mobile_link', label: 'Mobile Link', type: 'string', rules: https('mobile_link') },
	{ wire: 'additional_image_link', label: 'Additional Image Links', type: 'string', description: 'Up to 10 https image URLs, comma-separated' },
	// The parameter keeps its first name, so saved workflows keep their value; X's wire name is google_product_category.
	{ wire: 'google_product_category', name: 'vendorProductCategory', label: 'Google Product Category', type: 'string', description: 'Category path or ID in Google\'s product taxonomy' },
	{ wire: 'product_type', label: 'Product Type', type: 'string', description: 'Your own taxonomy, levels separated by " > "' },
	{ wire: 'inventory', label: 'Inventory', type: 'number', description: 'At least 1 when in stock', rules: { integer: true, min: 0 } },
	{ wire: 'sale_price', label: 'Sale Price', type: 'string', placeholder: 'e.g. 14.99 USD', description: 'Lower than the price, in the same currency' },
	{ wire: 'sale_price_effective_date', label: 'Sale Price Effective Date', type: 'string', placeholder: '2026-05-01T00:00+00:00/2026-05-08T00:00+00:00', description: 'Two date-times separated by /' },
	{ wire: 'item_group_id', label: 'Item Group ID', type: 'string', description: 'Groups variants (size, color, age group, gender)' },
	{ wire: 'gender', label: 'Gender', type: 'options', options: GENDERS },
	{ wire: 'color', label: 'Color', type: 'string', description: 'Color names, no hex codes' },
	{ wire: 'size', label: 'Size', type: 'string' },
	{ wire: 'age_group', label: 'Age Group', type: 'options', options: AGE_GROUPS },
	...[0, 1, 2, 3, 4].map((n): Field => ({ wire: `custom_label_${n}`, label: `Custom Label ${n}`, type: 'string' })),
];

export const PRODUCT_WIRE_NAMES = new Set(productFields.map((f) => f.wire));
const HTML = /<\/?[a-z!][^>]*>/i;
/**
 * The reference's form YYYY-MM-DDTHH:MM+HH:MM, and the form of X's own example (seconds, a fraction,
 * Z: 2022-10-04T17:20:31.000Z); the offset may also be negative.
 */
const EFFECTIVE_DATE_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}:\\d{2})';
const EFFECTIVE_DATES = new RegExp(`^(${EFFECTIVE_DATE_TIME})/(${EFFECTIVE_DATE_TIME})$`);
/** #rgb, #rrggbb, or six hex digits with at least one digit (so names such as "Beaded" pass). */
const HEX_COLOR = /#[0-9a-f]{3}(?:[0-9a-f]{3})?\b|\b(?=[a-f]*\d)[0-9a-f]{6}\b/i;

/** Custom taxonomy levels are separated by " > ": a space, >, a space. */
const BAD_LEVEL_SEPARATOR = /(?:^|\S|\s{2})>|>(?:\S|\s{2}|$)/;

/** Rules of the Product table that span fields or need parsing. */
export function checkProduct(values: IDataObject, fail: (field: string, rule: string) => never): void {
	const description = values.description as string | undefined;
	if (description && HTML.test(description)) fail('Description (description)', 'must be plain text without HTML tags');
	const price = parsePrice(String(values.price ?? ''));
	if (price.rule) fail('Price (price)', price.rule);
	if (values.sale_price !== undefined) {
		const sale = parsePrice(String(values.sale_price));
		if (sale.rule) fail('Sale Price (sale_price)', sale.rule);
		if (sale.price!.currency !== price.price!.currency) {
			fail('Sale Price (sale_price)', `must be in the price's currency ${price.price!.currency} (got ${sale.price!.currency})`);
		}
		if (compareDecimal(sale.price!.amount, price.price!.amount) >= 0) {
			fail('Sale Price (sale_price)', `must be lower than the price (got ${String(values.sale_price)} for ${String(values.price)})`);
		}
	}
	if (values.product_type !== undefined && BAD_LEVEL_SEPARATOR.test(String(values.product_type))) {
		fail('Product Type (product_type)', `must separate its levels with " > " (a space, >, a space), such as "Apparel > Shoes" (got "${String(values.product_type)}")`);
	}
	if (values.brand === undefined && values.gtin === undefined && values.mpn === undefined) {
		fail('Brand (brand), GTIN (gtin) or MPN (mpn)', 'one of them is required');
	}
	if (values.availability === 'in stock' && values.inventory !== undefined && Number(values.inventory) < 1) {
		fail('Inventory (inventory)', `must be at least 1 when availability is "in stock" (got ${String(values.inventory)})`);
	}
	if (values.additional_image_link !== undefined) {
		const links = String(values.additional_image_link).split(',').map((l) => l.trim()).filter(Boolean);
		if (links.length > 10) fail('Additional Image Links (additional_image_link)', `takes at most 10 URLs (got ${links.length})`);
		const bad = links.find((l) => !https('').pattern.test(l));
		if (bad) fail('Additional Image Links (additional_image_link)', `must be https URLs (got "${bad}")`);
		values.additional_image_link = links.join(',');
	}
	if (values.sale_price_effective_date !== undefined) {
		const match = EFFECTIVE_DATES.exec(String(values.sale_price_effective_date));
		if (!match) {
			fail('Sale Price Effective Date (sale_price_effective_date)', `must be two date-times separated by /, such as 2026-05-01T00:00+00:00/2026-05-08T00:00+00:00 (got "${String(values.sale_price_effective_date)}")`);
		}
		if (Date.parse(match![1]) >= Date.parse(match![2])) {
			fail('Sale Price Effective Date (sale_price_effective_date)', 'must start before it ends');
		}
	}
	if (values.color !== undefined && HEX_COLOR.test(String(values.color))) {
		fail('Color (color)', `must be color names, not hex codes (got "${String(values.color)}")`);
	}
}
