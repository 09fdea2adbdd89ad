/**
 * Account Activity subscriptions (https://docs.x.com/x-api/account-activity/introduction): a user's
 * whole account activity (direct messages, posts, likes, follows, blocks, mutes, ...) delivered to one
 * of the App's webhooks. The user subscribes in their own context (an X OAuth 1.0a or X OAuth 2.0
 * credential of that user); listing, counting and removing take the App's bearer token.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CheckedItem, Endpoint, Field, Resource } from '../engine/endpoints';
import type { ListRequest } from '../engine/pagination';
import type { RetryPolicy } from '../transport/transport';
import { xRequest } from '../transport/transport';
import { hasUserCredential } from './activitySubscription';

const ID = { pattern: /^[0-9]{1,19}$/ };
const WEBHOOK_ID: Field = { wire: 'webhook_id', label: 'Webhook ID', type: 'string', required: true, description: 'The webhook that receives the events', rules: { ...ID, patternRule: 'a webhook ID of 1 to 19 digits' } };

/** What the user-context operations need, in words (errors and descriptions). */
export const ACCOUNT_ACTIVITY_CREDENTIAL_HINT =
	'add the subscribing user\'s X OAuth 1.0a or X User OAuth2 credential (scopes tweet.read users.read dm.read dm.write) to the node: X subscribes only the user whose token signs the request';

/** Reads the item as usual and notes whether a user credential is set, for the check below. */
const withUserContext: Endpoint['read'] = (ctx, _itemIndex, readParameters) => ({ ...readParameters(), user_context: hasUserCredential(ctx) });

const needUserContext: Endpoint['check'] = (values, { fail }) => {
	if (!values.user_context) fail('Credential', ACCOUNT_ACTIVITY_CREDENTIAL_HINT);
	delete values.user_context;
};

/** Sends in the user's context (the endpoint is declared app-only so that the node reads the App's credential first). */
async function asUser(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const { body } = await xRequest(ctx, { ...item.request, auth: 'user' }, policy);
	return [{ webhook_id: item.values.webhook_id, ...(((body as IDataObject)?.data ?? {}) as IDataObject) }];
}

/** One output item per subscribed user, with the webhook it delivers to; Limit cuts X's one-page answer. */
async function listSubscriptions(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const list = (item as CheckedItem & { list: ListRequest }).list;
	const { body } = await xRequest(ctx, item.request, policy);
	const data = ((body as IDataObject)?.data ?? {}) as IDataObject;
	const users = Array.isArray(data.subscriptions) ? (data.subscriptions as IDataObject[]) : [];
	const out = users.map((s) => ({ user_id: s.user_id, webhook_id: data.webhook_id, webhook_url: data.webhook_url, application_id: data.application_id }));
	return list.returnAll ? out : out.slice(0, list.limit);
}

export const accountActivityResource: Resource = {
	name: 'Account Activity Subscription',
	value: 'accountActivity',
	description: 'A user\'s whole account activity (direct messages and other account events) delivered to a webhook',
	endpoints: [
		{
			operation: 'subscribe',
			name: 'Subscribe',
			action: 'Subscribe to account activity',
			description: `Subscribe the credential's user to a webhook: from then on X posts that user's account activity to it. Needs the user's context: ${ACCOUNT_ACTIVITY_CREDENTIAL_HINT}.`,
			method: 'POST',
			host: 'api',
			path: '/2/account_activity/webhooks/{webhook_id}/subscriptions/all',
			docs: 'https://docs.x.com/x-api/account-activity/create-subscription',
			send: 'json',
			fields: [WEBHOOK_ID, { wire: 'user_context', label: 'User Context', type: 'boolean', noParameter: true }],
			read: withUserContext,
			check: needUserContext,
			run: asUser,
		},
		{
			operation: 'validate',
			name: 'Validate',
			action: 'Validate an account activity subscription',
			description: 'Whether the credential\'s user is subscribed to the webhook (subscribed: true or false); needs the user\'s context like Subscribe',
			method: 'GET',
			host: 'api',
			path: '/2/account_activity/webhooks/{webhook_id}/subscriptions/all',
			docs: 'https://docs.x.com/x-api/account-activity/validate-subscription',
			fields: [WEBHOOK_ID, { wire: 'user_context', label: 'User Context', type: 'boolean', noParameter: true }],
			read: withUserContext,
			check: needUserContext,
			run: asUser,
		},
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many account activity subscriptions',
			description: 'List the users subscribed to a webhook (one item per user)',
			method: 'GET',
			host: 'api',
			path: '/2/account_activity/webhooks/{webhook_id}/subscriptions/all/list',
			docs: 'https://docs.x.com/x-api/account-activity/get-subscriptions',
			list: { onePage: true },
			fields: [WEBHOOK_ID],
			run: listSubscriptions,
		},
		{
			operation: 'getCount',
			name: 'Get Count',
			action: 'Get the subscription count',
			description: 'How many Account Activity subscriptions the App has and how many it is provisioned for',
			method: 'GET',
			host: 'api',
			path: '/2/account_activity/subscriptions/count',
			docs: 'https://docs.x.com/x-api/account-activity/get-subscription-count',
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete an account activity subscription',
			description: 'Stop delivering a user\'s account activity to a webhook (the App\'s bearer token; any subscribed user)',
			method: 'DELETE',
			host: 'api',
			path: '/2/account_activity/webhooks/{webhook_id}/subscriptions/{user_id}/all',
			docs: 'https://docs.x.com/x-api/account-activity/delete-subscription',
			fields: [WEBHOOK_ID, { wire: 'user_id', label: 'User ID', type: 'string', required: true, description: 'The subscribed user (numeric X user ID)', rules: { ...ID, patternRule: 'a numeric X user ID' } }],
			output: (envelope, values) => [{ webhook_id: values.webhook_id, user_id: values.user_id, ...(envelope.data as IDataObject) }],
		},
	],
};
