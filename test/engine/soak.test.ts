/**
 * Soak under faults, CI size (issue 9): the emulator fails about 20% of the Ads requests at random
 * (429 with a reset, 500, 503 with Retry-After, dropped connections, 2 s latency spikes; one of
 * each is queued first so every kind is met), while the X Ads node syncs 500 products and uploads
 * 10,000 emails. Every input item must end in exactly one successful outcome, the emulator must
 * hold exactly what was sent, and every product / identifier must have been applied by exactly one
 * request: none lost, none applied twice. The full-size soak (10,000 products, 200,000 emails, in
 * real n8n) is `npm run bench`; its figures are in bench/RESULTS.md.
 */
import { benchEmail, benchProduct, checkAudienceUpload, checkProductSync, emailHash, isAudienceUpload, isProductUpsert, type OutcomeReport } from '../../bench/outcomes';
import { countFaults, startFaultMix, type FaultMix } from '../../bench/faultMix';
import { engineSuite } from './env';

const PRODUCTS = 500;
const EMAILS = 10_000;

const env = engineSuite();
let mix: FaultMix | undefined;
afterEach(() => {
	mix?.stop();
	mix = undefined;
});

const fx = () => env.emulator.control.fixtures().production;
const retryLogs = () => env.harness.logs.filter((l) => /^X: /.test(l.message) && /retry|waiting/.test(l.message));

function explain(report: OutcomeReport): string {
	return report.ok ? 'ok' : report.problems.join('\n');
}

it(`syncs ${PRODUCTS} products through ~20% random faults: each exactly once, none lost`, async () => {
	const products = Array.from({ length: PRODUCTS }, (_, i) => benchProduct(i));
	const seeded = env.emulator.control.products(fx().productCatalogId).map((p) => String(p.id));
	mix = startFaultMix(env.emulator.control, { seed: 9, oneOfEach: true, match: { base: 'ads', path: '/products' } });
	const logsBefore = retryLogs().length;
	const result = await env.ads({ resource: 'product', operation: 'upsert', catalog: fx().productCatalogId, mapping: 'auto' }, products, { continueOnFail: true });
	mix.stop();
	expect(result.error).toBeUndefined();
	const log = env.emulator.control.requests();
	const report = checkProductSync(products, result.output(), env.emulator.control.products(fx().productCatalogId), seeded, log);
	expect(explain(report)).toBe('ok');
	const faults = countFaults(log.filter(isProductUpsert));
	for (const kind of ['rate_limit', 'server_500', 'server_503', 'drop', 'latency'] as const) expect(faults[kind]).toBeGreaterThan(0);
	expect(report.attempts.applied).toBe(PRODUCTS / 25);
	expect(report.attempts.requests).toBe(PRODUCTS / 25 + faults.total - faults.latency);
	expect(retryLogs().length - logsBefore).toBe(faults.total - faults.latency);
}, 60_000);

it(`uploads ${EMAILS} emails through ~20% random faults: each hash applied exactly once, none lost`, async () => {
	const emails = Array.from({ length: EMAILS }, (_, i) => benchEmail(i));
	mix = startFaultMix(env.emulator.control, { seed: 11, oneOfEach: true, match: { base: 'ads', path: '/users' } });
	const logsBefore = retryLogs().length;
	const result = await env.ads(
		{ resource: 'customAudience', operation: 'addUsers', account: fx().accountId, customAudienceId: fx().customAudienceId, additionalFields: { email: '={{ $json.email }}' } },
		emails.map((email) => ({ email })),
		{ continueOnFail: true },
	);
	mix.stop();
	expect(result.error).toBeUndefined();
	const log = env.emulator.control.requests();
	const report = checkAudienceUpload(emails, result.output(), env.emulator.control.audienceMembers(fx().customAudienceId).email ?? [], log);
	expect(explain(report)).toBe('ok');
	const faults = countFaults(log.filter(isAudienceUpload));
	for (const kind of ['rate_limit', 'server_500', 'server_503', 'drop', 'latency'] as const) expect(faults[kind]).toBeGreaterThan(0);
	expect(report.attempts.applied).toBe(Math.ceil(EMAILS / 2500));
	expect(report.attempts.requests).toBe(Math.ceil(EMAILS / 2500) + faults.total - faults.latency);
	expect(retryLogs().length - logsBefore).toBe(faults.total - faults.latency);
}, 60_000);

it('the outcome checks catch a lost product, a double application and an item without outcome', () => {
	const products = [benchProduct(0), benchProduct(1), benchProduct(2)];
	const entry = (ids: number[], status: number | null) => ({
		time: '', method: 'PUT', base: 'ads' as const, path: '/12/product_catalogs/c1/products', query: '', headers: {}, status,
		body: JSON.stringify({ products: ids.map((i) => products[i]) }),
	});
	// product 0 applied twice (a retry after an answer was lost), product 2 only in a dropped request.
	const log = [entry([0, 1], 200), entry([0], 200), entry([2], null)];
	const outputs = [{ json: { status: 'CREATE_SUCCESS' }, pairedItem: { item: 0 } }, { json: { status: 'CREATE_SUCCESS' }, pairedItem: { item: 1 } }];
	const report = checkProductSync(products, outputs, [products[0], products[1]], [], log);
	expect(report.ok).toBe(false);
	expect(report.state.missing).toEqual([products[2].id]);
	expect(report.state.appliedTwice).toEqual([products[0].id]);
	expect(report.state.neverApplied).toEqual([products[2].id]);
	expect(report.pairing.unanswered).toEqual([2]);

	const emails = [benchEmail(0), benchEmail(1)];
	const op = (i: number) => ({ operation_type: 'Update', params: { users: [{ email: [emailHash(emails[i])] }] } });
	const upload = (ops: number[], status: number) => ({ ...entry([], status), method: 'POST', path: '/12/accounts/a1/custom_audiences/c1/users', body: JSON.stringify(ops.map(op)) });
	const audience = checkAudienceUpload(emails, [{ json: { status: 'OK' }, pairedItem: { item: 0 } }, { json: { status: 'OK' }, pairedItem: { item: 1 } }], [emailHash(emails[0])], [upload([0, 1], 200), upload([1], 200)]);
	expect(audience.state.missing).toEqual([emailHash(emails[1])]);
	expect(audience.state.appliedTwice).toEqual([emailHash(emails[1])]);
});
