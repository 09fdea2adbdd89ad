/**
 * On Error "Continue" in both of n8n's modes, through n8n-core's engine against the emulator:
 * with continueRegularOutput every input item comes out once on the main output, failures as
 * error items in their place; with continueErrorOutput n8n moves the failures to the second
 * (error) output and the successes stay on the first. Every item stays paired with its input.
 * A failure is a request X refused, input refused before sending, or X's per-item refusal inside a
 * batch it otherwise applied (a product with status ERROR, an audience operation error).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { validProduct } from '../fixtures/products';
import { engineSuite, X_ADS, X_OAUTH, X_WEBHOOKS } from './env';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

const env = engineSuite();
let receiver: WebhookReceiver;
beforeAll(async () => {
	receiver = await startWebhookReceiver(env.emulator.app.consumerSecret);
});
afterAll(async () => receiver?.close());

const MODES = ['continueRegularOutput', 'continueErrorOutput'] as const;
type Mode = (typeof MODES)[number];

const fx = () => env.emulator.control.fixtures().production;
const paired = (items: INodeExecutionData[]) => items.map((i) => (i.pairedItem as { item: number }).item);

interface Routed {
	/** Main output (output 0). */
	main: INodeExecutionData[];
	/** Error output (output 1); empty in continueRegularOutput mode, where the node has one output. */
	errors: INodeExecutionData[];
}

/** Runs one node after a node that emits `input`, with the node's On Error setting `mode`. */
async function run(type: string, credential: string, mode: Mode, parameters: INodeParameters, input: IDataObject[]): Promise<Routed> {
	const name = 'Node';
	const result = await env.harness.runNode(
		{ name, type, parameters, credentials: { [credential]: { id: credential, name: credential } }, onError: mode },
		input,
	);
	if (result.error) throw result.error;
	const outputs = result.taskData(name)[0].data!.main;
	expect(outputs).toHaveLength(mode === 'continueErrorOutput' ? 2 : 1);
	return { main: outputs[0] ?? [], errors: outputs[1] ?? [] };
}

/**
 * Every input item ends in exactly one output item, paired with it: the failed ones on the error
 * output (continueErrorOutput) or in their place on the main output (continueRegularOutput).
 */
function expectRouted(routed: Routed, mode: Mode, count: number, failed: number[]): void {
	const all = Array.from({ length: count }, (_, i) => i);
	if (mode === 'continueErrorOutput') {
		expect(paired(routed.main)).toEqual(all.filter((i) => !failed.includes(i)));
		expect(paired(routed.errors)).toEqual(failed);
	} else {
		expect(paired(routed.main)).toEqual(all);
		expect(routed.errors).toEqual([]);
	}
	// On the regular output an item is a failure by its error key, or by X's status ERROR (a refused record).
	if (mode === 'continueRegularOutput') {
		const failedHere = routed.main.filter((i) => typeof i.json.error === 'string' || i.json.status === 'ERROR');
		expect(paired(failedHere)).toEqual(failed);
	}
	const text = JSON.stringify([...routed.main, ...routed.errors]);
	for (const secret of env.secrets) expect(text).not.toContain(secret);
}

/** The item at input position `index`, wherever it was routed. */
const itemFor = (routed: Routed, index: number) => [...routed.main, ...routed.errors].find((i) => paired([i])[0] === index)!.json;

/**
 * A failed item's fields: at the top on the regular output. On the error output n8n keeps only
 * items whose json has no keys but error and message (1.x: exactly these; 2.x: also details), and
 * then adds the input's fields: ours are { error, message }, a refused record as JSON text in the message.
 */
function failure(routed: Routed, mode: Mode, index: number, input: IDataObject): IDataObject {
	const json = itemFor(routed, index);
	expect(typeof json.error).toBe('string');
	if (mode === 'continueRegularOutput') return json;
	expect(json).toMatchObject(input);
	expect(Object.keys(json).filter((key) => !(key in input)).sort()).toEqual(['error', 'message']);
	const record = /X's record of it: (\{.*\})$/.exec(json.message as string)?.[1];
	return { error: json.error, description: json.message, ...(record ? (JSON.parse(record) as IDataObject) : {}) };
}

/** X's status and code: fields of a failed item on the regular output, words of its error on the error output. */
const codes = (mode: Mode, fields: IDataObject): IDataObject => (mode === 'continueRegularOutput' ? fields : {});

