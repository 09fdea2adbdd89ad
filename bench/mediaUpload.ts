/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * `bench/run.ts --only media-upload`: Media → Upload of a 50 MB and a 512 MB video in real n8n:
 * Manual Trigger → Read/Write Files from Disk (the file, into n8n's filesystem binary store) → X Ads
 * Media → Upload (amplify_video: initialize, 2 MB segments, several in flight, finalize, processing) to the emulator.
 * Measured:
 *  - n8n's peak memory above n8n at rest (VmHWM after /proc/<pid>/clear_refs, minus VmRSS before),
 *    which must not grow with the file (goal: under 64 MiB for both sizes);
 *  - throughput: the transfer (initialize to finalize at the emulator; X's processing wait is
 *    X's time) against writing the same bytes, in the same 2 MB pieces, to a loopback TCP socket
 *    that discards them, in this process and the same run (goal: 0.8x or more); and, to show what the
 *    receiving side costs, against the same segments APPENDed to the emulator by a plain client;
 *  - the outcome: the emulator's session holds every segment once, in order, adding up to the file.
 */
import * as fs from 'node:fs';
import { createServer, connect, type AddressInfo } from 'node:net';
import * as path from 'node:path';

import { SEGMENTS_IN_FLIGHT, SEGMENT_BYTES } from '../nodes/XAds/resources/media/upload';
import { signedClient } from '../test/emulator/signedClient';
import { fillFrom, type MediaFileSpec } from '../test/fixtures/mediaFiles';
import { cpuMs, statusKiB } from './audienceFile';
import type { BenchEnv } from './n8nBench';
import { readFileThenXAds, runManual } from './n8nBench';

const MiB = 1024 * 1024;
const PIECE = SEGMENT_BYTES;

export interface MediaUploadResult {
	bytes: number;
	segments: number;
	segmentsOnceInOrder: boolean;
	nodeMs: number;
	/** From initialize arriving at the emulator to finalize arriving: the bytes' transfer, without X's processing. */
	transferMs: number;
	socketMs: number;
	/** The same segments APPENDed by a plain client (undici, no n8n), as many in flight: what the emulator itself can take. */
	emulatorMs: number;
	n8nRestMiB: number;
	n8nPeakMiB: number;
	n8nCpuMs: number;
	processingState: string;
	/** n8n's own ceiling (issue 38): its HTTP Request node sending the same file as one binary body to the same emulator, node time. */
	httpRequestMs: number;
	httpRequestPeakMiB: number;
	httpRequestStatus: string;
}

function writeVideo(file: string, bytes: number): void {
	const spec: MediaFileSpec = { kind: 'mp4', bytes };
	const fd = fs.openSync(file, 'w');
	const piece = Buffer.allocUnsafe(8 * MiB);
	try {
		for (let at = 0; at < bytes; at += piece.length) {
			const part = piece.subarray(0, Math.min(piece.length, bytes - at));
			fillFrom(part, at, spec);
			fs.writeSync(fd, part);
		}
	} finally {
		fs.closeSync(fd);
	}
}

/** The same bytes, read from the same file in the same pieces, written to a loopback socket that discards them. */
async function loopbackWriteMs(file: string): Promise<number> {
	let received = 0;
	const server = createServer((socket) => socket.on('data', (c: Buffer) => (received += c.length)));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const size = fs.statSync(file).size;
	const t = performance.now();
	const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
	await new Promise<void>((resolve) => socket.once('connect', resolve));
	for await (const chunk of fs.createReadStream(file, { highWaterMark: PIECE })) {
		if (!socket.write(chunk as Buffer)) await new Promise<void>((resolve) => socket.once('drain', resolve));
	}
	socket.end();
	while (received < size) await new Promise((resolve) => setTimeout(resolve, 1));
	const ms = performance.now() - t;
	socket.destroy();
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return ms;
}

/**
 * The emulator's own ceiling: the same file's segments APPENDed (signed, multipart, SEGMENTS_IN_FLIGHT
 * at once) by a plain client in this process, initialize to the last answer. The emulator receives,
 * parses, validates and hashes each segment, work a socket that discards bytes does not do.
 */
async function emulatorAppendMs(env: BenchEnv, file: string): Promise<number> {
	const emulator = env.emulator;
	const signed = signedClient(() => emulator);
	const size = fs.statSync(file).size;
	const t = performance.now();
	const init = await signed('POST', `${emulator.urls.api}/2/media/upload/initialize`, { json: { media_category: 'amplify_video', media_type: 'video/mp4', total_bytes: size } });
	const id = String(init.json?.data?.id);
	const boundary = 'benchEmulatorCeiling';
	const inFlight = new Set<Promise<void>>();
	let index = 0;
	for await (const chunk of fs.createReadStream(file, { highWaterMark: PIECE })) {
		const body = Buffer.concat([
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
			chunk as Buffer,
			Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="segment_index"\r\n\r\n${index++}\r\n--${boundary}--\r\n`),
		]);
		const sending: Promise<void> = signed('POST', `${emulator.urls.api}/2/media/upload/${id}/append`, { body, contentType: `multipart/form-data; boundary=${boundary}` }).then((r) => {
			if (r.status !== 200) throw new Error(`emulator ceiling: APPEND answered ${r.status}`);
			inFlight.delete(sending);
		});
		inFlight.add(sending);
		if (inFlight.size >= SEGMENTS_IN_FLIGHT) await Promise.race(inFlight);
	}
	await Promise.all(inFlight);
	const ms = performance.now() - t;
	const done = await signed('POST', `${emulator.urls.api}/2/media/upload/${id}/finalize`);
	if (done.status !== 200) throw new Error(`emulator ceiling: FINALIZE answered ${done.status}`);
	return ms;
}

/**
 * n8n's own ceiling for sending a stored file: Read/Write Files from Disk → HTTP Request (4.5,
 * POST, Body Content Type n8n Binary File, the X credential signing it) to the same emulator, the
 * whole file as one body. The emulator reads every byte of it and answers 413 (its limit is 16 MiB),
 * which the node is told to take as an answer (Never Error). Its node time, against our transfer.
 */
async function httpRequestCeiling(env: BenchEnv, file: string): Promise<{ ms: number; peakMiB: number; restMiB: number; status: string }> {
	const workflow = readFileThenXAds(`bench http request ceiling ${path.basename(file)}`, file, {}, env.oauth1);
	workflow.nodes[2] = {
		name: 'X Ads',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5,
		position: [440, 0],
		parameters: {
			method: 'POST',
			url: `${env.emulator.urls.api}/2/media/upload/ceiling/append`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'xOAuth1Api',
			sendBody: true,
			contentType: 'binaryData',
			inputDataFieldName: 'data',
			options: { response: { response: { neverError: true, fullResponse: true } } },
		},
		credentials: { xOAuth1Api: { id: env.oauth1.id, name: env.oauth1.name } },
	} as (typeof workflow.nodes)[number];
	const pid = env.n8n.pid;
	const restKiB = statusKiB(pid, 'VmRSS');
	fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
	const ex = await runManual(env, workflow, 30 * 60_000);
	const peakKiB = statusKiB(pid, 'VmHWM');
	const run = ex.runData['X Ads'][0] as { executionTime?: number };
	const out = (ex.output('X Ads') as Array<Record<string, unknown>>)[0] ?? {};
	return { ms: run.executionTime ?? NaN, peakMiB: peakKiB / 1024, restMiB: restKiB / 1024, status: String(out.statusCode ?? out.error ?? 'no output') };
}

export async function benchMediaUpload(env: BenchEnv, bytes: number, dir: string): Promise<MediaUploadResult> {
	const file = path.join(dir, `video-${bytes}.mp4`);
	writeVideo(file, bytes);
	const workflow = readFileThenXAds(`bench media upload ${bytes}`, file, { resource: 'media', operation: 'upload', binaryPropertyName: 'data', mediaCategory: 'amplify_video' }, env.oauth1);
	try {
		env.emulator.control.reset();
		const pid = env.n8n.pid;
		const restKiB = statusKiB(pid, 'VmRSS');
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // VmHWM := VmRSS, so the peak is this run's
		const cpuBefore = cpuMs(pid);
		const ex = await runManual(env, workflow, 30 * 60_000);
		const n8nCpu = cpuMs(pid) - cpuBefore;
		const peakKiB = statusKiB(pid, 'VmHWM');
		const out = (ex.output('X Ads') as Array<Record<string, unknown>>)[0] ?? {};
		const log = env.emulator.control.requests() as Array<{ path: string; time: string }>;
		const at = (suffix: string) => Date.parse(log.find((r) => r.path.endsWith(suffix))?.time ?? '');
		const transferMs = at('/finalize') - at('/initialize');
		const [session] = env.emulator.control.mediaUploads() as Array<{ segments: Array<{ index: number; received: number; bytes: number }> }>;
		const segments = session?.segments ?? [];
		env.emulator.control.reset();
		const socketMs = await loopbackWriteMs(file);
		const emulatorMs = await emulatorAppendMs(env, file);
		env.emulator.control.reset();
		const ceiling = await httpRequestCeiling(env, file);
		env.emulator.control.reset();
		const run = ex.runData['X Ads'][0] as { executionTime?: number };
		return {
			bytes,
			segments: segments.length,
			segmentsOnceInOrder: segments.every((s, i) => s.index === i && s.received === 1) && segments.reduce((sum, s) => sum + s.bytes, 0) === bytes,
			nodeMs: run.executionTime ?? NaN,
			transferMs,
			socketMs,
			emulatorMs,
			n8nRestMiB: restKiB / 1024,
			n8nPeakMiB: peakKiB / 1024,
			n8nCpuMs: n8nCpu,
			processingState: String(out.processing_state ?? out.error ?? 'no output'),
			httpRequestMs: ceiling.ms,
			httpRequestPeakMiB: Math.max(0, ceiling.peakMiB - ceiling.restMiB),
			httpRequestStatus: ceiling.status,
		};
	} finally {
		fs.rmSync(file, { force: true });
	}
}

const n = (v: number, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The section of bench/RESULTS.md (replaced in place when only this step runs). */
export function renderMediaUpload(results: MediaUploadResult[], latencyMs: number, note?: string): string[] {
	const lines: string[] = [];
	const p = (...l: string[]) => lines.push(...l);
	p('## 10. Media upload: 50 MB and 512 MB videos (real n8n)', '');
	p('`bench/run.ts --only media-upload` (bench/mediaUpload.ts): Manual Trigger → **Read/Write Files from Disk** (an MP4 into n8n\'s filesystem binary store) → X Ads **Media → Upload**, amplify_video: initialize, ' +
		`${SEGMENT_BYTES / MiB} MB segments read as a stream (up to ${SEGMENTS_IN_FLIGHT} APPENDs in flight while the next is read), finalize, processing wait. ` +
		`X emulator on loopback with ${latencyMs} ms added per request, in the benchmark process; it reads every body whole, parses the multipart, validates the request against openapi.json and hashes every segment (SHA-256). Peak memory: the n8n process's VmHWM after resetting it just before the run, minus its VmRSS at rest then. ` +
		'Before the measured runs, one 8 MiB upload warms n8n up (its first run of a node loads and compiles code). Transfer: from initialize to finalize at the emulator (the processing wait after it is X\'s time, polled as check_after_secs say). ' +
		`Baseline (the issue's): the same file read in the same ${SEGMENT_BYTES / MiB} MB pieces and written to a loopback TCP socket that discards them, in the benchmark process, in the same run. ` +
		`Emulator alone: the same segments APPENDed (signed, multipart, ${SEGMENTS_IN_FLIGHT} in flight) by a plain client (undici) in the benchmark process, no n8n: the ceiling the receiving side sets, since the socket baseline's receiver does none of the emulator's work.`, '');
	p('| video | segments (each once, 0..n-1) | node time (with processing wait) | transfer | MiB/s | loopback socket | **throughput ratio** | emulator alone | ratio to emulator alone | n8n at rest | **peak above rest** | CPU n8n | processing |', '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
	for (const r of results) {
		p(`| ${n(r.bytes / MiB)} MiB | ${n(r.segments)} (${r.segmentsOnceInOrder ? 'yes' : 'NO'}) | ${n(r.nodeMs / 1000, 2)} s | ${n(r.transferMs / 1000, 2)} s | ${n(r.bytes / MiB / (r.transferMs / 1000), 1)} | ${n(r.socketMs / 1000, 2)} s | **${n(r.socketMs / r.transferMs, 3)}x** | ${n(r.emulatorMs / 1000, 2)} s (${n(r.socketMs / r.emulatorMs, 2)}x of the socket) | ${n(r.emulatorMs / r.transferMs, 2)}x | ${n(r.n8nRestMiB)} MiB | **${n(Math.max(0, r.n8nPeakMiB - r.n8nRestMiB))} MiB** | ${n(r.n8nCpuMs / 1000, 1)} s | ${r.processingState} |`);
	}
	p('', `n8n's own ceiling (issue 38), in the same run: n8n's **HTTP Request** node (4.5, POST, Body Content Type n8n Binary File, the same X credential signing it) after the same Read/Write Files from Disk, sending the same file as one binary body to the same emulator, which reads every byte and answers 413 (its body limit is 16 MiB; the node takes it as an answer, Never Error). Its node time against our transfer: the throughput ratio is HTTP Request time / our transfer time.`, '');
	p('| video | our transfer | HTTP Request node time | MiB/s | **ratio to HTTP Request** | its peak above rest | its answer |', '| ---: | ---: | ---: | ---: | ---: | ---: | --- |');
	for (const r of results) {
		p(`| ${n(r.bytes / MiB)} MiB | ${n(r.transferMs / 1000, 2)} s | ${n(r.httpRequestMs / 1000, 2)} s | ${n(r.bytes / MiB / (r.httpRequestMs / 1000), 1)} | **${n(r.httpRequestMs / r.transferMs, 3)}x** | ${n(r.httpRequestPeakMiB)} MiB | ${r.httpRequestStatus} |`);
	}
	if (results.length) {
		const ceilingRatio = Math.min(...results.map((r) => r.httpRequestMs / r.transferMs));
		p('', `Goal against n8n's own ceiling (0.8x of the HTTP Request node's throughput): **${ceilingRatio >= 0.8 ? 'met' : 'NOT met'}** (worst ${n(ceilingRatio, 3)}x).`);
		const worst = Math.max(...results.map((r) => r.n8nPeakMiB - r.n8nRestMiB));
		const ratio = Math.min(...results.map((r) => r.socketMs / r.transferMs));
		const ceiling = Math.max(...results.map((r) => r.socketMs / r.emulatorMs));
		p('', `Memory goal (under 64 MiB above rest at both sizes): **${worst < 64 ? 'met' : 'NOT met'}** (worst ${n(worst)} MiB). Throughput goal (0.8x of the loopback socket): **${ratio >= 0.8 ? 'met' : 'NOT met'}** (worst ${n(ratio, 3)}x; the emulator alone, fed by a plain client, reaches at best ${n(ceiling, 2)}x of the socket in this run).`);
	}
	if (note) p('', `_${note}_`);
	p('');
	return lines;
}
