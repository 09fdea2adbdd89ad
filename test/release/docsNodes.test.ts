/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING, Lint). */
/**
 * The node reference (docs/nodes/*.md) says what the node descriptions say. The pages are rendered
 * here from the TypeScript sources (the same renderer `npm run docs:nodes` runs over dist/), so a
 * changed label, action, description, resource or operation fails this test until the pages are
 * regenerated.
 */
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');
// The generator is plain CommonJS so that it runs with node alone (over dist/) and here (over the sources).
const docsNodes = require('../../scripts/docs-nodes.cjs');

/** package.json's entry `dist/nodes/XAds/XAds.node.js` is the source `nodes/XAds/XAds.node.ts`. */
const fromSource = (entry: string) =>
	require(path.join(repo, entry.replace(/^dist\//, '').replace(/\.js$/, '.ts')));

const sources = docsNodes.loadPackage(fromSource);
const pages: Map<string, string> = docsNodes.renderPages(sources, docsNodes.screenshotFilesOnDisk());

it('renders a page per node of package.json and an index', () => {
	expect(sources.nodes.length).toBe(4);
	expect([...pages.keys()].sort()).toEqual(['README.md', 'x-ads.md', 'x-oauth.md', 'x-trigger.md', 'x-webhooks.md']);
	// Every resource and operation of X Ads is on its page, with its action label.
	const xAds = pages.get('x-ads.md')!;
	expect(xAds).toContain('| Get Many | Get many accounts | List the ads accounts the user has access to |');
	expect(xAds).toContain('![X Ads: Line Item → Update](../screenshots/xads-line-item-update.png)');
});

it.each([...pages.keys()])('docs/nodes/%s is what the node descriptions say (npm run docs:nodes regenerates it)', (file) => {
	const onDisk = path.join(repo, docsNodes.NODES_DIR, file);
	expect(fs.existsSync(onDisk) ? fs.readFileSync(onDisk, 'utf8') : `(${file} is missing)`).toBe(pages.get(file));
});

it('docs/nodes/ holds exactly these pages, none missing, changed or left from a node the package no longer has', () => {
	expect(docsNodes.differences(pages)).toEqual([]);
});

it('a changed description makes its page differ', () => {
	const changed = { ...sources, nodes: JSON.parse(JSON.stringify(sources.nodes)) };
	const operation = changed.nodes[0].properties.find((property: { name: string }) => property.name === 'operation');
	operation.options[0].action = 'Something else';
	const rendered: Map<string, string> = docsNodes.renderPages(changed, docsNodes.screenshotFilesOnDisk());
	expect(docsNodes.differences(rendered)).toEqual(['docs/nodes/x-ads.md differs from the node descriptions']);
});

it("a versioned node (n8n's VersionedNodeType) is described by the version new nodes get", () => {
	const version = (n: number) => ({ description: { properties: [], version: n, displayName: `v${n}`, name: 'xThing' } });
	const versioned = { nodeVersions: { 1: version(1), 2: version(2) }, currentVersion: 2, description: { displayName: 'X Thing', name: 'xThing', description: 'Base', defaultVersion: 2 } };
	expect(docsNodes.descriptionOf(versioned)).toEqual({ properties: [], version: [1, 2], defaultVersion: 2, displayName: 'X Thing', name: 'xThing', description: 'Base' });
});
