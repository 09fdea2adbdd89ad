/**
 * What image and video conversation cards share (query parameters; hashtag calls to action, each with
 * its post text; title and thank-you text): the fields, the rules across them, and the list, get and
 * update routes. https://docs.x.com/x-ads-api/creatives/reference#image-conversation-cards and
 * #video-conversation-cards. Create and delete differ (X hard-deletes video conversation cards only).
 */
import { AdsParams, collection, envelope, invalidParameter, missingParameter, notFound, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import { CTA_ORDINALS, type ConversationCardRecord } from '../state/creatives';
import { nextUpdatedAt } from '../util';

export const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const HASHTAG = /^#[\p{L}\p{N}_]{1,20}$/u;

export const NAMED_SORT = {
	created_at: (c: { created_at: string }) => c.created_at,
	id: (c: { id: string }) => c.id,
	name: (c: { name: string }) => c.name.toLowerCase(),
	updated_at: (c: { updated_at: string }) => c.updated_at,
};

/** The parameters a request carried (all optional here); the caller merges and checks the rules across fields. */
export type ConversationInput<R extends ConversationCardRecord> = Partial<Omit<R, 'ctas'>> & { ctas: Record<string, string> };

/** name, the calls to action with their post texts, title, thank_you_text and thank_you_url. */
export function readConversationFields(params: AdsParams): ConversationInput<ConversationCardRecord> {
	const out: ConversationInput<ConversationCardRecord> = { ctas: {} };
	const name = params.string('name');
	if (name !== undefined) out.name = name;
	for (const n of CTA_ORDINALS) {
		const cta = params.string(`${n}_cta`);
		if (cta !== undefined) {
			if (!HASHTAG.test(cta)) throw invalidParameter(`${n}_cta`, `Expected a hashtag of at most 20 characters after the #, got "${cta}" for ${n}_cta`);
			out.ctas[`${n}_cta`] = cta;
		}
		const tweet = params.string(`${n}_cta_tweet`);
		if (tweet !== undefined) out.ctas[`${n}_cta_tweet`] = tweet;
	}
	const title = params.string('title', { maxLength: 23 });
	if (title !== undefined) out.title = title;
	const thankYou = params.string('thank_you_text', { maxLength: 23 });
	if (thankYou !== undefined) out.thank_you_text = thankYou;
	const thankYouUrl = params.string('thank_you_url');
	if (thankYouUrl !== undefined) {
		if (!URL_PATTERN.test(thankYouUrl)) throw invalidParameter('thank_you_url', `Expected a URL, got "${thankYouUrl}" for thank_you_url`);
		out.thank_you_url = thankYouUrl;
	}
	return out;
}

/** The rules across fields, on the card as it would be after the change. */
export function checkConversationCard(card: { title?: string | null; ctas: Record<string, string> }): void {
	const { ctas } = card;
	CTA_ORDINALS.forEach((n, i) => {
		const cta = ctas[`${n}_cta`];
		const tweet = ctas[`${n}_cta_tweet`];
		if (cta !== undefined && tweet === undefined) throw missingParameter(`${n}_cta_tweet`);
		if (tweet !== undefined && cta === undefined) throw missingParameter(`${n}_cta`);
		if (i > 1 && cta !== undefined && ctas[`${CTA_ORDINALS[i - 1]}_cta`] === undefined) {
			throw invalidParameter(`${n}_cta`, `${n}_cta needs ${CTA_ORDINALS[i - 1]}_cta`);
		}
	});
	if ((card.title === null || card.title === undefined) && ctas.second_cta === undefined) {
		throw invalidParameter('title', 'title is required when second_cta is absent (and second_cta when title is absent)');
	}
}

/** title, the set calls to action with their post texts, and the thank-you fields, as X answers them. */
export function conversationView(card: ConversationCardRecord): Record<string, unknown> {
	const view: Record<string, unknown> = { title: card.title };
	for (const n of CTA_ORDINALS) {
		if (card.ctas[`${n}_cta`] !== undefined) {
			view[`${n}_cta`] = card.ctas[`${n}_cta`];
			view[`${n}_cta_tweet`] = card.ctas[`${n}_cta_tweet`];
		}
	}
	view.thank_you_text = card.thank_you_text;
	if (card.thank_you_url !== undefined) view.thank_you_url = card.thank_you_url;
	return view;
}

/** One kind of conversation card, as the shared routes need it. */
export interface ConversationKind<R extends ConversationCardRecord> {
	/** For "... not found", e.g. "Image conversation card". */
	label: string;
	byId: (ctx: RequestContext) => Map<string, R>;
	/** Cards in creation order, at least the account's (the list keeps the account's; its cursor is a position here). */
	source: (ctx: RequestContext, accountId: string) => R[];
	/** The common fields (readConversationFields) and then the kind's media. */
	read: (ctx: RequestContext, params: AdsParams, accountId: string) => ConversationInput<R>;
	view: (ctx: RequestContext, card: R) => Record<string, unknown>;
}

export function findConversationCard<R extends ConversationCardRecord>(ctx: RequestContext, kind: ConversationKind<R>, accountId: string, withDeleted = false): R {
	const id = ctx.pathParams.card_id;
	const card = kind.byId(ctx).get(id);
	if (!card || card.accountId !== accountId || (card.deleted && !withDeleted)) throw notFound(`${kind.label} ${id} not found`);
	return card;
}

/** GET many, GET one and PUT, the same for both kinds. */
export function conversationCardRoutes<R extends ConversationCardRecord>(kind: ConversationKind<R>) {
	return {
		list(ctx: RequestContext) {
			const params = new AdsParams(ctx);
			const account = requireAccount(ctx);
			const accountId = account.account.id;
			const ids = params.idList('card_ids', 200);
			const q = params.string('q', { maxLength: 80 })?.toLowerCase();
			const withDeleted = params.boolean('with_deleted');
			const idSet = ids ? new Set(ids) : null;
			return collection(params, {
				source: kind.source(ctx, accountId),
				filter: (c) => c.accountId === accountId && (withDeleted || !c.deleted) && (!idSet || idSet.has(c.id)) && (q === undefined || c.name.toLowerCase().startsWith(q)),
				sortFields: NAMED_SORT,
				render: (c) => kind.view(ctx, c),
				count: { default: 200, min: 1, max: 1000 },
			});
		},
		get(ctx: RequestContext) {
			const params = new AdsParams(ctx);
			const account = requireAccount(ctx);
			const withDeleted = params.boolean('with_deleted');
			return envelope(params, kind.view(ctx, findConversationCard(ctx, kind, account.account.id, withDeleted)));
		},
		update(ctx: RequestContext) {
			const params = new AdsParams(ctx);
			const account = requireAccount(ctx);
			const card = findConversationCard(ctx, kind, account.account.id);
			const { ctas, ...rest } = kind.read(ctx, params, account.account.id);
			const next = { ...card, ...rest, ctas: { ...card.ctas, ...ctas } };
			checkConversationCard(next);
			const changed = Object.keys(rest).length > 0 || Object.keys(ctas).length > 0;
			Object.assign(card, next);
			if (changed) card.updated_at = nextUpdatedAt(card.updated_at, ctx.now);
			return envelope(params, kind.view(ctx, card));
		},
	};
}
