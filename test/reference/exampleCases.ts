/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The cases of X's example answers (exampleAnswers.test.ts reads them; the hostile X suite,
 * test/engine/hostileX.test.ts, runs every operation through them): X's own example answers, read by the nodes: for every endpoint a node calls, the example response
 * printed in X's reference is served verbatim by a plain loopback server (exampleServer.ts), the
 * node operation runs through n8n-core's engine against it, and the output items must be what a
 * user expects from that answer: one item per record (an array) or one for a single object, ids as
 * X sent them (strings; a 64-bit id X printed as a JSON number as its exact digits), deleted records
 * kept, next_cursor followed with Return All, total_count when asked for.
 *
 * Where the examples come from: the Ads API pages through test/reference/adsReference.ts; the /2
 * webhook and activity endpoints and the OAuth endpoints from their .mdx pages (openapi.json has
 * schemas but no examples for these operations, and is looked at first). An example that is not
 * valid JSON cannot be served as an answer: that endpoint is skipped with the reason, and the list
 * of such endpoints is pinned below so that a change shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { adsResources } from '../../nodes/XAds/resources';
import { oauthResources } from '../../nodes/XOAuth/XOAuth.node';
import { webhookResources } from '../../nodes/XWebhooks/XWebhooks.node';
import type { Endpoint, Field, Resource } from '../../nodes/shared/engine/endpoints';
import { optionalCollectionName, paramName } from '../../nodes/shared/engine/endpoints';
import type { AdsRefEndpoint } from './adsReference';
import { endpointKey, loadAdsReference, referenceDir } from './adsReference';
import type { ExampleAnswer } from './exampleServer';
import { parseLossless, unsafeIntegers } from './losslessJson';

export type NodeKey = 'ads' | 'webhooks' | 'oauth';

export const NODE_TYPES: Record<NodeKey, string> = {
	ads: 'n8n-nodes-x-ads.xAds',
	webhooks: 'n8n-nodes-x-ads.xWebhooks',
	oauth: 'n8n-nodes-x-ads.xOAuth',
};

export interface Case {
	/** e.g. "X Ads card.getAll: GET 12/accounts/:account_id/cards (x-ads-api/creatives/reference.mdx)" */
	title: string;
	node: NodeKey;
	resource: string;
	endpoint: Endpoint;
	page: string;
	/** Why the endpoint cannot be checked, when it cannot. */
	skip?: string;
	/** The endpoint's own answer (X's example), and every answer the server gives during the run. */
	own?: ExampleAnswer;
	answers: ExampleAnswer[];
	parameters: INodeParameters;
	input: IDataObject[];
	expected: IDataObject[];
	/** The next_cursor of the example, which Return All must follow. */
	cursor?: string;
	/** 64-bit integers X printed as JSON numbers in this example. */
	bigNumbers: string[];
	/** The operation runs in a user's context: the node also holds the X OAuth 1.0a credential. */
	userContext?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Reading X's examples

export const reference = loadAdsReference();

/** X's GET products example (the Sync's listing) and its answer entry. */
const LISTED_PRODUCTS_REF = reference.find('GET', 12, 'product_catalogs/:product_catalog_id/products')!;
const listedPage = () => parseLossless(LISTED_PRODUCTS_REF.exampleResponseText!) as IDataObject;
const LISTED_PRODUCTS: ExampleAnswer = { method: 'GET', base: 'ads', path: '/12/product_catalogs/:product_catalog_id/products', body: LISTED_PRODUCTS_REF.exampleResponseText!, source: `${LISTED_PRODUCTS_REF.page}:${LISTED_PRODUCTS_REF.line}` };
/** A listed product as a feed gives it: X's generated keys and empty fields left out. */
const feedProduct = (listed: IDataObject): IDataObject => Object.fromEntries(Object.entries(listed).filter(([k, v]) => v !== null && v !== '' && k !== 'product_key' && k !== 'item_group_key'));
const docsRoot = join(referenceDir(), 'x-docs');

/** One record per element of data (an array), one for a single object, none for null. */
export function records(envelope: unknown): IDataObject[] {
	const data = (envelope as IDataObject | undefined)?.data;
	if (data === undefined || data === null) return [];
	return (Array.isArray(data) ? data : [data]).map((d) => (d && typeof d === 'object' ? (d as IDataObject) : { value: d as string }));
}

type OpenApi = {
	paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }> }> }>>;
};
let openapi: OpenApi | undefined;

/** The example of an /2 operation in openapi.json, when it has one (none of ours has today). */
function openapiExample(method: string, path: string): string | undefined {
	const spec = (openapi ??= JSON.parse(readFileSync(join(docsRoot, 'openapi.json'), 'utf8')) as OpenApi);
	const operation = spec.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
	const content = operation?.responses?.['200']?.content?.['application/json'];
	const example = content?.example ?? Object.values(content?.examples ?? {})[0]?.value;
	return example === undefined ? undefined : JSON.stringify(example, null, 2);
}

type PageBlock = 'json' | 'form' | 'httpBody';

/**
 * An example answer in an .mdx page: the section starts at the line `marker` and ends at the next
 * heading of its level. json: the first ```json block; form: the first inline `a=b&c=d`
 * (form-encoded token answers); httpBody: the block after "Example response", from its first "{"
 * (X prints the status line and headers before the body).
 */
