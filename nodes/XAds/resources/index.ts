import type { Resource } from '../../shared/engine/endpoints';
import { accountResource } from './account';
import { accountAppResource } from './accountApp';
import { accountHistoryResource } from './accountHistory';
import { accountMediaResource } from './accountMedia';
import { advertiserBusinessCategoryResource } from './advertiserBusinessCategory';
import { analyticsResource } from './analytics';
import { audienceEstimateResource } from './audienceEstimate';
import { campaignResource } from './campaign';
import { cardResource } from './card';
import { conversionResource } from './conversion';
import { curatedCategoryResource } from './curatedCategory';
import { customAudienceResource } from './customAudience';
import { doNotReachListResource } from './doNotReachList';
import { featureResource } from './feature';
import { fundingInstrumentResource } from './fundingInstrument';
import { keywordInsightResource } from './keywordInsight';
import { lineItemResource } from './lineItem';
import { lineItemCuratedCategoryResource } from './lineItemCuratedCategory';
import { mediaResource } from './media';
import { mediaLibraryResource } from './mediaLibrary';
import { placementResource } from './placement';
import { pollCardResource } from './pollCard';
import { postResource } from './post';
import { productResource } from './product';
import { productCatalogResource } from './productCatalog';
import { productSetResource } from './productSet';
import { scheduledFeedResource } from './scheduledFeed';
import { promotableUserResource } from './promotableUser';
import { promotedAccountResource } from './promotedAccount';
import { promotedPostResource } from './promotedPost';
import { scheduledPromotedPostResource } from './scheduledPromotedPost';
import { tailoredAudiencePermissionResource } from './tailoredAudiencePermission';
import { targetingCriterionResource } from './targetingCriterion';
import { targetingOptionResource } from './targetingOption';
import { videoConversationCardResource } from './videoConversationCard';
import { authenticatedUserAccessResource } from './authenticatedUserAccess';
import { biddingRuleResource } from './biddingRule';
import { contentCategoryResource } from './contentCategory';
import { draftPostResource } from './draftPost';
import { iabCategoryResource } from './iabCategory';
import { imageConversationCardResource } from './imageConversationCard';
import { mediaCreativeResource } from './mediaCreative';
import { appEventTagResource, conversionEventResource } from './mobileMeasurement';
import { abTestResource } from './abTest';
import { postPreviewResource } from './postPreview';
import { prerollCallToActionResource } from './prerollCallToAction';
import { publisherResource } from './publisher';
import { recommendationResource } from './recommendation';
import { scheduledPostResource } from './scheduledPost';
import { taxSettingsResource } from './taxSettings';
import { trackingTagResource } from './trackingTag';
import { userSettingsResource } from './userSettings';

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
