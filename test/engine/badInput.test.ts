/**
 * The bad-input corpus (test/corpus/badInput.ts) through n8n's execution engine against the X
 * emulator: every entry is refused before any request, with a message naming the item and the
 * field, and with Continue On Fail becomes that item's error item. A coverage check walks the
 * nodes' own endpoint definitions, so a new constrained field without a corpus entry fails here.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { XAppOnlyApi } from '../../credentials/XAppOnlyApi.credentials';
import type { Field, Resource } from '../../nodes/shared/engine/endpoints';
import { adsResources } from '../../nodes/XAds/resources';
import { oauthResources } from '../../nodes/XOAuth/XOAuth.node';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { webhookResources } from '../../nodes/XWebhooks/XWebhooks.node';
import type { BadInput, CorpusNode } from '../corpus/badInput';
import { badInput, entryName } from '../corpus/badInput';
import { EngineHarness } from '../harness';
import { engineSuite } from './env';

const env = engineSuite();

const requests = () => env.emulator.control.requests().map((r) => `${r.method} ${r.path}`);
const pairedItem = (item: INodeExecutionData) => (item.pairedItem as { item: number }).item;
const named = (entries: BadInput[]) => entries.map((entry) => [entryName(entry), entry] as const);

function runNode(entry: BadInput, continueOnFail: boolean) {
	const settings = { continueOnFail };
	if (entry.node === 'webhooks') return env.webhooks(entry.parameters, entry.input, settings);
	if (entry.node === 'oauth') return env.oauth(entry.parameters, entry.input, settings);
	return env.ads(entry.parameters, entry.input, settings);
}

describe('bad input corpus: refused before any request, naming the item and the field', () => {
	const nodeEntries = badInput.filter((entry) => entry.node !== 'trigger');

	it.each(named(nodeEntries))('%s', async (_, entry) => {
		if (entry.sandbox) env.useEnvironment('sandbox');
		const item = entry.item ?? 0;
		const input = entry.input ?? [{}];

		const stopped = await runNode(entry, false);
		const message = stopped.error?.message ?? '(the run did not fail)';
		expect(message).toMatch(entry.message);
		expect(message.startsWith(`Item ${item}: `)).toBe(true);
		expect(message).toContain(entry.names ?? `(${entry.wire})`);
		expect(requests()).toEqual([]);

		// Continue On Fail: the bad item becomes its own error item, paired with it.
		const continued = await runNode(entry, true);
		expect(continued.error).toBeUndefined();
		const out = continued.output();
		const forItem = out.filter((i) => pairedItem(i) === item);
		expect(forItem).toHaveLength(1);
		expect(String(forItem[0].json.error)).toMatch(entry.message);
		expect(String(forItem[0].json.description)).toMatch(/Nothing was sent to X|Set Environment to Sandbox/);
		// Every input item is accounted for (the good ones of a mixed input went on).
		expect(input.map((_, i) => out.some((o) => pairedItem(o) === i))).toEqual(input.map(() => true));
		if (input.length === 1) {
			expect(out).toHaveLength(1);
			expect(requests()).toEqual([]);
		}
	});
});

describe('bad input corpus: the X Trigger refuses bad requests from X without signing or running', () => {
	const triggerEntries = badInput.filter((entry) => entry.node === 'trigger');
	let counter = 0;

	it.each(named(triggerEntries))('%s', async (_, entry) => {
		// The served URL is http on loopback: X itself takes only public https URLs.
		env.emulator.control.setWebhookSettings({ allowHttpLoopbackCallbacks: true });
		const harness = new EngineHarness({
			nodeTypes: [XTrigger],
			credentialTypes: [XAppOnlyApi],
			credentials: { xAppOnlyApi: { apiKey: env.emulator.app.consumerKey, apiKeySecret: env.emulator.app.consumerSecret, apiBaseUrl: env.emulator.urls.api } },
		});
		const target = { id: `wf-corpus-${++counter}`, nodes: [{ name: 'X Trigger', type: 'n8n-nodes-x-ads.xTrigger', parameters: { events: ['*'] } }], connections: {} };
		const served = await harness.serveWebhooks(target);
		try {
			await harness.activate(target);
			await served.settled();
			const before = served.calls.length;
			env.emulator.control.clearRequests();
			const request = entry.trigger!;
			let status: number | null;
			if (request.crcQuery) {
				const url = new URL(served.url);
				for (const [key, value] of Object.entries(request.crcQuery)) {
					for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
				}
				status = (await fetch(url)).status;
			} else {
				const delivery = { for_user_id: env.emulator.users[0].userId, tweet_create_events: [{ id_str: '1800000000000000001', text: 'hello' }] };
				[{ status }] = await env.emulator.control.deliverEvent(served.url, delivery, request.delivery === 'unsigned' ? { unsigned: true } : { tamper: true });
			}
			await served.settled();
			const answers = served.calls.slice(before);
			expect(status).toBe(request.status);
			expect(answers.map((c) => c.status)).toEqual([request.status]);
			const body = JSON.stringify(answers[0].body);
			expect(body).toMatch(entry.message);
			expect(body).toContain(entry.names ?? entry.wire);
			expect(body).not.toContain('sha256=');
			expect(served.executions).toHaveLength(0);
			// Nothing was remembered as seen either (a refused delivery must not block X's retry).
			expect((harness.workflowStaticData(target.id)?.['node:X Trigger'] as { seen?: unknown } | undefined)?.seen).toBeUndefined();
			expect(requests()).toEqual([]);
		} finally {
			await harness.deactivate(target);
			await served.close();
		}
	});
});

// ---------------------------------------------------------------- coverage of the endpoint definitions

const definitions: Array<[CorpusNode, Resource[]]> = [
	['ads', adsResources],
	['webhooks', webhookResources],
	['oauth', oauthResources],
];

/** A field the node checks beyond presence: rules, an enum, or an ID pattern of a resource locator. */
const constrained = (field: Field) => Boolean(field.rules || field.options || field.type === 'locator');

