/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Everything X sends enters through one reader (nodes/shared/transport/jsonReader.ts, issue 36): no other
 * file of the package parses JSON (JSON.parse, n8n's jsonParse, .json()) unless the line before
 * says it parses the user's own parameter, and no request hands X's answer to n8n to parse
 * (`json: true` without `encoding: 'stream'` in the same options). The check fails on a planted
 * JSON.parse of an answer, so it can fail.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const READER = 'nodes/shared/transport/jsonReader.ts';
const PARSE = /\bJSON\.parse\(|\bjsonParse\s*[<(]|\.json\(\)/;
const USER_INPUT = /The user's own JSON parameter/;

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
	});
}

/** Lines outside the reader that parse JSON or let n8n parse an answer: "file:line: text". */
export function parsesOutsideTheReader(root: string): string[] {
	const found: string[] = [];
	for (const dir of ['nodes', 'credentials']) {
		for (const file of sourceFiles(join(root, dir))) {
			const name = relative(root, file);
			if (name === READER) continue;
			const lines = readFileSync(file, 'utf8').split('\n');
			lines.forEach((line, i) => {
				const code = line.replace(/\/\/.*$|^\s*\*.*$|^\s*\/\*\*.*$/, '');
				const marked = USER_INPUT.test(lines.slice(Math.max(0, i - 2), i).join('\n'));
				if (PARSE.test(code) && !marked) found.push(`${name}:${i + 1}: ${line.trim()}`);
				if (/\bjson:\s*true\b/.test(code)) {
					// The request's options object: n8n parses the answer unless the body comes as a stream.
					const around = lines.slice(Math.max(0, i - 12), i + 12).join('\n');
					if (!/encoding:\s*'stream'/.test(around)) found.push(`${name}:${i + 1}: ${line.trim()} (n8n would parse X's answer)`);
				}
			});
		}
	}
	return found;
}

describe('one reader of X', () => {
	it('no file of the package parses X\'s answers but nodes/shared/transport/jsonReader.ts', () => {
		expect(parsesOutsideTheReader(ROOT)).toEqual([]);
	});

	it('a planted JSON.parse of an answer, or an answer n8n would parse, is found', () => {
		const copy = mkdtempSync(join(tmpdir(), 'one-reader-'));
		try {
			for (const dir of ['nodes', 'credentials']) cpSync(join(ROOT, dir), join(copy, dir), { recursive: true });
			writeFileSync(join(copy, 'nodes/XAds/planted.ts'), "export const read = (text: string) => JSON.parse(text);\nexport const options = { url: 'x', json: true };\n");
			expect(parsesOutsideTheReader(copy)).toEqual([
				"nodes/XAds/planted.ts:1: export const read = (text: string) => JSON.parse(text);",
				"nodes/XAds/planted.ts:2: export const options = { url: 'x', json: true }; (n8n would parse X's answer)",
			]);
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	});
});
