import { createHash } from 'node:crypto';

import { hashIdentifier, normalizeIdentifier } from '../../nodes/shared/audienceHashing';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('audience identifier normalization and hashing', () => {
	it('matches X\'s documented vector: handle @AdsAPI -> adsapi', () => {
		expect(hashIdentifier('handle', ' @AdsAPI ').value).toBe('49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d');
	});

	it.each([
		['email', '  Jane.Doe@Example.COM ', 'jane.doe@example.com'],
		['phone_number', '+1 (555) 010-9999', '15550109999'],
		['phone_number', '+44 20.7946.0018', '442079460018'],
		['twitter_id', ' 000123 ', '123'],
		['device_id', 'AEBE52E7-03EE-455A-B3C4-E57283966239', 'aebe52e7-03ee-455a-b3c4-e57283966239'],
		['device_id', '38400000-8cf0-11bd-b23e-10b96e40000d', '38400000-8cf0-11bd-b23e-10b96e40000d'],
		['device_id', 'A1B2C3D4E5F60718', 'A1B2C3D4E5F60718'],
	] as const)('%s %j normalizes to %j and hashes that', (type, raw, normalized) => {
		expect(normalizeIdentifier(type, raw).value).toBe(normalized);
		expect(hashIdentifier(type, raw).value).toBe(sha(normalized));
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
	] as const)('refuses %s %j', (type, raw, rule) => {
		expect(hashIdentifier(type, raw).rule).toMatch(rule);
	});
});
