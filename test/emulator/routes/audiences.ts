/**
 * Audiences (https://docs.x.com/x-ads-api/audiences/reference): tailored audience permissions
 * (version 5 only), where a custom audience is targeted, loading hashed users into custom audiences and do-not-reach lists (JSON arrays of
 * operations, item problems in operation_errors), and deleting do-not-reach lists.
 */
import {
	adsError,
	AdsParams,
	collection,
	decodeCursor,
	encodeCursor,
	envelope,
	invalidParameter,
	missingParameter,
	notFound,
	requireAccount,
} from '../ads';
import { ok, type RequestContext } from '../http';
import { isObject, requireJsonBody } from '../jsonBody';
import { refValues } from '../conformance';
import type { Router } from '../router';
import {
	addPermission,
	AUDIENCE_IDENTIFIER_TYPES,
	audienceFaults,
	CUSTOM_AUDIENCE_USERS_ROUTE,
	DO_NOT_REACH_IDENTIFIER_TYPES,
	DO_NOT_REACH_USERS_ROUTE,
	customAudienceView,
	emptyMembers,
	type AudienceEnvState,
	type CustomAudiencePermission,
	type CustomAudienceRecord,
	type DoNotReachList,
	type MemberSets,
	type TailoredAudiencePermission,
	type TailoredAudienceRecord,
} from '../state/audiences';
import { adsId, adsTime, nextUpdatedAt, parseIsoTime } from '../util';

const PERMISSIONS_POST = 'POST 5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions';
export const MAX_OPERATIONS = 2500;
export const MAX_BATCH_BYTES = 5_000_000;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** A do-not-reach list is targetable from this many members on. */
const DO_NOT_REACH_MIN_SIZE = 100;
const TARGETED_PAGE = 200;

const audiencesOf = (ctx: RequestContext): AudienceEnvState => ctx.store.ads[ctx.env].audiences;

// ---- Tailored audience permissions (version 5) -------------------------------------------------

/**
 * The audience named by the path, as seen by the account: the owner sees and changes it; an account
 * it is shared with may only list (its own grants); anyone else -> 403; unknown -> 404.
 */
function tailoredAudience(ctx: RequestContext, accountId: string, write: boolean): { audience: TailoredAudienceRecord; owner: boolean } {
	const id = ctx.pathParams.tailored_audience_id;
	const audience = audiencesOf(ctx).tailoredAudiences.get(id);
	if (!audience) throw notFound(`Tailored audience ${id} not found`);
	if (audience.accountId === accountId) return { audience, owner: true };
	const shared = (audiencesOf(ctx).permissionsByAudience.get(id) ?? []).some((p) => !p.deleted && p.granted_account_id === accountId);
	if (write || !shared) {
		throw adsError(403, 'UNAUTHORIZED_ACCESS', `Account ${accountId} is not the owner of tailored audience ${id}; only the owning account may change its permissions`);
	}
	return { audience, owner: false };
}

const PERMISSION_SORT_FIELDS: Record<string, (p: TailoredAudiencePermission) => string> = {
	id: (p) => p.id,
	granted_account_id: (p) => p.granted_account_id,
	permission_level: (p) => p.permission_level,
	created_at: (p) => p.created_at,
	updated_at: (p) => p.updated_at,
};

function listPermissions(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const { audience, owner } = tailoredAudience(ctx, account.account.id, false);
	const granted = params.idList('granted_account_ids', 200);
	const ids = params.idList('tailored_audience_permission_ids', 200);
	const withDeleted = params.boolean('with_deleted');
	return collection(params, {
		source: audiencesOf(ctx).permissionsByAudience.get(audience.id) ?? [],
		filter: (p) =>
			(withDeleted || !p.deleted) &&
			(owner || p.granted_account_id === account.account.id) &&
			(!granted || granted.includes(p.granted_account_id)) &&
			(!ids || ids.includes(p.id)),
		sortFields: PERMISSION_SORT_FIELDS,
		render: (p) => ({ ...p }),
		count: { default: 200, min: 1, max: 1000 },
	});
}

