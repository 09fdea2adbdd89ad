/**
 * X Webhooks > Connection through n8n-core's engine against the emulator: the App's streaming
 * connections (status, streams, fields, pages) and ending them all, by stream or by ID.
 */
import type { IDataObject } from 'n8n-workflow';

import { engineSuite } from './env';

const env = engineSuite();
const conn = (operation: string, fields: IDataObject = {}) => env.webhooks({ resource: 'connection', operation, ...fields });

describe('stream connections', () => {
	it('lists open and ended connections in pages, with the fields asked for', async () => {
		const a = env.emulator.control.addStaleStreamConnection();
		const b = env.emulator.control.addStaleStreamConnection();
		const open = await conn('getAll', { returnAll: true });
		expect(open.output().map((i) => i.json.id)).toEqual([a, b]);
		const one = await conn('getAll', { returnAll: false, limit: 1, filters: { status: 'all', connectionFields: ['endpoint_name'] } });
		expect(one.output().map((i) => i.json)).toEqual([{ id: a, endpoint_name: 'activity_stream' }]);
		const sent = new URLSearchParams(env.emulator.control.requests().at(-1)!.query);
		expect(Object.fromEntries(sent)).toEqual({ status: 'all', 'connection.fields': 'endpoint_name', max_results: '1' });
		expect((await conn('getAll', { returnAll: true, filters: { endpoints: ['filtered_stream'] } })).output()).toEqual([]);
	});

	it('terminates by ID (unknown IDs reported), by stream and all', async () => {
		const a = env.emulator.control.addStaleStreamConnection();
		const b = env.emulator.control.addStaleStreamConnection();
		const byIds = await conn('deleteMany', { uuids: `${a},nope` });
		expect(byIds.output().map((i) => i.json)).toEqual([{ uuid: a, success: true }, { uuid: 'nope', success: false, error_message: expect.any(String) }]);
		expect(JSON.parse(env.emulator.control.requests().at(-1)!.body)).toEqual({ uuids: [a, 'nope'] });
		expect((await conn('deleteByEndpoint', { endpointId: 'filtered_stream' })).output()[0].json).toEqual({ successful_kills: 0, failed_kills: 0 });
		expect((await conn('deleteAll')).output().map((i) => i.json)).toEqual([{ uuid: b, success: true }]);
		expect(env.emulator.control.streamConnections().every((c) => c.disconnect_reason === 'TerminatedByApp')).toBe(true);
	});

	it('refuses more than 100 IDs before sending', async () => {
		const many = Array.from({ length: 101 }, (_, i) => `id${i}`).join(',');
		expect((await conn('deleteMany', { uuids: many })).error?.message).toMatch(/Connection IDs \(uuids\)/);
		expect(env.emulator.control.requests().filter((r) => r.path.startsWith('/2/connections'))).toEqual([]);
	});
});
