import type {
	IDataObject,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { fetchBearerToken } from '../shared/bearer';
import { hintFor } from '../shared/errors';
import type { XRequest } from '../shared/transport';
import { xCredentials, xRequest } from '../shared/transport';
import {
	DIRECTIONAL_KINDS,
	EVENT_KINDS,
	hasUserCredential,
	isPrivateKind,
	subscriptionOf,
	USER_CREDENTIAL_HINT,
	wireDirection,
} from '../XWebhooks/resources/activitySubscription';
import { streamLinks } from '../XWebhooks/resources/streamLink';
import type { Refusal } from './events';
import type { XEvent } from './events';
import { CRC_TOKEN, crcResponseToken, MAX_DELIVERY_BYTES, readDelivery, RecentEvents, signatureMatches, splitDelivery } from './events';
import { DEFAULT_MAX_RECONNECT_WAIT_S } from './backoff';
import { claimAppStream, ExecutionWindow, releaseAppStream, startActivityStream, streamTag } from './stream';
import { StreamMemory } from './streamMemory';

/**
 * Recent events per trigger node in this process. n8n loads static data afresh for every
 * request and saves it after the node returns (the last save wins), so retries that arrive
 * together or right after the answer would all pass a check against static data alone; this
 * memory is checked and filled without a pause in between. Static data carries it across
 * restarts. (With several webhook processes in queue mode, each has its own memory.)
 */
export const recentEvents = new Map<string, RecentEvents>();

/**
 * The App's keys per credential, kept a few seconds: n8n reads, decrypts and resolves a credential
 * (in an expression isolate) on every call, the largest cost of a delivery. A changed secret takes
 * effect within KEYS_TTL_MS.
 */
const recentKeys = new Map<string, { until: number; credentials: IDataObject }>();
const KEYS_TTL_MS = 5000;

async function appKeys(ctx: IWebhookFunctions): Promise<IDataObject> {
	const id = ctx.getNode().credentials?.xAppOnlyApi?.id;
	const kept = id ? recentKeys.get(id) : undefined;
	if (kept && kept.until > Date.now()) return kept.credentials;
	const credentials = await xCredentials(ctx, 'app');
	if (id) recentKeys.set(id, { until: Date.now() + KEYS_TTL_MS, credentials });
	return credentials;
}

/** What n8n's request carries: the bytes once read, and the reader n8n leaves for bodies it did not parse. */
interface RawBodyRequest {
	rawBody?: Buffer;
	readRawBody?: () => Promise<void>;
	headers: Record<string, string | string[] | undefined>;
}

/**
 * The body bytes exactly as received, or why there are none. n8n reads them for the content types
 * it parses (JSON, text, form, XML) and leaves others unread; those are read here the way n8n's
 * Webhook node does. A body larger than MAX_DELIVERY_BYTES is refused (unread when its
 * Content-Length says so). Never a re-serialized body instead: one n8n did not read would be "{}".
 */
async function receivedBytes(request: RawBodyRequest): Promise<Buffer | Refusal> {
	const tooLarge = { status: 413, error: `body is larger than ${MAX_DELIVERY_BYTES} bytes` };
	if (!Buffer.isBuffer(request.rawBody) && typeof request.readRawBody === 'function') {
		if (Number(request.headers['content-length']) > MAX_DELIVERY_BYTES) return tooLarge;
		let unreadable = false;
		await request.readRawBody().catch(() => (unreadable = true));
		if (unreadable) return { status: 400, error: 'the body could not be read' };
	}
	if (!Buffer.isBuffer(request.rawBody)) return { status: 400, error: 'the body bytes are not available to check the signature' };
	return request.rawBody.length > MAX_DELIVERY_BYTES ? tooLarge : request.rawBody;
}

/** How many recent events are remembered for dedupe (kept in the node's static data, so it survives restarts). */
const SEEN_LIMIT = 5000;

interface TriggerState extends IDataObject {
	webhookId?: string;
	/** Whether activation created the webhook (deactivation removes only what activation created). */
	createdWebhook?: boolean;
	subscriptionIds?: string[];
	/** The subscriptions asked for when they were created, to notice a changed configuration. */
	subscriptionConfig?: string;
	/** Fingerprints of recent events (RecentEvents.toString()). */
	seen?: string;
	/** Account Activity: the subscribed user, when activation subscribed them (deactivation unsubscribes only then). */
	accountActivityUserId?: string;
	/** Filtered stream: the rules activation added, the rules asked for, and whether activation linked the webhook. */
	ruleIds?: string[];
	ruleConfig?: string;
	linkedStream?: boolean;
	/** Stream delivery: subscriptions a trigger() made (removed when it closes, or at the next start after a crash). */
	streamSubscriptionIds?: string[];
}

type Source = 'activity' | 'accountActivity' | 'filteredStream';

/** The source of events; saved workflows (no value) keep X Activity subscriptions over a webhook. */
function sourceOf(ctx: IHookFunctions | ITriggerFunctions | IWebhookFunctions): Source {
	return ctx.getNodeParameter('source', 'activity') as Source;
}

function streamDelivery(ctx: IHookFunctions | ITriggerFunctions | IWebhookFunctions): boolean {
	return sourceOf(ctx) === 'activity' && ctx.getNodeParameter('delivery', 'webhook') === 'stream';
}

interface SubscriptionSpec {
	userId: string;
	eventTypes: string[];
	keyword?: string;
	direction?: string;
}

const api = (method: XRequest['method'], path: string, extra: Partial<XRequest> = {}): XRequest => ({
	method,
	host: 'api',
	path,
	auth: 'app',
	...extra,
});

function state(ctx: IHookFunctions | IWebhookFunctions | ITriggerFunctions): TriggerState {
	return ctx.getWorkflowStaticData('node') as TriggerState;
}

function subscriptionSpecs(ctx: IHookFunctions | ITriggerFunctions): SubscriptionSpec[] {
	const list = ((ctx.getNodeParameter('subscriptions', {}) as IDataObject).subscription ?? []) as IDataObject[];
	return list.map((s) => ({
		userId: String(s.userId ?? '').trim(),
		eventTypes: (s.eventTypes as string[]) ?? [],
		keyword: s.keyword ? String(s.keyword) : undefined,
		direction: s.direction && s.direction !== 'none' ? String(s.direction) : undefined,
	}));
}

/** An id X gave (1 to 19 digits); anything else, such as "undefined" stored by version 1.1 and earlier, is never sent. */
const SUBSCRIPTION_ID = /^[0-9]{1,19}$/;

/** Removal where already gone (404 or WebhookIdInvalid) is fine: someone may have removed it at X. */
async function removeIfPresent(ctx: IHookFunctions | ITriggerFunctions, request: XRequest): Promise<void> {
	try {
		await xRequest(ctx, request);
	} catch (error) {
		const e = error as NodeApiError;
		const gone = e?.httpCode === '404' || e?.context?.xCode === 'WebhookIdInvalid';
		if (!gone) throw error instanceof NodeApiError ? error : new NodeApiError(ctx.getNode(), error as JsonObject);
	}
}

const removeSubscription = (ctx: IHookFunctions | ITriggerFunctions, id: string, bearerToken?: string) =>
	removeIfPresent(ctx, api('DELETE', '/2/activity/subscriptions/{subscription_id}', { pathParams: { subscription_id: id }, bearerToken }));

/**
 * The ids of subscriptions this trigger made at X for its webhook (tag n8n), read from X's list:
 * for what an earlier version stored without a usable id.
 */
async function subscriptionsOfWebhook(ctx: IHookFunctions | ITriggerFunctions, webhookId: string): Promise<string[]> {
	const ids: string[] = [];
	let token: string | undefined;
	do {
		const { body } = await xRequest(ctx, api('GET', '/2/activity/subscriptions', { qs: { max_results: 1000, ...(token ? { pagination_token: token } : {}) } }));
		const page = (body ?? {}) as IDataObject;
		for (const s of (page.data as IDataObject[] | undefined) ?? []) {
			if (s.webhook_id === webhookId && s.tag === SUBSCRIPTION_TAG && SUBSCRIPTION_ID.test(String(s.subscription_id))) ids.push(String(s.subscription_id));
		}
		token = ((page.meta as IDataObject | undefined)?.next_token as string | undefined) || undefined;
	} while (token);
	return ids;
}

/** The tag the trigger gives its subscriptions. */
const SUBSCRIPTION_TAG = 'n8n';

/**
 * Removes the given subscriptions, then (unless kept) the webhook, each on its own: one failure
 * does not stop the others. Returns what could not be removed, in words (each also logged).
 */
async function removeAll(ctx: IHookFunctions | ITriggerFunctions, subscriptionIds: string[], webhookId: string | undefined, bearerToken?: string): Promise<{ failed: string[]; leftSubscriptions: string[]; webhookLeft: boolean }> {
	const failed: string[] = [];
	const leftSubscriptions: string[] = [];
	const note = (what: string, error: unknown) => {
		const e = error as NodeApiError;
		const said = e?.context?.xMessage ?? e?.message ?? String(error);
		const line = `${what}: ${e?.httpCode ? `X answered ${String(e.httpCode)}: ` : ''}${String(said)}`;
		ctx.logger.warn(`X Trigger: could not remove ${line}`);
		failed.push(line);
	};
	let ids = subscriptionIds.filter((id) => SUBSCRIPTION_ID.test(id));
	if (ids.length < subscriptionIds.length && webhookId) {
		try {
			ids = [...new Set([...ids, ...(await subscriptionsOfWebhook(ctx, webhookId))])];
		} catch (error) {
			note(`the subscriptions of webhook ${webhookId} stored without an id by an earlier version`, error);
		}
	}
	for (const id of ids) {
		try {
			await removeSubscription(ctx, id, bearerToken);
		} catch (error) {
			note(`activity subscription ${id}`, error);
			leftSubscriptions.push(id);
		}
	}
	let webhookLeft = false;
	if (webhookId) {
		try {
			await removeIfPresent(ctx, api('DELETE', '/2/webhooks/{webhook_id}', { pathParams: { webhook_id: webhookId } }));
		} catch (error) {
			note(`webhook ${webhookId}`, error);
			webhookLeft = true;
		}
	}
	return { failed, leftSubscriptions, webhookLeft };
}

/** Errors of n8n's kinds stay as they are (message, description, context); anything else becomes a NodeApiError. */
function asNodeError(ctx: IHookFunctions, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeApiError(ctx.getNode(), error as JsonObject);
}

/** The same URL as X compares them (scheme and host case, default port, ...). */
function sameUrl(a: unknown, b: unknown): boolean {
	try {
		return new URL(String(a)).href === new URL(String(b)).href;
	} catch {
		return a === b;
	}
}

/** What to do, where the general hint does not fit a workflow that is being activated. */
const ACTIVATION_HINTS: Record<string, string> = {
	CrcValidationFailed:
		'X could not get the CRC answer from this URL. n8n answers it itself while it activates the workflow, so the URL must reach this n8n from the internet: set WEBHOOK_URL to n8n\'s public https address (for example behind a reverse proxy on 443), check that the credential\'s API Key Secret is the App\'s, then activate the workflow again.',
};

/**
 * n8n shows the message of an activation error (the workflow list, the log) and, in the editor,
 * the description of a NodeApiError: both say what happened and what to do about it.
 */
function activationError(error: unknown, doing: string, fallbackHint?: string): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const code = error.context?.xCode as string | undefined;
	const xMessage = error.context?.xMessage as string | undefined;
	const hint = (code && ACTIVATION_HINTS[code]) ?? hintFor(Number(error.httpCode ?? 0), { code }) ?? fallbackHint;
	// NodeApiError swaps a message naming ECONNREFUSED, ETIMEDOUT, ... for "The service refused the
	// connection - perhaps it is offline", which here would blame X for X not reaching n8n: say what X said.
	const said = code !== undefined || xMessage !== undefined ? `X answered ${String(error.httpCode)}${code ? ` ${code}` : ''}: ${xMessage ?? 'no message'}` : error.message;
	const what = `${doing}: ${said}`.replace(/[.\s]+$/, '');
	error.message = hint ? `${what}. ${hint}` : `${what}.`;
	error.description = hint ? `${doing} (${error.context?.request ?? 'X'}). ${hint}` : error.description;
	return error;
}

