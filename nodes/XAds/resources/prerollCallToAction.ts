/** Preroll calls to action: the button and URL of a line item's preroll video ads (https://docs.x.com/x-ads-api/creatives/reference#preroll-call-to-actions). */
import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField, idField, idListField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

const CALLS_TO_ACTION = ['GO_TO', 'SEE_MORE', 'SHOP', 'VISIT_SITE', 'WATCH_NOW'] as const;
const URL_RULE = { pattern: /^https?:\/\/\S+$/i, patternRule: 'a URL such as https://example.com' };
const path = '/accounts/{account_id}/preroll_call_to_actions';
const idOf = idField('preroll_call_to_action_id', 'Preroll Call to Action ID');

const ctaFields = (creating: boolean): Field[] => [
	{ wire: 'call_to_action', label: 'Call to Action', type: 'options', required: creating, options: CALLS_TO_ACTION, default: 'VISIT_SITE', description: 'The text of the button shown with the video' },
	{ wire: 'call_to_action_url', label: 'Call to Action URL', type: 'string', required: creating, description: 'Where the button takes the viewer', rules: URL_RULE },
];

export const prerollCallToActionResource: Resource = {
	name: 'Preroll Call to Action',
	value: 'prerollCallToAction',
	description: 'The button and URL shown with a line item\'s preroll video ads',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many preroll calls to action',
			description: 'List the preroll calls to action of an account, optionally of some line items',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-preroll-call-to-actions',
			list: { maxCount: 1000 },
			fields: [accountField, idListField('line_item_ids', 'Line Item IDs'), idListField('preroll_call_to_action_ids', 'Preroll Call to Action IDs'), sortByField, withDeletedField, withTotalCountField],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a preroll call to action',
			description: 'Get one preroll call to action',
			method: 'GET',
			path: `${path}/{preroll_call_to_action_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-preroll-call-to-actions-preroll-call-to-action-id',
			fields: [accountField, idOf, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a preroll call to action',
			description: 'Set the button and URL of a line item\'s preroll video ads',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-preroll-call-to-actions',
			fields: [accountField, idField('line_item_id', 'Line Item ID'), ...ctaFields(true)],
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a preroll call to action',
			description: 'Change the button or URL of a preroll call to action',
			method: 'PUT',
			path: `${path}/{preroll_call_to_action_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#put-accounts-account-id-preroll-call-to-actions-preroll-call-to-action-id',
			fields: [accountField, idOf, ...ctaFields(false)],
			check: (values, { fail }) => {
				if (values.call_to_action === undefined && values.call_to_action_url === undefined) fail('Update Fields', 'needs a new Call to Action or Call to Action URL');
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a preroll call to action',
			description: 'Delete a preroll call to action',
			method: 'DELETE',
			path: `${path}/{preroll_call_to_action_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-preroll-call-to-actions-preroll-call-to-action-id',
			fields: [accountField, idOf],
		},
	],
};
