/**
 * Every X API v2 request the nodes send in an engine suite is one of the package's endpoint entries
 * (nodes/shared/v2): same method, a path of the entry's shape. The X Trigger calls X only through
 * those entries, so the conformance tests of the entries cover its requests too; a request built
 * from a path string of its own fails here. Checked after each test, on the emulator's request log.
 */
import type { Endpoint } from '../../nodes/shared/engine/endpoints';
import { adsResources } from '../../nodes/XAds/resources';
import { webhookResources } from '../../nodes/XWebhooks/XWebhooks.node';
import { allV2Endpoints } from '../../nodes/shared/v2';
import { MEDIA_CALLS } from '../../nodes/shared/v2/media';
import type { XEmulator } from '../emulator';

/** Requests n8n itself (or the user's browser) sends from a credential's own URL fields, not an endpoint of the package. */
const NOT_AN_ENDPOINT = new Set(['POST /2/oauth2/token', 'GET /2/oauth2/authorize']);

const shape = (endpoint: Pick<Endpoint, 'path'>) => new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}$`);
const ENTRIES = [...allV2Endpoints, ...Object.values(MEDIA_CALLS)].map((endpoint) => ({ method: endpoint.method, path: shape(endpoint) }));

/** The request's entry, or undefined; what is not a v2 request of the package counts as matched. */
export function unmatchedV2Requests(log: Array<{ method: string; base: string; path: string }>): string[] {
	return log
		.filter((r) => r.base === 'api' && r.path.startsWith('/2/') && !NOT_AN_ENDPOINT.has(`${r.method} ${r.path}`))
		.filter((r) => !ENTRIES.some((e) => e.method === r.method && e.path.test(r.path)))
		.map((r) => `${r.method} ${r.path}`);
}

/** After each test of the suite: every v2 request in the emulator's log is an endpoint entry; at the end (unless the suite may send none), some were checked. */
export function everyV2RequestIsAnEndpoint(emulator: () => XEmulator | undefined, { mayHaveNone = false } = {}): void {
	let checked = 0;
	afterEach(() => {
		const log = emulator()?.control.requests() ?? [];
		checked += log.filter((r) => r.base === 'api' && r.path.startsWith('/2/')).length;
		expect(unmatchedV2Requests(log)).toEqual([]);
	});
	if (!mayHaveNone) afterAll(() => expect(checked).toBeGreaterThan(0));
}

/** Every operation the X Ads and X Webhooks nodes define, as "X Ads account.getAll": what the hostile X suite must cover, and the count the conformance test prints. */
export function xAdsAndXWebhooksOperations(): string[] {
	return [
		...adsResources.flatMap((r) => r.endpoints.map((e) => `X Ads ${r.value}.${e.operation}`)),
		...webhookResources.flatMap((r) => r.endpoints.map((e) => `X Webhooks ${r.value}.${e.operation}`)),
	];
}
