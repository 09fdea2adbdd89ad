/**
 * X Ads promoted records in real n8n: Promoted Account > Create in the PROMOTED_ACCOUNT line item
 * and Get Many, Scheduled Promoted Post > Create and Get Many, Promotable User > Get Many.
 */
import { defineCase, type CaseContext } from '../types';
import { chain, locator, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: promoted accounts, scheduled promoted posts, promotable users',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const node = (name: string, parameters: Record<string, unknown>) => once(xAds(name, parameters, { account: fx.accountId }));
		return chain(
			node('Promote Account', { resource: 'promotedAccount', operation: 'create', lineItem: locator(fx.followersLineItemId), userId: fx.retweetsOnlyUserId }),
			node('Promoted Accounts', { resource: 'promotedAccount', operation: 'getAll', returnAll: true }),
			node('Schedule', { resource: 'scheduledPromotedPost', operation: 'create', lineItem: locator(fx.lineItems.reach), scheduledTweetId: fx.scheduledTweetId }),
			node('Scheduled', { resource: 'scheduledPromotedPost', operation: 'getAll', returnAll: true, filters: { lineItemIds: fx.lineItems.reach } }),
			node('Promotable', { resource: 'promotableUser', operation: 'getAll', returnAll: true }),
		);
	},
	expect: {
		outputs: {
			'Promote Account': { itemCount: 1, items: [{ user_id: '2417045708', deleted: false }] },
			'Promoted Accounts': { itemCount: 2 },
			Schedule: { itemCount: 1, items: [{ tweet_id: null, deleted: false }] },
			Scheduled: { itemCount: 1 },
			Promotable: { itemCount: 2, someItems: [{ promotable_user_type: 'RETWEETS_ONLY', user_id: '2417045708' }] },
		},
	},
});
