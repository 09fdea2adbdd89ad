/** Account Activity: the credential's user subscribed on the trigger's webhook (all of their account events). */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callEndpoint } from '../../shared/engine/request';
import { v2 } from '../../shared/v2';
import { hasUserCredential } from '../../shared/v2/activitySubscription';
import { state } from '../state';
import { activationError, removeIfPresent } from '../xCalls';
import type { EventSource } from './source';

const ACCOUNT_ACTIVITY_HINT =
	'Account Activity subscribes the user whose token signs the request: choose that user\'s X OAuth 1.0a or X User OAuth2 credential (scopes tweet.read users.read dm.read dm.write) on the trigger (version 1.2: with Authentication App and User)';

/** Whether the credential's user is subscribed to the webhook (in the user's context). */
async function subscribed(ctx: IHookFunctions, webhookId: string): Promise<boolean> {
	const { body } = await callEndpoint(ctx, v2.accountActivitySubscribed, { pathParams: { webhook_id: webhookId }, auth: 'user' });
	return ((body as IDataObject)?.data as IDataObject | undefined)?.subscribed === true;
}

export const accountActivitySource: EventSource = {
	check(ctx) {
		if (!hasUserCredential(ctx)) {
			throw new NodeOperationError(ctx.getNode(), `Account Activity needs a user: ${ACCOUNT_ACTIVITY_HINT}.`, { description: 'Nothing was created at X.' });
		}
	},

	async isActive(ctx, webhookId) {
		return !!state(ctx).accountActivityUserId && (await subscribed(ctx, webhookId));
	},

	async activate(ctx, webhookId) {
		const data = state(ctx);
		const request = v2.subscribeAccountActivity.path.replace('{webhook_id}', webhookId);
		try {
			if (await subscribed(ctx, webhookId)) return; // someone else's subscription: not ours to remove
			await callEndpoint(ctx, v2.subscribeAccountActivity, { pathParams: { webhook_id: webhookId }, body: {}, auth: 'user' });
			// Who that is, for the removal at deactivation (X removes by user ID, with the App's token).
			const { body } = await callEndpoint(ctx, v2.me);
			data.accountActivityUserId = String(((body as IDataObject)?.data as IDataObject)?.id ?? '');
		} catch (error) {
			throw activationError(error, `Could not subscribe the credential's user to Account Activity on webhook ${webhookId} (${request})`, ACCOUNT_ACTIVITY_HINT);
		}
	},

	async deactivate(ctx, webhookId) {
		const data = state(ctx);
		if (!data.accountActivityUserId || !webhookId) return [];
		try {
			await removeIfPresent(ctx, v2.unsubscribeAccountActivity, { pathParams: { webhook_id: webhookId, user_id: data.accountActivityUserId } });
			delete data.accountActivityUserId;
			return [];
		} catch (error) {
			return [`the Account Activity subscription of user ${data.accountActivityUserId}: ${(error as Error).message}`];
		}
	},
};
