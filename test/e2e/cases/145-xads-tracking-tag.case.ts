/**
 * X Ads "Tracking Tag" in real n8n (https://docs.x.com/x-ads-api/campaign-management/reference#tracking-tags):
 * a click tracker on the reach line item, its URL replaced, the tags of that line item listed,
 * deleted; a URL without a scheme refused before any request.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const URL = 'https://ad.doubleclick.net/ddm/trackclk/N1.acme/B2;dc_trk_aid=3';

export default defineCase({
	name: 'X Ads: tracking tag create, update, list by line item, delete; a URL without scheme refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const node = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(xAds(name, { resource: 'trackingTag', ...parameters }, { account: fx.accountId, ...opts }));
		return chain(
			node('Create', { operation: 'create', lineItemId: fx.lineItems.reach, trackingTagType: 'CLICK_TRACKER', trackingTagUrl: URL }),
			node('Update', { operation: 'update', trackingTagId: '={{ $json.id }}', trackingTagUrl: `${URL};v=2` }),
			node('List', { operation: 'getAll', returnAll: true, filters: { lineItemIds: fx.lineItems.reach } }),
			node('Delete', { operation: 'delete', trackingTagId: "={{ $('Create').first().json.id }}" }),
			node('Bad URL', { operation: 'create', lineItemId: fx.lineItems.reach, trackingTagType: 'IMPRESSION_TAG', trackingTagUrl: 'ad.doubleclick.net' }, { onError: 'continueRegularOutput' }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'Update', 'List', 'Delete', 'Bad URL'],
		outputs: {
			Create: { itemCount: 1, items: [{ tracking_tag_type: 'CLICK_TRACKER', tracking_tag_url: URL }] },
			Update: { itemCount: 1, items: [{ tracking_tag_url: `${URL};v=2` }] },
			List: { itemCount: 1 },
			Delete: { itemCount: 1, items: [{ deleted: true }] },
			'Bad URL': { itemCount: 1, items: [{ error: /Tracking Tag URL \(tracking_tag_url\) must be a URL/ }] },
		},
		emulator: { requestCount: 4 },
	},
	check: (ctx, result) => {
		const id = String(result.execution!.output('Create')[0].id);
		assertMatch(result.execution!.output('List')[0].id, id, 'the line item lists the new tag');
		assertMatch(ctx.emulator!.control.state().ads.production.accountSettings.trackingTags.get(id)?.deleted, true, 'deleted in the emulator');
	},
});
