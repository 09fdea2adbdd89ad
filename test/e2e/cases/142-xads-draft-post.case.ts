/**
 * X Ads "Draft Post" in real n8n (https://docs.x.com/x-ads-api/creatives/reference#draft-tweets):
 * Create for the advertiser, Preview (X answers a message, no data: one item with the draft's id
 * and the message), Update the name, Get, Delete (gone from the emulator).
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const ID = "={{ $('Create').first().json.id }}";

export default defineCase({
	name: 'X Ads: draft post create, preview (a message), update, get, delete',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		const node = (name: string, parameters: Record<string, unknown>) => once(xAds(name, { resource: 'draftPost', ...parameters }, { account: fx.accountId }));
		return chain(
			node('Create', { operation: 'create', asUserId: fx.advertiserUserId, additionalFields: { text: 'Summer is coming #acme' } }),
			node('Preview', { operation: 'preview', draftTweetId: ID }),
			node('Update', { operation: 'update', draftTweetId: ID, updateFields: { name: 'Summer teaser' } }),
			node('Get', { operation: 'get', draftTweetId: ID }),
			node('Delete', { operation: 'delete', draftTweetId: ID }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Create', 'Preview', 'Update', 'Get', 'Delete'],
		outputs: {
			Create: { itemCount: 1, items: [{ text: 'Summer is coming #acme', nullcast: true, id: /^\d+$/ }] },
			Preview: { itemCount: 1, items: [{ message: "See @acme_ads's notifications in the X app to preview your Tweet." }] },
			Update: { itemCount: 1, items: [{ name: 'Summer teaser' }] },
			Get: { itemCount: 1, items: [{ name: 'Summer teaser', text: 'Summer is coming #acme' }] },
			Delete: { itemCount: 1 },
		},
		emulator: { requestCount: 5, requests: [{ method: 'POST', base: 'ads', path: /\/draft_tweets\/preview\/\d+$/, status: 200 }] },
	},
	check: (ctx, result) => {
		const id = String(result.execution!.output('Create')[0].id);
		assertMatch(result.execution!.output('Preview')[0].draft_tweet_id, id, 'preview of the created draft');
		assertMatch(ctx.emulator!.control.state().ads.production.creatives.draftPosts.has(id), false, 'deleted for good');
	},
});
