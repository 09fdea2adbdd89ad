/**
 * Activity subscriptions (X Activity API, https://docs.x.com/x-api/activity/introduction): which
 * users' events reach a webhook. Kinds, directions and shapes as X's openapi.json describes
 * POST/GET/PUT/DELETE /2/activity/subscriptions.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CheckedItem, Resource } from '../engine/endpoints';
import type { RetryPolicy, XContext } from '../transport/transport';
import { APP_CREDENTIAL_TYPE, OAUTH2_USER_CREDENTIAL_TYPE, userCredentialType, xCredentials, xRequest } from '../transport/transport';
import { v2Pages } from './pages';

/** The kinds X takes (openapi.json, CreateActivitySubscriptionRequest.event_type). */
export const EVENT_KINDS = [
	'profile.update.bio',
	'profile.update.profile_picture',
	'profile.update.banner_picture',
	'profile.update.screenname',
	'profile.update.geo',
	'profile.update.url',
	'profile.update.verified_badge',
	'profile.update.affiliate_badge',
	'profile.update.handle',
	'news.new',
	'follow.follow',
	'follow.unfollow',
	'spaces.start',
	'spaces.end',
	'broadcast.start',
	'broadcast.end',
	'broadcast.chat',
	'chat.received',
	'chat.sent',
	'chat.conversation.join',
	'chat.conversation.member_added',
	'chat.conversation.member_removed',
	'chat.conversation.admin_added',
	'chat.conversation.admin_removed',
	'chat.update.group_name',
	'chat.update.restrictions',
	'dm.sent',
	'dm.received',
	'dm.indicate_typing',
	'dm.read',
	'post.create',
	'post.delete',
	'post.mention.create',
	'post.reply.create',
	'post.quote.create',
	'post.repost.create',
	'like.create',
	'mute.mute',
	'mute.unmute',
	'block.block',
	'block.unblock',
] as const;

/** X's deprecated spelling of chat.conversation.join (still taken; answers use the canonical name). */
export const KIND_ALIASES: Record<string, string> = { 'chat.conversation_join': 'chat.conversation.join' };

/**
 * Private kinds: X creates them only with the filtered user's own authorization (user context), never
 * with the App's bearer token alone (https://docs.x.com/x-api/activity/introduction#private-events;
 * the create operation names dm.read for chat.* and dm.*, like.read, mute.read, block.read).
 */
export const PRIVATE_KINDS: readonly string[] = EVENT_KINDS.filter(
	(k) => /^(dm|chat|like|mute|block)\./.test(k) || ['post.mention.create', 'post.reply.create', 'post.quote.create', 'post.repost.create', 'broadcast.chat'].includes(k),
);

/** Kinds whose direction X's guide documents (the introduction's tables: like.create only). */
export const DIRECTIONAL_KINDS: readonly string[] = ['like.create'];

/**
 * Kinds X refuses filter.direction for: openapi.json's CreateActivitySubscriptionFilter takes it for
 * "directional events", "not supported for mute.* or block.*" (openapi comes first for /2).
 */
export const DIRECTION_REFUSED_KINDS: readonly string[] = EVENT_KINDS.filter((k) => /^(mute|block)\./.test(k));

/** filter.direction: inbound or outbound; absent means both. */
export const DIRECTIONS = ['inbound', 'outbound'] as const;

/**
 * Older spellings of a direction, taken where they mean one thing: for likes (the only directional
 * kind) a like the user sends goes out, one received comes in; "both" is no filter.
 */
export const LEGACY_DIRECTIONS: Record<string, string | undefined> = { sent: 'outbound', received: 'inbound', both: undefined };

/** The credential X needs for private kinds, as the error and the descriptions name it. */
export const USER_CREDENTIAL_HINT =
	'add an X OAuth 1.0a or X User OAuth2 credential of that user (the user whose ID is the filter) to the node: X refuses private kinds with the App\'s bearer token alone';

/**
 * The scopes a user's OAuth 2.0 token must hold to subscribe to a kind: openapi.json's create
 * operation names dm.read for chat.* and dm.*, like.read for like.*, mute.read for mute.*,
 * block.read for block.* and tweet.read for the others; X's activity guide adds broadcast.read for
 * broadcast.chat (x-api/activity/introduction.mdx, "Private events").
 */
