/**
 * The one reader of X's errors (nodes/shared/transport/errors.ts xErrorDetail): every shape X's reference
 * documents or clients meet gives X's code and its most specific reason, cut, and the pay-per-use
 * answers a hint that says what to do in the Developer Console.
 */
import { hintFor, refusalWords, xErrorDetail } from '../../nodes/shared/transport/errors';

describe("X's error shapes", () => {
	const shapes: Array<[string, unknown, { code?: string | number; message?: string; parameter?: string }]> = [
		['the Ads API', { errors: [{ code: 'INVALID_PARAMETER', message: 'Expected a date', parameter: 'start_time' }], request: { params: {} } }, { code: 'INVALID_PARAMETER', message: 'Expected a date', parameter: 'start_time' }],
		['v2, the reason in details', { errors: [{ value: 'acme', details: ['Rules must contain a non-negation term (at position 1)'], title: 'UnprocessableEntity', type: 'https://api.x.com/2/problems/invalid-rules' }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.' }, { code: 'invalid-rules', message: 'Rules must contain a non-negation term (at position 1)' }],
		['v2, detail and parameter', { errors: [{ parameter: 'id', detail: 'Could not find user with id: [1].', title: 'Not Found Error', type: 'https://api.x.com/2/problems/resource-not-found' }] }, { code: 'resource-not-found', message: 'Could not find user with id: [1].', parameter: 'id' }],
		['problem+json', { title: 'Client Forbidden', detail: 'When authenticating requests ...', reason: 'client-not-enrolled', type: 'https://api.x.com/2/problems/client-forbidden' }, { code: 'client-not-enrolled', message: 'When authenticating requests ...' }],
		['pay-per-use credits', { title: 'Payment Required', detail: 'credits depleted', type: 'https://api.x.com/2/problems/credits-depleted' }, { code: 'credits-depleted', message: 'credits depleted' }],
		["OAuth's", { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' }, { code: 'invalid_request', message: 'Value passed for the token was invalid.' }],
		['operation_errors', { operation_errors: [[], [{ code: 'INVALID_USER_IDENTIFIER', message: 'Identifier is not hashed' }]] }, { code: 'INVALID_USER_IDENTIFIER', message: 'Identifier is not hashed' }],
		['processing_info.error', { data: { id: '1', processing_info: { state: 'failed', error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' } } } }, { code: 1, message: 'Unsupported video format' }],
		['plain text', 'Service Unavailable\n', { message: 'Service Unavailable' }],
	];
	it.each(shapes)('%s', (_name, body, expected) => {
		expect(xErrorDetail(body)).toMatchObject(expected);
	});

	it('cuts a reason that quotes a long value; a refusal names X\'s reason first and cuts the user\'s rule', () => {
		const rule = `(${'brand OR '.repeat(120)}n8n)`;
		expect(xErrorDetail({ errors: [{ message: `Rule ${rule} is invalid` }] }).message!.length).toBeLessThanOrEqual(400);
		const words = refusalWords({ value: rule, details: ['Rules must contain a non-negation term'], title: 'UnprocessableEntity' }, 'rule');
		expect(words).toMatch(/^Rules must contain a non-negation term \(UnprocessableEntity\), in the rule "\(brand OR brand/);
		expect(words.length).toBeLessThan(200);
	});

	it('pay-per-use answers get a hint saying what to do in the Developer Console', () => {
		expect(hintFor(402, xErrorDetail({ title: 'Payment Required', type: 'https://api.x.com/2/problems/credits-depleted' }))).toMatch(/credits .*Developer Console/);
		expect(hintFor(403, xErrorDetail({ reason: 'user-not-enrolled', title: 'Forbidden' }))).toMatch(/not enrolled.*Developer Console/);
		expect(hintFor(403, xErrorDetail({ reason: 'client-not-enrolled' }))).toMatch(/Project.*Developer Console|Developer Console.*Project/);
	});
});
