/**
 * The trigger's webhook at X: found by its URL (and validated again when X marked it invalid),
 * registered when there is none, removed when activation created it.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { callEndpoint } from '../shared/engine/request';
import { v2 } from '../shared/v2';
import { state } from './state';
import { activationError, leftAtX, removeIfPresent } from './xCalls';

/** The same URL as X compares them (scheme and host case, default port, ...). */
function sameUrl(a: unknown, b: unknown): boolean {
	try {
		return new URL(String(a)).href === new URL(String(b)).href;
	} catch {
		return a === b;
	}
}

/** The id of the App's valid webhook at this node's URL (kept in static data), or undefined when there is none or it stays invalid. */
export async function validWebhookAtUrl(ctx: IHookFunctions): Promise<string | undefined> {
	const url = ctx.getNodeWebhookUrl('default');
	let listed: IDataObject[];
	try {
		const { body } = await callEndpoint(ctx, v2.listWebhooks);
		listed = ((body as IDataObject)?.data ?? []) as IDataObject[];
	} catch (error) {
		throw activationError(error, 'Could not list the App\'s webhooks at X');
	}
	const webhook = listed.find((w) => sameUrl(w.url, url));
	if (!webhook) return undefined;
	const data = state(ctx);
	// Another webhook at this URL than the one activation created: not ours to delete later.
	if (data.webhookId !== String(webhook.id)) delete data.createdWebhook;
	data.webhookId = String(webhook.id);
	if (!webhook.valid) {
		// X stopped deliveries after a failed CRC check: validating runs the CRC again.
		let validated;
		try {
			validated = await callEndpoint(ctx, v2.validateWebhook, { pathParams: { webhook_id: data.webhookId } });
		} catch (error) {
			throw activationError(error, `Could not re-validate the webhook ${data.webhookId} (${String(webhook.url)}) at X`);
		}
		if (!((validated.body as IDataObject)?.data as IDataObject)?.valid) return undefined;
	}
	return data.webhookId;
}

/** Registers the node's URL as a webhook at X unless one is known; returns the id activation created, if any. */
export async function ensureWebhook(ctx: IHookFunctions): Promise<string | undefined> {
	const data = state(ctx);
	if (data.webhookId) return undefined;
	const url = ctx.getNodeWebhookUrl('default')!;
	try {
		// X runs the CRC against n8n right away; the GET webhook of this node answers it.
		const { body } = await callEndpoint(ctx, v2.createWebhook, { body: { url } });
		data.webhookId = String(((body as IDataObject).data as IDataObject).id);
		data.createdWebhook = true;
		return data.webhookId;
	} catch (error) {
		throw activationError(error, `Could not register ${url} as the webhook at X`);
	}
}

/** Removes the webhook (gone already is fine); returns what could not be removed, in words, or undefined. */
export async function removeWebhook(ctx: IHookFunctions, webhookId: string): Promise<string | undefined> {
	try {
		await removeIfPresent(ctx, v2.deleteWebhook, { pathParams: { webhook_id: webhookId } });
		return undefined;
	} catch (error) {
		return leftAtX(ctx, `webhook ${webhookId}`, error);
	}
}
