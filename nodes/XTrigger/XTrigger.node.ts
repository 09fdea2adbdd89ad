/**
 * The X Trigger node: its description and n8n's hooks. What each hook does lives with its concern:
 * the webhook at X (webhook.ts), the sources of events (sources/: X Activity subscriptions, Account
 * Activity, the filtered stream), the webhook delivery (webhookDelivery.ts: CRC, signature, body)
 * and the stream delivery (streamDelivery.ts, stream.ts).
 */
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { APP_CREDENTIAL_TYPE as APP_ONLY } from '../shared/transport/transport';
import { PRIVATE_KINDS } from '../shared/v2/activitySubscription';
import { accountActivityKindOptions, activityKindOptions } from './eventLabels';
import { DEFAULT_MAX_RECONNECT_WAIT_S } from './backoff';
import { accountActivitySource } from './sources/accountActivity';
import { activitySource } from './sources/activity';
import { filteredStreamSource } from './sources/filteredStream';
import type { EventSource, Undo } from './sources/source';
import type { SourceName } from './state';
import { sourceOf, state, streamDelivery } from './state';
import { runStreamDelivery } from './streamDelivery';
import { ensureWebhook, removeWebhook, validWebhookAtUrl } from './webhook';
import { answerWebhook } from './webhookDelivery';
import { asNodeError } from './xCalls';
import { credentialTests } from '../shared/transport/credentialTest';
import { guarded, guardedMethods } from '../shared/transport/redact';

export { recentEvents } from './eventItems';

const SOURCES: Record<SourceName, EventSource> = { activity: activitySource, accountActivity: accountActivitySource, filteredStream: filteredStreamSource };