/**
 * Constrained fields that no bad value can reach, as "node resource.operation wire", each with the
 * reason. Empty today: every rule of the definitions can be exercised.
 */
const EXEMPT: Record<string, string> = {};

/** Every constrained (node, resource, operation, wire) of the definitions that has no corpus entry. */
function uncovered(corpus: BadInput[]): string[] {
	const covered = new Set(corpus.map((e) => `${e.node} ${e.resource}.${e.operation} ${e.wire}`));
	const missing: string[] = [];
	for (const [node, resources] of definitions) {
		for (const resource of resources) {
			for (const endpoint of resource.endpoints) {
				for (const field of (endpoint.fields ?? []).filter(constrained)) {
					const key = `${node} ${resource.value}.${endpoint.operation} ${field.wire}`;
					if (!covered.has(key) && !(key in EXEMPT)) missing.push(key);
				}
			}
		}
	}
	return missing;
}

describe('bad input corpus: coverage', () => {
	it('has an entry for every constrained field of every endpoint definition', () => {
		expect(uncovered(badInput)).toEqual([]);
	});

	it('names what is missing when an entry is taken out', () => {
		const without = badInput.filter((e) => !(e.resource === 'placement' && e.wire === 'product_type'));
		expect(uncovered(without)).toEqual(['ads placement.getAll product_type']);
	});

	it('has no entry for a field the definitions do not have (a typo would hide a gap)', () => {
		const known = new Set<string>();
		for (const [node, resources] of definitions) {
			for (const resource of resources) {
				for (const endpoint of resource.endpoints) {
					known.add(`${node} ${resource.value}.${endpoint.operation}`);
					for (const field of endpoint.fields ?? []) known.add(`${node} ${resource.value}.${endpoint.operation} ${field.wire}`);
				}
			}
		}
		// Rules on things that are not fields of the definitions: the credential's environment, the
		// collection's Limit (sent as count), audience users (any identifier), the file of a media upload
		// (its binary property), and the trigger's requests.
		const notFields = new Set(['environment', 'count', 'users', 'media']);
		const unknown = badInput
			.filter((e) => e.node !== 'trigger')
			.filter((e) => !known.has(`${e.node} ${e.resource}.${e.operation}`) || (!notFields.has(e.wire) && !known.has(`${e.node} ${e.resource}.${e.operation} ${e.wire}`)))
			.map(entryName);
		expect(unknown).toEqual([]);
	});

	it('holds at least one entry of each spec document, and names are unique', () => {
		const docs = new Set(badInput.map((e) => e.spec.slice(0, 2)));
		// Spec documents 01-03, and X's docs pages where no spec document covers an area (analytics, conversions).
		expect([...docs].sort()).toEqual(['01', '02', '03', 'do']);
		const names = badInput.map(entryName);
		expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
	});
});
