/**
 * Stream connections (https://docs.x.com/x-api/connections/introduction): the App's streaming
 * connections, open and past, and the ways to end them, which is how an App clears a
 * TooManyConnections left by a client that died without closing its stream. App's bearer token.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Resource } from '../engine/endpoints';
import { v2Pages } from './pages';

/** The streams X names in the connections endpoints (openapi.json, endpoint_id and endpoints). */
export const STREAM_ENDPOINTS = [
	'filtered_stream',
	'sample_stream',
	'sample10_stream',
	'firehose_stream',
	'tweets_compliance_stream',
	'users_compliance_stream',
	'tweet_label_stream',
	'firehose_stream_lang_en',
	'firehose_stream_lang_ja',
	'firehose_stream_lang_ko',
	'firehose_stream_lang_pt',
	'likes_firehose_stream',
	'likes_sample10_stream',
	'likes_compliance_stream',
] as const;

/** One output item per connection X tried to end (uuid, success, error_message). */
const killed = (envelope: { data: unknown }): IDataObject[] => {
	const data = (envelope.data ?? {}) as IDataObject;
	const results = Array.isArray(data.results) ? (data.results as IDataObject[]) : [];
	return results.length ? results : [{ successful_kills: data.successful_kills as number, failed_kills: data.failed_kills as number }];
};

export const connectionResource: Resource = {
	name: 'Connection',
	value: 'connection',
	description: 'The App\'s streaming connections (history, and ending stale ones that cause TooManyConnections)',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many connections',
			description: 'The App\'s streaming connections with when they started and why they ended',
			method: 'GET',
			host: 'api',
			path: '/2/connections',
			docs: 'https://docs.x.com/x-api/connections/get-connection-history',
			list: { maxCount: 100 },
			fields: [
				{ wire: 'status', label: 'Status', type: 'options', options: ['active', 'inactive', 'all'], default: 'active', description: 'Open connections, ended ones, or both' },
				{ wire: 'endpoints', label: 'Streams', type: 'multiOptions', options: STREAM_ENDPOINTS, description: 'Only connections to these streams' },
				{
					wire: 'connection.fields',
					name: 'connectionFields',
					label: 'Fields',
					type: 'multiOptions',
					options: ['client_ip', 'connected_at', 'disconnect_reason', 'disconnected_at', 'endpoint_name'],
					description: 'Fields of each connection to return besides its ID',
				},
			],
			run: v2Pages(100),
		},
		{
			operation: 'deleteAll',
			name: 'Terminate All',
			action: 'Terminate all connections',
			description: 'End every open streaming connection of the App (one output item per connection, or one summary of the kill counts when X lists none)',
			method: 'DELETE',
			host: 'api',
			path: '/2/connections/all',
			docs: 'https://docs.x.com/x-api/connections/terminate-all-connections',
			output: killed,
		},
		{
			operation: 'deleteByEndpoint',
			name: 'Terminate by Stream',
			action: 'Terminate the connections of a stream',
			description: 'End the App\'s open connections to one stream',
			method: 'DELETE',
			host: 'api',
			path: '/2/connections/{endpoint_id}',
			docs: 'https://docs.x.com/x-api/connections/terminate-connections-by-endpoint',
			fields: [{ wire: 'endpoint_id', label: 'Stream', type: 'options', required: true, options: STREAM_ENDPOINTS, default: 'filtered_stream' }],
			output: killed,
		},
		{
			operation: 'deleteMany',
			name: 'Terminate Many',
			action: 'Terminate connections by ID',
			description: 'End up to 100 connections by their IDs (from Get Many)',
			method: 'DELETE',
			host: 'api',
			path: '/2/connections',
			docs: 'https://docs.x.com/x-api/connections/terminate-multiple-connections',
			send: 'json',
			fields: [{ wire: 'uuids', label: 'Connection IDs', type: 'list', required: true, description: 'Comma-separated connection IDs (1 to 100)', rules: { maxItems: 100 } }],
			output: killed,
		},
	],
};
