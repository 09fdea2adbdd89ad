/**
 * X Activity subscriptions: the users and kinds listed under Activity Subscriptions, created on the
 * trigger's webhook (or, for the stream delivery, without one) and tagged so the trigger finds its own.
 */
import type { IDataObject, IHookFunctions, ITriggerFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callEndpoint } from '../../shared/engine/request';
import { noProgress, PageProgress } from '../../shared/engine/pagination';
import { v2 } from '../../shared/v2';
import { assertScopesCover, DIRECTIONAL_KINDS, hasUserCredential, isPrivateKind, subscriptionOf, USER_CREDENTIAL_HINT, wireDirection } from '../../shared/v2/activitySubscription';
import { state } from '../state';
import { streamTag } from '../stream';
import { activationError, asNodeError, leftAtX, removeIfPresent } from '../xCalls';
import type { EventSource, StreamUnit } from './source';

interface SubscriptionSpec {
	userId: string;
	eventTypes: string[];
	keyword?: string;
	direction?: string;
}

/** The tag the trigger gives its webhook subscriptions. */
const SUBSCRIPTION_TAG = 'n8n';

/** Pages of X's subscription list read at most (1,000 subscriptions a page). */
const MAX_SUBSCRIPTION_PAGES = 100;

/** An id X gave (1 to 19 digits); anything else, such as "undefined" stored by version 1.1 and earlier, is never sent. */
const SUBSCRIPTION_ID = /^[0-9]{1,19}$/;

function subscriptionSpecs(ctx: IHookFunctions | ITriggerFunctions): SubscriptionSpec[] {
	const list = ((ctx.getNodeParameter('subscriptions', {}) as IDataObject).subscription ?? []) as IDataObject[];
	return list.map((s) => ({
		userId: String(s.userId ?? '').trim(),
		eventTypes: (s.eventTypes as string[]) ?? [],
		keyword: s.keyword ? String(s.keyword) : undefined,
		direction: s.direction && s.direction !== 'none' ? String(s.direction) : undefined,
	}));
}

/**
 * What X would refuse, before anything is created: private kinds without the user's OAuth 1.0a
 * credential (X takes them only in that user's context), a direction of no meaning.
 */
export function checkSubscriptionSpecs(ctx: IHookFunctions | ITriggerFunctions): void {
	for (const spec of subscriptionSpecs(ctx)) {
		const privateKinds = spec.eventTypes.filter(isPrivateKind);
		if (privateKinds.length && !hasUserCredential(ctx)) {
			throw new NodeOperationError(ctx.getNode(), `Activity subscription to ${privateKinds.join(', ')} of user ${spec.userId || '(no User ID)'}: private kinds need the user's context: ${USER_CREDENTIAL_HINT}.`, {
				description: 'Nothing was created at X. Add the credential under X OAuth 1.0a or X User OAuth2 (or remove the private kinds), then activate again.',
			});
		}
		try {
			wireDirection(spec.direction);
		} catch (error) {
			throw new NodeOperationError(ctx.getNode(), `Activity subscription of user ${spec.userId || '(no User ID)'}: Direction ${(error as Error).message}`);
		}
	}
}

/**
 * Creates the configured subscriptions, adding each id to `ids` as soon as it exists (for a rollback);
 * without a webhook they deliver to the App's activity stream.
 */
export async function createSubscriptions(ctx: IHookFunctions | ITriggerFunctions, webhookId: string | undefined, ids: string[], tag = SUBSCRIPTION_TAG): Promise<void> {
	// A private kind the connected X User OAuth2 token's scopes do not cover is refused before anything is created.
	await assertScopesCover(ctx, subscriptionSpecs(ctx).flatMap((spec) => spec.eventTypes));
	for (const spec of subscriptionSpecs(ctx)) {
		for (const eventType of spec.eventTypes) {
			const filter: IDataObject = { user_id: spec.userId };
			if (spec.keyword) filter.keyword = spec.keyword;
			const direction = wireDirection(spec.direction);
			if (direction && DIRECTIONAL_KINDS.includes(eventType)) filter.direction = direction;
			try {
				// Private kinds go in the user's context (the X OAuth 1.0a credential), the others with the bearer token.
				const { body } = await callEndpoint(ctx, v2.createSubscription, {
					body: { event_type: eventType, filter, ...(webhookId ? { webhook_id: webhookId } : {}), tag },
					auth: isPrivateKind(eventType) ? 'user' : 'app',
				});
				const subscription = subscriptionOf(body);
				if (!subscription) throw new NodeOperationError(ctx.getNode(), `X answered without a subscription_id: ${JSON.stringify(body).slice(0, 300)}`);
				ids.push(String(subscription.subscription_id));
			} catch (error) {
				throw activationError(
					error,
					`Could not create the activity subscription to ${eventType} events of user ${spec.userId || '(no User ID)'}`,
					`Correct the subscription under Activity Subscriptions: User ID must be the numeric X user ID, Direction is only for ${DIRECTIONAL_KINDS.join(', ')}, and private kinds are created with the X OAuth 1.0a or X User OAuth2 credential of that same user.`,
				);
			}
		}
	}
}

/**
 * The ids of subscriptions this trigger made at X for its webhook (tag n8n), read from X's list:
 * for what an earlier version stored without a usable id.
 */
