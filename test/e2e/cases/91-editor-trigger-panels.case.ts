/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING, Lint). */
/**
 * The X Trigger and three X Ads panels as a new user meets them in the editor (Debian's chromium,
 * ../browser.ts): the node creator's searches "X Trigger" and "X Ads" list the trigger as high as
 * n8n's ranking allows (NEAR_THE_TOP);
 * its trigger actions read as phrases (no "On block block"); added from "On Post Liked", its panel
 * has the App credential already chosen (an X App-Only credential exists), one field per label and
 * the notice that liked posts need a user's authorization;
 * the X Ads panels Product > Sync Catalog, Media > Upload and Analytics > Run Report have no two
 * visible fields of the same label. Fails on any console error, failed request or error toast.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Page } from 'playwright-core';

import type { CreatorItem, PageWatch } from '../browser';
import { addNodeAction, closeNdv, launchBrowser, ndv, openNewWorkflow, panelLabels, searchNodeCreator, signIn, watchPage } from '../browser';
import { OWNER, REPO_ROOT } from '../n8n';
import { defineCase } from '../types';

/**
 * How high the trigger must be listed for each search. n8n searches "X Trigger" as "x" (it drops a
 * last word that begins "trigger", so "Telegram Trigger" finds Telegram) and adds its own nodes'
 * popularity to their score: XML, Convert to File, X (Formerly Twitter) and others outrank any
 * community node for "x". 13 is where the highest score open to a node whose name holds "Trigger"
 * (the shortest, "X Trigger") lands; a longer name such as "X Activity Trigger" falls below it.
 */
const NEAR_THE_TOP: Record<string, number> = { 'X Trigger': 13, 'X Ads': 3 };
const TRIGGER_DESCRIPTION = /^Starts the workflow on events X delivers/;

const words = (label: string) => label.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
const repeatedWord = (label: string) => words(label).find((w, i, all) => all.indexOf(w) !== i);
const duplicates = (labels: string[]) => labels.filter((l, i) => labels.indexOf(l) !== i);

