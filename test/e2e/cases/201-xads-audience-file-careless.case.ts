/**
 * Issue 24, breaks 7-9 in real n8n: a careless 2,000-row CSV (made by a Code node from its exact
 * bytes) uploaded with Custom Audience > Add Users, Input: File. Row 11 opens a quote that row 1,011
 * would close, row 500 is Latin-1 (café, one byte 0xE9), row 700 holds a NUL, row 900 an unquoted
 * comma (three fields). Every physical line is accounted for: the header, 1,996 users sent, and the
 * four lines refused with their number and reason (nothing hashed as U+FFFD or with its NUL); the
 * counts confirm each other and the emulator holds exactly the 1,996 expected hashes.
 */
import { createHash } from 'node:crypto';

import { defineCase, type CaseContext } from '../types';
import { chain, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const sha = (v: string) => createHash('sha256').update(v, 'utf8').digest('hex');

const rows = Array.from({ length: 2000 }, (_, i) => [`user${i + 1}@example.com`, `Name ${i + 1}`]);
rows[10][1] = '"Name 11';
rows[1010][1] = 'Name 1011"';
rows[499][0] = 'café500@example.com';
rows[699][0] = 'user700@exa\0mple.com';
rows[899][1] = 'Smith, Jr';
const bytes = Buffer.from(['Email,Name', ...rows.map((r) => r.join(','))].join('\n') + '\n', 'latin1');
const sent = rows.filter((_, i) => ![10, 499, 699, 899].includes(i)).map((r) => sha(r[0]));

export default defineCase({
	name: 'X Ads: a careless CSV (stray quote, Latin-1 bytes, a NUL, an unquoted comma) loses no row: every line sent or refused with its number',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) =>
		chain(
			{
				name: 'File',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: {
					jsCode: `return [{ json: {}, binary: { data: { data: ${JSON.stringify(bytes.toString('base64'))}, mimeType: 'text/csv', fileName: 'crm.csv' } } }];`,
				},
			},
			xAds(
				'X Ads',
				{
					resource: 'customAudience',
					operation: 'addUsers',
					customAudienceId: fixtures(ctx).customAudienceId,
					audienceInput: 'file',
					fileFormat: 'csv',
					columnMap: { columns: [{ column: 'Email', type: 'email' }] },
				},
				{ account: fixtures(ctx).accountId },
			),
		),
	expect: {
		node: 'X Ads',
		items: [
			{ request: 1, users: 1996, success_count: 1996, total_count: 1996, status: 'OK' },
			{
				file: 'crm.csv',
				linesRead: 2001,
				headerLines: 1,
				blankLines: 0,
				usersSent: 1996,
				refused: 4,
				refusedLines: [
					{ line: 12, reason: 'opens a quote that is not closed on this line (a stray quote? a field cannot hold a line break here)' },
					{ line: 501, reason: /^Email \(email\) holds bytes that were not valid text in the encoding they were read with, shown as U\+FFFD \(got "caf\uFFFD500@example.com"\) \(File Encoding is utf-8/ },
					{ line: 701, reason: 'Email (email) must not contain control characters such as NUL, tabs or line breaks (got "user700@exa\\u0000mple.com")' },
					{ line: 901, reason: 'has 3 fields where the header row has 2 (a delimiter inside a value that is not quoted?)' },
				],
				xTotalCount: 1996,
				countsConfirmed: true,
			},
		],
	},
	check: (ctx) => {
		const held = (ctx.emulator!.control.audienceMembers(fixtures(ctx).customAudienceId).email as string[]).sort();
		if (JSON.stringify(held) !== JSON.stringify([...sent].sort())) throw new Error(`the emulator holds ${held.length} email hashes, expected the ${sent.length} sent`);
	},
});