function pageExample(page: string, marker: string, block: PageBlock): string | undefined {
	const lines = readFileSync(join(docsRoot, page), 'utf8').split('\n');
	const start = lines.findIndex((l) => l.trim() === marker);
	if (start === -1) return undefined;
	const level = /^#+/.exec(marker)?.[0] ?? '###';
	let end = lines.findIndex((l, i) => i > start && new RegExp(`^#{1,${level.length}}\\s`).test(l));
	if (end === -1) end = lines.length;
	const section = lines.slice(start + 1, end);
	const fenced = (from: number, open: RegExp) => {
		const at = section.findIndex((l, i) => i >= from && open.test(l));
		if (at === -1) return undefined;
		const close = section.findIndex((l, i) => i > at && /^\s*```\s*$/.test(l));
		return section.slice(at + 1, close === -1 ? undefined : close);
	};
	if (block === 'json') return fenced(0, /^\s*```json\b/)?.join('\n');
	if (block === 'form') {
		for (const l of section) {
			const m = /^(?:Response:\s*)?`([a-z_]+=[^`\s]*(?:&[a-z_]+=[^`\s]*)+)`\s*$/.exec(l.trim());
			if (m) return m[1];
		}
		return undefined;
	}
	const label = section.findIndex((l) => /Example response/i.test(l) && !/```/.test(l));
	const body = label === -1 ? undefined : fenced(label + 1, /^\s*```/);
	const brace = body?.findIndex((l) => l.trim().startsWith('{')) ?? -1;
	return brace === -1 ? undefined : body!.slice(brace).join('\n');
}

// ---------------------------------------------------------------------------------------------
// Building each endpoint's run

/** The node parameter value for a field's wire value (as a user would type or map it). */
function parameterValue(field: Field, value: unknown): unknown {
	switch (field.type) {
		case 'locator':
			return { __rl: true, mode: 'id', value: String(value) };
		case 'list':
			return Array.isArray(value) ? value.map(String).join(',') : String(value);
		case 'multiOptions':
			return Array.isArray(value) ? value.map(String) : String(value).split(',');
		case 'boolean':
			return value === true || value === 'true';
		case 'number':
			return Number(value);
		case 'json':
			return typeof value === 'string' ? value : JSON.stringify(value);
		default:
			return String(value);
	}
}

/** Node parameters from wire values: required fields on their own, the others in the operation's collection. */
function nodeParameters(resource: string, endpoint: Endpoint, values: IDataObject): INodeParameters {
	const parameters: INodeParameters = { resource, operation: endpoint.operation };
	const collection: IDataObject = {};
	for (const field of endpoint.fields ?? []) {
		const value = values[field.wire];
		if (field.noParameter || value === undefined || value === null || value === '') continue;
		if (field.required) parameters[paramName(field)] = parameterValue(field, value) as never;
		else collection[paramName(field)] = parameterValue(field, value) as never;
	}
	if (Object.keys(collection).length) parameters[optionalCollectionName(endpoint)] = collection as INodeParameters;
	if (endpoint.list) parameters.returnAll = true;
	if ((endpoint.fields ?? []).some((f) => f.type === 'money')) parameters.amountUnit = 'micro';
	return parameters;
}

/**
 * Wire values the example request implies: path parameters from the example URL (aligned with the
 * node's own path), its query, and the parameters X echoes in the answer's request.params.
 */
function exampleValues(endpoint: Endpoint, ref: AdsRefEndpoint, example: unknown): IDataObject {
	const values: IDataObject = {};
	const pathNames = new Set<string>();
	if (ref.exampleRequest) {
		const url = new URL(ref.exampleRequest.split(' ')[1]);
		const segments = url.pathname.split('/').filter(Boolean).slice(1);
		const template = endpoint.path.split('/').filter(Boolean);
		if (segments.length === template.length) {
			template.forEach((t, i) => {
				const name = /^\{(\w+)\}$/.exec(t)?.[1];
				if (name) {
					values[name] = decodeURIComponent(segments[i]);
					pathNames.add(name);
				}
			});
		}
		for (const [k, v] of url.searchParams) if (v !== '') values[k] = v;
	}
	const params = (example as { request?: { params?: unknown } })?.request?.params;
	if (params && typeof params === 'object' && !Array.isArray(params)) {
		for (const [k, v] of Object.entries(params as IDataObject)) if (v !== null && !pathNames.has(k)) values[k] = v;
	}
	// Ask for what the filters can show: deleted records and the total count.
	for (const f of endpoint.fields ?? []) if (f.wire === 'with_deleted' || f.wire === 'with_total_count') values[f.wire] = true;
	return values;
}

interface Override {
	/** Wire values added to (or replacing) those the example implies. */
	values?: IDataObject;
	/** Raw node parameters added. */
	parameters?: INodeParameters;
	input?: IDataObject[];
	/** The output the node must make of X's example (output functions, batch runners). */
	expect?: (example: IDataObject) => IDataObject[];
	/** Other answers of the run (a read before a write), matched before X's examples. */
	answers?: (example: IDataObject, reference: Map<string, ExampleAnswer>) => ExampleAnswer[];
}

function exactPostIds(post: IDataObject): IDataObject {
	const user = post.user as IDataObject | undefined;
	return { ...post, id: post.id_str, ...(user ? { user: { ...user, id: user.id_str } } : {}) };
}

const emails = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `user${i}@example.com` }));
const usersOutput = (count: number, operationType: string) => () =>
	Array.from({ length: count }, () => ({ status: 'OK', operation_type: operationType, request: 1 }));
/** A first sync of `count` members (no state), X's users example answering its one add pass. */
const syncOutput = (count: number, listKey: 'customAudienceId' | 'doNotReachListId') => (): IDataObject[] => {
	const counts = { read: count, distinct: count, duplicates: 0 };
	return [
		{
			accountId: expect.any(String),
			[listKey]: expect.any(String),
			firstSync: true,
			note: expect.stringContaining('first sync adds every member'),
			rows: { blank: 0, header: 0, read: count, refused: 0, withIdentifiers: count },
			identifiers: counts,
			plan: { previous: 0, toAdd: count, toRemove: 0, unchanged: 0 },
			added: count,
			removed: 0,
			members: count,
			countsAddUp: true,
			refusedRows: [],
			requests: { add: 1, remove: 0 },
			xRefused: { additions: 0, removals: 0, operations: [] },
			list: expect.objectContaining({ reasonsNotTargetable: expect.any(Array) }),
			stateBytes: expect.any(Number),
			syncedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		},
	];
};

/**
 * Campaign management records carry money in micros and name the currency: the node adds each
 * amount in currency units beside it (daily_budget_amount "10.00"), null where X gives null.
 * X's examples hold whole cents only, so two decimals are exact here.
 */
function withUnits(record: IDataObject): IDataObject {
	if (typeof record.currency !== 'string') return record;
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		out[key] = value;
		if (!key.endsWith('_local_micro')) continue;
		if (typeof value === 'number') expect(value % 10_000).toBe(0);
		out[key.replace(/_local_micro$/, '')] = value === null ? null : (Number(value) / 1_000_000).toFixed(2);
	}
	return out;
}
const inUnits = { expect: (e: IDataObject) => records(e).map(withUnits) };

