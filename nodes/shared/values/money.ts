/**
 * Money in the Ads API is an integer number of micro units (amount x 1,000,000). Users may type
 * currency units instead; the conversion is done on the decimal string, never with floats, so
 * 12.34 becomes exactly 12340000.
 */

import type { IDataObject } from 'n8n-workflow';

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

/** Micro units as an exact decimal text of currency units, at least two decimals: 12500000 -> "12.50". */
export function fromMicros(micros: string | number): string | undefined {
	const text = String(micros);
	if (!/^-?\d+$/.test(text)) return undefined;
	const negative = text.startsWith('-');
	const digits = (negative ? text.slice(1) : text).padStart(MICRO_DIGITS + 1, '0');
	const whole = digits.slice(0, -MICRO_DIGITS).replace(/^0+(?=\d)/, '');
	const fraction = digits.slice(-MICRO_DIGITS).replace(/0+$/, '').padEnd(2, '0');
	return `${negative ? '-' : ''}${whole}.${fraction}`;
}

const MICRO_SUFFIX = '_local_micro';

/**
 * A record of X with each amount in micros (..._local_micro) also in currency units beside it,
 * where X names the currency: daily_budget_amount_local_micro 12500000 adds daily_budget_amount
 * "12.50" (text, exact). An amount X leaves null stays null in both columns, so every record of
 * a list has the same columns.
 */
export function withCurrencyAmounts(record: IDataObject): IDataObject {
	if (typeof record.currency !== 'string') return record;
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		out[key] = value;
		if (!key.endsWith(MICRO_SUFFIX)) continue;
		const unitsKey = key.slice(0, -MICRO_SUFFIX.length);
		if (unitsKey in record) continue;
		out[unitsKey] = value === null || value === undefined ? null : (fromMicros(value as string | number) ?? null);
	}
	return out;
}

/** The output of every endpoint whose records carry money: one item per record, amounts also in currency units. */
export function recordsWithAmounts(envelope: { data?: unknown }): IDataObject[] {
	const data = envelope.data;
	if (data === undefined || data === null) return [];
	return (Array.isArray(data) ? data : [data]).map((r) => withCurrencyAmounts(r && typeof r === 'object' ? (r as IDataObject) : { value: r as string }));
}
