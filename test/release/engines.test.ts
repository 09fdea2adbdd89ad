/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * What users install and what the dev tooling needs are two things: package.json `engines` says
 * what the package needs at run time inside n8n (both supported lines: n8n 1.123.x on Node 20.19+
 * or 22, n8n 2.x on Node 24), while Node 24 for n8n 2.x and the build lives in the scripts
 * (scripts/node24.sh, sourced through scripts/setup.sh). A clone's `npm ci` must work on the
 * oldest of those Nodes: no engine-strict, and every dependency install script that cannot run on
 * it is denied in allowScripts.
 */
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8'));

/** Whether a Node version satisfies an engines range; only ">=A.B.C" ranges (the lock's), anything else fails the test. */
function satisfies(version: string, range: string): boolean {
	const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
	if (!m) throw new Error(`engines range "${range}" is not of the form >=A.B.C: extend satisfies()`);
	const want = [m[1], m[2] ?? '0', m[3] ?? '0'].map(Number);
	const have = version.split('.').map(Number);
	for (let i = 0; i < 3; i++) if (have[i] !== want[i]) return have[i] > want[i];
	return true;
}

/** The oldest and newest Node of n8n's supported lines (n8n 1.123.x: >=20.19 <= 24.x; n8n 2.x: 24). */
const N8N_NODES = ['20.19.0', '22.0.0', '24.0.0'];

describe('engines: the package at run time, the tooling in the scripts', () => {
	it('engines.node admits every Node the supported n8n lines run on, and none older than 20.19', () => {
		const range = pkg.engines?.node;
		expect(typeof range).toBe('string');
		for (const v of N8N_NODES) expect(`${v} ${satisfies(v, range)}`).toBe(`${v} true`);
		expect(satisfies('20.18.0', range)).toBe(false);
	});

	it('.npmrc does not make npm ci refuse a supported Node (no engine-strict)', () => {
		const npmrc = fs.existsSync(path.join(repo, '.npmrc')) ? fs.readFileSync(path.join(repo, '.npmrc'), 'utf8') : '';
		expect(npmrc).not.toMatch(/^\s*engine-strict\s*=\s*true/m);
	});

	it('every install script of a dependency that cannot run on Node 20.19 is denied in allowScripts', () => {
		const allow = pkg.allowScripts ?? {};
		const unfit = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean; engines?: { node?: string }; version: string }>)
			.filter(([at, p]) => at && p.hasInstallScript && p.engines?.node && !satisfies('20.19.0', p.engines.node))
			.map(([at, p]) => ({ name: at.replace(/^.*node_modules\//, ''), range: p.engines!.node! }));
		expect(unfit.map((u) => u.name)).toContain('isolated-vm');
		for (const u of unfit) expect(`${u.name} (${u.range}): ${String(allow[u.name])}`).toBe(`${u.name} (${u.range}): false`);
	});

	it('every dependency install script has a decision in allowScripts (npm 12 blocks the rest silently)', () => {
		const allow = pkg.allowScripts ?? {};
		const scripted = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
			.filter(([at, p]) => at && p.hasInstallScript)
			.map(([at]) => at.replace(/^.*node_modules\//, ''));
		expect(scripted.filter((name) => !(name in allow))).toEqual([]);
	});

	it('the scripts that need Node 24 bring it themselves (scripts/setup.sh or scripts/node24.sh)', () => {
		for (const name of ['test', 'dev', 'test:e2e', 'bench']) {
			expect(`${name}: ${/scripts\/(setup|node24)\.sh/.test(pkg.scripts[name])}`).toBe(`${name}: true`);
		}
		expect(fs.readFileSync(path.join(repo, 'scripts/setup.sh'), 'utf8')).toContain('scripts/node24.sh');
		expect(fs.readFileSync(path.join(repo, '.ci/run'), 'utf8')).toMatch(/source scripts\/node24\.sh/);
	});
});
