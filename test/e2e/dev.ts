/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * `npm run dev`: a real n8n with this package installed, wired to the X emulator, ready to click.
 *
 *   npm run dev                         # n8n on http://127.0.0.1:5678, emulator on :5680
 *   npm run dev -- --port 5700 --emulator-port 5701 --n8n 1.123.81 --no-build
 *
 * 1. builds the package (`npm run build`; with --no-build the existing dist/ is used),
 * 2. provisions n8n on first run (test/e2e/provision-n8n.sh, cached in .cache/n8n-<version>/),
 * 3. starts the X emulator (test/emulator) on a fixed port and n8n with the package installed the
 *    way Settings > Community nodes installs it (same as the e2e runner, see n8n.ts),
 * 4. creates the owner (login printed), credentials pointing at the emulator (X OAuth 1.0a
 *    production and sandbox, X OAuth 1.0a Connect, X App-Only) and imports every workflow in
 *    examples/ with its credentials pointed at the created ones and the IDs it leaves empty filled
 *    from the emulator's seed data (the trigger's loopback URL is accepted under dev),
 * 5. prints the editor URL and the login and runs until Ctrl-C, then stops n8n and the emulator.
 *
 * Everything is fresh on every start: n8n's user folder is temporary (workflows you build are gone
 * after Ctrl-C: download them first) and the emulator makes new keys and tokens each time.
 * n8n's log: .cache/dev/n8n.log.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { defaultCredentialData, readPackageInfo } from './fixtures';
import { DEFAULT_N8N_VERSION, OWNER, portIsFree, REPO_ROOT, startN8n, type CredentialRef, type N8nInstance, type WorkflowJson } from './n8n';
import type { Emulator } from './types';

interface Args {
	version: string;
	port: number;
	emulatorPort: number;
	build: boolean;
	examples: string;
}

function usage(): string {
	return 'usage: npm run dev -- [--port 5678] [--emulator-port 5680] [--n8n 2.41.1] [--no-build] [--examples <dir>]';
}

function parseArgs(argv: string[]): Args {
	const args: Args = {
		version: process.env.N8N_E2E_VERSION ?? DEFAULT_N8N_VERSION,
		port: Number(process.env.N8N_DEV_PORT ?? 5678),
		emulatorPort: Number(process.env.X_EMULATOR_PORT ?? 5680),
		build: true,
		examples: path.join(REPO_ROOT, 'examples'),
	};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const value = () => {
			const v = argv[++i];
			if (v === undefined) throw new Error(`${a} needs a value\n${usage()}`);
			return v;
		};
		if (a === '--port') args.port = Number(value());
		else if (a === '--emulator-port') args.emulatorPort = Number(value());
		else if (a === '--n8n') args.version = value();
		else if (a === '--no-build') args.build = false;
		else if (a === '--examples') args.examples = path.resolve(value());
		else if (a === '-h' || a === '--help') {
			console.log(usage());
			process.exit(0);
		} else throw new Error(`unknown option ${a}\n${usage()}`);
	}
	for (const [k, v] of [['--port', args.port], ['--emulator-port', args.emulatorPort]] as const) {
		if (!Number.isInteger(v) || v < 1 || v > 65535) throw new Error(`${k}: not a port number`);
	}
	if (args.port === args.emulatorPort) throw new Error('--port and --emulator-port must differ');
	return args;
}

const say = (m: string) => console.log(`dev: ${m}`);
const secs = (t: number) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

/** Credential types of the package -> the credential created for it (first one wins). */
type CredentialsByType = Record<string, CredentialRef>;

/**
 * Points every node credential of an exported workflow at the created credential of the same type
 * (examples carry placeholder ids such as "x-oauth1").
 */
export function rewireCredentials(wf: WorkflowJson, byType: CredentialsByType): { workflow: WorkflowJson; missing: string[] } {
	const missing = new Set<string>();
	const nodes = wf.nodes.map((node) => {
		if (!node.credentials) return node;
		const credentials: Record<string, unknown> = {};
		for (const [type, ref] of Object.entries(node.credentials as Record<string, unknown>)) {
			const created = byType[type];
			if (created) credentials[type] = { id: created.id, name: created.name };
			else {
				missing.add(type);
				credentials[type] = ref;
			}
		}
		return { ...node, credentials };
	});
	return { workflow: { ...wf, nodes }, missing: [...missing] };
}

