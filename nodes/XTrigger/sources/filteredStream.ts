/**
 * The filtered stream: the rules listed under Rules added at X, and either the trigger's webhook
 * linked to the stream, or (Delivery = Stream) GET /2/tweets/search/stream held open while the
 * workflow runs, where a post is this trigger's when X's matching_rules name one of its rules.
 */
import type { IDataObject, IHookFunctions, ITriggerFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callEndpoint } from '../../shared/engine/request';
import { refusalWords } from '../../shared/transport/errors';
import { v2 } from '../../shared/v2';
import { streamLinks } from '../../shared/v2/streamLink';
import { state } from '../state';
import { activationError, removeIfPresent } from '../xCalls';
import type { EventSource, StreamUnit } from './source';

interface RuleSpec {
	value: string;
	tag?: string;
}

type Ctx = IHookFunctions | ITriggerFunctions;

function ruleSpecs(ctx: Ctx): RuleSpec[] {
	const list = ((ctx.getNodeParameter('rules', {}) as IDataObject).rule ?? []) as IDataObject[];
	return list.map((r) => ({ value: String(r.value ?? '').trim(), ...(r.tag ? { tag: String(r.tag) } : {}) }));
}

/** X's list at `key` of an answer, or nothing when it is not a list. */
function listOf(answer: unknown, key: string): IDataObject[] {
	const value = ((answer ?? {}) as IDataObject)[key];
	return Array.isArray(value) ? (value as IDataObject[]).filter((v) => !!v && typeof v === 'object') : [];
}

/**
 * Adds the listed rules, their ids kept in ruleIds as X creates them; throws X's refusal of any, in
 * X's words with any credential removed (X may echo the request), and when X's answer does not
 * account for every rule sent (no rule id, counts that do not add up): a rule missing is no post.
 */
async function addRules(ctx: Ctx, ruleIds: string[]): Promise<void> {
	const specs = ruleSpecs(ctx);
	const { body } = await callEndpoint(ctx, v2.addStreamRules, { body: { add: specs } });
	const created = listOf(body, 'data').filter((rule) => typeof rule.id === 'string' || typeof rule.id === 'number');
	for (const rule of created) ruleIds.push(String(rule.id));
	const refused = listOf(body, 'errors');
	if (refused.length) {
		// X's reason first; the rule (the user's own words, up to 2,048 characters) cut.
		const what = refused.length === 1 ? 'a rule' : `${refused.length} rules`;
		throw new NodeOperationError(ctx.getNode(), `X refused ${what} under Rules: ${refused.slice(0, 5).map((e) => refusalWords(e, 'rule')).join('; ')}`, { description: 'Correct or remove them, then activate again.' });
	}
	if (created.length !== specs.length) {
		throw new NodeOperationError(ctx.getNode(), `X created ${created.length} of the ${specs.length} rules under Rules and named no refusal.`, {
			description: 'The rules it created were removed again; activate again, and if this repeats, check the rules with X Webhooks > Stream Rule > Get Many.',
		});
	}
}

/** Adds the listed rules (ids kept as they are created) and links the webhook to the filtered stream; returns whether it linked. */
async function addRulesAndLink(ctx: IHookFunctions, webhookId: string, ruleIds: string[]): Promise<boolean> {
	try {
		await addRules(ctx, ruleIds);
		const { body: links } = await callEndpoint(ctx, v2.listStreamLinks);
		if (streamLinks((links as IDataObject)?.data).some((l) => String(l.webhook_id) === webhookId)) return false;
		await callEndpoint(ctx, v2.linkStream, { pathParams: { webhook_id: webhookId } });
		return true;
	} catch (error) {
		throw activationError(error, `Could not set up the filtered stream for webhook ${webhookId}`);
	}
}

/**
 * Deletes the rules; returns those still at X. An answer that confirms every deletion is taken as
 * it is; otherwise (a partial error, counts that do not add up) X's list of those rules says which
 * are left (a rule already gone is not one).
 */
async function deleteRules(ctx: Ctx, ruleIds: string[], bearerToken?: string): Promise<string[]> {
	const { body } = await callEndpoint(ctx, v2.deleteStreamRules, { body: { delete: { ids: ruleIds } }, bearerToken });
	const summary = (((body ?? {}) as IDataObject).meta as IDataObject | undefined)?.summary as IDataObject | undefined;
	if (summary?.deleted === ruleIds.length && !listOf(body, 'errors').length) return [];
	const { body: listed } = await callEndpoint(ctx, v2.listStreamRules, { qs: { ids: ruleIds.join(',') }, bearerToken });
	const still = new Set(listOf(listed, 'data').map((rule) => String(rule.id)));
	return ruleIds.filter((id) => still.has(id));
}

