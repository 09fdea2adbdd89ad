/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * n8n's linter reads source text, so the parameters our endpoint tables build at runtime escape
 * it. This test prints each node's built description as source and runs n8n's own node rules
 * (eslint-plugin-n8n-nodes-base, the `nodes` preset the package lint uses) over that text, so
 * generated options, display names and descriptions follow the conventions hand-written ones do.
 */
import { ESLint, type Linter } from 'eslint';

/** The plugin treats every file as every kind of file when NODE_ENV is "test" (jest's): load it as the lint does. */
const jestEnv = process.env.NODE_ENV;
const tsParser = require('@typescript-eslint/parser');
process.env.NODE_ENV = 'lint';
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base');
process.env.NODE_ENV = jestEnv;
import type { INodeType } from 'n8n-workflow';

import { XAds } from '../../nodes/XAds/XAds.node';
import { XOAuth } from '../../nodes/XOAuth/XOAuth.node';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { XWebhooks } from '../../nodes/XWebhooks/XWebhooks.node';

/** Rules about files and classes, not about the (generated) description text. */
const FILE_RULES = [
	'node-class-description-inputs-wrong-regular-node',
	'node-class-description-outputs-wrong',
	'node-class-description-inputs-wrong-trigger-node',
	'node-dirname-against-convention',
	'node-filename-against-convention',
	'node-resource-description-filename-against-convention',
	'node-execute-block-missing-continue-on-fail',
	'node-execute-block-wrong-error-thrown',
	'node-execute-block-error-missing-item-index',
	'node-execute-block-double-assertion-for-items',
];

/** Findings that are wrong for X's data, each with the reason (rule, then the parameter's line). */
const EXCEPTIONS: Array<{ rule: string; line: RegExp; why: string }> = [
	{
		rule: 'node-param-color-type-unused',
		line: /^type: "string",$/,
		why: "a product's color is a color name such as \"Red\" (X refuses hex codes), not a value from n8n's color picker",
	},
	{
		rule: 'node-param-description-miscased-url',
		line: /^description: "X's kind profile\.update\.url",$/,
		why: "X's own name of the event type, quoted as X's docs spell it (the label says Website)",
	},
];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** JavaScript source of a value, with plain keys (the rules look for identifier keys). */
export function toSource(value: unknown, indent = ''): string {
	if (value === undefined) return 'undefined';
	if (value === null || typeof value !== 'object') return JSON.stringify(value);
	const inner = indent + '\t';
	if (Array.isArray(value)) {
		if (!value.length) return '[]';
		return `[\n${value.map((v) => inner + toSource(v, inner)).join(',\n')},\n${indent}]`;
	}
	const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && typeof v !== 'function');
	if (!entries.length) return '{}';
	const key = (k: string) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));
	return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${toSource(v, inner)}`).join(',\n')},\n${indent}}`;
}

function generatedSource(name: string, node: INodeType): string {
	return [
		"import type { INodeType, INodeTypeDescription } from 'n8n-workflow';",
		'',
		`export class ${name} implements INodeType {`,
		`\tdescription: INodeTypeDescription = ${toSource(node.description, '\t')};`,
		'}',
		'',
	].join('\n');
}

const rules: Linter.RulesRecord = Object.fromEntries(
	Object.entries(n8nNodesBase.configs.nodes.rules as Record<string, unknown>).map(([rule, level]) => [
		rule,
		FILE_RULES.some((r) => rule.endsWith(`/${r}`)) ? 'off' : (level as Linter.RuleEntry),
	]),
);

const eslint = new ESLint({
	overrideConfigFile: true,
	overrideConfig: [
		{
			files: ['**/*.ts'],
			languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
			plugins: { 'n8n-nodes-base': n8nNodesBase },
			rules,
		},
	],
});

