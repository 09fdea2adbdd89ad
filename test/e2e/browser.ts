/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The n8n editor in a real browser: Debian's chromium (apt-get install -y chromium) driven by
 * playwright-core. Never a browser downloaded by playwright.
 *
 *   const browser = await launchBrowser();            // throws BrowserMissing when there is none
 *   const watch = watchPage(browser.page, { appOrigins: [n8n.baseUrl, emulatorOrigin] });
 *   await signIn(browser.page, n8n.baseUrl, OWNER);
 *   ...
 *   watch.assertClean();                              // console errors / failed requests
 *   await browser.close();
 *
 * What counts as a failure (watchPage): any console error, uncaught page error, failed request or
 * HTTP status >= 400 for n8n or the emulator, and any error toast the editor shows. What is ignored
 * (listed in watch.ignored, reported by the case):
 *  - requests to other hosts (the box is offline: the editor asks registry.npmjs.org about
 *    community packages, and n8n's telemetry/templates hosts when enabled) and the console's
 *    "Failed to load resource" lines for them,
 *  - GET /rest/login -> 401 before signing in (the editor checks for a session),
 *  - requests aborted by navigation (net::ERR_ABORTED).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { BrowserContext, ConsoleMessage, Locator, Page, Request, Response } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** Why the browser part cannot run here, or undefined when it can. */
export function browserSkipReason(): string | undefined {
	if (!fs.existsSync(CHROMIUM_PATH)) {
		return `no browser at ${CHROMIUM_PATH}: install Debian's chromium (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH`;
	}
	try {
		require.resolve('playwright-core');
	} catch {
		return 'playwright-core is not installed (npm ci)';
	}
	return undefined;
}

export interface BrowserSession {
	context: BrowserContext;
	page: Page;
	userDataDir: string;
	close(): Promise<void>;
}

export async function launchBrowser(opts: { width?: number; height?: number } = {}): Promise<BrowserSession> {
	const reason = browserSkipReason();
	if (reason) throw new Error(reason);
	const { chromium } = require('playwright-core') as typeof import('playwright-core');
	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-chromium-'));
	const context = await chromium.launchPersistentContext(userDataDir, {
		executablePath: CHROMIUM_PATH,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
		deviceScaleFactor: 1,
	});
	const page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(20_000);
	return {
		context,
		page,
		userDataDir,
		close: async () => {
			await context.close().catch(() => undefined);
			fs.rmSync(userDataDir, { recursive: true, force: true });
		},
	};
}

// ---------------------------------------------------------------------------------------------
// Console and network watch
// ---------------------------------------------------------------------------------------------

export interface PageWatch {
	/** Problems seen so far (console errors, page errors, failed requests, error toasts). */
	problems: string[];
	/** Noise that was ignored, with the reason. */
	ignored: string[];
	/** Marks where a step begins, so problems name the step they happened in. */
	step(name: string): void;
	/** Records the editor's visible error toasts (call after each step). */
	collectToasts(): Promise<void>;
	assertClean(): void;
}

export function watchPage(page: Page, opts: { appOrigins: string[] }): PageWatch {
	const origins = opts.appOrigins.map((u) => new URL(u).origin);
	const isApp = (url: string) => {
		try {
			return origins.includes(new URL(url).origin);
		} catch {
			return false;
		}
	};
	let current = 'start';
	let signedIn = false;
	const problems: string[] = [];
	const ignored: string[] = [];
	const ignore = (what: string, why: string) => {
		const line = `${what} -- ${why}`;
		if (!ignored.includes(line)) ignored.push(line);
	};
	const shortUrl = (u: string) => (u.length > 160 ? `${u.slice(0, 160)}...` : u);
	/** Known noise for a response/request; returns the reason or undefined. */
	const noise = (url: string, status?: number, method?: string): string | undefined => {
		if (!isApp(url)) return 'not n8n or the emulator (no internet here)';
		const p = new URL(url).pathname;
		if (status === 401 && p === '/rest/login' && (method ?? 'GET') === 'GET' && !signedIn) return 'the editor checks for a session before sign-in';
		// n8n 2.x's input panel asks whether the previous node's package ships an output schema (__schema__/); none is shipped.
		if (status === 404 && p.startsWith('/schemas/n8n-nodes-x-ads.') && (method ?? 'GET') === 'GET') return 'the editor looks for an optional output schema the package does not ship';
		return undefined;
	};

	page.on('console', (msg: ConsoleMessage) => {
		if (msg.type() !== 'error') return;
		const text = msg.text();
		const url = msg.location()?.url ?? '';
		if (/^Failed to load resource/.test(text) && url) {
			// The matching request/response is judged by the network handlers below.
			const why = noise(url, Number(/status of (\d+)/.exec(text)?.[1]) || undefined);
			if (why || !isApp(url)) {
				ignore(`console: ${text} (${shortUrl(url)})`, why ?? 'not n8n or the emulator');
				return;
			}
			problems.push(`[${current}] console error: ${text} (${shortUrl(url)})`);
			return;
		}
		problems.push(`[${current}] console error: ${text.slice(0, 600)}${url ? ` (${shortUrl(url)})` : ''}`);
	});
	page.on('pageerror', (err: Error) => problems.push(`[${current}] uncaught page error: ${err.message.slice(0, 600)}`));
	page.on('requestfailed', (req: Request) => {
		const failure = req.failure()?.errorText ?? 'failed';
		const why = noise(req.url());
		if (why) return ignore(`${req.method()} ${shortUrl(req.url())} ${failure}`, why);
		if (failure === 'net::ERR_ABORTED') return ignore(`${req.method()} ${shortUrl(new URL(req.url()).pathname)} ${failure}`, 'aborted by a navigation or a newer request');
		problems.push(`[${current}] request failed: ${req.method()} ${shortUrl(req.url())} ${failure}`);
	});
	page.on('response', (res: Response) => {
		if (res.status() < 400) return;
		const req = res.request();
		const why = noise(res.url(), res.status(), req.method());
		if (why) return ignore(`${req.method()} ${shortUrl(res.url())} -> ${res.status()}`, why);
		problems.push(`[${current}] HTTP ${res.status()}: ${req.method()} ${shortUrl(res.url())}`);
	});

	return {
		problems,
		ignored,
		step(name) {
			current = name;
			if (name !== 'sign in' && name !== 'start') signedIn = true;
		},
		async collectToasts() {
			const toasts = page.locator('.el-notification--error:visible, .el-notification.error:visible');
			const n = await toasts.count();
			for (let i = 0; i < n; i++) {
				const text = ((await toasts.nth(i).textContent()) ?? '').replace(/\s+/g, ' ').trim();
				const line = `[${current}] error toast: ${text.slice(0, 400)}`;
				if (!problems.includes(line)) problems.push(line);
			}
		},
		assertClean() {
			if (problems.length) throw new Error(`the editor reported ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
		},
	};
}

// ---------------------------------------------------------------------------------------------
// Editor actions (n8n 2.41.1 selectors: data-test-id attributes of the editor-ui)
// ---------------------------------------------------------------------------------------------

export async function signIn(page: Page, baseUrl: string, login: { email: string; password: string }): Promise<void> {
	await page.goto(`${baseUrl}/signin`);
	await page.fill('input[name=emailOrLdapLoginId]', login.email);
	await page.fill('input[name=password]', login.password);
	await page.click('[data-test-id=form-submit-button]');
	await page.waitForURL((u) => !u.pathname.startsWith('/signin'), { timeout: 30_000 });
}

/** Opens a new, empty workflow in the editor and waits for the canvas. */
export async function openNewWorkflow(page: Page, baseUrl: string): Promise<string> {
	await page.goto(`${baseUrl}/workflow/new`);
	await page.locator('[data-test-id=canvas-wrapper]').waitFor({ timeout: 60_000 });
	await page.locator('[data-test-id=node-view-loader]').waitFor({ state: 'detached', timeout: 60_000 });
	return /\/workflow\/([^/?]+)/.exec(page.url())?.[1] ?? '';
}

/** Node creator: search `nodeName`, open it, click the action `actionName` (opens the node's panel). */
export async function addNodeAction(page: Page, nodeName: string, actionName: string): Promise<void> {
	await page.click('[data-test-id=node-creator-plus-button]');
	const search = page.locator('[data-test-id=node-creator-search-bar]');
	await search.waitFor();
	await search.fill(nodeName);
	await page.locator('[data-test-id=node-creator-item-name]', { hasText: new RegExp(`^${escapeRegExp(nodeName)}$`) }).first().click();
	await page.locator('[data-test-id=node-creator-action-item], [data-test-id=item-iterator-item]').filter({ hasText: actionName }).first().click();
	await ndv(page).waitFor();
}

export const ndv = (page: Page): Locator => page.locator('[data-test-id=ndv]');

/** Chooses `label` in the options parameter `param` of the open node panel (the nth such parameter). */
export async function pickOption(page: Page, param: string, label: string, nth = 0): Promise<void> {
	await ndv(page).locator(`[data-test-id=parameter-input-${param}] input`).nth(nth).click();
	const option = page
		.locator('.el-select-dropdown__item:visible')
		.filter({ has: page.locator('.option-headline').getByText(label, { exact: true }) })
		.first();
	await option.click();
	await page.locator('.el-select-dropdown__item:visible').first().waitFor({ state: 'hidden' }).catch(() => undefined);
}

/** Chooses the credential named `name` in the node panel's credential select. */
export async function pickCredential(page: Page, name: string): Promise<void> {
	await ndv(page).locator('[data-test-id=node-credentials-select]').click();
	await page.locator('[data-test-id^=node-credentials-select-item]:visible', { hasText: name }).first().click();
}

/** Opens the "From list" dropdown of a resource locator and picks the entry containing `text`. */
export async function pickFromList(page: Page, param: string, text: string): Promise<void> {
	await ndv(page).locator(`[data-test-id=resource-locator-${param}] [data-test-id=rlc-input]`).click();
	const item = page.locator('[data-test-id=rlc-item]:visible', { hasText: text }).first();
	await item.waitFor({ timeout: 20_000 });
	await item.click();
}

/** Opens a collection's "Add Field/Option" list (the n-th on the panel) and adds `label`. */
export async function addCollectionField(page: Page, nth: number, label: string): Promise<void> {
	await ndv(page).locator('[data-test-id=collection-parameter-add]').nth(nth).click();
	await page.locator('[data-test-id=collection-parameter-option]:visible').getByText(label, { exact: true }).first().click();
}

export async function fillParameter(page: Page, param: string, value: string, nth = 0): Promise<void> {
	const input = ndv(page).locator(`[data-test-id=parameter-input-${param}]`).nth(nth).locator('input, textarea, [contenteditable=true]').first();
	await input.click();
	await input.fill(value);
}

/**
 * Closes open dropdowns, hints and tooltips (a click on the empty output pane) and waits for their
 * fade-out, so screenshots show the panel itself.
 */
export async function settle(page: Page): Promise<void> {
	const pane = ndv(page).locator('[data-test-id=output-panel]');
	const box = (await pane.isVisible()) ? await pane.boundingBox().catch(() => null) : null;
	if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height - 40);
	else await page.mouse.click(5, 5);
	await page.waitForLoadState('networkidle').catch(() => undefined);
	await page.waitForTimeout(700);
}

/** Opens a resource locator's "From list" dropdown (listSearch) and waits for its entries. */
export async function openList(page: Page, param: string): Promise<Locator> {
	await ndv(page).locator(`[data-test-id=resource-locator-${param}] [data-test-id=rlc-input]`).click();
	const items = page.locator('[data-test-id=rlc-item]:visible');
	await items.first().waitFor({ timeout: 20_000 });
	return items;
}

export async function closeNdv(page: Page): Promise<void> {
	await ndv(page).locator('[data-test-id=ndv-close-button]').click();
	await ndv(page).waitFor({ state: 'hidden' });
}

export async function saveWorkflow(page: Page): Promise<void> {
	await page.keyboard.press('Control+s');
}

function escapeRegExp(s: string): string {
	return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One entry of the node creator's list: its title and description as shown. */
export interface CreatorItem {
	name: string;
	description: string;
}

/**
 * Opens the node creator (unless open), types `text` into its search and returns the nodes it
 * lists, in the order shown (n8n ranks them by its fuzzy score and popularity).
 */
export async function searchNodeCreator(page: Page, text: string): Promise<CreatorItem[]> {
	const search = page.locator('[data-test-id=node-creator-search-bar]');
	if (!(await search.isVisible())) await page.click('[data-test-id=node-creator-plus-button]');
	await search.waitFor();
	await search.fill('');
	await search.fill(text);
	await page.waitForTimeout(600); // the list re-renders after the debounced search
	const items = page.locator('[data-test-id=node-creator-node-item]:visible, [data-test-id=node-creator-action-item]:visible');
	const out: CreatorItem[] = [];
	for (let i = 0; i < (await items.count()); i++) {
		const item = items.nth(i);
		const name = ((await item.locator('[data-test-id=node-creator-item-name]').first().textContent()) ?? '').trim();
		const description = ((await item.locator('[data-test-id=node-creator-item-description]').first().textContent().catch(() => '')) ?? '').trim();
		out.push({ name, description });
	}
	return out;
}

/** The labels of the visible fields of the open node panel: credential fields first, then parameters. */
export async function panelLabels(page: Page): Promise<string[]> {
	await page.waitForTimeout(300);
	return ndv(page)
		.locator('[data-test-id=credentials-label] label:visible, [data-test-id=node-parameters] [data-test-id=input-label] label:visible, [data-test-id=node-parameters] .n8n-input-label label:visible')
		.evaluateAll((labels) =>
			[...new Set(labels)]
				// A label's text without the Fixed / Expression switch n8n puts beside it.
				.map((l) => (l.textContent ?? '').replace(/\s+/g, ' ').replace(/\s*Fixed\s*Expression$/, '').trim())
				.filter(Boolean),
		);
}
