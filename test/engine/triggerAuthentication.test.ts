/**
 * X Trigger 1.2's Authentication through n8n-core's engine against the emulator: the user
 * credential it names is the one that signs Account Activity's subscription (X OAuth 1.0a: an OAuth
 * header; X User OAuth2: the user's Bearer token), and App Only uses none, even when a user
 * credential set earlier still hangs on the node. Version 1.1 keeps choosing as before.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { TriggerWorkflow } from '../harness';
import { engineSuite } from './env';
import { served, triggerHarness } from './triggerSources';

const env = engineSuite();
let counter = 0;

/** The trigger at `typeVersion` with the App's credential and the user credentials named. */
function workflow(typeVersion: number, parameters: INodeParameters, users: Array<'xOAuth1Api' | 'xOAuth2Api'>): TriggerWorkflow & { id: string } {
	const credentials = Object.fromEntries(['xAppOnlyApi', ...users].map((type) => [type, { id: type, name: type }]));
	return {
		id: `wf-auth-${++counter}`,
		nodes: [{ name: 'X Trigger', type: 'n8n-nodes-x-ads.xTrigger', typeVersion, parameters, credentials }],
		connections: {},
	};
}

const cleanups: Array<() => Promise<unknown>> = [];
beforeEach(() => {
	env.emulator.control.reset();
	env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
});
afterEach(async () => {
	while (cleanups.length) await cleanups.pop()!();
});

/** Activates Account Activity and returns the scheme of the subscribing request's Authorization. */
async function subscribeWith(target: TriggerWorkflow & { id: string }): Promise<string | undefined> {
	const harness = triggerHarness(env.emulator);
	await served(harness, target, cleanups);
	await harness.activate(target);
	cleanups.push(() => harness.deactivate(target));
	const post = env.emulator.control.requests().find((r) => r.method === 'POST' && r.path.startsWith('/2/account_activity'));
	expect(env.emulator.control.accountActivitySubscriptions()).toEqual([expect.objectContaining({ userId: env.emulator.users[0].userId })]);
	return post?.headers.authorization;
}

describe('X Trigger 1.2 Authentication', () => {
	it('App and User (OAuth2) subscribes with the user\'s OAuth2 token although an OAuth 1.0a credential is set too', async () => {
		const target = workflow(1.2, { source: 'accountActivity', authentication: 'xOAuth2Api' }, ['xOAuth1Api', 'xOAuth2Api']);
		expect(await subscribeWith(target)).toBe('Bearer');
	});

	it('App and User (OAuth 1.0a) subscribes with the OAuth 1.0a tokens although an OAuth2 credential is set too', async () => {
		const target = workflow(1.2, { source: 'accountActivity', authentication: 'xOAuth1Api' }, ['xOAuth1Api', 'xOAuth2Api']);
		expect(await subscribeWith(target)).toBe('OAuth');
	});

	it('App Only refuses Account Activity before any request, whatever user credential lingers on the node', async () => {
		const harness = triggerHarness(env.emulator);
		const target = workflow(1.2, { source: 'accountActivity', authentication: 'xAppOnlyApi' }, ['xOAuth1Api']);
		await served(harness, target, cleanups);
		env.emulator.control.clearRequests();
		await expect(harness.activate(target)).rejects.toThrow(/Account Activity needs a user/);
		expect(env.emulator.control.requests().filter((r) => r.method !== 'GET')).toEqual([]);
	});

	it('1.1 (no Authentication) still takes OAuth 1.0a when both user credentials are set', async () => {
		const target = workflow(1.1, { source: 'accountActivity' }, ['xOAuth1Api', 'xOAuth2Api']);
		expect(await subscribeWith(target)).toBe('OAuth');
	});
});
