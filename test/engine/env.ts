/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * One test environment: the X emulator on loopback and the engine harness with this package's
 * nodes and credentials, the credentials pointing at the emulator.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XOAuth1ConnectApi } from '../../credentials/XOAuth1ConnectApi.credentials';
import { XOAuth2Api } from '../../credentials/XOAuth2Api.credentials';
import { XAds } from '../../nodes/XAds/XAds.node';
import { XOAuth } from '../../nodes/XOAuth/XOAuth.node';
import { XWebhooks } from '../../nodes/XWebhooks/XWebhooks.node';
import type { XEmulator } from '../emulator';
import { startEmulator } from '../emulator';
import { EngineHarness } from '../harness';
import type { WorkflowResult } from '../harness';
import type { HostileX } from '../hostile/hostileX';
import { startHostileX } from '../hostile/hostileX';
import { everyV2RequestIsAnEndpoint } from './endpointConformance';

/** What every request of the nodes carries as User-Agent: the package and package.json's version, then n8n. */
export const PACKAGE_USER_AGENT = `n8n-nodes-x-ads/${(JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }).version} n8n`;

export const X_ADS = 'n8n-nodes-x-ads.xAds';
export const X_WEBHOOKS = 'n8n-nodes-x-ads.xWebhooks';
export const X_OAUTH = 'n8n-nodes-x-ads.xOAuth';
/** The scopes of the engine tests' X OAuth 2.0 credential (users[0]). */
export const OAUTH2_TEST_SCOPES = ['tweet.read', 'users.read', 'dm.read', 'dm.write', 'like.read', 'offline.access'];

/** The X User OAuth2 credential's data as n8n's "Connect my account" leaves it at the emulator: users[0]'s tokens with these scopes. */
export function oauth2CredentialData(emulator: XEmulator, scopes = OAUTH2_TEST_SCOPES): IDataObject {
	return {
		clientId: emulator.control.oauth2Client().clientId,
		clientSecret: emulator.control.oauth2Client().clientSecret,
		oauthServer: 'custom',
		customAuthUrl: `${emulator.urls.api}/2/oauth2/authorize`,
		customAccessTokenUrl: `${emulator.urls.api}/2/oauth2/token`,
		apiBaseUrl: emulator.urls.api,
		oauthTokenData: emulator.control.issueOAuth2Token(0, scopes) as unknown as IDataObject,
	};
}

export interface XTestEnv {
	emulator: XEmulator;
	harness: EngineHarness;
	/** Everything secret the credentials hold: no error may contain any of these. */
	secrets: string[];
	/** Every workflow error and error item the tests provoked, for the no-secret sweep. */
	provokedErrors: unknown[];
	/** typeVersion: default 1, a saved workflow's node (Simplify off); 2 is what a new node gets. */
	ads(parameters: INodeParameters, input?: IDataObject[], settings?: { continueOnFail?: boolean; connect?: boolean; typeVersion?: number }): Promise<WorkflowResult>;
	/** userContext: the node also holds the X OAuth 1.0a credential of users[0] (private activity kinds), or with 'oauth2' the X OAuth 2.0 one. */
	webhooks(parameters: INodeParameters, input?: IDataObject[], settings?: { continueOnFail?: boolean; userContext?: boolean | 'oauth2' }): Promise<WorkflowResult>;
	/** Runs the X OAuth node: xOAuth1Api for resource oauth1, xAppOnlyApi for resource bearerToken. */
	oauth(parameters: INodeParameters, input?: IDataObject[], settings?: { continueOnFail?: boolean }): Promise<WorkflowResult>;
	useEnvironment(environment: 'production' | 'sandbox'): void;
	/** Gives the X OAuth 2.0 credential fresh tokens of users[0] (a reset forgets the issued ones). */
	connectOAuth2(scopes?: string[]): void;
	close(): Promise<void>;
}

