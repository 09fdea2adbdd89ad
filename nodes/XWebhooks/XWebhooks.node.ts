import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { buildProperties, operationSubtitle } from '../shared/endpoints';
import { executeEndpoints, requestOptionsProperty } from '../shared/execute';
import { credentialTests } from '../shared/credentialTest';
import { guarded, guardedMethods } from '../shared/redact';
import { webhookResources } from '../shared/v2';

export { webhookResources };

/** Where a user's context is taken: activity subscriptions of private kinds, and Account Activity subscribe/validate. */
const USER_CONTEXT = { resource: ['activitySubscription', 'accountActivity'], operation: ['create', 'subscribe', 'validate'] };

export class XWebhooks implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'X Webhooks',
		name: 'xWebhooks',
		icon: { light: 'file:../../icons/x.svg', dark: 'file:../../icons/x.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(webhookResources),
		description: 'Manage X webhooks, event replay, activity and Account Activity subscriptions, filtered-stream rules and links, and stream connections',
		defaults: { name: 'X Webhooks' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The App's bearer token for everything; a user's OAuth 1.0a or OAuth 2.0 tokens where X needs the user's context.
		credentials: [
			{ name: 'xAppOnlyApi', required: true, testedBy: 'xAppOnlyApiTest' },
			{ name: 'xOAuth1Api', required: false, displayOptions: { show: USER_CONTEXT }, testedBy: 'xOAuth1ApiTest' },
			{ name: 'xOAuth2Api', required: false, displayOptions: { show: USER_CONTEXT } },
		],
		properties: [...buildProperties(webhookResources), requestOptionsProperty],
	};

	// The credentials' test on n8n's credential screen (credentialTest.ts), whichever node n8n asks.
	methods = { credentialTest: guardedMethods(credentialTests) };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeWebhooks.call(this);
	}
}

/** The node's run, inside the package's one exit (redact.ts): nothing it says carries a secret. */
const executeWebhooks = guarded(async function (this: IExecuteFunctions) {
	return await executeEndpoints(this, webhookResources);
});
