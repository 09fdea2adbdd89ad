/**
 * The state of the last sync: the package's own compact file, which the user keeps wherever n8n
 * keeps files. It holds what X was sent (each member's SHA-256 hash as X got it, so a member who
 * left can be removed: X keeps no member list to read back), the list it went to and when.
 *
 * Layout (version 1), all integers big-endian:
 *   "XASYNC" | version u8 | list kind u8 | account id (u8 length + ASCII) | list id (u8 length + ASCII)
 *   | sync time in ms u64 | member count u32 | members, MEMBER_BYTES each, in ascending byte order
 *   | SHA-256 of everything before it (32 bytes)
 * A member is its identifier type (TYPE_CODES) and 32 bytes: the hash, or for a partner user ID
 * (sent as it is) its UTF-8 length and bytes, zero-padded.
 */
import { createHash } from 'node:crypto';

import type { IdentifierType } from '../../../../shared/audienceHashing';

export const STATE_VERSION = 1;
export const MEMBER_BYTES = 33;
const MAGIC = Buffer.from('XASYNC', 'latin1');
const CHECK_BYTES = 32;
/** The longest partner user ID a member holds (its length byte and up to 31 bytes). */
export const MAX_PARTNER_ID_BYTES = 31;

export type ListKind = 'customAudience' | 'doNotReachList';
const KIND_CODES: Record<ListKind, number> = { customAudience: 1, doNotReachList: 2 };
export const TYPE_CODES: Record<IdentifierType, number> = { email: 1, phone_number: 2, handle: 3, twitter_id: 4, device_id: 5, partner_user_id: 6 };
const TYPES_BY_CODE = Object.fromEntries(Object.entries(TYPE_CODES).map(([type, code]) => [code, type])) as Record<number, IdentifierType>;

export interface SyncState {
	kind: ListKind;
	accountId: string;
	listId: string;
	/** When the sync that wrote it ran (ms since 1970). */
	syncedAt: number;
	/** The members, MEMBER_BYTES each, ascending and without repeats. */
	members: Buffer;
}

export const memberCount = (state: Pick<SyncState, 'members'>) => state.members.length / MEMBER_BYTES;

/** A member's bytes for an identifier as it is sent (hex hash, or partner ID); undefined when a partner ID is too long. */
export function memberKey(type: IdentifierType, value: string, into: Buffer = Buffer.alloc(MEMBER_BYTES)): Buffer | undefined {
	into[0] = TYPE_CODES[type];
	if (type !== 'partner_user_id') {
		into.write(value, 1, 32, 'hex');
		return into;
	}
	const bytes = Buffer.byteLength(value, 'utf8');
	if (bytes > MAX_PARTNER_ID_BYTES) return undefined;
	into.fill(0, 1);
	into[1] = bytes;
	into.write(value, 2, bytes, 'utf8');
	return into;
}

/** The identifier a member stands for, as it goes to X. */
export function memberIdentifier(members: Buffer, position: number): { type: IdentifierType; value: string } {
	const at = position * MEMBER_BYTES;
	const type = TYPES_BY_CODE[members[at]];
	if (type !== 'partner_user_id') return { type, value: members.toString('hex', at + 1, at + MEMBER_BYTES) };
	return { type, value: members.toString('utf8', at + 2, at + 2 + members[at + 1]) };
}

export function encodeState(state: SyncState): Buffer {
	const account = Buffer.from(state.accountId, 'latin1');
	const list = Buffer.from(state.listId, 'latin1');
	const head = Buffer.alloc(MAGIC.length + 2 + 1 + account.length + 1 + list.length + 8 + 4);
	let at = MAGIC.copy(head, 0);
	head[at++] = STATE_VERSION;
	head[at++] = KIND_CODES[state.kind];
	head[at++] = account.length;
	at += account.copy(head, at);
	head[at++] = list.length;
	at += list.copy(head, at);
	head.writeBigUInt64BE(BigInt(state.syncedAt), at);
	head.writeUInt32BE(memberCount(state), at + 8);
	const check = createHash('sha256').update(head).update(state.members).digest();
	return Buffer.concat([head, state.members, check]);
}

