/**
 * The account's posts (Get Many), scheduled posts, draft posts and post previews through the engine
 * against the emulator (https://docs.x.com/x-ads-api/creatives/reference#scheduled-tweets and the
 * sections after it): every operation, the rules checked before sending, exact 64-bit ids.
 */
import type { INodeParameters } from 'n8n-workflow';

import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, paired, ads: ok } = suiteHelpers(env);

const creatives = () => env.emulator.control.state().ads.production.creatives;
const account = () => fx().accountId;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function refused(parameters: INodeParameters) {
	const result = await env.ads(parameters);
	expect(result.error).toBeDefined();
	return result.error as Error & { description?: string; httpCode?: string };
}

describe('Post: Get Many', () => {
	it('lists published posts as exact string ids, by name and ids, one item per post', async () => {
		const posts = await ok({ resource: 'post', operation: 'getAll', account: account(), tweetType: 'PUBLISHED', returnAll: true });
		expect(posts.map((p) => p.id)).toEqual([fx().postId]);
		expect(posts[0]).toMatchObject({ id: fx().postId, id_str: fx().postId, tweet_type: 'PUBLISHED', name: 'Spring sale post', user: { id: fx().advertiserUserId } });
		// The emulator writes the 64-bit id as a bare JSON number, as X does (beyond 2^53): the node outputs the exact digits.
		expect(Number.isSafeInteger(Number(fx().postId))).toBe(false);
		expect(q(requests()[0].query).get('tweet_type')).toBe('PUBLISHED');
		expect(q(requests()[0].query).get('count')).toBe('1000');

		const byName = await ok({ resource: 'post', operation: 'getAll', account: account(), tweetType: 'PUBLISHED', returnAll: true, filters: { nameStartsWith: 'spring', trimUser: true, tweetIds: fx().postId } });
		expect(byName.map((p) => p.id)).toEqual([fx().postId]);
		expect(Object.keys(byName[0].user as object).sort()).toEqual(['id', 'id_str']);
		const none = await ok({ resource: 'post', operation: 'getAll', account: account(), tweetType: 'PUBLISHED', returnAll: true, filters: { timelineType: 'ORGANIC' } });
		expect(none).toEqual([]);
	});

	it('lists scheduled and draft posts as posts of their type', async () => {
		const scheduled = await ok({ resource: 'post', operation: 'getAll', account: account(), tweetType: 'SCHEDULED', returnAll: true });
		expect(scheduled).toEqual([expect.objectContaining({ id: fx().scheduledPostId, tweet_type: 'SCHEDULED', scheduled_at: '2027-01-01T00:00:00Z' })]);
		const drafts = await ok({ resource: 'post', operation: 'getAll', account: account(), tweetType: 'DRAFT', returnAll: false, limit: 5 });
		expect(drafts.map((p) => p.id)).toEqual([fx().draftPostId]);
		expect(q(requests().at(-1)!.query).get('count')).toBe('5');
	});

	it('refuses more than 200 post ids and ids that are not numbers before sending', async () => {
		const many = Array.from({ length: 201 }, (_, i) => String(1000 + i)).join(',');
		expect((await refused({ resource: 'post', operation: 'getAll', account: account(), tweetType: 'PUBLISHED', returnAll: true, filters: { tweetIds: many } })).message).toMatch(
			/Item 0: Post IDs \(tweet_ids\) takes at most 200 values \(got 201\)/,
		);
		expect((await refused({ resource: 'post', operation: 'getAll', account: account(), tweetType: 'PUBLISHED', returnAll: true, filters: { tweetIds: '12,abc' } })).message).toMatch(
			/Post IDs \(tweet_ids\) must be a numeric post ID/,
		);
		expect(requests()).toEqual([]);
	});
});

