/**
 * What every source of events does at X, the same small interface for each: X Activity
 * subscriptions (activity.ts), Account Activity (accountActivity.ts), the filtered stream
 * (filteredStream.ts). The node registers the webhook they hang on; a source sets up its part.
 */
import type { IDataObject, IHookFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { Endpoint } from '../../shared/engine/endpoints';

/** Removals to run if activation fails later, in order; each returns what it could not remove, in words. */
export type Undo = Array<() => Promise<string[]>>;

export interface EventSource {
	/** Throws what X would refuse (a parameter, a missing credential), before anything is created. */
	check(ctx: IHookFunctions | ITriggerFunctions): void;
	/** Whether what activation set up on the webhook still stands as configured (n8n's checkExists). */
	isActive(ctx: IHookFunctions, webhookId: string): Promise<boolean>;
	/** Sets up the source on the webhook, adding to undo what it created as soon as it exists. */
	activate(ctx: IHookFunctions, webhookId: string, undo: Undo): Promise<void>;
	/**
	 * Removes what activation created (known from static data, whatever the source is set to now);
	 * returns what could not be removed, in words. webhookGoes: the webhook is removed right after.
	 */
	deactivate(ctx: IHookFunctions, webhookId: string | undefined, webhookGoes: boolean): Promise<string[]>;
	/**
	 * Which of the events X posts to the trigger's webhook are this source's own (each event's
	 * payload, as splitDelivery gives it; what it needs is read once). Absent: all of them, as
	 * subscriptions name the webhook they deliver to; a webhook linked to the filtered stream gets
	 * the posts of every rule of the App, other workflows' included.
	 */
	ownEvents?(ctx: IWebhookFunctions): (payload: IDataObject) => boolean;
	/** Delivery by a stream held open (no public URL), when the source offers it. */
	stream?: StreamUnit;
}

/**
 * A source's part in the stream delivery (../streamDelivery.ts): what it creates at X while the
 * workflow runs, which stream carries it, and which of the stream's lines are its own.
 */
export interface StreamUnit {
	/** The stream's v2 endpoint, its name in logs and errors, and how X names its connections (GET /2/connections). */
	endpoint: Endpoint;
	label: string;
	connectionName: RegExp;
	/** The stream's endpoint_id in DELETE /2/connections/{endpoint_id}, where openapi lists it. */
	endpointId?: string;
	/** Sent on every connection (fields, expansions). */
	query?: IDataObject;
	/** Throws what X would refuse, before anything is created. */
	check(ctx: ITriggerFunctions): void;
	/**
	 * Removes what an earlier run left (n8n stopped without closing the trigger), creates what the
	 * stream carries for this trigger (kept in static data as it is created, removed again if this
	 * fails), and returns which event lines ({data, ...}) are its own.
	 */
	open(ctx: ITriggerFunctions): Promise<(line: IDataObject) => boolean>;
	/** Removes what open created (with the bearer token read while trigger() ran); returns what could not be removed, in words. */
	close(ctx: ITriggerFunctions, bearerToken: string): Promise<string[]>;
}
