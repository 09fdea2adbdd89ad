/**
 * The stream delivery of X Activity subscriptions: while the workflow runs, its subscriptions exist
 * without a webhook (tagged for this node), GET /2/activity/stream is held open (stream.ts) and each
 * of its events is emitted; closing the workflow stops the stream and removes the subscriptions.
 */
import type { IDataObject, ITriggerFunctions, ITriggerResponse } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fetchBearerToken } from '../shared/bearer';
import { xCredentials } from '../shared/transport';
import { DEFAULT_MAX_RECONNECT_WAIT_S } from './backoff';
import { eventItems } from './eventItems';
import { splitDelivery } from './events';
import { activitySource, checkSubscriptionSpecs, createSubscriptions, removeSubscriptions } from './sources/activity';
import { state } from './state';
import { claimAppStream, ExecutionWindow, releaseAppStream, startActivityStream, streamTag } from './stream';
import { StreamMemory } from './streamMemory';
import { asNodeError } from './xCalls';

export async function runStreamDelivery(ctx: ITriggerFunctions): Promise<ITriggerResponse> {
	checkSubscriptionSpecs(ctx);
	const credentials = await xCredentials(ctx, 'app');
	const apiKey = String(credentials.apiKey);
	// One stream connection per App: a second workflow of this n8n is refused here, before anything is created.
	const app = `${apiKey}@${String(credentials.apiBaseUrl ?? '')}`;
	const holder = claimAppStream(ctx, app);
	const data = state(ctx);
	const created: string[] = [];
	let token: string;
	try {
		// The bearer token, read now: n8n 2.x evaluates credential expressions only while trigger() runs.
		token = String(credentials.bearerToken || credentials.accessToken || '') || (await fetchBearerToken(ctx, credentials));
		// What an earlier run left (n8n stopped without closing the trigger) goes first.
		if ((data.streamSubscriptionIds ?? []).length) data.streamSubscriptionIds = (await removeSubscriptions(ctx, data.streamSubscriptionIds ?? [])).left;
		// Tagged for this workflow's node: the stream carries every subscription of the App.
		await createSubscriptions(ctx, undefined, created, streamTag(ctx));
	} catch (error) {
		releaseAppStream(app, holder);
		await removeSubscriptions(ctx, created);
		throw asNodeError(ctx, error);
	}
	data.streamSubscriptionIds = [...(data.streamSubscriptionIds ?? []), ...created];
	const bearer = async (renew: boolean) => (renew ? (token = await fetchBearerToken(ctx, credentials)) : token);
	const options = ctx.getNodeParameter('streamOptions', {}) as IDataObject;
	const memory = new StreamMemory();
	const oneExecutionPerRead = options.eventsPerExecution === 'read';
	const executions = new ExecutionWindow(ctx);
	const stream = startActivityStream(ctx, {
		app,
		bearer,
		tag: streamTag(ctx),
		ownsUntagged: activitySource.ownEvents(ctx),
		silenceMs: Number(options.reconnectAfterSilence ?? 30) * 1000,
		maxWaitMs: Number(options.maxReconnectWait ?? DEFAULT_MAX_RECONNECT_WAIT_S) * 1000,
		terminateOthers: options.onTooManyConnections === 'terminate',
		covers: (since) => memory.covers(since),
		onLines: async (values) => {
			const items = eventItems(ctx, values.flatMap(splitDelivery), apiKey, memory);
			if (oneExecutionPerRead && items.length) await executions.emit([items]);
			else for (const item of items) await executions.emit([[item]]);
			return items.length;
		},
	});
	const closeFunction = async () => {
		releaseAppStream(app, holder);
		executions.close();
		await stream.stop();
		const left = await removeSubscriptions(ctx, data.streamSubscriptionIds ?? [], undefined, token);
		data.streamSubscriptionIds = left.left;
		if (left.failed.length) throw new NodeOperationError(ctx.getNode(), `Deactivation left at X: ${left.failed.join('; ')}`);
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
