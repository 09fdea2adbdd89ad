/**
 * X Ads "Post" Get Many and "Post Preview" in real n8n (https://docs.x.com/x-ads-api/creatives/reference#tweets):
 *  - Get Many of the published posts: one item per post, the 64-bit id as its exact digits
 *    (X writes it as a JSON number beyond 2^53 next to id_str).
 *  - Post Preview of that post, by {{ $json.id }}: one item with X's iframe.
 *  - Get Many of the scheduled posts with a Limit of 1.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;

export default defineCase({
	name: 'X Ads: posts of the account by type (exact ids), previews of them',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		return chain(
			once(xAds('Published', { resource: 'post', operation: 'getAll', tweetType: 'PUBLISHED', returnAll: true }, { account: fx.accountId })),
			once(xAds('Preview', { resource: 'postPreview', operation: 'getAll', tweetIds: '={{ $json.id }}', tweetType: 'PUBLISHED', returnAll: true }, { account: fx.accountId })),
			once(xAds('Scheduled', { resource: 'post', operation: 'getAll', tweetType: 'SCHEDULED', returnAll: false, limit: 1 }, { account: fx.accountId })),
		);
	},
	expect: {
		executedNodes: ['Start', 'Published', 'Preview', 'Scheduled'],
		outputs: {
			Published: { itemCount: 1, items: [{ tweet_type: 'PUBLISHED', name: 'Spring sale post' }] },
			Preview: { itemCount: 1, items: [{ preview: /^<iframe class='tweet-preview'/ }] },
			Scheduled: { itemCount: 1, items: [{ tweet_type: 'SCHEDULED', scheduled_at: '2027-01-01T00:00:00Z' }] },
		},
		emulator: { requestCount: 3, requests: [{ method: 'GET', base: 'ads', path: /\/tweets$/, status: 200, count: 2 }, { method: 'GET', base: 'ads', path: /\/tweet_previews$/, status: 200 }] },
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		assertMatch(ex.output('Published')[0], { id: fx.postId, id_str: fx.postId }, 'exact post id');
		assertMatch(ex.output('Preview')[0].tweet_id, fx.postId, 'the preview of that post');
		assertMatch(ex.output('Scheduled')[0].id, fx.scheduledPostId, 'the scheduled post');
		assertMatch(Object.fromEntries(queryOf(result.requests[1].query)), { tweet_ids: fx.postId, tweet_type: 'PUBLISHED' }, 'preview query');
		assertMatch(Object.fromEntries(queryOf(result.requests[2].query)), { tweet_type: 'SCHEDULED', count: '1' }, 'limit sent as count');
	},
});
