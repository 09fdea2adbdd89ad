/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * n8n offers every node marked usableAsTool to AI agents and MCP clients (as its "<name>Tool"
 * variant). Agents must never see a token or secret, so no tool variant may have an operation
 * whose output is one: X's token endpoints (X OAuth's operations) are not tools, and no tool
 * operation takes or returns a secret field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeType } from 'n8n-workflow';

import type { Resource } from '../../nodes/shared/engine/endpoints';
import { adsResources } from '../../nodes/XAds/resources';
import { oauthResources } from '../../nodes/XOAuth/XOAuth.node';
import { webhookResources } from '../../nodes/XWebhooks/XWebhooks.node';

const root = join(__dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

/** Every node the package ships (package.json's n8n.nodes), from its source. */
const shipped: INodeType[] = packageJson.n8n.nodes.map((dist) => {
	const source = join(root, dist.replace(/^dist\//, '').replace(/\.js$/, ''));
	const module = require(source) as Record<string, new () => INodeType>;
	const NodeClass = Object.values(module).find((value) => typeof value === 'function' && 'prototype' in value && 'description' in new value());
	return new NodeClass!();
});

/** The endpoint tables of the nodes, by node name. */
const resourcesOf: Record<string, Resource[]> = { xAds: adsResources, xWebhooks: webhookResources, xOAuth: oauthResources };

/** X's token endpoints: /oauth/..., /oauth2/..., /1.1/oauth/... (they answer with tokens). */
const TOKEN_PATH = /(^|\/)oauth2?\//;

const tools = shipped.filter((node) => node.description.usableAsTool);

test('the package ships tool variants (X Ads, X Webhooks), and X OAuth is not one', () => {
	expect(tools.map((node) => node.description.name).sort()).toEqual(['xAds', 'xWebhooks']);
});

test("every X OAuth operation is a token endpoint (the rule below recognizes X's token paths)", () => {
	const paths = oauthResources.flatMap((r) => r.endpoints.map((e) => e.path));
	expect(paths.filter((path) => !TOKEN_PATH.test(path))).toEqual([]);
});

test('no tool operation calls a token endpoint or carries a secret field', () => {
	const leaks: string[] = [];
	for (const node of tools) {
		const resources = resourcesOf[node.description.name];
		expect(resources).toBeDefined();
		for (const resource of resources) {
			for (const endpoint of resource.endpoints) {
				const where = `${node.description.name} ${resource.value}/${endpoint.operation}`;
				if (TOKEN_PATH.test(endpoint.path)) leaks.push(`${where}: ${endpoint.path}`);
				for (const field of endpoint.fields ?? []) if (field.secret) leaks.push(`${where}: secret field ${field.wire}`);
			}
		}
	}
	expect(leaks).toEqual([]);
});
