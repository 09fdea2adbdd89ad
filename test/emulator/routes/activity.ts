/**
 * Activity subscriptions (X Activity API, spec doc 01), app-only bearer token:
 * POST /2/activity/subscriptions {event_type, filter:{user_id, keyword?, direction?}, tag?, webhook_id?}
 * -> {data:{subscription_id, event_type, filter, tag?, webhook_id?, created_at}};
 * GET lists them ({data:[...], meta:{result_count}}); DELETE /2/activity/subscriptions/:subscription_id.
 * control.emitActivity() delivers matching events to the subscriptions' webhooks.
 */
import { randomUUID } from 'node:crypto';

import { HttpError, ok, type RequestContext } from '../http';
import { isObject } from '../jsonBody';
import type { Router } from '../router';
import type { Store } from '../store';
import { snowflake, v2Time } from '../util';
import { deliverToWebhook, skipped } from '../webhookDelivery';
import { DIRECTIONS, webhookState, type ActivitySubscription, type DeliveryResult, type Direction } from '../state/webhooks';
import { findWebhook, invalidRequest, v2JsonObject } from './webhooks';

/** The event kinds of spec document 01. */
export const ACTIVITY_EVENT_TYPES = [
	'post.create',
	'post.delete',
	'profile.update.bio',
	'profile.update.verified',
	'profile.update.affiliate',
	'profile.update.screenname',
	'dm.received',
	'dm.sent',
	'dm.read',
	'dm.indicate_typing',
	'spaces.start',
	'spaces.end',
	'MessageCreate',
	'ParticipantsJoin',
	'ParticipantsLeave',
] as const;

/** Direct-message and chat kinds: the only ones that take a direction filter. */
export const DIRECTIONAL_EVENT_TYPES = ['dm.received', 'dm.sent', 'dm.read', 'dm.indicate_typing', 'MessageCreate', 'ParticipantsJoin', 'ParticipantsLeave'];

export const MAX_KEYWORD_LENGTH = 256;
export const MAX_TAG_LENGTH = 200;

function optionalString(body: Record<string, unknown>, name: string, max: number, parameter = name): string | undefined {
	const v = body[name];
	if (v === undefined || v === null) return undefined;
	if (typeof v !== 'string' || v.length === 0 || v.length > max) {
		throw invalidRequest(parameter, `${parameter} must be a string of 1 to ${max} characters.`);
	}
	return v;
}

function createSubscription(ctx: RequestContext) {
	const { store } = ctx;
	const body = v2JsonObject(ctx);
	for (const key of Object.keys(body)) {
		if (!['event_type', 'filter', 'tag', 'webhook_id'].includes(key)) {
			throw invalidRequest(key, `Unknown parameter ${key} (this endpoint takes event_type, filter, tag, webhook_id).`);
		}
	}
	const eventType = body.event_type;
	if (eventType === undefined || eventType === null) throw invalidRequest('event_type', 'The event_type parameter is required.');
	if (typeof eventType !== 'string' || !(ACTIVITY_EVENT_TYPES as readonly string[]).includes(eventType)) {
		throw invalidRequest('event_type', `event_type must be one of ${ACTIVITY_EVENT_TYPES.join(', ')}.`);
	}
	const filter = body.filter;
	if (filter === undefined || filter === null) throw invalidRequest('filter', 'The filter parameter is required (an object with user_id).');
	if (!isObject(filter)) throw invalidRequest('filter', 'filter must be an object with user_id and optionally keyword and direction.');
	for (const key of Object.keys(filter)) {
		if (!['user_id', 'keyword', 'direction'].includes(key)) throw invalidRequest(`filter.${key}`, `Unknown filter field ${key} (filter takes user_id, keyword, direction).`);
	}
	const userId = filter.user_id;
	if (typeof userId !== 'string' || !/^[0-9]{1,19}$/.test(userId)) throw invalidRequest('filter.user_id', 'filter.user_id is required: a numeric user id (1 to 19 digits, as a string).');
	const keyword = optionalString(filter, 'keyword', MAX_KEYWORD_LENGTH, 'filter.keyword');
	const direction = filter.direction;
	if (direction !== undefined && direction !== null) {
		if (typeof direction !== 'string' || !(DIRECTIONS as readonly string[]).includes(direction)) {
			throw invalidRequest('filter.direction', `filter.direction must be one of ${DIRECTIONS.join(', ')}.`);
		}
		if (!DIRECTIONAL_EVENT_TYPES.includes(eventType)) {
			throw invalidRequest('filter.direction', `filter.direction applies only to direct-message and chat events (${DIRECTIONAL_EVENT_TYPES.join(', ')}), not ${eventType}.`);
		}
	}
	const tag = optionalString(body, 'tag', MAX_TAG_LENGTH);
	let webhookId: string | undefined;
	if (body.webhook_id !== undefined && body.webhook_id !== null) webhookId = findWebhook(store, body.webhook_id).id;

	const subscription: ActivitySubscription = {
		subscription_id: snowflake(),
		event_type: eventType,
		filter: { user_id: userId, ...(keyword !== undefined ? { keyword } : {}), ...(direction ? { direction: direction as Direction } : {}) },
		...(tag !== undefined ? { tag } : {}),
		...(webhookId !== undefined ? { webhook_id: webhookId } : {}),
		created_at: v2Time(ctx.now),
	};
	webhookState(store).subscriptions.push(subscription);
	return ok({ data: renderSubscription(subscription) });
}

