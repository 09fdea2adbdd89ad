/**
 * Input rules checked before anything is sent. Each check returns the broken rule in words, so the
 * error can name the item, the field and the rule.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export interface FieldRules {
	min?: number;
	max?: number;
	integer?: boolean;
	minLength?: number;
	maxLength?: number;
	/** For comma lists and arrays. */
	maxItems?: number;
	pattern?: RegExp;
	/** The pattern's rule in words, e.g. "an X account id (letters and digits)". */
	patternRule?: string;
	/** Allowed values (enums), exact strings. */
	oneOf?: readonly string[];
	/** A date-time with minutes and seconds zero. */
	wholeHour?: boolean;
}

function codePoints(text: string): number {
	let count = 0;
	for (const _ of text) count++;
	return count;
}

export function checkRules(value: unknown, rules: FieldRules): string | undefined {
	if (Array.isArray(value) && !rules.oneOf) {
		// A list: the count rule applies to the whole, every other rule to each value.
		const { maxItems, ...each } = rules;
		if (maxItems !== undefined && value.length > maxItems) return `takes at most ${maxItems} values (got ${value.length})`;
		for (const entry of value) {
			const broken = checkRules(entry, each);
			if (broken) return broken;
		}
		return undefined;
	}
	if (rules.oneOf) {
		const values = Array.isArray(value) ? value : [value];
		const bad = values.find((v) => !rules.oneOf!.includes(String(v)));
		if (bad !== undefined) return `must be one of ${rules.oneOf.join(', ')} (got "${String(bad)}")`;
	}
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return 'must be a number';
		if (rules.integer && !Number.isInteger(value)) return `must be a whole number (got ${value})`;
		if (rules.min !== undefined && value < rules.min) return `must be at least ${rules.min} (got ${value})`;
		if (rules.max !== undefined && value > rules.max) return `must be at most ${rules.max} (got ${value})`;
	}
	if (typeof value === 'string') {
		// Characters are code points (an emoji is one); value.length counts UTF-16 units, never fewer.
		if (rules.minLength !== undefined && (value.length < rules.minLength || codePoints(value) < rules.minLength)) {
			return `must be at least ${rules.minLength} characters (got ${codePoints(value)})`;
		}
		if (rules.maxLength !== undefined && value.length > rules.maxLength && codePoints(value) > rules.maxLength) {
			return `must be at most ${rules.maxLength} characters (got ${codePoints(value)})`;
		}
		if (rules.wholeHour && !/T\d{2}:00:00(\.0+)?Z$/.test(value)) {
			return `must be a whole hour, with minutes and seconds zero, such as 2026-05-01T13:00:00Z (got "${value}")`;
		}
		if (rules.pattern && !rules.pattern.test(value)) {
			return `must be ${rules.patternRule ?? `in the form ${String(rules.pattern)}`} (got "${value}")`;
		}
	}
	if (rules.maxItems !== undefined) {
		const count = Array.isArray(value) ? value.length : String(value).split(',').filter(Boolean).length;
		if (count > rules.maxItems) return `takes at most ${rules.maxItems} values (got ${count})`;
	}
	return undefined;
}

/** An input error that names the item, the field (label and wire name) and the rule. */
export function inputError(node: INode, itemIndex: number, field: string, rule: string): NodeOperationError {
	return new NodeOperationError(node, `Item ${itemIndex}: ${field} ${rule}`, {
		itemIndex,
		description: 'Nothing was sent to X for this item. Correct the value and run again.',
	});
}
