/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The trigger's delivery reader (readDelivery in nodes/XTrigger/events.ts): what JSON.parse gives,
 * except that integers beyond 2^53 keep their digits as strings, nesting is bounded and the size is
 * bounded.
 */
import { MAX_DELIVERY_BYTES, MAX_DELIVERY_DEPTH, readDelivery } from '../../nodes/XTrigger/events';

function read(text: string | Buffer): unknown {
	const { body, refused } = readDelivery(Buffer.isBuffer(text) ? text : Buffer.from(text));
	if (refused) throw new Error(`refused: ${refused.error}`);
	return body;
}

function refusal(text: string | Buffer): { status: number; message: string } {
	const { refused } = readDelivery(Buffer.isBuffer(text) ? text : Buffer.from(text));
	if (!refused) throw new Error('the body was not refused');
	return { status: refused.status, message: refused.error };
}

describe('readDelivery', () => {
	const valid = [
		'{}',
		'[]',
		' \t\r\n{ "a" : [ 1 , -2.5e3 , 0.1 , 1E+2 , -0 , true , false , null ] } \n',
		'"x\\u00e9\\n\\t\\"\\\\\\/\\b\\f\\r"',
		'"\\ud83d\\ude00 café 😀"',
		'{"a":1,"a":2}',
		'{"nested":{"deeper":[[{"k":"v"}]]}}',
		'9007199254740991',
		'-9007199254740991',
		'1.5e300',
		'123456789012345678901234567890.5',
		'12345678901234567891e0',
	];
	it.each(valid)('reads %j as JSON.parse does', (text) => {
		expect(read(text)).toEqual(JSON.parse(text));
	});

	const invalid = ['', ' ', '{', '{"a":1,}', '[1,]', '[1 2]', '{"a" 1}', '{a:1}', "{'a':1}", '01', '-', '1.', '.5', '1e', '+1', 'tru', 'nul', 'NaN', 'Infinity', '"\u0001"', '"\\x"', '"\\u12G4"', '"open', '{"a":1}x', '{"a":1}{}', '[1]]'];
	it.each(invalid)('refuses %j as JSON.parse does, with 400', (text) => {
		expect(() => JSON.parse(text)).toThrow();
		expect(refusal(text)).toEqual({ status: 400, message: expect.stringMatching(/^body is not JSON: /) });
	});

	it('keeps integers beyond 2^53 as their digits, and every other number as a number', () => {
		expect(read('{"id":12345678901234567891,"n":-12345678901234567891,"edge":9007199254740992,"safe":9007199254740991,"f":12345678901234567891.0,"e":1e21}')).toEqual({
			id: '12345678901234567891',
			n: '-12345678901234567891',
			edge: '9007199254740992',
			safe: 9007199254740991,
			f: 12345678901234567891.0,
			e: 1e21,
		});
	});

	it('makes "__proto__" an own key, as JSON.parse does, never the prototype', () => {
		const value = read('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
		expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
		expect(Object.keys(value)).toEqual(['__proto__']);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it(`reads ${MAX_DELIVERY_DEPTH} levels of nesting and refuses ${MAX_DELIVERY_DEPTH + 1} with 400, without exhausting the stack at 1,000,000`, () => {
		const nest = (depth: number) => `${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`;
		expect(read(nest(MAX_DELIVERY_DEPTH))).toEqual(JSON.parse(nest(MAX_DELIVERY_DEPTH)));
		expect(refusal(`[${nest(MAX_DELIVERY_DEPTH)}]`)).toEqual({ status: 400, message: `body nests objects and arrays deeper than ${MAX_DELIVERY_DEPTH} levels` });
		expect(refusal('['.repeat(1_000_000)).status).toBe(400);
	});

	it(`refuses a body over ${MAX_DELIVERY_BYTES} bytes with 413, and bytes that are not UTF-8 with 400; skips a byte order mark`, () => {
		expect(refusal(`"${'x'.repeat(MAX_DELIVERY_BYTES)}"`)).toEqual({ status: 413, message: `body is larger than ${MAX_DELIVERY_BYTES} bytes` });
		expect(read(`"${'x'.repeat(MAX_DELIVERY_BYTES - 2)}"`)).toHaveLength(MAX_DELIVERY_BYTES - 2);
		expect(refusal(Buffer.from([0x22, 0xc3, 0x28, 0x22]))).toEqual({ status: 400, message: 'body is not JSON: not UTF-8' });
		expect(read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"b":2}')]))).toEqual({ b: 2 });
	});
});
