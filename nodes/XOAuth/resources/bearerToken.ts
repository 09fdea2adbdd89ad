/**
 * The App's OAuth 2.0 bearer token (one outstanding per App): issue and invalidate.
 * https://docs.x.com/fundamentals/authentication/oauth-2-0/application-only
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { appKeysRequest } from '../../shared/transport/bearer';
import type { CheckedItem, Resource } from '../../shared/engine/endpoints';
import { percentEncode } from '../../shared/transport/oauth1';
import { xCredentials } from '../../shared/transport/transport';

async function issueBearer(ctx: IExecuteFunctions): Promise<IDataObject[]> {
	const credentials = await xCredentials(ctx, 'app');
	return [await appKeysRequest(ctx, credentials, '/oauth2/token', 'grant_type=client_credentials')];
}

async function invalidateBearer(ctx: IExecuteFunctions, item: CheckedItem): Promise<IDataObject[]> {
	const credentials = await xCredentials(ctx, 'app');
	// The hidden accessToken is '' until the credential was first used: fall back to a pasted token.
	const token = String(item.values.access_token || credentials.accessToken || credentials.bearerToken || '');
	if (!token) {
		throw new NodeOperationError(ctx.getNode(), `Item ${item.itemIndex}: Bearer Token (access_token) is needed: the credential holds none yet`, {
			itemIndex: item.itemIndex,
			description: 'Give the token to invalidate under Bearer Token (for example the access_token output of Issue), or paste it into the credential\'s Bearer Token field.',
		});
	}
	return [await appKeysRequest(ctx, credentials, '/oauth2/invalidate_token', `access_token=${bearerFormValue(token)}`)];
}

/**
 * The token as X's guide sends it (https://docs.x.com/fundamentals/authentication/oauth-2-0/application-only):
 * X hands it out already percent-encoded (AAAA%2FAAA%3D...) and takes it back as it came. A token
 * pasted decoded (AAAA/AAA=...) is encoded once; one as X gave it is never encoded a second time.
 */
export function bearerFormValue(token: string): string {
	let decoded = token;
	try {
		decoded = decodeURIComponent(token);
	} catch {
		// A lone % is no escape: the token is taken as it is written.
	}
	return percentEncode(decoded);
}

export const bearerTokenResource: Resource = {
	name: 'Bearer Token',
	value: 'bearerToken',
	description: 'The App\'s OAuth 2.0 bearer token (one outstanding per App)',
	endpoints: [
		{
			operation: 'issue',
			name: 'Issue',
			action: 'Issue a bearer token',
			description: 'Get the App\'s bearer token (X returns the same one while it is outstanding)',
			method: 'POST',
			host: 'api',
			auth: 'app',
			path: '/oauth2/token',
			run: issueBearer,
		},
		{
			operation: 'invalidate',
			name: 'Invalidate',
			action: 'Invalidate a bearer token',
			description: 'Revoke the App\'s bearer token; the next one issued differs',
			method: 'POST',
			host: 'api',
			auth: 'app',
			path: '/oauth2/invalidate_token',
			fields: [{ wire: 'access_token', label: 'Bearer Token', type: 'string', secret: true, description: 'Default: the token the credential holds' }],
			run: invalidateBearer,
		},
	],
};
