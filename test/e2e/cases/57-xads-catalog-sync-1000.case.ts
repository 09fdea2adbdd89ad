/**
 * A scheduled catalog sync in real n8n: a Code node emits 1,000 products, X Ads "Product > Create
 * or Update" maps them automatically (each item's JSON is the product) with On Error: Continue.
 *
 * The input (built by buildProducts() below, which is also the Code node's code):
 *  - 10 products break a rule of the Product table (price with a comma, http link, no title, HTML
 *    description, hex colour, availability not exact, 0 in stock, sale price above the price, GTIN
 *    with letters, no brand/GTIN/MPN). Each becomes an error item at its position ("Item N: ...",
 *    nothing sent); the last of them repeats sku-0300, which therefore keeps item 300's values.
 *  - repeated ids: item 600 repeats sku-0100 with a new title (UPDATE_SUCCESS, last one wins),
 *    item 700 repeats sku-0200 unchanged (NO_CHANGE), item 500 is the seed product sku-3
 *    (UPDATE_SUCCESS), and the last three items are all sku-final (CREATE, UPDATE, UPDATE: "Final 3"
 *    is stored).
 *  - item 321 has a .bmp image: the node sends it, X answers status ERROR for it (parameter
 *    image_link) and does not store it.
 *  - every item carries a key that is not a product field ("source"), which is never sent.
 *
 * 990 products are sent. No request may hold an id twice (X would ignore every entry sharing it),
 * so the far-apart repeats ride in later batches without costing a request, while the three
 * sku-final at the very end need two extra requests: ceil(990 / 25) + 2 = 42 PUTs (39 of 25, one
 * of 13, two of 1). Every output item is paired with its input item; the emulator ends with
 * exactly the seed products plus the distinct valid ids, each holding its last valid values.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const PRODUCTS_PATH = /^\/12\/product_catalogs\/\w+\/products$/;
const TOTAL = 1000;

/** The 1,000 products. Self-contained: its source is the Code node's code. */
function buildProducts(): Array<Record<string, unknown>> {
	const pad = (n: number) => String(n).padStart(4, '0');
	const product = (i: number): Record<string, unknown> => ({
		id: `sku-${pad(i)}`,
		title: `Trail Shoe ${i}`,
		description: `Light trail shoe number ${i}, made for long runs.`,
		availability: i % 7 === 0 ? 'preorder' : 'in stock',
		condition: 'new',
		price: `${40 + (i % 60)}.${String(i % 100).padStart(2, '0')} USD`,
		link: `https://shop.example.com/p/${i}`,
		image_link: `https://cdn.example.com/img/${i}.${['jpg', 'png', 'webp'][i % 3]}`,
		brand: 'Acme',
		inventory: (i % 50) + 1,
		color: ['Red', 'Blue', 'Beaded'][i % 3],
		custom_label_0: i % 2 ? 'odd' : 'even',
		source: 'erp',
	});
	const products = Array.from({ length: 1000 }, (_, i) => product(i));
	const change = (i: number, fields: Record<string, unknown>) => Object.assign(products[i], fields);
	// Broken rules, refused by the node before sending.
	change(13, { price: '19,99 USD' });
	change(150, { link: 'http://shop.example.com/p/150' });
	change(277, { title: '' });
	change(388, { description: 'Soft <b>leather</b>' });
	change(420, { color: '#FF0000' });
	change(555, { availability: 'In Stock' });
	change(666, { availability: 'in stock', inventory: 0 });
	change(777, { sale_price: '999.00 USD' });
	change(888, { id: 'sku-0300', gtin: '40123X5' });
	change(901, { brand: '' });
	// Repeated ids.
	change(500, { id: 'sku-3', title: 'Canvas Sneaker (synced)' });
	change(600, { id: 'sku-0100', title: 'Trail Shoe 100 (renamed)' });
	products[700] = product(200);
	change(997, { id: 'sku-final', title: 'Final 1' });
	change(998, { id: 'sku-final', title: 'Final 2' });
	change(999, { id: 'sku-final', title: 'Final 3' });
	// A format only X judges.
	change(321, { image_link: 'https://cdn.example.com/img/321.bmp' });
	return products;
}

/** Items the node refuses, with the start of their message. */
const REFUSED: Record<number, string> = {
	13: 'Price (price) must be a number, a space and a 3-letter currency code',
	150: 'Link (link) must be an https URL',
	277: 'Title (title) is required',
	388: 'Description (description) must be plain text without HTML tags',
	420: 'Color (color) must be color names, not hex codes',
	555: 'Availability (availability) must be one of in stock, available for order, preorder, out of stock, discontinued',
	666: 'Inventory (inventory) must be at least 1 when availability is "in stock"',
	777: 'Sale Price (sale_price) must be lower than the price',
	888: 'GTIN (gtin) must be a GTIN of 8 to 14 digits',
	901: 'Brand (brand), GTIN (gtin) or MPN (mpn) one of them is required',
};
const PRODUCT_FIELDS = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'inventory', 'color', 'custom_label_0', 'gtin', 'sale_price'];

function expectedStatus(i: number): string {
	if (i === 321) return 'ERROR';
	if ([500, 600, 998, 999].includes(i)) return 'UPDATE_SUCCESS';
	if (i === 700) return 'NO_CHANGE';
	return 'CREATE_SUCCESS';
}

