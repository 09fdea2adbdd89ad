/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The hostile delivery corpus (issue 16, items 7 to 10): POSTs to an active X Trigger that X, a
 * proxy, or someone holding a captured signature could send. Each case is a short sequence of
 * requests with the exact bytes, Content-Type and signature, and what the trigger must answer and
 * run. test/engine/hostileDeliveries.test.ts sends them over loopback HTTP through the engine
 * harness (n8n-core's WebhookContext, n8n 2.x's body reading) and checks every answer, execution
 * and item.
 *
 * Groups: content types (the signature covers the bytes received, whatever the Content-Type),
 * big integers (beyond 2^53: kept as their digits), deep and huge bodies (a 4xx before any
 * execution), and the same event for two subscribed users (both run).
 */
import type { IDataObject } from 'n8n-workflow';

export interface HostileRequest {
	/** The exact body bytes. */
	body: string | Buffer;
	/** The Content-Type header; none is sent when absent. */
	contentType?: string;
	/** What the signature is computed over, when not over `body` (e.g. '{}', the re-serialized empty body). */
	signedOver?: string;
	/** The answer's status. */
	status: number;
	/** Refusals: what the answer's error says. */
	error?: RegExp;
	/** Events the request must run (one execution, one item each, in order); absent or empty: no execution. */
	events?: Array<{ event_id: string; for_user_id?: string }>;
	/** A partial match of the first item's payload. */
	payload?: IDataObject;
}

export interface HostileDelivery {
	name: string;
	/** The item of issue 16. */
	item: 7 | 8 | 9 | 10;
	requests: HostileRequest[];
}

export const USER_A = '2244994945';
export const USER_B = '783214';

/** A batch of one post for a user, as Account Activity sends it (X sends id and id_str). */
const post = (id: string, forUser = USER_A, extra = '') =>
	`{"for_user_id":"${forUser}","tweet_create_events":[{"id":${id},"id_str":"${id}","text":"café – ok","user":{"id":${id.slice(0, -1)},"id_str":"${id.slice(0, -1)}"}${extra}}]}`;

/** A made-up event, signed with the signature of '{}' (what the trigger signed for bodies n8n left unread). */
const forgedAsEmpty = (contentType: string | undefined): HostileRequest => ({
	body: `{"for_user_id":"${USER_A}","tweet_create_events":[{"id_str":"666","text":"forged"}]}`,
	contentType,
	signedOver: '{}',
	status: 401,
	error: /signature missing or wrong/,
});

/** A real delivery in this content type: signed over its bytes, runs, its big ids exact. */
const genuine = (contentType: string | undefined, id: string): HostileRequest => ({
	body: post(id),
	contentType,
	status: 200,
	events: [{ event_id: id, for_user_id: USER_A }],
	payload: { id, id_str: id, text: 'café – ok', user: { id: id.slice(0, -1) } },
});

