/**
 * The catalog sync itself: list what X holds, plan against the feed, check the deletion cap, send
 * the upserts and deletions, and count what X answered (the summary).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { checkFields, itemParameter, runNode } from '../../../../shared/engine/prepare';
import type { AdsEnvelope, RetryPolicy, XRequest } from '../../../../shared/transport/transport';
import { adsRequest, xRequest } from '../../../../shared/transport/transport';
import { answersBy } from '../../../../shared/engine/batching';
import { inputError } from '../../../../shared/engine/validation';
import { fingerprint, IN_X, ProductIndex, REFUSED, SEEN, SEND, SENT } from './compare';
import type { Feed, FeedColumns } from './feed';
import { YIELD_AFTER_MS } from './feed';
import { checkProduct, PRODUCT_BATCH, productFields } from '../../../common/productFields';
import { productResource } from '../../product';

/** X's largest products page. */
const LIST_PAGE = 100;
/** Listing stops (with an error) past this many pages: 10,000,000 products. */
const MAX_LIST_PAGES = 100_000;
/** Rows, ids and refusals listed in the summary; more are only counted. */
const LISTED = 1000;

// ---- Options ------------------------------------------------------------------------------------------

export interface SyncOptions {
	dryRun: boolean;
	maxDeletePercent: number;
	allowEmptyFeed: boolean;
	outputProducts: boolean;
	concurrency: number;
}

export function readOptions(ctx: IExecuteFunctions, itemIndex: number): SyncOptions {
	const options = ctx.getNodeParameter('syncOptions', itemIndex, {}) as IDataObject;
	const maxDeletePercent = Number(options.maxDeletePercent ?? 10);
	if (!(maxDeletePercent >= 0 && maxDeletePercent <= 100)) {
		throw inputError(runNode(ctx), itemIndex, 'Max Deletions (%) (maxDeletePercent)', `must be a number from 0 to 100 (got ${String(options.maxDeletePercent)})`);
	}
	return {
		dryRun: Boolean(itemParameter(ctx, 'dryRun', itemIndex, false)),
		maxDeletePercent,
		allowEmptyFeed: Boolean(options.allowEmptyFeed ?? false),
		outputProducts: Boolean(options.outputProducts ?? false),
		concurrency: Math.max(1, Math.min(16, Number(options.concurrency ?? 4))),
	};
}

// ---- The sync -------------------------------------------------------------------------------------------

interface Counts {
	created: number;
	updated: number;
	/** X answered NO_CHANGE to a product we sent (our comparison called it changed; X did not). */
	unchangedByX: number;
	refusedByX: number;
	/** Planned as a create (X did not list it), answered as an update or NO_CHANGE: X held it unlisted. */
	heldUnlisted: number;
	/** Planned as an update, answered CREATE_SUCCESS: gone from X between the listing and the upsert. */
	goneSinceListing: number;
	deleted: number;
	/** Product keys X no longer knew when deleting (gone already, e.g. by an earlier run). */
	alreadyGone: number;
	deleteFailed: number;
	/** Products and product keys sent that X's answer names no result for. */
	unanswered: number;
	listRequests: number;
	upsertRequests: number;
	deleteRequests: number;
}

class SyncFailure extends Error {}

/** X's columns every product needs: its required fields, and one of brand, GTIN or MPN (product.ts). */
const REQUIRED_COLUMNS = productFields.filter((f) => f.required).map((f) => f.wire);
const ONE_OF_COLUMNS = ['brand', 'gtin', 'mpn'];

const listed = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]);

/**
 * A feed without one of X's required columns (no price column, no item with a price) would have
 * every row refused: it is refused whole, before any request, naming the columns and the fix.
 */
