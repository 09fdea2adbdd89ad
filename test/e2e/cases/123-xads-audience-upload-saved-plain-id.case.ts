/**
 * A workflow saved before the audience and list pickers existed holds the custom audience and the
 * do-not-reach list as plain text IDs (customAudienceId: "abc12", doNotReachListId: "d1"): real
 * n8n saves it, runs it, and the uploads go to those IDs, as they do with a picked value (a
 * resource locator). https://docs.x.com/x-ads-api/audiences/reference#post-accounts-account-id-custom-audiences-custom-audience-id-users
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, locator, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: audience uploads with a saved plain text ID and with a picked audience',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const upload = (name: string, parameters: Record<string, unknown>, email: string) =>
			once(xAds(name, { operation: 'addUsers', additionalFields: { email }, ...parameters }, { account: fx.accountId }));
		return chain(
			upload('Plain audience ID', { resource: 'customAudience', customAudienceId: fx.customAudienceId }, 'plain@example.com'),
			upload('Picked audience', { resource: 'customAudience', customAudienceId: locator(fx.customAudienceId, 'list') }, 'picked@example.com'),
			upload('Plain list ID', { resource: 'doNotReachList', doNotReachListId: fx.doNotReachListId }, 'optout@example.com'),
		);
	},
	expect: {
		executedNodes: ['Start', 'Plain audience ID', 'Picked audience', 'Plain list ID'],
		outputs: {
			'Plain audience ID': { itemCount: 1, items: [{ status: 'OK', operation_type: 'Update' }] },
			'Picked audience': { itemCount: 1, items: [{ status: 'OK' }] },
			'Plain list ID': { itemCount: 1, items: [{ status: 'OK' }] },
		},
	},
	check: async (ctx, result) => {
		const fx = fixtures(ctx);
		assertMatch(result.requests.map((r) => r.path), [
			`/12/accounts/${fx.accountId}/custom_audiences/${fx.customAudienceId}/users`,
			`/12/accounts/${fx.accountId}/custom_audiences/${fx.customAudienceId}/users`,
			`/12/batch/accounts/${fx.accountId}/do_not_reach_lists/${fx.doNotReachListId}/users`,
		], 'upload paths');
		assertMatch(ctx.emulator!.control.audienceMembers(fx.customAudienceId).email.length, 2, 'both emails in the audience');
		// The saved workflow still holds the plain text: n8n did not rewrite it.
		const saved = await ctx.client.getWorkflow(result.workflow!.id);
		const node = saved.nodes.find((n) => n.name === 'Plain audience ID') as { parameters: Record<string, unknown> };
		assertMatch(node.parameters.customAudienceId, fx.customAudienceId, 'saved plain ID');
	},
});
