/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * n8n sends every node type's description to the editor, twice for a node usable as a tool (the
 * node and its Tool variant), each time a user opens the editor. The X Ads description must stay
 * no larger than n8n's largest built-in node type (Notion, 308 KB serialized, n8n 2.41.1), without
 * losing a parameter: equal parameters are shared between operations (nodes/shared/engine/sharedDisplay.ts),
 * and every operation must still see exactly its own parameters, in its own order.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import type { Resource } from '../../nodes/shared/engine/endpoints';
import { buildProperties, operationParameters } from '../../nodes/shared/engine/description';
import { XAds } from '../../nodes/XAds/XAds.node';
import { adsResources } from '../../nodes/XAds/resources';
import { oauthResources } from '../../nodes/XOAuth/XOAuth.node';
import { webhookResources } from '../../nodes/XWebhooks/XWebhooks.node';

/** n8n's largest built-in node type description (Notion), in bytes of its JSON. */
const LARGEST_BUILT_IN_BYTES = 308 * 1000;

const bytes = (description: INodeTypeDescription) => Buffer.byteLength(JSON.stringify(description), 'utf8');

test('the X Ads description is no larger than the largest built-in node type', () => {
	const size = bytes(new XAds().description);
	console.log(`X Ads description: ${size} bytes, ${((100 * size) / LARGEST_BUILT_IN_BYTES).toFixed(0)}% of ${LARGEST_BUILT_IN_BYTES}`);
	expect(size).toBeLessThanOrEqual(LARGEST_BUILT_IN_BYTES);
});

/** A property as one operation sees it: without the resource and operation it is shown for. */
function asSeen(property: INodeProperties): string {
	const show = { ...property.displayOptions?.show };
	delete show.resource;
	delete show.operation;
	return JSON.stringify({ ...property, displayOptions: { ...property.displayOptions, show } });
}

const shownFor = (property: INodeProperties, resource: string, operation: string) =>
	!!property.displayOptions?.show?.operation?.includes(operation) && !!property.displayOptions.show.resource?.includes(resource);

describe.each([
	['X Ads', adsResources],
	['X Webhooks', webhookResources],
	['X OAuth', oauthResources],
] as Array<[string, Resource[]]>)('%s: shared parameters lose nothing', (_, resources) => {
	const built = buildProperties(resources);

	test('every operation sees exactly its own parameters, in order', () => {
		const differences: string[] = [];
		for (const own of operationParameters(resources)) {
			const resource = String(own[0]?.displayOptions?.show?.resource?.[0]);
			const operation = String(own[0]?.displayOptions?.show?.operation?.[0]);
			if (!own.length) continue;
			const seen = built.filter((p) => shownFor(p, resource, operation)).map(asSeen);
			if (JSON.stringify(seen) !== JSON.stringify(own.map(asSeen))) differences.push(`${resource}/${operation}`);
		}
		expect(differences).toEqual([]);
	});

	test('no operation sees a parameter it does not have', () => {
		const pairs = new Set(resources.flatMap((r) => r.endpoints.map((e) => `${r.value}/${e.operation}`)));
		const own = new Set(operationParameters(resources).flat().map((p) => `${String(p.displayOptions?.show?.resource)}/${String(p.displayOptions?.show?.operation)}`));
		const extra = built
			.filter((p) => p.displayOptions?.show?.operation)
			.flatMap((p) => p.displayOptions!.show!.resource!.flatMap((r) => p.displayOptions!.show!.operation!.map((o) => `${String(r)}/${String(o)}`)))
			.filter((pair) => !pairs.has(pair) || !own.has(pair));
		expect(extra).toEqual([]);
	});
});
