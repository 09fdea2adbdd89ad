/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Report result files from a hostile file host (test/hostile/server.ts), issue 24: gzip bombs
 * (break 4), JSON bombs (break 5), a redirect, a file cut off. The X emulator runs the jobs and
 * points their URLs at the hostile host (setStatsFileHost).
 *
 * The bombs run in a process of their own (reportFiles.child.ts, heap limited to 768 MiB) so a
 * file that takes memory without bound kills that process, not jest; the child measures its peak
 * resident memory above the start of the run, and the figures are asserted here.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { HostileServer } from '../hostile/server';
import { startHostile } from '../hostile/server';
import { engineSuite, suiteHelpers } from './env';
import { reportParameters } from './reportFiles.child';

const env = engineSuite();
const { fx } = suiteHelpers(env);
const control = () => env.emulator.control;
let hostile: HostileServer;
let target: HostileServer;

beforeAll(async () => {
	hostile = await startHostile();
	target = await startHostile();
});
afterAll(async () => {
	await hostile.close();
	await target.close();
});

const report = (entities: number) => reportParameters(fx().accountId, control().seedStatsEntities(fx().accountId, 'LINE_ITEM', entities));

interface ChildRun {
	exitCode: number | null;
	stderr: string;
	result?: { error: string | null; description: string | null; rows: number; files: number; peakRssMiB: number; peakHeapMiB: number };
}

/** One report run in a child process whose jobs' files come from the hostile scenario. */
function inChild(scenario: string, entities: number): Promise<ChildRun> {
	const child = spawn(
		process.execPath,
		['--max-old-space-size=768', '-r', 'ts-node/register/transpile-only', path.join(__dirname, 'reportFiles.child.ts'), JSON.stringify({ fileHost: `${hostile.url}/${scenario}`, entities })],
		{ cwd: path.join(__dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
	child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
	const killer = setTimeout(() => child.kill('SIGKILL'), 150_000);
	return new Promise((resolve) => {
		child.on('close', (exitCode) => {
			clearTimeout(killer);
			const line = stdout.split('\n').find((l) => l.startsWith('{'));
			resolve({ exitCode, stderr: stderr.slice(-2000), result: line ? JSON.parse(line) : undefined });
		});
	});
}

const BOUNDS_HINT = /^A report is read within fixed bounds/;

describe('Report result files: bombs, in a process of their own', () => {
	it('4 jobs whose gzip files unpack to 300 MiB each: refused at the 256 MiB cap, the run taking less than 256 MiB (break 4)', async () => {
		const run = await inChild('gzip-spaces/300', 80);
		expect(run.exitCode).toBe(0);
		expect(run.result?.error).toMatch(/^The result of job \d+ cannot be read: the file unpacks to more than 256 MiB$/);
		expect(run.result?.description).toMatch(BOUNDS_HINT);
		// Before: the files were unpacked whole, each twice over (+2.4 GB for 4 such files).
		expect(run.result!.peakRssMiB).toBeLessThan(256);
		process.stdout.write(`gzip bomb, 4 x 300 MiB: peak RSS +${run.result!.peakRssMiB} MiB, heap +${run.result!.peakHeapMiB} MiB\n`);
	}, 180_000);

	it('a file just under the cap is read, in bounded memory too (break 4)', async () => {
		const run = await inChild('gzip-spaces/250', 20);
		expect(run.exitCode).toBe(0);
		expect(run.result?.error).toBeNull();
		expect(run.result!.peakRssMiB).toBeLessThan(128);
		process.stdout.write(`gzip file of 250 MiB: peak RSS +${run.result!.peakRssMiB} MiB, heap +${run.result!.peakHeapMiB} MiB\n`);
	}, 180_000);

	it('a 200 MiB {"data":[{},{},...]} in 4 files: a clear error at 256 MiB of data, the process alive (break 5)', async () => {
		const run = await inChild('gzip-json-bomb/200', 80);
		// Before: JSON.parse needed more than 4 GiB and the process died of "heap out of memory".
		expect([run.exitCode, run.stderr.includes('heap out of memory')]).toEqual([0, false]);
		expect(run.result?.error).toMatch(/^The result of job \d+ cannot be read: the data needs more than 256 MiB of memory$/);
		expect(run.result?.description).toMatch(BOUNDS_HINT);
		expect(run.result!.peakHeapMiB).toBeLessThan(256 + 64);
		process.stdout.write(`JSON bomb, 4 x 200 MiB: peak RSS +${run.result!.peakRssMiB} MiB, heap +${run.result!.peakHeapMiB} MiB\n`);
	}, 180_000);
});

describe('Report result files: attack run (issue 24), in a process of their own', () => {
	it('4 files of one number of 200 million digits (200 KB gzip each): refused at the value bound at once, in bounded memory', async () => {
		const digits = Buffer.alloc(200 * 1024 * 1024, '7');
		hostile.files.set('digits', gzipSync(Buffer.concat([Buffer.from('{"data":[7'), digits, Buffer.from(']}')])));
		const started = Date.now();
		const run = await inChild('file/digits', 80);
		expect(run.exitCode).toBe(0);
		// Before: the digits were kept and scanned again for every piece (8 MiB: 2.6 s, growing with the square).
		expect(run.result?.error).toMatch(/^The result of job \d+ cannot be read: a value is longer than 65536 characters$/);
		expect(run.result!.peakRssMiB).toBeLessThan(128);
		process.stdout.write(`number of 200 MiB digits, 4 files: ${Date.now() - started} ms for the child, peak RSS +${run.result!.peakRssMiB} MiB, heap +${run.result!.peakHeapMiB} MiB\n`);
	}, 180_000);
});

describe('Report result files: nesting, cut-off files, redirects', () => {
	it('refuses a file nested 100,000 levels deep, naming the limit (break 5)', async () => {
		control().setStatsFileHost(`${hostile.url}/gzip-deep/100000`);
		const result = await env.ads(report(20));
		expect(result.error?.message).toMatch(/^The result of job \d+ cannot be read: the data nests deeper than 32 levels$/);
	});

	it('says a gzip file is cut off', async () => {
		control().setStatsFileHost(`${hostile.url}/gzip-cut`);
		const result = await env.ads(report(20));
		expect(result.error?.message).toMatch(/^The result of job \d+ cannot be read: the gzip data ends before its end \(the file is cut off\)$/);
	});

	it('does not follow a redirect of the file host to another host: a clear error, the other host gets nothing', async () => {
		control().setStatsFileHost(`${hostile.url}/redirect/302/${target.host}`);
		const result = await env.ads(report(20));
		expect(result.error?.message).toBe(`X's file host answered 302, a redirect to ${target.host}: not followed`);
		expect(target.requests).toEqual([]);
		expect(hostile.requests.filter((r) => r.path.startsWith('/redirect/'))).toHaveLength(1);
	});
});
