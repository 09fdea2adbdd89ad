/**
 * Campaign management records besides campaigns and line items
 * (https://docs.x.com/x-ads-api/campaign-management/reference): funding instruments, promoted posts
 * (X's promoted_tweets), promoted accounts, scheduled promoted posts and promotable users. Record
 * shapes follow X's example answers. The seed is consistent with store.ts's: the seeded campaigns'
 * funding instruments exist, the promoted records hang off seeded line items.
 */
import type { AdsEnvState, LineItem, LineItemRecord } from '../store';
import { adsId, snowflake } from '../util';

export interface FundingInstrumentRecord {
	accountId: string;
	id: string;
	type: string;
	description: string;
	currency: string;
	start_time: string;
	end_time: string | null;
	credit_limit_local_micro: number | null;
	funded_amount_local_micro: number | null;
	credit_remaining_local_micro: number | null;
	entity_status: 'ACTIVE' | 'PAUSED';
	able_to_fund: boolean;
	reasons_not_able_to_fund: string[];
	io_header: string | null;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface PromotedTweetRecord {
	accountId: string;
	id: string;
	line_item_id: string;
	tweet_id: string;
	entity_status: 'ACTIVE' | 'PAUSED';
	approval_status: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface PromotedAccountRecord {
	accountId: string;
	id: string;
	line_item_id: string;
	user_id: string;
	entity_status: 'ACTIVE' | 'PAUSED';
	approval_status: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface ScheduledPromotedTweetRecord {
	accountId: string;
	id: string;
	line_item_id: string;
	scheduled_tweet_id: string;
	/** Set once the scheduled post is published. */
	tweet_id: string | null;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface PromotableUserRecord {
	accountId: string;
	id: string;
	user_id: string;
	promotable_user_type: 'FULL' | 'RETWEETS_ONLY';
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

/** A scheduled post of the account (its own endpoints are not modelled here): when it goes out. */
export interface ScheduledTweet {
	accountId: string;
	scheduledAtMs: number;
	/** The post it became, once published. */
	tweetId: string | null;
}

export interface CampaignEnvState {
	fundingInstruments: Map<string, FundingInstrumentRecord>;
	promotedTweets: Map<string, PromotedTweetRecord>;
	promotedAccounts: Map<string, PromotedAccountRecord>;
	scheduledPromotedTweets: Map<string, ScheduledPromotedTweetRecord>;
	promotableUsers: Map<string, PromotableUserRecord>;
	scheduledTweets: Map<string, ScheduledTweet>;
}

export interface CampaignStateSeedIds {
	fundingInstruments: [string, string];
	followersCampaign: string;
	followersLineItem: string;
	promotedTweet: string;
	promotedAccount: string;
	scheduledTweets: { upcoming: string; published: string };
	scheduledPromotedTweets: { upcoming: string; published: string };
	publishedTweet: string;
	promotableUsers: [string, string];
}

export interface CampaignStateFixtures {
	/** [Spring Sale (funding instrument 0, line items engagements and reach), App Installs (funding instrument 1, line item appInstalls), Followers (funding instrument 0)]: ACTIVE, USD, budget optimization LINE_ITEM. */
	campaignIds: string[];
	/** [CREDIT_CARD "Visa ending in 0650", INSERTION_ORDER]: ACTIVE, USD, able to fund. */
	fundingInstrumentIds: string[];
	/** FOLLOWERS / PROMOTED_ACCOUNT line item of the Followers campaign. */
	followersLineItemId: string;
	/** The seeded post (postId) promoted on lineItems.engagements. */
	promotedTweetId: string;
	/** users[0] promoted on followersLineItemId. */
	promotedAccountId: string;
	/** A scheduled post of the account going out in 2030 (not yet promoted). */
	scheduledTweetId: string;
	/** Scheduled promoted posts on lineItems.engagements: upcoming (deletable) and published (its post went out). */
	scheduledPromotedTweetIds: { upcoming: string; published: string };
	/** [users[0] FULL, another user RETWEETS_ONLY]. */
	promotableUserIds: string[];
	/** The user of the RETWEETS_ONLY promotable user. */
	retweetsOnlyUserId: string;
}

export const RETWEETS_ONLY_USER_ID = '2417045708';

export function newCampaignStateSeedIds(): CampaignStateSeedIds {
	return {
		fundingInstruments: [adsId(5), adsId(5)],
		followersCampaign: adsId(5),
		followersLineItem: adsId(5),
		promotedTweet: adsId(6),
		promotedAccount: adsId(5),
		scheduledTweets: { upcoming: snowflake(), published: snowflake() },
		scheduledPromotedTweets: { upcoming: adsId(5), published: adsId(5) },
		publishedTweet: snowflake(),
		promotableUsers: [adsId(5), adsId(5)],
	};
}

export function campaignStateFixtures(ids: { campaigns: [string, string]; more: CampaignStateSeedIds }): CampaignStateFixtures {
	const more = ids.more;
	return {
		campaignIds: [...ids.campaigns, more.followersCampaign],
		fundingInstrumentIds: [...more.fundingInstruments],
		followersLineItemId: more.followersLineItem,
		promotedTweetId: more.promotedTweet,
		promotedAccountId: more.promotedAccount,
		scheduledTweetId: more.scheduledTweets.upcoming,
		scheduledPromotedTweetIds: { ...more.scheduledPromotedTweets },
		promotableUserIds: [...more.promotableUsers],
		retweetsOnlyUserId: RETWEETS_ONLY_USER_ID,
	};
}

export function emptyCampaignEnv(): CampaignEnvState {
	return {
		fundingInstruments: new Map(),
		promotedTweets: new Map(),
		promotedAccounts: new Map(),
		scheduledPromotedTweets: new Map(),
		promotableUsers: new Map(),
		scheduledTweets: new Map(),
	};
}

/**
 * Seeds users[0]'s first account: two funding instruments (the seeded campaigns use them), a
 * followers campaign with a PROMOTED_ACCOUNT line item, a promoted post, a promoted account,
 * scheduled posts and their promotions, and two promotable users. Runs after store.ts seeded
 * campaigns, line items and (before) creatives: the promoted post is the creatives seed's post,
 * which store.ts seeds later with the same id.
 */
export function seedCampaignState(
	env: AdsEnvState,
	ids: CampaignStateSeedIds,
	accountId: string,
	ownerId: string,
	lineItemDefaults: Omit<LineItem, 'id' | 'campaign_id' | 'objective' | 'goal' | 'pay_by' | 'created_at' | 'updated_at'>,
	postId?: string,
): void {
	const state = env.campaignState;
	const base = { accountId, deleted: false };
	const [card, io] = ids.fundingInstruments;
	state.fundingInstruments.set(card, {
		...base,
		id: card,
		type: 'CREDIT_CARD',
		description: 'Visa ending in 0650',
		currency: 'USD',
		start_time: '2025-06-01T00:00:00Z',
		end_time: null,
		credit_limit_local_micro: 200_000_000,
		funded_amount_local_micro: 645_940_000,
		credit_remaining_local_micro: null,
		entity_status: 'ACTIVE',
		able_to_fund: true,
		reasons_not_able_to_fund: [],
		io_header: null,
		created_at: '2025-06-01T00:00:00Z',
		updated_at: '2025-06-01T00:00:00Z',
	});
	state.fundingInstruments.set(io, {
		...base,
		id: io,
		type: 'INSERTION_ORDER',
		description: 'Insertion order 2026',
		currency: 'USD',
		start_time: '2026-01-01T00:00:00Z',
		end_time: '2026-12-31T00:00:00Z',
		credit_limit_local_micro: null,
		funded_amount_local_micro: 5_000_000_000,
		credit_remaining_local_micro: 4_250_000_000,
		entity_status: 'ACTIVE',
		able_to_fund: true,
		reasons_not_able_to_fund: [],
		io_header: null,
		created_at: '2025-12-15T00:00:00Z',
		updated_at: '2025-12-15T00:00:00Z',
	});

	env.campaigns.set(ids.followersCampaign, {
		...base,
		id: ids.followersCampaign,
		name: 'Followers',
		budget_optimization: 'LINE_ITEM',
		entity_status: 'PAUSED',
		currency: 'USD',
		funding_instrument_id: card,
		daily_budget_amount_local_micro: 5_000_000,
		total_budget_amount_local_micro: 100_000_000,
		purchase_order_number: null,
		standard_delivery: null,
		frequency_cap: null,
		duration_in_days: null,
		created_at: '2026-01-04T09:00:00Z',
		updated_at: '2026-01-04T09:00:00Z',
	});
	const followers: LineItemRecord = {
		...lineItemDefaults,
		accountId,
		id: ids.followersLineItem,
		campaign_id: ids.followersCampaign,
		name: 'Followers',
		objective: 'FOLLOWERS',
		goal: 'FOLLOWERS',
		pay_by: 'IMPRESSION',
		product_type: 'PROMOTED_ACCOUNT',
		placements: ['ALL_ON_TWITTER'],
		entity_status: 'PAUSED',
		start_time: '2026-01-05T00:00:00Z',
		end_time: '2026-06-30T00:00:00Z',
		total_budget_amount_local_micro: 100_000_000,
		created_at: '2026-01-04T09:05:00Z',
		updated_at: '2026-01-04T09:05:00Z',
	};
	env.lineItems.set(followers.id, followers);

	const engagements = [...env.lineItems.values()].find((li) => li.accountId === accountId && li.objective === 'ENGAGEMENTS')!;
	const at = '2026-01-05T10:00:00Z';
	if (postId) {
		state.promotedTweets.set(ids.promotedTweet, {
			...base,
			id: ids.promotedTweet,
			line_item_id: engagements.id,
			tweet_id: postId,
			entity_status: 'ACTIVE',
			approval_status: 'ACCEPTED',
			created_at: at,
			updated_at: at,
		});
	}
	state.promotedAccounts.set(ids.promotedAccount, {
		...base,
		id: ids.promotedAccount,
		line_item_id: followers.id,
		user_id: ownerId,
		entity_status: 'ACTIVE',
		approval_status: 'ACCEPTED',
		created_at: at,
		updated_at: at,
	});
	state.scheduledTweets.set(ids.scheduledTweets.upcoming, { accountId, scheduledAtMs: Date.parse('2030-01-01T12:00:00Z'), tweetId: null });
	state.scheduledTweets.set(ids.scheduledTweets.published, { accountId, scheduledAtMs: Date.parse('2026-01-06T12:00:00Z'), tweetId: ids.publishedTweet });
	const upcomingTweet = snowflake();
	state.scheduledTweets.set(upcomingTweet, { accountId, scheduledAtMs: Date.parse('2030-02-01T12:00:00Z'), tweetId: null });
	state.scheduledPromotedTweets.set(ids.scheduledPromotedTweets.upcoming, {
		...base,
		id: ids.scheduledPromotedTweets.upcoming,
		line_item_id: engagements.id,
		scheduled_tweet_id: upcomingTweet,
		tweet_id: null,
		created_at: at,
		updated_at: at,
	});
	state.scheduledPromotedTweets.set(ids.scheduledPromotedTweets.published, {
		...base,
		id: ids.scheduledPromotedTweets.published,
		line_item_id: engagements.id,
		scheduled_tweet_id: ids.scheduledTweets.published,
		tweet_id: ids.publishedTweet,
		created_at: at,
		updated_at: '2026-01-06T12:00:00Z',
	});
	const [full, retweetsOnly] = ids.promotableUsers;
	state.promotableUsers.set(full, { ...base, id: full, user_id: ownerId, promotable_user_type: 'FULL', created_at: '2025-06-01T00:00:00Z', updated_at: '2025-06-01T00:00:00Z' });
	state.promotableUsers.set(retweetsOnly, {
		...base,
		id: retweetsOnly,
		user_id: RETWEETS_ONLY_USER_ID,
		promotable_user_type: 'RETWEETS_ONLY',
		created_at: '2025-09-01T00:00:00Z',
		updated_at: '2025-09-01T00:00:00Z',
	});
}
