/**
 * The stream's memory of emitted events (nodes/XTrigger/streamMemory.ts): the same answers as a
 * plain Set over the same window, for every mix of adds, repeats and forgetting; 300,000 events (5
 * minutes at 1,000 a second) all known at once in a measured, fixed amount of memory.
 */
import { StreamMemory, STREAM_MEMORY_LIMIT } from '../../nodes/XTrigger/streamMemory';

describe('StreamMemory', () => {
	it('answers as a Set of the last `limit` events within the retention, through many evictions', () => {
		const limit = 97;
		const retention = 1000;
		const memory = new StreamMemory(limit, retention);
		const reference: Array<{ key: string; at: number }> = [];
		let now = 0;
		let seed = 7;
		const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
		for (let step = 0; step < 20_000; step++) {
			now += Math.floor(random() * 5);
			// Repeats of recent and old keys, and new keys.
			const key = `event-${Math.floor(random() * 400)}`;
			while (reference.length && reference[0].at < now - retention) reference.shift();
			const known = reference.some((e) => e.key === key);
			expect(memory.remember(key, now)).toBe(!known);
			if (!known) {
				reference.push({ key, at: now });
				if (reference.length > limit) reference.shift();
			}
			expect(memory.size).toBe(reference.length);
		}
		expect(memory.forgottenEarly).toBeGreaterThan(0);
	});

	it('knows 300,000 events at once (5 minutes at 1,000 a second) in under 16 MiB, measured', () => {
		const before = process.memoryUsage();
		const memory = new StreamMemory();
		const start = Date.now();
		let fresh = 0;
		for (let n = 0; n < STREAM_MEMORY_LIMIT; n++) if (memory.remember(`app:1:post.create:${1880000000000000000n + BigInt(n)}`, start + n)) fresh++;
		expect(fresh).toBe(STREAM_MEMORY_LIMIT);
		let repeated = 0;
		for (let n = 0; n < STREAM_MEMORY_LIMIT; n += 7) if (!memory.remember(`app:1:post.create:${1880000000000000000n + BigInt(n)}`, start + STREAM_MEMORY_LIMIT)) repeated++;
		expect(repeated).toBe(Math.ceil(STREAM_MEMORY_LIMIT / 7));
		const after = process.memoryUsage();
		const grown = after.arrayBuffers - before.arrayBuffers + Math.max(0, after.heapUsed - before.heapUsed);
		expect(grown).toBeLessThan(16 * 1024 * 1024);
		expect(memory.covers(start)).toBe(true);
		// One more than the limit: the oldest is forgotten early, and the memory says so.
		expect(memory.remember('one more', start + STREAM_MEMORY_LIMIT)).toBe(true);
		expect(memory.covers(start)).toBe(false);
		expect(memory.covers(start + 1)).toBe(true);
	});
});
