/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Smoke test of `npm run dev` (test/e2e/dev.ts), the way a newcomer uses it: start it in the
 * background on free ports with X's reference nowhere (the emulator runs on the facts recorded
 * from it), check that the preflight spoke first, wait for the banner, sign in through the REST API with the printed
 * login, list the imported example workflows and their credentials, run every example against
 * the emulator (the X Trigger one is activated and deactivated), then stop it with SIGINT and
 * check that it exits 0 and frees its ports.
 *
 *   npx ts-node --transpile-only test/e2e/dev-smoke.ts [--no-build] [--n8n <version>]
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { DEFAULT_N8N_VERSION, freePort, N8nClient, portIsFree, REPO_ROOT } from './n8n';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Examples that need the user's shop (README, Examples): imported, but not run under dev. */
const NEEDS_SHOP: Record<string, string> = {
	'catalog-mirror-from-csv.json': "the shop's CSV export URL",
	'catalog-mirror-from-items.json': 'a WooCommerce credential',
};

async function main(): Promise<number> {
	const argv = process.argv.slice(2);
	const version = argv.includes('--n8n') ? argv[argv.indexOf('--n8n') + 1] : (process.env.N8N_E2E_VERSION ?? DEFAULT_N8N_VERSION);
	const port = await freePort();
	let emulatorPort = await freePort();
	while (emulatorPort === port) emulatorPort = await freePort();
	const t0 = Date.now();
	const args = ['run', 'dev', '--', '--port', String(port), '--emulator-port', String(emulatorPort), '--n8n', version];
	if (argv.includes('--no-build')) args.push('--no-build');
	// No X reference anywhere: dev must not need X's docs.
	const noReference = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-smoke-no-reference-'));
	const child = spawn('npm', args, { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, X_REFERENCE_DIR: noReference } });
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	let exit: number | null | undefined;
	child.on('exit', (code) => (exit = code));
	const fail = (msg: string) => {
		console.log(`dev-smoke: FAIL ${msg}\n--- dev output ---\n${out.replace(/^npm warn.*\n/gm, '')}`);
		try {
			process.kill(-child.pid!, 'SIGKILL');
		} catch {
			/* gone */
		}
		return 1;
	};

	const deadline = Date.now() + 15 * 60_000; // first run provisions n8n
	while (!out.includes('Press Ctrl-C')) {
		if (exit !== undefined) return fail(`dev exited with ${exit} before it was ready`);
		if (Date.now() > deadline) return fail('not ready after 15 minutes');
		await sleep(250);
	}
	const readyMs = Date.now() - t0;
	// The preflight checks came first, before the build and the provisioning.
	const preflightAt = out.indexOf('preflight: ');
	if (preflightAt === -1 || preflightAt > out.indexOf('dev: ')) return fail('the preflight did not speak before dev started');
	if (out.includes("X's reference is not at")) return fail("dev asked for X's reference");
	const banner = out.slice(out.lastIndexOf('-'.repeat(72), out.indexOf('Press Ctrl-C')) - 0);
	console.log(out.slice(out.indexOf('-'.repeat(72)), out.indexOf('Press Ctrl-C')).trimEnd());
	void banner;
	const editor = /Editor:\s+(\S+)/.exec(out)?.[1]?.replace(/\/$/, '');
	const email = /Login:\s+(\S+)/.exec(out)?.[1];
	const password = /Password:\s+(\S+)/.exec(out)?.[1];
	if (!editor || !email || !password) return fail('the banner lacks the editor URL or the login');
	if (editor !== `http://127.0.0.1:${port}`) return fail(`editor URL ${editor}, expected port ${port}`);

	const client = new N8nClient(editor, version);
	await client.login(email, password);
	const workflows: any[] = await client.request('GET', '/rest/workflows');
	const credentials: any[] = await client.listCredentials();
	const examples = fs.readdirSync(path.join(REPO_ROOT, 'examples')).filter((f) => f.endsWith('.json'));
	const exampleNames = examples.map((f) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'examples', f), 'utf8')).name);
	console.log(`dev-smoke: ready in ${(readyMs / 1000).toFixed(1)} s; signed in as ${email}`);
	console.log(`dev-smoke: credentials: ${credentials.map((c) => `${c.name} [${c.type}]`).join('; ')}`);
	console.log(`dev-smoke: workflows: ${workflows.map((w) => w.name).join('; ')}`);
	for (const name of exampleNames) if (!workflows.some((w) => w.name === name)) return fail(`example "${name}" was not imported`);
	const credIds = new Set(credentials.map((c) => c.id));
	const shopNames = new Map(examples.map((f, i) => [exampleNames[i], NEEDS_SHOP[f]] as const).filter(([, why]) => why));
	for (const w of workflows) {
		const full = await client.getWorkflow(w.id);
		for (const n of full.nodes) {
			for (const [type, ref] of Object.entries((n.credentials ?? {}) as Record<string, { id: string }>)) {
				if (!credIds.has(ref.id) && !(shopNames.has(w.name) && !type.startsWith('x'))) return fail(`${w.name} / ${n.name}: ${type} points at ${ref.id}, not a created credential`);
			}
		}
	}
	// Every example works with one click: the trigger ones (X Trigger, MCP Server Trigger) activate (and deactivate), the others run.
	for (const w of workflows) {
		if (shopNames.has(w.name)) {
			console.log(`dev-smoke: not run, "${w.name}" needs ${shopNames.get(w.name)}`);
			continue;
		}
		const full = await client.getWorkflow(w.id);
		if (full.nodes.some((n: any) => /\.(xTrigger|mcpTrigger)$/.test(String(n.type)))) {
			try {
				await client.activateWorkflow(w.id, 60_000);
				await client.deactivateWorkflow(w.id);
			} catch (error) {
				return fail(`"${w.name}" did not activate: ${(error as Error).message}`);
			}
			console.log(`dev-smoke: activated and deactivated "${w.name}"`);
			continue;
		}
		const id = await client.runManually(w.id, full.nodes[0].name);
		const ex = await client.waitForExecution(id, 60_000);
		const xNode = full.nodes.find((n: any) => /^n8n-nodes-x-ads\./.test(String(n.type)))?.name ?? ex.lastNodeExecuted;
		const items = ex.output(xNode);
		if (ex.status !== 'success' || items.length === 0) return fail(`"${w.name}" run: ${ex.status} ${JSON.stringify(ex.error ?? items)}`);
		const failed = items.filter((i: any) => i.error || i.status === 'ERROR');
		if (failed.length) return fail(`"${w.name}" run: ${failed.length} failed items, e.g. ${JSON.stringify(failed[0])}`);
		console.log(`dev-smoke: ran "${w.name}": ${items.length} items from ${xNode}`);
	}

	const ts = Date.now();
	process.kill(-child.pid!, 'SIGINT');
	while (exit === undefined && Date.now() - ts < 30_000) await sleep(100);
	if (exit === undefined) return fail('still running 30 s after SIGINT');
	if (exit !== 0) return fail(`exited with ${exit} after SIGINT`);
	if (!(await portIsFree(port)) || !(await portIsFree(emulatorPort))) return fail('a port is still in use after stopping');
	console.log(`dev-smoke: stopped with SIGINT in ${((Date.now() - ts) / 1000).toFixed(1)} s, exit 0, ports free; total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
	fs.rmSync(noReference, { recursive: true, force: true });
	console.log('dev-smoke: OK');
	return 0;
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(`dev-smoke: ${(error as Error).stack}`);
		process.exit(1);
	},
);