export async function startXTestEnv(): Promise<XTestEnv> {
	const emulator = await startEmulator();
	const user = emulator.users[0];
	const urls = { apiBaseUrl: emulator.urls.api, adsBaseUrl: emulator.urls.ads, adsSandboxBaseUrl: emulator.urls.adsSandbox };
	const harness = new EngineHarness({
		nodeTypes: [XAds, XWebhooks, XOAuth],
		credentialTypes: [XOAuth1Api, XOAuth1ConnectApi, XAppOnlyApi, XOAuth2Api],
		credentials: {
			xOAuth1Api: {
				consumerKey: emulator.app.consumerKey,
				consumerSecret: emulator.app.consumerSecret,
				accessToken: user.accessToken,
				accessTokenSecret: user.accessTokenSecret,
				environment: 'production',
				...urls,
			},
			xOAuth1ConnectApi: {
				consumerKey: emulator.app.consumerKey,
				consumerSecret: emulator.app.consumerSecret,
				signatureMethod: 'HMAC-SHA1',
				oauthTokenData: { oauth_token: user.accessToken, oauth_token_secret: user.accessTokenSecret },
				environment: 'production',
				...urls,
			},
			xAppOnlyApi: {
				apiKey: emulator.app.consumerKey,
				apiKeySecret: emulator.app.consumerSecret,
				apiBaseUrl: emulator.urls.api,
			},
			// Connected as n8n's "Connect my account" leaves it: users[0]'s OAuth 2.0 tokens (test/engine/oauth2.test.ts runs the flow).
			xOAuth2Api: oauth2CredentialData(emulator),
		},
	});
	const provokedErrors: unknown[] = [];
	const record = async (pending: Promise<WorkflowResult>) => {
		const result = await pending;
		if (result.error) provokedErrors.push(result.error);
		if (!result.error) provokedErrors.push(...result.output().filter((i) => i.json.error).map((i) => i.json));
		return result;
	};
	const env: XTestEnv = {
		emulator,
		harness,
		secrets: [emulator.app.consumerSecret, user.accessToken, user.accessTokenSecret],
		provokedErrors,
		ads: (parameters, input = [{}], settings = {}) => {
			const type = settings.connect ? 'xOAuth1ConnectApi' : 'xOAuth1Api';
			return record(harness.runNode(
				{
					name: 'X Ads',
					type: X_ADS,
					typeVersion: settings.typeVersion ?? 1,
					parameters: { authentication: type, ...parameters },
					credentials: { [type]: { id: type, name: type } },
				},
				input,
				{ continueOnFail: settings.continueOnFail },
			));
		},
		webhooks: (parameters, input = [{}], settings = {}) =>
			record(
				harness.runNode(
					{
						name: 'X Webhooks',
						type: X_WEBHOOKS,
						parameters,
						credentials: {
							xAppOnlyApi: { id: 'xAppOnlyApi', name: 'xAppOnlyApi' },
							...(settings.userContext === 'oauth2'
								? { xOAuth2Api: { id: 'xOAuth2Api', name: 'xOAuth2Api' } }
								: settings.userContext
									? { xOAuth1Api: { id: 'xOAuth1Api', name: 'xOAuth1Api' } }
									: {}),
						},
					},
					input,
					{ continueOnFail: settings.continueOnFail },
				),
			),
		oauth: (parameters, input = [{}], settings = {}) => {
			const type = parameters.resource === 'bearerToken' ? 'xAppOnlyApi' : 'xOAuth1Api';
			return record(
				harness.runNode(
					{ name: 'X OAuth', type: X_OAUTH, parameters, credentials: { [type]: { id: type, name: type } } },
					input,
					{ continueOnFail: settings.continueOnFail },
				),
			);
		},
		useEnvironment: (environment) => {
			for (const type of ['xOAuth1Api', 'xOAuth1ConnectApi']) {
				harness.setCredentialData(type, { ...harness.credentialData(type), environment });
			}
		},
		connectOAuth2: (scopes = OAUTH2_TEST_SCOPES) => {
			harness.setCredentialData('xOAuth2Api', { ...harness.credentialData('xOAuth2Api'), oauthTokenData: emulator.control.issueOAuth2Token(0, scopes) as unknown as IDataObject });
		},
		close: () => emulator.close(),
	};
	return env;
}

