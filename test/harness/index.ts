/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Engine-level test harness: runs workflows (nodes + connections) through n8n-core's real
 * execution engine (WorkflowExecute), with a credentials helper that applies credential types'
 * `authenticate` / `preAuthentication` the way n8n does. See README.md in this folder.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
	CredentialTestContext,
	ExecuteContext,
	ExecutionLifecycleHooks,
	ExternalSecretsProxy,
	LoadOptionsContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunction,
	ICredentialTestFunctions,
	ICredentialTestRequest,
	ICredentialType,
	ICredentialsDecrypted,
	IConnections,
	IDataObject,
	IExecuteData,
	ILoadOptionsFunctions,
	INode,
	INodeCredentials,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	INodeTypes,
	IRun,
	ITaskData,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	IWorkflowSettings,
	WebhookType,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { UnexpectedError, Workflow, createRunExecutionData } from 'n8n-workflow';

import { HarnessCredentialTypes } from './credential-types';
import { CredentialStore, HarnessCredentialsHelper } from './credentials-helper';
import { ITEMS_NODE_TYPE, TestItems } from './items-node';
import { HarnessNodeTypes, latestVersion } from './node-types';
import type { LogEntry, OperationScope } from './runtime';
import { recordLine, recording } from './recording';
import { inScope, installRuntime, newScope } from './runtime';
import type {
	ActivationResult,
	DeactivationResult,
	ServeOptions,
	ServedWebhooks,
	StartedTrigger,
	TriggerTarget,
	WebhookCallResult,
	WebhookRequestInput,
} from './webhooks';
import { WebhookRuntime } from './webhooks';

export { ITEMS_NODE_TYPE, TestItems } from './items-node';
export { OAuth1ApiBase } from './credential-types';
export type { LogEntry } from './runtime';
export type {
	ActivationResult,
	DeactivationResult,
	RecordedResponse,
	ServeOptions,
	ServedWebhooks,
	StartedTrigger,
	TriggerTarget,
	TriggerWorkflow,
	WebhookCallResult,
	WebhookExecution,
	WebhookRequestInput,
} from './webhooks';

export interface HarnessOptions {
	/** Our nodes (classes or instances; versioned node types are supported too). */
	nodeTypes: Array<INodeType | IVersionedNodeType | (new () => INodeType | IVersionedNodeType)>;
	credentialTypes: Array<ICredentialType | (new () => ICredentialType)>;
	/** Initial credential data per credential type (one credential per type, id = name = type name). */
	credentials?: Record<string, IDataObject>;
	/** Package prefix of node type names (default: "name" from the repository's package.json). */
	packageName?: string;
	/** Execution mode for `run` (default 'manual', like running from the editor). */
	mode?: WorkflowExecuteMode;
	/** n8n's WEBHOOK_URL + "/webhook": base of production webhook URLs (default http://127.0.0.1:5678/webhook). */
	webhookBaseUrl?: string;
	/** Static data per workflow id to start from (what n8n's database holds, e.g. after a restart). */
	staticData?: Record<string, IDataObject>;
}

/** A workflow node; id, typeVersion (latest) and position are filled in when missing. */
export type HarnessNode = Partial<INode> & { name: string; type: string; parameters?: INodeParameters };

export interface HarnessWorkflow {
	/** Static data persists between runs of the same id (default: an id per workflow object). */
	id?: string;
	name?: string;
	nodes: HarnessNode[];
	connections: IConnections;
	/** Initial static data (overrides what previous runs of this id left behind). */
	staticData?: IDataObject;
	settings?: IWorkflowSettings;
	/** Node to start from (default: the 'test.items' node, else n8n's own start-node choice). */
	startNode?: string;
}

export interface WorkflowResult {
	run: IRun;
	/** Main output 0 of that node's last run (default: the last node that ran). */
	output(nodeName?: string): INodeExecutionData[];
	/** The workflow-level error if the run failed; the original error instance when available. */
	error?: Error;
	/** All task data (runs) of a node. */
	taskData(nodeName: string): ITaskData[];
	/** Names of nodes in the order they finished. */
	executionOrder: string[];
	workflowId: string;
}