describe.each(MODES)('On Error: %s', (mode) => {
	it('X Ads per-item operation: a refused input and a 404 fail, the good items go on', async () => {
		const id = fx().accountId;
		const input = [{ id }, { id: 'bad id' }, { id: 'missing00' }, { id }];
		const routed = await run(X_ADS, 'xOAuth1Api', mode, { authentication: 'xOAuth1Api', resource: 'account', operation: 'get', account: '={{ $json.id }}' }, input);
		expectRouted(routed, mode, 4, [1, 2]);
		expect(itemFor(routed, 0).id).toBe(id);
		expect(failure(routed, mode, 1, input[1])).toMatchObject({
			error: expect.stringMatching(/^Item 1: Account \(account_id\) must be/),
			description: expect.stringMatching(/^Nothing was sent to X for this item/),
		});
		expect(failure(routed, mode, 2, input[2])).toMatchObject({ error: expect.stringMatching(/X answered 404 NOT_FOUND/), ...codes(mode, { httpCode: '404', xCode: 'NOT_FOUND' }) });
		expect(itemFor(routed, 3).id).toBe(id);
	});

	it('X Ads product upsert (batch): a refused product, a request X failed and a product X answered ERROR for', async () => {
		const product = validProduct;
		// The first request (X answers 500 to it) takes the first 25 valid products: items 0-25 but 3.
		const input = Array.from({ length: 30 }, (_, i) => product(`p-${i}`));
		input[3] = product('p-3', { price: '19,99 USD' });
		input[27] = product('p-27', { image_link: 'https://cdn.example.com/img/p-27.bmp' });
		env.emulator.control.injectFaults([{ kind: 'server_error', status: 500, match: { method: 'PUT', path: '/products' }, times: 1 }]);
		const routed = await run(
			X_ADS,
			'xOAuth1Api',
			mode,
			{
				authentication: 'xOAuth1Api',
				resource: 'product',
				operation: 'upsert',
				catalog: fx().productCatalogId,
				mapping: 'auto',
				productOptions: { concurrency: 1 },
				requestOptions: { maxRetries: 0 },
			},
			input,
		);
		const failed = [...Array.from({ length: 26 }, (_, i) => i), 27];
		expectRouted(routed, mode, 30, failed);
		expect(failure(routed, mode, 3, input[3]).error).toMatch(/^Item 3: Price \(price\)/);
		expect(failure(routed, mode, 0, input[0])).toMatchObject({ error: expect.stringMatching(/X answered 500/), ...codes(mode, { httpCode: '500' }) });
		// X's per-item refusal: its record as it is on the regular output, under details on the error output.
		const record = { id: 'p-27', status: 'ERROR', errors: [expect.objectContaining({ parameter: 'image_link' })] };
		if (mode === 'continueRegularOutput') expect(itemFor(routed, 27)).toMatchObject(record);
		else expect(failure(routed, mode, 27, input[27])).toMatchObject({ ...record, error: expect.stringMatching(/^Item 27: X refused it \(.+\): .+/) });
		for (const i of [26, 28, 29]) expect(itemFor(routed, i).status).toBe('CREATE_SUCCESS');
	});

	it('X Ads audience upload (batch): a refused identifier and an operation X refused', async () => {
		// X's clock runs 10 minutes ahead (within OAuth's 15 minutes): an expiry in 5 minutes is past for X.
		env.emulator.control.advanceClock(10 * 60_000);
		const soon = new Date(Date.now() + 5 * 60_000).toISOString();
		const input = [{ email: 'a@example.com' }, { email: 'broken@' }, { email: 'c@example.com', expires: soon }, { email: 'd@example.com' }];
		const routed = await run(
			X_ADS,
			'xOAuth1Api',
			mode,
			{
				authentication: 'xOAuth1Api',
				resource: 'customAudience',
				operation: 'addUsers',
				account: fx().accountId,
				customAudienceId: fx().customAudienceId,
				additionalFields: { email: '={{ $json.email }}', expiresAt: '={{ $json.expires }}' },
			},
			input,
		);
		expectRouted(routed, mode, 4, [1, 2]);
		expect(itemFor(routed, 0).status).toBe('OK');
		expect(failure(routed, mode, 1, input[1]).error).toMatch(/^Item 1: Email \(email\)/);
		const record = { status: 'ERROR', operation_type: 'Update', errors: [expect.objectContaining({ parameter: 'expires_at' })] };
		if (mode === 'continueRegularOutput') expect(itemFor(routed, 2)).toMatchObject(record);
		else expect(failure(routed, mode, 2, input[2])).toMatchObject({ ...record, error: expect.stringMatching(/^Item 2: X refused it \(INVALID_PARAMETER\): expires_at/) });
		expect(itemFor(routed, 3).status).toBe('OK');
	});

	it('X Webhooks: deleting a registered, a malformed and an unknown webhook ID fails only the last two', async () => {
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true, trustedCaPem: receiver.certificate });
		const created = await run(X_WEBHOOKS, 'xAppOnlyApi', mode, { resource: 'webhook', operation: 'create', url: receiver.url('/hooks/one') }, [{}]);
		const id = String(created.main[0].json.id);
		const input = [{ id }, { id: 'abc' }, { id: '9999999999999' }];
		const routed = await run(X_WEBHOOKS, 'xAppOnlyApi', mode, { resource: 'webhook', operation: 'delete', webhookId: '={{ $json.id }}' }, input);
		expectRouted(routed, mode, 3, [1, 2]);
		expect(itemFor(routed, 0)).toMatchObject({ webhook_id: id, deleted: true });
		expect(failure(routed, mode, 1, input[1]).error).toMatch(/^Item 1: Webhook ID \(webhook_id\)/);
		expect(failure(routed, mode, 2, input[2])).toMatchObject({ error: expect.stringMatching(/X answered 404 WebhookIdInvalid/), ...codes(mode, { httpCode: '404', xCode: 'WebhookIdInvalid' }) });
	});

	it('X OAuth: a callback refused before sending and one X refuses fail, the good one goes on', async () => {
		env.emulator.control.setOAuthFlow({ allowedCallbacks: ['https://app.example.com/registered'] });
		const input = [{ callback: 'https://app.example.com/registered' }, { callback: 'not a url' }, { callback: 'https://app.example.com/other' }];
		const routed = await run(X_OAUTH, 'xOAuth1Api', mode, { resource: 'oauth1', operation: 'requestToken', oauthCallback: '={{ $json.callback }}' }, input);
		expectRouted(routed, mode, 3, [1, 2]);
		expect(itemFor(routed, 0).oauth_token).toEqual(expect.any(String));
		expect(failure(routed, mode, 1, input[1]).error).toMatch(/^Item 1: Callback URL \(oauth_callback\)/);
		expect(failure(routed, mode, 2, input[2])).toMatchObject({ error: expect.stringMatching(/X answered 403 415/), ...codes(mode, { httpCode: '403', xCode: 415 }) });
	});
});
