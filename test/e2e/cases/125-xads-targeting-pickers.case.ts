/**
 * The pickers in real n8n, as the editor asks for them (POST /rest/dynamic-node-parameters/
 * resource-locator-results): the targeting value list follows the targeting type chosen beside it
 * (locations for LOCATION, the account's custom audiences for CUSTOM_AUDIENCE, X's suggestions
 * for keywords, the Batch operation fields too); the audience of an upload is searched by name;
 * the do-not-reach list of the account is listed.
 * https://docs.x.com/x-ads-api/campaign-management/reference#targeting-options
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

async function pick(ctx: CaseContext, methodName: string, filter: string | undefined, parameters: Record<string, unknown>) {
	const response = await ctx.client.fetch('/rest/dynamic-node-parameters/resource-locator-results', {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			nodeTypeAndVersion: { name: 'n8n-nodes-x-ads.xAds', version: 1 },
			path: 'parameters.targetingValue',
			methodName,
			...(filter ? { filter } : {}),
			credentials: { xOAuth1Api: ctx.credentials.x },
			currentNodeParameters: { authentication: 'xOAuth1Api', account: { __rl: true, mode: 'id', value: fixtures(ctx).accountId }, ...parameters },
		}),
	});
	if (!response.ok) throw new Error(`${methodName}: n8n answered ${response.status}: ${await response.text()}`);
	const body = (await response.json()) as { data: { results: Array<{ name: string; value: string }> } };
	return body.data.results;
}

export default defineCase({
	name: 'X Ads: targeting value, custom audience and do-not-reach list pickers through n8n',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: () => chain(once(xAds('Platforms', { resource: 'targetingOption', operation: 'getPlatforms', returnAll: true }))),
	expect: { executedNodes: ['Start', 'Platforms'], outputs: { Platforms: { itemCount: 5 } } },
	check: async (ctx) => {
		const fx = fixtures(ctx);
		const create = { resource: 'targetingCriterion', operation: 'create' };
		assertMatch(await pick(ctx, 'searchTargetingValues', 'london', { ...create, targetingType: 'LOCATION' }), [{ name: 'London, England, GB [CITIES, GB] (457b4814b4240d87)', value: '457b4814b4240d87' }], 'locations');
		assertMatch(await pick(ctx, 'searchTargetingValues', 'news', { ...create, targetingType: 'CUSTOM_AUDIENCE' }), [{ value: fx.targetableCustomAudienceId }], 'custom audiences');
		assertMatch((await pick(ctx, 'searchTargetingValues', 'developers', { ...create, targetingType: 'PHRASE_KEYWORD' })).map((r) => r.value).slice(0, 3), ['developers', 'devs', 'software'], 'keywords with suggestions');
		assertMatch(await pick(ctx, 'searchTargetingValues', 'books', { resource: 'targetingCriterion', operation: 'batch', operationType: 'Create', additionalFields: { targetingType: 'INTEREST' } }), [{ value: '1001' }, { value: '1002' }, { value: '1003' }], 'interests (batch)');
		assertMatch(await pick(ctx, 'searchCustomAudiences', 'past', { resource: 'customAudience', operation: 'addUsers' }), [{ name: `Past purchasers (${fx.customAudienceId})`, value: fx.customAudienceId }], 'upload audience');
		assertMatch(await pick(ctx, 'searchDoNotReachLists', undefined, { resource: 'doNotReachList', operation: 'addUsers' }), [{ value: fx.doNotReachListId }], 'do-not-reach list');
	},
});
