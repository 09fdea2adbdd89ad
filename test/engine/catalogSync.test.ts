/**
 * Product Catalog → Sync through the engine against the emulator: X's catalog holds exactly the
 * feed afterwards (ids and fields, read back from the emulator), only new and changed products are
 * sent, deletions by product key, the deletion cap and the empty-feed refusal, Dry Run, feed files
 * (CSV and TSV, bad rows refused with line and reason), a truncated feed, and a run that fails
 * half-way then runs again.
 * https://docs.x.com/x-ads-api/catalog-management/reference#products
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { badFeedRows, FEED_COLUMNS, goodCells } from '../corpus/badInputFeedRows';
import { validProduct } from '../fixtures/products';
import { engineSuite, hostileXFor, suiteHelpers, X_ADS } from './env';
import { sleep } from './streamKit';

const env = engineSuite();
const { fx, requests } = suiteHelpers(env);

/** Test-only start node: one item with the feed text as binary data. */
class TestFeed implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Test Feed',
		name: 'test.feed',
		group: ['input'],
		version: 1,
		description: 'Emits one item with a feed file (engine tests only)',
		defaults: { name: 'Feed' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Text', name: 'text', type: 'string', default: '' }],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const text = this.getNodeParameter('text', 0) as string;
		return [[{ json: {}, binary: { data: { data: Buffer.from(text, 'utf8').toString('base64'), mimeType: 'text/csv', fileName: 'feed.csv' } } }]];
	}
}
beforeAll(() => env.harness.nodeTypes.register(TestFeed));

const catalog = () => fx().productCatalogId;
const stored = () => env.emulator.control.products(catalog());
const writes = () => requests().filter((r) => r.path.endsWith('/products') && r.method !== 'GET');
const byMethod = (method: string) => requests().filter((r) => r.path.endsWith('/products') && r.method === method);

const products = (count: number, extra: (n: number) => IDataObject = () => ({})) => Array.from({ length: count }, (_, i) => validProduct(`p${i + 1}`, extra(i + 1)));

/** What X holds, as the fields a feed gives (the generated keys and empty fields left out). */
const held = () =>
	stored()
		.map((p) => Object.fromEntries(Object.entries(p).filter(([k, v]) => v !== null && v !== '' && k !== 'product_key' && k !== 'item_group_key')))
		.sort((a, b) => String(a.id).localeCompare(String(b.id)));
const expected = (input: IDataObject[]) => [...input].sort((a, b) => String(a.id).localeCompare(String(b.id)));

/** An error's description (n8n's NodeOperationError carries one). */
const described = (error: Error | undefined) => String((error as (Error & { description?: string }) | undefined)?.description);

const sync = (extra: INodeParameters = {}): INodeParameters => ({ resource: 'productCatalog', operation: 'sync', catalog: catalog(), ...extra });

async function fromItems(input: IDataObject[], extra: INodeParameters = {}, settings: { continueOnFail?: boolean } = {}) {
	env.emulator.control.clearRequests();
	const result = await env.ads(sync(extra), input, settings);
	return { result, out: () => result.output().map((i) => i.json) };
}

async function fromFile(text: string, extra: INodeParameters = {}) {
	env.emulator.control.clearRequests();
	const result = await env.harness.run({
		nodes: [
			{ name: 'Feed', type: 'test.feed', parameters: { text } },
			{ name: 'X Ads', type: X_ADS, parameters: { authentication: 'xOAuth1Api', ...sync({ syncInput: 'file', ...extra }) }, credentials: { xOAuth1Api: { id: 'xOAuth1Api', name: 'xOAuth1Api' } } },
		],
		connections: { Feed: { main: [[{ node: 'X Ads', type: 'main', index: 0 }]] } },
		startNode: 'Feed',
	});
	return { result, out: () => result.output('X Ads').map((i) => i.json) };
}

const COLUMNS = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'inventory'];
const csv = (rows: IDataObject[], delimiter = ',') =>
	[COLUMNS.join(delimiter), ...rows.map((p) => COLUMNS.map((c) => (p[c] === undefined ? '' : String(p[c]))).join(delimiter))].join('\n') + '\n';