export function scopesFor(kind: string): string[] {
	const family = (KIND_ALIASES[kind] ?? kind).split('.')[0];
	const scope = { chat: 'dm.read', dm: 'dm.read', like: 'like.read', mute: 'mute.read', block: 'block.read' }[family] ?? 'tweet.read';
	return kind === 'broadcast.chat' ? [scope, 'broadcast.read'] : [scope];
}

/**
 * The scopes the connected X User OAuth2 token was granted (n8n stores X's token answer, whose
 * scope lists them); undefined when the user context is not OAuth 2.0 or n8n stored no list.
 */
export async function grantedScopes(ctx: XContext): Promise<string[] | undefined> {
	if (!hasUserCredential(ctx) || userCredentialType(ctx) !== OAUTH2_USER_CREDENTIAL_TYPE) return undefined;
	const scope = ((await xCredentials(ctx, 'user')).oauthTokenData as IDataObject | undefined)?.scope;
	return typeof scope === 'string' ? scope.split(/\s+/).filter(Boolean) : undefined;
}

/** Why the granted scopes do not cover a private kind (sent with the user's token), naming the missing scope; undefined when they do or are unknown. */
export function missingScope(kind: string, granted: string[] | undefined): string | undefined {
	const missing = granted && isPrivateKind(kind) ? scopesFor(kind).filter((scope) => !granted.includes(scope)) : [];
	if (!missing.length) return undefined;
	const named = missing.join(' and ');
	return `${kind} needs the ${named} scope${missing.length > 1 ? 's' : ''}, which the connected X User OAuth2 token was not granted (it has ${granted!.join(' ') || 'none'}): add ${named} to the credential's Scope and connect the account again`;
}

/** Refuses kinds the connected OAuth 2.0 token's scopes do not cover, before any subscription is created (the X Trigger's activation). */
export async function assertScopesCover(ctx: XContext, kinds: string[]): Promise<void> {
	const granted = await grantedScopes(ctx);
	for (const kind of kinds) {
		const missing = missingScope(kind, granted);
		if (missing) throw new NodeOperationError(ctx.getNode(), `Activity subscription: ${missing}`);
	}
}

export function isPrivateKind(kind: string): boolean {
	return PRIVATE_KINDS.includes(KIND_ALIASES[kind] ?? kind);
}

/** Whether the node has a user credential set (X OAuth 1.0a or X OAuth 2.0: the user context for private kinds). */
export function hasUserCredential(ctx: XContext): boolean {
	const { credentials: set, parameters } = ctx.getNode();
	// X Trigger 1.2: only the credential Authentication names counts (a hidden one may linger).
	if (parameters.authentication === APP_CREDENTIAL_TYPE) return false;
	if (parameters.authentication !== undefined) return !!set?.[userCredentialType(ctx)];
	return !!set?.xOAuth1Api || !!set?.xOAuth2Api;
}

/** A direction as X takes it, or undefined for both; throws on a value of no meaning. */
export function wireDirection(given: unknown): string | undefined {
	if (given === undefined || given === null || given === '' || given === 'none') return undefined;
	const text = String(given).trim().toLowerCase();
	if ((DIRECTIONS as readonly string[]).includes(text)) return text;
	if (text in LEGACY_DIRECTIONS) return LEGACY_DIRECTIONS[text];
	throw new Error(`must be inbound or outbound (or sent, received, both; got "${String(given)}")`);
}

/**
 * The subscription in a create or update answer, whichever shape X used: openapi.json's
 * {data:{subscription:{...}}}, the quickstart's {data:{subscription_id, ...}} or {data:[{...}]}.
 */
export function subscriptionOf(body: unknown): IDataObject | undefined {
	const data = (body as IDataObject | undefined)?.data;
	const candidates = [
		(data as IDataObject | undefined)?.subscription,
		data,
		Array.isArray(data) ? data[0] : undefined,
	];
	for (const c of candidates) {
		if (c && typeof c === 'object' && !Array.isArray(c) && typeof (c as IDataObject).subscription_id === 'string' && (c as IDataObject).subscription_id !== '') {
			return c as IDataObject;
		}
	}
	return undefined;
}

