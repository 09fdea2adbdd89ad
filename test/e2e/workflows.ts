/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Builders for case workflows: a Manual Trigger followed by nodes in a line (chain) or wired as given
 * (graph: branches, an error output), X Ads nodes wired to a case credential, Code nodes that emit
 * fixed items, No Op nodes, and the X Trigger alone or in the shipped example.
 *
 *   workflow: chain(code('Input', [{ id: 'a' }]), xAds('X Ads', { resource: 'account', operation: 'get', account: '={{ $json.id }}' }))
 *   workflow: graph({ Start: [['A', 'B']] }, once(xAds('A', { resource: 'accountApp', operation: 'getAll' }, { account: '18ce54d4x5t' })), noOp('B'))
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT, type WorkflowJson } from './n8n';
import type { CaseContext } from './types';

export const X_ADS = 'n8n-nodes-x-ads.xAds';
export const X_WEBHOOKS = 'n8n-nodes-x-ads.xWebhooks';
export const START = 'Start';
export const TRIGGER = 'X Trigger';

export type NodeJson = Record<string, any>;

/** Where a node's outputs go, one entry per output (1 is the error output under continueErrorOutput): a node name or several. */
export type Outputs = Array<string | string[]>;

/**
 * Manual Trigger named "Start", then `nodes` wired as `links` says ({ from: outputs }). Nodes are
 * laid out left to right in the order given: n8n (executionOrder v1) runs sibling branches top to
 * bottom, then left to right, so siblings run in that order.
 */
