/** Account features: list them; add or remove them on sandbox accounts. */
import type { IDataObject } from 'n8n-workflow';

import type { Endpoint, Resource } from '../../shared/engine/endpoints';
import { dataRecords } from '../../shared/engine/execute';
import { accountField } from '../common/fields';

/** Keys the GET filter accepts. */
export const FEATURE_FILTER_KEYS = ['REACH_AND_FREQUENCY_ANALYTICS', 'REACH_FREQUENCY_CAP', 'WEBSITE_CLICKS_CPM_BILLING'] as const;

/** Keys the sandbox accepts for adding (and removing) features. */
export const SANDBOX_FEATURE_KEYS = [
	'AGE_TARGETING',
	'ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE',
	'AWARENESS_OBJECTIVE',
	'BRAND_TPN',
	'CHARGE_FOR_GOOD_CLICK',
	'CONVERSATION_CARD',
	'CONVERSATION_CARD_FOUR_OPTIONS',
	'CONVERSATION_CARD_UNLOCK',
	'CPI_CHARGING',
	'DIRECT_MESSAGE_CARD',
	'DR_TAP',
	'ENGAGER_RETARGETING',
	'EVENT_TARGETING',
	'INSTALLED_APP_CATEGORY_TARGETING',
	'MOBILE_CONVERSION_TRANSACTION_VALUE',
	'OPTIMIZED_ACTION_BIDDING',
	'REACH_AND_FREQUENCY_ANALYTICS',
	'REACH_FREQUENCY_CAP',
	'VALIDATED_AGE_TARGETING',
	'VIDEO_VIEWS_MIDROLL_OBJECTIVE',
	'PREROLL_VIEWS_OBJECTIVE',
	'VIDEO_APP_DOWNLOAD_CARD',
] as const;

/** X answers with an array of key strings: one output item per key. */
const featureKeys = (envelope: { data: unknown }): IDataObject[] =>
	dataRecords(envelope).map((record) => ({ feature_key: record.value }));

const sandboxChange = (operation: 'add' | 'remove', method: 'POST' | 'DELETE'): Endpoint => ({
	operation,
	name: operation === 'add' ? 'Add (Sandbox)' : 'Remove (Sandbox)',
	action: operation === 'add' ? 'Add features to a sandbox account' : 'Remove features from a sandbox account',
	description: operation === 'add' ? 'Turn features on for a sandbox account' : 'Turn features off for a sandbox account',
	method,
	host: 'adsSandbox',
	path: '/accounts/{account_id}/features',
	docs: `https://docs.x.com/x-ads-api/campaign-management/reference#${method.toLowerCase()}-accounts-account-id-features`,
	idempotent: true, // setting or clearing the same features twice has the same result
	fields: [accountField, { wire: 'feature_keys', label: 'Feature Keys', type: 'multiOptions', required: true, options: SANDBOX_FEATURE_KEYS }],
	output: featureKeys,
});

export const featureResource: Resource = {
	name: 'Feature',
	value: 'feature',
	description: 'Features (beta programs and capabilities) of an ads account',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many account features',
			description: 'List the features the account can use',
			method: 'GET',
			list: { onePage: true },
			path: '/accounts/{account_id}/features',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-features',
			fields: [
				accountField,
				{ wire: 'feature_keys', label: 'Feature Keys', type: 'multiOptions', options: FEATURE_FILTER_KEYS, description: 'Only these features (when the account has them)' },
			],
			output: featureKeys,
		},
		sandboxChange('add', 'POST'),
		sandboxChange('remove', 'DELETE'),
	],
};
