/**
 * Input of a data-driven endpoint, one item at a time: read the parameters (or the endpoint's own
 * reader), normalize each value for the wire, check every rule, and build the request. Everything
 * here happens before anything is sent.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { jsonParse, NodeOperationError } from 'n8n-workflow';

import type { CheckedItem, Endpoint, Field } from './endpoints';
import { endpointRequest, optionalCollectionName, paramName } from './endpoints';
import type { AmountUnit } from './money';
import { toMicros } from './money';
import type { ListRequest } from './pagination';
import type { XRequest } from './transport';
import type { FieldRules } from './validation';
import { checkRules, inputError, shown, whitespaceHint } from './validation';

/** What jsonParse answers for text that is not JSON (no JSON text parses to this object). */
const NOT_JSON = Object.freeze({});

function isEmpty(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		value === '' ||
		(Array.isArray(value) && value.length === 0)
	);
}

/** A resource locator's value, or the plain value. */
type Value = IDataObject[string];

function plain(value: unknown): Value {
	if (value && typeof value === 'object' && '__rl' in (value as IDataObject)) {
		return (value as IDataObject).value;
	}
	return value as Value;
}

/** Per node run (n8n hands every run its own context): the node, and the parameters that are the same for every item. */
const runMemory = new WeakMap<IExecuteFunctions, { node: INode; plain: Map<string, unknown> }>();

function memoryOf(ctx: IExecuteFunctions) {
	let memory = runMemory.get(ctx);
	if (!memory) runMemory.set(ctx, (memory = { node: ctx.getNode(), plain: new Map() }));
	return memory;
}

/** The node of this run (n8n copies the whole node on every getNode call). */
export const runNode = (ctx: IExecuteFunctions): INode => memoryOf(ctx).node;

const hasExpression = (value: unknown): boolean =>
	typeof value === 'string' ? value.startsWith('=') : !!value && typeof value === 'object' && Object.values(value).some(hasExpression);

/**
 * A parameter's value for one item. n8n resolves, copies and checks the parameter on every call,
 * which adds up over 10,000 items; a value set without an expression is the same for every item,
 * so a plain one (string, number, boolean) is read once per run.
 */
export function itemParameter(ctx: IExecuteFunctions, name: string, itemIndex: number, fallback?: unknown, options?: { extractValue?: boolean }): unknown {
	const memory = memoryOf(ctx);
	const key = `${name}${options?.extractValue ? ':value' : ''}`;
	if (memory.plain.has(key)) return memory.plain.get(key);
	const value = ctx.getNodeParameter(name, itemIndex, fallback, options);
	const raw = memory.node.parameters[name];
	if (raw !== undefined && !hasExpression(raw) && (value === null || typeof value !== 'object')) memory.plain.set(key, value);
	return value;
}

/** Raw values of the endpoint's fields for one item, keyed by wire name. */
function readValues(ctx: IExecuteFunctions, endpoint: Endpoint, itemIndex: number): IDataObject {
	const values: IDataObject = {};
	const fields = (endpoint.fields ?? []).filter((f) => !f.noParameter);
	for (const field of fields.filter((f) => f.required)) {
		values[field.wire] = plain(itemParameter(ctx, paramName(field), itemIndex, undefined, { extractValue: true }));
	}
	const optional = fields.filter((f) => !f.required);
	if (optional.length) {
		const collection = ctx.getNodeParameter(optionalCollectionName(endpoint), itemIndex, {}) as IDataObject;
		for (const field of optional) {
			const name = paramName(field);
			if (name in collection) values[field.wire] = plain(collection[name]);
		}
	}
	return values;
}

/** Numbers typed as text: decimal digits only (no hex such as 0x1F, no exponent such as 1e3, no blank). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

const kindOf = (raw: unknown) => (Array.isArray(raw) ? 'a list' : raw === null ? 'null' : typeof raw === 'object' ? 'an object' : `a ${typeof raw}`);

/**
 * One text value: a string as it is, a number as its digits. An object, a list or a boolean is
 * refused rather than sent as "[object Object]", "Red,Shoe" or "true"; so is a number that already
 * lost digits (beyond 2^53, e.g. an ID read as a number).
 */
function textOf(raw: unknown): { value?: string; rule?: string } {
	if (typeof raw === 'string') return { value: raw };
	if (typeof raw === 'number' && Number.isFinite(raw)) {
		if (Number.isInteger(raw) && !Number.isSafeInteger(raw)) return { rule: `is a number beyond 2^53 that has already lost digits (got ${raw}): give it as text` };
		return { value: String(raw) };
	}
	return { rule: `must be text, not ${kindOf(raw)} (got ${shown(raw)})` };
}

