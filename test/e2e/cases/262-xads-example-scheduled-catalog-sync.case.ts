/**
 * examples/scheduled-catalog-sync.json in real n8n (its Schedule Trigger started as the editor's
 * Execute workflow does; the catalog filled from the emulator's seed): the 120 products of the
 * sample shop are created or updated in the catalog, none fails (Failed? passes nothing on).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'examples/scheduled-catalog-sync.json: 120 products upserted into the catalog',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => exampleWorkflow('scheduled-catalog-sync.json', { catalog: fx(ctx).productCatalogId }),
	run: { triggerName: 'Every Night' },
	timeoutMs: 120_000,
	check: (ctx, result) => {
		const ex = result.execution!;
		const out = ex.output('Upsert Products');
		assertMatch(out.length, 120, 'one output item per product');
		assertMatch(out.filter((i) => i.status === 'ERROR'), [], 'no product failed');
		assertMatch(ex.output('Failed?', 0), [], 'nothing on the Failed? true branch');
		const stored = new Map((ctx.emulator!.control.products(fx(ctx).productCatalogId) as Array<Record<string, unknown>>).map((p) => [p.id, p]));
		for (let i = 1; i <= 120; i++) {
			assertMatch(stored.get(`sku-${i}`), { title: `Running Shoe ${i}`, price: `${(49 + i / 100).toFixed(2)} USD`, availability: i % 10 === 0 ? 'out of stock' : 'in stock', brand: 'Acme' }, `sku-${i} at X`);
		}
	},
});
