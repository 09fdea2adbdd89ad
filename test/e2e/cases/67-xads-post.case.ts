/**
 * X Ads "Post" in real n8n (X Ads catalog, audience and creative reference): posts on behalf of the advertiser.
 *  - Create, promoted-only (nullcast left to X's default: not sent), with a name and entities: the
 *    output's id is the exact id_str (post ids are 64-bit; X's numeric id would be rounded), and
 *    user.id likewise.
 *  - Update Name of that post with Post ID = {{ $json.id }}: names the right post.
 *  - Create with every option: organic (nullcast=false), trimmed user, extended mode, who can
 *    reply, a library video with title, description and call to action.
 *  - Create with a GIF only (no text).
 *  - Update Name of the seed post.
 *  - Create for a user who did not grant the account access: X's 403 UNAUTHORIZED_ACCESS as an
 *    error item (On Error: Continue), with the hint about granting access.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const TEXT = 'New #running shoes by @acme_ads $ACME https://acme-shoes.example';
const TWEET = /^\/12\/accounts\/\w+\/tweet$/;
const NAME = /^\/12\/accounts\/\w+\/tweets\/\d+\/name$/;

export default defineCase({
	name: 'X Ads: post create (exact ids, entities, every option, media only), update name, another user refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const post = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(xAds(name, { resource: 'post', account: { __rl: true, mode: 'id', value: fx.accountId }, ...parameters }, opts));
		const create = (name: string, additionalFields: Record<string, unknown>, asUserId = fx.advertiserUserId, opts = {}) =>
			post(name, { operation: 'create', asUserId, additionalFields }, opts);
		return chain(
			create('Create', { text: TEXT, name: 'Launch post' }),
			post('Rename', { operation: 'updateName', tweetId: '={{ $json.id }}', name: 'Launch post (final)' }),
			create('Create Video', {
				text: 'Watch the launch',
				mediaKeys: fx.mediaKeys.video,
				nullcast: false,
				trimUser: true,
				tweetMode: 'extended',
				conversationSettings: 'FOLLOWING',
				videoTitle: 'Launch',
				videoDescription: 'The launch film',
				videoCta: 'VISIT_SITE',
				videoCtaValue: 'https://acme-shoes.example',
			}),
			create('Create GIF', { mediaKeys: fx.mediaKeys.gif }),
			post('Rename Seed', { operation: 'updateName', tweetId: fx.postId, name: 'Spring sale (renamed)' }),
			create('Create Other User', { text: 'Hi' }, ctx.emulator!.users[1].userId, { onError: 'continueRegularOutput' }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'Rename', 'Create Video', 'Create GIF', 'Rename Seed', 'Create Other User'],
		outputs: {
			Create: {
				itemCount: 1,
				items: [
					{
						text: TEXT,
						name: 'Launch post',
						id: /^\d+$/,
						truncated: false,
						scopes: { followers: false },
						lang: 'en',
						entities: { hashtags: [{ text: 'running', indices: [4, 12] }], symbols: [{ text: 'ACME' }], urls: [{ expanded_url: 'https://acme-shoes.example' }] },
						conversation_settings: undefined,
					},
				],
			},
			Rename: { itemCount: 1, items: [{ name: 'Launch post (final)', tweet_type: 'PUBLISHED', nullcast: true }] },
			'Create Video': { itemCount: 1, items: [{ full_text: 'Watch the launch', text: undefined, scopes: { followers: true } }] },
			'Create GIF': { itemCount: 1, items: [{ text: '', lang: 'und' }] },
			'Rename Seed': { itemCount: 1, items: [{ name: 'Spring sale (renamed)', conversation_settings: 'EVERYONE', nullcast: true, tweet_type: 'PUBLISHED' }] },
			'Create Other User': {
				itemCount: 1,
				items: [{ error: /^X answered 403 UNAUTHORIZED_ACCESS/, description: /the advertiser must first grant your handle access/, httpCode: '403' }],
			},
		},
		emulator: {
			requestCount: 6,
			requests: [
				{ method: 'POST', base: 'ads', path: TWEET, status: 200, count: 3 },
				{ method: 'POST', base: 'ads', path: TWEET, status: 403, count: 1 },
				{ method: 'PUT', base: 'ads', path: NAME, status: 200, count: 2 },
			],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const ex = result.execution!;
		const created = ex.output('Create')[0];
		assertMatch(created.id, created.id_str, 'id is the exact id_str');
		assertMatch(created.user, { id: fx.advertiserUserId, id_str: fx.advertiserUserId }, 'user id exact');
		assertMatch(ex.output('Rename')[0], { id: created.id, tweet_id: created.id }, 'the rename named the created post');
		assertMatch(ex.output('Rename Seed')[0], { id: fx.postId, tweet_id: fx.postId }, 'seed post renamed');
		const video = ex.output('Create Video')[0];
		assertMatch(Object.keys(video.user as object).sort(), ['id', 'id_str'], 'trimmed user');
		const q = result.requests.map((r) => Object.fromEntries(queryOf(r.query)));
		assertMatch(q[0], { as_user_id: fx.advertiserUserId, text: TEXT, name: 'Launch post', nullcast: undefined }, 'create query (nullcast left to X)');
		assertMatch(result.requests[1].path, `/12/accounts/${fx.accountId}/tweets/${String(created.id)}/name`, 'rename path with the exact id');
		assertMatch(
			q[2],
			{
				nullcast: 'false',
				trim_user: 'true',
				tweet_mode: 'extended',
				conversation_settings: 'FOLLOWING',
				media_keys: fx.mediaKeys.video,
				video_title: 'Launch',
				video_description: 'The launch film',
				video_cta: 'VISIT_SITE',
				video_cta_value: 'https://acme-shoes.example',
			},
			'every option on the query',
		);
		assertMatch(q[3], { media_keys: fx.mediaKeys.gif, text: undefined }, 'media only');
		const creatives = ctx.emulator!.control.state().ads.production.creatives;
		assertMatch(creatives.posts.get(String(created.id))?.name, 'Launch post (final)', 'created post renamed in the emulator');
		assertMatch(creatives.posts.get(fx.postId)?.name, 'Spring sale (renamed)', 'seed post renamed in the emulator');
		assertMatch(creatives.posts.get(String(video.id)), { conversation_settings: 'FOLLOWING', nullcast: false, video_cta_value: 'https://acme-shoes.example' }, 'video post in the emulator');
		assertMatch(creatives.library.get(`${fx.accountId}/${fx.mediaKeys.video}`)?.tweeted, true, 'the video is marked as posted');
	},
});
