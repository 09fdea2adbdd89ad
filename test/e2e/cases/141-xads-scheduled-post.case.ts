/**
 * X Ads "Scheduled Post" in real n8n (https://docs.x.com/x-ads-api/creatives/reference#scheduled-tweets):
 * Create for the advertiser a week ahead with library media (promoted-only left to X's default),
 * Update its text by {{ $json.id }}, Get Many, Delete (scheduled_status DELETED), and a time more
 * than a year ahead refused before any request (On Error: Continue).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, queryOf, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export default defineCase({
	name: 'X Ads: scheduled post create, update, list, delete; a time beyond a year refused',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const node = (name: string, parameters: Record<string, unknown>, opts: { onError?: 'continueRegularOutput' } = {}) =>
			once(xAds(name, { resource: 'scheduledPost', ...parameters }, { account: fx.accountId, ...opts }));
		return chain(
			node('Create', { operation: 'create', asUserId: fx.advertiserUserId, scheduledAt: inDays(7), additionalFields: { text: 'Launch next week', mediaKeys: fx.mediaKeys.image, name: 'Launch' } }),
			node('Update', { operation: 'update', scheduledTweetId: '={{ $json.id }}', updateFields: { text: 'Launch next week!' } }),
			node('List', { operation: 'getAll', returnAll: true }),
			node('Delete', { operation: 'delete', scheduledTweetId: "={{ $('Create').first().json.id }}" }),
			node('Too Late', { operation: 'create', asUserId: fx.advertiserUserId, scheduledAt: inDays(400), additionalFields: { text: 'x' } }, { onError: 'continueRegularOutput' }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'Update', 'List', 'Delete', 'Too Late'],
		outputs: {
			Create: { itemCount: 1, items: [{ text: 'Launch next week', name: 'Launch', nullcast: true, scheduled_status: 'SCHEDULED', id: /^\d+$/ }] },
			Update: { itemCount: 1, items: [{ text: 'Launch next week!' }] },
			List: { itemCount: 2 },
			Delete: { itemCount: 1, items: [{ scheduled_status: 'DELETED' }] },
			'Too Late': { itemCount: 1, items: [{ error: /Scheduled At \(scheduled_at\) must be at most one year ahead/ }] },
		},
		emulator: { requestCount: 4 },
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const created = result.execution!.output('Create')[0];
		assertMatch(result.execution!.output('Update')[0].id, created.id, 'the update named the created post');
		assertMatch(Object.fromEntries(queryOf(result.requests[0].query)), { as_user_id: fx.advertiserUserId, media_keys: fx.mediaKeys.image, nullcast: undefined }, 'create query');
		assertMatch(ctx.emulator!.control.state().ads.production.creatives.scheduledPosts.get(String(created.id))?.scheduled_status, 'DELETED', 'deleted in the emulator');
	},
});
