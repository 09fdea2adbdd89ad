/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * X API v2 conformance: X's openapi.json (../shared/reference/x-docs/openapi.json, recorded for
 * the operations the emulator serves in recordedFacts.json, so that it runs without X's docs) compiled
 * with ajv, one operation at a time. The emulator's pipeline checks every /2 request it routes against
 * the operation's parameters and request body (a non-conforming one gets X's 400 invalid-request
 * problem naming the field), and every answer it gives against the operation's response schema (a
 * non-conforming answer is a bug of the emulator: 500 and a loud console error). Enumerations the
 * emulator needs (activity event kinds, filter directions) are read from here too, never from nodes/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

import { verifyBearer, verifyOAuth1 } from '../emulator/auth';
import type { FormPart } from '../emulator/multipart';
import { authErrors, HttpError, type EmulatorResponse, type RequestContext } from '../emulator/http';
import { platformState } from '../emulator/state/platform';
import { referenceDir } from './adsReference';
import { xFacts } from './facts';

type Json = Record<string, unknown>;

export interface OpenApiParameter {
	name: string;
	in: 'path' | 'query' | 'header' | 'cookie';
	required?: boolean;
	schema?: Json;
	explode?: boolean;
	style?: string;
	/** Where the parameter is in openapi.json (its $ref target when it is a reference), as path segments. */
	at: string[];
}

export interface V2Operation {
	method: string;
	/** openapi path template, e.g. /2/webhooks/{webhook_id}. */
	path: string;
	operationId: string;
	/** Security alternatives by scheme name (BearerToken, UserToken, OAuth2UserToken) with scopes. */
	security: Array<Record<string, string[]>>;
	parameters: OpenApiParameter[];
	requestBodyRequired: boolean;
	hasJsonBody: boolean;
	/** Takes multipart/form-data (media uploads: raw bytes instead of base64). */
	hasMultipartBody: boolean;
	description: string;
}

/** X's whole openapi.json (X_REFERENCE_DIR, else shared/reference beside the clone): for deriving facts and for tests. */
export function liveOpenApi(): Json {
	return JSON.parse(readFileSync(join(referenceDir(), 'x-docs', 'openapi.json'), 'utf8')) as Json;
}

/** The document the emulator judges by: the recorded cut of openapi.json (test/reference/recordedFacts.json). */
export function openApi(): Json {
	return xFacts().openapi;
}

