/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Every link to X's docs in the shipped package (credentials' documentationUrl, the nodes' codex
 * files, endpoint docs, comments) names a page that exists in X's current docs: the reference holds
 * X's pages as docs.x.com/<path>.mdx, and a page those pages link to (href="/x-api/...") is one of
 * the same docs even when the reference does not hold it. A page X moved
 * (docs.x.com/resources/fundamentals/... became docs.x.com/fundamentals/...) fails here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { referenceDir } from './adsReference';

const ROOT = resolve(__dirname, '../..');
const DOCS_URL = /https:\/\/docs\.x\.com\/[A-Za-z0-9/_.-]*[A-Za-z0-9_-]/g;

function shippedDocsUrls(): Map<string, string[]> {
	const files = execFileSync('git', ['ls-files', 'nodes', 'credentials'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
	const urls = new Map<string, string[]>();
	for (const file of files) {
		const text = readFileSync(join(ROOT, file), 'utf8');
		for (const url of text.match(DOCS_URL) ?? []) urls.set(url, [...(urls.get(url) ?? []), file]);
	}
	return urls;
}

/** The docs.x.com pages the reference's own pages link to (href="/path", anchors dropped). */
function linkedPages(docs: string): Set<string> {
	const pages = new Set<string>();
	for (const entry of readdirSync(docs, { recursive: true, encoding: 'utf8' })) {
		if (!entry.endsWith('.mdx')) continue;
		for (const [, path] of readFileSync(join(docs, entry), 'utf8').matchAll(/href="\/([A-Za-z0-9/_.-]+)(?:#[^"]*)?"/g)) pages.add(path.replace(/\/$/, ''));
	}
	return pages;
}

describe('links to X\'s docs', () => {
	it('every docs.x.com link in nodes/ and credentials/ is a page of X\'s current docs', () => {
		const docs = join(referenceDir(), 'x-docs');
		const urls = shippedDocsUrls();
		expect(urls.size).toBeGreaterThan(20);
		const linked = linkedPages(docs);
		const missing = [...urls]
			.filter(([url]) => {
				const page = url.replace('https://docs.x.com/', '');
				return !['.mdx', '.md', '/index.mdx'].some((end) => existsSync(join(docs, page + end))) && !linked.has(page);
			})
			.map(([url, files]) => `${url} (${[...new Set(files)].join(', ')})`);
		expect(missing).toEqual([]);
	});
});
