/**
 * Data-driven endpoint definitions. Each X endpoint is described once (method, path, fields with
 * their rules); the node's parameters, the input validation and the request are all derived from
 * that description, so adding an endpoint means adding data, not a handler.
 *
 * Why not n8n's declarative routing (`routing` on properties): every input item is checked
 * before the first request goes out (so a bad item never leaves half a batch sent), batch
 * endpoints pack many items into one request and map X's per-entry answers back to items, OAuth
 * 1.0a must sign the exact query that is sent, and 429s wait for X's rate-limit reset. For a
 * reader who knows routing: `method` and `path` are routing.request.method/url, a Field with
 * `send: 'query'` or `'json'` is routing.send {type: 'query' | 'body', property: wire}, `list` is
 * routing.operations.pagination, and `output` is routing.output.postReceive.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { AdsEnvelope, RetryPolicy, XAuth, XContext, XHost, XRequest, XResponse } from './transport';
import { xRequest } from './transport';
import { shareDisplayOptions } from './sharedDisplay';
import type { FieldRules } from './validation';

export type FieldType =
	| 'string'
	| 'number'
	| 'boolean'
	| 'options'
	| 'multiOptions'
	| 'dateTime'
	| 'json'
	/** A comma list (given as "a,b" or an array), sent comma-joined. */
	| 'list'
	/** A resource locator (list search or ID), see `locator`. */
	| 'locator'
	/** An amount sent in micro units; typed in micro or currency units as the node's Amounts In says. */
	| 'money';

export interface LocatorSpec {
	/** listSearch method of the node, e.g. searchAccounts. */
	searchMethod?: string;
	/** The mode a new parameter starts in: list when it has a search, unless saved workflows began with By ID. */
	defaultMode?: 'list' | 'id';
	idPattern: string;
	idRule: string;
	placeholder: string;
}

export interface Field {
	/** Name on the wire; a path parameter when the endpoint's path has {wire}. */
	wire: string;
	/** Node parameter name; camelCase of the wire name when not given. */
	name?: string;
	/** Display name in the UI. */
	label: string;
	type: FieldType;
	description?: string;
	/** Shown as its own parameter and must be given; otherwise it sits in the optional collection. */
	required?: boolean;
	options?: readonly string[];
	default?: string | number | boolean | string[];
	rules?: FieldRules;
	locator?: LocatorSpec;
	placeholder?: string;
	/** Holds a token or secret: shown masked in the panel. */
	secret?: boolean;
	/** Sent in the query string although the endpoint sends JSON (where X's reference lists it so). */
	in?: 'query';
	/** No parameter of its own: the endpoint's `read` supplies the value (e.g. built from a component list). */
	noParameter?: boolean;
}

export interface CheckHelpers {
	/** Throws the input error for this item: field label, then the rule in words. */
	fail(field: string, rule: string): never;
	credentials: IDataObject;
	/** What the endpoint's checkContext read once for the run (undefined without one). */
	context?: IDataObject;
}

export interface Endpoint {
	operation: string;
	/** Operation name in the UI, e.g. "Get Many". */
	name: string;
	/** Action label, e.g. "Get many accounts". */
	action: string;
	description: string;
	method: IHttpRequestMethods;
	path: string;
	host?: XHost;
	/** X's documentation page of the endpoint (its anchor on the reference page). */
	docs?: string;
	/** Whose credential signs: default the user's on Ads hosts, the app's bearer on the general API. */
	auth?: XAuth;
	version?: number;
	fields?: Field[];
	/** Where fields that are not path parameters go. */
	send?: 'query' | 'json';
	/**
	 * A collection: Return All / Limit instead of count and cursor. maxCount: the largest count, if
	 * it takes one; onePage: X answers it in one page (Limit cuts it), and its optional fields keep
	 * the collection name "options" they had before it offered Return All / Limit.
	 */
	list?: { maxCount?: number; onePage?: boolean };
	/** Display name of the collection holding the optional fields. */
	optionalLabel?: string;
	/** Safe to repeat after a 5xx or a dropped connection (POSTs the spec makes idempotent). */
	idempotent?: boolean;
	/** Reads once per run, before any item is checked, what the checks need beyond the items (e.g. the scopes a token was granted). */
	checkContext?: (ctx: IExecuteFunctions) => Promise<IDataObject>;
	/** Rules across fields, checked after each field's own rules and before sending. */
	check?: (values: IDataObject, helpers: CheckHelpers) => void;
	/** Our words after X's on a 404, where X's answer has a plain meaning (e.g. "already deleted"). */
	notFoundMessage?: string;
	/** Maps X's answer to output records; default: data (an array gives one item per element). */
	output?: (envelope: AdsEnvelope, values: IDataObject, ctx: XContext) => IDataObject[];
	/** Reads an item's raw values (by wire name) its own way; readParameters gives the usual reading. */
	read?: (ctx: IExecuteFunctions, itemIndex: number, readParameters: () => IDataObject) => IDataObject;
	/** Sends one checked item in its own way (several requests, a read before a write, ...). */
	run?: (ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy) => Promise<IDataObject[]>;
	/** Sends all checked items together (batch endpoints); returns each item's records or error, in order. */
	batch?: (
		ctx: IExecuteFunctions,
		items: CheckedItem[],
		policy: RetryPolicy,
	) => Promise<Array<IDataObject[] | Error> | BatchSummaries>;
	/** Extra parameters of this operation (modes, options), shown only for it. */
	extraProperties?: INodeProperties[];
	/** The extras come after the required fields (a report's mode and output), not before them. */
	extrasAfterFields?: boolean;
	/** Extra display conditions for the fields' parameters, e.g. only in a "map fields" mode. */
	fieldsShowWhen?: Record<string, Array<string | boolean>>;
	/** n8n's Simplify option: the fields a person or an AI agent needs of each output record. */
	simplify?: Simplify;
}

