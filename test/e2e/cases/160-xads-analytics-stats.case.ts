/**
 * X Ads "Analytics > Get Stats" in real n8n (https://docs.x.com/x-ads-api/analytics#get-stats-accounts-account-id):
 * 25 line items over 10 days of DAY stats, dates given alone (midnights of the account's time
 * zone, America/Los_Angeles): 2 groups of IDs x 2 windows of at most 7 days = 4 requests, merged
 * into one row per line item and day whose every metric equals the emulator's model. Then a DAY
 * window off the account's midnight is refused naming the rule, before any stats request.
 */
import { assertMatch } from '../match';
import { bucketsOf, metricSeries } from '../../emulator/state/stats';
import { chain, locator, xAds } from '../workflows';
import { defineCase, type CaseContext } from '../types';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const IDS = Array.from({ length: 25 }, (_, i) => `e2e${i}`);
const stats = (name: string, ctx: CaseContext, extra: Record<string, unknown>) =>
	xAds(name, {
		resource: 'analytics',
		operation: 'getStats',
		account: locator(fx(ctx).accountId),
		entity: 'LINE_ITEM',
		entityIds: IDS.join(','),
		granularity: 'DAY',
		metricGroups: ['ENGAGEMENT', 'BILLING'],
		placement: 'ALL_ON_TWITTER',
		...extra,
	});

export default defineCase({
	name: 'X Ads: analytics stats split by 20 IDs and 7 days and merged; a DAY window off midnight refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => chain(stats('Stats', ctx, { startTime: '2026-06-01', endTime: '2026-06-11' }), { ...stats('Off Midnight', ctx, { startTime: '2026-06-01T00:00:00Z', endTime: '2026-06-02T07:00:00Z' }), executeOnce: true }),
	expect: {
		error: { node: 'Off Midnight', message: /^Item 0: Start Time \(start_time\) must be midnight in the account's time zone \(America\/Los_Angeles\) for DAY granularity/ },
		outputs: { Stats: { itemCount: 250, everyItem: { entity: 'LINE_ITEM', granularity: 'DAY', placement: 'ALL_ON_TWITTER' } } },
	},
	check: (ctx, result) => {
		const rows = result.execution!.output('Stats');
		const sent = result.requests.filter((r) => /^\/12\/stats\/accounts\/\w+$/.test(r.path)).map((r) => new URLSearchParams(r.query));
		assertMatch(sent.map((q) => [q.get('entity_ids')!.split(',').length, q.get('start_time'), q.get('end_time')]), [
			[20, '2026-06-01T07:00:00Z', '2026-06-08T07:00:00Z'],
			[20, '2026-06-08T07:00:00Z', '2026-06-11T07:00:00Z'],
			[5, '2026-06-01T07:00:00Z', '2026-06-08T07:00:00Z'],
			[5, '2026-06-08T07:00:00Z', '2026-06-11T07:00:00Z'],
		], 'stats requests');
		const buckets = bucketsOf(Date.parse('2026-06-01T07:00:00Z'), Date.parse('2026-06-11T07:00:00Z'), 'DAY', 'America/Los_Angeles');
		const now = ctx.emulator!.control.now();
		IDS.forEach((id, e) => {
			for (const metric of ['impressions', 'clicks', 'billed_charge_local_micro']) {
				const series = metricSeries(id, 'ALL_ON_TWITTER', '', metric, undefined, buckets, now);
				assertMatch(rows.slice(e * 10, e * 10 + 10).map((r) => r[metric]), series ?? buckets.map(() => 0), `${id} ${metric}`);
			}
			assertMatch(rows[e * 10].date, '2026-06-01', `${id} first date`);
		});
		assertMatch(rows[0].billed_charge_local, (rows[0].billed_charge_local_micro as number) / 1e6, 'spend in currency units');
	},
});