/** The values of a list or multi-select: an array of texts, or one comma-separated text. */
function listOf(raw: unknown, split: (text: string) => string[]): { value?: string[]; rule?: string } {
	if (!Array.isArray(raw)) {
		const { value, rule } = textOf(raw);
		return rule ? { rule } : { value: split(value!) };
	}
	const out: string[] = [];
	for (const [n, entry] of raw.entries()) {
		const { value, rule } = textOf(entry);
		if (rule) return { rule: `takes text values only: value ${n + 1} ${rule}` };
		out.push(value!);
	}
	return { value: out };
}

/** A date-time as given: text, a JavaScript Date, or a Luxon DateTime of an expression such as {{ $now }}. */
function dateTimeText(raw: unknown): { value?: string; rule?: string } {
	if (raw instanceof Date) return { value: raw.toISOString() };
	const toISO = (raw as { toISO?: unknown } | null)?.toISO;
	if (typeof toISO === 'function') return { value: String(toISO.call(raw)) };
	return textOf(raw);
}

/** Converts one value to what goes on the wire, or returns the broken rule. */
function normalize(field: Field, raw: unknown, unit: AmountUnit): { value?: Value; rule?: string } {
	switch (field.type) {
		case 'money': {
			const text = textOf(raw);
			if (text.rule) return text;
			const { micros, rule } = toMicros(text.value, unit);
			return rule ? { rule } : { value: micros };
		}
		case 'number': {
			if (typeof raw === 'number') return Number.isFinite(raw) ? { value: raw } : { rule: `must be a number (got ${raw})` };
			if (typeof raw !== 'string') return { rule: `must be a number, not ${kindOf(raw)} (got ${shown(raw)})` };
			const text = raw.trim();
			return DECIMAL.test(text) ? { value: Number(text) } : { rule: `must be a number in decimal digits, such as 12 or 12.5 (got ${shown(raw)})` };
		}
		case 'boolean':
			if (typeof raw === 'boolean') return { value: raw };
			// An expression may give the text "true" or "false"; nothing else counts as a boolean.
			if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
			return { rule: `must be true or false (got ${shown(raw)})` };
		case 'list': {
			const list = listOf(raw, (text) => text.split(','));
			return list.rule ? list : { value: list.value!.map((s) => s.trim()).filter(Boolean) };
		}
		case 'multiOptions':
			return listOf(raw, (text) => text.split(',').map((s) => s.trim()));
		case 'dateTime': {
			const given = dateTimeText(raw);
			if (given.rule) return given;
			const text = given.value!.trim();
			const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
			if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time)) {
				return { rule: `must be an ISO 8601 date-time such as 2026-05-01T13:00:00Z (got "${text}")` };
			}
			return { value: new Date(time).toISOString().replace(/\.000Z$/, 'Z') };
		}
		case 'json':
			if (typeof raw !== 'string') return { value: raw as Value };
			{
				// The user's own JSON parameter, not an answer of X's (those go through jsonReader.ts).
				const parsed = jsonParse<unknown>(raw, { fallbackValue: NOT_JSON });
				return parsed === NOT_JSON ? { rule: 'must be valid JSON' } : { value: parsed as Value };
			}
		case 'locator': {
			const text = textOf(raw);
			if (text.rule) return text;
			// X's IDs never hold spaces: spaces around an ID from a sheet or an expression are dropped.
			const id = text.value!.trim();
			const pattern = new RegExp(field.locator?.idPattern ?? '.+');
			if (pattern.test(id)) return { value: id };
			return { rule: `must be ${field.locator?.idRule ?? 'a valid ID'} (got ${shown(id)}${whitespaceHint(id, pattern)})` };
		}
		default:
			return textOf(raw);
	}
}

const fieldLabel = (field: Field) => `${field.label} (${field.wire})`;

/** Free text, where X keeps tabs and line breaks: post text and descriptions. */
const FREE_TEXT = /(^|_)(text|description)$/;
/** Text IDs (X's own IDs are checked by their patterns, which refuse spaces anyway). */
const MADE_UP_ID = /(^|_)ids?$/;

/**
 * A field's rules with its options as the allowed values, and the text rules its name implies;
 * worked out once per field, not per item.
 */
