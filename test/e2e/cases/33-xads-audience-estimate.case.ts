/**
 * X Ads "Audience Estimate > Get" in real n8n (spec document 03, POST /accounts/:account_id/audience_estimate
 * with a JSON body). A Code node feeds two items: criteria as a JSON string with operator EQ, and as
 * an array with operator NE; each is sent as application/json {targeting_criteria} with operator_type
 * in the query string, where X's reference lists it, and
 * answers one item with audience_size. Then a criterion X does not know (which the node leaves to X)
 * comes back as X's 400 INVALID_PARAMETER naming the parameter, with the hint.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, code, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const ESTIMATE_PATH = /^\/12\/accounts\/\w+\/audience_estimate$/;

const KEYWORD_AND_LOCATION = [
	{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'shoes' },
	{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' },
];
const INTEREST = [{ targeting_type: 'INTEREST', targeting_value: '10011' }];

const audienceSize = (size: unknown) => {
	const s = size as { min?: unknown; max?: unknown };
	return typeof s?.min === 'number' && typeof s.max === 'number' && s.min >= 1000 && s.max >= s.min;
};

export default defineCase({
	name: 'X Ads: audience estimate get (JSON body, EQ and NE, X refuses an unknown targeting type)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const accountId = fixtures(ctx).accountId;
		const inputs = [
			{ criteria: JSON.stringify(KEYWORD_AND_LOCATION), operator: 'EQ' },
			{ criteria: INTEREST, operator: 'NE' },
		];
		const estimate = (name: string, parameters: Record<string, unknown>) =>
			xAds(name, { resource: 'audienceEstimate', operation: 'get', ...parameters }, { account: accountId });
		return chain(
			code('Criteria', inputs),
			estimate('Estimate', { targetingCriteria: '={{ $json.criteria }}', additionalFields: { operatorType: '={{ $json.operator }}' } }),
			once(estimate('Estimate (unknown type)', { targetingCriteria: '[{"targeting_type":"NOT_A_TYPE","targeting_value":"x"}]' })),
		);
	},
	expect: {
		executedNodes: ['Start', 'Criteria', 'Estimate', 'Estimate (unknown type)'],
		outputs: {
			Estimate: { itemCount: 2, everyItem: { audience_size: audienceSize } },
		},
		error: {
			node: 'Estimate (unknown type)',
			message: 'X answered 400 INVALID_PARAMETER: Unknown targeting_type "NOT_A_TYPE" in targeting_criteria[0]',
			description: /^POST \/12\/accounts\/\w+\/audience_estimate, parameter targeting_criteria\. X refused a parameter: correct its value in the node\.$/,
			httpCode: '400',
		},
		emulator: {
			requestCount: 3,
			requests: [
				{ method: 'POST', base: 'ads', path: ESTIMATE_PATH, query: /^operator_type=(EQ|NE)$/, status: 200, headers: { 'content-type': /^application\/json/ }, count: 2 },
				{ method: 'POST', base: 'ads', path: ESTIMATE_PATH, status: 400, count: 1 },
			],
		},
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		assertMatch(ex.items('Estimate').map((i) => i.pairedItem), [{ item: 0 }, { item: 1 }], 'Estimate pairedItem');
		assertMatch(
			result.requests.map((r) => JSON.parse(r.body)),
			[
				{ targeting_criteria: KEYWORD_AND_LOCATION, operator_type: undefined },
				{ targeting_criteria: INTEREST, operator_type: undefined },
				{ targeting_criteria: [{ targeting_type: 'NOT_A_TYPE', targeting_value: 'x' }], operator_type: undefined },
			],
			'JSON bodies',
		);
		assertMatch(result.requests.map((r) => r.query), ['operator_type=EQ', 'operator_type=NE', ''], 'operator_type in the query string');
		// Nothing but the two documented fields goes into the body.
		for (const r of result.requests) {
			const keys = Object.keys(JSON.parse(r.body)).sort();
			if (keys.some((k) => k !== 'operator_type' && k !== 'targeting_criteria')) throw new Error(`unexpected body fields ${keys.join(', ')}`);
		}
		// Different criteria (and operators) give different estimates.
		const [a, b] = ex.output('Estimate').map((e) => JSON.stringify(e.audience_size));
		if (a === b) throw new Error(`the two estimates are equal (${a})`);
		assertMatch(result.requests[0].path, `/12/accounts/${fixtures(ctx).accountId}/audience_estimate`, 'path');
	},
});
