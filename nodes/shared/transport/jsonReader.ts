/**
 * The one reader of what X sends: answer bodies, stream lines, webhook deliveries, report files and
 * media answers. Lossless: an integer beyond 2^53 becomes the exact string of its digits wherever it
 * sits (JSON.parse rounds 1234567890123456789 to 1234567890123456800). Bounded: nesting, and for
 * files read in pieces the length of a text and the memory the values take. Scrubbed: given the
 * credential's secrets, a string of X's that echoes one (or looks like a credential) is redacted as
 * it is read, so nothing built from X's answer carries it on.
 *
 * Speed: JSON.parse does the work wherever it is exact. JSON.parse rounds only integers beyond 2^53,
 * and a rounded one is still an integer beyond 2^53, so one walk over the numbers it made (cheaper
 * than a scan of the text: a page has far fewer values than characters) tells whether it was exact;
 * only a text that held such an integer is read again by the exact reader below.
 */

/** What the reader removes from X's strings (redact.ts builds it from a credential's secrets). */
export interface Scrub {
	/** Whether the text may hold something to redact (no false "no"). */
	dirty(text: string): boolean;
	clean(text: string): string;
}

/** Not JSON: the message says what and where. */
export class JsonSyntaxError extends SyntaxError {}

/** A limit was reached: the message names it. */
export class JsonLimitError extends Error {}

/** Nesting the exact reader allows when the caller sets none (it recurses; JSON.parse does not). */
const DEFAULT_MAX_DEPTH = 1000;

export interface ReadOptions {
	/** Most levels of objects and arrays inside each other. */
	maxDepth?: number;
	scrub?: Scrub;
}

/** Whether JSON.parse's value holds a number it may have rounded: an integer beyond 2^53 (walked without recursion). */
function holdsUnsafeInteger(root: unknown): boolean {
	const pending: unknown[] = [root];
	while (pending.length) {
		const value = pending.pop();
		if (typeof value === 'number') {
			if (!Number.isSafeInteger(value) && Number.isInteger(value)) return true;
		} else if (Array.isArray(value)) {
			for (let i = 0; i < value.length; i++) if (typeof value[i] === 'object' || typeof value[i] === 'number') pending.push(value[i]);
		} else if (value && typeof value === 'object') {
			for (const key in value) {
				const child = (value as Record<string, unknown>)[key];
				if (typeof child === 'object' || typeof child === 'number') pending.push(child);
			}
		}
	}
	return false;
}

/** The JSON value of a whole text from X (see the file's comment); throws JsonSyntaxError or JsonLimitError. */
export function readJson(text: string, options: ReadOptions = {}): unknown {
	const { maxDepth, scrub } = options;
	let value: unknown;
	let exact = maxDepth !== undefined && nestsDeeper(text, maxDepth);
	if (!exact) {
		try {
			value = JSON.parse(text);
		} catch {
			exact = true; // the exact reader words the error (what and where); it throws
		}
	}
	if (exact || holdsUnsafeInteger(value)) value = new ExactReader(text, maxDepth ?? DEFAULT_MAX_DEPTH).read();
	return scrub?.dirty(text) ? scrubbed(value, scrub) : value;
}

/** Whether the text opens more than `max` objects and arrays inside each other (strings skipped). */
function nestsDeeper(text: string, max: number): boolean {
	let depth = 0;
	for (let at = 0; at < text.length; at++) {
		const c = text.charCodeAt(at);
		if (c === 34) {
			const end = stringEnd(text, at);
			if (end < 0) return false;
			at = end;
		} else if (c === 123 || c === 91) {
			if (++depth > max) return true;
		} else if (c === 125 || c === 93) depth--;
	}
	return false;
}

/** The index of the quote that closes the string opening at `start`, or -1 when the text ends first. */
function stringEnd(text: string, start: number): number {
	for (let from = start + 1; ; ) {
		const quote = text.indexOf('"', from);
		if (quote < 0) return -1;
		let backslashes = 0;
		while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
		if (backslashes % 2 === 0) return quote;
		from = quote + 1;
	}
}

