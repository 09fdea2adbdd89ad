/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The harness' ICredentialsHelper: the piece of packages/cli that n8n-core calls back into.
 *
 * It mirrors packages/cli/src/credentials-helper.ts where behaviour matters to nodes:
 *  - `authenticate`: function form is called; the generic declarative form (IAuthenticateGeneric)
 *    is applied by resolving each key/value through the workflow's expression engine with
 *    `$credentials` (so '={{$credentials.token}}' works exactly as in n8n);
 *  - `preAuthentication`: only for types with a hidden `typeOptions.expirable` field; runs when that
 *    field is empty, when n8n-core reports the credential expired (401 retry) or for a credential
 *    test; the output is persisted to the store (never overwriting stored expressions except the
 *    expirable field) and merged into the in-flight credential data;
 *  - `getDecrypted`: stored data + credential type defaults (NodeHelpers.getNodeParameters), the
 *    `oauthTokenData` passthrough, then expression resolution (`$secrets`, `$vars`, item data). As
 *    n8n 2.x, a stored value of an OAuth URL field (OAUTH_PINNED_FIELDS) that the type declares
 *    hidden is dropped, so the type's default applies (`keepStoredHiddenOAuthFields` emulates 1.x).
 * Storage is an in-memory map (the "database"): plain objects, no encryption, no overwrites,
 * no dynamic/external credentials.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsEncrypted,
	ICredentialsExpressionResolveValues,
	IDataObject,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IWorkflowDataProxyAdditionalKeys,
	IWorkflowExecuteAdditionalData,
	Workflow as WorkflowType,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	ICredentials,
	ICredentialsHelper,
	LoggerProxy,
	NodeHelpers,
	UnexpectedError,
	UserError,
	Workflow,
	getCredentialOwnRequestAllowedDomains,
	isExpression,
} from 'n8n-workflow';
import { getAdditionalKeys } from 'n8n-core';

import type { HarnessCredentialTypes } from './credential-types';
import { recordCredentialSecrets } from './recording';

export interface StoredCredential {
	id: string;
	name: string;
	type: string;
	data: ICredentialDataDecryptedObject;
}

const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

/** In-memory credential "table", keyed by id. */
export class CredentialStore {
	private readonly rows = new Map<string, StoredCredential>();

	set(row: StoredCredential) {
		this.rows.set(row.id, { ...row, data: clone(row.data) });
		recordCredentialSecrets(row.type, row.data);
	}

	get(id: string): StoredCredential | undefined {
		const row = this.rows.get(id);
		return row && { ...row, data: clone(row.data) };
	}

	has(id: string) {
		return this.rows.has(id);
	}

	delete(id: string) {
		this.rows.delete(id);
	}

	byType(type: string): StoredCredential[] {
		return [...this.rows.values()].filter((row) => row.type === type).map((row) => ({ ...row, data: clone(row.data) }));
	}
}

/** ICredentials over the in-memory store (data kept as plain JSON, not encrypted). */
class StoredCredentials extends ICredentials {
	constructor(details: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject) {
		super(details, type, JSON.stringify(data));
	}

	async getData(): Promise<ICredentialDataDecryptedObject> {
		return JSON.parse(this.data ?? '{}') as ICredentialDataDecryptedObject;
	}

	getDataToSave(): ICredentialsEncrypted {
		return { id: this.id, name: this.name, type: this.type, data: this.data };
	}

	async setData(data: ICredentialDataDecryptedObject): Promise<void> {
		this.data = JSON.stringify(data);
	}

	async updateData(toUpdate: Partial<ICredentialDataDecryptedObject>, toDelete: string[] = []): Promise<void> {
		const data = { ...(await this.getData()), ...toUpdate } as ICredentialDataDecryptedObject;
		for (const key of toDelete) delete data[key];
		await this.setData(data);
	}
}

