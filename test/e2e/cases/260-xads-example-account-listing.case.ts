/**
 * examples/account-listing.json in real n8n: every ads account of the credential's user, one item
 * each, simplified (version 2's Simplify: id, name, time zone, approval status ... only), with X's
 * total count (the example's Total Count filter).
 */
import { assertMatch } from '../match';
import { defineCase } from '../types';
import { exampleWorkflow } from '../workflows';

const SIMPLIFIED = ['id', 'name', 'business_name', 'timezone', 'approval_status', 'industry_type', 'deleted', 'total_count'];

export default defineCase({
	name: 'examples/account-listing.json: every account of the user, simplified',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: () => exampleWorkflow('account-listing.json', {}),
	check: (ctx, result) => {
		const items = result.execution!.output('List Accounts');
		const held = ctx.emulator!.control.state().ads.production.byUser.get(ctx.emulator!.users[0].userId)!.map((a: { account: { id: string; name: string } }) => a.account);
		assertMatch(items.map((i) => i.id), held.map((a: { id: string }) => a.id), "the user's accounts, in X's order");
		for (const item of items) {
			const extra = Object.keys(item).filter((k) => !SIMPLIFIED.includes(k));
			assertMatch(extra, [], `keys beyond Simplify's of account ${String(item.id)}`);
			assertMatch(item, { total_count: held.length, name: { $type: 'string' }, timezone: { $type: 'string' }, approval_status: { $type: 'string' } }, `account ${String(item.id)}`);
		}
	},
});
