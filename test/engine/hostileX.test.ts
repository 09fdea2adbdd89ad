/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The generic hostile X (issue 36), driven by the endpoint definitions: every operation of X Ads and
 * X Webhooks (X's own example answers, test/reference/exampleCases.ts), against an X
 * (test/hostile/hostileX.ts) that (a) answers every integer id as a JSON number beyond 2^53, (b)
 * echoes the Authorization header and the credential's key and token in every string field, (c)
 * reverses every array, (d) sends a fresh cursor over the same page, and (e) answers in each of X's
 * error shapes (their reasons echoing the Authorization header too). Each run must end with exact
 * ids, X's reason (and code) in the message, no secret in any output, error or log line, and within
 * bounds of time and requests. The suite prints how many operations it covered: every one the nodes
 * define, the count test/reference/conformance.test.ts prints.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEGMENT_BYTES } from '../../nodes/XAds/resources/media/upload';
import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XAds } from '../../nodes/XAds/XAds.node';
import { XWebhooks } from '../../nodes/XWebhooks/XWebhooks.node';
import { EngineHarness } from '../harness';
import type { WorkflowResult } from '../harness';
import type { HostileMode, HostileX } from '../hostile/hostileX';
import { ERROR_SHAPES, hostileDelivery, inexactIds, secretsIn, startHostileX } from '../hostile/hostileX';
import { mediaFile } from '../fixtures/mediaFiles';
import { validProduct } from '../fixtures/products';
import type { Case } from '../reference/exampleCases';
import { everyOperationCase, NODE_NAMES, NODE_TYPES, SCHEMA_ANSWERS } from '../reference/exampleCases';
import type { ExampleServer } from '../reference/exampleServer';
import { startExampleServer } from '../reference/exampleServer';
import { v2ResponseProblems } from '../reference/openapi';
import { xAdsAndXWebhooksOperations } from './endpointConformance';
import { binaryStartNode, engineSuite, errorText, fileInputSuite, runXAdsAfter, throughOrigin } from './env';
import { filteredStreamWorkflow, streamWorkflow, until } from './streamKit';
import { served, triggerHarness, triggerWorkflow } from './triggerSources';

const MODES: HostileMode[] = ['bigIds', 'echo', 'reorder', 'freshCursor'];
const SHAPES = Object.keys(ERROR_SHAPES);
/** A run of one operation ends within these. */
const BOUNDS = { ms: 20_000, requests: 40 };

const CREDENTIALS = {
	consumerKey: 'hostile-example-consumer-key',
	consumerSecret: 'hostile-example-consumer-secret',
	accessToken: '6253282-hostile-example-token',
	accessTokenSecret: 'hostile-example-token-secret',
	apiKey: 'hostile-example-api-key',
	apiKeySecret: 'hostile-example-api-secret',
};

let server: ExampleServer;
let hostile: HostileX;
let harness: EngineHarness;

beforeAll(async () => {
	server = await startExampleServer();
	hostile = await startHostileX(new URL(server.urls.api).origin);
	const through = (url: string) => url.replace(new URL(server.urls.api).origin, hostile.root);
	const urls = { apiBaseUrl: through(server.urls.api), adsBaseUrl: through(server.urls.ads), adsSandboxBaseUrl: through(server.urls.adsSandbox) };
	harness = new EngineHarness({
		nodeTypes: [XAds, XWebhooks],
		credentialTypes: [XOAuth1Api, XAppOnlyApi],
		credentials: {
			xOAuth1Api: { consumerKey: CREDENTIALS.consumerKey, consumerSecret: CREDENTIALS.consumerSecret, accessToken: CREDENTIALS.accessToken, accessTokenSecret: CREDENTIALS.accessTokenSecret, environment: 'production', ...urls },
			xAppOnlyApi: { apiKey: CREDENTIALS.apiKey, apiKeySecret: CREDENTIALS.apiKeySecret, apiBaseUrl: urls.apiBaseUrl },
		},
	});
});

afterAll(async () => {
	await hostile?.close();
	await server?.close();
});

interface Run {
	result: WorkflowResult;
	ms: number;
	logs: string;
}