function missingColumnsError(ctx: IExecuteFunctions, feed: Feed, columns: FeedColumns, itemIndex: number): NodeOperationError | undefined {
	const missing = REQUIRED_COLUMNS.filter((wire) => !columns.wires.has(wire));
	const noneOf = !ONE_OF_COLUMNS.some((wire) => columns.wires.has(wire));
	if (!missing.length && !noneOf) return undefined;
	const file = feed.unit === 'line';
	const noun = file ? 'column' : 'field';
	const parts = [...(missing.length ? [`${listed(missing)} ${noun}${missing.length > 1 ? 's' : ''}`] : []), ...(noneOf ? [`brand, gtin or mpn ${noun}`] : [])];
	const others = columns.others.slice(0, 20).join(', ') + (columns.others.length > 20 ? ', ...' : '');
	const needed = `Every product needs X's ${REQUIRED_COLUMNS.join(', ')} and one of brand, gtin or mpn, so every ${feed.unit} would be refused; nothing was sent.`;
	const fix = file
		? `Add the missing ${noun}s to the feed's header row, named as X names them (case and spaces do not matter)${others ? `; the header's other columns, which the sync ignores: ${others}` : ''}.`
		: `Give the items the missing keys, named exactly so (an Edit Fields (Set) node before this one can add or rename them)${others ? `; the items' other keys, which the sync ignores: ${others}` : ''}.`;
	const message = file ? `Sync refused: the feed (${feed.name}) has no ${parts.join(' and no ')}` : `Sync refused: no input item has the ${parts.join(' or the ')}`;
	return new NodeOperationError(runNode(ctx), message, { itemIndex, description: `${needed} ${fix}` });
}

/** The request of one of the Product endpoints (product.ts defines each once). */
function productRequest(operation: 'getAll' | 'upsert' | 'delete', catalogId: string, itemIndex: number): XRequest {
	const endpoint = productResource.endpoints.find((e) => e.operation === operation)!;
	return { method: endpoint.method, host: 'ads', path: endpoint.path, pathParams: { product_catalog_id: catalogId }, itemIndex, idempotent: true };
}

/** How many of a page's products the index does not hold from X yet (a repeat within the page counts once). */
function newProducts(index: ProductIndex, data: unknown[]): number {
	const fresh = new Set<string>();
	for (const record of data) {
		const id = (record as IDataObject | null)?.id;
		if (typeof id !== 'string' || fresh.has(id)) continue;
		const n = index.find(id);
		if (n === undefined || !(index.flags[n] & IN_X)) fresh.add(id);
	}
	return fresh.size;
}

/** Puts one listed product into the index: new, listed again, or unreadable (no id or product key). */
function indexListed(index: ProductIndex, record: unknown): 'new' | 'again' | 'unreadable' {
	const r = record as IDataObject | null;
	const id = r && typeof r === 'object' ? r.id : undefined;
	const key = r && typeof r === 'object' ? r.product_key : undefined;
	if (typeof id !== 'string' || typeof key !== 'string' || id === '' || key === '') return 'unreadable';
	const n = index.entry(id);
	if (index.flags[n] & IN_X) {
		index.listedAgain(n);
		return 'again';
	}
	index.flags[n] |= IN_X;
	index.setKey(n, key);
	index.setDigest(n, 'x', fingerprint(r!));
	return 'new';
}

/**
 * Reads X's catalog page after page into the index; stopped() ends it early (the feed failed). A
 * page that brings no product the earlier pages did not is no progress: the listing stops there
 * with an error, however many fresh cursors X names.
 */
