/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * n8n's queue mode for the real-n8n suite (`npm run test:e2e -- --queue`): a main process, 2
 * workers (`n8n worker`, which run the executions: manual ones too, OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS)
 * and 2 webhook processes (`n8n webhook`, production webhooks on their own ports), all on one
 * PostgreSQL database and one Redis queue (queue mode does not support SQLite), every process with
 * this package installed as Community Nodes installs it (test/e2e/n8n.ts) and the same encryption key.
 *
 * PostgreSQL and Redis are Debian's (apt-get install postgresql redis-server, only when missing),
 * run as throwaway instances on free loopback ports with temporary data folders (no persistence),
 * and always stopped: by stop(), and by an exit handler when the run ends otherwise (Ctrl-C included).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { freePort, startN8n, type N8nInstance, type StartOptions } from './n8n';

export interface QueueCluster {
	main: N8nInstance;
	workers: N8nInstance[];
	webhooks: N8nInstance[];
	postgresPort: number;
	redisPort: number;
	/** Milliseconds to provision (when needed) and start everything. */
	startMs: number;
	stop(): Promise<void>;
}

const sleep = async (ms: number) => await new Promise((r) => setTimeout(r, ms));
const isRoot = () => process.getuid?.() === 0;

/** The newest installed PostgreSQL server's bin folder (Debian: /usr/lib/postgresql/<major>/bin). */
function postgresBin(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return undefined;
	const majors = fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
	return majors.length ? path.join(root, majors[0], 'bin') : undefined;
}

const redisServer = () => ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));

/** apt-get installs what is missing (one `apt-get update`); as CI installs chromium. */
export function ensureQueueServices(log: (s: string) => void = console.log): void {
	const missing = [...(postgresBin() ? [] : ['postgresql']), ...(redisServer() ? [] : ['redis-server'])];
	if (!missing.length) return;
	log(`e2e queue: installing ${missing.join(', ')} (apt-get)`);
	const sudo = isRoot() ? [] : ['sudo'];
	const run = (args: string[]) => {
		const r = spawnSync(sudo.length ? 'sudo' : args[0], sudo.length ? args : args.slice(1), { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
		if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status})`);
	};
	run(['apt-get', 'update', '-qq']);
	run(['apt-get', 'install', '-y', '-qq', ...missing]);
	if (!postgresBin() || !redisServer()) throw new Error(`after apt-get install ${missing.join(' ')}: PostgreSQL or redis-server still missing`);
}

interface Service {
	stop(): void;
}

/** A throwaway PostgreSQL cluster (trust auth on 127.0.0.1, fsync off): initdb, pg_ctl start. */
async function startPostgres(port: number, logCopy: string): Promise<Service & { dir: string }> {
	const bin = postgresBin()!;
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pg-'));
	// PostgreSQL refuses to run as root: as root it runs as the postgres user Debian's package creates.
	const asUser = (cmd: string, args: string[]) => (isRoot() ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' }) : spawnSync(cmd, args, { encoding: 'utf8' }));
	if (isRoot()) spawnSync('chown', ['postgres:postgres', dir]);
	const data = path.join(dir, 'data');
	const init = asUser(path.join(bin, 'initdb'), ['-D', data, '--username=n8n', '--auth=trust', '--encoding=UTF8', '--no-sync']);
	if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
	const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
	const started = asUser(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', 'start']);
	if (started.status !== 0) throw new Error(`pg_ctl start failed: ${started.stderr}${fs.existsSync(path.join(dir, 'postgres.log')) ? fs.readFileSync(path.join(dir, 'postgres.log'), 'utf8').slice(-2000) : ''}`);
	let stopped = false;
	return {
		dir,
		stop: () => {
			if (stopped) return;
			stopped = true;
			asUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
			try {
				fs.copyFileSync(path.join(dir, 'postgres.log'), logCopy);
			} catch {
				/* no log */
			}
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** A throwaway Redis (no snapshots, no append-only file) in the foreground of its own process group. */
async function startRedis(port: number): Promise<Service> {
	const child: ChildProcess = spawn(redisServer()!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { detached: true, stdio: 'ignore' });
	let exited = false;
	child.on('exit', () => (exited = true));
	const deadline = Date.now() + 15_000;
	for (;;) {
		if (exited) throw new Error(`redis-server on port ${port} exited at start`);
		const ping = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], { encoding: 'utf8' });
		if (ping.stdout?.trim() === 'PONG') break;
		if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer PING`);
		await sleep(100);
	}
	return {
		stop: () => {
			if (exited || child.pid === undefined) return;
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				/* gone */
			}
		},
	};
}

export interface QueueOptions {
	version: string;
	customExtensions: string[];
	/** Log files: <logPrefix>-main.log, -worker-1.log, -webhook-1.log, ... */
	logPrefix: string;
	keepUserFolder?: boolean;
	log?: (s: string) => void;
}

export async function startQueueCluster(opts: QueueOptions): Promise<QueueCluster> {
	const log = opts.log ?? console.log;
	const t0 = Date.now();
	ensureQueueServices(log);
	const services: Service[] = [];
	const instances: N8nInstance[] = [];
	let stopping: Promise<void> | undefined;
	const stopAll = async () => {
		// Webhook processes and workers first, then main, then the queue and the database.
		for (const inst of [...instances].reverse()) await inst.stop().catch(() => undefined);
		for (const service of services.reverse()) service.stop();
		services.length = 0;
	};
	const stop = () => (stopping ??= stopAll());
	// Ctrl-C or a crash: n8n.ts kills the n8n processes; the database and the queue go here.
	const onExit = () => {
		for (const service of services) service.stop();
	};
	process.on('exit', onExit);
	try {
		const postgresPort = await freePort();
		const pg = await startPostgres(postgresPort, `${opts.logPrefix}-postgres.log`);
		services.push(pg);
		const redisPort = await freePort();
		services.push(await startRedis(redisPort));
		log(`e2e queue: PostgreSQL on 127.0.0.1:${postgresPort}, Redis on 127.0.0.1:${redisPort}`);
		const env: Record<string, string> = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgresPort),
			DB_POSTGRESDB_DATABASE: 'postgres',
			DB_POSTGRESDB_USER: 'n8n',
			DB_POSTGRESDB_PASSWORD: '',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redisPort),
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			// Binary data between processes goes through the database (queue mode's default, said out loud).
			N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		};
		const start = (command: StartOptions['command'], name: string) =>
			startN8n({ version: opts.version, customExtensions: opts.customExtensions, keepUserFolder: opts.keepUserFolder, command, env, logFile: `${opts.logPrefix}-${name}.log`, startTimeoutMs: 180_000 }).then((inst) => {
				instances.push(inst);
				log(`e2e queue: ${name} ready at ${inst.baseUrl} in ${(inst.startMs / 1000).toFixed(1)} s`);
				return inst;
			});
		// main first: it runs the database migrations the others expect.
		const main = await start('start', 'main');
		const [workers, webhooks] = await Promise.all([
			Promise.all([start('worker', 'worker-1'), start('worker', 'worker-2')]),
			Promise.all([start('webhook', 'webhook-1'), start('webhook', 'webhook-2')]),
		]);
		return { main, workers, webhooks, postgresPort, redisPort, startMs: Date.now() - t0, stop: async () => {
			await stop();
			process.off('exit', onExit);
		} };
	} catch (error) {
		await stop();
		process.off('exit', onExit);
		throw error;
	}
}
