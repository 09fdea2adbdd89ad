/**
 * What a catalog sync or an audience upload left behind, checked against what was asked:
 *  - every input item ends in exactly one output item (pairedItem), with its status;
 *  - the emulator holds exactly the expected products / hashes (none lost, none extra);
 *  - every product / identifier was carried by exactly one request X applied (a 2xx answer), so
 *    nothing was applied twice, whatever the retries.
 * Shared by the benchmarks (real n8n) and test/engine/soak.test.ts (engine harness).
 * Expected hashes are computed here with node:crypto, independently of the node's code.
 */
import { createHash } from 'node:crypto';

import type { RequestLogEntry } from '../test/emulator';

export interface OutputItem {
	json: Record<string, unknown>;
	pairedItem?: unknown;
}

export interface Pairing {
	outputs: number;
	/** Input indexes with no output item. */
	unanswered: number[];
	/** Input indexes with more than one output item. */
	answeredTwice: number[];
	/** json.status (or "error" for error items) -> count. */
	byStatus: Record<string, number>;
}

export interface ApplyCheck {
	expected: number;
	/** Expected keys the emulator does not hold. */
	missing: string[];
	/** Keys the emulator holds that nobody asked for. */
	extra: string[];
	/** Keys stored with other values than sent. */
	different: string[];
	/** Keys that no applied (2xx) request carried. */
	neverApplied: string[];
	/** Keys carried by more than one applied request. */
	appliedTwice: string[];
}

export interface OutcomeReport {
	pairing: Pairing;
	state: ApplyCheck;
	/** Requests to the endpoint (all attempts) and how they ended. */
	attempts: { requests: number; applied: number; faulted: number; otherFailures: number };
	/** True when every check holds and every item succeeded. */
	ok: boolean;
	problems: string[];
}

function pairedIndexes(pairedItem: unknown): number[] {
	if (pairedItem === undefined || pairedItem === null) return [];
	if (typeof pairedItem === 'number') return [pairedItem];
	if (Array.isArray(pairedItem)) return pairedItem.flatMap(pairedIndexes);
	const item = (pairedItem as { item?: number }).item;
	return typeof item === 'number' ? [item] : [];
}

export function checkPairing(inputs: number, outputs: OutputItem[]): Pairing {
	const seen = new Array<number>(inputs).fill(0);
	const byStatus: Record<string, number> = {};
	for (const o of outputs) {
		for (const i of pairedIndexes(o.pairedItem)) if (i >= 0 && i < inputs) seen[i]++;
		const status = o.json.error !== undefined ? 'error' : String(o.json.status ?? 'none');
		byStatus[status] = (byStatus[status] ?? 0) + 1;
	}
	const unanswered: number[] = [];
	const answeredTwice: number[] = [];
	seen.forEach((n, i) => {
		if (n === 0) unanswered.push(i);
		if (n > 1) answeredTwice.push(i);
	});
	return { outputs: outputs.length, unanswered, answeredTwice, byStatus };
}

const applied = (e: RequestLogEntry) => e.status !== null && e.status >= 200 && e.status < 300;

function finish(pairing: Pairing, state: ApplyCheck, attempts: OutcomeReport['attempts'], inputs: number, okStatuses: string[]): OutcomeReport {
	const problems: string[] = [];
	const sample = (list: Array<string | number>) => `${list.length} (${list.slice(0, 5).join(', ')}${list.length > 5 ? ', ...' : ''})`;
	if (pairing.outputs !== inputs) problems.push(`${pairing.outputs} output items for ${inputs} input items`);
	if (pairing.unanswered.length) problems.push(`input items without an outcome: ${sample(pairing.unanswered)}`);
	if (pairing.answeredTwice.length) problems.push(`input items with several outcomes: ${sample(pairing.answeredTwice)}`);
	const notOk = Object.entries(pairing.byStatus).filter(([s]) => !okStatuses.includes(s));
	if (notOk.length) problems.push(`items not successful: ${JSON.stringify(Object.fromEntries(notOk))}`);
	if (state.missing.length) problems.push(`lost (not held by the emulator): ${sample(state.missing)}`);
	if (state.extra.length) problems.push(`held but not expected: ${sample(state.extra)}`);
	if (state.different.length) problems.push(`held with other values: ${sample(state.different)}`);
	if (state.neverApplied.length) problems.push(`in no applied request: ${sample(state.neverApplied)}`);
	if (state.appliedTwice.length) problems.push(`applied more than once: ${sample(state.appliedTwice)}`);
	return { pairing, state, attempts, ok: problems.length === 0, problems };
}

