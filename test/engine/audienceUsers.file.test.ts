/**
 * Add/Remove Users from a file (nodes/XAds/common/audienceUsers/file.ts) through n8n's engine against the
 * emulator: one-identifier-per-line files and CSVs with a column map, the binary held in the item
 * (a buffer) or in n8n's filesystem binary store (read as a stream), packed into as few requests
 * as X's 5,000,000-byte limit allows, with one summary per request and a final count check.
 */
import { createHash } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { LineRecordSplitter } from '../../nodes/XAds/common/audienceUsers/fileText';
import { hashIdentifier, hashPlainEmail } from '../../nodes/shared/values/audienceHashing';
import { binaryStartNode, engineSuite, fileInputSuite, runXAdsAfter, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests } = suiteHelpers(env);

const sha = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const sorted = (values: string[]) => [...values].sort();
const posts = () => requests().filter((r) => r.method === 'POST' && r.path.endsWith('/users'));

/** A file of a test: its text (written as UTF-8) or its exact bytes (base64). */
interface TestFile {
	text?: string;
	base64?: string;
	property?: string;
	name?: string;
}

/** Test-only start node: one item per file, its text as binary data held in the item or stored by n8n's binary data service. */
const TestFiles = binaryStartNode<TestFile>('test.files', 'Files', (file) => ({
	bytes: file.base64 !== undefined ? Buffer.from(file.base64, 'base64') : Buffer.from(file.text ?? '', 'utf8'),
	fileName: file.name ?? 'list.csv',
	mimeType: 'text/csv',
	property: file.property,
}));

fileInputSuite(env, TestFiles);

interface Run {
	files: TestFile[];
	store?: 'item' | 'filesystem';
	parameters: INodeParameters;
	continueOnFail?: boolean;
}

async function runFiles({ files, store = 'item', parameters, continueOnFail }: Run) {
	return await runXAdsAfter(env, { name: 'Files', type: 'test.files', parameters: { files: JSON.stringify(files), store } }, parameters, continueOnFail);
}

const audienceFromFile = (operation: 'addUsers' | 'removeUsers', extra: INodeParameters = {}): INodeParameters => ({
	resource: 'customAudience',
	operation,
	account: fx().accountId,
	customAudienceId: fx().customAudienceId,
	audienceInput: 'file',
	...extra,
});
const members = () => env.emulator.control.audienceMembers(fx().customAudienceId);

