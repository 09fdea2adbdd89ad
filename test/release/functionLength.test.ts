/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * No function of the shipped code (nodes/, credentials/) is longer than 80 lines (issue 38), counted
 * with the TypeScript compiler's own parser: every function-like node with a body (declarations,
 * methods, accessors, constructors, arrows, function expressions), from its first line to its last.
 * An inner closure counts on its own and also inside its parent. The check fails on a planted long
 * function, so it can fail.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const MAX_LINES = 80;

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
	});
}

/** The functions of one file longer than `max` lines: "file:line name (N lines)". */
export function longFunctions(file: string, name: string, max = MAX_LINES): string[] {
	const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			const lines = last - first + 1;
			if (lines > max) found.push(`${name}:${first + 1} ${functionName(node, source)} (${lines} lines)`);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
	const named = (node as { name?: ts.Node }).name ?? (node.parent as { name?: ts.Node } | undefined)?.name;
	return named ? named.getText(source) : '(anonymous)';
}

function longFunctionsUnder(root: string): string[] {
	return ['nodes', 'credentials'].flatMap((dir) => sourceFiles(join(root, dir)).flatMap((file) => longFunctions(file, relative(root, file))));
}

describe('functions of at most 80 lines', () => {
	it('holds for every function in nodes/ and credentials/', () => {
		expect(longFunctionsUnder(ROOT)).toEqual([]);
	});

	it('finds a planted long function, an inner closure on its own and inside its parent', () => {
		const dir = mkdtempSync(join(tmpdir(), 'function-length-'));
		try {
			const body = (n: number) => Array.from({ length: n }, (_, i) => `\tconst v${i} = ${i};`).join('\n');
			const file = join(dir, 'planted.ts');
			writeFileSync(file, `export function outer() {\n${body(40)}\n\tconst inner = () => {\n${body(79)}\n\t};\n\treturn inner;\n}\nexport const fine = () => {\n${body(78)}\n};\n`);
			expect(longFunctions(file, 'planted.ts')).toEqual(['planted.ts:1 outer (124 lines)', 'planted.ts:42 inner (81 lines)']);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
