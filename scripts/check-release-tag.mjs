#!/usr/bin/env node
// The publish workflow's guard: the pushed tag (v1.2.3) must name package.json's version, so a
// tag on the wrong commit, or a version bump forgotten, publishes nothing.
import fs from 'node:fs';

const tag = process.argv[2] ?? '';
const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
if (tag !== `v${version}`) {
	console.error(`check-release-tag: tag "${tag}" is not v${version}, package.json's version: not publishing`);
	process.exit(1);
}
console.log(`check-release-tag: ${tag} is package.json's version`);
