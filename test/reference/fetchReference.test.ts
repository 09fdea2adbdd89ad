/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * scripts/fetch-x-reference.sh is the one definition of the commit of X's docs the tests judge
 * by: CI (.ci/run, ci.yml, publish.yml) runs it and names no commit of its own. Where the host
 * cannot be reached it fails at once with what it needs (run here against loopback ports only:
 * this machine has no GitHub access, so the fetch itself is CI's to run).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '../..');
const SCRIPT = join(REPO, 'scripts', 'fetch-x-reference.sh');
const read = (file: string) => readFileSync(join(REPO, file), 'utf8');

function fetchInto(dir: string, env: Record<string, string>) {
	const r = spawnSync('bash', [SCRIPT], { env: { ...process.env, X_REFERENCE_DIR: dir, ...env }, encoding: 'utf8', timeout: 30_000 });
	return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('scripts/fetch-x-reference.sh', () => {
	const commit = spawnSync('bash', [SCRIPT, '--commit'], { encoding: 'utf8' }).stdout.trim();

	it('holds the one commit of X\'s docs, and CI fetches it through the script', () => {
		expect(commit).toMatch(/^[0-9a-f]{40}$/);
		for (const file of ['.ci/run', '.github/workflows/ci.yml', '.github/workflows/publish.yml']) {
			const text = read(file);
			expect(`${file}: ${text.includes('bash scripts/fetch-x-reference.sh')}`).toBe(`${file}: true`);
			// No commit of its own, nor another way of fetching X's docs.
			expect(`${file}: ${/\b[0-9a-f]{40}\b/.test(text) || /xdevplatform\/docs/.test(text.replace(/^\s*#.*$/gm, ''))}`).toBe(`${file}: false`);
		}
		// The script's commit line is the only place it is written (the recorded facts name the same, test/reference/facts.test.ts).
		expect(read('scripts/fetch-x-reference.sh').match(/\b[0-9a-f]{40}\b/g)).toEqual([commit]);
	});

	it('fails at once, saying what it needs, when the host cannot be reached', () => {
		const dir = mkdtempSync(join(tmpdir(), 'x-reference-'));
		try {
			const t0 = Date.now();
			const { status, output } = fetchInto(dir, { X_DOCS_REPO: 'http://127.0.0.1:9/xdevplatform/docs.git' });
			expect(Date.now() - t0).toBeLessThan(15_000);
			expect(status).toBe(2);
			expect(output).toContain(`could not fetch commit ${commit} from http://127.0.0.1:9/xdevplatform/docs.git`);
			expect(output).toContain('this needs access to 127.0.0.1:9');
			expect(output).toContain(`to ${join(dir, 'x-docs')}, or set X_REFERENCE_DIR`);
			// Nothing half-fetched is left where the tests would take it for the reference.
			expect(readdirSync(dir)).toEqual([]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('fails, naming the commit, when the repository does not have it', () => {
		const dir = mkdtempSync(join(tmpdir(), 'x-reference-'));
		try {
			spawnSync('git', ['init', '-q', '--bare', join(dir, 'docs.git')]);
			const { status, output } = fetchInto(join(dir, 'reference'), { X_DOCS_REPO: `file://${join(dir, 'docs.git')}` });
			expect(status).toBe(2);
			expect(output).toContain(`could not fetch commit ${commit}`);
			expect(existsSync(join(dir, 'reference', 'x-docs'))).toBe(false);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('says so when the reference is a copy it cannot check, and leaves it', () => {
		const dir = mkdtempSync(join(tmpdir(), 'x-reference-'));
		try {
			spawnSync('mkdir', ['-p', join(dir, 'x-docs')]);
			const { status, output } = fetchInto(dir, { X_DOCS_REPO: 'http://127.0.0.1:9/docs.git' });
			expect(status).toBe(0);
			expect(output).toContain('is there but is no git checkout, so its commit cannot be checked; it is used as it is');
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
