/**
 * Analytics (https://docs.x.com/x-ads-api/analytics) through n8n's engine against the emulator:
 * stats split by 20 IDs and 7 days and merged, DAY windows in the account's time zone, report
 * jobs (limit, waits, failures, expired files, gzip), active entities, reach. Every metric that
 * comes out is checked against the emulator's model (metricSeries).
 */
import { bucketsOf, HOUR_MS, metricSeries, metricsFor } from '../emulator/state/stats';
import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, ads: ok, paired } = suiteHelpers(env);
const sfx = () => env.emulator.control.statsFixtures();
const account = () => ({ __rl: true, mode: 'id', value: fx().accountId });
const now = () => env.emulator.control.now();

const statsPaths = () => requests().filter((r) => r.path === `/12/stats/accounts/${fx().accountId}`);

describe('Analytics: Get Stats', () => {
	it('returns rows whose every metric is the emulator\'s, money also in currency units', async () => {
		const id = fx().lineItems.engagements;
		const rows = await ok({
			resource: 'analytics',
			operation: 'getStats',
			account: account(),
			entity: 'LINE_ITEM',
			entityIds: id,
			startTime: '2026-05-01T00:00:00Z',
			endTime: '2026-05-01T06:00:00Z',
			granularity: 'HOUR',
			metricGroups: ['ENGAGEMENT', 'BILLING'],
			placement: 'ALL_ON_TWITTER',
		});
		expect(rows).toHaveLength(6);
		const buckets = bucketsOf(Date.parse('2026-05-01T00:00:00Z'), Date.parse('2026-05-01T06:00:00Z'), 'HOUR', 'UTC');
		rows.forEach((row, i) => {
			expect(row).toMatchObject({ id, entity: 'LINE_ITEM', placement: 'ALL_ON_TWITTER', granularity: 'HOUR', start_time: new Date(buckets[i][0]).toISOString().replace('.000', '') });
			for (const m of metricsFor('LINE_ITEM', ['ENGAGEMENT', 'BILLING'])) {
				const series = metricSeries(id, 'ALL_ON_TWITTER', '', m.name, undefined, buckets, now());
				expect([m.name, row[m.name]]).toEqual([m.name, series ? series[i] : null]);
			}
			expect(row.billed_charge_local).toBe((row.billed_charge_local_micro as number) / 1e6);
		});
		expect(statsPaths()).toHaveLength(1);
	});
});
