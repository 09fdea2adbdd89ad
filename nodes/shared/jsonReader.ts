/**
 * A JSON reader fed text in pieces (as a file unpacks) that builds the value as it goes and
 * stops at the first piece beyond its limits: nesting, the length of one text, and the memory
 * the values it built take (estimated as they are made, and shared by the readers of one run).
 * JSON.parse needs the whole text first and then up to 20 times its size for small values such
 * as `{}`; a file of a few hundred KB can so take a process down.
 */

/** Memory shared by the readers of one run (several files of one report, read in parallel). */
export interface MemoryBudget {
	/** Estimated bytes the values built so far take. */
	used: number;
	readonly max: number;
}

export interface JsonLimits {
	/** Most levels of objects and lists inside each other. */
	maxDepth: number;
	/** Longest text (or key), in characters. */
	maxTextChars: number;
	budget: MemoryBudget;
}

/** A limit was reached: the message names it. */
export class JsonLimitError extends Error {}

/**
 * Estimated bytes a value takes in V8, at or above what Node 24 measures (test/unit/jsonReader):
 * true, false, null or a small whole number its slot; another number also its own box; an object
 * or list its header; a text its header and characters; an object's key its entry and its text.
 */
export const VALUE_COST = { scalar: 16, boxedNumber: 40, container: 80, text: 40, key: 64, perChar: 2 };

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const NUMBER_CHARS = /[-+.\deE]+/y;
const WHITESPACE = /[ \n\r\t]+/y;
const LITERALS: Array<[string, unknown]> = [
	['true', true],
	['false', false],
	['null', null],
];

/** The text between the quotes at start and end: a string of its own (a slice would keep the whole piece alive). */
function textAt(text: string, start: number, end: number): string {
	return JSON.parse(text.slice(start, end + 1)) as string;
}

const enum Expect {
	Value,
	ValueOrEnd, // first value of a list, or ]
	KeyOrEnd, // first key of an object, or }
	Key,
	Colon,
	CommaOrEnd,
	Nothing, // the root value is complete
}

interface Frame {
	container: Record<string, unknown> | unknown[];
	key: string;
}

export class JsonReader {
	private pending = '';
	/** Characters before `pending`, for positions in messages. */
	private offset = 0;
	private readonly stack: Frame[] = [];
	private expect = Expect.Value;
	private root: unknown;

	constructor(private readonly limits: JsonLimits) {}

	write(piece: string): void {
		this.read(this.pending + piece, false);
	}

	/** The whole value, once all text was written. */
	end(): unknown {
		this.read(this.pending, true);
		if (this.expect !== Expect.Nothing) throw this.syntax(this.pending.length, 'the JSON ends early (cut off)');
		return this.root;
	}

	private syntax(at: number, what: string): SyntaxError {
		return new SyntaxError(`${what} at character ${this.offset + at}`);
	}

	private take(cost: number): void {
		const budget = this.limits.budget;
		budget.used += cost;
		if (budget.used > budget.max) {
			throw new JsonLimitError(`the data needs more than ${Math.round(budget.max / 1024 / 1024)} MiB of memory`);
		}
	}

	/** Places a value in its parent (or as the root). */
	private place(value: unknown): void {
		const frame = this.stack[this.stack.length - 1];
		if (!frame) this.root = value;
		else if (Array.isArray(frame.container)) frame.container.push(value);
		// A key named __proto__ is data, as JSON.parse makes it, never the object's prototype.
		else if (frame.key === '__proto__') Object.defineProperty(frame.container, '__proto__', { value, enumerable: true, writable: true, configurable: true });
		else frame.container[frame.key] = value;
	}

	/** End of the text starting at `start` (a quote), or -1 when it goes on in the next piece. */
	private textEnd(text: string, start: number): number {
		for (let from = start + 1; ; ) {
			const quote = text.indexOf('"', from);
			const end = quote < 0 ? text.length : quote;
			if (end - start - 1 > this.limits.maxTextChars) throw new JsonLimitError(`a text is longer than ${this.limits.maxTextChars} characters`);
			if (quote < 0) return -1;
			let backslashes = 0;
			while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
			if (backslashes % 2 === 0) return quote;
			from = quote + 1;
		}
	}