/** Everything an error exposes when n8n stores or shows it. */
export function errorText(error: unknown): string {
	const e = error as Record<string, unknown>;
	return [
		String(e?.message ?? ''),
		String(e?.description ?? ''),
		JSON.stringify(e?.context ?? {}),
		JSON.stringify(e?.errorResponse ?? {}),
		JSON.stringify(e ?? {}),
		String(e?.stack ?? ''),
	].join('\n');
}

/**
 * The engine suites' set-up, in one place: one environment per test file (started before the
 * first test, closed after the last), the emulator reset and the production host chosen before
 * each test. The returned object stands for the environment once it has started.
 *
 *   const env = engineSuite();
 *   const { fx, requests, q, paired, ads } = suiteHelpers(env);
 */
export function engineSuite(): XTestEnv {
	let current: XTestEnv | undefined;
	beforeAll(async () => {
		current = await startXTestEnv();
	});
	afterAll(async () => current?.close());
	// X Webhooks' suites (and the X Ads ones, which send no v2 request) are checked too.
	everyV2RequestIsAnEndpoint(() => current?.emulator, { mayHaveNone: true });
	beforeEach(() => {
		current!.emulator.control.reset();
		current!.useEnvironment('production');
		current!.connectOAuth2();
	});
	return new Proxy({} as XTestEnv, {
		get: (_target, key) => {
			if (!current) throw new Error('the engine suite starts in beforeAll: use the environment inside tests and hooks');
			return Reflect.get(current, key);
		},
	});
}

/** The look-ups most engine tests use, bound to one environment. */
export function suiteHelpers(env: XTestEnv) {
	return {
		fx: () => env.emulator.control.fixtures().production,
		sandboxFx: () => env.emulator.control.fixtures().sandbox,
		requests: () => env.emulator.control.requests(),
		q: (raw: string) => new URLSearchParams(raw),
		paired: (items: Array<{ pairedItem?: unknown }>) => items.map((i) => (i.pairedItem as { item: number }).item),
		/** Runs the X Ads node and returns its output's JSON; a failed run throws its error. */
		ads: async (parameters: INodeParameters, input?: IDataObject[]) => {
			const result = await env.ads(parameters, input);
			if (result.error) throw result.error;
			return result.output().map((i) => i.json);
		},
	};
}

/** Runs `run` with the X OAuth 1.0a credential's Ads base URL pointed elsewhere (a hostile upstream), then restores it. */
export async function withAdsBaseUrl<T>(env: XTestEnv, adsBaseUrl: string, run: () => Promise<T>): Promise<T> {
	const saved = env.harness.credentialData('xOAuth1Api');
	env.harness.setCredentialData('xOAuth1Api', { ...saved, adsBaseUrl });
	try {
		return await run();
	} finally {
		env.harness.setCredentialData('xOAuth1Api', saved);
	}
}

/**
 * For suites whose input is files: registers their test start nodes and runs n8n's binary data
 * service in filesystem mode, as n8n runs it (files under a temp folder, removed after the suite).
 */
export function fileInputSuite(env: XTestEnv, ...startNodes: Array<new () => INodeType>): void {
	let storage: string;
	beforeAll(async () => {
		for (const node of startNodes) env.harness.nodeTypes.register(node);
		storage = mkdtempSync(join(tmpdir(), 'n8n-binary-'));
		const service = Container.get(BinaryDataService);
		Object.assign((service as unknown as { config: IDataObject }).config, { mode: 'filesystem', localStoragePath: storage });
		await service.init();
	});
	afterAll(() => rmSync(storage, { recursive: true, force: true }));
}

/** One file a test start node emits: its bytes and name, the item's JSON, and its binary property (null: the item has none). */
export interface TestBinary {
	bytes: Buffer;
	fileName: string;
	mimeType: string;
	property?: string | null;
	json?: IDataObject;
}

/**
 * A test-only start node `type`: its parameters `files` (a JSON list of specs) and `store` ('item':
 * the bytes held in the item; 'filesystem': stored by n8n's binary data service, read back as a
 * stream); one item per spec, `toBinary` making the spec's file.
 */