/** What the example alone does not give: values it leaves out, and outputs the node reshapes. */
const OVERRIDES: Record<string, Override> = {
	'campaign.getAll': inUnits,
	'campaign.get': inUnits,
	'campaign.create': inUnits,
	'campaign.update': inUnits,
	'campaign.activate': inUnits,
	'campaign.pause': inUnits,
	'campaign.delete': inUnits,
	// The operation of X's example request (a batch echoes its request as a list, which gives no values).
	'campaign.batch': {
		values: { operation_type: 'Create', name: 'batch campaigns', funding_instrument_id: 'lygyi', daily_budget_amount_local_micro: 140000000, entity_status: 'PAUSED', budget_optimization: 'LINE_ITEM' },
		...inUnits,
	},
	'fundingInstrument.getAll': inUnits,
	'fundingInstrument.get': inUnits,
	'fundingInstrument.create': inUnits,
	'fundingInstrument.delete': inUnits,
	'lineItem.getAll': inUnits,
	'lineItem.get': inUnits,
	// X's reference marks end_time required; its example request leaves it out.
	'lineItem.create': { values: { end_time: '2022-07-15T00:00:00Z' }, ...inUnits },
	'lineItem.update': inUnits,
	'lineItem.delete': inUnits,
	'lineItem.activate': inUnits,
	'lineItem.pause': inUnits,
	'lineItem.batch': {
		values: {
			operation_type: 'Create',
			campaign_id: '8yn7m',
			objective: 'ENGAGEMENTS',
			product_type: 'PROMOTED_TWEETS',
			placements: 'ALL_ON_TWITTER',
			bid_amount_local_micro: 3210000,
			entity_status: 'PAUSED',
			start_time: '2022-07-01T00:00:00Z',
			end_time: '2022-07-15T00:00:00Z',
		},
		...inUnits,
	},
	// X's example test ran in 2020: the node refuses a test that does not start in the future, as X does.
	'abTest.create': { values: { start_time: new Date(Date.now() + 86_400_000).toISOString(), end_time: new Date(Date.now() + 5 * 86_400_000).toISOString() } },
	// Required by the node (X's example request leaves the time window out).
	'accountHistory.getAll': { values: { start_time: '2021-04-01T00:00:00Z', end_time: '2021-04-03T00:00:00Z' } },
	// The request body of X's example is not echoed in the answer (targeting_criteria is null there).
	'audienceEstimate.get': {
		values: { targeting_criteria: [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'nba', operator_type: 'EQ' }] },
	},
	// The feature keys come as an array of strings: one item per key.
	'feature.getAll': { expect: (e) => (e.data as string[]).map((k) => ({ feature_key: k })) },
	'feature.add': { expect: (e) => (e.data as string[]).map((k) => ({ feature_key: k })) },
	'feature.remove': { expect: (e) => (e.data as string[]).map((k) => ({ feature_key: k })) },
	// One input item per product; each gets its entry of products_response.
	'product.upsert': {
		values: {
			id: 'test-123456',
			title: 'Test product',
			description: 'A product',
			availability: 'in stock',
			condition: 'new',
			price: '10.00 USD',
			link: 'https://example.com/p/test-123456',
			image_link: 'https://example.com/p/test-123456.jpg',
			brand: 'Example',
		},
		expect: (e) => (e.data as IDataObject).products_response as IDataObject[],
	},
	'product.delete': { expect: (e) => (e.data as IDataObject).delete_products as IDataObject[] },
	// Sync reads X's GET example (its next_cursor followed to a final page of one more product) and
	// compares the feed with it: the listed product given back as X answered it (nulls, "" product_type,
	// inventory a number) is unchanged; the other, retitled, is sent and X's PUT example answers it.
	'productCatalog.sync': {
		answers: () => [{ ...LISTED_PRODUCTS, pages: { [String(listedPage().next_cursor)]: JSON.stringify(finalPage(listedPage())) } }],
		input: [feedProduct(records(listedPage())[0]), { ...feedProduct(records(finalPage(listedPage()))[0]), title: 'Retitled' }],
		// X's PUT example answers its own product (test-123456), not the one the sync sent: matched
		// by id, the sent product has no answer, and the summary says the counts do not add up.
		expect: (e) => {
			const catalog = ((e.request as IDataObject).params as IDataObject).product_catalog_id;
			return [{ catalog, feed: 'input items', dryRun: false, rowsRead: 2, blankLines: 0, read: 2, unchanged: 1, toCreate: 0, toUpdate: 1, toDelete: 0, refused: 0, refusedRows: [], created: 0, updated: 0, unchangedByX: 0, deleted: 0, refusedByX: 0, xRefusals: [], deleteFailed: 0, deleteFailures: [], unanswered: 1, requests: { list: 2, upsert: 1, delete: 0, total: 3 }, countsConfirmed: false, xHoldsFeed: false, countsNote: "Of 1 products sent (toCreate 0, toUpdate 1), X created 0 and updated 0: X's answers named no result for 1." }];
		},
	},
	// The node reads the set before writing it; X's GET example is a FILTERED set, which the node
	// rightly refuses to update, so the read answers the set as the PUT example shows it.
	'productSet.update': {
		answers: (e) => [
			{
				method: 'GET',
				base: 'ads',
				path: '/12/product_catalogs/:product_catalog_id/product_sets/:product_set_id',
				body: JSON.stringify({ data: e.data }),
				source: 'the PUT example\'s record, read before the update',
			},
		],
	},
	// Users: one input item per operation; X's example counts 4 (custom audience) and 2 (do-not-reach list).
	'customAudience.addUsers': { parameters: { identifierMapping: 'auto' }, input: emails(4), expect: usersOutput(4, 'Update') },
	'customAudience.removeUsers': { parameters: { identifierMapping: 'auto' }, input: emails(4), expect: usersOutput(4, 'Delete') },
	'doNotReachList.addUsers': { parameters: { identifierMapping: 'auto' }, input: emails(2), expect: usersOutput(2, 'Update') },
	'doNotReachList.removeUsers': { parameters: { identifierMapping: 'auto' }, input: emails(2), expect: usersOutput(2, 'Delete') },
	// Sync without a state: a first sync, one add pass of the segment, answered by X's users example.
	'customAudience.sync': { parameters: { identifierMapping: 'auto' }, input: emails(4), expect: syncOutput(4, 'customAudienceId') },
	'doNotReachList.sync': { parameters: { identifierMapping: 'auto' }, input: emails(2), expect: syncOutput(2, 'doNotReachListId') },
	// Batches: one input item per operation of X's example request (the request array is not request.params).
	'targetingCriterion.batch': {
		parameters: {
			operationType: '={{ $json.operation_type }}',
			additionalFields: {
				lineItemId: '={{ $json.params.line_item_id ?? "" }}',
				targetingType: '={{ $json.params.targeting_type ?? "" }}',
				targetingValue: '={{ $json.params.targeting_value ?? "" }}',
				targetingCriterionId: '={{ $json.params.targeting_criterion_id ?? "" }}',
			},
		},
		input: [
			{ operation_type: 'Create', params: { line_item_id: '6f9an', targeting_type: 'LOCATION', targeting_value: '5122804691e5fecc' } },
			{ operation_type: 'Delete', params: { targeting_criterion_id: 'al2rua' } },
		],
	},
	'customAudience.batch': {
		parameters: {
			operationType: 'Create',
			additionalFields: {
				name: 'my_flexible_audience_name',
				audienceType: 'FLEXIBLE',
				segments: JSON.stringify({
					boolean_operator: 'AND',
					child_segments: [
						{ custom_audience_id: 'TYIF', frequency: 1, frequency_comparator: 'NUM_GT', lookback_window: 30, negate: true, child_segments: [] },
						{ boolean_operator: 'OR', child_segments: [{ custom_audience_id: 'TXR1', lookback_window: 30, child_segments: [] }, { custom_audience_id: 'TYFO', frequency: 1, frequency_comparator: 'NUM_GT', lookback_window: 30, negate: true, child_segments: [] }] },
					],
				}),
			},
		},
	},
	// X echoes the locale as an object ({countryCode, languageCode}); the request sends en-US.
	// X sends targeting_value as a JSON number; the node gives IDs as strings.
	'targetingOption.getTvShows': { values: { locale: 'en-US' }, expect: (e) => [...records(e), ...records(finalPage(e))].map((r) => ({ ...r, targeting_value: String(r.targeting_value) })) },
	// Cards are built from components; these are the shape of X's example request.
	'card.create': {
		values: { name: 'component based website card' },
		parameters: {
			componentsSource: 'json',
			cardJson: JSON.stringify({
				components: [
					{ type: 'MEDIA', media_key: '3_1323490622599176192' },
					{ type: 'DETAILS', title: 'X', destination: { type: 'WEBSITE', url: 'https://www.x.com' } },
				],
			}),
		},
	},
	'card.update': { values: { name: 'new card name' }, parameters: { componentsSource: 'none' } },
	// X's example sets a title and description on a GIF, which its own parameter table says only
	// videos take (the node refuses them before sending); the answer is read with a name change.
	'mediaLibrary.update': { values: { title: undefined, description: undefined, name: 'cat GIF' } },
	// Posts carry id and user.id as strings, from id_str (X prints the numbers, 64-bit ones among them).
	'post.create': { expect: (e) => records(e).map(exactPostIds) },
	// Stats as rows: X's one TOTAL bucket of the example's window, one column per metric.
	'analytics.getStats': {
		expect: (e) =>
			(e.data as Array<{ id: string; id_data: Array<{ metrics: IDataObject }> }>).map((d) => ({
				id: d.id,
				entity: 'LINE_ITEM',
				placement: 'ALL_ON_TWITTER',
				granularity: 'TOTAL',
				start_time: '2026-05-19T07:00:00Z',
				end_time: '2026-05-26T07:00:00Z',
				...Object.fromEntries(Object.entries(d.id_data[0].metrics).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
			})),
	},
	// Create only: the job X created (its status is read later; the example's result URL is on X's file host).
	'analytics.report': { parameters: { reportMode: 'createOnly' }, expect: (e) => [{ ...(e.data as IDataObject), id: (e.data as IDataObject).id_str }] },
	// One conversion per input item; X answers the count processed for the request.
	'conversion.send': {
		values: { event_id: 'ol288', conversion_time: '2022-02-18T01:14:00.603Z', hashed_email: 'test@twitter.com' },
		expect: (e) => [{ status: 'OK', pixel_id: 'oka17', event_id: 'ol288', request: 1, conversions_sent: 1, conversions_processed: 1, debug_id: (e.data as IDataObject).debug_id }],
	},
	'post.updateName': { expect: (e) => records(e).map(exactPostIds) },
	'post.getAll': { expect: (e) => records(e).map(exactPostIds) },
	// X's example schedules for 2018; the node refuses a time already past, so the request asks for next month.
	'scheduledPost.create': { values: { scheduled_at: new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z') } },
	// X answers a message, no data: the node outputs the draft's id with it.
	'draftPost.preview': { expect: (e) => [{ draft_tweet_id: '996132315829948416', message: e.message as string }] },
	// X adds total_count to these answers unasked; the node keeps it on every record, as when asked.
	'contentCategory.getAll': { expect: (e) => records(e).map((r) => ({ ...r, total_count: e.total_count as number })) },
	'biddingRule.getAll': { expect: (e) => records(e).map((r) => ({ ...r, total_count: e.total_count as number })) },
	'recommendation.getAll': { expect: (e) => records(e).map((r) => ({ ...r, total_count: e.total_count as number })) },
	'curatedCategory.getAll': { expect: (e) => records(e).map((r) => ({ ...r, total_count: e.total_count as number })) },
};

/** Pages that are not X's answer but ours: the final page after next_cursor, one more record made from the example's last. */
function finalPage(example: IDataObject): IDataObject {
	const last = records(example).at(-1) ?? {};
	const record: IDataObject = { ...last };
	let changed = false;
	for (const key of ['id', 'media_key', 'targeting_value']) {
		if (typeof record[key] === 'string') record[key] = `${record[key] as string}2`;
		else if (typeof record[key] === 'number') record[key] = (record[key] as number) + 1;
		else continue;
		changed = true;
	}
	// Another record, not a copy of the last: a page of copies is no progress (issue 36).
	const first = Object.keys(record).find((key) => typeof record[key] === 'string');
	if (!changed && first) record[first] = `${record[first] as string}2`;
	return { ...example, data: [record], next_cursor: null };
}

/** Every parseable example of the Ads reference as an answer, so that a read before a write finds one too. */
function referenceAnswers(): Map<string, ExampleAnswer> {
	const answers = new Map<string, ExampleAnswer>();
	for (const [key, ref] of reference.byKey) {
		if (ref.exampleResponseText === undefined) continue;
		try {
			JSON.parse(ref.exampleResponseText);
		} catch {
			continue;
		}
		answers.set(key, {
			method: ref.method,
			base: ref.host === 'sandbox' ? 'adsSandbox' : 'ads',
			path: `/${ref.version}/${ref.path}`,
			body: ref.exampleResponseText,
			source: `${ref.page}:${ref.line}`,
		});
	}
	return answers;
}

interface Repair {
	/** What was changed, in the test's title. */
	label: string;
	fix: (text: string) => string;
}

/**
 * X's typos in examples of endpoints the nodes call, each repaired by the smallest change, for a
 * separate, labelled check (the verbatim example stays skipped). The post examples are the answers
 * that print 64-bit ids as JSON numbers.
 */
const REPAIRS: Record<string, Repair> = {
	// "name"": with a quote too many, and a comma missing after account_id in request.params.
	'account.update': { label: 'the quote too many after "name" and the missing comma in request.params fixed', fix: (text) => text.replace('"name"":', '"name":').replace(/("account_id": "\w+")(\s*\n\s*"name")/, '$1,$2') },
	// The "source" value (an HTML link) holds unescaped quotes.
	'post.create': { label: 'unescaped quotes in "source" escaped', fix: escapeSourceQuotes },
	'post.updateName': { label: 'unescaped quotes in "source" escaped', fix: escapeSourceQuotes },
	// A comma after the last member of request.params.
	'customAudience.getTargeted': { label: 'trailing comma removed', fix: (text) => text.replace(/,(\s*})/g, '$1') },
	// No-break spaces (U+00A0) indent the answer.
	'conversion.send': { label: 'no-break spaces made spaces', fix: (text) => text.replace(/\u00a0/g, ' ') },
	// Entries elided as {...} in the data array.
	'targetingOption.getPlatformVersions': { label: 'elided {...} entries removed', fix: (text) => text.replace(/\{\.\.\.\},?/g, '').replace(/,(\s*\])/g, '$1') },
	'post.getAll': { label: 'unescaped quotes in "source" escaped', fix: escapeSourceQuotes },
	// "name" null: the colon is missing.
	'draftPost.getAll': { label: 'missing colon after "name" added', fix: (text) => text.replace('"name" null', '"name": null') },
	// A comma missing after user_id in request.params.
	'userSettings.update': { label: 'missing comma in request.params added', fix: (text) => text.replace(/("user_id": "\d+")(\s*\n\s*"notification_email")/, '$1,$2') },
	// The outer braces of the answer are missing.
	'recommendation.getAll': { label: 'outer braces added', fix: (text) => `{${text}}` },
	// A comma missing after "publisher_app_id" in twitter_attribution.promoted_properties.
	'conversionEvent.send': { label: 'missing comma after "publisher_app_id" added', fix: (text) => text.replace(/("publisher_app_id": "\d+")(\s*\n\s*"account_id")/, '$1,$2') },
};

