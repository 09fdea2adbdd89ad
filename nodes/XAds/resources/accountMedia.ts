/** Account media: media creatives of an account (a library video of category AMPLIFY_VIDEO appears as PREROLL). */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

export const CREATIVE_TYPES = [
	'BANNER',
	'BANNER_TABLET',
	'INTERSTITIAL',
	'INTERSTITIAL_LANDSCAPE',
	'INTERSTITIAL_LANDSCAPE_TABLET',
	'INTERSTITIAL_TABLET',
	'MEDIUM_RECTANGLE',
	'PREROLL',
	'VAST_PREROLL',
] as const;

const path = '/accounts/{account_id}/account_media';
const mediaIdField = idField('account_media_id', 'Account Media ID');

export const accountMediaResource: Resource = {
	name: 'Account Media',
	value: 'accountMedia',
	description: 'Media creatives of an ads account',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many account media',
			description: 'List the media creatives of an account',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-account-media',
			list: { maxCount: 1000 },
			fields: [
				accountField,
				idListField('account_media_ids', 'Account Media IDs'),
				{ wire: 'creative_types', label: 'Creative Types', type: 'multiOptions', options: CREATIVE_TYPES },
				sortByField,
				withDeletedField,
				withTotalCountField,
			],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get an account media',
			description: 'Get one media creative',
			method: 'GET',
			path: `${path}/{account_media_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-account-media-account-media-id',
			fields: [accountField, mediaIdField, withDeletedField],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete an account media',
			description: 'Delete a media creative',
			method: 'DELETE',
			path: `${path}/{account_media_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-account-media-account-media-id',
			fields: [accountField, mediaIdField],
		},
	],
};