export function binaryStartNode<Spec>(type: string, displayName: string, toBinary: (spec: Spec) => TestBinary): new () => INodeType {
	return class implements INodeType {
		description = {
			displayName,
			name: type,
			group: ['input'],
			version: 1,
			description: 'Emits one item per file spec with the file as binary data (engine tests only)',
			defaults: { name: displayName },
			inputs: ['main'],
			outputs: ['main'],
			properties: [
				{ displayName: 'Files', name: 'files', type: 'json', default: '[]' },
				{ displayName: 'Store', name: 'store', type: 'string', default: 'item' },
			],
		} as unknown as INodeTypeDescription;

		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const specs = JSON.parse(this.getNodeParameter('files', 0) as string) as Spec[];
			const store = this.getNodeParameter('store', 0) as string;
			const out: INodeExecutionData[] = [];
			for (const spec of specs) {
				const { bytes, fileName, mimeType, property, json } = toBinary(spec);
				const binary = store === 'filesystem' ? await this.helpers.prepareBinaryData(bytes, fileName, mimeType) : { data: bytes.toString('base64'), mimeType, fileName };
				out.push({ json: json ?? {}, binary: property === null ? undefined : { [property ?? 'data']: binary } });
			}
			return [out];
		}
	};
}

/** Runs a start node (name, type, parameters) then the X Ads node; `out()` gives X Ads' JSON. */
export async function runXAdsAfter(env: XTestEnv, start: { name: string; type: string; parameters: INodeParameters }, parameters: INodeParameters, continueOnFail?: boolean) {
	const result = await env.harness.run({
		nodes: [
			start,
			{
				name: 'X Ads',
				type: X_ADS,
				parameters: { authentication: 'xOAuth1Api', ...parameters },
				credentials: { xOAuth1Api: { id: 'xOAuth1Api', name: 'xOAuth1Api' } },
				...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			},
		],
		connections: { [start.name]: { main: [[{ node: 'X Ads', type: 'main', index: 0 }]] } },
		startNode: start.name,
	});
	return { ...result, out: () => result.output('X Ads').map((i) => i.json) };
}

/**
 * Points every credential's base URLs (and the X User OAuth2 credential's token URLs) at `root`
 * instead of the emulator's origin, e.g. a hostile X in front of it (test/hostile/hostileX.ts);
 * returns what puts them back.
 */
export function throughOrigin(env: XTestEnv, root: string): () => void {
	const origin = new URL(env.emulator.urls.api).origin;
	const saved = ['xOAuth1Api', 'xOAuth1ConnectApi', 'xAppOnlyApi', 'xOAuth2Api'].map((type) => [type, env.harness.credentialData(type)] as const);
	for (const [type, data] of saved) {
		const moved: IDataObject = { ...data };
		for (const key of ['apiBaseUrl', 'adsBaseUrl', 'adsSandboxBaseUrl', 'customAuthUrl', 'customAccessTokenUrl']) {
			if (typeof moved[key] === 'string') moved[key] = (moved[key] as string).replace(origin, root);
		}
		env.harness.setCredentialData(type, moved);
	}
	return () => {
		for (const [type, data] of saved) env.harness.setCredentialData(type, data);
	};
}

/**
 * A hostile X (test/hostile/hostileX.ts) in front of the suite's emulator for one describe block:
 * started before its first test, closed after the last; after each test the credentials point at
 * the emulator again and its mode is cleared. `routeEach`: every test's requests go through it
 * (else a test calls route()).
 */
export function hostileXFor(env: XTestEnv, options: { routeEach?: boolean } = {}): { readonly x: HostileX; route(): void } {
	const state: { hostile?: HostileX; restore?: () => void } = {};
	const route = () => {
		state.restore = throughOrigin(env, state.hostile!.root);
	};
	beforeAll(async () => {
		state.hostile = await startHostileX(new URL(env.emulator.urls.api).origin);
	});
	afterAll(async () => state.hostile?.close());
	if (options.routeEach) beforeEach(route);
	afterEach(() => {
		state.restore?.();
		state.restore = undefined;
		state.hostile?.set(undefined);
	});
	return {
		get x() {
			return state.hostile!;
		},
		route,
	};
}
