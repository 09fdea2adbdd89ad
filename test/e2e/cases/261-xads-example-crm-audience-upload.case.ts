/**
 * examples/crm-audience-upload.json in real n8n (its Schedule Trigger started as the editor's
 * Execute workflow does; account and custom audience filled from the emulator's seed, as `npm run
 * dev` does): the two CRM customers' emails and the one phone number reach the audience normalized
 * and SHA-256 hashed, the empty phone sends nothing.
 */
import { createHash } from 'node:crypto';

import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const fx = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export default defineCase({
	name: 'examples/crm-audience-upload.json: CRM customers hashed into the custom audience',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => exampleWorkflow('crm-audience-upload.json', { account: fx(ctx).accountId, customAudienceId: fx(ctx).customAudienceId }),
	run: { triggerName: 'Daily' },
	expect: { executedNodes: ['Daily', 'CRM Customers', 'Add to Audience'] },
	check: (ctx, result) => {
		const members = ctx.emulator!.control.audienceMembers(fx(ctx).customAudienceId) as Record<string, string[]>;
		assertMatch([...members.email].sort(), [sha('jane.doe@example.com'), sha('max@example.org')].sort(), 'email hashes at X');
		assertMatch(members.phone_number, [sha('15550109999')], 'phone hashes at X (country code and digits; the empty phone sends nothing)');
		const out = result.execution!.output('Add to Audience');
		assertMatch(out.length > 0 && out.every((i) => !i.error), true, `Add to Audience output without errors: ${JSON.stringify(out).slice(0, 300)}`);
	},
});
