/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * A walk through the X Ads node's panel in the real editor: sign in, new workflow, add X Ads from
 * the node creator, then Account > Get Many, Line Item > Update, Product > Create or Update and
 * Card > Create (with the component list), a screenshot of each, save. Used by the browser case
 * (cases/90-editor-xads-panel.case.ts); runnable against `npm run dev` too:
 *
 *   npx ts-node --transpile-only test/e2e/xadsEditorTour.ts [http://127.0.0.1:5678] [screenshot dir]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Page } from 'playwright-core';

import {
	addCollectionField,
	addNodeAction,
	closeNdv,
	fillParameter,
	launchBrowser,
	ndv,
	openList,
	openNewWorkflow,
	pickCredential,
	pickFromList,
	pickOption,
	saveWorkflow,
	settle,
	signIn,
	watchPage,
	type PageWatch,
} from './browser';

export interface TourOptions {
	page: Page;
	watch: PageWatch;
	baseUrl: string;
	login: { email: string; password: string };
	/** Name of an xOAuth1Api credential (production) to pick in the panel. */
	credentialName: string;
	/** Account name the emulator lists for that credential (for "From list" pickers). */
	accountName: string;
	screenshotDir: string;
	log(message: string): void;
}

export interface TourResult {
	workflowId: string;
	screenshots: string[];
	steps: Array<{ name: string; ms: number }>;
}

export async function runXAdsEditorTour(o: TourOptions): Promise<TourResult> {
	const { page, watch } = o;
	fs.mkdirSync(o.screenshotDir, { recursive: true });
	const screenshots: string[] = [];
	const steps: TourResult['steps'] = [];
	const step = async (name: string, fn: () => Promise<void>) => {
		const t = Date.now();
		watch.step(name);
		try {
			await fn();
		} catch (error) {
			const shot = path.join(o.screenshotDir, `FAILED-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`);
			await page.screenshot({ path: shot }).catch(() => undefined);
			(error as Error).message = `step "${name}": ${(error as Error).message}\n(screenshot: ${shot})`;
			throw error;
		}
		await page.waitForTimeout(400); // late console errors / toasts of this step
		await watch.collectToasts();
		steps.push({ name, ms: Date.now() - t });
	};
	const shoot = async (file: string, keepOpen = false) => {
		// Let lazy parameter lists (loadOptions, listSearch) and dropdown fade-outs settle.
		if (keepOpen) {
			await page.waitForLoadState('networkidle').catch(() => undefined);
			await page.waitForTimeout(500);
		} else await settle(page);
		const full = path.join(o.screenshotDir, file);
		await page.screenshot({ path: full });
		screenshots.push(full);
	};
	const panelShows = async (...labels: string[]) => {
		for (const label of labels) {
			await ndv(page).locator('[data-test-id=node-parameters]').getByText(label, { exact: true }).first().waitFor({ timeout: 10_000 });
		}
	};

	let workflowId = '';
	await step('sign in', async () => signIn(page, o.baseUrl, o.login));
	await step('new workflow', async () => {
		workflowId = await openNewWorkflow(page, o.baseUrl);
	});
	await step('add X Ads: Account > Get Many', async () => {
		await addNodeAction(page, 'X Ads', 'Get many accounts');
		await pickCredential(page, o.credentialName);
		await panelShows('Resource', 'Operation', 'Return All', 'Limit', 'Filters');
		await addCollectionField(page, 0, 'Name Starts With');
		await fillParameter(page, 'nameStartsWith', 'Acme');
		await shoot('xads-account-get-many.png');
	});
	await step('Line Item > Update', async () => {
		await pickOption(page, 'resource', 'Line Item');
		await pickOption(page, 'operation', 'Update');
		await panelShows('Account', 'Line Item', 'Amounts In', 'Update Fields');
		await pickFromList(page, 'account', o.accountName);
		await addCollectionField(page, 0, 'Status');
		await addCollectionField(page, 0, 'Bid Amount');
		await shoot('xads-line-item-update.png');
	});
	await step('Product > Create or Update', async () => {
		await pickOption(page, 'resource', 'Product');
		await pickOption(page, 'operation', 'Create or Update');
		await panelShows('Mapping', 'Catalog', 'Title', 'Price');
		// The catalog list comes from the emulator through the node's listSearch method.
		const catalogs = await openList(page, 'catalog');
		o.log(`catalogs listed: ${(await catalogs.allTextContents()).map((t) => t.trim()).join('; ')}`);
		await shoot('xads-product-create-or-update.png', true);
		await catalogs.first().click();
		await settle(page);
	});
	await step('Card > Create with components', async () => {
		await pickOption(page, 'resource', 'Card');
		await pickOption(page, 'operation', 'Create');
		await panelShows('Components From', 'Components', 'Account', 'Name');
		await pickFromList(page, 'account', o.accountName);
		await fillParameter(page, 'name', 'Spring sale card');
		await addComponent(page);
		await addComponent(page);
		await pickOption(page, 'type', 'Details (Website)', 1);
		await fillParameter(page, 'title', 'Spring sale', 0);
		await fillParameter(page, 'url', 'https://shop.example.com/spring', 0);
		await shoot('xads-card-create-components.png');
	});
	await step('save', async () => {
		await closeNdv(page);
		await saveWorkflow(page);
		await page.waitForTimeout(1000);
		await shoot('xads-workflow-canvas.png');
	});
	return { workflowId, screenshots, steps };
}

/** Card > Create: the fixed collection's "Add Component" button. */
async function addComponent(page: Page): Promise<void> {
	const panel = ndv(page).locator('[data-test-id=parameter-input-components], [data-test-id=fixed-collection-components]').first();
	const button = ndv(page).getByRole('button', { name: 'Add Component' }).first();
	if (await button.count()) await button.click();
	else await panel.getByText('Add Component').first().click();
}

// Standalone: against a running editor (npm run dev).
if (require.main === module) {
	(async () => {
		const baseUrl = process.argv[2] ?? 'http://127.0.0.1:5678';
		const dir = path.resolve(process.argv[3] ?? path.join(__dirname, '..', '..', '.cache', 'screenshots'));
		const { OWNER } = require('./n8n') as typeof import('./n8n');
		const browser = await launchBrowser();
		const watch = watchPage(browser.page, { appOrigins: [baseUrl, process.env.X_EMULATOR_URL ?? 'http://127.0.0.1:5680'] });
		try {
			const r = await runXAdsEditorTour({
				page: browser.page,
				watch,
				baseUrl,
				login: OWNER,
				credentialName: process.env.X_CREDENTIAL_NAME ?? 'X OAuth 1.0a (emulator, production)',
				accountName: 'Acme Shoes',
				screenshotDir: dir,
				log: console.log,
			});
			console.log(JSON.stringify(r, null, 2));
			console.log(`ignored:\n  ${watch.ignored.join('\n  ')}`);
			watch.assertClean();
			console.log('clean');
		} finally {
			await browser.close();
		}
	})().catch((e) => {
		console.error(e);
		process.exit(1);
	});
}
