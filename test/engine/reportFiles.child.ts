/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * One report run through n8n's engine in a process of its own (test/engine/reportFiles.test.ts
 * starts it), so that a file that takes memory without bound fails this process, not jest, and
 * the memory the run takes is this process's own: the X emulator's jobs point at the file host
 * given (a hostile one), and the run's peak resident memory above the start is measured.
 *
 * Input (argv[2], JSON): { fileHost, entities } (20 entities a job). Output: one JSON line on
 * stdout: { error, description, rows, files, baseRssMiB, peakRssMiB, peakHeapMiB }.
 */
import Module from 'node:module';

import type * as Env from './env';

/**
 * Outside jest, `XAds.node` would resolve to the codex file XAds.node.json beside XAds.node.ts:
 * .ts goes before .json, then the engine environment is loaded.
 */
function loadEnv(): typeof Env {
	const extensions = (Module as unknown as { _extensions: Record<string, unknown> })._extensions;
	for (const ext of ['.json', '.node']) {
		const handler = extensions[ext];
		delete extensions[ext];
		extensions[ext] = handler;
	}
	return require('./env') as typeof Env;
}

const MIB = 1024 * 1024;

/** Run Report of these line items for one day (one job per 20), checking jobs every 20 ms. */
export function reportParameters(accountId: string, ids: string[]) {
	return {
		resource: 'analytics',
		operation: 'report',
		account: { __rl: true, mode: 'id', value: accountId },
		entity: 'LINE_ITEM',
		entityIds: ids.join(','),
		granularity: 'DAY',
		metricGroups: ['ENGAGEMENT'],
		placement: 'ALL_ON_TWITTER',
		startTime: '2026-02-01',
		endTime: '2026-02-02',
		waitOptions: { firstPoll: 0.02, maxPoll: 0.1, maxWait: 1 },
		requestOptions: { maxRetries: 0 },
	};
}

async function main(): Promise<void> {
	const input = JSON.parse(process.argv[2]) as { fileHost: string; entities: number };
	const env = await loadEnv().startXTestEnv();
	const control = env.emulator.control;
	const accountId = control.fixtures().production.accountId;
	control.setStatsFileHost(input.fileHost);
	const ids = control.seedStatsEntities(accountId, 'LINE_ITEM', input.entities);
	const parameters = reportParameters(accountId, ids);
	// A first run with X's own files warms everything up, so the figure is the hostile files' alone.
	control.setStatsFileHost(undefined);
	await env.ads(parameters);
	control.setStatsFileHost(input.fileHost || undefined);
	const base = process.memoryUsage().rss;
	const heapBase = process.memoryUsage().heapUsed;
	let peak = base;
	let heapPeak = heapBase;
	const sample = setInterval(() => {
		const now = process.memoryUsage();
		peak = Math.max(peak, now.rss);
		heapPeak = Math.max(heapPeak, now.heapUsed);
	}, 2);
	const result = await env.ads(parameters);
	clearInterval(sample);
	peak = Math.max(peak, process.memoryUsage().rss);
	const error = result.error as { message?: string; description?: string } | undefined;
	const line = {
		error: error?.message ?? null,
		description: error?.description ?? null,
		rows: error ? 0 : result.output().length,
		files: control.statsFileRequests().length,
		baseRssMiB: Math.round(base / MIB),
		peakRssMiB: Math.round((peak - base) / MIB),
		peakHeapMiB: Math.round((heapPeak - heapBase) / MIB),
	};
	process.stdout.write(`${JSON.stringify(line)}\n`);
	await env.close();
}

if (require.main === module) {
	main().then(
		() => process.exit(0),
		(error: unknown) => {
			process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
			process.exit(1);
		},
	);
}
