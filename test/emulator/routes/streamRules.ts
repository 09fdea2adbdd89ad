/**
 * Filtered-stream rules and their webhook delivery (https://docs.x.com/x-api/posts/filtered-stream/introduction,
 * https://docs.x.com/x-api/webhooks/stream/introduction), bearer token, as openapi.json describes them:
 *   GET  /2/tweets/search/stream/rules?ids&max_results&pagination_token -> {data:[{id, value, tag?}], meta:{result_count, next_token?}}
 *   POST /2/tweets/search/stream/rules?dry_run&delete_all {add:[{value, tag?}]} | {delete:{ids?, values?}}
 *        -> {data?:[created rules], errors?:[problems], meta:{sent, summary:{created, not_created, valid, invalid} | {deleted, not_deleted}}}
 *   GET  /2/tweets/search/stream/rules/counts -> {data:{cap_per_client_app, cap_per_project, project_rules_count, client_app_rules_count}}
 *   POST|DELETE /2/tweets/search/webhooks/:webhook_id, GET /2/tweets/search/webhooks: a webhook linked to the
 *        filtered stream receives every matching post as {data:<post>, matching_rules:[{id, tag}]}.
 * Limits of the pay-per-use plan (the introduction's table): 1,000 rules, 1,024 characters a rule.
 *   GET  /2/tweets/search/stream?backfill_minutes&start_time&end_time&tweet.fields&expansions&user.fields
 *        (x-api/stream/stream-filtered-posts.mdx): the filtered stream by connection, one StreamPostsResponse
 *        per line ({data:<post>, matching_rules:[{id, tag?}], includes?}), keep-alives, one connection per
 *        App (TooManyConnections beyond it) and backfill as the activity stream (activityStream.ts).
 *        A post carries id, text and edit_history_tweet_ids (X's defaults) and the tweet.fields asked
 *        for; expansions=author_id adds includes.users (id, name, username, and the user.fields asked for).
 *        A field or expansion openapi does not list is refused with 400 (the router's request check).
 * Matching (control.emitFilteredPost): every bare term of the rule in the post's text (case
 * insensitive), none of the -terms, a "quoted phrase" as one term, OR between alternatives.
 */
import { ok, type RequestContext } from '../http';
import { isObject } from '../jsonBody';
import type { Router } from '../router';
import type { Store } from '../store';
import { snowflake, v2Time } from '../util';
import { deliverToWebhook } from '../webhookDelivery';
import type { DeliveryResult } from '../state/webhooks';
import { platformState, type StreamRule } from '../state/platform';
import { findWebhook, invalidRequest, problem, v2JsonObject } from './webhooks';
import { openStreamOf, publishStreamEvent } from './activityStream';
import { filteredStreamLineProblems } from '../../reference/openapi';
import { emulatorNow } from '../state/webhooks';

/** The filtered stream's connections (their endpoint_name in GET /2/connections). */
export const FILTERED_STREAM_ENDPOINT = 'filtered_stream';
/** What a post carries without tweet.fields (X's default fields). */
const DEFAULT_POST_FIELDS = ['id', 'text', 'edit_history_tweet_ids'];

export const MAX_RULES = 1000;
export const MAX_RULE_LENGTH = 1024;

const pageToken = (offset: number) => offset.toString(32).toUpperCase().padStart(16, '0');
const query = (ctx: RequestContext, name: string) => ctx.query.find(([k]) => k === name)?.[1];

function getRules(ctx: RequestContext) {
	const rules = platformState(ctx.store).rules;
	const ids = query(ctx, 'ids')?.split(',');
	const all = ids ? rules.filter((r) => ids.includes(r.id)) : rules;
	const max = Number(query(ctx, 'max_results') ?? 1000);
	const token = query(ctx, 'pagination_token');
	const offset = token === undefined ? 0 : parseInt(token, 32);
	if (token !== undefined && (!Number.isSafeInteger(offset) || offset <= 0 || offset >= all.length)) throw invalidRequest('pagination_token', token, 'The pagination_token is not one this endpoint gave.');
	const data = all.slice(offset, offset + max).map((r) => ({ ...r }));
	const next = offset + data.length < all.length ? pageToken(offset + data.length) : undefined;
	return ok({ ...(data.length ? { data } : {}), meta: { result_count: data.length, ...(next ? { next_token: next } : {}) } });
}

