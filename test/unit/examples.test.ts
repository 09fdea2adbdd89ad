/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * examples/*.json as the user imports them, checked without n8n (the e2e cases 104, 163-165, 220,
 * 240 and 260-267 run each in real n8n): every node of this package on its newest version, Simplify
 * on wherever the operation has it, and no field that a record needs to make sense left empty.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { XAds } from '../../nodes/XAds/XAds.node';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { XWebhooks } from '../../nodes/XWebhooks/XWebhooks.node';
import { XOAuth } from '../../nodes/XOAuth/XOAuth.node';

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, any>;
}

const DIR = join(__dirname, '..', '..', 'examples');
const examples = readdirSync(DIR)
	.filter((f) => f.endsWith('.json'))
	.map((file) => ({ file, nodes: (JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { nodes: ExampleNode[] }).nodes }));

const descriptions: Record<string, INodeTypeDescription> = {
	'n8n-nodes-x-ads.xAds': new XAds().description,
	'n8n-nodes-x-ads.xAdsTool': new XAds().description,
	'n8n-nodes-x-ads.xTrigger': new XTrigger().description,
	'n8n-nodes-x-ads.xWebhooks': new XWebhooks().description,
	'n8n-nodes-x-ads.xOAuth': new XOAuth().description,
};
const newest = (d: INodeTypeDescription) => Math.max(...([] as number[]).concat(d.version));
const ours = examples.flatMap(({ file, nodes }) => nodes.filter((n) => n.type.startsWith('n8n-nodes-x-ads.')).map((node) => ({ file, node })));

/** The node's parameters as n8n resolves them (defaults of the fields shown), or undefined for an unknown type. */
function resolved(node: ExampleNode): Record<string, any> | undefined {
	const d = descriptions[node.type];
	return (NodeHelpers.getNodeParameters(d.properties, node.parameters as any, true, false, node as any, d) ?? undefined) as Record<string, any> | undefined;
}

/** Fields an operation may leave empty at X's side but not in an example: what X would store as null. */
const NEEDED: Record<string, string[]> = {
	'campaign.create': ['name'],
	'lineItem.create': ['additionalFields.name'],
	'post.create': ['additionalFields.text'],
	'card.create': ['name'],
	'media.upload': ['additionalFields.altText'],
};
/** IDs of the user's own records at X (account, catalog, audience ...): empty in the file, picked by the user, filled by `npm run dev`. */
const USERS_OWN = new Set(['account', 'catalog', 'customAudienceId', 'fundingInstrument', 'tweetIds', 'pixelId', 'eventId', 'lineItem', 'asUserId', 'userId']);

const at = (object: Record<string, any>, path: string) => path.split('.').reduce<any>((o, k) => (o === undefined || o === null ? undefined : o[k]), object);
const empty = (v: unknown) => v === undefined || v === null || v === '' || (typeof v === 'object' && !Array.isArray(v) && (v as { __rl?: boolean }).__rl === true && (v as { value?: unknown }).value === '');

test('every example node of this package is on its newest version', () => {
	expect(ours.length).toBeGreaterThan(30);
	for (const { file, node } of ours) expect([file, node.name, node.typeVersion]).toEqual([file, node.name, newest(descriptions[node.type])]);
});

test('Simplify is on wherever the operation has it (and no example turns it off)', () => {
	const simplified: string[] = [];
	for (const { file, node } of ours) {
		const p = resolved(node)!;
		if (!('simplify' in p)) continue;
		expect([file, node.name, p.simplify]).toEqual([file, node.name, true]);
		simplified.push(`${file}: ${node.name}`);
	}
	expect(simplified).toEqual(
		expect.arrayContaining([
			'account-listing.json: List Accounts',
			'daily-performance-report.json: Ads Account',
			"daily-performance-report.json: Yesterday's Stats",
			'daily-performance-report.json: Line Item Names',
			'pause-spent-line-items.json: Line Items',
			'pause-spent-line-items.json: Spend Since Start',
		]),
	);
});

test('no example leaves a field empty that the record needs (names of what it creates, required fields other than the user\'s own IDs)', () => {
	const gaps: string[] = [];
	for (const { file, node } of ours) {
		const p = node.parameters;
		for (const path of NEEDED[`${p.resource}.${p.operation}`] ?? []) if (empty(at(p, path))) gaps.push(`${file}: ${node.name}: ${path}`);
		const shown = resolved(node)!;
		for (const property of descriptions[node.type].properties) {
			if (!property.required || USERS_OWN.has(property.name) || !(property.name in shown)) continue;
			if (!NodeHelpers.displayParameter(shown as any, property, node as any, descriptions[node.type])) continue;
			if (empty(shown[property.name])) gaps.push(`${file}: ${node.name}: ${property.name} (required)`);
		}
	}
	expect(gaps).toEqual([]);
});

test('the daily report asks for exactly yesterday in the account\'s time zone (read from the account), not for UTC midnights', () => {
	const report = examples.find((e) => e.file === 'daily-performance-report.json')!.nodes;
	const byName = Object.fromEntries(report.map((n) => [n.name, n]));
	expect(byName['Ads Account'].parameters).toMatchObject({ resource: 'account', operation: 'get' });
	const window = JSON.stringify(byName.Yesterday.parameters);
	expect(window).toContain('$now.setZone($json.timezone)');
	for (const name of ['Active Line Items', "Yesterday's Stats"]) {
		expect(JSON.stringify(byName[name].parameters)).not.toMatch(/T00:00:00Z|\$today/);
	}
	expect(byName["Yesterday's Stats"].parameters).toMatchObject({ startTime: "={{ $('Yesterday').first().json.start_time }}", endTime: "={{ $('Yesterday').first().json.end_time }}", granularity: 'DAY' });
	expect(String(report.find((n) => n.type === 'n8n-nodes-base.stickyNote')!.parameters.content)).toMatch(/Append or Update/);
});
