/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The batch runners themselves (not only their pieces), in process, at growing sizes: the custom
 * audience runner (nodes/XAds/common/audienceUsers/index.ts audienceUsersRunner) and the product upsert
 * (nodes/XAds/resources/catalog.ts, through productResource's batch), with a fake n8n context
 * whose HTTP helper answers at once with X's success counts. A linear runner keeps the time per
 * item flat as the size doubles; bench/inProcess.ts measures hashing and packing, which are linear,
 * but not the runners' grouping of items by audience / catalog.
 *
 *   ts-node --transpile-only bench/runnerScaling.ts [maxSeconds=20] [sizes=5000,10000,20000,40000]
 * prints JSON; a size is skipped once a smaller one took longer than maxSeconds / 4.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CheckedItem } from '../nodes/shared/engine/endpoints';
import { DEFAULT_RETRY_POLICY } from '../nodes/shared/transport/transport';
import { audienceUsersRunner, customAudienceIdentifierFields } from '../nodes/XAds/common/audienceUsers';
import { productResource } from '../nodes/XAds/resources/product';
import { benchEmail, benchProduct, emailHash } from './outcomes';

export interface ScalingPoint {
	items: number;
	ms: number;
	microsPerItem: number;
	requests: number;
}

function fakeContext(answer: (body: unknown) => unknown, counter: { requests: number }): IExecuteFunctions {
	const ctx = {
		getNode: () => ({ name: 'X Ads', type: 'n8n-nodes-x-ads.xAds', typeVersion: 1, parameters: { authentication: 'xOAuth1Api' } }),
		getNodeParameter: (name: string, _i: number, fallback?: unknown) => (name === 'audienceOutput' ? 'items' : name === 'productOptions' ? { concurrency: 4 } : fallback),
		getCredentials: async () => ({ environment: 'production', adsBaseUrl: 'http://x.invalid/ads' }),
		logger: { warn: () => undefined, info: () => undefined, debug: () => undefined, error: () => undefined },
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: { body?: unknown }) => {
				counter.requests++;
				return { statusCode: 200, headers: {}, body: answer(options.body) };
			},
		},
	};
	return ctx as unknown as IExecuteFunctions;
}

async function timeAudience(items: number): Promise<ScalingPoint> {
	const counter = { requests: 0 };
	const ctx = fakeContext((body) => {
		const ops = body as unknown[];
		return { data: { success_count: ops.length, total_count: ops.length }, operation_errors: ops.map(() => []) };
	}, counter);
	const checked: CheckedItem[] = Array.from({ length: items }, (_, i) => ({
		itemIndex: i,
		values: { email: [emailHash(benchEmail(i))] },
		request: { method: 'POST', host: 'ads', path: '/accounts/{account_id}/custom_audiences/{custom_audience_id}/users', pathParams: { account_id: 'a1', custom_audience_id: 'c1' } },
	}));
	const run = audienceUsersRunner('Update', customAudienceIdentifierFields);
	const t = process.hrtime.bigint();
	await run(ctx, checked, DEFAULT_RETRY_POLICY);
	const ms = Number(process.hrtime.bigint() - t) / 1e6;
	return { items, ms, microsPerItem: (ms * 1000) / items, requests: counter.requests };
}

async function timeProducts(items: number): Promise<ScalingPoint> {
	const counter = { requests: 0 };
	const ctx = fakeContext((body) => ({ data: { products_response: ((body as IDataObject).products as IDataObject[]).map((p) => ({ id: p.id, status: 'CREATE_SUCCESS' })) } }), counter);
	const upsert = productResource.endpoints.find((e) => e.operation === 'upsert')!;
	const checked: CheckedItem[] = Array.from({ length: items }, (_, i) => {
		const product = benchProduct(i);
		return { itemIndex: i, values: product, request: { method: 'PUT', host: 'ads', path: '/product_catalogs/{product_catalog_id}/products', pathParams: { product_catalog_id: 'cat1' }, body: product } };
	});
	const t = process.hrtime.bigint();
	await (upsert.batch as (ctx: IExecuteFunctions, items: CheckedItem[], policy: typeof DEFAULT_RETRY_POLICY) => Promise<unknown>)(ctx, checked, DEFAULT_RETRY_POLICY);
	const ms = Number(process.hrtime.bigint() - t) / 1e6;
	return { items, ms, microsPerItem: (ms * 1000) / items, requests: counter.requests };
}

export async function benchRunnerScaling(sizes: number[], maxSeconds: number): Promise<{ audience: ScalingPoint[]; products: ScalingPoint[]; skippedAbove?: Record<string, number> }> {
	const out = { audience: [] as ScalingPoint[], products: [] as ScalingPoint[], skippedAbove: {} as Record<string, number> };
	for (const [name, fn, list] of [
		['audience', timeAudience, out.audience],
		['products', timeProducts, out.products],
	] as const) {
		await fn(1000); // warm-up
		for (const size of sizes) {
			const last = list[list.length - 1];
			if (last && last.ms > (maxSeconds * 1000) / 4) {
				out.skippedAbove[name] = last.items;
				break;
			}
			list.push(await fn(size));
		}
	}
	return out;
}

if (require.main === module) {
	const maxSeconds = Number(process.argv[2] ?? 20);
	const sizes = (process.argv[3] ?? '5000,10000,20000,40000').split(',').map(Number);
	benchRunnerScaling(sizes, maxSeconds).then((r) => console.log(JSON.stringify(r, null, 2)));
}
