/**
 * Media creatives: account media (preroll videos, display images) attached to a line item for the
 * X Audience Platform (https://docs.x.com/x-ads-api/campaign-management/reference#media-creatives).
 */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

const path = '/accounts/{account_id}/media_creatives';
const idOf = idField('media_creative_id', 'Media Creative ID');

export const mediaCreativeResource: Resource = {
	name: 'Media Creative',
	value: 'mediaCreative',
	description: 'Account media (preroll videos, display images) attached to line items',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many media creatives',
			description: 'List the media creatives of an account, optionally of a campaign or some line items',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-media-creatives',
			list: { maxCount: 1000 },
			fields: [
				accountField,
				idField('campaign_id', 'Campaign ID', false),
				idListField('line_item_ids', 'Line Item IDs'),
				idListField('media_creative_ids', 'Media Creative IDs'),
				sortByField,
				withDeletedField,
				withTotalCountField,
			],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a media creative',
			description: 'Get one media creative',
			method: 'GET',
			path: `${path}/{media_creative_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-media-creatives-media-creative-id',
			fields: [accountField, idOf, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a media creative',
			description: 'Attach an account media item to a line item; a landing URL is needed for WEBSITE_CLICKS line items (display images only; preroll videos take a preroll call to action instead)',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#post-accounts-account-id-media-creatives',
			fields: [
				accountField,
				idField('account_media_id', 'Account Media ID'),
				idField('line_item_id', 'Line Item ID'),
				{ wire: 'landing_url', label: 'Landing URL', type: 'string', description: 'The website a display image leads to; X ignores it for preroll videos', rules: { pattern: /^https?:\/\/\S+$/i, patternRule: 'a URL such as https://example.com' } },
			],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a media creative',
			description: 'Detach a media creative from its line item',
			method: 'DELETE',
			path: `${path}/{media_creative_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#delete-accounts-account-id-media-creatives-media-creative-id',
			fields: [accountField, idOf],
		},
	],
};
