/**
 * Credential type registry (what packages/cli's CredentialTypes does on top of the loader):
 * lookup by name, `extends` chains, and the supported-nodes list.
 *
 * n8n-nodes-base is not installed, so when a registered credential extends `oAuth1Api` and no
 * `oAuth1Api` type was supplied, a stand-in with the same fields as n8n's generic OAuth1
 * credential is registered (it matters for the defaults n8n applies, e.g. `signatureMethod`).
 */
import type { ICredentialType, INodeProperties, INodeType, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

export type CredentialTypeInput = ICredentialType | (new () => ICredentialType);

/** Stand-in for n8n-nodes-base's generic `oAuth1Api` credential (fields n8n-core reads). */
export class OAuth1ApiBase implements ICredentialType {
	name = 'oAuth1Api';

	displayName = 'OAuth1 API';

	genericAuth = true;

	properties: INodeProperties[] = [
		{ displayName: 'Authorization URL', name: 'authUrl', type: 'string', default: '', required: true },
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '', required: true },
		{ displayName: 'Consumer Key', name: 'consumerKey', type: 'string', default: '', required: true },
		{
			displayName: 'Consumer Secret',
			name: 'consumerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{ displayName: 'Request Token URL', name: 'requestTokenUrl', type: 'string', default: '', required: true },
		{
			displayName: 'Signature Method',
			name: 'signatureMethod',
			type: 'options',
			options: [
				{ name: 'HMAC-SHA1', value: 'HMAC-SHA1' },
				{ name: 'HMAC-SHA256', value: 'HMAC-SHA256' },
				{ name: 'HMAC-SHA512', value: 'HMAC-SHA512' },
			],
			default: 'HMAC-SHA1',
			required: true,
		},
	];
}

/** Stand-in for n8n-nodes-base's generic `oAuth2Api` credential (the fields n8n-core's requestOAuth2 reads). */
export class OAuth2ApiBase implements ICredentialType {
	name = 'oAuth2Api';

	displayName = 'OAuth2 API';

	genericAuth = true;

	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			options: [
				{ name: 'Authorization Code', value: 'authorizationCode' },
				{ name: 'Client Credentials', value: 'clientCredentials' },
				{ name: 'PKCE', value: 'pkce' },
			],
			default: 'authorizationCode',
		},
		{ displayName: 'Authorization URL', name: 'authUrl', type: 'string', default: '', required: true },
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '', required: true },
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', required: true },
		{ displayName: 'Client Secret', name: 'clientSecret', type: 'string', typeOptions: { password: true }, default: '' },
		{ displayName: 'Scope', name: 'scope', type: 'string', default: '' },
		{ displayName: 'Auth URI Query Parameters', name: 'authQueryParameters', type: 'string', default: '' },
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{ name: 'Body', value: 'body' },
				{ name: 'Header', value: 'header' },
			],
			default: 'header',
		},
		{ displayName: 'Ignore SSL Issues', name: 'ignoreSSLIssues', type: 'boolean', default: false },
	];
}

export class HarnessCredentialTypes {
	private readonly types = new Map<string, ICredentialType>();

	constructor(private readonly nodeTypesForSupport: () => Array<[string, INodeType | IVersionedNodeType]>) {}

	register(input: CredentialTypeInput) {
		const type = typeof input === 'function' ? new input() : input;
		this.types.set(type.name, type);
		return type.name;
	}

	/** Adds stand-ins for well-known base types that are extended but were not supplied. */
	completeBaseTypes() {
		for (const type of [...this.types.values()]) {
			if (this.getParentTypes(type.name).includes('oAuth1Api') && !this.types.has('oAuth1Api')) {
				this.register(OAuth1ApiBase);
			}
			if (this.getParentTypes(type.name).includes('oAuth2Api') && !this.types.has('oAuth2Api')) {
				this.register(OAuth2ApiBase);
			}
		}
	}

	recognizes(name: string) {
		return this.types.has(name);
	}

	names() {
		return [...this.types.keys()];
	}

	getByName(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) throw new UnexpectedError(`Unknown credential type "${name}" (known: ${this.names().join(', ')})`);
		return type;
	}

	/** All ancestors via `extends` (names of unknown ancestors are included, not followed). */
	getParentTypes(name: string): string[] {
		const parents: string[] = [];
		const visit = (typeName: string) => {
			for (const parent of this.types.get(typeName)?.extends ?? []) {
				if (parents.includes(parent)) continue;
				parents.push(parent);
				visit(parent);
			}
		};
		visit(name);
		return parents;
	}

	/** Full names of the registered node types whose description lists this credential. */
	getSupportedNodes(name: string): string[] {
		const supported: string[] = [];
		for (const [typeName, type] of this.nodeTypesForSupport()) {
			const versions = 'nodeVersions' in type ? Object.values(type.nodeVersions) : [type];
			if (versions.some((v) => v.description.credentials?.some((c) => c.name === name))) {
				supported.push(typeName);
			}
		}
		return supported;
	}

	/** Properties including inherited ones (parents first, own ones win), like n8n's helper. */
	getCredentialsProperties(name: string): INodeProperties[] {
		const type = this.getByName(name);
		if (type.extends === undefined) {
			if (['oAuth1Api', 'oAuth2Api'].includes(name)) {
				return [
					...type.properties,
					{ displayName: 'oauthTokenData', name: 'oauthTokenData', type: 'json', required: false, default: {} },
				];
			}
			return type.properties;
		}
		const combined: INodeProperties[] = [];
		for (const parent of type.extends) {
			if (!this.recognizes(parent)) continue;
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, type.properties);
		return combined;
	}
}
