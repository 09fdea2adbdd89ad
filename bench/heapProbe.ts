/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * What a process holds, not what its garbage collector has not yet returned: n8n started with
 * --inspect on a loopback port, and through the inspector (Chrome DevTools Protocol, Node's own
 * WebSocket client) a full garbage collection followed by process.memoryUsage(): the live JS heap
 * plus memory outside it (Buffers, typed arrays). RSS peaks (VmHWM) depend on when V8 collects:
 * with n8n's large heap at rest V8 lets hundreds of MB of garbage pile up before a full collection,
 * so RSS above rest measures V8's growth heuristics as much as what the run holds.
 */
import * as net from 'node:net';

/** A free loopback port for n8n's inspector. */
export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

export interface LiveSample {
	atMs: number;
	/** heapUsed + external (external includes ArrayBuffers), bytes, right after a full collection. */
	liveBytes: number;
}

export class HeapProbe {
	private nextId = 1;
	private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

	private constructor(private readonly socket: WebSocket) {
		socket.addEventListener('message', (event) => {
			const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
			const waiter = message.id === undefined ? undefined : this.pending.get(message.id);
			if (!waiter) return;
			this.pending.delete(message.id!);
			if (message.error) waiter.reject(new Error(message.error.message));
			else waiter.resolve(message.result);
		});
	}

	static async connect(port: number): Promise<HeapProbe> {
		const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
		const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
		await new Promise<void>((resolve, reject) => {
			socket.addEventListener('open', () => resolve(), { once: true });
			socket.addEventListener('error', () => reject(new Error(`no inspector on port ${port}`)), { once: true });
		});
		return new HeapProbe(socket);
	}

	private async call(method: string, params: Record<string, unknown> = {}, timeoutMs = 120_000): Promise<unknown> {
		const id = this.nextId++;
		this.socket.send(JSON.stringify({ id, method, params }));
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				this.pending.delete(id);
				reject(new Error(`inspector: ${method} had no answer in ${timeoutMs} ms`));
			}, timeoutMs);
			this.pending.set(id, {
				resolve: (v) => (clearTimeout(timer), resolve(v)),
				reject: (e) => (clearTimeout(timer), reject(e)),
			});
		});
	}

	/** A full collection, then what is still held (bytes). */
	async live(): Promise<number> {
		await this.call('HeapProfiler.collectGarbage');
		const answer = (await this.call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as { result: { value: string } };
		const usage = JSON.parse(answer.result.value) as { heapUsed: number; external: number };
		return usage.heapUsed + usage.external;
	}

	/** Samples live() every intervalMs (one at a time) until stop() is called; returns the samples. */
	sample(intervalMs: number): { stop: () => Promise<LiveSample[]> } {
		const samples: LiveSample[] = [];
		const started = Date.now();
		let running = true;
		const loop = (async () => {
			while (running) {
				await new Promise((r) => setTimeout(r, intervalMs));
				if (!running) break;
				samples.push({ atMs: Date.now() - started, liveBytes: await this.live() });
			}
		})();
		return {
			stop: async () => {
				running = false;
				await loop;
				return samples;
			},
		};
	}

	close(): void {
		this.socket.close();
	}
}
