/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The one reader of X (nodes/shared/transport/jsonReader.ts): readJson for whole texts and JsonReader for files
 * in pieces give the values JSON.parse gives, except that an integer beyond 2^53 keeps its digits
 * (judged by test/reference/losslessJson.ts, an independent reader), whatever the pieces and whether
 * a value is read by JSON.parse as an island or token by token; the same refusals; the scrub; exact
 * ids; and the memory estimate at or above what V8 measures for the shapes that cost most per byte
 * (measured here, heap after a full GC).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { exactId, ISLAND_CHARS, JsonLimitError, JsonReader, JsonSyntaxError, readJson, UnreadableIdError } from '../../nodes/shared/transport/jsonReader';
import { scrubFor } from '../../nodes/shared/transport/redact';
import { parseLossless } from '../reference/losslessJson';

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

	it.each(samples)('reads %s as JSON.parse does (integers beyond 2^53 as their digits), in pieces of any size', (text) => {
		let seed = 7;
		const random = () => ((seed = (seed * 48271) % 2147483647) % 5) + 1;
		for (let round = 0; round < 50; round++) expect(readInPieces(text, random)).toEqual(parseLossless(text));
		expect(readInPieces(text, () => 1)).toEqual(parseLossless(text));
	});

	it('an object larger than an island is read token by token down to islands that fit, with the same value, whatever the pieces', () => {
		const entity = (i: number) => `{"id":"e${i}","id_str":"${1870000000000000000 + i}","big":${1870000000000000001n + BigInt(i)},"metrics":{"impressions":[${Array.from({ length: 200 }, (_, j) => j * i).join(',')}],"text":"a \\"quote\\" and ] and } in ${i}"}}`;
		const text = `{"data":[${Array.from({ length: 400 }, (_, i) => entity(i)).join(',')}],"one":{"inner":[${'[1,2],'.repeat(ISLAND_CHARS / 6)}[3]]}}`;
		expect(text.length).toBeGreaterThan(2 * ISLAND_CHARS);
		const expected = parseLossless(text);
		for (const size of [1000, 4096, 65_536, 200_000]) expect(readInPieces(text, () => size)).toEqual(expected);
		expect((readInPieces(text, () => 8192) as { data: Array<{ big: unknown }> }).data[3].big).toBe('1870000000000000004');
	});

	it.each(['[1,]', '{"a" 1}', '[1 2]', '{"a":1,}', '[01]', '[1.]', '{"a":1}}', '[tru]', '[1', '"abc', '{"a":[}', '[-]', '["a\u0001"]', ''])('refuses %j as JSON.parse does', (text) => {
		expect(() => JSON.parse(text)).toThrow();
		expect(() => readInPieces(text, () => 1)).toThrow(SyntaxError);
	});

	it('an island that is not JSON is read token by token, and the error names the place', () => {
		expect(() => readInPieces('{"data":[{"a":1,}]}', () => 64)).toThrow(new JsonSyntaxError('a key in quotes expected at character 16'));
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

	it('scrubs X\'s strings (and keys) that echo a secret, in islands and outside them; clean answers stay as they are', () => {
		const scrub = scrubFor(['consumer-key-123456', 'token-abcdef-987654']);
		const reader = new JsonReader({ ...limits(), scrub });
		const text = `{"note":"got consumer-key-123456","data":[{"m":"Authorization: OAuth oauth_consumer_key=\\"x\\"","token-abcdef-987654":1,"ok":"fine"}]}`;
		reader.write(text);
		expect(reader.end()).toEqual({ note: 'got [redacted]', data: [{ m: 'Authorization: [redacted]', '[redacted]': 1, ok: 'fine' }] });
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

describe('readJson', () => {
	const texts = [
		'{"a":[1,-2.5e3,0.1,true,false,null],"s":"x\\u00e9\\n\\t\\"\\\\"}',
		'{"id":1234567890123456789,"id_str":"1234567890123456789","n":-12345678901234567891,"safe":9007199254740991,"edge":9007199254740992,"f":12345678901234567891.5,"e":1e21}',
		'[12345678901234567890,[9999999999999999]]',
		'{"text":"digits in a string: 12345678901234567890","n":1}',
		'{"__proto__":{"polluted":1}}',
		'  [] ',
	];
	it.each(texts)('reads %s as JSON.parse does, integers beyond 2^53 kept as their digits', (text) => {
		expect(readJson(text)).toEqual(parseLossless(text));
	});

	it('refuses what JSON.parse refuses, naming the place', () => {
		for (const text of ['', '{', '{"a":1,}', '[01]', '{"a" 1}', 'nul', '[1]x']) expect(() => readJson(text)).toThrow(JsonSyntaxError);
		expect(() => readJson('{"a":1,}')).toThrow('expected a quoted key at character 7');
	});

	it('bounds nesting when asked, on both paths', () => {
		const nest = (n: number, big = '') => `${'['.repeat(n)}${big || '1'}${']'.repeat(n)}`;
		expect(readJson(nest(10), { maxDepth: 10 })).toEqual(JSON.parse(nest(10)));
		expect(() => readJson(nest(11), { maxDepth: 10 })).toThrow(new JsonLimitError('nests objects and arrays deeper than 10 levels'));
		expect(() => readJson(nest(11, '12345678901234567890'), { maxDepth: 10 })).toThrow(JsonLimitError);
		expect(() => readJson('"[[[[[[[[[[[[" ', { maxDepth: 2 })).not.toThrow();
	});

	it('scrubs X\'s strings that echo a credential\'s secret or look like a credential; a clean answer is untouched', () => {
		const scrub = scrubFor(['my-consumer-key-1', 'my-access-token-2']);
		expect(readJson('{"error":"bad token my-access-token-2","auth":"Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAA","id":12345678901234567890}', { scrub })).toEqual({ error: 'bad token [redacted]', auth: 'Bearer [redacted]', id: '12345678901234567890' });
		const clean = '{"name":"Acme","data":[1,2]}';
		expect(readJson(clean, { scrub })).toEqual(JSON.parse(clean));
	});
});

describe('exactId', () => {
	it('takes the *_str or *_string twin first, then the id as read; a rounded number or a non-id is an error naming the field', () => {
		expect(exactId({ id: 1234567890123456800, id_str: '1234567890123456789' })).toBe('1234567890123456789');
		expect(exactId({ media_id: 1, media_id_string: '1234567890123456789' }, 'media_id')).toBe('1234567890123456789');
		expect(exactId({ id: '1234567890123456789' })).toBe('1234567890123456789');
		expect(exactId({ id: 42 })).toBe('42');
		expect(exactId({})).toBeUndefined();
		expect(() => exactId({ id: 1234567890123456800 })).toThrow(new UnreadableIdError("X's id cannot be read exactly (got 1234567890123456800)"));
		expect(() => exactId({ id: 1.5 })).toThrow(/X's id cannot be read exactly/);
		expect(() => exactId({ job_id: { x: 1 } }, 'job_id')).toThrow(/X's job_id cannot be read exactly/);
	});
});
