/**
 * The editor's description, derived from the endpoint tables: the resource and operation
 * selectors, then each operation's parameters in panel order (path parameters, modes, required
 * fields, Return All/Limit, Simplify, amounts, optional fields), equal ones shared.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Endpoint, Field, Resource } from './endpoints';
import { optionalCollectionName, paramName } from './endpoints';
import { shareDisplayOptions } from './sharedDisplay';

/**
 * Simplify is on for new nodes (node version 2) and off for workflows saved with version 1, which
 * keep X's whole records: a saved workflow stores no value equal to the default, so the default
 * of version 1 must stay what version 1 did.
 */
function simplifyProperties(show: Record<string, Array<string | boolean>>): INodeProperties[] {
	const simplify = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean' as const,
		description: 'Whether to return a simplified version of the response instead of the raw data',
	};
	return [
		{ ...simplify, default: false, displayOptions: { show: { ...show, '@version': [1] } } },
		{ ...simplify, default: true, displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 2 } }] } } },
	];
}

function optionalCollectionLabel(endpoint: Endpoint): string {
	if (endpoint.optionalLabel) return endpoint.optionalLabel;
	return { updateFields: 'Update Fields', filters: 'Filters', options: 'Options', additionalFields: 'Additional Fields' }[
		optionalCollectionName(endpoint)
	]!;
}

/** The collection's button says what it adds, as in n8n's nodes: Add Option, Add Filter, Add Field. */
function optionalCollectionPlaceholder(label: string): string {
	if (/Options$/.test(label)) return 'Add Option';
	if (/Filters$/.test(label)) return 'Add Filter';
	return 'Add Field';
}

/** n8n's lint wants option lists of 5 or more in name order; defaults stay the first value defined. */
function sortedByName<T extends { name: string }>(options: T[]): T[] {
	return options.length < 5 ? options : [...options].sort((a, b) => a.name.localeCompare(b.name));
}

/** Words n8n's lint wants in capitals in display names. */
const ACRONYMS: Record<string, string> = { id: 'ID', ids: 'IDs', url: 'URL', uri: 'URI', api: 'API', iab: 'IAB', tv: 'TV' };

/** X's enum value in title case (IN_STOCK -> In Stock); dotted names (post.create) stay as X writes them. */
function toOptions(values: readonly string[]): INodePropertyOptions[] {
	return sortedByName(
		values.map((value) => ({
			name: value.includes('.')
				? value
				: value
						.toLowerCase()
						.split(/[_ ]/)
						.map((w) => ACRONYMS[w] ?? (w ? w[0].toUpperCase() + w.slice(1) : w))
						.join(' '),
			value,
		})),
	);
}

/** Editor messages for a space at either end of an ID, checked apart so the message names it. */
const ID_SPACE_RULES = [
	{ regex: '(?:\\S[\\s\\S]*)?', errorMessage: 'Has a leading space: remove it' },
	{ regex: '(?:[\\s\\S]*\\S)?', errorMessage: 'Has a trailing space: remove it' },
];

/**
 * A locator's By ID rules, as n8n checks them in the editor (each regex on the whole value): a
 * space at either end is named on its own, and the ID's own pattern is tried without it, so a
 * trailing space reads "Has a trailing space", not "Not a valid ID".
 */
function idValidation(locator: Field['locator']) {
	const pattern = (locator?.idPattern ?? '.+').replace(/^\^/, '').replace(/\$$/, '');
	return [...ID_SPACE_RULES, { regex: `\\s*(?:${pattern})\\s*`, errorMessage: `Not a valid ID: ${locator?.idRule ?? ''}` }].map((properties) => ({ type: 'regex' as const, properties }));
}

export function fieldProperty(field: Field): INodeProperties {
	const base = {
		displayName: field.label,
		name: paramName(field),
		description: field.description,
		required: field.required || undefined,
		placeholder: field.placeholder,
	};
	switch (field.type) {
		case 'locator':
			return {
				...base,
				type: 'resourceLocator',
				default: { mode: field.locator?.defaultMode ?? (field.locator?.searchMethod ? 'list' : 'id'), value: '' },
				modes: [
					...(field.locator?.searchMethod
						? [
								{
									displayName: 'From List',
									name: 'list',
									type: 'list' as const,
									typeOptions: { searchListMethod: field.locator.searchMethod, searchable: true },
								},
							]
						: []),
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string' as const,
						placeholder: field.locator?.placeholder,
						validation: idValidation(field.locator),
					},
				],
			};
		case 'options':
			return { ...base, type: 'options', options: toOptions(field.options ?? []), default: field.default ?? field.options?.[0] ?? '' };
		case 'multiOptions':
			return { ...base, type: 'multiOptions', options: toOptions(field.options ?? []), default: field.default ?? [] };
		case 'boolean':
			return { ...base, type: 'boolean', default: field.default ?? false };
		case 'number':
			return {
				...base,
				type: 'number',
				default: field.default ?? 0,
				typeOptions: { minValue: field.rules?.min, maxValue: field.rules?.max },
			};
		case 'dateTime':
			return { ...base, type: 'dateTime', default: field.default ?? '' };
		case 'money':
			return { ...base, type: 'string', default: field.default ?? '', placeholder: field.placeholder ?? 'e.g. 12.50' };
		case 'json':
			return { ...base, type: 'json', default: field.default ?? '' };
		default:
			return { ...base, type: 'string', default: field.default ?? '', ...(field.secret ? { typeOptions: { password: true } } : {}) };
	}
}

