/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
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

	it('knows 300,000 events at once (5 minutes at 1,000 a second) in under 10 MiB of typed arrays, measured, not growing with more', () => {
		// The memory is its typed arrays, allocated when it is made (the keys are hashed, never kept):
		// measured right then, before hashing leaves garbage buffers that a loaded machine collects late.
		const before = process.memoryUsage();
		const memory = new StreamMemory();
		const held = process.memoryUsage().arrayBuffers - before.arrayBuffers;
		expect(held).toBeGreaterThan(0);
		expect(held).toBeLessThan(10 * 1024 * 1024);
		const start = Date.now();
		let fresh = 0;
		for (let n = 0; n < STREAM_MEMORY_LIMIT; n++) if (memory.remember(`app:1:post.create:${1880000000000000000n + BigInt(n)}`, start + n)) fresh++;
		expect(fresh).toBe(STREAM_MEMORY_LIMIT);
		let repeated = 0;
		for (let n = 0; n < STREAM_MEMORY_LIMIT; n += 7) if (!memory.remember(`app:1:post.create:${1880000000000000000n + BigInt(n)}`, start + STREAM_MEMORY_LIMIT)) repeated++;
		expect(repeated).toBe(Math.ceil(STREAM_MEMORY_LIMIT / 7));
		expect(memory.covers(start)).toBe(true);
		// Another 300,000 events: the same arrays, the count at the limit.
		for (let n = 0; n < STREAM_MEMORY_LIMIT; n++) memory.remember(`app:2:post.create:${n}`, start + STREAM_MEMORY_LIMIT);
		expect(memory.size).toBe(STREAM_MEMORY_LIMIT);
		// The limit pushed the first 300,000 out before their time, and the memory says so.
		expect(memory.forgottenEarly).toBe(STREAM_MEMORY_LIMIT);
		expect(memory.covers(start + STREAM_MEMORY_LIMIT - 1)).toBe(false);
		expect(memory.covers(start + STREAM_MEMORY_LIMIT)).toBe(true);
	});
});
