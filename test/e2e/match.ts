/**
 * Partial deep matching for case expectations. A pattern matches a value when:
 *  - primitive / null      -> strictly equal
 *  - RegExp                -> tests String(value)
 *  - function              -> returns true (or does not throw) for the value
 *  - array                 -> value is an array of the same length, element-wise match
 *  - { $regex: 'src', $flags?: 'i' }  -> JSON-friendly RegExp
 *  - { $exists: boolean }  -> value is (not) undefined
 *  - { $type: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null' }
 *  - { $contains: pattern } -> value is an array with at least one element matching pattern
 *  - { $length: n }        -> value (array or string) has length n
 *  - object                -> every key of the pattern matches the same key of the value
 *                             (extra keys in the value are ignored)
 * mismatch() returns a human readable list of differences ([] when it matches).
 */
export type Pattern = unknown;

function isPlainObject(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RegExp);
}

function typeOf(v: unknown): string {
	if (v === null) return 'null';
	if (Array.isArray(v)) return 'array';
	return typeof v;
}

function show(v: unknown): string {
	if (v instanceof RegExp) return String(v);
	if (typeof v === 'function') return `[check ${v.name || 'fn'}]`;
	const s = JSON.stringify(v);
	return s === undefined ? 'undefined' : s.length > 300 ? `${s.slice(0, 300)}...` : s;
}

export function mismatch(value: unknown, pattern: Pattern, at = '$'): string[] {
	if (pattern instanceof RegExp) {
		return value !== undefined && pattern.test(String(value)) ? [] : [`${at}: ${show(value)} does not match ${pattern}`];
	}
	if (typeof pattern === 'function') {
		try {
			return pattern(value) === false ? [`${at}: ${show(value)} rejected by ${show(pattern)}`] : [];
		} catch (error) {
			return [`${at}: ${(error as Error).message}`];
		}
	}
	if (Array.isArray(pattern)) {
		if (!Array.isArray(value)) return [`${at}: expected an array of ${pattern.length}, got ${show(value)}`];
		if (value.length !== pattern.length) return [`${at}: expected ${pattern.length} elements, got ${value.length}: ${show(value)}`];
		return pattern.flatMap((p, i) => mismatch(value[i], p, `${at}[${i}]`));
	}
	if (isPlainObject(pattern)) {
		if ('$regex' in pattern) {
			const re = new RegExp(String(pattern.$regex), String(pattern.$flags ?? ''));
			return mismatch(value, re, at);
		}
		if ('$exists' in pattern) {
			return (value !== undefined) === Boolean(pattern.$exists) ? [] : [`${at}: expected ${pattern.$exists ? 'a value' : 'no value'}, got ${show(value)}`];
		}
		if ('$type' in pattern) {
			return typeOf(value) === pattern.$type ? [] : [`${at}: expected type ${String(pattern.$type)}, got ${typeOf(value)} ${show(value)}`];
		}
		if ('$contains' in pattern) {
			if (!Array.isArray(value)) return [`${at}: expected an array, got ${show(value)}`];
			return value.some((v) => mismatch(v, pattern.$contains).length === 0)
				? []
				: [`${at}: no element matches ${show(pattern.$contains)} in ${show(value)}`];
		}
		if ('$length' in pattern) {
			const len = (value as { length?: number } | undefined)?.length;
			return len === pattern.$length ? [] : [`${at}: expected length ${String(pattern.$length)}, got ${String(len)}`];
		}
		if (!isPlainObject(value)) return [`${at}: expected an object, got ${show(value)}`];
		return Object.entries(pattern).flatMap(([k, p]) => mismatch(value[k], p, `${at}.${k}`));
	}
	return Object.is(value, pattern) ? [] : [`${at}: expected ${show(pattern)}, got ${show(value)}`];
}

export function assertMatch(value: unknown, pattern: Pattern, what: string): void {
	const diffs = mismatch(value, pattern);
	if (diffs.length) throw new Error(`${what}:\n  ${diffs.slice(0, 10).join('\n  ')}`);
}