/** A value with every string (and key) the scrub finds dirty cleaned, in place. */
function scrubbed(value: unknown, scrub: Scrub): unknown {
	if (typeof value === 'string') return scrub.dirty(value) ? scrub.clean(value) : value;
	if (Array.isArray(value)) {
		for (let i = 0; i < value.length; i++) value[i] = scrubbed(value[i], scrub);
		return value;
	}
	if (value && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		for (const key of Object.keys(record)) {
			const clean = scrubbed(record[key], scrub);
			if (scrub.dirty(key)) {
				delete record[key];
				setOwn(record, scrub.clean(key), clean);
			} else record[key] = clean;
		}
	}
	return value;
}

/** As JSON.parse makes it: a key "__proto__" is an own property, never the object's prototype. */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
	if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
	else record[key] = value;
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER_TOKEN = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const HEX4 = /^[0-9a-fA-F]{4}$/;

/** Where the run of string characters from `from` that need no decoding ends: at a quote, a backslash or a control character. */
function plainRunEnd(text: string, from: number): number {
	let at = from;
	while (at < text.length) {
		const code = text.charCodeAt(at);
		if (code < 0x20 || code === 0x22 || code === 0x5c) break;
		at++;
	}
	return at;
}

/** RFC 8259 as JSON.parse reads it, but an integer beyond 2^53 keeps its digits (a string) and nesting is bounded. */
class ExactReader {
	private at = 0;

	constructor(
		private readonly text: string,
		private readonly maxDepth: number,
	) {}

	read(): unknown {
		const value = this.value(0);
		this.skipWhitespace();
		if (this.at < this.text.length) this.fail('more text after the JSON value');
		return value;
	}

	private fail(what: string): never {
		throw new JsonSyntaxError(this.at >= this.text.length ? 'the text ends too early' : `${what} at character ${this.at}`);
	}

	private skipWhitespace(): void {
		while (WHITESPACE.has(this.text.charCodeAt(this.at))) this.at++;
	}

	private expect(char: string): void {
		this.skipWhitespace();
		if (this.text[this.at] !== char) this.fail(`expected '${char}'`);
		this.at++;
	}

	private value(depth: number): unknown {
		this.skipWhitespace();
		switch (this.text[this.at]) {
			case '{':
				return this.object(depth + 1);
			case '[':
				return this.array(depth + 1);
			case '"':
				return this.string();
			case 't':
				return this.literal('true', true);
			case 'f':
				return this.literal('false', false);
			case 'n':
				return this.literal('null', null);
			default:
				return this.number();
		}
	}

	private nest(depth: number): void {
		if (depth > this.maxDepth) throw new JsonLimitError(`nests objects and arrays deeper than ${this.maxDepth} levels`);
		this.at++;
	}

	private object(depth: number): Record<string, unknown> {
		this.nest(depth);
		const out: Record<string, unknown> = {};
		this.skipWhitespace();
		if (this.text[this.at] === '}') {
			this.at++;
			return out;
		}
		for (;;) {
			this.skipWhitespace();
			if (this.text[this.at] !== '"') this.fail('expected a quoted key');
			const key = this.string();
			this.expect(':');
			setOwn(out, key, this.value(depth));
			this.skipWhitespace();
			const next = this.text[this.at++];
			if (next === '}') return out;
			if (next !== ',') this.fail("expected ',' or '}'");
		}
	}

	private array(depth: number): unknown[] {
		this.nest(depth);
		const out: unknown[] = [];
		this.skipWhitespace();
		if (this.text[this.at] === ']') {
			this.at++;
			return out;
		}
		for (;;) {
			out.push(this.value(depth));
			this.skipWhitespace();
			const next = this.text[this.at++];
			if (next === ']') return out;
			if (next !== ',') this.fail("expected ',' or ']'");
		}
	}

