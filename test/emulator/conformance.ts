/**
 * X's Ads reference as the judge of every Ads request: the table test/reference/adsReference.ts
 * reads from X's reference pages (recorded in test/reference/recordedFacts.json, so the emulator runs
 * without X's docs) says, per endpoint, which parameters exist, whether each goes in
 * the query string or the JSON body, which are required and which values an enum takes. Every
 * request to an Ads route passes here before its handler; what the table refuses gets X's
 * INVALID_PARAMETER / MISSING_PARAMETER answer. Enumerations the routes check come from the same
 * table (refValues), never from the nodes' code.
 */
import { EXAMPLE_DATA, recordedAdsTable, TEXT_LISTS, textListKey, xFacts, type RecordedEndpoint as AdsRefEndpoint, type RecordedParam as AdsRefParam } from '../reference/facts';
import { adsError, invalidParameter, missingParameter } from './ads';
import type { RequestContext } from './http';

/**
 * Ads routes the emulator serves that X's reference pages do not describe, each with the reason.
 * Keyed like the table: "METHOD 12/path/with/:params".
 */
export const NOT_IN_REFERENCE: Record<string, string> = {};

/**
 * Endpoints whose JSON body wraps the documented attributes in one key, as X's example request
 * shows (the attribute list names only the members). X answers each wrapped entry on its own
 * (status ERROR for that entry), so the route judges the entries, by the same table (refParam).
 */
const JSON_WRAPPER: Record<string, string> = {
	'PUT 12/product_catalogs/:product_catalog_id/products': 'products',
	'POST 12/measurement/conversions/:pixel_id': 'conversions',
};

/**
 * Keys of a JSON body whose members the reference lists as attributes of the same endpoint (batch
 * operations). The users of a batch are answered one by one (operation_errors), by the route.
 */
const NESTED_ATTRIBUTES = new Set(['params']);

/** "PUT 12/accounts/:account_id" from a route pattern "/12/accounts/:account_id". */
function routeKey(method: string, pattern: string): string {
	return `${method} ${pattern.replace(/^\//, '')}`;
}

function parseKey(key: string): { method: string; version: number; path: string } {
	const m = /^(GET|POST|PUT|DELETE) (\d+)\/(.+)$/.exec(key);
	if (!m) throw new Error(`Not an endpoint key: "${key}" (expected e.g. "GET 12/accounts/:account_id")`);
	return { method: m[1], version: Number(m[2]), path: m[3] };
}

/** The table entry of an endpoint, by "METHOD 12/path" (parameters by position: any :name). */
export function refEndpoint(key: string): AdsRefEndpoint | undefined {
	const { method, version, path } = parseKey(key);
	return recordedAdsTable().find(method, version, path);
}

/** One parameter of an endpoint as X's reference lists it; throws when the reference has no such parameter. */
export function refParam(key: string, name: string): AdsRefParam {
	const endpoint = refEndpoint(key);
	if (!endpoint) throw new Error(`X's Ads reference has no endpoint ${key}`);
	const param = endpoint.params.find((p) => p.name === name);
	if (!param) throw new Error(`X's Ads reference lists no parameter ${name} for ${key}`);
	return param;
}

/** The "Possible values" X's reference lists for a parameter of an endpoint. */
export function refValues(key: string, name: string): readonly string[] {
	const values = refParam(key, name).values;
	if (!values?.length) throw new Error(`X's Ads reference lists no values for ${name} of ${key}`);
	return values;
}

/**
 * A list the reference gives in a parameter's text, e.g. "Supported operators: `A`, `B`" of a
 * product set's filters (recorded by test/reference/deriveFacts.ts for each entry of TEXT_LISTS).
 */
export function refTextList(key: string, name: string, label: string): readonly string[] {
	refParam(key, name);
	const list = xFacts().ads.textLists[textListKey(key, name, label)];
	if (!TEXT_LISTS.some(([k, n, l]) => k === key && n === name && l === label) || !list) {
		throw new Error(`No "${label}" of ${name} of ${key} is recorded: add it to TEXT_LISTS (test/reference/facts.ts) and run npm run reference:facts`);
	}
	return list;
}

/** The `data` of X's example answer of an endpoint (recorded for each entry of EXAMPLE_DATA). */
export function refExampleData(key: string): readonly unknown[] {
	const data = xFacts().ads.exampleData[key];
	if (!EXAMPLE_DATA.includes(key)) throw new Error(`X's example answer of ${key} is not recorded: add it to EXAMPLE_DATA (test/reference/facts.ts) and run npm run reference:facts`);
	return data ?? [];
}

/** The route's table entry, or undefined for an allow-listed route; a route with neither is an emulator bug. */
export function adsRouteEntry(method: string, pattern: string): AdsRefEndpoint | undefined {
	const key = routeKey(method, pattern);
	const endpoint = refEndpoint(key);
	if (endpoint || key in NOT_IN_REFERENCE) return endpoint;
	throw new Error(`The emulator serves ${key}, which X's Ads reference does not describe; add it to NOT_IN_REFERENCE with the reason`);
}

/** A comma list where the reference says the parameter takes several values. */
function isList(param: AdsRefParam): boolean {
	return param.type === 'array' || param.list === true;
}

function checkValue(param: AdsRefParam, value: unknown): void {
	if (!param.values?.length) return;
	const items = Array.isArray(value) ? value : typeof value === 'string' && isList(param) ? value.split(',') : [value];
	for (const item of items) {
		if (typeof item !== 'string') continue;
		if (!param.values.includes(item.trim())) {
			throw invalidParameter(param.name, `Expected an Enum (one of ${param.values.join(', ')}), got "${item}" for ${param.name}`);
		}
	}
}