function escapeSourceQuotes(text: string): string {
	return text.replace(/^(\s*"source":\s*")(.*)(",?\s*)$/gm, (_, open: string, value: string, close: string) => `${open}${value.replace(/(?<!\\)"/g, '\\"')}${close}`);
}

function adsCase(resource: Resource, endpoint: Endpoint, answers: Map<string, ExampleAnswer>, repair?: Repair): Case {
	const version = endpoint.version ?? 12;
	const path = endpoint.path.slice(1).replace(/\{(\w+)\}/g, ':$1');
	const ref = reference.find(endpoint.method, version, path);
	const id = `${resource.value}.${endpoint.operation}`;
	const base: Case = {
		title: `X Ads ${id}: ${endpoint.method} ${version}/${path} (${ref?.page ?? 'not in the reference'}${repair ? `, X's ${repair.label}` : ''})`,
		node: 'ads',
		resource: resource.value,
		endpoint,
		page: ref?.page ?? '',
		answers: [],
		parameters: {},
		input: [{}],
		expected: [],
		bigNumbers: [],
	};
	if (!ref) return { ...base, skip: `the node's path ${endpoint.method} ${version}/${path} is not an endpoint of X's reference pages, so there is no example to read` };
	if (ref.exampleResponseText === undefined) return { ...base, skip: `${ref.page} prints no example response` };
	const text = repair ? repair.fix(ref.exampleResponseText) : ref.exampleResponseText;
	try {
		JSON.parse(text);
	} catch (error) {
		return { ...base, skip: `X's example response is not valid JSON (${(error as Error).message}; ${ref.page} line ${ref.line})` };
	}
	const example = parseLossless(text) as IDataObject;
	const override = OVERRIDES[id] ?? {};
	const cursor = endpoint.list && typeof example.next_cursor === 'string' ? example.next_cursor : undefined;
	const page2 = cursor ? finalPage(example) : undefined;
	const own: ExampleAnswer = {
		method: endpoint.method,
		base: endpoint.host === 'adsSandbox' ? 'adsSandbox' : 'ads',
		path: `/${version}/${path}`,
		body: text,
		source: `${ref.page}:${ref.line}`,
		...(cursor ? { pages: { [cursor]: JSON.stringify(page2, null, 2) } } : {}),
	};
	const values = { ...exampleValues(endpoint, ref, example), ...override.values };
	let expected = override.expect ? override.expect(example) : [...records(example), ...(page2 ? records(page2) : [])];
	if (endpoint.list && values.with_total_count === true && example.total_count !== undefined) {
		expected = expected.map((r) => ({ ...r, total_count: example.total_count as number }));
	}
	const ownKey = endpointKey(endpoint.method, version, path);
	return {
		...base,
		own,
		answers: [own, ...(override.answers?.(example, answers) ?? []), ...[...answers].filter(([key]) => key !== ownKey).map(([, a]) => a)],
		parameters: { ...nodeParameters(resource.value, endpoint, values), ...override.parameters },
		input: override.input ?? [{}],
		expected,
		cursor,
		bigNumbers: unsafeIntegers(text),
	};
}

