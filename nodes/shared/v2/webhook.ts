/** Webhooks (https://docs.x.com/x-api/webhooks/introduction): v2 webhook management with the App's bearer token. */
import type { IDataObject } from 'n8n-workflow';

import type { Field, Resource } from '../engine/endpoints';

/** The webhook acted on (a path parameter of the webhook, stream-link and Account Activity endpoints). */
export const WEBHOOK_ID: Field = {
	wire: 'webhook_id',
	label: 'Webhook ID',
	type: 'string',
	required: true,
	rules: { pattern: /^[0-9]{1,19}$/, patternRule: 'a webhook ID of 1 to 19 digits' },
};

/** What X refuses for a callback URL: not https, a port, more than 200 characters. */
export function callbackUrlRule(url: string): string | undefined {
	if (url.length > 200) return `must be at most 200 characters (got ${url.length})`;
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return `must be a full URL such as https://n8n.example.com/webhook/x (got "${url}")`;
	}
	if (parsed.protocol !== 'https:') return 'must use https (X refuses other schemes)';
	if (/^https:\/\/[^/]*:\d*(\/|$)/i.test(url)) return 'must not contain a port (X refuses URLs with a port; serve on 443 behind a reverse proxy)';
	return undefined;
}

/** yyyymmddhhmm in UTC, as the replay endpoint takes it. */
export function replayStamp(iso: string): string {
	return iso.replace(/[-:T]/g, '').slice(0, 12);
}

const DAY_MS = 24 * 3600 * 1000;
const minuteOf = (ms: number) => Math.floor(ms / 60_000) * 60_000;

export const webhookResource: Resource = {
	name: 'Webhook',
	value: 'webhook',
	description: 'Webhooks registered for the App',
	endpoints: [
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a webhook',
			description: 'Register a webhook URL; X checks it with a CRC request at once',
			method: 'POST',
			host: 'api',
			path: '/2/webhooks',
			send: 'json',
			fields: [{ wire: 'url', label: 'URL', type: 'string', required: true, placeholder: 'https://n8n.example.com/webhook/x-events', description: 'Public https URL without a port, at most 200 characters' }],
			check: (values, { fail }) => {
				const rule = callbackUrlRule(String(values.url));
				if (rule) fail('URL (url)', rule);
			},
		},
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many webhooks',
			description: 'List the webhooks registered for the App, with whether each passed its last CRC check',
			method: 'GET',
			list: { onePage: true },
			host: 'api',
			path: '/2/webhooks',
		},
		{
			operation: 'validate',
			name: 'Validate',
			action: 'Validate a webhook',
			description: 'Run a CRC check now; a webhook that passes is valid again and receives events (X also checks by itself every 30 minutes a webhook not validated for 24 hours)',
			method: 'PUT',
			host: 'api',
			path: '/2/webhooks/{webhook_id}',
			fields: [WEBHOOK_ID],
			output: (envelope, values) => [{ webhook_id: values.webhook_id, ...(envelope.data as IDataObject) }],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a webhook',
			description: 'Remove a webhook',
			method: 'DELETE',
			host: 'api',
			path: '/2/webhooks/{webhook_id}',
			fields: [WEBHOOK_ID],
			output: (envelope, values) => [{ webhook_id: values.webhook_id, ...(envelope.data as IDataObject) }],
		},
		{
			operation: 'replay',
			name: 'Replay',
			action: 'Replay webhook events',
			description: 'Deliver again the events of a window within the last 24 hours',
			method: 'POST',
			host: 'api',
			path: '/2/webhooks/replay',
			send: 'json',
			idempotent: false,
			fields: [
				{ ...WEBHOOK_ID },
				{ wire: 'from_date', label: 'From', type: 'dateTime', required: true, description: 'First minute replayed (included), within the last 24 hours; a time without a zone is read as UTC' },
				{ wire: 'to_date', label: 'To', type: 'dateTime', required: true, description: 'Last minute replayed (included), not before From, not in the future' },
			],
			// X takes whole minutes, both inclusive (openapi.json, CreateWebhookReplayJobRequest), of up to
			// the past 24 hours: From no earlier than the minute 24 hours ago, To no later than this minute.
			check: (values, { fail }) => {
				const from = minuteOf(Date.parse(String(values.from_date)));
				const to = minuteOf(Date.parse(String(values.to_date)));
				const now = Date.now();
				if (from < minuteOf(now - DAY_MS)) fail('From (from_date)', `must be within the last 24 hours (got ${String(values.from_date)})`);
				if (to > minuteOf(now)) fail('To (to_date)', `must not be in the future (got ${String(values.to_date)})`);
				if (from > to) fail('From (from_date)', `must not be after To (to_date) (got ${String(values.from_date)} and ${String(values.to_date)})`);
				values.from_date = replayStamp(String(values.from_date));
				values.to_date = replayStamp(String(values.to_date));
			},
		},
	],
};