/** Why X would refuse a rule value (our wording; X checks the operators too). */
function ruleProblem(value: string, existing: StreamRule[]): string | undefined {
	if (value.trim() === '') return 'A rule must not be empty.';
	if (value.length > MAX_RULE_LENGTH) return `A rule may be at most ${MAX_RULE_LENGTH} characters (got ${value.length}).`;
	if ((value.match(/"/g) ?? []).length % 2 === 1) return 'A rule has an unmatched quote.';
	if (existing.some((r) => r.value === value)) return 'DuplicateRule: a rule with this value exists.';
	return undefined;
}

function updateRules(ctx: RequestContext) {
	const state = platformState(ctx.store);
	const body = v2JsonObject(ctx);
	const dryRun = query(ctx, 'dry_run') === 'true';
	const deleteAll = query(ctx, 'delete_all') === 'true';
	const sent = v2Time(ctx.now);
	if (deleteAll || isObject(body.delete)) {
		const del = isObject(body.delete) ? body.delete : {};
		const ids = (del.ids as string[] | undefined) ?? [];
		const values = (del.values as string[] | undefined) ?? [];
		const doomed = deleteAll ? [...state.rules] : state.rules.filter((r) => ids.includes(r.id) || values.includes(r.value));
		const notFound = deleteAll ? [] : [...ids.filter((id) => !state.rules.some((r) => r.id === id)), ...values.filter((v) => !state.rules.some((r) => r.value === v))];
		if (!dryRun) state.rules = state.rules.filter((r) => !doomed.includes(r));
		const errors = notFound.map((what) => ({ type: 'https://api.x.com/2/problems/invalid-request', title: 'RuleNotFound', detail: `No rule ${what}.` }));
		return ok({ ...(errors.length ? { errors } : {}), meta: { sent, summary: { deleted: doomed.length, not_deleted: notFound.length } } });
	}
	const add = Array.isArray(body.add) ? (body.add as Array<{ value: string; tag?: string }>) : [];
	if (!add.length) throw invalidRequest('add', undefined, 'Give add (rules to add) or delete (ids or values), or delete_all=true.');
	const created: StreamRule[] = [];
	const errors: Array<Record<string, unknown>> = [];
	for (const rule of add) {
		const why = ruleProblem(rule.value, [...state.rules, ...created]);
		if (why) errors.push({ type: 'https://api.x.com/2/problems/invalid-request', title: why.startsWith('DuplicateRule') ? 'DuplicateRule' : 'InvalidRule', detail: why, value: rule.value });
		else created.push({ id: snowflake(), value: rule.value, ...(rule.tag !== undefined ? { tag: rule.tag } : {}) });
	}
	if (state.rules.length + created.length > MAX_RULES) throw problem(403, `The project may hold ${MAX_RULES} rules; it has ${state.rules.length}.`);
	if (!dryRun) state.rules.push(...created);
	return ok({
		...(created.length ? { data: created.map((r) => ({ ...r })) } : {}),
		...(errors.length ? { errors } : {}),
		meta: { sent, summary: { created: dryRun ? 0 : created.length, not_created: errors.length + (dryRun ? created.length : 0), valid: created.length, invalid: errors.length } },
	});
}

function ruleCounts(ctx: RequestContext) {
	const n = platformState(ctx.store).rules.length;
	return ok({
		data: {
			cap_per_client_app: String(MAX_RULES),
			cap_per_project: String(MAX_RULES),
			project_rules_count: String(n),
			client_app_rules_count: { client_app_id: '1', rule_count: n },
			all_project_client_apps: [{ client_app_id: '1', rule_count: n }],
		},
	});
}

function link(ctx: RequestContext) {
	const webhook = findWebhook(ctx.store, ctx.pathParams.webhook_id);
	const state = platformState(ctx.store);
	if (!state.links.some((l) => l.webhook_id === webhook.id)) {
		state.links.push({ webhook_id: webhook.id, created_at: v2Time(ctx.now), fields: [], instance_id: snowflake() });
	}
	return ok({ data: { provisioned: true } });
}

function listLinks(ctx: RequestContext) {
	return ok({ data: platformState(ctx.store).links.map((l) => ({ ...l, fields: [...l.fields] })) });
}

function unlink(ctx: RequestContext) {
	const id = ctx.pathParams.webhook_id;
	const state = platformState(ctx.store);
	const index = state.links.findIndex((l) => l.webhook_id === id);
	if (index === -1) throw problem(404, `Webhook ${id} is not linked to the filtered stream.`, { resource_type: 'webhook', resource_id: id, parameter: 'webhook_id', value: id });
	state.links.splice(index, 1);
	return ok({ data: { deleted: true } });
}

/** Terms of one alternative: "quoted phrases" and words; a leading - negates. */
function terms(alternative: string): Array<{ text: string; negated: boolean }> {
	return [...alternative.matchAll(/(-?)(?:"([^"]*)"|(\S+))/g)].map((m) => ({ text: (m[2] ?? m[3]).toLowerCase(), negated: m[1] === '-' }));
}

export function ruleMatches(rule: string, text: string): boolean {
	const lower = text.toLowerCase();
	return rule
		.replace(/[()]/g, ' ')
		.split(/\s+OR\s+/)
		.some((alt) => {
			const list = terms(alt);
			return list.length > 0 && list.every((t) => lower.includes(t.text) !== t.negated);
		});
}

/** A new post (or an edit of one): delivered to every linked webhook when rules match it. */
export async function emitFilteredPost(store: Store, post: { id: string; text: string; [k: string]: unknown }): Promise<DeliveryResult[]> {
	const state = platformState(store);
	const matching = state.rules.filter((r) => ruleMatches(r.value, post.text)).map((r) => ({ id: r.id, ...(r.tag !== undefined ? { tag: r.tag } : {}) }));
	if (!matching.length) return [];
	const full: Record<string, unknown> = { edit_history_tweet_ids: [post.id], ...post };
	const body = JSON.stringify({ data: full, matching_rules: matching });
	publishStreamEvent(store, { time: emulatorNow(store), line: body, eventUuid: post.id, endpoint: FILTERED_STREAM_ENDPOINT, render: (q) => streamLine(store, full, matching, q) });
	const results: DeliveryResult[] = [];
	for (const l of state.links) results.push(...(await deliverToWebhook(store, l.webhook_id, [body], 'event')));
	return results;
}

/** One line of the filtered stream for a connection's query: the fields and expansions it asked for. */
function streamLine(store: Store, post: Record<string, unknown>, matching: unknown[], query: Array<[string, string]>): string {
	const asked = (name: string) => (query.find(([k]) => k === name)?.[1] ?? '').split(',').filter(Boolean);
	const fields = new Set([...DEFAULT_POST_FIELDS, ...asked('tweet.fields')]);
	const data = Object.fromEntries(Object.entries(post).filter(([k]) => fields.has(k)));
	const line: Record<string, unknown> = { data, matching_rules: matching };
	if (asked('expansions').includes('author_id') && typeof post.author_id === 'string') {
		const user = store.users.find((u) => u.userId === post.author_id);
		const userFields = new Set(['id', 'name', 'username', ...asked('user.fields')]);
		const known: Record<string, unknown> = user ? { id: user.userId, name: user.screenName, username: user.screenName } : { id: post.author_id };
		line.includes = { users: [Object.fromEntries(Object.entries(known).filter(([k]) => userFields.has(k)))] };
	}
	const wrong = filteredStreamLineProblems(line);
	if (wrong.length) throw new Error(`the filtered stream line does not conform to openapi.json: ${wrong.join('; ')}`);
	return JSON.stringify(line);
}

/** The filtered stream's connection (its query checked against openapi.json by the router, like every /2 request). */
function openFilteredStream(ctx: RequestContext) {
	return openStreamOf(ctx, FILTERED_STREAM_ENDPOINT);
}

export function registerStreamRuleRoutes(router: Router): void {
	router.api('GET', '/2/tweets/search/stream', openFilteredStream, 'none');
	router.api('GET', '/2/tweets/search/stream/rules', getRules, 'none');
	router.api('POST', '/2/tweets/search/stream/rules', updateRules, 'none');
	router.api('GET', '/2/tweets/search/stream/rules/counts', ruleCounts, 'none');
	router.api('GET', '/2/tweets/search/webhooks', listLinks, 'none');
	router.api('POST', '/2/tweets/search/webhooks/:webhook_id', link, 'none');
	router.api('DELETE', '/2/tweets/search/webhooks/:webhook_id', unlink, 'none');
}