function createPermission(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const { audience } = tailoredAudience(ctx, account.account.id, true);
	const grantedId = params.string('granted_account_id', { required: true, maxLength: 32 })!;
	const level = params.enum('permission_level', refValues(PERMISSIONS_POST, 'permission_level') as ReadonlyArray<TailoredAudiencePermission['permission_level']>, { required: true })!;
	const env = ctx.store.ads[ctx.env];
	const grantee = env.accounts.get(grantedId);
	if (!grantee || grantee.account.deleted) throw invalidParameter('granted_account_id', `Account ${grantedId} does not exist`);
	if (grantedId === audience.accountId) throw invalidParameter('granted_account_id', 'An audience cannot be shared with its owning account');
	const sameBusiness =
		grantee.ownerId === account.ownerId ||
		(grantee.account.business_id !== null && grantee.account.business_id === account.account.business_id);
	if (!sameBusiness && !(env.features.get(account.account.id) ?? []).includes('SHARE_AUDIENCE_OUTSIDE_BUSINESS')) {
		throw invalidParameter(
			'granted_account_id',
			`Account ${grantedId} is outside the business of account ${account.account.id}; sharing outside the business needs the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature`,
		);
	}
	const audiences = audiencesOf(ctx);
	if ((audiences.permissionsByAudience.get(audience.id) ?? []).some((p) => !p.deleted && p.granted_account_id === grantedId)) {
		throw invalidParameter('granted_account_id', `Tailored audience ${audience.id} is already shared with account ${grantedId}`);
	}
	let id = adsId(6);
	while (audiences.permissions.has(id)) id = adsId(6);
	const at = adsTime(ctx.now);
	const permission: TailoredAudiencePermission = {
		id,
		tailored_audience_id: audience.id,
		granted_account_id: grantedId,
		permission_level: level,
		created_at: at,
		updated_at: at,
		deleted: false,
	};
	addPermission(audiences, permission);
	return envelope(params, { ...permission });
}

function deletePermission(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const { audience } = tailoredAudience(ctx, account.account.id, true);
	const id = ctx.pathParams.tailored_audience_permission_id;
	const permission = audiencesOf(ctx).permissions.get(id);
	if (!permission || permission.tailored_audience_id !== audience.id || permission.deleted) {
		throw notFound(`Tailored audience permission ${id} not found`);
	}
	permission.deleted = true;
	permission.updated_at = nextUpdatedAt(permission.updated_at, ctx.now);
	return envelope(params, { ...permission });
}

// ---- Targeted ---------------------------------------------------------------------------------

function customAudienceOf(ctx: RequestContext, accountId: string) {
	const id = ctx.pathParams.custom_audience_id;
	const audience = audiencesOf(ctx).customAudiences.get(id);
	if (!audience || audience.deleted) throw notFound(`Custom audience ${id} not found`);
	if (audience.accountId !== accountId) {
		throw adsError(403, 'UNAUTHORIZED_ACCESS', `Account ${accountId} is not authorized to access custom audience ${id}`);
	}
	return audience;
}

function listTargeted(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const audience = customAudienceOf(ctx, account.account.id);
	const withActive = params.boolean('with_active', true);
	const env = ctx.store.ads[ctx.env];
	const entries: Array<{ campaign_id: string; campaign_name: string; line_items: Array<{ id: string; name: string | null; servable: boolean }> }> = [];
	for (const t of audience.targeting) {
		const li = env.lineItems.get(t.lineItemId);
		if (!li || li.deleted || (withActive && !t.servable)) continue;
		let entry = entries.find((e) => e.campaign_id === li.campaign_id);
		if (!entry) {
			entry = { campaign_id: li.campaign_id, campaign_name: env.campaigns.get(li.campaign_id)?.name ?? '', line_items: [] };
			entries.push(entry);
		}
		entry.line_items.push({ id: li.id, name: li.name, servable: t.servable });
	}
	let position = 0;
	const cursor = params.raw('cursor');
	if (cursor !== undefined) {
		const decoded = decodeCursor(cursor);
		if (decoded === null || decoded > entries.length) throw invalidParameter('cursor', `Expected a valid cursor, got "${cursor}" for cursor`);
		position = decoded;
		params.echo.cursor = cursor;
	}
	const data = entries.slice(position, position + TARGETED_PAGE);
	const next = position + TARGETED_PAGE < entries.length ? encodeCursor(position + TARGETED_PAGE) : null;
	return ok({ request: { params: params.echo }, data, next_cursor: next });
}

// ---- Batch user uploads -----------------------------------------------------------------------

interface OperationError {
	code: 'INVALID_PARAMETER' | 'MISSING_PARAMETER';
	message: string;
	parameter: string;
}

interface CheckedOperation {
	errors: OperationError[];
	/** User objects in the operation (counted in total_count even when the operation fails). */
	users: number;
	type?: 'Update' | 'Delete';
	values: Array<[string, string]>;
	params?: unknown;
}

interface BatchKind {
	types: readonly string[];
	/** Custom audiences take effective_at; do-not-reach lists take only expires_at (and an emails array). */
	effectiveAt: boolean;
	emailsArray: boolean;
}

