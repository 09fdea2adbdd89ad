/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * examples/x-ads-mcp-server.json as a user imports it, activated over n8n's REST API, and a real
 * MCP client (@modelcontextprotocol/sdk, Streamable HTTP) against n8n's MCP Server Trigger: the 23
 * tools (X's Ads MCP names) listed with their descriptions and input schemas (the $fromAI
 * parameters, no status for writes), called against the emulator (whose log shows each request),
 * a bad ID answered isError with X's message, a wrong argument type refused by the schema.
 * Without usableAsTool on X Ads the workflow does not activate (no xAdsTool type); a tool that
 * loses a $fromAI parameter fails the schema assertions.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import type { WorkflowJson } from '../n8n';
import { removeWorkflow } from '../trigger';
import { defineCase, type CaseContext } from '../types';

export const MCP_EXAMPLE = path.join(__dirname, '..', '..', '..', 'examples', 'x-ads-mcp-server.json');

/**
 * X's 23 Ads MCP tools (shared/reference/x-docs/x-ads-api/mcp/reference.mdx) and the input each
 * takes from the model ($fromAI parameters of the example's nodes, `?` where it may leave one out;
 * status is never one of them).
 */
const X_TOOLS: Record<string, string[]> = {
	list_ads_accounts: [],
	list_campaigns: ['account_id'],
	get_campaign: ['account_id', 'campaign_id'],
	list_line_items: ['account_id', 'campaign_ids?'],
	list_funding_instruments: ['account_id'],
	list_promoted_posts: ['account_id', 'line_item_ids?'],
	list_targeting_criteria: ['account_id', 'line_item_ids'],
	list_account_posts: ['account_id'],
	get_account_stats: ['account_id', 'entity', 'entity_ids', 'start_date', 'end_date'],
	get_active_entities: ['account_id', 'entity', 'start_time', 'end_time'],
	get_campaign_reach: ['account_id', 'campaign_ids', 'start_time', 'end_time'],
	search_targeting_interests: ['query'],
	search_targeting_locations: ['query'],
	create_campaign: ['account_id', 'funding_instrument_id', 'name', 'daily_budget?'],
	update_campaign: ['account_id', 'campaign_id', 'name?', 'daily_budget?'],
	activate_campaign: ['account_id', 'campaign_id'],
	create_line_item: ['account_id', 'campaign_id', 'objective', 'start_time', 'end_time', 'name?'],
	update_line_item: ['account_id', 'line_item_id', 'name?', 'total_budget?'],
	activate_line_item: ['account_id', 'line_item_id'],
	add_targeting_criterion: ['account_id', 'line_item_id', 'targeting_type', 'targeting_value'],
	remove_targeting: ['account_id', 'targeting_criterion_id'],
	create_ad_post: ['account_id', 'as_user_id', 'text'],
	promote_post: ['account_id', 'line_item_id', 'post_ids'],
};

/** The example with the case's credential and a path of its own. */
export function mcpExample(ctx: CaseContext, mcpPath: string): WorkflowJson {
	const wf = JSON.parse(fs.readFileSync(MCP_EXAMPLE, 'utf8')) as WorkflowJson;
	const { x, mcp } = ctx.credentials;
	const nodes = wf.nodes.map((n) =>
		n.type.endsWith('mcpTrigger')
			? { ...n, webhookId: randomUUID(), parameters: { ...n.parameters, path: mcpPath }, credentials: { httpBearerAuth: { id: mcp.id, name: mcp.name } } }
			: { ...n, credentials: { xOAuth1Api: { id: x.id, name: x.name } } },
	);
	return { ...wf, nodes };
}

/** Words the emulator's targeting catalogue answers (test/emulator's seed). */
const LOCATION_QUERY = 'United';
const INTEREST_QUERY = 'Sports';

/** The MCP server's bearer token (the example asks for one: an open URL would let anyone spend). */
const MCP_TOKEN = `e2e-mcp-${randomUUID()}`;

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const text = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');

function assert(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(message);
}

