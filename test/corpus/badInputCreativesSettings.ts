/**
 * Bad-input entries of the remaining creatives (02: the account's posts, scheduled and draft posts,
 * post previews, image conversation cards, preroll calls to action, cards of any type) and of the
 * account reference data and settings (03: media creatives, bidding rules, tracking tags, tax and
 * user settings, recommendations, authenticated user access). Same layout as badInput.ts, which
 * includes them.
 */
import type { INodeParameters } from 'n8n-workflow';

import { rows, type BadInput } from './badInput';

const ACCOUNT = '18ce54d4x5t';
const USER = '756201191646691328';
const IMAGE = '3_1151345051729682432';
const VIDEO = '7_1151345051729682433';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const many = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i)).join(',');

/** Valid required parameters (besides the account) of every account-scoped operation here. */
const VALID: Record<string, INodeParameters> = {
	'post.getAll': { tweetType: 'PUBLISHED' },
	'card.getManyByUri': { cardUris: 'card://1' },
	'card.getAnyType': { cardId: 'abc1' },
	'scheduledPost.getAll': {},
	'scheduledPost.get': { scheduledTweetId: '1' },
	'scheduledPost.create': { asUserId: USER, scheduledAt: inDays(3), additionalFields: { text: 'Hi' } },
	'scheduledPost.update': { scheduledTweetId: '1', updateFields: { text: 'Hi' } },
	'scheduledPost.delete': { scheduledTweetId: '1' },
	'draftPost.getAll': {},
	'draftPost.get': { draftTweetId: '1' },
	'draftPost.create': { asUserId: USER, additionalFields: { text: 'Hi' } },
	'draftPost.update': { draftTweetId: '1', updateFields: { text: 'Hi' } },
	'draftPost.delete': { draftTweetId: '1' },
	'draftPost.preview': { draftTweetId: '1' },
	'postPreview.getAll': { tweetIds: '1', tweetType: 'PUBLISHED' },
	'imageConversationCard.getAll': {},
	'imageConversationCard.get': { cardId: 'abc1' },
	'imageConversationCard.create': { name: 'C', mediaKey: IMAGE, thankYouText: 'Thanks', firstCta: '#one', firstCtaTweet: 'One', additionalFields: { title: 'T' } },
	'imageConversationCard.update': { cardId: 'abc1', updateFields: { name: 'C' } },
	'imageConversationCard.delete': { cardId: 'abc1' },
	'prerollCallToAction.getAll': {},
	'prerollCallToAction.get': { prerollCallToActionId: 'p1' },
	'prerollCallToAction.create': { lineItemId: 'li1', callToAction: 'SHOP', callToActionUrl: 'https://example.com' },
	'prerollCallToAction.update': { prerollCallToActionId: 'p1', updateFields: { callToAction: 'SHOP' } },
	'prerollCallToAction.delete': { prerollCallToActionId: 'p1' },
	'mediaCreative.getAll': {},
	'mediaCreative.get': { mediaCreativeId: 'm1' },
	'mediaCreative.create': { accountMediaId: 'am1', lineItemId: 'li1' },
	'mediaCreative.delete': { mediaCreativeId: 'm1' },
	'authenticatedUserAccess.get': {},
	'trackingTag.getAll': {},
	'trackingTag.get': { trackingTagId: 't1' },
	'trackingTag.create': { lineItemId: 'li1', trackingTagType: 'IMPRESSION_TAG', trackingTagUrl: 'https://example.com/t' },
	'trackingTag.update': { trackingTagId: 't1', trackingTagUrl: 'https://example.com/t' },
	'trackingTag.delete': { trackingTagId: 't1' },
	'taxSettings.get': {},
	'taxSettings.update': { updateFields: { taxId: 'GB1' } },
	'userSettings.get': { userId: USER },
	'userSettings.update': { userId: USER, updateFields: { contactPhone: '1' } },
	'recommendation.getAll': {},
	'recommendation.get': { recommendationId: 'r1' },
};