const CUSTOM_AUDIENCE_BATCH: BatchKind = { types: AUDIENCE_IDENTIFIER_TYPES, effectiveAt: true, emailsArray: false };
const DO_NOT_REACH_BATCH: BatchKind = { types: DO_NOT_REACH_IDENTIFIER_TYPES, effectiveAt: false, emailsArray: true };

/** The request body as an array of operations, within X's limits (else a request-level 400). */
function readOperations(ctx: RequestContext): unknown[] {
	const bytes = Buffer.byteLength(ctx.rawBody, 'utf8');
	if (bytes > MAX_BATCH_BYTES) {
		throw invalidParameter('body', `The request body is ${bytes} bytes; at most ${MAX_BATCH_BYTES} bytes are allowed`);
	}
	const body = requireJsonBody(ctx);
	if (!Array.isArray(body) || body.length === 0) throw invalidParameter('body', 'The body must be a non-empty JSON array of operations');
	if (body.length > MAX_OPERATIONS) {
		throw invalidParameter('body', `At most ${MAX_OPERATIONS} operations per request, got ${body.length}`);
	}
	return body;
}

function hashedValue(type: string, value: unknown): string | null {
	if (typeof value !== 'string' || value === '') return null;
	if (type === 'partner_user_id') return value;
	return SHA256_HEX.test(value) ? value : null;
}

function checkOperation(op: unknown, kind: BatchKind, now: number): CheckedOperation {
	const errors: OperationError[] = [];
	const out: CheckedOperation = { errors, users: 0, values: [] };
	const invalid = (parameter: string, message: string) => errors.push({ code: 'INVALID_PARAMETER', message, parameter });
	if (!isObject(op)) {
		invalid('operation_type', 'Each operation must be an object with operation_type and params');
		return out;
	}
	for (const key of Object.keys(op)) if (key !== 'operation_type' && key !== 'params') invalid(key, `Unknown key ${key} in the operation`);
	if (op.operation_type === undefined) errors.push({ code: 'MISSING_PARAMETER', message: 'operation_type is required', parameter: 'operation_type' });
	else if (op.operation_type !== 'Update' && op.operation_type !== 'Delete') {
		invalid('operation_type', `Expected one of Update, Delete for operation_type, got ${JSON.stringify(op.operation_type)}`);
	} else out.type = op.operation_type;
	const params = op.params;
	out.params = params;
	if (!isObject(params)) {
		errors.push({ code: 'MISSING_PARAMETER', message: 'params is required (an object holding users)', parameter: 'params' });
		return out;
	}
	const allowedParams = ['users', 'expires_at', ...(kind.effectiveAt ? ['effective_at'] : []), ...(kind.emailsArray ? ['emails'] : [])];
	for (const key of Object.keys(params)) if (!allowedParams.includes(key)) invalid(key, `Unknown parameter ${key} (params take ${allowedParams.join(', ')})`);

	const users = params.users;
	if (!Array.isArray(users) || users.length === 0) {
		errors.push({ code: 'MISSING_PARAMETER', message: 'users is required: a non-empty array of user objects', parameter: 'users' });
	} else {
		out.users = users.length;
		users.forEach((user, u) => {
			if (!isObject(user) || Object.keys(user).length === 0) {
				invalid('users', `users[${u}] must be an object with at least one identifier array (${kind.types.join(', ')})`);
				return;
			}
			for (const [type, list] of Object.entries(user)) {
				if (!kind.types.includes(type)) {
					invalid(type, `users[${u}].${type} is not an identifier type here (${kind.types.join(', ')})`);
					continue;
				}
				if (!Array.isArray(list) || list.length === 0) {
					invalid(type, `users[${u}].${type} must be a non-empty array`);
					continue;
				}
				list.forEach((value) => {
					const v = hashedValue(type, value);
					if (v === null) {
						invalid(type, type === 'partner_user_id'
							? `users[${u}].partner_user_id values must be non-empty strings`
							: `users[${u}].${type} values must be SHA-256 hashes (64 lowercase hex characters), got ${JSON.stringify(value)}`);
					} else out.values.push([type, v]);
				});
			}
		});
	}
	if (kind.emailsArray && params.emails !== undefined) {
		const emails = params.emails;
		if (!Array.isArray(emails) || emails.some((e) => hashedValue('email', e) === null)) {
			invalid('emails', 'emails must be an array of SHA-256 hashes (64 lowercase hex characters)');
		} else for (const e of emails) out.values.push(['email', e as string]);
	}
	const time = (name: string): number | undefined => {
		const v = params[name];
		if (v === undefined) return undefined;
		const ms = typeof v === 'string' ? parseIsoTime(v) : null;
		if (ms === null) {
			invalid(name, `Expected an ISO 8601 date-time for ${name}, got ${JSON.stringify(v)}`);
			return undefined;
		}
		return ms;
	};
	const effective = kind.effectiveAt ? time('effective_at') : undefined;
	const expires = time('expires_at');
	if (expires !== undefined && expires <= (effective ?? now)) {
		invalid('expires_at', `expires_at must be later than ${effective !== undefined ? 'effective_at' : 'now'}`);
	}
	return out;
}