const SUBSCRIPTION_ID = { pattern: /^[0-9]{1,19}$/, patternRule: 'a subscription ID of 1 to 19 digits' };
const WEBHOOK_ID = { pattern: /^[0-9]{1,19}$/, patternRule: 'a webhook ID of 1 to 19 digits' };

async function createSubscription(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const kind = String((item.request.body as IDataObject).event_type);
	const { body } = await xRequest(ctx, { ...item.request, auth: isPrivateKind(kind) ? 'user' : 'app' }, policy);
	const subscription = subscriptionOf(body);
	if (!subscription) throw new Error(`X answered the creation of the ${kind} subscription without a subscription_id`);
	return [subscription];
}

/** The updated subscription, with X's count of the App's active subscriptions when X gives it as a number (openapi: UpdateActivitySubscriptionResponseData). */
async function updateSubscription(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const { body } = await xRequest(ctx, item.request, policy);
	const subscription = subscriptionOf(body) ?? { subscription_id: item.values.subscription_id, ...((body as IDataObject)?.data as IDataObject) };
	const total = ((body as IDataObject)?.data as IDataObject | undefined)?.total_subscriptions;
	return [{ ...subscription, ...(Number.isSafeInteger(total) ? { total_subscriptions: total } : {}) }];
}

/** DELETE ?ids=: one output per id, deleted or not (X goes on past ids it cannot delete). */
async function deleteMany(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const { body } = await xRequest(ctx, item.request, policy);
	const answer = (body ?? {}) as IDataObject;
	const deleted = ((answer.data as IDataObject[] | undefined) ?? []).map((d) => ({ subscription_id: d.subscription_id, deleted: d.deleted ?? true }));
	const failed = ((answer.errors as IDataObject[] | undefined) ?? []).map((e) => ({ subscription_id: e.subscription_id, deleted: false, reason: e.reason, message: e.message }));
	return [...deleted, ...failed];
}

