/**
 * The catalog sync's compact index of product ids (nodes/XAds/resources/productCatalog/sync/compare.ts): it must find
 * exactly the ids it was given, through its growth and rehashing, whatever the ids hold, since a
 * wrong match would pair a feed row with another product of X (a lost update or a wrong deletion).
 */
import { ProductIndex } from '../../nodes/XAds/resources/productCatalog/sync/compare';

/** A deterministic mix of ids: short, long, numeric, non-ASCII, near-duplicates. */
function ids(count: number): string[] {
	const out: string[] = [];
	for (let i = 0; i < count; i++) {
		switch (i % 6) {
			case 0: out.push(`sku-${i}`); break;
			case 1: out.push(String(i)); break;
			case 2: out.push(`Größe-${i}-😀`); break;
			case 3: out.push(`${'x'.repeat(i % 97)}${i}`); break;
			case 4: out.push(`sku-${i} `); break; // a trailing space is another id
			default: out.push(`SKU-${i}`);
		}
	}
	return out;
}

describe('ProductIndex', () => {
	it('numbers 200,000 ids in the order first met and finds each one again, through every growth', () => {
		const index = new ProductIndex();
		const all = ids(200_000);
		all.forEach((id, n) => {
			if (index.entry(id) !== n) throw new Error(`id ${n} (${JSON.stringify(id)}) got entry ${index.find(id)}`);
		});
		expect(index.size).toBe(all.length);
		for (let n = 0; n < all.length; n += 1) {
			if (index.find(all[n]) !== n || index.id(n) !== all[n] || index.entry(all[n]) !== n) throw new Error(`id ${n} (${JSON.stringify(all[n])}) not found again`);
		}
		expect(index.size).toBe(all.length);
		for (const absent of ['', 'sku-', 'sku-0 ', 'sku-1', 'Größe-2-😀 ', 'SKU-0', '199999 ']) expect(index.find(absent)).toBeUndefined();
	});

	it('tells apart ids whose 32-bit hashes collide (same length, same FNV-1a hash)', () => {
		const index = new ProductIndex();
		// Found by search: each pair has the same FNV-1a hash of its UTF-8 bytes.
		const pairs = [['sku-0667786', 'sku-1526240'], ['sku-0667787', 'sku-1526241'], ['sku-0667784', 'sku-1526242']];
		for (const [a] of pairs) index.entry(a);
		for (const [a, b] of pairs) {
			expect(index.find(b)).toBeUndefined();
			const n = index.entry(b);
			expect([index.id(n), index.find(a) !== n, index.find(b)]).toEqual([b, true, n]);
		}
		expect(index.size).toBe(6);
	});

	it('keeps X product keys, flags and lines per entry across growth, and tells a differing fingerprint in either order (never same with one side missing)', () => {
		const index = new ProductIndex();
		const count = 5000;
		for (let n = 0; n < count; n++) {
			const e = index.entry(`p${n}`);
			if (n % 3) index.setKey(e, `15470807878659${String(n).padStart(5, '0')}`);
			index.flags[e] = n % 256;
			index.firstLine[e] = n + 2;
			// Either side first (the listing and the feed are read at the same time); every 5th has no feed row.
			const digest = Buffer.alloc(16, n % 251);
			const other = Buffer.from(digest);
			if (n % 2) other[n % 16] ^= 1; // the second side differs in one byte for odd n
			const [first, second] = n % 4 < 2 ? (['x', 'feed'] as const) : (['feed', 'x'] as const);
			index.setDigest(e, first, digest);
			if (n % 5) index.setDigest(e, second, other);
		}
		for (let n = 0; n < count; n++) {
			const e = index.find(`p${n}`)!;
			expect([e, index.key(e), index.flags[e], index.firstLine[e], index.same(e)]).toEqual([
				n,
				n % 3 ? `15470807878659${String(n).padStart(5, '0')}` : undefined,
				n % 256,
				n + 2,
				n % 2 === 0 && n % 5 !== 0,
			]);
		}
		expect(() => index.setDigest(index.find('p1')!, 'x', Buffer.alloc(16))).toThrow(/given twice/);
	});
});