describe("generated node descriptions follow n8n's node lint rules", () => {
	test.each([
		['XAds', new XAds()],
		['XWebhooks', new XWebhooks()],
		['XOAuth', new XOAuth()],
		['XTrigger', new XTrigger()],
	] as Array<[string, INodeType]>)('%s', async (name, node) => {
		const source = generatedSource(name, node);
		const [result] = await eslint.lintText(source, { filePath: `nodes/${name}/${name}.node.ts` });
		const lines = source.split('\n');
		const problems = result.messages
			.filter((m) => !EXCEPTIONS.some((e) => m.ruleId?.endsWith(`/${e.rule}`) && e.line.test(lines[m.line - 1]?.trim() ?? '')))
			.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}\n    at line ${m.line}: ${lines[m.line - 1]?.trim()}`);
		expect(problems).toEqual([]);
	});
});

describe('node subtitles show display names', () => {
	/** The editor evaluates the subtitle expression with the node's parameters as $parameter. */
	const subtitle = (node: INodeType, parameter: Record<string, string>) =>
		new Function('$parameter', `return ${String(node.description.subtitle).replace(/^=\{\{|\}\}$/g, '')}`)(parameter);

	test.each([
		['Add Users: Custom Audience', new XAds(), { resource: 'customAudience', operation: 'addUsers' }],
		['Get Many: Account', new XAds(), { resource: 'account', operation: 'getAll' }],
		['Get Many: Webhook', new XWebhooks(), { resource: 'webhook', operation: 'getAll' }],
		['Invalidate: Bearer Token', new XOAuth(), { resource: 'bearerToken', operation: 'invalidate' }],
	] as Array<[string, INodeType, Record<string, string>]>)('%s', (shown, node, parameter) => {
		expect(subtitle(node, parameter)).toBe(shown);
	});

	test('an operation the node does not know shows its raw value', () => {
		expect(subtitle(new XAds(), { resource: 'account', operation: 'frobnicate' })).toBe('account.frobnicate');
	});
});

describe("n8n's conventions the linter does not check", () => {
	const nodes = [new XAds(), new XWebhooks(), new XOAuth()] as INodeType[];
	const shown = (p: { displayOptions?: { show?: Record<string, unknown> } }, key: string) =>
		(p.displayOptions?.show?.[key] as string[] | undefined) ?? [];

	test('the thing acted on (required parameters) comes before option collections', () => {
		const late: string[] = [];
		for (const node of nodes) {
			const props = node.description.properties;
			for (const [i, p] of props.entries()) {
				if (!p.required) continue;
				const collection = props.findIndex(
					(c, j) =>
						j < i &&
						(c.type === 'collection' || c.type === 'fixedCollection') &&
						shown(c, 'resource').some((r) => shown(p, 'resource').includes(r)) &&
						shown(c, 'operation').some((o) => shown(p, 'operation').includes(o)),
				);
				if (collection !== -1) late.push(`${node.description.name} ${shown(p, 'resource')}/${shown(p, 'operation')}: ${p.name} after ${props[collection].name}`);
			}
		}
		expect(late).toEqual([]);
	});

	/** Locators without a list, each with the reason. */
	const NO_LIST: Record<string, string> = {};

	test('every resource locator offers a searchable list', () => {
		const plain = nodes.flatMap((node) =>
			node.description.properties
				.filter((p) => p.type === 'resourceLocator' && !(p.name in NO_LIST) && !p.modes?.some((m) => m.type === 'list' && m.typeOptions?.searchListMethod))
				.map((p) => `${node.description.name} ${shown(p, 'resource')}/${shown(p, 'operation')}: ${p.name}`),
		);
		expect(plain).toEqual([]);
	});

	test('Get Many operations offer Return All and Limit', () => {
		const missing: string[] = [];
		for (const node of nodes) {
			for (const op of node.description.properties.filter((p) => p.name === 'operation')) {
				for (const option of (op.options ?? []) as Array<{ name: string; value: string }>) {
					if (option.name !== 'Get Many') continue;
					const has = (name: string) =>
						node.description.properties.some(
							(p) => p.name === name && shown(p, 'resource').some((r) => shown(op, 'resource').includes(r)) && shown(p, 'operation').includes(option.value),
						);
					if (!has('returnAll') || !has('limit')) missing.push(`${node.description.name} ${shown(op, 'resource')}/${option.value}`);
				}
			}
		}
		expect(missing).toEqual([]);
	});
});
