/**
 * Activity subscriptions (X Activity API, https://docs.x.com/x-api/activity/introduction), as
 * openapi.json describes them (the pipeline has already checked each request against its schema):
 *   POST   /2/activity/subscriptions                 {event_type, filter:{user_id?, keyword?, direction?}, tag?, webhook_id?}
 *          -> {data:{subscription:{subscription_id, event_type, filter, tag?, webhook_id?, created_at, updated_at}}, meta:{total_subscriptions}}
 *   GET    /2/activity/subscriptions?max_results&pagination_token -> {data:[...], meta:{total_subscriptions, result_count, next_token?}}
 *   PUT    /2/activity/subscriptions/:subscription_id {tag?, webhook_id?} -> {data:{subscription, total_subscriptions}}
 *   DELETE /2/activity/subscriptions/:subscription_id -> {data:{deleted:true}, meta:{total_subscriptions}}
 *   DELETE /2/activity/subscriptions?ids=a,b          -> {data:[{subscription_id, deleted}], errors?:[{subscription_id, reason, message}], meta}
 * Who may call: each operation's security in openapi.json (the pipeline's conformV2). Private kinds (the
 * introduction's list, and chat.*, dm.*, like.*, mute.*, block.*) need a user context: with the
 * App's bearer token alone X answers 403 code 220; the user context must be the filtered user.
 * control.emitActivity() delivers matching events to the subscriptions' webhooks.
 */
import { randomUUID } from 'node:crypto';

import { activityEventTypes, activityGuideScopes, activityScopeFor, directionRefusedKinds, oauth2UserToken, privateActivityKinds } from '../../reference/openapi';
import { HttpError, ok, type RequestContext } from '../http';
import { isObject } from '../jsonBody';
import type { Router } from '../router';
import type { Store } from '../store';
import { snowflake, v2Time } from '../util';
import { deliverToWebhook, skipped } from '../webhookDelivery';
import { webhookState, type ActivitySubscription, type DeliveryResult, type Direction } from '../state/webhooks';
import { platformState } from '../state/platform';
import { findWebhook, invalidRequest, problem, v2JsonObject } from './webhooks';
import { publishActivity } from './activityStream';

/** The kinds openapi.json takes (CreateActivitySubscriptionRequest.event_type). */
export const ACTIVITY_EVENT_TYPES: readonly string[] = activityEventTypes();
/** Kinds openapi.json refuses filter.direction for (mute.* and block.*); the others take it. */
export const DIRECTION_REFUSED_EVENT_TYPES: readonly string[] = directionRefusedKinds();
/** Kinds that need a user context. */
export const PRIVATE_EVENT_TYPES: readonly string[] = privateActivityKinds();

/** The deprecated alias openapi.json names; answers carry the canonical name. */
const ALIASES: Record<string, string> = { 'chat.conversation_join': 'chat.conversation.join' };
/** Mute and block subscriptions are actor-only (create operation's description). */
const ACTOR_ONLY = /^(mute|block)\./;
/** X does not publish a default page size; the schema's maximum is 1000. */
const DEFAULT_PAGE = 100;

function total(store: Store) {
	return webhookState(store).subscriptions.length;
}

function render(s: ActivitySubscription) {
	return { ...s, filter: { ...s.filter } };
}

/** X's refusal of an app-only token where a user context is needed (docs: application-only, code 220). */
function userContextRequired(kind: string, userId: string | undefined): HttpError {
	const detail = `${kind} is a private event: subscribing needs user-context authentication (OAuth 1.0a user tokens or OAuth 2.0 user context) of the user ${userId ?? ''}, not the App's bearer token.`.replace(' ,', ',');
	return new HttpError(403, {
		errors: [{ code: 220, message: 'Your credentials do not allow access to this resource' }],
		title: 'Forbidden',
		detail,
		type: 'https://api.x.com/2/problems/not-authorized-for-resource',
		resource_type: 'user',
		...(userId ? { resource_id: userId } : {}),
	});
}

