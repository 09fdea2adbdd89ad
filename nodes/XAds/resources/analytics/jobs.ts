/**
 * Asynchronous analytics jobs (https://docs.x.com/x-ads-api/analytics#asynchronous-analytics):
 * create them within the account's concurrent-job limit, check on all of them with one status
 * request (up to 200 IDs), waiting longer between checks the longer they take, download each
 * finished job's gzip file (unsigned, from X's file host) and unpack it. A job that FAILED, or
 * whose file expired, is created again; a SUCCESS without a URL is checked again.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { gunzipPieces, isGzip, UnpackLimitError } from '../../../shared/transport/gzip';
import type { MemoryBudget } from '../../../shared/transport/jsonReader';
import { exactId, JsonLimitError, JsonReader } from '../../../shared/transport/jsonReader';
import type { RetryPolicy, XRequest } from '../../../shared/transport/transport';
import { MAX_BODY_BYTES, xDownload, xRequest } from '../../../shared/transport/transport';
import type { StatsAnswer } from './data';
import { ANALYTICS_LIMITS, chunk } from './data';

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

/**
 * Bounds on reading result files (a job holds at most 20 entities' series): each file's unpacked bytes, and
 * the memory its data takes once read, for all files of one report together (they are read 4 at
 * a time and kept until merged), so neither a gzip bomb nor a JSON bomb can take n8n down.
 */
export const RESULT_LIMITS = {
	unpackedBytes: 4 * MAX_BODY_BYTES,
	memoryBytes: 256 * 1024 * 1024,
	depth: 32,
	textChars: 65_536,
};
const DOWNLOADS_IN_FLIGHT = 4;
const CREATES_IN_FLIGHT = 4;

/** The job's exact ID: id_str, else the id as the reader kept it (X's id is a 64-bit number); an id that is not exact throws, naming it. */
export function jobId(job: IDataObject): string {
	return exactId(job) ?? 'undefined';
}

/** A job record with its exact ID in `id` too. */
export function exactJob(job: IDataObject): IDataObject {
	return { ...job, id: jobId(job) };
}

/** A count X sends in a header (X-Concurrent-Job-Limit, X-Concurrent-Job-Limit-Remaining): whole digits, or unknown. */
function headerCount(headers: Record<string, string>, name: string): number | undefined {
	const value = headers[name];
	return value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value) : undefined;
}
const remainingOf = (headers: Record<string, string>) => headerCount(headers, 'x-concurrent-job-limit-remaining');

/** X's refusal of a job creation because the account's concurrent-job slots are all taken (by anyone). */
function isTooManyJobs(error: unknown): boolean {
	return (error as { context?: IDataObject } | undefined)?.context?.xCode === 'TOO_MANY_JOBS';
}

/** A memory budget for the result files of one report (RESULT_LIMITS.memoryBytes). */
export const resultBudget = (): MemoryBudget => ({ used: 0, max: RESULT_LIMITS.memoryBytes });

/** The reader's value, or why the file is not JSON. */
function readEnd(reader: JsonReader, bytes: Buffer): StatsAnswer | undefined {
	let answer: unknown;
	try {
		answer = reader.end();
	} catch (error) {
		answer = error;
	}
	if (answer instanceof SyntaxError) throw new Error(`the file is not JSON: ${answer.message} (${describeFile(bytes)})`);
	if (answer instanceof Error) throw answer;
	return answer as StatsAnswer | undefined;
}

const describeFile = (bytes: Buffer) => `${bytes.length} bytes${isGzip(bytes) ? ', gzip' : ''}`;

/**
 * Reads a job result file, gzip (X's format) or, where a host already unpacked it, the JSON
 * itself: unpacked, decoded and parsed piece by piece as it comes, within RESULT_LIMITS.
 */
