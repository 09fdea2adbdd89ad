/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Set-up and checks shared by the X Trigger cases (80-89): `triggerCase` (the case frame: package,
 * emulator, App-only credential, loopback allowance, clean-up), activation and deactivation as X
 * sees them, n8n's executions of the trigger, deliveries straight to n8n. The workflows themselves
 * are built in workflows.ts (triggerWorkflow, xEventsExample).
 */
import { createHmac } from 'node:crypto';

import { N8nHttpError, type ExecutionResult, type SavedWorkflow, type WorkflowJson } from './n8n';
import { defineCase, type CaseContext, type E2ECase } from './types';
import { TRIGGER } from './workflows';

export const sleep = async (ms: number) => await new Promise((r) => setTimeout(r, ms));

/** Waits until `ok()` holds, checking every 100 ms; fails naming `what` after `timeoutMs`. */
export async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await ok())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(100);
	}
}

export interface XWebhook {
	id: string;
	url: string;
	valid: boolean;
}

export interface ActiveTrigger {
	workflow: SavedWorkflow;
	/** n8n's production URL of the trigger (what X must call). */
	url: string;
	/** The webhook the emulator holds for that URL after activation. */
	xWebhook: XWebhook;
	/** Milliseconds the activation took (POST /activate until every trigger is active). */
	activationMs: number;
}

export const emu = (ctx: CaseContext) => ctx.emulator!.control as Record<string, any>;
export const xWebhooks = (ctx: CaseContext): XWebhook[] => emu(ctx).state().webhooks.map((w: XWebhook) => ({ id: w.id, url: w.url, valid: w.valid }));
export const xSubscriptions = (ctx: CaseContext): Array<{ subscription_id: string; event_type: string; filter: Record<string, string>; webhook_id?: string }> =>
	emu(ctx).activitySubscriptions();
export const userId = (ctx: CaseContext, index = 0) => ctx.emulator!.users[index].userId;

/** n8n's production URL of a node's webhook path, on the WEBHOOK_URL the case's n8n was started with. */
export function productionUrl(ctx: CaseContext, node: Record<string, any>, webhookBase?: string): string {
	const base = (webhookBase ?? `${ctx.n8n.baseUrl}/`).replace(/\/?$/, '/');
	return `${base}webhook/${String(node.webhookId)}/webhook`;
}

/** Activates a saved workflow; returns the webhook the emulator registered for n8n's URL. */
export async function activateTrigger(ctx: CaseContext, workflow: SavedWorkflow, webhookBase?: string): Promise<ActiveTrigger> {
	const url = productionUrl(ctx, workflow.nodes.find((n) => n.name === TRIGGER)!, webhookBase);
	const t = Date.now();
	await ctx.client.activateWorkflow(workflow.id);
	const activationMs = Date.now() - t;
	const xWebhook = xWebhooks(ctx).find((w) => new URL(w.url).href === new URL(url).href);
	if (!xWebhook) throw new Error(`after activation the emulator has no webhook for ${url}; it has ${JSON.stringify(xWebhooks(ctx))}`);
	return { workflow, url, xWebhook, activationMs };
}

/**
 * Activates a saved workflow whose activation should fail; returns n8n's error message ('' when it
 * activated after all) and how long n8n took. n8n 2.41.1 tries a failing trigger activation 5 times
 * (1, 2, 4, 8 s apart: TRIGGER_ACTIVATION_MAX_ATTEMPTS, dist/workflows/triggers/trigger-activation-retry.js)
 * before the publication reports it failed (~17 s).
 */
export async function failedActivation(ctx: CaseContext, workflowId: string, timeoutMs = 45_000): Promise<{ message: string; ms: number }> {
	const t = Date.now();
	try {
		await ctx.client.activateWorkflow(workflowId, timeoutMs);
	} catch (error) {
		// 1.x refuses in the activation's answer (a JSON body whose message is the node's error); 2.x
		// in the publication status, which activateWorkflow words as plain text.
		const body = error instanceof N8nHttpError ? (error.body as { message?: unknown } | undefined) : undefined;
		const message = typeof body?.message === 'string' ? body.message : (error as Error).message;
		return { message, ms: Date.now() - t };
	}
	return { message: '', ms: Date.now() - t };
}

/** Deactivates and waits until `gone()` holds (2.x unpublishes asynchronously). */
export async function deactivateTrigger(ctx: CaseContext, workflowId: string, gone: () => boolean, timeoutMs = 20_000): Promise<number> {
	const t = Date.now();
	await ctx.client.deactivateWorkflow(workflowId);
	while (!gone()) {
		if (Date.now() - t > timeoutMs) throw new Error(`deactivation of workflow ${workflowId}: the emulator still has webhooks ${JSON.stringify(xWebhooks(ctx))} and subscriptions ${JSON.stringify(xSubscriptions(ctx))} after ${timeoutMs} ms`);
		await sleep(100);
	}
	return Date.now() - t;
}

/** Best-effort clean-up: deactivate and delete the workflow. */
export async function removeWorkflow(ctx: CaseContext, workflowId: string | undefined): Promise<void> {
	if (!workflowId) return;
	await ctx.client.deactivateWorkflow(workflowId).catch(() => undefined);
	await ctx.client.deleteWorkflow(workflowId).catch(() => undefined);
}

