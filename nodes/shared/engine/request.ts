/** The request of one call of an endpoint, built from its definition, and the call sent. */
import type { RetryPolicy, XAuth, XContext, XRequest, XResponse } from '../transport/transport';
import { xRequest } from '../transport/transport';
import type { Endpoint } from './endpoints';

/** Whose credential signs an endpoint: its own auth, else the user's on Ads hosts and the App's on the general API. */
export function endpointAuth(endpoint: Endpoint): XAuth {
	return endpoint.auth ?? (endpoint.host === 'api' ? 'app' : 'user');
}

/** What one call adds to an endpoint's definition: its values, and where it signs otherwise (a user's private kinds, a trigger's held token). */
export type EndpointCall = Pick<XRequest, 'pathParams' | 'qs' | 'body' | 'auth' | 'bearerToken' | 'itemIndex'>;

/** The request of one call of an endpoint: method, host, path, version, auth and idempotency from its definition. */
export function endpointRequest(endpoint: Endpoint, call: EndpointCall = {}): XRequest {
	return {
		method: endpoint.method,
		host: endpoint.host ?? 'ads',
		path: endpoint.path,
		version: endpoint.version,
		idempotent: endpoint.idempotent,
		auth: endpointAuth(endpoint),
		...call,
	};
}

/** Sends one call of an endpoint through its definition (the way code outside a node's operations calls X). */
export async function callEndpoint(ctx: XContext, endpoint: Endpoint, call: EndpointCall = {}, policy?: RetryPolicy): Promise<XResponse> {
	return await xRequest(ctx, endpointRequest(endpoint, call), policy);
}
