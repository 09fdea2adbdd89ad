/** Audience estimate: the approximate reach of a set of targeting criteria. */
import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../../shared/engine/endpoints';
import { accountField } from '../common/fields';

export const audienceEstimateResource: Resource = {
	name: 'Audience Estimate',
	value: 'audienceEstimate',
	description: 'Approximate audience size of targeting criteria',
	endpoints: [
		{
			operation: 'get',
			name: 'Get',
			action: 'Get an audience estimate',
			description: 'Estimate the audience size of a set of targeting criteria',
			method: 'POST',
			path: '/accounts/{account_id}/audience_estimate',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#post-accounts-account-id-audience-estimate',
			send: 'json',
			idempotent: true, // an estimate changes nothing
			fields: [
				accountField,
				{
					wire: 'targeting_criteria',
					label: 'Targeting Criteria',
					type: 'json',
					required: true,
					default: '[\n  { "targeting_type": "BROAD_KEYWORD", "targeting_value": "shoes" },\n  { "targeting_type": "LOCATION", "targeting_value": "96683cc9126741d1" }\n]',
					description: 'A JSON array of criteria with the parameters of targeting criteria creation (targeting_type, targeting_value, ...); at least one must be a primary criterion such as followers, interests or keywords',
				},
				// X's reference lists operator_type as a query parameter of this JSON endpoint.
				{ wire: 'operator_type', label: 'Operator Type', type: 'options', options: ['EQ', 'NE'], in: 'query', description: 'EQ targets the criteria (default); NE excludes them' },
			],
			check: (values, { fail }) => {
				const label = 'Targeting Criteria (targeting_criteria)';
				const criteria = values.targeting_criteria;
				if (!Array.isArray(criteria) || criteria.length === 0) fail(label, 'must be a JSON array with at least one criterion');
				(criteria as unknown[]).forEach((criterion, n) => {
					const c = criterion as IDataObject;
					if (!c || typeof c !== 'object' || typeof c.targeting_type !== 'string' || c.targeting_value === undefined) {
						fail(label, `entry ${n} must be an object with targeting_type and targeting_value`);
					}
				});
				// "At least one primary criterion": X's guide names categories (followers, tailored audiences,
				// interests, keywords, TV), not a list of types, so X judges that one and its error is shown.
			},
		},
	],
};