export default defineCase({
	name: 'X Ads: catalog sync of 1,000 products mapped automatically (invalid ones as error items, repeated ids, 42 requests)',
	credentials: { x: { type: 'xOAuth1Api' } },
	timeoutMs: 60_000,
	workflow: (ctx) =>
		chain(
			{
				name: 'Products',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: { jsCode: `const buildProducts = ${buildProducts.toString()};\nreturn buildProducts().map((json) => ({ json }));` },
			},
			xAds(
				'Sync',
				{ resource: 'product', operation: 'upsert', catalog: { __rl: true, mode: 'id', value: fixtures(ctx).productCatalogId }, mapping: 'auto' },
				{ onError: 'continueRegularOutput' },
			),
			{ name: 'After', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} },
		),
	expect: {
		executedNodes: ['Start', 'Products', 'Sync', 'After'],
		outputs: { Products: { itemCount: TOTAL }, Sync: { itemCount: TOTAL }, After: { itemCount: TOTAL } },
		emulator: {
			requestCount: 42,
			requests: [{ method: 'PUT', base: 'ads', path: PRODUCTS_PATH, query: '', status: 200, headers: { 'content-type': /^application\/json/ }, count: 42 }],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const input = buildProducts();
		const ex = result.execution!;
		const out = ex.items('Sync');

		// Every item: its own status (or error), paired with its input item.
		assertMatch(out.map((i) => i.pairedItem), input.map((_, item) => ({ item })), 'pairedItem of every item');
		out.forEach((item, i) => {
			const json = item.json;
			if (REFUSED[i]) {
				const error = String(json.error);
				if (!error.startsWith(`Item ${i}: ${REFUSED[i]}`)) throw new Error(`item ${i}: error ${JSON.stringify(error)} does not start with "Item ${i}: ${REFUSED[i]}"`);
				assertMatch(json, { description: /^Nothing was sent to X for this item/, status: undefined }, `item ${i}`);
				return;
			}
			assertMatch(json, { id: input[i].id, status: expectedStatus(i), error: undefined }, `item ${i}`);
			if (i === 321) assertMatch(json, { product_key: null, errors: [{ parameter: 'image_link' }] }, 'item 321 (X refused the .bmp image)');
			else assertMatch(json, { product_key: /^\w+$/, errors: [] }, `item ${i} product key`);
		});
		assertMatch(out[500].json.product_key, fx.productKeys['sku-3'], 'the seed product keeps its key');
		assertMatch(out[600].json.product_key, out[100].json.product_key, 'a repeated id keeps its key');
		assertMatch(out[999].json.product_key, out[997].json.product_key, 'sku-final keeps its key');

		// Requests: at most 25 products, never an id twice, in id order for repeats, no foreign keys.
		const bodies = result.requests.map((r) => JSON.parse(r.body).products as Array<Record<string, unknown>>);
		assertMatch(bodies.map((b) => b.length).sort((a, b) => b - a), [...Array(39).fill(25), 13, 1, 1], 'batch sizes');
		for (const [n, products] of bodies.entries()) {
			const ids = products.map((p) => p.id);
			if (new Set(ids).size !== ids.length) throw new Error(`request ${n} holds an id twice: ${ids.join(', ')}`);
			const extra = products.flatMap((p) => Object.keys(p)).find((k) => !PRODUCT_FIELDS.includes(k));
			if (extra) throw new Error(`request ${n} sent a key that is not a product field: ${extra}`);
		}
		const sent = bodies.flat();
		assertMatch(sent.length, 990, 'products sent');
		assertMatch(sent.filter((p) => p.id === 'sku-final').map((p) => p.title), ['Final 1', 'Final 2', 'Final 3'], 'sku-final in input order');
		assertMatch(sent.filter((p) => p.id === 'sku-0100').map((p) => p.title), ['Trail Shoe 100', 'Trail Shoe 100 (renamed)'], 'sku-0100 in input order');
		if (sent.some((p) => p.id === 'sku-0300' && p.gtin !== undefined)) throw new Error('the refused repeat of sku-0300 was sent');

		// The emulator holds exactly the seed products and the last valid value of every sent id.
		const expected = new Map<string, Record<string, unknown>>();
		input.forEach((p, i) => {
			if (!REFUSED[i] && i !== 321) expected.set(String(p.id), p);
		});
		const stored = ctx.emulator!.control.products(fx.productCatalogId) as Array<Record<string, unknown>>;
		const storedIds = stored.map((p) => String(p.id)).sort();
		assertMatch(storedIds, ['sku-1', 'sku-2', ...expected.keys()].sort(), 'stored product ids');
		for (const p of stored) {
			const want = expected.get(String(p.id));
			if (!want) continue;
			for (const field of PRODUCT_FIELDS.filter((f) => f in want)) {
				if (p[field] !== want[field]) throw new Error(`stored ${String(p.id)}.${field} is ${JSON.stringify(p[field])}, expected ${JSON.stringify(want[field])}`);
			}
			for (const field of ['mpn', 'gtin', 'sale_price', 'size']) if (p[field] !== null) throw new Error(`stored ${String(p.id)}.${field} should be null`);
		}
		assertMatch(stored.find((p) => p.id === 'sku-final')?.title, 'Final 3', 'the last sku-final wins');
		assertMatch(stored.find((p) => p.id === 'sku-0100')?.title, 'Trail Shoe 100 (renamed)', 'the repeat of sku-0100 wins');
		assertMatch(stored.find((p) => p.id === 'sku-0300')?.title, 'Trail Shoe 300', 'the refused repeat of sku-0300 changed nothing');
		assertMatch(stored.find((p) => p.id === 'sku-3')?.title, 'Canvas Sneaker (synced)', 'the seed product sku-3 updated');
		ctx.log(`catalog sync: ${sent.length} products in ${result.requests.length} requests, ${stored.length} stored`);
	},
});
