/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * In-process benchmarks, each a ratio against a baseline run in the same process:
 * 1. audience pipeline (normalize + hash + pack) vs plain node:crypto SHA-256 hex over the same strings,
 *    both with createHash().update().digest() and with the one-shot hash() the pipeline itself uses;
 * 2. OAuth 1.0a signing vs the oauth-1.0a package.
 * Rounds alternate baseline and subject; the median of the ratios is reported (these machines are shared and noisy).
 */
import { createHash, createHmac, hash } from 'node:crypto';
import OAuth from 'oauth-1.0a';

import { hashIdentifier } from '../nodes/shared/values/audienceHashing';
import { packBySize } from '../nodes/shared/engine/batching';
import { signRequest } from '../nodes/shared/transport/oauth1';
import { AUDIENCE_LIMITS, operationSize } from '../nodes/XAds/common/audienceUsers';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

export interface AudienceBenchResult {
	emails: number;
	baselineMs: number;
	/** Plain SHA-256 with the one-shot crypto.hash(). */
	oneShotBaselineMs: number;
	pipelineMs: number;
	speedRatio: number;
	/** oneShotBaselineMs / pipelineMs: what normalizing and packing cost on top of the fastest hashing. */
	oneShotSpeedRatio: number;
	requests: number;
	minimumRequests: number;
}

const rawEmails = (emails: number) => Array.from({ length: emails }, (_, i) => `  Customer.${i}@Example-Shop.COM `);

export function benchAudience(emails = 1_000_000, rounds = 5): AudienceBenchResult {
	const raw = rawEmails(emails);
	const baseline = () => {
		const out = new Array<string>(emails);
		for (let i = 0; i < emails; i++) out[i] = createHash('sha256').update(raw[i]).digest('hex');
		return out;
	};
	const oneShotBaseline = () => {
		const out = new Array<string>(emails);
		for (let i = 0; i < emails; i++) out[i] = hash('sha256', raw[i], 'hex');
		return out;
	};
	let packed = { batches: [] as number[][], tooLarge: [] as number[] };
	let totalBytes = 0;
	const pipeline = () => {
		const sizes = new Array<number>(emails);
		totalBytes = 0;
		for (let i = 0; i < emails; i++) {
			const hashed = hashIdentifier('email', raw[i]).value!;
			sizes[i] = operationSize({ operation_type: 'Update', params: { users: [{ email: [hashed] }] } });
			totalBytes += sizes[i];
		}
		packed = packBySize(sizes, AUDIENCE_LIMITS);
	};
	const base: number[] = [];
	const oneShot: number[] = [];
	const ours: number[] = [];
	const ratios: number[] = [];
	const oneShotRatios: number[] = [];
	for (let r = 0; r < rounds; r++) {
		let t = process.hrtime.bigint();
		baseline();
		base.push(ms(t));
		t = process.hrtime.bigint();
		oneShotBaseline();
		oneShot.push(ms(t));
		t = process.hrtime.bigint();
		pipeline();
		ours.push(ms(t));
		ratios.push(base[r] / ours[r]);
		oneShotRatios.push(oneShot[r] / ours[r]);
	}
	// The fewest requests any packing could make: both limits bound it from below.
	const minimumRequests = Math.max(Math.ceil(emails / AUDIENCE_LIMITS.maxEntries), Math.ceil((totalBytes + emails - 1 + 2) / AUDIENCE_LIMITS.maxBytes));
	return {
		emails,
		baselineMs: median(base),
		oneShotBaselineMs: median(oneShot),
		pipelineMs: median(ours),
		speedRatio: median(ratios),
		oneShotSpeedRatio: median(oneShotRatios),
		requests: packed.batches.length,
		minimumRequests,
	};
}

/**
 * Peak memory of one upload's preparation, alone in its process (run as `inProcess.ts memory N`):
 * the raw emails, and every operation kept until it is sent, as the node keeps them.
 */
export function audiencePeakMemory(emails = 1_000_000): { emails: number; requests: number; peakRssMiB: number } {
	const raw = rawEmails(emails);
	const operations = raw.map((email) => ({ operation_type: 'Update' as const, params: { users: [{ email: [hashIdentifier('email', email).value!] }] } }));
	const packed = packBySize(operations.map(operationSize), AUDIENCE_LIMITS);
	// Each request body is serialized when it is sent, one at a time.
	for (const batch of packed.batches) JSON.stringify(batch.map((i) => operations[i]));
	return { emails, requests: packed.batches.length, peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) };
}

export interface SigningBenchResult {
	requests: number;
	oursMicros: number;
	oauth10aMicros: number;
	speedRatio: number;
}

export function benchSigning(requests = 50_000, rounds = 5): SigningBenchResult {
	const keys = { consumerKey: 'ck', consumerSecret: 'cs', token: 'tk', tokenSecret: 'ts' };
	const url = 'https://ads-api.x.com/12/accounts/18ce54d4x5t/line_items?count=1000&sort_by=created_at-desc&with_deleted=true';
	const library = new OAuth({
		consumer: { key: keys.consumerKey, secret: keys.consumerSecret },
		signature_method: 'HMAC-SHA1',
		hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
	});
	const theirs = () => {
		for (let i = 0; i < requests; i++) library.toHeader(library.authorize({ url, method: 'GET' }, { key: keys.token, secret: keys.tokenSecret }));
	};
	const mine = () => {
		for (let i = 0; i < requests; i++) signRequest(keys, { method: 'GET', url });
	};
	const a: number[] = [];
	const b: number[] = [];
	for (let r = 0; r < rounds; r++) {
		let t = process.hrtime.bigint();
		theirs();
		a.push(ms(t));
		t = process.hrtime.bigint();
		mine();
		b.push(ms(t));
	}
	const oursMicros = (median(b) * 1000) / requests;
	const oauth10aMicros = (median(a) * 1000) / requests;
	return { requests, oursMicros, oauth10aMicros, speedRatio: oauth10aMicros / oursMicros };
}

if (require.main === module) {
	if (process.argv[2] === 'memory') console.log(JSON.stringify(audiencePeakMemory(Number(process.argv[3] ?? 1_000_000))));
	else console.log(JSON.stringify({ audience: benchAudience(Number(process.argv[2] ?? 1_000_000)), signing: benchSigning() }, null, 2));
}
