/** Tracking tags: a measurement partner's impression or click trackers on a line item (https://docs.x.com/x-ads-api/campaign-management/reference#tracking-tags). */
import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

const path = '/accounts/{account_id}/tracking_tags';
const idOf = idField('tracking_tag_id', 'Tracking Tag ID');
const urlField = (): Field => ({
	wire: 'tracking_tag_url',
	label: 'Tracking Tag URL',
	type: 'string',
	required: true,
	description: 'The tag URL the tracking partner gave you',
	rules: { pattern: /^https?:\/\/\S+$/i, patternRule: 'a URL such as https://ad.doubleclick.net/...' },
});

export const trackingTagResource: Resource = {
	name: 'Tracking Tag',
	value: 'trackingTag',
	description: 'Impression and click trackers of measurement partners on line items',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many tracking tags',
			description: 'List the tracking tags of an account, optionally of some line items',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-tracking-tags',
			list: { maxCount: 1000 },
			fields: [accountField, idListField('line_item_ids', 'Line Item IDs'), idListField('tracking_tag_ids', 'Tracking Tag IDs'), sortByField, withDeletedField, withTotalCountField],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a tracking tag',
			description: 'Get one tracking tag',
			method: 'GET',
			path: `${path}/{tracking_tag_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-tracking-tags-tracking-tag-id',
			fields: [accountField, idOf, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a tracking tag',
			description: 'Add a partner\'s impression tag or click tracker to a line item',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#post-accounts-account-id-tracking-tags',
			fields: [
				accountField,
				idField('line_item_id', 'Line Item ID'),
				{ wire: 'tracking_tag_type', label: 'Tracking Tag Type', type: 'options', required: true, options: ['IMPRESSION_TAG', 'CLICK_TRACKER'], default: 'IMPRESSION_TAG' },
				urlField(),
			],
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a tracking tag',
			description: 'Replace the URL of a tracking tag',
			method: 'PUT',
			path: `${path}/{tracking_tag_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#put-accounts-account-id-tracking-tags-tracking-tag-id',
			fields: [accountField, idOf, urlField()],
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a tracking tag',
			description: 'Remove a tracking tag from its line item',
			method: 'DELETE',
			path: `${path}/{tracking_tag_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#delete-accounts-account-id-tracking-tags-tracking-tag-id',
			fields: [accountField, idOf],
		},
	],
};
