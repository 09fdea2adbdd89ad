/**
 * Stream connections (https://docs.x.com/x-api/connections/introduction), bearer token, as
 * openapi.json describes them: the App's streaming connections, open and closed, and the ways to end
 * them (how an App clears TooManyConnections left by a client that died without closing).
 *   GET    /2/connections?status&endpoints&max_results&pagination_token&connection.fields -> {data:[Connection], meta:{result_count, next_token?}}
 *   DELETE /2/connections/all | /2/connections/:endpoint_id | /2/connections {uuids:[...]}
 *          -> {data:{successful_kills, failed_kills, results:[{uuid, success, error_message?}]}}
 * The activity stream's connections are named activity_stream (endpoint_id's enumeration has no
 * name for it, so only "all" and "by ids" end them).
 */
import { ok, type RequestContext } from '../http';
import type { Router } from '../router';
import { endConnection, platformState, type StreamConnection } from '../state/platform';
import { v2JsonObject, invalidRequest } from './webhooks';

const query = (ctx: RequestContext, name: string) => ctx.query.find(([k]) => k === name)?.[1];
const pageToken = (offset: number) => offset.toString(32).toUpperCase().padStart(16, '0');

function render(c: StreamConnection, fields: string[] | undefined): Record<string, unknown> {
	const all: Record<string, unknown> = {
		id: c.id,
		endpoint_name: c.endpoint_name,
		client_ip: c.client_ip,
		connected_at: c.connected_at,
		...(c.disconnected_at ? { disconnected_at: c.disconnected_at, disconnect_reason: c.disconnect_reason } : {}),
	};
	if (!fields) return all;
	return Object.fromEntries(Object.entries(all).filter(([k]) => k === 'id' || fields.includes(k)));
}

function history(ctx: RequestContext) {
	const status = query(ctx, 'status') ?? 'active';
	const endpoints = query(ctx, 'endpoints')?.split(',');
	const fields = query(ctx, 'connection.fields')?.split(',');
	const max = Number(query(ctx, 'max_results') ?? 10);
	const all = platformState(ctx.store)
		.connections.filter((c) => status === 'all' || (status === 'active') === (c.disconnected_at === undefined))
		.filter((c) => !endpoints || endpoints.includes(c.endpoint_name));
	const token = query(ctx, 'pagination_token');
	const offset = token === undefined ? 0 : parseInt(token, 32);
	if (token !== undefined && (!Number.isSafeInteger(offset) || offset <= 0 || offset >= all.length)) throw invalidRequest('pagination_token', token, 'The pagination_token is not one this endpoint gave.');
	const data = all.slice(offset, offset + max).map((c) => render(c, fields));
	const next = offset + data.length < all.length ? pageToken(offset + data.length) : undefined;
	return ok({ data, meta: { result_count: data.length, ...(next ? { next_token: next } : {}) } });
}

function kill(ctx: RequestContext, chosen: StreamConnection[], unknown: string[] = []) {
	const results = [
		...chosen.map((c) => ({ uuid: c.id, success: endConnection(c, 'TerminatedByApp', ctx.now) })),
		...unknown.map((uuid) => ({ uuid, success: false, error_message: 'No open connection with this id.' })),
	];
	const successful = results.filter((r) => r.success).length;
	return ok({ data: { successful_kills: successful, failed_kills: results.length - successful, results } });
}

const open = (ctx: RequestContext) => platformState(ctx.store).connections.filter((c) => c.disconnected_at === undefined);

function killAll(ctx: RequestContext) {
	return kill(ctx, open(ctx));
}

function killByEndpoint(ctx: RequestContext) {
	return kill(ctx, open(ctx).filter((c) => c.endpoint_name === ctx.pathParams.endpoint_id));
}

function killByIds(ctx: RequestContext) {
	const uuids = v2JsonObject(ctx).uuids as string[];
	const chosen = open(ctx).filter((c) => uuids.includes(c.id));
	return kill(ctx, chosen, uuids.filter((u) => !chosen.some((c) => c.id === u)));
}

export function registerConnectionRoutes(router: Router): void {
	router.api('GET', '/2/connections', history, 'none');
	router.api('DELETE', '/2/connections/all', killAll, 'none');
	router.api('DELETE', '/2/connections/:endpoint_id', killByEndpoint, 'none');
	router.api('DELETE', '/2/connections', killByIds, 'none');
}