export function adsCases(): Case[] {
	const answers = referenceAnswers();
	return adsResources.flatMap((resource) => resource.endpoints.map((endpoint) => adsCase(resource, endpoint, answers)));
}

/** The endpoints whose example has a typo, again with the typo repaired. */
export function repairedCases(): Case[] {
	const answers = referenceAnswers();
	return adsResources.flatMap((resource) =>
		resource.endpoints
			.filter((e) => REPAIRS[`${resource.value}.${e.operation}`])
			.map((endpoint) => adsCase(resource, endpoint, answers, REPAIRS[`${resource.value}.${endpoint.operation}`])),
	);
}

// ---------------------------------------------------------------------------------------------
// /2 webhooks and activity subscriptions, and the OAuth endpoints

interface PageCase {
	node: NodeKey;
	resource: string;
	operation: string;
	page: string;
	marker: string;
	block: PageBlock;
	values?: IDataObject;
	contentType?: string;
	expect?: (example: IDataObject) => IDataObject[];
	skip?: string;
}

const WEBHOOKS = 'x-api/webhooks/quickstart.mdx';
const ACTIVITY = 'x-api/activity/quickstart.mdx';
const AUTH = 'fundamentals/authentication/api-reference.mdx';
const FORM = 'text/html; charset=utf-8';
const formPairs = (text: string): IDataObject => Object.fromEntries(new URLSearchParams(text));