	private string(): string {
		this.at++;
		let out = '';
		for (;;) {
			const end = plainRunEnd(this.text, this.at);
			out += this.text.slice(this.at, end);
			this.at = end;
			const char = this.text[this.at];
			if (char === '"') {
				this.at++;
				return out;
			}
			if (char !== '\\') this.fail(char === undefined ? 'unterminated string' : 'control character in a string');
			out += this.escape();
		}
	}

	private escape(): string {
		const escape = this.text[this.at + 1];
		if (escape === 'u') {
			const hex = this.text.slice(this.at + 2, this.at + 6);
			if (!HEX4.test(hex)) this.fail('bad \\u escape');
			this.at += 6;
			return String.fromCharCode(parseInt(hex, 16));
		}
		if (escape === undefined || !(escape in ESCAPES)) this.fail('bad escape');
		this.at += 2;
		return ESCAPES[escape];
	}

	private number(): number | string {
		NUMBER_TOKEN.lastIndex = this.at;
		const match = NUMBER_TOKEN.exec(this.text);
		if (!match) this.fail('unexpected character');
		this.at = NUMBER_TOKEN.lastIndex;
		return exactNumber(match[0], match[1] === undefined && match[2] === undefined);
	}

	private literal<T>(word: string, value: T): T {
		if (!this.text.startsWith(word, this.at)) this.fail('unexpected character');
		this.at += word.length;
		return value;
	}
}

/** A number token's value: an integer JSON.parse would round is the string of its digits. */
function exactNumber(token: string, integer: boolean): number | string {
	const value = Number(token);
	return integer && !Number.isSafeInteger(value) ? token : value;
}

// ---- Ids -----------------------------------------------------------------------------------------

/** An id of X's that cannot be read exactly: the message names the field. */
export class UnreadableIdError extends Error {}

/**
 * X's id of a record, exactly: its `<field>_str` or `<field>_string` twin first (X sends 64-bit ids
 * both ways), else the field as read (an integer beyond 2^53 is its digits already); undefined when
 * neither is there. A value that is not a whole number or text (or a number the reader would have
 * kept as digits, i.e. one that came from elsewhere, rounded) is an error naming the field.
 */
export function exactId(record: unknown, field = 'id'): string | undefined {
	if (!record || typeof record !== 'object') return undefined;
	const r = record as Record<string, unknown>;
	for (const name of [`${field}_str`, `${field}_string`, field]) {
		const value = r[name];
		if (value === undefined || value === null || value === '') continue;
		if (typeof value === 'string') return value;
		if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
		throw new UnreadableIdError(`X's ${name} cannot be read exactly (got ${JSON.stringify(value)?.slice(0, 40) ?? String(value)})`);
	}
	return undefined;
}

// ---- Files read in pieces ------------------------------------------------------------------------

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
	scrub?: Scrub;
}

/**
 * Estimated bytes a value takes in V8, at or above what Node 24 measures (test/unit/jsonReader):
 * true, false, null or a small whole number its slot; another number also its own box; an object
 * or list its header; a text its header and characters; an object's key its entry and its text.
 */
export const VALUE_COST = { scalar: 16, boxedNumber: 40, container: 80, text: 40, key: 64, perChar: 2 };

/**
 * Objects and arrays up to this many characters are read by JSON.parse (one "island" at a time) and
 * measured after; larger ones are walked here, token by token, down to islands that fit. What one
 * island can take before it is measured is bounded by its size.
 */
