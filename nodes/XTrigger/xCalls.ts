/**
 * How the trigger's calls of X fail: a removal of what is already gone is fine, and an activation
 * error says what happened and what to do about it.
 */
import type { IHookFunctions, ITriggerFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Endpoint } from '../shared/engine/endpoints';
import type { EndpointCall } from '../shared/engine/request';
import { callEndpoint } from '../shared/engine/request';
import { hintFor } from '../shared/transport/errors';

/** Removal where already gone (404 or WebhookIdInvalid) is fine: someone may have removed it at X. */
export async function removeIfPresent(ctx: IHookFunctions | ITriggerFunctions, endpoint: Endpoint, call: EndpointCall): Promise<void> {
	try {
		await callEndpoint(ctx, endpoint, call);
	} catch (error) {
		const e = error as NodeApiError;
		const gone = e?.httpCode === '404' || e?.context?.xCode === 'WebhookIdInvalid';
		if (!gone) throw error instanceof NodeApiError ? error : new NodeApiError(ctx.getNode(), error as JsonObject);
	}
}

/** A removal that failed, in words (also logged): "<what>: X answered <status>: <X's message>". */
export function leftAtX(ctx: IHookFunctions | ITriggerFunctions, what: string, error: unknown): string {
	const e = error as NodeApiError;
	const said = e?.context?.xMessage ?? e?.message ?? String(error);
	const line = `${what}: ${e?.httpCode ? `X answered ${String(e.httpCode)}: ` : ''}${String(said)}`;
	ctx.logger.warn(`X Trigger: could not remove ${line}`);
	return line;
}

/** Errors of n8n's kinds stay as they are (message, description, context); anything else becomes a NodeApiError. */
export function asNodeError(ctx: IHookFunctions | ITriggerFunctions, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeApiError(ctx.getNode(), error as JsonObject);
}

/** What to do, where the general hint does not fit a workflow that is being activated. */
const ACTIVATION_HINTS: Record<string, string> = {
	CrcValidationFailed:
		'X could not get the CRC answer from this URL. n8n answers it itself while it activates the workflow, so the URL must reach this n8n from the internet: set WEBHOOK_URL to n8n\'s public https address (for example behind a reverse proxy on 443), check that the credential\'s API Key Secret is the App\'s, then activate the workflow again.',
};

/**
 * n8n shows the message of an activation error (the workflow list, the log) and, in the editor,
 * the description of a NodeApiError: both say what happened and what to do about it.
 */
export function activationError(error: unknown, doing: string, fallbackHint?: string): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const code = error.context?.xCode as string | undefined;
	const xMessage = error.context?.xMessage as string | undefined;
	const hint = (code && ACTIVATION_HINTS[code]) ?? hintFor(Number(error.httpCode ?? 0), { code }) ?? fallbackHint;
	// NodeApiError swaps a message naming ECONNREFUSED, ETIMEDOUT, ... for "The service refused the
	// connection - perhaps it is offline", which here would blame X for X not reaching n8n: say what X said.
	const said = code !== undefined || xMessage !== undefined ? `X answered ${String(error.httpCode)}${code ? ` ${code}` : ''}: ${xMessage ?? 'no message'}` : error.message;
	const what = `${doing}: ${said}`.replace(/[.\s]+$/, '');
	error.message = hint ? `${what}. ${hint}` : `${what}.`;
	error.description = hint ? `${doing} (${error.context?.request ?? 'X'}). ${hint}` : error.description;
	return error;
}