const mockNode: INode = {
	id: 'credential-mock',
	name: '',
	type: 'mock',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const mockNodeTypes: INodeTypes = {
	getByName: () => ({ description: { properties: [] } }) as unknown as INodeType,
	getByNameAndVersion: () => ({ description: { properties: [] } }) as unknown as INodeType,
	getKnownTypes: () => ({}),
};

/** Narrows the helpers handed to `preAuthentication` to httpRequest, honouring the credential's domain allowlist. */
function restrictedHelpers(helpers: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): IHttpRequestHelper {
	return {
		helpers: {
			httpRequest: async (options: IHttpRequestOptions) => {
				const allowedDomains = getCredentialOwnRequestAllowedDomains(credentials);
				if (allowedDomains === undefined) return await helpers.helpers.httpRequest(options);
				if (options.allowedDomains !== undefined) {
					throw new UserError(
						'This credential restricts requests to specific domains, which cannot be combined with the domains its authentication step asks for.',
					);
				}
				return await helpers.helpers.httpRequest({ ...options, allowedDomains });
			},
		},
	};
}

/** n8n 2.x's OAUTH_PINNED_FIELDS (packages/cli/src/oauth/dcr-managed-fields.ts). */
const OAUTH_PINNED_FIELDS = ['useDynamicClientRegistration', 'authUrl', 'accessTokenUrl', 'grantType', 'authentication', 'usePkce', 'requestTokenUrl', 'signatureMethod'];

export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** n8n 1.x: a stored value of a hidden OAuth URL field wins over the type's default. */
	keepStoredHiddenOAuthFields = false;

	/** Every preAuthentication call the helper made, in order (for assertions). */
	readonly preAuthenticationCalls: Array<{ type: string; node: string; expired: boolean; testing: boolean }> = [];

	constructor(
		private readonly credentialTypes: HarnessCredentialTypes,
		private readonly store: CredentialStore,
	) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: WorkflowType,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions & Record<string, unknown>;
		const { authenticate } = this.credentialTypes.getByName(typeName);
		if (!authenticate) return requestOptions;

		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions);
		}

		if (!workflow || !node) {
			throw new UnexpectedError('Workflow and node are required for declarative credential authentication');
		}
		if (requestOptions.headers === undefined) requestOptions.headers = {};
		if (authenticate.type === 'generic') {
			const additionalKeys = { $credentials: credentials } as unknown as IWorkflowDataProxyAdditionalKeys;
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				for (const [key, value] of Object.entries(outerValue as IDataObject)) {
					const keyResolved = this.resolveValue(key, additionalKeys, workflow, node);
					const valueResolved = this.resolveValue(value as string, additionalKeys, workflow, node);
					const target = (requestOptions[outerKey] ?? {}) as IDataObject;
					target[keyResolved] = valueResolved;
					requestOptions[outerKey] = target;
				}
			}
		}
		return requestOptions;
	}

	private resolveValue(
		value: string,
		additionalKeys: IWorkflowDataProxyAdditionalKeys,
		workflow: WorkflowType,
		node: INode,
	): string {
		if (!isExpression(value)) return value;
		const resolved = workflow.expression.getSimpleParameterValue(node, value, 'internal', additionalKeys, undefined, '');
		if (!resolved) return '';
		return resolved.toString();
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.credentialTypes.getByName(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirable?.name === undefined) return undefined;
		if (typeof credentialType.preAuthentication !== 'function') return undefined;

		// n8n's credential test runs on a temporary NoOp node with parameter temp = ''
		const isTestingCredentials = node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (!(credentials[expirable.name] === '' || credentialsExpired || isTestingCredentials)) return undefined;

		this.preAuthenticationCalls.push({
			type: typeName,
			node: node?.name,
			expired: credentialsExpired,
			testing: isTestingCredentials,
		});
		LoggerProxy.debug(`harness: running preAuthentication of credential type "${typeName}"`, {
			node: node?.name,
			expired: credentialsExpired,
		});
		const output = await credentialType.preAuthentication.call(restrictedHelpers(helpers, credentials), credentials);
		if (output[expirable.name] === undefined) return undefined;
		if (!node.credentials) return undefined;

		const nodeCredentials = node.credentials[credentialType.name];
		if (nodeCredentials && this.store.has(this.credentialId(nodeCredentials, typeName))) {
			const storedData = await (await this.getCredentials(nodeCredentials, credentialType.name)).getData();
			const dataToPersist: ICredentialDataDecryptedObject = { ...storedData };
			for (const [key, value] of Object.entries(output as ICredentialDataDecryptedObject)) {
				if (key === expirable.name || !isExpression(storedData[key])) dataToPersist[key] = value;
			}
			await this.updateCredentials(nodeCredentials, credentialType.name, dataToPersist);
		}
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.credentialTypes.getByName(typeName);
		if (typeof credentialType.preAuthentication !== 'function') return undefined;
		const output = await credentialType.preAuthentication.call(restrictedHelpers(helpers, credentials), credentials);
		return (output as ICredentialDataDecryptedObject) ?? undefined;
	}

	getParentTypes(name: string): string[] {
		return this.credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		if (!this.credentialTypes.recognizes(credentialType)) return true;
		const type = this.credentialTypes.getByName(credentialType);
		if (!type.restrictToSupportedNodes) return true;
		return this.credentialTypes.getSupportedNodes(credentialType).includes(nodeType);
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialTypes.getCredentialsProperties(type);
	}

	private credentialId(nodeCredentials: INodeCredentialsDetails | undefined, type: string): string {
		return nodeCredentials?.id ?? type;
	}

	private row(nodeCredentials: INodeCredentialsDetails | undefined, type: string): StoredCredential {
		const id = this.credentialId(nodeCredentials, type);
		const row = this.store.get(id);
		if (!row || row.type !== type) {
			throw new UserError(`Credential with ID "${id}" does not exist for type "${type}".`);
		}
		return row;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const row = this.row(nodeCredentials, type);
		return new StoredCredentials({ id: row.id, name: row.name }, row.type, row.data);
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const { data } = this.row(nodeCredentials, type);
		if (raw === true) return data;
		return await this.applyDefaultsAndOverwrites(additionalData, data, type, mode, executeData, expressionResolveValues);
	}

	/** Credential type defaults + expression resolution (n8n's applyDefaultsAndOverwrites, minus overwrites). */
	async applyDefaultsAndOverwrites(
		additionalData: IWorkflowExecuteAdditionalData,
		original: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const properties = this.getCredentialsProperties(type);
		const stored = clone(original) as INodeParameters;
		if (!this.keepStoredHiddenOAuthFields) {
			for (const field of OAUTH_PINNED_FIELDS) if (properties.some((p) => p.name === field && p.type === 'hidden')) delete stored[field];
		}
		let decrypted = NodeHelpers.getNodeParameters(
			properties,
			stored,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;

		if (original.oauthTokenData !== undefined) decrypted.oauthTokenData = clone(original.oauthTokenData);
		for (const key of ['allowedHttpRequestDomains', 'allowedDomains']) {
			if (decrypted[key] === undefined && original[key] !== undefined) decrypted[key] = original[key];
		}

		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { isCredential: true });
		if (expressionResolveValues) {
			try {
				decrypted = expressionResolveValues.workflow.expression.getParameterValue(
					decrypted as INodeParameters,
					expressionResolveValues.runExecutionData,
					expressionResolveValues.runIndex,
					expressionResolveValues.itemIndex,
					expressionResolveValues.node.name,
					expressionResolveValues.connectionInputData,
					mode,
					additionalKeys,
					executeData,
					false,
					decrypted,
				) as ICredentialDataDecryptedObject;
			} catch (e) {
				(e as Error).message += ' [Error resolving credentials]';
				throw e;
			}
		} else {
			const workflow = new Workflow({ nodes: [mockNode], connections: {}, active: false, nodeTypes: mockNodeTypes });
			decrypted = workflow.expression.getComplexParameterValue(
				mockNode,
				decrypted as INodeParameters,
				mode,
				additionalKeys,
				undefined,
				undefined,
				decrypted,
			) as ICredentialDataDecryptedObject;
		}
		return decrypted;
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const row = this.row(nodeCredentials, type);
		this.store.set({ ...row, data });
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const row = this.row(nodeCredentials, type);
		this.store.set({ ...row, data: { ...row.data, oauthTokenData: data.oauthTokenData } });
	}
}
