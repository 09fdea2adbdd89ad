#!/usr/bin/env node
// n8n's verification scan (@n8n/scan-community-package), offline: its lint of the source
// (package.json, nodes/, credentials/) and of the packed files, plus the tarball's file list. The
// registry and provenance look-ups of the real scan are left out: they need a published version.
//
//   node scripts/scan-package.mjs [--package <tarball.tgz | unpacked dir>] [--source <dir>]
//
// Without --package it builds dist/ afresh and runs `npm pack`; --source defaults to the
// repository. Prints every finding and exits 1 on any; exits 0 on none.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// eslint-plugin-n8n-nodes-base treats every file as every kind of file under NODE_ENV=test (jest's).
if (process.env.NODE_ENV === 'test') delete process.env.NODE_ENV;
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(
	'@n8n/scan-community-package/scanner/scanner.mjs'
);

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What n8n loads, and what npm's page shows: nothing else ships (no tests, maps, types, screenshots). */
const SHIPPED = [/^dist\/.+\.(js|json|svg|png)$/, /^(README\.md|LICENSE|CHANGELOG\.md|package\.json)$/];

function option(name) {
	const at = process.argv.indexOf(name);
	return at === -1 ? undefined : path.resolve(process.argv[at + 1]);
}

function unpacked(tarball, into) {
	fs.mkdirSync(into, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', into, '--strip-components=1']);
	return into;
}

function filesUnder(dir, prefix = '') {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const relative = prefix + entry.name;
		return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${relative}/`) : [relative];
	});
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-package-'));
try {
	let packageDir = option('--package');
	if (!packageDir) {
		// The build is prepack's, run first so that pack's JSON stays alone on stdout.
		execFileSync('npm', ['run', '--silent', 'build'], { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'] });
		const [{ filename }] = JSON.parse(
			execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
				cwd: repo,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'inherit'],
			}),
		);
		packageDir = path.join(work, filename);
	}
	if (fs.statSync(packageDir).isFile()) packageDir = unpacked(packageDir, path.join(work, 'package'));
	const sourceDir = option('--source') ?? repo;

	const findings = [];
	const files = filesUnder(packageDir);
	for (const file of files) {
		if (!SHIPPED.some((pattern) => pattern.test(file))) findings.push(`tarball: ${file} is not something n8n loads`);
	}
	const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	for (const entry of [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])]) {
		if (!files.includes(entry)) findings.push(`tarball: ${entry}, listed in package.json "n8n", is missing`);
	}

	const legs = [
		['source', await analyzePackage(sourceDir, SOURCE_FILE_PATTERNS)],
		['tarball', await analyzePackage(packageDir, ['**/*.js', 'package.json'])],
	];
	for (const [leg, result] of legs) {
		if (!result.passed) findings.push(`${leg}: ${result.message}${result.details ? `\n${result.details}` : ''}`);
	}

	for (const finding of findings) console.log(finding);
	console.log(
		`scan-package: ${files.length} files packed, ${findings.length} findings (n8n's scanner on the source and the tarball; registry and provenance checks need a published version)`,
	);
	process.exitCode = findings.length === 0 ? 0 : 1;
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
