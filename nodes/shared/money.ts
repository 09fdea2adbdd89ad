/**
 * Money in the Ads API is an integer number of micro units (amount x 1,000,000). Users may type
 * currency units instead; the conversion is done on the decimal string, never with floats, so
 * 12.34 becomes exactly 12340000.
 */

export type AmountUnit = 'micro' | 'currency';

const MICRO_DIGITS = 6;

/** Micro units as a digit string, or the broken rule. */
export function toMicros(raw: unknown, unit: AmountUnit): { micros?: string; rule?: string } {
	const text = String(raw).trim();
	if (unit === 'micro') {
		return /^\d+$/.test(text)
			? { micros: text.replace(/^0+(?=\d)/, '') }
			: { rule: `must be a whole number of micro units (1 unit = 1,000,000 micros; got "${text}")` };
	}
	const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
	if (!match) return { rule: `must be an amount in currency units with a dot decimal, such as 12.34 (got "${text}")` };
	const [, whole, fraction = ''] = match;
	if (fraction.length > MICRO_DIGITS) {
		return { rule: `has more than ${MICRO_DIGITS} decimals, finer than a micro unit (got "${text}")` };
	}
	const micros = `${whole}${fraction.padEnd(MICRO_DIGITS, '0')}`.replace(/^0+(?=\d)/, '');
	return { micros };
}

/** Compares two micro amounts given as digit strings. */
export function compareMicros(a: string, b: string): number {
	const x = BigInt(a);
	const y = BigInt(b);
	return x < y ? -1 : x > y ? 1 : 0;
}