function createSubscription(ctx: RequestContext) {
	const { store } = ctx;
	const body = v2JsonObject(ctx);
	const eventType = ALIASES[String(body.event_type)] ?? String(body.event_type);
	const filter = isObject(body.filter) ? body.filter : {};
	const userId = typeof filter.user_id === 'string' ? filter.user_id : undefined;
	const keyword = typeof filter.keyword === 'string' && filter.keyword !== '' ? filter.keyword : undefined;
	const direction = filter.direction as Direction | undefined;
	if (userId !== undefined && !/^[0-9]{1,19}$/.test(userId)) throw invalidRequest('filter.user_id', userId, 'filter.user_id must be a numeric user id of 1 to 19 digits.');
	if (userId === undefined && keyword === undefined) throw invalidRequest('filter', undefined, 'filter needs user_id (or keyword, for news.new).');
	if (direction !== undefined && DIRECTION_REFUSED_EVENT_TYPES.includes(eventType)) {
		throw invalidRequest('filter.direction', direction, `filter.direction is not supported for ${eventType}.`);
	}
	// ctx.user: the pipeline authenticated the request as openapi.json's security allows (conformV2).
	if ((PRIVATE_EVENT_TYPES.includes(eventType) || ACTOR_ONLY.test(eventType)) && (!ctx.user || ctx.user.userId !== userId)) {
		throw userContextRequired(eventType, userId);
	}
	// An OAuth 2.0 user token must hold the kind's scope: openapi's (the create operation's description) and the activity guide's (broadcast.read for broadcast.chat).
	const oauth2 = oauth2UserToken(ctx);
	const missing = oauth2 ? [...new Set([activityScopeFor(eventType), ...activityGuideScopes(eventType)])].filter((scope) => !oauth2.scopes.includes(scope)) : [];
	if (missing.length) {
		throw new HttpError(403, { title: 'Forbidden', detail: `The OAuth 2.0 user token lacks the scopes ${missing.join(', ')} that ${eventType} subscriptions need.`, type: 'https://api.x.com/2/problems/not-authorized-for-resource', resource_type: 'scope' });
	}
	const webhookId = body.webhook_id !== undefined ? findWebhook(store, body.webhook_id).id : undefined;
	const now = v2Time(ctx.now);
	const subscription: ActivitySubscription = {
		subscription_id: snowflake(),
		event_type: eventType,
		filter: { ...(userId !== undefined ? { user_id: userId } : {}), ...(keyword !== undefined ? { keyword } : {}), ...(direction ? { direction } : {}) },
		...(typeof body.tag === 'string' ? { tag: body.tag } : {}),
		...(webhookId !== undefined ? { webhook_id: webhookId } : {}),
		created_at: now,
		updated_at: now,
	};
	webhookState(store).subscriptions.push(subscription);
	return ok({ data: { subscription: render(subscription) }, meta: { total_subscriptions: total(store) } });
}

/** Page tokens: the offset in 16 base32hex digits (the parameter's minimum length). */
const pageToken = (offset: number) => offset.toString(32).toUpperCase().padStart(16, '0');

function listSubscriptions(ctx: RequestContext) {
	const all = webhookState(ctx.store).subscriptions;
	const max = Number(ctx.query.find(([k]) => k === 'max_results')?.[1] ?? DEFAULT_PAGE);
	const token = ctx.query.find(([k]) => k === 'pagination_token')?.[1];
	let offset = 0;
	if (token !== undefined) {
		offset = /^[0-9A-V]{16,}$/i.test(token) ? parseInt(token, 32) : NaN;
		if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= all.length) throw invalidRequest('pagination_token', token, 'The pagination_token is not one this endpoint gave.');
	}
	const data = all.slice(offset, offset + max).map(render);
	const next = offset + data.length < all.length ? pageToken(offset + data.length) : undefined;
	return ok({ data, meta: { total_subscriptions: all.length, result_count: data.length, ...(next ? { next_token: next } : {}) } });
}

function subscriptionNotFound(id: string): HttpError {
	return problem(404, `No activity subscription with id ${id}.`, { resource_type: 'subscription', resource_id: id, parameter: 'subscription_id', value: id });
}

function updateSubscription(ctx: RequestContext) {
	const body = v2JsonObject(ctx);
	const id = ctx.pathParams.subscription_id;
	const s = webhookState(ctx.store).subscriptions.find((x) => x.subscription_id === id);
	if (!s) throw subscriptionNotFound(id);
	if (body.webhook_id !== undefined) s.webhook_id = findWebhook(ctx.store, body.webhook_id).id;
	if (typeof body.tag === 'string') s.tag = body.tag;
	s.updated_at = v2Time(ctx.now);
	return ok({ data: { subscription: render(s), total_subscriptions: total(ctx.store) } });
}

function deleteSubscription(ctx: RequestContext) {
	const state = webhookState(ctx.store);
	const id = ctx.pathParams.subscription_id;
	const index = state.subscriptions.findIndex((s) => s.subscription_id === id);
	if (index === -1) throw subscriptionNotFound(id);
	state.subscriptions.splice(index, 1);
	return ok({ data: { deleted: true }, meta: { total_subscriptions: state.subscriptions.length } });
}

