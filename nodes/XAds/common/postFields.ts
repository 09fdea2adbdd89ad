/** What posts, scheduled posts, draft posts and previews share: ids, the advertiser, the content fields. */
import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../../shared/engine/endpoints';
import { MEDIA_KEY } from './mediaFields';

export const USER_ID = { pattern: /^\d{1,20}$/, patternRule: 'a numeric X user ID' };
/** Post ids (published, scheduled and draft) are 64-bit numbers, given as digits. */
export const POST_ID = { pattern: /^\d{1,20}$/, patternRule: 'a numeric post ID' };
export const CARD_URI = { pattern: /^card:\/\/\d+$/, patternRule: 'a card URI such as card://1044294149527166979' };
export const TWEET_TYPES = ['DRAFT', 'PUBLISHED', 'SCHEDULED'] as const;

/** The advertiser a post is made for: X answers 403 unless that user granted the account access. */
export const asUserIdField: Field = {
	wire: 'as_user_id',
	label: 'As User ID',
	type: 'string',
	required: true,
	description: 'The advertiser on whose behalf the post is made (numeric X user ID); they must have granted your handle access to the ads account',
	rules: USER_ID,
};

/** What a post carries (published, scheduled or draft): text, media from the library, a card, a name, nullcast. */
export function postContentFields(nullcastDefault: boolean | undefined): Field[] {
	return [
		{ wire: 'text', label: 'Text', type: 'string', description: 'Required without media keys; up to 25,000 characters for long posts', rules: { maxLength: 25000 } },
		{ wire: 'media_keys', label: 'Media Keys', type: 'list', description: 'Media library keys: up to 4 images, or 1 GIF, or 1 video (comma-separated)', rules: { ...MEDIA_KEY, maxItems: 4 } },
		{ wire: 'card_uri', label: 'Card URI', type: 'string', placeholder: 'card://1044294149527166979', rules: CARD_URI },
		{ wire: 'name', label: 'Name', type: 'string', description: 'A name for the post in X Ads', rules: { maxLength: 80 } },
		{
			wire: 'nullcast',
			label: 'Nullcast (Promoted-Only)',
			type: 'boolean',
			...(nullcastDefault === undefined ? {} : { default: nullcastDefault }),
			description: 'Whether the post is promoted-only; false (organic) only for the authenticated user',
		},
	];
}

/** Up to 4 images, or 1 GIF, or 1 video (https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-tweet). */
export function checkMediaKeys(values: IDataObject, fail: (field: string, rule: string) => never): void {
	const keys = (values.media_keys as string[] | undefined) ?? [];
	const single = keys.filter((k) => !k.startsWith('3_'));
	if (single.length && keys.length > 1) {
		fail('Media Keys (media_keys)', `take up to 4 images, or 1 GIF, or 1 video (got ${keys.length} keys including ${single[0]})`);
	}
}
