/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * examples/catalog-mirror-from-csv.json in real n8n (its Schedule Trigger started as the editor's
 * Execute workflow does; the catalog filled from the emulator's seed). The shop's CSV export URL
 * (shop.example.com) points at a loopback server of the case serving a CSV with X's column names:
 * the example's HTTP Request downloads it, Mirror Catalog makes the catalog hold exactly its rows,
 * the one row without a price is refused (Rows Refused? passes the summary on).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const SHOP_CSV = 'https://shop.example.com/exports/x-products.csv';
const header = 'id,title,description,availability,condition,price,link,image_link,brand';
const row = (i: number, price = `${20 + i}.50 USD`) => `sku-${i},Sock ${i},"Warm sock, size ${i}",in stock,new,${price},https://shop.example.com/p/${i},https://shop.example.com/i/${i}.jpg,Acme`;
const CSV = [header, ...[1, 2, 3, 4, 5, 6].map((i) => row(i)), row(7, '')].join('\n') + '\n';

let server: http.Server | undefined;
let url = '';

export default defineCase({
	name: 'examples/catalog-mirror-from-csv.json: the shop\'s CSV downloaded and mirrored into the catalog, the bad row refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	setup: async () => {
		server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(CSV));
		await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
		server.unref();
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/exports/x-products.csv`;
	},
	workflow: (ctx) => exampleWorkflow('catalog-mirror-from-csv.json', { catalog: fx(ctx).productCatalogId }, (text) => text.split(SHOP_CSV).join(url)),
	run: { triggerName: 'Every Night' },
	check: (ctx, result) => {
		server?.close();
		const ex = result.execution!;
		const stored = ctx.emulator!.control.products(fx(ctx).productCatalogId) as Array<Record<string, unknown>>;
		assertMatch(stored.map((p) => p.id).sort(), ['sku-1', 'sku-2', 'sku-3', 'sku-4', 'sku-5', 'sku-6'], 'X holds exactly the CSV\'s valid rows');
		assertMatch(stored.find((p) => p.id === 'sku-4'), { title: 'Sock 4', description: 'Warm sock, size 4', price: '24.50 USD', brand: 'Acme' }, 'sku-4 at X');
		const summary = ex.output('Mirror Catalog')[0];
		assertMatch(summary.refused, 1, `one row refused: ${JSON.stringify(summary).slice(0, 400)}`);
		assertMatch(ex.output('Rows Refused?', 0).length, 1, 'Rows Refused? passes the summary on');
	},
});
