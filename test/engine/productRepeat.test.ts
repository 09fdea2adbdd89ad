/**
 * Product upsert when an answer is lost after X applied the batch (issue 16, item 13): the node
 * sends the batch again (PUT is safe to repeat) and X answers NO_CHANGE for products the lost
 * attempt created. The output says that those outcomes come from a repeated request. The loss is
 * made by the benchmarks' lossy proxy (bench/lossyProxy.ts) in front of the emulator: it lets the
 * emulator apply the request, then closes the connection instead of answering.
 */
import type { LossyProxy } from '../../bench/lossyProxy';
import { startLossyProxy } from '../../bench/lossyProxy';
import { validProduct as product } from '../fixtures/products';
import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx } = suiteHelpers(env);
let proxy: LossyProxy | undefined;
afterEach(async () => {
	env.harness.setCredentialData('xOAuth1Api', { ...env.harness.credentialData('xOAuth1Api'), adsBaseUrl: env.emulator.urls.ads });
	await proxy?.close();
	proxy = undefined;
});


const upsert = async (ids: string[]) => {
	const result = await env.ads({ resource: 'product', operation: 'upsert', catalog: fx().productCatalogId, mapping: 'auto' }, ids.map((id) => product(id)));
	expect(result.error).toBeUndefined();
	return result.output().map((i) => i.json);
};

it('marks the outcomes of a batch sent again after its answer was lost (NO_CHANGE from the repeat), and only those', async () => {
	let first = true;
	proxy = await startLossyProxy(new URL(env.emulator.urls.ads).origin, {
		rate: 1,
		// Only the first product upsert loses its answer.
		match: (method, path) => {
			const lose = first && method === 'PUT' && path.endsWith('/products');
			if (lose) first = false;
			return lose;
		},
	});
	env.harness.setCredentialData('xOAuth1Api', { ...env.harness.credentialData('xOAuth1Api'), adsBaseUrl: `${proxy.origin}/ads` });

	const out = await upsert(['lost-1', 'lost-2']);
	expect(proxy.lost).toHaveLength(1);
	expect(proxy.lost[0].status).toBe(200);
	// The lost attempt created both; the repeat found nothing to change.
	expect(out.map((p) => [p.id, p.status, p.repeated_request])).toEqual([
		['lost-1', 'NO_CHANGE', true],
		['lost-2', 'NO_CHANGE', true],
	]);
	expect(env.emulator.control.products(fx().productCatalogId).filter((p) => String(p.id).startsWith('lost-'))).toHaveLength(2);

	// The same products again, nothing lost: NO_CHANGE of a first attempt carries no mark.
	const again = await upsert(['lost-1', 'lost-2']);
	expect(again.map((p) => [p.id, p.status, p.repeated_request])).toEqual([
		['lost-1', 'NO_CHANGE', undefined],
		['lost-2', 'NO_CHANGE', undefined],
	]);
});
