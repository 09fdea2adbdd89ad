/** What the X Trigger keeps between its calls (n8n's static data of the node), and which source and delivery it runs. */
import type { IDataObject, IHookFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

export type TriggerContext = IHookFunctions | ITriggerFunctions | IWebhookFunctions;

export interface TriggerState extends IDataObject {
	webhookId?: string;
	/** Whether activation created the webhook (deactivation removes only what activation created). */
	createdWebhook?: boolean;
	subscriptionIds?: string[];
	/** The subscriptions asked for when they were created, to notice a changed configuration. */
	subscriptionConfig?: string;
	/** Fingerprints of recent events (RecentEvents.toString()). */
	seen?: string;
	/** Account Activity: the subscribed user, when activation subscribed them (deactivation unsubscribes only then). */
	accountActivityUserId?: string;
	/** Filtered stream: the rules activation added, the rules asked for, and whether activation linked the webhook. */
	ruleIds?: string[];
	ruleConfig?: string;
	linkedStream?: boolean;
	/** Stream delivery: subscriptions a trigger() made (removed when it closes, or at the next start after a crash). */
	streamSubscriptionIds?: string[];
	/** Stream delivery of the filtered stream: rules a trigger() added (deleted when it closes, or at the next start after a crash). */
	streamRuleIds?: string[];
}

export function state(ctx: TriggerContext): TriggerState {
	return ctx.getWorkflowStaticData('node') as TriggerState;
}

export type SourceName = 'activity' | 'accountActivity' | 'filteredStream';

/** The source of events; saved workflows (no value) keep X Activity subscriptions over a webhook. */
export function sourceOf(ctx: TriggerContext): SourceName {
	return ctx.getNodeParameter('source', 'activity') as SourceName;
}

/** Delivered by a stream the trigger holds open instead of a webhook (X Activity subscriptions, filtered-stream posts). Saved workflows (no value) keep the webhook. */
export function streamDelivery(ctx: TriggerContext): boolean {
	return sourceOf(ctx) !== 'accountActivity' && ctx.getNodeParameter('delivery', 'webhook') === 'stream';
}
