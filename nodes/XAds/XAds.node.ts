import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { Resource } from '../shared/endpoints';
import { buildProperties, operationSubtitle } from '../shared/endpoints';
import { executeEndpoints, requestOptionsProperty } from '../shared/execute';
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
} from '../shared/listSearch';
import { guarded, guardedMethods } from '../shared/redact';
import { credentialTests } from '../shared/credentialTest';
import { accountResource } from './resources/account';
import { accountAppResource } from './resources/accountApp';
import { accountHistoryResource } from './resources/accountHistory';
import { accountMediaResource } from './resources/accountMedia';
import { advertiserBusinessCategoryResource } from './resources/advertiserBusinessCategory';
import { analyticsResource } from './resources/analytics';
import { audienceEstimateResource } from './resources/audienceEstimate';
import { campaignResource } from './resources/campaign';
import { cardResource } from './resources/card';
import { conversionResource } from './resources/conversion';
import { curatedCategoryResource } from './resources/curatedCategory';
import { customAudienceResource, customAudienceSync } from './resources/customAudience';
import { executeAudienceSync } from './resources/customAudience/sync';
import { doNotReachListResource, doNotReachListSync } from './resources/doNotReachList';
import { featureResource } from './resources/feature';
import { fundingInstrumentResource } from './resources/fundingInstrument';
import { keywordInsightResource } from './resources/keywordInsight';
import { lineItemResource } from './resources/lineItem';
import { lineItemCuratedCategoryResource } from './resources/lineItemCuratedCategory';
import { mediaResource } from './resources/media';
import { mediaLibraryResource } from './resources/mediaLibrary';
import { placementResource } from './resources/placement';
import { pollCardResource } from './resources/pollCard';
import { postResource } from './resources/post';
import { productResource } from './resources/product';
import { productCatalogResource } from './resources/productCatalog';
import { productSetResource } from './resources/productSet';
import { scheduledFeedResource } from './resources/scheduledFeed';
import { promotableUserResource } from './resources/promotableUser';
import { promotedAccountResource } from './resources/promotedAccount';
import { promotedPostResource } from './resources/promotedPost';
import { scheduledPromotedPostResource } from './resources/scheduledPromotedPost';
import { tailoredAudiencePermissionResource } from './resources/tailoredAudiencePermission';
import { targetingCriterionResource } from './resources/targetingCriterion';
import { targetingOptionResource } from './resources/targetingOption';
import { videoConversationCardResource } from './resources/videoConversationCard';
import { authenticatedUserAccessResource } from './resources/authenticatedUserAccess';
import { biddingRuleResource } from './resources/biddingRule';
import { contentCategoryResource } from './resources/contentCategory';
import { draftPostResource } from './resources/draftPost';
import { iabCategoryResource } from './resources/iabCategory';
import { imageConversationCardResource } from './resources/imageConversationCard';
import { mediaCreativeResource } from './resources/mediaCreative';
import { appEventTagResource, conversionEventResource } from './resources/mobileMeasurement';
import { abTestResource } from './resources/abTest';
import { postPreviewResource } from './resources/postPreview';
import { prerollCallToActionResource } from './resources/prerollCallToAction';
import { publisherResource } from './resources/publisher';
import { recommendationResource } from './resources/recommendation';
import { scheduledPostResource } from './resources/scheduledPost';
import { taxSettingsResource } from './resources/taxSettings';
import { trackingTagResource } from './resources/trackingTag';
import { userSettingsResource } from './resources/userSettings';

/** Every resource of the X Ads API this node covers: the one place that registers them (the first is the default). */
export const adsResources: Resource[] = [
	accountResource,
	accountAppResource,
	accountHistoryResource,
	advertiserBusinessCategoryResource,
	audienceEstimateResource,
	curatedCategoryResource,
	campaignResource,
	featureResource,
	fundingInstrumentResource,
	lineItemResource,
	lineItemCuratedCategoryResource,
	placementResource,
	productCatalogResource,
	productResource,
	productSetResource,
	scheduledFeedResource,
	keywordInsightResource,
	tailoredAudiencePermissionResource,
	customAudienceResource,
	doNotReachListResource,
	targetingCriterionResource,
	targetingOptionResource,
	accountMediaResource,
	cardResource,
	mediaResource,
	mediaLibraryResource,
	pollCardResource,
	videoConversationCardResource,
	postResource,
	scheduledPostResource,
	draftPostResource,
	postPreviewResource,
	imageConversationCardResource,
	prerollCallToActionResource,
	mediaCreativeResource,
	iabCategoryResource,
	contentCategoryResource,
	biddingRuleResource,
	publisherResource,
	authenticatedUserAccessResource,
	trackingTagResource,
	taxSettingsResource,
	userSettingsResource,
	recommendationResource,
	promotedPostResource,
	promotedAccountResource,
	scheduledPromotedPostResource,
	promotableUserResource,
	analyticsResource,
	conversionResource,
	appEventTagResource,
	conversionEventResource,
	abTestResource,
];

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