function applyOperation(members: MemberSets, op: CheckedOperation): void {
	for (const [type, value] of op.values) {
		if (op.type === 'Update') members[type].add(value);
		else members[type].delete(value);
	}
}

/** Checks every operation, applies the good ones (unless a count mismatch is injected). */
function runBatch(ctx: RequestContext, kind: BatchKind, members: MemberSets) {
	const faults = audienceFaults(ctx.store);
	const operations = readOperations(ctx).map((op) => checkOperation(op, kind, ctx.now));
	// X refuses an operation as a whole and applies the rest of the request (operation_errors).
	for (const op of operations) {
		const refused = op.values.find(([, value]) => faults.refusedValues.has(value));
		if (refused && !op.errors.length) op.errors.push({ code: 'INVALID_PARAMETER', message: `users holds ${refused[0]} ${refused[1]}, which X refused`, parameter: 'users' });
	}
	const mismatch = faults.countMismatch > 0;
	if (mismatch) faults.countMismatch--;
	else for (const op of operations) if (op.errors.length === 0) applyOperation(members, op);
	return { operations, mismatch };
}

function uploadCustomAudienceUsers(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const audience = customAudienceOf(ctx, account.account.id);
	const { operations, mismatch } = runBatch(ctx, CUSTOM_AUDIENCE_BATCH, audience.members);
	const total = operations.reduce((n, op) => n + op.users, 0);
	const success = mismatch ? total - 1 : operations.reduce((n, op) => n + (op.errors.length ? 0 : op.users), 0);
	return ok({
		request: { params: params.echo },
		data: { success_count: success, total_count: total },
		operation_errors: operations.map((op) => (mismatch ? [] : op.errors)),
	});
}

function doNotReachListOf(ctx: RequestContext, accountId: string) {
	const id = ctx.pathParams.do_not_reach_list_id;
	const record = audiencesOf(ctx).doNotReachLists.get(id);
	if (!record || record.list.deleted) throw notFound(`Do-not-reach list ${id} not found`);
	if (record.accountId !== accountId) {
		throw adsError(403, 'UNAUTHORIZED_ACCESS', `Account ${accountId} is not authorized to access do-not-reach list ${id}`);
	}
	return record;
}

function uploadDoNotReachUsers(ctx: RequestContext) {
	const account = requireAccount(ctx);
	const record = doNotReachListOf(ctx, account.account.id);
	const { operations, mismatch } = runBatch(ctx, DO_NOT_REACH_BATCH, record.members);
	if (!mismatch && operations.some((op) => op.errors.length === 0)) {
		const size = Object.values(record.members).reduce((n, set) => n + set.size, 0);
		record.list.list_size = size === 0 ? null : size;
		record.list.targetable = size >= DO_NOT_REACH_MIN_SIZE;
		record.list.reasons_not_targetable = size >= DO_NOT_REACH_MIN_SIZE ? [] : ['TOO_SMALL'];
		record.list.updated_at = nextUpdatedAt(record.list.updated_at, ctx.now);
	}
	return ok({
		request: operations.map((op) => ({ params: op.params ?? null, operation_type: op.type ?? null })),
		data: operations.map((op, n) => ({
			success_count: mismatch ? (n === 0 ? op.users - 1 : op.users) : op.errors.length ? 0 : op.users,
			total_count: op.users,
		})),
		operation_errors: operations.map((op) => (mismatch ? [] : op.errors)),
	});
}

function listDoNotReachLists(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const withDeleted = params.boolean('with_deleted');
	const data = [...audiencesOf(ctx).doNotReachLists.values()]
		.filter((r) => r.accountId === account && (withDeleted || !r.list.deleted))
		.map((r) => ({ ...r.list, reasons_not_targetable: [...r.list.reasons_not_targetable] }));
	return ok({ request: { params: params.echo }, next_cursor: null, data });
}

