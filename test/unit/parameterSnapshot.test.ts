/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Saved workflows store parameters by name, and n8n leaves out values equal to the default. So a
 * renamed or retyped parameter, or a new default, silently changes what a saved workflow does.
 * parameters.snapshot.json records every parameter of the four nodes (node, version, resource,
 * operation, name, type, default); this test fails when one of them would change. Such a change
 * needs a new node version (n8n's versioned node pattern) instead.
 *
 * New parameters fail too, until recorded: UPDATE_PARAMETER_SNAPSHOT=1 npx jest parameterSnapshot
 * adds them (and only them: removing an entry is a deliberate edit of the JSON file).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { XAds } from '../../nodes/XAds/XAds.node';
import { XOAuth } from '../../nodes/XOAuth/XOAuth.node';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { XWebhooks } from '../../nodes/XWebhooks/XWebhooks.node';

const SNAPSHOT = join(__dirname, 'parameters.snapshot.json');

type Snapshot = Record<string, { type: string; default: string }>;

/** The resource/operation pairs a parameter is shown for ("*" when it does not depend on one). */
function shownFor(property: INodeProperties): Array<[string, string]> {
	const values = (key: 'resource' | 'operation') => {
		const shown = property.displayOptions?.show?.[key];
		return Array.isArray(shown) ? shown.map(String) : ['*'];
	};
	return values('resource').flatMap((resource) => values('operation').map((operation) => [resource, operation] as [string, string]));
}

/** Whether a parameter exists in node version `version` (its displayOptions' @version, if any). */
function inVersion(property: INodeProperties, version: number): boolean {
	const wanted = property.displayOptions?.show?.['@version'];
	if (!wanted) return true;
	return wanted.some((w) => {
		if (typeof w === 'number') return w === version;
		const condition = (w as { _cnd?: { eq?: number; gte?: number; lte?: number } })._cnd ?? {};
		return (condition.eq ?? version) === version && version >= (condition.gte ?? -Infinity) && version <= (condition.lte ?? Infinity);
	});
}

/**
 * One entry per node version, parameter and operation it is shown for (a definition shared by
 * several operations is one entry for each: what a saved workflow of each operation sees), nested
 * collection options under their collection's name.
 */
function parameters(node: INodeType): Snapshot {
	const { name, version } = node.description;
	const out: Snapshot = {};
	for (const v of Array.isArray(version) ? version : [version]) {
		const add = (property: INodeProperties, prefix: string, resource: string, operation: string) => {
			const key = `${name}@${v} ${resource}/${operation} ${prefix}${property.name}`;
			out[key] = { type: property.type, default: JSON.stringify(property.default) };
			for (const option of property.options ?? []) {
				if ('type' in option) add(option as INodeProperties, `${prefix}${property.name}.`, resource, operation);
				if ('values' in option) {
					for (const value of (option as { values: INodeProperties[] }).values) {
						add(value, `${prefix}${property.name}.${(option as { name: string }).name}.`, resource, operation);
					}
				}
			}
		};
		for (const property of node.description.properties.filter((p) => inVersion(p, v))) {
			for (const [resource, operation] of shownFor(property)) add(property, '', resource, operation);
		}
	}
	return out;
}

/** The same parameter in the node's first version (a later version records only what differs from it). */
function firstVersionKey(key: string): string {
	return key.replace(/^(\S+)@[\d.]+ /, (_, node: string) => `${node}@${firstVersions[node]} `);
}

const nodes = [new XAds(), new XWebhooks(), new XOAuth(), new XTrigger()] as INodeType[];
const firstVersions: Record<string, number> = Object.fromEntries(
	nodes.map((n) => [n.description.name, Math.min(...[n.description.version].flat())]),
);
const current: Snapshot = Object.assign({}, ...nodes.map((node) => parameters(node)));

describe('parameters of saved workflows stay stable', () => {
	const recorded = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Snapshot;
	const same = (a?: { type: string; default: string }, b?: { type: string; default: string }) => !!a && !!b && a.type === b.type && a.default === b.default;

	test('no recorded parameter is renamed, retyped or given another default', () => {
		const changed = Object.entries(recorded)
			.filter(([key, was]) => !same(current[key], was))
			.map(([key, was]) =>
				current[key]
					? `${key}: was ${was.type} = ${was.default}, now ${current[key].type} = ${current[key].default}`
					: `${key}: gone (renamed or removed)`,
			);
		expect(changed).toEqual([]);
	});

	test('every parameter is recorded (a later version: where it differs from the first)', () => {
		const added = Object.keys(current).filter((key) => !(key in recorded) && !same(current[key], recorded[firstVersionKey(key)]));
		if (added.length && process.env.UPDATE_PARAMETER_SNAPSHOT) {
			const merged = { ...recorded };
			for (const key of added) merged[key] = current[key];
			const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
			writeFileSync(SNAPSHOT, JSON.stringify(sorted, null, '\t') + '\n');
			return;
		}
		expect(added).toEqual([]);
	});
});