/** Starts every test from an empty catalog (the seed's products deleted through the node). */
beforeEach(async () => {
	const result = await env.ads({ resource: 'product', operation: 'delete', catalog: catalog(), productKeys: Object.values(fx().productKeys).join(',') });
	expect(result.error).toBeUndefined();
	expect(stored()).toEqual([]);
});

/** Fills the catalog with p1..p40 through a first sync. */
async function seed40() {
	const input = products(40);
	const first = await fromItems(input);
	expect(first.result.error).toBeUndefined();
	return input;
}

describe('Product Catalog → Sync', () => {
	it('creates, updates, deletes and leaves unchanged products alone; X then holds exactly the feed', async () => {
		const input = await seed40();
		expect(held()).toEqual(expected(input));

		const next = input.filter((p) => p.id !== 'p40').map((p) => (p.id === 'p2' ? { ...p, price: '24.50 USD' } : p.id === 'p3' ? { ...p, title: 'Renamed' } : p));
		next.push(validProduct('p41'));
		const { result, out } = await fromItems(next);
		expect(result.error).toBeUndefined();
		const [summary] = out();
		expect(summary).toMatchObject({ read: 40, unchanged: 37, toCreate: 1, toUpdate: 2, toDelete: 1, created: 1, updated: 2, deleted: 1, unchangedByX: 0, refused: 0, countsConfirmed: true });
		expect(summary.requests).toEqual({ list: 1, upsert: 1, delete: 1, total: 3 });
		// Only the three that differ are sent, in one request; the deletion names X's product key.
		const [put] = byMethod('PUT');
		expect(JSON.parse(put.body).products.map((p: IDataObject) => p.id)).toEqual(['p2', 'p3', 'p41']);
		expect(byMethod('GET')[0].query).toContain('count=100');
		expect(held()).toEqual(expected(next));

		// Again with the same feed: nothing is written.
		const again = await fromItems(next);
		expect(again.out()[0]).toMatchObject({ unchanged: 40, toCreate: 0, toUpdate: 0, toDelete: 0 });
		expect(writes()).toEqual([]);
	});

	it('compares on X\'s fields as X answers them: the same products from a CSV (text inventory, 19.990 USD, empty product_type) are unchanged', async () => {
		const input = await seed40();
		const text = csv(input.map((p) => ({ ...p, price: '19.990 USD' })));
		const { result, out } = await fromFile(text);
		expect(result.error).toBeUndefined();
		expect(out()[0]).toMatchObject({ read: 40, unchanged: 40, toCreate: 0, toUpdate: 0, toDelete: 0, rowsRead: 40 });
		expect(writes()).toEqual([]);
		// A real change in the file is never read as unchanged.
		const changed = await fromFile(csv(input.map((p) => (p.id === 'p7' ? { ...p, inventory: 4 } : p))), { feedFormat: 'csv' });
		expect(changed.out()[0]).toMatchObject({ toUpdate: 1, updated: 1 });
		expect(stored().find((p) => p.id === 'p7')!.inventory).toBe(4);
	});

	it('refuses a sync that would delete more than 10% of X\'s products, naming the counts, and allows it when asked', async () => {
		const input = await seed40();
		const { result } = await fromItems(input.slice(0, 30));
		expect(result.error?.message).toBe('Sync refused: it would delete 10 of X\'s 40 products (25.0%), more than the 10% allowed');
		expect(writes()).toEqual([]);
		expect(stored()).toHaveLength(40);

		// Dry Run shows the plan of a sync the cap would refuse.
		const dry = await fromItems(input.slice(0, 30), { dryRun: true });
		expect(dry.out()[0]).toMatchObject({ toDelete: 10, wouldBeRefused: 'Sync refused: it would delete 10 of X\'s 40 products (25.0%), more than the 10% allowed' });
		expect((dry.out()[0].plan as IDataObject).delete).toEqual(['p31', 'p32', 'p33', 'p34', 'p35', 'p36', 'p37', 'p38', 'p39', 'p40']);
		expect(writes()).toEqual([]);

		const allowed = await fromItems(input.slice(0, 30), { syncOptions: { maxDeletePercent: 25 } });
		expect(allowed.result.error).toBeUndefined();
		expect(allowed.out()[0]).toMatchObject({ deleted: 10, toDelete: 10 });
		expect(held()).toEqual(expected(input.slice(0, 30)));
	});

	it('refuses an empty feed (a header only) unless Allow Empty Feed is on', async () => {
		await seed40();
		const empty = await fromFile(csv([]), { syncOptions: { maxDeletePercent: 100 } });
		expect(empty.result.error?.message).toBe('Sync refused: the feed holds no valid product, and X\'s catalog holds 40');
		expect(writes()).toEqual([]);
		const allowed = await fromFile(csv([]), { syncOptions: { maxDeletePercent: 100, allowEmptyFeed: true } });
		expect(allowed.result.error).toBeUndefined();
		expect(stored()).toEqual([]);
		expect(byMethod('DELETE')).toHaveLength(2); // 40 keys, 25 a request
	});

	it('a truncated feed file (cut mid-row) never empties the catalog: the cut row is refused, the cap refuses the rest', async () => {
		const input = await seed40();
		const full = csv(input);
		const cut = full.slice(0, Math.floor(full.length * 0.6));
		const { result } = await fromFile(cut);
		expect(result.error?.message).toMatch(/^Sync refused: it would delete 1[5-7] of X's 40 products/);
		expect(writes()).toEqual([]);
		expect(held()).toEqual(expected(input));
	});

	it('X\'s listing and the feed are read at the same time: a feed that fails stops the listing at the next page, nothing is written', async () => {
		const input = products(250);
		expect((await fromItems(input)).result.error).toBeUndefined();
		const lines = csv(input).split('\n');
		lines.splice(3, 0, `"a quote never closed,${'z'.repeat(70_000)}`);
		const { result } = await fromFile(lines.join('\n'));
		expect(result.error?.message).toMatch(/^Sync stopped: the feed \(feed\.csv\) line 4 is longer than 65,536 characters \(a quote that is never closed\?\)/);
		expect(byMethod('GET').length).toBeLessThan(3); // 250 products are 3 pages
		expect(writes()).toEqual([]);
		expect(held()).toEqual(expected(input));
	});

	it('a feed file without a required column (no price) is refused before any request, naming the column and the fix; Dry Run the same', async () => {
		const input = await seed40();
		const noPrice = csv(input).split('\n').map((line) => line.split(',').filter((_, n) => COLUMNS[n] !== 'price').join(',')).join('\n').replace(/^id,/, 'id,Cost,').replace(/\n(p\d+),/g, '\n$1,9,');
		for (const dryRun of [false, true]) {
			const { result } = await fromFile(noPrice, { dryRun });
			expect(result.error?.message).toBe('Sync refused: the feed (feed.csv) has no price column');
			expect(described(result.error)).toBe('Every product needs X\'s id, title, description, availability, condition, price, link, image_link and one of brand, gtin or mpn, so every line would be refused; nothing was sent. Add the missing columns to the feed\'s header row, named as X names them (case and spaces do not matter); the header\'s other columns, which the sync ignores: Cost.');
			expect(requests()).toEqual([]);
		}
		const noIdNoBrand = await fromFile(`Title,description,availability,condition,price,link,image_link\n`);
		expect(noIdNoBrand.result.error?.message).toBe('Sync refused: the feed (feed.csv) has no id column and no brand, gtin or mpn column');
		expect(requests()).toEqual([]);
		expect(held()).toEqual(expected(input));
	});

	it('input items of which none has a required field (Price for price, no link) are refused before any request, naming the fields and the keys', async () => {
		const input = await seed40();
		const { result } = await fromItems(input.map((p) => ({ ...Object.fromEntries(Object.entries(p).filter(([key]) => key !== 'price' && key !== 'link')), Price: p.price })));
		expect(result.error?.message).toBe('Sync refused: no input item has the price and link fields');
		expect(described(result.error)).toMatch(/so every item would be refused; nothing was sent\. Give the items the missing keys, named exactly so \(an Edit Fields \(Set\) node before this one can add or rename them\); the items' other keys, which the sync ignores: Price\.$/);
		expect(requests()).toEqual([]);
		// One item with a price is enough: the others' rows are refused one by one, as before.
		const some = await fromItems(input.map((p, n) => (n === 0 ? p : { ...p, price: '' })), { dryRun: true });
		expect(some.result.error).toBeUndefined();
		expect(some.out()[0]).toMatchObject({ refused: 39, unchanged: 1 });
	});

	it('a feed whose every row is refused names the first row\'s reason and points at Dry Run, not only at Allow Empty Feed', async () => {
		const input = await seed40();
		const { result } = await fromFile(csv(input.map((p) => ({ ...p, price: '12.50EUR' }))), { syncOptions: { maxDeletePercent: 100 } });
		expect(result.error?.message).toBe('Sync refused: the feed holds no valid product, and X\'s catalog holds 40');
		expect(described(result.error)).toMatch(/^The feed \(feed\.csv\) had 40 rows, 40 refused \(the first, line 2: Price \(price\) must be a number, a space and a 3-letter currency code.*\)\. An empty or failed export would delete every product; nothing was sent\. Fix the rows \(Dry Run lists each with its reason\), or, if the catalog is meant to be emptied, turn on Allow Empty Feed in Options\.$/);
		expect(writes()).toEqual([]);
	});

	it('the summary says why created and updated differ from the plan: a variant X holds but does not list is planned as a create, X answers it as an update', async () => {
		const variant = (id: string, color: string, extra: IDataObject = {}) => validProduct(id, { item_group_id: 'shirt', color, ...extra });
		const first = await fromItems([validProduct('p1'), variant('shirt-red', 'red'), variant('shirt-blue', 'blue')]);
		expect(first.out()[0]).toMatchObject({ toCreate: 3, created: 3, countsConfirmed: true });
		expect(first.out()[0].countsNote).toBeUndefined();
		// X lists only the first-submitted product of a group: shirt-blue looks new to the plan.
		const { result, out } = await fromItems([validProduct('p1', { title: 'Renamed' }), variant('shirt-red', 'red'), variant('shirt-blue', 'blue', { price: '21.00 USD' }), validProduct('p2')]);
		expect(result.error).toBeUndefined();
		const [summary] = out();
		expect(summary).toMatchObject({ toCreate: 2, toUpdate: 1, created: 1, updated: 2, unchangedByX: 0, countsConfirmed: true });
		expect(summary.countsNote).toBe('Of 3 products sent (toCreate 2, toUpdate 1), X created 1 and updated 2: 1 of the 2 to create X held already without listing them (X lists only the first-submitted product of an item group, so its other variants look new on every run); X answered them as updated or unchanged.');
	});

	it('Dry Run lists at most 1,000 ids of each list and counts the rest (planMore)', async () => {
		const input = products(1100);
		expect((await fromItems(input)).result.error).toBeUndefined();
		const { result, out } = await fromItems(input, { dryRun: true });
		expect(result.error).toBeUndefined();
		const plan = out()[0].plan as Record<string, string[]>;
		expect(plan.unchanged).toHaveLength(1000);
		expect(out()[0]).toMatchObject({ unchanged: 1100, planMore: { unchanged: 100 } });
		expect(writes()).toEqual([]);
	});

	it('Dry Run outputs the plan (counts and ids) and writes nothing', async () => {
		const input = await seed40();
		const next = [...input.slice(0, 38).map((p) => (p.id === 'p5' ? { ...p, price: '1.00 USD' } : p)), validProduct('new-1')];
		const { result, out } = await fromItems(next, { dryRun: true, syncOptions: { outputProducts: true } });
		expect(result.error).toBeUndefined();
		const [summary, ...perProduct] = out();
		expect(summary).toMatchObject({ dryRun: true, unchanged: 37, toCreate: 1, toUpdate: 1, toDelete: 2 });
		expect(summary.plan).toEqual({ create: ['new-1'], update: ['p5'], delete: ['p39', 'p40'], unchanged: expect.arrayContaining(['p1', 'p38']) });
		expect(perProduct.map((p) => [p.id, p.action])).toEqual(expect.arrayContaining([['new-1', 'create'], ['p5', 'update'], ['p39', 'delete'], ['p40', 'delete']]));
		expect(writes()).toEqual([]);
		expect(held()).toEqual(expected(input));
	});

	it('refuses bad feed rows with line and reason and syncs the rest; a refused row keeps X\'s product', async () => {
		const input = await seed40();
		const rows = input.map((p) => (p.id === 'p3' ? { ...p, price: '12.50EUR' } : p));
		const lines = csv(rows).trimEnd().split('\n');
		lines.splice(5, 0, `p1,${lines[1].slice(3)}`); // p1 again
		lines.push(`p77,${lines[2].slice(3)},extra`); // a stray field
		lines.push('p78,Title only,,,,,,,,'); // required fields missing
		const { result, out } = await fromFile(lines.join('\n'));
		expect(result.error).toBeUndefined();
		const [summary] = out();
		expect(summary).toMatchObject({ refused: 4, keptAsIs: 1, toDelete: 0, unchanged: 39, toCreate: 0 });
		expect(summary.refusedRows).toEqual([
			{ line: 4, id: 'p3', reason: expect.stringMatching(/^Price \(price\) must be a number, a space and a 3-letter currency code/) },
			{ line: 6, id: 'p1', reason: 'repeats id "p1" of line 2' },
			{ line: 43, id: 'p77', reason: 'has 11 fields, the header has 10 (a stray delimiter or quote?)' },
			{ line: 44, id: 'p78', reason: 'Description (description) is required' },
		]);
		// p3's row was refused, so X's p3 stays as it was (not deleted, not changed).
		expect(held()).toEqual(expected(input));
	});

	it('a run that fails half-way says what it applied; running it again sends only what is left', async () => {
		const input = await seed40();
		const next = [...input.slice(0, 37).map((p) => (p.id === 'p1' ? { ...p, title: 'New title' } : p))];
		// X fails the deletion (after the update went through).
		env.emulator.control.injectFaults([{ kind: 'server_error', status: 500, times: 1, match: { method: 'DELETE', path: '/products' } }]);
		const failed = await fromItems(next, { requestOptions: { maxRetries: 0 } });
		expect(failed.result.error?.message).toBe('X answered 500 SERVER_ERROR: Internal server error');
		expect((failed.result.error as Error & { description?: string }).description).toContain('Before it stopped, this run had created 0, updated 1, deleted 0 (X answered 1 upsert and 0 delete requests). Running the sync again is safe');
		expect(stored().find((p) => p.id === 'p1')!.title).toBe('New title');
		expect(stored()).toHaveLength(40);

		const rerun = await fromItems(next);
		expect(rerun.result.error).toBeUndefined();
		expect(rerun.out()[0]).toMatchObject({ toUpdate: 0, toCreate: 0, toDelete: 3, deleted: 3 });
		expect(byMethod('PUT')).toEqual([]);
		expect(held()).toEqual(expected(next));
	});

	it('an upsert fails while another is in flight: the error counts what X applied, the rerun sends only the rest', async () => {
		const input = await seed40();
		const next = input.map((p) => ({ ...p, title: `${String(p.title)} v2` }));
		// One of the two requests fails at once, the other is answered 400 ms later.
		env.emulator.control.injectFaults([
			{ kind: 'server_error', status: 500, times: 1, match: { method: 'PUT', path: '/products' } },
			{ kind: 'latency', ms: 400, times: 1, match: { method: 'PUT', path: '/products' } },
		]);
		const failed = await fromItems(next, { requestOptions: { maxRetries: 0 } });
		expect(failed.result.error).toBeDefined();
		expect(byMethod('PUT')).toHaveLength(2); // 25 + 15, both in flight
		const applied = stored().filter((p) => String(p.title).endsWith(' v2')).length;
		expect([15, 25]).toContain(applied);
		expect((failed.result.error as Error & { description?: string }).description).toContain(`this run had created 0, updated ${applied}, deleted 0 (X answered 1 upsert and 0 delete requests)`);

		const rerun = await fromItems(next);
		expect(rerun.out()[0]).toMatchObject({ unchanged: applied, toUpdate: 40 - applied, updated: 40 - applied, toDelete: 0 });
		expect(held()).toEqual(expected(next));
	});

	it('from items, each changed product\'s output item is paired with its input item; TSV files read the same', async () => {
		await seed40();
		const next = products(40, (n) => (n === 9 ? { title: 'Nine' } : {}));
		const result = await env.ads(sync({ syncOptions: { outputProducts: true } }), next);
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out[1].json).toMatchObject({ item: 8, id: 'p9', action: 'updated', status: 'UPDATE_SUCCESS' });
		expect(out[1].pairedItem).toEqual([{ item: 8 }]);
		const tsv = await fromFile(csv(next, '\t'), { feedFormat: 'tsv' });
		expect(tsv.out()[0]).toMatchObject({ unchanged: 40, rowsRead: 40 });
	});
});

describe('Product Catalog → Sync: the bad feed rows of the corpus (test/corpus/badInputFeedRows.ts)', () => {
	it('refuses every bad row with its line and reason, and syncs the good rows between them', async () => {
		const lines = [FEED_COLUMNS.join(',')];
		const good: string[] = [];
		badFeedRows.forEach((bad, n) => {
			const id = `good-${n}`;
			good.push(id);
			lines.push(FEED_COLUMNS.map((c) => goodCells(id)[c]).join(','), bad.line);
		});
		const { result, out } = await fromFile(`${lines.join('\n')}\n`);
		expect(result.error).toBeUndefined();
		const [summary] = out();
		expect(summary).toMatchObject({ rowsRead: 2 * badFeedRows.length, refused: badFeedRows.length, created: good.length, countsConfirmed: true });
		const refused = summary.refusedRows as Array<{ line: number; reason: string }>;
		badFeedRows.forEach((bad, n) => {
			expect({ what: bad.description, line: refused[n].line }).toEqual({ what: bad.description, line: 2 * n + 3 });
			expect(refused[n].reason).toMatch(bad.reason);
		});
		expect(stored().map((p) => p.id).sort()).toEqual([...good].sort());
	});
});

describe('Product Catalog → Sync against a hostile X: progress, answers matched by id, counts that say what they know (issue 36)', () => {
	const hostileX = hostileXFor(env);
	const through = () => hostileX.route();
	const listings = () => hostileX.x.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/products'));
	/** X refuses an image it cannot read (a .bmp): the node cannot know before sending. */
	const refusedByX = (id: string) => validProduct(id, { image_link: `https://cdn.example.com/img/${id}.bmp` });

	it('a listing that names a new cursor on every page but brings the same products stops at the first page without new ones, naming it', async () => {
		const input = products(150);
		expect((await fromItems(input)).result.error).toBeUndefined();
		through();
		hostileX.x.set('freshCursor');
		const started = Date.now();
		const run = fromItems(input);
		const ended = await Promise.race([run, sleep(10_000).then(() => undefined)]);
		expect(ended ? 'ended' : `still listing after 10 s (${listings().length} pages so far)`).toBe('ended');
		const error = ended!.result.error as Error & { description?: string };
		expect(error.message).toMatch(/^Sync stopped: X's product listing brought no new product on page 2 \(the same 100 products as before, under a new cursor\)/);
		expect(listings()).toHaveLength(2);
		expect(writes()).toEqual([]);
		expect(Date.now() - started).toBeLessThan(10_000);
	});

	it('X lists its refusals first (every array reversed): each product gets its own answer, and the summary names the refused one', async () => {
		await fromItems(products(3));
		through();
		hostileX.x.set('reorder');
		const { result, out } = await fromItems([refusedByX('p1'), validProduct('p2', { title: 'New p2' }), validProduct('p3', { title: 'New p3' })], { syncOptions: { outputProducts: true } });
		expect(result.error).toBeUndefined();
		const [summary, ...each] = out();
		expect((summary.xRefusals as IDataObject[]).map((r) => r.id)).toEqual(['p1']);
		expect(summary).toMatchObject({ updated: 2, refusedByX: 1 });
		expect(Object.fromEntries(each.map((p) => [p.id, p.action]))).toEqual({ p1: 'refusedByX', p2: 'updated', p3: 'updated' });
	});

	it('Product → Create or Update: X lists its refusals first, each item still gets its own product\'s answer', async () => {
		through();
		hostileX.x.set('reorder');
		const result = await env.ads({ resource: 'product', operation: 'upsert', catalog: catalog(), mapping: 'auto' }, [refusedByX('p1'), validProduct('p2'), validProduct('p3')]);
		expect(result.error).toBeUndefined();
		expect(result.output().map((i) => [i.json.id, i.json.status])).toEqual([
			['p1', 'ERROR'],
			['p2', 'CREATE_SUCCESS'],
			['p3', 'CREATE_SUCCESS'],
		]);
	});

	it('a product X lists twice, first in an older copy: the sync sends the feed\'s version (neither copy is taken as what X holds)', async () => {
		await fromItems([validProduct('p1', { title: 'Changed at X' }), validProduct('p2')]);
		through();
		hostileX.x.set(undefined, {
			rewrite: (request, value) => {
				if (request.method !== 'GET' || !request.path.endsWith('/products')) return value;
				const page = value as IDataObject;
				const listed = page.data as IDataObject[];
				const stale = { ...listed.find((p) => p.id === 'p1'), title: 'Product p1' };
				return { ...page, data: [stale, ...listed] };
			},
		});
		const { result, out } = await fromItems([validProduct('p1'), validProduct('p2')]);
		expect(result.error).toBeUndefined();
		expect(out()[0]).toMatchObject({ toUpdate: 1, updated: 1 });
		expect(stored().find((p) => p.id === 'p1')!.title).toBe('Product p1');
	});

	it('after X refused a product the counts still add up, and the summary says X does not hold the feed', async () => {
		await fromItems(products(2));
		const { out } = await fromItems([refusedByX('p1'), validProduct('p2', { title: 'New p2' })]);
		expect(out()[0]).toMatchObject({ refusedByX: 1, updated: 1, countsConfirmed: true, xHoldsFeed: false });
		const clean = await fromItems([validProduct('p1', { title: 'New p1' }), validProduct('p2', { title: 'New p2' })]);
		expect(clean.out()[0]).toMatchObject({ countsConfirmed: true, xHoldsFeed: true });
	});

	it('a feed file with CR-only line ends (older spreadsheet programs) is read row by row, a quoted description over a CR break included', async () => {
		const input = products(3);
		const text = csv(input).replace(/\n/g, '\r').replace('Plain description of p2', '"Plain description\rof p2"');
		const { result, out } = await fromFile(text);
		expect(result.error).toBeUndefined();
		expect(out()[0]).toMatchObject({ rowsRead: 3, refused: 0, toCreate: 3, created: 3 });
		expect(stored().find((p) => p.id === 'p2')!.description).toBe('Plain description\rof p2');
	});

	it('an answer that names no result for a product: the counts do not add up, and say so', async () => {
		await fromItems(products(2));
		through();
		hostileX.x.set(undefined, {
			rewrite: (request, value) => {
				if (request.method !== 'PUT') return value;
				const page = value as { data: { products_response: IDataObject[] } };
				return { ...page, data: { products_response: page.data.products_response.filter((p) => p.id !== 'p2') } };
			},
		});
		const { out } = await fromItems([validProduct('p1', { title: 'New p1' }), validProduct('p2', { title: 'New p2' })]);
		expect(out()[0]).toMatchObject({ updated: 1, countsConfirmed: false, xHoldsFeed: false });
		expect(out()[0].unanswered).toBe(1);
	});
});
