/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The editor in a real browser (Debian's chromium through playwright-core, see ../browser.ts):
 * sign in as the owner, create a workflow, add X Ads from the node creator and open its panel for
 * Account > Get Many, Line Item > Update, Product > Create or Update (catalog list from the
 * emulator) and Card > Create with two components; save. Fails on any console error, page error,
 * failed request or error toast (noise that is ignored is listed in the case output).
 * Screenshots: .cache/e2e-logs/screenshots/ by default; N8N_E2E_SCREENSHOTS=docs/screenshots to
 * refresh the committed ones. Skipped when /usr/bin/chromium (or CHROMIUM_PATH) is missing.
 */
import * as path from 'node:path';

import { launchBrowser, watchPage } from '../browser';
import { OWNER, REPO_ROOT } from '../n8n';
import { defineCase } from '../types';
import { runXAdsEditorTour } from '../xadsEditorTour';

export default defineCase({
	name: 'editor: X Ads panel in chromium (Account, Line Item Update, Product, Card components), no console error',
	needs: ['package', 'emulator', 'browser'],
	// The editor's data-test-id selectors were checked against the 2.x editor (1.123 differs).
	n8nVersions: ['2.'],
	credentials: { x: { type: 'xOAuth1Api', name: 'X OAuth 1.0a (emulator)' } },
	timeoutMs: 300_000,
	check: async (ctx) => {
		const screenshotDir = path.resolve(REPO_ROOT, process.env.N8N_E2E_SCREENSHOTS ?? path.join('.cache', 'e2e-logs', 'screenshots'));
		const t0 = Date.now();
		const browser = await launchBrowser();
		const emulatorOrigin = new URL(ctx.emulator!.urls.api).origin;
		const watch = watchPage(browser.page, { appOrigins: [ctx.n8n.baseUrl, emulatorOrigin] });
		let result;
		try {
			result = await runXAdsEditorTour({
				page: browser.page,
				watch,
				baseUrl: ctx.n8n.baseUrl,
				login: OWNER,
				credentialName: ctx.credentials.x.name,
				accountName: 'Acme Shoes',
				screenshotDir,
				log: ctx.log,
			});
		} finally {
			await browser.close();
			ctx.log(`browser: ${((Date.now() - t0) / 1000).toFixed(1)} s; ignored (not caused by the node): ${watch.ignored.length ? `\n       ${watch.ignored.join('\n       ')}` : 'nothing'}`);
		}
		ctx.log(`steps: ${result.steps.map((s) => `${s.name} ${(s.ms / 1000).toFixed(1)} s`).join(', ')}`);
		ctx.log(`screenshots: ${result.screenshots.map((f) => path.relative(REPO_ROOT, f)).join(', ')}`);
		watch.assertClean();

		// What the editor saved is what the panel showed.
		const wf = await ctx.client.getWorkflow(result.workflowId);
		const node = wf.nodes.find((n) => n.type === 'n8n-nodes-x-ads.xAds');
		if (!node) throw new Error(`the saved workflow has no X Ads node: ${JSON.stringify(wf.nodes.map((n) => n.type))}`);
		const p = node.parameters ?? {};
		const components = p.components?.component ?? [];
		const problems: string[] = [];
		if (p.resource !== 'card' || p.operation !== 'create') problems.push(`resource/operation ${p.resource}/${p.operation}`);
		if (components.length !== 2 || components[1]?.type !== 'DETAILS' || components[1]?.url !== 'https://shop.example.com/spring') problems.push(`components ${JSON.stringify(components)}`);
		if (p.name !== 'Spring sale card') problems.push(`name ${JSON.stringify(p.name)}`);
		if (node.credentials?.xOAuth1Api?.id !== ctx.credentials.x.id) problems.push(`credentials ${JSON.stringify(node.credentials)}`);
		if (problems.length) throw new Error(`saved X Ads node: ${problems.join('; ')}`);
	},
});
