/**
 * JSON.parse that keeps 64-bit integers exact: an integer literal beyond Number.MAX_SAFE_INTEGER
 * (X prints some post and user ids so) becomes the string of its digits, which is what a user
 * needs downstream (JavaScript would round 878479925472251906 to 878479925472251900).
 */
export function parseLossless(text: string): unknown {
	let out = '';
	let i = 0;
	while (i < text.length) {
		const c = text[i];
		if (c === '"') {
			// Copy a whole string literal, escapes included.
			let j = i + 1;
			while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
			out += text.slice(i, j + 1);
			i = j + 1;
			continue;
		}
		const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
		if (number && (c === '-' || (c >= '0' && c <= '9'))) {
			const literal = number[0];
			const integer = number[1] === undefined && number[2] === undefined;
			out += integer && !Number.isSafeInteger(Number(literal)) ? `"${literal}"` : literal;
			i += literal.length;
			continue;
		}
		out += c;
		i++;
	}
	return JSON.parse(out);
}

/** Integer literals of the text beyond 2^53 (those JSON.parse rounds). */
export function unsafeIntegers(text: string): string[] {
	const found: string[] = [];
	const stripped = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
	for (const m of stripped.matchAll(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) {
		if (/^-?\d+$/.test(m[0]) && !Number.isSafeInteger(Number(m[0]))) found.push(m[0]);
	}
	return found;
}
