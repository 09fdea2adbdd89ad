/**
 * X API v2 endpoints the package calls, each defined once (method, path, host, auth, docs, fields,
 * idempotency): the X Webhooks node offers them as its resources, and the X Trigger calls the same
 * entries by the names below (its activation and deactivation are calls of these), so a fix to how
 * one is sent is made here once and the conformance tests see every caller.
 */
import type { Endpoint, Resource } from '../engine/endpoints';
import { findEndpoint } from '../engine/endpoints';
import { accountActivityResource } from './accountActivity';
import { activitySubscriptionResource } from './activitySubscription';
import { connectionResource } from './connection';
import { streamLinkResource } from './streamLink';
import { streamRuleResource } from './streamRule';
import { webhookResource } from './webhook';

/** The X Webhooks node's resources, in the order of its Resource list. */
export const webhookResources: Resource[] = [webhookResource, activitySubscriptionResource, accountActivityResource, streamRuleResource, streamLinkResource, connectionResource];

/** How both streams catch up after a drop: minutes to backfill (at most 5), or a start time. */
const STREAM_CATCH_UP: Endpoint['fields'] = [
	{ wire: 'backfill_minutes', label: 'Backfill Minutes', type: 'number', rules: { min: 1, max: 5 } },
	{ wire: 'start_time', label: 'Start Time', type: 'dateTime' },
];

/** Endpoints no node offers as an operation: only the trigger calls them. */
const triggerOnly = {
	/** Who the user credential is (openapi.json getUsersMe; X's reference has no page of its own for it). */
	me: {
		operation: 'me',
		name: 'Me',
		action: 'Get the credential\'s user',
		description: 'The user whose token signs the request',
		method: 'GET',
		host: 'api',
		path: '/2/users/me',
		auth: 'user',
	},
	/** The App's activity stream: held open by the trigger's stream delivery (newline-delimited JSON). */
	activityStream: {
		operation: 'stream',
		name: 'Stream',
		action: 'Read the activity stream',
		description: 'Events of the App\'s subscriptions without a webhook, one JSON object per line',
		method: 'GET',
		host: 'api',
		path: '/2/activity/stream',
		docs: 'https://docs.x.com/x-api/activity/activity-stream',
		fields: [...STREAM_CATCH_UP],
	},
	/**
	 * The filtered stream by connection: posts matching the App's rules, one JSON object per line with
	 * matching_rules, held open by the trigger's stream delivery. backfill_minutes is in openapi.json
	 * (0-5); X's v2 migration guide offers it only to some access levels (then Academic Research).
	 */
	filteredStream: {
		operation: 'stream',
		name: 'Stream',
		action: 'Read the filtered stream',
		description: 'Posts matching the App\'s rules, one JSON object per line with the rules they matched',
		method: 'GET',
		host: 'api',
		path: '/2/tweets/search/stream',
		docs: 'https://docs.x.com/x-api/stream/stream-filtered-posts',
		fields: [
			...STREAM_CATCH_UP,
			{ wire: 'tweet.fields', label: 'Post Fields', type: 'string' },
			{ wire: 'expansions', label: 'Expansions', type: 'string' },
			{ wire: 'user.fields', label: 'User Fields', type: 'string' },
		],
	},
} satisfies Record<string, Endpoint>;

const entry = (resource: string, operation: string) => findEndpoint(webhookResources, resource, operation);

/** Every v2 endpoint the package calls, by name. */
export const v2 = {
	listWebhooks: entry('webhook', 'getAll'),
	createWebhook: entry('webhook', 'create'),
	validateWebhook: entry('webhook', 'validate'),
	deleteWebhook: entry('webhook', 'delete'),
	createSubscription: entry('activitySubscription', 'create'),
	listSubscriptions: entry('activitySubscription', 'getAll'),
	deleteSubscription: entry('activitySubscription', 'delete'),
	subscribeAccountActivity: entry('accountActivity', 'subscribe'),
	accountActivitySubscribed: entry('accountActivity', 'validate'),
	unsubscribeAccountActivity: entry('accountActivity', 'delete'),
	addStreamRules: entry('streamRule', 'add'),
	deleteStreamRules: entry('streamRule', 'delete'),
	listStreamRules: entry('streamRule', 'getAll'),
	listStreamLinks: entry('streamLink', 'getAll'),
	linkStream: entry('streamLink', 'create'),
	unlinkStream: entry('streamLink', 'delete'),
	listConnections: entry('connection', 'getAll'),
	terminateAllConnections: entry('connection', 'deleteAll'),
	terminateStreamConnections: entry('connection', 'deleteByEndpoint'),
	...triggerOnly,
};

/** Every entry: the resources' operations and the trigger's own (for conformance checks). */
export const allV2Endpoints: Endpoint[] = [...webhookResources.flatMap((r) => r.endpoints), ...Object.values(triggerOnly)];
