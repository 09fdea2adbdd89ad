/** Webhooks (spec document 01, v2 webhook management; app-only bearer token). */
import type { Resource } from '../../shared/endpoints';

export const webhookResource: Resource = {
	name: 'Webhook',
	value: 'webhook',
	description: 'Webhooks registered for the App',
	endpoints: [
		{
			resource: 'webhook',
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many webhooks',
			description: 'List the webhooks registered for the App, with whether each passed its last CRC check',
			method: 'GET',
			host: 'api',
			path: '/2/webhooks',
		},
	],
};