describe('reading records from a stream of text', () => {
	const read = (text: string, csv: boolean, piece: number) => {
		const records: Array<[number, string[] | string]> = [];
		const splitter = new LineRecordSplitter(
			{ csv, delimiter: ',' },
			(fields, line) => records.push([line, [...fields]]),
			(line, reason) => records.push([line, reason]),
		);
		for (let i = 0; i < text.length; i += piece) splitter.push(text.slice(i, i + piece));
		splitter.end();
		return records;
	};

	it('reads quoted fields, "" escapes, delimiters inside quotes, CRLF, one record per line; a quote not closed on its line is that line\'s refusal, whatever the pieces', () => {
		const text = 'Email,Name\r\n"a@x.com","Smith, Jane"\r\n"b@x.com","say ""hi""\nsecond line"\nc@x.com,plain\r\n\r\n"d@x.com",\ne@x.com,O"Neil';
		const unclosed = 'opens a quote that is not closed on this line (a stray quote? a field cannot hold a line break here)';
		const expected: Array<[number, string[] | string]> = [
			[1, ['Email', 'Name']],
			[2, ['a@x.com', 'Smith, Jane']],
			[3, unclosed],
			[4, ['second line"']],
			[5, ['c@x.com', 'plain']],
			[6, ['']],
			[7, ['d@x.com', '']],
			[8, ['e@x.com', 'O"Neil']],
		];
		for (const piece of [1, 2, 3, 7, 1000]) expect(read(text, true, piece)).toEqual(expected);
	});

	it('CR, LF and CRLF are each one line break, whatever the pieces (a CR at the end of a piece and the LF of the next are one) (issue 36)', () => {
		const text = 'a@x.com\rb@x.com\r\nc@x.com\n\rd@x.com\r\re@x.com';
		const expected: Array<[number, string[] | string]> = [[1, ['a@x.com']], [2, ['b@x.com']], [3, ['c@x.com']], [4, ['']], [5, ['d@x.com']], [6, ['']], [7, ['e@x.com']]];
		for (const piece of [1, 2, 3, 8, 9, 1000]) expect(read(text, false, piece)).toEqual(expected);
		for (const piece of [1, 2, 5, 1000]) expect(read('Email,Name\r"a@x.com","A, B"\rc@x.com,C', true, piece)).toEqual([[1, ['Email', 'Name']], [2, ['a@x.com', 'A, B']], [3, ['c@x.com', 'C']]]);
	});

	it('reads one value per line as it is, a quote included', () => {
		expect(read('a@x.com\r\n"b,c"\n\nlast', false, 3)).toEqual([[1, ['a@x.com']], [2, ['"b,c"']], [3, ['']], [4, ['last']]]);
	});

	it('hashes an email already normalized without the general rules, to the same hash they give (anything else goes through them)', () => {
		const samples = ['a@b.co', 'a.b+c_d%e-f@sub-1.example.org', 'x@y.z', '0@0.0', 'User@Example.com', ' a@b.com', 'a@b.com ', 'mailto:a@b.com', 'a@b', 'a@@b.com', 'a@b..com', '@b.com', 'a b@c.com', 'é@x.com'];
		for (const raw of samples) {
			const fast = hashPlainEmail(raw);
			if (fast !== undefined) expect(fast).toBe(hashIdentifier('email', raw).value);
		}
		expect(samples.filter((raw) => hashPlainEmail(raw) !== undefined)).toEqual(['a@b.co', 'a.b+c_d%e-f@sub-1.example.org', 'x@y.z', '0@0.0']);
		expect(hashIdentifier('email', 'a@b..com').value).toBe(sha('a@b..com'));
	});

	it('refuses a line longer than 65,536 characters and reads on after its line break, holding no more than one piece of it', () => {
		for (const csv of [true, false]) {
			const long = 'y'.repeat(30_000);
			const records = read(`a,b\n"never closed,${long}${long}${long}\nc@x.com,d\n${'z'.repeat(70_000)}\nlast,e`, csv, 20_000);
			expect(records.map(([line, r]) => [line, typeof r === 'string' ? r : r.join('|')])).toEqual([
				[1, csv ? 'a|b' : 'a,b'],
				[2, 'is longer than 65,536 characters (no identifier row is: a file without line breaks?)'],
				[3, csv ? 'c@x.com|d' : 'c@x.com,d'],
				[4, 'is longer than 65,536 characters (no identifier row is: a file without line breaks?)'],
				[5, csv ? 'last|e' : 'last,e'],
			]);
		}
	});
});

