import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { buildProperties, operationSubtitle } from '../shared/engine/description';
import { executeEndpoints, requestOptionsProperty } from '../shared/engine/execute';
import {
	searchAccounts,
	searchCampaigns,
	searchCustomAudiences,
	searchDoNotReachLists,
	searchFundingInstruments,
	searchLineItemCuratedCategories,
	searchLineItems,
	searchProductCatalogs,
	searchTargetingValues,
} from '../shared/engine/listSearch';
import { guarded, guardedMethods } from '../shared/transport/redact';
import { credentialTests } from '../shared/transport/credentialTest';
import { adsResources } from './resources';
import { customAudienceSync } from './resources/customAudience';
import { executeAudienceSync } from './resources/customAudience/sync';
import { doNotReachListSync } from './resources/doNotReachList';

export class XAds implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'X Ads',
		name: 'xAds',
		icon: { light: 'file:../../icons/x.svg', dark: 'file:../../icons/x.dark.svg' },
		group: ['transform'],
		// Version 2: Simplify on by default (version 1, of saved workflows, keeps X's whole records).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: operationSubtitle(adsResources),
		description: 'Manage X (Twitter) Ads accounts, campaigns, catalogs, audiences and creatives',
		defaults: { name: 'X Ads' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'xOAuth1Api',
				required: true,
				displayOptions: { show: { authentication: ['xOAuth1Api'] } },
				testedBy: 'xOAuth1ApiTest',
			},
			{
				name: 'xOAuth1ConnectApi',
				required: true,
				displayOptions: { show: { authentication: ['xOAuth1ConnectApi'] } },
				testedBy: 'xOAuth1ConnectApiTest',
			},
		],
		properties: [
			{
				displayName: 'Authentication',
				name: 'authentication',
				type: 'options',
				options: [
					{ name: 'OAuth 1.0a (Access Tokens)', value: 'xOAuth1Api' },
					{ name: 'OAuth 1.0a (Connect)', value: 'xOAuth1ConnectApi' },
				],
				default: 'xOAuth1Api',
			},
			...buildProperties(adsResources),
			requestOptionsProperty,
		],
	};

	methods = {
		// The credentials' test on n8n's credential screen (credentialTest.ts), whichever node n8n asks.
		credentialTest: guardedMethods(credentialTests),
		listSearch: guardedMethods({
			searchAccounts,
			searchCampaigns,
			searchCustomAudiences,
			searchDoNotReachLists,
			searchFundingInstruments,
			searchLineItemCuratedCategories,
			searchLineItems,
			searchProductCatalogs,
			searchTargetingValues,
		}),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeAds.call(this);
	}
}

/** The node's run, inside the package's one exit (redact.ts): nothing it says carries a secret. */
const executeAds = guarded(async function (this: IExecuteFunctions) {
	// A sync writes a state file (binary output), which the data-driven endpoints do not.
	const sync = { customAudience: customAudienceSync, doNotReachList: doNotReachListSync }[this.getNodeParameter('resource', 0) as string];
	if (sync && this.getNodeParameter('operation', 0) === 'sync') return await executeAudienceSync(this, sync);
	return await executeEndpoints(this, adsResources);
});
