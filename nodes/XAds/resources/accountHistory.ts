/** Account history (beta, needs allowlisting): who changed what, and when. */
import type { Resource } from '../../shared/engine/endpoints';
import { accountField, checkTimeOrder } from '../common/fields';

export const HISTORY_ENTITY_TYPES = ['CAMPAIGN', 'LINE_ITEM', 'PROMOTED_TWEET', 'TARGETING_CRITERIA', 'PROMOTED_ACCOUNT'] as const;

const wholeHour = { wholeHour: true };

export const accountHistoryResource: Resource = {
	name: 'Account History',
	value: 'accountHistory',
	description: 'Changes made to an entity of an ads account (beta; the account must be allowlisted)',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many account history entries',
			description: 'List the changes made to one entity between two whole hours',
			method: 'GET',
			path: '/accounts/{account_id}/account_history',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-account-history',
			list: { maxCount: 1000 },
			fields: [
				accountField,
				{ wire: 'entity_type', label: 'Entity Type', type: 'options', required: true, options: HISTORY_ENTITY_TYPES },
				{ wire: 'entity_id', label: 'Entity ID', type: 'string', required: true, rules: { pattern: /^[A-Za-z0-9]{1,32}$/, patternRule: 'an X Ads ID of letters and digits' } },
				{ wire: 'start_time', label: 'Start Time', type: 'dateTime', required: true, description: 'A whole hour (minutes and seconds zero); a time without a zone is read as UTC', rules: wholeHour },
				{ wire: 'end_time', label: 'End Time', type: 'dateTime', required: true, description: 'A whole hour (minutes and seconds zero); a time without a zone is read as UTC', rules: wholeHour },
				{ wire: 'user_id', label: 'User ID', type: 'string', description: 'Only changes made by this X user (numeric ID)', rules: { pattern: /^\d{1,20}$/, patternRule: 'a numeric X user ID' } },
			],
			check: (values, { fail }) => checkTimeOrder(values, fail),
		},
	],
};