export const ISLAND_CHARS = 128 * 1024;

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const NUMBER_CHARS = /[-+.\deE]+/y;
const WHITESPACE_RUN = /[ \n\r\t]+/y;
const STRUCTURE = /["[\]{}]/g;
const LITERALS: Array<[string, unknown]> = [
	['true', true],
	['false', false],
	['null', null],
];
/** containerEnd's answers when the container does not close within the text. */
const NEEDS_MORE = -1;
const TOO_LONG = -2;
const TOO_DEEP = -3;

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

/** Where a scan of an island stopped for want of text: resumed there when more comes. */
interface IslandScan {
	at: number;
	depth: number;
}

/**
 * Where the object or array opening at `start` closes (the index after it), scanning from `scan`;
 * NEEDS_MORE when the text ends first (scan then says where to go on), TOO_LONG past ISLAND_CHARS,
 * TOO_DEEP past `maxDepth` levels. Only quotes and brackets are looked at: numbers and the rest are
 * skipped by the regular expression engine.
 */
function containerEnd(text: string, start: number, scan: IslandScan, maxDepth: number): number {
	const stop = Math.min(text.length, start + ISLAND_CHARS);
	let { at, depth } = scan;
	while (at < stop) {
		STRUCTURE.lastIndex = at;
		const match = STRUCTURE.exec(text);
		if (!match || match.index >= stop) break;
		at = match.index;
		const c = text.charCodeAt(at);
		if (c === 34) {
			const end = stringEnd(text, at);
			if (end < 0 || end >= stop) break;
			scan.at = at;
			at = end + 1;
			continue;
		}
		if (c === 123 || c === 91) {
			if (++depth > maxDepth) return TOO_DEEP;
		} else if (--depth === 0) return at + 1;
		at++;
		scan.at = at;
		scan.depth = depth;
	}
	return text.length - start >= ISLAND_CHARS ? TOO_LONG : NEEDS_MORE;
}

/**
 * A JSON reader fed text in pieces (as a file unpacks) that builds the value as it goes and stops at
 * the first piece beyond its limits: nesting, the length of one text, and the memory the values it
 * built take (estimated as they are made, and shared by the readers of one run). JSON.parse needs
 * the whole text first and then up to 20 times its size for small values such as `{}`; a file of a
 * few hundred KB can so take a process down. Integers beyond 2^53 keep their digits, as readJson's.
 */
export class JsonReader {
	private pending = '';
	/** Characters before `pending`, for positions in messages. */
	private offset = 0;
	private readonly stack: Frame[] = [];
	private expect = Expect.Value;
	private root: unknown;
	/** The scan of the island `pending` starts with, when more text was needed. */
	private island?: IslandScan;

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

	private syntax(at: number, what: string): JsonSyntaxError {
		return new JsonSyntaxError(`${what} at character ${this.offset + at}`);
	}

	private take(cost: number): void {
		const budget = this.limits.budget;
		budget.used += cost;
		if (budget.used > budget.max) {
			throw new JsonLimitError(`the data needs more than ${Math.round(budget.max / 1024 / 1024)} MiB of memory`);
		}
	}

	private tooLongText(): JsonLimitError {
		return new JsonLimitError(`a text is longer than ${this.limits.maxTextChars} characters`);
	}

	/** Places a value in its parent (or as the root). */
	private place(value: unknown): void {
		const frame = this.stack[this.stack.length - 1];
		if (!frame) this.root = value;
		else if (Array.isArray(frame.container)) frame.container.push(value);
		else setOwn(frame.container, frame.key, value);
	}

	/** A text of X's as the limits and the scrub want it. */
	private text(value: string): string {
		const scrub = this.limits.scrub;
		return scrub?.dirty(value) ? scrub.clean(value) : value;
	}

	/** End of the text starting at `start` (a quote), or -1 when it goes on in the next piece. */
	private textEnd(text: string, start: number): number {
		const end = stringEnd(text, start);
		if ((end < 0 ? text.length : end) - start - 1 > this.limits.maxTextChars) throw this.tooLongText();
		return end;
	}

	/** Whether the last measure() met a number JSON.parse may have rounded (an integer beyond 2^53). */
	private sawUnsafe = false;

	/** Cost of a number as the reader would store it. */
	private numberCost(value: number): number {
		if (!Number.isSafeInteger(value) && Number.isInteger(value)) this.sawUnsafe = true;
		return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? VALUE_COST.scalar : VALUE_COST.boxedNumber;
	}

	/** Cost of a value JSON.parse built, checked against the limits as if it had been read here. */
	private measure(value: unknown, depth: number): number {
		const cost = VALUE_COST;
		if (typeof value === 'string') {
			if (value.length > this.limits.maxTextChars) throw this.tooLongText();
			return cost.text + value.length * cost.perChar;
		}
		if (typeof value === 'number') return this.numberCost(value);
		if (value === null || typeof value !== 'object') return cost.scalar;
		if (depth > this.limits.maxDepth) throw new JsonLimitError(`the data nests deeper than ${this.limits.maxDepth} levels`);
		let total = cost.container;
		if (Array.isArray(value)) {
			// Series of numbers are most of a report: measured here, without a call each.
			for (const v of value) total += typeof v === 'number' ? this.numberCost(v) : this.measure(v, depth + 1);
			return total;
		}
		for (const key in value) {
			if (key.length > this.limits.maxTextChars) throw this.tooLongText();
			total += cost.key + key.length * cost.perChar + this.measure((value as Record<string, unknown>)[key], depth + 1);
		}
		return total;
	}

	/**
	 * The object or array at `start` read whole by JSON.parse (or the exact reader), when it closes
	 * within ISLAND_CHARS: its end, or NEEDS_MORE / TOO_LONG (read it here, token by token).
	 */
	private readIsland(text: string, start: number): number {
		const scan = this.island && start === 0 ? this.island : { at: start, depth: 0 };
		this.island = undefined;
		const end = containerEnd(text, start, scan, this.limits.maxDepth - this.stack.length);
		if (end === NEEDS_MORE) this.island = scan;
		if (end < 0) return end;
		const slice = text.slice(start, end);
		let value: unknown;
		try {
			value = JSON.parse(slice);
		} catch {
			return TOO_LONG; // not JSON: read here, where the error is found and placed
		}
		this.sawUnsafe = false;
		let cost = this.measure(value, this.stack.length + 1);
		// An integer JSON.parse rounded shows in the measure: then the island is read exactly.
		if (this.sawUnsafe) {
			value = new ExactReader(slice, this.limits.maxDepth).read();
			cost = this.measure(value, this.stack.length + 1);
		}
		this.take(cost);
		const scrub = this.limits.scrub;
		this.place(scrub?.dirty(slice) ? scrubbed(value, scrub) : value);
		this.expect = this.stack.length ? Expect.CommaOrEnd : Expect.Nothing;
		return end;
	}

	/** What waits for the next piece: one value's start, bounded like a text (an island like an island). */
	private keep(text: string, from: number): void {
		const max = this.island ? ISLAND_CHARS : this.limits.maxTextChars;
		// So a number of millions of digits is neither kept nor scanned again for every piece that comes.
		if (text.length - from > max) throw new JsonLimitError(`a value is longer than ${this.limits.maxTextChars} characters`);
		this.pending = text.slice(from);
		this.offset += from;
		if (this.island && from > 0) this.island = { at: this.island.at - from, depth: this.island.depth };
	}

	private read(text: string, final: boolean): void {
		const n = text.length;
		let i = 0;
		while (i < n) {
			const c = text.charCodeAt(i);
			if (c === 32 || c === 10 || c === 13 || c === 9) {
				WHITESPACE_RUN.lastIndex = i;
				i += WHITESPACE_RUN.exec(text)![0].length;
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
			const next = expect === Expect.CommaOrEnd || (c === 93 && expect === Expect.ValueOrEnd) || (c === 125 && expect === Expect.KeyOrEnd) ? this.punctuation(i, c) : expect === Expect.Key || expect === Expect.KeyOrEnd ? this.key(text, i, c, final) : this.value(text, i, c, final);
			if (next < 0) return this.keep(text, i);
			i = next;
		}
		this.keep(text, n);
	}

	/** A comma or the end of the current container. */
	private punctuation(i: number, c: number): number {
		const frame = this.stack[this.stack.length - 1];
		const isList = Array.isArray(frame.container);
		if (c === 44 && this.expect === Expect.CommaOrEnd) this.expect = isList ? Expect.Value : Expect.Key;
		else if (c === (isList ? 93 : 125)) {
			this.stack.pop();
			this.expect = this.stack.length ? Expect.CommaOrEnd : Expect.Nothing;
		} else throw this.syntax(i, `a comma or ${isList ? ']' : '}'} expected`);
		return i + 1;
	}

	/** An object's key: its end, or -1 to wait for the next piece. */
	private key(text: string, i: number, c: number, final: boolean): number {
		if (c !== 34) throw this.syntax(i, 'a key in quotes expected');
		const end = this.textEnd(text, i);
		if (end < 0) {
			if (final) throw this.syntax(i, 'the JSON ends early (cut off)');
			return -1;
		}
		this.take(VALUE_COST.key + (end - i) * VALUE_COST.perChar);
		this.stack[this.stack.length - 1].key = this.text(textAt(text, i, end));
		this.expect = Expect.Colon;
		return end + 1;
	}

	/** A value: an island, a container opened here, a text, a number or a literal; its end, or -1 to wait. */
	private value(text: string, i: number, c: number, final: boolean): number {
		if (c === 123 || c === 91) {
			const island = this.readIsland(text, i);
			if (island >= 0) return island;
			if (island === NEEDS_MORE && !final) return -1;
			this.island = undefined;
			return this.open(i, c);
		}
		let value: unknown;
		let next: number;
		if (c === 34) {
			const end = this.textEnd(text, i);
			if (end < 0) {
				if (final) throw this.syntax(i, 'the JSON ends early (cut off)');
				return -1;
			}
			value = this.text(textAt(text, i, end));
			this.take(VALUE_COST.text + (end - i) * VALUE_COST.perChar);
			next = end + 1;
		} else if (c === 45 || (c >= 48 && c <= 57)) {
			NUMBER_CHARS.lastIndex = i;
			next = i + NUMBER_CHARS.exec(text)![0].length;
			if (next === text.length && !final) return -1;
			const digits = text.slice(i, next);
			if (!NUMBER.test(digits)) throw this.syntax(i, `a malformed number ${JSON.stringify(digits.slice(0, 40))}`);
			value = exactNumber(digits, !/[.eE]/.test(digits));
			this.take(typeof value === 'string' ? VALUE_COST.text + value.length * VALUE_COST.perChar : this.measure(value, 0));
		} else {
			const literal = LITERALS.find(([word]) => text.startsWith(word, i));
			if (!literal) {
				if (!final && text.length - i < 5 && LITERALS.some(([word]) => word.startsWith(text.slice(i)))) return -1;
				throw this.syntax(i, `unexpected ${JSON.stringify(text[i])}`);
			}
			value = literal[1];
			next = i + literal[0].length;
			this.take(VALUE_COST.scalar);
		}
		this.place(value);
		this.expect = this.stack.length ? Expect.CommaOrEnd : Expect.Nothing;
		return next;
	}

	/** An object or array read here token by token (it is larger than an island, or not JSON). */
	private open(i: number, c: number): number {
		if (this.stack.length >= this.limits.maxDepth) throw new JsonLimitError(`the data nests deeper than ${this.limits.maxDepth} levels`);
		this.take(VALUE_COST.container);
		const container = c === 123 ? {} : [];
		this.place(container);
		this.stack.push({ container, key: '' });
		this.expect = c === 123 ? Expect.KeyOrEnd : Expect.ValueOrEnd;
		return i + 1;
	}
}