async function listCatalog(ctx: IExecuteFunctions, request: XRequest, policy: RetryPolicy, index: ProductIndex, counts: Counts, stopped: () => Error | undefined): Promise<{ read: number; unreadable: number }> {
	const seen = new Set<string>();
	const fetchPage = (cursor?: string) => {
		const answer = adsRequest(ctx, { ...request, qs: { count: LIST_PAGE, ...(cursor ? { cursor } : {}) } }, policy);
		answer.catch(() => {}); // awaited below; a stop before that must not leave it unhandled
		return answer;
	};
	let next: Promise<AdsEnvelope> | undefined = fetchPage();
	let read = 0;
	let unreadable = 0;
	for (let page = 1; next; page++) {
		const stop = stopped();
		if (stop) throw stop;
		const envelope = await next;
		counts.listRequests++;
		const data = Array.isArray(envelope.data) ? (envelope.data as unknown[]) : [];
		if (page > 1 && data.length && !newProducts(index, data)) {
			throw new SyncFailure(`X's product listing brought no new product on page ${page} (the same ${data.length} products as before, under a new cursor)`);
		}
		// The next page is asked for before this one is indexed: its round trip hides the indexing.
		const cursor = typeof envelope.next_cursor === 'string' && envelope.next_cursor !== '' ? envelope.next_cursor : undefined;
		next = undefined;
		if (cursor && data.length > 0) {
			if (seen.has(cursor)) throw new SyncFailure(`X sent the cursor of an earlier page again (page ${page + 1})`);
			if (page >= MAX_LIST_PAGES) throw new SyncFailure(`X's product listing did not end after ${MAX_LIST_PAGES} pages`);
			seen.add(cursor);
			next = fetchPage(cursor);
		}
		for (const record of data) {
			const listed = indexListed(index, record);
			if (listed === 'new') read++;
			else if (listed === 'unreadable') unreadable++;
		}
	}
	return { read, unreadable };
}

/** Runs one sync of one feed into one catalog; returns the summary and the per-product records. */
export async function runSync(ctx: IExecuteFunctions, catalogId: string, feed: Feed, itemIndex: number, options: SyncOptions, policy: RetryPolicy): Promise<{ summary: IDataObject; products: IDataObject[] }> {
	return await new SyncRun(ctx, catalogId, feed, itemIndex, options, policy).run();
}

type Batch = Array<{ values: IDataObject; line: number }>;

/** The plan: what X holds (inX), what is sent, kept, left as it is, deleted; the Dry Run's lists of ids. */
interface Plan {
	inX: number;
	toCreate: number;
	toUpdate: number;
	unchanged: number;
	keptRefused: number;
	deleteKeys: string[];
	planned: Record<'create' | 'update' | 'delete' | 'unchanged', string[]>;
}

