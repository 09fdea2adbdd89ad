/**
 * The plan of a sync: the current segment's members against the last sync's. Each identifier read
 * is looked up among the previous members (sorted bytes: a bucket by its first bytes, then a binary search): found, it is unchanged;
 * not found, it joined (once, however often it is repeated). Previous members never found left.
 * Memory: the previous members' bytes, one bit each, and the members who joined.
 */
import type { IdentifierType } from '../../../../shared/audienceHashing';
import { MAX_PARTNER_ID_BYTES, MEMBER_BYTES, MemberIndex, memberKey } from './state';

/** Refused rows listed with line (or item) and reason; more are only counted. */
export const REFUSALS_LISTED = 1000;

export interface Refusal {
	line?: number;
	item?: number;
	reason: string;
}

export class SyncPlan {
	/** Identifiers read (each value of each row), and those a row before already held. */
	identifiersRead = 0;
	duplicates = 0;
	unchanged = 0;
	refusedRows = 0;
	readonly refusals: Refusal[] = [];
	private readonly seen: Uint8Array;
	private readonly joined = new Set<string>();
	private readonly key = Buffer.alloc(MEMBER_BYTES);
	private readonly previousCount: number;
	private readonly index: MemberIndex;

	constructor(previous: Buffer) {
		this.previousCount = previous.length / MEMBER_BYTES;
		this.index = new MemberIndex(previous);
		this.seen = new Uint8Array(this.previousCount);
	}

	refuse(refusal: Refusal): void {
		this.refusedRows++;
		if (this.refusals.length < REFUSALS_LISTED) this.refusals.push(refusal);
	}

	/** One row's identifiers (hashed as sent); false when the row is refused instead (nothing of it counted). */
	offerRow(byType: Iterable<[IdentifierType, string[]]>, where: Omit<Refusal, 'reason'>): boolean {
		const keys: Buffer[] = [];
		for (const [type, values] of byType) {
			for (const value of values) {
				const key = memberKey(type, value, Buffer.alloc(MEMBER_BYTES));
				if (!key) {
					this.refuse({ ...where, reason: `partner_user_id is longer than ${MAX_PARTNER_ID_BYTES} bytes, more than a sync state holds (got ${value.length} characters)` });
					return false;
				}
				keys.push(key);
			}
		}
		for (const key of keys) this.offerKey(key);
		return true;
	}

	/** One identifier of a one-per-line file (a hash, never a partner ID: those go through offerRow). */
	offerHash(type: IdentifierType, hex: string): void {
		this.offerKey(memberKey(type, hex, this.key)!);
	}

	private offerKey(key: Buffer): void {
		this.identifiersRead++;
		const position = this.index.find(key);
		if (position >= 0) {
			if (this.seen[position]) this.duplicates++;
			else {
				this.seen[position] = 1;
				this.unchanged++;
			}
			return;
		}
		const text = key.toString('latin1'); // one code unit a byte: string order is byte order
		if (this.joined.has(text)) this.duplicates++;
		else this.joined.add(text);
	}

	/** The members who joined, as sorted member bytes. */
	additions(): Buffer {
		const sorted = [...this.joined].sort();
		const out = Buffer.allocUnsafe(sorted.length * MEMBER_BYTES);
		sorted.forEach((text, n) => out.write(text, n * MEMBER_BYTES, MEMBER_BYTES, 'latin1'));
		return out;
	}

	/** Positions (among the previous members) of those who left. */
	removals(): number[] {
		const out: number[] = [];
		for (let n = 0; n < this.previousCount; n++) if (!this.seen[n]) out.push(n);
		return out;
	}

	get joinedCount(): number {
		return this.joined.size;
	}
}

/**
 * The members after the sync, sorted: the previous ones but those X removed, and those X added
 * (a member whose add or removal X refused stays as X has it, and is tried again next time).
 */
export function nextMembers(previous: Buffer, removals: number[], removed: Uint8Array, additions: Buffer, added: Uint8Array): Buffer {
	const gone = new Uint8Array(previous.length / MEMBER_BYTES);
	removals.forEach((position, n) => (gone[position] = removed[n]));
	const kept = (previous.length / MEMBER_BYTES) - removed.reduce((n, b) => n + b, 0);
	const out = Buffer.allocUnsafe((kept + added.reduce((n, b) => n + b, 0)) * MEMBER_BYTES);
	let p = 0;
	let a = 0;
	let at = 0;
	const count = previous.length / MEMBER_BYTES;
	const addCount = additions.length / MEMBER_BYTES;
	for (;;) {
		while (p < count && gone[p]) p++;
		while (a < addCount && !added[a]) a++;
		if (p >= count && a >= addCount) return out;
		const takePrevious = a >= addCount || (p < count && previous.compare(additions, a * MEMBER_BYTES, (a + 1) * MEMBER_BYTES, p * MEMBER_BYTES, (p + 1) * MEMBER_BYTES) < 0);
		if (takePrevious) at += previous.copy(out, at, p * MEMBER_BYTES, ++p * MEMBER_BYTES);
		else at += additions.copy(out, at, a * MEMBER_BYTES, ++a * MEMBER_BYTES);
	}
}