async function runCase(c: Case, mode: HostileMode | undefined, shape?: string): Promise<Run> {
	server.answer(c.answers);
	hostile.set(mode, { secrets: Object.values(CREDENTIALS), shape });
	harness.logs.length = 0;
	harness.setCredentialData('xOAuth1Api', { ...harness.credentialData('xOAuth1Api'), environment: c.endpoint.host === 'adsSandbox' ? 'sandbox' : 'production' });
	const credential = c.node === 'webhooks' ? 'xAppOnlyApi' : 'xOAuth1Api';
	const started = Date.now();
	const result = await harness.runNode(
		{
			name: NODE_NAMES[c.node],
			type: NODE_TYPES[c.node],
			typeVersion: 1,
			parameters: c.node === 'ads' ? { authentication: 'xOAuth1Api', ...c.parameters } : c.parameters,
			credentials: { [credential]: { id: credential, name: credential }, ...(c.userContext ? { xOAuth1Api: { id: 'xOAuth1Api', name: 'xOAuth1Api' } } : {}) },
		},
		c.input,
	);
	return { result, ms: Date.now() - started, logs: harness.logs.map((l) => `${l.message} ${JSON.stringify(l.meta ?? {})}`).join('\n') };
}

const outputOf = (run: Run) => (run.result.error ? [] : run.result.output().map((i) => i.json));
/** What a run failed with: its error, or its first error item. */
function failureOf(run: Run): { message: string; description: string } | undefined {
	const error = run.result.error as (Error & { description?: string }) | undefined;
	if (error) return { message: error.message, description: String(error.description ?? '') };
	const item = outputOf(run).find((o) => typeof o.error === 'string');
	return item ? { message: String(item.error), description: String(item.description ?? item.message ?? '') } : undefined;
}

