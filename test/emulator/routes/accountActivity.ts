/**
 * Account Activity API v2 (https://docs.x.com/x-api/account-activity/introduction), as openapi.json
 * describes it: a user's whole account activity (direct messages, posts, likes, follows, ...) goes to
 * one webhook once that user subscribed it in their own context.
 *   POST   /2/account_activity/webhooks/:webhook_id/subscriptions/all           (user context) -> {data:{subscribed:true}}
 *   GET    /2/account_activity/webhooks/:webhook_id/subscriptions/all           (user context) -> {data:{subscribed}}
 *   GET    /2/account_activity/webhooks/:webhook_id/subscriptions/all/list      (bearer) -> {data:{application_id, webhook_id, webhook_url, subscriptions:[{user_id}]}}
 *   GET    /2/account_activity/subscriptions/count                              (bearer) -> {data:{account_name, provisioned_count, subscriptions_count_all, subscriptions_count_direct_messages}}
 *   DELETE /2/account_activity/webhooks/:webhook_id/subscriptions/:user_id/all  (bearer) -> {data:{subscribed:false}}
 * and GET /2/users/me (user context) -> {data:{id, name, username}}, which tells a client whose
 * context its token is. Who may call: each operation's security in openapi.json (conformV2).
 * control.emitAccountActivity() delivers {for_user_id, <kind>_events:[...]} to the user's webhooks.
 */
import { HttpError, ok, type RequestContext } from '../http';
import type { Router } from '../router';
import type { Store } from '../store';
import { deliverToWebhook } from '../webhookDelivery';
import type { DeliveryResult } from '../state/webhooks';
import { platformState } from '../state/platform';
import { findWebhook, problem } from './webhooks';

/** The user of a user-context request (conformV2 authenticated it), or X's 403. */
function contextUser(ctx: RequestContext) {
	if (!ctx.user) {
		throw new HttpError(403, {
			errors: [{ code: 220, message: 'Your credentials do not allow access to this resource' }],
			title: 'Unsupported Authentication',
			detail: 'This endpoint needs a user context (OAuth 1.0a user tokens or an OAuth 2.0 user token).',
			type: 'https://api.x.com/2/problems/not-authorized-for-resource',
			resource_type: 'user',
		});
	}
	return ctx.user;
}

function subscribe(ctx: RequestContext) {
	const webhook = findWebhook(ctx.store, ctx.pathParams.webhook_id);
	const user = contextUser(ctx);
	const state = platformState(ctx.store);
	// The failure reasons of X's Account Activity quickstart ("Adding a subscription").
	if (state.accountActivity.some((s) => s.webhookId === webhook.id && s.userId === user.userId)) {
		throw problem(409, `User ${user.userId} already has a subscription on webhook ${webhook.id}.`, {}, { reason: 'DuplicateSubscriptionFailed' });
	}
	if (state.accountActivity.length >= state.provisionedCount) {
		throw problem(403, `The App is provisioned for ${state.provisionedCount} Account Activity subscriptions and has them all.`, { resource_type: 'subscription' }, { reason: 'SubscriptionLimitExceeded' });
	}
	state.accountActivity.push({ webhookId: webhook.id, userId: user.userId, createdAt: ctx.now });
	return ok({ data: { subscribed: true } });
}

function validate(ctx: RequestContext) {
	const webhook = findWebhook(ctx.store, ctx.pathParams.webhook_id);
	const user = contextUser(ctx);
	return ok({ data: { subscribed: platformState(ctx.store).accountActivity.some((s) => s.webhookId === webhook.id && s.userId === user.userId) } });
}

function list(ctx: RequestContext) {
	const webhook = findWebhook(ctx.store, ctx.pathParams.webhook_id);
	const subscriptions = platformState(ctx.store)
		.accountActivity.filter((s) => s.webhookId === webhook.id)
		.map((s) => ({ user_id: s.userId }));
	return ok({ data: { application_id: applicationId(ctx.store), webhook_id: webhook.id, webhook_url: webhook.url, subscriptions } });
}

/** The App's numeric id (stable for the emulator's keys). */
function applicationId(store: Store): string {
	let n = 0n;
	for (const c of store.app.consumerKey) n = (n * 31n + BigInt(c.charCodeAt(0))) % 10n ** 18n;
	return String(n + 10n ** 18n);
}

function count(ctx: RequestContext) {
	const state = platformState(ctx.store);
	const users = new Set(state.accountActivity.map((s) => s.userId));
	return ok({
		data: {
			account_name: 'emulator-app',
			provisioned_count: String(state.provisionedCount),
			subscriptions_count_all: String(users.size),
			subscriptions_count_direct_messages: String(users.size),
		},
	});
}

function unsubscribe(ctx: RequestContext) {
	const webhook = findWebhook(ctx.store, ctx.pathParams.webhook_id);
	const userId = ctx.pathParams.user_id;
	const state = platformState(ctx.store);
	const index = state.accountActivity.findIndex((s) => s.webhookId === webhook.id && s.userId === userId);
	if (index === -1) {
		throw problem(404, `User ${userId} has no Account Activity subscription on webhook ${webhook.id}.`, { resource_type: 'subscription', resource_id: userId, parameter: 'user_id', value: userId }, { reason: 'SubscriptionNotFound' });
	}
	state.accountActivity.splice(index, 1);
	return ok({ data: { subscribed: false } });
}

function me(ctx: RequestContext) {
	const user = contextUser(ctx);
	return ok({ data: { id: user.userId, name: user.screenName, username: user.screenName } });
}

/**
 * An account activity of `userId`, such as {direct_message_events:[...]}: one signed POST of
 * {for_user_id, ...activity} to each webhook the user subscribed (X sends one per subscribed user).
 */
export async function emitAccountActivity(store: Store, userId: string, activity: Record<string, unknown>): Promise<DeliveryResult[]> {
	const results: DeliveryResult[] = [];
	for (const s of platformState(store).accountActivity.filter((x) => x.userId === userId)) {
		results.push(...(await deliverToWebhook(store, s.webhookId, [JSON.stringify({ for_user_id: userId, ...activity })], 'event')));
	}
	return results;
}

export function registerAccountActivityRoutes(router: Router): void {
	// 'none': the pipeline authenticates /2 requests as each operation's security in openapi.json says.
	router.api('POST', '/2/account_activity/webhooks/:webhook_id/subscriptions/all', subscribe, 'none');
	router.api('GET', '/2/account_activity/webhooks/:webhook_id/subscriptions/all', validate, 'none');
	router.api('GET', '/2/account_activity/webhooks/:webhook_id/subscriptions/all/list', list, 'none');
	router.api('GET', '/2/account_activity/subscriptions/count', count, 'none');
	router.api('DELETE', '/2/account_activity/webhooks/:webhook_id/subscriptions/:user_id/all', unsubscribe, 'none');
	router.api('GET', '/2/users/me', me, 'none');
}
