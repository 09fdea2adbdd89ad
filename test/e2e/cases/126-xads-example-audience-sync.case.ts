/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * examples/crm-segment-sync.json in real n8n, run twice: the segment export and the state file are
 * on disk (Read/Write Files from Disk, in a folder n8n may use), the first run finds no state and
 * adds everyone, the second reads the state the first wrote and adds who joined and removes who left.
 * (The second run comes seconds after the first: its sync is told to run within X's processing window.)
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const FOLDER = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'x-sync-e2e-')));
const SEGMENT = path.join(FOLDER, 'crm-segment.csv');
const STATE = path.join(FOLDER, 'x-audience-sync.state');
const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const emails = (from: number, to: number) => Array.from({ length: to - from }, (_, n) => `member${from + n}@example.com`);
const sha = (value: string) => createHash('sha256').update(value).digest('hex');

export default defineCase({
	name: 'examples/crm-segment-sync.json: two syncs of a custom audience through a state kept on disk',
	credentials: { x: { type: 'xOAuth1Api' } },
	n8nVariant: { key: 'sync-files', options: { env: { N8N_RESTRICT_FILE_ACCESS_TO: FOLDER } } },
	setup: () => {
		fs.rmSync(STATE, { force: true });
		fs.writeFileSync(SEGMENT, emails(0, 150).join('\n'));
	},
	workflow: (ctx) => {
		const workflow = exampleWorkflow('crm-segment-sync.json', { account: fx(ctx).accountId, customAudienceId: fx(ctx).customAudienceId });
		const text = JSON.stringify(workflow).split('/home/node/.n8n-files').join(FOLDER);
		const filled = JSON.parse(text) as typeof workflow;
		const sync = filled.nodes.find((n) => n.name === 'Sync Audience')!;
		(sync.parameters as { syncOptions: Record<string, unknown> }).syncOptions.allowEarlySync = true;
		return filled;
	},
	run: { triggerName: 'Daily' },
	expect: {
		outputs: {
			'Sync Audience': { itemCount: 1, items: [{ firstSync: true, added: 150, removed: 0, members: 150, countsAddUp: true, list: { size: 150, targetable: true } }] },
		},
	},
	check: async (ctx, result) => {
		// No state file yet: n8n 2.x's Read/Write Files from Disk gives an error item (kept by its
		// Continue On Fail), n8n 1.x finds no file and gives no item; Sync makes a first sync on both.
		const missing = result.execution!.output('Read Last Sync State');
		if (ctx.n8n.version.startsWith('1.')) assertMatch(missing.length, 0, 'n8n 1.x: no item for the missing state file');
		else assertMatch(missing.length === 1 && typeof missing[0].error === 'string', true, 'n8n 2.x: an error item for the missing state file');
		const first = fs.readFileSync(STATE);
		assertMatch(first.subarray(0, 6).toString('latin1'), 'XASYNC', 'the state written to disk');
		fs.writeFileSync(SEGMENT, emails(10, 155).join('\n'));
		const second = await ctx.client.waitForExecution(await ctx.client.runManually(result.workflow!.id, 'Daily'));
		assertMatch(second.status, 'success', 'the second run');
		assertMatch(second.output('Sync Audience'), [{ firstSync: false, plan: { previous: 150, unchanged: 140, toAdd: 5, toRemove: 10 }, added: 5, removed: 10, members: 145, countsAddUp: true }], 'the second sync');
		assertMatch(fs.readFileSync(STATE).equals(first), false, 'the state file rewritten');
		const members = ctx.emulator!.control.audienceMembers(fx(ctx).customAudienceId).email.sort();
		assertMatch(members, emails(10, 155).map(sha).sort(), 'X holds the segment');
	},
	timeoutMs: 180_000,
});
