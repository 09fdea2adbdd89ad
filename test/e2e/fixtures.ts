/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Shared e2e fixtures: default credential data pointing at the X emulator, and what this package
 * declares (read from package.json "n8n" and the built classes in dist/).
 */
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';

import type { Emulator, PackageInfo } from './types';

/**
 * Credential data for the package's credential types, wired to the emulator. Field names follow
 * credentials/*.credentials.ts; keep them in sync when a credential changes.
 */
export function defaultCredentialData(type: string, emu: Emulator | undefined, userIndex = 0): Record<string, unknown> {
	if (!emu) throw new Error(`credential ${type}: the X emulator is not running (test/emulator)`);
	const user = emu.users[userIndex];
	if (!user) throw new Error(`credential ${type}: the emulator has no user #${userIndex}`);
	const bases = {
		apiBaseUrl: emu.urls.api,
		adsBaseUrl: emu.urls.ads,
		adsSandboxBaseUrl: emu.urls.adsSandbox,
		environment: 'production',
	};
	switch (type) {
		case 'xOAuth1Api':
			return {
				consumerKey: emu.app.consumerKey,
				consumerSecret: emu.app.consumerSecret,
				accessToken: user.accessToken,
				accessTokenSecret: user.accessTokenSecret,
				...bases,
			};
		case 'xOAuth1ConnectApi':
			// The token pair normally comes from n8n's OAuth 1.0a "Connect" flow (oauthTokenData).
			return {
				consumerKey: emu.app.consumerKey,
				consumerSecret: emu.app.consumerSecret,
				...bases,
			};
		case 'xAppOnlyApi':
			return {
				apiKey: emu.app.consumerKey,
				apiKeySecret: emu.app.consumerSecret,
				bearerToken: '',
				apiBaseUrl: emu.urls.api,
			};
		default:
			throw new Error(`no default data for credential type ${type}; give "data" in the case`);
	}
}

/** Reads package.json's "n8n" section and, when built, the type names from the dist classes. */
export function readPackageInfo(dir: string): PackageInfo {
	const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
	const nodeFiles: string[] = pkg.n8n?.nodes ?? [];
	const credentialFiles: string[] = pkg.n8n?.credentials ?? [];
	const missingFiles = [...nodeFiles, ...credentialFiles].filter((f) => !fs.existsSync(path.join(dir, f)));
	const info: PackageInfo = { name: pkg.name, dir, built: missingFiles.length === 0, missingFiles, nodeTypes: [], credentialTypes: [], requireErrors: [], toolNodeTypes: [] };
	if (!info.built) return info;
	// The built files need n8n-workflow (a peer dependency): resolve it from this repository
	// (devDependency) even when the package under test lives elsewhere (N8N_E2E_PACKAGE_DIR).
	const extra = path.join(__dirname, '..', '..', 'node_modules');
	if (!(process.env.NODE_PATH ?? '').split(path.delimiter).includes(extra)) {
		process.env.NODE_PATH = [process.env.NODE_PATH, extra].filter(Boolean).join(path.delimiter);
		(Module as unknown as { _initPaths(): void })._initPaths();
	}
	const instances = (file: string): any[] => {
		let mod: Record<string, unknown>;
		try {
			mod = require(path.join(dir, file));
		} catch (error) {
			info.requireErrors.push(`${file}: ${(error as Error).message.split('\n')[0]}`);
			return [];
		}
		return Object.values(mod)
			.filter((v): v is new () => any => typeof v === 'function')
			.map((Cls) => {
				try {
					return new Cls();
				} catch {
					return undefined;
				}
			})
			.filter(Boolean);
	};
	for (const f of nodeFiles) {
		for (const node of instances(f)) {
			const description = node.description ?? node.nodeVersions?.[node.currentVersion]?.description;
			if (!description?.name) continue;
			info.nodeTypes.push(`${pkg.name}.${description.name}`);
			// n8n adds an AI-agent tool variant '<type>Tool' for nodes marked usableAsTool.
			if (description.usableAsTool) info.toolNodeTypes.push(`${pkg.name}.${description.name}Tool`);
		}
	}
	for (const f of credentialFiles) {
		for (const cred of instances(f)) if (typeof cred.name === 'string') info.credentialTypes.push(cred.name);
	}
	return info;
}