let ajv: Ajv | undefined;
function validator(): Ajv {
	if (!ajv) {
		// OpenAPI 3.0 schemas: unknown keywords (example, discriminator, externalDocs) are annotations.
		ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
		addFormats(ajv);
		for (const f of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(f, true);
		ajv.addSchema(openApi(), 'openapi.json');
	}
	return ajv;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const compiled = new Map<string, ValidateFunction>();
function compileAt(...parts: string[]): ValidateFunction {
	const ref = `openapi.json#/${pointer(...parts)}`;
	let fn = compiled.get(ref);
	if (!fn) compiled.set(ref, (fn = validator().compile({ $ref: ref })));
	return fn;
}

function resolveRef<T>(value: unknown): T {
	let v = value as Json;
	while (v && typeof v.$ref === 'string') {
		v = (v.$ref as string)
			.replace(/^#\//, '')
			.split('/')
			.reduce<unknown>((o, k) => (o as Json)[k.replace(/~1/g, '/').replace(/~0/g, '~')], openApi()) as Json;
	}
	return v as T;
}

/** "/2/webhooks/:webhook_id" (a route pattern) -> "/2/webhooks/{webhook_id}". */
export function templateOf(routePattern: string): string {
	return routePattern.replace(/:(\w+)/g, '{$1}');
}

export function v2Operation(method: string, routePattern: string): V2Operation | undefined {
	const path = templateOf(routePattern);
	const item = (openApi().paths as Json)[path] as Json | undefined;
	const op = item?.[method.toLowerCase()] as Json | undefined;
	if (!op) return undefined;
	const located = (list: unknown, base: string[]) =>
		((list as Json[] | undefined) ?? []).map((p, i) => {
			const at = typeof p.$ref === 'string' ? (p.$ref as string).replace(/^#\//, '').split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~')) : [...base, String(i)];
			return { ...resolveRef<Omit<OpenApiParameter, 'at'>>(p), at };
		});
	const parameters = [...located(item!.parameters, ['paths', path, 'parameters']), ...located(op.parameters, ['paths', path, method.toLowerCase(), 'parameters'])];
	const body = op.requestBody ? resolveRef<Json>(op.requestBody) : undefined;
	return {
		method: method.toUpperCase(),
		path,
		operationId: String(op.operationId),
		security: (op.security as V2Operation['security']) ?? [],
		parameters,
		requestBodyRequired: body?.required === true,
		hasJsonBody: !!(body?.content as Json | undefined)?.['application/json'],
		hasMultipartBody: !!(body?.content as Json | undefined)?.['multipart/form-data'],
		description: String(op.description ?? ''),
	};
}

/** A schema of components/schemas (for enums and limits). */
export function componentSchema(name: string): Json {
	return (((openApi().components as Json).schemas as Json)[name] as Json) ?? {};
}

/** Activity event kinds X takes on POST /2/activity/subscriptions (the request schema's enum). */
export function activityEventTypes(): string[] {
	const props = componentSchema('CreateActivitySubscriptionRequest').properties as Json;
	return [...((props.event_type as Json).enum as string[])];
}

/** The values of an activity subscription's filter.direction. */
export function activityDirections(): string[] {
	const props = componentSchema('CreateActivitySubscriptionFilter').properties as Json;
	return [...((props.direction as Json).enum as string[])];
}

// ---- Requests ------------------------------------------------------------------------------------

export interface V2RequestParts {
	method: string;
	/** The emulator's route pattern, e.g. /2/webhooks/:webhook_id. */
	pattern: string;
	pathParams: Record<string, string>;
	/** Decoded query pairs in order. */
	query: Array<[string, string]>;
	contentType: string | undefined;
	rawBody: string;
	/** Parsed JSON body (undefined when none or not JSON). */
	json: unknown;
	/** Parts of a multipart/form-data body (null when malformed or another type). */
	multipart?: FormPart[] | null;
}

/** X's 400 problem for a request that does not conform; `parameter` names the failing field. */
export interface InvalidRequest {
	parameter: string;
	value: unknown;
	message: string;
}

/** The body X answers an invalid v2 request with (an InvalidRequestProblem, errors[] naming the field). */
export function invalidRequestProblem(problems: InvalidRequest[]): Json {
	return {
		errors: problems.map((p) => ({ parameters: { [p.parameter]: p.value === undefined ? [] : [typeof p.value === 'string' ? p.value : JSON.stringify(p.value)] }, message: p.message })),
		title: 'Invalid Request',
		detail: 'One or more parameters to your request was invalid.',
		type: 'https://api.x.com/2/problems/invalid-request',
	};
}

function fieldOf(prefix: string, e: ErrorObject): string {
	const parts = e.instancePath.split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
	if (e.keyword === 'required') parts.push(String((e.params as { missingProperty: string }).missingProperty));
	if (e.keyword === 'additionalProperties') parts.push(String((e.params as { additionalProperty: string }).additionalProperty));
	const path = parts.filter((p) => !/^\d+$/.test(p)).join('.');
	return prefix ? (path ? `${prefix}.${path}` : prefix) : path || 'body';
}

function describe(field: string, e: ErrorObject): string {
	switch (e.keyword) {
		case 'required':
			return `The ${field} parameter is required.`;
		case 'additionalProperties':
			return `The ${field} field is not one this endpoint takes.`;
		case 'enum':
			return `The ${field} value must be one of [${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).join(', ')}].`;
		default:
			return `The ${field} value ${e.message ?? 'is invalid'}.`;
	}
}

function valueAt(root: unknown, instancePath: string): unknown {
	return instancePath
		.split('/')
		.filter(Boolean)
		.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Json)[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
}

function schemaErrors(fn: ValidateFunction, value: unknown, prefix: string): InvalidRequest[] {
	if (fn(value)) return [];
	// ajv reports one error per failed keyword; the first per field says enough.
	const seen = new Set<string>();
	const out: InvalidRequest[] = [];
	for (const e of fn.errors ?? []) {
		const parameter = fieldOf(prefix, e);
		if (seen.has(parameter)) continue;
		seen.add(parameter);
		const at = e.keyword === 'additionalProperties' ? `${e.instancePath}/${String((e.params as { additionalProperty: string }).additionalProperty)}` : e.instancePath;
		out.push({ parameter, value: e.keyword === 'required' ? undefined : valueAt(value, at), message: describe(parameter, e) });
	}
	return out;
}

/** A query or path value as the parameter's schema types it (form style, explode false: comma lists). */
function typedValue(param: OpenApiParameter, raw: string[]): unknown {
	const schema = resolveRef<Json>(param.schema ?? {});
	const scalar = (text: string, s: Json): unknown => {
		const type = resolveRef<Json>(s).type;
		if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
		if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
		return text;
	};
	if (schema.type === 'array') {
		const items = raw.flatMap((r) => (param.explode === false ? r.split(',') : [r]));
		return items.map((i) => scalar(i, (schema.items as Json) ?? {}));
	}
	return scalar(raw[raw.length - 1], schema);
}

/**
 * The ways a routed /2 request departs from its openapi operation: unknown or repeated query
 * parameters, parameters against their schemas, a missing or non-JSON body, the body against its
 * schema. Empty when it conforms (or when openapi.json does not describe the route).
 */
export function v2RequestProblems(req: V2RequestParts): InvalidRequest[] {
	const op = v2Operation(req.method, req.pattern);
	if (!op) return [];
	const problems: InvalidRequest[] = [];
	const opPath = pointer('paths', op.path, req.method.toLowerCase());
	const schemaOf = (p: OpenApiParameter): ValidateFunction => compileAt(...p.at, 'schema');

	const known = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
	for (const [name] of req.query) {
		if (!known.has(name)) {
			problems.push({ parameter: name, value: undefined, message: `The query parameter [${name}] is not one of [${[...known].join(',')}].` });
		}
	}
	for (const p of op.parameters) {
		if (p.in !== 'path' && p.in !== 'query') continue;
		const raw = p.in === 'path' ? (req.pathParams[p.name] !== undefined ? [req.pathParams[p.name]] : []) : req.query.filter(([k]) => k === p.name).map(([, v]) => v);
		if (raw.length === 0) {
			if (p.required) problems.push({ parameter: p.name, value: undefined, message: `The ${p.name} parameter is required.` });
			continue;
		}
		if (p.in === 'query' && raw.length > 1) {
			problems.push({ parameter: p.name, value: raw.join(','), message: `The ${p.name} parameter may be given only once.` });
			continue;
		}
		const value = typedValue(p, raw);
		for (const e of schemaErrors(schemaOf(p), value, p.name)) {
			problems.push({ ...e, parameter: p.name, value: raw[0], message: e.message });
		}
	}

	const type = String(req.contentType ?? '').split(';')[0].trim().toLowerCase();
	const bodyGiven = req.rawBody.trim() !== '';
	if (type === 'multipart/form-data') {
		if (!op.hasMultipartBody) {
			problems.push({ parameter: 'Content-Type', value: type, message: `This endpoint takes no multipart/form-data body${op.hasJsonBody ? ' (JSON only)' : ''}.` });
		} else if (!req.multipart) {
			problems.push({ parameter: 'body', value: undefined, message: 'The multipart/form-data body is malformed (no boundary, a part without a name, or no closing delimiter).' });
		} else {
			const parts = [...opPath.split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')), 'requestBody', 'content', 'multipart/form-data', 'schema'];
			const form = formObject(resolveRef<Json>({ $ref: `#/${pointer(...parts)}` }), req.multipart);
			if (typeof form === 'string') problems.push({ parameter: form, value: undefined, message: `The ${form} part may be given only once.` });
			else problems.push(...schemaErrors(compileAt(...parts), form, ''));
		}
	} else if (op.hasJsonBody && (bodyGiven || op.requestBodyRequired)) {
		if (!bodyGiven) {
			problems.push({ parameter: 'body', value: undefined, message: 'A JSON body is required.' });
		} else if (type !== 'application/json') {
			problems.push({ parameter: 'Content-Type', value: type || 'none', message: 'The body must be JSON with Content-Type application/json.' });
		} else if (req.json === undefined) {
			problems.push({ parameter: 'body', value: undefined, message: 'The body is not valid JSON.' });
		} else {
			const parts = [...opPath.split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')), 'requestBody', 'content', 'application/json', 'schema'];
			problems.push(...schemaErrors(compileAt(...parts), req.json, ''));
		}
	} else if (!op.hasJsonBody && bodyGiven) {
		problems.push({ parameter: 'body', value: undefined, message: 'This endpoint takes no body.' });
	}
	return problems;
}

/**
 * A multipart body as the object its schema describes: text parts typed as the schema's property
 * types (integers from their digits), file bytes as a stand-in string (format binary takes any).
 * Returns the name of a repeated part instead.
 */
function formObject(schema: Json, parts: FormPart[]): Json | string {
	const properties = (resolveRef<Json>(schema).properties ?? {}) as Json;
	const out: Json = {};
	for (const part of parts) {
		if (part.name in out) return part.name;
		const type = resolveRef<Json>(properties[part.name] ?? {}).type;
		const text = part.filename === undefined ? part.data.toString('utf8') : `<${part.data.length} bytes>`;
		out[part.name] = (type === 'integer' || type === 'number') && /^-?\d+$/.test(text) ? Number(text) : text;
	}
	return out;
}

// ---- Responses -----------------------------------------------------------------------------------

/**
 * Why an answer does not conform to the operation's responses (empty when it does). A 2xx body is
 * checked against that status's application/json schema; an error body against the default
 * response: application/problem+json (Problem) when it carries a problem type, else application/json (Error).
 */
export function v2ResponseProblems(method: string, routePattern: string, status: number, body: unknown): string[] {
	const op = v2Operation(method, routePattern);
	if (!op) return [];
	const base = ['paths', op.path, method.toLowerCase(), 'responses'];
	const responses = ((((openApi().paths as Json)[op.path] as Json)[method.toLowerCase()] as Json).responses ?? {}) as Json;
	const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
	if (!key) return [`no response ${status} in openapi.json for ${method} ${op.path}`];
	const content = (resolveRef<Json>(responses[key]).content ?? {}) as Json;
	const isProblem = !!body && typeof body === 'object' && typeof (body as Json).type === 'string';
	const mediaType = isProblem && content['application/problem+json'] ? 'application/problem+json' : 'application/json';
	if (!content[mediaType]) return body === undefined ? [] : [`response ${key} of ${method} ${op.path} has no ${mediaType} body in openapi.json`];
	const fn = compileAt(...base, key, 'content', mediaType, 'schema');
	if (fn(body)) return [];
	return (fn.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`.trim());
}

// ---- Stream lines ------------------------------------------------------------------------------

/**
 * Why one line of GET /2/activity/stream does not conform to ActivityStreamResponse. Its payload is
 * a oneOf whose discriminator is the sibling event_type ("../event_type", which ajv cannot follow,
 * and Post and LikeWithPostAuthor are open schemas that both match most objects): the payload is
 * checked against the schema the mapping names for its kind, the envelope without it.
 */
export function activityStreamLineProblems(line: unknown): string[] {
	const schema = componentSchema('ActivityStreamResponse');
	const payloadSchema = resolveRef<Json>((((schema.properties as Json).data as Json).properties as Json).payload);
	const mapping = ((payloadSchema.discriminator as Json).mapping ?? {}) as Record<string, string>;
	const data = ((line as Json)?.data ?? {}) as Json;
	const { payload, ...envelope } = data;
	const problems: string[] = [];
	const whole = compileAt('components', 'schemas', 'ActivityStreamResponse');
	if (!whole({ ...(line as Json), data: envelope })) problems.push(...(whole.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
	const target = mapping[String(data.event_type)];
	if (target) {
		const fn = compileAt(...target.replace(/^#\//, '').split('/'));
		if (!fn(payload)) problems.push(...(fn.errors ?? []).map((e) => `/data/payload${e.instancePath} ${e.message ?? ''}`));
	}
	return problems;
}

// ---- The emulator's hook -------------------------------------------------------------------------

/** X's refusal of a token kind the operation does not take (documented for app-only tokens: 403 code 220). */
function unsupportedAuthentication(op: V2Operation, used: string): HttpError {
	const allowed = op.security.flatMap((s) => Object.keys(s));
	return new HttpError(403, {
		errors: [{ code: 220, message: 'Your credentials do not allow access to this resource' }],
		title: 'Unsupported Authentication',
		detail: `Authenticating with ${used} is not allowed for ${op.method} ${op.path}; it takes ${allowed.join(', ')}.`,
		type: 'https://api.x.com/2/problems/not-authorized-for-resource',
		resource_type: 'authentication',
	});
}

/**
 * Authenticates as the operation's security allows: BearerToken (the App's bearer token) and
 * UserToken (OAuth 1.0a signed with a user's access token, which sets ctx.user), and
 * OAuth2UserToken (a user token of the emulator's authorization-code flow, with the scopes listed).
 */
export function v2Authenticate(ctx: RequestContext, op: V2Operation): void {
	const schemes = new Set(op.security.flatMap((s) => Object.keys(s)));
	const scheme = String(ctx.headers.authorization ?? '').trim().split(/\s+/)[0].toLowerCase();
	const oauth2 = scheme === 'bearer' ? oauth2UserToken(ctx) : undefined;
	if (oauth2) {
		// An OAuth 2.0 user token (authorization code with PKCE): the operation must take one, with its scopes.
		const alternatives = op.security.filter((s) => s.OAuth2UserToken !== undefined);
		if (!alternatives.length) throw unsupportedAuthentication(op, 'an OAuth 2.0 user token');
		const missing = alternatives[0].OAuth2UserToken.filter((scope) => !oauth2.scopes.includes(scope));
		if (missing.length) {
			throw new HttpError(403, {
				title: 'Forbidden',
				detail: `The OAuth 2.0 user token lacks the scopes ${missing.join(', ')} that ${op.method} ${op.path} needs.`,
				type: 'https://api.x.com/2/problems/not-authorized-for-resource',
				resource_type: 'scope',
			});
		}
		ctx.user = ctx.store.users.find((u) => u.userId === oauth2.userId) ?? null;
	} else if (scheme === 'bearer') {
		if (!schemes.has('BearerToken')) throw unsupportedAuthentication(op, 'the App\'s bearer token (OAuth 2.0 application-only)');
		verifyBearer(ctx);
	} else if (scheme === 'oauth') {
		if (!schemes.has('UserToken')) throw unsupportedAuthentication(op, 'OAuth 1.0a user context');
		const identity = verifyOAuth1(ctx, true);
		ctx.user = identity?.user ?? null;
		ctx.accessToken = identity?.token ?? null;
	} else {
		throw authErrors.v2Unauthorized();
	}
}

/**
 * The OAuth 2.0 user token a "Bearer" header carries (the App's own bearer token is not one), or
 * undefined; an expired or revoked one is X's 401.
 */
export function oauth2UserToken(ctx: RequestContext): { userId: string; scopes: string[] } | undefined {
	const m = /^Bearer (\S+)$/i.exec(String(ctx.headers.authorization ?? '').trim());
	if (!m || m[1] === ctx.store.bearer.current) return undefined;
	const token = platformState(ctx.store).oauth2.tokens.get(m[1]);
	if (!token || token.kind !== 'access') return undefined;
	if (token.revoked || token.expiresAt <= ctx.now) throw authErrors.v2Unauthorized();
	return token;
}

/**
 * Runs a routed request of the emulator through the conformance checks: a /2 request that does not
 * conform to its operation gets X's 400 problem without reaching the handler; the handler's answer
 * (or the HttpError it throws) is checked against the operation's responses, and one that does not
 * conform becomes a 500 with a console error naming what is wrong (an emulator bug, loud in tests).
 * The request is authenticated first, as the operation's security allows (routes of /2 register
 * with auth 'none'). 401s are left alone: X answers them with an about:blank problem that
 * openapi.json does not describe.
 */
export async function conformV2(ctx: RequestContext, routePattern: string, handle: () => EmulatorResponse | Promise<EmulatorResponse>): Promise<EmulatorResponse> {
	if (ctx.base !== 'api' || !routePattern.startsWith('/2/') || !v2Operation(ctx.method, routePattern)) return await handle();
	const problems = v2RequestProblems({
		method: ctx.method,
		pattern: routePattern,
		pathParams: ctx.pathParams,
		query: ctx.query,
		contentType: ctx.headers['content-type'],
		rawBody: ctx.rawBody,
		json: ctx.json,
		multipart: ctx.multipart,
	});
	let answer: EmulatorResponse;
	try {
		v2Authenticate(ctx, v2Operation(ctx.method, routePattern)!);
		answer = problems.length ? { status: 400, body: invalidRequestProblem(problems) } : await handle();
	} catch (err) {
		if (!(err instanceof HttpError)) throw err;
		answer = { status: err.status, body: err.body, headers: err.headers };
	}
	// 401s and TooManyConnections (429) are X's answers openapi.json does not describe; a stream's
	// lines are checked one by one where they are published (activityStreamLineProblems).
	if (answer.status === 401 || answer.status === 429 || answer.stream) return answer;
	const wrong = v2ResponseProblems(ctx.method, routePattern, answer.status, answer.body);
	if (wrong.length === 0) return answer;
	console.error(`[x-emulator] ${ctx.method} ${routePattern} answered ${answer.status} with a body that does not conform to openapi.json:\n  ${wrong.join('\n  ')}\n  body: ${JSON.stringify(answer.body)}`);
	return {
		status: 500,
		body: {
			title: 'Internal Error',
			detail: `The emulator's answer to ${ctx.method} ${routePattern} does not conform to openapi.json (see the console).`,
			type: 'https://api.x.com/2/problems/internal-error',
		},
	};
}

// ---- The X Activity API's pages (what openapi.json leaves to prose; recorded by deriveFacts.ts) ----

/** Kinds whose row in the introduction's event tables lists the `direction` filter (like.create). */
export function directionalActivityKinds(): string[] {
	return [...xFacts().activity.directional];
}

/** Kinds openapi's CreateActivitySubscriptionFilter.direction says it does not support ("Not supported for mute.* or block.* events"). */
export function directionRefusedKinds(): string[] {
	return [...xFacts().activity.directionRefused];
}

/** Private kinds (user context needed): the introduction's "Current private events" list, and the families the create operation names. */
export function privateActivityKinds(): string[] {
	return [...xFacts().activity.private];
}

/** The scopes X's activity guide names for a kind in its "Current private events" list, besides openapi's. */
export function activityGuideScopes(kind: string): string[] {
	return [...(xFacts().activity.guideScopes[kind] ?? [])];
}

/** The OAuth 2.0 scope the create operation's description names for a kind (tweet.read for the rest). */
export function activityScopeFor(kind: string): string {
	return xFacts().activity.scopes[kind] ?? 'tweet.read';
}

/** Why one line of GET /2/tweets/search/stream does not conform to StreamPostsResponse. */
export function filteredStreamLineProblems(line: unknown): string[] {
	const fn = compileAt('components', 'schemas', 'StreamPostsResponse');
	return fn(line) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '(line)'} ${e.message ?? ''}`.trim());
}
