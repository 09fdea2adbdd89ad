/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The package as n8n's verification sees it. scripts/scan-package.mjs builds and packs it and runs
 * n8n's scanner (@n8n/scan-community-package) offline: its lint of the source and of the packed
 * files (Cloud rules: no fs, process, timers, runtime dependencies, ...), and the tarball's file list
 * (dist/, README, LICENSE, CHANGELOG, package.json only). It passes as shipped, and fails when a
 * node imports what n8n Cloud forbids or the tarball carries a file n8n does not load.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');

function scan(...args: string[]) {
	const result = spawnSync(process.execPath, ['scripts/scan-package.mjs', ...args], {
		cwd: repo,
		encoding: 'utf8',
		timeout: 240_000,
	});
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// `n8n-node lint` checks the shipped code only if nothing there switches its rules off: the
// `eslint-disable` line that marks a test file as not shipped (CONTRIBUTING.md, Lint) has no place in it.
it('no shipped source turns an n8n lint rule off', () => {
	const shipped = ['nodes', 'credentials'].flatMap((dir) =>
		(fs.readdirSync(path.join(repo, dir), { recursive: true }) as string[]).map((file) => path.join(dir, file)),
	);
	const sources = shipped.filter((file) => file.endsWith('.ts'));
	expect(sources.length).toBeGreaterThan(20);
	expect(sources.filter((file) => /eslint-disable|eslint\s+[\w@/-]+\s*:/.test(fs.readFileSync(path.join(repo, file), 'utf8')))).toEqual([]);
});

describe("n8n's community package scan, offline", () => {
	let work: string;
	beforeAll(() => {
		work = fs.mkdtempSync(path.join(os.tmpdir(), 'package-scan-'));
	});
	afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

	it('the packed package has no finding, and ships only dist/, README, LICENSE, CHANGELOG and package.json', () => {
		const { status, output } = scan();
		expect(output).toMatch(/scan-package: \d+ files packed, 0 findings/);
		expect(status).toBe(0);
		// What `npm pack` lists, read independently of the script.
		const [{ files }] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repo, encoding: 'utf8' }));
		const paths: string[] = files.map((file: { path: string }) => file.path);
		expect(paths.filter((file) => !file.startsWith('dist/')).sort()).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json']);
		expect(paths.filter((file) => /\.(map|d\.ts|test\.js)$/.test(file) || file.includes('/test/'))).toEqual([]);
		expect(paths).toEqual(expect.arrayContaining(['dist/nodes/XAds/XAds.node.js', 'dist/credentials/XOAuth1Api.credentials.js']));
	});

	it("the README's links and pictures work on npm's page: absolute URLs to the repository, or anchors", () => {
		const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
		const { repository, homepage, bugs } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
		const home = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
		expect(homepage.startsWith(home)).toBe(true);
		expect(bugs.url.startsWith(home)).toBe(true);
		const targets = [...readme.matchAll(/\]\(([^)\s]+)/g)].map((match) => match[1]);
		expect(targets.length).toBeGreaterThan(0);
		const relative = targets.filter((target) => !/^(https:\/\/|#)/.test(target));
		expect(relative).toEqual([]);
		const [owner, name] = new URL(home).pathname.slice(1).split('/');
		const ours = targets.filter((target) => target.includes(`/${owner}/${name}/`));
		expect(ours.length).toBeGreaterThan(0);
	});

	it('fails on a node that imports fs (source and tarball) and on a source map in the tarball', () => {
		const packed = path.join(work, 'package');
		fs.mkdirSync(packed);
		const [{ filename }] = JSON.parse(
			execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: repo, encoding: 'utf8' }),
		);
		execFileSync('tar', ['-xzf', path.join(work, filename), '-C', packed, '--strip-components=1']);
		fs.appendFileSync(path.join(packed, 'dist/nodes/XAds/XAds.node.js'), "\nconst planted = require('fs');\n");
		fs.writeFileSync(path.join(packed, 'dist/nodes/XAds/XAds.node.js.map'), '{}');

		const source = path.join(work, 'source');
		for (const entry of ['package.json', 'nodes', 'credentials', 'icons']) {
			fs.cpSync(path.join(repo, entry), path.join(source, entry), { recursive: true });
		}
		fs.appendFileSync(
			path.join(source, 'nodes/XAds/XAds.node.ts'),
			"\nimport { readFileSync } from 'node:fs';\nexport const planted = readFileSync;\n",
		);

		const { status, output } = scan('--package', packed, '--source', source);
		expect(status).toBe(1);
		expect(output).toContain("Import of 'node:fs' is not allowed");
		expect(output).toContain("Require of 'fs' is not allowed");
		expect(output).toContain('tarball: dist/nodes/XAds/XAds.node.js.map is not something n8n loads');
		expect(output).toMatch(/scan-package: \d+ files packed, 3 findings/);
	});
});
