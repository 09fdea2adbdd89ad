/**
 * Simplify (n8n's convention for outputs a person or an AI agent reads): on by default in X Ads
 * node version 2 (what a new node gets), off in version 1 (saved workflows keep X's whole
 * records). Each simplified operation runs against the emulator in both versions: version 2 gives
 * exactly the kept fields of version 1's records (nodes/XAds/common/simplify.ts), and every kept field is
 * one X's records have.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { simplify } from '../../nodes/XAds/common/simplify';
import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx } = suiteHelpers(env);

async function run(parameters: INodeParameters, typeVersion: number): Promise<IDataObject[]> {
	const result = await env.ads(parameters, [{}], { typeVersion });
	if (result.error) throw result.error;
	return result.output().map((i) => i.json);
}

const cases: Array<[keyof typeof simplify, () => INodeParameters]> = [
	['account', () => ({ resource: 'account', operation: 'getAll', returnAll: true })],
	['account', () => ({ resource: 'account', operation: 'get', account: fx().accountId })],
	['campaign', () => ({ resource: 'campaign', operation: 'getAll', account: fx().accountId, returnAll: true, filters: { withTotalCount: true } })],
	['lineItem', () => ({ resource: 'lineItem', operation: 'getAll', account: fx().accountId, returnAll: true })],
	['lineItem', () => ({ resource: 'lineItem', operation: 'get', account: fx().accountId, lineItem: fx().lineItems.engagements })],
	['fundingInstrument', () => ({ resource: 'fundingInstrument', operation: 'getAll', account: fx().accountId, returnAll: true })],
	['promotedPost', () => ({ resource: 'promotedPost', operation: 'getAll', account: fx().accountId, returnAll: true })],
	['targetingCriterion', () => ({ resource: 'targetingCriterion', operation: 'getAll', account: fx().accountId, lineItemIds: Object.values(fx().lineItems).join(','), returnAll: true })],
	['customAudience', () => ({ resource: 'customAudience', operation: 'getAll', account: fx().accountId, returnAll: true })],
	['product', () => ({ resource: 'product', operation: 'getAll', catalog: fx().productCatalogId, returnAll: true })],
	['card', () => ({ resource: 'card', operation: 'getAll', account: fx().accountId, returnAll: true })],
	['post', () => ({ resource: 'post', operation: 'getAll', account: fx().accountId, tweetType: 'PUBLISHED', returnAll: true })],
];

/** Every field X's records had, per kind of record, over all cases (filled as the cases run). */
const seen: Partial<Record<keyof typeof simplify, Set<string>>> = {};

describe('Simplify', () => {
	test.each(cases)('%s: version 2 keeps the listed fields of the records version 1 outputs', async (kind, parameters) => {
		const raw = await run(parameters(), 1);
		const simple = await run(parameters(), 2);
		expect(raw.length).toBeGreaterThan(0);
		const keep = simplify[kind].keep as readonly string[];
		for (const record of raw) for (const key of Object.keys(record)) (seen[kind] ??= new Set()).add(key);
		const expected = raw.map((record) =>
			Object.fromEntries([...keep, 'total_count'].filter((f) => record[f] !== undefined).map((f) => [f, record[f]])),
		);
		expect(simple).toEqual(expected);
		// Simplify leaves something out, or it would not be worth an option.
		expect(JSON.stringify(simple).length).toBeLessThan(JSON.stringify(raw).length);
	});

	test('every kept field is one X sends', () => {
		const unknown = Object.entries(seen).flatMap(([kind, fields]) =>
			(simplify[kind as keyof typeof simplify].keep as readonly string[]).filter((f) => !fields!.has(f)).map((f) => `${kind}.${f}`),
		);
		expect(Object.keys(seen).sort()).toEqual(Object.keys(simplify).filter((k) => k !== 'statsRows').sort());
		expect(unknown).toEqual([]);
	});

	test('the Simplify switch of a version 2 node turns it off; version 1 turns it on', async () => {
		const on = await run({ resource: 'account', operation: 'get', account: fx().accountId, simplify: true }, 1);
		const off = await run({ resource: 'account', operation: 'get', account: fx().accountId, simplify: false }, 2);
		expect(Object.keys(on[0]).every((k) => (simplify.account.keep as readonly string[]).includes(k))).toBe(true);
		expect(Object.keys(off[0]).length).toBeGreaterThan(Object.keys(on[0]).length);
	});

	test('stats rows: the metrics X reported, money in currency units only', async () => {
		const stats = {
			resource: 'analytics',
			operation: 'getStats',
			account: fx().accountId,
			entity: 'LINE_ITEM',
			entityIds: fx().lineItems.engagements,
			granularity: 'DAY',
			metricGroups: ['ENGAGEMENT', 'BILLING'],
			placement: 'ALL_ON_TWITTER',
			startTime: '2026-05-01',
			endTime: '2026-05-03',
		};
		const raw = await run(stats, 1);
		const simple = await run(stats, 2);
		expect(simple).toHaveLength(raw.length);
		simple.forEach((row, i) => {
			const kept = Object.entries(raw[i]).filter(([key, value]) => value !== null && !key.endsWith('_local_micro'));
			expect(row).toEqual(Object.fromEntries(kept));
			expect(row).toMatchObject({ id: raw[i].id, date: raw[i].date, start_time: raw[i].start_time });
		});
		expect(Object.keys(raw[0]).some((key) => key.endsWith('_local_micro'))).toBe(true);
	});
});
