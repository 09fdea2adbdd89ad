/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Trigger / webhook support of the engine harness: what n8n's ActiveWorkflowManager,
 * WebhookService, LiveWebhooks and webhook helpers do around a webhook node, rebuilt small.
 *
 * n8n-core's real code: HookContext (webhookMethods checkExists / create / delete, with
 * getNodeWebhookUrl, getWorkflowStaticData, credentials and request helpers), WebhookContext
 * (the node's webhook(): getRequestObject, getResponseObject, getWebhookName, ...), and
 * WorkflowExecute (the execution the webhook starts, from the trigger node's output).
 *
 * Ours, modelled on n8n's cli package (which is not a dependency here):
 *  - the webhook list of a node (path, method per webhook description, like getNodeWebhooks),
 *  - activation: every webhook of the node gets checkExists, then create when that returned
 *    false; on an error n8n clears the workflow's webhooks (delete, run on the static data that
 *    was saved before the activation) and rethrows; static data is saved only if it changed,
 *  - deactivation: delete for every webhook, on the saved static data, errors logged not thrown,
 *  - a webhook call: the request body is read raw and parsed like n8n's parseBody (JSON that
 *    does not parse is answered 422 before the node runs; a node above typeVersion 1 gets rawBody
 *    only for the content types n8n parses, for others it calls readRawBody() itself, as in n8n
 *    2.x), the node's webhook() runs, static data is saved if it changed (n8n does so once the
 *    response is settled, before the execution), the response follows the node's
 *    noWebhookResponse / webhookResponse / responseMode, and returned workflowData starts an
 *    execution with the trigger node's output as the start,
 *  - the "database": static data per workflow id lives in the harness, as n8n keeps it in the DB.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQueryString } from 'node:querystring';

import { ExecutionLifecycleHooks, HookContext, TriggerContext, WebhookContext, WorkflowExecute } from 'n8n-core';
import type {
	IDataObject,
	IHttpRequestMethods,
	INode,
	INodeExecutionData,
	INodeType,
	IRun,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	IWorkflowSettings,
	WebhookSetupMethodNames,
	WebhookType,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers, UnexpectedError, Workflow, createRunExecutionData, jsonParse } from 'n8n-workflow';

import type { HarnessNodeTypes } from './node-types';
import type { LogEntry, LogSink, OperationScope } from './runtime';
import { inScope, newScope } from './runtime';

/** A running trigger() (see WebhookRuntime.startTrigger). */
export interface StartedTrigger {
	/** Every emit's data, in order (one entry per output of each emit). */
	emitted: INodeExecutionData[][];
	errors: Error[];
	/** The JSON of every emitted item. */
	items(): IDataObject[];
	/** Resolves at the next emit or emitError. */
	changed(): Promise<void>;
	/** From now on the executions emits start do not end (n8n busy) until the returned function is called. */
	holdExecutions(): () => void;
	close(): Promise<void>;
}

/** A trigger node alone, or a whole workflow with the trigger in it. */
export type TriggerTarget = TriggerNode | TriggerWorkflow;

export type TriggerNode = Partial<INode> & { name: string; type: string; parameters?: INode['parameters'] };

export interface TriggerWorkflow {
	/** Static data persists per id (default: an id per target object). */
	id?: string;
	name?: string;
	nodes: TriggerNode[];
	connections: IWorkflowBase['connections'];
	settings?: IWorkflowSettings;
	/** The webhook node (default: the first node whose type declares webhooks). */
	triggerNode?: string;
}

export interface ActivationResult {
	workflowId: string;
	/** The webhooks n8n would register for the node (method, path below the webhook base, name). */
	webhooks: Array<{ method: string; path: string; name: string }>;
	/** The trigger node's static data after the activation, as saved. */
	staticData: IDataObject;
}

export interface DeactivationResult {
	/** n8n logs errors of delete and finishes the deactivation anyway; here they are handed back. */
	error?: Error;
	staticData: IDataObject;
}