function attemptsOf(log: RequestLogEntry[]): OutcomeReport['attempts'] {
	return {
		requests: log.length,
		applied: log.filter(applied).length,
		faulted: log.filter((e) => e.fault && e.fault !== 'latency').length,
		otherFailures: log.filter((e) => !applied(e) && !(e.fault && e.fault !== 'latency')).length,
	};
}

function countCarried(log: RequestLogEntry[], keysOf: (body: unknown) => string[]): Map<string, number> {
	const carried = new Map<string, number>();
	for (const e of log) {
		if (!applied(e)) continue;
		for (const key of keysOf(JSON.parse(e.body))) carried.set(key, (carried.get(key) ?? 0) + 1);
	}
	return carried;
}

// ---- products -------------------------------------------------------------------------------

export const isProductUpsert = (e: RequestLogEntry) => e.method === 'PUT' && /\/product_catalogs\/[^/]+\/products$/.test(e.path);

/**
 * `sent`: the products of the input (by id, unique); `stored`: control.products(catalogId);
 * `seededIds`: ids the catalog held before (ignored); `log`: the emulator's request log of the run.
 */
export function checkProductSync(
	sent: ReadonlyArray<Record<string, unknown>>,
	outputs: OutputItem[],
	stored: ReadonlyArray<object>,
	seededIds: string[],
	log: RequestLogEntry[],
): OutcomeReport {
	const pairing = checkPairing(sent.length, outputs);
	const byId = new Map((stored as ReadonlyArray<Record<string, unknown>>).map((p) => [String(p.id), p]));
	const expectedIds = new Set(sent.map((p) => String(p.id)));
	const missing: string[] = [];
	const different: string[] = [];
	for (const p of sent) {
		const held = byId.get(String(p.id));
		if (!held) {
			missing.push(String(p.id));
			continue;
		}
		if (Object.entries(p).some(([k, v]) => String(held[k]) !== String(v))) different.push(String(p.id));
	}
	const extra = [...byId.keys()].filter((id) => !expectedIds.has(id) && !seededIds.includes(id));
	const upserts = log.filter(isProductUpsert);
	const carried = countCarried(upserts, (body) => ((body as { products?: Array<{ id: unknown }> }).products ?? []).map((p) => String(p.id)));
	const ids = [...expectedIds];
	const state: ApplyCheck = {
		expected: ids.length,
		missing,
		extra,
		different,
		neverApplied: ids.filter((id) => !carried.get(id)),
		appliedTwice: ids.filter((id) => (carried.get(id) ?? 0) > 1),
	};
	return finish(pairing, state, attemptsOf(upserts), sent.length, ['CREATE_SUCCESS']);
}

// ---- audience -------------------------------------------------------------------------------

export const isAudienceUpload = (e: RequestLogEntry) => e.method === 'POST' && /\/custom_audiences\/[^/]+\/users$/.test(e.path);

export const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');

/** `emails`: the input (one per item, distinct once normalized); `members`: control.audienceMembers(id).email. */
export function checkAudienceUpload(emails: string[], outputs: OutputItem[], members: string[], log: RequestLogEntry[]): OutcomeReport {
	const pairing = checkPairing(emails.length, outputs);
	const expected = emails.map(emailHash);
	const expectedSet = new Set(expected);
	const held = new Set(members);
	const uploads = log.filter(isAudienceUpload);
	const carried = countCarried(uploads, (body) =>
		(body as Array<{ params?: { users?: Array<{ email?: string[] }> } }>).flatMap((op) => (op.params?.users ?? []).flatMap((u) => u.email ?? [])),
	);
	const state: ApplyCheck = {
		expected: expectedSet.size,
		missing: expected.filter((h) => !held.has(h)),
		extra: members.filter((h) => !expectedSet.has(h)),
		different: [],
		neverApplied: expected.filter((h) => !carried.get(h)),
		appliedTwice: expected.filter((h) => (carried.get(h) ?? 0) > 1),
	};
	return finish(pairing, state, attemptsOf(uploads), emails.length, ['OK']);
}

// ---- inputs ---------------------------------------------------------------------------------

/** A product that passes every rule of the Product table (the same shape the engine tests use). */
export function benchProduct(i: number): { [key: string]: string | number } {
	const id = `bench-${String(i).padStart(6, '0')}`;
	return {
		id,
		title: `Product ${id}`,
		description: `Plain description of product ${id}`,
		availability: 'in stock',
		condition: 'new',
		price: `${(10 + (i % 90)).toFixed(2)} USD`,
		link: `https://shop.example.com/p/${id}`,
		image_link: `https://cdn.example.com/img/${id}.jpg`,
		brand: 'Acme',
		inventory: 1 + (i % 50),
	};
}

export const benchEmail = (i: number) => `customer.${i}@example-shop.com`;