/** IDs of the emulator's seed data that the examples leave empty (they are the user's own at X). */
interface SeededIds {
	account: string;
	catalog: string;
	customAudience: string;
	doNotReachList: string;
	userId: string;
	fundingInstrument: string;
	post: string;
	/** The X Pixel and its purchase event (the Conversions API example). */
	pixelId: string;
	eventId: string;
	lineItem: string;
	advertiser: string;
	/** Origin of the emulator's media host: sample image URLs of the examples point there. */
	mediaHost: string;
}

/** The examples' sample image URL prefix; under dev a 1200x628 PNG of the emulator's media host. */
export const SAMPLE_IMAGES = 'https://example.com/images/';

const SEEDED_PARAMETERS: Record<string, keyof SeededIds> = {
	account: 'account',
	catalog: 'catalog',
	customAudience: 'customAudience',
	customAudienceId: 'customAudience',
	doNotReachList: 'doNotReachList',
	doNotReachListId: 'doNotReachList',
	userId: 'userId',
	fundingInstrument: 'fundingInstrument',
	tweetIds: 'post',
	pixelId: 'pixelId',
	eventId: 'eventId',
	lineItem: 'lineItem',
	asUserId: 'advertiser',
};

/**
 * Under dev nobody is there to approve: a Wait node that waits for its resume URL (an approval
 * step) resumes after one second instead, and the banner says so.
 */
export function autoApprove(wf: WorkflowJson): { workflow: WorkflowJson; approvals: string[] } {
	const approvals: string[] = [];
	const nodes = wf.nodes.map((node) => {
		const parameters = node.parameters as Record<string, unknown> | undefined;
		if (node.type !== 'n8n-nodes-base.wait' || parameters?.resume !== 'webhook') return node;
		approvals.push(String(node.name));
		return { ...node, parameters: { resume: 'timeInterval', amount: 1, unit: 'seconds' } };
	});
	return { workflow: { ...wf, nodes }, approvals };
}

/**
 * Fills the parameters an example leaves empty (account, catalog, audience, the trigger's user)
 * with the emulator's seeded IDs, so every example runs, or activates, with one click under dev.
 */
export function fillSeededIds(wf: WorkflowJson, ids: SeededIds): WorkflowJson {
	const fill = (value: unknown, key?: string): unknown => {
		const seeded = key !== undefined && key in SEEDED_PARAMETERS ? ids[SEEDED_PARAMETERS[key]] : undefined;
		if (seeded !== undefined && value === '') return seeded;
		if (typeof value === 'string' && value.includes(SAMPLE_IMAGES)) return value.split(SAMPLE_IMAGES).join(`${ids.mediaHost}/media/png/250000/1200x628/`);
		if (Array.isArray(value)) return value.map((v) => fill(v));
		if (!value || typeof value !== 'object') return value;
		const object = value as Record<string, unknown>;
		// An empty resource locator: pick the seeded record by ID.
		if (seeded !== undefined && object.__rl === true && object.value === '') return { __rl: true, mode: 'id', value: seeded };
		return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, fill(v, k)]));
	};
	return { ...wf, nodes: wf.nodes.map((node) => ({ ...node, parameters: fill(node.parameters) as typeof node.parameters })) };
}