export interface WebhookRequestInput {
	/** Default: the method of the named webhook, else POST. */
	method?: IHttpRequestMethods;
	/** Which webhook description (default: the one whose method matches). */
	webhookName?: string;
	/** Path below the webhook base URL, e.g. "<webhookId>/webhook"; when given it must match, like n8n's lookup. */
	path?: string;
	query?: Record<string, string | string[]>;
	headers?: Record<string, string>;
	/** The exact body bytes (what a signature is computed over). */
	rawBody?: Buffer | string;
	/** Shortcut: serialized with JSON.stringify into rawBody, content-type application/json. */
	json?: unknown;
}

export interface RecordedResponse {
	status: number;
	headers: Record<string, string>;
	body: unknown;
	/** Whether anything was sent at all. */
	sent: boolean;
}

/** The outcome of one webhook call. */
export interface WebhookCallResult {
	status: number;
	body: unknown;
	headers: Record<string, string>;
	webhookName?: string;
	/** What the node's webhook() returned (undefined when it was not called or threw). */
	response?: IWebhookResponseData;
	workflowData?: INodeExecutionData[][];
	noWebhookResponse: boolean;
	/** The execution the call started (only when webhook() returned workflowData). */
	execution?: WebhookExecution;
	/** The error webhook() threw: n8n answers 500 and records a failed execution. */
	error?: Error;
	/** Whether the call changed the workflow's static data (and it was saved, like n8n does). */
	staticDataSaved: boolean;
}

export interface WebhookExecution {
	run: IRun;
	executionId: string;
	/** Main output 0 of a node's last run (default: the trigger node). */
	output(nodeName?: string): INodeExecutionData[];
	error?: Error;
	executionOrder: string[];
}

export interface ServeOptions {
	/** Point the harness's webhookBaseUrl at this server (default true). */
	useAsBaseUrl?: boolean;
	/** Listen on this port (default 0: any free one), e.g. to keep a URL across a harness restart. */
	port?: number;
}

export interface ServedWebhooks {
	/** Base URL of the server's webhooks: http://127.0.0.1:<port>/webhook */
	baseUrl: string;
	/** The node's production URL of its 'default' webhook on this server. */
	url: string;
	/** Every request that reached a registered webhook, in arrival order. */
	calls: WebhookCallResult[];
	/** The calls that started an execution (completed ones). */
	executions: WebhookCallResult[];
	/** Requests that matched no registered webhook (404, like n8n's WebhookNotFoundError). */
	notFound: Array<{ method: string; path: string }>;
	/** Waits until every call received so far has finished (including its execution). */
	settled(): Promise<void>;
	close(): Promise<void>;
}

/** What the harness lends the webhook runtime. */
export interface TriggerHost extends LogSink {
	logs: LogEntry[];
	nodeTypes: HarnessNodeTypes;
	prepareNode(node: TriggerNode): INode;
	idFor(target: object): string;
	loadStaticData(workflowId: string): IDataObject;
	saveStaticData(workflowId: string, data: IDataObject): void;
	createAdditionalData(extra: Partial<IWorkflowExecuteAdditionalData>): IWorkflowExecuteAdditionalData;
	setWebhookBaseUrl(url: string): void;
	nextExecutionId(): string;
}

interface Loaded {
	workflow: Workflow;
	workflowId: string;
	node: INode;
	nodeType: INodeType;
	nodes: INode[];
	connections: IWorkflowBase['connections'];
	settings: IWorkflowSettings;
	name: string;
}

interface Registration {
	workflowId: string;
	nodeName: string;
}

const isWorkflow = (target: TriggerTarget): target is TriggerWorkflow => Array.isArray((target as TriggerWorkflow).nodes);

/** A UUID-shaped id derived from the workflow id and node name, so a node's URL survives harness restarts. */
function stableWebhookId(workflowId: string, nodeName: string): string {
	const hex = createHash('sha256').update(`${workflowId}\n${nodeName}`).digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function savedForm(staticData: IDataObject): IDataObject {
	const data = JSON.parse(JSON.stringify(staticData ?? {})) as IDataObject;
	delete data.__dataChanged;
	return data;
}

function headerRecord(headers: Record<string, string | string[] | undefined>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(headers)) {
		if (value === undefined) continue;
		out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
	}
	return out;
}