export interface ListSearchOptions {
	/** Parameter path the method is called for (affects '&sibling' lookups), default 'parameters'. */
	path?: string;
	version?: number;
}

const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

function readPackageName(): string | undefined {
	try {
		const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { name?: string };
		return pkg.name;
	} catch {
		return undefined;
	}
}

let executionCounter = 0;

/** n8n-nodes-base's NoOp as far as the credential test needs it (its name is what n8n checks). */
const NOOP_NODE_TYPE: INodeType = {
	description: {
		displayName: 'No Operation, do nothing',
		name: 'n8n-nodes-base.noOp',
		group: ['organization'],
		version: 1,
		description: 'No Operation',
		defaults: { name: 'No Operation, do nothing' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	},
} as unknown as INodeType;

export class EngineHarness {
	/** Everything logged through this.logger in nodes, LoggerProxy and the engine. */
	logs: LogEntry[] = [];

	readonly nodeTypes = new HarnessNodeTypes();

	readonly credentialTypes: HarnessCredentialTypes;

	readonly credentialsHelper: HarnessCredentialsHelper;

	private readonly store = new CredentialStore();

	private readonly staticDataById = new Map<string, IDataObject>();

	private readonly workflowIds = new WeakMap<object, string>();

	private readonly mode: WorkflowExecuteMode;

	/** Base of production webhook URLs (getNodeWebhookUrl); serveWebhooks points it at its server. */
	webhookBaseUrl: string;

	private readonly webhooks: WebhookRuntime;

	constructor(options: HarnessOptions) {
		installRuntime(this);
		const packageName = options.packageName ?? readPackageName();
		this.mode = options.mode ?? 'manual';
		this.nodeTypes.register(TestItems);
		for (const nodeType of options.nodeTypes) this.nodeTypes.register(nodeType, packageName);

		this.credentialTypes = new HarnessCredentialTypes(() =>
			this.nodeTypes.names().map((name) => [name, this.nodeTypes.getByName(name)]),
		);
		for (const credentialType of options.credentialTypes) this.credentialTypes.register(credentialType);
		this.credentialTypes.completeBaseTypes();
		this.credentialsHelper = new HarnessCredentialsHelper(this.credentialTypes, this.store);

		for (const [type, data] of Object.entries(options.credentials ?? {})) this.setCredentialData(type, data);

		this.webhookBaseUrl = (options.webhookBaseUrl ?? 'http://127.0.0.1:5678/webhook').replace(/\/+$/, '');
		for (const [id, data] of Object.entries(options.staticData ?? {})) this.setWorkflowStaticData(id, data);
		const harness = this;
		this.webhooks = new WebhookRuntime({
			get logs() {
				return harness.logs;
			},
			nodeTypes: this.nodeTypes,
			prepareNode: (node) => this.prepareNode(node),
			idFor: (target) => this.idFor(target),
			loadStaticData: (id) => clone(this.staticDataById.get(id) ?? {}),
			saveStaticData: (id, data) => this.staticDataById.set(id, clone(data)),
			createAdditionalData: (extra) => this.createAdditionalData(extra),
			setWebhookBaseUrl: (url) => {
				this.webhookBaseUrl = url.replace(/\/+$/, '');
			},
			nextExecutionId: () => String(++executionCounter),
		});
	}

	// ---------------------------------------------------------------- credentials

	/** Current stored data of the credential of this type (includes preAuthentication updates). */
	credentialData(type: string): IDataObject {
		const row = this.store.get(type);
		if (!row) throw new UnexpectedError(`No credential of type "${type}" is stored in the harness`);
		return row.data as IDataObject;
	}

	setCredentialData(type: string, data: IDataObject): void {
		this.credentialTypes.getByName(type); // must be known
		this.store.set({ id: type, name: type, type, data: clone(data) as ICredentialDataDecryptedObject });
	}

	/** Static data a workflow id has accumulated (what n8n would save with the workflow). */
	workflowStaticData(workflowId: string): IDataObject | undefined {
		return clone(this.staticDataById.get(workflowId));
	}

	/** Replaces a workflow's saved static data (like editing n8n's database). */
	setWorkflowStaticData(workflowId: string, data: IDataObject): void {
		this.staticDataById.set(workflowId, clone(data));
	}

	// ---------------------------------------------------------------- triggers and webhooks

	/**
	 * Activates a webhook node like n8n's ActiveWorkflowManager: for each of its webhooks
	 * checkExists, then create if that returned false (n8n-core's HookContext, mode 'trigger').
	 * Static data changed by them is saved per workflow id. On an error the webhooks are cleared
	 * (delete, on the static data saved before) and the error is rethrown.
	 */
	async activate(target: TriggerTarget, activation: 'activate' | 'update' | 'init' = 'activate'): Promise<ActivationResult> {
		return await this.webhooks.activate(target, activation);
	}

	/** Runs the node's trigger() (n8n-core's TriggerContext); emits are collected, close() ends it. */
	async startTrigger(target: TriggerTarget, activation: 'activate' | 'update' | 'init' | 'manual' = 'activate'): Promise<StartedTrigger> {
		return await this.webhooks.startTrigger(target, activation);
	}

	/** Deactivates like n8n: delete for each webhook on the saved static data; errors are returned, not thrown. */
	async deactivate(target: TriggerTarget): Promise<DeactivationResult> {
		return await this.webhooks.deactivate(target);
	}

	/** The production URL the node sees for one of its webhooks (n8n-core's getNodeWebhookUrl). */
	webhookUrl(target: TriggerTarget, name: WebhookType = 'default'): string {
		return this.webhooks.webhookUrl(target, name);
	}

	/**
	 * Calls the node's webhook() with n8n-core's WebhookContext and an express-like request and
	 * response; returned workflowData runs through the engine with the trigger node as the start.
	 */
	async callWebhook(target: TriggerTarget, request: WebhookRequestInput = {}): Promise<WebhookCallResult> {
		return await this.webhooks.callWebhook(target, request);
	}

	/**
	 * Serves the node's registered webhooks over real HTTP on 127.0.0.1 (port 0) and, unless
	 * told otherwise, points webhookBaseUrl at it.
	 */
	async serveWebhooks(target: TriggerTarget, options: ServeOptions = {}): Promise<ServedWebhooks> {
		return await this.webhooks.serve(target, options);
	}

	// ---------------------------------------------------------------- execution

	async run(input: HarnessWorkflow): Promise<WorkflowResult> {
		const workflowId = input.id ?? this.idFor(input);
		const nodes = input.nodes.map((node) => this.prepareNode(node));
		const staticData = clone(input.staticData ?? this.staticDataById.get(workflowId) ?? {});
		const settings: IWorkflowSettings = { executionOrder: 'v1', ...(input.settings ?? {}) };
		const workflow = new Workflow({
			id: workflowId,
			name: input.name ?? workflowId,
			nodes,
			connections: clone(input.connections),
			active: false,
			nodeTypes: this.nodeTypes,
			staticData,
			settings,
		});

		const executionId = String(++executionCounter);
		const workflowData = {
			id: workflowId,
			name: workflow.name ?? workflowId,
			active: false,
			isArchived: false,
			activeVersionId: null,
			createdAt: new Date(),
			updatedAt: new Date(),
			nodes,
			connections: input.connections,
			settings,
		} satisfies IWorkflowBase;
		const hooks = new ExecutionLifecycleHooks(this.mode, executionId, workflowData);
		const executionOrder: string[] = [];
		hooks.addHandler('nodeExecuteAfter', (nodeName) => {
			executionOrder.push(nodeName);
		});
		const additionalData = this.createAdditionalData({ hooks, executionId, workflowId });

		const startNode = this.findStartNode(workflow, input.startNode);
		const scope = newScope(this);
		const run = await inScope(scope, async () => {
			const workflowExecute = new WorkflowExecute(additionalData, this.mode);
			return await workflowExecute.run({ workflow, startNode });
		});

		const newStaticData = JSON.parse(JSON.stringify(workflow.staticData ?? {})) as IDataObject;
		delete newStaticData.__dataChanged;
		this.staticDataById.set(workflowId, newStaticData);

		const result = this.toResult(run, scope, executionOrder, workflowId);
		if (recording()) this.recordRun(result, nodes);
		return result;
	}

	/**
	 * For the secret sweep: every node's output items and errors, the workflow error. Not the test's
	 * own input items, nor the X OAuth node's results (tokens are the point of its operations).
	 */
	private recordRun(result: WorkflowResult, nodes: INode[]) {
		const typeOf = new Map(nodes.map((n) => [n.name, n.type]));
		if (result.error) recordLine('error', { workflowId: result.workflowId, error: result.error, stored: result.run.data.resultData.error });
		for (const [name, tasks] of Object.entries(result.run.data.resultData.runData)) {
			const type = typeOf.get(name) ?? '';
			if (type === ITEMS_NODE_TYPE) continue;
			for (const task of tasks) {
				if (task.error) recordLine('error', { node: name, error: task.error });
				for (const output of task.data?.main ?? []) {
					const items = (output ?? []).filter((item) => !(type.endsWith('.xOAuth') && item.json.error === undefined && item.error === undefined));
					if (items.length) recordLine('output', { node: name, items });
				}
			}
		}
	}

	async runNode(
		node: Partial<INode> & { type: string; parameters: INodeParameters; credentials?: INodeCredentials },
		inputItems: IDataObject[] = [{}],
		settings: { continueOnFail?: boolean; workflowId?: string } = {},
	): Promise<WorkflowResult> {
		const name = node.name ?? this.defaultNodeName(node.type);
		const startName = name === 'Items' ? 'Input Items' : 'Items';
		const nodeUnderTest: HarnessNode = { ...node, name };
		if (settings.continueOnFail !== undefined) {
			nodeUnderTest.onError = settings.continueOnFail ? 'continueRegularOutput' : 'stopWorkflow';
		}
		const result = await this.run({
			// a fresh workflow per call (fresh static data) unless the caller names one to reuse
			id: settings.workflowId ?? `runNode-${randomUUID()}`,
			nodes: [
				{ name: startName, type: ITEMS_NODE_TYPE, parameters: { items: JSON.stringify(inputItems) } },
				nodeUnderTest,
			],
			connections: { [startName]: { main: [[{ node: name, type: 'main', index: 0 }]] } },
			startNode: startName,
		});
		return { ...result, output: (nodeName?: string) => result.output(nodeName ?? name) };
	}

	// ---------------------------------------------------------------- node methods

	async listSearch(
		nodeType: string,
		method: string,
		credentials: INodeCredentials | undefined,
		filter?: string,
		paginationToken?: string,
		currentParameters: INodeParameters = {},
		options: ListSearchOptions = {},
	): Promise<INodeListSearchResult> {
		const { context, type } = this.loadOptionsContext(nodeType, credentials, currentParameters, options);
		const fn = type.methods?.listSearch?.[method] as
			| ((this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>)
			| undefined;
		if (typeof fn !== 'function') throw new UnexpectedError(`Node type "${nodeType}" has no listSearch method "${method}"`);
		return await inScope(newScope(this), async () => await fn.call(context, filter, paginationToken));
	}

	async loadOptions(
		nodeType: string,
		method: string,
		credentials: INodeCredentials | undefined,
		currentParameters: INodeParameters = {},
		options: ListSearchOptions = {},
	): Promise<INodePropertyOptions[]> {
		const { context, type } = this.loadOptionsContext(nodeType, credentials, currentParameters, options);
		const fn = type.methods?.loadOptions?.[method] as
			| ((this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>)
			| undefined;
		if (typeof fn !== 'function') throw new UnexpectedError(`Node type "${nodeType}" has no loadOptions method "${method}"`);
		return await inScope(newScope(this), async () => await fn.call(context));
	}

	// ---------------------------------------------------------------- credential test

	/**
	 * Tests a credential like n8n's credential modal (CredentialsTester): the type's `test` request
	 * (or a node's `testedBy`) is run through RoutingNode with the credential applied by the helper.
	 * Without `data` the stored credential is tested (preAuthentication results are then persisted,
	 * as for a saved credential in n8n); with `data` an unsaved credential is tested.
	 */
	async testCredential(type: string, data?: IDataObject): Promise<{ status: 'OK' | 'Error'; message: string }> {
		const result = await inScope(newScope(this), async () => await this.runCredentialTest(type, data));
		recordLine('credentialTest', { type, ...result });
		return result;
	}

	private async runCredentialTest(
		type: string,
		data?: IDataObject,
	): Promise<{ status: 'OK' | 'Error'; message: string }> {
		const testFunction = this.findCredentialTest(type);
		if (testFunction === undefined) {
			return { status: 'Error', message: 'No testing function found for this credential.' };
		}
		let stored = this.store.get(type);
		if (data !== undefined) {
			// An unsaved credential: n8n-core may still look it up by id (e.g. requestOAuth1 for
			// oAuth1Api-derived types), so it lives in the store only for the duration of the test.
			stored = { id: `unsaved-${randomUUID()}`, name: type, type, data: clone(data) as ICredentialDataDecryptedObject };
			this.store.set(stored);
		}
		if (!stored) {
			return { status: 'Error', message: `No credential of type "${type}" is stored in the harness` };
		}
		try {
			return await this.runCredentialTestWith(type, stored, testFunction);
		} finally {
			if (data !== undefined) this.store.delete(stored.id);
		}
	}

	private async runCredentialTestWith(
		type: string,
		stored: { id: string; name: string; data: ICredentialDataDecryptedObject },
		testFunction: ICredentialTestFunction | { nodeType?: INodeType; testRequest: ICredentialTestRequest },
	): Promise<{ status: 'OK' | 'Error'; message: string }> {
		const additionalData = this.createAdditionalData({});
		const credentialsDecrypted: ICredentialsDecrypted = { id: stored.id, name: stored.name, type, data: undefined };
		try {
			credentialsDecrypted.data = await this.credentialsHelper.applyDefaultsAndOverwrites(
				additionalData,
				stored.data,
				type,
				'internal',
			);
		} catch (error) {
			return { status: 'Error', message: String((error as Error).message) };
		}

		if (typeof testFunction === 'function') {
			const context = new CredentialTestContext();
			const result = await testFunction.call(context as unknown as ICredentialTestFunctions, credentialsDecrypted);
			return { status: result.status === 'OK' ? 'OK' : 'Error', message: result.message };
		}

		const { nodeType = NOOP_NODE_TYPE, testRequest } = testFunction;
		const node: INode = {
			id: 'temp',
			parameters: {},
			name: 'Temp-Node',
			type: nodeType.description.name,
			typeVersion: Array.isArray(nodeType.description.version)
				? nodeType.description.version.slice(-1)[0]
				: nodeType.description.version,
			position: [0, 0],
			credentials: { [type]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name } },
		};
		const nodeTypeCopy: INodeType = {
			description: {
				...nodeType.description,
				credentials: [{ name: type, required: true }],
				properties: [
					{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: testRequest.request }, default: '' },
				],
			},
		};
		const testNodeTypes: INodeTypes = {
			getByName: () => nodeTypeCopy,
			getByNameAndVersion: () => nodeTypeCopy,
			getKnownTypes: () => ({}),
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: testNodeTypes });
		const workflowNode = workflow.nodes[node.name];
		const executeData: IExecuteData = { node: workflowNode, data: {}, source: null };
		const context = new ExecuteContext(
			workflow,
			workflowNode,
			additionalData,
			'internal',
			createRunExecutionData(),
			0,
			[],
			{ main: [[{ json: {} }]] },
			executeData,
			[],
		);
		let response: INodeExecutionData[][] | null | undefined;
		try {
			response = await new RoutingNode(context, nodeTypeCopy, credentialsDecrypted).runNode();
		} catch (error) {
			return this.credentialTestFailure(error, testRequest);
		}
		for (const rule of testRequest.rules ?? []) {
			if (rule.type !== 'responseSuccessBody') continue;
			const body = response?.[0]?.[0]?.json;
			if (getPath(body, rule.properties.key) === rule.properties.value) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
		return { status: 'OK', message: 'Connection successful!' };
	}

	private credentialTestFailure(error: unknown, testRequest: ICredentialTestRequest) {
		const err = error as Error & {
			cause?: { code?: string; response?: { status: number; statusText?: string } };
		};
		const response = err.cause?.response;
		if (response) {
			for (const rule of testRequest.rules ?? []) {
				if (rule.type === 'responseCode' && response.status === rule.properties.value) {
					return { status: 'Error' as const, message: rule.properties.message };
				}
			}
			if (response.status < 199 || response.status > 299) {
				return {
					status: 'Error' as const,
					message: response.statusText || `Received HTTP status code: ${response.status}`,
				};
			}
		} else if (err.cause?.code) {
			return { status: 'Error' as const, message: err.cause.code };
		}
		return { status: 'Error' as const, message: String(err.message) };
	}

	private findCredentialTest(
		type: string,
	): ICredentialTestFunction | { nodeType?: INodeType; testRequest: ICredentialTestRequest } | undefined {
		const credentialType = this.credentialTypes.getByName(type);
		if (credentialType.test) return { testRequest: credentialType.test };
		for (const nodeName of this.credentialTypes.getSupportedNodes(type)) {
			const registered = this.nodeTypes.getByName(nodeName);
			const versions: INodeType[] =
				'nodeVersions' in registered
					? Object.keys(registered.nodeVersions)
							.map(Number)
							.sort((a, b) => b - a)
							.map((v) => registered.nodeVersions[v])
					: [registered];
			for (const version of versions) {
				for (const { name, testedBy } of version.description.credentials ?? []) {
					if (name !== type || !testedBy) continue;
					if (typeof testedBy === 'string') {
						const fn = version.methods?.credentialTest?.[testedBy];
						if (fn) return fn;
						continue;
					}
					return { nodeType: version, testRequest: testedBy };
				}
			}
		}
		return undefined;
	}

	// ---------------------------------------------------------------- internals

	private idFor(workflow: object): string {
		let id = this.workflowIds.get(workflow);
		if (!id) {
			id = `workflow-${randomUUID()}`;
			this.workflowIds.set(workflow, id);
		}
		return id;
	}

	private defaultNodeName(type: string) {
		const name = this.nodeTypes.getByNameAndVersion(type).description.defaults?.name;
		return typeof name === 'string' && name ? name : 'Node';
	}

	private prepareNode(input: HarnessNode): INode {
		const registered = this.nodeTypes.getByName(input.type);
		const node: INode = {
			...clone(input),
			id: input.id ?? randomUUID(),
			name: input.name,
			type: input.type,
			typeVersion: input.typeVersion ?? latestVersion(registered),
			position: input.position ?? [0, 0],
			parameters: clone(input.parameters ?? {}),
		};
		if (input.credentials === undefined) {
			const credentials = this.defaultCredentials(node.type, node.typeVersion);
			if (credentials) node.credentials = credentials;
		}
		return node;
	}

	/** Every stored credential whose type the node declares (n8n would have the user pick them). */
	private defaultCredentials(nodeType: string, version: number): INodeCredentials | undefined {
		const description = this.nodeTypes.getByNameAndVersion(nodeType, version).description;
		const credentials: INodeCredentials = {};
		for (const { name } of description.credentials ?? []) {
			const row = this.store.get(name);
			if (row) credentials[name] = { id: row.id, name: row.name };
		}
		return Object.keys(credentials).length ? credentials : undefined;
	}

	private findStartNode(workflow: Workflow, name?: string): INode | undefined {
		if (name) {
			const node = workflow.getNode(name);
			if (!node) throw new UnexpectedError(`Start node "${name}" is not in the workflow`);
			return node;
		}
		return Object.values(workflow.nodes).find(
			(node) => node.type === ITEMS_NODE_TYPE && workflow.getParentNodes(node.name).length === 0,
		);
	}

	private loadOptionsContext(
		nodeType: string,
		credentials: INodeCredentials | undefined,
		currentParameters: INodeParameters,
		options: ListSearchOptions,
	) {
		const registered = this.nodeTypes.getByName(nodeType);
		const version = options.version ?? latestVersion(registered);
		const node: INode = {
			id: 'uuid-1234',
			name: 'Temp-Node',
			type: nodeType,
			typeVersion: version,
			position: [0, 0],
			parameters: clone(currentParameters),
		};
		const nodeCredentials =
			credentials && Object.keys(credentials).length ? credentials : this.defaultCredentials(nodeType, version);
		if (nodeCredentials) node.credentials = clone(nodeCredentials);
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: this.nodeTypes });
		const workflowNode = workflow.nodes[node.name];
		const additionalData = this.createAdditionalData({
			currentNodeParameters: { ...clone(currentParameters), ...workflowNode.parameters },
		});
		const context = new LoadOptionsContext(workflow, workflowNode, additionalData, options.path ?? 'parameters');
		return { context, type: this.nodeTypes.getByNameAndVersion(nodeType, version) };
	}

	private createAdditionalData(extra: Partial<IWorkflowExecuteAdditionalData>): IWorkflowExecuteAdditionalData {
		const base = 'http://127.0.0.1:5678';
		const unsupported = (what: string) => async () => {
			throw new UnexpectedError(`${what} is not supported by the engine test harness`);
		};
		const additionalData = {
			credentialsHelper: this.credentialsHelper,
			executeWorkflow: unsupported('Executing sub-workflows'),
			startRunnerTask: unsupported('Task runners (Code node)'),
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			currentNodeExecutionIndex: 0,
			restApiUrl: `${base}/rest`,
			instanceBaseUrl: `${base}/`,
			formBaseUrl: `${base}/form`,
			formWaitingBaseUrl: `${base}/form-waiting`,
			formTestBaseUrl: `${base}/form-test`,
			webhookBaseUrl: this.webhookBaseUrl,
			webhookWaitingBaseUrl: `${base}/webhook-waiting`,
			webhookTestBaseUrl: `${base}/webhook-test`,
			mcpBaseUrl: `${base}/mcp`,
			mcpTestBaseUrl: `${base}/mcp-test`,
			userId: 'harness-user',
			variables: {},
			logAiEvent: () => {},
			externalSecretsProxy: new ExternalSecretsProxy(),
			...extra,
		};
		return additionalData as unknown as IWorkflowExecuteAdditionalData;
	}

	private toResult(run: IRun, scope: OperationScope, executionOrder: string[], workflowId: string): WorkflowResult {
		const { resultData } = run.data;
		let error: Error | undefined;
		if (resultData.error) {
			const last = resultData.lastNodeExecuted;
			const captured = last ? scope.nodeErrors.get(last) : undefined;
			error =
				captured instanceof Error
					? captured
					: Object.assign(new Error(resultData.error.message), resultData.error);
		}
		const taskData = (nodeName: string) => resultData.runData[nodeName] ?? [];
		return {
			run,
			error,
			executionOrder,
			workflowId,
			taskData,
			output: (nodeName?: string) => {
				const name = nodeName ?? resultData.lastNodeExecuted;
				if (!name) return [];
				return taskData(name).at(-1)?.data?.main?.[0] ?? [];
			},
		};
	}
}

function getPath(value: unknown, dottedPath: string): unknown {
	let current: unknown = value;
	for (const key of dottedPath.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}
