/**
 * Audiences (https://docs.x.com/x-ads-api/audiences/reference): tailored audiences and their permissions (version 5), custom audiences
 * (where they are targeted, hashed members), do-not-reach lists. Records, seed and fixtures.
 */
import { createHash } from 'node:crypto';

import { refEndpoint } from '../conformance';
import type { AdsEnvironment, Identity, Store } from '../store';
import { adsId } from '../util';

/** What a batch operation carries besides the user identifiers (X's reference lists both alike). */
const OPERATION_ATTRIBUTES = new Set(['operation_type', 'params', 'users', 'emails', 'effective_at', 'expires_at']);

/** The identifier types of one user of a batch, as X's reference documents the elements of users. */
function identifierTypes(key: string): readonly string[] {
	return refEndpoint(key)!.params.filter((p) => p.place === 'body' && !OPERATION_ATTRIBUTES.has(p.name)).map((p) => p.name);
}

export const AUDIENCE_IDENTIFIER_TYPES = identifierTypes('POST 12/accounts/:account_id/custom_audiences/:custom_audience_id/users');
export type AudienceIdentifierType = string;
export const DO_NOT_REACH_IDENTIFIER_TYPES = identifierTypes('POST 12/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users');

export type MemberSets = Record<string, Set<string>>;

export interface TailoredAudienceRecord {
	id: string;
	name: string;
	/** The owning ads account (only it may create or revoke permissions). */
	accountId: string;
}