export async function readResultFile(bytes: Buffer, budget: MemoryBudget): Promise<StatsAnswer> {
	const reader = new JsonReader({ maxDepth: RESULT_LIMITS.depth, maxTextChars: RESULT_LIMITS.textChars, budget });
	const decoder = new TextDecoder('utf-8', { fatal: true });
	const feed = (piece?: Uint8Array) => {
		let text: string | undefined;
		try {
			text = decoder.decode(piece, { stream: piece !== undefined });
		} catch {
			text = undefined;
		}
		if (text === undefined) throw new Error('the file is not UTF-8 text');
		reader.write(text);
	};
	if (isGzip(bytes)) await gunzipPieces(bytes, RESULT_LIMITS.unpackedBytes, feed);
	else for (let at = 0; at < bytes.length; at += 65_536) feed(bytes.subarray(at, at + 65_536));
	feed();
	const answer = readEnd(reader, bytes);
	if (!answer || typeof answer !== 'object' || !Array.isArray(answer.data)) {
		throw new Error(`the file is not X's stats answer (${describeFile(bytes)})`);
	}
	return answer;
}

/** Downloads and unpacks one job's file; 'expired' when X's file host no longer has it. */
export async function downloadResult(
	ctx: IExecuteFunctions,
	job: IDataObject,
	policy: RetryPolicy,
	itemIndex: number,
	budget: MemoryBudget,
): Promise<StatsAnswer | 'expired'> {
	const download = await xDownload(ctx, String(job.url), policy, itemIndex);
	if ([403, 404, 410].includes(download.status)) return 'expired';
	if (download.status >= 300) {
		throw new NodeOperationError(ctx.getNode(), `X's file host answered ${download.status} for the result of job ${jobId(job)}`, { itemIndex });
	}
	const read = await readResultFile(download.bytes, budget).catch((error: Error) => error);
	if (!(read instanceof Error)) return read;
	const limit = read instanceof JsonLimitError || read instanceof UnpackLimitError;
	throw new NodeOperationError(ctx.getNode(), `The result of job ${jobId(job)} cannot be read: ${read.message}`, {
		itemIndex,
		description: limit
			? 'A report is read within fixed bounds (see Reliability in the README). Ask for less per item: fewer entity IDs, a shorter window, DAY instead of HOUR; or create the jobs only and read them with Get Report Jobs a few at a time.'
			: undefined,
	});
}

