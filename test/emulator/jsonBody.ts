/**
 * JSON bodies of catalog-style and batch endpoints (https://docs.x.com/x-ads-api/catalog-management/reference): Content-Type application/json
 * is required, the body must parse, and values are checked with X-shaped 400 errors.
 */
import { adsError, invalidParameter, missingParameter } from './ads';
import type { RequestContext } from './http';

/** The parsed JSON body; 400 when the Content-Type is not application/json or the body is not JSON. */
export function requireJsonBody(ctx: RequestContext): unknown {
	const type = String(ctx.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (type !== 'application/json') {
		throw adsError(400, 'INVALID_PARAMETER', `Content-Type must be application/json, got "${type || 'none'}"`);
	}
	if (ctx.rawBody.trim() === '') throw adsError(400, 'MISSING_PARAMETER', 'A JSON body is required');
	if (ctx.json === undefined) throw adsError(400, 'INVALID_PARAMETER', 'The body is not valid JSON');
	return ctx.json;
}

/** A JSON object body (not an array, not null). */
export function requireJsonObject(ctx: RequestContext): Record<string, unknown> {
	const body = requireJsonBody(ctx);
	if (!isObject(body)) throw adsError(400, 'INVALID_PARAMETER', 'The JSON body must be an object');
	return body;
}

export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Refuses keys the endpoint does not take. */
export function onlyKeys(body: Record<string, unknown>, allowed: readonly string[]): void {
	for (const key of Object.keys(body)) {
		if (!allowed.includes(key)) throw invalidParameter(key, `Unknown parameter ${key} (this endpoint takes ${allowed.join(', ')})`);
	}
}

export function jsonString(
	body: Record<string, unknown>,
	name: string,
	opts: { required?: boolean; maxLength?: number } = {},
): string | undefined {
	const v = body[name];
	if (v === undefined || v === null) {
		if (opts.required) throw missingParameter(name);
		return undefined;
	}
	if (typeof v !== 'string' || v.length === 0) throw invalidParameter(name, `Expected a non-empty String for ${name}, got ${JSON.stringify(v)}`);
	if (opts.maxLength !== undefined && [...v].length > opts.maxLength) {
		throw invalidParameter(name, `Expected a String of at most ${opts.maxLength} characters for ${name}`);
	}
	return v;
}

export function jsonStringArray(body: Record<string, unknown>, name: string, opts: { required?: boolean } = {}): string[] | undefined {
	const v = body[name];
	if (v === undefined || v === null) {
		if (opts.required) throw missingParameter(name);
		return undefined;
	}
	if (!Array.isArray(v) || v.length === 0 || !v.every((s) => typeof s === 'string' && s.length > 0)) {
		throw invalidParameter(name, `Expected a non-empty array of strings for ${name}`);
	}
	return v as string[];
}
