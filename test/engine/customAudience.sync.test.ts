/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Custom Audience (and Do-Not-Reach List) → Sync through n8n's engine against the emulator: the
 * segment from a file or items, the state of the last sync in and out as a binary property, one
 * add and one remove pass, the guards (state, processing window, removal cap, two at once) and
 * X's hostile answers (operations refused, an answer lost after X applied the batch).
 */
import { createHash } from 'node:crypto';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';

import { decodeState, encodeState } from '../../nodes/XAds/resources/customAudience/sync/state';
import { binaryStartNode, engineSuite, fileInputSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests } = suiteHelpers(env);

const sha = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const emails = (from: number, to: number) => Array.from({ length: to - from }, (_, n) => `user${from + n}@example.com`);
const userPosts = () => requests().filter((r) => r.method === 'POST' && r.path.endsWith('/users'));

interface SyncInput {
	/** The segment file's text (UTF-8), or its exact bytes. */
	text?: string;
	base64?: string;
	/** The state file's bytes; none for a first sync. */
	state?: Buffer;
}

/** Test-only start node: one item holding the segment (binary "data") and the state (binary "syncState"). */
const TestSegment = binaryStartNode<SyncInput>('test.segment', 'Segment', (input) => ({
	bytes: input.base64 !== undefined ? Buffer.from(input.base64, 'base64') : Buffer.from(input.text ?? '', 'utf8'),
	fileName: 'segment.csv',
	mimeType: 'text/csv',
}));
fileInputSuite(env, TestSegment);

const members = () => env.emulator.control.audienceMembers(fx().customAudienceId);

async function sync(input: SyncInput, extra: INodeParameters = {}, options: IDataObject = {}) {
	const parameters: INodeParameters = {
		resource: 'customAudience',
		operation: 'sync',
		account: fx().accountId,
		customAudienceId: fx().customAudienceId,
		audienceInput: 'file',
		syncOptions: options as INodeParameters,
		...extra,
	};
	// The state goes in as a second binary property of the segment's item, as a Merge node would put it.
	const start = { name: 'Segment', type: 'test.segment', parameters: { files: JSON.stringify([{ text: input.text, base64: input.base64 }]), store: 'filesystem' } };
	const nodes = [start, ...(input.state ? [stateNode(input.state)] : [])];
	const result = await env.harness.run({
		nodes: [...nodes, { name: 'X Ads', type: 'n8n-nodes-x-ads.xAds', parameters: { authentication: 'xOAuth1Api', ...parameters }, credentials: { xOAuth1Api: { id: 'xOAuth1Api', name: 'xOAuth1Api' } } }],
		connections: {
			Segment: { main: [[{ node: input.state ? 'State' : 'X Ads', type: 'main', index: 0 }]] },
			...(input.state ? { State: { main: [[{ node: 'X Ads', type: 'main', index: 0 }]] } } : {}),
		},
		startNode: 'Segment',
	});
	if (result.error) return { error: result.error, json: undefined as unknown as IDataObject, state: undefined };
	const item = result.output('X Ads')[0];
	const binary = item.binary?.syncState as IBinaryData | undefined;
	return { error: undefined, json: item.json, state: binary ? await Container.get(BinaryDataService).getAsBuffer(binary) : undefined };
}

/** A Code-like node adding the state bytes to the item as binary "syncState". */
function stateNode(state: Buffer) {
	return { name: 'State', type: 'test.addState', parameters: { state: state.toString('base64') } };
}

beforeAll(() => {
	env.harness.nodeTypes.register(
		class {
			description = {
				displayName: 'Add State',
				name: 'test.addState',
				group: ['transform'],
				version: 1,
				description: 'Adds a state file to each item (engine tests only)',
				defaults: { name: 'Add State' },
				inputs: ['main'],
				outputs: ['main'],
				properties: [{ displayName: 'State', name: 'state', type: 'string', default: '' }],
			} as never;

			async execute(this: import('n8n-workflow').IExecuteFunctions) {
				const bytes = Buffer.from(this.getNodeParameter('state', 0) as string, 'base64');
				const items = this.getInputData();
				for (const item of items) item.binary = { ...item.binary, syncState: await this.helpers.prepareBinaryData(bytes, 'audience.state', 'application/octet-stream') };
				return [items];
			}
		} as never,
	);
});

