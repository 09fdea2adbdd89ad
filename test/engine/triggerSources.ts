/**
 * Shared set-up of the X Trigger source tests (Account Activity, filtered stream): a harness with
 * the trigger and the App's, users[0]'s OAuth 1.0a and OAuth2 credentials, its webhooks served on
 * loopback (the emulator accepts loopback callbacks in these tests).
 */
import type { INodeParameters } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import { XOAuth2Api } from '../../credentials/XOAuth2Api.credentials';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import type { XEmulator } from '../emulator';
import type { ServedWebhooks, TriggerWorkflow } from '../harness';
import { EngineHarness } from '../harness';

let counter = 0;

export function triggerHarness(emulator: XEmulator): EngineHarness {
	const user = emulator.users[0];
	const { clientId, clientSecret } = emulator.control.oauth2Client();
	return new EngineHarness({
		nodeTypes: [XTrigger],
		credentialTypes: [XAppOnlyApi, XOAuth1Api, XOAuth2Api],
		credentials: {
			xAppOnlyApi: { apiKey: emulator.app.consumerKey, apiKeySecret: emulator.app.consumerSecret, apiBaseUrl: emulator.urls.api },
			xOAuth1Api: {
				consumerKey: emulator.app.consumerKey,
				consumerSecret: emulator.app.consumerSecret,
				accessToken: user.accessToken,
				accessTokenSecret: user.accessTokenSecret,
				environment: 'production',
				apiBaseUrl: emulator.urls.api,
				adsBaseUrl: emulator.urls.ads,
				adsSandboxBaseUrl: emulator.urls.adsSandbox,
			},
			xOAuth2Api: {
				clientId,
				clientSecret,
				oauthServer: 'custom',
				customAuthUrl: `${emulator.urls.api}/2/oauth2/authorize`,
				customAccessTokenUrl: `${emulator.urls.api}/2/oauth2/token`,
				apiBaseUrl: emulator.urls.api,
				oauthTokenData: emulator.control.issueOAuth2Token(0, ['tweet.read', 'users.read', 'dm.read', 'dm.write', 'offline.access']),
			},
		},
	});
}

/** A workflow of the X Trigger alone; credentials: the App's plus, if named, one user credential. */
export function triggerWorkflow(parameters: INodeParameters, user?: 'xOAuth1Api' | 'xOAuth2Api'): TriggerWorkflow & { id: string } {
	return {
		id: `wf-source-${++counter}`,
		nodes: [
			{
				name: 'X Trigger',
				type: 'n8n-nodes-x-ads.xTrigger',
				typeVersion: 1.1,
				parameters,
				credentials: { xAppOnlyApi: { id: 'xAppOnlyApi', name: 'xAppOnlyApi' }, ...(user ? { [user]: { id: user, name: user } } : {}) },
			},
		],
		connections: {},
	};
}

export async function served(harness: EngineHarness, target: TriggerWorkflow, cleanups: Array<() => Promise<unknown>>): Promise<ServedWebhooks> {
	const s = await harness.serveWebhooks(target);
	cleanups.push(() => s.close());
	return s;
}
