/**
 * Promoted posts (X's promoted_tweets), promoted accounts, scheduled promoted posts and promotable
 * users (https://docs.x.com/x-ads-api/campaign-management/reference) through n8n's engine against
 * the emulator.
 */
import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, ads: ok } = suiteHelpers(env);
const account = () => fx().accountId;

describe('Promoted Post', () => {
	it('promotes posts in a line item, lists them by line item, gets and deletes one', async () => {
		env.emulator.control.clearRequests();
		const created = await ok({ resource: 'promotedPost', operation: 'create', account: account(), lineItem: fx().lineItems.reach, tweetIds: fx().postId });
		expect(created).toHaveLength(1);
		expect(created[0]).toMatchObject({ line_item_id: fx().lineItems.reach, tweet_id: fx().postId, deleted: false });
		expect(q(requests()[0].query).get('tweet_ids')).toBe(fx().postId);
		const listed = await ok({ resource: 'promotedPost', operation: 'getAll', account: account(), returnAll: true, filters: { lineItemIds: fx().lineItems.reach } });
		expect(listed.map((p) => p.id)).toEqual([created[0].id]);
		const [got] = await ok({ resource: 'promotedPost', operation: 'get', account: account(), promotedTweetId: fx().promotedTweetId });
		expect(got.tweet_id).toBe(fx().postId);
		const [deleted] = await ok({ resource: 'promotedPost', operation: 'delete', account: account(), promotedTweetId: String(created[0].id) });
		expect(deleted.deleted).toBe(true);
	});

	it('lists the promoted posts of a deleted line item only With Deleted', async () => {
		await ok({ resource: 'lineItem', operation: 'delete', account: account(), lineItem: fx().lineItems.engagements });
		const live = await ok({ resource: 'promotedPost', operation: 'getAll', account: account(), returnAll: true });
		expect(live.map((p) => p.id)).not.toContain(fx().promotedTweetId);
		const all = await ok({ resource: 'promotedPost', operation: 'getAll', account: account(), returnAll: true, filters: { withDeleted: true } });
		expect(all.find((p) => p.id === fx().promotedTweetId)).toMatchObject({ deleted: false });
	});
});

describe('Promoted Account', () => {
	it('promotes an account in a PROMOTED_ACCOUNT line item; X refuses another kind of line item', async () => {
		const [created] = await ok({ resource: 'promotedAccount', operation: 'create', account: account(), lineItem: fx().followersLineItemId, userId: fx().retweetsOnlyUserId });
		expect(created).toMatchObject({ line_item_id: fx().followersLineItemId, user_id: fx().retweetsOnlyUserId });
		const listed = await ok({ resource: 'promotedAccount', operation: 'getAll', account: account(), returnAll: true });
		expect(listed.map((p) => p.id).sort()).toEqual([fx().promotedAccountId, created.id].sort());
		const [got] = await ok({ resource: 'promotedAccount', operation: 'get', account: account(), promotedAccountId: fx().promotedAccountId });
		expect(got.line_item_id).toBe(fx().followersLineItemId);
		const [deleted] = await ok({ resource: 'promotedAccount', operation: 'delete', account: account(), promotedAccountId: String(created.id) });
		expect(deleted.deleted).toBe(true);
		const refused = await env.ads({ resource: 'promotedAccount', operation: 'create', account: account(), lineItem: fx().lineItems.reach, userId: '123' });
		expect(String((refused.error as Error).message)).toMatch(/X answered 400.*INCOMPATIBLE_LINE_ITEM/);
	});
});

describe('Scheduled Promoted Post', () => {
	it('promotes a scheduled post, lists, gets; deletes only before the post goes out', async () => {
		const [created] = await ok({ resource: 'scheduledPromotedPost', operation: 'create', account: account(), lineItem: fx().lineItems.reach, scheduledTweetId: fx().scheduledTweetId });
		expect(created).toMatchObject({ scheduled_tweet_id: fx().scheduledTweetId, tweet_id: null });
		const listed = await ok({ resource: 'scheduledPromotedPost', operation: 'getAll', account: account(), returnAll: true, filters: { lineItemIds: fx().lineItems.reach } });
		expect(listed.map((s) => s.id)).toEqual([created.id]);
		const [got] = await ok({ resource: 'scheduledPromotedPost', operation: 'get', account: account(), scheduledPromotedTweetId: fx().scheduledPromotedTweetIds.published });
		expect(typeof got.tweet_id).toBe('string');
		const [deleted] = await ok({ resource: 'scheduledPromotedPost', operation: 'delete', account: account(), scheduledPromotedTweetId: String(created.id) });
		expect(deleted.deleted).toBe(true);
		const late = await env.ads({ resource: 'scheduledPromotedPost', operation: 'delete', account: account(), scheduledPromotedTweetId: fx().scheduledPromotedTweetIds.published });
		expect(String((late.error as Error).message)).toMatch(/X answered 400/);
	});
});

describe('Promotable User', () => {
	it('lists and gets promotable users with their type', async () => {
		const all = await ok({ resource: 'promotableUser', operation: 'getAll', account: account(), returnAll: true });
		expect(all.map((u) => u.promotable_user_type).sort()).toEqual(['FULL', 'RETWEETS_ONLY']);
		const [one] = await ok({ resource: 'promotableUser', operation: 'get', account: account(), promotableUserId: fx().promotableUserIds[1] });
		expect(one).toMatchObject({ user_id: fx().retweetsOnlyUserId, promotable_user_type: 'RETWEETS_ONLY' });
	});
});