/** DELETE ?ids=: each id on its own; unknown ones are listed in errors and the rest still go. */
function deleteSubscriptionsByIds(ctx: RequestContext) {
	const state = webhookState(ctx.store);
	const ids = [...new Set(ctx.query.filter(([k]) => k === 'ids').flatMap(([, v]) => v.split(',')))];
	const data: Array<{ subscription_id: string; deleted: boolean }> = [];
	const errors: Array<{ subscription_id: string; reason: string; message: string }> = [];
	for (const id of ids) {
		const index = state.subscriptions.findIndex((s) => s.subscription_id === id);
		if (index === -1) {
			errors.push({ subscription_id: id, reason: 'SubscriptionNotFound', message: `No activity subscription with id ${id}.` });
			continue;
		}
		state.subscriptions.splice(index, 1);
		data.push({ subscription_id: id, deleted: true });
	}
	return ok({ data, ...(errors.length ? { errors } : {}), meta: { total_subscriptions: state.subscriptions.length } });
}

/** The direction of an event as seen by the subscribed user (undefined: not known). */
function eventDirection(userId: string, payload: Record<string, unknown>): Direction | undefined {
	if (payload.direction === 'inbound' || payload.direction === 'outbound') return payload.direction;
	// like.create: a like of one of the user's posts comes in; a like the user makes goes out.
	const author = payload.liked_tweet_author_id;
	if (typeof author === 'string') return author === userId ? 'inbound' : 'outbound';
	return undefined;
}

export function subscriptionMatches(s: ActivitySubscription, userId: string, eventType: string, payload: unknown): boolean {
	if (s.event_type !== (ALIASES[eventType] ?? eventType)) return false;
	if (s.filter.user_id !== undefined && s.filter.user_id !== userId) return false;
	if (s.filter.keyword && !JSON.stringify(payload ?? '').toLowerCase().includes(s.filter.keyword.toLowerCase())) return false;
	if (s.filter.direction && eventDirection(userId, isObject(payload) ? payload : {}) !== s.filter.direction) return false;
	return true;
}

export interface ActivityDelivery {
	subscription_id: string;
	/** null: the subscription has no webhook (events go to the activity stream only). */
	webhook_id: string | null;
	results: DeliveryResult[];
}

/**
 * An activity of `userId`: every matching subscription with a webhook gets one signed POST of
 * {data:{event_type, event_uuid, subscription_id, tag?, filter, payload}}; every matching
 * subscription's event goes to the App's activity stream (those with a webhook while a stream is open).
 */
export async function emitActivity(store: Store, userId: string, eventType: string, payload: unknown): Promise<ActivityDelivery[]> {
	const out: ActivityDelivery[] = [];
	for (const s of [...webhookState(store).subscriptions]) {
		if (!subscriptionMatches(s, userId, eventType, payload)) continue;
		const body = JSON.stringify({
			data: {
				event_type: s.event_type,
				event_uuid: randomUUID(),
				subscription_id: s.subscription_id,
				...(s.tag !== undefined ? { tag: s.tag } : {}),
				filter: { ...s.filter },
				payload,
			},
		});
		if (!s.webhook_id) {
			// No webhook: the event goes to the App's activity stream (GET /2/activity/stream).
			publishActivity(store, { event_type: s.event_type, filter: { ...s.filter }, tag: s.tag, payload });
			out.push({ subscription_id: s.subscription_id, webhook_id: null, results: [skipped(null, '', body, 'no webhook: the subscription delivers to the activity stream only')] });
			continue;
		}
		// With a webhook the event also goes to the stream while one is open (https://docs.x.com/x-api/activity/quickstart, "Create subscription").
		if (platformState(store).streamReaders.size) publishActivity(store, { event_type: s.event_type, filter: { ...s.filter }, tag: s.tag, payload });
		out.push({ subscription_id: s.subscription_id, webhook_id: s.webhook_id, results: await deliverToWebhook(store, s.webhook_id, [body], 'activity') });
	}
	return out;
}

export function registerActivityRoutes(router: Router): void {
	// 'none': the pipeline authenticates /2 requests as each operation's security in openapi.json says.
	router.api('POST', '/2/activity/subscriptions', createSubscription, 'none');
	router.api('GET', '/2/activity/subscriptions', listSubscriptions, 'none');
	router.api('DELETE', '/2/activity/subscriptions', deleteSubscriptionsByIds, 'none');
	router.api('PUT', '/2/activity/subscriptions/:subscription_id', updateSubscription, 'none');
	router.api('DELETE', '/2/activity/subscriptions/:subscription_id', deleteSubscription, 'none');
}
