/** Line item curated categories: link a line item to a curated category. */
import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField, idField, sortByField, withDeletedField, withTotalCountField } from '../common/fields';

const recordField: Field = {
	wire: 'line_item_curated_category_id',
	name: 'lineItemCuratedCategory',
	label: 'Line Item Curated Category',
	type: 'locator',
	required: true,
	locator: {
		searchMethod: 'searchLineItemCuratedCategories',
		idPattern: '^[A-Za-z0-9]{1,32}$',
		idRule: 'a line item curated category ID (letters and digits)',
		placeholder: 'e.g. 2c',
	},
};

const path = '/accounts/{account_id}/line_item_curated_categories';
const r = 'lineItemCuratedCategory';

export const lineItemCuratedCategoryResource: Resource = {
	name: 'Line Item Curated Category',
	value: r,
	description: 'Links between line items and curated categories',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many line item curated categories',
			description: 'List the line item curated categories of an account',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-line-item-curated-categories',
			list: { maxCount: 1000 },
			fields: [accountField, sortByField, withDeletedField, withTotalCountField],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a line item curated category',
			description: 'Get one line item curated category',
			method: 'GET',
			path: `${path}/{line_item_curated_category_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-line-item-curated-categories-line-item-curated-category-id',
			fields: [accountField, recordField, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a line item curated category',
			description: 'Link a line item to a curated category',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#post-accounts-account-id-line-item-curated-categories',
			fields: [accountField, idField('line_item_id', 'Line Item ID'), idField('curated_category_id', 'Curated Category ID')],
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a line item curated category',
			description: 'Change the line item or the curated category of a link',
			method: 'PUT',
			path: `${path}/{line_item_curated_category_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#put-accounts-account-id-line-item-curated-categories-line-item-curated-category-id',
			fields: [accountField, recordField, idField('line_item_id', 'Line Item ID', false), idField('curated_category_id', 'Curated Category ID', false)],
			check: (values, { fail }) => {
				if (values.line_item_id === undefined && values.curated_category_id === undefined) {
					fail('Update Fields', 'needs at least one field to change (Line Item ID or Curated Category ID)');
				}
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a line item curated category',
			description: 'Remove the link between a line item and a curated category',
			method: 'DELETE',
			path: `${path}/{line_item_curated_category_id}`,
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#delete-accounts-account-id-line-item-curated-categories-line-item-curated-category-id',
			fields: [accountField, recordField],
		},
	],
};
