/**
 * Asynchronous analytics jobs (https://docs.x.com/x-ads-api/analytics#asynchronous-analytics):
 * create them within the account's concurrent-job limit, check on all of them with one status
 * request (up to 200 IDs), waiting longer between checks the longer they take, download each
 * finished job's gzip file (unsigned, from X's file host) and unpack it. A job that FAILED, or
 * whose file expired, is created again; a SUCCESS without a URL is checked again.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { jsonParse, NodeOperationError, sleep } from 'n8n-workflow';

import { gunzip, isGzip } from '../shared/gzip';
import type { RetryPolicy, XRequest } from '../shared/transport';
import { MAX_BODY_BYTES, xDownload, xRequest } from '../shared/transport';
import type { StatsAnswer } from './analyticsData';
import { ANALYTICS_LIMITS, chunk } from './analyticsData';

export interface WaitOptions {
	/** First status check this long after the first job was created. */
	firstPollMs: number;
	/** Longest pause between two checks. */
	maxPollMs: number;
	/** Longest wait in all before the run fails (naming the jobs that did not finish). */
	maxWaitMs: number;
	/** How often a FAILED or expired job is created again. */
	recreate: number;
}

export const DEFAULT_WAIT: WaitOptions = { firstPollMs: 2000, maxPollMs: 60_000, maxWaitMs: 60 * 60_000, recreate: 2 };

/** What the run cost: the figures a user and the benchmark compare with X's limits. */
export interface JobCounts {
	created: number;
	polls: number;
	downloads: number;
}

/** An unpacked file is bounded too (8 times the largest answer read). */
const MAX_UNPACKED_BYTES = 8 * MAX_BODY_BYTES;
const DOWNLOADS_IN_FLIGHT = 4;
const CREATES_IN_FLIGHT = 4;

/** The job's exact ID: id_str (X's id is a 64-bit number that JSON readers round). */
export function jobId(job: IDataObject): string {
	return String(job.id_str ?? job.id);
}

/** A job record with its exact ID in `id` too. */
export function exactJob(job: IDataObject): IDataObject {
	return { ...job, id: jobId(job) };
}

/** X's count of jobs the account may still start, from the job endpoints' X-Concurrent-Job-Limit-Remaining. */
function remainingOf(headers: Record<string, string>): number | undefined {
	const value = headers['x-concurrent-job-limit-remaining'];
	return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** Reads a job result file: gzip (X's format) or, where a host already unpacked it, the JSON itself. */
export async function readResultFile(bytes: Buffer): Promise<StatsAnswer> {
	const text = (isGzip(bytes) ? await gunzip(bytes, MAX_UNPACKED_BYTES) : bytes).toString('utf8');
	const answer = jsonParse<StatsAnswer | undefined>(text, { fallbackValue: undefined });
	if (!answer || typeof answer !== 'object' || !Array.isArray(answer.data)) {
		throw new Error(`the file is not X's stats answer (${bytes.length} bytes${isGzip(bytes) ? ', gzip' : ''})`);
	}
	return answer;
}

/** Downloads and unpacks one job's file; 'expired' when X's file host no longer has it. */
export async function downloadResult(ctx: IExecuteFunctions, job: IDataObject, policy: RetryPolicy, itemIndex: number): Promise<StatsAnswer | 'expired'> {
	const download = await xDownload(ctx, String(job.url), policy, itemIndex);
	if ([403, 404, 410].includes(download.status)) return 'expired';
	if (download.status >= 300) {
		throw new NodeOperationError(ctx.getNode(), `X's file host answered ${download.status} for the result of job ${jobId(job)}`, { itemIndex });
	}
	try {
		return await readResultFile(download.bytes);
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), `The result of job ${jobId(job)} cannot be read: ${(error as Error).message}`, { itemIndex });
	}
}

const isExpired = (job: IDataObject, now: number) => typeof job.expires_at === 'string' && Date.parse(job.expires_at) <= now;

interface Active {
	spec: number;
	job: IDataObject;
	attempts: number;
}

/**
 * Runs one job per query (X's POST parameters) and returns each job's answer in the same order,
 * or only the created jobs (createOnly). Never more jobs processing than X's header allows, and
 * never more than 100 of ours.
 */
