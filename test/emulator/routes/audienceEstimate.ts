/**
 * Audience estimate (https://docs.x.com/x-ads-api/campaign-management/reference#post-accounts-account-id-audience-estimate):
 * JSON body of targeting criteria, operator_type in the query string -> a deterministic size range.
 */
import { createHash } from 'node:crypto';
import { adsError, AdsParams, envelope, invalidParameter, missingParameter, requireAccount } from '../ads';
import type { RequestContext } from '../http';
import { refValues } from '../conformance';
import type { Router } from '../router';

const ESTIMATE = 'POST 12/accounts/:account_id/audience_estimate';

/**
 * Types that only narrow an audience. X's reference names no list of primary criteria on its
 * reference pages (it points to the targeting guide), so these two lists are the emulator's own.
 */
export const SECONDARY_TARGETING_TYPES = [
	'LOCATION',
	'GENDER',
	'AGE',
	'LANGUAGE',
	'PLATFORM',
	'PLATFORM_VERSION',
	'DEVICE',
	'NETWORK_OPERATOR',
	'NETWORK_ACTIVATION_DURATION',
	'WIFI_ONLY',
] as const;

/** Types that define an audience; at least one is required. */
export const PRIMARY_TARGETING_TYPES = [
	'FOLLOWERS_OF_USER',
	'SIMILAR_TO_FOLLOWERS_OF_USER',
	'INTEREST',
	'BROAD_KEYWORD',
	'PHRASE_KEYWORD',
	'EXACT_KEYWORD',
	'UNORDERED_KEYWORD',
	'TAILORED_AUDIENCE',
	'CONVERSATION',
	'EVENT',
	'BEHAVIOR',
	'TV_SHOW',
	'APP_STORE_CATEGORY',
] as const;

const PRIMARY = new Set<string>(PRIMARY_TARGETING_TYPES);
const KNOWN = new Set<string>([...PRIMARY_TARGETING_TYPES, ...SECONDARY_TARGETING_TYPES]);

interface Criterion {
	type: string;
	value: string;
}

function readCriteria(body: Record<string, unknown>): Criterion[] {
	const raw = body.targeting_criteria;
	if (raw === undefined) throw missingParameter('targeting_criteria');
	if (!Array.isArray(raw) || raw.length === 0) {
		throw invalidParameter('targeting_criteria', 'Expected targeting_criteria to be a non-empty array of targeting criteria');
	}
	const criteria = raw.map((c, i): Criterion => {
		const entry = c as Record<string, unknown>;
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
			throw invalidParameter('targeting_criteria', `Expected targeting_criteria[${i}] to be an object`);
		}
		const type = entry.targeting_type;
		const value = entry.targeting_value;
		if (typeof type !== 'string' || type === '') {
			throw invalidParameter('targeting_criteria', `targeting_criteria[${i}] needs a targeting_type`);
		}
		if ((typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') || value === '') {
			throw invalidParameter('targeting_criteria', `targeting_criteria[${i}] needs a targeting_value`);
		}
		if (!KNOWN.has(type)) {
			throw invalidParameter('targeting_criteria', `Unknown targeting_type "${type}" in targeting_criteria[${i}]`);
		}
		return { type, value: String(value) };
	});
	if (!criteria.some((c) => PRIMARY.has(c.type))) {
		throw invalidParameter(
			'targeting_criteria',
			`At least one primary targeting criterion is required (one of ${PRIMARY_TARGETING_TYPES.join(', ')})`,
		);
	}
	return criteria;
}

/** Same criteria (in any order) and operator -> same range; each narrowing criterion shrinks it. */
function estimate(criteria: Criterion[], operator: string): { min: number; max: number } {
	const canonical = criteria
		.map((c) => `${c.type}=${c.value}`)
		.sort()
		.concat(`operator=${operator}`)
		.join('\n');
	const h = createHash('sha256').update(canonical).digest().readUInt32BE(0);
	const secondary = criteria.filter((c) => !PRIMARY.has(c.type)).length;
	const base = (2_000_000 + (h % 80_000_000)) / (1 + secondary);
	const min = Math.max(1000, Math.round(base / 1000) * 1000);
	return { min, max: Math.round((min * 1.1) / 1000) * 1000 };
}

function audienceEstimate(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	requireAccount(ctx);
	const contentType = String(ctx.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (contentType !== 'application/json') {
		throw adsError(400, 'INVALID_PARAMETER', `Expected Content-Type application/json, got "${contentType || 'none'}"`);
	}
	const body = ctx.json;
	if (!body || typeof body !== 'object' || Array.isArray(body)) {
		throw adsError(400, 'INVALID_PARAMETER', 'Expected a JSON object as the request body');
	}
	const input = body as Record<string, unknown>;
	const criteria = readCriteria(input);
	// X's reference lists operator_type as a query parameter of this JSON endpoint.
	const operator = params.enum('operator_type', refValues(ESTIMATE, 'operator_type')) ?? 'EQ';
	return envelope(params, { audience_size: estimate(criteria, operator) });
}

export function registerAudienceEstimateRoutes(router: Router): void {
	router.ads('POST', '/12/accounts/:account_id/audience_estimate', audienceEstimate);
}
