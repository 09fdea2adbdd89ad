/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * examples/x-ads-mcp-server.json's guardrails, checked without n8n (e2e case 240 runs it in real
 * n8n): every tool is an X Ads tool node with a written description; what it creates starts
 * PAUSED and no status anywhere comes from the model; the server asks for a bearer token; every
 * parameter a tool sets is one the X Ads node has for that operation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties } from 'n8n-workflow';

import { XAds } from '../../nodes/XAds/XAds.node';

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
}

const example = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'x-ads-mcp-server.json'), 'utf8')) as {
	nodes: ExampleNode[];
	connections: Record<string, { ai_tool?: Array<Array<{ node: string }>> }>;
};
const trigger = example.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!;
const tools = example.nodes.filter((n) => n !== trigger);
const properties = new XAds().description.properties;

/** Every key path of the parameters whose value (at any depth) is or contains a $fromAI call. */
function fromAiPaths(value: unknown, path: string): string[] {
	if (typeof value === 'string') return value.includes('$fromAI(') ? [path] : [];
	if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => fromAiPaths(v, `${path}.${k}`));
	return [];
}

test('23 X Ads tool nodes (version 2), each connected to the MCP Server Trigger with its own description', () => {
	expect(tools).toHaveLength(23);
	for (const tool of tools) {
		expect([tool.name, tool.type, tool.typeVersion]).toEqual([tool.name, 'n8n-nodes-x-ads.xAdsTool', 2]);
		expect(String(tool.parameters.toolDescription).length).toBeGreaterThan(20);
		expect(example.connections[tool.name]?.ai_tool?.[0]?.[0]?.node).toBe(trigger.name);
	}
	expect(new Set(tools.map((t) => t.parameters.toolDescription)).size).toBe(23);
});

test('the MCP server asks for a bearer token', () => {
	expect(trigger.parameters.authentication).toBe('bearerAuth');
});

test('creates start PAUSED and no status comes from the model', () => {
	for (const tool of tools.filter((t) => t.parameters.operation === 'create' && ['campaign', 'lineItem'].includes(String(t.parameters.resource)))) {
		expect([tool.name, tool.parameters.entityStatus]).toEqual([tool.name, 'PAUSED']);
	}
	const statusFromModel = tools.flatMap((t) => fromAiPaths(t.parameters, t.name)).filter((path) => /status/i.test(path));
	expect(statusFromModel).toEqual([]);
});

test("every parameter a tool sets is one the X Ads node shows for that operation (version 2)", () => {
	const shown = (p: INodeProperties, resource: string, operation: string) =>
		!!p.displayOptions?.show?.resource?.includes(resource) &&
		!!p.displayOptions.show.operation?.includes(operation) &&
		JSON.stringify(p.displayOptions.show['@version'] ?? null) !== '[1]';
	const unknown: string[] = [];
	for (const tool of tools) {
		const { resource, operation, authentication: _a, descriptionType: _d, toolDescription: _t, requestOptions: _r, ...rest } = tool.parameters as Record<string, unknown>;
		for (const [name, value] of Object.entries(rest)) {
			const property = properties.find((p) => p.name === name && shown(p, String(resource), String(operation)));
			if (!property) unknown.push(`${tool.name}: ${name}`);
			else if (property.type === 'collection' && value && typeof value === 'object') {
				const options = (property.options ?? []) as INodeProperties[];
				for (const key of Object.keys(value)) if (!options.some((o) => o.name === key)) unknown.push(`${tool.name}: ${name}.${key}`);
			}
		}
	}
	expect(unknown).toEqual([]);
});
