#!/usr/bin/env node
// npm's "version" script: after `npm version` has set package.json's version, write it into the
// User-Agent the nodes send (nodes/shared/transport/userAgent.ts), which npm then commits with the bump.
import fs from 'node:fs';

const file = new URL('../nodes/shared/transport/userAgent.ts', import.meta.url);
const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const source = fs.readFileSync(file, 'utf8');
const pattern = /export const PACKAGE_VERSION = '[^']*';/;
if (!pattern.test(source)) {
	console.error('sync-version: PACKAGE_VERSION not found in nodes/shared/transport/userAgent.ts');
	process.exit(1);
}
fs.writeFileSync(file, source.replace(pattern, `export const PACKAGE_VERSION = '${version}';`));
console.log(`sync-version: User-Agent names version ${version}`);
