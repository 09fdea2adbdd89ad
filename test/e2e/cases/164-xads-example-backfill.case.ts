/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (README, Lint). */
/**
 * examples/90-day-backfill.json as shipped in real n8n: the line items active in the last 90 days,
 * then one asynchronous report (jobs of 20 line items and 90 days, waited for, downloaded as gzip
 * and unpacked): one row per line item and day.
 */
import * as path from 'node:path';

import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { filledExample } from './163-xads-example-daily-report.case';

const EXAMPLE = path.join(__dirname, '..', '..', '..', 'examples', '90-day-backfill.json');
const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'examples/90-day-backfill.json: 90 days of daily stats for the active line items through report jobs',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => filledExample(EXAMPLE, { account: fx(ctx).accountId }),
	expect: {
		executedNodes: ['Run Backfill', 'Active in 90 Days', '90-Day Report'],
		outputs: { '90-Day Report': { everyItem: { entity: 'LINE_ITEM', granularity: 'DAY', impressions: { $type: 'number' }, video_total_views: { $type: 'number' } } } },
	},
	check: (ctx, result) => {
		const ex = result.execution!;
		const group = ex.output('Active in 90 Days')[0];
		const rows = ex.output('90-Day Report').filter((r) => r.placement === 'ALL_ON_TWITTER');
		const days = (Date.parse(String(group.end_time)) - Date.parse(String(group.start_time))) / 86_400_000;
		assertMatch(rows.length, (group.entity_ids as string[]).length * Math.round(days), 'one row per line item and day');
		const files = ctx.emulator!.control.statsFileRequests();
		assertMatch(files.length > 0 && files.every((f: { status: number; authorization: boolean }) => f.status === 200 && !f.authorization), true, 'gzip files downloaded unsigned');
		assertMatch(ctx.emulator!.control.statsPeakProcessing() <= 100, true, 'within the concurrent-job limit');
	},
});
