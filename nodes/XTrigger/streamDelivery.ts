/**
 * The stream delivery: while the workflow runs, the source's part exists at X (its activity
 * subscriptions or its rules, sources/*.ts StreamUnit), the source's stream is held open (stream.ts)
 * and each of its own events is emitted once; closing the workflow stops the stream and removes
 * what the source created.
 */
import type { IDataObject, ITriggerFunctions, ITriggerResponse } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fetchBearerToken } from '../shared/transport/bearer';
import { xCredentials } from '../shared/transport/transport';
import { DEFAULT_MAX_RECONNECT_WAIT_S } from './backoff';
import { eventItems } from './eventItems';
import { splitDelivery } from './events';
import type { StreamUnit } from './sources/source';
import { claimAppStream, ExecutionWindow, releaseAppStream, startStream } from './stream';
import { StreamMemory } from './streamMemory';
import { asNodeError } from './xCalls';

/**
 * A new token after X refused the one held (or none was held): kept in the run's credential object,
 * so the clean-up at deactivation sends the same one. After trigger() returned n8n can no longer
 * renew it itself (n8n 2.x), so the stream renews it here.
 */
async function renewToken(ctx: ITriggerFunctions, credentials: IDataObject): Promise<string> {
	const token = await fetchBearerToken(ctx, credentials);
	credentials.accessToken = token;
	return token;
}

export async function runStreamDelivery(ctx: ITriggerFunctions, unit: StreamUnit): Promise<ITriggerResponse> {
	unit.check(ctx);
	const credentials = await xCredentials(ctx, 'app');
	const apiKey = String(credentials.apiKey);
	// One connection per stream and App: a second workflow of this n8n is refused here, before anything is created.
	const app = `${apiKey}@${String(credentials.apiBaseUrl ?? '')} ${unit.endpoint.path}`;
	const holder = claimAppStream(ctx, app, unit.label);
	let token: string;
	let owns: (line: IDataObject) => boolean;
	try {
		// Opening goes through n8n's credential handling, which fetches the token the credential lacks
		// (or renews the one X refused) once and writes it into `credentials`: the stream takes that one.
		owns = await unit.open(ctx);
		// Read now: n8n 2.x evaluates credential expressions only while trigger() runs.
		token = String(credentials.bearerToken || credentials.accessToken || '') || (await renewToken(ctx, credentials));
	} catch (error) {
		releaseAppStream(app, holder);
		throw asNodeError(ctx, error);
	}
	const bearer = async (renew: boolean) => (renew ? (token = await renewToken(ctx, credentials)) : token);
	const options = ctx.getNodeParameter('streamOptions', {}) as IDataObject;
	const memory = new StreamMemory();
	const oneExecutionPerRead = options.eventsPerExecution === 'read';
	const executions = new ExecutionWindow(ctx);
	const stream = startStream(ctx, {
		endpoint: unit.endpoint,
		label: unit.label,
		connectionName: unit.connectionName,
		endpointId: unit.endpointId,
		query: unit.query,
		app,
		bearer,
		owns,
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
		const failed = await unit.close(ctx, token);
		if (failed.length) throw new NodeOperationError(ctx.getNode(), `Deactivation left at X: ${failed.join('; ')}`);
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