describe('Scheduled Post', () => {
	it('creates (promoted-only by default, seconds dropped by X), gets, updates, lists and deletes', async () => {
		const at = inDays(10).replace(/:\d\dZ$/, ':42Z');
		const [created] = await ok({
			resource: 'scheduledPost',
			operation: 'create',
			account: account(),
			asUserId: fx().advertiserUserId,
			scheduledAt: at,
			additionalFields: { text: 'Coming soon #acme', mediaKeys: fx().mediaKeys.image, name: 'Teaser' },
		});
		expect(created).toMatchObject({ text: 'Coming soon #acme', name: 'Teaser', nullcast: true, scheduled_status: 'SCHEDULED', tweet_id: null, user_id: fx().advertiserUserId, media_keys: [fx().mediaKeys.image] });
		expect(created.id).toMatch(/^\d+$/);
		expect(created.scheduled_at).toBe(at.replace(/:42Z$/, ':00Z'));
		const sent = q(requests()[0].query);
		expect(sent.get('as_user_id')).toBe(fx().advertiserUserId);
		expect(sent.get('scheduled_at')).toBe(at);
		expect(sent.has('nullcast')).toBe(false);

		const id = String(created.id);
		const [got] = await ok({ resource: 'scheduledPost', operation: 'get', account: account(), scheduledTweetId: id });
		expect(got).toMatchObject({ id, name: 'Teaser' });
		const [updated] = await ok({ resource: 'scheduledPost', operation: 'update', account: account(), scheduledTweetId: id, updateFields: { text: 'Out tomorrow', scheduledAt: inDays(20) } });
		expect(updated).toMatchObject({ id, text: 'Out tomorrow' });
		expect(requests().at(-1)).toMatchObject({ method: 'PUT', path: `/12/accounts/${account()}/scheduled_tweets/${id}` });

		const listed = await ok({ resource: 'scheduledPost', operation: 'getAll', account: account(), returnAll: true });
		expect(listed.map((p) => p.id)).toEqual([fx().scheduledPostId, id]);
		expect(q(requests().at(-1)!.query).get('count')).toBe('200');

		const [deleted] = await ok({ resource: 'scheduledPost', operation: 'delete', account: account(), scheduledTweetId: id });
		expect(deleted).toMatchObject({ id, scheduled_status: 'DELETED' });
		expect(creatives().scheduledPosts.get(id)?.scheduled_status).toBe('DELETED');
		expect((await refused({ resource: 'scheduledPost', operation: 'get', account: account(), scheduledTweetId: id })).httpCode).toBe('404');
	});

	it('refuses a time in the past or more than a year ahead, and a post without text or media, before sending', async () => {
		const base = { resource: 'scheduledPost', operation: 'create', account: account(), asUserId: fx().advertiserUserId };
		expect((await refused({ ...base, scheduledAt: inDays(400), additionalFields: { text: 'x' } })).message).toMatch(/Item 0: Scheduled At \(scheduled_at\) must be at most one year ahead/);
		expect((await refused({ ...base, scheduledAt: '2020-01-01T00:00:00Z', additionalFields: { text: 'x' } })).message).toMatch(/Item 0: Scheduled At \(scheduled_at\) must be in the future/);
		expect((await refused({ ...base, scheduledAt: inDays(3), additionalFields: { name: 'x' } })).message).toMatch(/Item 0: Text \(text\) is required when there are no Media Keys/);
		expect((await refused({ ...base, scheduledAt: inDays(3), additionalFields: { mediaKeys: `${fx().mediaKeys.image},${fx().mediaKeys.video}` } })).message).toMatch(
			/Media Keys \(media_keys\) take up to 4 images, or 1 GIF, or 1 video/,
		);
		expect((await refused({ resource: 'scheduledPost', operation: 'update', account: account(), scheduledTweetId: fx().scheduledPostId })).message).toMatch(/Update Fields needs at least one field/);
		expect(requests()).toEqual([]);
	});

	it("surfaces X's 403 for an advertiser who did not grant access", async () => {
		const error = await refused({ resource: 'scheduledPost', operation: 'create', account: account(), asUserId: env.emulator.users[1].userId, scheduledAt: inDays(2), additionalFields: { text: 'Hi' } });
		expect(error.httpCode).toBe('403');
		expect(error.message).toMatch(/UNAUTHORIZED_ACCESS/);
	});
});

describe('Draft Post', () => {
	it('creates, updates, previews, lists and deletes, one output item per input item', async () => {
		const result = await env.ads(
			{ resource: 'draftPost', operation: 'create', account: account(), asUserId: fx().advertiserUserId, additionalFields: { text: '={{ $json.text }}', nullcast: false } },
			[{ text: 'Draft one' }, { text: 'Draft two' }],
		);
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out.map((i) => i.json.text)).toEqual(['Draft one', 'Draft two']);
		expect(paired(out)).toEqual([0, 1]);
		expect(out[0].json).toMatchObject({ nullcast: false, user_id: fx().advertiserUserId });
		const id = String(out[0].json.id);

		const [updated] = await ok({ resource: 'draftPost', operation: 'update', account: account(), draftTweetId: id, updateFields: { name: 'First draft' } });
		expect(updated).toMatchObject({ id, name: 'First draft', text: 'Draft one' });

		const [preview] = await ok({ resource: 'draftPost', operation: 'preview', account: account(), draftTweetId: id });
		expect(preview).toEqual({ draft_tweet_id: id, message: "See @acme_ads's notifications in the X app to preview your Tweet." });
		expect(requests().at(-1)).toMatchObject({ method: 'POST', path: `/12/accounts/${account()}/draft_tweets/preview/${id}` });

		const listed = await ok({ resource: 'draftPost', operation: 'getAll', account: account(), returnAll: true });
		expect(listed.map((p) => p.id)).toEqual([fx().draftPostId, id, String(out[1].json.id)]);

		const [deleted] = await ok({ resource: 'draftPost', operation: 'delete', account: account(), draftTweetId: id });
		expect(deleted.id).toBe(id);
		expect(creatives().draftPosts.has(id)).toBe(false);
		expect((await refused({ resource: 'draftPost', operation: 'get', account: account(), draftTweetId: id })).httpCode).toBe('404');
	});

	it('refuses a draft id that is not a number and a draft without text or media before sending', async () => {
		expect((await refused({ resource: 'draftPost', operation: 'preview', account: account(), draftTweetId: 'abc' })).message).toMatch(/Item 0: Draft Post ID \(draft_tweet_id\) must be a numeric post ID/);
		expect((await refused({ resource: 'draftPost', operation: 'create', account: account(), asUserId: fx().advertiserUserId, additionalFields: { name: 'x' } })).message).toMatch(/Text \(text\) is required/);
		expect(requests()).toEqual([]);
	});
});

describe('Post Preview', () => {
	it('previews posts of the given type, one item per post X previews', async () => {
		const previews = await ok({ resource: 'postPreview', operation: 'getAll', account: account(), tweetIds: `${fx().postId},${fx().scheduledPostId}`, tweetType: 'PUBLISHED', returnAll: true });
		// The scheduled post's id is not of type PUBLISHED: X leaves it out.
		expect(previews).toEqual([{ tweet_id: fx().postId, preview: expect.stringMatching(/^<iframe class='tweet-preview' src='https:\/\/ton\.twimg\.com\//) }]);
		expect(q(requests()[0].query).get('tweet_ids')).toBe(`${fx().postId},${fx().scheduledPostId}`);
		const scheduled = await ok({ resource: 'postPreview', operation: 'getAll', account: account(), tweetIds: fx().scheduledPostId, tweetType: 'SCHEDULED', returnAll: true });
		expect(scheduled.map((p) => p.tweet_id)).toEqual([fx().scheduledPostId]);
	});
});
