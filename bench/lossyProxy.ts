/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * A loopback HTTP proxy in front of the emulator that loses answers: for every n-th matching
 * request (n = 1 / rate, counted from the proxy's start) it forwards the request, lets X (the emulator) apply it, and then closes the
 * client's connection instead of answering. The emulator's own `drop` fault closes the connection
 * BEFORE the request is applied, so it cannot show what a retry does after an applied request;
 * this can. Only for the benchmarks (not a test double of X).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LossyProxy {
	/** Origin of the proxy, e.g. http://127.0.0.1:PORT (same paths as the emulator). */
	origin: string;
	/** Requests whose answer was lost after the emulator answered them, with that answer's status. */
	lost: Array<{ method: string; path: string; status: number; body: string }>;
	close(): Promise<void>;
}

export async function startLossyProxy(target: string, opts: { rate: number; match?: (method: string, path: string) => boolean }): Promise<LossyProxy> {
	const every = Math.max(1, Math.round(1 / opts.rate));
	let matching = 0;
	const upstream = new URL(target);
	const lost: LossyProxy['lost'] = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			// The Host header stays the proxy's: the OAuth 1.0a signature covers the URL the client called.
			const headers: IncomingHttpHeaders = { ...req.headers };
			const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
				const body: Buffer[] = [];
				answer.on('data', (c: Buffer) => body.push(c));
				answer.on('end', () => {
					const method = req.method ?? 'GET';
					const path = (req.url ?? '/').split('?')[0];
					if ((opts.match?.(method, path) ?? true) && ++matching % every === 0) {
						lost.push({ method, path, status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
						req.socket.destroy();
						return;
					}
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					res.end(Buffer.concat(body));
				});
			});
			forward.on('error', () => req.socket.destroy());
			forward.end(Buffer.concat(chunks));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		lost,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
