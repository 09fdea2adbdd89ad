/**
 * The stream's reconnect schedule against X's "Handling disconnections" guide
 * (https://docs.x.com/x-api/fundamentals/handling-disconnections): network errors 250 ms more each
 * attempt up to 16 s, HTTP errors 5 s doubling up to 320 s, 429s 60 s doubling; the user's cap over
 * all; a proven connection starts every count again. The engine tests (streamHardening,
 * activityStreamAttackRun) watch the same waits over real connections.
 */
import { ReconnectBackoff } from '../../nodes/XTrigger/backoff';

const waits = (backoff: ReconnectBackoff, kind: Parameters<ReconnectBackoff['next']>[0], n: number) => Array.from({ length: n }, () => backoff.next(kind) / 1000);

describe('ReconnectBackoff follows X\'s schedules', () => {
	it('network errors and dropped connections: 250 ms more each attempt, at most 16 s', () => {
		const backoff = new ReconnectBackoff(320_000);
		expect(waits(backoff, 'network', 66)).toEqual(Array.from({ length: 66 }, (_, i) => Math.min(16, 0.25 * (i + 1))));
	});

	it('HTTP errors: 5 s, doubling, at most the default cap of 320 s', () => {
		expect(waits(new ReconnectBackoff(320_000), 'http', 9)).toEqual([5, 10, 20, 40, 80, 160, 320, 320, 320]);
	});

	it('429: 60 s, doubling, or longer when X asks; never beyond the cap', () => {
		const backoff = new ReconnectBackoff(900_000);
		expect(waits(backoff, 'rateLimited', 3)).toEqual([60, 120, 240]);
		expect(backoff.next('rateLimited', 700_000)).toBe(700_000);
		expect(backoff.next('rateLimited', 10 ** 15)).toBe(900_000);
	});

	it('each kind counts its own attempts; the failures in a row count all of them', () => {
		const backoff = new ReconnectBackoff(320_000);
		expect([backoff.next('http'), backoff.next('network'), backoff.next('http'), backoff.next('network')]).toEqual([5_000, 250, 10_000, 500]);
		expect(backoff.failures).toBe(4);
		expect(backoff.lastKind).toBe('network');
	});

	it('a proven connection starts every count again', () => {
		const backoff = new ReconnectBackoff(320_000);
		waits(backoff, 'http', 3);
		waits(backoff, 'network', 5);
		backoff.proven();
		expect(backoff.failures).toBe(0);
		expect([backoff.next('network'), backoff.next('http')]).toEqual([250, 5_000]);
	});

	it('the user\'s cap holds for every kind, even below X\'s first wait', () => {
		const backoff = new ReconnectBackoff(1_000);
		expect([backoff.next('network'), backoff.next('http'), backoff.next('rateLimited', 50_000)]).toEqual([250, 1_000, 1_000]);
		expect(waits(backoff, 'network', 6).at(-1)).toBe(1);
	});

	it('stays finite after any number of attempts', () => {
		const backoff = new ReconnectBackoff(320_000);
		for (let i = 0; i < 10_000; i++) backoff.next(i % 3 === 0 ? 'http' : i % 3 === 1 ? 'network' : 'rateLimited');
		expect(backoff.next('http')).toBe(320_000);
		expect(backoff.next('network')).toBe(16_000);
	});
});
