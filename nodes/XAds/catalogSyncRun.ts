/**
 * The catalog sync itself: list what X holds, plan against the feed, check the deletion cap, send
 * the upserts and deletions, and count what X answered (the summary).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { checkFields, itemParameter, runNode } from '../shared/prepare';
import type { AdsEnvelope, RetryPolicy, XRequest } from '../shared/transport';
import { adsRequest, xRequest } from '../shared/transport';
import { answersBy } from '../shared/batching';
import { inputError } from '../shared/validation';
import { fingerprint, IN_X, ProductIndex, REFUSED, SEEN, SEND, SENT } from './catalogCompare';
import type { Feed, FeedColumns } from './catalogFeed';
import { YIELD_AFTER_MS } from './catalogFeed';
import { checkProduct, PRODUCT_BATCH, productFields, productResource } from './resources/product';

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
	const node = runNode(ctx);
	const [listRequest, upsertRequest, deleteRequest] = (['getAll', 'upsert', 'delete'] as const).map((operation) => productRequest(operation, catalogId, itemIndex));
	const counts: Counts = { created: 0, updated: 0, unchangedByX: 0, refusedByX: 0, heldUnlisted: 0, goneSinceListing: 0, deleted: 0, alreadyGone: 0, deleteFailed: 0, unanswered: 0, listRequests: 0, upsertRequests: 0, deleteRequests: 0 };
	const index = new ProductIndex();
	const products: IDataObject[] = [];
	const refusedRows: IDataObject[] = [];
	const xRefusals: IDataObject[] = [];
	const deleteFailures: IDataObject[] = [];
	let refused = 0;
	let rows = 0;
	/** A product (or product key) sent that X's answer is silent about: counted apart, so the counts say they do not add up. */
	const unanswered = (line?: number, id?: string, key?: string) => {
		counts.unanswered++;
		if (options.outputProducts) products.push({ ...(line !== undefined ? { [feed.unit]: line } : {}), ...(id !== undefined ? { id } : {}), ...(key !== undefined ? { product_key: key } : {}), action: 'unanswered', message: 'X\'s answer names no result for it' });
	};
	const applied = () =>
		`created ${counts.created}, updated ${counts.updated}, deleted ${counts.deleted} (X answered ${counts.upsertRequests} upsert and ${counts.deleteRequests} delete requests)`;

	// Requests in flight; the first failure stops sending (the others are waited for).
	const inFlight = new Set<Promise<void>>();
	let failure: Error | undefined;
	const track = (work: () => Promise<void>) => {
		const task = work().catch((error: unknown) => {
			failure ??= error as Error;
		});
		const tracked = task.finally(() => inFlight.delete(tracked));
		inFlight.add(tracked);
	};

	try {
		// 0. A feed without one of X's required columns is refused before any request (Dry Run too).
		const columnsRefusal = missingColumnsError(ctx, feed, await feed.columns(), itemIndex);
		if (columnsRefusal) throw columnsRefusal;

		// 1. What X holds and what the feed holds, read at the same time: the listing waits for X
		// page after page (each cursor comes with the page before), the feed's rows are checked and
		// fingerprinted meanwhile. Nothing is decided, nothing written, before both have ended.
		const refuse = (line: number, reason: string, id?: string) => {
			refused++;
			if (refusedRows.length < LISTED) refusedRows.push({ [feed.unit]: line, ...(id !== undefined ? { id } : {}), reason });
		};
		const check = (raw: IDataObject): IDataObject => {
			const fail = (field: string, rule: string): never => {
				throw new RowRefusal(`${field} ${rule}`);
			};
			const values = checkFields(productFields, raw, 'micro', fail);
			checkProduct(values, fail);
			return values;
		};
		let lastYield = Date.now();
		const breathe = async () => {
			if (Date.now() - lastYield > YIELD_AFTER_MS) {
				await sleep(0);
				lastYield = Date.now();
			}
		};
		const readRow = (raw: IDataObject | undefined, line: number, unreadable?: string) => {
			rows++;
			const id = raw && (typeof raw.id === 'string' || typeof raw.id === 'number') ? String(raw.id) : undefined;
			// A row that names an id keeps X's product even when refused: only an absent id is deleted.
			const n = id === undefined ? undefined : index.entry(id);
			if (n !== undefined && index.flags[n] & SEEN) return refuse(line, `repeats id ${JSON.stringify(id)} of ${feed.unit} ${index.firstLine[n]}`, id);
			if (n !== undefined) {
				index.flags[n] |= SEEN;
				index.firstLine[n] = line;
			}
			let values: IDataObject;
			try {
				if (unreadable) throw new RowRefusal(unreadable);
				values = check(raw!);
			} catch (error) {
				if (!(error instanceof RowRefusal)) throw new NodeOperationError(node, error as Error, { itemIndex });
				if (n !== undefined) index.flags[n] |= REFUSED;
				return refuse(line, error.message, id);
			}
			index.setDigest(n!, 'feed', fingerprint(values));
		};
		// The first of the two to fail stops the other; both have ended before the error goes on.
		let stopped: Error | undefined;
		const [listing, reading] = await Promise.allSettled([
			listCatalog(ctx, listRequest, policy, index, counts, () => stopped).catch((error: unknown) => {
				stopped ??= error as Error;
				throw error;
			}),
			feed
				.read(readRow, async () => {
					if (stopped) throw stopped;
					await breathe();
				})
				.catch((error: unknown) => {
					stopped ??= error as Error;
					throw error;
				}),
		]);
		if (listing.status === 'rejected' || reading.status === 'rejected') throw stopped!;
		const listed = listing.value;
		const plan = reading.value;

		// 2. The plan: a valid row is sent when X does not hold it or holds it with other fields.
		let inX = 0;
		let toCreate = 0;
		let toUpdate = 0;
		let unchanged = 0;
		let keptRefused = 0;
		const deleteKeys: string[] = [];
		const planned: Record<'create' | 'update' | 'delete' | 'unchanged', string[]> = { create: [], update: [], delete: [], unchanged: [] };
		const note = (list: string[], n: number) => list.length < LISTED && list.push(index.id(n));
		/** The Dry Run lists at most LISTED ids each; planMore says how many more each list has. */
		const planMore = () => {
			const more = Object.entries({ create: toCreate, update: toUpdate, delete: deleteKeys.length, unchanged })
				.map(([list, count]) => [list, count - planned[list as keyof typeof planned].length] as const)
				.filter(([, count]) => count > 0);
			return more.length ? { planMore: Object.fromEntries(more) } : {};
		};
		for (let n = 0; n < index.size; n++) {
			const valid = index.flags[n] & SEEN && !(index.flags[n] & REFUSED);
			if (valid && (!(index.flags[n] & IN_X) || !index.same(n))) index.flags[n] |= SEND;
			const f = index.flags[n];
			if (f & IN_X) inX++;
			if (f & SEND) {
				if (f & IN_X) {
					toUpdate++;
					note(planned.update, n);
				} else {
					toCreate++;
					note(planned.create, n);
				}
			} else if (f & IN_X && f & REFUSED) {
				keptRefused++;
			} else if (f & IN_X && f & SEEN) {
				unchanged++;
				note(planned.unchanged, n);
			} else if (f & IN_X) {
				deleteKeys.push(index.key(n)!);
				note(planned.delete, n);
			}
		}
		const summary: IDataObject = {
			catalog: catalogId,
			feed: feed.name,
			dryRun: options.dryRun,
			rowsRead: rows,
			blankLines: plan.blankLines,
			...(plan.ignoredColumns.length ? { ignoredColumns: plan.ignoredColumns } : {}),
			read: listed.read,
			...(listed.unreadable ? { unreadableByX: listed.unreadable } : {}),
			unchanged,
			toCreate,
			toUpdate,
			toDelete: deleteKeys.length,
			refused,
			...(keptRefused ? { keptAsIs: keptRefused } : {}),
			refusedRows,
			...(refused > refusedRows.length ? { refusedRowsListed: `the first ${LISTED} of ${refused}` } : {}),
		};

		// 3. Safety: a truncated or failed feed never empties a catalog.
		const firstRefusal = () => (refusedRows.length ? ` (the first, ${feed.unit} ${String(refusedRows[0][feed.unit])}: ${String(refusedRows[0].reason)})` : '');
		const valid = rows - refused;
		const percent = inX ? (deleteKeys.length / inX) * 100 : 0;
		const refusal =
			inX > 0 && valid === 0 && !options.allowEmptyFeed
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
		if (options.dryRun) {
			// The plan is shown even when the sync would be refused: that is when it is most wanted.
			return {
				summary: { ...summary, ...(refusal ? { wouldBeRefused: refusal.message } : {}), plan: planned, ...planMore(), requests: { list: counts.listRequests, upsert: 0, delete: 0, total: counts.listRequests } },
				products: options.outputProducts ? plannedProducts(index) : [],
			};
		}
		if (refusal) throw refusal;

		// 4. Send: the planned products, 25 a request, `concurrency` in flight, in feed order.
		/** Waits for a free slot; false once a request failed (nothing more is sent). */
		const slot = async () => {
			while (inFlight.size >= options.concurrency && !failure) await Promise.race(inFlight);
			return !failure;
		};
		const planOf = (id: string) => (index.flags[index.find(id)!] & IN_X ? 'updated' : 'created');
		const upsert = (batch: Array<{ values: IDataObject; line: number }>) =>
			track(async () => {
				const { body, repeated } = await xRequest(ctx, { ...upsertRequest, body: { products: batch.map((b) => b.values) } }, policy);
				counts.upsertRequests++;
				// Matched by X's product id, never by position: X may list its refusals first.
				const answers = answersBy<IDataObject>(((body as AdsEnvelope | undefined)?.data as IDataObject | undefined)?.products_response, 'id');
				batch.forEach(({ values, line }) => {
					const id = String(values.id);
					const answer = answers.get(id);
					if (!answer) return unanswered(line, id);
					const status = String(answer.status ?? 'ERROR');
					// Sent again after a lost answer: X may have applied the first attempt, so NO_CHANGE counts as the plan.
					const outcome = status === 'CREATE_SUCCESS' ? 'created' : status === 'UPDATE_SUCCESS' ? 'updated' : status === 'NO_CHANGE' ? (repeated ? planOf(id) : 'unchangedByX') : 'refusedByX';
					counts[outcome]++;
					const planned = planOf(id);
					if (planned === 'created' && (outcome === 'updated' || outcome === 'unchangedByX')) counts.heldUnlisted++;
					if (planned === 'updated' && outcome === 'created') counts.goneSinceListing++;
					if (outcome === 'refusedByX' && xRefusals.length < LISTED) xRefusals.push({ [feed.unit]: line, id, errors: (answer.errors as IDataObject[]) ?? [] });
					if (options.outputProducts) products.push({ [feed.unit]: line, id, product_key: answer.product_key ?? null, action: outcome, status, ...(outcome === 'refusedByX' ? { errors: answer.errors ?? null } : {}) });
				});
			});
		let batch: Array<{ values: IDataObject; line: number }> = [];
		const full: Array<typeof batch> = [];
		await feed.read(
			(raw, line, unreadable) => {
				if (unreadable || !raw) return;
				const n = index.find(String(raw.id));
				if (n === undefined || !(index.flags[n] & SEND) || index.flags[n] & SENT) return;
				let values: IDataObject;
				try {
					values = check(raw);
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
				for (const ready of full.splice(0)) if (await slot()) upsert(ready);
				if (failure) throw failure;
				await breathe();
			},
		);
		if (batch.length && (await slot())) upsert(batch);
		while (inFlight.size) await Promise.race(inFlight);
		if (failure) throw failure;

		// 5. Delete what the feed no longer has, 25 keys a request.
		for (let start = 0; start < deleteKeys.length; start += PRODUCT_BATCH) {
			const keys = deleteKeys.slice(start, start + PRODUCT_BATCH);
			if (!(await slot())) break;
			track(async () => {
				const envelope = await adsRequest(ctx, { ...deleteRequest, body: { product_keys: keys } }, policy);
				counts.deleteRequests++;
				// Matched by product key, never by position.
				const answers = answersBy<IDataObject>((envelope.data as IDataObject | undefined)?.delete_products, 'product_key');
				keys.forEach((key) => {
					const answer = answers.get(key);
					if (!answer) return unanswered(undefined, undefined, key);
					const failed = answer.failed_product_key;
					const message = answer.message;
					const gone = failed === null || failed === undefined;
					if (gone) counts.deleted++;
					else if (/not found/i.test(String(message))) counts.alreadyGone++;
					else {
						counts.deleteFailed++;
						if (deleteFailures.length < LISTED) deleteFailures.push({ product_key: key, message: message ?? null });
					}
					if (options.outputProducts) products.push({ product_key: key, action: gone ? 'deleted' : 'deleteFailed', message: message ?? null });
				});
			});
		}
		while (inFlight.size) await Promise.race(inFlight);
		if (failure) throw failure;

		const sent = toCreate + toUpdate;
		const answered = counts.created + counts.updated + counts.unchangedByX + counts.refusedByX;
		const removed = counts.deleted + counts.alreadyGone + counts.deleteFailed;
		return {
			summary: {
				...summary,
				created: counts.created,
				updated: counts.updated,
				unchangedByX: counts.unchangedByX,
				deleted: counts.deleted,
				...(counts.alreadyGone ? { alreadyGone: counts.alreadyGone } : {}),
				refusedByX: counts.refusedByX,
				xRefusals,
				deleteFailed: counts.deleteFailed,
				deleteFailures,
				...(counts.unanswered ? { unanswered: counts.unanswered } : {}),
				...countsNote(counts, toCreate, toUpdate),
				requests: { list: counts.listRequests, upsert: counts.upsertRequests, delete: counts.deleteRequests, total: counts.listRequests + counts.upsertRequests + counts.deleteRequests },
				...heldByX(counts, { confirmed: answered === sent && removed === deleteKeys.length && rows === refused + toCreate + toUpdate + unchanged, refusedRows: refused, keptRefused, unreadable: listed.unreadable }),
			},
			products,
		};
	} catch (error) {
		// What was sent is answered before the run says what it applied.
		while (inFlight.size) await Promise.race(inFlight);
		const done = `Before it stopped, this run had ${applied()}. Running the sync again is safe: it reads X's catalog again and sends only what still differs.`;
		if (error instanceof NodeApiError || error instanceof NodeOperationError) {
			const known = error as Error & { description?: string };
			// A refusal before writing has nothing applied to tell.
			if (!known.message.startsWith('Sync refused')) known.description = `${known.description ?? ''} ${done}`.trim();
			throw known;
		}
		const what = error instanceof SyncFailure ? error.message : `the feed (${feed.name}) ${(error as Error).message}`;
		throw new NodeOperationError(node, `Sync stopped: ${what}`, { itemIndex, description: done });
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