const v = (key: string): INodeParameters => ({ account: ACCOUNT, returnAll: true, ...VALID[key] });
const ADS_ID = /must be an X Ads ID of letters and digits/;

const accountIds: BadInput[] = Object.keys(VALID).flatMap((key) => {
	const [resource, operation] = key.split('.');
	const spec = resource.match(/^(mediaCreative|authenticatedUserAccess|trackingTag|taxSettings|userSettings|recommendation)$/) ? '03 §Advertising conventions' : '02 §Advertising conventions';
	return rows(spec, 'ads', resource, operation, v(key), [['account_id', 'format', 'account id with a space', { account: 'acct 1' }, /Item 0: Account \(account_id\) must be an X Ads account ID/]]);
});

const sortBy = (spec: string, resource: string): BadInput[] =>
	rows(spec, 'ads', resource, 'getAll', v(`${resource}.getAll`), [['sort_by', 'format', 'sort_by without a direction', { filters: { sortBy: 'name' } }, /Item 0: Sort By \(sort_by\) must be an attribute and a direction/]]);

/** text, media_keys, card_uri, name of a post's content, in the operation's collection. */
function contentRows(spec: string, resource: string, operation: string, collection: string, base: INodeParameters): BadInput[] {
	const c = (fields: INodeParameters) => ({ [collection]: fields });
	return rows(spec, 'ads', resource, operation, base, [
		['text', 'length', 'text over 25,000', c({ text: 'x'.repeat(25_001) }), /Item 0: Text \(text\) must be at most 25000 characters/],
		['media_keys', 'count', '5 media keys', c({ mediaKeys: many(5, (i) => `3_11${i}`) }), /Item 0: Media Keys \(media_keys\) takes at most 4 values \(got 5\)/],
		['media_keys', 'count', 'an image with a video', c({ mediaKeys: `${IMAGE},${VIDEO}` }), /Item 0: Media Keys \(media_keys\) take up to 4 images, or 1 GIF, or 1 video/],
		['media_keys', 'format', 'media key malformed', c({ mediaKeys: '3_1,x' }), /Item 0: Media Keys \(media_keys\) must be an X media key/],
		['card_uri', 'format', 'card URI malformed', c({ text: 'x', cardUri: 'card:abc' }), /Item 0: Card URI \(card_uri\) must be a card URI such as card:\/\//],
		['name', 'length', 'name over 80', c({ text: 'x', name: 'n'.repeat(81) }), /Item 0: Name \(name\) must be at most 80 characters/],
	]);
}

const creatives: BadInput[] = [
	...rows('02 §Posts of the account', 'ads', 'post', 'getAll', v('post.getAll'), [
		['tweet_type', 'enum', 'post type not in the enum', { tweetType: 'DELETED' }, /Item 0: Post Type \(tweet_type\) must be one of DRAFT, PUBLISHED, SCHEDULED/],
		['tweet_ids', 'count', '201 post ids', { filters: { tweetIds: many(201, (i) => String(1000 + i)) } }, /Item 0: Post IDs \(tweet_ids\) takes at most 200 values \(got 201\)/],
		['tweet_ids', 'format', 'post id with letters', { filters: { tweetIds: '1,abc' } }, /Item 0: Post IDs \(tweet_ids\) must be a numeric post ID/],
		['name', 'length', 'name prefix over 80', { filters: { nameStartsWith: 'n'.repeat(81) } }, /Item 0: Name Starts With \(name\) must be at most 80 characters/],
		['timeline_type', 'enum', 'timeline type not in the enum', { filters: { timelineType: 'PROMOTED' } }, /Item 0: Timeline Type \(timeline_type\) must be one of ALL, NULLCAST, ORGANIC/],
		['user_id', 'format', 'user id not numeric', { filters: { userId: '@acme' } }, /Item 0: User ID \(user_id\) must be a numeric X user ID/],
	]),
	...rows('02 §Cards fetch', 'ads', 'card', 'getManyByUri', v('card.getManyByUri'), [
		['card_uris', 'format', 'card URI malformed', { cardUris: 'card://1,card:2' }, /Item 0: Card URIs \(card_uris\) must be card URIs/],
		['card_uris', 'count', '201 card URIs', { cardUris: many(201, (i) => `card://${i + 1}`) }, /Item 0: Card URIs \(card_uris\) takes at most 200 values \(got 201\)/],
		['card_uris', 'required', 'no card URIs', { cardUris: '={{ $json.missing }}' }, /Item 0: Card URIs \(card_uris\) is required/],
	]),
	...rows('02 §Cards fetch', 'ads', 'card', 'getAnyType', v('card.getAnyType'), [['card_id', 'format', 'card id with a dash', { cardId: 'ab-1' }, ADS_ID]]),

	...rows('02 §Scheduled posts', 'ads', 'scheduledPost', 'getAll', v('scheduledPost.getAll'), [['user_id', 'format', 'user id not numeric', { filters: { userId: 'acme' } }, /User ID \(user_id\) must be a numeric X user ID/]]),
	...(['get', 'update', 'delete'] as const).flatMap((op) =>
		rows('02 §Scheduled posts', 'ads', 'scheduledPost', op, v(`scheduledPost.${op}`), [['scheduled_tweet_id', 'format', 'scheduled post id with letters', { scheduledTweetId: 'abc' }, /Scheduled Post ID \(scheduled_tweet_id\) must be a numeric post ID/]]),
	),
	...rows('02 §Scheduled posts', 'ads', 'scheduledPost', 'create', v('scheduledPost.create'), [
		['as_user_id', 'format', 'as user id not numeric', { asUserId: '@acme' }, /Item 0: As User ID \(as_user_id\) must be a numeric X user ID/],
		['scheduled_at', 'window', 'more than a year ahead', { scheduledAt: inDays(400) }, /Item 0: Scheduled At \(scheduled_at\) must be at most one year ahead/],
		['scheduled_at', 'window', 'in the past', { scheduledAt: '2020-01-01T00:00:00Z' }, /Item 0: Scheduled At \(scheduled_at\) must be in the future/],
		['scheduled_at', 'format', 'not a date-time', { scheduledAt: 'next monday' }, /Item 0: Scheduled At \(scheduled_at\) must be an ISO 8601 date-time/],
		['text', 'requiredTogether', 'neither text nor media', { additionalFields: { name: 'x' } }, /Item 0: Text \(text\) is required when there are no Media Keys \(media_keys\)/],
	]),
	...contentRows('02 §Scheduled posts', 'scheduledPost', 'create', 'additionalFields', { ...v('scheduledPost.create'), additionalFields: {} }),
	...contentRows('02 §Scheduled posts', 'scheduledPost', 'update', 'updateFields', v('scheduledPost.update')),
	...rows('02 §Scheduled posts', 'ads', 'scheduledPost', 'update', v('scheduledPost.update'), [
		['scheduled_at', 'window', 'update more than a year ahead', { updateFields: { scheduledAt: inDays(400) } }, /Scheduled At \(scheduled_at\) must be at most one year ahead/],
		['scheduled_tweet_id', 'required', 'nothing to change', { updateFields: {} }, /Item 0: Update Fields needs at least one field to change/, { names: 'Update Fields' }],
	]),

	...rows('02 §Draft posts', 'ads', 'draftPost', 'getAll', v('draftPost.getAll'), [['user_id', 'format', 'user id not numeric', { filters: { userId: 'acme' } }, /User ID \(user_id\) must be a numeric X user ID/]]),
	...(['get', 'update', 'delete', 'preview'] as const).flatMap((op) =>
		rows('02 §Draft posts', 'ads', 'draftPost', op, v(`draftPost.${op}`), [['draft_tweet_id', 'format', 'draft id with letters', { draftTweetId: 'abc' }, /Draft Post ID \(draft_tweet_id\) must be a numeric post ID/]]),
	),
	...rows('02 §Draft posts', 'ads', 'draftPost', 'create', v('draftPost.create'), [
		['as_user_id', 'format', 'as user id not numeric', { asUserId: '@acme' }, /Item 0: As User ID \(as_user_id\) must be a numeric X user ID/],
		['text', 'requiredTogether', 'neither text nor media', { additionalFields: { name: 'x' } }, /Item 0: Text \(text\) is required when there are no Media Keys \(media_keys\)/],
	]),
	...contentRows('02 §Draft posts', 'draftPost', 'create', 'additionalFields', { ...v('draftPost.create'), additionalFields: {} }),
	...contentRows('02 §Draft posts', 'draftPost', 'update', 'updateFields', v('draftPost.update')),

	...rows('02 §Post previews', 'ads', 'postPreview', 'getAll', v('postPreview.getAll'), [
		['tweet_ids', 'count', '201 post ids', { tweetIds: many(201, (i) => String(1000 + i)) }, /Item 0: Post IDs \(tweet_ids\) takes at most 200 values \(got 201\)/],
		['tweet_ids', 'format', 'post id with letters', { tweetIds: '1,abc' }, /Item 0: Post IDs \(tweet_ids\) must be a numeric post ID/],
		['tweet_type', 'enum', 'post type not in the enum', { tweetType: 'ALL' }, /Item 0: Post Type \(tweet_type\) must be one of DRAFT, PUBLISHED, SCHEDULED/],
	]),

	...rows('02 §Image conversation cards', 'ads', 'imageConversationCard', 'getAll', v('imageConversationCard.getAll'), [
		['card_ids', 'format', 'card id with a dash', { filters: { cardIds: 'a-1' } }, /Card IDs \(card_ids\) must be an X Ads ID/],
		['q', 'length', 'name prefix over 80', { filters: { nameStartsWith: 'n'.repeat(81) } }, /Name Starts With \(q\) must be at most 80 characters/],
	]),
	...sortBy('02 §Image conversation cards', 'imageConversationCard'),
	...(['get', 'update', 'delete'] as const).flatMap((op) =>
		rows('02 §Image conversation cards', 'ads', 'imageConversationCard', op, v(`imageConversationCard.${op}`), [['card_id', 'format', 'card id with a dash', { cardId: 'a-1' }, ADS_ID]]),
	),
	...rows('02 §Image conversation cards', 'ads', 'imageConversationCard', 'create', v('imageConversationCard.create'), [
		['name', 'required', 'empty name', { name: '={{ $json.missing }}' }, /Item 0: Name \(name\) is required/],
		['media_key', 'format', 'media key malformed', { mediaKey: 'image1' }, /Item 0: Media Key \(media_key\) must be an X media key/],
		['media_key', 'other', 'media key of a video', { mediaKey: VIDEO }, /Item 0: Media Key \(media_key\) must be the media key of an image/],
		['thank_you_text', 'length', 'thank-you text over 23', { thankYouText: 't'.repeat(24) }, /Thank You Text \(thank_you_text\) must be at most 23 characters/],
		['title', 'length', 'title over 23', { additionalFields: { title: 't'.repeat(24) } }, /Title \(title\) must be at most 23 characters/],
		['title', 'requiredTogether', 'no title and no second CTA', { additionalFields: {} }, /Item 0: Title \(title\) is required when there is no Second CTA \(second_cta\)/],
		['thank_you_url', 'format', 'thank-you URL not a URL', { additionalFields: { title: 'T', thankYouUrl: 'example.com' } }, /Thank You URL \(thank_you_url\) must be a URL/],
		['unlocked_image_media_key', 'other', 'unlocked image that is a video', { additionalFields: { title: 'T', unlockedImageMediaKey: VIDEO } }, /Unlocked Image Media Key \(unlocked_image_media_key\) must be the media key of an image/],
		['first_cta', 'format', 'first CTA without #', { firstCta: 'one' }, /Item 0: First CTA \(first_cta\) must be a hashtag/],
		['second_cta', 'requiredTogether', 'second CTA without its post text', { additionalFields: { secondCta: '#two' } }, /Second CTA Post Text \(second_cta_tweet\) is required when Second CTA \(second_cta\) is set/],
		['third_cta', 'requiredTogether', 'third CTA without the second', { additionalFields: { title: 'T', thirdCta: '#three', thirdCtaTweet: 'Three' } }, /Third CTA \(third_cta\) needs Second CTA \(second_cta\)/],
		['fourth_cta', 'length', 'fourth CTA over 20 characters', { additionalFields: { title: 'T', fourthCta: `#${'f'.repeat(21)}`, fourthCtaTweet: 'Four' } }, /Fourth CTA \(fourth_cta\) must be a hashtag/],
	]),
	...rows('02 §Image conversation cards', 'ads', 'imageConversationCard', 'update', v('imageConversationCard.update'), [
		['name', 'length', 'empty name', { updateFields: { name: '' } }, /Update Fields needs at least one field to change/, { names: 'Update Fields' }],
		['media_key', 'other', 'media key of a video', { updateFields: { mediaKey: VIDEO } }, /Media Key \(media_key\) must be the media key of an image/],
		['thank_you_text', 'length', 'thank-you text over 23', { updateFields: { thankYouText: 't'.repeat(24) } }, /Thank You Text \(thank_you_text\) must be at most 23 characters/],
		['title', 'length', 'title over 23', { updateFields: { title: 't'.repeat(24) } }, /Title \(title\) must be at most 23 characters/],
		['thank_you_url', 'format', 'thank-you URL not a URL', { updateFields: { thankYouUrl: 'example' } }, /Thank You URL \(thank_you_url\) must be a URL/],
		['unlocked_image_media_key', 'format', 'unlocked image key malformed', { updateFields: { unlockedImageMediaKey: 'x' } }, /Unlocked Image Media Key \(unlocked_image_media_key\) must be an X media key/],
		['first_cta', 'format', 'first CTA without #', { updateFields: { firstCta: 'one', firstCtaTweet: 'One' } }, /First CTA \(first_cta\) must be a hashtag/],
		['second_cta', 'format', 'second CTA without #', { updateFields: { secondCta: 'two', secondCtaTweet: 'Two' } }, /Second CTA \(second_cta\) must be a hashtag/],
		['third_cta', 'requiredTogether', 'third CTA without its post text', { updateFields: { thirdCta: '#three' } }, /Third CTA Post Text \(third_cta_tweet\) is required/],
		['fourth_cta', 'format', 'fourth CTA without #', { updateFields: { fourthCta: 'four', fourthCtaTweet: 'Four' } }, /Fourth CTA \(fourth_cta\) must be a hashtag/],
	]),

	...rows('02 §Preroll calls to action', 'ads', 'prerollCallToAction', 'getAll', v('prerollCallToAction.getAll'), [
		['line_item_ids', 'format', 'line item id with a dash', { filters: { lineItemIds: 'a-1' } }, /Line Item IDs \(line_item_ids\) must be an X Ads ID/],
		['preroll_call_to_action_ids', 'count', '201 ids', { filters: { prerollCallToActionIds: many(201, (i) => `p${i}`) } }, /Preroll Call to Action IDs \(preroll_call_to_action_ids\) takes at most 200 values/],
	]),
	...sortBy('02 §Preroll calls to action', 'prerollCallToAction'),
	...(['get', 'update', 'delete'] as const).flatMap((op) =>
		rows('02 §Preroll calls to action', 'ads', 'prerollCallToAction', op, v(`prerollCallToAction.${op}`), [['preroll_call_to_action_id', 'format', 'id with a dash', { prerollCallToActionId: 'p-1' }, ADS_ID]]),
	),
	...rows('02 §Preroll calls to action', 'ads', 'prerollCallToAction', 'create', v('prerollCallToAction.create'), [
		['line_item_id', 'format', 'line item id with a dash', { lineItemId: 'li-1' }, /Line Item ID \(line_item_id\) must be an X Ads ID/],
		['call_to_action', 'enum', 'call to action not in the enum', { callToAction: 'BUY_NOW' }, /Call to Action \(call_to_action\) must be one of GO_TO, SEE_MORE, SHOP, VISIT_SITE, WATCH_NOW/],
		['call_to_action_url', 'format', 'URL without a scheme', { callToActionUrl: 'example.com' }, /Call to Action URL \(call_to_action_url\) must be a URL/],
	]),
	...rows('02 §Preroll calls to action', 'ads', 'prerollCallToAction', 'update', v('prerollCallToAction.update'), [
		['call_to_action', 'enum', 'call to action not in the enum', { updateFields: { callToAction: 'BUY' } }, /Call to Action \(call_to_action\) must be one of/],
		['call_to_action_url', 'format', 'URL without a scheme', { updateFields: { callToActionUrl: 'example.com' } }, /Call to Action URL \(call_to_action_url\) must be a URL/],
		['call_to_action', 'required', 'nothing to change', { updateFields: {} }, /Update Fields needs a new Call to Action or Call to Action URL/, { names: 'Update Fields' }],
	]),
];

const settings: BadInput[] = [
	...rows('03 §Media creatives', 'ads', 'mediaCreative', 'getAll', v('mediaCreative.getAll'), [
		['campaign_id', 'format', 'campaign id with a dash', { filters: { campaignId: 'c-1' } }, /Campaign ID \(campaign_id\) must be an X Ads ID/],
		['line_item_ids', 'format', 'line item id with a dash', { filters: { lineItemIds: 'a-1' } }, /Line Item IDs \(line_item_ids\) must be an X Ads ID/],
		['media_creative_ids', 'count', '201 ids', { filters: { mediaCreativeIds: many(201, (i) => `m${i}`) } }, /Media Creative IDs \(media_creative_ids\) takes at most 200 values/],
	]),
	...sortBy('03 §Media creatives', 'mediaCreative'),
	...(['get', 'delete'] as const).flatMap((op) => rows('03 §Media creatives', 'ads', 'mediaCreative', op, v(`mediaCreative.${op}`), [['media_creative_id', 'format', 'id with a dash', { mediaCreativeId: 'm-1' }, ADS_ID]])),
	...rows('03 §Media creatives', 'ads', 'mediaCreative', 'create', v('mediaCreative.create'), [
		['account_media_id', 'format', 'account media id with a dash', { accountMediaId: 'am-1' }, /Account Media ID \(account_media_id\) must be an X Ads ID/],
		['line_item_id', 'format', 'line item id with a dash', { lineItemId: 'li-1' }, /Line Item ID \(line_item_id\) must be an X Ads ID/],
		['landing_url', 'format', 'landing URL not a URL', { additionalFields: { landingUrl: 'acme' } }, /Landing URL \(landing_url\) must be a URL/],
	]),
	...rows('03 §Bidding rules', 'ads', 'biddingRule', 'getAll', { returnAll: true }, [['currency', 'format', 'currency in lower case', { options: { currency: 'usd' } }, /Item 0: Currency \(currency\) must be an ISO 4217 currency code/]]),
	...rows('03 §Tracking tags', 'ads', 'trackingTag', 'getAll', v('trackingTag.getAll'), [
		['line_item_ids', 'format', 'line item id with a dash', { filters: { lineItemIds: 'a-1' } }, /Line Item IDs \(line_item_ids\) must be an X Ads ID/],
		['tracking_tag_ids', 'count', '201 ids', { filters: { trackingTagIds: many(201, (i) => `t${i}`) } }, /Tracking Tag IDs \(tracking_tag_ids\) takes at most 200 values/],
	]),
	...sortBy('03 §Tracking tags', 'trackingTag'),
	...(['get', 'update', 'delete'] as const).flatMap((op) => rows('03 §Tracking tags', 'ads', 'trackingTag', op, v(`trackingTag.${op}`), [['tracking_tag_id', 'format', 'id with a dash', { trackingTagId: 't-1' }, ADS_ID]])),
	...rows('03 §Tracking tags', 'ads', 'trackingTag', 'create', v('trackingTag.create'), [
		['line_item_id', 'format', 'line item id with a dash', { lineItemId: 'li-1' }, /Line Item ID \(line_item_id\) must be an X Ads ID/],
		['tracking_tag_type', 'enum', 'tag type not in the enum', { trackingTagType: 'VIEW_TAG' }, /Tracking Tag Type \(tracking_tag_type\) must be one of IMPRESSION_TAG, CLICK_TRACKER/],
		['tracking_tag_url', 'format', 'URL without a scheme', { trackingTagUrl: 'ad.doubleclick.net/x' }, /Tracking Tag URL \(tracking_tag_url\) must be a URL/],
	]),
	...rows('03 §Tracking tags', 'ads', 'trackingTag', 'update', v('trackingTag.update'), [['tracking_tag_url', 'required', 'URL missing', { trackingTagUrl: '={{ $json.missing }}' }, /Tracking Tag URL \(tracking_tag_url\) is required/]]),
	...rows('03 §Tax settings', 'ads', 'taxSettings', 'update', v('taxSettings.update'), [
		['bill_to', 'enum', 'bill to not in the enum', { updateFields: { billTo: 'CLIENT' } }, /Bill To \(bill_to\) must be one of ADVERTISER, AGENCY/],
		['business_relationship', 'enum', 'relationship not in the enum', { updateFields: { businessRelationship: 'PARTNER' } }, /Business Relationship \(business_relationship\) must be one of AGENCY, SELF/],
		['tax_category', 'enum', 'tax category not in the enum', { updateFields: { taxCategory: 'COMPANY' } }, /Tax Category \(tax_category\) must be one of BUSINESS_NO_VAT, BUSINESS_WITH_VAT, INDIVIDUAL/],
		['invoice_jurisdiction', 'enum', 'jurisdiction not in the enum', { updateFields: { invoiceJurisdiction: 'FR' } }, /Invoice Jurisdiction \(invoice_jurisdiction\) must be one of LOI_SAPIN, NONE, NOT_SET/],
		['address_email', 'format', 'email without @', { updateFields: { addressEmail: 'tax.acme.example' } }, /Address Email \(address_email\) must be an email address/],
		['address_country', 'format', 'three-letter country', { updateFields: { addressCountry: 'GBR' } }, /Address Country \(address_country\) must be a two-letter country code/],
		['client_address_email', 'format', 'client email without a domain', { updateFields: { clientAddressEmail: 'tax@' } }, /Client Address Email \(client_address_email\) must be an email address/],
		['client_address_country', 'format', 'client country in lower case', { updateFields: { clientAddressCountry: 'ie' } }, /Client Address Country \(client_address_country\) must be a two-letter country code/],
	]),
	...(['get', 'update'] as const).flatMap((op) =>
		rows('03 §User settings', 'ads', 'userSettings', op, v(`userSettings.${op}`), [['user_id', 'format', 'user id not numeric', { userId: '@acme' }, /Item 0: User ID \(user_id\) must be a numeric X user ID/]]),
	),
	...rows('03 §User settings', 'ads', 'userSettings', 'update', v('userSettings.update'), [
		['notification_email', 'format', 'email without @', { updateFields: { notificationEmail: 'ads' } }, /Notification Email \(notification_email\) must be an email address/],
	]),
	...rows('03 §Recommendations', 'ads', 'recommendation', 'get', v('recommendation.get'), [['recommendation_id', 'format', 'id with a dash', { recommendationId: 'r-1' }, /Recommendation ID \(recommendation_id\) must be a recommendation ID/]]),
];

export const creativesSettingsBadInput: BadInput[] = [...accountIds, ...creatives, ...settings];
