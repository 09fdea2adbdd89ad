/** The filtered stream: the rules listed under Rules added at X, and the trigger's webhook linked to the stream. */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callEndpoint } from '../../shared/endpoints';
import { v2 } from '../../shared/v2';
import { streamLinks } from '../../shared/v2/streamLink';
import { state } from '../state';
import { activationError, removeIfPresent } from '../xCalls';
import type { EventSource } from './source';

interface RuleSpec {
	value: string;
	tag?: string;
}

function ruleSpecs(ctx: IHookFunctions): RuleSpec[] {
	const list = ((ctx.getNodeParameter('rules', {}) as IDataObject).rule ?? []) as IDataObject[];
	return list.map((r) => ({ value: String(r.value ?? '').trim(), ...(r.tag ? { tag: String(r.tag) } : {}) }));
}

/** Adds the listed rules (ids kept as they are created) and links the webhook to the filtered stream; returns whether it linked. */
async function addRulesAndLink(ctx: IHookFunctions, webhookId: string, ruleIds: string[]): Promise<boolean> {
	try {
		const { body } = await callEndpoint(ctx, v2.addStreamRules, { body: { add: ruleSpecs(ctx) } });
		const answer = (body ?? {}) as IDataObject;
		for (const rule of (answer.data as IDataObject[] | undefined) ?? []) ruleIds.push(String(rule.id));
		const refused = (answer.errors as IDataObject[] | undefined) ?? [];
		if (refused.length) {
			const words = refused.map((e) => `${String(e.value ?? '')}: ${String(e.title ?? '')} ${String(e.detail ?? '')}`.trim()).join('; ');
			throw new NodeOperationError(ctx.getNode(), `X refused rules under Rules: ${words}`, { description: 'Correct or remove them, then activate again.' });
		}
		const { body: links } = await callEndpoint(ctx, v2.listStreamLinks);
		if (streamLinks((links as IDataObject)?.data).some((l) => String(l.webhook_id) === webhookId)) return false;
		await callEndpoint(ctx, v2.linkStream, { pathParams: { webhook_id: webhookId } });
		return true;
	} catch (error) {
		throw activationError(error, `Could not set up the filtered stream for webhook ${webhookId}`);
	}
}

/** Unlinks (when activation linked) and deletes the rules activation added; returns what failed, in words. */
async function removeRules(ctx: IHookFunctions, webhookId: string | undefined, ruleIds: string[], unlink: boolean): Promise<string[]> {
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
			await callEndpoint(ctx, v2.deleteStreamRules, { body: { delete: { ids: ruleIds } } });
		} catch (error) {
			failed.push(`stream rules ${ruleIds.join(', ')}: ${(error as Error).message}`);
		}
	}
	for (const line of failed) ctx.logger.warn(`X Trigger: could not remove ${line}`);
	return failed;
}

export const filteredStreamSource: EventSource = {
	check(ctx) {
		const rules = ruleSpecs(ctx as IHookFunctions);
		if (!rules.length) throw new NodeOperationError(ctx.getNode(), 'Filtered-stream posts need at least one rule under Rules (for example "acme -is:retweet").', { description: 'Nothing was created at X.' });
		const empty = rules.findIndex((r) => !r.value);
		if (empty !== -1) throw new NodeOperationError(ctx.getNode(), `Rule ${empty + 1} under Rules is empty: give the query of posts to receive.`, { description: 'Nothing was created at X.' });
	},

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

	/** Every signed delivery to the trigger's webhook. */
	ownEvents: () => () => true,

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
