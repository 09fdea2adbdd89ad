/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
import { batchDistinctKeys, groupBy, packBySize, runOrdered } from '../../nodes/shared/engine/batching';
import { compareMicros, toMicros } from '../../nodes/shared/values/money';
import { compareDecimal, parsePrice } from '../../nodes/shared/values/prices';

describe('packBySize', () => {
	it('closes a batch at the entry limit', () => {
		const { batches } = packBySize(new Array(5001).fill(10), { maxEntries: 2500, maxBytes: 5_000_000 });
		expect(batches.map((b) => b.length)).toEqual([2500, 2500, 1]);
	});

	it('closes a batch when the exact JSON array size would pass the byte limit', () => {
		// [a,b] with sizes 4 and 4: 2 brackets + 4 + 1 comma + 4 = 11 bytes
		expect(packBySize([4, 4], { maxEntries: 10, maxBytes: 11 }).batches).toEqual([[0, 1]]);
		expect(packBySize([4, 4], { maxEntries: 10, maxBytes: 10 }).batches).toEqual([[0], [1]]);
		expect(packBySize([4, 20, 4], { maxEntries: 10, maxBytes: 10 })).toEqual({ batches: [[0], [2]], tooLarge: [1] });
	});
});

describe('groupBy', () => {
	it('keeps every index once, grouped by key, in input order', () => {
		const groups = groupBy(['c1', 'c2', 'c1', 'c1', 'c3', 'c2'], (key) => key);
		expect([...groups.entries()]).toEqual([
			['c1', [0, 2, 3]],
			['c2', [1, 5]],
			['c3', [4]],
		]);
	});
});

describe('batchDistinctKeys', () => {
	it('never puts one key twice in a batch and keeps repeats in later batches, in input order', () => {
		const keys = ['a', 'b', 'a', 'c', 'a', 'b', 'd'];
		const batches = batchDistinctKeys(keys, 3);
		for (const batch of batches) expect(new Set(batch.map((i) => keys[i])).size).toBe(batch.length);
		const batchOf = (i: number) => batches.findIndex((b) => b.includes(i));
		expect(batchOf(0)).toBeLessThan(batchOf(2));
		expect(batchOf(2)).toBeLessThan(batchOf(4));
		expect(batchOf(1)).toBeLessThan(batchOf(5));
		expect(batches.flat().sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6]);
	});

	it('fills batches of 25 when there are no repeats', () => {
		const keys = Array.from({ length: 60 }, (_, i) => `k${i}`);
		expect(batchDistinctKeys(keys, 25).map((b) => b.length)).toEqual([25, 25, 10]);
	});
});

describe('runOrdered', () => {
	it('keeps at most N in flight and starts a task only after its dependencies finished', async () => {
		let inFlight = 0;
		let most = 0;
		const finished: number[] = [];
		const results = await runOrdered(
			6,
			2,
			async (i) => {
				inFlight++;
				most = Math.max(most, inFlight);
				await new Promise((r) => setImmediate(r));
				if (i === 3) throw new Error('boom');
				finished.push(i);
				inFlight--;
				return i * 10;
			},
			(i) => (i === 5 ? [0, 4] : []),
		);
		expect(most).toBeLessThanOrEqual(2);
		expect(results[3]).toBeInstanceOf(Error);
		expect(results[5]).toBe(50);
		expect(finished.indexOf(5)).toBeGreaterThan(finished.indexOf(4));
	});
});

describe('money and prices (exact decimal arithmetic)', () => {
	it.each([
		['12.34', '12340000'],
		['0.000001', '1'],
		['1000', '1000000000'],
		['0.1', '100000'],
		['19.99', '19990000'],
		['123456789.123456', '123456789123456'],
	])('currency %s -> %s micros', (input, micros) => {
		expect(toMicros(input, 'currency').micros).toBe(micros);
	});

	it('refuses finer than a micro, commas, and decimals in micro units', () => {
		expect(toMicros('1.0000001', 'currency').rule).toMatch(/more than 6 decimals/);
		expect(toMicros('12,50', 'currency').rule).toMatch(/dot decimal/);
		expect(toMicros('1.5', 'micro').rule).toMatch(/whole number of micro units/);
		expect(compareMicros('9007199254740993', '9007199254740992')).toBe(1);
	});

	it('parses prices with ISO 4217 codes and compares them exactly', () => {
		expect(parsePrice('19.99 USD').price).toEqual({ amount: '19.99', currency: 'USD' });
		expect(parsePrice('19,99 EUR').rule).toMatch(/dot decimal/);
		expect(parsePrice('19.99 XYZ').rule).toMatch(/not an ISO 4217/);
		expect(parsePrice('19.99usd').rule).toBeDefined();
		expect(compareDecimal('19.9', '19.90')).toBe(0);
		expect(compareDecimal('0.3', '0.29999999999999999')).toBe(1);
	});
});