export default defineCase({
	name: 'editor: X Trigger found by "X Trigger" and "X Ads", phrase actions, App credential chosen; X Ads Sync, Upload and Run Report panels without duplicate labels',
	needs: ['package', 'emulator', 'browser'],
	// The editor's data-test-id selectors were checked against the 2.x editor (1.123 differs).
	n8nVersions: ['2.'],
	credentials: {
		app: { type: 'xAppOnlyApi', name: 'X App (emulator)' },
		x: { type: 'xOAuth1Api', name: 'X OAuth 1.0a (emulator)' },
	},
	timeoutMs: 300_000,
	check: async (ctx) => {
		const screenshotDir = path.resolve(REPO_ROOT, process.env.N8N_E2E_SCREENSHOTS ?? path.join('.cache', 'e2e-logs', 'screenshots'));
		fs.mkdirSync(screenshotDir, { recursive: true });
		const browser = await launchBrowser();
		const { page } = browser;
		const watch = watchPage(page, { appOrigins: [ctx.n8n.baseUrl, new URL(ctx.emulator!.urls.api).origin] });
		const problems: string[] = [];
		const step = stepper(page, watch, screenshotDir);
		try {
			await step('sign in', async () => signIn(page, ctx.n8n.baseUrl, OWNER));
			await step('new workflow', async () => void (await openNewWorkflow(page, ctx.n8n.baseUrl)));

			for (const search of ['X Trigger', 'X Ads']) {
				await step(`search "${search}"`, async () => {
					const listed = await searchNodeCreator(page, search);
					const rank = listed.findIndex((item) => TRIGGER_DESCRIPTION.test(item.description)) + 1;
					ctx.log(`"${search}": ${describeList(listed)}; the X Trigger is ${rank || 'not listed'}`);
					if (!rank || rank > NEAR_THE_TOP[search]) problems.push(`"${search}" lists the X Trigger ${rank ? `at ${rank}` : 'nowhere'} (wanted within the first ${NEAR_THE_TOP[search]})`);
				});
			}

			// n8n pairs a trigger with the node whose type is the trigger's without "Trigger" (xAdsTrigger
			// with xAds); xTrigger pairs with none, so the X Ads page offers n8n's Schedule and Webhook.
			await step('X Ads page', async () => {
				await searchNodeCreator(page, 'X Ads');
				await page.locator('[data-test-id=node-creator-item-name]', { hasText: /^X Ads$/ }).first().click();
				const triggers = await page.locator('[data-test-id=node-creator]').innerText();
				ctx.log(`X Ads page: ${triggers.replace(/\s+/g, ' ').slice(0, 600)}`);
				await page.screenshot({ path: path.join(screenshotDir, 'x-ads-node-creator-page.png') });
				await closeNodeCreator(page);
			});

			await step('X Trigger actions', async () => {
				const listed = await searchNodeCreator(page, 'X Trigger');
				const index = listed.findIndex((item) => TRIGGER_DESCRIPTION.test(item.description));
				await page.locator('[data-test-id=node-creator-node-item]:visible, [data-test-id=node-creator-action-item]:visible').nth(index).click();
				// The actions slide in over the search list, which leaves the page when the slide ends.
				await page.locator('[data-test-id=node-creator-item-name]', { hasText: /^On / }).first().waitFor();
				await page.locator('[data-test-id=node-creator-search-bar]').waitFor({ state: 'detached' }).catch(() => page.waitForTimeout(1500));
				const actions = (await page.locator('[data-test-id=node-creator] [data-test-id=node-creator-item-name]:visible').allTextContents()).map((a) => a.trim());
				ctx.log(`${actions.length} trigger actions: ${actions.join(', ')}`);
				if (actions.length < 41) problems.push(`the X Trigger lists ${actions.length} trigger actions`);
				for (const action of actions) if (repeatedWord(action)) problems.push(`trigger action "${action}" repeats "${repeatedWord(action)}"`);
				for (const twice of duplicates(actions)) problems.push(`trigger action "${twice}" listed twice`);
				if (!actions.includes('On Post Liked')) problems.push('no trigger action "On Post Liked"');
				await page.locator('[data-test-id=node-creator] [data-test-id=node-creator-item-name]', { hasText: /^On (Post Liked|like create)$/ }).first().click();
				await ndv(page).waitFor();
			});

			await step('X Trigger panel', async () => {
				const labels = await panelLabels(page);
				ctx.log(`X Trigger panel: ${labels.join(' | ')}`);
				for (const twice of duplicates(labels)) problems.push(`X Trigger panel: two fields labelled "${twice}"`);
				const chosen = await ndv(page).locator('[data-test-id=node-credentials-select] input').first().inputValue();
				if (chosen !== ctx.credentials.app.name) problems.push(`X Trigger panel: the credential field holds "${chosen}", not the existing App credential "${ctx.credentials.app.name}"`);
				const flagged = await ndv(page).locator('[data-test-id=node-credentials-select] [class*=hasIssues], [data-test-id=node-credentials-select][class*=hasIssues]').count();
				if (flagged) problems.push(`X Trigger panel: ${flagged} credential field(s) flagged`);
				// "On Post Liked" opens on App Only, which X refuses private kinds on: the panel says what to pick.
				const notice = await ndv(page).getByText(/come only with a user's authorization/).count();
				if (!notice) problems.push('X Trigger panel from "On Post Liked": no notice that liked posts need a user\'s authorization');
				await page.screenshot({ path: path.join(screenshotDir, 'x-trigger-panel.png') });
				await closeNdv(page);
			});

			const xAdsPanels: Array<[string, string]> = [
				['Product Catalog Sync', 'Sync a product catalog with a feed'],
				['Media Upload', 'Upload media'],
				['Analytics Run Report', 'Run an asynchronous stats report'],
			];
			for (const [panel, action] of xAdsPanels) {
				await step(`X Ads ${panel} panel`, async () => {
					await addNodeAction(page, 'X Ads', action);
					const labels = await panelLabels(page);
					ctx.log(`X Ads ${panel}: ${labels.join(' | ')}`);
					for (const twice of duplicates(labels)) problems.push(`X Ads ${panel} panel: two fields labelled "${twice}"`);
					await closeNdv(page);
				});
			}
		} finally {
			await browser.close();
			ctx.log(`ignored (not caused by the nodes): ${watch.ignored.length ? `\n       ${watch.ignored.join('\n       ')}` : 'nothing'}`);
		}
		watch.assertClean();
		if (problems.length) throw new Error(`the editor shows:\n  ${problems.join('\n  ')}`);
	},
});

async function closeNodeCreator(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await page.locator('[data-test-id=node-creator]').waitFor({ state: 'hidden' });
}

function describeList(listed: CreatorItem[]): string {
	return listed
		.slice(0, 14)
		.map((item, i) => `${i + 1}. ${item.name}`)
		.join(', ');
}

/** Runs a named step; on failure saves a screenshot named after it. Collects toasts after each. */
function stepper(page: Page, watch: PageWatch, dir: string) {
	return async (name: string, fn: () => Promise<void>) => {
		watch.step(name);
		try {
			await fn();
		} catch (error) {
			const shot = path.join(dir, `FAILED-trigger-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`);
			await page.screenshot({ path: shot }).catch(() => undefined);
			(error as Error).message = `step "${name}": ${(error as Error).message}\n(screenshot: ${shot})`;
			throw error;
		}
		await page.waitForTimeout(300);
		await watch.collectToasts();
	};
}