export default defineCase({
	name: 'X Ads MCP server example: a real MCP client lists and calls the 23 tools over Streamable HTTP',
	needs: ['package'],
	credentials: { x: { type: 'xOAuth1Api' }, mcp: { type: 'httpBearerAuth', data: { token: MCP_TOKEN } } },
	timeoutMs: 120_000,
	check: async (ctx) => {
		const fx = ctx.emulator!.control.fixtures().production;
		const types = (await ctx.client.nodeTypes()).map((t) => t.name);
		assert(types.includes('n8n-nodes-x-ads.xAdsTool'), 'n8n lists no X Ads tool variant');
		assert(!types.includes('n8n-nodes-x-ads.xOAuthTool'), 'n8n offers X OAuth (token outputs) as a tool');

		const mcpPath = `x-ads-${randomUUID().slice(0, 8)}`;
		const saved = await ctx.client.createWorkflow(mcpExample(ctx, mcpPath));
		await ctx.client.activateWorkflow(saved.id);
		const url = new URL(`${ctx.n8n.baseUrl}/mcp/${mcpPath}`);
		// Without the token n8n refuses the client.
		const stranger = new Client({ name: 'e2e-no-token', version: '1.0.0' });
		const refusedStranger = await stranger.connect(new StreamableHTTPClientTransport(url)).then(
			() => 'connected',
			(error: Error) => error.message,
		);
		assert(/401|403|unauthori[sz]ed|Authorization data is wrong/i.test(refusedStranger), `a client without the token: ${refusedStranger}`);
		await stranger.close().catch(() => undefined);
		const client = new Client({ name: 'e2e-mcp-client', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${MCP_TOKEN}` } } }));
		try {
			// Listing: names, descriptions, input schemas.
			const { tools } = await client.listTools();
			const byName = new Map(tools.map((t) => [t.name, t]));
			assert(JSON.stringify([...byName.keys()].sort()) === JSON.stringify(Object.keys(X_TOOLS).sort()), `tools listed: ${[...byName.keys()].join(', ')}`);
			const example = JSON.parse(fs.readFileSync(MCP_EXAMPLE, 'utf8')) as WorkflowJson;
			for (const node of example.nodes.filter((n) => n.type.endsWith('xAdsTool'))) {
				const tool = byName.get(node.name)!;
				assert(tool.description === (node.parameters as { toolDescription: string }).toolDescription, `${node.name}: description ${tool.description}`);
				const schema = tool.inputSchema as { properties?: Record<string, { type?: string }> };
				const props = Object.keys(schema.properties ?? {}).sort();
				const expected = X_TOOLS[node.name].map((k) => k.replace(/\?$/, '')).sort();
				assert(JSON.stringify(props) === JSON.stringify(expected), `${node.name}: schema properties [${props.join(', ')}], expected [${expected.join(', ')}]`);
				const required = [...((schema as { required?: string[] }).required ?? [])].sort();
				const mustGive = X_TOOLS[node.name].filter((k) => !k.endsWith('?')).sort();
				assert(JSON.stringify(required) === JSON.stringify(mustGive), `${node.name}: required [${required.join(', ')}], expected [${mustGive.join(', ')}]`);
				assert(!props.some((p) => /status/i.test(p)), `${node.name} lets the model set a status`);
			}
			const accountIdSchema = (byName.get('list_campaigns')!.inputSchema as { properties: Record<string, { type?: string }> }).properties.account_id;
			assert(accountIdSchema?.type === 'string', `list_campaigns account_id: ${JSON.stringify(accountIdSchema)}`);

			// Every tool called against the emulator, as an agent would chain them.
			const account_id = fx.accountId;
			const calls: string[] = [];
			const call = async (name: string, args: Record<string, unknown>, request: RegExp): Promise<string> => {
				const before = ctx.emulator!.control.requests().length;
				const result = (await client.callTool({ name, arguments: args })) as ToolResult;
				const sent = ctx.emulator!.control.requests().slice(before).map((r) => `${r.method} ${r.path} ${r.status}`);
				assert(!result.isError, `${name}: isError ${text(result).slice(0, 400)}`);
				assert(sent.some((r) => request.test(r)), `${name}: the emulator logged ${sent.join('; ') || 'nothing'}, expected ${request}`);
				calls.push(`${name}: ${sent.join(', ')}`);
				return text(result);
			};
			const idIn = (answer: string, what: string) => {
				const id = /"id":\s*"([^"]+)"/.exec(answer)?.[1];
				assert(id, `no ${what} ID in ${answer.slice(0, 300)}`);
				return id;
			};
			const accounts = await call('list_ads_accounts', {}, /^GET \/12\/accounts 200$/);
			assert(accounts.includes(account_id), `list_ads_accounts: ${accounts.slice(0, 300)}`);
			// Simplify (X Ads version 2's default): what the model reads has no raw-only fields such as salt.
			assert(!accounts.includes('"salt"'), `list_ads_accounts is not simplified: ${accounts.slice(0, 300)}`);
			await call('list_funding_instruments', { account_id }, /^GET \/12\/accounts\/\w+\/funding_instruments 200$/);
			assert(/"entity_status"/.test(await call('list_campaigns', { account_id }, /^GET \/12\/accounts\/\w+\/campaigns 200$/)), 'list_campaigns without statuses');
			const created = await call(
				'create_campaign',
				{ account_id, funding_instrument_id: fx.fundingInstrumentIds[0], name: 'MCP launch', daily_budget: '25.00' },
				/^POST \/12\/accounts\/\w+\/campaigns 200$/,
			);
			assert(/"entity_status":\s*"PAUSED"/.test(created), `create_campaign not PAUSED: ${created.slice(0, 300)}`);
			const post = ctx.emulator!.control.requests().find((r) => r.method === 'POST' && r.path.endsWith('/campaigns'))!;
			assert(/entity_status=PAUSED|"entity_status":"PAUSED"/.test(`${post.query} ${post.body}`), `campaign not created PAUSED: ${post.query} ${post.body}`);
			const campaign_id = idIn(created, 'campaign');
			await call('get_campaign', { account_id, campaign_id }, /^GET \/12\/accounts\/\w+\/campaigns\/\w+ 200$/);
			await call('update_campaign', { account_id, campaign_id, name: 'MCP launch 2', daily_budget: '30.00' }, /^PUT \/12\/accounts\/\w+\/campaigns\/\w+ 200$/);
			const lineItem = await call(
				'create_line_item',
				{ account_id, campaign_id, objective: 'ENGAGEMENTS', start_time: '2027-01-01T00:00:00Z', end_time: '2027-02-01T00:00:00Z', name: 'MCP line item' },
				/^POST \/12\/accounts\/\w+\/line_items 200$/,
			);
			assert(/"entity_status":\s*"PAUSED"/.test(lineItem), `create_line_item not PAUSED: ${lineItem.slice(0, 300)}`);
			const line_item_id = idIn(lineItem, 'line item');
			// An argument left out is not sent (the name stays).
			await call('update_line_item', { account_id, line_item_id, total_budget: '500.00' }, /^PUT \/12\/accounts\/\w+\/line_items\/\w+ 200$/);
			const update = ctx.emulator!.control.requests().filter((r) => r.method === 'PUT' && r.path.endsWith(`/line_items/${line_item_id}`)).pop()!;
			assert(!/(^|[&?"])name/.test(`${update.query} ${update.body}`) && /total_budget_amount_local_micro/.test(`${update.query} ${update.body}`), `update_line_item sent ${update.query} ${update.body}`);
			await call('list_line_items', { account_id, campaign_ids: campaign_id }, /^GET \/12\/accounts\/\w+\/line_items 200$/);
			const locations = await call('search_targeting_locations', { query: LOCATION_QUERY }, /^GET \/12\/targeting_criteria\/locations 200$/);
			const targeting_value = /"targeting_value":\s*"([^"]+)"/.exec(locations)?.[1];
			assert(targeting_value, `no location found: ${locations.slice(0, 300)}`);
			await call('search_targeting_interests', { query: INTEREST_QUERY }, /^GET \/12\/targeting_criteria\/interests 200$/);
			const criterion = await call(
				'add_targeting_criterion',
				{ account_id, line_item_id, targeting_type: 'LOCATION', targeting_value },
				/^POST \/12\/accounts\/\w+\/targeting_criteria 200$/,
			);
			await call('list_targeting_criteria', { account_id, line_item_ids: line_item_id }, /^GET \/12\/accounts\/\w+\/targeting_criteria 200$/);
			await call('remove_targeting', { account_id, targeting_criterion_id: idIn(criterion, 'targeting criterion') }, /^DELETE \/12\/accounts\/\w+\/targeting_criteria\/\w+ 200$/);
			await call('list_account_posts', { account_id }, /^GET \/12\/accounts\/\w+\/tweets 200$/);
			await call('create_ad_post', { account_id, as_user_id: ctx.emulator!.users[0].userId, text: 'Winter launch, now on X' }, /^POST \/12\/accounts\/\w+\/tweet 200$/);
			await call('promote_post', { account_id, line_item_id, post_ids: fx.postId }, /^POST \/12\/accounts\/\w+\/promoted_tweets 200$/);
			await call('list_promoted_posts', { account_id, line_item_ids: line_item_id }, /^GET \/12\/accounts\/\w+\/promoted_tweets 200$/);
			await call('activate_line_item', { account_id, line_item_id }, /^PUT \/12\/accounts\/\w+\/line_items\/\w+ 200$/);
			await call('activate_campaign', { account_id, campaign_id }, /^PUT \/12\/accounts\/\w+\/campaigns\/\w+ 200$/);
			const stats = await call(
				'get_account_stats',
				{ account_id, entity: 'LINE_ITEM', entity_ids: fx.lineItems.engagements, start_date: '2026-05-01', end_date: '2026-05-03' },
				/^GET \/12\/stats\/accounts\/\w+ 200$/,
			);
			assert(stats.includes(fx.lineItems.engagements), `get_account_stats: ${stats.slice(0, 300)}`);
			await call('get_active_entities', { account_id, entity: 'LINE_ITEM', start_time: '2026-05-01T00:00:00Z', end_time: '2026-05-03T00:00:00Z' }, /^GET \/12\/stats\/accounts\/\w+\/active_entities 200$/);
			await call('get_campaign_reach', { account_id, campaign_ids: campaign_id, start_time: '2026-05-01T00:00:00Z', end_time: '2026-05-03T00:00:00Z' }, /^GET \/12\/stats\/accounts\/\w+\/reach\/campaigns 200$/);
			assert(calls.length === Object.keys(X_TOOLS).length, `called ${calls.length} of ${Object.keys(X_TOOLS).length} tools`);

			// A bad ID: isError with X's own message.
			const missing = (await client.callTool({ name: 'get_campaign', arguments: { account_id, campaign_id: 'zz9zz' } })) as ToolResult;
			assert(missing.isError === true && /NOT_FOUND/.test(text(missing)), `get_campaign with a bad ID: ${JSON.stringify(missing).slice(0, 400)}`);

			// A wrong type: the tool's schema refuses it before the node runs.
			const before = ctx.emulator!.control.requests().length;
			let refused = '';
			try {
				const wrong = (await client.callTool({ name: 'list_campaigns', arguments: { account_id: 12345 } })) as ToolResult;
				if (wrong.isError) refused = text(wrong);
			} catch (error) {
				refused = (error as Error).message;
			}
			assert(/account_id/.test(refused) && /expected string/i.test(refused), `a number for account_id was not refused by the schema: ${refused || 'accepted'}`);
			assert(ctx.emulator!.control.requests().length === before, 'a refused call still reached X');
			ctx.log(`MCP: ${tools.length} tools listed; calls:\n  ${calls.join('\n  ')}\nbad ID: ${text(missing).slice(0, 200)}\nwrong type: ${refused.slice(0, 160)}`);
		} finally {
			await client.close();
			await removeWorkflow(ctx, saved.id);
		}
	},
});