export const activitySubscriptionResource: Resource = {
	name: 'Activity Subscription',
	value: 'activitySubscription',
	description: 'Subscriptions to users\' activity events, delivered to a webhook or to the App\'s activity stream',
	endpoints: [
		{
			operation: 'create',
			name: 'Create',
			action: 'Create an activity subscription',
			description: 'Subscribe to a kind of event of one user',
			method: 'POST',
			host: 'api',
			path: '/2/activity/subscriptions',
			send: 'json',
			fields: [
				{
					wire: 'event_type',
					label: 'Event Type',
					type: 'options',
					required: true,
					options: EVENT_KINDS,
					// Saved workflows store no value equal to the default: it stays what it was.
					default: 'post.create',
					description: `Private kinds (${PRIVATE_KINDS.join(', ')}) need an X OAuth 1.0a or X User OAuth2 credential of the filtered user on this node (OAuth2: granted the kind's scope); the others work with the App's bearer token`,
				},
				{ wire: 'user_id', label: 'User ID', type: 'string', required: true, description: 'The user whose events to receive (numeric X user ID)', rules: { pattern: /^\d{1,19}$/, patternRule: 'a numeric X user ID' } },
				{ wire: 'keyword', label: 'Keyword', type: 'string', description: 'Only events matching this keyword' },
				{
					wire: 'direction',
					label: 'Direction',
					type: 'options',
					options: ['outbound', 'inbound'],
					// The default was "sent" (X's older spelling of outbound for likes), so saved workflows keep their meaning.
					default: 'outbound',
					description: 'Outbound = events the user makes, inbound = events that reach the user (likes the user gives or the user\'s posts get; direct messages sent or received); leave out for both. X\'s guide documents it for like.create, X\'s API takes it for directional kinds and refuses it for mute.* and block.*. The older values sent (outbound), received (inbound) and both (left out) are taken too.',
				},
				{ wire: 'tag', label: 'Tag', type: 'string', description: 'Your label for the subscription', rules: { minLength: 1, maxLength: 200 } },
				{ wire: 'webhook_id', label: 'Webhook ID', type: 'string', description: 'The webhook to deliver to; leave out to deliver to the App\'s activity stream', rules: WEBHOOK_ID },
				{ wire: 'user_context', label: 'User Context', type: 'boolean', noParameter: true },
			],
			read: (ctx, _itemIndex, readParameters) => {
				const raw = readParameters();
				// Older direction spellings become X's before the options check (see the field's description).
				const legacy = typeof raw.direction === 'string' ? raw.direction.trim().toLowerCase() : undefined;
				if (legacy !== undefined && legacy in LEGACY_DIRECTIONS) {
					if (LEGACY_DIRECTIONS[legacy] === undefined) delete raw.direction;
					else raw.direction = LEGACY_DIRECTIONS[legacy];
				}
				return { ...raw, user_context: hasUserCredential(ctx) };
			},
			checkContext: async (ctx) => ({ scopes: await grantedScopes(ctx) }),
			check: (values, { fail, context }) => {
				const kind = String(values.event_type);
				const missing = missingScope(kind, context?.scopes as string[] | undefined);
				if (missing) fail('Event Type (event_type)', missing);
				if (values.direction !== undefined && DIRECTION_REFUSED_KINDS.includes(kind)) {
					fail('Direction (direction)', `is not taken for mute.* and block.* kinds such as ${kind} (leave it out)`);
				}
				if (isPrivateKind(kind) && !values.user_context) {
					fail('Event Type (event_type)', `${kind} is a private kind: ${USER_CREDENTIAL_HINT}`);
				}
				delete values.user_context;
				// X's body nests the filter: {event_type, filter: {user_id, keyword?, direction?}, tag?, webhook_id?}
				values.filter = Object.fromEntries(
					(['user_id', 'keyword', 'direction'] as const).filter((k) => values[k] !== undefined).map((k) => [k, values[k]]),
				);
				delete values.user_id;
				delete values.keyword;
				delete values.direction;
			},
			run: createSubscription,
		},
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many activity subscriptions',
			description: 'List the App\'s activity subscriptions',
			method: 'GET',
			host: 'api',
			path: '/2/activity/subscriptions',
			list: { maxCount: 1000 },
			run: v2Pages(1000),
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update an activity subscription',
			description: 'Change where a subscription delivers, or its tag (to change the kind or filter, delete it and create another)',
			method: 'PUT',
			host: 'api',
			path: '/2/activity/subscriptions/{subscription_id}',
			send: 'json',
			fields: [
				{ wire: 'subscription_id', label: 'Subscription ID', type: 'string', required: true, rules: SUBSCRIPTION_ID },
				{ wire: 'tag', label: 'Tag', type: 'string', rules: { minLength: 1, maxLength: 200 } },
				{ wire: 'webhook_id', label: 'Webhook ID', type: 'string', rules: WEBHOOK_ID },
			],
			check: (values, { fail }) => {
				if (values.tag === undefined && values.webhook_id === undefined) fail('Update Fields', 'need Tag (tag) or Webhook ID (webhook_id): X updates only these');
			},
			run: updateSubscription,
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete an activity subscription',
			description: 'Remove an activity subscription',
			method: 'DELETE',
			host: 'api',
			path: '/2/activity/subscriptions/{subscription_id}',
			fields: [{ wire: 'subscription_id', label: 'Subscription ID', type: 'string', required: true, rules: SUBSCRIPTION_ID }],
			output: (envelope, values) => [{ subscription_id: values.subscription_id, ...(envelope.data as IDataObject) }],
		},
		{
			operation: 'deleteMany',
			name: 'Delete Many',
			action: 'Delete many activity subscriptions',
			description: 'Remove up to 100 activity subscriptions in one request; one output item per ID says whether it went',
			method: 'DELETE',
			host: 'api',
			path: '/2/activity/subscriptions',
			fields: [
				{
					wire: 'ids',
					label: 'Subscription IDs',
					type: 'list',
					required: true,
					description: 'Comma-separated subscription IDs (1 to 100)',
					rules: { maxItems: 100, ...SUBSCRIPTION_ID },
				},
			],
			run: deleteMany,
		},
	],
};