/** The resource and operation selectors, then every operation's parameters, equal ones shared (sharedDisplay.ts). */
export function buildProperties(resources: Resource[]): INodeProperties[] {
	const firstResource = resources[0].value;
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: sortedByName(resources.map(({ name, value, description }) => ({ name, value, description }))),
			default: firstResource,
		},
	];
	for (const resource of resources) {
		const firstOperation = resource.endpoints[0].operation;
		properties.push({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: sortedByName(
				resource.endpoints.map((e) => ({ name: e.name, value: e.operation, description: e.description, action: e.action })),
			),
			default: firstOperation,
		});
	}
	return [...properties, ...shareDisplayOptions(operationParameters(resources))];
}

/** Each operation's own parameters, in panel order, each shown only for that operation. */
export function operationParameters(resources: Resource[]): INodeProperties[][] {
	const blocks: INodeProperties[][] = [];
	for (const resource of resources) {
		for (const endpoint of resource.endpoints) {
			const block: INodeProperties[] = [];
			blocks.push(block);
			const show = { show: { resource: [resource.value], operation: [endpoint.operation] } };
			const fieldShow = { show: { ...show.show, ...endpoint.fieldsShowWhen } };
			// Path parameters (the records acted on) are needed in every mode.
			const showFor = (field: Field) => (endpoint.path.includes(`{${field.wire}}`) ? show : fieldShow);
			// The panel's order: the record acted on (path parameters), modes, the other required
			// fields, then option collections (n8n's convention: what matters first). With
			// extrasAfterFields, the extras (how to run, what to output) follow the required fields.
			const extras = (endpoint.extraProperties ?? []).map((extra) => ({
				...extra,
				displayOptions: { show: { ...show.show, ...extra.displayOptions?.show } },
			}));
			const isCollection = (p: INodeProperties) => p.type === 'collection' || p.type === 'fixedCollection';
			const fields = (endpoint.fields ?? []).filter((f) => !f.noParameter);
			const required = fields.filter((f) => f.required);
			const inPath = (f: Field) => endpoint.path.includes(`{${f.wire}}`);
			for (const field of required.filter(inPath)) block.push({ ...fieldProperty(field), displayOptions: showFor(field) });
			if (!endpoint.extrasAfterFields) block.push(...extras.filter((p) => !isCollection(p)));
			for (const field of required.filter((f) => !inPath(f))) block.push({ ...fieldProperty(field), displayOptions: showFor(field) });
			if (endpoint.extrasAfterFields) block.push(...extras.filter((p) => !isCollection(p)));
			block.push(...extras.filter(isCollection));
			if (endpoint.list) block.push(...listProperties(show, endpoint.list.onePage));
			if (endpoint.simplify) block.push(...simplifyProperties({ ...show.show, ...endpoint.simplify.showWhen }));
			if (fields.some((f) => f.type === 'money')) block.push(amountUnitProperty(show));
			const optional = fields.filter((f) => !f.required);
			if (optional.length) block.push(optionalCollection(endpoint, optional, fieldShow));
		}
	}
	return blocks;
}

type Show = { show: Record<string, Array<string | boolean>> };

/** Return All and Limit of a list operation. */
function listProperties(show: Show, onePage: boolean | undefined): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: show,
			// A one-page list returned everything before it offered a Limit: saved workflows keep that.
			...(onePage ? { default: true } : {}),
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show.show, returnAll: [false] } },
		},
	];
}

/** How an operation with money fields takes its amounts: currency units (converted exactly) or micros. */
function amountUnitProperty(show: Show): INodeProperties {
	return {
		displayName: 'Amounts In',
		name: 'amountUnit',
		type: 'options',
		options: [
			{ name: 'Currency Units (e.g. 12.34)', value: 'currency' },
			{ name: 'Micro Units (e.g. 12340000)', value: 'micro' },
		],
		default: 'currency',
		description: 'How the amounts below are given. X counts money in micro units of the funding instrument\'s currency (1 unit = 1,000,000 micros); currency units are converted exactly.',
		displayOptions: show,
	};
}

/** The operation's optional fields in one collection, in name order. */
function optionalCollection(endpoint: Endpoint, optional: Field[], fieldShow: Show): INodeProperties {
	return {
		displayName: optionalCollectionLabel(endpoint),
		name: optionalCollectionName(endpoint),
		type: 'collection',
		placeholder: optionalCollectionPlaceholder(optionalCollectionLabel(endpoint)),
		default: {},
		displayOptions: fieldShow,
		options: optional
			.map((f) => {
				const p = fieldProperty(f);
				delete p.required;
				return p;
			})
			.sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** The node's subtitle in the editor, "Get Many: Account": display names, not the raw values. */
export function operationSubtitle(resources: Resource[]): string {
	const names: Record<string, string> = {};
	for (const r of resources) for (const e of r.endpoints) names[`${r.value}.${e.operation}`] = `${e.name}: ${r.name}`;
	const key = '$parameter["resource"] + "." + $parameter["operation"]';
	return `={{ (${JSON.stringify(names)})[${key}] || ${key} }}`;
}
