/**
 * Stateful fake of the X API (api.x.com, ads-api.x.com, ads-api-sandbox.x.com) on one loopback port.
 * Base URL mapping: {base_url} -> urls.api, {ads_url} -> urls.ads, {ads_sandbox_url} -> urls.adsSandbox.
 */
export { startEmulator } from './server';
export type { EmulatorOptions, EmulatorUser, XEmulator } from './server';
export type { DeepReadonly, EmulatorControl } from './control';
export type {
	Account,
	AccountApp,
	AdsEnvironment,
	Base,
	CuratedCategory,
	EmulatorFixtures,
	EmulatorStats,
	EnvFixtures,
	HistoryEntry,
	LineItem,
	LineItemCuratedCategory,
	FaultKind,
	FaultMatch,
	FaultSpec,
	RandomFaultOptions,
	RateBudget,
	RequestLogEntry,
	SeedAccountsOptions,
	Store,
} from './store';
export type {
	AccountMedia,
	CardRecord,
	CreativeFixtures,
	MediaLibraryObject,
	PollCardRecord,
	PostRecord,
	UploadedMedia,
	VideoConversationCardRecord,
} from './state/creatives';
export { pollClosed } from './state/creatives';
export type { AudienceFixtures, DoNotReachList, TailoredAudiencePermission } from './state/audiences';
export type { Product, ProductCatalogFixtures } from './state/productCatalogs';
export type { CatalogAudienceControl } from './state/catalogAudienceControl';
export type { HourlyCrcResult, ReplayJobView, WebhookControl } from './webhookControl';
export type { DeliveryOptions } from './webhookDelivery';
export type { ActivitySubscription, CrcAttempt, DeliveryResult, RecordedEvent, WebhookSettings } from './state/webhooks';
export type { IssuedAccessToken, OAuthFlowSettings, RequestTokenRecord } from './state/oauthFlow';
