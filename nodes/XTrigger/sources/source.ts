/**
 * What every source of events does at X, the same small interface for each: X Activity
 * subscriptions (activity.ts), Account Activity (accountActivity.ts), the filtered stream
 * (filteredStream.ts). The node registers the webhook they hang on; a source sets up its part.
 * Which events are a source's own: on the webhook, every signed delivery (X posts to a webhook only
 * what hangs on it); on the activity stream, the lines with the trigger's own tag (../stream.ts).
 */
import type { IHookFunctions, ITriggerFunctions } from 'n8n-workflow';

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
}
