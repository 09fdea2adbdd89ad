/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING, Lint). */
/**
 * The guide's links lead somewhere: every link and picture of README.md, CONTRIBUTING.md,
 * bench/README.md and docs/ that points into this repository (a relative path, an anchor, or an
 * absolute URL of the repository, which README.md must use for npm's page) names a file that exists
 * and, with `#anchor`, a heading of that file. And every `npm run <script>` the README and
 * CONTRIBUTING.md tell users to type is a script of package.json.
 */
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
const home = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const [owner, name] = new URL(home).pathname.slice(1).split('/');
/** Absolute URLs of this repository's files on its main branch: GitHub pages and raw files. */
const ownUrl = new RegExp(
	`^https://(?:github\\.com/${owner}/${name}/(?:blob|tree)/main|raw\\.githubusercontent\\.com/${owner}/${name}/main)/([^#?]*)(#.*)?$`,
);

function guideFiles(): string[] {
	const docs = (fs.readdirSync(path.join(repo, 'docs'), { recursive: true }) as string[])
		.filter((file) => file.endsWith('.md'))
		.map((file) => path.join('docs', file));
	return ['README.md', 'CONTRIBUTING.md', 'bench/README.md', ...docs].filter((file) => fs.existsSync(path.join(repo, file)));
}

/** Markdown without its code: a link inside a code block or a code span is an example, not a link. */
const withoutCode = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors of a Markdown file: its headings (repeats get -1, -2, ...) and explicit ids. */
function anchorsOf(text: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const [, heading] of withoutCode(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const base = heading
			.replace(/`/g, '')
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count ? `${base}-${count}` : base);
	}
	for (const [, id] of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id);
	return anchors;
}

/** What is wrong with the links of one file: each broken link named with its target. */
export function brokenLinks(file: string, text: string, exists: (target: string) => string | undefined): string[] {
	const broken: string[] = [];
	for (const [, target] of withoutCode(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
		if (/^(mailto:|https?:\/\/)/.test(target) && !ownUrl.test(target)) continue;
		const own = ownUrl.exec(target);
		const [filePart, anchor] = own ? [own[1], own[2]?.slice(1)] : target.split('#');
		const resolved = own ? filePart : filePart ? path.posix.join(path.posix.dirname(file), filePart) : file;
		const content = exists(resolved.replace(/\/$/, ''));
		if (content === undefined) broken.push(`${file}: ${target} (no file ${resolved})`);
		else if (anchor && !anchorsOf(content).has(decodeURIComponent(anchor))) broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
	}
	return broken;
}

/** A file's text (a directory counts, as an empty text); undefined when there is none. */
function onDisk(relative: string): string | undefined {
	const full = path.join(repo, relative);
	if (!fs.existsSync(full)) return undefined;
	return fs.statSync(full).isDirectory() || !relative.endsWith('.md') ? '' : fs.readFileSync(full, 'utf8');
}

describe.each(guideFiles())('%s', (file) => {
	const text = fs.readFileSync(path.join(repo, file), 'utf8');

	it('every link into the repository names an existing file and heading', () => {
		expect(brokenLinks(file, text, onDisk)).toEqual([]);
	});
});

it('README.md and CONTRIBUTING.md exist and link to each other, and the README links the node reference', () => {
	const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
	expect(readme).toContain(`${home}/blob/main/CONTRIBUTING.md`);
	expect(readme).toContain(`${home}/blob/main/docs/nodes/README.md`);
	expect(fs.readFileSync(path.join(repo, 'CONTRIBUTING.md'), 'utf8')).toContain('](README.md)');
});

it.each(['README.md', 'CONTRIBUTING.md'])('every npm command %s names is a script of package.json', (file) => {
	const text = fs.readFileSync(path.join(repo, file), 'utf8');
	const named = [...text.matchAll(/npm run ([\w:.-]+)/g)].map(([, script]) => script);
	if (/\bnpm test\b/.test(text)) named.push('test');
	expect(named.length).toBeGreaterThan(3);
	expect([...new Set(named)].filter((script) => !(script in manifest.scripts))).toEqual([]);
});

it('finds a missing file, a missing heading and a repository URL to a missing file', () => {
	const files: Record<string, string> = { 'docs/a.md': '# Title\n\n## Same\n\n## Same\n\n# Here\n', 'README.md': '' };
	const exists = (target: string) => files[target];
	const text = [
		'[ok](a.md#title) [ok](a.md#same-1) [ok](#here) [ok](../README.md)',
		'[gone](b.md) [no heading](a.md#nowhere) [repeat](a.md#same-2)',
		`[absolute](${home}/blob/main/docs/gone.md) [outside](https://example.com/x) \`[code](c.md)\``,
		'# Here',
	].join('\n');
	expect(brokenLinks('docs/a.md', text, exists)).toEqual([
		'docs/a.md: b.md (no file docs/b.md)',
		'docs/a.md: a.md#nowhere (no heading #nowhere in docs/a.md)',
		'docs/a.md: a.md#same-2 (no heading #same-2 in docs/a.md)',
		`docs/a.md: ${home}/blob/main/docs/gone.md (no file docs/gone.md)`,
	]);
});