const PAGE_CASES: PageCase[] = [
	{ node: 'webhooks', resource: 'webhook', operation: 'create', page: WEBHOOKS, marker: '### Create a webhook', block: 'json', values: { url: 'https://yourdomain.com/webhooks/twitter' } },
	{ node: 'webhooks', resource: 'webhook', operation: 'getAll', page: WEBHOOKS, marker: '### View webhooks', block: 'json' },
	{
		node: 'webhooks',
		resource: 'webhook',
		operation: 'validate',
		page: WEBHOOKS,
		marker: '### Validate and re-enable a webhook',
		block: 'json',
		values: { webhook_id: '1234567890' },
		expect: (e) => [{ webhook_id: '1234567890', ...(e.data as IDataObject) }],
	},
	{
		node: 'webhooks',
		resource: 'webhook',
		operation: 'delete',
		page: WEBHOOKS,
		marker: '### Delete a webhook',
		block: 'json',
		values: { webhook_id: '1234567890' },
		expect: (e) => [{ webhook_id: '1234567890', ...(e.data as IDataObject) }],
	},
	{
		node: 'webhooks',
		resource: 'webhook',
		operation: 'replay',
		page: 'x-api/webhooks/create-replay-job-for-webhook.mdx',
		marker: '',
		block: 'json',
		skip: 'X prints no example response for POST /2/webhooks/replay (its page renders openapi.json, whose operation has a schema only)',
	},
	{
		node: 'webhooks',
		resource: 'activitySubscription',
		operation: 'create',
		page: ACTIVITY,
		marker: '### Create subscription',
		block: 'json',
		values: { event_type: 'profile.update.bio', user_id: '123456789', tag: 'my bio updates', webhook_id: '1976325569252868099' },
	},
	{ node: 'webhooks', resource: 'activitySubscription', operation: 'getAll', page: ACTIVITY, marker: '### List subscriptions', block: 'json' },
	{
		node: 'webhooks',
		resource: 'activitySubscription',
		operation: 'update',
		page: ACTIVITY,
		marker: '### Update subscription',
		block: 'json',
		values: { subscription_id: '1976325569252868096', tag: 'my new tag', webhook_id: '192846273860294839' },
	},
	{
		node: 'webhooks',
		resource: 'activitySubscription',
		operation: 'delete',
		page: ACTIVITY,
		marker: '### Delete subscription',
		block: 'json',
		values: { subscription_id: '1976325569252868096' },
		expect: (e) => [{ subscription_id: '1976325569252868096', ...(e.data as IDataObject) }],
	},
	{
		node: 'webhooks',
		resource: 'activitySubscription',
		operation: 'deleteMany',
		page: 'x-api/activity/delete-x-activity-subscriptions-by-ids.mdx',
		marker: '',
		block: 'json',
		skip: 'X prints no example response for DELETE /2/activity/subscriptions?ids= (its page renders openapi.json, whose operation has a schema only)',
	},
	...accountActivityCases(),
	...streamLinkCases(),
	...(['getAll', 'add', 'delete', 'deleteAll', 'getCounts'] as const).map((operation) => ({
		node: 'webhooks' as const,
		resource: 'streamRule',
		operation,
		page: 'x-api/posts/filtered-stream/quickstart.mdx',
		marker: '',
		block: 'json' as const,
		skip: 'X prints no example response for the filtered-stream rule endpoints (the quickstart shows requests only; the reference pages render openapi.json, a schema only)',
	})),
	...(['getAll', 'deleteAll', 'deleteByEndpoint', 'deleteMany'] as const).map((operation) => ({
		node: 'webhooks' as const,
		resource: 'connection',
		operation,
		page: 'x-api/connections/introduction.mdx',
		marker: '',
		block: 'json' as const,
		skip: 'X prints no example response for the connections endpoints (their pages render openapi.json, a schema only)',
	})),
	{
		node: 'oauth',
		resource: 'oauth1',
		operation: 'requestToken',
		page: AUTH,
		marker: '### POST oauth/request_token',
		block: 'form',
		contentType: FORM,
		values: { oauth_callback: 'oob' },
	},
	{
		node: 'oauth',
		resource: 'oauth1',
		operation: 'authorizationUrl',
		page: AUTH,
		marker: '### GET oauth/authorize',
		block: 'json',
		skip: 'the operation builds the authorization URL and sends no request, so there is no answer to read',
	},
	{
		node: 'oauth',
		resource: 'oauth1',
		operation: 'accessToken',
		page: AUTH,
		marker: '### POST oauth/access_token',
		block: 'form',
		contentType: FORM,
		values: { oauth_token: 'qLBVyoAAAAAAx72QAAATZxQWU6P', oauth_verifier: 'ghLM8lYmAxDbaqL912RZSRjCCEXKDIzx' },
	},
	{ node: 'oauth', resource: 'oauth1', operation: 'invalidateToken', page: AUTH, marker: '### POST oauth/invalidate_token', block: 'httpBody' },
	{ node: 'oauth', resource: 'bearerToken', operation: 'issue', page: AUTH, marker: '### POST oauth2/token', block: 'httpBody' },
	{
		node: 'oauth',
		resource: 'bearerToken',
		operation: 'invalidate',
		page: AUTH,
		marker: '### POST oauth2/invalidate_token',
		block: 'httpBody',
		values: { access_token: 'AAAA%2FAAA%3DAAAAAAAA' },
	},
];

