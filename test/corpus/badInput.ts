/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The bad-input corpus: one bad value for every constrained field and rule of the scope documents
 * (01 auth and webhooks, 02 catalogs, audiences and creatives, 03 campaign management) and of X's
 * reference pages (entries naming a docs.x.com page), each refused before any request is sent.
 *
 * Layout: `badInput` is one flat table. Every entry says where the rule is written (`spec`: document
 * and section, e.g. "02 §Product"), which node refuses it (ads, webhooks, oauth: a node run through
 * n8n's engine; trigger: an HTTP request to an active X Trigger), the resource, operation and wire
 * name of the field, the kind of rule, a short description, the node parameters (and input items)
 * that carry the bad value, and the expected message. Node messages start "Item N: " and name the
 * field as "Label (wire)" (`names` overrides what the message must name, for rules on the whole
 * item such as "Update Fields"). The entries are grouped by spec document and section; the `rows`
 * helper below only fills in the resource and operation of a group, every row is written out.
 *
 * test/engine/badInput.test.ts runs every entry and checks that the endpoint definitions of the
 * nodes have no constrained field without an entry here.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { validProduct as product } from '../fixtures/products';
import { analyticsBadInput } from './badInputAnalytics';
import { creativesSettingsBadInput } from './badInputCreativesSettings';
import { measurementBadInput } from './badInputMeasurement';
import { mediaBadInput } from './badInputMedia';

export type CorpusNode = 'ads' | 'webhooks' | 'oauth' | 'trigger';
export type RuleKind =
	| 'length'
	| 'enum'
	| 'range'
	| 'format'
	| 'required'
	| 'requiredTogether'
	| 'neverTogether'
	| 'window'
	| 'count'
	| 'other';

/** An HTTP request to an active X Trigger (there are no input items: the request is refused). */
export interface TriggerRequest {
	/** A CRC GET with this query. */
	crcQuery?: Record<string, string | string[]>;
	/** An event POST from X (the emulator), signed, then changed or sent without its signature. */
	delivery?: 'unsigned' | 'tampered';
	/** The status the trigger answers. */
	status: number;
}

export interface BadInput {
	/** Spec document and section, e.g. "02 §Product". */
	spec: string;
	node: CorpusNode;
	resource: string;
	operation: string;
	/** The field's name on the wire (the key of the coverage check). */
	wire: string;
	rule: RuleKind;
	description: string;
	/** Node parameters (resource and operation included). */
	parameters: INodeParameters;
	/** Input items (default one empty item). */
	input?: IDataObject[];
	/** The item the message names (default 0). */
	item?: number;
	/** Run with the credential's Environment set to Sandbox. */
	sandbox?: boolean;
	/** What the message must name, when it is not "(wire)". */
	names?: string;
	message: RegExp;
	trigger?: TriggerRequest;
}

export type Row = [wire: string, rule: RuleKind, description: string, parameters: INodeParameters, message: RegExp, more?: Partial<BadInput>];

/** A group of rows of one operation: resource, operation and the shared parameters filled in (badInputAnalytics.ts and badInputCreativesSettings.ts use it too). */
export function rows(spec: string, node: CorpusNode, resource: string, operation: string, base: INodeParameters, list: Row[]): BadInput[] {
	return list.map(([wire, rule, description, parameters, message, more]) => ({
		spec,
		node,
		resource,
		operation,
		wire,
		rule,
		description,
		parameters: { resource, operation, ...base, ...parameters },
		message,
		...more,
	}));
}

// Values that pass every rule, so that only the bad one is refused.
const ACCOUNT = '18ce54d4x5t';
const IMAGE = '3_1151345051729682432';
const VIDEO = '7_1151345051729682433';
const GIF = '16_1151345051729682434';
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const ids = (n: number, prefix = 'a') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(',');

const withProduct = (extra: IDataObject): Partial<BadInput> => ({ input: [product('p-1', extra)] });

// Card components as the UI's component list gives them.
const media = { type: 'MEDIA', mediaKey: IMAGE };
const details = { type: 'DETAILS', title: 'Shop', url: 'https://example.com' };
const button = (extra: INodeParameters) => ({ type: 'BUTTON', label: 'INSTALL', countryCode: 'US', ...extra });
const websiteComponents = [
	{ type: 'MEDIA', media_key: IMAGE },
	{ type: 'DETAILS', title: 'Shop the sale', destination: { type: 'WEBSITE', url: 'https://acme-shoes.example/sale' } },
];
const uiCard = (component: INodeParameters[]) => ({ componentsSource: 'ui', components: { component } });
const jsonCard = (json: unknown) => ({ componentsSource: 'json', cardJson: JSON.stringify(json) });
const keys = (n: number) => Array.from({ length: n }, (_, i) => `3_11${i}`).join(',');

/** Valid required parameters (besides the account) of every account-scoped operation. */
const VALID: Record<string, INodeParameters> = {
	'account.get': {},
	'account.update': { updateFields: { name: 'Acme' } },
	'account.deleteSandbox': {},
	'accountApp.getAll': {},
	'accountHistory.getAll': { entityType: 'CAMPAIGN', entityId: 'abc1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' },
	'audienceEstimate.get': { targetingCriteria: '[{"targeting_type":"INTEREST","targeting_value":"1"}]' },
	'curatedCategory.get': { curatedCategoryId: 'cc1' },
	'curatedCategory.getAll': { countryCodes: 'US' },
	'feature.getAll': {},
	'feature.add': { featureKeys: ['AGE_TARGETING'] },
	'feature.remove': { featureKeys: ['AGE_TARGETING'] },
	'lineItem.update': { lineItem: 'li1', updateFields: { entityStatus: 'PAUSED' } },
	'lineItem.delete': { lineItem: 'li1' },
	'lineItemCuratedCategory.getAll': {},
	'lineItemCuratedCategory.get': { lineItemCuratedCategory: 'ab1' },
	'lineItemCuratedCategory.create': { lineItemId: 'li1', curatedCategoryId: 'cc1' },
	'lineItemCuratedCategory.update': { lineItemCuratedCategory: 'ab1', updateFields: { curatedCategoryId: 'cc1' } },
	'lineItemCuratedCategory.delete': { lineItemCuratedCategory: 'ab1' },
	'tailoredAudiencePermission.getAll': { tailoredAudienceId: 'ta1' },
	'tailoredAudiencePermission.create': { tailoredAudienceId: 'ta1', grantedAccountId: 'acc2', permissionLevel: 'READ_ONLY' },
	'tailoredAudiencePermission.delete': { tailoredAudienceId: 'ta1', tailoredAudiencePermissionId: 'p1' },
	'customAudience.addUsers': { customAudienceId: 'ca1', additionalFields: { email: 'a@example.com' } },
	'customAudience.removeUsers': { customAudienceId: 'ca1', additionalFields: { email: 'a@example.com' } },
	'customAudience.getTargeted': { customAudienceId: 'ca1' },
	'doNotReachList.addUsers': { doNotReachListId: 'd1', additionalFields: { email: 'a@example.com' } },
	'doNotReachList.removeUsers': { doNotReachListId: 'd1', additionalFields: { email: 'a@example.com' } },
	'doNotReachList.delete': { doNotReachListId: 'd1' },
	'customAudience.sync': { customAudienceId: 'ca1', dryRun: true },
	'doNotReachList.sync': { doNotReachListId: 'd1', dryRun: true },
	'doNotReachList.getAll': {},
	'doNotReachList.create': {},
	'customAudience.getAll': {},
	'customAudience.get': { customAudienceId: 'ca1' },
	'customAudience.create': { name: 'Buyers' },
	'customAudience.update': { customAudienceId: 'ca1', updateFields: { name: 'Buyers' } },
	'customAudience.delete': { customAudienceId: 'ca1' },
	'customAudience.batch': { operationType: 'Delete', additionalFields: { customAudienceId: 'ca1' } },
	'customAudience.getPermissions': { customAudienceId: 'ca1' },
	'customAudience.createPermission': { customAudienceId: 'ca1', grantedAccountId: 'acc2', permissionLevel: 'READ_ONLY' },
	'customAudience.deletePermission': { customAudienceId: 'ca1', customAudiencePermissionId: 'p1' },
	'targetingCriterion.getAll': { lineItemIds: 'li1' },
	'targetingCriterion.get': { targetingCriterionId: 'tc1' },
	'targetingCriterion.create': { lineItemId: 'li1', targetingType: 'LOCATION', targetingValue: 'abc', operatorType: 'EQ' },
	'targetingCriterion.batch': { operationType: 'Delete', additionalFields: { targetingCriterionId: 'tc1' } },
	'targetingCriterion.delete': { targetingCriterionId: 'tc1' },
	'targetingOption.getSuggestions': { suggestionType: 'KEYWORD', targetingValues: 'shoes' },
	'accountMedia.getAll': {},
	'accountMedia.get': { accountMediaId: 'am1' },
	'accountMedia.delete': { accountMediaId: 'am1' },
	'card.getAll': {},
	'card.get': { cardId: '123' },
	'card.create': { name: 'Card', componentsSource: 'ui', components: { component: [media, details] } },
	'card.update': { cardId: '123', componentsSource: 'none', updateFields: { name: 'Card' } },
	'card.delete': { cardId: '123' },
	'mediaLibrary.getAll': {},
	'mediaLibrary.get': { mediaKey: IMAGE },
	'mediaLibrary.create': { mediaKey: IMAGE },
	'mediaLibrary.update': { mediaKey: IMAGE, updateFields: { name: 'Image' } },
	'mediaLibrary.delete': { mediaKey: IMAGE },
	'pollCard.getAll': {},
	'pollCard.get': { cardId: '123' },
	'pollCard.create': { name: 'Poll', durationInMinutes: 60, firstChoice: 'A', secondChoice: 'B' },
	'pollCard.delete': { cardId: '123' },
	'videoConversationCard.getAll': {},
	'videoConversationCard.get': { cardId: '123' },
	'videoConversationCard.create': { name: 'VCC', mediaKey: VIDEO, thankYouText: 'Thanks', firstCta: '#one', firstCtaTweet: 'One', additionalFields: { title: 'T' } },
	'videoConversationCard.update': { cardId: 'abc1', updateFields: { title: 'T' } },
	'videoConversationCard.delete': { cardId: '123' },
	'post.create': { asUserId: '756201191646691328', additionalFields: { text: 'Hello' } },
	'post.updateName': { tweetId: '123', name: 'Post' },
};

const historyBase = { account: ACCOUNT, returnAll: true, entityType: 'CAMPAIGN', entityId: 'abc1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' };
const pollBase = { account: ACCOUNT, name: 'Poll', durationInMinutes: 60, firstChoice: 'A', secondChoice: 'B' };
const vccBase = { account: ACCOUNT, name: 'VCC', mediaKey: VIDEO, thankYouText: 'Thanks', firstCta: '#one', firstCtaTweet: 'One' };
const feedBase = { catalog: 'cat1', feedUrl: 'https://shop.example/feed.csv', feedFormat: 'CSV', frequency: 'WEEKLY', startTime: '01:30', timeZone: 'America/New_York', additionalFields: { repeat: 'SATURDAY' } };
const keywordBase = { granularity: 'DAY', keywords: 'shoes', startTime: '2026-03-01T00:00:00Z' };
const now = Date.now();

// ---------------------------------------------------------------- 01: auth, webhooks, conventions

const doc01: BadInput[] = [
	...rows('01 §OAuth 1.0a', 'oauth', 'oauth1', 'requestToken', {}, [
		['oauth_callback', 'required', 'callback missing', { oauthCallback: '={{ $json.missing }}' }, /Item 0: Callback URL \(oauth_callback\) is required/],
		['oauth_callback', 'format', 'callback neither a URL nor oob', { oauthCallback: 'example.com/callback' }, /Item 0: Callback URL \(oauth_callback\) must be a URL or oob/],
		['x_auth_access_type', 'enum', 'access type not read or write', { oauthCallback: 'oob', additionalFields: { xAuthAccessType: 'admin' } }, /Item 0: Access Type \(x_auth_access_type\) must be one of read, write/],
	]),
	...rows('01 §OAuth 1.0a', 'oauth', 'oauth1', 'authorizationUrl', {}, [
		['oauth_token', 'format', 'request token with a space', { oauthToken: 'abc def' }, /Item 0: Request Token \(oauth_token\) must be a token of printable characters without spaces/],
		['step', 'enum', 'page neither authorize nor authenticate', { oauthToken: 'abc', options: { step: 'login' } }, /Item 0: Page \(step\) must be one of authorize, authenticate/],
		['force_login', 'format', 'force login not a boolean', { oauthToken: 'abc', options: { forceLogin: 'sometimes' } }, /Item 0: Force Login \(force_login\) must be true or false/],
	]),
	...rows('01 §OAuth 1.0a', 'oauth', 'oauth1', 'accessToken', {}, [
		['oauth_token', 'required', 'request token missing', { oauthToken: '={{ $json.missing }}', oauthVerifier: '1234567' }, /Item 0: Request Token \(oauth_token\) is required/],
		['oauth_verifier', 'required', 'verifier missing (apps that omit it fail)', { oauthToken: 'abc', oauthVerifier: '={{ $json.missing }}' }, /Item 0: Verifier or PIN \(oauth_verifier\) is required/],
		['oauth_verifier', 'format', 'verifier with a space', { oauthToken: 'abc', oauthVerifier: '123 4567' }, /Item 0: Verifier or PIN \(oauth_verifier\) must be a token/],
	]),
	...rows('01 §OAuth 1.0a', 'oauth', 'oauth1', 'invalidateToken', {}, [
		['access_token', 'format', 'token with a space', { additionalFields: { accessToken: 'a b', accessTokenSecret: 's' } }, /Item 0: Access Token \(access_token\) must be a token/],
		['access_token', 'requiredTogether', 'token without its secret', { additionalFields: { accessToken: 'abc' } }, /Item 0: Access Token \(access_token\) and Access Token Secret \(access_token_secret\) go together/],
		['access_token_secret', 'requiredTogether', 'secret without its token', { additionalFields: { accessTokenSecret: 'abc' } }, /Item 0: Access Token \(access_token\) and Access Token Secret \(access_token_secret\) go together/],
	]),
	...rows('01 §Webhook management', 'webhooks', 'webhook', 'create', {}, [
		['url', 'required', 'URL missing', { url: '={{ $json.missing }}' }, /Item 0: URL \(url\) is required/],
		['url', 'format', 'http URL', { url: 'http://127.0.0.1/hooks/a' }, /Item 0: URL \(url\) must use https/],
		['url', 'format', 'URL with a port', { url: 'https://127.0.0.1:8443/hooks/a' }, /Item 0: URL \(url\) must not contain a port/],
		['url', 'format', 'URL with the default port written out', { url: 'https://127.0.0.1:443/hooks/a' }, /Item 0: URL \(url\) must not contain a port/],
		['url', 'length', 'URL over 200 characters', { url: `https://n8n.example.com/${'a'.repeat(200)}` }, /Item 0: URL \(url\) must be at most 200 characters \(got 224\)/],
		['url', 'format', 'URL without a scheme', { url: 'n8n.example.com/hooks' }, /Item 0: URL \(url\) must be a full URL/],
	]),
	...rows('01 §Webhook management', 'webhooks', 'webhook', 'validate', {}, [
		['webhook_id', 'format', 'webhook id with letters', { webhookId: 'abc' }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
	]),
	...rows('01 §Webhook management', 'webhooks', 'webhook', 'delete', {}, [
		['webhook_id', 'length', 'webhook id of 20 digits', { webhookId: '1'.repeat(20) }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
	]),
	...rows('01 §Webhook management (replay)', 'webhooks', 'webhook', 'replay', { webhookId: '1234567890', fromDate: iso(now - 2 * HOUR), toDate: iso(now - HOUR) }, [
		['webhook_id', 'format', 'webhook id not digits', { webhookId: 'hook-1' }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
		['from_date', 'window', 'from more than 24 hours ago', { fromDate: iso(now - 25 * HOUR) }, /Item 0: From \(from_date\) must be within the last 24 hours/],
		['to_date', 'window', 'to in the future', { toDate: iso(now + 2 * HOUR) }, /Item 0: To \(to_date\) must not be in the future/],
		['from_date', 'window', 'from after to', { fromDate: iso(now - HOUR), toDate: iso(now - 2 * HOUR) }, /Item 0: From \(from_date\) must not be after To \(to_date\)/],
		['from_date', 'format', 'from not a date', { fromDate: 'yesterday' }, /Item 0: From \(from_date\) must be an ISO 8601 date-time/],
	]),
	...rows('01 §Events (activity subscriptions)', 'webhooks', 'activitySubscription', 'create', { eventType: 'post.create', userId: '2244994945' }, [
		['event_type', 'enum', 'event kind renamed away (old PascalCase kind)', { eventType: 'ProfileBioUpdate' }, /Item 0: Event Type \(event_type\) must be one of profile\.update\.bio/],
		['user_id', 'format', 'user id not numeric', { userId: '@jack' }, /Item 0: User ID \(user_id\) must be a numeric X user ID/],
		['direction', 'enum', 'direction neither inbound nor outbound', { eventType: 'like.create', additionalFields: { direction: 'sideways' } }, /Item 0: Direction \(direction\) must be one of outbound, inbound/],
		['direction', 'neverTogether', 'direction on a mute.* kind', { eventType: 'mute.mute', additionalFields: { direction: 'outbound' } }, /Item 0: Direction \(direction\) is not taken for mute\.\* and block\.\* kinds such as mute\.mute/],
		['tag', 'length', 'tag over 200 characters', { additionalFields: { tag: 't'.repeat(201) } }, /Item 0: Tag \(tag\) must be at most 200 characters/],
		['webhook_id', 'format', 'webhook id not digits', { additionalFields: { webhookId: 'w1' } }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
	]),
	...rows('01 §Events (activity subscriptions)', 'webhooks', 'activitySubscription', 'update', { subscriptionId: '1234567890', updateFields: { tag: 'ok' } }, [
		['subscription_id', 'format', 'subscription id with a slash', { subscriptionId: 'a/b' }, /Item 0: Subscription ID \(subscription_id\) must be a subscription ID of 1 to 19 digits/],
		['tag', 'length', 'tag over 200 characters', { updateFields: { tag: 't'.repeat(201) } }, /Item 0: Tag \(tag\) must be at most 200 characters/],
		['webhook_id', 'format', 'webhook id not digits', { updateFields: { webhookId: 'w1' } }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
	]),
	...rows('01 §Events (activity subscriptions)', 'webhooks', 'activitySubscription', 'delete', {}, [
		['subscription_id', 'format', 'subscription id with a slash', { subscriptionId: 'a/b' }, /Item 0: Subscription ID \(subscription_id\) must be a subscription ID/],
	]),
	...rows('01 §Events (activity subscriptions)', 'webhooks', 'activitySubscription', 'deleteMany', {}, [
		['ids', 'format', 'an id with letters', { ids: '123,abc' }, /Item 0: Subscription IDs \(ids\) .*subscription ID of 1 to 19 digits/],
		['ids', 'count', 'more than 100 ids', { ids: Array.from({ length: 101 }, (_, i) => String(i + 1)).join(',') }, /Item 0: Subscription IDs \(ids\) .*at most 100/],
	]),
	// Account Activity, filtered-stream rules and links, stream connections (openapi.json's patterns and enums).
	...rows('01 §Events (Account Activity)', 'webhooks', 'accountActivity', 'subscribe', {}, [
		['webhook_id', 'format', 'webhook id not digits', { webhookId: 'w1' }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
	]),
	...rows('01 §Events (Account Activity)', 'webhooks', 'accountActivity', 'validate', {}, [
		['webhook_id', 'format', 'webhook id not digits', { webhookId: 'w1' }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
	]),
	...rows('01 §Events (Account Activity)', 'webhooks', 'accountActivity', 'getAll', { returnAll: true }, [
		['webhook_id', 'format', 'webhook id with a slash', { webhookId: '1/2' }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
	]),
	...rows('01 §Events (Account Activity)', 'webhooks', 'accountActivity', 'delete', { webhookId: '1600000000000000001', userId: '2244994945' }, [
		['webhook_id', 'format', 'webhook id not digits', { webhookId: 'w1' }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
		['user_id', 'format', 'user id not numeric', { userId: '@jack' }, /Item 0: User ID \(user_id\) must be a numeric X user ID/],
	]),
	...rows('01 §Events (filtered-stream rules)', 'webhooks', 'streamRule', 'getAll', { returnAll: true }, [
		['ids', 'format', 'an id with letters', { filters: { ids: '123,abc' } }, /Item 0: Rule IDs \(ids\) .*rule ID of 1 to 19 digits/],
	]),
	...rows('01 §Events (filtered-stream rules)', 'webhooks', 'streamRule', 'add', { value: 'acme' }, [
		['value', 'length', 'rule over 2,048 characters', { value: 'a'.repeat(2049) }, /Item 0: Rule \(value\) must be at most 2048 characters/],
	]),
	...rows('01 §Events (filtered-stream rules)', 'webhooks', 'streamRule', 'delete', {}, [
		['ids', 'format', 'an id with letters', { ids: '123,abc' }, /Item 0: Rule IDs \(ids\) .*rule ID of 1 to 19 digits/],
	]),
	...rows('01 §Events (filtered-stream webhooks)', 'webhooks', 'streamLink', 'create', {}, [
		['webhook_id', 'format', 'webhook id not digits', { webhookId: 'w1' }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
	]),
	...rows('01 §Events (filtered-stream webhooks)', 'webhooks', 'streamLink', 'delete', {}, [
		['webhook_id', 'format', 'webhook id not digits', { webhookId: 'w1' }, /Item 0: Webhook ID \(webhook_id\) must be a webhook ID of 1 to 19 digits/],
	]),
	...rows('01 §Errors (TooManyConnections, connections)', 'webhooks', 'connection', 'getAll', { returnAll: true }, [
		['status', 'enum', 'status not one of X\'s', { filters: { status: 'open' } }, /Item 0: Status \(status\) must be one of active, inactive, all/],
		['endpoints', 'enum', 'a stream X does not name', { filters: { endpoints: ['activity_stream'] } }, /Item 0: Streams \(endpoints\) must be one of/],
		['connection.fields', 'enum', 'a field X does not have', { filters: { connectionFields: ['user_id'] } }, /Item 0: Fields \(connection\.fields\) must be one of/],
	]),
	...rows('01 §Errors (TooManyConnections, connections)', 'webhooks', 'connection', 'deleteByEndpoint', {}, [
		['endpoint_id', 'enum', 'a stream X does not name', { endpointId: 'activity_stream' }, /Item 0: Stream \(endpoint_id\) must be one of/],
	]),
	...rows('01 §Errors (TooManyConnections, connections)', 'webhooks', 'connection', 'deleteMany', {}, [
		['uuids', 'count', 'more than 100 ids', { uuids: Array.from({ length: 101 }, (_, i) => `c${i}`).join(',') }, /Item 0: Connection IDs \(uuids\) .*at most 100/],
	]),
	// The webhook consumer: the X Trigger answers X's CRC GET and event POSTs.
	...rows('01 §Endpoints hosted by the customer', 'trigger', 'webhook', 'crc', {}, [
		['crc_token', 'required', 'crc_token missing', {}, /crc_token missing or malformed/, { trigger: { crcQuery: {}, status: 400 } }],
		['crc_token', 'required', 'crc_token empty', {}, /crc_token missing or malformed/, { trigger: { crcQuery: { crc_token: '' }, status: 400 } }],
		['crc_token', 'length', 'crc_token of 15 characters', {}, /crc_token missing or malformed/, { trigger: { crcQuery: { crc_token: 'A'.repeat(15) }, status: 400 } }],
		['crc_token', 'length', 'crc_token of 129 characters', {}, /crc_token missing or malformed/, { trigger: { crcQuery: { crc_token: 'A'.repeat(129) }, status: 400 } }],
		['crc_token', 'format', 'crc_token that is a JSON string (a body to sign)', {}, /crc_token missing or malformed/, { trigger: { crcQuery: { crc_token: '{"for_user_id":"1","tweet_create_events":[]}' }, status: 400 } }],
		['crc_token', 'count', 'crc_token given twice', {}, /crc_token missing or malformed/, { trigger: { crcQuery: { crc_token: ['A'.repeat(20), 'B'.repeat(20)] }, status: 400 } }],
		['crc_token', 'format', 'crc_token with a space', {}, /crc_token missing or malformed/, { trigger: { crcQuery: { crc_token: 'AAAAAAAA BBBBBBBB' }, status: 400 } }],
	]),
	...rows('01 §Events (webhook delivery)', 'trigger', 'webhook', 'delivery', {}, [
		['x-twitter-webhooks-signature', 'required', 'delivery without a signature', {}, /signature missing or wrong/, { names: 'signature', trigger: { delivery: 'unsigned', status: 401 } }],
		['x-twitter-webhooks-signature', 'format', 'delivery changed after signing', {}, /signature missing or wrong/, { names: 'signature', trigger: { delivery: 'tampered', status: 401 } }],
	]),
	// Shared query parameters of collection endpoints.
	...rows('01 §Advertising conventions', 'ads', 'account', 'getAll', { returnAll: false }, [
		['count', 'range', 'Limit (sent as count) of 0', { limit: 0 }, /Item 0: Limit must be a whole number of at least 1 \(got 0\)/, { names: 'Limit' }],
	]),
	...rows('01 §Advertising conventions', 'ads', 'account', 'get', { account: ACCOUNT }, [
		['with_deleted', 'format', 'with_deleted not a boolean', { options: { withDeleted: 'sometimes' } }, /Item 0: With Deleted \(with_deleted\) must be true or false/],
	]),
	// sort_by on every collection that takes it.
	...(
		[
			['account', 'getAll', {}],
			['accountApp', 'getAll', { account: ACCOUNT }],
			['lineItemCuratedCategory', 'getAll', { account: ACCOUNT }],
			['tailoredAudiencePermission', 'getAll', { account: ACCOUNT, tailoredAudienceId: 'ta1' }],
			['accountMedia', 'getAll', { account: ACCOUNT }],
			['card', 'getAll', { account: ACCOUNT }],
			['pollCard', 'getAll', { account: ACCOUNT }],
			['videoConversationCard', 'getAll', { account: ACCOUNT }],
		] as Array<[string, string, INodeParameters]>
	).flatMap(([resource, operation, base]) =>
		rows('01 §Advertising conventions', 'ads', resource, operation, { ...base, returnAll: true }, [
			['sort_by', 'format', 'sort_by without a direction', { filters: { sortBy: 'name' } }, /Item 0: Sort By \(sort_by\) must be an attribute and a direction/],
		]),
	),
	// account_id: the path parameter of every account-scoped operation (the other parameters valid).
	...Object.entries(VALID).flatMap(([key, valid]) => {
		const [resource, operation] = key.split('.');
		return rows('01 §Advertising conventions', 'ads', resource, operation, { ...valid, returnAll: true }, [
			['account_id', 'format', 'account id with a space', { account: 'acct 1' }, /Item 0: Account \(account_id\) must be an X Ads account ID/],
		]);
	}),
];

// ---------------------------------------------------------------- 02: catalogs, audiences, creatives

const upsert = { catalog: 'cat1', mapping: 'auto' };
const doc02: BadInput[] = [
	...rows('02 §Product', 'ads', 'product', 'upsert', upsert, [
		['id', 'required', 'id missing', {}, /Item 0: ID \(id\) is required/, withProduct({ id: '' })],
		['id', 'length', 'id over 100 characters', {}, /Item 0: ID \(id\) must be at most 100 characters/, withProduct({ id: 'x'.repeat(101) })],
		['title', 'required', 'title missing', {}, /Item 0: Title \(title\) is required/, withProduct({ title: null })],
		['title', 'length', 'title over 150 characters', {}, /Item 0: Title \(title\) must be at most 150 characters \(got 151\)/, withProduct({ title: 't'.repeat(151) })],
		['description', 'length', 'description over 5000 characters', {}, /Item 0: Description \(description\) must be at most 5000 characters/, withProduct({ description: 'd'.repeat(5001) })],
		['description', 'format', 'description with HTML', {}, /Item 0: Description \(description\) must be plain text without HTML tags/, withProduct({ description: 'Soft <b>leather</b>' })],
		['availability', 'enum', 'availability not exact', {}, /Item 0: Availability \(availability\) must be one of in stock, available for order, preorder, out of stock, discontinued \(got "In Stock"\)/, withProduct({ availability: 'In Stock' })],
		['condition', 'enum', 'condition unknown', {}, /Item 0: Condition \(condition\) must be one of new, used, refurbished/, withProduct({ condition: 'mint' })],
		['price', 'format', 'price with a comma', {}, /Item 0: Price \(price\) must be a number, a space and a 3-letter currency code/, withProduct({ price: '19,99 USD' })],
		['price', 'format', 'price without a currency', {}, /Item 0: Price \(price\) must be a number/, withProduct({ price: '19.99' })],
		['price', 'enum', 'price currency not ISO 4217', {}, /Item 0: Price \(price\) has "XYZ", which is not an ISO 4217 currency code/, withProduct({ price: '19.99 XYZ' })],
		['link', 'format', 'link not https', {}, /Item 0: Link \(link\) must be an https URL/, withProduct({ link: 'http://shop.example.com/p' })],
		['image_link', 'format', 'image link not https', {}, /Item 0: Image Link \(image_link\) must be an https URL/, withProduct({ image_link: 'ftp://cdn.example.com/a.jpg' })],
		['mobile_link', 'format', 'mobile link not https', {}, /Item 0: Mobile Link \(mobile_link\) must be an https URL/, withProduct({ mobile_link: 'http://m.example.com/p' })],
		['brand', 'requiredTogether', 'no brand, GTIN or MPN', {}, /Item 0: Brand \(brand\), GTIN \(gtin\) or MPN \(mpn\) one of them is required/, withProduct({ brand: '' })],
		['gtin', 'format', 'GTIN with letters', {}, /Item 0: GTIN \(gtin\) must be a GTIN of 8 to 14 digits/, withProduct({ gtin: '40123X5' })],
		['additional_image_link', 'count', '11 additional image links', {}, /Item 0: Additional Image Links \(additional_image_link\) takes at most 10 URLs \(got 11\)/, withProduct({ additional_image_link: Array.from({ length: 11 }, (_, i) => `https://cdn.example.com/${i}.jpg`).join(',') })],
		['additional_image_link', 'format', 'additional image link not https', {}, /Item 0: Additional Image Links \(additional_image_link\) must be https URLs \(got "http:\/\/cdn.example.com\/2.jpg"\)/, withProduct({ additional_image_link: 'https://cdn.example.com/1.jpg,http://cdn.example.com/2.jpg' })],
		['product_type', 'format', 'product type levels not separated by " > "', {}, /Item 0: Product Type \(product_type\) must separate its levels with " > "/, withProduct({ product_type: 'Apparel>Shoes' })],
		['inventory', 'range', 'inventory 0 when in stock', {}, /Item 0: Inventory \(inventory\) must be at least 1 when availability is "in stock"/, withProduct({ inventory: 0 })],
		['inventory', 'range', 'inventory negative', {}, /Item 0: Inventory \(inventory\) must be at least 0/, withProduct({ availability: 'out of stock', inventory: -1 })],
		['inventory', 'format', 'inventory not whole', {}, /Item 0: Inventory \(inventory\) must be a whole number/, withProduct({ inventory: 2.5 })],
		['inventory', 'format', 'inventory not a number', {}, /Item 0: Inventory \(inventory\) must be a number/, withProduct({ inventory: 'many' })],
		['sale_price', 'format', 'sale price format', {}, /Item 0: Sale Price \(sale_price\) must be a number, a space and a 3-letter currency code/, withProduct({ sale_price: 'USD 9.99' })],
		['sale_price', 'other', 'sale price in another currency', {}, /Item 0: Sale Price \(sale_price\) must be in the price's currency USD \(got EUR\)/, withProduct({ sale_price: '9.99 EUR' })],
		['sale_price', 'range', 'sale price not lower than the price', {}, /Item 0: Sale Price \(sale_price\) must be lower than the price/, withProduct({ sale_price: '19.990 USD' })],
		['sale_price_effective_date', 'format', 'effective date without a time zone', {}, /Item 0: Sale Price Effective Date \(sale_price_effective_date\) must be two date-times separated by \//, withProduct({ sale_price: '9.99 USD', sale_price_effective_date: '2026-05-01T00:00/2026-05-08T00:00' })],
		['sale_price_effective_date', 'format', 'effective dates without times', {}, /Item 0: Sale Price Effective Date \(sale_price_effective_date\) must be two date-times/, withProduct({ sale_price: '9.99 USD', sale_price_effective_date: '2026-05-01/2026-05-08' })],
		['sale_price_effective_date', 'window', 'effective dates reversed', {}, /Item 0: Sale Price Effective Date \(sale_price_effective_date\) must start before it ends/, withProduct({ sale_price: '9.99 USD', sale_price_effective_date: '2026-05-08T00:00+00:00/2026-05-01T00:00+00:00' })],
		['gender', 'enum', 'gender unknown', {}, /Item 0: Gender \(gender\) must be one of female, male, unisex/, withProduct({ gender: 'women' })],
		['age_group', 'enum', 'age group unknown', {}, /Item 0: Age Group \(age_group\) must be one of adult, all ages, teen, kids, toddler, infant, newborn/, withProduct({ age_group: 'senior' })],
		['color', 'format', 'color as a hex code', {}, /Item 0: Color \(color\) must be color names, not hex codes/, withProduct({ color: '#FF0000' })],
		['color', 'format', 'color as bare hex digits', {}, /Item 0: Color \(color\) must be color names/, withProduct({ color: 'ff0000' })],
		['condition', 'enum', 'second item bad, named by its index', {}, /^Item 1: Condition \(condition\) must be one of/, { input: [product('p-1'), product('p-2', { condition: 'broken' })], item: 1 }],
		['product_catalog_id', 'format', 'catalog id not an id', { catalog: 'not an id' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/, { input: [product('p-1')] }],
		[
			'sale_price',
			'range',
			'fields mode: the rule names the field the same way',
			{ mapping: 'fields', id: 'x1', title: 'T', description: 'D', availability: 'in stock', condition: 'new', price: '10.00 USD', link: 'https://shop.example.com/x1', imageLink: 'https://cdn.example.com/x1.jpg', updateFields: { mpn: 'M-1', salePrice: '12.00 USD' } },
			/Item 0: Sale Price \(sale_price\) must be lower than the price \(got 12.00 USD for 10.00 USD\)/,
		],
	]),
	...rows('02 §Product catalogs', 'ads', 'productCatalog', 'getAll', {}, [
		['user_id', 'format', 'user id not numeric', { options: { userId: '@acme' } }, /Item 0: User ID \(user_id\) must be a numeric X user ID/],
	]),
	...rows('02 §Product catalogs', 'ads', 'productCatalog', 'create', { name: 'Catalog' }, [
		['name', 'required', 'name missing', { name: '={{ $json.missing }}' }, /Item 0: Name \(name\) is required/],
		['user_id', 'format', 'user id not numeric', { additionalFields: { userId: 'acme' } }, /Item 0: User ID \(user_id\) must be a numeric X user ID/],
	]),
	...rows('02 §Product catalogs', 'ads', 'productCatalog', 'update', { catalog: 'cat1', name: 'Catalog' }, [
		['product_catalog_id', 'format', 'catalog id with a dash', { catalog: 'cat-1' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
		['name', 'required', 'name missing', { name: '={{ $json.missing }}' }, /Item 0: Name \(name\) is required/],
	]),
	...rows('02 §Product catalogs', 'ads', 'productCatalog', 'sync', {}, [
		['product_catalog_id', 'format', 'catalog id with a dash', { catalog: 'cat-1' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/, { input: [product('p-1')] }],
	]),
	...rows('02 §Product catalogs', 'ads', 'productCatalog', 'delete', {}, [
		['product_catalog_id', 'required', 'catalog id missing', { catalog: '={{ $json.missing }}' }, /Item 0: Catalog \(product_catalog_id\) (is required|must be a product catalog ID)/],
	]),
	...rows('02 §Product catalogs', 'ads', 'product', 'getAll', { returnAll: true }, [
		['product_catalog_id', 'format', 'catalog id with a slash', { catalog: 'a/b' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
	]),
	...rows('02 §Product catalogs', 'ads', 'product', 'delete', { catalog: 'cat1' }, [
		['product_catalog_id', 'format', 'catalog id with a space', { catalog: 'a b', productKeys: 'k1' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
		['product_keys', 'required', 'no product keys', { productKeys: ' , ' }, /Item 0: Product Keys \(product_keys\) is required/],
	]),
	...rows('02 §Product set', 'ads', 'productSet', 'get', { catalog: 'cat1' }, [
		['product_set_id', 'format', 'set id not an id', { productSetId: 'a/b' }, /Item 0: Product Set ID \(product_set_id\) must be a product set ID/],
		['product_catalog_id', 'format', 'catalog id not an id', { catalog: 'a/b', productSetId: 'abc' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
	]),
	...rows('02 §Product set', 'ads', 'productSet', 'create', { catalog: 'cat1', name: 'S' }, [
		['product_keys', 'requiredTogether', 'MANUAL without product keys', { type: 'MANUAL' }, /Item 0: Product Keys \(product_keys\) are required for a MANUAL set/],
		['filters', 'neverTogether', 'MANUAL with filters', { type: 'MANUAL', additionalFields: { productKeys: 'k1', filters: '[]' } }, /Item 0: Filters \(filters\) are only for FILTERED sets/],
		['product_keys', 'neverTogether', 'FILTERED with product keys', { type: 'FILTERED', additionalFields: { productKeys: 'k1' } }, /Item 0: Product Keys \(product_keys\) are only for MANUAL sets/],
		['filters', 'requiredTogether', 'FILTERED without filters', { type: 'FILTERED' }, /Item 0: Filters \(filters\) are required for a FILTERED set/],
		['filters', 'format', 'filters not JSON', { type: 'FILTERED', additionalFields: { filters: '[{' } }, /Item 0: Filters \(filters\) must be valid JSON/],
		['filters', 'enum', 'filter attribute unknown', { type: 'FILTERED', additionalFields: { filters: '[{"attribute":"title","operator":"MATCH","value":"x"}]' } }, /Item 0: Filters \(filters\) entry 0: attribute must be one of price, product_type/],
		['filters', 'enum', 'filter operator unknown', { type: 'FILTERED', additionalFields: { filters: '[{"attribute":"inventory","operator":"AT_LEAST","value":"1"}]' } }, /Item 0: Filters \(filters\) entry 0: operator must be one of GREATER_THAN/],
		['filters', 'required', 'filter value empty', { type: 'FILTERED', additionalFields: { filters: '[{"attribute":"inventory","operator":"EQUAL_TO","value":""}]' } }, /Item 0: Filters \(filters\) entry 0: value must be a non-empty string/],
		['filters', 'format', 'filter price not in the price format', { type: 'FILTERED', additionalFields: { filters: '[{"attribute":"price","operator":"LESS_THAN","value":"50"}]' } }, /Item 0: Filters \(filters\) entry 0: a price value must use the price format/],
		['type', 'enum', 'type not MANUAL or FILTERED', { type: 'DYNAMIC' }, /Item 0: Type \(type\) must be one of MANUAL, FILTERED/],
		['name', 'required', 'name missing', { name: '={{ $json.missing }}', type: 'MANUAL', additionalFields: { productKeys: 'k' } }, /Item 0: Name \(name\) is required/],
		['product_catalog_id', 'format', 'catalog id not an id', { catalog: 'a b', type: 'MANUAL', additionalFields: { productKeys: 'k' } }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
	]),
	...rows('02 §Product set', 'ads', 'productSet', 'update', { catalog: 'cat1', productSetId: 'abc' }, [
		['name', 'required', 'nothing to change', { updateFields: {} }, /Item 0: Update Fields needs at least one field to change/, { names: 'Update Fields' }],
		['product_set_id', 'format', 'set id not an id', { productSetId: 'a b', updateFields: { name: 'x' } }, /Item 0: Product Set ID \(product_set_id\) must be a product set ID/],
		['product_catalog_id', 'format', 'catalog id not an id', { catalog: 'a b', updateFields: { name: 'x' } }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
	]),
	...rows('02 §Product set', 'ads', 'productSet', 'delete', { catalog: 'cat1', productSetId: 'abc' }, [
		['product_set_id', 'format', 'set id not an id', { productSetId: 'a/b' }, /Item 0: Product Set ID \(product_set_id\) must be a product set ID/],
		['product_catalog_id', 'format', 'catalog id not an id', { catalog: 'a b' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
	]),
	// The spec documents leave scheduled feeds out: X's reference page is the source.
	...rows('docs.x.com/x-ads-api/catalog-management/reference §Scheduled Feeds', 'ads', 'scheduledFeed', 'getAll', { returnAll: true }, [
		['product_catalog_id', 'format', 'catalog id with a slash', { catalog: 'a/b' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
	]),
	...rows('docs.x.com/x-ads-api/catalog-management/reference §Scheduled Feeds', 'ads', 'scheduledFeed', 'create', feedBase, [
		['product_catalog_id', 'format', 'catalog id with a space', { catalog: 'a b' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
		['feed_url', 'required', 'feed URL missing', { feedUrl: '={{ $json.missing }}' }, /Item 0: Feed URL \(feed_url\) is required/],
		['feed_url', 'format', 'feed URL over ftp', { feedUrl: 'ftp://shop.example/feed.csv' }, /Item 0: Feed URL \(feed_url\) must be a full http\(s\) URL of the product file/],
		['feed_format', 'enum', 'format not CSV, TSV or XML', { feedFormat: 'JSON' }, /Item 0: Feed Format \(feed_format\) must be one of CSV, TSV, XML/],
		['frequency', 'enum', 'frequency not HOURLY, DAILY or WEEKLY', { frequency: 'MONTHLY' }, /Item 0: Frequency \(frequency\) must be one of HOURLY, DAILY, WEEKLY/],
		['start_time', 'format', 'start time without a leading zero', { startTime: '7:30' }, /Item 0: Start Time \(start_time\) must be a time of day as HH:MM/],
		['start_time', 'range', 'start time past 23:59', { startTime: '24:00' }, /Item 0: Start Time \(start_time\) must be a time of day as HH:MM/],
		['time_zone', 'format', 'time zone as an offset', { timeZone: 'GMT+5' }, /Item 0: Time Zone \(time_zone\) must be an IANA time zone/],
		['time_zone', 'other', 'time zone the tz database does not know', { timeZone: 'Mars/Olympus_Mons' }, /Item 0: Time Zone \(time_zone\) must be an IANA time zone such as America\/New_York \(got "Mars\/Olympus_Mons"\)/],
		['repeat', 'requiredTogether', 'WEEKLY without a day', { additionalFields: {} }, /Item 0: Repeat \(repeat\) is required for the WEEKLY frequency/],
		['repeat', 'enum', 'HOURLY every 5 hours', { frequency: 'HOURLY', additionalFields: { repeat: '5' } }, /Item 0: Repeat \(repeat\) must be one of 1, 2, 3, 4, 6, 8, 12 for the HOURLY frequency/],
		['repeat', 'neverTogether', 'DAILY with a repeat', { frequency: 'DAILY' }, /Item 0: Repeat \(repeat\) must be left empty for the DAILY frequency/],
	]),
	...rows('docs.x.com/x-ads-api/catalog-management/reference §Scheduled Feeds', 'ads', 'scheduledFeed', 'update', { catalog: 'cat1', scheduledFeedId: '1577629831247720448' }, [
		['start_time', 'required', 'nothing to change', { updateFields: {} }, /Item 0: Update Fields needs at least one field to change/, { names: 'Update Fields' }],
		['scheduled_feed_id', 'format', 'feed id with a slash', { scheduledFeedId: 'a/b', updateFields: { startTime: '07:30' } }, /Item 0: Scheduled Feed ID \(scheduled_feed_id\) must be a scheduled feed ID/],
		['product_catalog_id', 'format', 'catalog id with a space', { catalog: 'a b', updateFields: { startTime: '07:30' } }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
		['feed_url', 'format', 'feed URL without a scheme', { updateFields: { feedUrl: 'shop.example/feed.csv' } }, /Item 0: Feed URL \(feed_url\) must be a full http\(s\) URL/],
		['feed_format', 'enum', 'format not CSV, TSV or XML', { updateFields: { feedFormat: 'JSON' } }, /Item 0: Feed Format \(feed_format\) must be one of CSV, TSV, XML/],
		['frequency', 'enum', 'frequency not in the enum', { updateFields: { frequency: 'YEARLY' } }, /Item 0: Frequency \(frequency\) must be one of HOURLY, DAILY, WEEKLY/],
		['start_time', 'format', 'start time with seconds', { updateFields: { startTime: '07:30:00' } }, /Item 0: Start Time \(start_time\) must be a time of day as HH:MM/],
		['time_zone', 'other', 'unknown time zone', { updateFields: { timeZone: 'Europe/Atlantis' } }, /Item 0: Time Zone \(time_zone\) must be an IANA time zone/],
		['repeat', 'requiredTogether', 'switch to WEEKLY without a day', { updateFields: { frequency: 'WEEKLY' } }, /Item 0: Repeat \(repeat\) is required for the WEEKLY frequency/],
		['repeat', 'enum', 'repeat neither a day nor hours', { updateFields: { repeat: 'FORTNIGHT' } }, /Item 0: Repeat \(repeat\) must be a day \(MONDAY to SUNDAY\) or a number of hours/],
	]),
	...rows('docs.x.com/x-ads-api/catalog-management/reference §Scheduled Feeds', 'ads', 'scheduledFeed', 'delete', { catalog: 'cat1', scheduledFeedId: '1577629831247720448' }, [
		['scheduled_feed_id', 'format', 'feed id with a space', { scheduledFeedId: '1 2' }, /Item 0: Scheduled Feed ID \(scheduled_feed_id\) must be a scheduled feed ID/],
		['product_catalog_id', 'format', 'catalog id with a slash', { catalog: 'a/b' }, /Item 0: Catalog \(product_catalog_id\) must be a product catalog ID/],
	]),
	...rows('02 §Keyword insights', 'ads', 'keywordInsight', 'search', keywordBase, [
		['keywords', 'count', '11 keywords', { keywords: 'a,b,c,d,e,f,g,h,i,j,k', options: { endTime: '2026-03-02T00:00:00Z' } }, /Item 0: Keywords \(keywords\) and Negative Keywords \(negative_keywords\) take at most 10 keywords together \(got 11\)/],
		['negative_keywords', 'count', '6 keywords and 5 negative', { keywords: 'a,b,c,d,e,f', options: { endTime: '2026-03-02T00:00:00Z', negativeKeywords: 'g,h,i,j,k' } }, /take at most 10 keywords together \(got 11\)/],
		['end_time', 'window', 'window over 7 days', { options: { endTime: '2026-03-08T00:00:01Z' } }, /Item 0: Start Time \(start_time\) and End Time \(end_time\) must be at most 7 days apart/],
		['start_time', 'window', 'window from a start 8 days ago to now', { startTime: iso(now - 8 * 24 * HOUR) }, /must be at most 7 days apart \(the end defaults to now\)/],
		['start_time', 'window', 'start after end', { startTime: '2026-03-02T00:00:00Z', options: { endTime: '2026-03-01T00:00:00Z' } }, /Item 0: Start Time \(start_time\) must be before End Time \(end_time\)/],
		['start_time', 'window', 'start in the future without an end', { startTime: '2099-01-01T00:00:00Z' }, /Item 0: Start Time \(start_time\) must be in the past when no end time is given/],
		['start_time', 'format', 'start not a date', { startTime: 'last week' }, /Item 0: Start Time \(start_time\) must be an ISO 8601 date-time/],
		['end_time', 'format', 'end not a date', { options: { endTime: '03/02/2026' } }, /Item 0: End Time \(end_time\) must be an ISO 8601 date-time/],
		['granularity', 'enum', 'granularity not DAY or HOUR', { granularity: 'WEEK', options: { endTime: '2026-03-02T00:00:00Z' } }, /Item 0: Granularity \(granularity\) must be one of DAY, HOUR/],
		['keywords', 'required', 'no keywords', { keywords: ' , ', options: { endTime: '2026-03-02T00:00:00Z' } }, /Item 0: Keywords \(keywords\) is required/],
	]),
	...rows('02 §Tailored audience permissions', 'ads', 'tailoredAudiencePermission', 'getAll', { account: ACCOUNT, tailoredAudienceId: 'ta1', returnAll: true }, [
		['granted_account_ids', 'count', 'more than 200 granted account ids', { filters: { grantedAccountIds: ids(201) } }, /Item 0: Granted Account IDs \(granted_account_ids\) takes at most 200 values \(got 201\)/],
		['tailored_audience_permission_ids', 'count', 'more than 200 permission ids', { filters: { tailoredAudiencePermissionIds: ids(201, 'p') } }, /Item 0: Permission IDs \(tailored_audience_permission_ids\) takes at most 200 values/],
		['tailored_audience_id', 'format', 'audience id with a dash', { tailoredAudienceId: 'ta-1' }, /Item 0: Tailored Audience ID \(tailored_audience_id\) must be an X Ads ID/],
	]),
	...rows('02 §Tailored audience permissions', 'ads', 'tailoredAudiencePermission', 'create', { account: ACCOUNT, tailoredAudienceId: 'ta1', grantedAccountId: 'acc2', permissionLevel: 'READ_ONLY' }, [
		['permission_level', 'enum', 'permission level not in the enum', { permissionLevel: 'OWNER' }, /Item 0: Permission Level \(permission_level\) must be one of READ_ONLY, READ_WRITE/],
		['granted_account_id', 'format', 'granted account id not an id', { grantedAccountId: 'acc 2' }, /Item 0: Granted Account ID \(granted_account_id\) must be an X Ads ID/],
		['granted_account_id', 'required', 'granted account id missing', { grantedAccountId: '={{ $json.missing }}' }, /Item 0: Granted Account ID \(granted_account_id\) is required/],
		['tailored_audience_id', 'format', 'audience id with a slash', { tailoredAudienceId: 'ta/1' }, /Item 0: Tailored Audience ID \(tailored_audience_id\) must be an X Ads ID/],
	]),
	...rows('02 §Tailored audience permissions', 'ads', 'tailoredAudiencePermission', 'delete', { account: ACCOUNT, tailoredAudienceId: 'ta1', tailoredAudiencePermissionId: 'p1' }, [
		['tailored_audience_permission_id', 'format', 'permission id not an id', { tailoredAudiencePermissionId: 'p/1' }, /Item 0: Permission ID \(tailored_audience_permission_id\) must be an X Ads ID/],
		['tailored_audience_id', 'format', 'audience id with a space', { tailoredAudienceId: 'ta 1' }, /Item 0: Tailored Audience ID \(tailored_audience_id\) must be an X Ads ID/],
	]),
	...rows('02 §Targeted audiences', 'ads', 'customAudience', 'getTargeted', { account: ACCOUNT, customAudienceId: 'ca1', returnAll: true }, [
		['custom_audience_id', 'format', 'custom audience id not an id', { customAudienceId: 'ca-1' }, /Item 0: Custom Audience \(custom_audience_id\) must be a custom audience ID/],
		['with_active', 'format', 'with_active not a boolean', { filters: { withActive: 'yes' } }, /Item 0: Only Active \(with_active\) must be true or false/],
	]),
	...rows('02 §Custom audience users', 'ads', 'customAudience', 'addUsers', { account: ACCOUNT, customAudienceId: 'ca1' }, [
		['email', 'format', 'email not an address', { additionalFields: { email: 'jane.example.com' } }, /Item 0: Email \(email\) is not an email address \("jane.example.com"\)/],
		['phone_number', 'length', 'phone too short', { additionalFields: { phoneNumber: '+1 555' } }, /Item 0: Phone Number \(phone_number\) is not a phone number with country code, 7 to 15 digits/],
		['phone_number', 'format', 'phone with letters', { additionalFields: { phoneNumber: '+1 555 CALL NOW' } }, /Item 0: Phone Number \(phone_number\) is not a phone number/],
		['handle', 'format', 'handle with a space', { additionalFields: { handle: '@ads api' } }, /Item 0: X Handle \(handle\) is not an X handle/],
		['handle', 'length', 'handle too long', { additionalFields: { handle: 'a'.repeat(16) } }, /Item 0: X Handle \(handle\) is not an X handle/],
		['twitter_id', 'format', 'X user id not numeric', { additionalFields: { twitterId: '@jack' } }, /Item 0: X User ID \(twitter_id\) is not a numeric X user ID/],
		['users', 'required', 'no identifier at all', { additionalFields: {} }, /Item 0: Identifiers needs at least one value/, { names: 'Identifiers' }],
		['expires_at', 'window', 'expires before effective', { additionalFields: { email: 'a@example.com', effectiveAt: '2026-05-02T00:00:00Z', expiresAt: '2026-05-01T00:00:00Z' } }, /Item 0: Expires At \(expires_at\) must be later than Effective At \(effective_at\)/],
		['expires_at', 'window', 'expires in the past, effective defaulting to now', { additionalFields: { email: 'a@example.com', expiresAt: '2020-01-01T00:00:00Z' } }, /Item 0: Expires At \(expires_at\) must be in the future when Effective At \(effective_at\) is not given/],
		['effective_at', 'format', 'effective at not a date', { additionalFields: { email: 'a@example.com', effectiveAt: 'tomorrow' } }, /Item 0: Effective At \(effective_at\) must be an ISO 8601 date-time/],
		['custom_audience_id', 'format', 'custom audience id not an id', { customAudienceId: 'ca-1', additionalFields: { email: 'a@example.com' } }, /Item 0: Custom Audience \(custom_audience_id\) must be a custom audience ID/],
		['email', 'format', 'identifiers mapped from the item JSON: a bad email', { identifierMapping: 'auto' }, /Item 0: Email \(email\) is not an email address/, { input: [{ email: 'broken@' }] }],
		// Careless input (issue 24, breaks 8 and 9): a NUL or another control character, or U+FFFD (bytes decoded in the wrong encoding), would be hashed into another user.
		['email', 'format', 'an email with a NUL at its end', { additionalFields: { email: 'a@example.com\u0000' } }, /Item 0: Email \(email\) must not contain control characters such as tabs or line breaks \(got "a@example.com\\u0000"\)/],
		['email', 'format', 'an email mapped from the item JSON with a NUL inside', { identifierMapping: 'auto' }, /Item 0: Email \(email\) must not contain control characters/, { input: [{ email: 'b@exa\u0000mple.com' }] }],
		['email', 'format', 'an email decoded in the wrong encoding (U+FFFD)', { additionalFields: { email: 'caf\uFFFD@example.com' } }, /Item 0: Email \(email\) holds bytes that were not valid text in the encoding they were read with, shown as U\+FFFD/],
		['device_id', 'format', 'a device ID with a control character', { additionalFields: { deviceId: 'idfa\u0001' } }, /Item 0: Device ID \(device_id\) must not contain control characters/],
		['email', 'format', 'an email pasted with a zero-width space', { additionalFields: { email: 'jane\u200b@example.com' } }, /Item 0: Email \(email\) must not contain invisible characters such as zero-width spaces/],
		['partner_user_id', 'format', 'a partner user ID with a lone surrogate (hashed or sent as U+FFFD)', { additionalFields: { partnerUserId: 'user-\ud800' } }, /Item 0: Partner User ID \(partner_user_id\) holds bytes that were not valid text/],
	]),
	...rows('02 §Custom audience users', 'ads', 'customAudience', 'removeUsers', { account: ACCOUNT, customAudienceId: 'ca1' }, [
		['custom_audience_id', 'format', 'custom audience id with a space', { customAudienceId: 'ca 1', additionalFields: { email: 'a@example.com' } }, /Item 0: Custom Audience \(custom_audience_id\) must be a custom audience ID/],
		['expires_at', 'format', 'expires at not a date', { additionalFields: { email: 'a@example.com', expiresAt: 'next year' } }, /Item 0: Expires At \(expires_at\) must be an ISO 8601 date-time/],
	]),
	...rows('02 §Audience sync', 'ads', 'customAudience', 'sync', { account: ACCOUNT, customAudienceId: 'ca1', dryRun: true }, [
		['custom_audience_id', 'format', 'custom audience id with a space', { customAudienceId: 'ca 1' }, /Item 0: Custom Audience \(custom_audience_id\) must be a custom audience ID/],
	]),
	...rows('02 §Audience sync', 'ads', 'doNotReachList', 'sync', { account: ACCOUNT, doNotReachListId: 'd1', dryRun: true }, [
		['do_not_reach_list_id', 'format', 'list id with a dash', { doNotReachListId: 'd-1' }, /Item 0: Do-Not-Reach List \(do_not_reach_list_id\) must be a do-not-reach list ID/],
	]),
	...rows('02 §Do-not-reach lists', 'ads', 'doNotReachList', 'addUsers', { account: ACCOUNT, doNotReachListId: 'd1' }, [
		['users', 'enum', 'handle is not an identifier of do-not-reach lists', { additionalFields: { handle: 'jack' } }, /Item 0: Identifiers needs at least one value \(Email, Phone Number\)/, { names: 'Identifiers' }],
		['do_not_reach_list_id', 'format', 'list id with a dash', { doNotReachListId: 'd-1', additionalFields: { email: 'a@example.com' } }, /Item 0: Do-Not-Reach List \(do_not_reach_list_id\) must be a do-not-reach list ID/],
		['expires_at', 'window', 'expires in the past', { additionalFields: { email: 'a@example.com', expiresAt: '2020-01-01T00:00:00Z' } }, /Item 0: Expires At \(expires_at\) must be in the future/],
		['phone_number', 'format', 'phone with letters', { additionalFields: { phoneNumber: 'call me' } }, /Item 0: Phone Number \(phone_number\) is not a phone number/],
	]),
	...rows('02 §Do-not-reach lists', 'ads', 'doNotReachList', 'removeUsers', { account: ACCOUNT, doNotReachListId: 'd1' }, [
		['email', 'format', 'bad email', { additionalFields: { email: 'nope' } }, /Item 0: Email \(email\) is not an email address/],
		['do_not_reach_list_id', 'format', 'list id with a slash', { doNotReachListId: 'd/1', additionalFields: { email: 'a@example.com' } }, /Item 0: Do-Not-Reach List \(do_not_reach_list_id\) must be a do-not-reach list ID/],
	]),
	...rows('02 §Do-not-reach lists', 'ads', 'doNotReachList', 'delete', { account: ACCOUNT }, [
		['do_not_reach_list_id', 'required', 'list id empty', { doNotReachListId: '={{ $json.none }}' }, /Item 0: Do-Not-Reach List \(do_not_reach_list_id\) is required/],
		['do_not_reach_list_id', 'format', 'list id with a space', { doNotReachListId: 'd 1' }, /Item 0: Do-Not-Reach List \(do_not_reach_list_id\) must be a do-not-reach list ID/],
	]),
	...rows('02 §Account media', 'ads', 'accountMedia', 'getAll', { account: ACCOUNT, returnAll: true }, [
		['creative_types', 'enum', 'creative type not in the enum', { filters: { creativeTypes: ['PREROLL', 'POPUP'] } }, /Item 0: Creative Types \(creative_types\) must be one of BANNER/],
		['account_media_ids', 'count', 'more than 200 ids', { filters: { accountMediaIds: ids(201) } }, /Item 0: Account Media IDs \(account_media_ids\) takes at most 200 values \(got 201\)/],
	]),
	...rows('02 §Account media', 'ads', 'accountMedia', 'get', { account: ACCOUNT }, [
		['account_media_id', 'format', 'id with a space', { accountMediaId: 'a b' }, /Item 0: Account Media ID \(account_media_id\) must be an X Ads ID/],
	]),
	...rows('02 §Account media', 'ads', 'accountMedia', 'delete', { account: ACCOUNT }, [
		['account_media_id', 'format', 'id with a dot', { accountMediaId: 'a.b' }, /Item 0: Account Media ID \(account_media_id\) must be an X Ads ID/],
	]),
	...rows('02 §Cards', 'ads', 'card', 'getAll', { account: ACCOUNT, returnAll: true }, [
		['q', 'length', 'name prefix over 80', { filters: { nameStartsWith: 'q'.repeat(81) } }, /Item 0: Name Starts With \(q\) must be at most 80 characters/],
		['card_uris', 'format', 'card URI malformed', { filters: { cardUris: 'https://x.example' } }, /Item 0: Card URIs \(card_uris\) must be card URIs such as card:\/\//],
		['card_uris', 'count', 'more than 200 card URIs', { filters: { cardUris: Array.from({ length: 201 }, (_, i) => `card://${i + 1}`).join(',') } }, /Item 0: Card URIs \(card_uris\) takes at most 200 values \(got 201\)/],
		['card_id', 'count', 'more than 200 card ids', { filters: { cardId: ids(201) } }, /Item 0: Card IDs \(card_id\) takes at most 200 values \(got 201\)/],
		['card_types', 'enum', 'card type seen but not a list filter value', { filters: { cardTypes: ['IMAGE_CONVERSATION'] } }, /Item 0: Card Types \(card_types\) must be one of IMAGE_APP/],
	]),
	...rows('02 §Cards', 'ads', 'card', 'get', { account: ACCOUNT }, [
		['card_id', 'format', 'card id with a slash', { cardId: '12/3' }, /Item 0: Card ID \(card_id\) must be an X Ads ID/],
	]),
	...rows('02 §Cards', 'ads', 'card', 'create', { account: ACCOUNT, name: 'Card' }, [
		['name', 'length', 'name over 80', { name: 'n'.repeat(81), ...uiCard([media, details]) }, /Item 0: Name \(name\) must be at most 80 characters \(got 81\)/],
		['name', 'required', 'name missing', { name: '={{ $json.missing }}', ...uiCard([media, details]) }, /Item 0: Name \(name\) is required/],
		['slides', 'neverTogether', 'components and slides together', jsonCard({ components: websiteComponents, slides: [websiteComponents, websiteComponents] }), /Item 0: Components \(components\) and Slides \(slides\) never go together/, { names: '(slides)' }],
		['components', 'count', 'two media components', uiCard([media, media, details]), /Item 0: Components \(components\) needs exactly one media component, MEDIA or SWIPEABLE_MEDIA \(got 2\)/],
		['components', 'required', 'no action component', uiCard([media]), /Item 0: Components \(components\) needs exactly one DETAILS or BUTTON component \(got 0\)/],
		['components', 'count', 'SWIPEABLE_MEDIA with 1 key', uiCard([{ type: 'SWIPEABLE_MEDIA', mediaKeys: keys(1) }, details]), /Item 0: Components \(components\), component 1 \(SWIPEABLE_MEDIA\) needs media_keys: 2 to 6 media keys \(got 1\)/],
		['components', 'count', 'SWIPEABLE_MEDIA with 7 keys', uiCard([{ type: 'SWIPEABLE_MEDIA', mediaKeys: keys(7) }, details]), /SWIPEABLE_MEDIA\) needs media_keys: 2 to 6 media keys \(got 7\)/],
		['components', 'format', 'SWIPEABLE_MEDIA with a bad key', jsonCard({ components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ['3_1', 'abc'] }, websiteComponents[1]] }), /needs media_keys that are each an X media key/],
		['components', 'required', 'MEDIA without a key', uiCard([{ type: 'MEDIA' }, details]), /component 1 \(MEDIA\) needs media_key/],
		['components', 'required', 'WEBSITE destination without url', uiCard([media, { type: 'DETAILS', title: 'Shop' }]), /Item 0: Components \(components\), component 2 \(DETAILS\) needs a destination url/],
		['components', 'required', 'DETAILS without title', uiCard([media, { type: 'DETAILS', url: 'https://example.com' }]), /component 2 \(DETAILS\) needs a title/],
		['components', 'other', 'DETAILS with an APP destination', jsonCard({ components: [websiteComponents[0], { type: 'DETAILS', title: 'x', destination: { type: 'APP', country_code: 'US', ios_app_store_identifier: '1' } }] }), /component 2 \(DETAILS\) needs a WEBSITE destination/],
		['components', 'requiredTogether', 'BUTTON without app ids', uiCard([media, button({})]), /component 2 \(BUTTON\) needs googleplay_app_id or ios_app_store_identifier/],
		['components', 'requiredTogether', 'Google Play deep link without its app id', uiCard([media, button({ iosAppStoreIdentifier: '333903271', googleplayDeepLink: 'acme://x' })]), /component 2 \(BUTTON\) has googleplay_deep_link without googleplay_app_id/],
		['components', 'requiredTogether', 'iOS deep link without its app id', uiCard([media, button({ googleplayAppId: 'com.acme', iosDeepLink: 'acme://x' })]), /component 2 \(BUTTON\) has ios_deep_link without ios_app_store_identifier/],
		['components', 'format', 'country code not ISO 3166-1 alpha-2', uiCard([media, button({ countryCode: 'USA', googleplayAppId: 'com.acme' })]), /component 2 \(BUTTON\) needs country_code, an ISO 3166-1 alpha-2 code such as US \(got "USA"\)/],
		['components', 'enum', 'button label not in the enum', jsonCard({ components: [websiteComponents[0], { type: 'BUTTON', label: { type: 'ENUM', value: 'BUY' }, destination: { type: 'APP', country_code: 'US', googleplay_app_id: 'com.acme' } }] }), /component 2 \(BUTTON\) needs a label \{type: ENUM, value: one of BOOK, CONNECT, INSTALL, OPEN, ORDER, PLAY, SHOP\}/],
		['components', 'other', 'BUTTON with a WEBSITE destination', jsonCard({ components: [websiteComponents[0], { type: 'BUTTON', label: { type: 'ENUM', value: 'SHOP' }, destination: { type: 'WEBSITE', url: 'https://x.example' } }] }), /component 2 \(BUTTON\) needs an APP destination/],
		['components', 'enum', 'unknown component type', jsonCard({ components: [{ type: 'TEXT' }, ...websiteComponents] }), /Components \(components\), component 1 type must be one of MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON/],
		['slides', 'other', 'slide not a complete card', jsonCard({ slides: [websiteComponents, [websiteComponents[0]]] }), /Item 0: Slides \(slides\), slide 2 needs exactly one DETAILS or BUTTON component/],
		['components', 'format', 'Card JSON not JSON', { componentsSource: 'json', cardJson: '{"components": [' }, /Item 0: Card JSON must be valid JSON/, { names: 'Card JSON' }],
		['components', 'other', 'Card JSON with another key', jsonCard({ name: 'x', components: websiteComponents }), /Item 0: Card JSON takes only "components" or "slides" \(got "name"/, { names: 'Card JSON' }],
		['components', 'required', 'no components', { componentsSource: 'ui', components: {} }, /Item 0: Components \(components\) are required/],
	]),
	...rows('02 §Cards', 'ads', 'card', 'update', { account: ACCOUNT, cardId: '123', componentsSource: 'none' }, [
		['name', 'required', 'nothing to change', { updateFields: {} }, /Item 0: Update Fields needs a new name, components or slides/, { names: 'Update Fields' }],
		['name', 'length', 'new name over 80', { updateFields: { name: 'n'.repeat(81) } }, /Item 0: Name \(name\) must be at most 80 characters \(got 81\)/],
		['card_id', 'format', 'card id with a dash', { cardId: '12-3', updateFields: { name: 'x' } }, /Item 0: Card ID \(card_id\) must be an X Ads ID/],
		['slides', 'neverTogether', 'components and slides together', { ...jsonCard({ components: websiteComponents, slides: [websiteComponents] }) }, /Item 0: Components \(components\) and Slides \(slides\) never go together/, { names: '(slides)' }],
	]),
	...rows('02 §Cards', 'ads', 'card', 'delete', { account: ACCOUNT, cardId: '123' }, [
		['card_id', 'format', 'card id with a space', { cardId: '1 2' }, /Item 0: Card ID \(card_id\) must be an X Ads ID/],
	]),
	...rows('02 §Media library', 'ads', 'mediaLibrary', 'getAll', { account: ACCOUNT, returnAll: true }, [
		['q', 'length', 'search over 255', { filters: { search: 'q'.repeat(256) } }, /Item 0: Search \(q\) must be at most 255 characters/],
		['media_type', 'enum', 'media type not in the enum', { filters: { mediaType: 'AUDIO' } }, /Item 0: Media Type \(media_type\) must be one of GIF, IMAGE, VIDEO/],
	]),
	...rows('02 §Media library', 'ads', 'mediaLibrary', 'get', { account: ACCOUNT }, [
		['media_key', 'format', 'media key malformed', { mediaKey: 'video-1' }, /Item 0: Media Key \(media_key\) must be an X media key/],
	]),
	...rows('02 §Media library', 'ads', 'mediaLibrary', 'create', { account: ACCOUNT, mediaKey: VIDEO }, [
		['title', 'other', 'title for an image key (videos only)', { mediaKey: IMAGE, additionalFields: { title: 'Title' } }, /Item 0: Title \(title\) is for videos only, and 3_\d+ is an image or GIF/],
		['poster_media_key', 'other', 'poster that is not an image', { additionalFields: { posterMediaKey: GIF } }, /Item 0: Poster Media Key \(poster_media_key\) must be the media key of an image/],
		['name', 'length', 'name over 100', { mediaKey: IMAGE, additionalFields: { name: 'n'.repeat(101) } }, /Item 0: Name \(name\) must be at most 100 characters/],
		['file_name', 'length', 'file name over 255', { mediaKey: IMAGE, additionalFields: { fileName: 'f'.repeat(256) } }, /Item 0: File Name \(file_name\) must be at most 255 characters/],
		['title', 'length', 'video title over 70', { additionalFields: { title: 't'.repeat(71) } }, /Item 0: Title \(title\) must be at most 70 characters/],
		['description', 'length', 'video description over 200', { additionalFields: { description: 'd'.repeat(201) } }, /Item 0: Description \(description\) must be at most 200 characters/],
		['media_key', 'required', 'media key missing', { mediaKey: '={{ $json.missing }}' }, /Item 0: Media Key \(media_key\) is required/],
	]),
	...rows('02 §Media library', 'ads', 'mediaLibrary', 'update', { account: ACCOUNT, mediaKey: VIDEO }, [
		['description', 'other', 'description for a GIF key (videos only)', { mediaKey: GIF, updateFields: { description: 'About' } }, /Item 0: Description \(description\) is for videos only/],
		['name', 'required', 'nothing to change', { updateFields: {} }, /Item 0: Update Fields needs at least one field to change/, { names: 'Update Fields' }],
		['name', 'length', 'name over 100', { updateFields: { name: 'n'.repeat(101) } }, /Item 0: Name \(name\) must be at most 100 characters/],
		['file_name', 'length', 'file name over 255', { updateFields: { fileName: 'f'.repeat(256) } }, /Item 0: File Name \(file_name\) must be at most 255 characters/],
		['title', 'length', 'title over 70', { updateFields: { title: 't'.repeat(71) } }, /Item 0: Title \(title\) must be at most 70 characters/],
		['poster_media_key', 'format', 'poster key malformed', { updateFields: { posterMediaKey: 'poster.jpg' } }, /Item 0: Poster Media Key \(poster_media_key\) must be an X media key/],
		['media_key', 'format', 'media key malformed', { mediaKey: '3-1', updateFields: { name: 'x' } }, /Item 0: Media Key \(media_key\) must be an X media key/],
	]),
	...rows('02 §Media library', 'ads', 'mediaLibrary', 'delete', { account: ACCOUNT }, [
		['media_key', 'format', 'media key malformed', { mediaKey: 'abc' }, /Item 0: Media Key \(media_key\) must be an X media key/],
	]),
	...rows('02 §Poll cards', 'ads', 'pollCard', 'getAll', { account: ACCOUNT, returnAll: true }, [
		['q', 'length', 'name prefix over 80', { filters: { nameStartsWith: 'q'.repeat(81) } }, /Name Starts With \(q\) must be at most 80 characters/],
		['card_ids', 'count', 'more than 200 card ids', { filters: { cardIds: ids(201) } }, /Item 0: Card IDs \(card_ids\) takes at most 200 values \(got 201\)/],
	]),
	...rows('02 §Poll cards', 'ads', 'pollCard', 'get', { account: ACCOUNT }, [
		['card_id', 'format', 'card id with a slash', { cardId: 'a/b' }, /Item 0: Card ID \(card_id\) must be an X Ads ID/],
	]),
	...rows('02 §Poll cards', 'ads', 'pollCard', 'create', pollBase, [
		['duration_in_minutes', 'range', 'duration 4', { durationInMinutes: 4 }, /Item 0: Duration \(Minutes\) \(duration_in_minutes\) must be at least 5 \(got 4\)/],
		['duration_in_minutes', 'range', 'duration 10081', { durationInMinutes: 10081 }, /Item 0: Duration \(Minutes\) \(duration_in_minutes\) must be at most 10080 \(got 10081\)/],
		['duration_in_minutes', 'format', 'duration not whole', { durationInMinutes: 60.5 }, /Duration \(Minutes\) \(duration_in_minutes\) must be a whole number/],
		['first_choice', 'length', 'first choice of 26 characters', { firstChoice: 'c'.repeat(26) }, /Item 0: First Choice \(first_choice\) must be at most 25 characters \(got 26\)/],
		['second_choice', 'length', 'second choice of 26 characters', { secondChoice: 'c'.repeat(26) }, /Item 0: Second Choice \(second_choice\) must be at most 25 characters \(got 26\)/],
		['third_choice', 'length', 'third choice of 26 characters', { additionalFields: { thirdChoice: 'c'.repeat(26) } }, /Item 0: Third Choice \(third_choice\) must be at most 25 characters \(got 26\)/],
		['fourth_choice', 'length', 'fourth choice of 26 characters', { additionalFields: { thirdChoice: 'C', fourthChoice: 'c'.repeat(26) } }, /Item 0: Fourth Choice \(fourth_choice\) must be at most 25 characters \(got 26\)/],
		['second_choice', 'required', 'second choice missing', { secondChoice: '={{ $json.missing }}', additionalFields: { thirdChoice: 'C' } }, /Item 0: Second Choice \(second_choice\) is required/],
		['fourth_choice', 'requiredTogether', 'fourth choice without third', { additionalFields: { fourthChoice: 'D' } }, /Item 0: Fourth Choice \(fourth_choice\) needs Third Choice \(third_choice\) to be set/],
		['media_key', 'other', 'GIF as media', { additionalFields: { mediaKey: GIF } }, /Item 0: Media Key \(media_key\) must be the media key of an image or a video \(16_\d+ is a GIF\)/],
		['media_key', 'format', 'media key malformed', { additionalFields: { mediaKey: 'abc' } }, /Item 0: Media Key \(media_key\) must be an X media key/],
		['name', 'required', 'name missing', { name: '={{ $json.missing }}' }, /Item 0: Name \(name\) is required/],
	]),
	...rows('02 §Poll cards', 'ads', 'pollCard', 'delete', { account: ACCOUNT }, [
		['card_id', 'format', 'card id malformed', { cardId: 'a/b' }, /Item 0: Card ID \(card_id\) must be an X Ads ID/],
	]),
	...rows('02 §Video conversation cards', 'ads', 'videoConversationCard', 'getAll', { account: ACCOUNT, returnAll: true }, [
		['card_ids', 'count', 'more than 200 card ids', { filters: { cardIds: ids(201) } }, /Item 0: Card IDs \(card_ids\) takes at most 200 values \(got 201\)/],
		['q', 'length', 'name prefix over 80', { filters: { nameStartsWith: 'q'.repeat(81) } }, /Item 0: Name Starts With \(q\) must be at most 80 characters/],
	]),
	...rows('02 §Video conversation cards', 'ads', 'videoConversationCard', 'delete', { account: ACCOUNT }, [
		['card_id', 'format', 'card id with a slash', { cardId: 'a/b' }, /Item 0: Card ID \(card_id\) must be an X Ads ID/],
	]),
	...rows('02 §Video conversation cards', 'ads', 'videoConversationCard', 'get', { account: ACCOUNT }, [
		['card_id', 'format', 'card id with a space', { cardId: 'a b' }, /Item 0: Card ID \(card_id\) must be an X Ads ID/],
	]),
	...rows('02 §Video conversation cards', 'ads', 'videoConversationCard', 'create', { ...vccBase, additionalFields: { title: 'Title' } }, [
		['first_cta', 'format', 'CTA without #', { firstCta: 'trail' }, /Item 0: First CTA \(first_cta\) must be a hashtag such as #shoes, at most 20 characters after the #/],
		['first_cta', 'length', 'CTA over 20 characters', { firstCta: `#${'a'.repeat(21)}` }, /Item 0: First CTA \(first_cta\) must be a hashtag/],
		['first_cta_tweet', 'required', 'first CTA post text missing', { firstCtaTweet: '={{ $json.missing }}' }, /Item 0: First CTA Post Text \(first_cta_tweet\) is required/],
		['second_cta_tweet', 'requiredTogether', 'CTA without its post text', { additionalFields: { secondCta: '#two' } }, /Item 0: Second CTA Post Text \(second_cta_tweet\) is required when Second CTA \(second_cta\) is set/],
		['third_cta', 'requiredTogether', 'post text without its CTA', { additionalFields: { title: 'T', thirdCtaTweet: 'Three' } }, /Item 0: Third CTA \(third_cta\) is required when Third CTA Post Text \(third_cta_tweet\) is set/],
		['third_cta', 'requiredTogether', 'third CTA without second', { additionalFields: { title: 'T', thirdCta: '#three', thirdCtaTweet: 'Three' } }, /Third CTA \(third_cta\) needs Second CTA \(second_cta\) to be set/],
		['second_cta', 'length', 'second CTA over 20 characters', { additionalFields: { secondCta: `#${'b'.repeat(21)}`, secondCtaTweet: 'Two' } }, /Item 0: Second CTA \(second_cta\) must be a hashtag/],
		['third_cta', 'format', 'third CTA without #', { additionalFields: { title: 'T', secondCta: '#two', secondCtaTweet: 'Two', thirdCta: 'three', thirdCtaTweet: 'Three' } }, /Item 0: Third CTA \(third_cta\) must be a hashtag/],
		['fourth_cta', 'format', 'fourth CTA with a space', { additionalFields: { title: 'T', secondCta: '#two', secondCtaTweet: 'Two', thirdCta: '#three', thirdCtaTweet: 'Three', fourthCta: '#four th', fourthCtaTweet: 'Four' } }, /Item 0: Fourth CTA \(fourth_cta\) must be a hashtag/],
		['thank_you_text', 'length', 'thank you text over 23', { thankYouText: 't'.repeat(24) }, /Item 0: Thank You Text \(thank_you_text\) must be at most 23 characters \(got 24\)/],
		['title', 'length', 'title over 23', { additionalFields: { title: 't'.repeat(24) } }, /Item 0: Title \(title\) must be at most 23 characters/],
		['title', 'requiredTogether', 'neither title nor second CTA', { additionalFields: {} }, /Item 0: Title \(title\) is required when there is no Second CTA \(second_cta\)/],
		['media_key', 'other', 'image as the video', { mediaKey: IMAGE }, /Item 0: Media Key \(media_key\) must be the media key of a video/],
		['poster_media_key', 'other', 'video as the poster', { additionalFields: { title: 'T', posterMediaKey: '13_1' } }, /Item 0: Poster Media Key \(poster_media_key\) must be the media key of an image \(13_1 is a video\)/],
		['thank_you_url', 'format', 'thank you URL not a URL', { additionalFields: { title: 'T', thankYouUrl: 'acme-shoes' } }, /Item 0: Thank You URL \(thank_you_url\) must be a URL/],
		['unlocked_image_media_key', 'other', 'unlocked image that is a video', { additionalFields: { title: 'T', unlockedImageMediaKey: VIDEO } }, /Item 0: Unlocked Image Media Key \(unlocked_image_media_key\) must be the media key of an image/],
		['unlocked_video_media_key', 'other', 'unlocked video that is an image', { additionalFields: { title: 'T', unlockedVideoMediaKey: IMAGE } }, /Item 0: Unlocked Video Media Key \(unlocked_video_media_key\) must be the media key of a video/],
		['name', 'required', 'required name empty', { name: '={{ $json.missing }}' }, /Item 0: Name \(name\) is required/],
	]),
	...rows('02 §Video conversation cards', 'ads', 'videoConversationCard', 'update', { account: ACCOUNT, cardId: 'abc1' }, [
		['name', 'required', 'nothing to change (an empty name is no change)', { updateFields: { name: '' } }, /Item 0: Update Fields needs at least one field/, { names: 'Update Fields' }],
		['card_id', 'format', 'card id with a slash', { cardId: 'a/1', updateFields: { title: 'T' } }, /Item 0: Card ID \(card_id\) must be an X Ads ID/],
		['media_key', 'other', 'image as the video', { updateFields: { mediaKey: IMAGE } }, /Item 0: Media Key \(media_key\) must be the media key of a video/],
		['thank_you_text', 'length', 'thank you text over 23', { updateFields: { thankYouText: 't'.repeat(24) } }, /Item 0: Thank You Text \(thank_you_text\) must be at most 23 characters/],
		['title', 'length', 'title over 23', { updateFields: { title: 't'.repeat(24) } }, /Item 0: Title \(title\) must be at most 23 characters/],
		['poster_media_key', 'format', 'poster key malformed', { updateFields: { posterMediaKey: 'poster' } }, /Item 0: Poster Media Key \(poster_media_key\) must be an X media key/],
		['thank_you_url', 'format', 'thank you URL not a URL', { updateFields: { thankYouUrl: 'www.example.com' } }, /Item 0: Thank You URL \(thank_you_url\) must be a URL/],
		['unlocked_image_media_key', 'format', 'unlocked image key malformed', { updateFields: { unlockedImageMediaKey: 'img' } }, /Item 0: Unlocked Image Media Key \(unlocked_image_media_key\) must be an X media key/],
		['unlocked_video_media_key', 'other', 'unlocked video that is a GIF', { updateFields: { unlockedVideoMediaKey: GIF } }, /Item 0: Unlocked Video Media Key \(unlocked_video_media_key\) must be the media key of a video/],
		['first_cta', 'format', 'first CTA without #', { updateFields: { firstCta: 'one', firstCtaTweet: 'One' } }, /Item 0: First CTA \(first_cta\) must be a hashtag/],
		['second_cta', 'format', 'second CTA without #', { updateFields: { secondCta: 'two', secondCtaTweet: 'Two' } }, /Item 0: Second CTA \(second_cta\) must be a hashtag/],
		['third_cta', 'length', 'third CTA over 20 characters', { updateFields: { thirdCta: `#${'c'.repeat(21)}`, thirdCtaTweet: 'Three' } }, /Item 0: Third CTA \(third_cta\) must be a hashtag/],
		['fourth_cta', 'requiredTogether', 'fourth CTA without its post text', { updateFields: { fourthCta: '#four' } }, /Item 0: Fourth CTA Post Text \(fourth_cta_tweet\) is required when Fourth CTA \(fourth_cta\) is set/],
	]),
	...rows('02 §Post creation and naming', 'ads', 'post', 'create', { account: ACCOUNT, asUserId: '756201191646691328' }, [
		['text', 'requiredTogether', 'neither text nor media', { additionalFields: { name: 'x' } }, /Item 0: Text \(text\) is required when there are no Media Keys \(media_keys\)/],
		['media_keys', 'count', '5 media keys', { additionalFields: { mediaKeys: keys(5) } }, /Item 0: Media Keys \(media_keys\) takes at most 4 values \(got 5\)/],
		['media_keys', 'count', '2 keys including a video', { additionalFields: { mediaKeys: `${IMAGE},${VIDEO}` } }, /Item 0: Media Keys \(media_keys\) take up to 4 images, or 1 GIF, or 1 video \(got 2 keys including 7_/],
		['media_keys', 'count', '2 GIFs', { additionalFields: { mediaKeys: '16_1,16_2' } }, /Media Keys \(media_keys\) take up to 4 images, or 1 GIF, or 1 video/],
		['media_keys', 'format', 'media key malformed', { additionalFields: { mediaKeys: '3_1,x' } }, /Item 0: Media Keys \(media_keys\) must be an X media key/],
		['video_cta_value', 'requiredTogether', 'video CTA without value', { additionalFields: { mediaKeys: VIDEO, videoCta: 'WATCH_NOW' } }, /Item 0: Video CTA \(video_cta\) and Video CTA Value \(video_cta_value\) go together/],
		['video_cta', 'enum', 'video CTA not in the enum', { additionalFields: { mediaKeys: VIDEO, videoCta: 'BUY_NOW', videoCtaValue: 'https://example.com' } }, /Item 0: Video CTA \(video_cta\) must be one of VISIT_SITE, WATCH_NOW/],
		['video_title', 'length', 'video title over 70', { additionalFields: { mediaKeys: VIDEO, videoTitle: 'v'.repeat(71) } }, /Item 0: Video Title \(video_title\) must be at most 70 characters \(got 71\)/],
		['video_description', 'length', 'video description over 200', { additionalFields: { mediaKeys: VIDEO, videoDescription: 'v'.repeat(201) } }, /Item 0: Video Description \(video_description\) must be at most 200 characters/],
		['video_title', 'requiredTogether', 'video title without a video', { additionalFields: { mediaKeys: IMAGE, videoTitle: 'Title' } }, /Item 0: Video Title \(video_title\) needs a video in Media Keys/],
		['text', 'length', 'text over 25,000', { additionalFields: { text: 'x'.repeat(25_001) } }, /Item 0: Text \(text\) must be at most 25000 characters/],
		['name', 'length', 'name over 80', { additionalFields: { text: 'x', name: 'n'.repeat(81) } }, /Item 0: Name \(name\) must be at most 80 characters/],
		['card_uri', 'format', 'card URI malformed', { additionalFields: { text: 'x', cardUri: 'card:abc' } }, /Item 0: Card URI \(card_uri\) must be a card URI such as card:\/\//],
		['as_user_id', 'format', 'as user id not numeric', { asUserId: '@acme_ads', additionalFields: { text: 'x' } }, /Item 0: As User ID \(as_user_id\) must be a numeric X user ID/],
		['as_user_id', 'required', 'as user id missing', { asUserId: '={{ $json.missing }}', additionalFields: { text: 'x' } }, /Item 0: As User ID \(as_user_id\) is required/],
		['tweet_mode', 'enum', 'post mode not compat or extended', { additionalFields: { text: 'x', tweetMode: 'full' } }, /Item 0: Post Mode \(tweet_mode\) must be one of compat, extended/],
		['conversation_settings', 'enum', 'reply setting not in the enum', { additionalFields: { text: 'x', conversationSettings: 'NOBODY' } }, /Who Can Reply \(conversation_settings\) must be one of EVERYONE, FOLLOWING, MENTIONED_USERS/],
		['nullcast', 'format', 'nullcast not a boolean', { additionalFields: { text: 'x', nullcast: 'organic' } }, /Item 0: Nullcast \(Promoted-Only\) \(nullcast\) must be true or false/],
	]),
	...rows('02 §Post creation and naming', 'ads', 'post', 'updateName', { account: ACCOUNT, tweetId: '123', name: 'x' }, [
		['name', 'length', 'name over 80', { name: 'n'.repeat(81) }, /Item 0: Name \(name\) must be at most 80 characters/],
		['tweet_id', 'format', 'post id not numeric', { tweetId: 'abc' }, /Item 0: Post ID \(tweet_id\) must be a numeric post ID/],
	]),
];

// ---------------------------------------------------------------- 03: campaign management

const lineItem = { account: ACCOUNT, lineItem: 'li1' };
const doc03: BadInput[] = [
	...rows('03 §Accounts', 'ads', 'account', 'getAll', { returnAll: true }, [
		['account_ids', 'format', 'account ids with a dash', { filters: { accountIds: 'abc,d-e' } }, /Item 0: Account IDs \(account_ids\) must be account IDs of letters and digits/],
	]),
	...rows('03 §Accounts', 'ads', 'account', 'update', { account: ACCOUNT }, [
		['industry_type', 'enum', 'industry type not in the enum', { updateFields: { industryType: 'SPORTS' } }, /Item 0: Industry Type \(industry_type\) must be one of AGENCY/],
		['name', 'required', 'nothing to change (an empty name is no change)', { updateFields: { name: '' } }, /Item 0: Update Fields needs at least one field to change/, { names: 'Update Fields' }],
	]),
	...rows('03 §Accounts (sandbox)', 'ads', 'account', 'createSandbox', {}, [
		['environment', 'other', 'sandbox-only operation with a production credential', {}, /Item 0: Create a sandbox account works only in the X Ads sandbox \(the credential's Environment \(environment\) is production\)/],
	]),
	...rows('03 §Accounts (sandbox)', 'ads', 'account', 'deleteSandbox', { account: ACCOUNT }, [
		['environment', 'other', 'sandbox-only operation with a production credential', {}, /Item 0: Delete a sandbox account works only in the X Ads sandbox \(the credential's Environment \(environment\)/],
	]),
	...rows('03 §Account history', 'ads', 'accountHistory', 'getAll', historyBase, [
		['start_time', 'format', 'start not a whole hour', { startTime: '2026-01-01T10:30:00Z' }, /Item 0: Start Time \(start_time\) must be a whole hour/],
		['end_time', 'format', 'end with seconds', { startTime: '2026-01-01T10:00:00Z', endTime: '2026-01-02T00:00:05Z' }, /Item 0: End Time \(end_time\) must be a whole hour/],
		['start_time', 'window', 'start after end', { startTime: '2026-01-03T00:00:00Z' }, /Item 0: Start Time \(start_time\) must be before End Time/],
		['entity_type', 'enum', 'entity type not in the enum', { entityType: 'AD_GROUP' }, /Item 0: Entity Type \(entity_type\) must be one of CAMPAIGN/],
		['start_time', 'format', 'start not a date', { startTime: 'yesterday' }, /Item 0: Start Time \(start_time\) must be an ISO 8601 date-time/],
		['end_time', 'required', 'end missing', { endTime: '={{ $json.missing }}' }, /Item 0: End Time \(end_time\) is required/],
		['user_id', 'format', 'user id not numeric', { filters: { userId: '@someone' } }, /Item 0: User ID \(user_id\) must be a numeric X user ID/],
		['entity_id', 'format', 'entity id with a dash', { entityId: 'abc-1' }, /Item 0: Entity ID \(entity_id\) must be an X Ads ID/],
	]),
	...rows('03 §Audience estimate', 'ads', 'audienceEstimate', 'get', { account: ACCOUNT }, [
		['targeting_criteria', 'format', 'criteria not JSON', { targetingCriteria: '[{' }, /Item 0: Targeting Criteria \(targeting_criteria\) must be valid JSON/],
		['targeting_criteria', 'required', 'criteria empty', { targetingCriteria: '[]' }, /Item 0: Targeting Criteria \(targeting_criteria\) (is required|must be a JSON array with at least one criterion)/],
		['targeting_criteria', 'format', 'criterion without targeting_value', { targetingCriteria: '[{"targeting_type":"INTEREST"}]' }, /Item 0: Targeting Criteria \(targeting_criteria\) entry 0 must be an object with targeting_type and targeting_value/],
		['operator_type', 'enum', 'operator not EQ or NE', { targetingCriteria: '[{"targeting_type":"INTEREST","targeting_value":"1"}]', additionalFields: { operatorType: 'GT' } }, /Item 0: Operator Type \(operator_type\) must be one of EQ, NE/],
	]),
	...rows('03 §Curated category', 'ads', 'curatedCategory', 'getAll', { account: ACCOUNT, returnAll: true }, [
		['country_codes', 'required', 'no country codes', { countryCodes: ' , ' }, /Item 0: Country Codes \(country_codes\) is required/],
		['country_codes', 'format', 'country name instead of code', { countryCodes: 'US,France' }, /Item 0: Country Codes \(country_codes\) must be a two-letter ISO 3166 country code/],
		['country_codes', 'format', 'lower-case code', { countryCodes: 'us' }, /Item 0: Country Codes \(country_codes\) must be a two-letter ISO 3166 country code/],
		['country_codes', 'count', 'more than 200 codes', { countryCodes: Array.from({ length: 201 }, () => 'US').join(',') }, /Item 0: Country Codes \(country_codes\) takes at most 200 values \(got 201\)/],
	]),
	...rows('03 §Curated category', 'ads', 'curatedCategory', 'get', { account: ACCOUNT }, [
		['curated_category_id', 'format', 'curated category id with a space', { curatedCategoryId: 'cc 1' }, /Item 0: Curated Category ID \(curated_category_id\) must be an X Ads ID/],
	]),
	...rows('03 §Account features', 'ads', 'feature', 'getAll', { account: ACCOUNT }, [
		['feature_keys', 'enum', 'key seen in responses but not a filter key', { options: { featureKeys: ['CITY_TARGETING'] } }, /Item 0: Feature Keys \(feature_keys\) must be one of REACH_AND_FREQUENCY_ANALYTICS/],
	]),
	...rows('03 §Account features (sandbox)', 'ads', 'feature', 'add', { account: ACCOUNT, featureKeys: ['AGE_TARGETING'] }, [
		['feature_keys', 'enum', 'key the sandbox does not accept', { featureKeys: ['WEBSITE_CLICKS_CPM_BILLING'] }, /Item 0: Feature Keys \(feature_keys\) must be one of AGE_TARGETING/, { sandbox: true }],
		['feature_keys', 'required', 'no keys', { featureKeys: '={{ [] }}' }, /Item 0: Feature Keys \(feature_keys\) is required/, { sandbox: true }],
		['environment', 'other', 'sandbox-only operation with a production credential', {}, /Item 0: Add features to a sandbox account works only in the X Ads sandbox \(the credential's Environment \(environment\)/],
	]),
	...rows('03 §Account features (sandbox)', 'ads', 'feature', 'remove', { account: ACCOUNT, featureKeys: ['AGE_TARGETING'] }, [
		['feature_keys', 'enum', 'key not in the sandbox list', { featureKeys: ['UNIVERSAL_LOOKALIKE'] }, /Item 0: Feature Keys \(feature_keys\) must be one of AGE_TARGETING/, { sandbox: true }],
		['environment', 'other', 'sandbox-only operation with a production credential', {}, /Item 0: Remove features from a sandbox account works only in the X Ads sandbox/, { names: '(environment)' }],
	]),
	...rows('03 §Line item update parameters', 'ads', 'lineItem', 'update', lineItem, [
		['entity_status', 'required', 'nothing to change', { updateFields: {} }, /Item 0: Update Fields needs at least one field/, { names: 'Update Fields' }],
		['bid_amount_local_micro', 'range', 'bid zero', { amountUnit: 'micro', updateFields: { bidAmountLocalMicro: '0' } }, /Item 0: Bid Amount \(bid_amount_local_micro\) must be greater than zero/],
		['bid_amount_local_micro', 'requiredTogether', 'MAX without bid', { updateFields: { bidStrategy: 'MAX' } }, /Item 0: Bid Amount \(bid_amount_local_micro\) is required when Bid Strategy is MAX/],
		['bid_amount_local_micro', 'requiredTogether', 'TARGET without bid', { updateFields: { bidStrategy: 'TARGET' } }, /Item 0: Bid Amount \(bid_amount_local_micro\) is required when Bid Strategy is TARGET/],
		['bid_strategy', 'enum', 'bid strategy not in the enum', { updateFields: { bidStrategy: 'LOWEST_COST' } }, /Item 0: Bid Strategy \(bid_strategy\) must be one of AUTO, MAX, TARGET/],
		['daily_budget_amount_local_micro', 'range', 'daily above total', { amountUnit: 'currency', updateFields: { dailyBudgetAmountLocalMicro: '100.01', totalBudgetAmountLocalMicro: '100' } }, /Item 0: Daily Budget \(daily_budget_amount_local_micro\) must not be above the Total Budget/],
		['total_budget_amount_local_micro', 'format', 'money with 7 decimals', { amountUnit: 'currency', updateFields: { totalBudgetAmountLocalMicro: '1.0000001' } }, /Item 0: Total Budget \(total_budget_amount_local_micro\) has more than 6 decimals/],
		['total_budget_amount_local_micro', 'format', 'money with a comma', { amountUnit: 'currency', updateFields: { totalBudgetAmountLocalMicro: '12,50' } }, /Item 0: Total Budget \(total_budget_amount_local_micro\) must be an amount in currency units with a dot decimal/],
		['total_budget_amount_local_micro', 'format', 'micros with a decimal', { amountUnit: 'micro', updateFields: { totalBudgetAmountLocalMicro: '1.5' } }, /Item 0: Total Budget \(total_budget_amount_local_micro\) must be a whole number of micro units/],
		['duration_in_days', 'enum', 'frequency cap period not 1, 7 or 30', { updateFields: { durationInDays: '14' } }, /Item 0: Frequency Cap Period \(Days\) \(duration_in_days\) must be one of 1, 7, 30/],
		['entity_status', 'enum', 'status not ACTIVE or PAUSED', { updateFields: { entityStatus: 'DRAFT' } }, /Item 0: Status \(entity_status\) must be one of ACTIVE, PAUSED/],
		['start_time', 'window', 'start after end', { updateFields: { startTime: '2026-05-02T00:00:00Z', endTime: '2026-05-01T00:00:00Z' } }, /Item 0: Start Time \(start_time\) must be before End Time/],
		['start_time', 'format', 'time not ISO 8601', { updateFields: { startTime: '05/01/2026' } }, /Item 0: Start Time \(start_time\) must be an ISO 8601 date-time/],
		['goal', 'enum', 'goal not in the enum', { updateFields: { goal: 'CLICKS' } }, /Item 0: Goal \(goal\) must be one of APP_CLICKS/],
		['pay_by', 'enum', 'pay_by not in the enum', { updateFields: { payBy: 'VIEW' } }, /Item 0: Pay By \(pay_by\) must be one of APP_CLICK, IMPRESSION, LINK_CLICK/],
		['pay_by', 'neverTogether', 'IMPRESSION with TARGET for LINK_CLICKS', { amountUnit: 'micro', updateFields: { goal: 'LINK_CLICKS', bidStrategy: 'TARGET', bidAmountLocalMicro: '100', payBy: 'IMPRESSION' } }, /Item 0: Pay By \(pay_by\) cannot be IMPRESSION/],
		['audience_expansion', 'enum', 'expansion not in the enum', { updateFields: { audienceExpansion: 'WIDE' } }, /Audience Expansion \(audience_expansion\) must be one of BROAD, DEFINED, EXPANDED/],
		['frequency_cap', 'range', 'frequency cap below 1', { updateFields: { frequencyCap: 0 } }, /Item 0: Frequency Cap \(frequency_cap\) must be at least 1/],
		['advertiser_domain', 'format', 'domain with protocol', { updateFields: { advertiserDomain: 'https://example.com' } }, /Advertiser Domain \(advertiser_domain\) must be a domain without protocol/],
		['advertiser_user_id', 'format', 'advertiser user id not numeric', { updateFields: { advertiserUserId: '@acme' } }, /Item 0: Advertiser User ID \(advertiser_user_id\) must be a numeric X user ID/],
		['ios_app_store_identifier', 'format', 'iOS id not numeric', { updateFields: { iosAppStoreIdentifier: 'id333903271' } }, /iOS App Store Identifier \(ios_app_store_identifier\) must be the numeric part/],
		['categories', 'format', 'category not IAB', { updateFields: { categories: 'IAB19,sports' } }, /Categories \(categories\) must be IAB category codes/],
		['line_item_id', 'format', 'line item id with a dash', { lineItem: 'li-1', updateFields: { entityStatus: 'PAUSED' } }, /Item 0: Line Item \(line_item_id\) must be a line item ID/],
	]),
	...rows('03 §Line item update parameters', 'ads', 'lineItem', 'delete', { account: ACCOUNT }, [
		['line_item_id', 'format', 'line item id with a space', { lineItem: 'li 1' }, /Item 0: Line Item \(line_item_id\) must be a line item ID/],
	]),
	...rows('03 §Line item curated categories', 'ads', 'lineItemCuratedCategory', 'get', { account: ACCOUNT }, [
		['line_item_curated_category_id', 'format', 'record id with a slash', { lineItemCuratedCategory: 'a/b' }, /Item 0: Line Item Curated Category \(line_item_curated_category_id\) must be a line item curated category ID/],
	]),
	...rows('03 §Line item curated categories', 'ads', 'lineItemCuratedCategory', 'create', { account: ACCOUNT, lineItemId: 'li1', curatedCategoryId: 'cc1' }, [
		['line_item_id', 'required', 'line item id empty', { lineItemId: '={{ $json.missing }}' }, /Item 0: Line Item ID \(line_item_id\) is required/],
		['curated_category_id', 'format', 'curated category id with a dash', { curatedCategoryId: 'cc-1' }, /Item 0: Curated Category ID \(curated_category_id\) must be an X Ads ID/],
		['line_item_id', 'format', 'line item id with a space', { lineItemId: 'li 1' }, /Item 0: Line Item ID \(line_item_id\) must be an X Ads ID/],
	]),
	...rows('03 §Line item curated categories', 'ads', 'lineItemCuratedCategory', 'update', { account: ACCOUNT, lineItemCuratedCategory: 'ab1' }, [
		['curated_category_id', 'required', 'nothing to change', { updateFields: {} }, /Item 0: Update Fields needs at least one field/, { names: 'Update Fields' }],
		['line_item_id', 'format', 'line item id with a slash', { updateFields: { lineItemId: 'li/1' } }, /Item 0: Line Item ID \(line_item_id\) must be an X Ads ID/],
		['curated_category_id', 'format', 'curated category id with a space', { updateFields: { curatedCategoryId: 'cc 1' } }, /Item 0: Curated Category ID \(curated_category_id\) must be an X Ads ID/],
		['line_item_curated_category_id', 'format', 'record id with a space', { lineItemCuratedCategory: 'a b', updateFields: { curatedCategoryId: 'cc1' } }, /Item 0: Line Item Curated Category \(line_item_curated_category_id\) must be a line item curated category ID/],
	]),
	...rows('03 §Line item curated categories', 'ads', 'lineItemCuratedCategory', 'delete', { account: ACCOUNT }, [
		['line_item_curated_category_id', 'format', 'record id with a dash', { lineItemCuratedCategory: 'a-b' }, /Item 0: Line Item Curated Category \(line_item_curated_category_id\) must be a line item curated category ID/],
	]),
	...rows('03 §Placements', 'ads', 'placement', 'getAll', {}, [
		['product_type', 'enum', 'product type not in the enum', { options: { productType: 'VIDEO' } }, /Item 0: Product Type \(product_type\) must be one of MEDIA, PROMOTED_ACCOUNT, PROMOTED_TWEETS/],
	]),
];

/**
 * Careless input (issue 16, item 11): values of the wrong kind or with invisible characters, as
 * mapped data and expressions give them. Objects and lists are never sent as "[object Object]" or
 * "Red,Shoe"; numbers typed as text are decimal digits only; blank and control characters are
 * refused (tabs and line breaks only in descriptions and post text); a made-up ID (a product's)
 * keeps no spaces at its ends, X would keep them as part of it; X's own IDs are trimmed (locators).
 */
const careless: BadInput[] = [
	...rows('02 §Product', 'ads', 'product', 'upsert', upsert, [
		['title', 'format', 'careless: an object as the title', {}, /Item 0: Title \(title\) must be text, not an object \(got an object \{"en":"Shoe"\}\)/, withProduct({ title: { en: 'Shoe' } })],
		['color', 'format', 'careless: a list as the color', {}, /Item 0: Color \(color\) must be text, not a list \(got a list \["Red","Shoe"\]\)/, withProduct({ color: ['Red', 'Shoe'] })],
		['custom_label_0', 'format', 'careless: a boolean as a custom label', {}, /Item 0: Custom Label 0 \(custom_label_0\) must be text, not a boolean \(got true\)/, withProduct({ custom_label_0: true })],
		['inventory', 'format', 'careless: inventory in hex', {}, /Item 0: Inventory \(inventory\) must be a number in decimal digits, such as 12 or 12.5 \(got "0x1F"\)/, withProduct({ inventory: '0x1F' })],
		['inventory', 'format', 'careless: inventory a space', {}, /Item 0: Inventory \(inventory\) must be a number in decimal digits, such as 12 or 12.5 \(got " "\)/, withProduct({ inventory: ' ' })],
		['inventory', 'format', 'careless: inventory with an exponent', {}, /Item 0: Inventory \(inventory\) must be a number in decimal digits, such as 12 or 12.5 \(got "1e3"\)/, withProduct({ inventory: '1e3' })],
		['inventory', 'format', 'careless: inventory a list', {}, /Item 0: Inventory \(inventory\) must be a number, not a list \(got a list \[3\]\)/, withProduct({ inventory: [3] })],
		['title', 'required', 'careless: title only spaces', {}, /Item 0: Title \(title\) is required \(got only spaces: "   "\)/, withProduct({ title: '   ' })],
		['brand', 'format', 'careless: brand only spaces', {}, /Item 0: Brand \(brand\) is blank \(only spaces\): give a value, or leave it empty to leave it out/, withProduct({ brand: ' \u00a0' })],
		['title', 'format', 'careless: a control character in the title', {}, /Item 0: Title \(title\) must not contain control characters such as tabs or line breaks \(got "Shoe\\u0007"\)/, withProduct({ title: 'Shoe\u0007' })],
		['title', 'format', 'careless: a line break in the title', {}, /Item 0: Title \(title\) must not contain control characters such as tabs or line breaks \(got "Red\\nShoe"\)/, withProduct({ title: 'Red\nShoe' })],
		['description', 'format', 'careless: a NUL in the description (tabs and line breaks are fine there)', {}, /Item 0: Description \(description\) must not contain control characters \(tabs and line breaks are fine here\)/, withProduct({ description: 'Line one\nLine\ttwo\u0000' })],
		['id', 'format', 'careless: spaces around the product id', {}, /Item 0: ID \(id\) has a leading space and a trailing space; remove them: X would keep spaces as part of the ID \(got " p-1 "\)/, withProduct({ id: ' p-1 ' })],
		['id', 'format', 'careless: a product id as a number beyond 2^53', {}, /Item 0: ID \(id\) is a number beyond 2\^53 that has already lost digits \(got 12345678901234567000\): give it as text/, withProduct({ id: 12345678901234567891 })],
	]),
	...rows('02 §Post creation and naming', 'ads', 'post', 'create', { account: ACCOUNT, asUserId: '756201191646691328' }, [
		['nullcast', 'format', 'careless: a boolean as the text "yes"', { additionalFields: { text: 'hi', nullcast: '={{ "yes" }}' } }, /Item 0: Nullcast \(Promoted-Only\) \(nullcast\) must be true or false \(got "yes"\)/],
		['nullcast', 'format', 'careless: a boolean as the text "TRUE"', { additionalFields: { text: 'hi', nullcast: '={{ "TRUE" }}' } }, /Item 0: Nullcast \(Promoted-Only\) \(nullcast\) must be true or false \(got "TRUE"\)/],
		['text', 'format', 'careless: an escape character in the post text', { additionalFields: { text: 'hi\u001b[31m' } }, /Item 0: Text \(text\) must not contain control characters \(tabs and line breaks are fine here\)/],
		['media_keys', 'format', 'careless: an object among the media keys', { additionalFields: { mediaKeys: `={{ ["${IMAGE}", { "key": 1 }] }}` } }, /Item 0: Media Keys \(media_keys\) takes text values only: value 2 must be text, not an object/],
	]),
];

// ---------------------------------------------------------------- targeting and audiences (X's reference pages)

/** X's reference pages these rules come from (campaign-management and audiences), under the scope documents' numbers. */
const CAMPAIGNS_REF = '03';
const AUDIENCES_REF = '02';
const criterion = { account: ACCOUNT, lineItemId: 'li1', targetingType: 'LOCATION', targetingValue: 'abc', operatorType: 'EQ' };
const batchCreate = { account: ACCOUNT, operationType: 'Create' };
const flex = (segments: unknown) => ({ additionalFields: { name: 'Flex', audienceType: 'FLEXIBLE', segments: JSON.stringify(segments) } });
const targeting: BadInput[] = [
	...rows(`${CAMPAIGNS_REF} §Targeting Criteria`, 'ads', 'targetingCriterion', 'getAll', { account: ACCOUNT, lineItemIds: 'li1', returnAll: true }, [
		['line_item_ids', 'required', 'line item ids only separators', { lineItemIds: ' , ' }, /Item 0: Line Item IDs \(line_item_ids\) is required/],
		['line_item_ids', 'count', 'more than 200 line items', { lineItemIds: ids(201) }, /Item 0: Line Item IDs \(line_item_ids\) takes at most 200 values/],
		['targeting_criterion_ids', 'format', 'criterion id with a dash', { filters: { targetingCriterionIds: 'a-1' } }, /Item 0: Targeting Criterion IDs \(targeting_criterion_ids\) must be an X Ads ID/],
		['lang', 'format', 'language not ISO 639-1', { filters: { lang: 'english' } }, /Item 0: Language \(lang\) must be an ISO 639-1 code/],
		['sort_by', 'format', 'sort without a direction', { filters: { sortBy: 'created_at' } }, /Item 0: Sort By \(sort_by\) must be an attribute and a direction/],
	]),
	...rows(`${CAMPAIGNS_REF} §Targeting Criteria`, 'ads', 'targetingCriterion', 'get', { account: ACCOUNT, targetingCriterionId: 'tc1' }, [
		['targeting_criterion_id', 'format', 'criterion id with a space', { targetingCriterionId: 'tc 1' }, /Item 0: Targeting Criterion ID \(targeting_criterion_id\) must be an X Ads ID/],
		['lang', 'format', 'language in capitals', { options: { lang: 'EN' } }, /Item 0: Language \(lang\) must be an ISO 639-1 code/],
	]),
	...rows(`${CAMPAIGNS_REF} §Targeting Criteria`, 'ads', 'targetingCriterion', 'delete', { account: ACCOUNT }, [
		['targeting_criterion_id', 'format', 'criterion id with a slash', { targetingCriterionId: 'tc/1' }, /Item 0: Targeting Criterion ID \(targeting_criterion_id\) must be an X Ads ID/],
	]),
	...rows(`${CAMPAIGNS_REF} §POST targeting_criteria`, 'ads', 'targetingCriterion', 'create', criterion, [
		['line_item_id', 'format', 'line item id with a dash', { lineItemId: 'li-1' }, /Item 0: Line Item ID \(line_item_id\) must be an X Ads ID/],
		['targeting_type', 'enum', 'targeting type not X\'s', { targetingType: 'ZODIAC' }, /Item 0: Targeting Type \(targeting_type\) must be one of AGE/],
		['operator_type', 'enum', 'operator not X\'s', { operatorType: 'GT' }, /Item 0: Operator Type \(operator_type\) must be one of EQ, NE, GTE, LT/],
		['operator_type', 'other', 'APP_LIST only as an exclusion', { targetingType: 'APP_LIST' }, /Item 0: Operator Type \(operator_type\) must be NE for targeting type APP_LIST/],
		['operator_type', 'other', 'GTE outside NETWORK_ACTIVATION_DURATION', { operatorType: 'GTE' }, /Item 0: Operator Type \(operator_type\) GTE works only with targeting type NETWORK_ACTIVATION_DURATION/],
		['operator_type', 'other', 'NETWORK_ACTIVATION_DURATION with EQ', { targetingType: 'NETWORK_ACTIVATION_DURATION' }, /Item 0: Operator Type \(operator_type\) must be GTE or LT for NETWORK_ACTIVATION_DURATION/],
		['targeting_value', 'enum', 'gender other than 1 or 2', { targetingType: 'GENDER', targetingValue: 'female' }, /Item 0: Targeting Value \(targeting_value\) must be 1 \(male\) or 2 \(female\)/],
		['targeting_value', 'enum', 'engagement type not X\'s', { targetingType: 'ENGAGEMENT_TYPE', targetingValue: 'CLICK' }, /Item 0: Targeting Value \(targeting_value\) must be one of IMPRESSION, ENGAGEMENT/],
		['targeting_value', 'format', 'followers of a handle instead of a user id', { targetingType: 'SIMILAR_TO_FOLLOWERS_OF_USER', targetingValue: '@acme' }, /Item 0: Targeting Value \(targeting_value\) must be a numeric X user ID/],
		['targeting_value', 'format', 'value with a line break', { targetingValue: 'grumpy\ncat' }, /Item 0: Targeting Value \(targeting_value\) must be a targeting value of 1 to 255 characters on one line/],
	]),
	...rows(`${CAMPAIGNS_REF} §POST batch/targeting_criteria`, 'ads', 'targetingCriterion', 'batch', batchCreate, [
		['operation_type', 'enum', 'operation type Update (X takes Create and Delete)', { operationType: 'Update', additionalFields: { targetingCriterionId: 'tc1' } }, /Item 0: Operation Type \(operation_type\) must be one of Create, Delete/],
		['targeting_value', 'required', 'create without a value', { additionalFields: { lineItemId: 'li1', targetingType: 'LOCATION' } }, /Item 0: Targeting Value \(targeting_value\) is required for operation type Create/],
		['targeting_criterion_id', 'required', 'delete without the criterion', { operationType: 'Delete', additionalFields: {} }, /Item 0: Targeting Criterion ID \(targeting_criterion_id\) is required for operation type Delete/],
		['targeting_criterion_id', 'neverTogether', 'create naming a criterion to delete', { additionalFields: { lineItemId: 'li1', targetingType: 'LOCATION', targetingValue: 'abc', targetingCriterionId: 'tc1' } }, /Item 0: Operation Fields \(targeting_criterion_id\) targeting_criterion_id does not belong to a Create operation/],
		['line_item_id', 'format', 'line item id with a space', { additionalFields: { lineItemId: 'li 1', targetingType: 'LOCATION', targetingValue: 'abc' } }, /Item 0: Line Item ID \(line_item_id\) must be an X Ads ID/],
		['targeting_type', 'enum', 'targeting type not X\'s', { additionalFields: { lineItemId: 'li1', targetingType: 'ZODIAC', targetingValue: 'abc' } }, /Item 0: Targeting Type \(targeting_type\) must be one of AGE/],
		['operator_type', 'other', 'APP_LIST without NE', { additionalFields: { lineItemId: 'li1', targetingType: 'APP_LIST', targetingValue: 'abc' } }, /Item 0: Operator Type \(operator_type\) must be NE for targeting type APP_LIST/],
	]),
	...rows(`${CAMPAIGNS_REF} §Targeting Options`, 'ads', 'targetingOption', 'getLocations', { returnAll: true }, [
		['country_code', 'format', 'three-letter country', { filters: { countryCode: 'USA' } }, /Item 0: Country Code \(country_code\) must be a two-letter ISO 3166 country code/],
		['location_type', 'enum', 'location type not X\'s', { filters: { locationType: 'TOWNS' } }, /Item 0: Location Type \(location_type\) must be one of COUNTRIES/],
		['q', 'length', 'search longer than 255 characters', { filters: { q: 'a'.repeat(256) } }, /Item 0: Search \(q\) must be at most 255 characters/],
	]),
	...['getInterests', 'getLanguages', 'getPlatformVersions', 'getDevices', 'getAppStoreCategories'].map((operation): BadInput => ({
		spec: `${CAMPAIGNS_REF} §Targeting Options`, node: 'ads', resource: 'targetingOption', operation, wire: 'q', rule: 'length', description: 'search with a line break',
		parameters: { resource: 'targetingOption', operation, returnAll: true, [operation === 'getInterests' || operation === 'getLanguages' ? 'filters' : 'options']: { q: 'a\nb' } },
		message: /Item 0: Search \(q\) must not contain control characters/,
	})),
	...rows(`${CAMPAIGNS_REF} §Targeting Options`, 'ads', 'targetingOption', 'getPlatforms', { returnAll: true }, [
		['q', 'length', 'search longer than 255 characters', { options: { q: 'a'.repeat(256) } }, /Item 0: Search \(q\) must be at most 255 characters/],
		['lang', 'format', 'language not ISO 639-1', { options: { lang: 'fra' } }, /Item 0: Language \(lang\) must be an ISO 639-1 code/],
	]),
	...rows(`${CAMPAIGNS_REF} §Targeting Options`, 'ads', 'targetingOption', 'getNetworkOperators', { returnAll: true }, [
		['country_code', 'format', 'country in lowercase', { filters: { countryCode: 'us' } }, /Item 0: Country Code \(country_code\) must be a two-letter ISO 3166 country code/],
		['q', 'length', 'search longer than 255 characters', { filters: { q: 'a'.repeat(256) } }, /Item 0: Search \(q\) must be at most 255 characters/],
	]),
	...rows(`${CAMPAIGNS_REF} §Targeting Options`, 'ads', 'targetingOption', 'getAppStoreCategories', { returnAll: true }, [
		['os_type', 'enum', 'os type not X\'s', { options: { osType: 'WINDOWS' } }, /Item 0: OS Type \(os_type\) must be one of ANDROID, IOS/],
	]),
	...rows(`${CAMPAIGNS_REF} §Targeting Options`, 'ads', 'targetingOption', 'getConversations', { returnAll: true }, [
		['conversation_type', 'enum', 'conversation type not X\'s', { filters: { conversationType: 'GOSSIP' } }, /Item 0: Conversation Type \(conversation_type\) must be one of ACTORS/],
	]),
	...rows(`${CAMPAIGNS_REF} §Targeting Options`, 'ads', 'targetingOption', 'getEvents', { eventTypes: 'HOLIDAY', returnAll: true }, [
		['event_types', 'enum', 'event type not X\'s', { eventTypes: 'PARTY' }, /Item 0: Event Type \(event_types\) must be one of CONFERENCE/],
		['country_codes', 'format', 'country name instead of code', { filters: { countryCodes: 'US,Germany' } }, /Item 0: Country Codes \(country_codes\) must be a two-letter ISO 3166 country code/],
		['start_time', 'format', 'start not a date', { filters: { startTime: 'soon' } }, /Item 0: Start Time \(start_time\) must be an ISO 8601 date-time/],
		['end_time', 'window', 'end before start', { filters: { startTime: '2030-02-01T00:00:00Z', endTime: '2030-01-01T00:00:00Z' } }, /Item 0: Start Time \(start_time\) must be before End Time \(end_time\)/, { names: 'Start Time (start_time)' }],
	]),
	...rows(`${CAMPAIGNS_REF} §Targeting Options`, 'ads', 'targetingOption', 'getTvShows', { locale: 'en-US', returnAll: true }, [
		['locale', 'format', 'locale with an underscore', { locale: 'en_US' }, /Item 0: Locale \(locale\) must be a TV market locale such as en-US/],
		['q', 'length', 'search longer than 255 characters', { filters: { q: 'a'.repeat(256) } }, /Item 0: Search \(q\) must be at most 255 characters/],
	]),
	...rows(`${CAMPAIGNS_REF} §Targeting Suggestions`, 'ads', 'targetingOption', 'getSuggestions', { account: ACCOUNT, suggestionType: 'KEYWORD', targetingValues: 'shoes', returnAll: true }, [
		['suggestion_type', 'enum', 'suggestion type not X\'s', { suggestionType: 'HASHTAG' }, /Item 0: Suggestion Type \(suggestion_type\) must be one of KEYWORD, USER_ID/],
		['targeting_values', 'neverTogether', 'keywords mixed into user ids', { suggestionType: 'USER_ID', targetingValues: '12,shoes' }, /Item 0: Targeting Values \(targeting_values\) must be numeric X user IDs for suggestion type USER_ID/],
		['targeting_values', 'required', 'no seed values', { targetingValues: ' , ' }, /Item 0: Targeting Values \(targeting_values\) is required/],
	]),
	...rows(`${AUDIENCES_REF} §Custom Audiences`, 'ads', 'customAudience', 'getAll', { account: ACCOUNT, returnAll: true }, [
		['q', 'length', 'search longer than 255 characters', { filters: { q: 'a'.repeat(256) } }, /Item 0: Search \(q\) must be at most 255 characters/],
		['permission_scope', 'enum', 'scope not X\'s', { filters: { permissionScope: 'ALL' } }, /Item 0: Permission Scope \(permission_scope\) must be one of OWNER, SHARED/],
		['custom_audience_ids', 'count', 'more than 200 ids', { filters: { customAudienceIds: ids(201) } }, /Item 0: Custom Audience IDs \(custom_audience_ids\) takes at most 200 values/],
		['sort_by', 'format', 'sort without a direction', { filters: { sortBy: 'name' } }, /Item 0: Sort By \(sort_by\) must be an attribute and a direction/],
	]),
	...rows(`${AUDIENCES_REF} §Custom Audiences`, 'ads', 'customAudience', 'get', { account: ACCOUNT }, [
		['custom_audience_id', 'format', 'audience id with a space', { customAudienceId: 'ca.1' }, /Item 0: Custom Audience \(custom_audience_id\) must be a custom audience ID/],
	]),
	...rows(`${AUDIENCES_REF} §Custom Audiences`, 'ads', 'customAudience', 'delete', { account: ACCOUNT }, [
		['custom_audience_id', 'required', 'no audience', { customAudienceId: '={{ $json.none }}' }, /Item 0: Custom Audience \(custom_audience_id\) is required/],
	]),
	...rows(`${AUDIENCES_REF} §Custom Audiences`, 'ads', 'customAudience', 'create', { account: ACCOUNT, name: 'Buyers' }, [
		['name', 'length', 'name longer than 255 characters', { name: 'n'.repeat(256) }, /Item 0: Name \(name\) must be at most 255 characters/],
		['name', 'required', 'name only spaces', { name: '   ' }, /Item 0: Name \(name\) is required/],
	]),
	...rows(`${AUDIENCES_REF} §Custom Audiences`, 'ads', 'customAudience', 'update', { account: ACCOUNT, customAudienceId: 'ca1' }, [
		['name', 'required', 'nothing to change', { updateFields: {} }, /Item 0: Update Fields needs at least one field to change/, { names: 'Update Fields' }],
		['custom_audience_id', 'format', 'audience id with a dash', { customAudienceId: 'ca-1', updateFields: { name: 'x' } }, /Item 0: Custom Audience \(custom_audience_id\) must be a custom audience ID/],
	]),
	...rows(`${AUDIENCES_REF} §POST batch/custom_audiences`, 'ads', 'customAudience', 'batch', batchCreate, [
		['operation_type', 'enum', 'operation type not X\'s', { operationType: 'Merge' }, /Item 0: Operation Type \(operation_type\) must be one of Create, Update, Delete/],
		['segments', 'required', 'create without segments', { additionalFields: { name: 'Flex', audienceType: 'FLEXIBLE' } }, /Item 0: Segments \(segments\) is required for operation type Create/],
		['segments', 'format', 'segments not JSON', { additionalFields: { name: 'Flex', audienceType: 'FLEXIBLE', segments: '{boolean_operator: AND' } }, /Item 0: Segments \(segments\) must be valid JSON/],
		['segments', 'enum', 'group without AND or OR', flex({ child_segments: [{ custom_audience_id: 'a1' }] }), /Item 0: Segments \(segments\) segments.boolean_operator must be AND or OR/],
		['segments', 'enum', 'lookback window of 3 days', flex({ custom_audience_id: 'a1', lookback_window: 3 }), /Item 0: Segments \(segments\) segments.lookback_window must be one of 1, 7, 14, 30/],
		['segments', 'enum', 'comparator not X\'s', flex({ custom_audience_id: 'a1', frequency_comparator: 'MORE' }), /Item 0: Segments \(segments\) segments.frequency_comparator must be one of NUM_GTE/],
		['segments', 'count', 'eleven audiences', flex({ boolean_operator: 'OR', child_segments: Array.from({ length: 11 }, (_, n) => ({ custom_audience_id: `a${n}` })) }), /Item 0: Segments \(segments\) holds 11 custom audiences; a flexible audience takes at most 10/],
		['audience_type', 'enum', 'audience type not X\'s', { additionalFields: { name: 'Flex', audienceType: 'CRM', segments: '{"custom_audience_id":"a1"}' } }, /Item 0: Audience Type \(audience_type\) must be one of FLEXIBLE, MOBILE_AUDIENCE/],
		['name', 'length', 'name longer than 255 characters', { additionalFields: { name: 'n'.repeat(256), audienceType: 'FLEXIBLE', segments: '{"custom_audience_id":"a1"}' } }, /Item 0: Name \(name\) must be at most 255 characters/],
		['custom_audience_id', 'required', 'delete without the audience', { operationType: 'Delete', additionalFields: {} }, /Item 0: Custom Audience ID \(custom_audience_id\) is required for operation type Delete/],
		['custom_audience_id', 'format', 'delete an audience id with a dash', { operationType: 'Delete', additionalFields: { customAudienceId: 'ca-1' } }, /Item 0: Custom Audience ID \(custom_audience_id\) must be an X Ads ID/],
	]),
	...rows(`${AUDIENCES_REF} §Custom Audience Permissions`, 'ads', 'customAudience', 'getPermissions', { account: ACCOUNT, customAudienceId: 'ca1', returnAll: true }, [
		['granted_account_ids', 'count', 'more than 200 accounts', { filters: { grantedAccountIds: ids(201) } }, /Item 0: Granted Account IDs \(granted_account_ids\) takes at most 200 values/],
		['custom_audience_permission_ids', 'format', 'permission id with a dash', { filters: { customAudiencePermissionIds: 'p-1' } }, /Item 0: Custom Audience Permission IDs \(custom_audience_permission_ids\) must be an X Ads ID/],
		['sort_by', 'format', 'sort with a bad direction', { filters: { sortBy: 'created_at-up' } }, /Item 0: Sort By \(sort_by\) must be an attribute and a direction/],
		['custom_audience_id', 'format', 'audience id with a slash', { customAudienceId: 'ca/1' }, /Item 0: Custom Audience \(custom_audience_id\) must be a custom audience ID/],
	]),
	...rows(`${AUDIENCES_REF} §Custom Audience Permissions`, 'ads', 'customAudience', 'createPermission', { account: ACCOUNT, customAudienceId: 'ca1', grantedAccountId: 'acc2', permissionLevel: 'READ_ONLY' }, [
		['permission_level', 'enum', 'level not X\'s', { permissionLevel: 'ADMIN' }, /Item 0: Permission Level \(permission_level\) must be one of READ_ONLY, READ_WRITE/],
		['granted_account_id', 'format', 'account id with a space', { grantedAccountId: 'acc 2' }, /Item 0: Granted Account ID \(granted_account_id\) must be an X Ads ID/],
		['granted_account_id', 'other', 'sharing with the owning account', { grantedAccountId: ACCOUNT }, /Item 0: Granted Account ID \(granted_account_id\) must be another account than the owning one/],
		['custom_audience_id', 'format', 'audience id with a space', { customAudienceId: 'ca 1' }, /Item 0: Custom Audience \(custom_audience_id\) must be a custom audience ID/],
	]),
	...rows(`${AUDIENCES_REF} §Custom Audience Permissions`, 'ads', 'customAudience', 'deletePermission', { account: ACCOUNT, customAudienceId: 'ca1', customAudiencePermissionId: 'p1' }, [
		['custom_audience_permission_id', 'format', 'permission id with a dash', { customAudiencePermissionId: 'p-1' }, /Item 0: Custom Audience Permission ID \(custom_audience_permission_id\) must be an X Ads ID/],
		['custom_audience_id', 'format', 'audience id with a dash', { customAudienceId: 'ca-1' }, /Item 0: Custom Audience \(custom_audience_id\) must be a custom audience ID/],
	]),
];

// ---------------------------------------------------------------- campaign management: campaigns, line items, funding, promoted
// https://docs.x.com/x-ads-api/campaign-management/reference

const CM = '03 §Campaigns, line items, funding instruments, promoted posts and accounts';
const FI = 'fi1';
const liCreate = { campaign: 'c1', objective: 'ENGAGEMENTS', productType: 'PROMOTED_TWEETS', placements: ['ALL_ON_TWITTER'], startTime: '2026-03-01T00:00:00Z', endTime: '2026-04-01T00:00:00Z' };
const liBatchCreate = { campaignId: 'c1', objective: 'ENGAGEMENTS', productType: 'PROMOTED_TWEETS', placements: ['ALL_ON_TWITTER'], startTime: '2026-03-01T00:00:00Z', endTime: '2026-04-01T00:00:00Z' };
const CM_VALID: Record<string, INodeParameters> = {
	'campaign.getAll': {},
	'campaign.get': { campaign: 'c1' },
	'campaign.create': { fundingInstrument: FI, name: 'C' },
	'campaign.update': { campaign: 'c1', updateFields: { name: 'C' } },
	'campaign.activate': { campaign: 'c1' },
	'campaign.pause': { campaign: 'c1' },
	'campaign.delete': { campaign: 'c1' },
	'campaign.batch': { operationType: 'Delete', additionalFields: { campaignId: 'c1' } },
	'lineItem.getAll': {},
	'lineItem.get': { lineItem: 'li1' },
	'lineItem.create': liCreate,
	'lineItem.activate': { lineItem: 'li1' },
	'lineItem.pause': { lineItem: 'li1' },
	'lineItem.batch': { operationType: 'Delete', additionalFields: { lineItemId: 'li1' } },
	'fundingInstrument.getAll': {},
	'fundingInstrument.get': { fundingInstrument: FI },
	'promotedPost.getAll': {},
	'promotedPost.get': { promotedTweetId: 'pt1' },
	'promotedPost.create': { lineItem: 'li1', tweetIds: '123' },
	'promotedPost.delete': { promotedTweetId: 'pt1' },
	'promotedAccount.getAll': {},
	'promotedAccount.get': { promotedAccountId: 'pa1' },
	'promotedAccount.create': { lineItem: 'li1', userId: '123' },
	'promotedAccount.delete': { promotedAccountId: 'pa1' },
	'scheduledPromotedPost.getAll': {},
	'scheduledPromotedPost.get': { scheduledPromotedTweetId: 'sp1' },
	'scheduledPromotedPost.create': { lineItem: 'li1', scheduledTweetId: '123' },
	'scheduledPromotedPost.delete': { scheduledPromotedTweetId: 'sp1' },
	'promotableUser.getAll': {},
	'promotableUser.get': { promotableUserId: 'pu1' },
};
const adsIdRule = /must be an X Ads ID of letters and digits/;
/** A bad record ID in the path: [operation, parameter, wire, label, rule]. */
const pathIds: Array<[string, string, string, string, RegExp]> = [
	['campaign.get', 'campaign', 'campaign_id', 'Campaign', /must be a campaign ID/],
	['campaign.update', 'campaign', 'campaign_id', 'Campaign', /must be a campaign ID/],
	['campaign.activate', 'campaign', 'campaign_id', 'Campaign', /must be a campaign ID/],
	['campaign.pause', 'campaign', 'campaign_id', 'Campaign', /must be a campaign ID/],
	['campaign.delete', 'campaign', 'campaign_id', 'Campaign', /must be a campaign ID/],
	['lineItem.get', 'lineItem', 'line_item_id', 'Line Item', /must be a line item ID/],
	['lineItem.activate', 'lineItem', 'line_item_id', 'Line Item', /must be a line item ID/],
	['lineItem.pause', 'lineItem', 'line_item_id', 'Line Item', /must be a line item ID/],
	['fundingInstrument.get', 'fundingInstrument', 'funding_instrument_id', 'Funding Instrument', /must be a funding instrument ID/],
	['promotedPost.get', 'promotedTweetId', 'promoted_tweet_id', 'Promoted Post ID', adsIdRule],
	['promotedPost.delete', 'promotedTweetId', 'promoted_tweet_id', 'Promoted Post ID', adsIdRule],
	['promotedAccount.get', 'promotedAccountId', 'promoted_account_id', 'Promoted Account ID', adsIdRule],
	['promotedAccount.delete', 'promotedAccountId', 'promoted_account_id', 'Promoted Account ID', adsIdRule],
	['scheduledPromotedPost.get', 'scheduledPromotedTweetId', 'scheduled_promoted_tweet_id', 'Scheduled Promoted Post ID', adsIdRule],
	['scheduledPromotedPost.delete', 'scheduledPromotedTweetId', 'scheduled_promoted_tweet_id', 'Scheduled Promoted Post ID', adsIdRule],
	['promotableUser.get', 'promotableUserId', 'promotable_user_id', 'Promotable User ID', adsIdRule],
];
/** ID list filters of the Get Many operations: [operation, parameter, wire, label]. */
const idFilters: Array<[string, string, string, string]> = [
	['campaign.getAll', 'campaignIds', 'campaign_ids', 'Campaign IDs'],
	['campaign.getAll', 'fundingInstrumentIds', 'funding_instrument_ids', 'Funding Instrument IDs'],
	['lineItem.getAll', 'campaignIds', 'campaign_ids', 'Campaign IDs'],
	['lineItem.getAll', 'fundingInstrumentIds', 'funding_instrument_ids', 'Funding Instrument IDs'],
	['lineItem.getAll', 'lineItemIds', 'line_item_ids', 'Line Item IDs'],
	['fundingInstrument.getAll', 'fundingInstrumentIds', 'funding_instrument_ids', 'Funding Instrument IDs'],
	['promotedPost.getAll', 'lineItemIds', 'line_item_ids', 'Line Item IDs'],
	['promotedPost.getAll', 'promotedTweetIds', 'promoted_tweet_ids', 'Promoted Post IDs'],
	['promotedAccount.getAll', 'lineItemIds', 'line_item_ids', 'Line Item IDs'],
	['promotedAccount.getAll', 'promotedAccountIds', 'promoted_account_ids', 'Promoted Account IDs'],
	['scheduledPromotedPost.getAll', 'lineItemIds', 'line_item_ids', 'Line Item IDs'],
	['scheduledPromotedPost.getAll', 'scheduledPromotedTweetIds', 'scheduled_promoted_tweet_ids', 'Scheduled Promoted Post IDs'],
	['promotableUser.getAll', 'promotableUserIds', 'promotable_user_ids', 'Promotable User IDs'],
];
const op = (key: string) => key.split('.') as [string, string];
/** Line item Create's optional fields and cross-field rules; Batch passes its own Create fields (all in additionalFields there). */
function lineItemOptional(batch: INodeParameters | undefined): Row[] {
	// Create: required fields are top-level parameters; Batch: everything sits in additionalFields.
	const set = (top: INodeParameters, extra: INodeParameters): INodeParameters =>
		batch ? { additionalFields: { ...batch, ...top, ...extra } as INodeParameters } : { ...top, additionalFields: extra };
	return [
		['name', 'length', 'name over 255 characters', set({}, { name: 'n'.repeat(256) }), /Name \(name\) must be at most 255 characters/],
		['bid_strategy', 'enum', 'bid strategy not in the enum', set({}, { bidStrategy: 'LOWEST' }), /Bid Strategy \(bid_strategy\) must be one of AUTO, MAX, TARGET/],
		['goal', 'enum', 'goal not in the enum', set({}, { goal: 'CLICKS' }), /Goal \(goal\) must be one of APP_CLICKS/],
		['goal', 'neverTogether', 'SITE_VISITS for ENGAGEMENTS', set({}, { goal: 'SITE_VISITS' }), /Goal \(goal\) SITE_VISITS is available only for the WEBSITE_CLICKS objective/],
		['pay_by', 'enum', 'pay_by not in the enum', set({}, { payBy: 'VIEW' }), /Pay By \(pay_by\) must be one of APP_CLICK, IMPRESSION, LINK_CLICK/],
		['pay_by', 'neverTogether', 'a pay-by the goal does not take', set({ objective: 'WEBSITE_CLICKS' }, { goal: 'LINK_CLICKS', payBy: 'APP_CLICK' }), /Pay By \(pay_by\) APP_CLICK is not supported for the LINK_CLICKS goal/],
		['frequency_cap', 'range', 'frequency cap below 1', set({}, { frequencyCap: 0 }), /Frequency Cap \(frequency_cap\) must be at least 1/],
		['frequency_cap', 'neverTogether', 'frequency cap for WEBSITE_CLICKS', set({ objective: 'WEBSITE_CLICKS' }, { frequencyCap: 2 }), /Frequency Cap \(frequency_cap\) is supported only/],
		['duration_in_days', 'enum', 'period not 1, 7 or 30', set({}, { durationInDays: '14' }), /\(duration_in_days\) must be one of 1, 7, 30/],
		['audience_expansion', 'enum', 'expansion not in the enum', set({}, { audienceExpansion: 'WIDE' }), /Audience Expansion \(audience_expansion\) must be one of BROAD, DEFINED, EXPANDED/],
		['advertiser_domain', 'format', 'domain with protocol', set({}, { advertiserDomain: 'https://example.com' }), /Advertiser Domain \(advertiser_domain\) must be a domain without protocol/],
		['advertiser_domain', 'requiredTogether', 'PUBLISHER_NETWORK without a domain', set({ placements: ['PUBLISHER_NETWORK'] }, { categories: 'IAB1' }), /Advertiser Domain \(advertiser_domain\) is required with the PUBLISHER_NETWORK placement/],
		['categories', 'requiredTogether', 'PUBLISHER_NETWORK without categories', set({ placements: ['PUBLISHER_NETWORK'] }, { advertiserDomain: 'example.com' }), /Categories \(categories\) is required with the PUBLISHER_NETWORK placement/],
		['advertiser_user_id', 'format', 'user id not numeric', set({}, { advertiserUserId: '@acme' }), /Advertiser User ID \(advertiser_user_id\) must be a numeric X user ID/],
		['ios_app_store_identifier', 'format', 'iOS id not numeric', set({}, { iosAppStoreIdentifier: 'id1' }), /iOS App Store Identifier \(ios_app_store_identifier\) must be the numeric part/],
		['ios_app_store_identifier', 'requiredTogether', 'APP_INSTALLS without an app', set({ objective: 'APP_INSTALLS' }, {}), /iOS App Store Identifier \(ios_app_store_identifier\) or Android App Store Identifier is required for the APP_INSTALLS objective/],
		['categories', 'format', 'category not IAB', set({}, { categories: 'sports' }), /Categories \(categories\) must be IAB category codes/],
		['primary_web_event_tag', 'length', 'tag over 64 characters', set({}, { primaryWebEventTag: 't'.repeat(65) }), /Primary Web Event Tag \(primary_web_event_tag\) must be at most 64 characters/],
		['primary_web_event_tag', 'requiredTogether', 'WEBSITE_CONVERSIONS without a tag', set({}, { goal: 'WEBSITE_CONVERSIONS' }), /Primary Web Event Tag \(primary_web_event_tag\) is required when Goal is WEBSITE_CONVERSIONS/],
		['bid_amount_local_micro', 'requiredTogether', 'MAX without a bid', set({}, { bidStrategy: 'MAX' }), /Bid Amount \(bid_amount_local_micro\) is required when Bid Strategy is MAX/],
		['bid_amount_local_micro', 'range', 'bid of zero', set({}, { bidAmountLocalMicro: '0' }), /Bid Amount \(bid_amount_local_micro\) must be greater than zero/],
		['bid_strategy', 'neverTogether', 'MAX for REACH', set({ objective: 'REACH' }, { bidStrategy: 'MAX', bidAmountLocalMicro: '1' }), /Bid Strategy \(bid_strategy\) cannot be MAX for the REACH objective/],
		['bid_strategy', 'neverTogether', 'TARGET for ENGAGEMENTS', set({}, { bidStrategy: 'TARGET', bidAmountLocalMicro: '1' }), /Bid Strategy \(bid_strategy\) can be TARGET only/],
		['daily_budget_amount_local_micro', 'range', 'daily above total', set({}, { dailyBudgetAmountLocalMicro: '2', totalBudgetAmountLocalMicro: '1' }), /Daily Budget \(daily_budget_amount_local_micro\) must not be above the Total Budget/],
		['start_time', 'window', 'start after end', set({ startTime: '2026-05-01T00:00:00Z' }, {}), /Start Time \(start_time\) must be before End Time/],
	];
}
const campaignMgmt: BadInput[] = [
	...Object.entries(CM_VALID).flatMap(([key, valid]) =>
		rows(CM, 'ads', ...op(key), { ...valid, returnAll: true }, [
			['account_id', 'format', 'account id with a space', { account: 'acct 1' }, /Item 0: Account \(account_id\) must be an X Ads account ID/],
		]),
	),
	...Object.keys(CM_VALID)
		.filter((k) => k.endsWith('.getAll'))
		.flatMap((key) =>
			rows(CM, 'ads', ...op(key), { account: ACCOUNT, returnAll: true }, [
				['sort_by', 'format', 'sort_by without a direction', { filters: { sortBy: 'name' } }, /Item 0: Sort By \(sort_by\) must be an attribute and a direction/],
			]),
		),
	...pathIds.flatMap(([key, parameter, wire, label, rule]) =>
		rows(CM, 'ads', ...op(key), { account: ACCOUNT, ...CM_VALID[key] }, [
			[wire, 'format', `${wire} with a dash`, { [parameter]: 'ab-1' }, new RegExp(`Item 0: ${label} \\(${wire}\\) ${rule.source}`)],
		]),
	),
	...idFilters.flatMap(([key, parameter, wire, label]) =>
		rows(CM, 'ads', ...op(key), { account: ACCOUNT, returnAll: true }, [
			[wire, 'format', `${wire} with a dash`, { filters: { [parameter]: 'ab1,c-d' } }, new RegExp(`Item 0: ${label} \\(${wire}\\) must be an X Ads ID`)],
			[wire, 'count', `${wire} over 200`, { filters: { [parameter]: ids(201) } }, new RegExp(`Item 0: ${label} \\(${wire}\\) takes at most 200 values`)],
		]),
	),
	...['campaign.getAll', 'lineItem.getAll'].flatMap((key) =>
		rows(CM, 'ads', ...op(key), { account: ACCOUNT, returnAll: true }, [
			['q', 'length', 'name search over 255 characters', { filters: { q: 'q'.repeat(256) } }, /Item 0: Name Search \(q\) must be at most 255 characters/],
		]),
	),
	...rows(CM, 'ads', 'campaign', 'create', { account: ACCOUNT, fundingInstrument: FI, name: 'C' }, [
		['funding_instrument_id', 'format', 'funding instrument id with a slash', { fundingInstrument: 'a/b' }, /Item 0: Funding Instrument \(funding_instrument_id\) must be a funding instrument ID/],
		['name', 'length', 'name over 255 characters', { name: 'n'.repeat(256) }, /Item 0: Name \(name\) must be at most 255 characters/],
		['name', 'required', 'name missing', { name: '={{ $json.missing }}' }, /Item 0: Name \(name\) is required/],
		['entity_status', 'enum', 'status not in the enum', { entityStatus: 'RUNNING' }, /Item 0: Status \(entity_status\) must be one of PAUSED, ACTIVE, DRAFT/],
		['budget_optimization', 'enum', 'budget optimization CAMPAIGN', { additionalFields: { budgetOptimization: 'CAMPAIGN' } }, /Item 0: Budget Optimization \(budget_optimization\) must be one of LINE_ITEM/],
		['purchase_order_number', 'length', 'purchase order over 50', { additionalFields: { purchaseOrderNumber: 'p'.repeat(51) } }, /Item 0: Purchase Order Number \(purchase_order_number\) must be at most 50 characters/],
		['daily_budget_amount_local_micro', 'range', 'daily above total', { additionalFields: { dailyBudgetAmountLocalMicro: '10.01', totalBudgetAmountLocalMicro: '10' } }, /Item 0: Daily Budget \(daily_budget_amount_local_micro\) must not be above the Total Budget/],
		['daily_budget_amount_local_micro', 'format', 'amount with 7 decimals', { additionalFields: { dailyBudgetAmountLocalMicro: '1.0000001' } }, /Item 0: Daily Budget \(daily_budget_amount_local_micro\) has more than 6 decimals/],
	]),
	...rows(CM, 'ads', 'campaign', 'update', { account: ACCOUNT, campaign: 'c1' }, [
		['name', 'length', 'name over 255 characters', { updateFields: { name: 'n'.repeat(256) } }, /Item 0: Name \(name\) must be at most 255 characters/],
		['entity_status', 'enum', 'status DRAFT on update', { updateFields: { entityStatus: 'DRAFT' } }, /Item 0: Status \(entity_status\) must be one of ACTIVE, PAUSED/],
		['budget_optimization', 'enum', 'budget optimization CAMPAIGN', { updateFields: { budgetOptimization: 'CAMPAIGN' } }, /Item 0: Budget Optimization \(budget_optimization\) must be one of LINE_ITEM/],
		['purchase_order_number', 'length', 'purchase order over 50', { updateFields: { purchaseOrderNumber: 'p'.repeat(51) } }, /Item 0: Purchase Order Number \(purchase_order_number\) must be at most 50 characters/],
		['name', 'required', 'nothing to change', { updateFields: {} }, /Item 0: Update Fields needs at least one field to change/, { names: 'Update Fields' }],
		['daily_budget_amount_local_micro', 'range', 'daily above total', { updateFields: { dailyBudgetAmountLocalMicro: '3', totalBudgetAmountLocalMicro: '2' } }, /Item 0: Daily Budget \(daily_budget_amount_local_micro\) must not be above the Total Budget/],
	]),
	...rows(CM, 'ads', 'campaign', 'batch', { account: ACCOUNT, operationType: 'Create' }, [
		['operation_type', 'enum', 'operation type not Create, Update or Delete', { operationType: 'Upsert', additionalFields: { campaignId: 'c1' } }, /Item 0: Operation Type \(operation_type\) must be one of Create, Update, Delete/],
		['campaign_id', 'required', 'update without a campaign', { operationType: 'Update', additionalFields: { name: 'x' } }, /Item 0: Campaign ID \(campaign_id\) is required for Update/],
		['campaign_id', 'neverTogether', 'create with a campaign id', { additionalFields: { campaignId: 'c1', fundingInstrumentId: FI, name: 'x' } }, /Item 0: Campaign ID \(campaign_id\) must be empty for Create/],
		['campaign_id', 'format', 'campaign id with a dash', { operationType: 'Delete', additionalFields: { campaignId: 'c-1' } }, /Item 0: Campaign ID \(campaign_id\) must be an X Ads ID/],
		['funding_instrument_id', 'required', 'create without a funding instrument', { additionalFields: { name: 'x' } }, /Item 0: Funding Instrument ID \(funding_instrument_id\) is required for Create/],
		['funding_instrument_id', 'format', 'funding instrument id with a space', { additionalFields: { fundingInstrumentId: 'f 1', name: 'x' } }, /Item 0: Funding Instrument ID \(funding_instrument_id\) must be an X Ads ID/],
		['funding_instrument_id', 'neverTogether', 'funding instrument on update', { operationType: 'Update', additionalFields: { campaignId: 'c1', fundingInstrumentId: FI } }, /Item 0: Funding Instrument ID \(funding_instrument_id\) is not a field of Update/],
		['name', 'length', 'name over 255 characters', { additionalFields: { fundingInstrumentId: FI, name: 'n'.repeat(256) } }, /Item 0: Name \(name\) must be at most 255 characters/],
		['name', 'neverTogether', 'a field on delete', { operationType: 'Delete', additionalFields: { campaignId: 'c1', name: 'x' } }, /Item 0: Name \(name\) is not a field of Delete/],
		['entity_status', 'enum', 'status not in the enum', { additionalFields: { fundingInstrumentId: FI, name: 'x', entityStatus: 'RUNNING' } }, /Item 0: Status \(entity_status\) must be one of ACTIVE, DRAFT, PAUSED/],
		['entity_status', 'neverTogether', 'DRAFT on update', { operationType: 'Update', additionalFields: { campaignId: 'c1', entityStatus: 'DRAFT' } }, /Item 0: Status \(entity_status\) can be DRAFT only on Create/],
		['budget_optimization', 'enum', 'budget optimization CAMPAIGN', { additionalFields: { fundingInstrumentId: FI, name: 'x', budgetOptimization: 'CAMPAIGN' } }, /Item 0: Budget Optimization \(budget_optimization\) must be one of LINE_ITEM/],
		['purchase_order_number', 'length', 'purchase order over 50', { additionalFields: { fundingInstrumentId: FI, name: 'x', purchaseOrderNumber: 'p'.repeat(51) } }, /Item 0: Purchase Order Number \(purchase_order_number\) must be at most 50 characters/],
		['daily_budget_amount_local_micro', 'range', 'daily above total', { additionalFields: { fundingInstrumentId: FI, name: 'x', dailyBudgetAmountLocalMicro: '3', totalBudgetAmountLocalMicro: '2' } }, /Item 0: Daily Budget \(daily_budget_amount_local_micro\) must not be above the Total Budget/],
		['total_budget_amount_local_micro', 'range', 'amount beyond a JSON number', { amountUnit: 'micro', additionalFields: { fundingInstrumentId: FI, name: 'x', totalBudgetAmountLocalMicro: '9007199254740993' } }, /Item 0: total_budget_amount_local_micro is too large to send in a batch/, { names: 'total_budget_amount_local_micro' }],
	]),
	...rows(CM, 'ads', 'lineItem', 'create', { account: ACCOUNT, ...liCreate }, [
		['campaign_id', 'format', 'campaign id with a dash', { campaign: 'c-1' }, /Item 0: Campaign \(campaign_id\) must be a campaign ID/],
		['objective', 'enum', 'objective not in the enum', { objective: 'SALES' }, /Item 0: Objective \(objective\) must be one of APP_ENGAGEMENTS/],
		['product_type', 'enum', 'product type not in the enum', { productType: 'VIDEO' }, /Item 0: Product Type \(product_type\) must be one of MEDIA, PROMOTED_ACCOUNT, PROMOTED_TWEETS/],
		['placements', 'enum', 'placement not in the enum', { placements: ['EVERYWHERE'] }, /Item 0: Placements \(placements\) must be one of ALL_ON_TWITTER/],
		['placements', 'required', 'no placement', { placements: '={{ [] }}' }, /Item 0: Placements \(placements\) is required/],
		['entity_status', 'enum', 'status not in the enum', { entityStatus: 'RUNNING' }, /Item 0: Status \(entity_status\) must be one of PAUSED, ACTIVE, DRAFT/],
		['end_time', 'required', 'end missing', { endTime: '={{ $json.missing }}' }, /Item 0: End Time \(end_time\) is required/],
		...lineItemOptional(undefined),
	]),
	...rows(CM, 'ads', 'lineItem', 'batch', { account: ACCOUNT, operationType: 'Create' }, [
		['operation_type', 'enum', 'operation type not Create, Update or Delete', { operationType: 'Upsert', additionalFields: { lineItemId: 'li1' } }, /Item 0: Operation Type \(operation_type\) must be one of Create, Update, Delete/],
		['line_item_id', 'required', 'delete without a line item', { operationType: 'Delete', additionalFields: {} }, /Item 0: Line Item ID \(line_item_id\) is required for Delete/],
		['line_item_id', 'format', 'line item id with a dash', { operationType: 'Delete', additionalFields: { lineItemId: 'l-1' } }, /Item 0: Line Item ID \(line_item_id\) must be an X Ads ID/],
		['campaign_id', 'required', 'create without a campaign', { additionalFields: { ...liBatchCreate, campaignId: '' } }, /Item 0: Campaign ID \(campaign_id\) is required for Create/],
		['campaign_id', 'format', 'campaign id with a dash', { additionalFields: { ...liBatchCreate, campaignId: 'c-1' } }, /Item 0: Campaign ID \(campaign_id\) must be an X Ads ID/],
		['objective', 'enum', 'objective not in the enum', { additionalFields: { ...liBatchCreate, objective: 'SALES' } }, /Item 0: Objective \(objective\) must be one of APP_ENGAGEMENTS/],
		['objective', 'required', 'create without an objective', { additionalFields: { ...liBatchCreate, objective: '' } }, /Item 0: Objective \(objective\) is required for Create/],
		['product_type', 'enum', 'product type not in the enum', { additionalFields: { ...liBatchCreate, productType: 'VIDEO' } }, /Item 0: Product Type \(product_type\) must be one of MEDIA/],
		['placements', 'enum', 'placement not in the enum', { additionalFields: { ...liBatchCreate, placements: ['EVERYWHERE'] } }, /Item 0: Placements \(placements\) must be one of ALL_ON_TWITTER/],
		['entity_status', 'enum', 'status not in the enum', { additionalFields: { ...liBatchCreate, entityStatus: 'RUNNING' } }, /Item 0: Status \(entity_status\) must be one of ACTIVE, DRAFT, PAUSED/],
		['entity_status', 'neverTogether', 'DRAFT on update', { operationType: 'Update', additionalFields: { lineItemId: 'li1', entityStatus: 'DRAFT' } }, /Item 0: Status \(entity_status\) can be DRAFT only on Create/],
		['goal', 'neverTogether', 'SITE_VISITS on update (PUT does not take it)', { operationType: 'Update', additionalFields: { lineItemId: 'li1', goal: 'SITE_VISITS' } }, /Item 0: Goal \(goal\) can be SITE_VISITS only on Create/],
		...lineItemOptional(liBatchCreate),
	]),
	...rows(CM, 'ads', 'fundingInstrument', 'create', { account: ACCOUNT, currency: 'USD', type: 'CREDIT_CARD', startTime: '2026-01-01T00:00:00Z' }, [
		['currency', 'format', 'currency in lower case', { currency: 'usd' }, /Item 0: Currency \(currency\) must be an ISO 4217 currency code/, { sandbox: true }],
		['type', 'enum', 'type not in the enum', { type: 'PAYPAL' }, /Item 0: Type \(type\) must be one of AGENCY_CREDIT_LINE/, { sandbox: true }],
		['start_time', 'window', 'start after end', { additionalFields: { endTime: '2025-01-01T00:00:00Z' } }, /Item 0: Start Time \(start_time\) must be before End Time/, { sandbox: true }],
		['environment', 'other', 'sandbox-only operation with a production credential', {}, /Item 0: Create a sandbox funding instrument works only in the X Ads sandbox/, { names: '(environment)' }],
		['account_id', 'format', 'account id with a space', { account: 'acct 1' }, /Item 0: Account \(account_id\) must be an X Ads account ID/, { sandbox: true }],
	]),
	...rows(CM, 'ads', 'fundingInstrument', 'delete', { account: ACCOUNT, fundingInstrument: FI }, [
		['environment', 'other', 'sandbox-only operation with a production credential', {}, /Item 0: Delete a sandbox funding instrument works only in the X Ads sandbox/, { names: '(environment)' }],
		['account_id', 'format', 'account id with a space', { account: 'acct 1' }, /Item 0: Account \(account_id\) must be an X Ads account ID/, { sandbox: true }],
		['funding_instrument_id', 'format', 'funding instrument id with a dash', { fundingInstrument: 'f-1' }, /Item 0: Funding Instrument \(funding_instrument_id\) must be a funding instrument ID/, { sandbox: true }],
	]),
	...rows(CM, 'ads', 'promotedPost', 'create', { account: ACCOUNT, lineItem: 'li1', tweetIds: '123' }, [
		['line_item_id', 'format', 'line item id with a dash', { lineItem: 'l-1' }, /Item 0: Line Item \(line_item_id\) must be a line item ID/],
		['tweet_ids', 'format', 'post id with letters', { tweetIds: '123,abc' }, /Item 0: Post IDs \(tweet_ids\) must be numeric post IDs/],
		['tweet_ids', 'count', 'more than 50 posts', { tweetIds: Array.from({ length: 51 }, (_, i) => String(i + 1)).join(',') }, /Item 0: Post IDs \(tweet_ids\) takes at most 50 values/],
	]),
	...rows(CM, 'ads', 'promotedAccount', 'create', { account: ACCOUNT, lineItem: 'li1', userId: '123' }, [
		['line_item_id', 'format', 'line item id with a dash', { lineItem: 'l-1' }, /Item 0: Line Item \(line_item_id\) must be a line item ID/],
		['user_id', 'format', 'user id not numeric', { userId: '@acme' }, /Item 0: User ID \(user_id\) must be a numeric X user ID/],
	]),
	...rows(CM, 'ads', 'scheduledPromotedPost', 'create', { account: ACCOUNT, lineItem: 'li1', scheduledTweetId: '123' }, [
		['line_item_id', 'format', 'line item id with a dash', { lineItem: 'l-1' }, /Item 0: Line Item \(line_item_id\) must be a line item ID/],
		['scheduled_tweet_id', 'format', 'scheduled post id not numeric', { scheduledTweetId: 'abc' }, /Item 0: Scheduled Post ID \(scheduled_tweet_id\) must be a numeric scheduled post ID/],
	]),
];

export const badInput: BadInput[] = [...doc01, ...doc02, ...doc03, ...careless, ...targeting, ...campaignMgmt, ...creativesSettingsBadInput, ...analyticsBadInput, ...measurementBadInput, ...mediaBadInput];

/** A test name: document and section, resource, field and rule, and the description. */
export function entryName(entry: BadInput): string {
	return `${entry.spec} ${entry.node}:${entry.resource}.${entry.operation} ${entry.wire} [${entry.rule}] ${entry.description}`;
}

/*
 * Rules of the spec documents with no entry above, because nothing the node is given can show them
 * broken before sending (they are X's judgement, properties of files or of X's records, or not input):
 * - 01 oauth_callback must be one of the App's registered callbacks: only X knows the App's settings
 *   (the node adds a hint to X's 403). A webhook URL must be publicly reachable: X's CRC GET judges.
 * - 01 with_total_count is exclusive with cursor, and count has per-endpoint bounds: the node sends
 *   both itself (cursor pages drop with_total_count; count stays within the endpoint's maximum);
 *   the Limit that drives count is in the corpus.
 * - 01/02 batch limits (25 products, 2,500 operations or 5,000,000 bytes per request, 1,500 requests
 *   a minute): the node splits and paces, it does not refuse.
 * - 02 product_key is generated by X. image_link and additional_image_link formats (JPG, GIF, WEBP,
 *   PNG), 500x500 px and 5 MB are properties of the files, which X fetches: a bad one is that
 *   product's ERROR status (test/engine/catalog.test.ts). item_group_id is required for variants,
 *   which only the whole catalog shows. A FILTERED product set cannot be updated: the node reads the
 *   set first and refuses before writing (a GET is sent, so it is tested in catalog.test.ts).
 * - 02 poll media (800 px wide, 1.91:1), video conversation media (16:9), the PROMOTED_MEDIA_POLLS
 *   feature, audience ownership and sharing, nullcast=false only for the authenticated user (the
 *   credential holds tokens, not that user's ID): X's records and files.
 * - 02 media library q of at least 1 character: an empty q is no q (the request goes without it).
 * - 03 line item rules that depend on the line item's objective, placements or campaign (MAX not for
 *   REACH or FOLLOWERS, TARGET only for REACH or WEBSITE_CLICKS, frequency_cap objectives, pay_by only
 *   for APP_INSTALLS, app store identifiers for app objectives, PREROLL_VIEWS categories,
 *   advertiser_domain and categories for PUBLISHER_NETWORK, daily budget only with the campaign's
 *   LINE_ITEM budget optimization): the update carries none of these.
 * - 01/03 an account associated with the user, curated categories by country, allowlisting of
 *   account history: X's records.
 */
