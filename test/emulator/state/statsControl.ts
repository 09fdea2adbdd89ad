/**
 * Control accessors for analytics and conversions: fixtures, more entities, the job clock (how long
 * jobs queue and process, when files expire), the concurrent-job limit, job faults, and what was
 * received (jobs, file downloads, conversions).
 */
import type { AdsEnvironment, Store } from '../store';
import { type JobFault, jobStatus, seedStatsEntities, statsFixtures, statsState, type StatsFixtures } from './stats';

export interface StatsControl {
	/** Entities, pixel and events of users[0]'s first account of the environment (production by default). */
	statsFixtures(environment?: AdsEnvironment): StatsFixtures;
	/** Adds `count` entities of a type to an account (they have metrics and activity); returns their ids. */
	seedStatsEntities(accountId: string, entity: string, count: number, environment?: AdsEnvironment): string[];
	/** How long new jobs stay QUEUED, then PROCESSING (emulator clock, see advanceClock), and how long their files are served (default 0, 0, 2 days). */
	setStatsJobTiming(timing: { queuedMs?: number; processingMs?: number; expiresMs?: number }): void;
	/** Lets ms of X's processing time pass for every job created so far (the API clock stays, so signatures stay valid). */
	advanceStatsJobs(ms: number): void;
	/** Jobs an account may have queued or processing at once (default 100, X's limit). */
	setStatsJobLimit(limit: number): void;
	/** Another client holds `slots` of the account's concurrent jobs, freed after `afterMs` or after `afterRefusals` refused creations (never when neither). */
	holdStatsJobSlots(accountId: string, slots: number, release?: { afterMs?: number; afterRefusals?: number }): void;
	/** The next jobs created end this way, one fault each: FAILED; NO_URL (SUCCESS without a URL for two checks); EXPIRED (its file expires as it finishes); GONE (its file answers 404 once); SAME_ID (the first creation after a job of the account is answered with that job, and creates none). */
	injectStatsJobFaults(faults: JobFault[]): void;
	/** Job URLs point at this base (`<base>/ton/advertiser-api-async-analytics/stats_job_<id>.json.gz`), such as a hostile file host of a test; undefined: this server. */
	setStatsFileHost(base: string | undefined): void;
	/** Every job created, with its status now. */
	statsJobs(): Array<{ id: string; accountId: string; status: string; createdAt: number; params: StatsJobParams }>;
	/** Most jobs of one account queued or processing at once. */
	statsPeakProcessing(): number;
	/** Requests for job files: path, whether they carried an Authorization header, status. */
	statsFileRequests(): Array<{ path: string; authorization: boolean; userAgent?: string; status: number }>;
	/** Conversions received for a pixel, in order, as sent. */
	conversionsReceived(pixelId: string): Array<Record<string, unknown>>;
	/** Events an account may send per window (default 60,000 per 15 minutes). */
	setConversionLimit(limit: { events: number; windowMs: number }): void;
}

type StatsJobParams = ReturnType<typeof statsState>['jobs'] extends Map<string, infer J> ? (J extends { params: infer P } ? P : never) : never;

export function createStatsControl(store: () => Store): StatsControl {
	const primary = (env: AdsEnvironment) => store().ads[env].byUser.get(store().users[0].userId)!.find((r) => !r.account.deleted)!.account.id;
	return {
		statsFixtures(environment = 'production') {
			statsState(store());
			return statsFixtures(store(), environment, primary(environment));
		},
		seedStatsEntities(accountId, entity, count, environment = 'production') {
			return seedStatsEntities(store(), accountId, entity, count, environment);
		},
		setStatsJobTiming(timing) {
			Object.assign(statsState(store()).timing, timing);
		},
		advanceStatsJobs(ms) {
			for (const job of statsState(store()).jobs.values()) job.createdAt -= ms;
		},
		setStatsJobLimit(limit) {
			if (!Number.isInteger(limit) || limit < 1) throw new Error('limit must be a whole number of at least 1');
			statsState(store()).concurrentLimit = limit;
		},
		holdStatsJobSlots(accountId, slots, release = {}) {
			if (!Number.isInteger(slots) || slots < 1) throw new Error('slots must be a whole number of at least 1');
			const now = Date.now() + store().clockOffsetMs;
			statsState(store()).otherClients.set(accountId, {
				slots,
				...(release.afterMs !== undefined ? { untilMs: now + release.afterMs } : {}),
				...(release.afterRefusals !== undefined ? { refusals: release.afterRefusals } : {}),
			});
		},
		injectStatsJobFaults(faults) {
			statsState(store()).faults.push(...faults);
		},
		setStatsFileHost(base) {
			statsState(store()).fileHost = base?.replace(/\/+$/, '');
		},
		statsJobs() {
			const now = Date.now() + store().clockOffsetMs;
			return [...statsState(store()).jobs.values()].map((j) => ({ id: j.idStr, accountId: j.accountId, status: jobStatus(j, now), createdAt: j.createdAt, params: structuredClone(j.params) }));
		},
		statsPeakProcessing() {
			return statsState(store()).peakProcessing;
		},
		statsFileRequests() {
			return statsState(store()).fileRequests.map((r) => ({ ...r }));
		},
		conversionsReceived(pixelId) {
			return structuredClone(statsState(store()).conversions.get(pixelId) ?? []);
		},
		setConversionLimit(limit) {
			statsState(store()).conversionLimit = { ...limit };
		},
	};
}

/** HTTP control routes of this family (path after /_emulator); null when the route is not one of them. */
export function handleStatsControl(control: StatsControl, route: string, input: Record<string, unknown>): unknown | null {
	switch (route) {
		case 'GET /stats/fixtures':
			return control.statsFixtures();
		case 'POST /stats/entities':
			return control.seedStatsEntities(String(input.accountId), String(input.entity), Number(input.count));
		case 'POST /stats/timing':
			control.setStatsJobTiming(input as { queuedMs?: number; processingMs?: number; expiresMs?: number });
			return { ok: true };
		case 'POST /stats/job-limit':
			control.setStatsJobLimit(Number(input.limit));
			return { ok: true };
		case 'POST /stats/held-slots':
			control.holdStatsJobSlots(String(input.accountId), Number(input.slots), {
				...(input.afterMs !== undefined ? { afterMs: Number(input.afterMs) } : {}),
				...(input.afterRefusals !== undefined ? { afterRefusals: Number(input.afterRefusals) } : {}),
			});
			return { ok: true };
		case 'POST /stats/faults':
			control.injectStatsJobFaults((input.faults as JobFault[]) ?? []);
			return { ok: true };
		case 'POST /stats/file-host':
			control.setStatsFileHost(input.base === undefined ? undefined : String(input.base));
			return { ok: true };
		case 'GET /stats/jobs':
			return control.statsJobs();
	}
	const m = /^GET \/conversions\/([^/]+)$/.exec(route);
	if (m) return control.conversionsReceived(decodeURIComponent(m[1]));
	return null;
}