/** Finished executions of a workflow, oldest first. */
export async function executionsOf(ctx: CaseContext, workflowId: string): Promise<ExecutionResult[]> {
	const list = await ctx.client.listExecutions(workflowId);
	const ids = list.map((e) => String(e.id)).sort((a, b) => Number(a) - Number(b));
	return await Promise.all(ids.map(async (id) => await ctx.client.waitForExecution(id, 15_000)));
}

/** Waits until the workflow has `count` executions, then `settleMs` more to see that no other one follows. */
export async function expectExecutionCount(ctx: CaseContext, workflowId: string, count: number, what: string, settleMs = 0, timeoutMs = 15_000): Promise<ExecutionResult[]> {
	const deadline = Date.now() + timeoutMs;
	let list = await ctx.client.listExecutions(workflowId);
	while (list.length < count && Date.now() < deadline) {
		await sleep(100);
		list = await ctx.client.listExecutions(workflowId);
	}
	if (settleMs) {
		await sleep(settleMs);
		list = await ctx.client.listExecutions(workflowId);
	}
	if (list.length !== count) {
		const found = await executionsOf(ctx, workflowId);
		throw new Error(`${what}: expected ${count} executions of workflow ${workflowId}, found ${list.length}: ${JSON.stringify(found.map((e) => ({ id: e.id, status: e.status, events: eventIds(e) })))}`);
	}
	return await executionsOf(ctx, workflowId);
}

export const triggerItems = (ex: ExecutionResult) => ex.output(TRIGGER) as Array<Record<string, any>>;
export const eventIds = (ex: ExecutionResult) => {
	try {
		return triggerItems(ex).map((i) => `${String(i.event_type)}:${String(i.event_id)}`);
	} catch {
		return [];
	}
};

export const sign = (secret: string, raw: string | Buffer) => `sha256=${createHmac('sha256', secret).update(raw).digest('base64')}`;

/** A POST straight to n8n's webhook URL (for bodies the emulator cannot send, such as malformed JSON). */
export async function postToN8n(url: string, raw: string, headers: Record<string, string>, init: Record<string, unknown> = {}): Promise<{ status: number; text: string }> {
	const res = await fetch(url, { method: 'POST', headers, body: raw, ...init });
	return { status: res.status, text: await res.text() };
}

/** Checks one delivery's POST statuses. */
export function expectStatuses(results: Array<{ status: number | null; error?: string }>, want: number[], what: string): void {
	const got = results.map((r) => r.status ?? `error: ${r.error}`);
	if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${what}: n8n answered ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
}

export function expectItems(ex: ExecutionResult, want: Array<Record<string, unknown>>, what: string): void {
	const items = triggerItems(ex);
	const brief = (i: Record<string, any>) => ({ event_type: i.event_type, event_id: i.event_id, for_user_id: i.for_user_id });
	if (items.length !== want.length) throw new Error(`${what}: execution ${ex.id} has ${items.length} items, expected ${want.length}: ${JSON.stringify(items.map(brief))}`);
	want.forEach((w, i) => {
		for (const [k, v] of Object.entries(w)) {
			const got = items[i][k];
			if (JSON.stringify(got) !== JSON.stringify(v)) throw new Error(`${what}: execution ${ex.id} item ${i} ${k} = ${JSON.stringify(got)}, expected ${JSON.stringify(v)}; items ${JSON.stringify(items.map(brief))}`);
		}
		if (typeof items[i].received_at !== 'string') throw new Error(`${what}: item ${i} has no received_at`);
	});
}

/** What a trigger case's check gets. */
export interface TriggerRun {
	ctx: CaseContext;
	/** The emulator's control API. */
	control: Record<string, any>;
	/** users[0]'s user ID at the emulator. */
	uid: string;
	/** Saves a workflow (deactivated and deleted when the case ends). */
	save(wf: WorkflowJson): Promise<SavedWorkflow>;
	/** Saves and activates a workflow (activateTrigger; deactivated and deleted when the case ends). */
	activate(wf: WorkflowJson, webhookBase?: string): Promise<ActiveTrigger>;
}

/**
 * An X Trigger case: needs the package and the emulator, has the App-only credential `x` unless
 * `credentials` says otherwise, and the emulator allows http loopback callback URLs (n8n's
 * http://127.0.0.1:<port>) unless `loopback` is false (X's own rule: public https, no port). Every
 * workflow saved through the check's `save` or `activate` is removed when the case ends, passed or not.
 */
export function triggerCase(def: Omit<E2ECase, 'check' | 'needs' | 'workflow' | 'run'> & { loopback?: boolean; check: (t: TriggerRun) => Promise<void> }): E2ECase {
	const { loopback = true, check, setup, ...rest } = def;
	return defineCase({
		needs: ['package', 'emulator'],
		credentials: { x: { type: 'xAppOnlyApi' } },
		...rest,
		setup: async (ctx) => {
			if (loopback) emu(ctx).setWebhookSettings({ allowHttpLoopbackCallbacks: true });
			await setup?.(ctx);
		},
		check: async (ctx) => {
			const saved: string[] = [];
			const save = async (wf: WorkflowJson) => {
				const workflow = await ctx.client.createWorkflow(wf);
				saved.push(workflow.id);
				return workflow;
			};
			try {
				await check({ ctx, control: emu(ctx), uid: userId(ctx), save, activate: async (wf, webhookBase) => await activateTrigger(ctx, await save(wf), webhookBase) });
			} finally {
				for (const id of saved) await removeWorkflow(ctx, id);
			}
		},
	});
}