export class XTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'X Trigger',
		name: 'xTrigger',
		icon: { light: 'file:../../icons/x.svg', dark: 'file:../../icons/x.dark.svg' },
		group: ['trigger'],
		// 1.1 behaves as 1. n8n evaluates an expression on every request to a version 1 webhook node
		// (the old Webhook node's binaryData option), about 10 ms each with n8n 2.x's isolated runtime.
		// 1.2: Authentication picks the one user credential (1 and 1.1 show both user credentials).
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		// Filtered-stream posts have no Events parameter (all are post.match).
		subtitle: '={{$parameter["source"] === "filteredStream" ? "filtered-stream posts" : ($parameter["events"] || ["*"]).join(", ")}}',
		description: 'Starts the workflow on events X delivers to a webhook, or on a stream this n8n holds open (account activity, direct messages, posts)',
		defaults: { name: 'X Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// The App's keys (webhook, CRC, signatures, public kinds) always; from 1.2 at most one user
		// credential, the one Authentication names (1 and 1.1 have no Authentication: both shown).
		credentials: [
			{ name: 'xAppOnlyApi', required: true, displayName: 'X App (Bearer Token)', testedBy: 'xAppOnlyApiTest' },
			{ name: 'xOAuth1Api', required: false, displayName: 'X User (OAuth 1.0a)', testedBy: 'xOAuth1ApiTest', displayOptions: { hide: { authentication: [APP_ONLY, 'xOAuth2Api'] } } },
			{ name: 'xOAuth2Api', required: false, displayName: 'X User (OAuth2)', displayOptions: { hide: { authentication: [APP_ONLY, 'xOAuth1Api'] } } },
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
					{ name: 'Filtered-Stream Posts', value: 'filteredStream', description: 'Posts matching the rules listed below (with edit history), by webhook or by the filtered stream' },
				],
				default: 'activity',
				description: 'Where the events come from',
			},
			{
				displayName: 'Authentication',
				name: 'authentication',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { '@version': [{ _cnd: { gte: 1.2 } }] } },
				options: [
					{ name: 'App and User (OAuth 1.0a)', value: 'xOAuth1Api', description: 'The App plus a user\'s X OAuth 1.0a tokens: private kinds (direct messages, likes, mutes, blocks, mentions) and Account Activity' },
					{ name: 'App and User (OAuth2)', value: 'xOAuth2Api', description: 'The App plus a user\'s X User OAuth2 token (granted the kinds\' scopes): private kinds and Account Activity' },
					{ name: 'App Only', value: APP_ONLY, description: 'The App\'s bearer token: public kinds and filtered-stream posts' },
				],
				default: APP_ONLY,
				description: 'Which credentials the trigger uses. Account Activity and the private kinds need a user\'s.',
			},
			{
				// The node creator's actions for private kinds ("On Post Liked") open a node on App Only: say so before activation refuses.
				displayName: 'Liked posts, direct messages, mentions, replies, quotes, reposts, mutes, blocks and chats come only with a user\'s authorization: set Authentication to App and User (OAuth 1.0a) or App and User (OAuth2), or activation is refused',
				name: 'privateKindsNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { '@version': [{ _cnd: { gte: 1.2 } }], source: ['activity'], authentication: [APP_ONLY], events: [...PRIVATE_KINDS] } },
			},
			{
				displayName: 'Delivery',
				name: 'delivery',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { source: ['activity', 'filteredStream'] } },
				options: [
					{ name: 'Webhook (Public HTTPS URL)', value: 'webhook', description: 'X posts each event to this n8n; it must be reachable from the internet' },
					{ name: 'Stream (No Public URL)', value: 'stream', description: 'This n8n holds X\'s stream open (the activity stream, or for filtered-stream posts the filtered stream) and reads the events; works behind a firewall' },
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
				displayName: 'The filtered stream runs while the workflow is active: no public URL and no CRC. X allows one connection per App (Enterprise: more); this workflow\'s rules are added while it runs and it emits only the posts they match.',
				name: 'filteredStreamNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { source: ['filteredStream'], delivery: ['stream'] } },
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
				// The first Events parameter: n8n's node creator lists its options' actions as the triggers.
				options: activityKindOptions(true),
				default: ['*'],
				displayOptions: { show: { source: ['activity'] } },
				description: 'Which kinds of event start the workflow; others are acknowledged and dropped',
			},
			{
				// The same parameter with Account Activity's own kinds (one per array of X's deliveries).
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: accountActivityKindOptions(),
				default: ['*'],
				displayOptions: { show: { source: ['accountActivity'] } },
				description: 'Which kinds of Account Activity event start the workflow (MessageCreate: direct messages); others are acknowledged and dropped',
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
								description: 'Sent for like.create only (other kinds get both directions; X Webhooks > Activity Subscription > Create sends it for direct messages too): outbound = likes the user gives, inbound = likes the user\'s posts get. The older values sent (outbound), received (inbound) and both are taken too.',
							},
							{
								displayName: 'Event Types',
								name: 'eventTypes',
								type: 'multiOptions',
								options: activityKindOptions(false),
								default: [],
								description: 'Private kinds (dm.*, chat.*, like.*, mute.*, block.*, post.mention/reply/quote/repost.create, broadcast.chat) need the X OAuth 1.0a or X User OAuth2 credential of this user (OAuth2: granted the kind\'s scope)',
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
				displayOptions: { show: { source: ['activity', 'filteredStream'], delivery: ['stream'] } },
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
						description: 'The longest wait between two connection attempts. Waits follow X\'s guide to handling disconnections: after a dropped connection or a network error 250 ms, then 250 ms more each attempt up to 16 s; after an HTTP error 5 s, doubling; after a 429 60 s, doubling. Only a connection that proves itself (a new event, or a keep-alive after 20 seconds) starts them again. Every reconnect is logged with its reason.',
					},
					{
						displayName: 'On Too Many Connections',
						name: 'onTooManyConnections',
						type: 'options',
						options: [
							{ name: 'Stop and Say What to Do', value: 'fail' },
							{ name: 'Terminate Others and Reconnect', value: 'terminate', description: 'On the first connection of an activation only: end the App\'s connections to the stream (the activity stream: every streaming connection of the App, DELETE /2/connections/all; the filtered stream: DELETE /2/connections/filtered_stream), once, then connect again. A client that takes the stream over later is not ended (the two would take turns).' },
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
				displayOptions: { hide: { delivery: ['stream'] } },
				description: 'Whether to leave the webhook that activation registered at X when the workflow is deactivated (a webhook that already existed is always kept; subscriptions, rules and links are removed either way)',
			},
		],
	};

	/**
	 * Hung on the GET (CRC) webhook: n8n registers it first, and when an activation attempt fails,
	 * n8n's retry re-registers only the webhook that carries these methods, and X's CRC during
	 * create() must reach the GET one.
	 */
	/**
	 * Hung on the GET (CRC) webhook: n8n registers it first, and when an activation attempt fails,
	 * n8n's retry re-registers only the webhook that carries these methods, and X's CRC during
	 * create() must reach the GET one.
	 */
	// The credentials' test on n8n's credential screen (credentialTest.ts), whichever node n8n asks.
	methods = { credentialTest: guardedMethods(credentialTests) };

	webhookMethods = {
		setup: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	/** Delivery by the source's stream (streamDelivery.ts); with a webhook, n8n's webhooks do the work. */
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		return await trigger.call(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await webhook.call(this);
	}
}