const contentTypes: Array<[string, string | undefined]> = [
	['no Content-Type', undefined],
	['application/octet-stream', 'application/octet-stream'],
	['text/plain', 'text/plain'],
	['text/plain; charset=utf-8', 'text/plain; charset=utf-8'],
	['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
	['application/json', 'application/json'],
	['application/json;charset=UTF-8', 'application/json;charset=UTF-8'],
	['application/json; charset=latin1 (n8n decodes as Latin-1, the node reads the bytes)', 'application/json; charset=latin1'],
	['text/html', 'text/html'],
];

/** `depth` arrays inside each other, inside a post. */
const nested = (depth: number) => post('1800000000000000501', USER_A, `,"deep":${'['.repeat(depth)}${']'.repeat(depth)}`);

export const hostileDeliveries: HostileDelivery[] = [
	// ------------------------------------------------------------ 7. content types
	...contentTypes.map(([label, contentType], n): HostileDelivery => ({
		name: `content type ${label}: bytes signed as '{}' refused, a real delivery runs with exact ids`,
		item: 7,
		requests: [forgedAsEmpty(contentType), genuine(contentType, `1800000000000000${String(100 + n)}1`)],
	})),
	{
		name: 'no Content-Type: an empty body signed as \'{}\' is refused',
		item: 7,
		requests: [{ body: '', signedOver: '{}', status: 401, error: /signature/ }],
	},
	{
		name: 'signed bytes that are not JSON are refused with 400 (text, a BOM-less UTF-16 body, invalid UTF-8)',
		item: 7,
		requests: [
			{ body: 'hello', contentType: 'text/plain', status: 400, error: /body is not JSON/ },
			{ body: Buffer.from('{"a":1}', 'utf16le'), contentType: 'application/octet-stream', status: 400, error: /body is not JSON/ },
			{ body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), contentType: 'text/plain', status: 400, error: /not UTF-8/ },
			{ body: '{"for_user_id":"1"} trailing', contentType: 'text/plain', status: 400, error: /body is not JSON/ },
		],
	},

	// ------------------------------------------------------------ 8. big integers
	{
		name: 'an event id beyond 2^53 without id_str: two events 1 apart are two events with their exact ids',
		item: 8,
		requests: [
			{ body: `{"for_user_id":"${USER_A}","tweet_create_events":[{"id":12345678901234567891,"text":"a"}]}`, contentType: 'application/json', status: 200, events: [{ event_id: '12345678901234567891', for_user_id: USER_A }], payload: { id: '12345678901234567891' } },
			{ body: `{"for_user_id":"${USER_A}","tweet_create_events":[{"id":12345678901234567892,"text":"b"}]}`, contentType: 'application/json', status: 200, events: [{ event_id: '12345678901234567892', for_user_id: USER_A }], payload: { id: '12345678901234567892' } },
		],
	},
	{
		name: 'every integer beyond 2^53 in the payload keeps its digits (negative too); safe integers and decimals stay numbers',
		item: 8,
		requests: [
			{
				body: `{"for_user_id":"${USER_A}","favorite_events":[{"id":"fav-8","favorited_status":{"id":1924465506158878979,"id_str":"1924465506158878979","user":{"id":9007199254740993}},"n":-9223372036854775808,"safe":9007199254740991,"ratio":0.5,"ids":[1661523610111193088,1582853809]}]}`,
				contentType: 'application/json; charset=utf-8',
				status: 200,
				events: [{ event_id: 'fav-8', for_user_id: USER_A }],
				payload: {
					favorited_status: { id: '1924465506158878979', id_str: '1924465506158878979', user: { id: '9007199254740993' } },
					n: '-9223372036854775808',
					safe: 9007199254740991,
					ratio: 0.5,
					ids: ['1661523610111193088', 1582853809],
				},
			},
		],
	},
	{
		name: 'an Activity API event with big integers in its payload keeps them exact',
		item: 8,
		requests: [
			{
				body: `{"data":{"event_type":"post.create","event_uuid":"uuid-8-1","filter":{"user_id":"${USER_A}"},"payload":{"id":1900000000000000123,"author_id":1900000000000000999}}}`,
				contentType: 'application/json',
				status: 200,
				events: [{ event_id: 'uuid-8-1', for_user_id: USER_A }],
				payload: { data: { payload: { id: '1900000000000000123', author_id: '1900000000000000999' } } },
			},
		],
	},

	// ------------------------------------------------------------ 9. the same event for two users
	{
		name: 'the same post delivered for two subscribed users runs once for each; a retry for either runs nothing',
		item: 9,
		requests: [
			{ body: post('1800000000000000901', USER_A), contentType: 'application/json', status: 200, events: [{ event_id: '1800000000000000901', for_user_id: USER_A }] },
			{ body: post('1800000000000000901', USER_B), contentType: 'application/json', status: 200, events: [{ event_id: '1800000000000000901', for_user_id: USER_B }] },
			{ body: post('1800000000000000901', USER_A), contentType: 'application/json', status: 200 },
			{ body: post('1800000000000000901', USER_B), contentType: 'application/json', status: 200 },
		],
	},
	{
		name: 'the same Activity API event for two subscription users runs once for each',
		item: 9,
		requests: [USER_A, USER_B, USER_A].map((user, n) => ({
			body: `{"data":{"event_type":"profile.update.bio","event_uuid":"uuid-9-1","filter":{"user_id":"${user}"},"payload":{"before":"a","after":"b"}}}`,
			contentType: 'application/json',
			status: 200,
			events: n < 2 ? [{ event_id: 'uuid-9-1', for_user_id: user }] : [],
		})),
	},

	// ------------------------------------------------------------ 10. deep and huge bodies
	{
		name: 'a signed 100,000-deep body is answered 400 without an execution (JSON and no Content-Type)',
		item: 10,
		requests: [
			{ body: nested(100_000), contentType: 'application/json', status: 400, error: /deeper than 64 levels/ },
			{ body: nested(100_000), status: 400, error: /deeper than 64 levels/ },
		],
	},
	{
		name: 'the depth limit: 64 levels in all run, 65 are refused',
		item: 10,
		requests: [
			// The delivery object, its array and the post are 3 levels.
			{ body: nested(61), contentType: 'application/json', status: 200, events: [{ event_id: '1800000000000000501', for_user_id: USER_A }] },
			{ body: nested(62).replace('1800000000000000501', '1800000000000000502'), contentType: 'application/json', status: 400, error: /deeper than 64 levels/ },
		],
	},
	{
		name: 'a signed body over 1 MiB is answered 413 without an execution (JSON and no Content-Type)',
		item: 10,
		requests: [
			{ body: post('1800000000000001001', USER_A, `,"pad":"${'x'.repeat(1024 * 1024)}"`), contentType: 'application/json', status: 413, error: /larger than 1048576 bytes/ },
			{ body: post('1800000000000001002', USER_A, `,"pad":"${'x'.repeat(1024 * 1024)}"`), status: 413, error: /larger than 1048576 bytes/ },
			// Just under the limit runs.
			{ body: post('1800000000000001003', USER_A, `,"pad":"${'x'.repeat(1000 * 1024)}"`), contentType: 'application/json', status: 200, events: [{ event_id: '1800000000000001003', for_user_id: USER_A }] },
		],
	},
];