function renderSubscription(s: ActivitySubscription) {
	return { ...s, filter: { ...s.filter } };
}

function listSubscriptions(ctx: RequestContext) {
	const data = webhookState(ctx.store).subscriptions.map(renderSubscription);
	return ok({ data, meta: { result_count: data.length } });
}

function deleteSubscription(ctx: RequestContext) {
	const state = webhookState(ctx.store);
	const id = ctx.pathParams.subscription_id;
	const index = state.subscriptions.findIndex((s) => s.subscription_id === id);
	if (index === -1) {
		throw new HttpError(404, {
			errors: [{ message: `No activity subscription with id ${id}.`, parameters: { subscription_id: [id] } }],
			title: 'Not Found Error',
			detail: `No activity subscription with id ${id}.`,
			type: 'https://api.twitter.com/2/problems/resource-not-found',
		});
	}
	state.subscriptions.splice(index, 1);
	return ok({ data: { deleted: true } });
}

/** The direction of an event as seen by the subscribed user (undefined: not known). */
function eventDirection(userId: string, eventType: string, payload: Record<string, unknown>): Direction | undefined {
	if (payload.direction === 'sent' || payload.direction === 'received') return payload.direction;
	if (eventType === 'dm.sent') return 'sent';
	if (eventType === 'dm.received') return 'received';
	const sender = payload.sender_id ?? (isObject(payload.message) ? payload.message.sender_id : undefined);
	if (typeof sender === 'string') return sender === userId ? 'sent' : 'received';
	return undefined;
}

export function subscriptionMatches(s: ActivitySubscription, userId: string, eventType: string, payload: unknown): boolean {
	if (s.event_type !== eventType || s.filter.user_id !== userId) return false;
	const p = isObject(payload) ? payload : {};
	if (s.filter.keyword && !JSON.stringify(payload ?? '').toLowerCase().includes(s.filter.keyword.toLowerCase())) return false;
	if (s.filter.direction && s.filter.direction !== 'both') {
		if (eventDirection(userId, eventType, p) !== s.filter.direction) return false;
	}
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
 * {data:{event_type, event_uuid, subscription_id, tag?, filter, payload}}.
 */
export async function emitActivity(store: Store, userId: string, eventType: string, payload: unknown): Promise<ActivityDelivery[]> {
	const out: ActivityDelivery[] = [];
	for (const s of [...webhookState(store).subscriptions]) {
		if (!subscriptionMatches(s, userId, eventType, payload)) continue;
		const body = JSON.stringify({
			data: {
				event_type: eventType,
				event_uuid: randomUUID(),
				subscription_id: s.subscription_id,
				...(s.tag !== undefined ? { tag: s.tag } : {}),
				filter: { ...s.filter },
				payload,
			},
		});
		if (!s.webhook_id) {
			out.push({ subscription_id: s.subscription_id, webhook_id: null, results: [skipped(null, '', body, 'no webhook: the subscription delivers to the activity stream only')] });
			continue;
		}
		out.push({ subscription_id: s.subscription_id, webhook_id: s.webhook_id, results: await deliverToWebhook(store, s.webhook_id, [body], 'activity') });
	}
	return out;
}

export function registerActivityRoutes(router: Router): void {
	router.api('POST', '/2/activity/subscriptions', createSubscription, 'bearer');
	router.api('GET', '/2/activity/subscriptions', listSubscriptions, 'bearer');
	router.api('DELETE', '/2/activity/subscriptions/:subscription_id', deleteSubscription, 'bearer');
}