export interface Simplify {
	/** X's fields a simplified record keeps (those it has), or how a record is simplified. */
	keep: readonly string[] | ((record: IDataObject) => IDataObject);
	/** Extra display conditions, e.g. only for row output. */
	showWhen?: Record<string, Array<string | boolean>>;
}

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

/** The record as Simplify gives it, or undefined when the item does not ask for it. */
export function simplified(ctx: IExecuteFunctions, endpoint: Endpoint, itemIndex: number): ((record: IDataObject) => IDataObject) | undefined {
	if (!endpoint.simplify || !ctx.getNodeParameter('simplify', itemIndex, false)) return undefined;
	const { keep } = endpoint.simplify;
	if (typeof keep === 'function') return keep;
	// total_count is there only when the user asked for it (With Total Count).
	const fields = [...keep, 'total_count'];
	return (record) => Object.fromEntries(fields.filter((f) => record[f] !== undefined).map((f) => [f, record[f]]));
}

/** One checked input item, ready to send. */
export interface CheckedItem {
	itemIndex: number;
	values: IDataObject;
	request: XRequest;
}

/** A batch runner's answer when it can also summarize per request (positions index the items it was given). */
export interface BatchSummaries {
	/** Output one item per request instead of one per input item. */
	summaryMode: boolean;
	perItem: IDataObject[][];
	summaries: Array<{ json: IDataObject; items: number[] }>;
	failed: Array<Error | undefined>;
}

export interface Resource {
	name: string;
	value: string;
	description?: string;
	endpoints: Endpoint[];
}

export function paramName(field: Field): string {
	return field.name ?? field.wire.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function optionalCollectionName(endpoint: Endpoint): string {
	if (endpoint.method === 'PUT') return 'updateFields';
	if (endpoint.method === 'GET') return endpoint.list && !endpoint.list.onePage ? 'filters' : 'options';
	return 'additionalFields';
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
			if (endpoint.list) {
				block.push(
					{
						displayName: 'Return All',
						name: 'returnAll',
						type: 'boolean',
						default: false,
						description: 'Whether to return all results or only up to a given limit',
						displayOptions: show,
						// A one-page list returned everything before it offered a Limit: saved workflows keep that.
						...(endpoint.list.onePage ? { default: true } : {}),
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
				);
			}
			if (endpoint.simplify) block.push(...simplifyProperties({ ...show.show, ...endpoint.simplify.showWhen }));
			if (fields.some((f) => f.type === 'money')) {
				block.push({
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
				});
			}
			const optional = fields.filter((f) => !f.required);
			if (optional.length) {
				block.push({
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
				});
			}
		}
	}
	return blocks;
}

/** The node's subtitle in the editor, "Get Many: Account": display names, not the raw values. */
export function operationSubtitle(resources: Resource[]): string {
	const names: Record<string, string> = {};
	for (const r of resources) for (const e of r.endpoints) names[`${r.value}.${e.operation}`] = `${e.name}: ${r.name}`;
	const key = '$parameter["resource"] + "." + $parameter["operation"]';
	return `={{ (${JSON.stringify(names)})[${key}] || ${key} }}`;
}

export function findEndpoint(resources: Resource[], resource: string, operation: string): Endpoint {
	const endpoint = resources.find((r) => r.value === resource)?.endpoints.find((e) => e.operation === operation);
	if (!endpoint) throw new Error(`Unknown operation ${resource}.${operation}`);
	return endpoint;
}

/** Whose credential signs an endpoint: its own auth, else the user's on Ads hosts and the App's on the general API. */
export function endpointAuth(endpoint: Endpoint): XAuth {
	return endpoint.auth ?? (endpoint.host === 'api' ? 'app' : 'user');
}

/** What one call adds to an endpoint's definition: its values, and where it signs otherwise (a user's private kinds, a trigger's held token). */
export type EndpointCall = Pick<XRequest, 'pathParams' | 'qs' | 'body' | 'auth' | 'bearerToken' | 'itemIndex'>;

/** The request of one call of an endpoint: method, host, path, version, auth and idempotency from its definition. */
export function endpointRequest(endpoint: Endpoint, call: EndpointCall = {}): XRequest {
	return {
		method: endpoint.method,
		host: endpoint.host ?? 'ads',
		path: endpoint.path,
		version: endpoint.version,
		idempotent: endpoint.idempotent,
		auth: endpointAuth(endpoint),
		...call,
	};
}

/** Sends one call of an endpoint through its definition (the way code outside a node's operations calls X). */
export async function callEndpoint(ctx: XContext, endpoint: Endpoint, call: EndpointCall = {}, policy?: RetryPolicy): Promise<XResponse> {
	return await xRequest(ctx, endpointRequest(endpoint, call), policy);
}
