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
	/** Free text (descriptions, post text): tabs and line breaks allowed, other control characters not. */
	freeText?: boolean;
	/** An ID the user makes up (e.g. a product's): spaces at its ends are refused, X would keep them as part of it. */
	exactEnds?: boolean;
}

/** Whether the text holds a C0 or C1 control character or DEL; TAB, LF and CR are matched separately. */
function hasControlCharacter(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) return true;
	}
	return false;
}
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/** Whether a value holds a control character (NUL included); tabs and line breaks count unless the value is free text. */
export function hasControlCharacters(value: string, freeText = false): boolean {
	return hasControlCharacter(value) || (!freeText && LINE_BREAK_OR_TAB.test(value));
}

/** Most characters of one text in a message; values beyond are cut with "...". */
const SHOWN_TEXT_CHARS = 200;
const clipped = (text: string) => (text.length > SHOWN_TEXT_CHARS ? `${text.slice(0, SHOWN_TEXT_CHARS)}...` : text);

/**
 * How a value is shown in a message: text quoted with its invisible characters escaped; a list or
 * an object by its first values. Bounded whatever the value (X may send megabytes where a number
 * belongs): only the first values are copied into the message.
 */
export function shown(value: unknown): string {
	if (typeof value === 'string') return JSON.stringify(clipped(value));
	if (value !== null && typeof value === 'object') {
		let room = 20;
		const json = JSON.stringify(value, (_key, v: unknown) => (room-- > 0 ? (typeof v === 'string' ? clipped(v) : v) : undefined)) ?? '';
		return `${Array.isArray(value) ? 'a list' : 'an object'} ${json.length > 60 ? `${json.slice(0, 57)}...` : json}`;
	}
	return String(value);
}

const WHITESPACE_NAMES: Record<string, string> = { ' ': 'space', '\t': 'tab', '\n': 'line break', '\r': 'line break', '\u00a0': 'non-breaking space' };
const whitespaceName = (c: string) => WHITESPACE_NAMES[c] ?? `invisible character (U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
/** Whitespace, and the invisible characters a copied cell may carry (zero-width space, word joiner, BOM). */
const SPACE_LIKE = /[\s\u200b-\u200d\u2060\ufeff]/;

/**
 * Where a text holds whitespace that an ID never does and what to do, in words ("has a trailing
 * space; remove it"), so the message names what to remove; undefined when there is none.
 */
function strayWhitespace(text: string): string | undefined {
	const first = SPACE_LIKE.exec(text);
	if (!first) return undefined;
	const last = text[text.length - 1];
	const trailing = text.length > 1 && SPACE_LIKE.test(last);
	if (first.index === 0 && trailing) return `has a leading ${whitespaceName(first[0])} and a trailing ${whitespaceName(last)}; remove them`;
	if (first.index === 0) return `has a leading ${whitespaceName(first[0])}; remove it`;
	if (trailing) return `has a trailing ${whitespaceName(last)}; remove it`;
	return `has a ${whitespaceName(first[0])} at character ${first.index + 1}; remove it`;
}

/**
 * The words a pattern's refusal adds when whitespace alone breaks it (", which has a trailing
 * space; remove it"): the value without its whitespace would pass. Empty otherwise.
 */
export function whitespaceHint(value: string, pattern: RegExp): string {
	const stray = strayWhitespace(value);
	return stray && pattern.test(value.replace(new RegExp(SPACE_LIKE.source, 'g'), '')) ? `, which ${stray}` : '';
}

/** The rules every text value meets: not blank, no control characters, no spaces at the ends of an ID. */
function textRule(value: string, rules: FieldRules): string | undefined {
	if (value.trim() === '') return `is blank (only spaces): give a value, or leave it empty to leave it out (got ${shown(value)})`;
	if (hasControlCharacters(value, rules.freeText)) {
		const allowed = rules.freeText ? ' (tabs and line breaks are fine here)' : ' such as tabs or line breaks';
		return `must not contain control characters${allowed} (got ${shown(value)})`;
	}
	if (rules.exactEnds && value.trim() !== value) return `${strayWhitespace(value)}: X would keep spaces as part of the ID (got ${shown(value)})`;
	return undefined;
}

function codePoints(text: string): number {
	// Code units, less the second half of each surrogate pair (as iterating the string counts).
	return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
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
		// Beyond 2^53 a number is not exact, and JSON writes 1e21 and above with an exponent: X would read another count.
		if (rules.integer && !Number.isSafeInteger(value)) return `must be a whole number below 9007199254740992, the largest JSON carries exactly (got ${value})`;
		if (rules.min !== undefined && value < rules.min) return `must be at least ${rules.min} (got ${value})`;
		if (rules.max !== undefined && value > rules.max) return `must be at most ${rules.max} (got ${value})`;
	}
	if (typeof value === 'string') {
		const broken = textRule(value, rules);
		if (broken) return broken;
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
			return `must be ${rules.patternRule ?? `in the form ${String(rules.pattern)}`} (got ${shown(value)}${whitespaceHint(value, rules.pattern)})`;
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
