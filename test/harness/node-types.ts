/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * INodeTypes implementation for the harness (what n8n's NodeTypes / LoadNodesAndCredentials
 * provide in the real app).
 *
 * Like n8n's package loader, a community node is known under `<package name>.<description.name>`
 * (e.g. `n8n-nodes-x-ads.xAds`); for convenience it is also reachable by its bare description
 * name. The registered object is a thin view of the node: it carries a description whose `name`
 * is the type name it was looked up by (n8n's loader rewrites it the same way), and its
 * `execute` records the error it throws (if any) so that the harness can hand the original
 * error instance back to the test - the engine itself only keeps a spread copy of it.
 * Everything else (methods, execute behaviour, `this` binding) is the node's own.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers, UnexpectedError, VersionedNodeType } from 'n8n-workflow';

import { currentScope } from './runtime';

export type NodeTypeInput = INodeType | IVersionedNodeType | (new () => INodeType | IVersionedNodeType);

function isVersioned(type: INodeType | IVersionedNodeType): type is IVersionedNodeType {
	return 'nodeVersions' in type;
}

function instantiate(input: NodeTypeInput): INodeType | IVersionedNodeType {
	return typeof input === 'function' ? new input() : input;
}

function withExecuteCapture(nodeType: INodeType, typeName: string): INodeType {
	const view = Object.create(nodeType) as INodeType;
	view.description = { ...nodeType.description, name: typeName };
	const original = nodeType.execute;
	if (typeof original === 'function') {
		view.execute = async function (this: IExecuteFunctions, ...args: unknown[]) {
			try {
				return await (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
			} catch (error) {
				currentScope()?.nodeErrors.set(this.getNode().name, error);
				throw error;
			}
		} as INodeType['execute'];
	}
	return view;
}

function viewOf(type: INodeType | IVersionedNodeType, typeName: string): INodeType | IVersionedNodeType {
	if (!isVersioned(type)) return withExecuteCapture(type, typeName);
	const versions: IVersionedNodeType['nodeVersions'] = {};
	for (const [version, nodeType] of Object.entries(type.nodeVersions)) {
		versions[Number(version)] = withExecuteCapture(nodeType, typeName);
	}
	return new VersionedNodeType(versions, { ...type.description, name: typeName });
}

export function latestVersion(type: INodeType | IVersionedNodeType): number {
	if (isVersioned(type)) return type.currentVersion;
	const { version, defaultVersion } = type.description as INodeTypeDescription;
	if (defaultVersion !== undefined) return defaultVersion;
	return Array.isArray(version) ? Math.max(...version) : version;
}

export class HarnessNodeTypes implements INodeTypes {
	private readonly byName = new Map<string, INodeType | IVersionedNodeType>();

	/** Registers under `fullName` and (if different and free) under the bare name. */
	register(input: NodeTypeInput, packageName?: string) {
		const type = instantiate(input);
		const bare = type.description.name;
		const full = packageName && !bare.includes('.') ? `${packageName}.${bare}` : bare;
		this.byName.set(full, viewOf(type, full));
		if (full !== bare && !this.byName.has(bare)) this.byName.set(bare, viewOf(type, bare));
		return full;
	}

	has(name: string) {
		return this.byName.has(name);
	}

	names() {
		return [...this.byName.keys()];
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.byName.get(nodeType);
		if (!type) {
			throw new UnexpectedError(`Unknown node type "${nodeType}" (known: ${this.names().join(', ')})`);
		}
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		const known: IDataObject = {};
		for (const name of this.byName.keys()) known[name] = { className: name, sourcePath: '' };
		return known;
	}
}