/** Content type and charset of a request, like n8n-core's parseIncomingMessage. */
function contentTypeOf(header: string | undefined): { contentType?: string; encoding: BufferEncoding } {
	if (!header) return { encoding: 'utf-8' };
	const [type, ...params] = header.split(';');
	let encoding: BufferEncoding = 'utf-8';
	for (const param of params) {
		const [name, value] = param.split('=').map((s) => s.trim());
		if (name?.toLowerCase() === 'charset' && value) encoding = value.replace(/"/g, '').toLowerCase() as BufferEncoding;
	}
	return { contentType: type.trim().toLowerCase(), encoding };
}

const PARSABLE = (type?: string) =>
	!!type &&
	(type.startsWith('application/json') ||
		type.startsWith('text/plain') ||
		type.startsWith('application/x-www-form-urlencoded') ||
		type.endsWith('/xml') ||
		type.endsWith('+xml'));

/** An express-like response that records what the node (or the harness, as n8n) answers. */
class RecordingResponse {
	statusCode = 200;

	readonly recorded: RecordedResponse = { status: 200, headers: {}, body: undefined, sent: false };

	constructor(private readonly onSent?: (response: RecordedResponse) => void) {}

	get headersSent() {
		return this.recorded.sent;
	}

	status(code: number) {
		this.statusCode = code;
		return this;
	}

	setHeader(name: string, value: string | number | readonly string[]) {
		this.recorded.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
		return this;
	}

	header(name: string, value: string) {
		return this.setHeader(name, value);
	}

	set(name: string, value: string) {
		return this.setHeader(name, value);
	}

	getHeader(name: string) {
		return this.recorded.headers[name.toLowerCase()];
	}

	json(body: unknown) {
		if (!this.recorded.headers['content-type']) this.setHeader('content-type', 'application/json; charset=utf-8');
		return this.finish(body);
	}

	send(body?: unknown) {
		if (body !== undefined && typeof body === 'object' && !Buffer.isBuffer(body)) return this.json(body);
		return this.finish(body);
	}

	end(body?: unknown) {
		return this.finish(body ?? this.recorded.body);
	}

	private finish(body: unknown) {
		if (this.recorded.sent) return this; // express would throw ERR_HTTP_HEADERS_SENT; n8n guards against it
		this.recorded.status = this.statusCode;
		this.recorded.body = body;
		this.recorded.sent = true;
		this.onSent?.(this.recorded);
		return this;
	}
}

export class WebhookRuntime {
	/** n8n's webhook table: "METHOD path" of every registered (active or activating) workflow's webhooks. */
	private readonly registered = new Map<string, Registration>();

	constructor(private readonly host: TriggerHost) {}

	// ------------------------------------------------------------------ activation

	async activate(target: TriggerTarget, activation: WorkflowActivateMode = 'activate'): Promise<ActivationResult> {
		const loaded = this.load(target, true);
		const { workflow, workflowId, node } = loaded;
		const additionalData = this.host.createAdditionalData({});
		const webhooks = this.nodeWebhooks(loaded, additionalData);
		const scope = newScope(this.host);
		// n8n stores each webhook in its table before running checkExists/create, so that a
		// service checking the URL during create (X's CRC) already reaches the workflow.
		for (const webhook of webhooks) this.registered.set(this.key(webhook.httpMethod, webhook.path), { workflowId, nodeName: node.name });
		try {
			await inScope(scope, async () => {
				for (const webhook of webhooks) {
					const exists = await this.runMethod('checkExists', loaded, webhook, 'trigger', activation);
					if (!exists) await this.runMethod('create', loaded, webhook, 'trigger', activation);
				}
			});
		} catch (error) {
			for (const webhook of webhooks) this.registered.delete(this.key(webhook.httpMethod, webhook.path));
			// n8n: clearWebhooks (delete, on the workflow as saved; its errors are only logged, which
			// deactivate does); the static data of the failed activation is not saved.
			await this.deactivate(target);
			const detail = (error as { detail?: unknown }).detail;
			if (typeof detail === 'string' && detail) (error as Error).message = detail;
			throw error;
		}
		this.saveIfChanged(workflow, workflowId);
		return {
			workflowId,
			webhooks: webhooks.map((w) => ({ method: w.httpMethod, path: w.path, name: w.webhookDescription.name })),
			staticData: this.nodeStaticData(workflowId, node.name),
		};
	}

	async deactivate(target: TriggerTarget): Promise<DeactivationResult> {
		const loaded = this.load(target, false);
		const { workflow, workflowId, node } = loaded;
		const additionalData = this.host.createAdditionalData({});
		const webhooks = this.nodeWebhooks(loaded, additionalData);
		let failure: Error | undefined;
		try {
			await inScope(newScope(this.host), async () => {
				for (const webhook of webhooks) await this.runMethod('delete', loaded, webhook, 'internal', 'update');
			});
			this.saveIfChanged(workflow, workflowId);
			for (const webhook of webhooks) this.registered.delete(this.key(webhook.httpMethod, webhook.path));
		} catch (error) {
			// n8n's remove(): "Could not remove webhooks of workflow ..." is logged, nothing saved.
			failure = error as Error;
			this.host.logs.push({ level: 'error', message: `Could not remove webhooks of workflow "${workflowId}" because of error: "${failure.message}"` });
		}
		return { error: failure, staticData: this.nodeStaticData(workflowId, node.name) };
	}

	isRegistered(method: string, path: string): Registration | undefined {
		return this.registered.get(this.key(method, path));
	}

	/** The production URL of one of the node's webhooks, from n8n-core's getNodeWebhookUrl. */
	webhookUrl(target: TriggerTarget, name: WebhookType = 'default'): string {
		const loaded = this.load(target, true);
		const additionalData = this.host.createAdditionalData({});
		const webhook = this.nodeWebhooks(loaded, additionalData).find((w) => w.webhookDescription.name === name);
		if (!webhook) throw new UnexpectedError(`Node "${loaded.node.name}" has no webhook named "${name}"`);
		const context = new HookContext(loaded.workflow, loaded.node, additionalData, 'trigger', 'activate', webhook);
		const url = context.getNodeWebhookUrl(name);
		if (!url) throw new UnexpectedError(`No URL for webhook "${name}"`);
		return url;
	}

	// ------------------------------------------------------------------ webhook calls

	async callWebhook(
		target: TriggerTarget,
		input: WebhookRequestInput,
		onResponded?: (response: RecordedResponse) => void,
	): Promise<WebhookCallResult> {
		const loaded = this.load(target, true);
		const { workflow, workflowId, node, nodeType } = loaded;
		const webhooksAll = this.nodeWebhooks(loaded, this.host.createAdditionalData({}));
		const named = input.webhookName ? webhooksAll.filter((w) => w.webhookDescription.name === input.webhookName) : webhooksAll;
		const method = (input.method ?? (input.webhookName ? named[0]?.httpMethod : undefined) ?? 'POST').toUpperCase() as IHttpRequestMethods;
		const path = input.path?.replace(/^\/+|\/+$/g, '');
		const webhookData = named.find((w) => w.httpMethod === method && (path === undefined || w.path === path));

		const response = new RecordingResponse(onResponded);
		const result = (extra: Partial<WebhookCallResult> = {}): WebhookCallResult => ({
			status: response.recorded.status,
			body: response.recorded.body,
			headers: response.recorded.headers,
			noWebhookResponse: false,
			staticDataSaved: false,
			...extra,
		});
		if (!webhookData) {
			const shownPath = path ?? named[0]?.path ?? '';
			response.status(404).json({ code: 404, message: `The requested webhook "${method} ${shownPath}" is not registered.` });
			return result();
		}

		const request = this.buildRequest(method, webhookData.path, input);
		// n8n's parseBody: the raw body is always read; for typeVersion 1 (and parsable types) it is parsed.
		if (node.typeVersion === 1 || PARSABLE(request.contentType)) {
			try {
				this.parseBody(request);
			} catch (error) {
				response.status(422).json({ code: 422, message: 'Failed to parse request body', hint: (error as Error).message });
				return result({ webhookName: webhookData.webhookDescription.name });
			}
		}

		const executionId = this.host.nextExecutionId();
		const additionalData = this.host.createAdditionalData({
			httpRequest: request as unknown as IWorkflowExecuteAdditionalData['httpRequest'],
			httpResponse: response as unknown as IWorkflowExecuteAdditionalData['httpResponse'],
		});
		const scope = newScope(this.host);
		let webhookResult: IWebhookResponseData;
		try {
			webhookResult = await inScope(scope, async () => {
				const context = new WebhookContext(workflow, node, additionalData, 'webhook', webhookData, [], null);
				return (await (nodeType.webhook as NonNullable<INodeType['webhook']>).call(context)) as IWebhookResponseData;
			});
		} catch (error) {
			// n8n: 500 "Workflow Webhook Error: Workflow could not be started!" and a failed execution.
			const staticDataSaved = this.saveIfChanged(workflow, workflowId);
			if (!response.recorded.sent) response.status(500).json({ code: 0, message: 'Workflow Webhook Error: Workflow could not be started!' });
			return result({ webhookName: webhookData.webhookDescription.name, error: error as Error, staticDataSaved });
		}
		// LiveWebhooks saves the static data once the response is settled, before the execution runs.
		const staticDataSaved = this.saveIfChanged(workflow, workflowId);

		const description = webhookData.webhookDescription;
		const responseCode = Number(this.simple(workflow, node, description.responseCode, 200));
		const noWebhookResponse = webhookResult.noWebhookResponse === true;
		const base = {
			webhookName: description.name,
			response: webhookResult,
			workflowData: webhookResult.workflowData,
			noWebhookResponse,
			staticDataSaved,
		};
		if (webhookResult.workflowData === undefined) {
			if (!noWebhookResponse && !response.recorded.sent) {
				response.status(responseCode).json(webhookResult.webhookResponse !== undefined ? webhookResult.webhookResponse : { message: 'Webhook call received' });
			}
			return result(base);
		}

		const responseMode = String(this.simple(workflow, node, description.responseMode, 'onReceived'));
		if (responseMode !== 'onReceived' && responseMode !== 'lastNode') {
			throw new UnexpectedError(`Response mode "${responseMode}" is not supported by the engine test harness`);
		}
		if (responseMode === 'onReceived' && !noWebhookResponse && !response.recorded.sent) {
			// n8n answers once the execution is created; the execution itself runs on.
			response.status(responseCode).json(webhookResult.webhookResponse ?? { message: 'Workflow was started' });
		}
		const execution = await this.execute(loaded, webhookResult.workflowData, executionId, scope);
		if (responseMode === 'lastNode' && !response.recorded.sent) {
			if (execution.error) response.status(500).json({ message: 'Error in workflow' });
			else response.status(responseCode).json(execution.output(execution.executionOrder.at(-1))[0]?.json ?? {});
		}
		return result({ ...base, execution });
	}

	/** A node:http server on 127.0.0.1 that hands GET and POST requests to callWebhook, raw bytes intact. */
	async serve(target: TriggerTarget, options: ServeOptions = {}): Promise<ServedWebhooks> {
		const calls: WebhookCallResult[] = [];
		const executions: WebhookCallResult[] = [];
		const notFound: Array<{ method: string; path: string }> = [];
		const pending = new Set<Promise<unknown>>();

		const handle = async (req: IncomingMessage, res: ServerResponse) => {
			const chunks: Buffer[] = [];
			for await (const chunk of req) chunks.push(chunk as Buffer);
			const rawBody = Buffer.concat(chunks);
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const method = (req.method ?? 'GET').toUpperCase();
			const path = url.pathname.startsWith('/webhook/') ? url.pathname.slice('/webhook/'.length).replace(/\/+$/, '') : '';
			const write = (response: RecordedResponse) => {
				if (res.headersSent) return;
				const body = response.body;
				const text = body === undefined ? '' : Buffer.isBuffer(body) ? body : typeof body === 'string' ? body : JSON.stringify(body);
				res.writeHead(response.status, response.headers);
				res.end(text);
			};
			const registration = (method === 'GET' || method === 'POST') && path ? this.isRegistered(method, path) : undefined;
			if (!registration) {
				notFound.push({ method, path: url.pathname });
				write({ status: 404, headers: { 'content-type': 'application/json' }, body: { code: 404, message: `The requested webhook "${method} ${path}" is not registered.` }, sent: true });
				return;
			}
			const query = parseQueryString(url.search.replace(/^\?/, '')) as Record<string, string | string[]>;
			const result = await this.callWebhook(
				target,
				{ method: method as IHttpRequestMethods, path, query, headers: headerRecord(req.headers), rawBody },
				write,
			);
			calls.push(result);
			if (result.execution) executions.push(result);
			write({ status: result.status, headers: result.headers, body: result.body, sent: true });
		};

		const server: Server = createServer((req, res) => {
			const work = handle(req, res).catch((error: Error) => {
				this.host.logs.push({ level: 'error', message: `serveWebhooks: ${error.message}` });
				if (!res.headersSent) {
					res.writeHead(500, { 'content-type': 'application/json' });
					res.end(JSON.stringify({ message: error.message }));
				}
			});
			pending.add(work);
			void work.finally(() => pending.delete(work));
		});
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(options.port ?? 0, '127.0.0.1', () => {
				server.off('error', reject);
				resolve();
			});
		});
		const { port } = server.address() as AddressInfo;
		const baseUrl = `http://127.0.0.1:${port}/webhook`;
		if (options.useAsBaseUrl !== false) this.host.setWebhookBaseUrl(baseUrl);
		return {
			baseUrl,
			url: this.webhookUrl(target, 'default'),
			calls,
			executions,
			notFound,
			settled: async () => {
				while (pending.size) await Promise.allSettled([...pending]);
			},
			close: async () => {
				await Promise.allSettled([...pending]);
				server.closeAllConnections();
				await new Promise<void>((resolve) => server.close(() => resolve()));
			},
		};
	}

	// ------------------------------------------------------------------ internals

	private key(method: string, path: string) {
		return `${method.toUpperCase()} ${path}`;
	}

	/** The workflow as n8n loads it from its database: saved static data, the node's stable webhookId. */
	private load(target: TriggerTarget, active: boolean): Loaded {
		const workflowId = (isWorkflow(target) ? target.id : undefined) ?? this.host.idFor(target);
		const inputs = isWorkflow(target) ? target.nodes : [target];
		const nodes = inputs.map((input) => {
			const node = this.host.prepareNode(input);
			const type = this.host.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
			if (type.description.webhooks?.length && !node.webhookId) node.webhookId = stableWebhookId(workflowId, node.name);
			return node;
		});
		const triggerName = isWorkflow(target) ? target.triggerNode : undefined;
		const node = nodes.find((n) =>
			triggerName ? n.name === triggerName : !!this.host.nodeTypes.getByNameAndVersion(n.type, n.typeVersion).description.webhooks?.length,
		);
		if (!node) throw new UnexpectedError('The workflow has no webhook node');
		const nodeType = this.host.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const connections = isWorkflow(target) ? structuredClone(target.connections) : {};
		const settings: IWorkflowSettings = { executionOrder: 'v1', ...(isWorkflow(target) ? target.settings ?? {} : {}) };
		const name = (isWorkflow(target) ? target.name : undefined) ?? workflowId;
		const workflow = new Workflow({
			id: workflowId,
			name,
			nodes,
			connections,
			active,
			nodeTypes: this.host.nodeTypes,
			staticData: this.host.loadStaticData(workflowId),
			settings,
		});
		return { workflow, workflowId, node: workflow.getNode(node.name) as INode, nodeType, nodes, connections, settings, name };
	}

	private simple(workflow: Workflow, node: INode, value: unknown, fallback: unknown): unknown {
		if (value === undefined) return fallback;
		return workflow.expression.getSimpleParameterValue(node, value as string, 'internal', {}, undefined, fallback as string);
	}

	/** The webhooks n8n registers for the node: one per description (restart webhooks excluded) and method. */
	private nodeWebhooks(loaded: Loaded, additionalData: IWorkflowExecuteAdditionalData): IWebhookData[] {
		const { workflow, node, nodeType, workflowId } = loaded;
		if (node.disabled) return [];
		const out: IWebhookData[] = [];
		for (const description of nodeType.description.webhooks ?? []) {
			const restartWebhook = this.simple(workflow, node, description.restartWebhook, false) === true;
			if (restartWebhook) continue;
			let nodePath = this.simple(workflow, node, description.path, undefined);
			if (nodePath === undefined || nodePath === null) continue;
			nodePath = String(nodePath).replace(/^\/+|\/+$/g, '');
			const isFullPath = this.simple(workflow, node, description.isFullPath, false) === true;
			const path = NodeHelpers.getNodeWebhookPath(workflowId, node, String(nodePath), isFullPath, false);
			const methods = String(this.simple(workflow, node, description.httpMethod, 'GET'));
			for (const method of methods.split(',')) {
				if (!method.trim()) continue;
				out.push({
					httpMethod: method.trim().toUpperCase() as IHttpRequestMethods,
					node: node.name,
					path,
					webhookDescription: description as IWebhookDescription,
					workflowId,
					workflowExecuteAdditionalData: additionalData,
				});
			}
		}
		return out;
	}

	/**
	 * Runs the node's trigger() like n8n's ActiveWorkflows (n8n-core's TriggerContext, mode
	 * 'trigger'): what it emits is collected (not executed), emitError is recorded, and close()
	 * calls its closeFunction. Static data changed meanwhile is saved on close.
	 */
	async startTrigger(target: TriggerTarget, activation: WorkflowActivateMode = 'activate'): Promise<StartedTrigger> {
		const loaded = this.load(target, true);
		const { workflow, workflowId, node, nodeType } = loaded;
		if (typeof nodeType.trigger !== 'function') throw new UnexpectedError(`Node "${node.name}" has no trigger()`);
		const emitted: INodeExecutionData[][] = [];
		const errors: Error[] = [];
		const waiters: Array<() => void> = [];
		const notify = () => waiters.splice(0).forEach((w) => w());
		let held: Array<() => void> | undefined;
		const context = new TriggerContext(
			workflow,
			node,
			this.host.createAdditionalData({}),
			'trigger',
			activation,
			// n8n resolves an emit's done promise when the execution it started ended; here nothing runs, so at once.
			(data: INodeExecutionData[][], _response?: unknown, done?: { resolve: (run: IRun) => void }) => {
				emitted.push(...data);
				notify();
				const end = () => done?.resolve({} as IRun);
				if (held) held.push(end);
				else end();
			},
			(error: Error) => {
				errors.push(error);
				notify();
			},
		);
		const response = await inScope(newScope(this.host), async () => (await (nodeType.trigger as NonNullable<INodeType['trigger']>).call(context)) ?? {});
		return {
			emitted,
			errors,
			items: () => emitted.flat().map((i) => i.json),
			changed: () =>
				new Promise<void>((resolve) => {
					waiters.push(resolve);
				}),
			holdExecutions: () => {
				const mine: Array<() => void> = [];
				held = mine;
				return () => {
					if (held === mine) held = undefined;
					mine.splice(0).forEach((end) => end());
				};
			},
			close: async () => {
				await inScope(newScope(this.host), async () => await response.closeFunction?.());
				this.saveIfChanged(workflow, workflowId);
			},
		};
	}

	private async runMethod(
		method: WebhookSetupMethodNames,
		loaded: Loaded,
		webhookData: IWebhookData,
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
	): Promise<boolean | undefined> {
		const fn = loaded.nodeType.webhookMethods?.[webhookData.webhookDescription.name]?.[method];
		if (fn === undefined) return undefined;
		const context = new HookContext(loaded.workflow, loaded.node, webhookData.workflowExecuteAdditionalData, mode, activation, webhookData);
		return (await fn.call(context)) as boolean;
	}

	/** n8n's WorkflowStaticDataService.saveStaticData: only when __dataChanged is set. */
	private saveIfChanged(workflow: Workflow, workflowId: string): boolean {
		if (workflow.staticData.__dataChanged !== true) return false;
		this.host.saveStaticData(workflowId, savedForm(workflow.staticData));
		workflow.staticData.__dataChanged = false;
		return true;
	}

	private nodeStaticData(workflowId: string, nodeName: string): IDataObject {
		return (this.host.loadStaticData(workflowId)[`node:${nodeName}`] as IDataObject | undefined) ?? {};
	}

	private buildRequest(method: string, path: string, input: WebhookRequestInput) {
		const headers: Record<string, string> = {};
		for (const [key, value] of Object.entries(input.headers ?? {})) headers[key.toLowerCase()] = value;
		let rawBody: Buffer;
		if (input.json !== undefined) {
			rawBody = Buffer.from(JSON.stringify(input.json));
			headers['content-type'] ??= 'application/json';
		} else {
			rawBody = Buffer.isBuffer(input.rawBody) ? input.rawBody : Buffer.from(input.rawBody ?? '');
		}
		if (rawBody.length && headers['content-length'] === undefined) headers['content-length'] = String(rawBody.length);
		const query = { ...(input.query ?? {}) };
		const search = new URLSearchParams();
		for (const [k, v] of Object.entries(query)) for (const one of Array.isArray(v) ? v : [v]) search.append(k, one);
		const { contentType, encoding } = contentTypeOf(headers['content-type']);
		const url = `/webhook/${path}${search.size ? `?${search.toString()}` : ''}`;
		// n8n's rawBodyReader: the bytes are read (rawBody set) only by parseBody or readRawBody().
		const request = {
			method,
			url,
			originalUrl: url,
			path: `/webhook/${path}`,
			headers,
			query,
			params: {} as Record<string, string>,
			body: undefined as unknown,
			rawBody: undefined as Buffer | undefined,
			_body: false,
			contentType,
			encoding,
			cookies: {},
			ip: '127.0.0.1',
			readRawBody: async () => {
				request.rawBody ??= rawBody;
				request._body = true;
			},
			header: (name: string) => headers[name.toLowerCase()],
			get: (name: string) => headers[name.toLowerCase()],
		};
		return request;
	}

	/** n8n's parseBody (JSON, form-urlencoded, text; XML is left unparsed here). */
	private parseBody(request: ReturnType<WebhookRuntime['buildRequest']>) {
		if (request.contentType?.startsWith('multipart/')) return;
		void request.readRawBody(); // sets rawBody at once
		const { rawBody, contentType, encoding } = request;
		if (!rawBody?.length) return;
		if (contentType === 'application/json') request.body = jsonParse(rawBody.toString(encoding));
		else if (contentType === 'application/x-www-form-urlencoded') request.body = parseQueryString(rawBody.toString(encoding));
		else if (contentType === 'text/plain') request.body = rawBody.toString(encoding);
	}

	/** The execution n8n starts from the webhook's output (WorkflowRunner with prepared execution data). */
	private async execute(
		loaded: Loaded,
		workflowData: INodeExecutionData[][],
		executionId: string,
		scope: OperationScope,
	): Promise<WebhookExecution> {
		const { workflowId, node, nodes, connections, settings, name } = loaded;
		const workflow = new Workflow({
			id: workflowId,
			name,
			nodes,
			connections,
			active: true,
			nodeTypes: this.host.nodeTypes,
			staticData: this.host.loadStaticData(workflowId),
			settings,
		});
		const startNode = workflow.getNode(node.name) as INode;
		const workflowBase = {
			id: workflowId,
			name,
			active: true,
			isArchived: false,
			activeVersionId: null,
			createdAt: new Date(),
			updatedAt: new Date(),
			nodes,
			connections,
			settings,
		} satisfies IWorkflowBase;
		const mode: WorkflowExecuteMode = 'webhook';
		const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowBase);
		const executionOrder: string[] = [];
		hooks.addHandler('nodeExecuteAfter', (nodeName) => {
			executionOrder.push(nodeName);
		});
		hooks.addHandler('workflowExecuteAfter', (_run, newStaticData) => {
			// n8n saves changed static data after every non-manual execution.
			if (newStaticData) this.host.saveStaticData(workflowId, savedForm(newStaticData));
		});
		const additionalData = this.host.createAdditionalData({ hooks, executionId, workflowId });
		const runExecutionData = createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node: startNode, data: { main: workflowData }, source: null }] },
		});
		const run = await inScope(scope, async () => await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow));
		const { resultData } = run.data;
		let error: Error | undefined;
		if (resultData.error) {
			const captured = resultData.lastNodeExecuted ? scope.nodeErrors.get(resultData.lastNodeExecuted) : undefined;
			error = captured instanceof Error ? captured : Object.assign(new Error(resultData.error.message), resultData.error);
		}
		return {
			run,
			executionId,
			error,
			executionOrder,
			output: (nodeName?: string) => resultData.runData[nodeName ?? node.name]?.at(-1)?.data?.main?.[0] ?? [],
		};
	}
}
