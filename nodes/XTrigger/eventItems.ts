/** Output items of delivered events, whatever carried them: only the kinds the node wants, each event once. */
import type { IDataObject, INodeExecutionData, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { XEvent } from './events';
import { RecentEvents } from './events';
import { sourceOf, state } from './state';
import type { StreamMemory } from './streamMemory';

/**
 * Recent events per trigger node in this process. n8n loads static data afresh for every
 * request and saves it after the node returns (the last save wins), so retries that arrive
 * together or right after the answer would all pass a check against static data alone; this
 * memory is checked and filled without a pause in between. Static data carries it across
 * restarts. (With several webhook processes in queue mode, each has its own memory.)
 */
export const recentEvents = new Map<string, RecentEvents>();

/** How many recent events are remembered for dedupe (kept in the node's static data, so it survives restarts). */
const SEEN_LIMIT = 5000;

/** The node's memory of recent events (see recentEvents), created from static data on first use. */
function memoryOf(ctx: IWebhookFunctions | ITriggerFunctions): RecentEvents {
	const nodeKey = `${String(ctx.getWorkflow().id)}:${ctx.getNode().name}`;
	let recent = recentEvents.get(nodeKey);
	if (!recent) recentEvents.set(nodeKey, (recent = new RecentEvents(SEEN_LIMIT)));
	recent.merge(state(ctx).seen); // what other webhook processes (n8n's queue mode) saved since the last delivery
	return recent;
}

/**
 * The kinds of event the node's Events parameter keeps. Each source offers its own kinds there;
 * filtered-stream posts are all of one kind (post.match) and have no such parameter: all pass.
 */
export function wantedKinds(ctx: IWebhookFunctions | ITriggerFunctions): (event: XEvent) => boolean {
	if (sourceOf(ctx) === 'filteredStream') return () => true;
	const wanted = ctx.getNodeParameter('events', ['*']) as string[];
	return wanted.includes('*') ? () => true : (event) => wanted.includes(event.kind);
}

/**
 * Output items of a delivery's events: only the kinds the node wants, each event once. The same
 * event from another App, or for another subscribed user (Account Activity sends one delivery per
 * for_user_id), is a different delivery: the key carries both.
 */
export function eventItems(ctx: IWebhookFunctions | ITriggerFunctions, events: XEvent[], apiKey: string, streamMemory?: StreamMemory): INodeExecutionData[] {
	const wanted = wantedKinds(ctx);
	// The stream keeps its own memory (the window a backfill repeats), in this process only.
	const recent = streamMemory ?? memoryOf(ctx);
	const receivedAt = new Date().toISOString();
	const items = events
		.filter(wanted)
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