async function subscriptionsOfWebhook(ctx: IHookFunctions | ITriggerFunctions, webhookId: string): Promise<string[]> {
	const ids: string[] = [];
	const seen = new Set<string>();
	const progress = new PageProgress();
	let token: string | undefined;
	do {
		// An App has far fewer subscriptions than these pages hold: a list that goes on (or repeats a page) is not X's.
		if (seen.size >= MAX_SUBSCRIPTION_PAGES || (token && seen.has(token))) {
			throw new NodeOperationError(ctx.getNode(), `X's list of activity subscriptions did not end: ${token && seen.has(token) ? 'a page token came again' : `more than ${MAX_SUBSCRIPTION_PAGES} pages`}`);
		}
		if (token) seen.add(token);
		const { body } = await callEndpoint(ctx, v2.listSubscriptions, { qs: { max_results: 1000, ...(token ? { pagination_token: token } : {}) } });
		const page = (body ?? {}) as IDataObject;
		const data = Array.isArray(page.data) ? (page.data as IDataObject[]) : [];
		if (data.length && !progress.brings(data)) throw new NodeOperationError(ctx.getNode(), `X's list of activity subscriptions did not end: ${noProgress(seen.size + 1, data.length, 'pagination token')}`);
		for (const s of data) {
			if (s.webhook_id === webhookId && s.tag === SUBSCRIPTION_TAG && SUBSCRIPTION_ID.test(String(s.subscription_id))) ids.push(String(s.subscription_id));
		}
		token = ((page.meta as IDataObject | undefined)?.next_token as string | undefined) || undefined;
	} while (token);
	return ids;
}

/**
 * Removes the given subscriptions, each on its own: one failure does not stop the others. Ids an
 * earlier version stored without a usable one are looked up on webhookId, when given. Returns what
 * could not be removed, in words (each also logged), and the ids left.
 */
export async function removeSubscriptions(ctx: IHookFunctions | ITriggerFunctions, subscriptionIds: string[], webhookId?: string, bearerToken?: string): Promise<{ failed: string[]; left: string[] }> {
	const failed: string[] = [];
	const left: string[] = [];
	let ids = subscriptionIds.filter((id) => SUBSCRIPTION_ID.test(id));
	if (ids.length < subscriptionIds.length && webhookId) {
		try {
			ids = [...new Set([...ids, ...(await subscriptionsOfWebhook(ctx, webhookId))])];
		} catch (error) {
			failed.push(leftAtX(ctx, `the subscriptions of webhook ${webhookId} stored without an id by an earlier version`, error));
		}
	}
	for (const id of ids) {
		try {
			await removeIfPresent(ctx, v2.deleteSubscription, { pathParams: { subscription_id: id }, bearerToken });
		} catch (error) {
			failed.push(leftAtX(ctx, `activity subscription ${id}`, error));
			left.push(id);
		}
	}
	return { failed, left };
}

/** The stream delivery's part: subscriptions without a webhook, tagged for this workflow's node, on the App's activity stream. */
const activityStreamUnit: StreamUnit = {
	endpoint: v2.activityStream,
	label: 'activity stream',
	connectionName: /activity/i,
	check: checkSubscriptionSpecs,

	async open(ctx) {
		const data = state(ctx);
		if ((data.streamSubscriptionIds ?? []).length) data.streamSubscriptionIds = (await removeSubscriptions(ctx, data.streamSubscriptionIds ?? [])).left;
		const created: string[] = [];
		try {
			// Tagged for this workflow's node: the stream carries every subscription of the App.
			await createSubscriptions(ctx, undefined, created, streamTag(ctx));
		} catch (error) {
			await removeSubscriptions(ctx, created);
			throw asNodeError(ctx, error);
		}
		data.streamSubscriptionIds = [...(data.streamSubscriptionIds ?? []), ...created];
		const tag = streamTag(ctx);
		// A line without a tag is asked by its kind and user.
		const ownsUntagged = listedUserAndKind(ctx);
		return (line) => {
			const event = line.data as IDataObject;
			return event.tag === undefined ? ownsUntagged(event) : event.tag === tag;
		};
	},

	async close(ctx, bearerToken) {
		const data = state(ctx);
		const left = await removeSubscriptions(ctx, data.streamSubscriptionIds ?? [], undefined, bearerToken);
		data.streamSubscriptionIds = left.left;
		return left.failed;
	},
};

/** An event (a stream line's data) of a user and kind among the listed subscriptions. */
function listedUserAndKind(ctx: IHookFunctions | ITriggerFunctions): (event: IDataObject) => boolean {
	const specs = subscriptionSpecs(ctx);
	return (event) => specs.some((spec) => spec.userId === String((event.filter as IDataObject | undefined)?.user_id ?? '') && spec.eventTypes.includes(String(event.event_type)));
}

export const activitySource: EventSource = {
	stream: activityStreamUnit,

	check: checkSubscriptionSpecs,

	async isActive(ctx) {
		const data = state(ctx);
		const wanted = JSON.stringify(subscriptionSpecs(ctx));
		return wanted === '[]' || (data.subscriptionConfig === wanted && (data.subscriptionIds ?? []).length > 0);
	},

	async activate(ctx, webhookId, undo) {
		const data = state(ctx);
		// Subscriptions of an earlier configuration are replaced, not left behind.
		const earlier = await removeSubscriptions(ctx, data.subscriptionIds ?? []);
		if (earlier.failed.length) throw new NodeOperationError(ctx.getNode(), `Could not remove the earlier activity subscriptions at X: ${earlier.failed.join('; ')}`);
		const created: string[] = [];
		undo.push(async () => (await removeSubscriptions(ctx, created)).failed);
		await createSubscriptions(ctx, webhookId, created);
		data.subscriptionIds = created;
		data.subscriptionConfig = JSON.stringify(subscriptionSpecs(ctx));
	},

	async deactivate(ctx, webhookId, webhookGoes) {
		const data = state(ctx);
		const result = await removeSubscriptions(ctx, data.subscriptionIds ?? [], webhookGoes ? webhookId : undefined);
		if (result.left.length) data.subscriptionIds = result.left;
		else delete data.subscriptionIds;
		delete data.subscriptionConfig;
		return result.failed;
	},
};