/** An account has at most one do-not-reach list (X's note on both endpoints). */
function createDoNotReachList(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const description = params.string('description', { maxLength: 1000 }) ?? null;
	const lists = audiencesOf(ctx).doNotReachLists;
	if ([...lists.values()].some((r) => r.accountId === account && !r.list.deleted)) {
		throw invalidParameter('account_id', `Account ${account} already has a do-not-reach list; an account can have at most one`);
	}
	let id = adsId(5);
	while (lists.has(id)) id = adsId(5);
	const at = adsTime(ctx.now);
	const list: DoNotReachList = { id, name: 'Do Not Reach List', description, targetable: false, reasons_not_targetable: ['PROCESSING', 'TOO_SMALL'], list_size: null, created_at: at, updated_at: at, deleted: false };
	lists.set(id, { list, accountId: account, members: emptyMembers(DO_NOT_REACH_IDENTIFIER_TYPES) });
	return envelope(params, { ...list, reasons_not_targetable: [...list.reasons_not_targetable] });
}

function deleteDoNotReachList(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx);
	const record = doNotReachListOf(ctx, account.account.id);
	record.list.deleted = true;
	record.list.updated_at = nextUpdatedAt(record.list.updated_at, ctx.now);
	return envelope(params, { ...record.list, reasons_not_targetable: [...record.list.reasons_not_targetable] });
}

// ---- Custom audiences, their permissions and batches --------------------------------------------

const CA_LIST = 'GET 12/accounts/:account_id/custom_audiences';
const CA_PERMISSIONS_POST = 'POST 12/accounts/:account_id/custom_audiences/:custom_audience_id/permissions';
const CA_BATCH = 'POST 12/batch/accounts/:account_id/custom_audiences';
/** X's largest custom audience batch (reference of POST batch/accounts/:account_id/custom_audiences). */
const CA_BATCH_SIZE = 10;
const MAX_FLEXIBLE_LEAVES = 10;

/** The active grant of an audience to an account, if any. */
function grantOf(ctx: RequestContext, audienceId: string, accountId: string): CustomAudiencePermission | undefined {
	for (const p of audiencesOf(ctx).customAudiencePermissions.values()) {
		if (p.custom_audience_id === audienceId && p.granted_account_id === accountId && !p.deleted) return p;
	}
	return undefined;
}

/** The audience named by the path as the account may read it: its own, or one shared with it. */
function readableAudience(ctx: RequestContext, accountId: string, id: string, withDeleted = false): { audience: CustomAudienceRecord; level: string } {
	const audience = audiencesOf(ctx).customAudiences.get(id);
	if (!audience || (audience.deleted && !withDeleted)) throw notFound(`Custom audience ${id} not found`);
	if (audience.accountId === accountId) return { audience, level: 'READ_WRITE' };
	const grant = grantOf(ctx, id, accountId);
	if (!grant) throw adsError(403, 'UNAUTHORIZED_ACCESS', `Account ${accountId} is not authorized to access custom audience ${id}`);
	return { audience, level: grant.permission_level };
}

function nameTaken(ctx: RequestContext, accountId: string, name: string, except?: string): boolean {
	for (const a of audiencesOf(ctx).customAudiences.values()) {
		if (a.accountId === accountId && !a.deleted && a.id !== except && a.name === name) return true;
	}
	return false;
}

const AUDIENCE_SORT_FIELDS: Record<string, (a: CustomAudienceRecord) => string> = {
	id: (a) => a.id,
	name: (a) => a.name,
	created_at: (a) => a.created_at,
	updated_at: (a) => a.updated_at,
};

function listCustomAudiences(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const scope = params.enum('permission_scope', refValues(CA_LIST, 'permission_scope')) ?? 'OWNER';
	const q = params.string('q', { minLength: 1, maxLength: 255 })?.toLowerCase();
	const ids = params.idList('custom_audience_ids', 200);
	const withDeleted = params.boolean('with_deleted');
	return collection(params, {
		source: [...audiencesOf(ctx).customAudiences.values()],
		filter: (a) =>
			(scope === 'OWNER' ? a.accountId === account : a.accountId !== account && grantOf(ctx, a.id, account) !== undefined) &&
			(withDeleted || !a.deleted) &&
			(!q || a.name.toLowerCase().startsWith(q)) &&
			(!ids || ids.includes(a.id)),
		sortFields: AUDIENCE_SORT_FIELDS,
		render: (a) => customAudienceView(a, a.accountId === account ? 'READ_WRITE' : grantOf(ctx, a.id, account)!.permission_level),
		count: { default: 200, min: 1, max: 1000 },
	});
}

function getCustomAudience(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const { audience, level } = readableAudience(ctx, account, ctx.pathParams.custom_audience_id, params.boolean('with_deleted'));
	return envelope(params, customAudienceView(audience, level));
}