describe('Custom Audience: Add/Remove Users from a file', () => {
	it('uploads a one-per-line file of 3,000 emails in one request, skips blank lines, refuses bad lines by number and reason, and counts', async () => {
		const emails = Array.from({ length: 3000 }, (_, i) => `User.${i}@Example.COM`);
		const lines = [...emails.slice(0, 1000), '', 'not-an-email', `"${emails[1000]}"`, ...emails.slice(1001, 2000).map((e) => `  ${e}\r`), 'mailto:x@', ...emails.slice(2000)];
		const run = await runFiles({ files: [{ text: lines.join('\n') + '\n', name: 'crm.txt' }], parameters: audienceFromFile('addUsers') });
		expect(run.error).toBeUndefined();
		const out = run.out();
		expect(posts()).toHaveLength(1);
		expect(sorted(members().email)).toEqual(sorted(emails.map((e) => sha(e.toLowerCase()))));
		const body = JSON.parse(posts()[0].body) as Array<{ operation_type: string; params: { users: IDataObject[] } }>;
		expect(body).toHaveLength(1);
		expect(body[0].operation_type).toBe('Update');
		expect(body[0].params.users).toHaveLength(3000);
		expect(body[0].params.users[0]).toEqual({ email: [sha('user.0@example.com')] });
		expect(out).toEqual([
			{ request: 1, firstLine: 1, lastLine: 3003, users: 3000, bytes: Buffer.byteLength(posts()[0].body), success_count: 3000, total_count: 3000, attempts: 1, status: 'OK' },
			{
				file: 'crm.txt',
				operation_type: 'Update',
				linesRead: 3003,
				headerLines: 0,
				blankLines: 1,
				usersSent: 3000,
				refused: 2,
				refusedLines: [
					{ line: 1002, reason: 'email is not an email address ("not-an-email")' },
					{ line: 2003, reason: 'email is not an email address ("mailto:x@")' },
				],
				requests: 1,
				xSuccessCount: 3000,
				xTotalCount: 3000,
				xRefusedUsers: 0,
				xRefusals: [],
				countsConfirmed: true,
			},
		]);
		expect(run.output('X Ads').map((i) => i.pairedItem)).toEqual([[{ item: 0 }], [{ item: 0 }]]);
	});

	it('packs 130,000 users into the fewest requests X\'s 5,000,000-byte limit allows, each full, then removes them all', async () => {
		const emails = Array.from({ length: 130_000 }, (_, i) => `u${i}@example.com`);
		const run = await runFiles({ files: [{ text: emails.join('\n') }], parameters: audienceFromFile('addUsers', { fileOptions: { expiresAt: '2099-01-01T00:00:00Z' } }) });
		expect(run.error).toBeUndefined();
		const sent = posts().sort((a, b) => b.body.length - a.body.length);
		// One user is {"email":["<64 hex>"]}: 78 bytes and a comma; the frame holds the operation and expires_at.
		const frame = Buffer.byteLength('[{"operation_type":"Update","params":{"expires_at":"2099-01-01T00:00:00Z","users":[]}}]');
		const perRequest = Math.floor((5_000_000 - frame + 1) / 79);
		expect(sent).toHaveLength(Math.ceil(130_000 / perRequest));
		expect(sent.map((r) => (JSON.parse(r.body) as Array<{ params: { users: unknown[] } }>)[0].params.users.length)).toEqual([perRequest, perRequest, 130_000 - 2 * perRequest]);
		expect(sent.every((r) => Buffer.byteLength(r.body) <= 5_000_000 && Buffer.byteLength(r.body) + 79 > 5_000_000 === (r !== sent[2]))).toBe(true);
		expect(JSON.parse(sent[0].body)[0].params.expires_at).toBe('2099-01-01T00:00:00Z');
		expect(members().email).toHaveLength(130_000);
		const summary = run.out().at(-1)!;
		expect(summary).toMatchObject({ linesRead: 130_000, usersSent: 130_000, requests: 3, xTotalCount: 130_000, countsConfirmed: true });
		expect(run.out().slice(0, 3).map((s) => [s.request, s.firstLine, s.lastLine])).toEqual([[1, 1, perRequest], [2, perRequest + 1, 2 * perRequest], [3, 2 * perRequest + 1, 130_000]]);

		env.emulator.control.clearRequests();
		const removed = await runFiles({ files: [{ text: emails.join('\n') }], store: 'filesystem', parameters: audienceFromFile('removeUsers') });
		expect(removed.error).toBeUndefined();
		expect(posts()).toHaveLength(3);
		expect((JSON.parse(posts()[0].body) as Array<{ operation_type: string }>)[0].operation_type).toBe('Delete');
		expect(members().email).toEqual([]);
	});

	it('reads a CSV from n8n\'s filesystem binary store as a stream: column map, quoted cells, CRLF, several identifiers per row', async () => {
		const csv = [
			'ID;E-Mail;Phone;Handle',
			'1;"Jane@Example.com";"+44 20 7946 0958";@Jane_X',
			'2;bob@example.com;;',
			'3;"";"";""',
			'4;"carol@example.com";"12";carol',
			'5;"quoted ""name"" <no>";;',
		].join('\r\n');
		const run = await runFiles({
			files: [{ text: csv, property: 'export', name: 'crm.csv' }],
			store: 'filesystem',
			parameters: audienceFromFile('addUsers', {
				binaryPropertyName: 'export',
				fileFormat: 'csv',
				columnMap: { columns: [{ column: 'e-mail', type: 'email' }, { column: ' Phone ', type: 'phone_number' }, { column: 'HANDLE', type: 'handle' }] },
				fileOptions: { delimiter: ';' },
			}),
		});
		expect(run.error).toBeUndefined();
		const [op] = JSON.parse(posts()[0].body) as Array<{ params: { users: IDataObject[] } }>;
		expect(op.params.users).toEqual([
			{ email: [sha('jane@example.com')], phone_number: [sha('442079460958')], handle: [sha('jane_x')] },
			{ email: [sha('bob@example.com')] },
		]);
		expect(run.out().at(-1)).toMatchObject({
			file: 'crm.csv',
			linesRead: 6,
			headerLines: 1,
			blankLines: 0,
			usersSent: 2,
			refused: 3,
			refusedLines: [
				{ line: 4, reason: 'has no value in the mapped column(s) e-mail, Phone, HANDLE' },
				{ line: 5, reason: 'Phone (phone_number) is not a phone number with country code, 7 to 15 digits ("12")' },
				{ line: 6, reason: 'e-mail (email) is not an email address ("quoted "name" <no>")' },
			],
			countsConfirmed: true,
		});
	});

	it('sends a request again when X\'s counts do not match, and confirms the counts in the end', async () => {
		env.emulator.control.injectAudienceCountMismatch(1);
		const run = await runFiles({ files: [{ text: 'a@x.com\nb@x.com\n' }], parameters: audienceFromFile('addUsers') });
		expect(run.error).toBeUndefined();
		expect(posts()).toHaveLength(2);
		expect(posts()[0].body).toBe(posts()[1].body);
		expect(run.out()[0]).toMatchObject({ request: 1, users: 2, success_count: 2, total_count: 2, attempts: 2 });
		expect(run.out()[1]).toMatchObject({ usersSent: 2, xSuccessCount: 2, xTotalCount: 2, countsConfirmed: true });
	});
});

