import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { Resource } from '../shared/endpoints';
import { buildProperties, operationSubtitle } from '../shared/endpoints';
import { executeEndpoints, requestOptionsProperty } from '../shared/execute';
import { credentialTests } from '../shared/credentialTest';
import { guarded, guardedMethods } from '../shared/redact';
import { bearerTokenResource } from './resources/bearerToken';
import { oauth1Resource } from './resources/oauth1';

/** The resources of the node: the one place that registers them (the first is the default). */
export const oauthResources: Resource[] = [oauth1Resource, bearerTokenResource];

export class XOAuth implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'X OAuth',
		name: 'xOAuth',
		icon: { light: 'file:../../icons/x.svg', dark: 'file:../../icons/x.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(oauthResources),
		description: 'X OAuth token endpoints: collect advertisers\' access tokens, manage the App\'s bearer token',
		defaults: { name: 'X OAuth' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// Deliberately not a tool: its outputs are tokens by design, never for an AI agent or an MCP
		// client. Set, and left undefined, as n8n's node-usable-as-tool rule asks for a decision here.
		usableAsTool: undefined,
		credentials: [
			{ name: 'xOAuth1Api', required: true, displayOptions: { show: { resource: ['oauth1'] } }, testedBy: 'xOAuth1ApiTest' },
			{ name: 'xAppOnlyApi', required: true, displayOptions: { show: { resource: ['bearerToken'] } }, testedBy: 'xAppOnlyApiTest' },
		],
		properties: [
			...buildProperties(oauthResources),
			// The bearer token calls have their own fixed timeout and no retries; Authorization URL sends nothing.
			{ ...requestOptionsProperty, displayOptions: { hide: { resource: ['bearerToken'], operation: ['authorizationUrl'] } } },
		],
	};

	// The credentials' test on n8n's credential screen (credentialTest.ts), whichever node n8n asks.
	methods = { credentialTest: guardedMethods(credentialTests) };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeOAuth.call(this);
	}
}

/** The node's run, inside the package's one exit (redact.ts): its errors carry no secret (its tokens are its output). */
const executeOAuth = guarded(async function (this: IExecuteFunctions) {
	return await executeEndpoints(this, oauthResources);
});
