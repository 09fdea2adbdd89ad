/**
 * An audience upload in real n8n: a Code node emits 10,000 identifiers, one per item, and X Ads
 * "Custom Audience > Add Users" loads them into the seed custom audience (Email and Phone Number
 * mapped by expressions under "Identifiers and Options").
 *  - items 0-4999: emails, written untidily (spaces, capitals); 10 of them are SHA-256 hashes
 *    already (in capitals: kept, lowercased), and the last 50 repeat earlier addresses in another
 *    spelling (the same member after normalization);
 *  - items 5000-9999: phone numbers with country code in three spellings (+1 (415) 555-0123,
 *    +1.415.555.0123, 1 415 555 0123), reduced to digits before hashing.
 * The node packs one operation per item into requests of at most 2,500 operations: exactly 4
 * requests, in input order (request n carries items 2500(n-1) .. 2500n-1). Every output item says
 * OK / Update with its request number and is paired with its input item, and the emulator holds
 * exactly the expected hashes (computed here independently with node:crypto).
 *
 * n8n 2.x evaluates each of the 20,000 expressions (two per item) in its isolated expression VM,
 * about 0.5-1 ms each, so reading the items is most of this case's time; n8n must stay responsive
 * meanwhile (the runner polls its REST API, and n8n's database monitor pings every 2 s with a 5 s
 * timeout), which holds only if the node does not read all items in one synchronous stretch.
 */
import { createHash } from 'node:crypto';

import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures().production;
const sha = (v: string) => createHash('sha256').update(v, 'utf8').digest('hex');
const TOTAL = 10_000;
const USERS_PATH = /^\/12\/accounts\/\w+\/custom_audiences\/\w+\/users$/;

/** Self-contained: its source is the Code node's code (the hashes of items 0-9 come in as input). */
function buildIdentifiers(prehashed: string[]): Array<Record<string, string>> {
	const items: Array<Record<string, string>> = [];
	for (let i = 0; i < 10000; i++) {
		if (i < 10) items.push({ email: prehashed[i] });
		else if (i < 4950) items.push({ email: `  User.${i}@Example.COM ` });
		else if (i < 5000) items.push({ email: `user.${i - 4940}@example.com` }); // repeats of items 10-59
		else {
			const last4 = String(i).padStart(4, '0');
			const spellings = [`+1 (415) 555-${last4}`, `+1.415.555.${last4}`, `1 415 555 ${last4}`];
			items.push({ phone: spellings[i % 3] });
		}
	}
	return items;
}

const PREHASHED = Array.from({ length: 10 }, (_, i) => sha(`hashed.${i}@example.com`).toUpperCase());

/** An email as X wants it: a hash given is kept (lowercased), anything else trimmed, lowercased, hashed. */
const hashOf = (email: string) => (/^[0-9A-F]{64}$/.test(email) ? email.toLowerCase() : sha(email.trim().toLowerCase()));

/** What X must end up holding: the normalized identifiers, hashed (hashes given kept, lowercased). */
function expectedMembers(): { email: string[]; phone_number: string[] } {
	const email = new Set<string>();
	const phone = new Set<string>();
	for (const item of buildIdentifiers(PREHASHED)) {
		if (item.email !== undefined) email.add(hashOf(item.email));
		else phone.add(sha(item.phone.replace(/[^0-9]/g, '')));
	}
	return { email: [...email].sort(), phone_number: [...phone].sort() };
}

export default defineCase({
	name: 'X Ads: custom audience upload of 10,000 emails and phone numbers (4 requests of 2,500, exact hashed members)',
	credentials: { x: { type: 'xOAuth1Api' } },
	timeoutMs: 90_000,
	workflow: (ctx) => {
		const fx = fixtures(ctx);
		return chain(
			{
				name: 'Identifiers',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: {
					jsCode: `const buildIdentifiers = ${buildIdentifiers.toString()};\nreturn buildIdentifiers(${JSON.stringify(PREHASHED)}).map((json) => ({ json }));`,
				},
			},
			xAds('Add Users', {
				resource: 'customAudience',
				operation: 'addUsers',
				account: { __rl: true, mode: 'id', value: fx.accountId },
				customAudienceId: fx.customAudienceId,
				additionalFields: { email: '={{ $json.email }}', phoneNumber: '={{ $json.phone }}' },
			}),
		);
	},
	expect: {
		executedNodes: ['Start', 'Identifiers', 'Add Users'],
		outputs: {
			Identifiers: { itemCount: TOTAL },
			'Add Users': { itemCount: TOTAL, everyItem: { status: 'OK', operation_type: 'Update', errors: undefined, error: undefined } },
		},
		emulator: {
			requestCount: 4,
			requests: [{ method: 'POST', base: 'ads', path: USERS_PATH, query: '', status: 200, headers: { 'content-type': /^application\/json/ }, count: 4 }],
		},
	},
	check: (ctx, result) => {
		const fx = fixtures(ctx);
		const out = result.execution!.items('Add Users');
		out.forEach((item, i) => {
			if (item.pairedItem?.item !== i) throw new Error(`item ${i} is paired with ${JSON.stringify(item.pairedItem)}`);
			if (item.json.request !== Math.floor(i / 2500) + 1) throw new Error(`item ${i} went with request ${String(item.json.request)}`);
		});

		const bodies = result.requests.map((r) => JSON.parse(r.body) as Array<{ operation_type: string; params: { users: Array<Record<string, string[]>> } }>);
		assertMatch(bodies.map((b) => b.length), [2500, 2500, 2500, 2500], 'operations per request');
		for (const r of result.requests) if (Buffer.byteLength(r.body) > 5_000_000) throw new Error(`a request of ${Buffer.byteLength(r.body)} bytes`);
		// Each request holds 2,500 consecutive items, one operation per item, exactly as hashed here.
		const input = buildIdentifiers(PREHASHED);
		const expectedUser = (i: number) => (input[i].email !== undefined ? { email: [hashOf(input[i].email)] } : { phone_number: [sha(input[i].phone.replace(/[^0-9]/g, ''))] });
		const seen = new Set<number>();
		for (const body of bodies) {
			const n = [0, 1, 2, 3].find((k) => JSON.stringify(body[0].params.users[0]) === JSON.stringify(expectedUser(2500 * k)));
			if (n === undefined || seen.has(n)) throw new Error(`a request starts with an unexpected operation ${JSON.stringify(body[0])}`);
			seen.add(n);
			body.forEach((op, k) => {
				const want = JSON.stringify({ operation_type: 'Update', params: { users: [expectedUser(2500 * n + k)] } });
				if (JSON.stringify(op) !== want) throw new Error(`operation of item ${2500 * n + k}: ${JSON.stringify(op)}, expected ${want}`);
			});
		}

		const members = ctx.emulator!.control.audienceMembers(fx.customAudienceId) as Record<string, string[]>;
		const want = expectedMembers();
		assertMatch(want.email.length, 4950, 'distinct emails');
		assertMatch(want.phone_number.length, 5000, 'distinct phone numbers');
		assertMatch([...members.email].sort(), want.email, 'email members');
		assertMatch([...members.phone_number].sort(), want.phone_number, 'phone members');
		for (const [type, values] of Object.entries(members)) {
			if (type !== 'email' && type !== 'phone_number' && values.length) throw new Error(`unexpected ${type} members`);
		}
		ctx.log(`audience upload: ${bodies.flat().length} operations in ${result.requests.length} requests, ${want.email.length + want.phone_number.length} members`);
	},
});
