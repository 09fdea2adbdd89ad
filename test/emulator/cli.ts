/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Runs the X emulator as its own process (npm run emulator). Port: --port N, EMULATOR_PORT, or 0.
 * Prints the base URLs, app keys and users[0]'s tokens, then one JSON line for scripts to parse.
 */
import { startEmulator } from './index';

function argValue(name: string): string | undefined {
	const args = process.argv.slice(2);
	for (let i = 0; i < args.length; i++) {
		if (args[i] === `--${name}`) return args[i + 1];
		if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3);
	}
	return undefined;
}

async function main(): Promise<void> {
	const portText = argValue('port') ?? process.env.EMULATOR_PORT ?? '0';
	const port = Number(portText);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${portText}`);
	const latencyText = argValue('latency') ?? process.env.EMULATOR_LATENCY_MS;
	const emulator = await startEmulator({
		port,
		host: argValue('host') ?? process.env.EMULATOR_HOST ?? '127.0.0.1',
		latencyMs: latencyText ? Number(latencyText) : 0,
	});
	// Signal handlers before the banner: whoever waits for the banner may stop us the moment it reads it.
	let closing = false;
	const shutdown = (signal: string) => {
		if (closing) return;
		closing = true;
		console.log(`received ${signal}, shutting down`);
		emulator.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => shutdown('SIGINT'));
	process.on('SIGTERM', () => shutdown('SIGTERM'));
	const user = emulator.users[0];
	const rows: Array<[string, string]> = [
		['base_url (api.x.com)', emulator.urls.api],
		['ads_url (ads-api.x.com)', emulator.urls.ads],
		['ads_sandbox_url (ads-api-sandbox.x.com)', emulator.urls.adsSandbox],
		['control', emulator.urls.control],
		['API key (consumer key)', emulator.app.consumerKey],
		['API key secret (consumer secret)', emulator.app.consumerSecret],
		[`access token (users[0] @${user.screenName})`, user.accessToken],
		['access token secret', user.accessTokenSecret],
	];
	const width = Math.max(...rows.map(([label]) => label.length)) + 2;
	const lines = [`X emulator listening on port ${emulator.port}`, ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`)];
	console.log(lines.join('\n'));
	console.log(
		JSON.stringify({
			emulator: {
				port: emulator.port,
				urls: emulator.urls,
				app: emulator.app,
				user: emulator.users[0],
				users: emulator.users,
				fixtures: emulator.control.fixtures(),
			},
		}),
	);

}

main().catch((err) => {
	console.error(err);
	process.exit(1);
});
