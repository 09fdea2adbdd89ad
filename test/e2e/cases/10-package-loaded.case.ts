/**
 * n8n loads this package: every node and credential type declared in package.json "n8n" (names read
 * from the built classes) is listed by n8n, the nodes' credential references resolve, and the n8n log
 * has no load error for the package. Skipped when dist/ is missing (run `npm run build`).
 */
import { findLoadErrors } from '../n8n';
import { defineCase } from '../types';

export default defineCase({
	name: 'package: n8n lists its node and credential types, no load error',
	needs: ['package'],
	check: async ({ n8n, client, pkg }) => {
		const problems: string[] = pkg.requireErrors.map((e) => `cannot load a built file: ${e}`);
		const installed = n8n.packages.find((p) => p.name === pkg.name);
		if (!installed) problems.push(`${pkg.name} was not installed into n8n`);

		const loadErrors = findLoadErrors(n8n.logText(), pkg.name);
		if (loadErrors.length) problems.push(`load errors in the n8n log:\n    ${loadErrors.join('\n    ')}`);

		const nodeTypes = await client.nodeTypes();
		const credentialTypes = new Set((await client.credentialTypes()).map((c) => c.name));
		const known = new Map(nodeTypes.map((n) => [n.name, n]));
		if (pkg.nodeTypes.length === 0) problems.push('no node classes found in the built files listed in package.json');
		for (const type of [...pkg.nodeTypes, ...pkg.toolNodeTypes]) {
			const desc = known.get(type);
			if (!desc) {
				problems.push(`node type ${type} is not listed by n8n (/types/nodes.json)`);
				continue;
			}
			for (const c of desc.credentials ?? []) {
				if (!credentialTypes.has(c.name)) problems.push(`node ${type} uses credential type ${c.name}, unknown to n8n`);
			}
		}
		const extra = nodeTypes.filter((n) => n.name.startsWith(`${pkg.name}.`) && !pkg.nodeTypes.includes(n.name) && !pkg.toolNodeTypes.includes(n.name));
		if (extra.length) problems.push(`n8n lists node types not in package.json: ${extra.map((n) => n.name).join(', ')}`);
		for (const type of pkg.credentialTypes) {
			if (!credentialTypes.has(type)) problems.push(`credential type ${type} is not listed by n8n (/types/credentials.json)`);
		}
		if (problems.length) throw new Error(problems.join('\n'));
	},
});