/** One sync: 1. read X's catalog and the feed, 2. plan, 3. refuse an unsafe plan, 4. send, 5. delete. */
class SyncRun {
	private readonly node: ReturnType<typeof runNode>;
	private readonly listRequest: XRequest;
	private readonly upsertRequest: XRequest;
	private readonly deleteRequest: XRequest;
	private readonly counts: Counts = { created: 0, updated: 0, unchangedByX: 0, refusedByX: 0, heldUnlisted: 0, goneSinceListing: 0, deleted: 0, alreadyGone: 0, deleteFailed: 0, unanswered: 0, listRequests: 0, upsertRequests: 0, deleteRequests: 0 };
	private readonly index = new ProductIndex();
	private readonly products: IDataObject[] = [];
	private readonly refusedRows: IDataObject[] = [];
	private readonly xRefusals: IDataObject[] = [];
	private readonly deleteFailures: IDataObject[] = [];
	private refused = 0;
	private rows = 0;
	// Requests in flight; the first failure stops sending (the others are waited for).
	private readonly inFlight = new Set<Promise<void>>();
	private failure: Error | undefined;
	private lastYield = Date.now();

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly catalogId: string,
		private readonly feed: Feed,
		private readonly itemIndex: number,
		private readonly options: SyncOptions,
		private readonly policy: RetryPolicy,
	) {
		this.node = runNode(ctx);
		[this.listRequest, this.upsertRequest, this.deleteRequest] = (['getAll', 'upsert', 'delete'] as const).map((operation) => productRequest(operation, catalogId, itemIndex));
	}

	async run(): Promise<{ summary: IDataObject; products: IDataObject[] }> {
		const { options } = this;
		try {
			// 0. A feed without one of X's required columns is refused before any request (Dry Run too).
			const columnsRefusal = missingColumnsError(this.ctx, this.feed, await this.feed.columns(), this.itemIndex);
			if (columnsRefusal) throw columnsRefusal;
			const { listed, blankLines, ignoredColumns } = await this.readBoth();
			const plan = this.plan();
			const summary = this.planSummary(plan, listed, blankLines, ignoredColumns);
			const refusal = this.refusalOf(plan);
			if (options.dryRun) {
				// The plan is shown even when the sync would be refused: that is when it is most wanted.
				const { counts } = this;
				return {
					summary: { ...summary, ...(refusal ? { wouldBeRefused: refusal.message } : {}), plan: plan.planned, ...planMore(plan), requests: { list: counts.listRequests, upsert: 0, delete: 0, total: counts.listRequests } },
					products: options.outputProducts ? plannedProducts(this.index) : [],
				};
			}
			if (refusal) throw refusal;
			await this.sendPlanned();
			await this.deleteGone(plan.deleteKeys);
			return { summary: this.finalSummary(summary, plan, listed.unreadable), products: this.products };
		} catch (error) {
			throw await this.stopped(error);
		}
	}

	/** A product (or product key) sent that X's answer is silent about: counted apart, so the counts say they do not add up. */
	private unanswered(line?: number, id?: string, key?: string): void {
		this.counts.unanswered++;
		if (this.options.outputProducts) this.products.push({ ...(line !== undefined ? { [this.feed.unit]: line } : {}), ...(id !== undefined ? { id } : {}), ...(key !== undefined ? { product_key: key } : {}), action: 'unanswered', message: 'X\'s answer names no result for it' });
	}

	private track(work: () => Promise<void>): void {
		const task = work().catch((error: unknown) => {
			this.failure ??= error as Error;
		});
		const tracked = task.finally(() => this.inFlight.delete(tracked));
		this.inFlight.add(tracked);
	}

	/** Waits for a free slot; false once a request failed (nothing more is sent). */
	private async slot(): Promise<boolean> {
		while (this.inFlight.size >= this.options.concurrency && !this.failure) await Promise.race(this.inFlight);
		return !this.failure;
	}

	private async breathe(): Promise<void> {
		if (Date.now() - this.lastYield > YIELD_AFTER_MS) {
			await sleep(0);
			this.lastYield = Date.now();
		}
	}

	private refuse(line: number, reason: string, id?: string): void {
		this.refused++;
		if (this.refusedRows.length < LISTED) this.refusedRows.push({ [this.feed.unit]: line, ...(id !== undefined ? { id } : {}), reason });
	}

	private check(raw: IDataObject): IDataObject {
		const fail = (field: string, rule: string): never => {
			throw new RowRefusal(`${field} ${rule}`);
		};
		const values = checkFields(productFields, raw, 'micro', fail);
		checkProduct(values, fail);
		return values;
	}

	/**
	 * 1. What X holds and what the feed holds, read at the same time: the listing waits for X
	 * page after page (each cursor comes with the page before), the feed's rows are checked and
	 * fingerprinted meanwhile. Nothing is decided, nothing written, before both have ended.
	 */
	private async readBoth() {
		// The first of the two to fail stops the other; both have ended before the error goes on.
		let stopped: Error | undefined;
		const [listing, reading] = await Promise.allSettled([
			listCatalog(this.ctx, this.listRequest, this.policy, this.index, this.counts, () => stopped).catch((error: unknown) => {
				stopped ??= error as Error;
				throw error;
			}),
			this.feed
				.read(
					(raw, line, unreadable) => this.readRow(raw, line, unreadable),
					async () => {
						if (stopped) throw stopped;
						await this.breathe();
					},
				)
				.catch((error: unknown) => {
					stopped ??= error as Error;
					throw error;
				}),
		]);
		if (listing.status === 'rejected' || reading.status === 'rejected') throw stopped!;
		return { listed: listing.value, blankLines: reading.value.blankLines, ignoredColumns: reading.value.ignoredColumns };
	}

	private readRow(raw: IDataObject | undefined, line: number, unreadable?: string): void {
		const { index, feed } = this;
		this.rows++;
		const id = raw && (typeof raw.id === 'string' || typeof raw.id === 'number') ? String(raw.id) : undefined;
		// A row that names an id keeps X's product even when refused: only an absent id is deleted.
		const n = id === undefined ? undefined : index.entry(id);
		if (n !== undefined && index.flags[n] & SEEN) return this.refuse(line, `repeats id ${JSON.stringify(id)} of ${feed.unit} ${index.firstLine[n]}`, id);
		if (n !== undefined) {
			index.flags[n] |= SEEN;
			index.firstLine[n] = line;
		}
		let values: IDataObject;
		try {
			if (unreadable) throw new RowRefusal(unreadable);
			values = this.check(raw!);
		} catch (error) {
			if (!(error instanceof RowRefusal)) throw new NodeOperationError(this.node, error as Error, { itemIndex: this.itemIndex });
			if (n !== undefined) index.flags[n] |= REFUSED;
			return this.refuse(line, error.message, id);
		}
		index.setDigest(n!, 'feed', fingerprint(values));
	}

	/** 2. The plan: a valid row is sent when X does not hold it or holds it with other fields. */
	private plan(): Plan {
		const { index } = this;
		const plan: Plan = { inX: 0, toCreate: 0, toUpdate: 0, unchanged: 0, keptRefused: 0, deleteKeys: [], planned: { create: [], update: [], delete: [], unchanged: [] } };
		const { planned } = plan;
		const note = (list: string[], n: number) => list.length < LISTED && list.push(index.id(n));
		for (let n = 0; n < index.size; n++) {
			const valid = index.flags[n] & SEEN && !(index.flags[n] & REFUSED);
			if (valid && (!(index.flags[n] & IN_X) || !index.same(n))) index.flags[n] |= SEND;
			const f = index.flags[n];
			if (f & IN_X) plan.inX++;
			if (f & SEND) {
				if (f & IN_X) {
					plan.toUpdate++;
					note(planned.update, n);
				} else {
					plan.toCreate++;
					note(planned.create, n);
				}
			} else if (f & IN_X && f & REFUSED) {
				plan.keptRefused++;
			} else if (f & IN_X && f & SEEN) {
				plan.unchanged++;
				note(planned.unchanged, n);
			} else if (f & IN_X) {
				plan.deleteKeys.push(index.key(n)!);
				note(planned.delete, n);
			}
		}
		return plan;
	}

	private planSummary(plan: Plan, listed: { read: number; unreadable: number }, blankLines: number, ignoredColumns: string[]): IDataObject {
		const { refused, refusedRows } = this;
		return {
			catalog: this.catalogId,
			feed: this.feed.name,
			dryRun: this.options.dryRun,
			rowsRead: this.rows,
			blankLines,
			...(ignoredColumns.length ? { ignoredColumns } : {}),
			read: listed.read,
			...(listed.unreadable ? { unreadableByX: listed.unreadable } : {}),
			unchanged: plan.unchanged,
			toCreate: plan.toCreate,
			toUpdate: plan.toUpdate,
			toDelete: plan.deleteKeys.length,
			refused,
			...(plan.keptRefused ? { keptAsIs: plan.keptRefused } : {}),
			refusedRows,
			...(refused > refusedRows.length ? { refusedRowsListed: `the first ${LISTED} of ${refused}` } : {}),
		};
	}

	/** 3. Safety: a truncated or failed feed never empties a catalog. */
	private refusalOf({ inX, deleteKeys, toCreate, toUpdate, unchanged }: Plan): NodeOperationError | undefined {
		const { rows, refused, refusedRows, options, feed, node, itemIndex } = this;
		const firstRefusal = () => (refusedRows.length ? ` (the first, ${feed.unit} ${String(refusedRows[0][feed.unit])}: ${String(refusedRows[0].reason)})` : '');
		const valid = rows - refused;
		const percent = inX ? (deleteKeys.length / inX) * 100 : 0;
		return inX > 0 && valid === 0 && !options.allowEmptyFeed
			? new NodeOperationError(node, `Sync refused: the feed holds no valid product, and X's catalog holds ${inX}`, {
					itemIndex,
					description: `The feed (${feed.name}) had ${rows} rows, ${refused} refused${firstRefusal()}. An empty or failed export would delete every product; nothing was sent. ${refused ? 'Fix the rows (Dry Run lists each with its reason), or, if' : 'If'} the catalog is meant to be emptied, turn on Allow Empty Feed in Options.`,
				})
			: percent > options.maxDeletePercent
				? new NodeOperationError(node, `Sync refused: it would delete ${deleteKeys.length} of X's ${inX} products (${percent.toFixed(1)}%), more than the ${options.maxDeletePercent}% allowed`, {
						itemIndex,
						description: `The feed (${feed.name}) holds ${valid} valid products (${refused} rows refused); ${toCreate} would be created, ${toUpdate} updated, ${unchanged} are unchanged. A truncated feed looks like this, so nothing was sent. Run with Dry Run to see which products, or raise Max Deletions (%) in Options if the deletions are meant.`,
					})
				: undefined;
	}

	/** 4. Send: the planned products, 25 a request, `concurrency` in flight, in feed order. */
	private async sendPlanned(): Promise<void> {
		const { index } = this;
		let batch: Batch = [];
		const full: Batch[] = [];
		await this.feed.read(
			(raw, line, unreadable) => {
				if (unreadable || !raw) return;
				const n = index.find(String(raw.id));
				if (n === undefined || !(index.flags[n] & SEND) || index.flags[n] & SENT) return;
				let values: IDataObject;
				try {
					values = this.check(raw);
				} catch {
					return; // refused in the plan already
				}
				index.flags[n] |= SENT;
				batch.push({ values, line });
				if (batch.length === PRODUCT_BATCH) {
					full.push(batch);
					batch = [];
				}
			},
			async () => {
				for (const ready of full.splice(0)) if (await this.slot()) this.upsert(ready);
				if (this.failure) throw this.failure;
				await this.breathe();
			},
		);
		if (batch.length && (await this.slot())) this.upsert(batch);
		while (this.inFlight.size) await Promise.race(this.inFlight);
		if (this.failure) throw this.failure;
	}

	private upsert(batch: Batch): void {
		const { index, counts, feed, options } = this;
		const planOf = (id: string) => (index.flags[index.find(id)!] & IN_X ? 'updated' : 'created');
		this.track(async () => {
			const { body, repeated } = await xRequest(this.ctx, { ...this.upsertRequest, body: { products: batch.map((b) => b.values) } }, this.policy);
			counts.upsertRequests++;
			// Matched by X's product id, never by position: X may list its refusals first.
			const answers = answersBy<IDataObject>(((body as AdsEnvelope | undefined)?.data as IDataObject | undefined)?.products_response, 'id');
			batch.forEach(({ values, line }) => {
				const id = String(values.id);
				const answer = answers.get(id);
				if (!answer) return this.unanswered(line, id);
				const status = String(answer.status ?? 'ERROR');
				// Sent again after a lost answer: X may have applied the first attempt, so NO_CHANGE counts as the plan.
				const outcome = status === 'CREATE_SUCCESS' ? 'created' : status === 'UPDATE_SUCCESS' ? 'updated' : status === 'NO_CHANGE' ? (repeated ? planOf(id) : 'unchangedByX') : 'refusedByX';
				counts[outcome]++;
				const planned = planOf(id);
				if (planned === 'created' && (outcome === 'updated' || outcome === 'unchangedByX')) counts.heldUnlisted++;
				if (planned === 'updated' && outcome === 'created') counts.goneSinceListing++;
				if (outcome === 'refusedByX' && this.xRefusals.length < LISTED) this.xRefusals.push({ [feed.unit]: line, id, errors: (answer.errors as IDataObject[]) ?? [] });
				if (options.outputProducts) this.products.push({ [feed.unit]: line, id, product_key: answer.product_key ?? null, action: outcome, status, ...(outcome === 'refusedByX' ? { errors: answer.errors ?? null } : {}) });
			});
		});
	}

	/** 5. Delete what the feed no longer has, 25 keys a request. */
	private async deleteGone(deleteKeys: string[]): Promise<void> {
		for (let start = 0; start < deleteKeys.length; start += PRODUCT_BATCH) {
			const keys = deleteKeys.slice(start, start + PRODUCT_BATCH);
			if (!(await this.slot())) break;
			this.track(async () => await this.deleteKeys(keys));
		}
		while (this.inFlight.size) await Promise.race(this.inFlight);
		if (this.failure) throw this.failure;
	}

	private async deleteKeys(keys: string[]): Promise<void> {
		const { counts } = this;
		const envelope = await adsRequest(this.ctx, { ...this.deleteRequest, body: { product_keys: keys } }, this.policy);
		counts.deleteRequests++;
		// Matched by product key, never by position.
		const answers = answersBy<IDataObject>((envelope.data as IDataObject | undefined)?.delete_products, 'product_key');
		keys.forEach((key) => {
			const answer = answers.get(key);
			if (!answer) return this.unanswered(undefined, undefined, key);
			const failed = answer.failed_product_key;
			const message = answer.message;
			const gone = failed === null || failed === undefined;
			if (gone) counts.deleted++;
			else if (/not found/i.test(String(message))) counts.alreadyGone++;
			else {
				counts.deleteFailed++;
				if (this.deleteFailures.length < LISTED) this.deleteFailures.push({ product_key: key, message: message ?? null });
			}
			if (this.options.outputProducts) this.products.push({ product_key: key, action: gone ? 'deleted' : 'deleteFailed', message: message ?? null });
		});
	}

	private finalSummary(summary: IDataObject, plan: Plan, unreadable: number): IDataObject {
		const { counts, rows, refused } = this;
		const sent = plan.toCreate + plan.toUpdate;
		const answered = counts.created + counts.updated + counts.unchangedByX + counts.refusedByX;
		const removed = counts.deleted + counts.alreadyGone + counts.deleteFailed;
		return {
			...summary,
			created: counts.created,
			updated: counts.updated,
			unchangedByX: counts.unchangedByX,
			deleted: counts.deleted,
			...(counts.alreadyGone ? { alreadyGone: counts.alreadyGone } : {}),
			refusedByX: counts.refusedByX,
			xRefusals: this.xRefusals,
			deleteFailed: counts.deleteFailed,
			deleteFailures: this.deleteFailures,
			...(counts.unanswered ? { unanswered: counts.unanswered } : {}),
			...countsNote(counts, plan.toCreate, plan.toUpdate),
			requests: { list: counts.listRequests, upsert: counts.upsertRequests, delete: counts.deleteRequests, total: counts.listRequests + counts.upsertRequests + counts.deleteRequests },
			...heldByX(counts, { confirmed: answered === sent && removed === plan.deleteKeys.length && rows === refused + plan.toCreate + plan.toUpdate + plan.unchanged, refusedRows: refused, keptRefused: plan.keptRefused, unreadable }),
		};
	}

	/** The run's error: what was sent is answered before the run says what it applied. */
	private async stopped(error: unknown): Promise<Error> {
		const { counts } = this;
		while (this.inFlight.size) await Promise.race(this.inFlight);
		const applied = `created ${counts.created}, updated ${counts.updated}, deleted ${counts.deleted} (X answered ${counts.upsertRequests} upsert and ${counts.deleteRequests} delete requests)`;
		const done = `Before it stopped, this run had ${applied}. Running the sync again is safe: it reads X's catalog again and sends only what still differs.`;
		if (error instanceof NodeApiError || error instanceof NodeOperationError) {
			const known = error as Error & { description?: string };
			// A refusal before writing has nothing applied to tell.
			if (!known.message.startsWith('Sync refused')) known.description = `${known.description ?? ''} ${done}`.trim();
			return known;
		}
		const what = error instanceof SyncFailure ? error.message : `the feed (${this.feed.name}) ${(error as Error).message}`;
		return new NodeOperationError(this.node, `Sync stopped: ${what}`, { itemIndex: this.itemIndex, description: done });
	}
}

