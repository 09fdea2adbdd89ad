/**
 * Web conversions, X's Conversions API (https://docs.x.com/x-ads-api/measurement/web-conversions):
 * POST measurement/conversions/:pixel_id with a JSON body of conversions. The identifier rules are
 * the page's ("at least one identifier such as twclid, email address, or phone number"; IP
 * address and user agent each need another one; email and phone SHA-256 hashed); 60,000 events
 * per account in 15 minutes. At most 500 conversions per request, as X's older reference page of
 * the endpoint says (https://developer.x.com/en/docs/x-ads-api/measurement/web-conversions/conversions).
 */
import { randomUUID } from 'node:crypto';

import { adsError, invalidParameter, notFound } from '../ads';
import { refEndpoint } from '../conformance';
import { HttpError, ok, type EmulatorResponse, type RequestContext } from '../http';
import type { Router } from '../router';
import { statsState } from '../state/stats';
import { parseIsoTime } from '../util';

const KEY = 'POST 12/measurement/conversions/:pixel_id';
/** Attribute names X's example request uses, at any depth (the reference table of the endpoint). */
const ATTRIBUTES = new Set(refEndpoint(KEY)!.params.filter((p) => p.place === 'body').map((p) => p.name));
const IDENTIFIERS = ['twclid', 'hashed_email', 'hashed_phone_number', 'ip_address', 'user_agent'];
const CONTENT_ATTRIBUTES = ['content_id', 'content_name', 'content_type', 'content_price', 'num_items', 'content_group_id'];
export const MAX_CONVERSIONS_PER_REQUEST = 500;
const SHA256_HEX = /^[0-9a-f]{64}$/;

type Json = Record<string, unknown>;

function checkConversion(c: unknown, n: number, events: string[], pixelId: string): void {
	const at = (field: string) => `conversions[${n}].${field}`;
	if (!c || typeof c !== 'object' || Array.isArray(c)) throw invalidParameter('conversions', `${at('')} must be an object`);
	const conversion = c as Json;
	for (const key of Object.keys(conversion)) if (!ATTRIBUTES.has(key) || IDENTIFIERS.includes(key) || CONTENT_ATTRIBUTES.includes(key)) throw invalidParameter(key, `Unknown parameter ${at(key)}`);
	if (typeof conversion.conversion_time !== 'string' || parseIsoTime(conversion.conversion_time) === null) throw invalidParameter('conversion_time', `${at('conversion_time')} must be an ISO 8601 time`);
	const event = typeof conversion.event_id === 'string' ? conversion.event_id.replace(new RegExp(`^tw-${pixelId}-`), '') : undefined;
	if (!event || !events.includes(event)) throw invalidParameter('event_id', `${at('event_id')} is not an event of pixel ${pixelId}`);
	const identifiers = conversion.identifiers;
	if (!Array.isArray(identifiers) || !identifiers.length) throw invalidParameter('identifiers', `${at('identifiers')} must hold at least one identifier`);
	const given = new Set<string>();
	for (const identifier of identifiers) {
		if (!identifier || typeof identifier !== 'object' || Array.isArray(identifier)) throw invalidParameter('identifiers', `${at('identifiers')} must hold objects`);
		for (const [key, value] of Object.entries(identifier as Json)) {
			if (!IDENTIFIERS.includes(key)) throw invalidParameter(key, `Unknown identifier ${key} in ${at('identifiers')}`);
			if (typeof value !== 'string' || value.trim() !== value || !value) throw invalidParameter(key, `${at(key)} must be text without spaces at its ends`);
			if (key.startsWith('hashed_') && !SHA256_HEX.test(value)) throw invalidParameter(key, `${at(key)} must be a SHA-256 hash (64 lowercase hex digits)`);
			given.add(key);
		}
	}
	const strong = ['twclid', 'hashed_email', 'hashed_phone_number'].some((k) => given.has(k));
	if (!strong && !(given.has('ip_address') && given.has('user_agent'))) {
		throw invalidParameter('identifiers', `${at('identifiers')}: IP address and user agent need a second identifier`);
	}
	if (conversion.value !== undefined && (typeof conversion.value !== 'string' || !/^\d+(\.\d+)?$/.test(conversion.value))) throw invalidParameter('value', `${at('value')} must be a decimal amount`);
	if (conversion.number_items !== undefined && !(Number.isInteger(conversion.number_items) && (conversion.number_items as number) >= 0)) throw invalidParameter('number_items', `${at('number_items')} must be a whole number`);
	if (conversion.contents !== undefined) {
		if (!Array.isArray(conversion.contents)) throw invalidParameter('contents', `${at('contents')} must be an array`);
		for (const content of conversion.contents) {
			if (!content || typeof content !== 'object') throw invalidParameter('contents', `${at('contents')} must hold objects`);
			for (const key of Object.keys(content as Json)) if (!CONTENT_ATTRIBUTES.includes(key)) throw invalidParameter(key, `Unknown parameter ${key} in ${at('contents')}`);
		}
	}
}

function postConversions(ctx: RequestContext): EmulatorResponse {
	const state = statsState(ctx.store);
	const pixelId = ctx.pathParams.pixel_id;
	const pixel = state.pixels.get(`${ctx.env}:${pixelId}`);
	if (!pixel) throw notFound(`Pixel ${pixelId} not found`);
	const account = ctx.store.ads[ctx.env].accounts.get(pixel.accountId);
	if (!account || !ctx.user || account.ownerId !== ctx.user.userId) throw adsError(403, 'UNAUTHORIZED_ACCESS', `User ${ctx.user?.userId ?? ''} is not authorized to send conversions for pixel ${pixelId}`);
	const body = ctx.json as Json | undefined;
	const conversions = body?.conversions;
	if (!Array.isArray(conversions) || !conversions.length) throw adsError(400, 'MISSING_PARAMETER', '"conversions" is a required parameter', 'conversions');
	if (conversions.length > MAX_CONVERSIONS_PER_REQUEST) throw invalidParameter('conversions', `Up to ${MAX_CONVERSIONS_PER_REQUEST} conversion events may be provided (got ${conversions.length})`);
	conversions.forEach((c, n) => checkConversion(c, n, pixel.events, pixelId));
	// 60,000 events per account in 15 minutes.
	const limit = state.conversionLimit;
	const sent = state.conversionEvents.get(pixel.accountId) ?? [];
	const recent = sent.filter((s) => ctx.now - s.at < limit.windowMs);
	const used = recent.reduce((n, s) => n + s.count, 0);
	if (used + conversions.length > limit.events) {
		const reset = Math.ceil(((recent[0]?.at ?? ctx.now) + limit.windowMs) / 1000);
		throw new HttpError(429, { errors: [{ code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded' }] }, { 'x-rate-limit-limit': String(limit.events), 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) });
	}
	recent.push({ at: ctx.now, count: conversions.length });
	state.conversionEvents.set(pixel.accountId, recent);
	let received = state.conversions.get(pixelId);
	if (!received) state.conversions.set(pixelId, (received = []));
	received.push(...(conversions as Json[]).map((c) => structuredClone(c)));
	return ok({ request: { params: { account_id: pixel.accountId } }, data: { conversions_processed: conversions.length, debug_id: randomUUID() } });
}

export function registerConversionRoutes(router: Router): void {
	router.ads('POST', '/12/measurement/conversions/:pixel_id', postConversions);
}
