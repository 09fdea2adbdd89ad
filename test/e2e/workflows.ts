/**
 * Small builders for case workflows: a Manual Trigger followed by a chain of nodes, X Ads nodes
 * wired to a case credential, Code nodes that emit fixed items.
 *
 *   workflow: chain(code('Input', [{ id: 'a' }]), xAds('X Ads', { resource: 'account', operation: 'get', account: '={{ $json.id }}' }))
 */
import type { WorkflowJson } from './n8n';

export const X_ADS = 'n8n-nodes-x-ads.xAds';
export const X_WEBHOOKS = 'n8n-nodes-x-ads.xWebhooks';
export const START = 'Start';

export type NodeJson = Record<string, any>;

/** Manual Trigger named "Start", then `nodes` in a line (positions and connections filled in). */
export function chain(...nodes: NodeJson[]): WorkflowJson {
	const all: NodeJson[] = [
		{ name: START, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		...nodes.map((n, i) => ({ position: [220 * (i + 1), 0], ...n })),
	];
	const connections: Record<string, any> = {};
	for (let i = 0; i < all.length - 1; i++) {
		connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	}
	return { nodes: all, connections, settings: { executionOrder: 'v1' } };
}

/**
 * An X Ads node. `credential` is a case alias ('@x' by default); the authentication parameter
 * follows the credential type.
 */
export function xAds(
	name: string,
	parameters: Record<string, unknown>,
	opts: { credential?: string; credentialType?: 'xOAuth1Api' | 'xOAuth1ConnectApi'; onError?: 'continueRegularOutput' | 'continueErrorOutput' } = {},
): NodeJson {
	const type = opts.credentialType ?? 'xOAuth1Api';
	return {
		name,
		type: X_ADS,
		typeVersion: 1,
		parameters: { authentication: type, ...parameters },
		credentials: { [type]: opts.credential ?? '@x' },
		...(opts.onError ? { onError: opts.onError } : {}),
	};
}

/** A Code node that returns `items` (JSON objects) once. */
export function code(name: string, items: Array<Record<string, unknown>>): NodeJson {
	return {
		name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { jsCode: `return ${JSON.stringify(items.map((json) => ({ json })))};` },
	};
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
