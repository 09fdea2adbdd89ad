/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * X's rule the strict way: n8n itself serves https on port 443 (N8N_PROTOCOL=https, N8N_SSL_KEY,
 * N8N_SSL_CERT, N8N_PORT=443, N8N_LISTEN_ADDRESS=<random 127.x.y.z>) with a self-signed certificate
 * made by openssl; WEBHOOK_URL is https://<host name>/ -- no port. The emulator keeps X's rule
 * (allowHttpLoopbackCallbacks stays off) and trusts only that certificate (trustedCaPem, no
 * allowSelfSignedCertificates), so registration, CRC, deliveries and the hourly check all go over
 * verified TLS to n8n's own https server.
 *
 * Why a host name and not the 127.x.y.z address: without the allowance the emulator refuses loopback,
 * private and local hosts as X does ("must be publicly reachable", test/emulator/routes/webhooks.ts,
 * callbackUrlProblem). So the case gives n8n a public-looking name under .test and, while it runs,
 * answers that one name with n8n's loopback address in this process's DNS lookups (node:dns lookup,
 * which the emulator's undici uses); the certificate names both (SAN DNS and IP).
 *
 * Runs on its own n8n (n8nVariant 'https443'): one extra start of ~15-20 s.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { portIsFree } from '../n8n';
import { deactivateTrigger, emu, expectExecutionCount, expectItems, expectStatuses, triggerCase, xSubscriptions, xWebhooks } from '../trigger';
import { triggerWorkflow } from '../workflows';

interface Tls {
	address: string;
	name: string;
	key: string;
	cert: string;
}
let tls: Tls | undefined;

function makeCertificate(address: string, name: string): { key: string; cert: string } {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-tls-'));
	try {
		execFileSync(
			'openssl',
			[
				'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
				'-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1',
				'-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name},IP:${address}`,
			],
			{ stdio: 'ignore' },
		);
		return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** A random loopback address with port 443 free (so parallel runs each get their own), its name and certificate. */
async function makeTls(): Promise<Tls> {
	for (let i = 0; i < 10; i++) {
		const address = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
		if (!(await portIsFree(443, address))) continue;
		const name = `n8n-${address.replace(/\./g, '-')}.x-trigger-e2e.test`;
		return { address, name, ...makeCertificate(address, name) };
	}
	throw new Error('no loopback address with port 443 free');
}

// The module object itself (an `import * as` namespace is a read-only copy): net/tls read its lookup.
const dns = require('node:dns') as typeof import('node:dns');
type Lookup = typeof dns.lookup;
/** Resolves `name` to `address` in this process (what /etc/hosts would do); returns the undo. */
function mapHostName(name: string, address: string): () => void {
	const original: Lookup = dns.lookup;
	const patched = function (hostname: string, options: unknown, callback?: unknown) {
		if (hostname.toLowerCase() !== name) return (original as any).call(dns, hostname, options, callback);
		const cb = (typeof options === 'function' ? options : callback) as (...a: unknown[]) => void;
		const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
		process.nextTick(() => (all ? cb(null, [{ address, family: 4 }]) : cb(null, address, 4)));
	};
	(dns as { lookup: unknown }).lookup = patched;
	return () => {
		if (dns.lookup === (patched as unknown)) (dns as { lookup: unknown }).lookup = original;
	};
}

const base = () => `https://${tls!.name}/`;

export default triggerCase({
	name: 'X Trigger: n8n serving https on 443 (self-signed, trusted by the emulator), no port, no loopback allowance',
	loopback: false,
	n8nVariant: {
		key: 'https443',
		options: async () => {
			tls ??= await makeTls();
			return { listenAddress: tls.address, port: 443, https: { key: tls.key, cert: tls.cert }, env: { WEBHOOK_URL: base() } };
		},
	},
	setup: (ctx) => {
		emu(ctx).setWebhookSettings({ trustedCaPem: tls!.cert });
	},
	timeoutMs: 90_000,
	check: async ({ ctx, control, uid, activate }) => {
		const settings = control.webhookSettings();
		if (settings.allowHttpLoopbackCallbacks || settings.allowSelfSignedCertificates) throw new Error(`the emulator must keep X's rule here: ${JSON.stringify(settings)}`);
		if (ctx.n8n.baseUrl !== `https://${tls!.address}`) throw new Error(`this case needs the https n8n on 443, got ${ctx.n8n.baseUrl}`);
		const unmap = mapHostName(tls!.name, tls!.address);
		try {
			const wf = triggerWorkflow(ctx, { subscriptions: { subscription: [{ userId: uid, eventTypes: ['profile.update.bio'], direction: 'none', keyword: '' }] } });
			const { workflow, url, xWebhook, activationMs } = await activate(wf, base());
			const workflowId = workflow.id;
			ctx.log(`activation ${activationMs} ms; registered ${url}`);
			const parsed = new URL(url);
			if (parsed.protocol !== 'https:' || parsed.port !== '' || /:\d+\//.test(url)) throw new Error(`the registered URL must be https without a port: ${url}`);
			const crc = control.crcAttempts();
			if (crc.length !== 1 || crc[0].trigger !== 'create' || !crc[0].ok || crc[0].url !== url) throw new Error(`expected one passing CRC over TLS: ${JSON.stringify(crc)}`);
			if (xSubscriptions(ctx).length !== 1) throw new Error(`one subscription expected: ${JSON.stringify(xSubscriptions(ctx))}`);

			// deliveries over verified TLS
			const batch = { for_user_id: uid, tweet_create_events: [{ id_str: '1850000000000000001' }, { id_str: '1850000000000000002' }] };
			expectStatuses(await control.deliverEvent(xWebhook.id, batch), [200], 'batch over https');
			const [first] = await expectExecutionCount(ctx, workflowId, 1, 'batch over https');
			expectItems(first, [{ event_type: 'post.create', event_id: '1850000000000000001', for_user_id: uid }, { event_type: 'post.create', event_id: '1850000000000000002', for_user_id: uid }], 'batch over https');
			expectStatuses(await control.deliverEvent(xWebhook.id, { for_user_id: uid, tweet_create_events: [{ id_str: '1850000000000000003' }] }, { tamper: true }), [401], 'tampered over https');
			const emitted = await control.emitActivity(uid, 'profile.update.bio', { before: 'a', after: 'over https' });
			if (emitted.length !== 1) throw new Error(`the subscription should deliver: ${JSON.stringify(emitted)}`);
			expectStatuses(emitted[0].results, [200], 'activity over https');
			await expectExecutionCount(ctx, workflowId, 2, 'activity over https', 800);

			// the hourly check passes while the emulator trusts n8n's certificate ...
			const hourly = await control.runHourlyCrcCheck();
			if (hourly.length !== 1 || !hourly[0].ok || !hourly[0].valid) throw new Error(`hourly CRC check over https should pass: ${JSON.stringify(hourly)}`);
			// ... and fails when it does not: the TLS verification is real
			control.setWebhookSettings({ trustedCaPem: null });
			const untrusted = await control.runHourlyCrcCheck();
			if (untrusted.length !== 1 || untrusted[0].ok || untrusted[0].valid || !/certificate/i.test(String(untrusted[0].reason))) {
				throw new Error(`without trusting n8n's certificate the CRC check must fail on TLS: ${JSON.stringify(untrusted)}`);
			}
			control.setWebhookSettings({ trustedCaPem: tls!.cert });

			await deactivateTrigger(ctx, workflowId, () => xWebhooks(ctx).length === 0 && xSubscriptions(ctx).length === 0);
			await expectExecutionCount(ctx, workflowId, 2, 'after deactivation');
		} finally {
			unmap();
		}
	},
});