/**
 * What X would refuse, before anything is created: private kinds without the user's OAuth 1.0a
 * credential (X takes them only in that user's context), a direction of no meaning.
 */
function checkSubscriptionSpecs(ctx: IHookFunctions | ITriggerFunctions): void {
	for (const spec of subscriptionSpecs(ctx)) {
		const privateKinds = spec.eventTypes.filter(isPrivateKind);
		if (privateKinds.length && !hasUserCredential(ctx)) {
			throw new NodeOperationError(ctx.getNode(), `Activity subscription to ${privateKinds.join(', ')} of user ${spec.userId || '(no User ID)'}: private kinds need the user's context: ${USER_CREDENTIAL_HINT}.`, {
				description: 'Nothing was created at X. Add the credential under X OAuth 1.0a (or remove the private kinds), then activate again.',
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
async function createSubscriptions(ctx: IHookFunctions | ITriggerFunctions, webhookId: string | undefined, ids: string[], tag = SUBSCRIPTION_TAG): Promise<void> {
	for (const spec of subscriptionSpecs(ctx)) {
		for (const eventType of spec.eventTypes) {
			const filter: IDataObject = { user_id: spec.userId };
			if (spec.keyword) filter.keyword = spec.keyword;
			const direction = wireDirection(spec.direction);
			if (direction && DIRECTIONAL_KINDS.includes(eventType)) filter.direction = direction;
			try {
				// Private kinds go in the user's context (the X OAuth 1.0a credential), the others with the bearer token.
				const request = api('POST', '/2/activity/subscriptions', { body: { event_type: eventType, filter, ...(webhookId ? { webhook_id: webhookId } : {}), tag } });
				const { body } = await xRequest(ctx, isPrivateKind(eventType) ? { ...request, auth: 'user' } : request);
				const subscription = subscriptionOf(body);
				if (!subscription) throw new NodeOperationError(ctx.getNode(), `X answered without a subscription_id: ${JSON.stringify(body).slice(0, 300)}`);
				ids.push(String(subscription.subscription_id));
			} catch (error) {
				throw activationError(
					error,
					`Could not create the activity subscription to ${eventType} events of user ${spec.userId || '(no User ID)'}`,
					`Correct the subscription under Activity Subscriptions: User ID must be the numeric X user ID, Direction is only for ${DIRECTIONAL_KINDS.join(', ')}, and private kinds are created with the X OAuth 1.0a credential of that same user.`,
				);
			}
		}
	}
}


// ---- Events, whatever carried them -----------------------------------------------------------

/** The node's memory of recent events (see recentEvents), created from static data on first use. */
function memoryOf(ctx: IWebhookFunctions | ITriggerFunctions): RecentEvents {
	const nodeKey = `${String(ctx.getWorkflow().id)}:${ctx.getNode().name}`;
	let recent = recentEvents.get(nodeKey);
	if (!recent) recentEvents.set(nodeKey, (recent = new RecentEvents(SEEN_LIMIT)));
	recent.merge(state(ctx).seen); // what other webhook processes (n8n's queue mode) saved since the last delivery
	return recent;
}

/**
 * Output items of a delivery's events: only the kinds the node wants, each event once. The same
 * event from another App, or for another subscribed user (Account Activity sends one delivery per
 * for_user_id), is a different delivery: the key carries both.
 */
function eventItems(ctx: IWebhookFunctions | ITriggerFunctions, events: XEvent[], apiKey: string, streamMemory?: StreamMemory): INodeExecutionData[] {
	const wanted = ctx.getNodeParameter('events', ['*']) as string[];
	const all = wanted.includes('*');
	// The stream keeps its own memory (the window a backfill repeats), in this process only.
	const recent = streamMemory ?? memoryOf(ctx);
	const receivedAt = new Date().toISOString();
	const items = events
		.filter((event) => all || wanted.includes(event.kind))
		.filter((event) => recent.remember(`${apiKey}:${event.forUserId ?? ''}:${event.kind}:${event.id}`))
		.map((event) => ({
			json: {
				event_type: event.kind,
				event_id: event.id,
				received_at: receivedAt,
				...(event.forUserId ? { for_user_id: event.forUserId } : {}),
				payload: event.payload as IDataObject,
			},
		}));
	// Static data gets the whole memory, not this delivery's events added to what this request
	// loaded: concurrent deliveries' saves would otherwise drop each other's (the last save wins).
	// Written whenever it differs, not only with new events: what this process knows and static data
	// lacks (another webhook process's save replaced it) then reaches the others with any delivery.
	// The node answers X itself: n8n saves static data after webhook() returned, and an answer left
	// to n8n would come after the execution is queued, where n8n 2.41.1 resets the changed flag first
	// (WorkflowRunner) and saves nothing.
	if (streamMemory) return items;
	const seen = recent.toString();
	if (state(ctx).seen !== seen) state(ctx).seen = seen;
	return items;
}

// ---- Account Activity: the credential's user, on the trigger's webhook ------------------------

const ACCOUNT_ACTIVITY_HINT =
	'Account Activity subscribes the user whose token signs the request: add that user\'s X OAuth 1.0a or X User OAuth2 credential (scopes tweet.read users.read dm.read dm.write) to the trigger';

function checkAccountActivity(ctx: IHookFunctions): void {
	if (!hasUserCredential(ctx)) {
		throw new NodeOperationError(ctx.getNode(), `Account Activity needs a user: ${ACCOUNT_ACTIVITY_HINT}.`, { description: 'Nothing was created at X.' });
	}
}

const accountActivityPath = (webhookId: string) => `/2/account_activity/webhooks/${webhookId}/subscriptions/all`;

/** Whether the credential's user is subscribed to the webhook (GET .../subscriptions/all in the user's context). */
async function accountActivitySubscribed(ctx: IHookFunctions, webhookId: string): Promise<boolean> {
	const { body } = await xRequest(ctx, api('GET', '/2/account_activity/webhooks/{webhook_id}/subscriptions/all', { pathParams: { webhook_id: webhookId }, auth: 'user' }));
	return ((body as IDataObject)?.data as IDataObject | undefined)?.subscribed === true;
}

async function subscribeAccountActivity(ctx: IHookFunctions, webhookId: string): Promise<void> {
	const data = state(ctx);
	try {
		if (await accountActivitySubscribed(ctx, webhookId)) return; // someone else's subscription: not ours to remove
		await xRequest(ctx, api('POST', '/2/account_activity/webhooks/{webhook_id}/subscriptions/all', { pathParams: { webhook_id: webhookId }, body: {}, auth: 'user' }));
		// Who that is, for the removal at deactivation (X removes by user ID, with the App's token).
		const { body } = await xRequest(ctx, api('GET', '/2/users/me', { auth: 'user' }));
		data.accountActivityUserId = String(((body as IDataObject)?.data as IDataObject)?.id ?? '');
	} catch (error) {
		throw activationError(error, `Could not subscribe the credential's user to Account Activity on webhook ${webhookId} (${accountActivityPath(webhookId)})`, ACCOUNT_ACTIVITY_HINT);
	}
}

async function unsubscribeAccountActivity(ctx: IHookFunctions, webhookId: string, userId: string): Promise<void> {
	await removeIfPresent(ctx, api('DELETE', '/2/account_activity/webhooks/{webhook_id}/subscriptions/{user_id}/all', { pathParams: { webhook_id: webhookId, user_id: userId } }));
}

// ---- Filtered stream: the rules listed, on the trigger's webhook -----------------------------

interface RuleSpec {
	value: string;
	tag?: string;
}

function ruleSpecs(ctx: IHookFunctions): RuleSpec[] {
	const list = ((ctx.getNodeParameter('rules', {}) as IDataObject).rule ?? []) as IDataObject[];
	return list.map((r) => ({ value: String(r.value ?? '').trim(), ...(r.tag ? { tag: String(r.tag) } : {}) }));
}

function checkRules(ctx: IHookFunctions): void {
	const rules = ruleSpecs(ctx);
	if (!rules.length) throw new NodeOperationError(ctx.getNode(), 'Filtered-stream posts need at least one rule under Rules (for example "acme -is:retweet").', { description: 'Nothing was created at X.' });
	const empty = rules.findIndex((r) => !r.value);
	if (empty !== -1) throw new NodeOperationError(ctx.getNode(), `Rule ${empty + 1} under Rules is empty: give the query of posts to receive.`, { description: 'Nothing was created at X.' });
}

/** Adds the listed rules (ids kept as they are created) and links the webhook to the filtered stream. */
async function createRules(ctx: IHookFunctions, webhookId: string, ruleIds: string[]): Promise<boolean> {
	let linked = false;
	try {
		const { body } = await xRequest(ctx, api('POST', '/2/tweets/search/stream/rules', { body: { add: ruleSpecs(ctx) } }));
		const answer = (body ?? {}) as IDataObject;
		for (const rule of (answer.data as IDataObject[] | undefined) ?? []) ruleIds.push(String(rule.id));
		const refused = (answer.errors as IDataObject[] | undefined) ?? [];
		if (refused.length) {
			const words = refused.map((e) => `${String(e.value ?? '')}: ${String(e.title ?? '')} ${String(e.detail ?? '')}`.trim()).join('; ');
			throw new NodeOperationError(ctx.getNode(), `X refused rules under Rules: ${words}`, { description: 'Correct or remove them, then activate again.' });
		}
		const { body: links } = await xRequest(ctx, api('GET', '/2/tweets/search/webhooks'));
		const already = streamLinks((links as IDataObject)?.data).some((l) => String(l.webhook_id) === webhookId);
		if (!already) {
			await xRequest(ctx, api('POST', '/2/tweets/search/webhooks/{webhook_id}', { pathParams: { webhook_id: webhookId }, idempotent: true }));
			linked = true;
		}
	} catch (error) {
		throw activationError(error, `Could not set up the filtered stream for webhook ${webhookId}`);
	}
	return linked;
}

/** Unlinks (when activation linked) and deletes the rules activation added; returns what failed, in words. */
async function removeRules(ctx: IHookFunctions, webhookId: string | undefined, ruleIds: string[], unlink: boolean): Promise<string[]> {
	const failed: string[] = [];
	if (unlink && webhookId) {
		try {
			await removeIfPresent(ctx, api('DELETE', '/2/tweets/search/webhooks/{webhook_id}', { pathParams: { webhook_id: webhookId } }));
		} catch (error) {
			failed.push(`the filtered-stream link of webhook ${webhookId}: ${(error as Error).message}`);
		}
	}
	if (ruleIds.length) {
		try {
			await xRequest(ctx, api('POST', '/2/tweets/search/stream/rules', { body: { delete: { ids: ruleIds } }, idempotent: true }));
		} catch (error) {
			failed.push(`stream rules ${ruleIds.join(', ')}: ${(error as Error).message}`);
		}
	}
	for (const line of failed) ctx.logger.warn(`X Trigger: could not remove ${line}`);
	return failed;
}

/** Activation of the Account Activity and filtered-stream sources: the webhook, then what hangs on it; undone on failure. */
async function createOtherSource(ctx: IHookFunctions, source: Exclude<Source, 'activity'>): Promise<boolean> {
	if (source === 'accountActivity') checkAccountActivity(ctx);
	else checkRules(ctx);
	const data = state(ctx);
	let createdWebhookId: string | undefined;
	const ruleIds: string[] = [];
	let linked = false;
	try {
		createdWebhookId = await ensureWebhook(ctx);
		if (source === 'accountActivity') {
			await subscribeAccountActivity(ctx, data.webhookId!);
		} else {
			// Rules of an earlier configuration are replaced, not left behind.
			const earlier = await removeRules(ctx, undefined, data.ruleIds ?? [], false);
			if (earlier.length) throw new NodeOperationError(ctx.getNode(), `Could not remove the earlier stream rules at X: ${earlier.join('; ')}`);
			delete data.ruleIds;
			linked = await createRules(ctx, data.webhookId!, ruleIds);
			data.ruleIds = ruleIds;
			data.ruleConfig = JSON.stringify(ruleSpecs(ctx));
			data.linkedStream = data.linkedStream || linked;
		}
	} catch (error) {
		// n8n drops the static data of a failed activation: undo here what was created.
		const failed = await removeRules(ctx, data.webhookId, ruleIds, linked);
		if (createdWebhookId) failed.push(...(await removeAll(ctx, [], createdWebhookId)).failed);
		const failure = asNodeError(ctx, error);
		if (failed.length) failure.message = `${failure.message} Also left at X (remove by hand): ${failed.join('; ')}.`;
		throw failure;
	}
	return true;
}

/** Registers the node's URL as a webhook at X unless one is known; returns the id activation created, if any. */
async function ensureWebhook(ctx: IHookFunctions): Promise<string | undefined> {
	const data = state(ctx);
	if (data.webhookId) return undefined;
	const url = ctx.getNodeWebhookUrl('default')!;
	try {
		// X runs the CRC against n8n right away; the GET webhook of this node answers it.
		const { body } = await xRequest(ctx, api('POST', '/2/webhooks', { body: { url } }));
		data.webhookId = String(((body as IDataObject).data as IDataObject).id);
		data.createdWebhook = true;
		return data.webhookId;
	} catch (error) {
		throw activationError(error, `Could not register ${url} as the webhook at X`);
	}
}

export class XTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'X Trigger',
		name: 'xTrigger',
		icon: { light: 'file:../../icons/x.svg', dark: 'file:../../icons/x.dark.svg' },
		group: ['trigger'],
		// 1.1 behaves as 1. n8n evaluates an expression on every request to a version 1 webhook node
		// (the old Webhook node's binaryData option), about 10 ms each with n8n 2.x's isolated runtime.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description: 'Starts the workflow on events X delivers to a webhook (account activity, direct messages, posts)',
		defaults: { name: 'X Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// The App's bearer token for the webhook and public kinds; the user's OAuth 1.0a tokens for private kinds.
		credentials: [
			{ name: 'xAppOnlyApi', required: true },
			{ name: 'xOAuth1Api', required: false },
			{ name: 'xOAuth2Api', required: false },
		],
		webhooks: [
			{ name: 'setup', httpMethod: 'GET', responseMode: 'onReceived', path: 'webhook' },
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				displayName: 'Source',
				name: 'source',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'X Activity Subscriptions', value: 'activity', description: 'Events of the users and kinds listed below (X Activity API), by webhook or by the activity stream' },
					{ name: 'Account Activity of the Credential\'s User', value: 'accountActivity', description: 'Direct messages and the other account events of the user of the X OAuth 1.0a or X User OAuth2 credential, by webhook' },
					{ name: 'Filtered-Stream Posts', value: 'filteredStream', description: 'Posts matching the rules listed below (with edit history), by webhook' },
				],
				default: 'activity',
				description: 'Where the events come from',
			},
			{
				displayName: 'Delivery',
				name: 'delivery',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { source: ['activity'] } },
				options: [
					{ name: 'Webhook (Public HTTPS URL)', value: 'webhook', description: 'X posts each event to this n8n; it must be reachable from the internet' },
					{ name: 'Activity Stream (No Public URL)', value: 'stream', description: 'This n8n holds X\'s activity stream open and reads the events; works behind a firewall' },
				],
				default: 'webhook',
			},
			{
				displayName: 'X needs a public https URL without a port for this webhook: set n8n\'s WEBHOOK_URL accordingly (for example behind a reverse proxy on 443). X checks it at once with a CRC request.',
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: { hide: { delivery: ['stream'] } },
			},
			{
				displayName: 'The activity stream runs while the workflow is active: no public URL and no CRC. X allows one stream connection per App.',
				name: 'streamNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { source: ['activity'], delivery: ['stream'] } },
			},
			{
				displayName: 'Rules',
				name: 'rules',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Rule',
				default: {},
				displayOptions: { show: { source: ['filteredStream'] } },
				description: 'Filtered-stream rules added on activation and deleted on deactivation',
				options: [
					{
						displayName: 'Rule',
						name: 'rule',
						values: [
							{ displayName: 'Rule', name: 'value', type: 'string', default: '', required: true, placeholder: 'acme -is:retweet', description: 'A query with X\'s filtered-stream operators' },
							{ displayName: 'Tag', name: 'tag', type: 'string', default: '', description: 'Your label; matching posts carry it in matching_rules' },
						],
					},
				],
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: [{ name: 'All Events', value: '*' }, ...EVENT_KINDS.map((kind) => ({ name: kind, value: kind }))].sort((a, b) => a.name.localeCompare(b.name)),
				default: ['*'],
				description: 'Which kinds of event start the workflow; others are acknowledged and dropped',
			},
			{
				displayName: 'Activity Subscriptions',
				name: 'subscriptions',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Subscription',
				default: {},
				description: 'Subscriptions created on activation (with the stream: while the workflow runs) and removed on deactivation',
				displayOptions: { show: { source: ['activity'] } },
				options: [
					{
						displayName: 'Subscription',
						name: 'subscription',
						values: [
							{
								displayName: 'Direction',
								name: 'direction',
								type: 'options',
								options: [
									{ name: 'Both', value: 'none' },
									{ name: 'Inbound', value: 'inbound' },
									{ name: 'Outbound', value: 'outbound' },
								],
								default: 'none',
								description: 'For like.create only: outbound = likes the user gives, inbound = likes the user\'s posts get. The older values sent (outbound), received (inbound) and both are taken too.',
							},
							{
								displayName: 'Event Types',
								name: 'eventTypes',
								type: 'multiOptions',
								options: EVENT_KINDS.map((kind) => ({ name: kind, value: kind })).sort((a, b) => a.name.localeCompare(b.name)),
								default: [],
								description: 'Private kinds (dm.*, chat.*, like.*, mute.*, block.*, post.mention/reply/quote/repost.create, broadcast.chat) need the X OAuth 1.0a credential of this user',
							},
							{ displayName: 'Keyword', name: 'keyword', type: 'string', default: '' },
							{ displayName: 'User ID', name: 'userId', type: 'string', default: '', required: true, description: 'The user whose events to receive (numeric X user ID)' },
						],
					},
				],
			},
			{
				displayName: 'Stream Options',
				name: 'streamOptions',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: { show: { source: ['activity'], delivery: ['stream'] } },
				options: [
					{
						displayName: 'Events per Execution',
						name: 'eventsPerExecution',
						type: 'options',
						options: [
							{ name: 'Events Read Together in One Execution', value: 'read', description: 'A burst runs the workflow once with one item per event (the events of one read from the stream)' },
							{ name: 'One Event per Execution', value: 'event' },
						],
						default: 'event',
						description: 'Whether each event runs the workflow, or the events that arrive together run it once (faster in bursts)',
					},
					{
						displayName: 'Max Reconnect Wait (Seconds)',
						name: 'maxReconnectWait',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: 3600 },
						default: DEFAULT_MAX_RECONNECT_WAIT_S,
						description: 'The longest wait between two connection attempts. The first reconnect comes after 250 ms; after each further attempt that did not prove itself (no new event, and no keep-alive after 20 seconds) the wait doubles from 1 second up to this. Every reconnect is logged with its reason.',
					},
					{
						displayName: 'On Too Many Connections',
						name: 'onTooManyConnections',
						type: 'options',
						options: [
							{ name: 'Stop and Say What to Do', value: 'fail' },
							{ name: 'Terminate Others and Reconnect', value: 'terminate', description: 'End every streaming connection of the App (DELETE /2/connections/all), once, then connect again' },
						],
						default: 'fail',
						description: 'What to do when X refuses the connection because the App already has one (TooManyConnections)',
					},
					{
						displayName: 'Reconnect After Silence (Seconds)',
						name: 'reconnectAfterSilence',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: 600 },
						default: 30,
						description: 'Connect again when neither an event nor a keep-alive came for this long (X sends a keep-alive every 20 seconds)',
					},
				],
			},
			{
				displayName: 'Keep Webhook on Deactivation',
				name: 'keepWebhook',
				type: 'boolean',
				default: false,
				description: 'Whether to leave the webhook registered at X when the workflow is deactivated (subscriptions are removed either way)',
			},
		],
	};

	/**
	 * Hung on the GET (CRC) webhook: n8n registers it first, and when an activation attempt fails,
	 * n8n's retry re-registers only the webhook that carries these methods, and X's CRC during
	 * create() must reach the GET one.
	 */
	webhookMethods = {
		setup: {
			/** Registered and valid (re-validated if needed), and subscriptions as configured: nothing to create. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				// The activity stream needs nothing registered at X: trigger() does the work.
				if (streamDelivery(this)) return true;
				const source = sourceOf(this);
				if (source === 'accountActivity') checkAccountActivity(this);
				if (source === 'filteredStream') checkRules(this);
				const url = this.getNodeWebhookUrl('default');
				let listed: IDataObject[];
				try {
					const { body } = await xRequest(this, api('GET', '/2/webhooks'));
					listed = ((body as IDataObject)?.data ?? []) as IDataObject[];
				} catch (error) {
					throw activationError(error, 'Could not list the App\'s webhooks at X');
				}
				const webhook = listed.find((w) => sameUrl(w.url, url));
				if (!webhook) return false;
				const data = state(this);
				// Another webhook at this URL than the one activation created: not ours to delete later.
				if (data.webhookId !== String(webhook.id)) delete data.createdWebhook;
				data.webhookId = String(webhook.id);
				if (!webhook.valid) {
					// X stopped deliveries after a failed CRC check: validating runs the CRC again.
					let validated;
					try {
						validated = await xRequest(this, api('PUT', '/2/webhooks/{webhook_id}', { pathParams: { webhook_id: data.webhookId } }));
					} catch (error) {
						throw activationError(error, `Could not re-validate the webhook ${data.webhookId} (${String(webhook.url)}) at X`);
					}
					if (!((validated.body as IDataObject)?.data as IDataObject)?.valid) return false;
				}
				if (source === 'accountActivity') return !!data.accountActivityUserId && (await accountActivitySubscribed(this, data.webhookId));
				if (source === 'filteredStream') return data.ruleConfig === JSON.stringify(ruleSpecs(this)) && (data.ruleIds ?? []).length > 0;
				const wanted = JSON.stringify(subscriptionSpecs(this));
				return wanted === '[]' || (data.subscriptionConfig === wanted && (data.subscriptionIds ?? []).length > 0);
			},

			async create(this: IHookFunctions): Promise<boolean> {
				if (streamDelivery(this)) return true;
				const source = sourceOf(this);
				if (source !== 'activity') return await createOtherSource(this, source);
				checkSubscriptionSpecs(this);
				const data = state(this);
				const url = this.getNodeWebhookUrl('default')!;
				let createdWebhookId: string | undefined;
				const createdSubscriptions: string[] = [];
				try {
					if (!data.webhookId) {
						// X runs the CRC against n8n right away; the GET webhook of this node answers it.
						try {
							const { body } = await xRequest(this, api('POST', '/2/webhooks', { body: { url } }));
							createdWebhookId = String(((body as IDataObject).data as IDataObject).id);
						} catch (error) {
							throw activationError(error, `Could not register ${url} as the webhook at X`);
						}
						data.webhookId = createdWebhookId;
						data.createdWebhook = true;
					}
					// Subscriptions of an earlier configuration are replaced, not left behind.
					const earlier = await removeAll(this, data.subscriptionIds ?? [], undefined);
					if (earlier.failed.length) throw new NodeOperationError(this.getNode(), `Could not remove the earlier activity subscriptions at X: ${earlier.failed.join('; ')}`);
					await createSubscriptions(this, data.webhookId, createdSubscriptions);
				} catch (error) {
					// n8n drops the static data of a failed activation and runs delete on what was saved
					// before, which does not know what was created here: undo it now.
					const undone = await removeAll(this, createdSubscriptions, createdWebhookId);
					const failure = asNodeError(this, error);
					if (undone.failed.length) failure.message = `${failure.message} Also left at X (remove by hand): ${undone.failed.join('; ')}.`;
					throw failure;
				}
				data.subscriptionIds = createdSubscriptions;
				data.subscriptionConfig = JSON.stringify(subscriptionSpecs(this));
				return true;
			},

			/**
			 * Removes everything activation created: each subscription, then the webhook (unless kept),
			 * each on its own. What could not be removed is logged, kept in static data for the next
			 * activation to retry, and reported in one error after every removal was attempted.
			 */
			async delete(this: IHookFunctions): Promise<boolean> {
				const data = state(this);
				// Account Activity and filtered-stream set-ups first (they hang on the webhook).
				const otherFailed: string[] = [];
				if (data.accountActivityUserId && data.webhookId) {
					try {
						await unsubscribeAccountActivity(this, data.webhookId, data.accountActivityUserId);
						delete data.accountActivityUserId;
					} catch (error) {
						otherFailed.push(`the Account Activity subscription of user ${data.accountActivityUserId}: ${(error as Error).message}`);
					}
				}
				if ((data.ruleIds ?? []).length || data.linkedStream) {
					const failed = await removeRules(this, data.webhookId, data.ruleIds ?? [], !!data.linkedStream);
					if (!failed.length) {
						delete data.ruleIds;
						delete data.linkedStream;
					}
					delete data.ruleConfig;
					otherFailed.push(...failed);
				}
				const removeWebhook = !!data.webhookId && !!data.createdWebhook && !this.getNodeParameter('keepWebhook', false) && !otherFailed.length;
				const result = await removeAll(this, data.subscriptionIds ?? [], removeWebhook ? data.webhookId : undefined);
				result.failed.unshift(...otherFailed);
				if (result.leftSubscriptions.length) data.subscriptionIds = result.leftSubscriptions;
				else delete data.subscriptionIds;
				delete data.subscriptionConfig;
				if (removeWebhook && !result.webhookLeft) {
					delete data.webhookId;
					delete data.createdWebhook;
				}
				if (result.failed.length) {
					throw new NodeOperationError(this.getNode(), `Deactivation left at X: ${result.failed.join('; ')}`, {
						description: 'Everything else was removed. Remove these with the X Webhooks node (Activity Subscription > Delete, Webhook > Delete), or activate and deactivate the workflow again.',
					});
				}
				return true;
			},
		},
	};

	/**
	 * Delivery by the activity stream: creates the subscriptions (without a webhook), holds GET
	 * /2/activity/stream open and emits each event as it arrives; closing the workflow stops the
	 * stream and removes the subscriptions. With a webhook, n8n's webhooks do the work.
	 */
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		if (!streamDelivery(this)) return {};
		checkSubscriptionSpecs(this);
		const credentials = await xCredentials(this, 'app');
		const apiKey = String(credentials.apiKey);
		// One stream connection per App: a second workflow of this n8n is refused here, before anything is created.
		const app = `${apiKey}@${String(credentials.apiBaseUrl ?? '')}`;
		const holder = claimAppStream(this, app);
		const data = state(this);
		const created: string[] = [];
		let token: string;
		try {
			// The bearer token, read now: n8n 2.x evaluates credential expressions only while trigger() runs.
			token = String(credentials.bearerToken || credentials.accessToken || '') || (await fetchBearerToken(this, credentials));
			// What an earlier run left (n8n stopped without closing the trigger) goes first.
			if ((data.streamSubscriptionIds ?? []).length) data.streamSubscriptionIds = (await removeAll(this, data.streamSubscriptionIds ?? [], undefined)).leftSubscriptions;
			// Tagged for this workflow's node: the stream carries every subscription of the App.
			await createSubscriptions(this, undefined, created, streamTag(this));
		} catch (error) {
			releaseAppStream(app, holder);
			await removeAll(this, created, undefined);
			throw error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeApiError(this.getNode(), error as JsonObject);
		}
		data.streamSubscriptionIds = [...(data.streamSubscriptionIds ?? []), ...created];
		const bearer = async (renew: boolean) => (renew ? (token = await fetchBearerToken(this, credentials)) : token);
		const options = this.getNodeParameter('streamOptions', {}) as IDataObject;
		const memory = new StreamMemory();
		const specs = subscriptionSpecs(this);
		const oneExecutionPerRead = options.eventsPerExecution === 'read';
		const executions = new ExecutionWindow(this);
		const stream = startActivityStream(this, {
			app,
			bearer,
			tag: streamTag(this),
			ownsUntagged: (event) => specs.some((spec) => spec.userId === String((event.filter as IDataObject | undefined)?.user_id ?? '') && spec.eventTypes.includes(String(event.event_type))),
			silenceMs: Number(options.reconnectAfterSilence ?? 30) * 1000,
			maxWaitMs: Number(options.maxReconnectWait ?? DEFAULT_MAX_RECONNECT_WAIT_S) * 1000,
			terminateOthers: options.onTooManyConnections === 'terminate',
			covers: (since) => memory.covers(since),
			onLines: async (values) => {
				const items = eventItems(this, values.flatMap(splitDelivery), apiKey, memory);
				if (oneExecutionPerRead && items.length) await executions.emit([items]);
				else for (const item of items) await executions.emit([[item]]);
				return items.length;
			},
		});
		const closeFunction = async () => {
			releaseAppStream(app, holder);
			await stream.stop();
			const left = await removeAll(this, data.streamSubscriptionIds ?? [], undefined, token);
			data.streamSubscriptionIds = left.leftSubscriptions;
			if (left.failed.length) throw new NodeOperationError(this.getNode(), `Deactivation left at X: ${left.failed.join('; ')}`);
		};
		// X's refusal of the first connection (another client holds the App's stream, a wrong token) fails the activation.
		const refused = await stream.firstAnswer;
		if (refused) {
			await closeFunction().catch(() => undefined);
			throw refused;
		}
		// n8n's "test" run waits for the first emit; the stream is already open.
		return { closeFunction, manualTriggerFunction: async () => await stream.connected };
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const response = this.getResponseObject();
		const credentials = await appKeys(this);
		const secret = String(credentials.apiKeySecret ?? '');

		if (this.getWebhookName() === 'setup') {
			const token = request.query.crc_token;
			if (typeof token !== 'string' || !CRC_TOKEN.test(token)) {
				response.status(400).json({ error: 'crc_token missing or malformed' });
				return { noWebhookResponse: true };
			}
			response.status(200).json({ response_token: crcResponseToken(secret, token) });
			return { noWebhookResponse: true };
		}

		const refuse = (refusal: Refusal): IWebhookResponseData => {
			response.status(refusal.status).json({ error: refusal.error });
			return { noWebhookResponse: true };
		};
		const raw = await receivedBytes(request as unknown as RawBodyRequest);
		if (!Buffer.isBuffer(raw)) return refuse(raw);
		if (!signatureMatches(secret, raw, request.header('x-twitter-webhooks-signature'))) {
			return refuse({ status: 401, error: 'signature missing or wrong' });
		}
		const { body, refused } = readDelivery(raw);
		if (refused) return refuse(refused);

		const items = eventItems(this, splitDelivery(body), String(credentials.apiKey));
		response.status(200).json({ received: items.length });
		if (!items.length) return { noWebhookResponse: true };
		return { noWebhookResponse: true, workflowData: [items] };
	}
}
