/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Part "queue": the X Trigger in n8n's queue mode. Runs the real-n8n case 210 (test/e2e, `--queue`:
 * PostgreSQL, Redis, main, 2 workers, 2 webhook processes) `runs` times and reads the figures each
 * run writes to .cache/e2e-logs/queue-dedupe.json: one signed event delivered 20 times across the
 * two webhook processes, one after another (250 ms apart, and each sent the instant the previous
 * one was answered) and all at once.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT } from '../test/e2e/n8n';

interface Executions {
	executions: number;
	extra: number;
}

export interface QueueRun {
	measuredAt: string;
	webhookProcesses: number;
	deliveries: number;
	oneAfterAnother: Executions;
	oneAfterAnother250ms: Executions;
	allAtOnce: Executions;
}

const FIGURES = path.join(REPO_ROOT, '.cache', 'e2e-logs', 'queue-dedupe.json');

/** Case 210 in queue mode, `runs` times (the package is built already); each run's figures. */
export function benchQueue(runs: number, log: (line: string) => void): QueueRun[] {
	const results: QueueRun[] = [];
	for (let i = 0; i < runs; i++) {
		fs.rmSync(FIGURES, { force: true });
		const r = spawnSync('npx', ['ts-node', '--transpile-only', 'test/e2e/run.ts', '--queue', '--no-provision', '210-'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 });
		if (r.status !== 0 || !fs.existsSync(FIGURES)) throw new Error(`queue-mode case 210 failed (run ${i + 1}, exit ${String(r.status)}): ${`${r.stdout}${r.stderr}`.slice(-2000)}`);
		results.push(JSON.parse(fs.readFileSync(FIGURES, 'utf8')) as QueueRun);
		log(`queue run ${i + 1}: ${JSON.stringify({ a: results[i].oneAfterAnother250ms.executions, b: results[i].oneAfterAnother.executions, c: results[i].allAtOnce.executions })}`);
	}
	return results;
}

export function renderQueue(runs: QueueRun[], n8nVersion: string): string[] {
	const first = runs[0];
	const row = (label: string, pick: (r: QueueRun) => Executions) => {
		const extra = [...new Set(runs.map((r) => pick(r).extra))].sort((a, b) => a - b);
		return `| ${label} | ${runs.map((r) => pick(r).executions).join(', ')} | ${extra.join(' or ')} |`;
	};
	return [
		`## 8. X Trigger in queue mode: one event, ${first.deliveries} deliveries across ${first.webhookProcesses} webhook processes`,
		'',
		`\`bench/run.ts --only queue\` (bench/queue.ts) runs the real-n8n case 210 in queue mode ${runs.length === 1 ? 'once' : `${runs.length} times`} (\`npm run test:e2e -- --queue 210\`, figures from \`.cache/e2e-logs/queue-dedupe.json\`): n8n ${n8nVersion}`,
		`main + 2 workers + ${first.webhookProcesses} webhook processes on PostgreSQL and Redis; one signed event POSTed ${first.deliveries} times to the webhook processes' ports in turn, after each process had received one other event.`,
		'',
		`| deliveries | executions (${runs.length} run${runs.length === 1 ? '' : 's'}) | extra |`,
		'| --- | ---: | ---: |',
		row('one after another, 250 ms apart', (r) => r.oneAfterAnother250ms),
		row('one after another, each sent the instant the previous one was answered', (r) => r.oneAfterAnother),
		row(`all ${first.deliveries} at once`, (r) => r.allAtOnce),
		'',
		'The node takes in what static data holds on every delivery, so the other process drops the event',
		'once the first process\'s static data is saved. n8n saves it after webhook() returned, that is',
		'after the node answered X: the window that remains is those few milliseconds (a duplicate sent',
		'the instant the first was answered can beat the save), and copies that arrive together all read',
		'static data before any save (n8n gives a node no atomic store), each process running the event at',
		'most once. Letting n8n send the answer instead would not close the window in n8n 2.41.1: n8n then',
		'answers after queuing the execution, and its WorkflowRunner resets static data\'s changed flag on',
		'the way (a second Workflow on the same static data object), so nothing is saved at all (seen with',
		'n8n\'s code instrumented).',
		'',
	];
}