export function graph(links: Record<string, Outputs>, ...nodes: NodeJson[]): WorkflowJson {
	const all: NodeJson[] = [
		{ name: START, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		...nodes.map((n, i) => ({ position: [220 * (i + 1), 0], ...n })),
	];
	const connections = Object.fromEntries(
		Object.entries(links).map(([from, outputs]) => [from, { main: outputs.map((to) => [to].flat().map((node) => ({ node, type: 'main', index: 0 }))) }]),
	);
	return { nodes: all, connections, settings: { executionOrder: 'v1' } };
}

/** Manual Trigger named "Start", then `nodes` in a line (positions and connections filled in). */
export function chain(...nodes: NodeJson[]): WorkflowJson {
	const names = [START, ...nodes.map((n) => String(n.name))];
	return graph(Object.fromEntries(names.slice(0, -1).map((from, i) => [from, [names[i + 1]]])), ...nodes);
}

/** A resource locator value as the editor saves it (By ID unless `mode` says otherwise). */
export function locator(value: string, mode: 'id' | 'list' | 'url' = 'id'): { __rl: true; mode: string; value: string } {
	return { __rl: true, mode, value };
}

/**
 * An X Ads node. `credential` is a case alias ('@x' by default); the authentication parameter
 * follows the credential type; `account` is an ads account ID for the Account locator.
 */
export function xAds(
	name: string,
	parameters: Record<string, unknown>,
	opts: {
		credential?: string;
		credentialType?: 'xOAuth1Api' | 'xOAuth1ConnectApi';
		onError?: 'continueRegularOutput' | 'continueErrorOutput';
		account?: string;
	} = {},
): NodeJson {
	const type = opts.credentialType ?? 'xOAuth1Api';
	return {
		name,
		type: X_ADS,
		typeVersion: 1,
		parameters: { authentication: type, ...(opts.account === undefined ? {} : { account: locator(opts.account) }), ...parameters },
		credentials: { [type]: opts.credential ?? '@x' },
		...(opts.onError ? { onError: opts.onError } : {}),
	};
}

/**
 * Line Item > Update driven by each input item: its `id` (the line item), `status` (Status) and
 * `total` (Total Budget, in currency units). The On Error cases run it on good and bad items alike.
 */
export function lineItemUpdateFromInput(name: string, account: string, onError: 'continueRegularOutput' | 'continueErrorOutput'): NodeJson {
	return xAds(
		name,
		{
			resource: 'lineItem',
			operation: 'update',
			lineItem: locator('={{ $json.id }}'),
			amountUnit: 'currency',
			updateFields: { entityStatus: '={{ $json.status }}', totalBudgetAmountLocalMicro: '={{ $json.total }}' },
		},
		{ account, onError },
	);
}

/** The node with Execute Once on: it runs for the first input item only. */
export const once = <T extends object>(node: T): T & { executeOnce: true } => ({ ...node, executeOnce: true });

/** A Code node that returns `items` (JSON objects) once. */
export function code(name: string, items: Array<Record<string, unknown>>): NodeJson {
	return {
		name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { jsCode: `return ${JSON.stringify(items.map((json) => ({ json })))};` },
	};
}

/** A No Op node (passes its items on): a place to see what an output received. */
export function noOp(name: string): NodeJson {
	return { name, type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };
}

/** A workflow with only the X Trigger (parameters merged over events ['*']) and the case's App-only credential. */
export function triggerWorkflow(ctx: CaseContext, parameters: Record<string, unknown> = {}, credentialAlias = 'x'): WorkflowJson {
	const cred = ctx.credentials[credentialAlias];
	return {
		name: `e2e X Trigger ${randomUUID().slice(0, 8)}`,
		nodes: [
			{
				name: TRIGGER,
				type: `${ctx.pkg.name}.xTrigger`,
				typeVersion: 1.1,
				position: [0, 0],
				// The editor gives every node with webhooks a webhookId (its production path is <webhookId>/webhook).
				webhookId: randomUUID(),
				parameters: { events: ['*'], ...parameters },
				credentials: { xAppOnlyApi: { id: cred.id, name: cred.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

export const X_EVENTS_EXAMPLE = path.join(REPO_ROOT, 'examples', 'x-events.json');

/**
 * examples/x-events.json as a user imports it: its nodes and connections; the X credentials chosen
 * (the case's `x`, the App's, and `user`, the subscribed user's X OAuth 1.0a one, which X requires
 * for private kinds such as dm.received); with `userIdValue`, every subscription's User ID set to it.
 */
export function xEventsExample(ctx: CaseContext, userIdValue?: string): WorkflowJson {
	const wf = JSON.parse(fs.readFileSync(X_EVENTS_EXAMPLE, 'utf8')) as WorkflowJson;
	const { x, user } = ctx.credentials;
	const nodes = wf.nodes.map((n) => {
		if (!n.credentials?.xAppOnlyApi) return n;
		const node: Record<string, any> = {
			...n,
			credentials: { xAppOnlyApi: { id: x.id, name: x.name }, xOAuth1Api: { id: user.id, name: user.name } },
		};
		if (userIdValue !== undefined) {
			const subs = structuredClone(node.parameters.subscriptions);
			for (const s of subs.subscription) s.userId = userIdValue;
			node.parameters = { ...node.parameters, subscriptions: subs };
		}
		return node;
	});
	return { ...wf, nodes };
}

/** Query string of an emulator request as a URLSearchParams (keeps duplicate keys). */
export function queryOf(raw: string): URLSearchParams {
	return new URLSearchParams(raw.replace(/^\?/, ''));
}

/** Highest typeVersion of n8n's HTTP Request node in the running n8n (an unknown one is a 500 on run). */
export async function latestHttpRequestVersion(ctx: { client: { nodeTypes(): Promise<Array<{ name: string; version: number | number[] }>> } }): Promise<number> {
	const types = await ctx.client.nodeTypes();
	const versions = types.filter((t) => t.name === 'n8n-nodes-base.httpRequest').flatMap((t) => (Array.isArray(t.version) ? t.version : [t.version]));
	return Math.max(...versions);
}

/**
 * An example of examples/ as `npm run dev` runs it (test/e2e/dev.ts, which cannot be imported: it
 * starts dev): the empty IDs it leaves filled with seeded ones (a resource locator by ID), its
 * X credential the case's, Wait-for-approval steps resuming after a second, and `rewrite` applied
 * to every parameter's text (e.g. a sample URL pointed at the emulator).
 */
export function exampleWorkflow(file: string, seeded: Record<string, string>, rewrite: (text: string) => string = (t) => t): WorkflowJson {
	const raw = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'examples', file), 'utf8')) as WorkflowJson;
	const nodes = raw.nodes.map((n) => {
		if (n.type === 'n8n-nodes-base.wait' && (n.parameters as Record<string, unknown>)?.resume === 'webhook') return { ...n, parameters: { resume: 'timeInterval', amount: 1, unit: 'seconds' } };
		const parameters = JSON.parse(rewrite(JSON.stringify(n.parameters))) as Record<string, unknown>;
		for (const [key, id] of Object.entries(seeded)) {
			const value = parameters[key] as { __rl?: boolean; value?: string } | string | undefined;
			if (value === '') parameters[key] = id;
			else if (value && typeof value === 'object' && value.__rl && value.value === '') parameters[key] = { __rl: true, mode: 'id', value: id };
		}
		return { ...n, parameters, ...(n.credentials?.xOAuth1Api ? { credentials: { xOAuth1Api: '@x' } } : {}) };
	});
	return { ...raw, nodes } as WorkflowJson;
}
