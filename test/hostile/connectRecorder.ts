/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * An HTTPS proxy on loopback that connects nowhere: it records the host:port of every CONNECT (and
 * the URL of every plain proxied request) and answers 403. Given to n8n as HTTPS_PROXY, it shows
 * where n8n's own requests to https hosts (an OAuth token refresh) would have gone, without any
 * traffic leaving loopback.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ConnectRecorder {
	url: string;
	/** host:port of each CONNECT, and the URL of each plain request, in order. */
	targets: string[];
	close(): Promise<void>;
}

export async function startConnectRecorder(options: { unref?: boolean } = {}): Promise<ConnectRecorder> {
	const targets: string[] = [];
	const sockets = new Set<Socket>();
	const server = http.createServer((req, res) => {
		targets.push(req.url ?? '');
		res.writeHead(403, { 'content-type': 'text/plain' });
		res.end('this proxy connects nowhere');
	});
	server.on('connect', (req: http.IncomingMessage, socket: Socket) => {
		targets.push(req.url ?? '');
		socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
	});
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	if (options.unref) server.unref();
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		targets,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