/** The Dry Run lists at most LISTED ids each; planMore says how many more each list has. */
function planMore({ toCreate, toUpdate, deleteKeys, unchanged, planned }: Plan): IDataObject {
	const more = Object.entries({ create: toCreate, update: toUpdate, delete: deleteKeys.length, unchanged })
		.map(([list, count]) => [list, count - planned[list as keyof typeof planned].length] as const)
		.filter(([, count]) => count > 0);
	return more.length ? { planMore: Object.fromEntries(more) } : {};
}

function plannedProducts(ix: ProductIndex): IDataObject[] {
	const out: IDataObject[] = [];
	for (let n = 0; n < ix.size; n++) {
		const f = ix.flags[n];
		const action = f & SEND ? (f & IN_X ? 'update' : 'create') : f & IN_X ? (f & SEEN ? undefined : 'delete') : undefined;
		if (action) out.push({ id: ix.id(n), product_key: ix.key(n) ?? null, action });
	}
	return out;
}

class RowRefusal extends Error {}

/**
 * Why created and updated differ from toCreate and toUpdate, when they do: X lists only the first
 * product of an item group, so a variant X holds looks new to the plan and X answers it as an
 * update; X's NO_CHANGE and refusals take their share too. Absent when the counts match the plan.
 */
function countsNote(counts: Counts, toCreate: number, toUpdate: number): { countsNote?: string } {
	if (counts.created === toCreate && counts.updated === toUpdate) return {};
	const why = [
		counts.heldUnlisted && `${counts.heldUnlisted} of the ${toCreate} to create X held already without listing them (X lists only the first-submitted product of an item group, so its other variants look new on every run); X answered them as updated or unchanged`,
		counts.goneSinceListing && `${counts.goneSinceListing} of the ${toUpdate} to update were gone from X when sent, and X created them again`,
		counts.unchangedByX && `X answered ${counts.unchangedByX} as unchanged (NO_CHANGE, counted in unchangedByX)`,
		counts.refusedByX && `X refused ${counts.refusedByX} (see xRefusals)`,
		counts.unanswered && `X's answers named no result for ${counts.unanswered}`,
	].filter(Boolean);
	return { countsNote: `Of ${toCreate + toUpdate} products sent (toCreate ${toCreate}, toUpdate ${toUpdate}), X created ${counts.created} and updated ${counts.updated}: ${why.join('; ')}.` };
}

/**
 * The summary's two answers, apart: whether its counts add up (every row, product and deletion
 * accounted for by X's answers), and whether X now holds the feed (they add up, and X refused
 * nothing, failed no deletion, and no feed row was refused or listed product unreadable).
 */
function heldByX(counts: Counts, run: { confirmed: boolean; refusedRows: number; keptRefused: number; unreadable: number }): { countsConfirmed: boolean; xHoldsFeed: boolean } {
	const differs = counts.refusedByX + counts.deleteFailed + counts.unanswered + run.refusedRows + run.keptRefused + run.unreadable > 0;
	return { countsConfirmed: run.confirmed, xHoldsFeed: run.confirmed && !differs };
}