/** Everything every run must hold: bounded, nothing secret anywhere. */
function problemsOfAnyRun(run: Run, label: string): string[] {
	const problems: string[] = [];
	if (run.ms > BOUNDS.ms) problems.push(`${label}: took ${run.ms} ms`);
	if (hostile.requests.length > BOUNDS.requests) problems.push(`${label}: ${hostile.requests.length} requests`);
	const text = `${JSON.stringify(outputOf(run))}\n${errorText(run.result.error)}\n${run.logs}`;
	for (const secret of secretsIn(hostile, Object.values(CREDENTIALS))) if (text.includes(secret)) problems.push(`${label}: a secret (${secret.length} characters) reached the output, an error or a log line`);
	if (/oauth_signature="?[A-Za-z0-9%]{8,}/.test(text)) problems.push(`${label}: an OAuth signature reached the output, an error or a log line`);
	return problems;
}

/** What each mode must end with. */
function problemsOfMode(run: Run, mode: HostileMode, shape?: string): string[] {
	const label = shape ?? mode;
	const problems = problemsOfAnyRun(run, label);
	const failure = failureOf(run);
	if (mode === 'bigIds') {
		problems.push(...inexactIds(outputOf(run), hostile.issued).map((p) => `bigIds: ${p}`));
		problems.push(...hostile.rounded.map((r) => `bigIds: a request carried ${r}`));
	}
	if (mode === 'bigIds' || mode === 'echo' || mode === 'reorder') {
		if (failure) problems.push(`${label}: failed with ${failure.message}`);
	}
	if (mode === 'freshCursor' && failure && !/pagination did not end|brought no new/.test(failure.message)) problems.push(`freshCursor: failed with ${failure.message}`);
	if (mode === 'errors') {
		const spec = ERROR_SHAPES[shape!];
		if (!failure) problems.push(`${shape}: X's error was not reported`);
		else {
			if (!hostile.reasons.some((reason) => failure.message.includes(reason))) problems.push(`${shape}: X's reason is not in the message: ${failure.message}`);
			if (spec.code && !failure.message.includes(spec.code)) problems.push(`${shape}: X's code ${spec.code} is not in the message: ${failure.message}`);
			if (spec.hint && !spec.hint.test(`${failure.message} ${failure.description}`)) problems.push(`${shape}: no hint matching ${spec.hint}: ${failure.description}`);
		}
	}
	return problems;
}

const cases = everyOperationCase();
const covered = new Set<string>();
const operationOf = (c: Case) => `${NODE_NAMES[c.node]} ${c.resource}.${c.endpoint.operation}`;

describe('every operation of X Ads and X Webhooks against a hostile X', () => {
	test('the answers written from openapi.json (where X prints no example) conform to it', () => {
		const problems = SCHEMA_ANSWERS.flatMap((a) => {
			const c = cases.find((k) => k.resource === a.resource && k.endpoint.operation === a.operation)!;
			return v2ResponseProblems(c.endpoint.method, c.own!.path, 200, a.body).map((p) => `${a.resource}.${a.operation}: ${p}`);
		});
		expect(problems).toEqual([]);
	});

	test.each(cases.map((c) => [operationOf(c), c] as const))('%s', async (name, c) => {
		const plain = await runCase(c, undefined);
		expect([name, failureOf(plain)?.message]).toEqual([name, undefined]);
		const problems: string[] = [];
		for (const mode of MODES) problems.push(...problemsOfMode(await runCase(c, mode), mode));
		for (const shape of SHAPES) problems.push(...problemsOfMode(await runCase(c, 'errors', shape), 'errors', shape));
		expect(problems).toEqual([]);
		covered.add(name);
	});
});


// ---------------------------------------------------------------------------------------------
// The flows of many requests, against the emulator behind the hostile X: the upload, the sync, the
// report and every trigger source.

const env = engineSuite();
const TestMedia = binaryStartNode<IDataObject>('test.hostileMedia', 'Media', () => ({ ...mediaFile({ kind: 'mp4', bytes: SEGMENT_BYTES + 100 }), property: 'data' }));
fileInputSuite(env, TestMedia);

let emulatorHostile: HostileX;
beforeAll(async () => {
	emulatorHostile = await startHostileX(new URL(env.emulator.urls.api).origin);
});
afterAll(async () => emulatorHostile?.close());

interface FlowRun {
	failure?: { message: string; description: string };
	output: unknown[];
	logs: string;
	ms: number;
}

interface Flow {
	name: string;
	/** The node operation the flow is (counted among those covered). */
	operation?: string;
	run(): Promise<Omit<FlowRun, 'ms'>>;
}

const emulatorSecrets = () => [env.emulator.app.consumerKey, env.emulator.app.consumerSecret, env.emulator.users[0].accessToken, env.emulator.users[0].accessTokenSecret];
/** What a hostile X echoes into its deliveries: the App's key and secret, and the Authorization headers it saw (the bearer token, the user's OAuth 1.0a header). */
const deliveryEcho = () => {
	const seen = [...new Set(emulatorHostile.requests.map((r) => r.authorization).filter((a): a is string => !!a))].map((a) => `Authorization: ${a}`);
	return [env.emulator.app.consumerKey, env.emulator.app.consumerSecret, `Authorization: OAuth oauth_consumer_key="${env.emulator.app.consumerKey}", oauth_token="${env.emulator.users[0].accessToken}"`, ...seen].join(' ');
};
const fx = () => env.emulator.control.fixtures().production;
const failureOfResult = (result: WorkflowResult, node?: string) => {
	const error = result.error as (Error & { description?: string }) | undefined;
	if (error) return { message: error.message, description: String(error.description ?? '') };
	const item = (node ? result.output(node) : result.output()).map((i) => i.json).find((o) => typeof o.error === 'string');
	return item ? { message: String(item.error), description: String(item.description ?? item.message ?? '') } : undefined;
};
const logsOf = (harness: EngineHarness) => harness.logs.map((l) => `${l.message} ${JSON.stringify(l.meta ?? {})}`).join('\n');

async function adsFlow(parameters: INodeParameters, input: IDataObject[] = [{}]): Promise<Omit<FlowRun, 'ms'>> {
	const result = await env.ads(parameters, input);
	return { failure: failureOfResult(result), output: result.error ? [] : result.output().map((i) => i.json), logs: logsOf(env.harness) };
}

/** A trigger activated through the hostile X, `emit` making X send one event, deactivated after. */
async function triggerFlow(parameters: INodeParameters, emit: () => Promise<unknown>, options: { stream?: boolean; user?: 'xOAuth1Api' } = {}): Promise<Omit<FlowRun, 'ms'>> {
	const harness = triggerHarness(env.emulator);
	for (const type of ['xAppOnlyApi', 'xOAuth1Api', 'xOAuth2Api']) {
		const data = harness.credentialData(type);
		harness.setCredentialData(type, { ...data, apiBaseUrl: String(data.apiBaseUrl).replace(new URL(env.emulator.urls.api).origin, emulatorHostile.root) });
	}
	const cleanups: Array<() => Promise<unknown>> = [];
	try {
		if (options.stream) {
			const started = await harness.startTrigger(parameters.source === 'filteredStream' ? filteredStreamWorkflow(`wf-hostile-${Date.now()}`, parameters) : streamWorkflow(`wf-hostile-${Date.now()}`, env.emulator.users[0].userId, parameters)).catch((error: Error) => error);
			if (started instanceof Error) return { failure: { message: started.message, description: String((started as Error & { description?: string }).description ?? '') }, output: [], logs: logsOf(harness) };
			cleanups.push(() => started.close());
			await until('the stream', () => env.emulator.control.streamConnections().some((c) => c.disconnected_at === undefined && !c.stale), 5000);
			await emit();
			await until('the event', () => started.items().length > 0 || started.errors.length > 0, 8000);
			return { failure: started.errors[0] && { message: started.errors[0].message, description: '' }, output: started.items(), logs: logsOf(harness) };
		}
		const target = triggerWorkflow(parameters, options.user);
		const server = await served(harness, target, cleanups);
		const activated = await harness.activate(target).then(() => undefined, (error: Error) => error);
		if (activated) return { failure: { message: activated.message, description: String((activated as Error & { description?: string }).description ?? '') }, output: [], logs: logsOf(harness) };
		cleanups.push(() => harness.deactivate(target));
		await emit();
		await server.settled();
		return { output: server.executions.flatMap((e) => e.execution!.output().map((i) => i.json)), logs: logsOf(harness) };
	} finally {
		while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
	}
}

const user = () => env.emulator.users[0].userId;
const FLOWS: Flow[] = [
	{
		name: 'the upload (Media → Upload, a video in segments)',
		operation: 'X Ads media.upload',
		run: async () => {
			const result = await runXAdsAfter(env, { name: 'Media', type: 'test.hostileMedia', parameters: { files: JSON.stringify([{}]), store: 'item' } }, { resource: 'media', operation: 'upload', mediaCategory: 'amplify_video' });
			return { failure: failureOfResult(result, 'X Ads'), output: result.error ? [] : result.out(), logs: logsOf(env.harness) };
		},
	},
	{
		name: 'the sync (Product Catalog → Sync from items)',
		run: async () => adsFlow({ resource: 'productCatalog', operation: 'sync', catalog: fx().productCatalogId, syncOptions: { maxDeletePercent: 100 } }, [validProduct('h1'), validProduct('h2'), validProduct('h3')]),
	},
	{
		name: 'the report (Analytics → Run Report: jobs, status, download)',
		run: async () => {
			const ids = env.emulator.control.seedStatsEntities(fx().accountId, 'LINE_ITEM', 3);
			return adsFlow({ resource: 'analytics', operation: 'report', account: { __rl: true, mode: 'id', value: fx().accountId }, entity: 'LINE_ITEM', entityIds: ids.join(','), granularity: 'DAY', metricGroups: ['ENGAGEMENT'], placement: 'ALL_ON_TWITTER', startTime: '2026-02-01', endTime: '2026-02-04', waitOptions: { firstPoll: 0.02, maxPoll: 0.1, maxWait: 0.2 } });
		},
	},
	{
		name: 'the trigger, X Activity with webhook delivery',
		run: async () => triggerFlow({ source: 'activity', events: ['*'], subscriptions: { subscription: [{ userId: user(), eventTypes: ['post.create'] }] } }, () => env.emulator.control.emitActivity(user(), 'post.create', { id: '1870000000000000401', text: 'a post by the user', edit_history_tweet_ids: ['1870000000000000401'] })),
	},
	{
		name: 'the trigger, Account Activity (webhook)',
		run: async () => triggerFlow({ source: 'accountActivity' }, () => env.emulator.control.emitAccountActivity(user(), { direct_message_events: [{ type: 'message_create', id: '1900000000000000401', message_create: { sender_id: '1700000000000000042', target: { recipient_id: user() }, message_data: { text: 'help with my order' } } }] }), { user: 'xOAuth1Api' }),
	},
	{
		name: 'the trigger, Filtered-Stream Posts with webhook delivery',
		run: async () => triggerFlow({ source: 'filteredStream', rules: { rule: [{ value: 'acme', tag: 'brand' }] } }, () => env.emulator.control.emitFilteredPost({ id: '1860000000000000401', text: 'acme shoes on sale', author_id: user() })),
	},
	{
		name: 'the trigger, X Activity with stream delivery',
		run: async () => triggerFlow({ source: 'activity', subscriptions: { subscription: [{ userId: user(), eventTypes: ['post.create'] }] } }, () => env.emulator.control.emitActivity(user(), 'post.create', { id: '1870000000000000402', text: 'a post by the user', edit_history_tweet_ids: ['1870000000000000402'] }), { stream: true }),
	},
	{
		name: 'the trigger, Filtered-Stream Posts with stream delivery',
		run: async () => triggerFlow({ source: 'filteredStream' }, () => env.emulator.control.emitFilteredPost({ id: '1860000000000000402', text: 'acme news', author_id: user() }), { stream: true }),
	},
];

/** A flow's run in one mode, with the hostile X in front of the emulator and X's deliveries made hostile the same way. */
async function runFlow(flow: Flow, mode: HostileMode | undefined, shape?: string): Promise<FlowRun> {
	env.emulator.control.reset();
	env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
	env.emulator.control.setPlatformSettings({ keepAliveMs: 100 });
	env.harness.logs.length = 0;
	emulatorHostile.set(mode, { secrets: emulatorSecrets(), shape });
	// The echo as of each delivery: the Authorization headers X has seen by then.
	env.emulator.control.setDeliveryRewrite(mode ? (body) => hostileDelivery(mode, deliveryEcho(), emulatorHostile.issued)(body) : undefined);
	const restore = throughOrigin(env, emulatorHostile.root);
	const started = Date.now();
	try {
		return { ...(await flow.run()), ms: Date.now() - started };
	} finally {
		restore();
		env.emulator.control.setDeliveryRewrite(undefined);
	}
}

/** What every flow must end with in each mode: the checks of the operations, on the flow's output, errors and logs. */
function problemsOfFlow(run: FlowRun, mode: HostileMode, shape?: string): string[] {
	const label = shape ?? mode;
	const problems: string[] = [];
	if (run.ms > 30_000) problems.push(`${label}: took ${run.ms} ms`);
	const text = `${JSON.stringify(run.output)}\n${run.failure?.message ?? ''} ${run.failure?.description ?? ''}\n${run.logs}`;
	for (const secret of secretsIn(emulatorHostile, emulatorSecrets())) if (text.includes(secret)) problems.push(`${label}: a secret (${secret.length} characters) reached the output, an error or a log line`);
	if (/oauth_signature="?[A-Za-z0-9%]{8,}/.test(text)) problems.push(`${label}: an OAuth signature reached the output, an error or a log line`);
	if (mode === 'bigIds') problems.push(...inexactIds(run.output, emulatorHostile.issued).map((p) => `bigIds: ${p}`), ...emulatorHostile.rounded.map((r) => `bigIds: a request carried ${r}`));
	if ((mode === 'bigIds' || mode === 'echo' || mode === 'reorder') && run.failure) problems.push(`${label}: failed with ${run.failure.message}`);
	if ((mode === 'bigIds' || mode === 'echo' || mode === 'reorder') && !run.output.length) problems.push(`${label}: nothing came out`);
	if (mode === 'freshCursor' && run.failure && !/pagination did not end|brought no new/.test(run.failure.message)) problems.push(`freshCursor: failed with ${run.failure.message}`);
	if (mode === 'errors') {
		const spec = ERROR_SHAPES[shape!];
		if (!run.failure) problems.push(`${shape}: X's error was not reported`);
		else {
			if (!emulatorHostile.reasons.some((reason) => run.failure!.message.includes(reason))) problems.push(`${shape}: X's reason is not in the message: ${run.failure.message}`);
			if (spec.code && !run.failure.message.includes(spec.code)) problems.push(`${shape}: X's code ${spec.code} is not in the message: ${run.failure.message}`);
		}
	}
	return problems;
}

describe('the upload, the sync, the report and every trigger source against a hostile X', () => {
	test.each(FLOWS.map((f) => [f.name, f] as const))('%s', async (name, flow) => {
		const plain = await runFlow(flow, undefined);
		expect([name, plain.failure?.message, plain.output.length > 0]).toEqual([name, undefined, true]);
		const problems: string[] = [];
		for (const mode of MODES) problems.push(...problemsOfFlow(await runFlow(flow, mode), mode));
		for (const shape of SHAPES) problems.push(...problemsOfFlow(await runFlow(flow, 'errors', shape), 'errors', shape));
		expect(problems).toEqual([]);
		if (flow.operation) covered.add(flow.operation);
	}, 240_000);
});

describe('coverage', () => {
	test('every operation of X Ads and X Webhooks was run against every mode of the hostile X, as many as the conformance test counts', () => {
		const operations = xAdsAndXWebhooksOperations();
		console.log(`hostile X: ${covered.size} operations of X Ads and X Webhooks covered (of ${operations.length}), each in ${MODES.length} modes and ${SHAPES.length} error shapes; ${FLOWS.length} flows (the upload, the sync, the report, ${FLOWS.length - 3} trigger sources)`);
		expect([...covered].sort()).toEqual([...operations].sort());
	});
});
