/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
import { createHmac } from 'node:crypto';

import { CRC_TOKEN, crcResponseToken, eventFingerprint, RecentEvents, signatureMatches, splitDelivery } from '../../nodes/XTrigger/events';

const secret = 'consumer-secret';
const sign = (body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('base64')}`;

describe('CRC', () => {
	it('answers sha256=base64(HMAC-SHA256(consumer secret, crc_token))', () => {
		const token = 'abcdefghijklmnop0123';
		expect(crcResponseToken(secret, token)).toBe(sign(token));
	});

	it('accepts only short opaque tokens', () => {
		expect(CRC_TOKEN.test('A'.repeat(16))).toBe(true);
		expect(CRC_TOKEN.test('A'.repeat(15))).toBe(false);
		expect(CRC_TOKEN.test('A'.repeat(129))).toBe(false);
		expect(CRC_TOKEN.test('{"for_user_id":"1"}xxxxxxxx')).toBe(false);
	});
});

describe('delivery signature', () => {
	it('matches over the raw bytes and refuses a missing, wrong or tampered one', () => {
		const body = '{"for_user_id":"1","tweet_create_events":[{"id_str":"5"}]}';
		expect(signatureMatches(secret, Buffer.from(body), sign(body))).toBe(true);
		expect(signatureMatches(secret, Buffer.from(body), undefined)).toBe(false);
		expect(signatureMatches(secret, Buffer.from(body), 'sha256=short')).toBe(false);
		expect(signatureMatches(secret, Buffer.from(body.replace('5', '6')), sign(body))).toBe(false);
		// The same JSON with other whitespace is other bytes: the signature covers the bytes.
		expect(signatureMatches(secret, Buffer.from(body.replace(':', ': ')), sign(body))).toBe(false);
	});
});

describe('splitting deliveries', () => {
	it('splits batched account-activity arrays, keeping for_user_id and the kind on each event', () => {
		const events = splitDelivery({
			for_user_id: '42',
			tweet_create_events: [{ id_str: '1' }, { id_str: '2' }],
			direct_message_events: [{ type: 'message_create', id: '9' }],
		});
		expect(events.map((e) => [e.kind, e.id, e.forUserId])).toEqual([
			['post.create', '1', '42'],
			['post.create', '2', '42'],
			['MessageCreate', '9', '42'],
		]);
	});

	it('keeps a single activity event whole, with a stable id even without one', () => {
		const [event] = splitDelivery({ data: { event_type: 'profile.update.bio', payload: { before: 'a', after: 'b' } } });
		expect(event.kind).toBe('profile.update.bio');
		const [again] = splitDelivery({ data: { event_type: 'profile.update.bio', payload: { before: 'a', after: 'b' } } });
		expect(again.id).toBe(event.id);
	});

	it('remembers a bounded number of recent events, oldest forgotten first', () => {
		const recent = new RecentEvents(2);
		expect(recent.remember('a')).toBe(true);
		expect(recent.remember('a')).toBe(false);
		recent.remember('b');
		recent.remember('c');
		expect(recent.size).toBe(2);
		expect(recent.toString()).toBe(eventFingerprint('b') + eventFingerprint('c'));
		expect(recent.remember('a')).toBe(true);
		expect(recent.remember('c')).toBe(false);
	});

	it('keeps recent events as 12-character fingerprints in one string, and restores them from it', () => {
		const recent = new RecentEvents(5000);
		for (let i = 0; i < 3000; i++) recent.remember(`key:post.create:180000000000${i}`);
		const saved = recent.toString();
		expect(saved).toHaveLength(3000 * 12);
		expect(saved).toMatch(/^[A-Za-z0-9_-]+$/);
		const restored = new RecentEvents(5000, saved);
		expect(restored.size).toBe(3000);
		expect(restored.remember('key:post.create:1800000000002999')).toBe(false);
		expect(restored.remember('key:post.create:1')).toBe(true);
		// A smaller limit keeps the newest.
		const smaller = new RecentEvents(10, saved);
		expect(smaller.toString()).toBe(saved.slice(-120));
		expect(new RecentEvents(10, undefined).size).toBe(0);
	});

	it('merges what static data holds now (another webhook process saved it): its own first, then the saved list, the oldest beyond the limit forgotten', () => {
		const f = eventFingerprint;
		const mine = new RecentEvents(6);
		mine.remember('a');
		mine.remember('b');
		mine.merge(f('a') + f('x') + f('y'));
		expect(mine.toString()).toBe(f('b') + f('a') + f('x') + f('y'));
		expect(mine.remember('x')).toBe(false);
		mine.merge(f('p') + f('q') + f('r') + f('s'));
		expect(mine.toString()).toBe(f('x') + f('y') + f('p') + f('q') + f('r') + f('s'));
		expect(mine.remember('s')).toBe(false);
		expect(mine.remember('a')).toBe(true);
	});
});

describe('error messages n8n would replace', () => {
	it('name network errors in words, so n8n keeps our message', () => {
		const { plainMessage } = jest.requireActual('../../nodes/shared/transport/errors') as typeof import('../../nodes/shared/transport/errors');
		expect(plainMessage('CRC failed: connect ECONNREFUSED 127.0.0.1:443')).toBe('CRC failed: connect connection refused 127.0.0.1:443');
		expect(plainMessage('X could not be reached: ETIMEDOUT')).not.toMatch(/ETIMEDOUT/i);
	});
});