const early = { allowEarlySync: true };

describe('Custom Audience: Sync', () => {
	it('a first sync without a state adds everyone and says so; the next adds who joined and removes who left, its counts adding up, with what X says of the audience', async () => {
		const first = await sync({ text: emails(0, 150).join('\n') });
		expect(first.error).toBeUndefined();
		expect(first.json).toMatchObject({ firstSync: true, plan: { previous: 0, unchanged: 0, toAdd: 150, toRemove: 0 }, added: 150, removed: 0, members: 150, requests: { add: 1, remove: 0 }, countsAddUp: true });
		expect(String(first.json.note)).toMatch(/No state was given: this first sync adds every member/);
		expect((first.json.list as IDataObject)).toMatchObject({ size: 150, targetable: true, reasonsNotTargetable: [] });
		expect(decodeState(first.state!)).toMatchObject({ kind: 'customAudience', listId: fx().customAudienceId, accountId: fx().accountId });

		// 10 left (0-9), 5 joined (150-154): 140 unchanged.
		const second = await sync({ text: emails(10, 155).join('\n'), state: first.state }, {}, early);
		expect(second.error).toBeUndefined();
		expect(second.json).toMatchObject({ firstSync: false, plan: { previous: 150, unchanged: 140, toAdd: 5, toRemove: 10 }, added: 5, removed: 10, members: 145, requests: { add: 1, remove: 1 }, countsAddUp: true });
		expect(second.json.lastSyncAt).toBeDefined();
		expect(sortedHashes(members().email)).toEqual(sortedHashes(emails(10, 155).map(sha)));
		// Exactly who joined went in the add pass, who left in the remove pass.
		const [, add, remove] = userPosts().map((r) => JSON.parse(r.body) as Array<{ operation_type: string; params: { users: Array<{ email: string[] }> } }>);
		expect(add.flatMap((o) => o.params.users.map((u) => u.email[0])).sort()).toEqual(emails(150, 155).map(sha).sort());
		expect(remove.every((o) => o.operation_type === 'Delete')).toBe(true);
		expect(remove.flatMap((o) => o.params.users.map((u) => u.email[0])).sort()).toEqual(emails(0, 10).map(sha).sort());
	});

	it('reads a CSV segment as Add Users does (column map, several identifiers a row), and Items input the same way', async () => {
		const csv = 'Email,Phone\na@x.com,+44 20 7946 0958\nb@x.com,\n';
		const result = await sync({ text: csv }, { fileFormat: 'csv', columnMap: { columns: [{ column: 'Email', type: 'email' }, { column: 'Phone', type: 'phone_number' }] } });
		expect(result.json).toMatchObject({ rows: { read: 3, header: 1, blank: 0, refused: 0, withIdentifiers: 2 }, identifiers: { read: 3, distinct: 3 }, added: 3, countsAddUp: true });
		expect(members().phone_number).toEqual([sha('442079460958')]);

		env.emulator.control.reset();
		const items = await env.ads({ resource: 'customAudience', operation: 'sync', account: fx().accountId, customAudienceId: fx().customAudienceId, audienceInput: 'items', identifierMapping: 'auto' }, [{ email: 'A@X.com' }, { email: 'a@x.com' }, { email: 'not an email' }, { handle: '@Someone' }]);
		expect(items.error).toBeUndefined();
		expect(items.output()[0].json).toMatchObject({ rows: { read: 4, refused: 1, withIdentifiers: 3 }, identifiers: { read: 3, duplicates: 1, distinct: 2 }, added: 2, countsAddUp: true, refusedRows: [{ item: 2, reason: expect.stringMatching(/is not an email address/) }] });
	});

	it('the careless-file corpus: encodings, stray quotes, CR-only lines, NUL bytes and duplicates are refused or counted, each refused row with its line and reason', async () => {
		const latin1 = Buffer.concat([Buffer.from('ok1@x.com\r'), Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from('@x.com\rok1@x.com\rOK1@x.com\r\r"ok2@x.com"\rbad\u0000@x.com\rok3@x.com')]);
		const result = await sync({ base64: latin1.toString('base64') });
		expect(result.error).toBeUndefined();
		const json = result.json as IDataObject & { refusedRows: Array<{ line: number; reason: string }> };
		expect(json.refusedRows.map((r) => r.line)).toEqual([2, 7]);
		expect(json.refusedRows[0].reason).toMatch(/U\+FFFD.*File Encoding is utf-8/);
		expect(json.refusedRows[1].reason).toMatch(/control characters/);
		expect(json).toMatchObject({ rows: { read: 8, blank: 1, refused: 2, withIdentifiers: 5 }, identifiers: { read: 5, duplicates: 2, distinct: 3 }, added: 3, countsAddUp: true });

		// A stray quote in a CSV is that line's refusal, not the rows after it.
		env.emulator.control.reset();
		const stray = await sync({ text: 'Email,Name\n"stray@x.com,A\nz@x.com,B\n' }, { fileFormat: 'csv', columnMap: { columns: [{ column: 'Email', type: 'email' }] } });
		expect(stray.json).toMatchObject({ rows: { read: 3, header: 1, refused: 1, withIdentifiers: 1 }, refusedRows: [{ line: 2, reason: expect.stringMatching(/opens a quote that is not closed/) }], added: 1, countsAddUp: true });

		// A UTF-16 file read as UTF-8 is refused as a whole, before any request.
		env.emulator.control.reset();
		const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a@x.com\n', 'utf16le')]);
		const refused = await sync({ base64: utf16.toString('base64') });
		expect(String(refused.error?.message)).toMatch(/UTF-16 LE byte order mark, but File Encoding is utf-8/);
		expect(userPosts()).toHaveLength(0);
	});

	it('refuses, before any request, a state cut short, edited by hand, of another audience or of another format version', async () => {
		const first = await sync({ text: emails(0, 20).join('\n') });
		const good = first.state!;
		const edited = Buffer.from(good);
		edited[edited.length - 40] ^= 1; // one bit of a member
		const older = Buffer.from(good);
		older[6] = 0; // the format version
		const other = encodeState({ ...(decodeState(good) as ReturnType<typeof decodeState> & { members: Buffer }), listId: 'zzzz9' } as never);
		const cases: Array<[Buffer, RegExp]> = [
			[good.subarray(0, good.length - 10), /is damaged: its integrity check does not match/],
			[edited, /is damaged: its integrity check does not match/],
			[older, /format version 0; this node reads version 1/],
			[other, /holds the state of custom audience zzzz9 of account .*, not of custom audience/],
			[Buffer.from('email\na@x.com\n'), /is not a sync state file of this node/],
		];
		for (const [state, message] of cases) {
			env.emulator.control.clearRequests();
			const result = await sync({ text: emails(0, 20).join('\n'), state }, {}, early);
			expect(String(result.error?.message)).toMatch(message);
			expect(requests()).toHaveLength(0);
		}
	});

	it('refuses a sync sooner than X\'s processing window, naming when the last one ran, unless told to sync anyway', async () => {
		const first = await sync({ text: emails(0, 20).join('\n') });
		const again = await sync({ text: emails(0, 21).join('\n'), state: first.state });
		expect(String(again.error?.message)).toMatch(/The last sync of this list ran at \d{4}-\d\d-\d\dT.*Z, 0\.0 hours ago: X processes audience changes every 6-8 hours/);
		expect(userPosts()).toHaveLength(1);
		const forced = await sync({ text: emails(0, 21).join('\n'), state: first.state }, {}, early);
		expect(forced.json).toMatchObject({ added: 1, removed: 0 });
	});

	it('an export of 0 rows or of 40% of the last is refused by the removal cap (Dry Run shows the plan and sends nothing)', async () => {
		const first = await sync({ text: emails(0, 100).join('\n') });
		env.emulator.control.clearRequests();
		const empty = await sync({ text: '', state: first.state }, {}, early);
		expect(String(empty.error?.message)).toMatch(/The segment holds no one, which would remove all 100 members/);
		const cut = await sync({ text: emails(0, 40).join('\n'), state: first.state }, {}, early);
		expect(String(cut.error?.message)).toMatch(/would remove 60 of the 100 members \(60\.0%\), more than Max Removals \(10%\)/);
		expect(userPosts()).toHaveLength(0);

		const plan = await sync({ text: emails(0, 40).join('\n'), state: first.state }, { dryRun: true });
		expect(plan.json).toMatchObject({ dryRun: true, plan: { previous: 100, unchanged: 40, toAdd: 0, toRemove: 60 }, wouldBeRefused: expect.stringMatching(/Max Removals/) });
		expect(plan.state).toBeUndefined();
		expect(requests()).toHaveLength(0);

		const allowed = await sync({ text: emails(0, 40).join('\n'), state: first.state }, {}, { ...early, maxRemovePercent: 100 });
		expect(allowed.json).toMatchObject({ removed: 60, members: 40 });
	});

	it('two syncs of one audience at once: the second is refused before any request', async () => {
		const [a, b] = await Promise.all([sync({ text: emails(0, 3000).join('\n') }), sync({ text: emails(0, 3000).join('\n') })]);
		const errors = [a, b].filter((r) => r.error).map((r) => String(r.error!.message));
		expect(errors).toHaveLength(1);
		expect(errors[0]).toMatch(/Another sync of custom audience .* is running in this n8n/);
		expect(userPosts()).toHaveLength(1);
	});

	it('X refusing some operations of a batch: those members are not counted as added, stay out of the state, and the next sync sends them again', async () => {
		const refused = emails(0, 60).slice(30, 31).map(sha);
		env.emulator.control.refuseAudienceValues(refused);
		const first = await sync({ text: emails(0, 60).join('\n') });
		// Operations hold 25 users: the one holding the refused value is refused whole (25, or the last 10).
		const xRefused = (first.json.xRefused as IDataObject).additions as number;
		expect([10, 25]).toContain(xRefused);
		expect(first.json).toMatchObject({ added: 60 - xRefused, members: 60 - xRefused, countsAddUp: true });
		expect((first.json.xRefused as { operations: IDataObject[] }).operations).toEqual([expect.objectContaining({ pass: 'add', members: xRefused, errors: [expect.objectContaining({ code: 'INVALID_PARAMETER' })] })]);
		expect(members().email).toHaveLength(60 - xRefused);
		env.emulator.control.refuseAudienceValues([]);
		const second = await sync({ text: emails(0, 60).join('\n'), state: first.state }, {}, early);
		expect(second.json).toMatchObject({ plan: { unchanged: 60 - xRefused, toAdd: xRefused, toRemove: 0 }, added: xRefused, members: 60 });
		expect(members().email).toHaveLength(60);
	});

	it('an answer lost after X applied the batch: sent again, counted once', async () => {
		env.emulator.control.injectFaults([{ kind: 'lose_answer', match: { path: '/users' } }]);
		const result = await sync({ text: emails(0, 50).join('\n') });
		expect(result.error).toBeUndefined();
		expect(userPosts().map((r) => r.fault ?? 'answered')).toEqual(['lose_answer', 'answered']);
		expect(result.json).toMatchObject({ added: 50, members: 50, requests: { add: 1 } });
		expect(members().email).toHaveLength(50);
	});

	it('Do-Not-Reach List: Sync adds and removes through the list\'s batch endpoint', async () => {
		const list = fx().doNotReachListId;
		const params = { resource: 'doNotReachList', doNotReachListId: list, customAudienceId: undefined };
		const first = await sync({ text: emails(0, 10).join('\n') }, params as INodeParameters);
		expect(first.json).toMatchObject({ doNotReachListId: list, added: 10 });
		const second = await sync({ text: emails(1, 10).join('\n'), state: first.state }, params as INodeParameters, { ...early, maxRemovePercent: 100 });
		expect(second.json).toMatchObject({ added: 0, removed: 1, members: 9, list: { size: 9 } });
		expect(env.emulator.control.doNotReachMembers(list).email).toHaveLength(9);
	});
});

const sortedHashes = (values: string[] | undefined) => [...(values ?? [])].sort();
