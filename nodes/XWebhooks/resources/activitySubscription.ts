/** Activity subscriptions (X Activity API): which users' events reach a webhook. */
import type { Resource } from '../../shared/endpoints';

/** The event kinds of spec document 01. */
export const EVENT_KINDS = [
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
export const DIRECTIONAL_KINDS = ['dm.received', 'dm.sent', 'dm.read', 'dm.indicate_typing', 'MessageCreate', 'ParticipantsJoin', 'ParticipantsLeave'];

export const activitySubscriptionResource: Resource = {
	name: 'Activity Subscription',
	value: 'activitySubscription',
	description: 'Subscriptions to users\' activity events, delivered to a webhook',
	endpoints: [
		{
			resource: 'activitySubscription',
			operation: 'create',
			name: 'Create',
			action: 'Create an activity subscription',
			description: 'Subscribe to a kind of event of one user',
			method: 'POST',
			host: 'api',
			path: '/2/activity/subscriptions',
			send: 'json',
			fields: [
				{ wire: 'event_type', label: 'Event Type', type: 'options', required: true, options: EVENT_KINDS },
				{ wire: 'user_id', label: 'User ID', type: 'string', required: true, description: 'The user whose events to receive (numeric X user ID)', rules: { pattern: /^\d{1,19}$/, patternRule: 'a numeric X user ID' } },
				{ wire: 'keyword', label: 'Keyword', type: 'string', description: 'Only events matching this keyword' },
				{ wire: 'direction', label: 'Direction', type: 'options', options: ['sent', 'received', 'both'], description: 'Direct-message and chat kinds only' },
				{ wire: 'tag', label: 'Tag', type: 'string', description: 'Your label for the subscription' },
				{ wire: 'webhook_id', label: 'Webhook ID', type: 'string', description: 'The webhook to deliver to', rules: { pattern: /^[0-9]{1,19}$/, patternRule: 'a webhook ID of 1 to 19 digits' } },
			],
			check: (values, { fail }) => {
				if (values.direction !== undefined && !DIRECTIONAL_KINDS.includes(String(values.event_type))) {
					fail('Direction (direction)', `is only for direct-message and chat kinds (${DIRECTIONAL_KINDS.join(', ')}), not ${String(values.event_type)}`);
				}
				// X's body nests the filter: {event_type, filter: {user_id, keyword?, direction?}, tag?, webhook_id?}
				values.filter = Object.fromEntries(
					(['user_id', 'keyword', 'direction'] as const).filter((k) => values[k] !== undefined).map((k) => [k, values[k]]),
				);
				delete values.user_id;
				delete values.keyword;
				delete values.direction;
			},
		},
		{
			resource: 'activitySubscription',
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many activity subscriptions',
			description: 'List the App\'s activity subscriptions',
			method: 'GET',
			host: 'api',
			path: '/2/activity/subscriptions',
		},
		{
			resource: 'activitySubscription',
			operation: 'delete',
			name: 'Delete',
			action: 'Delete an activity subscription',
			description: 'Remove an activity subscription',
			method: 'DELETE',
			host: 'api',
			path: '/2/activity/subscriptions/{subscription_id}',
			fields: [{ wire: 'subscription_id', label: 'Subscription ID', type: 'string', required: true, rules: { pattern: /^[0-9A-Za-z_-]{1,64}$/, patternRule: 'a subscription ID' } }],
		},
	],
};
