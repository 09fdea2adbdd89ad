/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (README, Lint). */
/**
 * The piecewise JSON reader of result files (nodes/shared/jsonReader.ts): the same values as
 * JSON.parse whatever the pieces, the same refusals, and its memory estimate at or above what V8
 * measures for the shapes that cost most per byte (measured here, heap after a full GC).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { JsonLimitError, JsonReader } from '../../nodes/shared/jsonReader';

const limits = (max = 1e12) => ({ maxDepth: 32, maxTextChars: 1000, budget: { used: 0, max } });

function readInPieces(text: string, sizes: () => number, max?: number): unknown {
	const reader = new JsonReader(limits(max));
	for (let i = 0; i < text.length; ) {
		const size = sizes();
		reader.write(text.slice(i, i + size));
		i += size;
	}
	return reader.end();
}

describe('JsonReader', () => {
	const samples = [
		'{"data":[{"id":"a","id_data":[{"segment":null,"metrics":{"x":[1,2.5e3,-0,null,-12.5E-3],"y":{"a":[true,false]}}}]}],"s":"q\\"u\\\\o\\u00e9te"}',
		'[]',
		'{}',
		'  [1 , [2,[3]] , "x" ]  ',
		'"\\n"',
		'12345678901234567890',
	];

	it.each(samples)('reads %s as JSON.parse does, in pieces of any size', (text) => {
		let seed = 7;
		const random = () => ((seed = (seed * 48271) % 2147483647) % 5) + 1;
		for (let round = 0; round < 50; round++) expect(readInPieces(text, random)).toEqual(JSON.parse(text));
		expect(readInPieces(text, () => 1)).toEqual(JSON.parse(text));
	});

	it.each(['[1,]', '{"a" 1}', '[1 2]', '{"a":1,}', '[01]', '[1.]', '{"a":1}}', '[tru]', '[1', '"abc', '{"a":[}', '[-]', '["a\u0001"]', ''])('refuses %j as JSON.parse does', (text) => {
		expect(() => JSON.parse(text)).toThrow();
		expect(() => readInPieces(text, () => 1)).toThrow(SyntaxError);
	});

	it('keeps a key named __proto__ as data, never as the prototype', () => {
		const value = readInPieces('{"__proto__":{"polluted":1}}', () => 3) as Record<string, unknown>;
		expect(Object.keys(value)).toEqual(['__proto__']);
		expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('stops at its limits: nesting, text length, memory', () => {
		expect(() => readInPieces('['.repeat(33), () => 10)).toThrow(new JsonLimitError('the data nests deeper than 32 levels'));
		expect(() => readInPieces(`"${'x'.repeat(1001)}`, () => 100)).toThrow(new JsonLimitError('a text is longer than 1000 characters'));
		expect(() => readInPieces(`[${'{},'.repeat(100_000)}{}]`, () => 4096, 1024 * 1024)).toThrow(new JsonLimitError('the data needs more than 1 MiB of memory'));
	});

	describe('its memory estimate is at or above what V8 measures', () => {
		setFlagsFromString('--expose-gc');
		const gc = runInNewContext('gc') as () => void;
		const N = 200_000;
		const shapes: Record<string, string> = {
			'empty objects': `{"data":[${Array(N).fill('{}').join(',')}]}`,
			'empty lists': `[${Array(N).fill('[]').join(',')}]`,
			'small numbers': `[${Array(N).fill('7').join(',')}]`,
			fractions: `[${Array.from({ length: N }, (_, i) => `${i}.5`).join(',')}]`,
			'money in micros': `[${Array.from({ length: N }, (_, i) => String(10_000_000_000 + i * 1_000_000)).join(',')}]`,
			'short texts': `[${Array.from({ length: N }, (_, i) => `"t${i}"`).join(',')}]`,
			'objects of distinct keys': `{${Array.from({ length: N }, (_, i) => `"k${i}":0`).join(',')}}`,
			"X's stats answer": `{"data":[${Array.from({ length: N / 100 }, (_, i) => `{"id":"e${i}","id_data":[{"segment":null,"metrics":{"impressions":[${Array(45).fill(i % 1000).join(',')}],"clicks":[${Array(45).fill('null').join(',')}]}}]}`).join(',')}]}`,
		};
		it.each(Object.keys(shapes))('%s', (shape) => {
			const text = shapes[shape];
			gc();
			const before = process.memoryUsage().heapUsed;
			const budget = { used: 0, max: 1e12 };
			const reader = new JsonReader({ maxDepth: 32, maxTextChars: 1000, budget });
			for (let i = 0; i < text.length; i += 16_384) reader.write(text.slice(i, i + 16_384));
			const value = reader.end();
			gc();
			const measured = process.memoryUsage().heapUsed - before;
			expect(value).toBeTruthy();
			expect(budget.used).toBeGreaterThanOrEqual(measured);
		});
	});
});
