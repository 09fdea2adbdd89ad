/**
 * X Ads "Analytics > Run Report" with Create Jobs Only, then "Get Report Jobs" in real n8n, for users who
 * poll in their own workflow: the created jobs come out at once (their exact 64-bit IDs as text),
 * and Get Report Jobs with Output Rows reads their status and downloads the finished ones.
 */
import { assertMatch } from '../match';
import { chain, locator, xAds } from '../workflows';
import { defineCase, type CaseContext } from '../types';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: analytics report jobs created only, read later with Get Report Jobs (rows)',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) =>
		chain(
			xAds('Create Jobs', {
				resource: 'analytics',
				operation: 'report',
				reportMode: 'createOnly',
				account: locator(fx(ctx).accountId),
				entity: 'CAMPAIGN',
				entityIds: 'c1,c2,c3',
				startTime: '2026-03-01T00:00:00Z',
				endTime: '2026-03-01T06:00:00Z',
				granularity: 'HOUR',
				metricGroups: ['ENGAGEMENT', 'BILLING'],
				placement: 'ALL_ON_TWITTER',
			}),
			{
				...xAds('Read Jobs', { resource: 'analytics', operation: 'getJobs', account: locator(fx(ctx).accountId), options: { jobIds: "={{ $('Create Jobs').all().map((i) => i.json.id).join(',') }}" }, jobOutput: 'rows' }),
				executeOnce: true,
			},
		),
	expect: {
		outputs: {
			'Create Jobs': { itemCount: 1, items: [{ status: 'PROCESSING', id: { $regex: '^\\d{15,20}$' }, entity: 'CAMPAIGN' }] },
			'Read Jobs': { itemCount: 3 * 6, everyItem: { job_id: { $regex: '^\\d{15,20}$' }, entity: 'CAMPAIGN', granularity: 'HOUR' } },
		},
	},
	check: (_ctx, result) => {
		const ex = result.execution!;
		const job = ex.output('Create Jobs')[0];
		assertMatch(job.id, job.id_str, 'the job ID is X\'s id_str, exactly');
		assertMatch(ex.output('Read Jobs').map((r) => r.id), ['c1', 'c1', 'c1', 'c1', 'c1', 'c1', 'c2', 'c2', 'c2', 'c2', 'c2', 'c2', 'c3', 'c3', 'c3', 'c3', 'c3', 'c3'], 'rows per campaign and hour');
	},
});