/** Every attribute name of a JSON body with its value, through batch operations and documented wrappers. */
function bodyAttributes(body: unknown, wrapper: string | undefined, out: Array<[string, unknown]> = [], paramsJudged = false): Array<[string, unknown]> {
	if (Array.isArray(body)) {
		for (const element of body) bodyAttributes(element, undefined, out, paramsJudged);
		return out;
	}
	if (typeof body !== 'object' || body === null) return out;
	for (const [key, value] of Object.entries(body)) {
		if (key === wrapper) continue; // its entries are answered one by one by the route, from the same table
		// params is the envelope of a batch operation (X's example requests), listed or not: its members are judged
		if (NESTED_ATTRIBUTES.has(key)) {
			// params judged against the single endpoint already (checkBatchParams)
			if (!paramsJudged) bodyAttributes(value, undefined, out);
			continue;
		}
		out.push([key, value]);
	}
	return out;
}

/** The single endpoint whose parameters a batch operation of this type carries (Create: POST, Update: PUT, Delete: DELETE). */
const SINGLE_METHOD: Record<string, string> = { Create: 'POST', Update: 'PUT', Delete: 'DELETE' };

/**
 * X documents some batch endpoints (campaigns, line items) with operation_type and params only,
 * and says the params are those of the single endpoint: the single endpoint's table entry for
 * the operation type, the record's ID (its path parameter, e.g. campaign_id) included.
 */
export function batchSingleEndpoint(batch: AdsRefEndpoint, operationType: unknown): AdsRefEndpoint | undefined {
	const names = batch.params.filter((p) => p.place !== 'path').map((p) => p.name).sort().join(',');
	if (!batch.path.startsWith('batch/') || names !== 'operation_type,params') return undefined;
	const method = SINGLE_METHOD[String(operationType)];
	if (!method) return undefined;
	const base = batch.path.slice('batch/'.length);
	return refEndpoint(`${method} ${batch.version}/${base}`) ?? refEndpoint(`${method} ${batch.version}/${base}/:id`);
}

/** The params of each operation of such a batch, judged by name and listed values against the single endpoint. */
function checkBatchParams(batch: AdsRefEndpoint, body: unknown): boolean {
	if (!batchSingleEndpoint(batch, 'Create') || !Array.isArray(body)) return false;
	for (const operation of body as Array<Record<string, unknown>>) {
		const single = batchSingleEndpoint(batch, operation?.operation_type);
		if (!single) continue; // an unknown operation_type is judged by the batch entry's values
		const params = operation.params;
		if (typeof params !== 'object' || params === null || Array.isArray(params)) continue;
		for (const [name, value] of Object.entries(params)) {
			const param = single.params.find((p) => p.name === name && p.name !== 'account_id');
			if (!param) throw invalidParameter(name, `Unknown parameter ${name} for ${operation.operation_type as string} of ${batch.method} ${batch.path}`);
			checkValue(param, value);
		}
	}
	return true;
}

/**
 * Judges one request to an Ads route by X's reference: parameter names, where each goes, required
 * query parameters and listed values. Throws X's error answer; returns when the request conforms.
 */
export function checkAdsRequest(ctx: RequestContext, pattern: string): void {
	const endpoint = adsRouteEntry(ctx.method, pattern);
	if (!endpoint) return;
	const byName = new Map(endpoint.params.map((p) => [p.name, p]));
	// Query string and form body alike: X reads both as request parameters.
	const sent = [...ctx.query, ...(ctx.form ?? [])];
	for (const [name, value] of sent) {
		const param = byName.get(name);
		if (!param || param.place === 'path') throw invalidParameter(name, `Unknown parameter ${name} for ${endpoint.method} ${endpoint.path}`);
		if (param.place === 'body') throw invalidParameter(name, `${name} belongs in the JSON body of ${endpoint.method} ${endpoint.path}, not in the query string`);
		checkValue(param, value);
	}
	const contentType = String(ctx.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (contentType === 'application/json' && ctx.rawBody.trim() !== '') {
		if (!endpoint.jsonBody) {
			throw adsError(400, 'INVALID_PARAMETER', `${endpoint.method} ${endpoint.path} takes no JSON body: its parameters go in the query string`);
		}
		const wrapper = JSON_WRAPPER[`${endpoint.method} ${endpoint.version}/${endpoint.path}`];
		const batchParams = checkBatchParams(endpoint, ctx.json);
		for (const [name, value] of bodyAttributes(ctx.json, wrapper, [], batchParams)) {
			const param = byName.get(name);
			if (!param || param.place === 'path') throw invalidParameter(name, `Unknown parameter ${name} for ${endpoint.method} ${endpoint.path}`);
			if (param.place === 'query') throw invalidParameter(name, `${name} belongs in the query string of ${endpoint.method} ${endpoint.path}, not in the JSON body`);
			checkValue(param, value);
		}
	}
	for (const param of endpoint.params) {
		if (param.place === 'query' && param.required && !sent.some(([name]) => name === param.name)) throw missingParameter(param.name);
	}
}

/** Table keys of served routes that have neither an entry nor an allow-list reason (for the conformance test). */
export function unlistedAdsRoutes(routes: Array<{ method: string; pattern: string }>): string[] {
	return routes
		.map((r) => routeKey(r.method, r.pattern))
		.filter((key) => !refEndpoint(key) && !(key in NOT_IN_REFERENCE));
}
