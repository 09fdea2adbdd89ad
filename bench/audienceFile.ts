/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * `bench/run.ts --only audience-file`: Custom Audience > Add Users from a file of N emails (one per
 * line) in real n8n: Manual Trigger → Read/Write Files from Disk (the file, into n8n's filesystem
 * binary store) → X Ads with Input: File. Measured:
 *  - requests, against the minimum X's limits allow (one operation per request, users packed up
 *    to 5,000,000 bytes; the count computed here from the wire format, not from the node);
 *  - n8n's peak memory above n8n at rest (the n8n process's VmRSS before the run; its peak from
 *    VmHWM after /proc/<pid>/clear_refs reset it, Linux), which must not grow with the file;
 *  - throughput: the node's time against plain SHA-256 of the same strings in this process, the
 *    usual way (createHash per string) and one-shot (crypto.hash), in the same run;
 *  - the outcome: with the emulator as X, it holds exactly N new members; with the counting sink,
 *    the users it counted and a checksum of every hash it received equal those of the file.
 * Receivers: the X emulator (test/emulator: parses every body, checks every hash, keeps the
 * members: about 1.5 µs of its own CPU per email on this machine, more than the node needs), and a
 * counting sink (below) that answers as X does at almost no cost, so the node's own throughput shows.
 */
import { createHash, hash } from 'node:crypto';
import * as fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

import type { BenchEnv } from './n8nBench';
import { readFileThenXAds, runManual } from './n8nBench';

export interface AudienceFileResult {
	receiver: 'emulator' | 'sink';
	emails: number;
	fileBytes: number;
	requests: number;
	minimumRequests: number;
	usersPerFullRequest: number;
	nodeMs: number;
	executionMs: number;
	plainCreateHashMs: number;
	plainOneShotMs: number;
	n8nRestMiB: number;
	n8nPeakMiB: number;
	membersHeld: number;
	/** CPU time of the n8n process (whole run: Read File, X Ads, saving) and of the benchmark process (the emulator) meanwhile. */
	n8nCpuMs: number;
	emulatorCpuMs: number;
	summary: Record<string, unknown>;
}

export const benchEmail = (i: number) => `customer.${i}@example-shop.com`;

/** Writes lines to a file in 1 MiB pieces (the generator never holds the list); returns the bytes written. */
export function writeLines(file: string, lines: Iterable<string>): number {
	const fd = fs.openSync(file, 'w');
	let bytes = 0;
	try {
		let piece: string[] = [];
		let size = 0;
		for (const line of lines) {
			piece.push(line);
			size += line.length;
			if (size >= 1 << 20) {
				bytes += fs.writeSync(fd, piece.join(''));
				piece = [];
				size = 0;
			}
		}
		if (piece.length) bytes += fs.writeSync(fd, piece.join(''));
	} finally {
		fs.closeSync(fd);
	}
	return bytes;
}

function* emailLines(count: number): Generator<string> {
	for (let i = 0; i < count; i++) yield `${benchEmail(i)}\n`;
}

const writeEmails = (file: string, count: number) => writeLines(file, emailLines(count));

/** The sink's checksum of one hash: its first 8 hex digits as a number (summed modulo 2^32). */
const checksumOf = (hex: string) => parseInt(hex.slice(0, 8), 16);

/** Plain SHA-256 hex of the same strings, built the same way, in this process (and the file's checksum). */
function plainSha256(count: number): { createHashMs: number; oneShotMs: number; checksum: number } {
	let sink = 0;
	let checksum = 0;
	let t = performance.now();
	for (let i = 0; i < count; i++) {
		const hex = createHash('sha256').update(benchEmail(i), 'utf8').digest('hex');
		sink += hex.length;
		checksum = (checksum + checksumOf(hex)) >>> 0;
	}
	const createHashMs = performance.now() - t;
	t = performance.now();
	for (let i = 0; i < count; i++) sink += hash('sha256', benchEmail(i), 'hex').length;
	const oneShotMs = performance.now() - t;
	if (sink === 0) throw new Error('no hashes');
	return { createHashMs, oneShotMs, checksum };
}

/**
 * X's users endpoint at almost no cost: reads the body, counts the users (every
 * {"email":[" in it), sums the checksum of each hash, answers success_count = total_count = users
 * after the fixed latency.
 */
