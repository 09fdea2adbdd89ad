import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

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
import type { Refusal } from './events';
import { CRC_TOKEN, crcResponseToken, MAX_DELIVERY_BYTES, readDelivery, RecentEvents, signatureMatches, splitDelivery } from './events';

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

function state(ctx: IHookFunctions | IWebhookFunctions): TriggerState {
	return ctx.getWorkflowStaticData('node') as TriggerState;
}

function subscriptionSpecs(ctx: IHookFunctions): SubscriptionSpec[] {
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
async function removeIfPresent(ctx: IHookFunctions, request: XRequest): Promise<void> {
	try {
		await xRequest(ctx, request);
	} catch (error) {
		const e = error as NodeApiError;
		const gone = e?.httpCode === '404' || e?.context?.xCode === 'WebhookIdInvalid';
		if (!gone) throw error instanceof NodeApiError ? error : new NodeApiError(ctx.getNode(), error as JsonObject);
	}
}

const removeSubscription = (ctx: IHookFunctions, id: string) =>
	removeIfPresent(ctx, api('DELETE', '/2/activity/subscriptions/{subscription_id}', { pathParams: { subscription_id: id } }));

/**
 * The ids of subscriptions this trigger made at X for its webhook (tag n8n), read from X's list:
 * for what an earlier version stored without a usable id.
 */
async function subscriptionsOfWebhook(ctx: IHookFunctions, webhookId: string): Promise<string[]> {
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
async function removeAll(ctx: IHookFunctions, subscriptionIds: string[], webhookId: string | undefined): Promise<{ failed: string[]; leftSubscriptions: string[]; webhookLeft: boolean }> {
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
			await removeSubscription(ctx, id);
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
function checkSubscriptionSpecs(ctx: IHookFunctions): void {
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

/** Creates the configured subscriptions, adding each id to `ids` as soon as it exists (for a rollback). */
async function createSubscriptions(ctx: IHookFunctions, webhookId: string, ids: string[]): Promise<void> {
	for (const spec of subscriptionSpecs(ctx)) {
		for (const eventType of spec.eventTypes) {
			const filter: IDataObject = { user_id: spec.userId };
			if (spec.keyword) filter.keyword = spec.keyword;
			const direction = wireDirection(spec.direction);
			if (direction && DIRECTIONAL_KINDS.includes(eventType)) filter.direction = direction;
			try {
				// Private kinds go in the user's context (the X OAuth 1.0a credential), the others with the bearer token.
				const request = api('POST', '/2/activity/subscriptions', { body: { event_type: eventType, filter, webhook_id: webhookId, tag: SUBSCRIPTION_TAG } });
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
		],
		webhooks: [
			{ name: 'setup', httpMethod: 'GET', responseMode: 'onReceived', path: 'webhook' },
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				displayName: 'X needs a public https URL without a port for this webhook: set n8n\'s WEBHOOK_URL accordingly (for example behind a reverse proxy on 443). X checks it at once with a CRC request.',
				name: 'notice',
				type: 'notice',
				default: '',
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
				description: 'Subscriptions created on activation and removed on deactivation',
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
				const wanted = JSON.stringify(subscriptionSpecs(this));
				return wanted === '[]' || (data.subscriptionConfig === wanted && (data.subscriptionIds ?? []).length > 0);
			},

			async create(this: IHookFunctions): Promise<boolean> {
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
				const removeWebhook = !!data.webhookId && !!data.createdWebhook && !this.getNodeParameter('keepWebhook', false);
				const result = await removeAll(this, data.subscriptionIds ?? [], removeWebhook ? data.webhookId : undefined);
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

		const wanted = this.getNodeParameter('events', ['*']) as string[];
		const all = wanted.includes('*');
		const data = state(this);
		const nodeKey = `${String(this.getWorkflow().id)}:${this.getNode().name}`;
		let recent = recentEvents.get(nodeKey);
		if (!recent) recentEvents.set(nodeKey, (recent = new RecentEvents(SEEN_LIMIT)));
		recent.merge(data.seen); // what other webhook processes (n8n's queue mode) saved since the last delivery
		const receivedAt = new Date().toISOString();
		const items = splitDelivery(body)
			.filter((event) => all || wanted.includes(event.kind))
			// The same event from another App, or for another subscribed user (Account Activity sends
			// one delivery per for_user_id), is a different delivery: the key carries both.
			.filter((event) => recent.remember(`${String(credentials.apiKey)}:${event.forUserId ?? ''}:${event.kind}:${event.id}`))
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
		if (items.length) data.seen = recent.toString();
		response.status(200).json({ received: items.length });
		if (!items.length) return { noWebhookResponse: true };
		return { noWebhookResponse: true, workflowData: [items] };
	}
}