export async function runJobs(
	ctx: IExecuteFunctions,
	base: XRequest,
	queries: IDataObject[],
	policy: RetryPolicy,
	wait: WaitOptions,
	options: { createOnly?: boolean; counts?: JobCounts } = {},
): Promise<{ answers: StatsAnswer[]; jobs: IDataObject[] }> {
	const itemIndex = base.itemIndex ?? 0;
	const counts = options.counts ?? { created: 0, polls: 0, downloads: 0 };
	const answers: StatsAnswer[] = new Array(queries.length);
	const created: IDataObject[] = new Array(queries.length);
	const attempts = new Array<number>(queries.length).fill(0);
	const todo = queries.map((_, i) => i);
	const active = new Map<string, Active>();
	let remaining: number | undefined;
	let done = 0;
	const started = Date.now();
	let lastPoll = started;
	const noUrlSeen = new Set<string>();

	const create = async (spec: number): Promise<number | undefined> => {
		attempts[spec]++;
		// Creating a job twice is harmless (the same numbers), so a lost answer may be sent again.
		const response = await xRequest(ctx, { ...base, method: 'POST', qs: queries[spec], idempotent: true }, policy);
		counts.created++;
		const job = ((response.body as IDataObject)?.data ?? {}) as IDataObject;
		created[spec] = exactJob(job);
		active.set(jobId(job), { spec, job, attempts: attempts[spec] });
		return remainingOf(response.headers);
	};
	const again = (entry: Active, why: string) => {
		active.delete(jobId(entry.job));
		if (attempts[entry.spec] > wait.recreate) {
			throw new NodeOperationError(ctx.getNode(), `X's report job ${jobId(entry.job)} ${why}, also after ${attempts[entry.spec]} attempts`, {
				itemIndex,
				description: `Job parameters: ${JSON.stringify(queries[entry.spec])}`,
			});
		}
		ctx.logger.warn(`X: report job ${jobId(entry.job)} ${why}; creating it again (attempt ${attempts[entry.spec] + 1})`);
		todo.unshift(entry.spec);
	};

	while (done < queries.length) {
		// Start what the limit allows: X's remaining count for the account, at most 100 of ours.
		for (;;) {
			// Until X's header has told how many slots are free, one job at a time.
			const free = Math.min(ANALYTICS_LIMITS.concurrentJobs - active.size, remaining ?? 1, CREATES_IN_FLIGHT, todo.length);
			if (free <= 0) break;
			const told = await Promise.all(todo.splice(0, free).map(create));
			// Each answer counts the jobs processing when it was made: the smallest is the latest.
			const known = told.filter((n): n is number => n !== undefined);
			remaining = known.length ? Math.min(...known) : remaining === undefined ? undefined : remaining - free;
		}
		if (options.createOnly && !todo.length) break;
		if (!active.size) {
			if (!todo.length) break;
			// X says the account has no slot free, for jobs that are not ours: wait for one.
			remaining = undefined;
		}
		const elapsed = Date.now() - started;
		if (elapsed > wait.maxWaitMs) {
			const open = [...active.values()].map((a) => `${jobId(a.job)} (${String(a.job.status)})`);
			throw new NodeOperationError(ctx.getNode(), `X's report jobs did not finish within ${Math.round(wait.maxWaitMs / 60_000)} minutes`, {
				itemIndex,
				description: `Still open: ${open.join(', ') || 'none of ours (the account had no job slot free)'}. Read them later with Analytics > Get Report Jobs, or raise Max Wait.`,
			});
		}
		// The longer the jobs take, the longer the pause (half the time waited so far), so checks stay few.
		const pause = Math.min(wait.maxPollMs, Math.max(wait.firstPollMs, (Date.now() - started) / 2) - (Date.now() - lastPoll));
		if (pause > 0) await sleep(pause);
		lastPoll = Date.now();
		if (!active.size) continue;

		const finished: Active[] = [];
		for (const ids of chunk([...active.keys()], ANALYTICS_LIMITS.jobsPerPoll)) {
			const response = await xRequest(ctx, { ...base, method: 'GET', qs: { job_ids: ids.join(',') } }, policy);
			counts.polls++;
			remaining = remainingOf(response.headers) ?? remaining;
			for (const job of (((response.body as IDataObject)?.data ?? []) as IDataObject[])) {
				const entry = active.get(jobId(job));
				if (!entry) continue;
				entry.job = job;
				const status = String(job.status);
				if (status === 'SUCCESS' && job.url) finished.push(entry);
				else if (status === 'SUCCESS' && !noUrlSeen.has(jobId(job))) {
					noUrlSeen.add(jobId(job));
					ctx.logger.warn(`X: report job ${jobId(job)} succeeded without a download URL yet; checking again`);
				} else if (status === 'FAILED') again(entry, 'FAILED');
				else if (status === 'CANCELLED') {
					throw new NodeOperationError(ctx.getNode(), `X's report job ${jobId(job)} was cancelled`, { itemIndex });
				}
			}
		}
		if (options.createOnly) {
			// Only slots are waited for: a finished job is done with.
			for (const entry of finished) {
				active.delete(jobId(entry.job));
				done++;
			}
			continue;
		}
		await Promise.all(
			chunk(finished, Math.ceil(finished.length / DOWNLOADS_IN_FLIGHT) || 1).map(async (group) => {
				for (const entry of group) {
					if (isExpired(entry.job, Date.now())) {
						again(entry, 'expired before its file was downloaded');
						continue;
					}
					counts.downloads++;
					const answer = await downloadResult(ctx, entry.job, policy, itemIndex);
					if (answer === 'expired') {
						again(entry, 'has a file X no longer serves (expired)');
						continue;
					}
					active.delete(jobId(entry.job));
					answers[entry.spec] = answer;
					done++;
				}
			}),
		);
	}
	return { answers, jobs: created };
}
