/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * A tiny webhook consumer for engine tests: an https server on a loopback address, port 443 (X
 * refuses callback URLs with a port), with a self-signed certificate made by `openssl` at test
 * time. Each path behaves as told: answer the CRC correctly, wrongly, slowly, or with an error.
 * Event POSTs are recorded with whether their x-twitter-webhooks-signature verified.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type CrcMode = 'good' | 'wrong' | 'slow' | 'error';

export interface ReceivedEvent {
	path: string;
	body: string;
	signature: string | undefined;
	signatureValid: boolean;
}

export interface CrcRequest {
	path: string;
	token: string;
	/** Whether the token matched ^[A-Za-z0-9+/=_-]{16,128}$ (a consumer refuses others). */
	tokenValid: boolean;
}

export interface WebhookReceiver {
	/** e.g. 127.83.4.19 */
	host: string;
	/** PEM of the self-signed certificate (give it to the emulator as a trusted CA). */
	certificate: string;
	/** https://<host><path>, no port. */
	url(path: string): string;
	setMode(path: string, mode: CrcMode): void;
	/** How late a "slow" path answers the CRC (default 4000 ms). */
	slowMs: number;
	/** HTTP status answered to event POSTs on a path (default 200). */
	setEventStatus(path: string, status: number): void;
	crcRequests: CrcRequest[];
	events: ReceivedEvent[];
	reset(): void;
	close(): Promise<void>;
}

const CRC_TOKEN = /^[A-Za-z0-9+/=_-]{16,128}$/;

function makeCertificate(host: string): { key: string; cert: string } {
	const dir = mkdtempSync(join(tmpdir(), 'x-receiver-'));
	try {
		execFileSync(
			'openssl',
			[
				'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
				'-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1',
				'-subj', `/CN=${host}`, '-addext', `subjectAltName=IP:${host}`,
			],
			{ stdio: 'ignore' },
		);
		return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

function listen(server: Server, host: string): Promise<void> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(443, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
}

/** Starts the receiver; `consumerSecret` is the App's, the HMAC key of CRC answers and signatures. */
export async function startWebhookReceiver(consumerSecret: string): Promise<WebhookReceiver> {
	const modes = new Map<string, CrcMode>();
	const eventStatus = new Map<string, number>();
	const receiver = {
		host: '',
		certificate: '',
		slowMs: 4000,
		crcRequests: [] as CrcRequest[],
		events: [] as ReceivedEvent[],
	} as WebhookReceiver;
	const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
		const url = new URL(req.url ?? '/', 'https://receiver');
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const path = url.pathname;
			if (req.method === 'GET') {
				const token = url.searchParams.get('crc_token');
				if (token === null) {
					res.writeHead(400).end();
					return;
				}
				const tokenValid = CRC_TOKEN.test(token);
				receiver.crcRequests.push({ path, token, tokenValid });
				const mode = modes.get(path) ?? 'good';
				if (!tokenValid) {
					res.writeHead(400).end();
					return;
				}
				const right = `sha256=${createHmac('sha256', consumerSecret).update(token).digest('base64')}`;
				const answer = (responseToken: string) => {
					if (res.destroyed) return;
					res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_token: responseToken }));
				};
				if (mode === 'good') answer(right);
				else if (mode === 'wrong') answer(`sha256=${createHmac('sha256', 'not-the-secret').update(token).digest('base64')}`);
				else if (mode === 'slow') setTimeout(() => answer(right), receiver.slowMs).unref();
				else res.writeHead(500).end();
				return;
			}
			const body = Buffer.concat(chunks).toString('utf8');
			const signature = req.headers['x-twitter-webhooks-signature'] as string | undefined;
			const expected = `sha256=${createHmac('sha256', consumerSecret).update(body).digest('base64')}`;
			receiver.events.push({ path, body, signature, signatureValid: signature === expected });
			res.writeHead(signature === expected ? (eventStatus.get(path) ?? 200) : 401).end();
		});
	};

	let server: Server | undefined;
	let lastError: unknown;
	for (let attempt = 0; attempt < 5 && !server; attempt++) {
		// A random loopback address, so parallel test files can each have port 443.
		const host = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
		const { key, cert } = makeCertificate(host);
		const candidate = createServer({ key, cert }, handler);
		try {
			await listen(candidate, host);
			server = candidate;
			receiver.host = host;
			receiver.certificate = cert;
		} catch (error) {
			lastError = error;
		}
	}
	if (!server) throw new Error(`could not listen on a loopback address, port 443: ${String(lastError)}`);
	const running = server;

	receiver.url = (path) => `https://${receiver.host}${path}`;
	receiver.setMode = (path, mode) => void modes.set(path, mode);
	receiver.setEventStatus = (path, status) => void eventStatus.set(path, status);
	receiver.reset = () => {
		modes.clear();
		eventStatus.clear();
		receiver.crcRequests.length = 0;
		receiver.events.length = 0;
	};
	receiver.close = () =>
		new Promise<void>((resolve) => {
			running.close(() => resolve());
			running.closeAllConnections();
		});
	return receiver;
}
