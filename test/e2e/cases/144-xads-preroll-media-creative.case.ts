/**
 * X Ads "Preroll Call to Action" and "Media Creative" in real n8n
 * (https://docs.x.com/x-ads-api/creatives/reference#preroll-call-to-actions,
 * https://docs.x.com/x-ads-api/campaign-management/reference#media-creatives):
 * a call to action on the reach line item, changed and deleted; the MEDIUM_RECTANGLE account media
 * attached to the same line item with a landing URL, read back and detached; a call to action X
 * does not offer refused before any request.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: preroll call to action create, update, delete; media creative create, get, delete; a bad call to action refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const node = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) => once(xAds(name, parameters, { account: fx.accountId, ...opts }));
		const cta = { resource: 'prerollCallToAction' };
		const mc = { resource: 'mediaCreative' };
		return chain(
			node('CTA Create', { ...cta, operation: 'create', lineItemId: fx.lineItems.reach, callToAction: 'WATCH_NOW', callToActionUrl: 'https://acme-shoes.example/film' }),
			node('CTA Update', { ...cta, operation: 'update', prerollCallToActionId: '={{ $json.id }}', updateFields: { callToActionUrl: 'https://acme-shoes.example/film2' } }),
			node('CTA Delete', { ...cta, operation: 'delete', prerollCallToActionId: '={{ $json.id }}' }),
			node('MC Create', { ...mc, operation: 'create', accountMediaId: fx.accountMediaIds[2], lineItemId: fx.lineItems.reach, additionalFields: { landingUrl: 'https://acme-shoes.example/rect' } }),
			node('MC Get', { ...mc, operation: 'get', mediaCreativeId: '={{ $json.id }}' }),
			node('MC Delete', { ...mc, operation: 'delete', mediaCreativeId: '={{ $json.id }}' }),
			node('Bad CTA', { ...cta, operation: 'create', lineItemId: fx.lineItems.reach, callToAction: 'BUY_NOW', callToActionUrl: 'https://acme-shoes.example' }, { onError: 'continueRegularOutput' }),
		);
	},
	expect: {
		executedNodes: ['Start', 'CTA Create', 'CTA Update', 'CTA Delete', 'MC Create', 'MC Get', 'MC Delete', 'Bad CTA'],
		outputs: {
			'CTA Create': { itemCount: 1, items: [{ call_to_action: 'WATCH_NOW', deleted: false }] },
			'CTA Update': { itemCount: 1, items: [{ call_to_action: 'WATCH_NOW', call_to_action_url: 'https://acme-shoes.example/film2' }] },
			'CTA Delete': { itemCount: 1, items: [{ deleted: true }] },
			'MC Create': { itemCount: 1, items: [{ creative_type: 'MEDIUM_RECTANGLE', landing_url: 'https://acme-shoes.example/rect', approval_status: 'ACCEPTED' }] },
			'MC Get': { itemCount: 1, items: [{ creative_type: 'MEDIUM_RECTANGLE' }] },
			'MC Delete': { itemCount: 1, items: [{ deleted: true }] },
			'Bad CTA': { itemCount: 1, items: [{ error: /Call to Action \(call_to_action\) must be one of GO_TO, SEE_MORE, SHOP, VISIT_SITE, WATCH_NOW/ }] },
		},
		emulator: { requestCount: 6 },
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		assertMatch(Object.fromEntries(queryOf(result.requests[0].query)), { line_item_id: fx.lineItems.reach, call_to_action: 'WATCH_NOW' }, 'create query');
		const mcId = String(result.execution!.output('MC Create')[0].id);
		assertMatch(ctx.emulator!.control.state().ads.production.creatives.mediaCreatives.get(mcId)?.deleted, true, 'detached in the emulator');
	},
});