/** A wait as a person says it: 30 seconds, 1 minute, 90 minutes. */
export function duration(ms: number): string {
	if (ms < 60_000) {
		const seconds = Math.round(ms / 100) / 10;
		return `${seconds} second${seconds === 1 ? '' : 's'}`;
	}
	const minutes = Math.round(ms / 6_000) / 10;
	return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A job query or record in a few words, for messages. */
function describeQuery(fields: IDataObject): string {
	const ids = Array.isArray(fields.entity_ids) ? fields.entity_ids.join(',') : String(fields.entity_ids);
	return `entity_ids ${ids}, ${String(fields.start_time)} to ${String(fields.end_time)}`;
}

/** Whether X's job record is for the query's entities and window (fields X leaves out are not held against it). */
function answersQuery(job: IDataObject, query: IDataObject): boolean {
	const sorted = (ids: unknown[]) => ids.map(String).sort().join(',');
	if (Array.isArray(job.entity_ids) && sorted(job.entity_ids) !== sorted(String(query.entity_ids).split(','))) return false;
	return (['start_time', 'end_time'] as const).every((f) => typeof job[f] !== 'string' || Date.parse(job[f] as string) === Date.parse(String(query[f])));
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
	return await new JobRun(ctx, base, queries, policy, wait, options).run();
}

/** One run of report jobs: what is still to create, what X is processing, what was answered. */
class JobRun {
	private readonly itemIndex: number;
	private readonly counts: JobCounts;
	private readonly answers: StatsAnswer[];
	private readonly created: IDataObject[];
	private readonly attempts: number[];
	private readonly todo: number[];
	private readonly active = new Map<string, Active>();
	private remaining: number | undefined;
	private done = 0;
	private readonly started = Date.now();
	private lastPoll = this.started;
	private readonly noUrlSeen = new Set<string>();
	/** Every job ID X gave this run, with the query it answers: one ID never answers two queries. */
	private readonly owners = new Map<string, number>();
	private readonly budget = resultBudget();
	/** X's slot count for the account (its header) and how many creations X refused for want of a slot. */
	private slotLimit: number | undefined;
	private refusals = 0;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly base: XRequest,
		private readonly queries: IDataObject[],
		private readonly policy: RetryPolicy,
		private readonly wait: WaitOptions,
		private readonly options: { createOnly?: boolean; counts?: JobCounts },
	) {
		this.itemIndex = base.itemIndex ?? 0;
		this.counts = options.counts ?? { created: 0, polls: 0, downloads: 0 };
		this.answers = new Array(queries.length);
		this.created = new Array(queries.length);
		this.attempts = new Array<number>(queries.length).fill(0);
		this.todo = queries.map((_, i) => i);
	}

	async run(): Promise<{ answers: StatsAnswer[]; jobs: IDataObject[] }> {
		const { active, todo, options, wait } = this;
		while (this.done < this.queries.length) {
			await this.startWhatFits();
			if (options.createOnly && !todo.length) break;
			if (!active.size) {
				if (!todo.length) break;
				// X says the account has no slot free, for jobs that are not ours: wait for one.
				this.remaining = undefined;
			}
			if (Date.now() - this.started > wait.maxWaitMs) throw this.timedOut();
			// The longer the jobs take, the longer the pause (half the time waited so far), so checks stay few.
			const pause = Math.min(wait.maxPollMs, Math.max(wait.firstPollMs, (Date.now() - this.started) / 2) - (Date.now() - this.lastPoll));
			if (pause > 0) await sleep(pause);
			this.lastPoll = Date.now();
			if (!active.size) continue;
			const finished = await this.poll();
			if (options.createOnly) {
				// Only slots are waited for: a finished job is done with.
				for (const entry of finished) {
					active.delete(jobId(entry.job));
					this.done++;
				}
				continue;
			}
			await this.download(finished);
		}
		return { answers: this.answers, jobs: this.created };
	}

	/** Start what the limit allows: X's remaining count for the account, at most 100 of ours. */
	private async startWhatFits(): Promise<void> {
		for (;;) {
			// Until X's header has told how many slots are free, one job at a time.
			const free = Math.min(ANALYTICS_LIMITS.concurrentJobs - this.active.size, this.remaining ?? 1, CREATES_IN_FLIGHT, this.todo.length);
			if (free <= 0) break;
			const told = await Promise.all(this.todo.splice(0, free).map(async (spec) => await this.create(spec)));
			// Each answer counts the jobs processing when it was made: the smallest is the latest.
			const known = told.filter((n): n is number => n !== undefined);
			this.remaining = known.length ? Math.min(...known) : this.remaining === undefined ? undefined : this.remaining - free;
		}
	}

	private recreate(spec: number, id: string, why: string): void {
		if (this.attempts[spec] > this.wait.recreate) {
			throw new NodeOperationError(this.ctx.getNode(), `X's report job ${id} ${why}, also after ${this.attempts[spec]} attempts`, {
				itemIndex: this.itemIndex,
				description: `Job parameters: ${JSON.stringify(this.queries[spec])}`,
			});
		}
		this.ctx.logger.warn(`X: report job ${id} ${why}; creating it again (attempt ${this.attempts[spec] + 1})`);
		this.todo.unshift(spec);
	}

	private again(entry: Active, why: string): void {
		this.active.delete(jobId(entry.job));
		this.recreate(entry.spec, jobId(entry.job), why);
	}

	private async create(spec: number): Promise<number | undefined> {
		const { ctx, queries, itemIndex } = this;
		this.attempts[spec]++;
		// Creating a job twice is harmless (the same numbers), so a lost answer may be sent again.
		const response = await xRequest(ctx, { ...this.base, method: 'POST', qs: queries[spec], idempotent: true }, this.policy).catch((error: unknown) => {
			if (!isTooManyJobs(error)) throw error;
			return undefined;
		});
		if (!response) {
			// Every slot is taken, by our jobs or another client's (a workflow, X's UI, a connector): wait for one.
			this.attempts[spec]--;
			this.refusals++;
			this.todo.unshift(spec);
			ctx.logger.info(`X: no report job slot free for the account (TOO_MANY_JOBS; ${this.active.size} of ours processing${this.slotLimit !== undefined ? `, X's limit ${this.slotLimit}` : ''}); waiting for one`);
			return 0;
		}
		this.slotLimit = headerCount(response.headers, 'x-concurrent-job-limit') ?? this.slotLimit;
		this.counts.created++;
		const job = ((response.body as IDataObject)?.data ?? {}) as IDataObject;
		const id = jobId(job);
		if (!/^\d{1,20}$/.test(id)) {
			throw new NodeOperationError(ctx.getNode(), `X's answer to a report job creation has no job ID (id_str: ${JSON.stringify(job.id_str)}, id: ${JSON.stringify(job.id)})`, { itemIndex });
		}
		const owner = this.owners.get(id);
		if (owner !== undefined && owner !== spec) {
			// Its file answers the other query: this one needs a job of its own, or its rows would be the other's.
			this.recreate(spec, id, `was X's answer to two different creations (this run already has it for ${describeQuery(queries[owner])})`);
		} else if (!answersQuery(job, queries[spec])) {
			this.recreate(spec, id, `is for other parameters than were sent (${describeQuery(job)} for ${describeQuery(queries[spec])})`);
		} else {
			this.owners.set(id, spec);
			this.created[spec] = exactJob(job);
			this.active.set(id, { spec, job, attempts: this.attempts[spec] });
		}
		return remainingOf(response.headers);
	}

	private timedOut(): NodeOperationError {
		const { active, todo, refusals, slotLimit, wait } = this;
		const open = [...active.values()].map((a) => `${jobId(a.job)} (${String(a.job.status)})`);
		const slots =
			refusals && todo.length
				? ` ${todo.length} job(s) were never created: X refused ${refusals} creation(s) with TOO_MANY_JOBS, every concurrent-job slot of the account taken${slotLimit !== undefined ? ` (X's limit: ${slotLimit})` : ''}, ${active.size} by this report and ${active.size ? 'the rest' : 'all'} by other clients (another workflow, X Ads Manager, a connector). Let their jobs finish or run this report when they do, or raise Max Wait.`
				: '';
		return new NodeOperationError(this.ctx.getNode(), `X's report jobs did not finish within ${duration(wait.maxWaitMs)}`, {
			itemIndex: this.itemIndex,
			description: `Still open: ${open.join(', ') || 'none of ours (the account had no job slot free)'}. Read them later with Analytics > Get Report Jobs, or raise Max Wait.${slots}`,
		});
	}

	/** Asks X for the status of every job of ours; returns those with a file to download. */
	private async poll(): Promise<Active[]> {
		const { ctx, active } = this;
		const finished: Active[] = [];
		for (const ids of chunk([...active.keys()], ANALYTICS_LIMITS.jobsPerPoll)) {
			const response = await xRequest(ctx, { ...this.base, method: 'GET', qs: { job_ids: ids.join(',') } }, this.policy);
			this.counts.polls++;
			this.remaining = remainingOf(response.headers) ?? this.remaining;
			for (const job of (((response.body as IDataObject)?.data ?? []) as IDataObject[])) {
				const entry = active.get(jobId(job));
				if (!entry) continue;
				entry.job = job;
				const status = String(job.status);
				if (status === 'SUCCESS' && job.url) finished.push(entry);
				else if (status === 'SUCCESS' && !this.noUrlSeen.has(jobId(job))) {
					this.noUrlSeen.add(jobId(job));
					ctx.logger.warn(`X: report job ${jobId(job)} succeeded without a download URL yet; checking again`);
				} else if (status === 'FAILED') this.again(entry, 'FAILED');
				else if (status === 'CANCELLED') {
					throw new NodeOperationError(ctx.getNode(), `X's report job ${jobId(job)} was cancelled`, { itemIndex: this.itemIndex });
				}
			}
		}
		return finished;
	}

	private async download(finished: Active[]): Promise<void> {
		await Promise.all(
			chunk(finished, Math.ceil(finished.length / DOWNLOADS_IN_FLIGHT) || 1).map(async (group) => {
				for (const entry of group) {
					if (isExpired(entry.job, Date.now())) {
						this.again(entry, 'expired before its file was downloaded');
						continue;
					}
					this.counts.downloads++;
					const answer = await downloadResult(this.ctx, entry.job, this.policy, this.itemIndex, this.budget);
					if (answer === 'expired') {
						this.again(entry, 'has a file X no longer serves (expired)');
						continue;
					}
					this.active.delete(jobId(entry.job));
					this.answers[entry.spec] = answer;
					this.done++;
				}
			}),
		);
	}
}
