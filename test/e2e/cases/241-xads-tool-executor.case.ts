/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The X Ads Tool node as n8n's tool runner calls it, without an AI agent: n8n's Tool Executor
 * (Manual Trigger -> Tool Executor, the example's list_campaigns and get_campaign tool nodes on
 * its ai_tool input) hands each tool its $fromAI arguments from the query, as an agent's tool call
 * would. The node runs inside the workflow's execution: the emulator logs the requests with the
 * account the "model" chose, and the output is the simplified records (X Ads version 2).
 */
import * as fs from 'node:fs';

import type { WorkflowJson } from '../n8n';
import { defineCase, type CaseContext } from '../types';
import { MCP_EXAMPLE } from './240-xads-mcp-server.case';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

function toolExecutorWorkflow(ctx: CaseContext): WorkflowJson {
	const example = JSON.parse(fs.readFileSync(MCP_EXAMPLE, 'utf8')) as WorkflowJson;
	const tool = example.nodes.find((n) => n.name === 'list_campaigns')!;
	const fx = fixtures(ctx);
	// The tool call's arguments; n8n 2.x's Tool Executor takes them under the tool's name, 1.x as they are.
	const args = { account_id: fx.accountId };
	return {
		name: 'X Ads Tool through the Tool Executor',
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				name: 'Tool Executor',
				type: '@n8n/n8n-nodes-langchain.toolExecutor',
				typeVersion: 1,
				position: [240, 0],
				parameters: { query: JSON.stringify(ctx.client.major >= 2 ? { list_campaigns: args } : args), toolName: '', node: '' },
			},
			{ ...tool, position: [240, 200], credentials: { xOAuth1Api: '@x' } },
		],
		connections: {
			Start: { main: [[{ node: 'Tool Executor', type: 'main', index: 0 }]] },
			list_campaigns: { ai_tool: [[{ node: 'Tool Executor', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	} as unknown as WorkflowJson;
}

export default defineCase({
	name: 'X Ads Tool node: runs as n8n\'s tool runner calls it (Tool Executor, no AI agent)',
	needs: ['package'],
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: toolExecutorWorkflow,
	expect: {
		node: 'Tool Executor',
		emulator: { requests: [{ method: 'GET', path: /^\/12\/accounts\/\w+\/campaigns$/, status: 200, count: 1 }] },
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const campaigns = result.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/campaigns'));
		if (campaigns[0]?.path !== `/12/accounts/${fx.accountId}/campaigns`) {
			throw new Error(`the tool did not use the account from the tool call: ${campaigns.map((r) => r.path).join(', ')}`);
		}
		// The tool's answer to the "model": the records as JSON text, as an agent receives them.
		const output = result.execution!.output('Tool Executor') as unknown[];
		const records = output.flatMap((o) => (typeof o === 'string' ? (JSON.parse(o) as Array<Record<string, unknown>>) : [o as Record<string, unknown>]));
		if (!records.length || !records.every((r) => typeof r.id === 'string' && typeof r.entity_status === 'string')) {
			throw new Error(`no campaign records in the tool's output: ${JSON.stringify(output).slice(0, 400)}`);
		}
		// Version 2 simplifies: fields outside nodes/XAds/common/simplify.ts (such as created_at) are left out.
		if (records.some((r) => 'created_at' in r)) throw new Error(`the tool's output is not simplified: ${JSON.stringify(records[0])}`);
		ctx.log(`Tool Executor: ${records.length} campaigns, e.g. ${JSON.stringify(records[0])}`);
	},
});