function newAudience(ctx: RequestContext, accountId: string, fields: Partial<CustomAudienceRecord> & { name: string }): CustomAudienceRecord {
	const audiences = audiencesOf(ctx);
	let id = adsId(5);
	while (audiences.customAudiences.has(id)) id = adsId(5);
	const at = adsTime(ctx.now);
	const audience: CustomAudienceRecord = {
		id,
		accountId,
		description: null,
		audience_type: 'CRM',
		created_at: at,
		updated_at: at,
		deleted: false,
		members: emptyMembers(AUDIENCE_IDENTIFIER_TYPES),
		targeting: [],
		...fields,
	};
	audiences.customAudiences.set(id, audience);
	return audience;
}

function createCustomAudience(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const name = params.string('name', { required: true, maxLength: 255 })!;
	const description = params.string('description', { maxLength: 1000 }) ?? null;
	if (nameTaken(ctx, account, name)) throw invalidParameter('name', `A custom audience named "${name}" already exists in account ${account}`);
	return envelope(params, customAudienceView(newAudience(ctx, account, { name, description }), 'READ_WRITE'));
}

function updateCustomAudience(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const audience = customAudienceOf(ctx, account);
	const name = params.string('name', { maxLength: 255 });
	const description = params.string('description', { maxLength: 1000 });
	if (name !== undefined && nameTaken(ctx, account, name, audience.id)) throw invalidParameter('name', `A custom audience named "${name}" already exists in account ${account}`);
	if (name !== undefined) audience.name = name;
	if (description !== undefined) audience.description = description;
	audience.updated_at = nextUpdatedAt(audience.updated_at, ctx.now);
	return envelope(params, customAudienceView(audience, 'READ_WRITE'));
}

function deleteCustomAudience(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const audience = customAudienceOf(ctx, requireAccount(ctx).account.id);
	audience.deleted = true;
	audience.updated_at = nextUpdatedAt(audience.updated_at, ctx.now);
	return envelope(params, customAudienceView(audience, 'READ_WRITE'));
}

const CA_PERMISSION_SORT: Record<string, (p: CustomAudiencePermission) => string> = {
	id: (p) => p.id,
	granted_account_id: (p) => p.granted_account_id,
	permission_level: (p) => p.permission_level,
	created_at: (p) => p.created_at,
	updated_at: (p) => p.updated_at,
};

function listCustomAudiencePermissions(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const account = requireAccount(ctx).account.id;
	const { audience } = readableAudience(ctx, account, ctx.pathParams.custom_audience_id);
	const owner = audience.accountId === account;
	const granted = params.idList('granted_account_ids', 200);
	const ids = params.idList('custom_audience_permission_ids', 200);
	return collection(params, {
		source: [...audiencesOf(ctx).customAudiencePermissions.values()],
		filter: (p) =>
			p.custom_audience_id === audience.id && !p.deleted && (owner || p.granted_account_id === account) &&
			(!granted || granted.includes(p.granted_account_id)) && (!ids || ids.includes(p.id)),
		sortFields: CA_PERMISSION_SORT,
		render: (p) => ({ ...p }),
		count: { default: 200, min: 1, max: 1000 },
	});
}

/** Only the owning account changes who an audience is shared with. */
function ownedAudience(ctx: RequestContext, accountId: string): CustomAudienceRecord {
	const { audience } = readableAudience(ctx, accountId, ctx.pathParams.custom_audience_id);
	if (audience.accountId !== accountId) {
		throw adsError(403, 'UNAUTHORIZED_ACCESS', `Account ${accountId} is not the owner of custom audience ${audience.id}; only the owning account may change its permissions`);
	}
	return audience;
}

function createCustomAudiencePermission(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const record = requireAccount(ctx);
	const audience = ownedAudience(ctx, record.account.id);
	const grantedId = params.string('granted_account_id', { required: true, maxLength: 32 })!;
	const level = params.enum('permission_level', refValues(CA_PERMISSIONS_POST, 'permission_level') as ReadonlyArray<CustomAudiencePermission['permission_level']>, { required: true })!;
	const env = ctx.store.ads[ctx.env];
	const grantee = env.accounts.get(grantedId);
	if (!grantee || grantee.account.deleted) throw invalidParameter('granted_account_id', `Account ${grantedId} does not exist`);
	if (grantedId === audience.accountId) throw invalidParameter('granted_account_id', 'An audience cannot be shared with its owning account');
	const sameBusiness = grantee.ownerId === record.ownerId || (grantee.account.business_id !== null && grantee.account.business_id === record.account.business_id);
	if (!sameBusiness && !(env.features.get(record.account.id) ?? []).includes('SHARE_AUDIENCE_OUTSIDE_BUSINESS')) {
		throw invalidParameter('granted_account_id', `Account ${grantedId} is outside the business of account ${record.account.id}; sharing outside the business needs the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature`);
	}
	if (grantOf(ctx, audience.id, grantedId)) throw invalidParameter('granted_account_id', `Custom audience ${audience.id} is already shared with account ${grantedId}`);
	const permissions = audiencesOf(ctx).customAudiencePermissions;
	let id = adsId(3);
	while (permissions.has(id)) id = adsId(3);
	const at = adsTime(ctx.now);
	const permission: CustomAudiencePermission = { id, custom_audience_id: audience.id, granted_account_id: grantedId, permission_level: level, created_at: at, updated_at: at, deleted: false };
	permissions.set(id, permission);
	return envelope(params, { ...permission });
}