	private read(text: string, final: boolean): void {
		const n = text.length;
		let i = 0;
		const keep = (from: number) => {
			// What waits for the next piece is one value's start: bounded like a text, so a number of
			// millions of digits is neither kept nor scanned again for every piece that comes.
			if (n - from > this.limits.maxTextChars) throw new JsonLimitError(`a value is longer than ${this.limits.maxTextChars} characters`);
			this.pending = text.slice(from);
			this.offset += from;
		};
		while (i < n) {
			const c = text.charCodeAt(i);
			if (c === 32 || c === 10 || c === 13 || c === 9) {
				WHITESPACE.lastIndex = i;
				i += WHITESPACE.exec(text)![0].length;
				continue;
			}
			const expect = this.expect;
			if (expect === Expect.Nothing) throw this.syntax(i, 'more text after the end of the JSON');
			if (expect === Expect.Colon) {
				if (c !== 58) throw this.syntax(i, 'a colon expected');
				this.expect = Expect.Value;
				i++;
				continue;
			}
			if (expect === Expect.CommaOrEnd || (c === 93 && expect === Expect.ValueOrEnd) || (c === 125 && expect === Expect.KeyOrEnd)) {
				const frame = this.stack[this.stack.length - 1];
				const isList = Array.isArray(frame.container);
				if (c === 44 && expect === Expect.CommaOrEnd) this.expect = isList ? Expect.Value : Expect.Key;
				else if (c === (isList ? 93 : 125)) {
					this.stack.pop();
					this.expect = this.stack.length ? Expect.CommaOrEnd : Expect.Nothing;
				} else throw this.syntax(i, `a comma or ${isList ? ']' : '}'} expected`);
				i++;
				continue;
			}
			if (expect === Expect.Key || expect === Expect.KeyOrEnd) {
				if (c !== 34) throw this.syntax(i, 'a key in quotes expected');
				const end = this.textEnd(text, i);
				if (end < 0) {
					if (final) throw this.syntax(i, 'the JSON ends early (cut off)');
					return keep(i);
				}
				this.take(VALUE_COST.key + (end - i) * VALUE_COST.perChar);
				this.stack[this.stack.length - 1].key = textAt(text, i, end);
				this.expect = Expect.Colon;
				i = end + 1;
				continue;
			}
			// A value.
			if (c === 123 || c === 91) {
				if (this.stack.length >= this.limits.maxDepth) throw new JsonLimitError(`the data nests deeper than ${this.limits.maxDepth} levels`);
				this.take(VALUE_COST.container);
				const container = c === 123 ? {} : [];
				this.place(container);
				this.stack.push({ container, key: '' });
				this.expect = c === 123 ? Expect.KeyOrEnd : Expect.ValueOrEnd;
				i++;
				continue;
			}
			let value: unknown;
			let next: number;
			if (c === 34) {
				const end = this.textEnd(text, i);
				if (end < 0) {
					if (final) throw this.syntax(i, 'the JSON ends early (cut off)');
					return keep(i);
				}
				value = textAt(text, i, end);
				this.take(VALUE_COST.text + (end - i) * VALUE_COST.perChar);
				next = end + 1;
			} else if (c === 45 || (c >= 48 && c <= 57)) {
				NUMBER_CHARS.lastIndex = i;
				next = i + NUMBER_CHARS.exec(text)![0].length;
				if (next === n && !final) return keep(i);
				const digits = text.slice(i, next);
				if (!NUMBER.test(digits)) throw this.syntax(i, `a malformed number ${JSON.stringify(digits.slice(0, 40))}`);
				value = Number(digits);
				// Whole numbers within 31 bits are stored in the slot itself (V8's small integers).
				this.take(Number.isInteger(value) && Math.abs(value as number) < 2 ** 30 ? VALUE_COST.scalar : VALUE_COST.boxedNumber);
			} else {
				const literal = LITERALS.find(([word]) => text.startsWith(word, i));
				if (!literal) {
					if (!final && n - i < 5 && LITERALS.some(([word]) => word.startsWith(text.slice(i)))) return keep(i);
					throw this.syntax(i, `unexpected ${JSON.stringify(text[i])}`);
				}
				value = literal[1];
				next = i + literal[0].length;
				this.take(VALUE_COST.scalar);
			}
			this.place(value);
			this.expect = this.stack.length ? Expect.CommaOrEnd : Expect.Nothing;
			i = next;
		}
		keep(n);
	}
}