export interface TailoredAudiencePermission {
	id: string;
	tailored_audience_id: string;
	granted_account_id: string;
	permission_level: 'READ_ONLY' | 'READ_WRITE';
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface CustomAudienceRecord {
	id: string;
	name: string;
	accountId: string;
	description: string | null;
	/** CRM for audiences loaded with users; FLEXIBLE for combinations made through the batch endpoint. */
	audience_type: string;
	/** A flexible audience's segment tree, as created. */
	segments?: unknown;
	created_at: string;
	updated_at: string;
	deleted: boolean;
	/** Hashed members per identifier type. */
	members: MemberSets;
	/** Line items targeting the audience, in the order they started to. */
	targeting: Array<{ lineItemId: string; servable: boolean }>;
}

/** Custom audience sharing (https://docs.x.com/x-ads-api/audiences/reference#custom-audience-permissions). */
export interface CustomAudiencePermission {
	id: string;
	custom_audience_id: string;
	granted_account_id: string;
	permission_level: 'READ_ONLY' | 'READ_WRITE';
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

/** An audience is targetable from this many matched members on (emulator choice; X does not publish it). */
export const CUSTOM_AUDIENCE_MIN_SIZE = 100;

export function customAudienceSize(audience: CustomAudienceRecord): number {
	return Object.values(audience.members).reduce((n, set) => n + set.size, 0);
}

/** The audience as X answers it, seen from `viewerAccountId` (permission_level READ_WRITE for the owner). */
export function customAudienceView(audience: CustomAudienceRecord, permissionLevel: string): Record<string, unknown> {
	const size = customAudienceSize(audience);
	const targetable = size >= CUSTOM_AUDIENCE_MIN_SIZE;
	return {
		targetable,
		name: audience.name,
		targetable_types: [audience.audience_type, `EXCLUDED_${audience.audience_type}`],
		audience_type: audience.audience_type,
		description: audience.description,
		permission_level: permissionLevel,
		owner_account_id: audience.accountId,
		id: audience.id,
		reasons_not_targetable: targetable ? [] : ['TOO_SMALL'],
		...(audience.segments !== undefined ? { metadata: [{ custom_audience_id: audience.id, account_id: audience.accountId, name: audience.name, audience_source: 'FLEXIBLE_AUDIENCE', upload_status: 'UPLOADED', segments: audience.segments }] } : {}),
		created_at: audience.created_at,
		updated_at: audience.updated_at,
		partner_source: 'OTHER',
		deleted: audience.deleted,
		audience_size: size === 0 ? null : size,
	};
}

export interface DoNotReachList {
	id: string;
	name: string;
	description: string | null;
	targetable: boolean;
	reasons_not_targetable: Array<'PROCESSING' | 'TOO_SMALL'>;
	list_size: number | null;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

export interface DoNotReachListRecord {
	list: DoNotReachList;
	accountId: string;
	members: MemberSets;
}

export interface AudienceEnvState {
	tailoredAudiences: Map<string, TailoredAudienceRecord>;
	permissions: Map<string, TailoredAudiencePermission>;
	/** Permissions per tailored audience id, in creation order (deleted ones stay). */
	permissionsByAudience: Map<string, TailoredAudiencePermission[]>;
	customAudiences: Map<string, CustomAudienceRecord>;
	customAudiencePermissions: Map<string, CustomAudiencePermission>;
	doNotReachLists: Map<string, DoNotReachListRecord>;
}

export interface AudienceSeedIds {
	tailoredAudience: string;
	foreignTailoredAudience: string;
	permission: string;
	foreignPermission: string;
	customAudience: string;
	doNotReachList: string;
	targetableCustomAudience: string;
	sharedCustomAudience: string;
	customAudiencePermission: string;
}

export interface AudienceFixtures {
	/** Tailored audience owned by accountId; shared READ_ONLY with foreignAccountId (tailoredAudiencePermissionId). */
	tailoredAudienceId: string;
	tailoredAudiencePermissionId: string;
	/** Tailored audience owned by foreignAccountId, shared READ_ONLY with accountId. */
	foreignTailoredAudienceId: string;
	/** users[1]'s first account in the environment ("Other Advertiser" / "Other Sandbox"). */
	foreignAccountId: string;
	/**
	 * Custom audience of accountId, targeted by 2 campaigns: "Spring Sale" (lineItems.engagements,
	 * and lineItems.reach with servable=false) and "App Installs" (lineItems.appInstalls). No members.
	 */
	customAudienceId: string;
	/** Do-not-reach list "Opt-outs" of accountId, no members. */
	doNotReachListId: string;
	/** "Newsletter readers" of accountId: 150 email members, so targetable (from 100 on); not targeted. */
	targetableCustomAudienceId: string;
	/** "Partner shoppers", owned by foreignAccountId and shared READ_ONLY with accountId (customAudiencePermissionId). */
	sharedCustomAudienceId: string;
	customAudiencePermissionId: string;
}

export function newAudienceSeedIds(): AudienceSeedIds {
	return {
		tailoredAudience: adsId(5),
		foreignTailoredAudience: adsId(5),
		permission: adsId(6),
		foreignPermission: adsId(6),
		customAudience: adsId(5),
		doNotReachList: adsId(6),
		targetableCustomAudience: adsId(5),
		sharedCustomAudience: adsId(5),
		customAudiencePermission: adsId(3),
	};
}

/** Index into Identity.seedAccountIds of users[1]'s account per environment (see store.ts seedAccountsFor). */
const FOREIGN_SEED_ACCOUNT: Record<AdsEnvironment, number> = { production: 4, sandbox: 5 };

export function audienceFixtures(identity: Identity, envName: AdsEnvironment): AudienceFixtures {
	const ids = identity.audienceSeeds[envName];
	return {
		tailoredAudienceId: ids.tailoredAudience,
		tailoredAudiencePermissionId: ids.permission,
		foreignTailoredAudienceId: ids.foreignTailoredAudience,
		foreignAccountId: identity.seedAccountIds[FOREIGN_SEED_ACCOUNT[envName]],
		customAudienceId: ids.customAudience,
		doNotReachListId: ids.doNotReachList,
		targetableCustomAudienceId: ids.targetableCustomAudience,
		sharedCustomAudienceId: ids.sharedCustomAudience,
		customAudiencePermissionId: ids.customAudiencePermission,
	};
}

export function emptyAudienceEnv(): AudienceEnvState {
	return {
		tailoredAudiences: new Map(),
		permissions: new Map(),
		permissionsByAudience: new Map(),
		customAudiences: new Map(),
		customAudiencePermissions: new Map(),
		doNotReachLists: new Map(),
	};
}

export function emptyMembers(types: readonly string[]): MemberSets {
	return Object.fromEntries(types.map((t) => [t, new Set<string>()]));
}

export function addPermission(env: AudienceEnvState, permission: TailoredAudiencePermission): void {
	env.permissions.set(permission.id, permission);
	let list = env.permissionsByAudience.get(permission.tailored_audience_id);
	if (!list) env.permissionsByAudience.set(permission.tailored_audience_id, (list = []));
	list.push(permission);
}

/** Rate budget of the batch user endpoints: 1,500 requests per minute. */
export const AUDIENCE_BATCH_BUDGET = { limit: 1500, windowSeconds: 60 };
export const CUSTOM_AUDIENCE_USERS_ROUTE = '/12/accounts/:account_id/custom_audiences/:custom_audience_id/users';
export const DO_NOT_REACH_USERS_ROUTE = '/12/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users';

export function seedAudiences(store: Store, identity: Identity, envName: AdsEnvironment): void {
	const env = store.ads[envName].audiences;
	const ids = identity.audienceSeeds[envName];
	const accountId = store.ads[envName].byUser.get(store.users[0].userId)![0].account.id;
	const foreignAccountId = identity.seedAccountIds[FOREIGN_SEED_ACCOUNT[envName]];
	const campaignIds = identity.campaignSeeds[envName];

	env.tailoredAudiences.set(ids.tailoredAudience, { id: ids.tailoredAudience, name: 'Newsletter subscribers', accountId });
	env.tailoredAudiences.set(ids.foreignTailoredAudience, { id: ids.foreignTailoredAudience, name: 'Partner buyers', accountId: foreignAccountId });
	const at = '2026-01-05T09:00:00Z';
	addPermission(env, { id: ids.permission, tailored_audience_id: ids.tailoredAudience, granted_account_id: foreignAccountId, permission_level: 'READ_ONLY', created_at: at, updated_at: at, deleted: false });
	addPermission(env, { id: ids.foreignPermission, tailored_audience_id: ids.foreignTailoredAudience, granted_account_id: accountId, permission_level: 'READ_ONLY', created_at: at, updated_at: at, deleted: false });

	const audienceBase = { description: null, audience_type: 'CRM', created_at: '2026-01-02T08:00:00Z', updated_at: '2026-01-02T08:00:00Z', deleted: false };
	env.customAudiences.set(ids.customAudience, {
		...audienceBase,
		id: ids.customAudience,
		name: 'Past purchasers',
		accountId,
		members: emptyMembers(AUDIENCE_IDENTIFIER_TYPES),
		targeting: [
			{ lineItemId: campaignIds.lineItems.engagements, servable: true },
			{ lineItemId: campaignIds.lineItems.reach, servable: false },
			{ lineItemId: campaignIds.lineItems.appInstalls, servable: true },
		],
	});

	const readers = emptyMembers(AUDIENCE_IDENTIFIER_TYPES);
	for (let n = 0; n < 150; n++) readers.email.add(createHash('sha256').update(`reader${n}@example.com`).digest('hex'));
	env.customAudiences.set(ids.targetableCustomAudience, { ...audienceBase, id: ids.targetableCustomAudience, name: 'Newsletter readers', accountId, members: readers, targeting: [] });
	env.customAudiences.set(ids.sharedCustomAudience, { ...audienceBase, id: ids.sharedCustomAudience, name: 'Partner shoppers', accountId: foreignAccountId, members: emptyMembers(AUDIENCE_IDENTIFIER_TYPES), targeting: [] });
	env.customAudiencePermissions.set(ids.customAudiencePermission, { id: ids.customAudiencePermission, custom_audience_id: ids.sharedCustomAudience, granted_account_id: accountId, permission_level: 'READ_ONLY', created_at: at, updated_at: at, deleted: false });

	const created = '2026-01-06T10:00:00Z';
	env.doNotReachLists.set(ids.doNotReachList, {
		accountId,
		members: emptyMembers(DO_NOT_REACH_IDENTIFIER_TYPES),
		list: {
			id: ids.doNotReachList,
			name: 'Opt-outs',
			description: null,
			targetable: false,
			reasons_not_targetable: ['TOO_SMALL'],
			list_size: null,
			created_at: created,
			updated_at: created,
			deleted: false,
		},
	});

	for (const route of [CUSTOM_AUDIENCE_USERS_ROUTE, DO_NOT_REACH_USERS_ROUTE]) {
		store.rateLimits.budgets.set(`POST ${route}`, { ...AUDIENCE_BATCH_BUDGET });
	}
}

/** Test faults of the audience batch endpoints, per store (a reset starts without any). */
export interface AudienceFaults {
	countMismatch: number;
	/** Operations holding one of these values are refused (operation_errors), the others applied. */
	refusedValues: Set<string>;
}
const faults = new WeakMap<Store, AudienceFaults>();

export function audienceFaults(store: Store): AudienceFaults {
	let f = faults.get(store);
	if (!f) faults.set(store, (f = { countMismatch: 0, refusedValues: new Set() }));
	return f;
}
