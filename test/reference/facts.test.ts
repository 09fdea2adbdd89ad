/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The facts the emulator takes from X's reference (test/reference/recordedFacts.json) are X's reference:
 * derived afresh from ../shared/reference they are the recorded ones (else `npm run
 * reference:facts` rewrites them), every /2 route the emulator serves is judged by them, and the
 * emulator starts on a clone without X's docs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { buildRouter } from '../emulator/server';
import { deriveFacts, emulatorV2Routes, pinnedCommit } from './deriveFacts';
import { xFacts } from './facts';
import { liveOpenApi } from './openapi';

const REPO = resolve(__dirname, '../..');

describe("the emulator's recorded facts", () => {
	it('are what X\'s reference says (else run npm run reference:facts)', () => {
		const recorded = xFacts();
		const derived = deriveFacts();
		// Part by part, so that a failure names the part that moved.
		for (const part of Object.keys(derived) as Array<keyof typeof derived>) expect({ part, facts: recorded[part] }).toEqual({ part, facts: derived[part] });
		expect(Object.keys(recorded).sort()).toEqual(Object.keys(derived).sort());
	});

	it('were derived from the commit scripts/fetch-x-reference.sh fetches', () => {
		expect(xFacts().commit).toBe(pinnedCommit());
	});

	it('hold no X prose: no parameter texts, no descriptions or examples in the openapi cut', () => {
		const params = xFacts().ads.endpoints.flatMap((e) => e.params);
		expect(params.length).toBeGreaterThan(500);
		expect(params.filter((p) => 'text' in p)).toEqual([]);
		const annotations: string[] = [];
		const walk = (v: unknown, at: string, inNames: boolean) => {
			if (!v || typeof v !== 'object') return;
			for (const [k, x] of Object.entries(v)) {
				if (!inNames && ['description', 'summary', 'example', 'examples'].includes(k)) annotations.push(`${at}/${k}`);
				walk(x, `${at}/${k}`, !inNames && ['properties', 'paths', 'schemas', 'parameters', 'responses', 'content', 'mapping'].includes(k));
			}
		};
		walk(xFacts().openapi, '', false);
		expect(annotations).toEqual([]);
	});

	it('judge every /2 route the emulator serves that openapi.json describes', () => {
		const served = buildRouter()
			.list()
			.filter((r) => r.bases.includes('api') && r.pattern.startsWith('/2/'))
			.map((r) => `${r.method} ${r.pattern.replace(/:(\w+)/g, '{$1}')}`);
		// The route files' registrations are where deriveFacts looks for them.
		expect(emulatorV2Routes()).toEqual([...new Set(served)].sort());
		const live = liveOpenApi().paths as Record<string, Record<string, unknown>>;
		const recorded = xFacts().openapi.paths as Record<string, Record<string, unknown>>;
		const described = served.filter((r) => live[r.split(' ')[1]]?.[r.split(' ')[0].toLowerCase()]);
		expect(described.length).toBeGreaterThan(20);
		expect(described.filter((r) => !recorded[r.split(' ')[1]]?.[r.split(' ')[0].toLowerCase()])).toEqual([]);
	});

	it('let `npm run emulator` start where X\'s reference is not', async () => {
		const empty = mkdtempSync(join(tmpdir(), 'no-reference-'));
		try {
			const child = spawn(join(REPO, 'node_modules/.bin/ts-node'), ['--transpile-only', 'test/emulator/cli.ts', '--port', '0'], {
				cwd: REPO,
				env: { ...process.env, X_REFERENCE_DIR: empty },
			});
			let out = '';
			child.stdout.on('data', (d) => (out += d));
			child.stderr.on('data', (d) => (out += d));
			const code = await new Promise<number | null>((done) => {
				const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
				child.stdout.on('data', () => {
					if (out.includes('"emulator"')) child.kill('SIGTERM');
				});
				child.on('exit', (c) => {
					clearTimeout(timer);
					done(c);
				});
			});
			expect(out).toMatch(/X emulator listening on port \d+/);
			expect(out).not.toContain("X's reference is not at");
			expect(code).toBe(0);
		} finally {
			rmSync(empty, { recursive: true, force: true });
		}
	});
});
