/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The hostile upstream for real-n8n cases (test/e2e/cases/4x-hostile-*): started in a case's
 * setup (never keeping the runner alive), with an X OAuth 1.0a credential whose base URLs point
 * at one scenario. The keys are fixed strings, so a case can look for them in n8n's log and data.
 */
import type { CaseContext } from '../e2e/types';
import type { HostileServer } from './server';
import { startHostile } from './server';

export const HOSTILE_KEYS = {
	consumerKey: 'e2e-hostile-consumer-key-0001',
	consumerSecret: 'e2e-hostile-consumer-secret-0002',
	accessToken: '1234-e2e-hostile-access-token-0003',
	accessTokenSecret: 'e2e-hostile-token-secret-0004',
};

/** Values that must appear nowhere in n8n's log or the execution (the keys, and the OAuth signature's name with a value). */
export const HOSTILE_SECRETS = [...Object.values(HOSTILE_KEYS)];

export interface HostilePair {
	upstream: HostileServer;
	/** Another origin (another port): where redirects point. */
	target: HostileServer;
}

let pair: HostilePair | undefined;

/** Starts (once per runner) the two servers, clears their logs, and creates credential `alias` on `scenario`. */
export async function hostileSetup(ctx: CaseContext, alias: string, scenario: (p: HostilePair) => string): Promise<HostilePair> {
	pair ??= { upstream: await startHostile({ unref: true }), target: await startHostile({ unref: true }) };
	pair.upstream.clear();
	pair.target.clear();
	const base = `${pair.upstream.url}/${scenario(pair)}`;
	ctx.credentials[alias] = await ctx.client.createCredential({
		name: `hostile ${scenario(pair)}`.slice(0, 128),
		type: 'xOAuth1Api',
		data: { ...HOSTILE_KEYS, environment: 'production', apiBaseUrl: base, adsBaseUrl: base, adsSandboxBaseUrl: base },
	});
	return pair;
}

export function hostilePair(): HostilePair {
	if (!pair) throw new Error('the hostile servers were not started (setup did not run)');
	return pair;
}

/** Throws when a secret appears in the text (names the key, never the value). */
export function assertNoSecret(where: string, text: string): void {
	for (const [name, value] of Object.entries(HOSTILE_KEYS)) {
		if (text.includes(value)) throw new Error(`${where} holds the credential's ${name}`);
	}
}
