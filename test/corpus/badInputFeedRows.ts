/**
 * Bad rows of a catalog feed file (Product Catalog → Sync, Input: File): each is refused with its
 * line and the reason, by the same Product rules as item input (02 §Product; X's reference of the
 * products upsert), while the rest of the feed is synced; a refused row that names an id keeps
 * X's product as it is. test/engine/productCatalog.sync.test.ts runs them all in one feed.
 * https://docs.x.com/x-ads-api/catalog-management/reference#put-product_catalogs%2Fproduct_catalog_id%2Fproducts
 */
import { validProduct } from '../fixtures/products';

/** The columns of the feed the rows below are written for (X's column names). */
export const FEED_COLUMNS = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'inventory', 'sale_price', 'color'];

/** A valid row's cells by column (the valid product of the fixtures), for the id given; a bad row changes one or two. */
export const goodCells = (id: string): Record<string, string> => {
	const product = validProduct(id);
	return Object.fromEntries(FEED_COLUMNS.map((c) => [c, product[c] === undefined ? '' : String(product[c])]));
};

export interface FeedRow {
	description: string;
	/** The row as written in the file (after the header). */
	line: string;
	/** The reason the summary gives for it. */
	reason: RegExp;
}

const row = (id: string, change: Record<string, string>) => FEED_COLUMNS.map((c) => ({ ...goodCells(id), ...change })[c]).join(',');

export const badFeedRows: FeedRow[] = [
	{ description: 'title missing', line: row('r-title', { title: '' }), reason: /^Title \(title\) is required$/ },
	{ description: 'price with a comma (quoted)', line: row('r-price', { price: '"19,99 USD"' }), reason: /^Price \(price\) must be a number, a space and a 3-letter currency code/ },
	{ description: 'price currency not ISO 4217', line: row('r-currency', { price: '19.99 XYZ' }), reason: /^Price \(price\) has "XYZ", which is not an ISO 4217 currency code$/ },
	{ description: 'availability not exact (Google\'s in_stock)', line: row('r-avail', { availability: 'in_stock' }), reason: /^Availability \(availability\) must be one of in stock, available for order, preorder, out of stock, discontinued/ },
	{ description: 'link not https', line: row('r-link', { link: 'http://shop.example.com/p' }), reason: /^Link \(link\) must be an https URL/ },
	{ description: 'inventory not a number', line: row('r-inv', { inventory: 'many' }), reason: /^Inventory \(inventory\) must be a number in decimal digits/ },
	{ description: 'in stock with inventory 0', line: row('r-zero', { inventory: '0' }), reason: /^Inventory \(inventory\) must be at least 1 when availability is "in stock"/ },
	{ description: 'sale price above the price', line: row('r-sale', { sale_price: '29.99 USD' }), reason: /^Sale Price \(sale_price\) must be lower than the price/ },
	{ description: 'hex colour', line: row('r-color', { color: '#FF0000' }), reason: /^Color \(color\) must be color names, not hex codes/ },
	{ description: 'description with HTML', line: row('r-html', { description: 'Soft <b>leather</b>' }), reason: /^Description \(description\) must be plain text without HTML tags$/ },
	{ description: 'no brand, GTIN or MPN', line: row('r-brand', { brand: '' }), reason: /^Brand \(brand\), GTIN \(gtin\) or MPN \(mpn\) one of them is required$/ },
	{ description: 'a stray delimiter (more fields than the header)', line: `${row('r-extra', {})},surplus`, reason: /^has 13 fields, the header has 12 \(a stray delimiter or quote\?\)$/ },
	{ description: 'id missing', line: row('', {}), reason: /^ID \(id\) is required$/ },
	{ description: 'id over 100 characters', line: row('x'.repeat(101), {}), reason: /^ID \(id\) must be at most 100 characters/ },
];