describe('Add/Remove Users from a file: bad input is refused before any request', () => {
	it('names the item and the field: a missing binary property, a column not in the header, a delimiter of two characters, no column map', async () => {
		const cases: Array<[INodeParameters, RegExp]> = [
			[{ binaryPropertyName: 'file' }, /^Item 0: Input Binary Field \(binaryPropertyName\) names no binary property of the item \(got "file"; the item has data\)/],
			[{ fileFormat: 'csv', columnMap: { columns: [{ column: 'Mail', type: 'email' }] } }, /^Item 0: Columns \(columnMap\) entry 1 names a column that is not in the file's header row \(got "Mail"; the header has "Email", "Phone"\)/],
			[{ fileFormat: 'csv', columnMap: { columns: [{ column: 'Email', type: 'email' }] }, fileOptions: { delimiter: ';;' } }, /^Item 0: CSV Delimiter \(delimiter\) must be one character other than a quote or a line break \(got ";;"\)/],
			[{ fileFormat: 'csv' }, /^Item 0: Columns \(columnMap\) needs at least one column mapped to an identifier type \(email, phone_number, handle, twitter_id, device_id, partner_user_id\)/],
			[{ fileOptions: { expiresAt: '2020-01-01T00:00:00Z' } }, /^Item 0: Expires At \(expires_at\) must be in the future/],
		];
		for (const [extra, message] of cases) {
			const run = await runFiles({ files: [{ text: 'Email,Phone\na@x.com,\n' }], parameters: audienceFromFile('addUsers', extra) });
			expect(run.error?.message).toMatch(message);
		}
		expect(posts()).toHaveLength(0);
	});

	it('checks every file\'s header before the first request; with Continue On Fail the other files are sent', async () => {
		const parameters = audienceFromFile('addUsers', { fileFormat: 'csv', columnMap: { columns: [{ column: 'Email', type: 'email' }] } });
		const files = [{ text: 'Email\na@x.com\n' }, { text: 'Mail\nb@x.com\n' }];
		const stopped = await runFiles({ files, parameters });
		expect(stopped.error?.message).toMatch(/^Item 1: Columns \(columnMap\) entry 1 names a column that is not in the file's header row/);
		expect(posts()).toHaveLength(0);

		const continued = await runFiles({ files, parameters, continueOnFail: true });
		expect(continued.error).toBeUndefined();
		const out = continued.out();
		expect(out.map((o) => (o.error ? 'error' : o.request ? 'request' : 'summary'))).toEqual(['request', 'summary', 'error']);
		expect(members().email).toEqual([sha('a@x.com')]);
	});
});

describe('Do-Not-Reach List: Add Users from a file', () => {
	it('uploads emails and phone numbers from a CSV with expires_at and no effective_at (X takes none there)', async () => {
		const run = await runFiles({
			files: [{ text: 'email,phone\nA@x.com,+1 555 123 4567\nb@x.com,\n' }],
			parameters: {
				resource: 'doNotReachList',
				operation: 'addUsers',
				account: fx().accountId,
				doNotReachListId: fx().doNotReachListId,
				audienceInput: 'file',
				fileFormat: 'csv',
				columnMap: { columns: [{ column: 'email', type: 'email' }, { column: 'phone', type: 'phone_number' }] },
				fileOptions: { expiresAt: '2099-01-01T00:00:00Z' },
			},
		});
		expect(run.error).toBeUndefined();
		expect(posts()[0].path).toBe(`/12/batch/accounts/${fx().accountId}/do_not_reach_lists/${fx().doNotReachListId}/users`);
		expect(JSON.parse(posts()[0].body)[0].params).toEqual({ expires_at: '2099-01-01T00:00:00Z', users: [{ email: [sha('a@x.com')], phone_number: [sha('15551234567')] }, { email: [sha('b@x.com')] }] });
		expect(env.emulator.control.doNotReachMembers(fx().doNotReachListId)).toEqual({ email: [sha('a@x.com'), sha('b@x.com')], phone_number: [sha('15551234567')] });
		expect(run.out().at(-1)).toMatchObject({ usersSent: 2, xSuccessCount: 2, xTotalCount: 2, countsConfirmed: true });
	});
});

describe('Careless files: every physical line sent, refused with its line, or blank; never hashed as something else', () => {
	const summaryOf = (run: { out: () => IDataObject[] }) => run.out().at(-1)!;
	const accounted = (s: IDataObject) => Number(s.headerLines) + Number(s.blankLines) + Number(s.usersSent) + Number(s.refused);

	it('a stray quote on row 11 closed on row 1,011 of a 2,000-row CSV loses no row: row 11 refused with its line, the other 1,999 sent', async () => {
		const rows = Array.from({ length: 2000 }, (_, i) => [`user${i + 1}@example.com`, `Name ${i + 1}`]);
		rows[10][1] = '"Name 11'; // opens a quote...
		rows[1010][1] = 'Name 1011"'; // ...that this row would close
		const text = ['Email,Name', ...rows.map((r) => r.join(','))].join('\n') + '\n';
		const run = await runFiles({ files: [{ text }], parameters: audienceFromFile('addUsers', { fileFormat: 'csv', columnMap: { columns: [{ column: 'Email', type: 'email' }] } }) });
		expect(run.error).toBeUndefined();
		const summary = summaryOf(run);
		expect(summary).toMatchObject({
			linesRead: 2001,
			headerLines: 1,
			blankLines: 0,
			usersSent: 1999,
			refused: 1,
			refusedLines: [{ line: 12, reason: 'opens a quote that is not closed on this line (a stray quote? a field cannot hold a line break here)' }],
			xTotalCount: 1999,
			countsConfirmed: true,
		});
		expect(accounted(summary)).toBe(summary.linesRead);
		expect(sorted(members().email)).toEqual(sorted(rows.filter((_, i) => i !== 10).map((r) => sha(r[0]))));
	});

	it('a row with more or fewer fields than the header (an unquoted delimiter) is refused, not read from the wrong columns', async () => {
		const text = 'Phone,Email\n+44 20 7946 0958,a@example.com\nSmith, +44 20 7946 0959,b@example.com\n+44 20 7946 0960\n,\n';
		const run = await runFiles({ files: [{ text }], parameters: audienceFromFile('addUsers', { fileFormat: 'csv', columnMap: { columns: [{ column: 'Email', type: 'email' }, { column: 'Phone', type: 'phone_number' }] } }) });
		expect(run.error).toBeUndefined();
		expect(summaryOf(run)).toMatchObject({
			linesRead: 5,
			blankLines: 1,
			usersSent: 1,
			refused: 2,
			refusedLines: [
				{ line: 3, reason: 'has 3 fields where the header row has 2 (a delimiter inside a value that is not quoted?)' },
				{ line: 4, reason: 'has 1 fields where the header row has 2 (a delimiter inside a value that is not quoted?)' },
			],
			countsConfirmed: true,
		});
		expect(members().email).toEqual([sha('a@example.com')]);
	});

	const latin1 = Buffer.from('café@example.com\ncafè@example.com\nplain@example.com\n', 'latin1').toString('base64');

	it('Latin-1 bytes read as UTF-8 are refused with their line, never hashed as U+FFFD; with File Encoding Windows-1252 they are the user\'s', async () => {
		const run = await runFiles({ files: [{ base64: latin1 }], parameters: audienceFromFile('addUsers') });
		expect(run.error).toBeUndefined();
		const summary = summaryOf(run);
		expect(summary).toMatchObject({ linesRead: 3, usersSent: 1, refused: 2, countsConfirmed: true });
		expect((summary.refusedLines as IDataObject[]).map((r) => r.line)).toEqual([1, 2]);
		expect(String((summary.refusedLines as IDataObject[])[0].reason)).toBe(
			'email holds bytes that were not valid text in the encoding they were read with, shown as U+FFFD (got "caf\uFFFD@example.com") (File Encoding is utf-8: set the one the file was saved in)',
		);
		expect(members().email).toEqual([sha('plain@example.com')]);
		expect(members().email).not.toContain(sha('caf\uFFFD@example.com'));

		env.emulator.control.clearRequests();
		const decoded = await runFiles({ files: [{ base64: latin1 }], parameters: audienceFromFile('addUsers', { fileOptions: { encoding: 'windows-1252' } }) });
		expect(summaryOf(decoded)).toMatchObject({ linesRead: 3, usersSent: 3, refused: 0, countsConfirmed: true });
		expect(sorted(members().email)).toEqual(sorted([sha('café@example.com'), sha('cafè@example.com'), sha('plain@example.com')]));

		// The other way round: UTF-8 bytes read as Windows-1252 are valid text, but not the user's (cafÃ©@).
		env.emulator.control.clearRequests();
		const utf8 = Buffer.from('josé@example.com\nother@example.com\n', 'utf8').toString('base64');
		const misread = await runFiles({ files: [{ base64: utf8 }], parameters: audienceFromFile('addUsers', { fileOptions: { encoding: 'windows-1252' } }) });
		expect(summaryOf(misread)).toMatchObject({
			usersSent: 1,
			refusedLines: [{ line: 1, reason: 'email looks like UTF-8 read as Windows-1252 (got "josÃ©@example.com") (File Encoding is windows-1252: set the one the file was saved in)' }],
		});
		expect(JSON.parse(posts()[0].body)[0].params.users).toEqual([{ email: [sha('other@example.com')] }]);
	});

	it('a file whose byte order mark announces another encoding (UTF-16 read as UTF-8, UTF-16 BE, UTF-8 read as Windows-1252) is refused before any request; UTF-16 LE read as such is sent', async () => {
		const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Email\r\nJosé@example.com\r\n', 'utf16le')]).toString('base64');
		const parameters = audienceFromFile('addUsers', { fileFormat: 'csv', columnMap: { columns: [{ column: 'Email', type: 'email' }] } });
		for (const fileFormat of ['csv', 'lines']) {
			const refused = await runFiles({ files: [{ base64: utf16 }], parameters: { ...parameters, fileFormat } });
			expect(refused.error?.message).toBe('Item 0: Input Binary Field (binaryPropertyName) holds a file that cannot be read: starts with a UTF-16 LE byte order mark, but File Encoding is utf-8: set File Encoding to UTF-16 LE');
		}
		const refusedToo: Array<[Buffer, string, string]> = [
			[Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('\u4500\u6d00')]), 'utf-16le', 'starts with a UTF-16 BE byte order mark, but File Encoding is utf-16le: save the file as UTF-8'],
			[Buffer.from('\ufeffEmail\njosé@example.com\n', 'utf8'), 'windows-1252', 'starts with a UTF-8 byte order mark, but File Encoding is windows-1252: set File Encoding to UTF-8'],
		];
		for (const [bytes, encoding, message] of refusedToo) {
			const refused = await runFiles({ files: [{ base64: bytes.toString('base64') }], parameters: { ...parameters, fileOptions: { encoding } } });
			expect(refused.error?.message).toBe(`Item 0: Input Binary Field (binaryPropertyName) holds a file that cannot be read: ${message}`);
		}
		expect(posts()).toHaveLength(0);
		const run = await runFiles({ files: [{ base64: utf16 }], parameters: { ...parameters, fileOptions: { encoding: 'utf-16le' } } });
		expect(summaryOf(run)).toMatchObject({ linesRead: 2, usersSent: 1, refused: 0, countsConfirmed: true });
		expect(members().email).toEqual([sha('josé@example.com')]);
	});

	it('NUL and other control bytes in an identifier refuse its line, for every identifier type (partner IDs and device IDs too)', async () => {
		const lines = await runFiles({ files: [{ text: 'a@example.com\0\nb@exa\0mple.com\nc@example.com\n\x01d@example.com\n' }], parameters: audienceFromFile('addUsers') });
		expect(summaryOf(lines)).toMatchObject({
			linesRead: 4,
			usersSent: 1,
			refused: 3,
			refusedLines: [
				{ line: 1, reason: 'email must not contain control characters such as NUL, tabs or line breaks (got "a@example.com\\u0000")' },
				{ line: 2, reason: 'email must not contain control characters such as NUL, tabs or line breaks (got "b@exa\\u0000mple.com")' },
				{ line: 4, reason: 'email must not contain control characters such as NUL, tabs or line breaks (got "\\u0001d@example.com")' },
			],
			countsConfirmed: true,
		});
		expect(members().email).toEqual([sha('c@example.com')]);

		const csv = 'device,partner\nidfa-1\0,p1\nidfa-2,p2\u0085\nidfa-3,"p\t3"\nidfa-4,p4\n';
		const run = await runFiles({
			files: [{ text: csv }],
			parameters: audienceFromFile('addUsers', { fileFormat: 'csv', columnMap: { columns: [{ column: 'device', type: 'device_id' }, { column: 'partner', type: 'partner_user_id' }] } }),
		});
		const summary = summaryOf(run);
		expect(summary).toMatchObject({ linesRead: 5, usersSent: 1, refused: 3, countsConfirmed: true });
		expect((summary.refusedLines as IDataObject[]).map((r) => [r.line, String(r.reason).replace(/ such as.*/, '')])).toEqual([
			[2, 'device (device_id) must not contain control characters'],
			[3, 'partner (partner_user_id) must not contain control characters'],
			[4, 'partner (partner_user_id) must not contain control characters'],
		]);
		expect(JSON.parse(posts().at(-1)!.body)[0].params.users).toEqual([{ device_id: [sha('idfa-4')], partner_user_id: ['p4'] }]);
	});
});

