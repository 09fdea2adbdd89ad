/**
 * Account > Get Many filters: name prefix (case-insensitive), sort, with_total_count on the first
 * page only (X refuses it together with a cursor), then Account IDs in a second node.
 */
import { defineCase } from '../types';
import { graph, queryOf, START, xAds } from '../workflows';

let chosen: string[] = [];

export default defineCase({
	name: 'X Ads account: Get Many filters (name prefix, sort, total count, account IDs)',
	credentials: { x: { type: 'xOAuth1Api' } },
	setup: ({ emulator }) => {
		const ids = emulator!.control.seedAccounts(1200, { prefix: 'Zeta' });
		chosen = [ids[7], ids[1111]];
	},
	// Two branches off the trigger, so each X Ads node runs once.
	workflow: () =>
		graph(
			{ [START]: [['By Name', 'By IDs']] },
			xAds('By Name', { resource: 'account', operation: 'getAll', returnAll: true, filters: { nameStartsWith: 'zeta', withTotalCount: true, sortBy: 'name-asc' } }),
			xAds('By IDs', { resource: 'account', operation: 'getAll', returnAll: true, filters: { accountIds: chosen.join(', ') } }),
		),
	expect: {
		executedNodes: ['Start', 'By Name', 'By IDs'],
		outputs: {
			'By Name': { itemCount: 1200, everyItem: { name: /^Zeta \d{6}$/ } },
			'By IDs': { itemCount: 2 },
		},
	},
	check: (_ctx, result) => {
		const byName = result.execution!.output('By Name');
		if (byName[0].total_count !== 1200) throw new Error(`total_count: expected 1200, got ${JSON.stringify(byName[0].total_count)}`);
		const names = byName.map((r) => String(r.name));
		if (names.join('\n') !== [...names].sort().join('\n')) throw new Error('By Name: not sorted by name ascending');

		const nameRequests = result.requests.filter((r) => queryOf(r.query).get('q') === 'zeta');
		if (nameRequests.length !== 2) throw new Error(`expected 2 pages for the name filter, got ${nameRequests.length}`);
		const [first, second] = nameRequests.map((r) => queryOf(r.query));
		if (first.get('with_total_count') !== 'true' || first.get('sort_by') !== 'name-asc') throw new Error(`page 1 query: ${first}`);
		if (!second.get('cursor') || second.has('with_total_count')) throw new Error(`page 2 must have a cursor and no with_total_count: ${second}`);

		const got = result.execution!.output('By IDs').map((r) => String(r.id)).sort();
		if (JSON.stringify(got) !== JSON.stringify([...chosen].sort())) throw new Error(`By IDs: expected ${chosen}, got ${got}`);
		const idRequest = result.requests.find((r) => queryOf(r.query).has('account_ids'));
		if (queryOf(idRequest!.query).get('account_ids') !== chosen.join(',')) throw new Error(`account_ids sent as ${queryOf(idRequest!.query).get('account_ids')}`);
	},
});