async function main(): Promise<void> {
	const args = parseArgs(process.argv.slice(2));
	const t0 = Date.now();
	const major = Number(process.versions.node.split('.')[0]);
	if (Number(args.version.split('.')[0]) >= 2 && major < 24) {
		throw new Error(`n8n ${args.version} needs Node 24; this is ${process.version}. Run: source scripts/node24.sh && npm run dev`);
	}
	for (const [what, port] of [['n8n', args.port], ['the emulator', args.emulatorPort]] as const) {
		if (!(await portIsFree(port))) throw new Error(`port ${port} for ${what} is in use (another \`npm run dev\`?); pick another with ${what === 'n8n' ? '--port' : '--emulator-port'}`);
	}

	if (args.build) {
		const t = Date.now();
		say('building the package (npm run build)');
		const r = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
		if (r.status !== 0) {
			const pkg = readPackageInfo(REPO_ROOT);
			if (!pkg.built) throw new Error(`npm run build failed and dist/ is incomplete:\n${r.stderr}`);
			say(`WARNING: npm run build exited with ${r.status}; using the files it emitted (${secs(t)}). Its errors:\n${r.stderr.trim().split('\n').slice(0, 15).join('\n')}`);
		} else say(`built in ${secs(t)}`);
	}
	const pkg = readPackageInfo(REPO_ROOT);
	if (!pkg.built) throw new Error(`the package is not built (missing ${pkg.missingFiles.join(', ')}); run npm run build`);

	{
		const t = Date.now();
		say(`provisioning n8n ${args.version} (first run: several minutes; cached in .cache/n8n-${args.version}/)`);
		const r = spawnSync('bash', [path.join(__dirname, 'provision-n8n.sh'), args.version], { stdio: ['ignore', 'ignore', 'inherit'] });
		if (r.status !== 0) throw new Error(`provisioning n8n ${args.version} failed`);
		say(`n8n ${args.version} ready (${secs(t)})`);
	}

	const { startEmulator } = require(path.join(REPO_ROOT, 'test', 'emulator'));
	const emulator = (await startEmulator({ port: args.emulatorPort })) as Emulator;
	say(`X emulator on ${emulator.urls.api.replace(/\/api$/, '')}`);
	// X registers webhooks only at public https URLs; under dev the emulator accepts n8n's loopback URL.
	emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
	const fixtures = emulator.control.fixtures().production;
	const seeded: SeededIds = {
		account: fixtures.accountId,
		catalog: fixtures.productCatalogId,
		customAudience: fixtures.customAudienceId,
		doNotReachList: fixtures.doNotReachListId,
		userId: emulator.users[0].userId,
		fundingInstrument: fixtures.fundingInstrumentIds[0],
		post: fixtures.postId,
		pixelId: emulator.control.statsFixtures().pixelId,
		eventId: emulator.control.statsFixtures().eventIds[0],
		lineItem: fixtures.lineItems.reach,
		advertiser: fixtures.advertiserUserId,
		mediaHost: emulator.urls.api.replace(/\/api$/, ''),
	};

	let n8n: N8nInstance | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log('');
		say('stopping n8n and the emulator');
		await n8n?.stop().catch((e) => console.error(`dev: stopping n8n: ${(e as Error).message}`));
		await emulator.close().catch(() => undefined);
		say('stopped');
		process.exit(code);
	};
	for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void stop(0));

	const logDir = path.join(REPO_ROOT, '.cache', 'dev');
	fs.mkdirSync(logDir, { recursive: true });
	const logFile = path.join(logDir, 'n8n.log');
	fs.rmSync(logFile, { force: true });
	say(`starting n8n ${args.version} with ${pkg.name} on port ${args.port} (log: ${path.relative(REPO_ROOT, logFile)})`);
	n8n = await startN8n({
		version: args.version,
		customExtensions: [REPO_ROOT],
		port: args.port,
		logFile,
		handleSignals: false,
		env: { N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info' },
	});
	const client = n8n.client;

	const created: Array<{ ref: CredentialRef; note: string }> = [];
	const create = async (name: string, type: string, data: Record<string, unknown>, note: string) => {
		const ref = await client.createCredential({ name, type, data });
		created.push({ ref, note });
		return ref;
	};
	// Created in this order on purpose: when a node accepts several credential types, the editor
	// pre-selects the most recently created matching credential, so the production one comes last.
	const byType: CredentialsByType = {};
	byType.xOAuth1ConnectApi = await create('X OAuth 1.0a Connect (emulator)', 'xOAuth1ConnectApi', defaultCredentialData('xOAuth1ConnectApi', emulator), 'app keys only: open it and press "Connect my account"');
	byType.xAppOnlyApi = await create('X App-Only (emulator)', 'xAppOnlyApi', defaultCredentialData('xAppOnlyApi', emulator), 'bearer token fetched on first use');
	await create('X OAuth 1.0a (emulator, sandbox)', 'xOAuth1Api', { ...defaultCredentialData('xOAuth1Api', emulator), environment: 'sandbox' }, 'same user, Ads sandbox');
	// The X Ads MCP server example's trigger asks MCP clients for this token (a new one each start).
	const mcpToken = `dev-${randomUUID()}`;
	byType.httpBearerAuth = await create('X Ads MCP token (dev)', 'httpBearerAuth', { token: mcpToken }, `MCP clients of examples/x-ads-mcp-server.json send "Authorization: Bearer ${mcpToken}" to ${n8n.baseUrl}/mcp/x-ads`);
	byType.xOAuth1Api = await create('X OAuth 1.0a (emulator, production)', 'xOAuth1Api', defaultCredentialData('xOAuth1Api', emulator), `access tokens of users[0] (@${emulator.users[0].screenName})`);

	const imported: string[] = [];
	const files = fs.existsSync(args.examples) ? fs.readdirSync(args.examples).filter((f) => f.endsWith('.json')).sort() : [];
	for (const f of files) {
		try {
			const raw = JSON.parse(fs.readFileSync(path.join(args.examples, f), 'utf8')) as WorkflowJson;
			const { workflow: approved, approvals } = autoApprove(fillSeededIds(raw, seeded));
			const { workflow, missing } = rewireCredentials(approved, byType);
			const saved = await client.importWorkflow({ ...workflow, name: workflow.name ?? f.replace(/\.json$/, '') });
			const notes = [missing.length ? `no credential created for ${missing.join(', ')}` : '', approvals.length ? `${approvals.join(', ')} approves itself after 1 s under dev` : ''].filter(Boolean);
			imported.push(`${saved.name}  ${n8n.baseUrl}/workflow/${saved.id}${notes.length ? `  (${notes.join('; ')})` : ''}`);
		} catch (error) {
			say(`WARNING: could not import examples/${f}: ${(error as Error).message.split('\n')[0]}`);
		}
	}

	const line = '-'.repeat(72);
	console.log(`\n${line}`);
	console.log(`n8n ${args.version} with ${pkg.name} is running (started in ${secs(t0)})\n`);
	console.log(`  Editor:    ${n8n.baseUrl}/`);
	console.log(`  Login:     ${OWNER.email}`);
	console.log(`  Password:  ${OWNER.password}\n`);
	console.log(`  X emulator (stands in for X; everything resets when dev stops):`);
	console.log(`    API       ${emulator.urls.api}`);
	console.log(`    Ads       ${emulator.urls.ads}`);
	console.log(`    Sandbox   ${emulator.urls.adsSandbox}`);
	console.log(`    Control   ${emulator.urls.control}  (GET /requests, POST /faults, POST /seed/accounts ...; see test/emulator/README.md)`);
	console.log(`    Seeded    account ${seeded.account}, catalog ${seeded.catalog}, custom audience ${seeded.customAudience}, do-not-reach list ${seeded.doNotReachList}`);
	console.log(`    Users     ${emulator.users.map((u) => `@${u.screenName} ${u.userId}`).join(', ')} (the examples use the first)`);
	console.log(`    Webhooks  loopback http URLs accepted (X itself needs a public https URL without a port)\n`);
	console.log('  Credentials:');
	for (const c of [...created].reverse()) console.log(`    ${c.ref.name}  [${c.ref.type}]  ${c.note}`);
	console.log(`\n  Workflows from examples/ (${imported.length}):`);
	for (const w of imported) console.log(`    ${w}`);
	console.log(`\n  n8n log: ${path.relative(REPO_ROOT, logFile)}`);
	console.log(`  Press Ctrl-C to stop n8n and the emulator.`);
	console.log(line);

	// Keep running; notice when n8n dies on its own.
	const watch = setInterval(() => {
		if (!n8n!.isRunning() && !stopping) {
			clearInterval(watch);
			console.error(`dev: n8n exited unexpectedly; last log lines:\n${n8n!.logText().split('\n').slice(-30).join('\n')}`);
			void stop(1);
		}
	}, 1000);
}

main().catch((error) => {
	console.error(`dev: ${(error as Error).message}`);
	process.exit(1);
});
