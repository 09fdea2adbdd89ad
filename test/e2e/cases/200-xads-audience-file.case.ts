/**
 * Custom Audience > Add Users from a file, in real n8n: a Code node makes a binary file of 3,000
 * emails, one per line (untidy spellings, one bad line, one blank line, CRLF endings), and X Ads
 * reads it with Input: File (no n8n item per row). One request holds them all (X's limit is 5,000,000
 * bytes a request); the node outputs that request's summary and the final count check, and the
 * emulator holds exactly the expected hashes (computed here with node:crypto). Runs in queue mode
 * too (a worker executes it; binary data then goes through n8n's database store).
 */
import { createHash } from 'node:crypto';

import { defineCase, type CaseContext } from '../types';
import { chain, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const sha = (v: string) => createHash('sha256').update(v, 'utf8').digest('hex');
const emails = Array.from({ length: 3000 }, (_, i) => `  User.${i}@Example.COM`);
const lines = [...emails.slice(0, 1500), 'not-an-email', '', ...emails.slice(1500)];

export default defineCase({
	name: 'X Ads: Custom Audience Add Users from a one-per-line file (binary from a Code node), one request, count check',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) =>
		chain(
			{
				name: 'File',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: {
					jsCode: `const text = ${JSON.stringify(lines.join('\r\n') + '\r\n')};\nreturn [{ json: { name: 'crm.txt' }, binary: { list: { data: Buffer.from(text, 'utf8').toString('base64'), mimeType: 'text/plain', fileName: 'crm.txt' } } }];`,
				},
			},
			xAds(
				'X Ads',
				{
					resource: 'customAudience',
					operation: 'addUsers',
					customAudienceId: fixtures(ctx).customAudienceId,
					audienceInput: 'file',
					binaryPropertyName: 'list',
					fileFormat: 'lines',
					lineIdentifierType: 'email',
				},
				{ account: fixtures(ctx).accountId },
			),
		),
	expect: {
		node: 'X Ads',
		items: [
			{ request: 1, firstLine: 1, lastLine: 3002, users: 3000, success_count: 3000, total_count: 3000, attempts: 1, status: 'OK' },
			{
				file: 'crm.txt',
				linesRead: 3002,
				blankLines: 1,
				usersSent: 3000,
				refused: 1,
				refusedLines: [{ line: 1501, reason: 'email is not an email address ("not-an-email")' }],
				requests: 1,
				xSuccessCount: 3000,
				xTotalCount: 3000,
				countsConfirmed: true,
			},
		],
		emulator: { requests: [{ method: 'POST', path: /\/custom_audiences\/\w+\/users$/, status: 200, count: 1 }] },
	},
	check: (ctx) => {
		const held = (ctx.emulator!.control.audienceMembers(fixtures(ctx).customAudienceId).email as string[]).sort();
		const want = emails.map((e) => sha(e.trim().toLowerCase())).sort();
		if (JSON.stringify(held) !== JSON.stringify(want)) throw new Error(`the emulator holds ${held.length} email hashes, expected the ${want.length} of the file`);
	},
});
