import { createHash } from 'node:crypto';

import { hashIdentifier, normalizeIdentifier } from '../../nodes/shared/values/audienceHashing';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('audience identifier normalization and hashing', () => {
	it('matches X\'s documented vector: handle @AdsAPI -> adsapi', () => {
		expect(hashIdentifier('handle', ' @AdsAPI ').value).toBe('49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d');
	});

	it.each([
		['email', '  Jane.Doe@Example.COM ', 'jane.doe@example.com'],
		['phone_number', '+1 (555) 010-9999', '15550109999'],
		['phone_number', '+44 20.7946.0018', '442079460018'],
		['phone_number', '0044 20 7946 0018', '442079460018'],
		['phone_number', '00 1 (555) 010-9999', '15550109999'],
		['email', 'mailto:Jane.Doe@Example.COM', 'jane.doe@example.com'],
		['email', ' MAILTO: jane.doe@example.com ', 'jane.doe@example.com'],
		['twitter_id', ' 000123 ', '123'],
		['device_id', 'AEBE52E7-03EE-455A-B3C4-E57283966239', 'aebe52e7-03ee-455a-b3c4-e57283966239'],
		['device_id', '38400000-8cf0-11bd-b23e-10b96e40000d', '38400000-8cf0-11bd-b23e-10b96e40000d'],
		['device_id', 'A1B2C3D4E5F60718', 'A1B2C3D4E5F60718'],
	] as const)('%s %j normalizes to %j and hashes that', (type, raw, normalized) => {
		expect(normalizeIdentifier(type, raw).value).toBe(normalized);
		expect(hashIdentifier(type, raw).value).toBe(sha(normalized));
	});

	it('hashes a mailto: link like the plain address, and a 00 international prefix like +', () => {
		expect(hashIdentifier('email', 'mailto:jane@example.com').value).toBe(hashIdentifier('email', 'jane@example.com').value);
		expect(hashIdentifier('phone_number', '0044 20 7946 0018').value).toBe(hashIdentifier('phone_number', '+44 20 7946 0018').value);
		// One leading zero is a national trunk prefix, not the international one: left as it is.
		expect(normalizeIdentifier('phone_number', '020 7946 0018').value).toBe('02079460018');
	});

	it('refuses, for every type, a value with a control character inside (NUL, tab, line break, C1), an invisible format character (zero-width space, soft hyphen, direction mark, BOM) or one that lost its bytes to the wrong encoding (U+FFFD, a lone surrogate); spaces and line breaks at the ends are trimmed', () => {
		const types = ['email', 'phone_number', 'handle', 'twitter_id', 'device_id', 'partner_user_id'] as const;
		for (const type of types) {
			for (const bad of ['1\u0000', '\u00001', '1\t2', '1\n2', '1\u00852']) expect(normalizeIdentifier(type, bad).rule).toMatch(/^must not contain control characters/);
			for (const bad of ['1\uFFFD', '\ud8001', '1\udc00']) expect(normalizeIdentifier(type, bad).rule).toMatch(/^holds bytes that were not valid text/);
			for (const bad of ['1\u200b', '1\ufeff2', '1\u00ad2', '\u202e1', '1\u2060']) expect(normalizeIdentifier(type, bad).rule).toMatch(/^must not contain invisible characters/);
		}
		expect(normalizeIdentifier('partner_user_id', ' \tuser-\ud83d\ude00\r\n').value).toBe('user-\ud83d\ude00');
		expect(hashIdentifier('email', 'café@example.com').value).toBe(sha('café@example.com'));
	});

	it('keeps an existing SHA-256 hash (lowercased) and never hashes partner_user_id', () => {
		const hash = sha('x@y.z').toUpperCase();
		expect(hashIdentifier('email', hash).value).toBe(hash.toLowerCase());
		expect(hashIdentifier('partner_user_id', ' crm-42 ').value).toBe('crm-42');
	});

	it.each([
		['email', 'not-an-email', /is not an email address/],
		['handle', '@has space', /is not an X handle/],
		['twitter_id', '12a', /is not a numeric X user ID/],
		['phone_number', '12-34', /7 to 15 digits/],
		['email', '   ', /is empty/],
		['email', 'mailto:', /is not an email address/],
		['phone_number', '0044', /7 to 15 digits/],
	] as const)('refuses %s %j', (type, raw, rule) => {
		expect(hashIdentifier(type, raw).rule).toMatch(rule);
	});
});

describe('operation size (computed, not serialized)', () => {
	it('equals the UTF-8 length of JSON.stringify for every shape of operation', () => {
		const { operationSize } = jest.requireActual('../../nodes/XAds/common/audienceUsers') as typeof import('../../nodes/XAds/common/audienceUsers');
		const h = sha('a');
		const operations = [
			{ operation_type: 'Update' as const, params: { users: [{ email: [h] }] } },
			{ operation_type: 'Delete' as const, params: { users: [{ email: [h, h], phone_number: [h] }] } },
			{ operation_type: 'Update' as const, params: { users: [{ partner_user_id: ['crm-ü "42"\\'], handle: [h] }], effective_at: '2026-01-01T00:00:00Z', expires_at: '2027-01-01T00:00:00Z' } },
			{ operation_type: 'Update' as const, params: { users: [{ twitter_id: [h] }], expires_at: '2027-01-01T00:00:00Z' } },
		];
		for (const op of operations) expect(operationSize(op)).toBe(Buffer.byteLength(JSON.stringify(op), 'utf8'));
	});
});