/**
 * The state a file holds, or why it is not one this node can trust: another file, another version,
 * or bytes changed, cut or added (its check, its length or its order does not hold).
 */
export function decodeState(file: Buffer): SyncState | { problem: string } {
	const minimum = MAGIC.length + 2 + 2 + 12 + CHECK_BYTES;
	if (file.length < minimum || !file.subarray(0, MAGIC.length).equals(MAGIC)) return { problem: 'is not a sync state file of this node (it does not start as one)' };
	const version = file[MAGIC.length];
	if (version !== STATE_VERSION) return { problem: `is a sync state of format version ${version}; this node reads version ${STATE_VERSION}` };
	const body = file.subarray(0, file.length - CHECK_BYTES);
	if (!createHash('sha256').update(body).digest().equals(file.subarray(body.length))) {
		return { problem: 'is damaged: its integrity check does not match its content (cut short, edited, or not saved as binary)' };
	}
	let at = MAGIC.length + 1;
	const kind = (Object.keys(KIND_CODES) as ListKind[]).find((k) => KIND_CODES[k] === file[at]);
	at++;
	const accountId = file.toString('latin1', at + 1, at + 1 + file[at]);
	at += 1 + file[at];
	const listId = file.toString('latin1', at + 1, at + 1 + file[at]);
	at += 1 + file[at];
	if (!kind || at + 12 > body.length) return { problem: 'is damaged: its header does not hold together' };
	const syncedAt = Number(file.readBigUInt64BE(at));
	const count = file.readUInt32BE(at + 8);
	const members = body.subarray(at + 12);
	if (members.length !== count * MEMBER_BYTES) return { problem: `is damaged: it says ${count} members but holds ${members.length} bytes of them` };
	for (let m = 1; m < count; m++) {
		if (compareMembers(members, m - 1, members, m) >= 0) return { problem: `is damaged: member ${m + 1} is out of order or repeated` };
	}
	return { kind, accountId, listId, syncedAt, members };
}

/** Byte order of member a of one buffer and member b of another. */
export function compareMembers(a: Buffer, aPosition: number, b: Buffer, bPosition: number): number {
	const i = aPosition * MEMBER_BYTES;
	const j = bPosition * MEMBER_BYTES;
	for (let k = 0; k < MEMBER_BYTES; k++) {
		const d = a[i + k] - b[j + k];
		if (d) return d;
	}
	return 0;
}

/** The position of a key (one member's bytes) among the sorted members from low to high, or -1. */
export function findMember(members: Buffer, key: Buffer, low: number, high: number): number {
	while (low <= high) {
		const middle = (low + high) >>> 1;
		const order = compareMembers(members, middle, key, 0);
		if (order === 0) return middle;
		if (order < 0) low = middle + 1;
		else high = middle - 1;
	}
	return -1;
}

/**
 * Where each member's first three bytes (its type and the first two of its hash) start among the
 * sorted members: a lookup then searches the few members of its bucket, not all of them.
 */
export class MemberIndex {
	private readonly starts: Uint32Array;

	constructor(private readonly members: Buffer) {
		const count = members.length / MEMBER_BYTES;
		this.starts = new Uint32Array(BUCKETS + 1);
		let bucket = 0;
		for (let n = 0; n < count; n++) {
			const at = n * MEMBER_BYTES;
			const own = (members[at] << 16) | (members[at + 1] << 8) | members[at + 2];
			while (bucket <= own) this.starts[bucket++] = n;
		}
		while (bucket <= BUCKETS) this.starts[bucket++] = count;
	}

	/** The position of a key among the members, or -1. */
	find(key: Buffer): number {
		const bucket = (key[0] << 16) | (key[1] << 8) | key[2];
		return findMember(this.members, key, this.starts[bucket], this.starts[bucket + 1] - 1);
	}
}
const BUCKETS = 8 << 16; // type codes below 8