function deleteCustomAudiencePermission(ctx: RequestContext) {
	const params = new AdsParams(ctx);
	const audience = ownedAudience(ctx, requireAccount(ctx).account.id);
	const id = ctx.pathParams.custom_audience_permission_id;
	const permission = audiencesOf(ctx).customAudiencePermissions.get(id);
	if (!permission || permission.custom_audience_id !== audience.id || permission.deleted) throw notFound(`Custom audience permission ${id} not found`);
	permission.deleted = true;
	permission.updated_at = nextUpdatedAt(permission.updated_at, ctx.now);
	return envelope(params, { ...permission });
}

/** A flexible audience's segment tree: groups (boolean_operator over child_segments) and leaves (an audience the account may read); leaves counted. */
function checkSegments(ctx: RequestContext, accountId: string, node: unknown, at: string): number {
	if (!isObject(node)) throw invalidParameter('segments', `${at} must be an object`);
	const children = node.child_segments ?? [];
	if (!Array.isArray(children)) throw invalidParameter('child_segments', `${at}.child_segments must be an array`);
	const comparators = refValues(CA_BATCH, 'frequency_comparator');
	const windows = refValues(CA_BATCH, 'lookback_window').map(Number);
	if (node.frequency_comparator !== undefined && !comparators.includes(String(node.frequency_comparator))) throw invalidParameter('frequency_comparator', `${at}.frequency_comparator must be one of ${comparators.join(', ')}`);
	if (node.lookback_window !== undefined && !windows.includes(node.lookback_window as number)) throw invalidParameter('lookback_window', `${at}.lookback_window must be one of ${windows.join(', ')}`);
	if (node.frequency !== undefined && !(Number.isInteger(node.frequency) && (node.frequency as number) >= 1)) throw invalidParameter('frequency', `${at}.frequency must be a positive integer`);
	if (node.negate !== undefined && typeof node.negate !== 'boolean') throw invalidParameter('negate', `${at}.negate must be a boolean`);
	if (children.length) {
		if (!refValues(CA_BATCH, 'boolean_operator').includes(String(node.boolean_operator))) throw invalidParameter('boolean_operator', `${at}.boolean_operator is required (AND or OR) when child_segments is not empty`);
		return children.reduce((n: number, child, i) => n + checkSegments(ctx, accountId, child, `${at}.child_segments[${i}]`), 0);
	}
	if (typeof node.custom_audience_id !== 'string') throw missingParameter('custom_audience_id');
	readableAudience(ctx, accountId, node.custom_audience_id);
	return 1;
}

/** One batch operation applied; throws X's error for it. Returns the audience after it. */
function applyAudienceOperation(ctx: RequestContext, accountId: string, op: unknown): CustomAudienceRecord {
	if (!isObject(op)) throw invalidParameter('operation_type', 'Each operation must be an object with operation_type and params');
	const type = String(op.operation_type);
	if (!refValues(CA_BATCH, 'operation_type').includes(type)) throw invalidParameter('operation_type', `Expected one of ${refValues(CA_BATCH, 'operation_type').join(', ')}, got "${type}"`);
	const params = op.params;
	if (!isObject(params)) throw missingParameter('params');
	if (type === 'Create') {
		if (typeof params.name !== 'string' || !params.name) throw missingParameter('name');
		if (!refValues(CA_BATCH, 'audience_type').includes(String(params.audience_type))) throw missingParameter('audience_type');
		if (nameTaken(ctx, accountId, params.name)) throw invalidParameter('name', `A custom audience named "${params.name}" already exists in account ${accountId}`);
		if (params.segments === undefined) throw missingParameter('segments');
		const leaves = checkSegments(ctx, accountId, params.segments, 'segments');
		if (leaves > MAX_FLEXIBLE_LEAVES) throw invalidParameter('segments', `At most ${MAX_FLEXIBLE_LEAVES} custom audiences per flexible audience, got ${leaves}`);
		return newAudience(ctx, accountId, { name: params.name, audience_type: String(params.audience_type), segments: structuredClone(params.segments) });
	}
	if (typeof params.custom_audience_id !== 'string') throw missingParameter('custom_audience_id');
	const audience = audiencesOf(ctx).customAudiences.get(params.custom_audience_id);
	if (!audience || audience.deleted || audience.accountId !== accountId) throw notFound(`Custom audience ${params.custom_audience_id} not found`);
	if (type === 'Delete') audience.deleted = true;
	else {
		if (typeof params.name === 'string') {
			if (nameTaken(ctx, accountId, params.name, audience.id)) throw invalidParameter('name', `A custom audience named "${params.name}" already exists in account ${accountId}`);
			audience.name = params.name;
		}
		if (params.segments !== undefined) throw invalidParameter('segments', 'Flexible audiences are immutable once created');
	}
	audience.updated_at = nextUpdatedAt(audience.updated_at, ctx.now);
	return audience;
}

