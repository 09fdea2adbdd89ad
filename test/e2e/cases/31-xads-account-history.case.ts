/**
 * X Ads "Account History > Get Many" in real n8n (spec document 03, GET /accounts/:account_id/account_history,
 * whole hours only). A Code node feeds three items whose entity, window and user filter come from
 * expressions: times without a zone are read as UTC, an offset is converted to UTC, and an empty
 * user filter is left out. Then a window that starts at half past is refused before anything is
 * sent, naming item, field and rule.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, code, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const HISTORY_PATH = /^\/12\/accounts\/\w+\/account_history$/;

export default defineCase({
	name: 'X Ads: account history get many (whole hours, user filter, per-item expressions)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const inputs = [
			// engagements line item on Jan 1: CREATE 10:15 and UPDATE 12:30 by the owner
			{ entityType: 'LINE_ITEM', entityId: fx.lineItems.engagements, start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00', userId: '' },
			// the same item until Jan 4, only the changes of user 999 (UPDATE 2026-01-03T08:00:00Z)
			{ entityType: 'LINE_ITEM', entityId: fx.lineItems.engagements, start: '2026-01-01T00:00:00Z', end: '2026-01-04T00:00:00Z', userId: '999' },
			// the reach line item, a window given with an offset: CREATE 2026-01-01T11:30:00Z
			{ entityType: 'LINE_ITEM', entityId: fx.lineItems.reach, start: '2026-01-01T01:00:00+01:00', end: '2026-01-01T12:00:00Z', userId: '' },
		];
		const history = (name: string, parameters: Record<string, unknown>) =>
			xAds(name, { resource: 'accountHistory', operation: 'getAll', returnAll: true, ...parameters }, { account: fx.accountId });
		return chain(
			code('Windows', inputs),
			history('History', {
				entityType: '={{ $json.entityType }}',
				entityId: '={{ $json.entityId }}',
				startTime: '={{ $json.start }}',
				endTime: '={{ $json.end }}',
				filters: { userId: '={{ $json.userId }}' },
			}),
			once(history('History (half hour)', { entityType: 'CAMPAIGN', entityId: 'abc1', startTime: '2026-01-01T10:30:00Z', endTime: '2026-01-02T00:00:00Z' })),
		);
	},
	expect: {
		executedNodes: ['Start', 'Windows', 'History', 'History (half hour)'],
		outputs: {
			History: {
				itemCount: 4,
				everyItem: { entity: 'LINE_ITEM', entity_id: { $type: 'string' }, change_by: { user_id: { $type: 'string' }, platform: { $type: 'string' } }, entity_data: { $type: 'object' } },
				items: [
					{ change_type: 'CREATE', change_time: '2026-01-01T10:15:00Z', entity_data: { entity_status: 'PAUSED' } },
					{ change_type: 'UPDATE', change_time: '2026-01-01T12:30:00Z', entity_data: { entity_status: 'ACTIVE' } },
					{ change_type: 'UPDATE', change_time: '2026-01-03T08:00:00Z', change_by: { user_id: '999', platform: 'API' } },
					{ change_type: 'CREATE', change_time: '2026-01-01T11:30:00Z', entity_data: { name: 'Spring Reach' } },
				],
			},
		},
		error: {
			node: 'History (half hour)',
			message:
				'Item 0: Start Time (start_time) must be a whole hour, with minutes and seconds zero, such as 2026-05-01T13:00:00Z (got "2026-01-01T10:30:00Z")',
			description: 'Nothing was sent to X for this item. Correct the value and run again.',
		},
		emulator: {
			// three items, one request each; the refused item sends nothing
			requestCount: 3,
			requests: [
				{
					method: 'GET',
					base: 'ads',
					path: HISTORY_PATH,
					query: { entity_type: 'LINE_ITEM', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-02T00:00:00Z', count: '1000', user_id: { $exists: false } },
					status: 200,
					count: 1,
				},
				{ method: 'GET', path: HISTORY_PATH, query: { end_time: '2026-01-04T00:00:00Z', user_id: '999' }, status: 200, count: 1 },
				{ method: 'GET', path: HISTORY_PATH, query: { start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-01T12:00:00Z', user_id: { $exists: false } }, status: 200, count: 1 },
			],
			none: [{ query: { entity_type: 'CAMPAIGN' } }],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		assertMatch(
			ex.output('History').map((e) => e.entity_id),
			[fx.lineItems.engagements, fx.lineItems.engagements, fx.lineItems.engagements, fx.lineItems.reach],
			'History entity ids',
		);
		// Every entry is paired with the input item (window) it came from.
		assertMatch(ex.items('History').map((i) => i.pairedItem), [{ item: 0 }, { item: 0 }, { item: 1 }, { item: 2 }], 'History pairedItem');
		assertMatch(
			result.requests.map((r) => new URLSearchParams(r.query).get('entity_id')),
			[fx.lineItems.engagements, fx.lineItems.engagements, fx.lineItems.reach],
			'entity_id sent per item',
		);
		assertMatch(new Set(result.requests.map((r) => r.path)).size, 1, 'one account path');
		assertMatch(result.requests[0].path, `/12/accounts/${fx.accountId}/account_history`, 'account path');
	},
});
