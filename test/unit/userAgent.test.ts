/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The version the nodes name in their User-Agent is package.json's, and `npm version` keeps it so:
 * its "version" script (scripts/sync-version.mjs) rewrites nodes/shared/transport/userAgent.ts, which npm
 * then commits with the bump. Run here on a copy of the layout, with another version.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PACKAGE_VERSION, USER_AGENT } from '../../nodes/shared/transport/userAgent';

const ROOT = join(__dirname, '../..');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };

describe('User-Agent version', () => {
	it("is package.json's version", () => {
		expect(PACKAGE_VERSION).toBe(packageJson.version);
		expect(USER_AGENT).toBe(`n8n-nodes-x-ads/${packageJson.version} n8n`);
	});

	it("is rewritten by npm's version script, which adds the file to the bump's commit", () => {
		expect(packageJson.scripts.version).toBe('node scripts/sync-version.mjs && git add nodes/shared/transport/userAgent.ts');
		const dir = mkdtempSync(join(tmpdir(), 'sync-version-'));
		try {
			mkdirSync(join(dir, 'scripts'));
			mkdirSync(join(dir, 'nodes/shared/transport'), { recursive: true });
			copyFileSync(join(ROOT, 'scripts/sync-version.mjs'), join(dir, 'scripts/sync-version.mjs'));
			copyFileSync(join(ROOT, 'nodes/shared/transport/userAgent.ts'), join(dir, 'nodes/shared/transport/userAgent.ts'));
			writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '12.3.4-beta.1' }));
			execFileSync(process.execPath, [join(dir, 'scripts/sync-version.mjs')], { stdio: 'pipe' });
			const rewritten = readFileSync(join(dir, 'nodes/shared/transport/userAgent.ts'), 'utf8');
			expect(rewritten).toContain("export const PACKAGE_VERSION = '12.3.4-beta.1';");
			// Only that line changed.
			expect(rewritten.replace('12.3.4-beta.1', packageJson.version)).toBe(readFileSync(join(ROOT, 'nodes/shared/transport/userAgent.ts'), 'utf8'));

			writeFileSync(join(dir, 'nodes/shared/transport/userAgent.ts'), 'export const VERSION = 1;\n');
			const refused = spawnSync(process.execPath, [join(dir, 'scripts/sync-version.mjs')], { encoding: 'utf8' });
			expect(refused.status).toBe(1);
			expect(refused.stderr).toContain('PACKAGE_VERSION not found');
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
