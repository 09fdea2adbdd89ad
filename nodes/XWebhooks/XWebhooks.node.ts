import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { Resource } from '../shared/endpoints';
import { buildProperties, operationSubtitle } from '../shared/endpoints';
import { executeEndpoints, requestOptionsProperty } from '../shared/execute';
import { activitySubscriptionResource } from './resources/activitySubscription';
import { webhookResource } from './resources/webhook';

export const webhookResources: Resource[] = [webhookResource, activitySubscriptionResource];

export class XWebhooks implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'X Webhooks',
		name: 'xWebhooks',
		icon: { light: 'file:../../icons/x.svg', dark: 'file:../../icons/x.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(webhookResources),
		description: 'Manage X webhooks, event replay and activity subscriptions',
		defaults: { name: 'X Webhooks' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The App's bearer token for everything; a user's OAuth 1.0a tokens for private activity kinds.
		credentials: [
			{ name: 'xAppOnlyApi', required: true },
			{ name: 'xOAuth1Api', required: false, displayOptions: { show: { resource: ['activitySubscription'], operation: ['create'] } } },
		],
		properties: [...buildProperties(webhookResources), requestOptionsProperty],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeEndpoints(this, webhookResources);
	}
}
