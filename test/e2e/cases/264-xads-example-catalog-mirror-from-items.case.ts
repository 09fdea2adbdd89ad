/**
 * examples/catalog-mirror-from-items.json in real n8n (its Schedule Trigger started as the editor's
 * Execute workflow does; the catalog filled from the emulator's seed). The shop is WooCommerce, which
 * needs a store of its own: its node "Shop Products" is replaced by a Code node of the same name
 * giving what WooCommerce's Get Many gives (name, sku, prices, stock status, permalink, images), so
 * the example's own To X Fields mapping and Mirror Catalog run as shipped. X then holds exactly the
 * shop's products, mapped (price with currency, availability, HTML stripped from descriptions).
 */
import { assertMatch } from '../match';
import type { WorkflowJson } from '../n8n';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

/** WooCommerce products (its REST API's fields): sku-1..sku-3 are in the seed catalog, sku-4..sku-8 new. */
const SHOP = `return Array.from({ length: 8 }, (_, i) => ({ json: {
  id: 100 + i, sku: 'sku-' + (i + 1), name: 'Shoe ' + (i + 1),
  short_description: '<p>Shoe <b>' + (i + 1) + '</b></p>', description: '',
  stock_status: i === 7 ? 'outofstock' : 'instock', regular_price: String(40 + i), price: String(40 + i), sale_price: i === 0 ? '35' : '',
  permalink: 'https://shop.example.com/p/' + (i + 1), images: [{ src: 'https://shop.example.com/i/' + (i + 1) + '.jpg' }],
  manage_stock: true, stock_quantity: i === 7 ? 0 : 5,
} }));`;

export function withShop(wf: WorkflowJson, name: string, jsCode: string): WorkflowJson {
	const nodes = wf.nodes.map((n) => (n.name === name ? { name, type: 'n8n-nodes-base.code', typeVersion: 2, position: n.position, parameters: { jsCode } } : n));
	return { ...wf, nodes } as WorkflowJson;
}

export default defineCase({
	name: 'examples/catalog-mirror-from-items.json: the shop\'s products (WooCommerce-shaped) mirrored into the catalog',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => withShop(exampleWorkflow('catalog-mirror-from-items.json', { catalog: fx(ctx).productCatalogId }), 'Shop Products', SHOP),
	run: { triggerName: 'Every Night' },
	check: (ctx, result) => {
		const out = result.execution!.output('Mirror Catalog');
		assertMatch(out[0], { rowsRead: 8, refused: 0, created: 5, updated: 3, deleted: 0, xHoldsFeed: true }, 'the summary (sku-1..sku-3 updated, 5 created)');
		assertMatch(out.slice(1).map((p) => `${String(p.id)}:${String(p.action)}`), Array.from({ length: 8 }, (_, i) => `sku-${i + 1}:${i < 3 ? 'updated' : 'created'}`), 'then one item per product (Output Products)');
		const stored = ctx.emulator!.control.products(fx(ctx).productCatalogId) as Array<Record<string, unknown>>;
		assertMatch(stored.map((p) => p.id).sort(), Array.from({ length: 8 }, (_, i) => `sku-${i + 1}`).sort(), 'X holds exactly the shop\'s products');
		const byId = new Map(stored.map((p) => [p.id, p]));
		assertMatch(byId.get('sku-1'), { title: 'Shoe 1', description: 'Shoe 1', price: '40.00 USD', sale_price: '35.00 USD', availability: 'in stock', link: 'https://shop.example.com/p/1', image_link: 'https://shop.example.com/i/1.jpg', inventory: 5 }, 'sku-1 at X');
		assertMatch(byId.get('sku-8'), { title: 'Shoe 8', price: '47.00 USD', availability: 'out of stock', inventory: 0 }, 'sku-8 at X');
	},
});