const rulesPerField = new WeakMap<Field, FieldRules>();
function rulesOf(field: Field): FieldRules {
	let rules = rulesPerField.get(field);
	if (!rules) {
		const options = field.type === 'options' || field.type === 'multiOptions' ? field.options : undefined;
		rules = {
			...field.rules,
			oneOf: field.rules?.oneOf ?? options,
			freeText: field.rules?.freeText ?? FREE_TEXT.test(field.wire),
			exactEnds: field.rules?.exactEnds ?? (field.type === 'string' && MADE_UP_ID.test(field.wire)),
		};
		rulesPerField.set(field, rules);
	}
	return rules;
}

const hasMoney = (endpoint: Endpoint) => (endpoint.fields ?? []).some((f) => f.type === 'money');

/**
 * Raw values (by wire name) normalized for the wire and checked against each field's rules; fail
 * names the field and the broken rule. The one reading of field values, for items and file rows.
 */
export function checkFields(fields: Field[], raw: IDataObject, unit: AmountUnit, fail: (field: string, rule: string) => never): IDataObject {
	const values: IDataObject = {};
	for (const field of fields) {
		const given = raw[field.wire];
		if (isEmpty(given)) {
			if (field.required) fail(fieldLabel(field), 'is required');
			continue;
		}
		if (field.required && typeof given === 'string' && given.trim() === '') {
			fail(fieldLabel(field), `is required (got only spaces: ${shown(given)})`);
		}
		const { value, rule } = normalize(field, given, unit);
		// A list of only separators (" , ") is no value: missing when required, left out otherwise.
		if (!rule && (field.type === 'list' || field.type === 'multiOptions') && isEmpty(value)) {
			if (field.required) fail(fieldLabel(field), 'is required');
			continue;
		}
		const broken = rule ?? checkRules(value, rulesOf(field));
		if (broken) fail(fieldLabel(field), broken);
		values[field.wire] = value;
	}
	return values;
}

export interface PreparedItem extends CheckedItem {
	list?: ListRequest;
}

/** Reads, normalizes and checks one item's input and builds its request; throws an input error naming item, field and rule. */
export function prepareItem(
	ctx: IExecuteFunctions,
	endpoint: Endpoint,
	itemIndex: number,
	credentials: IDataObject,
	context?: IDataObject,
): PreparedItem {
	const node = runNode(ctx);
	const readParameters = () => readValues(ctx, endpoint, itemIndex);
	const raw = endpoint.read ? endpoint.read(ctx, itemIndex, readParameters) : readParameters();
	const unit = hasMoney(endpoint) ? (itemParameter(ctx, 'amountUnit', itemIndex, 'currency') as AmountUnit) : 'micro';
	const fail = (field: string, rule: string): never => {
		throw inputError(node, itemIndex, field, rule);
	};
	const values = checkFields(endpoint.fields ?? [], raw, unit, fail);
	endpoint.check?.(values, { fail, credentials, context });
	if (endpoint.host === 'adsSandbox' && credentials.environment !== 'sandbox') {
		throw new NodeOperationError(node, `Item ${itemIndex}: ${endpoint.action} works only in the X Ads sandbox (the credential's Environment (environment) is ${String(credentials.environment ?? 'production')})`, {
			itemIndex,
			description: 'Set Environment to Sandbox in the X credential (a sandbox account needs sandbox keys), then run again.',
		});
	}

	const pathParams: Record<string, string> = {};
	const rest: IDataObject = {};
	const query: IDataObject = {};
	for (const field of endpoint.fields ?? []) if (field.in === 'query' && field.wire in values) query[field.wire] = values[field.wire];
	for (const [wire, value] of Object.entries(values)) {
		const wireValue = Array.isArray(value) && endpoint.send !== 'json' ? value.join(',') : value;
		if (endpoint.path.includes(`{${wire}}`)) pathParams[wire] = String(wireValue);
		else if (!(wire in query)) rest[wire] = wireValue;
	}
	const request: XRequest = endpointRequest(endpoint, {
		pathParams,
		itemIndex,
		...(endpoint.send === 'json' ? { body: rest, ...(Object.keys(query).length ? { qs: query } : {}) } : { qs: { ...rest, ...query } }),
	});
	let list: ListRequest | undefined;
	if (endpoint.list) {
		const returnAll = itemParameter(ctx, 'returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? 0 : Number(itemParameter(ctx, 'limit', itemIndex, 50));
		if (!returnAll && !(Number.isInteger(limit) && limit >= 1)) {
			throw inputError(node, itemIndex, 'Limit', `must be a whole number of at least 1 (got ${limit})`);
		}
		list = { returnAll, limit, maxCount: endpoint.list.maxCount, onePage: endpoint.list.onePage };
	}
	return { itemIndex, request, values, list };
}

