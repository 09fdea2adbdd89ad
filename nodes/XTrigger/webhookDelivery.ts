/**
 * The webhook delivery: X's CRC check on the GET webhook, and each signed POST read as its bytes,
 * checked against the App's signature and split into events.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { xCredentials } from '../shared/transport/transport';
import { eventItems } from './eventItems';
import type { Refusal } from './events';
import { scrubOf } from '../shared/transport/redact';
import { CRC_TOKEN, crcResponseToken, MAX_DELIVERY_BYTES, readDelivery, signatureMatches, splitDelivery } from './events';

/**
 * The App's keys per credential, kept a few seconds: n8n reads, decrypts and resolves a credential
 * (in an expression isolate) on every call, the largest cost of a delivery. A changed secret takes
 * effect within KEYS_TTL_MS.
 */
const recentKeys = new Map<string, { until: number; credentials: IDataObject }>();
const KEYS_TTL_MS = 5000;

async function appKeys(ctx: IWebhookFunctions): Promise<IDataObject> {
	const id = ctx.getNode().credentials?.xAppOnlyApi?.id;
	const kept = id ? recentKeys.get(id) : undefined;
	if (kept && kept.until > Date.now()) return kept.credentials;
	const credentials = await xCredentials(ctx, 'app');
	if (id) recentKeys.set(id, { until: Date.now() + KEYS_TTL_MS, credentials });
	return credentials;
}

/** What n8n's request carries: the bytes once read, and the reader n8n leaves for bodies it did not parse. */
interface RawBodyRequest {
	rawBody?: Buffer;
	readRawBody?: () => Promise<void>;
	headers: Record<string, string | string[] | undefined>;
}

/**
 * The body bytes exactly as received, or why there are none. n8n reads them for the content types
 * it parses (JSON, text, form, XML) and leaves others unread; those are read here the way n8n's
 * Webhook node does. A body larger than MAX_DELIVERY_BYTES is refused (unread when its
 * Content-Length says so). Never a re-serialized body instead: one n8n did not read would be "{}".
 */
async function receivedBytes(request: RawBodyRequest): Promise<Buffer | Refusal> {
	const tooLarge = { status: 413, error: `body is larger than ${MAX_DELIVERY_BYTES} bytes` };
	if (!Buffer.isBuffer(request.rawBody) && typeof request.readRawBody === 'function') {
		if (Number(request.headers['content-length']) > MAX_DELIVERY_BYTES) return tooLarge;
		let unreadable = false;
		await request.readRawBody().catch(() => (unreadable = true));
		if (unreadable) return { status: 400, error: 'the body could not be read' };
	}
	if (!Buffer.isBuffer(request.rawBody)) return { status: 400, error: 'the body bytes are not available to check the signature' };
	return request.rawBody.length > MAX_DELIVERY_BYTES ? tooLarge : request.rawBody;
}

/** Answers X's CRC check (GET setup webhook) or a delivery (POST default webhook); the node answers X itself. */
export async function answerWebhook(ctx: IWebhookFunctions, ownEvents: (payload: IDataObject) => boolean = () => true): Promise<IWebhookResponseData> {
	const request = ctx.getRequestObject();
	const response = ctx.getResponseObject();
	const credentials = await appKeys(ctx);
	const secret = String(credentials.apiKeySecret ?? '');

	if (ctx.getWebhookName() === 'setup') {
		const token = request.query.crc_token;
		if (typeof token !== 'string' || !CRC_TOKEN.test(token)) {
			response.status(400).json({ error: 'crc_token missing or malformed' });
			return { noWebhookResponse: true };
		}
		response.status(200).json({ response_token: crcResponseToken(secret, token) });
		return { noWebhookResponse: true };
	}

	const refuse = (refusal: Refusal): IWebhookResponseData => {
		response.status(refusal.status).json({ error: refusal.error });
		return { noWebhookResponse: true };
	};
	const raw = await receivedBytes(request as unknown as RawBodyRequest);
	if (!Buffer.isBuffer(raw)) return refuse(raw);
	if (!signatureMatches(secret, raw, request.header('x-twitter-webhooks-signature'))) {
		return refuse({ status: 401, error: 'signature missing or wrong' });
	}
	// Read by the one reader of X: exact ids, and no echo of the App's secrets reaches the items.
	const { body, refused } = readDelivery(raw, undefined, scrubOf(credentials));
	if (refused) return refuse(refused);

	// Another workflow's events (the filtered stream's link carries every rule of the App) are acknowledged, not emitted.
	const items = eventItems(ctx, splitDelivery(body).filter((event) => ownEvents(event.payload as IDataObject)), String(credentials.apiKey));
	response.status(200).json({ received: items.length });
	if (!items.length) return { noWebhookResponse: true };
	return { noWebhookResponse: true, workflowData: [items] };
}
