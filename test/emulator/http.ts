/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/** Request context, response values and error helpers shared by every route module. */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { FormPart } from './multipart';
import type { ParamList } from './oauth1';
import type { AccessTokenRecord, AdsEnvironment, Base, Store, UserRecord } from './store';

export interface RequestContext {
	store: Store;
	method: string;
	base: Base;
	/** Path after the base prefix, as sent (still percent-encoded), e.g. "/12/accounts/abc". */
	path: string;
	rawQuery: string;
	/** Decoded query parameters in order, duplicates kept. */
	query: ParamList;
	headers: IncomingHttpHeaders;
	/** The body as text (UTF-8); empty for a multipart body, whose bytes are in `multipart`. */
	rawBody: string;
	/** The parts of a multipart/form-data body (media uploads), null for any other body or a malformed one. */
	multipart: FormPart[] | null;
	/** Decoded form body parameters when Content-Type is application/x-www-form-urlencoded. */
	form: ParamList | null;
	/** Parsed JSON body when Content-Type is application/json (undefined otherwise). */
	json: unknown;
	/** Decoded path parameters of the matched route. */
	pathParams: Record<string, string>;
	/** Authenticated user (OAuth 1.0a user context), null otherwise. */
	user: UserRecord | null;
	/** The access token that signed the request (OAuth 1.0a user context), null otherwise. */
	accessToken: AccessTokenRecord | null;
	/** Ads data set addressed by the base: adsSandbox -> sandbox, everything else -> production. */
	env: AdsEnvironment;
	now: number;
}

export interface EmulatorResponse {
	status: number;
	/** Serialized as JSON unless rawBody is given. */
	body?: unknown;
	rawBody?: string;
	headers?: Record<string, string>;
	/** A streaming answer (the activity stream): after the status and headers, it writes the body itself. */
	stream?: (res: ServerResponse) => void;
}

/** Thrown by handlers and helpers; the server turns it into the response it carries. */
export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		readonly headers: Record<string, string> = {},
	) {
		super(`HTTP ${status}`);
	}
}

export function ok(body: unknown, status = 200, headers?: Record<string, string>): EmulatorResponse {
	return { status, body, headers };
}

/** v1.1 / OAuth style error: {"errors":[{"code":32,"message":"..."}]}. */
export function legacyError(status: number, code: number, message: string): HttpError {
	return new HttpError(status, { errors: [{ code, message }] });
}

export const authErrors = {
	couldNotAuthenticate: () => legacyError(401, 32, 'Could not authenticate you.'),
	invalidToken: () => legacyError(401, 89, 'Invalid or expired token.'),
	timestamp: () => legacyError(401, 135, 'Timestamp out of bounds.'),
	v2Unauthorized: () =>
		new HttpError(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }),
};

/** First value of a parameter in a decoded list. */
export function firstParam(list: ParamList | null, name: string): string | undefined {
	if (!list) return undefined;
	for (const [k, v] of list) if (k === name) return v;
	return undefined;
}