// Every method runs inside the package's one exit (redact.ts): nothing it says carries a secret.

/** Registered and valid (re-validated if needed), and the source set up as configured: nothing to create. */
const checkExists = guarded(async function (this: IHookFunctions): Promise<boolean> {
	// The activity stream needs nothing registered at X: trigger() does the work.
	if (streamDelivery(this)) return true;
	const source = SOURCES[sourceOf(this)];
	source.check(this);
	const webhookId = await validWebhookAtUrl(this);
	return webhookId !== undefined && (await source.isActive(this, webhookId));
});

/** The webhook (unless known), then the source on it; on failure, what was created is removed again. */
const create = guarded(async function (this: IHookFunctions): Promise<boolean> {
	if (streamDelivery(this)) return true;
	const source = SOURCES[sourceOf(this)];
	source.check(this);
	let createdWebhookId: string | undefined;
	const undo: Undo = [];
	try {
		createdWebhookId = await ensureWebhook(this);
		await source.activate(this, state(this).webhookId!, undo);
	} catch (error) {
		// n8n drops the static data of a failed activation and runs delete on what was saved
		// before, which does not know what was created here: undo it now.
		const left: string[] = [];
		for (const step of undo) left.push(...(await step()));
		if (createdWebhookId) left.push(...[await removeWebhook(this, createdWebhookId)].filter((line) => line !== undefined));
		const failure = asNodeError(this, error);
		if (left.length) failure.message = `${failure.message} Also left at X (remove by hand): ${left.join('; ')}.`;
		throw failure;
	}
	return true;
});

/**
 * Removes everything activation created: what hangs on the webhook (Account Activity, the
 * stream link and rules) first, then the activity subscriptions, then the webhook (unless
 * kept, or something still hangs on it), each on its own. What could not be removed is
 * logged, kept in static data for the next activation to retry, and reported in one error
 * after every removal was attempted.
 */
const remove = guarded(async function (this: IHookFunctions): Promise<boolean> {
	const data = state(this);
	const webhookId = data.webhookId;
	const hanging = [...(await accountActivitySource.deactivate(this, webhookId, false)), ...(await filteredStreamSource.deactivate(this, webhookId, false))];
	const webhookGoes = !!webhookId && !!data.createdWebhook && !this.getNodeParameter('keepWebhook', false) && !hanging.length;
	const failed = [...hanging, ...(await activitySource.deactivate(this, webhookId, webhookGoes))];
	if (webhookGoes) {
		const left = await removeWebhook(this, webhookId);
		if (left) failed.push(left);
		else {
			delete data.webhookId;
			delete data.createdWebhook;
		}
	}
	if (failed.length) {
		throw new NodeOperationError(this.getNode(), `Deactivation left at X: ${failed.join('; ')}`, {
			description: 'Everything else was removed. Remove these with the X Webhooks node (Activity Subscription, Account Activity, Stream Link or Stream Rule > Delete; Webhook > Delete), or activate and deactivate the workflow again.',
		});
	}
	return true;
});

/** Delivery by the source's stream (streamDelivery.ts); with a webhook, n8n's webhooks do the work. */
const trigger = guarded(async function (this: ITriggerFunctions): Promise<ITriggerResponse> {
	const unit = SOURCES[sourceOf(this)].stream;
	if (!streamDelivery(this) || !unit) return {};
	return await runStreamDelivery(this, unit);
});

const webhook = guarded(async function (this: IWebhookFunctions): Promise<IWebhookResponseData> {
	return await answerWebhook(this, SOURCES[sourceOf(this)].ownEvents?.(this));
});
