/**
 * Analytics (https://docs.x.com/x-ads-api/analytics): stats now (synchronous), reports
 * (asynchronous jobs), which entities had activity, and reach. Requests beyond X's limits (20
 * entities, 7 days; 90 or 45 days for jobs) are split into as few as the limits allow and the
 * answers merged back in order (see ../analyticsData.ts and ../analyticsJobs.ts).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CheckedItem, Endpoint, Field, Resource } from '../../shared/endpoints';
import { dataRecords } from '../../shared/execute';
import { runOrdered } from '../../shared/batching';
import type { RetryPolicy } from '../../shared/transport';
import { adsRequest, xRequest } from '../../shared/transport';
import { localMidnight, localParts, nextLocalMidnight } from '../../shared/timeZones';
import type { Granularity, PartAnswer, StatsAnswer, Window } from '../analyticsData';
import { accountTimeZone, ANALYTICS_LIMITS, buckets, chunk, HOUR_MS, iso, mergeAnswers, resolveWindow, splitWindow, statsAnswerProblem, toRows } from '../analyticsData';
import type { JobCounts, WaitOptions } from '../analyticsJobs';
import { DEFAULT_WAIT, downloadResult, exactJob, jobId, resultBudget, runJobs } from '../analyticsJobs';
import { accountField, checkTimeOrder, idListField } from '../fields';
import { simplify } from '../simplify';

const DOCS = 'https://docs.x.com/x-ads-api/analytics';

/** The enumerations of X's analytics parameters. */
const ENTITIES = ['ACCOUNT', 'CAMPAIGN', 'FUNDING_INSTRUMENT', 'LINE_ITEM', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEET'] as const;
const ACTIVE_ENTITY_TYPES = ['CAMPAIGN', 'FUNDING_INSTRUMENT', 'LINE_ITEM', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEET'] as const;
const GRANULARITIES = ['DAY', 'HOUR', 'TOTAL'] as const;
const METRIC_GROUPS = ['BILLING', 'ENGAGEMENT', 'LIFE_TIME_VALUE_MOBILE_CONVERSION', 'MOBILE_CONVERSION', 'VIDEO', 'WEB_CONVERSION'] as const;
export const STATS_PLACEMENTS = ['ALL_ON_TWITTER', 'SPOTLIGHT', 'TREND'] as const;
/** The segmentation types X enables (https://docs.x.com/x-ads-api/analytics#segmentation, May 2026). */
const SEGMENTATION_TYPES = ['AGE', 'GENDER', 'METROS', 'PLATFORMS', 'CONVERSION_TAGS'] as const;

const ADS_ID = { pattern: /^[A-Za-z0-9]{1,32}$/, patternRule: 'an X Ads ID of letters and digits' };
const wholeHour = { wholeHour: true };

const entityField: Field = { wire: 'entity', label: 'Entity', type: 'options', required: true, options: ENTITIES, default: 'LINE_ITEM', description: 'The kind of entity the IDs below are' };
const entityIdsField: Field = {
	wire: 'entity_ids',
	label: 'Entity IDs',
	type: 'list',
	required: true,
	placeholder: 'e.g. 8u94t,8v7jo',
	description: 'Comma-separated IDs, as many as needed: X takes 20 per request, so the node sends them 20 at a time and merges the answers in this order',
	rules: ADS_ID,
};
const startField = (what: string): Field => ({
	wire: 'start_time',
	label: 'Start Time',
	type: 'dateTime',
	required: true,
	placeholder: 'e.g. 2026-05-01T07:00:00Z',
	description: `A whole hour (a time without a zone is read as UTC), or a date alone (2026-05-01) for midnight in the account's time zone. With DAY granularity it must be such a midnight. ${what}`,
	rules: wholeHour,
});
const endField: Field = {
	wire: 'end_time',
	label: 'End Time',
	type: 'dateTime',
	required: true,
	placeholder: 'e.g. 2026-05-08T07:00:00Z',
	description: 'Exclusive: the window ends just before it (an end of 2026-05-02 midnight gives all of May 1, not May 2). A whole hour, or a date alone for midnight in the account\'s time zone; with DAY granularity, such a midnight.',
	rules: wholeHour,
};
const granularityField: Field = { wire: 'granularity', label: 'Granularity', type: 'options', required: true, options: GRANULARITIES, default: 'DAY', description: 'One value per hour, per day (days of the account\'s time zone) or one total for the window' };
const metricGroupsField: Field = {
	wire: 'metric_groups',
	label: 'Metric Groups',
	type: 'multiOptions',
	required: true,
	options: METRIC_GROUPS,
	// Impressions, engagements and spend: what a report is usually for, and valid for every entity but ACCOUNT (ENGAGEMENT only).
	default: ['ENGAGEMENT', 'BILLING'],
	description: 'Which metrics: ENGAGEMENT (impressions, clicks, ...), BILLING (spend), VIDEO, WEB_CONVERSION, MOBILE_CONVERSION (on its own), LIFE_TIME_VALUE_MOBILE_CONVERSION',
};
const placementField: Field = { wire: 'placement', label: 'Placement', type: 'options', required: true, options: STATS_PLACEMENTS, default: 'ALL_ON_TWITTER', description: 'One placement per request; ask for each to match the totals X Ads shows' };

/** Rules across fields that X states for stats and jobs. */
function checkStats(values: IDataObject, fail: (field: string, rule: string) => never): void {
	checkTimeOrder(values, fail);
	const groups = (values.metric_groups as string[] | undefined) ?? [];
	if (groups.includes('MOBILE_CONVERSION') && groups.length > 1) {
		fail('Metric Groups (metric_groups)', `must hold MOBILE_CONVERSION alone: X wants mobile conversions requested separately (got ${groups.join(', ')})`);
	}
	const allowed: Record<string, string[]> = { ACCOUNT: ['ENGAGEMENT'], FUNDING_INSTRUMENT: ['ENGAGEMENT', 'BILLING'] };
	const only = allowed[String(values.entity)];
	const foreign = only ? groups.filter((g) => !only.includes(g)) : [];
	if (foreign.length) fail('Metric Groups (metric_groups)', `${foreign.join(', ')} is not available for ${String(values.entity)}, which has ${only.join(' and ')} only`);
}

function checkSegmentation(values: IDataObject, fail: (field: string, rule: string) => never): void {
	const segmentation = values.segmentation_type as string | undefined;
	const groups = (values.metric_groups as string[] | undefined) ?? [];
	if (segmentation === 'METROS' && !values.country) fail('Country (country)', 'is required with METROS segmentation (for example 96683cc9126741d1, the United States)');
	if (segmentation === 'CONVERSION_TAGS' && groups.some((g) => g !== 'WEB_CONVERSION')) {
		fail('Segmentation Type (segmentation_type)', `CONVERSION_TAGS works with the WEB_CONVERSION metric group only (got ${groups.join(', ')})`);
	}
	if (segmentation && segmentation !== 'PLATFORMS' && segmentation !== 'CONVERSION_TAGS' && groups.includes('WEB_CONVERSION')) {
		fail('Segmentation Type (segmentation_type)', `web conversion metrics can be segmented by PLATFORMS or CONVERSION_TAGS only (got ${segmentation})`);
	}
	if (segmentation && groups.includes('LIFE_TIME_VALUE_MOBILE_CONVERSION')) {
		fail('Segmentation Type (segmentation_type)', 'LIFE_TIME_VALUE_MOBILE_CONVERSION metrics cannot be segmented');
	}
}

const outputProperty: INodeProperties = {
	displayName: 'Output',
	name: 'statsOutput',
	type: 'options',
	options: [
		{ name: 'Rows', value: 'rows', description: 'One item per entity (and segment) per time bucket, metrics as columns, money also in currency units: for sheets and databases' },
		{ name: 'X\'s Answer', value: 'nested', description: 'One item: X\'s nested answer (the answers of a split request merged into one)' },
	],
	default: 'rows',
};

const pollingProperty: INodeProperties = {
	displayName: 'Waiting',
	name: 'waitOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { show: { reportMode: ['wait'] } },
	options: [
		{ displayName: 'First Check After (Seconds)', name: 'firstPoll', type: 'number', typeOptions: { minValue: 0, numberPrecision: 2 }, default: 2, description: 'When to first ask X whether the jobs are done; later checks wait half the time waited so far' },
		{ displayName: 'Longest Pause (Seconds)', name: 'maxPoll', type: 'number', typeOptions: { minValue: 0, numberPrecision: 2 }, default: 60, description: 'The longest pause between two checks' },
		{ displayName: 'Max Wait (Minutes)', name: 'maxWait', type: 'number', typeOptions: { minValue: 0, numberPrecision: 2 }, default: 60, description: 'How long to wait in all before failing (the error names the jobs still open)' },
		{ displayName: 'Recreate Failed Jobs', name: 'recreate', type: 'number', typeOptions: { minValue: 0, maxValue: 10 }, default: 2, description: 'How often a job X marks FAILED, or whose file expired, is created again' },
	],
};

function waitOptions(ctx: IExecuteFunctions, itemIndex: number): WaitOptions {
	const o = ctx.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
	const num = (v: unknown, fallback: number, unit: number) => (v === undefined || v === '' ? fallback : Number(v) * unit);
	return {
		firstPollMs: num(o.firstPoll, DEFAULT_WAIT.firstPollMs, 1000),
		maxPollMs: num(o.maxPoll, DEFAULT_WAIT.maxPollMs, 1000),
		maxWaitMs: num(o.maxWait, DEFAULT_WAIT.maxWaitMs, 60_000),
		recreate: num(o.recreate, DEFAULT_WAIT.recreate, 1),
	};
}

interface StatsRequest {
	accountId: string;
	entity: string;
	entityIds: string[];
	granularity: Granularity;
	placement: string;
	window: Window;
	timeZone?: string;
	segmentationType?: string;
}

/** The item's answer as the user chose: rows, or X's nested answer merged into one. */
function statsOutput(ctx: IExecuteFunctions, itemIndex: number, answer: StatsAnswer, request: StatsRequest, params: IDataObject): IDataObject[] {
	if (ctx.getNodeParameter('statsOutput', itemIndex, 'rows') === 'nested') {
		return [{ ...answer, request: { params: { ...params, account_id: request.accountId, entity_ids: request.entityIds, start_time: iso(request.window.start), end_time: iso(request.window.end) } } } as IDataObject];
	}
	const total = request.granularity === 'TOTAL';
	return toRows(answer, {
		entity: request.entity,
		placement: request.placement,
		granularity: request.granularity,
		buckets: total ? [request.window] : buckets(request.window, request.granularity, request.timeZone),
		timeZone: request.timeZone,
		segmentationType: request.segmentationType,
	});
}

/** The item's request as the node sends it: IDs and window resolved. */
async function statsRequest(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<StatsRequest> {
	const v = item.values;
	const accountId = item.request.pathParams!.account_id;
	const granularity = v.granularity as Granularity;
	const { window, timeZone } = await resolveWindow(ctx, item.itemIndex, v, accountId, granularity, policy);
	return {
		accountId,
		entity: String(v.entity),
		entityIds: [...new Set(v.entity_ids as string[])],
		granularity,
		placement: String(v.placement),
		window,
		timeZone,
		segmentationType: v.segmentation_type as string | undefined,
	};
}

/** Query of one piece: the item's parameters with this piece's IDs and window. */
const pieceQuery = (item: CheckedItem, ids: string[], w: Window): IDataObject => ({ ...item.request.qs, entity_ids: ids.join(','), start_time: iso(w.start), end_time: iso(w.end) });

/** Pieces of a request: every group of 20 IDs with every window piece, in order. */
function pieces(request: StatsRequest, maxWindowMs: number) {
	const windows = splitWindow(request.window, maxWindowMs, request.granularity, request.timeZone);
	return chunk(request.entityIds, ANALYTICS_LIMITS.entityIds).flatMap((ids) => windows.map((window) => ({ ids, window })));
}

/** The window's bucket count as X counts it (TOTAL: one). */
const bucketCount = (window: Window, granularity: Granularity, timeZone?: string) => (granularity === 'TOTAL' ? 1 : buckets(window, granularity, timeZone).length);

/** Refuses an answer whose numbers are not what X's reference says (typed counts, series as long as the window). */
function checkAnswer(ctx: IExecuteFunctions, itemIndex: number, answer: StatsAnswer, window: Window, granularity: Granularity, timeZone: string | undefined, what: string): void {
	const problem = statsAnswerProblem(answer, bucketCount(window, granularity, timeZone));
	if (problem) {
		throw new NodeOperationError(ctx.getNode(), `X's stats answer cannot be used: ${problem}`, {
			itemIndex,
			description: `${what}, ${iso(window.start)} to ${iso(window.end)}, ${granularity}. Nothing of it was output: a value out of its place would be a wrong number.`,
		});
	}
}

/** Merges the pieces' answers: per group of IDs across windows, then the groups in order. */
function mergePieces(ctx: IExecuteFunctions, itemIndex: number, request: StatsRequest, list: Array<{ ids: string[]; window: Window }>, answers: StatsAnswer[]): StatsAnswer {
	list.forEach((p, i) => checkAnswer(ctx, itemIndex, answers[i], p.window, request.granularity, request.timeZone, `Entity IDs ${p.ids.join(',')}`));
	const parts: PartAnswer[] = list.map((p, i) => ({ window: p.window, answer: answers[i] }));
	const merged = mergeAnswers(parts, request.entityIds, request.granularity);
	return merged;
}

async function runStats(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const request = await statsRequest(ctx, item, policy);
	const list = pieces(request, ANALYTICS_LIMITS.statsWindowMs);
	const results = await runOrdered(list.length, 2, async (i) => (await adsRequest(ctx, { ...item.request, qs: pieceQuery(item, list[i].ids, list[i].window) }, policy)) as StatsAnswer);
	const failure = results.find((r) => r instanceof Error);
	if (failure) throw failure;
	const answer = mergePieces(ctx, item.itemIndex, request, list, results as StatsAnswer[]);
	return statsOutput(ctx, item.itemIndex, answer, request, item.request.qs ?? {});
}

/** Job counts of the last report run per node run, for the log. */
async function runReport(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const request = await statsRequest(ctx, item, policy);
	const maxWindow = request.segmentationType ? ANALYTICS_LIMITS.segmentedJobWindowMs : ANALYTICS_LIMITS.jobWindowMs;
	const list = pieces(request, maxWindow);
	const createOnly = ctx.getNodeParameter('reportMode', item.itemIndex, 'wait') === 'createOnly';
	const counts: JobCounts = { created: 0, polls: 0, downloads: 0 };
	const base = { ...item.request, path: '/stats/jobs/accounts/{account_id}' };
	const wait = createOnly ? { ...DEFAULT_WAIT, ...waitOptions(ctx, item.itemIndex) } : waitOptions(ctx, item.itemIndex);
	const { answers, jobs } = await runJobs(ctx, base, list.map((p) => pieceQuery(item, p.ids, p.window)), policy, wait, { createOnly, counts });
	ctx.logger.info(`X: report of ${request.entityIds.length} entities in ${list.length} jobs: ${counts.created} created, ${counts.polls} status checks, ${counts.downloads} downloads`);
	if (createOnly) return jobs;
	return statsOutput(ctx, item.itemIndex, mergePieces(ctx, item.itemIndex, request, list, answers), request, item.request.qs ?? {});
}

/** Status of jobs (200 per request); with rows or X's answer, the files of finished jobs too. */
async function runGetJobs(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const ids = (item.values.job_ids as string[] | undefined) ?? [];
	const jobs: IDataObject[] = [];
	for (const group of ids.length ? chunk(ids, ANALYTICS_LIMITS.jobsPerPoll) : [[]]) {
		const response = await xRequest(ctx, { ...item.request, qs: group.length ? { job_ids: group.join(',') } : {} }, policy);
		jobs.push(...(((response.body as IDataObject)?.data ?? []) as IDataObject[]));
	}
	const output = ctx.getNodeParameter('jobOutput', item.itemIndex, 'jobs');
	if (output === 'jobs') return jobs.map(exactJob);
	const out: IDataObject[] = [];
	const budget = resultBudget();
	for (const job of jobs) {
		if (job.status !== 'SUCCESS' || !job.url) {
			out.push(exactJob(job));
			continue;
		}
		const answer = await downloadResult(ctx, job, policy, item.itemIndex, budget);
		if (answer === 'expired') {
			out.push({ ...exactJob(job), status: 'EXPIRED' });
			continue;
		}
		if (output === 'nested') {
			out.push({ job_id: jobId(job), ...answer } as IDataObject);
			continue;
		}
		const granularity = String(job.granularity) as Granularity;
		const window = { start: Date.parse(String(job.start_time)), end: Date.parse(String(job.end_time)) };
		const accountId = item.request.pathParams!.account_id;
		const timeZone = granularity === 'DAY' ? await accountTimeZone(ctx, accountId, policy, item.itemIndex) : undefined;
		checkAnswer(ctx, item.itemIndex, answer, window, granularity, timeZone, `Job ${jobId(job)}`);
		const rows = toRows(answer, {
			entity: String(job.entity),
			placement: String(job.placement),
			granularity,
			buckets: buckets(window, granularity, timeZone),
			timeZone,
			segmentationType: (job.segmentation_type as string | null) ?? undefined,
		});
		out.push(...rows.map((row) => ({ job_id: jobId(job), ...row })));
	}
	return out;
}

/** Active entities grouped the way X recommends: per placement, IDs and the window to request stats for. */
async function groupActive(ctx: IExecuteFunctions, item: CheckedItem, records: IDataObject[], policy: RetryPolicy): Promise<IDataObject[]> {
	const rounding = ctx.getNodeParameter('groupRounding', item.itemIndex, 'day') as string;
	const timeZone = rounding === 'day' ? await accountTimeZone(ctx, item.request.pathParams!.account_id, policy, item.itemIndex) : undefined;
	const down = (ms: number) => {
		if (!timeZone) return Math.floor(ms / HOUR_MS) * HOUR_MS;
		const p = localParts(timeZone, ms);
		return localMidnight(timeZone, p.year, p.month, p.day);
	};
	// The hour (or day) holding the last activity is included: the window ends after it.
	const up = (ms: number) => (timeZone ? nextLocalMidnight(timeZone, ms) : Math.floor(ms / HOUR_MS) * HOUR_MS + HOUR_MS);
	const groups: IDataObject[] = [];
	for (const placement of STATS_PLACEMENTS) {
		const members = records.filter((r) => Array.isArray(r.placements) && (r.placements as string[]).includes(placement));
		if (!members.length) continue;
		const starts = members.map((r) => Date.parse(String(r.activity_start_time)));
		const ends = members.map((r) => Date.parse(String(r.activity_end_time)));
		groups.push({
			placement,
			entity: item.values.entity as string,
			entity_ids: [...new Set(members.map((r) => String(r.entity_id)))],
			start_time: iso(down(Math.min(...starts))),
			end_time: iso(up(Math.max(...ends))),
			...(timeZone ? { time_zone: timeZone } : {}),
		});
	}
	return groups;
}

async function runActiveEntities(ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> {
	const records = dataRecords(await adsRequest(ctx, item.request, policy));
	if (ctx.getNodeParameter('activeOutput', item.itemIndex, 'entities') !== 'grouped') return records;
	return await groupActive(ctx, item, records, policy);
}

/** Reach for any number of IDs: X takes 20 per request; the records come back in order. */
function runReach(idsWire: string) {
	return async (ctx: IExecuteFunctions, item: CheckedItem, policy: RetryPolicy): Promise<IDataObject[]> => {
		const ids = [...new Set(item.values[idsWire] as string[])];
		const out: IDataObject[] = [];
		for (const group of chunk(ids, ANALYTICS_LIMITS.entityIds)) {
			out.push(...dataRecords(await adsRequest(ctx, { ...item.request, qs: { ...item.request.qs, [idsWire]: group.join(',') } }, policy)));
		}
		return out;
	};
}

const reachEndpoint = (operation: string, name: string, path: string, wire: string, label: string, what: string): Endpoint => ({
	operation,
	name,
	action: `Get reach and frequency of ${what}`,
	description: `Total audience reach and average frequency of ${what} in a window of whole hours`,
	method: 'GET',
	path,
	docs: `${DOCS}#get-stats-accounts-account-id-reach-${path.split('/').pop()!.replace(/_/g, '-')}`,
	fields: [
		accountField,
		{ wire, label, type: 'list', required: true, description: 'Comma-separated IDs, as many as needed (X takes 20 per request; the node sends them 20 at a time)', rules: ADS_ID },
		{ ...startField(''), description: 'A whole hour; a time without a zone is read as UTC' },
		{ ...endField, description: 'Exclusive, a whole hour; a time without a zone is read as UTC' },
	],
	check: (values, { fail }) => checkTimeOrder(values, fail),
	run: runReach(wire),
});

export const analyticsResource: Resource = {
	name: 'Analytics',
	value: 'analytics',
	description: 'Metrics of campaigns, line items, promoted posts and more: stats, reports, active entities, reach',
	endpoints: [
		{
			operation: 'getStats',
			name: 'Get Stats',
			action: 'Get stats of ads entities',
			description: 'Metrics (impressions, clicks, spend, conversions, ...) of entities per hour, day or in total, returned at once. Any number of IDs and any window: split into requests of 20 IDs and 7 days and merged.',
			method: 'GET',
			path: '/stats/accounts/{account_id}',
			docs: `${DOCS}#get-stats-accounts-account-id`,
			fields: [accountField, entityField, entityIdsField, startField('Windows longer than 7 days are split into 7-day requests and merged.'), endField, granularityField, metricGroupsField, placementField],
			extraProperties: [outputProperty],
			simplify: simplify.statsRows,
			check: (values, { fail }) => checkStats(values, fail),
			extrasAfterFields: true,
			run: runStats,
		},
		{
			operation: 'report',
			name: 'Run Report',
			action: 'Run an asynchronous stats report',
			description: 'Metrics over long windows (up to 90 days per job, 45 segmented) and by segment, through X\'s report jobs: creates the jobs, waits for them, downloads and unpacks the results. Or only creates the jobs.',
			method: 'POST',
			path: '/stats/jobs/accounts/{account_id}',
			docs: `${DOCS}#asynchronous-analytics`,
			fields: [
				accountField,
				entityField,
				entityIdsField,
				startField('Windows longer than a job allows (90 days, 45 segmented) are split into jobs and merged.'),
				endField,
				granularityField,
				metricGroupsField,
				placementField,
				{ wire: 'segmentation_type', label: 'Segmentation Type', type: 'options', options: SEGMENTATION_TYPES, description: 'Break the metrics out by AGE, GENDER, METROS (needs Country), PLATFORMS or CONVERSION_TAGS (web conversions only)' },
				{ wire: 'country', label: 'Country', type: 'string', placeholder: 'e.g. 96683cc9126741d1', description: 'The country\'s targeting location key (96683cc9126741d1 is the United States); required with METROS', rules: { pattern: /^[a-z0-9]{1,32}$/, patternRule: 'a targeting location key of letters and digits' } },
			],
			extraProperties: [
				{
					displayName: 'Mode',
					name: 'reportMode',
					type: 'options',
					options: [
						{ name: 'Wait for Results', value: 'wait', description: 'Create the jobs, wait for them, and output their results' },
						{ name: 'Create Jobs Only', value: 'createOnly', description: 'Output the created jobs (their IDs) at once; read them later with Get Report Jobs' },
					],
					default: 'wait',
				},
				{ ...outputProperty, displayOptions: { show: { reportMode: ['wait'] } } },
				pollingProperty,
			],
			check: (values, { fail }) => {
				checkStats(values, fail);
				checkSegmentation(values, fail);
			},
			extrasAfterFields: true,
			run: runReport,
		},
		{
			operation: 'getJobs',
			name: 'Get Report Jobs',
			action: 'Get report jobs',
			description: 'The status of report jobs (QUEUED, PROCESSING, SUCCESS, FAILED); optionally the results of the finished ones, downloaded and unpacked',
			method: 'GET',
			path: '/stats/jobs/accounts/{account_id}',
			docs: `${DOCS}#asynchronous-analytics`,
			fields: [accountField, { wire: 'job_ids', label: 'Job IDs', type: 'list', description: 'Comma-separated job IDs (id_str), as many as needed (200 per request); empty for the account\'s recent jobs', rules: { pattern: /^\d{1,20}$/, patternRule: 'a numeric job ID' } }],
			extraProperties: [
				{
					displayName: 'Output',
					name: 'jobOutput',
					type: 'options',
					options: [
						{ name: 'Jobs', value: 'jobs', description: 'One item per job: its status, URL and parameters' },
						{ name: 'Rows', value: 'rows', description: 'The results of finished jobs as rows (one per entity, segment and time bucket); unfinished jobs as they are' },
						{ name: 'X\'s Answer', value: 'nested', description: 'The results of finished jobs as X wrote them; unfinished jobs as they are' },
					],
					default: 'jobs',
				},
			],
			run: runGetJobs,
		},
		{
			operation: 'getActiveEntities',
			name: 'Get Active Entities',
			action: 'Get entities with activity',
			description: 'Which entities had metrics change in a window (up to 90 days), to request stats for those only; optionally grouped per placement with the window to ask for, as X recommends',
			method: 'GET',
			path: '/stats/accounts/{account_id}/active_entities',
			docs: `${DOCS}#get-stats-accounts-account-id-active-entities`,
			fields: [
				accountField,
				{ wire: 'entity', label: 'Entity', type: 'options', required: true, options: ACTIVE_ENTITY_TYPES, default: 'LINE_ITEM' },
				{ ...startField(''), description: 'A whole hour; a time without a zone is read as UTC' },
				{ ...endField, description: 'Exclusive, a whole hour, at most 90 days after Start Time' },
				idListField('campaign_ids', 'Campaign IDs'),
				idListField('funding_instrument_ids', 'Funding Instrument IDs'),
				idListField('line_item_ids', 'Line Item IDs'),
			],
			extraProperties: [
				{
					displayName: 'Output',
					name: 'activeOutput',
					type: 'options',
					options: [
						{ name: 'Entities', value: 'entities', description: 'One item per entity, as X answers: its ID, activity window and placements' },
						{ name: 'Grouped for Stats', value: 'grouped', description: 'One item per placement (ALL_ON_TWITTER, SPOTLIGHT, TREND) with the entity IDs and the window to request stats for' },
					],
					default: 'entities',
				},
				{
					displayName: 'Round Window To',
					name: 'groupRounding',
					type: 'options',
					options: [
						{ name: 'Days (Account Time Zone)', value: 'day', description: 'Midnights of the account\'s time zone: fits DAY granularity' },
						{ name: 'Hours', value: 'hour', description: 'Whole hours: fits HOUR and TOTAL granularity' },
					],
					default: 'day',
					displayOptions: { show: { activeOutput: ['grouped'] } },
				},
			],
			check: (values, { fail }) => {
				checkTimeOrder(values, fail);
				const span = Date.parse(String(values.end_time)) - Date.parse(String(values.start_time));
				if (span > ANALYTICS_LIMITS.activeEntitiesWindowMs) fail('End Time (end_time)', `must be at most 90 days after Start Time (start_time), X's limit (got ${Math.round(span / 3_600_000)} hours)`);
				const filters = ['campaign_ids', 'funding_instrument_ids', 'line_item_ids'].filter((w) => values[w] !== undefined);
				if (filters.length > 1) fail('Campaign IDs, Funding Instrument IDs, Line Item IDs', `exclude each other: give one of them (got ${filters.join(' and ')})`);
			},
			extrasAfterFields: true,
			run: runActiveEntities,
		},
		reachEndpoint('getCampaignReach', 'Get Campaign Reach', '/stats/accounts/{account_id}/reach/campaigns', 'campaign_ids', 'Campaign IDs', 'campaigns'),
		reachEndpoint('getFundingInstrumentReach', 'Get Funding Instrument Reach', '/stats/accounts/{account_id}/reach/funding_instruments', 'funding_instrument_ids', 'Funding Instrument IDs', 'funding instruments'),
	],
};