/** Account Activity: the answers X's quickstart prints (subscribe and validate need a user's context this suite does not hold). */
function accountActivityCases(): PageCase[] {
	const page = 'x-api/account-activity/quickstart.mdx';
	const base = { node: 'webhooks' as const, resource: 'accountActivity', page, block: 'json' as const };
	const hook = '1952390923729424384';
	const userContext = 'the operation runs in a user\'s context (X OAuth 1.0a or X User OAuth2 credential), which this suite does not hold; test/engine/accountActivity.test.ts reads X\'s {data:{subscribed}} answer from the emulator';
	return [
		{ ...base, operation: 'subscribe', marker: '### Adding a subscription', skip: userContext },
		{ ...base, operation: 'validate', marker: '### Checking a subscription', skip: userContext },
		{
			...base,
			operation: 'getAll',
			marker: '### Viewing all subscriptions',
			values: { webhook_id: hook, returnAll: true },
			expect: (e) => {
				const d = e.data as IDataObject;
				return (d.subscriptions as IDataObject[]).map((s) => ({ user_id: s.user_id, webhook_id: d.webhook_id, webhook_url: d.webhook_url, application_id: d.application_id }));
			},
		},
		{ ...base, operation: 'getCount', marker: '### Subscription count' },
		{ ...base, operation: 'delete', marker: '### Removing a subscription', values: { webhook_id: hook, user_id: '2244994945' }, expect: (e) => [{ webhook_id: hook, user_id: '2244994945', ...(e.data as IDataObject) }] },
	];
}

/** Stream links: the answers of X's filtered-stream webhook quickstart (its list answer nests the links under data.links). */
function streamLinkCases(): PageCase[] {
	const base = { node: 'webhooks' as const, resource: 'streamLink', page: 'x-api/webhooks/stream/quickstart.mdx', block: 'json' as const };
	const hook = '1952390923729424384';
	return [
		{ ...base, operation: 'create', marker: '### Linking your Filtered Stream instance to your webhook', values: { webhook_id: hook }, expect: (e) => [{ webhook_id: hook, ...(e.data as IDataObject) }] },
		{ ...base, operation: 'getAll', marker: '### Retrieving webhooks linked to Filtered Stream', values: { returnAll: true }, expect: (e) => (e.data as IDataObject).links as IDataObject[] },
		{ ...base, operation: 'delete', marker: '### Unlinking your webhook from Filtered Stream', values: { webhook_id: hook }, expect: (e) => [{ webhook_id: hook, ...(e.data as IDataObject) }] },
	];
}

export const NODE_RESOURCES: Record<NodeKey, Resource[]> = { ads: adsResources, webhooks: webhookResources, oauth: oauthResources };
export const NODE_NAMES: Record<NodeKey, string> = { ads: 'X Ads', webhooks: 'X Webhooks', oauth: 'X OAuth' };

/** The App's bearer token as X's example prints it: the App-only credential asks for one before its first request. */
function bearerAnswer(): ExampleAnswer {
	return { method: 'POST', base: 'api', path: '/oauth2/token', body: pageExample(AUTH, '### POST oauth2/token', 'httpBody')!, source: AUTH };
}

export function pageCases(): Case[] {
	// A row for an operation the node does not have (any more) is dropped; the coverage test names what is missing.
	const present = PAGE_CASES.filter((p) => NODE_RESOURCES[p.node].find((r) => r.value === p.resource)?.endpoints.some((e) => e.operation === p.operation));
	return present.map((p): Case => {
		const resource = NODE_RESOURCES[p.node].find((r) => r.value === p.resource)!;
		const endpoint = resource.endpoints.find((e) => e.operation === p.operation)!;
		const path = endpoint.path.replace(/\{(\w+)\}/g, ':$1');
		const base: Case = {
			title: `${NODE_NAMES[p.node]} ${p.resource}.${p.operation}: ${endpoint.method} ${path} (${p.page})`,
			node: p.node,
			resource: p.resource,
			endpoint,
			page: p.page,
			answers: [],
			parameters: {},
			input: [{}],
			expected: [],
			bigNumbers: [],
		};
		if (p.skip) return { ...base, skip: p.skip };
		const text = openapiExample(endpoint.method, path) ?? pageExample(p.page, p.marker, p.block);
		if (text === undefined) return { ...base, skip: `no example answer found under "${p.marker}" in ${p.page}` };
		let example: IDataObject;
		try {
			example = p.block === 'form' ? formPairs(text) : (parseLossless(text) as IDataObject);
			if (p.block !== 'form') JSON.parse(text);
		} catch (error) {
			return { ...base, skip: `X's example response is not valid JSON (${(error as Error).message})` };
		}
		const own: ExampleAnswer = { method: endpoint.method, base: 'api', path, body: text, contentType: p.contentType, source: p.page };
		// Token endpoints answer one object, as it is; the /2 endpoints answer { data }.
		const expected = p.expect ? p.expect(example) : p.node === 'oauth' ? [example] : records(example);
		return {
			...base,
			own,
			answers: [own, bearerAnswer()],
			parameters: nodeParameters(p.resource, endpoint, p.values ?? {}),
			expected,
			bigNumbers: p.block === 'form' ? [] : unsafeIntegers(text),
		};
	});
}


// ---------------------------------------------------------------------------------------------
// Every operation of X Ads and X Webhooks, for the hostile X suite (test/engine/hostileX.test.ts)

/** An answer written from openapi.json's schema of the operation, where X prints no example at all (the suite checks it conforms). */
interface SchemaAnswer {
	resource: string;
	operation: string;
	values: IDataObject;
	body: IDataObject;
	/** The user's context (X OAuth 1.0a credential) the operation needs. */
	userContext?: boolean;
}