/** All operations or none: each is applied to a copy of the audiences; the copy is kept only when none failed. */
function batchCustomAudiences(ctx: RequestContext) {
	const account = requireAccount(ctx).account.id;
	const body = requireJsonBody(ctx);
	if (!Array.isArray(body) || body.length === 0) throw invalidParameter('body', 'The body must be a non-empty JSON array of operations');
	if (body.length > CA_BATCH_SIZE) throw invalidParameter('body', `At most ${CA_BATCH_SIZE} operations per request, got ${body.length}`);
	const audiences = audiencesOf(ctx);
	const saved = new Map([...audiences.customAudiences].map(([id, a]) => [id, { ...a }]));
	const data: unknown[] = [];
	const errors: unknown[][] = body.map(() => []);
	body.forEach((op, n) => {
		try {
			data.push(customAudienceView(applyAudienceOperation(ctx, account, op), 'READ_WRITE'));
		} catch (error) {
			const answer = (error as { body?: { errors?: unknown[] } }).body;
			errors[n] = answer?.errors ?? [{ code: 'INVALID_PARAMETER', message: String(error) }];
		}
	});
	const request = body.map((op) => ({ params: { ...(isObject(op) && isObject(op.params) ? op.params : {}), account_id: account }, operation_type: isObject(op) ? op.operation_type : null }));
	if (errors.some((e) => e.length)) {
		audiences.customAudiences = saved;
		return ok({ errors: [{ code: 'INVALID_PARAMETER', message: 'One or more operations failed; none was applied (see operation_errors)' }], operation_errors: errors, request }, 400);
	}
	return ok({ data, request });
}

export function registerAudienceRoutes(router: Router): void {
	const permissions = '/5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions';
	router.ads('GET', permissions, listPermissions);
	router.ads('POST', permissions, createPermission);
	router.ads('DELETE', `${permissions}/:tailored_audience_permission_id`, deletePermission);
	router.ads('GET', '/12/accounts/:account_id/custom_audiences/:custom_audience_id/targeted', listTargeted);
	router.ads('POST', CUSTOM_AUDIENCE_USERS_ROUTE, uploadCustomAudienceUsers);
	router.ads('POST', DO_NOT_REACH_USERS_ROUTE, uploadDoNotReachUsers);
	router.ads('DELETE', '/12/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id', deleteDoNotReachList);
	router.ads('GET', '/12/accounts/:account_id/do_not_reach_lists', listDoNotReachLists);
	router.ads('POST', '/12/accounts/:account_id/do_not_reach_lists', createDoNotReachList);
	const audiences = '/12/accounts/:account_id/custom_audiences';
	router.ads('GET', audiences, listCustomAudiences);
	router.ads('POST', audiences, createCustomAudience);
	router.ads('POST', '/12/batch/accounts/:account_id/custom_audiences', batchCustomAudiences);
	router.ads('GET', `${audiences}/:custom_audience_id/permissions`, listCustomAudiencePermissions);
	router.ads('POST', `${audiences}/:custom_audience_id/permissions`, createCustomAudiencePermission);
	router.ads('DELETE', `${audiences}/:custom_audience_id/permissions/:custom_audience_permission_id`, deleteCustomAudiencePermission);
	router.ads('GET', `${audiences}/:custom_audience_id`, getCustomAudience);
	router.ads('PUT', `${audiences}/:custom_audience_id`, updateCustomAudience);
	router.ads('DELETE', `${audiences}/:custom_audience_id`, deleteCustomAudience);
}