async function startCountingSink(latencyMs: number): Promise<{ url: string; totals: { users: number; checksum: number; requests: number }; close(): Promise<void> }> {
	const totals = { users: 0, checksum: 0, requests: 0 };
	const marker = Buffer.from('{"email":["');
	const server = createServer((req, res) => {
		const parts: Buffer[] = [];
		req.on('data', (c: Buffer) => parts.push(c));
		req.on('end', () => {
			const body = Buffer.concat(parts);
			let users = 0;
			if (req.method === 'POST' && /\/users$/.test(req.url ?? '')) {
				for (let at = body.indexOf(marker); at >= 0; at = body.indexOf(marker, at + 75)) {
					users++;
					totals.checksum = (totals.checksum + checksumOf(body.toString('latin1', at + marker.length, at + marker.length + 8))) >>> 0;
				}
				totals.users += users;
				totals.requests++;
			}
			setTimeout(() => {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ request: { params: {} }, data: { success_count: users, total_count: users } }));
			}, latencyMs);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return { url, totals, close: async () => await new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The fewest requests X's limits allow for N one-identifier users: every user is
 * {"email":["<64 hex>"]} (78 bytes) and a comma, one Update operation per request around them.
 */
export function minimumRequests(count: number): { requests: number; perRequest: number } {
	const frame = Buffer.byteLength('[{"operation_type":"Update","params":{"users":[]}}]');
	const perRequest = Math.floor((5_000_000 - frame + 1) / 79);
	return { requests: Math.ceil(count / perRequest), perRequest };
}

/** CPU time (user + system) of a process so far, ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export const cpuMs = (pid: number) => {
	const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	return (Number(fields[11]) + Number(fields[12])) * 10;
};

export const statusKiB = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

export async function benchAudienceFile(env: BenchEnv, count: number, dir: string, receiver: 'emulator' | 'sink'): Promise<AudienceFileResult> {
	const file = path.join(dir, `emails-${count}.txt`);
	const fileBytes = writeEmails(file, count);
	const fx = env.emulator.control.fixtures().production;
	const sink = receiver === 'sink' ? await startCountingSink(env.latencyMs) : undefined;
	const user = env.emulator.users[0];
	const credential = sink
		? await env.n8n.client.createCredential({
				name: `X bench sink ${count}`,
				type: 'xOAuth1Api',
				data: { consumerKey: env.emulator.app.consumerKey, consumerSecret: env.emulator.app.consumerSecret, accessToken: user.accessToken, accessTokenSecret: user.accessTokenSecret, environment: 'production', apiBaseUrl: sink.url, adsBaseUrl: sink.url, adsSandboxBaseUrl: sink.url },
			})
		: env.oauth1;
	const workflow = readFileThenXAds(`bench audience file ${count}`, file, {
		resource: 'customAudience',
		operation: 'addUsers',
		account: { __rl: true, mode: 'id', value: fx.accountId },
		customAudienceId: fx.customAudienceId,
		audienceInput: 'file',
		binaryPropertyName: 'data',
		fileFormat: 'lines',
		lineIdentifierType: 'email',
	}, credential);
	try {
		env.emulator.control.reset();
		const seeded = (env.emulator.control.audienceMembers(fx.customAudienceId).email as string[]).length;
		const pid = env.n8n.pid;
		const restKiB = statusKiB(pid, 'VmRSS');
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // VmHWM := VmRSS, so the peak is this run's
		const cpuBefore = cpuMs(pid);
		const benchCpuBefore = process.cpuUsage();
		const ex = await runManual(env, workflow, 60 * 60_000);
		const n8nCpu = cpuMs(pid) - cpuBefore;
		const benchCpu = process.cpuUsage(benchCpuBefore);
		const peakKiB = statusKiB(pid, 'VmHWM');
		const out = ex.output('X Ads') as Array<Record<string, unknown>>;
		const summary = out[out.length - 1];
		const requests = sink ? sink.totals.requests : env.emulator.control.requests().filter((r: { method: string; path: string }) => r.method === 'POST' && r.path.endsWith('/users')).length;
		env.emulator.control.clearRequests();
		const membersHeld = sink ? sink.totals.users : (env.emulator.control.audienceMembers(fx.customAudienceId).email as string[]).length - seeded;
		env.emulator.control.reset(); // frees the members
		const plain = plainSha256(count);
		if (sink && sink.totals.checksum !== plain.checksum) throw new Error(`the sink's checksum of the hashes it received (${sink.totals.checksum}) is not the file's (${plain.checksum})`);
		const run = ex.runData['X Ads'][0] as { executionTime?: number };
		const min = minimumRequests(count);
		return {
			receiver,
			emails: count,
			fileBytes,
			requests,
			minimumRequests: min.requests,
			usersPerFullRequest: min.perRequest,
			nodeMs: run.executionTime ?? NaN,
			executionMs: Date.parse(ex.raw.stoppedAt) - Date.parse(ex.raw.startedAt),
			plainCreateHashMs: plain.createHashMs,
			plainOneShotMs: plain.oneShotMs,
			n8nRestMiB: restKiB / 1024,
			n8nPeakMiB: peakKiB / 1024,
			membersHeld,
			n8nCpuMs: n8nCpu,
			emulatorCpuMs: (benchCpu.user + benchCpu.system) / 1000,
			summary,
		};
	} finally {
		fs.rmSync(file, { force: true });
		await sink?.close();
	}
}

const n = (v: number, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The section of bench/RESULTS.md (replaced in place when only this step runs). */
export function renderAudienceFile(results: AudienceFileResult[], latencyMs: number): string[] {
	const lines: string[] = [];
	const p = (...l: string[]) => lines.push(...l);
	p('## 6. Audience upload from a file (real n8n)', '');
	p('`bench/run.ts --only audience-file` (bench/audienceFile.ts): Manual Trigger → **Read/Write Files from Disk** (a file of N emails, one per line, into n8n\'s filesystem binary store) → X Ads **Custom Audience → Add Users**, Input: **File** (read as a stream from the binary store; no n8n item per row). ' +
		`X emulator on loopback with ${latencyMs} ms added per request. Peak memory: the n8n process's VmHWM after resetting it (\`/proc/<pid>/clear_refs\`) just before the run, minus its VmRSS at rest then. ` +
		'Plain SHA-256: the same strings hashed in the benchmark process, one after the other in the same run (createHash per string, the usual way; and the one-shot `crypto.hash`).', '');
	p('Receivers: the **emulator** parses every body, checks every hash and keeps the members (about 1.5 µs of its own CPU per email here, so it, not the node, sets the pace); the **counting sink** answers as X does (success_count = total_count = users received) after the same added latency, counting the users and a checksum of every hash (equal to the file\'s, checked), so the node\'s own throughput shows. CPU: the n8n process\'s during the run (Read File included) and the benchmark process\'s (the receiver).', '');
	p('| X | emails | file | requests (minimum X\'s limits allow) | node time | emails/s | plain SHA-256 createHash / one-shot | **throughput ratio** (createHash / one-shot) | n8n at rest | peak above rest | users received | CPU n8n / receiver |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
	for (const r of results) {
		p(`| ${r.receiver === 'sink' ? 'counting sink' : 'emulator'} | ${n(r.emails)} | ${n(r.fileBytes / 2 ** 20, 0)} MiB | ${n(r.requests)} (${n(r.minimumRequests)}: ${r.requests === r.minimumRequests ? 'held' : 'NOT held'}) | ${n(r.nodeMs / 1000, 2)} s | ${n(r.emails / (r.nodeMs / 1000))} | ${n(r.plainCreateHashMs / 1000, 2)} s / ${n(r.plainOneShotMs / 1000, 2)} s | **${n(r.plainCreateHashMs / r.nodeMs, 2)}** / ${n(r.plainOneShotMs / r.nodeMs, 2)} | ${n(r.n8nRestMiB)} MiB | **${n(r.n8nPeakMiB - r.n8nRestMiB)} MiB** | ${n(r.membersHeld)} | ${n(r.n8nCpuMs / 1000, 1)} s / ${n(r.emulatorCpuMs / 1000, 1)} s |`);
	}
	const worst = Math.max(...results.map((r) => r.n8nPeakMiB - r.n8nRestMiB));
	const sinkRuns = results.filter((r) => r.receiver === 'sink');
	const ratio = Math.min(...sinkRuns.map((r) => r.plainCreateHashMs / r.nodeMs));
	p('');
	p(`Goals: requests equal to the minimum (${results.every((r) => r.requests === r.minimumRequests) ? 'held' : 'NOT held'}); peak memory under 512 MiB above n8n at rest for every size (${worst < 512 ? 'held' : 'NOT held'}: at most ${n(worst)} MiB); throughput at least 0.7x plain SHA-256 (createHash), with the counting sink as X (${ratio >= 0.7 ? 'held' : 'NOT held'}: at least ${n(ratio, 2)}x). ` +
		`The final count check of each run: ${results.map((r) => `${n(Number(r.summary.linesRead))} lines read, ${n(Number(r.summary.usersSent))} sent, ${n(Number(r.summary.refused))} refused, X counted ${n(Number(r.summary.xSuccessCount))} of ${n(Number(r.summary.xTotalCount))} (confirmed: ${String(r.summary.countsConfirmed)})`).join('; ')}.`, '');
	return lines;
}