const SENT = '2026-05-01T00:00:00.000Z';
const KILLED = { data: { successful_kills: 1, failed_kills: 0, results: [{ uuid: '7f1e9c1a-1111-4222-8333-944455556666', success: true }] } };
const minutesAgo = (n: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - n * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const SCHEMA_ANSWERS: SchemaAnswer[] = [
	{ resource: 'webhook', operation: 'replay', values: { webhook_id: '1234567890', from_date: minutesAgo(60), to_date: minutesAgo(30) }, body: { data: { job_id: '1700000000000000001', created_at: SENT } } },
	{ resource: 'activitySubscription', operation: 'deleteMany', values: { ids: '1976325569252868096' }, body: { data: [{ subscription_id: '1976325569252868096', deleted: true }], meta: { total_subscriptions: 0 } } },
	{ resource: 'accountActivity', operation: 'subscribe', values: { webhook_id: '1952390923729424384' }, body: { data: { subscribed: true } }, userContext: true },
	{ resource: 'accountActivity', operation: 'validate', values: { webhook_id: '1952390923729424384' }, body: { data: { subscribed: true } }, userContext: true },
	{ resource: 'streamRule', operation: 'getAll', values: {}, body: { data: [{ id: '1800000000000000001', value: 'acme -is:retweet', tag: 'brand' }], meta: { sent: SENT, result_count: 1 } } },
	{ resource: 'streamRule', operation: 'add', values: { value: 'acme -is:retweet', tag: 'brand' }, body: { data: [{ id: '1800000000000000001', value: 'acme -is:retweet', tag: 'brand' }], meta: { sent: SENT, summary: { created: 1, not_created: 0, valid: 1, invalid: 0 } } } },
	{ resource: 'streamRule', operation: 'delete', values: { ids: '1800000000000000001' }, body: { meta: { sent: SENT, summary: { deleted: 1, not_deleted: 0 } } } },
	{ resource: 'streamRule', operation: 'deleteAll', values: {}, body: { meta: { sent: SENT, summary: { deleted: 1, not_deleted: 0 } } } },
	{ resource: 'streamRule', operation: 'getCounts', values: {}, body: { data: { cap_per_client_app: '1000', cap_per_project: '1000', client_app_rules_count: { client_app_id: '29000001', rule_count: 1 }, project_rules_count: '1' } } },
	{ resource: 'connection', operation: 'getAll', values: {}, body: { data: [{ id: '7f1e9c1a-1111-4222-8333-944455556666', client_ip: '203.0.113.5', connected_at: SENT, endpoint_name: 'filtered_stream' }], meta: { result_count: 1 } } },
	{ resource: 'connection', operation: 'deleteAll', values: {}, body: KILLED },
	{ resource: 'connection', operation: 'deleteByEndpoint', values: { endpoint_id: 'filtered_stream' }, body: KILLED },
	{ resource: 'connection', operation: 'deleteMany', values: { uuids: '7f1e9c1a-1111-4222-8333-944455556666' }, body: KILLED },
];

/** The path of an endpoint as the example server matches it (:name segments). */
const serverPath = (endpoint: Endpoint) => `${endpoint.host === 'api' ? '' : `/${endpoint.version ?? 12}`}${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;

function schemaCase(a: SchemaAnswer): Case {
	const resource = webhookResources.find((r) => r.value === a.resource)!;
	const endpoint = resource.endpoints.find((e) => e.operation === a.operation)!;
	const own: ExampleAnswer = { method: endpoint.method, base: 'api', path: serverPath(endpoint), body: JSON.stringify(a.body), source: "openapi.json's schema of the operation" };
	return {
		title: `X Webhooks ${a.resource}.${a.operation}: ${endpoint.method} ${endpoint.path} (openapi.json's schema)`,
		node: 'webhooks',
		resource: a.resource,
		endpoint,
		page: 'openapi.json',
		own,
		answers: [own, bearerAnswer()],
		parameters: nodeParameters(a.resource, endpoint, a.values),
		input: [{}],
		expected: [],
		bigNumbers: [],
		userContext: a.userContext,
	};
}

/** An Ads operation X prints no example for, answered with its sibling's example record (same resource, same record). */
function siblingCase(resource: string, operation: string, sibling: string, values: (record: IDataObject) => IDataObject): Case | undefined {
	const from = adsCases().find((c) => c.resource === resource && c.endpoint.operation === sibling && !c.skip);
	const endpoint = adsResources.find((r) => r.value === resource)?.endpoints.find((e) => e.operation === operation);
	if (!from || !endpoint) return undefined;
	const example = parseLossless(from.own!.body) as IDataObject;
	const record = records(example)[0];
	const own: ExampleAnswer = { method: endpoint.method, base: 'ads', path: serverPath(endpoint), body: JSON.stringify({ request: { params: {} }, data: record }), source: `${from.title}: its first record` };
	return { ...from, title: `X Ads ${resource}.${operation}: ${endpoint.method} ${endpoint.path} (the record of ${sibling}'s example)`, endpoint, own, answers: [own, ...from.answers.filter((a) => a !== from.own)], parameters: nodeParameters(resource, endpoint, { ...values(record) }), cursor: undefined };
}

/**
 * A case for every operation of X Ads and X Webhooks the example server can answer: X's example
 * (repaired where X printed it as invalid JSON), a sibling's record where X printed none, or an
 * answer written from openapi.json's schema. Media → Upload, the multi-request one, runs against
 * the emulator in the suite.
 */
export function everyOperationCase(): Case[] {
	const runnable = [...adsCases(), ...pageCases()].filter((c) => c.node !== 'oauth' && !c.skip);
	const repaired = repairedCases().filter((c) => !c.skip);
	const key = (c: Case) => `${NODE_NAMES[c.node]} ${c.resource}.${c.endpoint.operation}`;
	const byKey = new Map(runnable.map((c) => [key(c), c]));
	for (const c of repaired) if (!byKey.has(key(c))) byKey.set(key(c), c);
	const derived = [
		siblingCase('appEventTag', 'get', 'getAll', (r) => ({ account_id: '18ce54d4x5t', app_event_tag_id: r.id })),
		siblingCase('abTest', 'update', 'create', (r) => ({ account_id: String(r.account_id ?? '18ce54d4x5t'), ab_test_id: r.id, name: 'renamed test' })),
	];
	for (const c of [...derived, ...SCHEMA_ANSWERS.map(schemaCase)]) if (c && !byKey.has(key(c))) byKey.set(key(c), c);
	return [...byKey.values()];
}
