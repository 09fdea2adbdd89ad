/**
 * Filtered-stream webhooks (https://docs.x.com/x-api/webhooks/stream/introduction): a webhook linked
 * to the filtered stream receives every post that matches the App's rules (with edit history), as a
 * signed POST instead of a held connection. App's bearer token.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../engine/endpoints';
import { WEBHOOK_ID } from './webhook';

/**
 * The links of X's answer, one record each: openapi.json answers data as the list, X's stream
 * webhook quickstart shows them under data.links.
 */
export function streamLinks(data: unknown): IDataObject[] {
	if (Array.isArray(data)) return data as IDataObject[];
	const links = (data as IDataObject | undefined)?.links;
	return Array.isArray(links) ? (links as IDataObject[]) : [];
}

export const streamLinkResource: Resource = {
	name: 'Stream Link',
	value: 'streamLink',
	description: 'Links between a webhook and the filtered stream (matching posts delivered to the webhook)',
	endpoints: [
		{
			operation: 'create',
			name: 'Create',
			action: 'Link a webhook to the filtered stream',
			description: 'Deliver the posts matching the stream rules to this webhook',
			method: 'POST',
			host: 'api',
			path: '/2/tweets/search/webhooks/{webhook_id}',
			docs: 'https://docs.x.com/x-api/webhooks/create-stream-link',
			idempotent: true,
			fields: [{ ...WEBHOOK_ID, description: 'The webhook that receives matching posts' }],
			output: (envelope, values) => [{ webhook_id: values.webhook_id, ...(envelope.data as IDataObject) }],
		},
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many stream links',
			description: 'List the webhooks linked to the filtered stream',
			method: 'GET',
			host: 'api',
			path: '/2/tweets/search/webhooks',
			docs: 'https://docs.x.com/x-api/webhooks/get-stream-links',
			list: { onePage: true },
			output: (envelope) => streamLinks(envelope.data),
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Unlink a webhook from the filtered stream',
			description: 'Stop delivering matching posts to this webhook (the webhook itself stays)',
			method: 'DELETE',
			host: 'api',
			path: '/2/tweets/search/webhooks/{webhook_id}',
			docs: 'https://docs.x.com/x-api/webhooks/delete-stream-link',
			fields: [WEBHOOK_ID],
			output: (envelope, values) => [{ webhook_id: values.webhook_id, ...(envelope.data as IDataObject) }],
		},
	],
};