describe('Attack run (issue 24): careless files the issue does not list', () => {
	const csvMap = (column = 'Email') => audienceFromFile('addUsers', { fileFormat: 'csv', columnMap: { columns: [{ column, type: 'email' }] } });
	const summaryOf = (run: { out: () => IDataObject[] }) => run.out().at(-1)!;
	const accounted = (s: IDataObject) => Number(s.headerLines) + Number(s.blankLines) + Number(s.usersSent) + Number(s.refused);

	it('a header with the mapped column twice (Email, email) is refused before any request: either column could be meant', async () => {
		const run = await runFiles({ files: [{ text: 'Email,Name,email \na@x.com,A,b@x.com\n' }], parameters: csvMap() });
		// Before: the first column was read and the second ignored, counts confirmed.
		expect(run.error?.message).toBe(
			'Item 0: Columns (columnMap) entry 1 names a column the file\'s header row has twice (columns 1 and 3, "Email"): rename one in the file so each name is one column',
		);
		expect(posts()).toEqual([]);
	});

	it('a multi-byte character split at every 256 KiB piece of the file, held in the item or streamed from n8n\'s store: every line the user\'s', async () => {
		const lines: string[] = [];
		const split: string[] = [];
		for (let bytes = 0, n = 0; bytes < 3 * 256 * 1024; n++) {
			const room = Math.ceil((bytes + 1) / 262_144) * 262_144 - bytes;
			// 'é' is 2 bytes: its first byte is the last of a piece.
			const line = room < 40 ? `${'x'.repeat(room - 1)}é@x.com` : `u${n}@x.com`;
			if (room < 40) split.push(line);
			lines.push(line);
			bytes += Buffer.byteLength(line) + 1;
		}
		expect(split.length).toBeGreaterThanOrEqual(2);
		for (const store of ['item', 'filesystem'] as const) {
			env.emulator.control.clearRequests();
			const run = await runFiles({ files: [{ text: `${lines.join('\n')}\n` }], store, parameters: audienceFromFile('addUsers') });
			expect(summaryOf(run)).toMatchObject({ linesRead: lines.length, usersSent: lines.length, refused: 0, countsConfirmed: true });
			for (const line of split) expect(members().email).toContain(sha(line));
		}
	});

	it('UTF-16 LE: a surrogate pair split by a piece boundary is one character; a lone surrogate is refused with its line', async () => {
		let text = '';
		while (text.length * 2 < 262_144 - 80) text += `u${text.length}@x.com\n`;
		const emoji = `${'x'.repeat((262_144 - 2 - text.length * 2 - 2) / 2)}\u{1F600}@x.com`;
		text += `${emoji}\nlast@x.com\n`;
		const file = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
		expect(file.readUInt16LE(262_142)).toBe(0xd83d); // the high half ends the first piece
		const parameters = audienceFromFile('addUsers', { fileOptions: { encoding: 'utf-16le' } });
		const run = await runFiles({ files: [{ base64: file.toString('base64') }], parameters });
		expect(summaryOf(run)).toMatchObject({ refused: 0, countsConfirmed: true });
		expect(members().email).toContain(sha(emoji));

		env.emulator.control.clearRequests();
		const lone = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a@x.com\n', 'utf16le'), Buffer.from([0x3d, 0xd8]), Buffer.from('b@x.com\n', 'utf16le')]);
		const refused = await runFiles({ files: [{ base64: lone.toString('base64') }], parameters });
		expect(summaryOf(refused)).toMatchObject({ linesRead: 2, usersSent: 1, refused: 1, countsConfirmed: true });
		expect((summaryOf(refused).refusedLines as IDataObject[])[0]).toMatchObject({ line: 2 });
		expect(JSON.parse(posts()[0].body)[0].params.users).toEqual([{ email: [sha('a@x.com')] }]);
	});

	it('a byte order mark in the middle of a file (two files joined) is not hashed into the user', async () => {
		const run = await runFiles({ files: [{ text: 'a@x.com\n\uFEFFb@x.com\n' }], parameters: audienceFromFile('addUsers') });
		expect(summaryOf(run)).toMatchObject({ linesRead: 2, usersSent: 2, countsConfirmed: true });
		expect(sorted(members().email)).toEqual(sorted([sha('a@x.com'), sha('b@x.com')]));
	});

	it('CR-only line ends (as older spreadsheet programs save them) are line breaks: 3,000 addresses are 3,000 users, every line counted; as a CSV, the header is read (issue 36)', async () => {
		const emails = Array.from({ length: 3000 }, (_, i) => `cr.${i}@example.com`);
		const lines = await runFiles({ files: [{ text: `${emails.join('\r')}\r` }], parameters: audienceFromFile('addUsers') });
		const summary = summaryOf(lines);
		expect(summary).toMatchObject({ linesRead: 3000, usersSent: 3000, refused: 0, requests: 1, countsConfirmed: true });
		expect(accounted(summary)).toBe(summary.linesRead);
		expect(sorted(members().email)).toEqual(sorted(emails.map((e) => sha(e))));
		const csv = await runFiles({ files: [{ text: 'Email\ra@x.com\rb@x.com' }], parameters: csvMap() });
		expect(summaryOf(csv)).toMatchObject({ linesRead: 3, headerLines: 1, usersSent: 2, countsConfirmed: true });
	});

	it('a 0-byte file, a header alone (with and without a line break): nothing sent, counted; an empty CSV named', async () => {
		expect(summaryOf(await runFiles({ files: [{ text: '' }], parameters: audienceFromFile('addUsers') }))).toMatchObject({ linesRead: 0, usersSent: 0, requests: 0, countsConfirmed: true });
		expect((await runFiles({ files: [{ text: '' }], parameters: csvMap() })).error?.message).toBe('Item 0: Input Binary Field (binaryPropertyName) holds an empty file: a CSV needs a header row');
		for (const text of ['Email', 'Email\r\n']) {
			expect(summaryOf(await runFiles({ files: [{ text }], parameters: csvMap() }))).toMatchObject({ linesRead: 1, headerLines: 1, usersSent: 0, requests: 0, countsConfirmed: true });
		}
		expect(posts()).toEqual([]);
	});

	it('a delimiter inside quotes on a last line without a line break; a header of 20,000 columns refused before any request', async () => {
		const run = await runFiles({ files: [{ text: 'Name,Email\n"Smith, J","a@x.com"\n"Doe, J","b@x.com"' }], parameters: csvMap() });
		expect(summaryOf(run)).toMatchObject({ linesRead: 3, usersSent: 2, refused: 0, countsConfirmed: true });
		expect(sorted(members().email)).toEqual(sorted([sha('a@x.com'), sha('b@x.com')]));

		env.emulator.control.clearRequests();
		const columns = Array.from({ length: 20_000 }, (_, i) => `c${i}`);
		const wide = await runFiles({ files: [{ text: `${[...columns, 'Email'].join(',')}\n${[...columns.map(() => ''), 'm@x.com'].join(',')}\n` }], parameters: csvMap() });
		expect(wide.error?.message).toMatch(/its header row \(line 1\) is longer than 65,536 characters/);
		expect(posts()).toEqual([]);
	});
});
