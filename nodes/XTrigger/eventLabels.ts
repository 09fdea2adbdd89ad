/**
 * What the editor calls each event kind. The option name leads with the group X's docs file the
 * kind under (X Activity API: Post, Like, Follow, Profile, Chat, Legacy DM, News, Spaces, Mute,
 * Block, Broadcast events; Account Activity: its activity arrays), so the alphabetical list reads
 * grouped; the action is what n8n's node creator lists as a trigger ("On Post Liked").
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { EVENT_KINDS } from '../shared/v2/activitySubscription';
import { ACTIVITY_ARRAYS } from './events';

interface Label {
	/** The panel's option: "Group: what happened". */
	name: string;
	/** The node creator's trigger action. */
	action: string;
}

const label = (name: string, action: string): Label => ({ name, action });

/** The X Activity API's kinds (https://docs.x.com/x-api/activity/introduction, Supported event types). */
export const ACTIVITY_LABELS: Record<(typeof EVENT_KINDS)[number], Label> = {
	'post.create': label('Post: Created by the User', 'On Post Created'),
	'post.delete': label('Post: Deleted by the User', 'On Post Deleted'),
	'post.mention.create': label('Post: Mention of the User', 'On User Mentioned'),
	'post.reply.create': label('Post: Reply to the User', 'On Post Replied To'),
	'post.quote.create': label('Post: Quoted', 'On Post Quoted'),
	'post.repost.create': label('Post: Reposted', 'On Post Reposted'),
	'like.create': label('Like: Post Liked', 'On Post Liked'),
	'follow.follow': label('Follow: User Followed', 'On User Followed'),
	'follow.unfollow': label('Follow: User Unfollowed', 'On User Unfollowed'),
	'profile.update.bio': label('Profile: Bio Updated', 'On Profile Bio Updated'),
	'profile.update.profile_picture': label('Profile: Picture Updated', 'On Profile Picture Updated'),
	'profile.update.banner_picture': label('Profile: Banner Updated', 'On Profile Banner Updated'),
	'profile.update.screenname': label('Profile: Display Name Updated', 'On Display Name Updated'),
	'profile.update.handle': label('Profile: Handle Updated', 'On Handle Updated'),
	'profile.update.geo': label('Profile: Location Updated', 'On Profile Location Updated'),
	'profile.update.url': label('Profile: Website Updated', 'On Profile Website Updated'),
	'profile.update.verified_badge': label('Profile: Verified Badge Updated', 'On Verified Badge Updated'),
	'profile.update.affiliate_badge': label('Profile: Affiliate Badge Updated', 'On Affiliate Badge Updated'),
	'chat.received': label('Chat: Encrypted Message Received', 'On Encrypted Message Received'),
	'chat.sent': label('Chat: Encrypted Message Sent', 'On Encrypted Message Sent'),
	'chat.conversation.join': label('Chat: Conversation Joined', 'On Chat Conversation Joined'),
	'chat.conversation.member_added': label('Chat: Member Added', 'On Chat Member Added'),
	'chat.conversation.member_removed': label('Chat: Member Removed', 'On Chat Member Removed'),
	'chat.conversation.admin_added': label('Chat: Admin Added', 'On Chat Admin Added'),
	'chat.conversation.admin_removed': label('Chat: Admin Removed', 'On Chat Admin Removed'),
	'chat.update.group_name': label('Chat: Group Name Updated', 'On Chat Group Name Updated'),
	'chat.update.restrictions': label('Chat: Restrictions Updated', 'On Chat Restrictions Updated'),
	'dm.received': label('Direct Message: Received', 'On Direct Message Received'),
	'dm.sent': label('Direct Message: Sent', 'On Direct Message Sent'),
	'dm.read': label('Direct Message: Read', 'On Direct Message Read'),
	'dm.indicate_typing': label('Direct Message: Typing', 'On Direct Message Typing'),
	'news.new': label('News: Headline', 'On News Headline'),
	'spaces.start': label('Space: Started', 'On Space Started'),
	'spaces.end': label('Space: Ended', 'On Space Ended'),
	'mute.mute': label('Mute: User Muted', 'On User Muted'),
	'mute.unmute': label('Mute: User Unmuted', 'On User Unmuted'),
	'block.block': label('Block: User Blocked', 'On User Blocked'),
	'block.unblock': label('Block: User Unblocked', 'On User Unblocked'),
	'broadcast.start': label('Broadcast: Started', 'On Broadcast Started'),
	'broadcast.end': label('Broadcast: Ended', 'On Broadcast Ended'),
	'broadcast.chat': label('Broadcast: Chat Message', 'On Broadcast Chat Message'),
};

/** Account Activity's arrays (https://docs.x.com/x-api/account-activity/introduction, Available activities). */
export const ACCOUNT_ACTIVITY_LABELS: Record<string, Label> = {
	tweet_create_events: label('Post: Created, Reply, Mention or Quote', 'On Account Post'),
	tweet_delete_events: label('Post: Deleted', 'On Account Post Deleted'),
	direct_message_events: label('Direct Message: Sent or Received', 'On Direct Message'),
	direct_message_indicate_typing_events: label('Direct Message: Typing', 'On Direct Message Typing'),
	direct_message_mark_read_events: label('Direct Message: Read', 'On Direct Message Read'),
	favorite_events: label('Like: Post Liked', 'On Post Liked'),
	follow_events: label('Follow: Followed or Unfollowed', 'On Follow or Unfollow'),
	block_events: label('Block: Blocked or Unblocked', 'On Block or Unblock'),
	mute_events: label('Mute: Muted or Unmuted', 'On Mute or Unmute'),
	user_event: label('App Authorization Revoked', 'On App Authorization Revoked'),
};

const ALL_EVENTS: INodePropertyOptions = { name: 'All Events', value: '*', action: 'On Any Event' };

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

/** The X Activity API's kinds as options; `withAll` adds All Events (the trigger's Events filter). */
export function activityKindOptions(withAll: boolean): INodePropertyOptions[] {
	const kinds = EVENT_KINDS.map((kind) => ({ ...ACTIVITY_LABELS[kind], value: kind, description: `X's kind ${kind}` }));
	return [...(withAll ? [ALL_EVENTS] : []), ...kinds].sort(byName);
}

/** Account Activity's kinds as options (the kind is the value; one per array of X's deliveries). */
export function accountActivityKindOptions(): INodePropertyOptions[] {
	const kinds = Object.entries(ACTIVITY_ARRAYS).map(([array, kind]) => ({ ...ACCOUNT_ACTIVITY_LABELS[array], value: kind, description: `Kind ${kind}: the entries of X's ${array}` }));
	return [ALL_EVENTS, ...kinds].sort(byName);
}