/** Unlinks (when activation linked) and deletes the rules activation added; returns what failed, in words. */
async function removeRules(ctx: Ctx, webhookId: string | undefined, ruleIds: string[], unlink: boolean, bearerToken?: string): Promise<string[]> {
	const failed: string[] = [];
	if (unlink && webhookId) {
		try {
			await removeIfPresent(ctx, v2.unlinkStream, { pathParams: { webhook_id: webhookId } });
		} catch (error) {
			failed.push(`the filtered-stream link of webhook ${webhookId}: ${(error as Error).message}`);
		}
	}
	if (ruleIds.length) {
		try {
			const left = await deleteRules(ctx, ruleIds, bearerToken);
			if (left.length) failed.push(`stream rules ${left.join(', ')}: X did not delete them`);
			ruleIds.splice(0, ruleIds.length, ...left);
		} catch (error) {
			failed.push(`stream rules ${ruleIds.join(', ')}: ${(error as Error).message}`);
		}
	}
	for (const line of failed) ctx.logger.warn(`X Trigger: could not remove ${line}`);
	return failed;
}

function checkRules(ctx: Ctx): void {
	const rules = ruleSpecs(ctx);
	if (!rules.length) throw new NodeOperationError(ctx.getNode(), 'Filtered-stream posts need at least one rule under Rules (for example "acme -is:retweet").', { description: 'Nothing was created at X.' });
	const empty = rules.findIndex((r) => !r.value);
	if (empty !== -1) throw new NodeOperationError(ctx.getNode(), `Rule ${empty + 1} under Rules is empty: give the query of posts to receive.`, { description: 'Nothing was created at X.' });
}

/** The rule ids of X's matching_rules on a stream line. */
function matchedRuleIds(line: IDataObject): string[] {
	return Array.isArray(line.matching_rules) ? (line.matching_rules as unknown[]).map((rule) => String((rule as IDataObject | null)?.id ?? '')) : [];
}

/**
 * The stream delivery's part: this workflow's rules added while it runs (tagged as the webhook
 * variant tags them, with the Tag under Rules); the stream carries the posts of every rule of the
 * App, so a post is emitted only when matching_rules names one of this trigger's rule ids.
 */
const filteredStreamUnit: StreamUnit = {
	endpoint: v2.filteredStream,
	label: 'filtered stream',
	// X's name of the stream in the connections endpoints (openapi's endpoint_id enumeration).
	connectionName: /^filtered_stream$/,
	endpointId: 'filtered_stream',
	// Who posted and when, besides X's defaults (id, text, edit_history_tweet_ids).
	query: { 'tweet.fields': 'author_id,created_at,edit_history_tweet_ids,conversation_id,lang', expansions: 'author_id', 'user.fields': 'username,name' },
	check: checkRules,

	async open(ctx) {
		const data = state(ctx);
		if ((data.streamRuleIds ?? []).length && !(await removeRules(ctx, undefined, data.streamRuleIds ?? [], false)).length) delete data.streamRuleIds;
		const added: string[] = [];
		try {
			await addRules(ctx, added);
		} catch (error) {
			await removeRules(ctx, undefined, added, false);
			throw activationError(error, 'Could not add the rules of the filtered stream');
		}
		data.streamRuleIds = [...(data.streamRuleIds ?? []), ...added];
		const own = new Set(added);
		return (line) => matchedRuleIds(line).some((id) => own.has(id));
	},

	async close(ctx, bearerToken) {
		const data = state(ctx);
		const failed = await removeRules(ctx, undefined, data.streamRuleIds ?? [], false, bearerToken);
		if (!failed.length) delete data.streamRuleIds;
		return failed;
	},
};

export const filteredStreamSource: EventSource = {
	stream: filteredStreamUnit,
	check: checkRules,

	async isActive(ctx) {
		const data = state(ctx);
		return data.ruleConfig === JSON.stringify(ruleSpecs(ctx)) && (data.ruleIds ?? []).length > 0;
	},

	async activate(ctx, webhookId, undo) {
		const data = state(ctx);
		// Rules of an earlier configuration are replaced, not left behind.
		const earlier = await removeRules(ctx, undefined, data.ruleIds ?? [], false);
		if (earlier.length) throw new NodeOperationError(ctx.getNode(), `Could not remove the earlier stream rules at X: ${earlier.join('; ')}`);
		delete data.ruleIds;
		const ruleIds: string[] = [];
		let linked = false;
		undo.push(async () => await removeRules(ctx, data.webhookId, ruleIds, linked));
		linked = await addRulesAndLink(ctx, webhookId, ruleIds);
		data.ruleIds = ruleIds;
		data.ruleConfig = JSON.stringify(ruleSpecs(ctx));
		data.linkedStream = data.linkedStream || linked;
	},

	/**
	 * A post X sends the linked webhook is this trigger's when matching_rules names one of the rules
	 * its activation added: the link carries the posts of every rule of the App (other workflows',
	 * rules added elsewhere). Without rule ids in static data (nothing to tell by), every post passes.
	 */
	ownEvents(ctx) {
		const own = new Set(state(ctx).ruleIds ?? []);
		return (payload) => own.size === 0 || matchedRuleIds(payload).some((id) => own.has(id));
	},

	async deactivate(ctx, webhookId) {
		const data = state(ctx);
		if (!(data.ruleIds ?? []).length && !data.linkedStream) return [];
		const failed = await removeRules(ctx, webhookId, data.ruleIds ?? [], !!data.linkedStream);
		if (!failed.length) {
			delete data.ruleIds;
			delete data.linkedStream;
		}
		delete data.ruleConfig;
		return failed;
	},
};
