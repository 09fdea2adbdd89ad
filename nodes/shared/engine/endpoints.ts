/**
 * Data-driven endpoint definitions. Each X endpoint is described once (method, path, fields with
 * their rules); the node's parameters, the input validation and the request are all derived from
 * that description, so adding an endpoint means adding data, not a handler. This file is the
 * tables' vocabulary (types and parameter names); description.ts derives the editor's parameters,
 * request.ts the requests, prepare.ts and validation.ts the checks, execute.ts the run.
 *
 * Why not n8n's declarative routing (`routing` on properties): every input item is checked
 * before the first request goes out (so a bad item never leaves half a batch sent), batch
 * endpoints pack many items into one request and map X's per-entry answers back to items, OAuth
 * 1.0a must sign the exact query that is sent, and 429s wait for X's rate-limit reset. For a
 * reader who knows routing: `method` and `path` are routing.request.method/url, a Field with
 * `send: 'query'` or `'json'` is routing.send {type: 'query' | 'body', property: wire}, `list` is
 * routing.operations.pagination, and `output` is routing.output.postReceive.
 */
import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import type { AdsEnvelope, RetryPolicy, XAuth, XContext, XHost, XRequest } from '../transport/transport';
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

export function findEndpoint(resources: Resource[], resource: string, operation: string): Endpoint {
	const endpoint = resources.find((r) => r.value === resource)?.endpoints.find((e) => e.operation === operation);
	if (!endpoint) throw new Error(`Unknown operation ${resource}.${operation}`);
	return endpoint;
}

